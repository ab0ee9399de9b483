//! The report's languages. Every finding message, heading and summary line is data: one
//! catalogue per language, `grammar/messages/en.toml` and `grammar/messages/it.toml`, with the
//! envelope audit's messages in `envelope-en.toml` and `envelope-it.toml`, with the same ids
//! and the same arguments per id (tests check that every id has a translation in every
//! catalogue, and that every id the code names has a template).
//!
//! The rules say what they found as data, a [`Message`]: a catalogue id and its arguments
//! (squares, moves, numbers as they are; sides, pieces and endings as keys of the catalogue's
//! word tables; nested messages). Each language's catalogue writes it when it is printed,
//! English included; nothing reads a message's words back.
//!
//! ```
//! use scoresheet::i18n::ReportLang;
//! use scoresheet::message::Message;
//! let m = Message::new("illegal")
//!     .text("written", "Cf5")
//!     .msg("why", Message::new("no_piece_can_reach").word("what", "knight").word("side", "White").text("target", "f5"));
//! assert_eq!(m.render(ReportLang::En), "`Cf5` is illegal: no knight of White can reach f5");
//! assert_eq!(
//!     m.render(ReportLang::It),
//!     "`Cf5` è una mossa illegale: nessun Cavallo del Bianco può raggiungere f5"
//! );
//! ```

use std::{collections::HashMap, sync::OnceLock};

pub use crate::envelope::text::ReportLang;
use crate::{
    finding::Finding,
    message::{Arg, Message},
    replay::GameRecord,
};

/// One piece of a template: text as it is, or an argument.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    /// `{name}`, `{name:type}` (English) or `{name|form}` (other languages).
    Slot {
        name: String,
        kind: String,
    },
}

#[derive(Debug, Clone)]
struct Template {
    pieces: Vec<Piece>,
    /// The bytes of its text pieces: with its arguments', the room a message takes.
    text_len: usize,
}

impl Template {
    fn parse(text: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut lit = String::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    lit.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    lit.push('}');
                }
                '{' => {
                    let mut inner = String::new();
                    loop {
                        match chars.next() {
                            Some('}') => break,
                            Some(c) => inner.push(c),
                            None => return Err(format!("`{{` never closed in `{text}`")),
                        }
                    }
                    if !lit.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut lit)));
                    }
                    let (name, kind) = match inner.split_once([':', '|']) {
                        Some((n, k)) => (n.to_string(), k.to_string()),
                        None => (inner, String::new()),
                    };
                    pieces.push(Piece::Slot { name, kind });
                }
                '}' => return Err(format!("a lone `}}` in `{text}`")),
                c => lit.push(c),
            }
        }
        if !lit.is_empty() {
            pieces.push(Piece::Text(lit));
        }
        let text_len = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.len(),
                Piece::Slot { .. } => 0,
            })
            .sum();
        Ok(Template { pieces, text_len })
    }

    fn slots(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Slot { name, kind } => Some((name.as_str(), kind.as_str())),
            Piece::Text(_) => None,
        })
    }
}

/// One language's messages.
#[derive(Debug)]
struct Catalogue {
    findings: HashMap<String, Template>,
    words: HashMap<String, HashMap<String, String>>,
    ui: HashMap<String, String>,
}

#[derive(serde::Deserialize)]
struct CatalogueFile {
    /// The findings' messages (`en.toml`, `it.toml`).
    #[serde(default)]
    finding: HashMap<String, String>,
    /// The envelope's messages (`envelope-en.toml`, `envelope-it.toml`): the same kind of
    /// templates, kept in files of their own.
    #[serde(default)]
    message: HashMap<String, String>,
    #[serde(default)]
    words: HashMap<String, HashMap<String, String>>,
    #[serde(default)]
    ui: HashMap<String, String>,
}

impl Catalogue {
    /// One language's catalogue from its files: the findings' file first, then the envelope's.
    /// An id, a word table or a label said twice is an error, not an override.
    fn parse(files: &[&str]) -> Result<Catalogue, String> {
        let mut cat = Catalogue {
            findings: HashMap::new(),
            words: HashMap::new(),
            ui: HashMap::new(),
        };
        for text in files {
            let file: CatalogueFile = toml::from_str(text).map_err(|e| e.to_string())?;
            for (id, t) in file.finding.iter().chain(&file.message) {
                let template = Template::parse(t).map_err(|e| format!("{id}: {e}"))?;
                if cat.findings.insert(id.clone(), template).is_some() {
                    return Err(format!("message `{id}` is said twice"));
                }
            }
            for (table, words) in file.words {
                if cat.words.insert(table.clone(), words).is_some() {
                    return Err(format!("word table `{table}` is said twice"));
                }
            }
            for (id, label) in file.ui {
                if cat.ui.insert(id.clone(), label).is_some() {
                    return Err(format!("ui `{id}` is said twice"));
                }
            }
        }
        Ok(cat)
    }
}

const EN: &str = include_str!("../../grammar/messages/en.toml");
const IT: &str = include_str!("../../grammar/messages/it.toml");
const ENVELOPE_EN: &str = include_str!("../../grammar/messages/envelope-en.toml");
const ENVELOPE_IT: &str = include_str!("../../grammar/messages/envelope-it.toml");

/// Each language's files, as [`Catalogue::parse`] takes them.
const FILES: [(&str, [&str; 2]); 2] = [("en", [EN, ENVELOPE_EN]), ("it", [IT, ENVELOPE_IT])];

/// One language's catalogue, each of its files read the first time one of its words is
/// looked up: validating games reads the findings' file alone (the envelope's messages, as
/// much again, cost a run over a few thousand games a percent of its instructions). A word
/// is looked up in the findings' file first, then in the envelope's; an id said in both is
/// an error [`problems`] reports (both files read together).
struct Book {
    name: &'static str,
    files: [&'static str; 2],
    parts: [OnceLock<Catalogue>; 2],
}

static BOOKS: [Book; 2] = [
    Book {
        name: FILES[0].0,
        files: FILES[0].1,
        parts: [OnceLock::new(), OnceLock::new()],
    },
    Book {
        name: FILES[1].0,
        files: FILES[1].1,
        parts: [OnceLock::new(), OnceLock::new()],
    },
];

impl Book {
    fn part(&self, k: usize) -> &Catalogue {
        self.parts[k].get_or_init(|| {
            // The catalogues are part of the program: tests parse them, so this never fails
            // in a build that passed them.
            Catalogue::parse(&[self.files[k]])
                .unwrap_or_else(|e| panic!("the {} catalogue is broken: {e}", self.name))
        })
    }

    /// The first of the files' answers to `get`.
    fn find<'s, T: ?Sized>(
        &'s self,
        get: impl Fn(&'s Catalogue) -> Option<&'s T>,
    ) -> Option<&'s T> {
        get(self.part(0)).or_else(|| get(self.part(1)))
    }

    fn template(&self, id: &str) -> Option<&Template> {
        self.find(|c| c.findings.get(id))
    }

    fn table(&self, name: &str) -> Option<&HashMap<String, String>> {
        self.find(|c| c.words.get(name))
    }

    fn ui(&self, id: &str) -> Option<&str> {
        self.find(|c| c.ui.get(id).map(String::as_str))
    }
}

fn catalogue(lang: ReportLang) -> &'static Book {
    match lang {
        ReportLang::En => &BOOKS[0],
        ReportLang::It => &BOOKS[1],
    }
}

/// The catalogue's message `id` in `lang`, its arguments filled in. Each argument is given
/// as the English template takes it: a word of a table by its key (written in `lang`'s form
/// of that table), anything else as it is to be written (a nested message already in
/// `lang`). An argument not given is left empty; an id the catalogue lacks gives "".
///
/// ```
/// use scoresheet::i18n::{render, ReportLang};
/// assert_eq!(
///     render(ReportLang::En, "origin_wrong_side", &[("from", "e4"), ("side", "Black")]),
///     "the piece on e4 is Black's"
/// );
/// assert_eq!(
///     render(ReportLang::It, "origin_wrong_side", &[("from", "e4"), ("side", "Black")]),
///     "il pezzo in e4 è del Nero"
/// );
/// ```
pub fn render(lang: ReportLang, id: &str, args: &[(&str, &str)]) -> String {
    let en = catalogue(ReportLang::En);
    let to = catalogue(lang);
    let Some(english) = en.template(id) else {
        return String::new();
    };
    let template = match lang {
        ReportLang::En => english,
        _ => match to.template(id) {
            Some(t) => t,
            None => return String::new(),
        },
    };
    let room = template.text_len + args.iter().map(|(_, v)| v.len()).sum::<usize>();
    let mut out = String::with_capacity(room);
    for p in &template.pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Slot { name, kind: form } => {
                let value = args.iter().find(|(n, _)| n == name).map_or("", |(_, v)| *v);
                let kind = english
                    .slots()
                    .find(|(n, _)| n == name)
                    .map_or("", |(_, k)| k);
                if matches!(kind, "" | "msg" | "target") {
                    out.push_str(value);
                    continue;
                }
                // Words of a table, `, ` between them: each written in `lang`.
                if let Some(table) = kind.strip_prefix("list_") {
                    let words = to.table(table);
                    let mut first = true;
                    for key in value.split(", ") {
                        if !first {
                            out.push_str(", ");
                        }
                        first = false;
                        out.push_str(words.and_then(|t| t.get(key)).map_or(key, String::as_str));
                    }
                    continue;
                }
                let words = if form.is_empty() || form == kind {
                    to.table(kind)
                } else {
                    to.table(&format!("{kind}_{form}"))
                };
                out.push_str(
                    words
                        .and_then(|t| t.get(value))
                        .map_or(value, String::as_str),
                );
            }
        }
    }
    out
}

/// A [`Message`] in `lang`: its nested messages first, then its template.
pub fn render_message(m: &Message, lang: ReportLang) -> String {
    use std::borrow::Cow;
    let args: Vec<(&str, Cow<str>)> = m
        .args
        .iter()
        .map(|(name, a)| {
            let value = match a {
                Arg::Text(t) => Cow::Borrowed(t.as_str()),
                Arg::Word(w) => Cow::Borrowed(*w),
                Arg::Msg(inner) => Cow::Owned(render_message(inner, lang)),
                Arg::Written(both) => Cow::Borrowed(match lang {
                    ReportLang::En => both[0].as_str(),
                    ReportLang::It => both[1].as_str(),
                }),
            };
            (*name, value)
        })
        .collect();
    let refs: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_ref())).collect();
    render(lang, m.id, &refs)
}

/// A heading or label of the reports.
pub fn ui(lang: ReportLang, id: &str) -> &'static str {
    catalogue(lang)
        .ui(id)
        .or_else(|| catalogue(ReportLang::En).ui(id))
        .unwrap_or("")
}

/// A line of the reports with its arguments filled in (`{name}` → value; `{{`/`}}` braces).
pub fn fill(lang: ReportLang, id: &str, args: &[(&str, &str)]) -> String {
    let Ok(t) = Template::parse(ui(lang, id)) else {
        return String::new();
    };
    let mut out = String::new();
    for p in &t.pieces {
        match p {
            Piece::Text(s) => out.push_str(s),
            Piece::Slot { name, .. } => {
                if let Some((_, v)) = args.iter().find(|(n, _)| n == name) {
                    out.push_str(v);
                }
            }
        }
    }
    out
}

/// A word of a table (`kind`, `severity`, `side`, `piece`, …) in `lang`: `key` itself when the
/// table has no such word.
pub fn word<'a>(lang: ReportLang, table: &str, key: &'a str) -> &'a str {
    catalogue(lang)
        .table(table)
        .and_then(|t| t.get(key))
        .map_or(key, String::as_str)
}

/// The finding's message in `lang`: from its catalogue, by the message the finding carries
/// ([`Finding::text`]). A finding built with words of its own (`reconcile`'s decisions, which
/// are written in the report's language when they are made) keeps them.
pub fn finding_message(f: &Finding, lang: ReportLang) -> String {
    let Some(text) = &f.text else {
        return f.message.clone();
    };
    let said = render_message(text, lang);
    match f.more {
        Some(more) => render(
            lang,
            "more",
            &[("message", &said), ("count", &more.to_string())],
        ),
        None => said,
    }
}

/// Every message of the record in `lang` (JSON ids and machine fields stay as they are).
pub fn localise(record: &mut GameRecord, lang: ReportLang) {
    if lang == ReportLang::En {
        return;
    }
    for f in &mut record.findings {
        f.message = finding_message(f, lang);
    }
}

/// What is wrong with the catalogues: ids without a translation, arguments a translation names
/// but its English template lacks, word tables with words missing. Empty when they are whole.
pub fn problems() -> Vec<String> {
    let mut out = Vec::new();
    let [(_, en_files), others @ ..] = FILES;
    let en = match Catalogue::parse(&en_files) {
        Ok(c) => c,
        Err(e) => return vec![format!("en: {e}")],
    };
    for (code, files) in others {
        let other = match Catalogue::parse(&files) {
            Ok(c) => c,
            Err(e) => {
                out.push(format!("{code}: {e}"));
                continue;
            }
        };
        for (id, t) in &en.findings {
            let Some(o) = other.findings.get(id) else {
                out.push(format!("{code}: finding `{id}` has no translation"));
                continue;
            };
            // The same arguments by name in every language: a translation that drops one
            // says less than the English, one that adds one has nothing to fill it with.
            let names = |t: &Template| {
                let mut n: Vec<String> = t.slots().map(|(name, _)| name.to_string()).collect();
                n.sort();
                n.dedup();
                n
            };
            if names(t) != names(o) {
                out.push(format!(
                    "{code}: finding `{id}` takes {:?}, the English {:?}",
                    names(o),
                    names(t)
                ));
            }
            for (name, form) in o.slots() {
                let Some((_, kind)) = t.slots().find(|(n, _)| *n == name) else {
                    out.push(format!(
                        "{code}: finding `{id}` names `{{{name}}}`, which the English lacks"
                    ));
                    continue;
                };
                if !form.is_empty() {
                    let table = format!("{kind}_{form}");
                    if !other.words.contains_key(&table) {
                        out.push(format!("{code}: finding `{id}`: no word table `{table}`"));
                    }
                }
            }
            for (name, kind) in t.slots() {
                let table = kind.strip_prefix("list_").unwrap_or(kind);
                if !matches!(kind, "" | "msg" | "target") && !en.words.contains_key(table) {
                    out.push(format!(
                        "en: finding `{id}`: no word table `{kind}` for `{name}`"
                    ));
                }
            }
        }
        for id in other.findings.keys() {
            if !en.findings.contains_key(id) {
                out.push(format!(
                    "{code}: finding `{id}` is not in the English catalogue"
                ));
            }
        }
        for id in en.ui.keys() {
            if !other.ui.contains_key(id) {
                out.push(format!("{code}: ui `{id}` has no translation"));
            }
        }
        for id in other.ui.keys() {
            if !en.ui.contains_key(id) {
                out.push(format!("{code}: ui `{id}` is not in the English catalogue"));
            }
        }
        for (table, words) in &en.words {
            let forms = other.words.iter().filter(|(name, _)| {
                *name == table
                    || name
                        .strip_prefix(table.as_str())
                        .is_some_and(|r| r.starts_with('_'))
            });
            let mut found = false;
            for (name, o) in forms {
                found |= name == table;
                for key in words.keys() {
                    if !o.contains_key(key) {
                        out.push(format!("{code}: words `{name}` lack `{key}`"));
                    }
                }
            }
            if !found {
                out.push(format!("{code}: no word table `{table}`"));
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message id the code names, in `Message::new(…)` or in the envelope's helpers
    /// that take an id (`side_as`, `player_as`, `moves_list`, `join_said`), has a template in
    /// every catalogue (which [`problems`] keeps alike, argument names included).
    #[test]
    fn every_id_the_code_names_has_a_template() {
        fn sources(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
            for e in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
                let p = e.path();
                if p.is_dir() {
                    sources(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("i18n/mod.rs") {
                    // (This file's own examples and tests name ids of their own.)
                    let text = std::fs::read_to_string(&p).expect("a source file");
                    out.push((p.display().to_string(), text));
                }
            }
        }
        /// The text between the parenthesis at `open` and its match.
        fn call_args(s: &str, open: usize) -> &str {
            let mut depth = 0;
            for (i, c) in s[open..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            return &s[open + 1..open + i];
                        }
                    }
                    _ => {}
                }
            }
            ""
        }
        let mut files = Vec::new();
        sources(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        let mut named = 0;
        let mut missing = Vec::new();
        for (path, text) in &files {
            for call in [
                "Message::new(",
                "side_as(",
                "player_as(",
                "moves_list(",
                "join_said(",
            ] {
                for (at, _) in text.match_indices(call) {
                    let args = call_args(text, at + call.len() - 1);
                    // Each string literal that is an id (a `match` or an `if` may choose one).
                    for lit in args.split('"').skip(1).step_by(2) {
                        let is_id = !lit.is_empty()
                            && lit
                                .chars()
                                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                        if !is_id {
                            continue;
                        }
                        named += 1;
                        for lang in [ReportLang::En, ReportLang::It] {
                            if catalogue(lang).template(lit).is_none() {
                                missing.push(format!("{path}: `{lit}` ({lang:?})"));
                            }
                        }
                    }
                }
            }
        }
        assert!(
            named > 300,
            "only {named} ids found: is the scan reading src/?"
        );
        assert_eq!(missing, Vec::<String>::new());
    }

    /// Where the envelope builds a message in one chain (`Message::new(…).text("a", …)…`),
    /// it gives the arguments the template names, no more and no fewer: a misspelt argument
    /// would be written as nothing. (The findings' messages are often built in steps, so
    /// the scan reads the envelope, whose messages are all built in one chain.)
    #[test]
    fn the_envelope_gives_each_template_its_arguments() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/envelope");
        let mut stack = vec![root];
        let mut checked = 0;
        let mut wrong = Vec::new();
        while let Some(dir) = stack.pop() {
            for e in std::fs::read_dir(&dir).expect("src/ is readable").flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                if p.extension().is_none_or(|x| x != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&p).expect("a source file");
                for (at, _) in text.match_indices("Message::new(\"") {
                    let rest = &text[at + "Message::new(\"".len()..];
                    let Some(end) = rest.find("\")") else {
                        continue;
                    };
                    let id = &rest[..end];
                    let mut chain = &rest[end + 2..];
                    let mut given: Vec<&str> = Vec::new();
                    loop {
                        let t = chain.trim_start();
                        let calls = [
                            ".text(", ".both(", ".said(", ".word(", ".msg(", ".msg_of(", ".arg(",
                        ];
                        let Some(call) = calls.into_iter().find(|c| t.starts_with(c)) else {
                            break;
                        };
                        let args = t[call.len()..].trim_start();
                        let Some(name) = args.strip_prefix('"').and_then(|a| a.split('"').next())
                        else {
                            break;
                        };
                        given.push(name);
                        // On past this call's parentheses.
                        let mut depth = 0;
                        let mut next = t.len();
                        for (i, c) in t.char_indices().skip(call.len() - 1) {
                            match c {
                                '(' => depth += 1,
                                ')' => {
                                    depth -= 1;
                                    if depth == 0 {
                                        next = i + 1;
                                        break;
                                    }
                                }
                                _ => {}
                            }
                        }
                        chain = &t[next..];
                    }
                    let Some(template) = catalogue(ReportLang::En).template(id) else {
                        continue;
                    };
                    checked += 1;
                    let mut want: Vec<&str> = template.slots().map(|(n, _)| n).collect();
                    want.sort_unstable();
                    want.dedup();
                    given.sort_unstable();
                    if want != given {
                        wrong.push(format!(
                            "{}: `{id}` takes {want:?}, given {given:?}",
                            p.display()
                        ));
                    }
                }
            }
        }
        assert!(checked > 200, "only {checked} messages checked");
        assert_eq!(wrong, Vec::<String>::new());
    }

    #[test]
    fn catalogues_are_whole() {
        assert_eq!(problems(), Vec::<String>::new());
    }

    #[test]
    fn nested_messages_and_clauses() {
        let it = |m: Message| m.render(ReportLang::It);
        assert_eq!(
            it(Message::new("illegal").text("written", "O-O-O").msg(
                "why",
                Message::new("castling_path_blocked")
                    .word("wing", "queenside")
                    .text("squares", "d8")
            )),
            "`O-O-O` è una mossa illegale: l'arrocco lungo è impedito: ci sono pezzi tra il Re e la Torre (d8)"
        );
        assert_eq!(
            it(Message::new("no_pawn_can_reach")
                .msg("target", Message::new("file_target").text("file", "e"))),
            "nessun pedone può raggiungere la colonna e"
        );
        assert_eq!(
            it(Message::new("fen_illegal").text("errors", "empty board, missing king")),
            "il tag FEN non descrive una posizione legale: scacchiera vuota, manca un Re"
        );
    }

    /// Each template, its arguments filled with sample values, is written whole in every
    /// language: every argument it names is given, every word is in its table.
    #[test]
    fn every_template_renders() {
        let en = Catalogue::parse(&FILES[0].1).unwrap();
        for (id, t) in &en.findings {
            let mut m = Message::new(Box::leak(id.clone().into_boxed_str()));
            for (name, kind) in t.slots() {
                let name: &'static str = Box::leak(name.to_string().into_boxed_str());
                m = match kind {
                    "" | "target" => m.text(name, "7"),
                    "msg" => m.msg(name, Message::new("minimal_pawn_capture")),
                    table => {
                        let key = en.words[table.strip_prefix("list_").unwrap_or(table)]
                            .keys()
                            .min()
                            .map_or("", String::as_str);
                        m.word(name, Box::leak(key.to_string().into_boxed_str()))
                    }
                };
            }
            for lang in [ReportLang::En, ReportLang::It] {
                let said = m.render(lang);
                assert!(!said.is_empty(), "{id}");
                // A brace left is a slot not filled (a `{` comment is the only one written).
                assert!(!said.replace("`{`", "").contains('{'), "{id}: {said}");
            }
        }
    }

    /// A finding that carries its message as data is written from it in every language,
    /// whatever its English words (nothing reads them back).
    #[test]
    fn a_finding_that_carries_its_message_is_written_from_it() {
        use crate::finding::Kind;
        use crate::message::Message;
        let said = Message::new("checkmate")
            .word("side", "Black")
            .word("winner", "White");
        let mut f = Finding::said(Kind::Checkmate, 3, said);
        assert_eq!(f.message, "Black is checkmated: White wins");
        f.message = "words no template has".into();
        assert_eq!(
            finding_message(&f, ReportLang::It),
            "il Nero ha subito scaccomatto: vince il Bianco"
        );
        f.more = Some(2);
        assert_eq!(
            finding_message(&f, ReportLang::It),
            "il Nero ha subito scaccomatto: vince il Bianco (in questa partita altri 2 simili, non elencati)"
        );
        // Nested messages and clauses, in the language asked.
        let claim = Message::new("may_claim")
            .word("side", "White")
            .text("article", "9.2.1.2")
            .then(
                Message::new("could_have_claimed")
                    .word("side", "Black")
                    .text("article", "9.2.1.1"),
            );
        let m = Message::new("threefold")
            .text("plies", "4, 8, 12")
            .msg("claim", claim);
        assert_eq!(
            m.render(ReportLang::En),
            "the same position stands for the third time (plies 4, 8, 12): White to move may \
             claim a draw (9.2.1.2); Black could have claimed by writing this move first (9.2.1.1)"
        );
        assert_eq!(
            m.render(ReportLang::It),
            "la stessa posizione si presenta per la terza volta (semimosse 4, 8, 12): il Bianco, \
             che ha il tratto, può richiedere la patta (9.2.1.2); il Nero avrebbe potuto \
             richiederla scrivendo prima questa mossa sul formulario (9.2.1.1)"
        );
    }

    /// The Italian words the envelope falls back on for a key its table lacks exist.
    #[test]
    fn the_fallback_words_exist() {
        for table in [
            "recorded_fen_note",
            "io_error",
            "sealed_illegal",
            "sealed_notation",
        ] {
            assert_ne!(word(ReportLang::It, table, "other"), "other", "{table}");
        }
    }

    #[test]
    fn headings_fill_in() {
        assert_eq!(
            fill(
                ReportLang::It,
                "summary_line",
                &[
                    ("games", "2"),
                    ("plies", "80"),
                    ("errors", "1"),
                    ("note", "")
                ]
            ),
            "2 partite, 80 semimosse, 1 con errori"
        );
        assert_eq!(
            word(ReportLang::It, "kind", "illegal_move"),
            "mossa illegale"
        );
        assert_eq!(word(ReportLang::It, "kind", "no_such_kind"), "no_such_kind");
    }
}
