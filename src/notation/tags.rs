//! The tag section: PGN tag pairs (`[White "Rossi, Mario"]`) and the header lines of bare
//! scoresheets (`Bianco: Rossi`), which map to PGN tags through `grammar/headers.csv`.
//!
//! ```
//! use scoresheet::notation::tags::{tag_pairs, scoresheet_header};
//! let (_, pairs) = tag_pairs(r#"[White "Rossi, \"Mario\""]"#).unwrap();
//! assert_eq!(pairs[0], ("White".to_string(), "Rossi, \"Mario\"".to_string()));
//! assert_eq!(scoresheet_header("Bianco: Rossi"), Some(("White", "Rossi".to_string())));
//! ```

use std::{collections::HashMap, sync::OnceLock};

use nom::{
    bytes::complete::{take_while, take_while1},
    character::complete::{char, space0},
    IResult, Parser,
};

const HEADERS: &str = include_str!("../../grammar/headers.csv");

fn header_words() -> &'static HashMap<String, &'static str> {
    static WORDS: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut map = HashMap::new();
        let mut reader = csv::Reader::from_reader(HEADERS.as_bytes());
        for record in reader.records().flatten() {
            if let (Some(word), Some(tag)) = (record.get(0), record.get(1)) {
                let tag: &'static str = match tag {
                    "White" => "White",
                    "Black" => "Black",
                    "Event" => "Event",
                    "Site" => "Site",
                    "Date" => "Date",
                    "Round" => "Round",
                    "Result" => "Result",
                    _ => continue,
                };
                map.insert(word.to_lowercase(), tag);
            }
        }
        map
    })
}

/// `tag_name = letter | digit | "_" ...`
pub fn tag_name(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_alphanumeric() || c == '_' || c == '-' || c == '.').parse(input)
}

/// `tag_value = '"' { char | '\"' | '\\' } '"'`, tolerant of unescaped quotes: when the
/// closing quote is not followed by `]`, the value runs to the last quote before the `]`.
pub fn tag_value(input: &str) -> IResult<&str, String> {
    let (body, _) = char('"').parse(input)?;
    let mut value = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => value.push(e),
                Some((_, e)) => {
                    value.push('\\');
                    value.push(e);
                }
                None => value.push('\\'),
            },
            '"' => {
                let after = &body[i + 1..];
                if after.trim_start().starts_with(']') {
                    return Ok((after, value));
                }
                // An unescaped quote inside the value: keep going if a later quote closes it.
                if after.contains("\"") && after.contains(']') {
                    value.push('"');
                } else {
                    return Ok((after, value));
                }
            }
            '\n' => return Ok((&body[i..], value)),
            c => value.push(c),
        }
    }
    Ok(("", value))
}

/// `tag_pair = "[" tag_name tag_value "]"`; a value without quotes is read up to `]`.
pub fn tag_pair(input: &str) -> IResult<&str, (String, String)> {
    match plain_tag_pair(input) {
        Some((rest, (name, value))) => Ok((rest, (name.to_string(), value.to_string()))),
        None => tag_pair_by_rules(input),
    }
}

/// The common tag pair, `[Name "Value"]` with one space, an ASCII name and a value without
/// quotes, backslashes or line breaks, read at once; `None` for anything else. It gives
/// exactly what the rules give (a test compares the two over every tag of the corpora).
pub(crate) fn plain_tag_pair(input: &str) -> Option<(&str, (&str, &str))> {
    let b = input.as_bytes();
    if b.first() != Some(&b'[') {
        return None;
    }
    let name_end = 1 + b[1..]
        .iter()
        .take_while(|&&c| TAG_NAME_BYTE[usize::from(c)])
        .count();
    if name_end == 1 || b.get(name_end..name_end + 2) != Some(&b" \""[..]) {
        return None;
    }
    let start = name_end + 2;
    let close = value_stop(b, start)?;
    if b.get(close..close + 2) != Some(&b"\"]"[..]) {
        return None;
    }
    // (cut with `split_at`, whose tests of character boundaries inline, where indexing the
    // `str` was a call each)
    let (pair, rest) = input.split_at(close + 2);
    let (head, value) = pair.split_at(close).0.split_at(start);
    Some((rest, (head.split_at(name_end).0.split_at(1).1, value)))
}

/// Where the first byte of `b[from..]` that ends a plain tag value is (see
/// [`TAG_VALUE_STOP`]). Values are short (a name, a date): setting up `memchr3` costs more
/// than the search, and so did a table look-up a byte; they are searched eight bytes at a
/// time ([`crate::swar`], exact for the first byte that is one of the three), the last few a
/// byte at a time.
fn value_stop(b: &[u8], from: usize) -> Option<usize> {
    use crate::swar::{equal, first, word};
    let mut i = from;
    while let Some(block) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let w = word(block);
        let stops = equal(w, b'"') | equal(w, b'\\') | equal(w, b'\n');
        if stops != 0 {
            return Some(i + first(stops));
        }
        i += 8;
    }
    let tail = b.get(i..)?;
    tail.iter()
        .position(|&c| TAG_VALUE_STOP[usize::from(c)])
        .map(|n| i + n)
}

/// The bytes that end a plain tag value: its closing quote, or a backslash or line feed
/// that the rules read.
static TAG_VALUE_STOP: [bool; 256] = {
    let mut stop = [false; 256];
    stop[b'"' as usize] = true;
    stop[b'\\' as usize] = true;
    stop[b'\n' as usize] = true;
    stop
};

/// The bytes of a tag name (ASCII letters, digits, `_`): one table look-up a byte.
pub(crate) static TAG_NAME_BYTE: [bool; 256] = {
    let mut name = [false; 256];
    let mut b = 0;
    while b < 256 {
        name[b] = (b as u8).is_ascii_alphanumeric() || b as u8 == b'_';
        b += 1;
    }
    name
};

/// [`tag_pair`] by the general rules.
pub(crate) fn tag_pair_by_rules(input: &str) -> IResult<&str, (String, String)> {
    let (rest, _) = (space0, char('['), space0).parse(input)?;
    let (rest, name) = tag_name(rest)?;
    let (rest, _) = space0(rest)?;
    let (rest, value) = if rest.starts_with('"') {
        tag_value(rest)?
    } else {
        let (r, v) = take_while(|c: char| c != ']' && c != '\n').parse(rest)?;
        (r, v.trim().to_string())
    };
    let (rest, _) = space0(rest)?;
    let rest = rest.strip_prefix(']').unwrap_or(rest);
    Ok((rest, (name.to_string(), value)))
}

/// `tag_line = tag_pair { tag_pair }`: some files put several pairs on one line.
pub fn tag_pairs(input: &str) -> IResult<&str, Vec<(String, String)>> {
    let mut out = Vec::new();
    let (mut rest, first) = tag_pair(input)?;
    out.push(first);
    while let Ok((r, pair)) = tag_pair(rest) {
        out.push(pair);
        rest = r;
    }
    Ok((rest, out))
}

/// `scoresheet_header = header_word (":" | "=") value`, for the words in
/// `grammar/headers.csv` (`Bianco: Rossi` → `White`). Dates written `22/11/2026` or
/// `22.11.2026` become `2026.11.22`.
pub fn scoresheet_header(line: &str) -> Option<(&'static str, String)> {
    let line = line.trim();
    if starts_with_digit(line) {
        return None;
    }
    let (word, sep) = header_word(line)?;
    let tag = *header_words().get(&word)?;
    let value = line[sep + 1..].trim().to_string();
    let value = if tag == "Date" {
        normalize_date(&value)
    } else if tag == "Result" {
        normalize_result(&value)
    } else {
        value
    };
    Some((tag, value))
}

/// The lower-cased word before `:`/`=` of a line that may be a scoresheet header, and where
/// the separator is.
fn header_word(line: &str) -> Option<(String, usize)> {
    let sep = line.find([':', '='])?;
    let word = line[..sep].trim();
    if word.is_empty() || word.len() > 24 || word.contains(char::is_whitespace) {
        return None;
    }
    Some((word.to_lowercase(), sep))
}

/// The languages (codes of `grammar/languages.csv`) whose scoresheets use the header word of
/// this line (`Bianco: Rossi` → `it`; `Data: …` → `it`, `pt`); empty when the line is no
/// scoresheet header. Header words are evidence for a game's notation language.
pub fn header_languages(line: &str) -> &'static [String] {
    static LANGS: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    let map = LANGS.get_or_init(|| {
        let mut map = HashMap::new();
        let mut reader = csv::Reader::from_reader(HEADERS.as_bytes());
        for record in reader.records().flatten() {
            if let (Some(word), Some(langs)) = (record.get(0), record.get(2)) {
                map.insert(
                    word.to_lowercase(),
                    langs.split_whitespace().map(str::to_string).collect(),
                );
            }
        }
        map
    });
    header_word(line.trim())
        .and_then(|(word, _)| map.get(&word))
        .map_or(&[], Vec::as_slice)
}

/// No header word starts with a digit (a test holds `grammar/headers.csv` to it), so a line
/// that does, a movetext line's move number above all, is no header and no column heads:
/// told without cutting out and lower-casing its first word, once per game and once per
/// movetext line with a `:` or `=` (clock comments).
fn starts_with_digit(line: &str) -> bool {
    line.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// Whether a line is the column heads of a scoresheet (`Bianco   Nero`, `N. White Black`).
pub fn is_column_heads(line: &str) -> bool {
    if starts_with_digit(line.trim_start()) {
        return false;
    }
    let mut players = 0;
    for word in line.split_whitespace() {
        match header_words().get(&word.to_lowercase()) {
            Some(&("White" | "Black")) => players += 1,
            _ if matches!(
                word,
                "N." | "N" | "#" | "No." | "Nr." | "n." | "Mossa" | "Move"
            ) => {}
            _ => return false,
        }
    }
    players > 0
}

/// Whether a line is a scoresheet header line (used by the game splitter).
pub fn is_scoresheet_header(line: &str) -> bool {
    scoresheet_header(line).is_some()
}

/// `22/11/2026`, `22.11.2026`, `22-11-2026` → `2026.11.22`; other values unchanged.
pub fn normalize_date(value: &str) -> String {
    let parts: Vec<&str> = value.split(['/', '.', '-']).collect();
    if parts.len() == 3
        && parts[0].len() <= 2
        && parts[1].len() <= 2
        && parts[2].len() == 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return format!("{}.{:0>2}.{:0>2}", parts[2], parts[1], parts[0]);
    }
    value.to_string()
}

/// `½-½` and the other spellings of [`crate::result::SPELLINGS`] → PGN's form (`1/2-1/2`);
/// other values unchanged.
pub fn normalize_result(value: &str) -> String {
    match value.parse::<crate::result::GameResult>() {
        Ok(r) => r.to_string(),
        Err(_) => value.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path gives the rules' pairs on every tag line of the bundled corpora and,
    /// when it is beside the checkout, of `../shared/corpora`.
    #[test]
    fn plain_tag_pairs_read_as_by_the_rules() {
        let mut all = std::collections::BTreeSet::new();
        for text in crate::notation::corpus_texts() {
            all.extend(
                text.lines()
                    .filter(|l| l.trim_start().starts_with('['))
                    .map(str::to_string),
            );
        }
        let mut fast = 0;
        for l in &all {
            if let Some((rest, (name, value))) = plain_tag_pair(l) {
                fast += 1;
                let pair = (rest, (name.to_string(), value.to_string()));
                assert_eq!(Ok(pair), tag_pair_by_rules(l), "{l}");
            }
        }
        // (the bundled corpora alone hold some 550 such lines)
        assert!(fast > 250, "{fast} of {} tag lines", all.len());
    }

    /// The value's end found eight bytes at a time is the one a byte at a time finds, from
    /// every place of every tag line of the corpora and of lines of the three stops and
    /// other bytes put together at random.
    #[test]
    fn value_stops_as_by_bytes() {
        let mut lines: Vec<Vec<u8>> = Vec::new();
        for text in crate::notation::corpus_texts() {
            lines.extend(
                text.lines()
                    .filter(|l| l.trim_start().starts_with('['))
                    .map(|l| format!("{l}\n").into_bytes()),
            );
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let pieces: [&[u8]; 8] = [b"\"", b"\\", b"\n", b"a", b" ", "é".as_bytes(), b"!", b"]"];
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut line = Vec::new();
            for k in 0..(seed % 24) {
                line.extend_from_slice(pieces[(seed >> (2 * k + 8)) as usize % pieces.len()]);
            }
            lines.push(line);
        }
        for line in &lines {
            for from in 0..=line.len() {
                let by_bytes = line[from..]
                    .iter()
                    .position(|&c| TAG_VALUE_STOP[usize::from(c)])
                    .map(|n| from + n);
                assert_eq!(value_stop(line, from), by_bytes, "{line:?} from {from}");
            }
        }
    }

    #[test]
    fn tag_name_rule() {
        assert_eq!(tag_name("White \"x\"").unwrap().1, "White");
        assert!(tag_name(" x").is_err());
    }

    #[test]
    fn tag_value_escapes() {
        assert_eq!(tag_value(r#""a \"b\" \\ c"]"#).unwrap().1, r#"a "b" \ c"#);
        assert_eq!(tag_value(r#""unterminated"#).unwrap().1, "unterminated");
    }

    #[test]
    fn tag_pair_tolerates_odd_input() {
        assert_eq!(
            tag_pair("  [  Event   \"Open\"  ]").unwrap().1,
            ("Event".into(), "Open".into())
        );
        assert_eq!(
            tag_pair(r#"[White "Smith "Junior" John"]"#).unwrap().1 .1,
            r#"Smith "Junior" John"#
        );
        assert_eq!(
            tag_pair("[Round 3]").unwrap().1,
            ("Round".into(), "3".into())
        );
        assert_eq!(
            tag_pair(r#"[Site "a]b"]"#).unwrap().1 .1,
            "a]b",
            "a bracket inside quotes is part of the value"
        );
    }

    #[test]
    fn several_pairs_on_a_line() {
        let (_, pairs) = tag_pairs(r#"[Event "E"][Site "S"]"#).unwrap();
        assert_eq!(pairs.len(), 2);
    }

    #[test]
    fn scoresheet_headers_map_to_tags() {
        assert_eq!(
            scoresheet_header("Nero : Bianchi, Luca"),
            Some(("Black", "Bianchi, Luca".into()))
        );
        assert_eq!(
            scoresheet_header("Data: 22/11/2026"),
            Some(("Date", "2026.11.22".into()))
        );
        assert_eq!(
            scoresheet_header("Risultato: ½-½"),
            Some(("Result", crate::result::GameResult::Draw.to_string()))
        );
        assert_eq!(
            scoresheet_header("Weiß: Müller"),
            Some(("White", "Müller".into()))
        );
        assert_eq!(scoresheet_header("1. e4 e5"), None);
        assert_eq!(scoresheet_header("Cf3: what"), None);
    }

    #[test]
    fn no_header_word_starts_with_a_digit() {
        for word in header_words().keys() {
            assert!(!starts_with_digit(word), "{word}");
        }
        for (line, header) in [
            ("1. e4 e5", false),
            ("12:30", false),
            ("Bianco: Rossi", true),
        ] {
            assert_eq!(scoresheet_header(line).is_some(), header, "{line}");
        }
        assert!(!is_column_heads("1 Bianco Nero"));
    }

    #[test]
    fn header_words_name_their_languages() {
        assert_eq!(header_languages("Bianco: Rossi"), ["it"]);
        assert_eq!(header_languages("  Data = 22/11/2026"), ["it", "pt"]);
        assert_eq!(header_languages("Blancas: Pérez"), ["es"]);
        assert!(header_languages("1. e4 e5").is_empty());
        // every language named is one of languages.csv
        for line in HEADERS.lines().skip(1) {
            let word = line.split(',').next().unwrap_or_default();
            let langs = header_languages(&format!("{word}: x"));
            assert!(!langs.is_empty(), "{word}");
            for code in langs {
                assert!(super::super::languages::by_code(code).is_some(), "{code}");
            }
        }
    }

    #[test]
    fn column_heads() {
        assert!(is_column_heads("   Bianco      Nero"));
        assert!(is_column_heads("N. White Black"));
        assert!(!is_column_heads("Bianco: Rossi"));
        assert!(!is_column_heads("1. e4 e5"));
    }

    #[test]
    fn dates() {
        assert_eq!(normalize_date("1.2.2020"), "2020.02.01");
        assert_eq!(normalize_date("2020.02.01"), "2020.02.01");
    }
}
