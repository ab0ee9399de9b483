//! The TOML document as written: its keys in English or Italian, the line of a value, and
//! why a document cannot be read ([`Malformed`], with the key meant when one is misspelt).

use serde::Deserialize;
use toml::{Spanned, Value};

use super::{article_of, Malformed, KEYS};

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

pub(super) fn malformed(text: &str, e: &toml::de::Error) -> Malformed {
    let line = e.span().map(|s| line_of(text, s.start));
    let msg = e.message().trim().to_string();
    if let Some(rest) = msg.strip_prefix("unknown field `") {
        let name = rest.split('`').next().unwrap_or("").to_string();
        let hint = closest_key(&name);
        let hint_en = hint
            .map(|k| format!(" (did you mean `{k}`?)"))
            .unwrap_or_default();
        let hint_it = hint.map(|k| format!(" (forse `{k}`?)")).unwrap_or_default();
        return Malformed {
            message: format!(
                "unknown item `{name}`{hint_en}: an envelope holds only the items of Guideline I.2, the sealed move and the scoresheets (see grammar/envelope.md)"
            ),
            message_it: format!(
                "voce sconosciuta `{name}`{hint_it}: una busta contiene solo le voci delle Linee guida I.2, la mossa sigillata e i formulari (vedi grammar/envelope.md)"
            ),
            item: Some(name),
            line,
        };
    }
    let item = if let Some(rest) = msg.strip_prefix("duplicate field `") {
        rest.split('`').next().map(str::to_string)
    } else {
        line.and_then(|l| key_on_line(text, l))
    };
    // The TOML reader's own words are English; the Italian says what kind of error it is.
    let what_it = if msg.starts_with("duplicate") {
        "voce scritta due volte"
    } else if msg.starts_with("invalid type") {
        "valore di tipo sbagliato"
    } else {
        "errore di sintassi TOML"
    };
    let (message, message_it) = match &item {
        Some(k) => {
            let art = article_of(k);
            if art.is_empty() {
                (format!("`{k}`: {msg}"), format!("`{k}`: {what_it}"))
            } else {
                (
                    format!("`{k}` ({art}): {msg}"),
                    format!("`{k}` ({art}): {what_it}"),
                )
            }
        }
        None => (msg, what_it.to_string()),
    };
    Malformed {
        item,
        line,
        message,
        message_it,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
