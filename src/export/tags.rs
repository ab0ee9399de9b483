//! The tag section in PGN export format: the Seven Tag Roster first and in its order (`?` and
//! `????.??.??` where unknown), then every other tag in the order written; dates as
//! `YYYY.MM.DD`; values escaped.
//!
//! ```ignore
//! use scoresheet::export::tags::{export_date, roster};
//! let tags = vec![("Date".to_string(), "22/11/2026".to_string()), ("White".into(), "Rossi".into())];
//! let out = roster(&tags, "1-0");
//! assert_eq!(out[2], ("Date".to_string(), "2026.11.22".to_string()));
//! assert_eq!(out[4].1, "Rossi");
//! assert_eq!(out[6].1, "1-0");
//! assert_eq!(export_date("1992"), "1992.??.??");
//! ```

/// The Seven Tag Roster, in export order, with the value written when a tag is unknown.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

fn is_roster(name: &str) -> bool {
    SEVEN_TAG_ROSTER
        .iter()
        .any(|(r, _)| r.eq_ignore_ascii_case(name))
}

/// A date in export form `YYYY.MM.DD` (`??` for unknown parts): `22/11/2026`, `22.11.2026`,
/// `22-11-2026`, `2026-11-22`, `2026/11/22`, `2026.11`, `1992`. Anything else is kept as
/// written.
pub fn export_date(value: &str) -> String {
    let v = value.trim();
    if !v.is_empty() && v.bytes().all(|b| b == b'?' || b == b'.') {
        return "????.??.??".to_string();
    }
    let parts: Vec<&str> = v.split(['/', '.', '-']).collect();
    let num = |p: &str, len: usize| {
        (p.len() <= len
            && !p.is_empty()
            && (p.bytes().all(|b| b.is_ascii_digit()) || p.bytes().all(|b| b == b'?')))
        .then(|| {
            if p.starts_with('?') {
                "?".repeat(len)
            } else {
                format!("{p:0>len$}")
            }
        })
    };
    let year = |p: &str| (p.len() == 4).then(|| num(p, 4)).flatten();
    let out = match parts.as_slice() {
        [y] => year(y).map(|y| format!("{y}.??.??")),
        [y, m] => year(y).zip(num(m, 2)).map(|(y, m)| format!("{y}.{m}.??")),
        [a, b, c] => match (year(a), year(c)) {
            (Some(y), _) => num(b, 2)
                .zip(num(c, 2))
                .map(|(m, d)| format!("{y}.{m}.{d}")),
            (None, Some(y)) if a.len() <= 2 => {
                // day first, as Europe writes it; month first when the middle cannot be
                // a month (`11/22/2026`)
                let (d, m) = match (a.parse::<u32>(), b.parse::<u32>()) {
                    (Ok(x), Ok(y)) if y > 12 && x <= 12 => (b, a),
                    _ => (a, b),
                };
                num(m, 2)
                    .zip(num(d, 2))
                    .map(|(m, d)| format!("{y}.{m}.{d}"))
            }
            _ => None,
        },
        _ => None,
    };
    out.unwrap_or_else(|| value.to_string())
}

/// The tags to write: the roster (with `result` as the Result), then the others in the
/// order written. Tag names are matched without regard to case; of repeated tags the last
/// value wins, at the first one's place.
pub fn roster(tags: &[(String, String)], result: &str) -> Vec<(String, String)> {
    let last = |name: &str| {
        tags.iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    };
    let mut out: Vec<(String, String)> = SEVEN_TAG_ROSTER
        .iter()
        .map(|&(name, unknown)| {
            let value = match name {
                "Result" => result.to_string(),
                "Date" => last(name).map_or(unknown.to_string(), export_date),
                _ => last(name).unwrap_or(unknown).to_string(),
            };
            (name.to_string(), value)
        })
        .collect();
    for (k, _) in tags {
        if is_roster(k)
            || out[SEVEN_TAG_ROSTER.len()..]
                .iter()
                .any(|(o, _)| o.eq_ignore_ascii_case(k))
        {
            continue;
        }
        let v = tags
            .iter()
            .rev()
            .find(|(o, _)| o.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        out.push((k.clone(), v));
    }
    out
}

/// Whether a name can be written as a tag name: letters, digits and `_` (PGN standard 8.1.1),
/// ASCII, and not empty.
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `[Name "value"]` with `\` and `"` escaped.
pub fn tag_line(name: &str, value: &str) -> String {
    let mut s = String::with_capacity(name.len() + value.len() + 6);
    s.push('[');
    s.push_str(name);
    s.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s.push_str("\"]");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(export_date("22/11/2026"), "2026.11.22");
        assert_eq!(export_date("22.11.2026"), "2026.11.22");
        assert_eq!(export_date("1.2.2020"), "2020.02.01");
        assert_eq!(export_date("2026-11-22"), "2026.11.22");
        assert_eq!(export_date("2026.11.22"), "2026.11.22");
        assert_eq!(export_date("2026.??.??"), "2026.??.??");
        assert_eq!(export_date("????.??.??"), "????.??.??");
        assert_eq!(export_date("?"), "????.??.??");
        assert_eq!(export_date("1992"), "1992.??.??");
        assert_eq!(export_date("1992.05"), "1992.05.??");
        assert_eq!(export_date("11/22/2026"), "2026.11.22");
        assert_eq!(export_date("spring 1992"), "spring 1992");
    }

    #[test]
    fn roster_first_others_in_order() {
        let tags: Vec<(String, String)> = [
            ("WhiteElo", "2700"),
            ("white", "A"),
            ("Black", "B"),
            ("ECO", "C60"),
            ("Event", ""),
            ("eco", "C61"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let out = roster(&tags, "*");
        let names: Vec<&str> = out.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            ["Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "ECO"]
        );
        assert_eq!(out[0].1, "?");
        assert_eq!(out[4].1, "A");
        assert_eq!(out[8].1, "C61");
    }

    #[test]
    fn escapes() {
        assert_eq!(tag_line("White", r#"a "b" \c"#), r#"[White "a \"b\" \\c"]"#);
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::export::tags::{export_date, roster};
        let tags = vec![
            ("Date".to_string(), "22/11/2026".to_string()),
            ("White".into(), "Rossi".into()),
        ];
        let out = roster(&tags, "1-0");
        assert_eq!(out[2], ("Date".to_string(), "2026.11.22".to_string()));
        assert_eq!(out[4].1, "Rossi");
        assert_eq!(out[6].1, "1-0");
        assert_eq!(export_date("1992"), "1992.??.??");
    }
}
