//! The TOML document as written: its keys in English or Italian, the line of a value, and
//! why a document cannot be read ([`Malformed`], with the key meant when one is misspelt).

use serde::Deserialize;
use toml::{Spanned, Value};

use super::{article_of, canonical, Malformed, KEYS};
use crate::envelope::text::{Msg, ReportLang};
use crate::message::Message;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEnvelope {
    #[serde(alias = "bianco")]
    pub(super) white: Option<Spanned<String>>,
    #[serde(alias = "nero")]
    pub(super) black: Option<Spanned<String>>,
    #[serde(alias = "posizione")]
    pub(super) position: Option<Spanned<Value>>,
    #[serde(alias = "tempo_bianco")]
    pub(super) white_time: Option<Spanned<Value>>,
    #[serde(alias = "tempo_nero")]
    pub(super) black_time: Option<Spanned<Value>>,
    #[serde(alias = "cadenza", alias = "controllo_tempo")]
    pub(super) time_control: Option<Spanned<String>>,
    #[serde(alias = "sigillante", alias = "sigillata_da", alias = "sealed_by")]
    pub(super) sealer: Option<Spanned<String>>,
    #[serde(alias = "numero_mossa_sigillata", alias = "numero_mossa")]
    pub(super) sealed_move_number: Option<Spanned<Value>>,
    #[serde(alias = "offerta_patta", alias = "offerta_di_patta")]
    pub(super) draw_offer: Option<Spanned<Value>>,
    #[serde(alias = "data_ripresa")]
    pub(super) resumption_date: Option<Spanned<Value>>,
    #[serde(alias = "ora_ripresa")]
    pub(super) resumption_time: Option<Spanned<Value>>,
    #[serde(alias = "luogo_ripresa")]
    pub(super) resumption_place: Option<Spanned<String>>,
    #[serde(alias = "mossa_sigillata")]
    pub(super) sealed_move: Option<Spanned<String>>,
    #[serde(alias = "formulario_bianco")]
    pub(super) white_scoresheet: Option<Spanned<Value>>,
    #[serde(alias = "formulario_nero")]
    pub(super) black_scoresheet: Option<Spanned<Value>>,
    #[serde(alias = "file_formulario_bianco")]
    pub(super) white_scoresheet_file: Option<Spanned<String>>,
    #[serde(alias = "file_formulario_nero")]
    pub(super) black_scoresheet_file: Option<Spanned<String>>,
    #[serde(alias = "evento", alias = "torneo")]
    pub(super) event: Option<Spanned<Value>>,
    #[serde(alias = "turno")]
    pub(super) round: Option<Spanned<Value>>,
    #[serde(alias = "scacchiera")]
    pub(super) board: Option<Spanned<Value>>,
    #[serde(alias = "arbitro")]
    pub(super) arbiter: Option<Spanned<Value>>,
    #[serde(alias = "lingua")]
    pub(super) language: Option<Spanned<String>>,
    #[serde(alias = "note")]
    pub(super) notes: Option<Spanned<Value>>,
}

/// An inline scoresheet: a string, or an array of strings (lines or moves).
pub(super) fn movetext(v: Value) -> String {
    match v {
        Value::String(s) => s,
        Value::Array(items) => items
            .iter()
            .map(|i| value_text(i).unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n"),
        other => value_text(&other).unwrap_or_default(),
    }
}

/// 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

pub(super) fn value_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Float(f) => Some(f.to_string()),
        Value::Boolean(b) => Some(b.to_string()),
        Value::Datetime(d) => Some(d.to_string()),
        _ => None,
    }
}

/// The key written on a line (`white = ...`, `"white" = ...`).
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    let (k, _) = l.split_once('=')?;
    let k = k.trim().trim_matches('"').trim_matches('\'').trim();
    (!k.is_empty() && !k.contains(char::is_whitespace)).then(|| k.to_string())
}

fn closest_key(unknown: &str) -> Option<&'static str> {
    let u = unknown.to_lowercase();
    let mut best: Option<(usize, &'static str)> = None;
    for (k, aliases, ..) in KEYS {
        for cand in std::iter::once(k).chain(aliases.iter()) {
            let d = edit_distance(&u, cand);
            if d <= 3 && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, cand));
            }
        }
    }
    best.map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// What kind of error makes a document unreadable: told by the stage of reading that meets
/// it and by where it points in the input, never by the TOML reader's words (which are
/// passed on as they are, in English).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unreadable {
    /// One item written twice: the same key, or its English and Italian names.
    Twice,
    /// A value of the wrong type for its item.
    WrongType,
    /// Not TOML at all.
    Syntax,
}

impl Unreadable {
    /// The key of the Italian report's words for it (`[words.toml_error]`).
    fn key(self) -> &'static str {
        match self {
            Unreadable::Twice => "twice",
            Unreadable::WrongType => "wrong_type",
            Unreadable::Syntax => "syntax",
        }
    }
}

/// The envelope's TOML read in three stages, each with its own kind of error: the syntax
/// (a key written twice is the TOML reader's error pointing at a key already read), the
/// keys (one not an item, or one item under two names), then the values' types.
pub(super) fn parse(text: &str) -> Result<RawEnvelope, Malformed> {
    let (doc, errors) = toml::de::DeTable::parse_recoverable(text);
    if let Some(e) = errors.first() {
        let twice = e.span().is_some_and(|s| {
            let written = text.get(s.clone()).unwrap_or("").trim_matches(['"', '\'']);
            written_before(text, s.start, written)
        });
        let kind = if twice {
            Unreadable::Twice
        } else {
            Unreadable::Syntax
        };
        return Err(malformed(text, e, kind, None));
    }
    let mut seen: Vec<(&'static str, &str)> = Vec::new();
    // In the order they are written (the table's own order is not the text's).
    let mut keys: Vec<_> = doc.get_ref().keys().collect();
    keys.sort_by_key(|k| k.span().start);
    for k in keys {
        let name = k.get_ref();
        match canonical(name) {
            None => return Err(unknown_item(name, line_of(text, k.span().start))),
            // One item under two of its names: said here, at the second, before any value is
            // read (a value of the wrong type elsewhere is another error, and comes after).
            Some(c) => match seen.iter().find(|(item, _)| *item == c) {
                Some((_, first)) => {
                    return Err(written_twice(c, first, name, line_of(text, k.span().start)))
                }
                None => seen.push((c, name)),
            },
        }
    }
    toml::from_str(text).map_err(|e| malformed(text, &e, Unreadable::WrongType, None))
}

/// Whether the key `written`, at which the TOML reader stopped at byte `at`, was written as a
/// key before it (`key =`, a table header `[key]`, or a key of an inline table): the reader's
/// "key written twice", told from the input rather than from its words. An item's other name
/// counts as the same key.
fn written_before(text: &str, at: usize, written: &str) -> bool {
    if written.is_empty() {
        return false;
    }
    let before = text.get(..at).unwrap_or("");
    let bytes = before.as_bytes();
    let is_key_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
    let mut from = 0;
    while let Some(i) = before[from..].find(|c: char| is_key_byte(c as u8) && c.is_ascii()) {
        let start = from + i;
        let len = bytes[start..]
            .iter()
            .take_while(|&&b| is_key_byte(b))
            .count();
        let word = &before[start..start + len];
        from = start + len.max(1);
        // A key stands after the start of a line, `[`, `{`, `,` or `.`, and before `=`, `]`
        // or `.` (white space and quotes aside).
        let prev = bytes[..start]
            .iter()
            .rev()
            .find(|&&b| !matches!(b, b' ' | b'\t' | b'"' | b'\''))
            .copied();
        let next = bytes[start + len..]
            .iter()
            .find(|&&b| !matches!(b, b' ' | b'\t' | b'"' | b'\''))
            .copied();
        let key_before = matches!(prev, None | Some(b'\n' | b'[' | b'{' | b',' | b'.'));
        let key_after = matches!(next, Some(b'=' | b']' | b'.'));
        if key_before && key_after && same_item(word, written) {
            return true;
        }
    }
    false
}

/// One item written under two of its names (`white` and `bianco`).
fn written_twice(item: &str, first: &str, second: &str, line: usize) -> Malformed {
    let why = Message::new("malformed_written_twice")
        .text("first", first)
        .text("second", second);
    Malformed::new(
        Some(item.to_string()),
        Some(line),
        Msg::say(about_item(item, why)),
    )
}

/// `why`, said of the item `key` (with its Article of the Guidelines when it has one).
fn about_item(key: &str, why: Message) -> Message {
    match article_of(key) {
        "" => Message::new("malformed_item")
            .text("key", key)
            .msg("why", why),
        art => Message::new("malformed_item_article")
            .text("key", key)
            .text("article", art)
            .msg("why", why),
    }
}

/// Whether two keys name the same item (an item's names, or the same unknown key).
fn same_item(a: &str, b: &str) -> bool {
    a == b || canonical(a).is_some_and(|c| canonical(b) == Some(c))
}

/// A key that is not an item, with the item meant when it looks misspelt.
fn unknown_item(name: &str, line: usize) -> Malformed {
    let hint = match closest_key(name) {
        Some(k) => Msg::say(Message::new("malformed_did_you_mean").text("key", k)),
        None => Msg::default(),
    };
    Malformed::new(
        Some(name.to_string()),
        Some(line),
        Msg::say(
            Message::new("malformed_unknown_item")
                .text("name", name)
                .said("hint", &hint),
        ),
    )
}

/// An unreadable document: the TOML reader's message as it is in English, the kind of error
/// in Italian, after the item concerned when one is.
fn malformed(text: &str, e: &toml::de::Error, kind: Unreadable, item: Option<String>) -> Malformed {
    let line = e.span().map(|s| line_of(text, s.start));
    let item = item.or_else(|| line.and_then(|l| key_on_line(text, l)));
    let why = Message::new("malformed_why").both(
        "why",
        e.message().trim(),
        crate::i18n::word(ReportLang::It, "toml_error", kind.key()),
    );
    let message = match &item {
        Some(k) => about_item(k, why),
        None => why,
    };
    Malformed::new(item, line, Msg::say(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind of error the Italian names comes from the stage of reading that meets it and
    /// from where the TOML reader points, not from the reader's (English) words, which are
    /// passed on as they are.
    #[test]
    fn the_kind_of_error_is_told_by_the_stage_not_by_the_words() {
        let said = |t: &str| {
            parse(t).err().map(|m| {
                let (en, it) = (m.message, m.message_it);
                (m.line, Msg { en, it })
            })
        };
        let (line, m) = said("white = \"a\"\nwhite = \"b\"\n").unwrap();
        assert_eq!(
            (line, m.it.as_str()),
            (Some(2), "`white` (I.2.1): voce scritta due volte")
        );
        let (line, m) = said("white = \"a\"\nbianco = \"b\"\n").unwrap();
        assert_eq!(
            (line, m.it.as_str()),
            (
                Some(2),
                "`white` (I.2.1): voce scritta due volte, come `white` e come `bianco`"
            )
        );
        assert_eq!(
            m.en,
            "`white` (I.2.1): written twice, as `white` and as `bianco`"
        );
        // A value of the wrong type before the second name is not the error said.
        let (line, m) = said("black = 3\nwhite = \"a\"\nbianco = \"b\"\n").unwrap();
        assert_eq!(line, Some(3));
        assert!(m.it.contains("voce scritta due volte"), "{}", m.it);
        // A table written twice, a key twice inside an inline table: written twice too.
        for t in [
            "notes = \"x\"\n[notes]\nb = 2\n",
            "[notes]\na = 1\n[notes]\nb = 2\n",
            "notes = { a = 1, a = 2 }\n",
        ] {
            let (_, m) = said(t).unwrap();
            assert!(m.it.contains("voce scritta due volte"), "{t}: {}", m.it);
        }
        let (line, m) = said("white = \"a\"\nblack = 3\n").unwrap();
        assert_eq!(
            (line, m.it.as_str()),
            (Some(2), "`black` (I.2.1): valore di tipo sbagliato")
        );
        let (_, m) = said("white = \"a\n").unwrap();
        assert_eq!(m.it, "`white` (I.2.1): errore di sintassi TOML");
        let (line, m) = said("white = \"a\"\nsealed_mvoe = 1\n").unwrap();
        assert_eq!(line, Some(2));
        assert!(m.it.contains("(forse `sealed_move`?)"), "{}", m.it);
        assert!(said("white = \"a\"\nbianco_x = \"b\"\n").is_some());
        assert!(said("white = \"a\"\nblack = \"b\"\n").is_none());
    }

    #[test]
    fn lines_keys_and_values() {
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a", 99), 1);
        assert_eq!(
            key_on_line("x = 1\n\"white\" = 2", 2).as_deref(),
            Some("white")
        );
        assert_eq!(key_on_line("x = 1", 3), None);
        assert_eq!(closest_key("sealed_mvoe"), Some("sealed_move"));
        assert_eq!(closest_key("colore"), None);
        assert_eq!(edit_distance("bianco", "banco"), 1);
        assert_eq!(
            movetext(Value::Array(vec![Value::from("1. e4"), Value::from("e5")])),
            "1. e4\ne5"
        );
        assert_eq!(value_text(&Value::from(3)).as_deref(), Some("3"));
    }
}
