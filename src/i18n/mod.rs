//! The report's languages. Every finding message, heading and summary line is data: one
//! catalogue per language, `grammar/messages/en.toml` and `grammar/messages/it.toml`, with the
//! same ids (a test checks that every id has a translation in every catalogue).
//!
//! The rules write their messages in English with the words of the English catalogue's
//! templates; a report in another language recognises each message by its template (the
//! longest templates first), takes the arguments (squares, moves, numbers; sides, pieces and
//! endings from the catalogue's word tables; nested messages, translated in their turn), and
//! writes the same id's template of the other catalogue. English output is the rules' own text,
//! byte for byte; a message no template recognises stays as written.
//!
//! ```
//! use scoresheet::i18n::{translate, ReportLang};
//! let en = "`Cf5` is illegal: no knight of White can reach f5";
//! assert_eq!(translate(en, ReportLang::En), en);
//! assert_eq!(
//!     translate(en, ReportLang::It),
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
    /// Characters of fixed text: the more, the more specific the template.
    fixed: usize,
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
        let fixed = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.chars().count(),
                Piece::Slot { .. } => 0,
            })
            .sum();
        Ok(Template { pieces, fixed })
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
    /// Finding ids, most specific template first (the order messages are recognised in).
    order: Vec<String>,
    words: HashMap<String, HashMap<String, String>>,
    ui: HashMap<String, String>,
}

#[derive(serde::Deserialize)]
struct CatalogueFile {
    finding: HashMap<String, String>,
    #[serde(default)]
    words: HashMap<String, HashMap<String, String>>,
    #[serde(default)]
    ui: HashMap<String, String>,
}

impl Catalogue {
    fn parse(text: &str) -> Result<Catalogue, String> {
        let file: CatalogueFile = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut findings = HashMap::new();
        for (id, t) in &file.finding {
            let template = Template::parse(t).map_err(|e| format!("{id}: {e}"))?;
            // A message is recognised by the text between its arguments.
            if template
                .pieces
                .windows(2)
                .any(|w| matches!(w, [Piece::Slot { .. }, Piece::Slot { .. }]))
            {
                return Err(format!("{id}: two arguments with nothing between them"));
            }
            findings.insert(id.clone(), template);
        }
        let mut order: Vec<String> = findings.keys().cloned().collect();
        order.sort_by(|a, b| findings[b].fixed.cmp(&findings[a].fixed).then(a.cmp(b)));
        Ok(Catalogue {
            findings,
            order,
            words: file.words,
            ui: file.ui,
        })
    }
}

const EN: &str = include_str!("../../grammar/messages/en.toml");
const IT: &str = include_str!("../../grammar/messages/it.toml");

fn catalogue(lang: ReportLang) -> &'static Catalogue {
    static CATALOGUES: OnceLock<[Catalogue; 2]> = OnceLock::new();
    let all = CATALOGUES.get_or_init(|| {
        // The catalogues are part of the program: tests parse them, so this never fails in a
        // build that passed them.
        let read = |name: &str, text: &str| {
            Catalogue::parse(text)
                .unwrap_or_else(|e| panic!("grammar/messages/{name}.toml is broken: {e}"))
        };
        [read("en", EN), read("it", IT)]
    });
    match lang {
        ReportLang::En => &all[0],
        ReportLang::It => &all[1],
    }
}

/// An argument recognised in an English message.
struct Bound<'a> {
    name: &'a str,
    kind: &'a str,
    value: &'a str,
    /// The argument in the other language, for nested messages and targets.
    translated: Option<String>,
}

/// How deep messages nest (`illegal` holding `clauses` holding …) before recognising gives up.
const MAX_NESTING: u32 = 12;

struct Recogniser {
    en: &'static Catalogue,
    to: &'static Catalogue,
}

impl Recogniser {
    fn message(&self, text: &str, depth: u32) -> Option<String> {
        if depth > MAX_NESTING || text.is_empty() {
            return None;
        }
        for id in &self.en.order {
            let mut bound = Vec::new();
            if self.fits(&self.en.findings[id].pieces, text, &mut bound, depth) {
                return self.render(id, &bound);
            }
        }
        None
    }

    fn fits<'a>(
        &self,
        pieces: &'a [Piece],
        text: &'a str,
        bound: &mut Vec<Bound<'a>>,
        depth: u32,
    ) -> bool {
        match pieces.first() {
            None => text.is_empty(),
            Some(Piece::Text(t)) => text
                .strip_prefix(t.as_str())
                .is_some_and(|rest| self.fits(&pieces[1..], rest, bound, depth)),
            Some(Piece::Slot { name, kind }) => {
                let ends: Vec<usize> = match pieces.get(1) {
                    Some(Piece::Text(next)) => text
                        .match_indices(next.as_str())
                        .map(|(i, _)| i)
                        .filter(|&i| i > 0)
                        .collect(),
                    _ => vec![text.len()],
                };
                for end in ends {
                    let value = &text[..end];
                    let Some(translated) = self.argument(kind, value, depth) else {
                        continue;
                    };
                    bound.push(Bound {
                        name,
                        kind,
                        value,
                        translated,
                    });
                    if self.fits(&pieces[1..], &text[end..], bound, depth) {
                        return true;
                    }
                    bound.pop();
                }
                false
            }
        }
    }

    /// Whether `value` can be an argument of this kind: `Some` with its translation where it
    /// has one of its own (`None` inside when it is a word or is copied as it is).
    fn argument(&self, kind: &str, value: &str, depth: u32) -> Option<Option<String>> {
        match kind {
            "msg" => self.message(value, depth + 1).map(Some),
            "target" => {
                if is_square(value) {
                    Some(None)
                } else {
                    let file = value.strip_prefix("the ")?.strip_suffix("-file")?;
                    let t = self.to.ui.get("file_target")?;
                    Some(Some(t.replace("{file}", file)))
                }
            }
            // `list_TABLE`: words of TABLE separated by `, `.
            list if list.starts_with("list_") => {
                let words = self.to.words.get(&list["list_".len()..])?;
                let mut out = Vec::new();
                for w in value.split(", ") {
                    out.push(words.get(w)?.as_str());
                }
                Some(Some(out.join(", ")))
            }
            // Copied as it is. A clause of its own (after `; `) is never part of it, nor is a
            // backtick: moves are quoted between backticks, and a value running past one
            // would swallow the next quotation.
            "" => {
                (!value.is_empty() && !value.contains("; ") && !value.contains('`')).then_some(None)
            }
            table => self
                .to
                .words
                .get(table)?
                .contains_key(value)
                .then_some(None),
        }
    }

    fn render(&self, id: &str, bound: &[Bound]) -> Option<String> {
        let template = self.to.findings.get(id)?;
        let mut out = String::new();
        for p in &template.pieces {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Slot { name, kind: form } => {
                    let b = bound.iter().find(|b| b.name == name)?;
                    if let Some(t) = &b.translated {
                        out.push_str(t);
                    } else if matches!(b.kind, "" | "msg" | "target") {
                        out.push_str(b.value);
                    } else {
                        // An English template names the table itself where a translation
                        // names a form of it.
                        let table = if form.is_empty() || form == b.kind {
                            b.kind.to_string()
                        } else {
                            format!("{}_{form}", b.kind)
                        };
                        out.push_str(self.to.words.get(&table)?.get(b.value)?);
                    }
                }
            }
        }
        Some(out)
    }
}

fn is_square(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}

/// A rule's English message in `lang`; as written when no template recognises it.
pub fn translate(message: &str, lang: ReportLang) -> String {
    recognise(message, lang).unwrap_or_else(|| message.to_string())
}

/// A rule's English message in `lang`, or `None` when no template of the English catalogue
/// recognises it (for the tests that keep the catalogue complete).
pub fn recognise(message: &str, lang: ReportLang) -> Option<String> {
    if lang == ReportLang::En {
        return Some(message.to_string());
    }
    Recogniser {
        en: catalogue(ReportLang::En),
        to: catalogue(lang),
    }
    .message(message, 0)
}

/// The id of the English template that recognises `message` (its outermost one).
pub fn message_id(message: &str) -> Option<&'static str> {
    let en = catalogue(ReportLang::En);
    let r = Recogniser { en, to: en };
    en.order.iter().map(String::as_str).find(|id| {
        let mut bound = Vec::new();
        r.fits(&en.findings[*id].pieces, message, &mut bound, 0)
    })
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
    let (Some(english), Some(template)) = (en.findings.get(id), to.findings.get(id)) else {
        return String::new();
    };
    let mut out = String::new();
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
                    let words = to.words.get(table);
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
                let table = if form.is_empty() || form == kind {
                    kind.to_string()
                } else {
                    format!("{kind}_{form}")
                };
                out.push_str(
                    to.words
                        .get(&table)
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
    let args: Vec<(&str, String)> = m
        .args
        .iter()
        .map(|(name, a)| {
            let value = match a {
                Arg::Text(t) => t.clone(),
                Arg::Word(w) => (*w).to_string(),
                Arg::Msg(inner) => render_message(inner, lang),
            };
            (*name, value)
        })
        .collect();
    let refs: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
    render(lang, m.id, &refs)
}

/// A heading or label of the reports.
pub fn ui(lang: ReportLang, id: &str) -> &'static str {
    catalogue(lang)
        .ui
        .get(id)
        .or_else(|| catalogue(ReportLang::En).ui.get(id))
        .map_or("", String::as_str)
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
        .words
        .get(table)
        .and_then(|t| t.get(key))
        .map_or(key, String::as_str)
}

/// The finding's message in `lang`: from its catalogue where the finding carries its message
/// as data ([`Finding::text`]); else its English words recognised (the rules not yet moved
/// to [`Message`]).
pub fn finding_message(f: &Finding, lang: ReportLang) -> String {
    let Some(text) = &f.text else {
        return translate(&f.message, lang);
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
    let en = match Catalogue::parse(EN) {
        Ok(c) => c,
        Err(e) => return vec![format!("en: {e}")],
    };
    for (code, text) in [("it", IT)] {
        let other = match Catalogue::parse(text) {
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

    #[test]
    fn catalogues_are_whole() {
        assert_eq!(problems(), Vec::<String>::new());
    }

    #[test]
    fn nested_messages_and_clauses() {
        let it = |s| translate(s, ReportLang::It);
        assert_eq!(
            it("`O-O-O` is illegal: castling queenside is blocked: pieces stand between king and rook (d8)"),
            "`O-O-O` è una mossa illegale: l'arrocco lungo è impedito: ci sono pezzi tra il Re e la Torre (d8)"
        );
        assert_eq!(
            it("`Txe5` is illegal: the rook on e1 cannot reach e5; e5 is empty, there is nothing to capture"),
            "`Txe5` è una mossa illegale: la Torre in e1 non può raggiungere e5; la casa e5 è vuota, non c'è nulla da catturare"
        );
        assert_eq!(
            it("the same position stands for the third time (plies 4, 8, 12): White to move may claim a draw (9.2.1.2); Black could have claimed by writing this move first (9.2.1.1)"),
            "la stessa posizione si presenta per la terza volta (semimosse 4, 8, 12): il Bianco, che ha il tratto, può richiedere la patta (9.2.1.2); il Nero avrebbe potuto richiederla scrivendo prima questa mossa sul formulario (9.2.1.1)"
        );
        assert_eq!(
            it("no pawn can reach the e-file"),
            "nessun pedone può raggiungere la colonna e"
        );
        assert_eq!(
            it("the light is green"),
            "the light is green",
            "unknown text stays"
        );
        assert_eq!(
            it("the piece letter is written in lower case (3 more like this in this game, not listed)"),
            "la lettera del pezzo è scritta in minuscolo (in questa partita altri 3 simili, non elencati)"
        );
    }

    /// An English message of each template, its arguments filled with sample values, is
    /// recognised and translated whole.
    #[test]
    fn every_template_is_recognised() {
        let en = catalogue(ReportLang::En);
        for id in &en.order {
            let mut text = String::new();
            for p in &en.findings[id].pieces {
                match p {
                    Piece::Text(t) => text.push_str(t),
                    Piece::Slot { kind, .. } => text.push_str(match kind.as_str() {
                        "" => "7",
                        "msg" => "the destination rank is left out",
                        "target" => "e4",
                        table => en.words[table.strip_prefix("list_").unwrap_or(table)]
                            .keys()
                            .min()
                            .map_or("", String::as_str),
                    }),
                }
            }
            let it = recognise(&text, ReportLang::It);
            assert!(it.is_some(), "{id}: `{text}` is not recognised");
            assert!(message_id(&text).is_some(), "{id}");
        }
    }

    /// A finding that carries its message as data is written from it in every language,
    /// whatever its English words (nothing recognises them).
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
            translate(&m.render(ReportLang::En), ReportLang::It)
        );
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
