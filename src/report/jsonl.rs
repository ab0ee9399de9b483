#![doc = include_str!("../../grammar/record.md")]
//!
//! # The printer
//!
//! The object is [`GameRecord`] serialised as is.
//!
//! ```
//! use scoresheet::replay::{validate_text, Options};
//! use scoresheet::report::{jsonl::Jsonl, Sink};
//! let rec = validate_text("1. e4 e5 *", &Options::default());
//! let mut out = Vec::new();
//! Jsonl.record(&mut out, &rec).unwrap();
//! let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
//! assert_eq!(v["plies"], 2);
//! assert_eq!(v["status"], "ok");
//! ```

use std::io::{self, Write};

use super::Sink;
use crate::replay::GameRecord;

/// One JSON object per game, ended by a line feed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Jsonl;

impl Sink for Jsonl {
    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()> {
        // Written field by field, byte for byte what `serde_json::to_writer` writes for the
        // derived `Serialize` (the test below holds the two together): through serde each
        // field and each tag was several calls and each string a byte-at-a-time escape, about
        // 4% of bulk validation. The findings, rarer and many-fielded, still go through serde
        // (an empty list written here).
        out.extend_from_slice(b"{\"file\":");
        string(out, &r.file);
        out.extend_from_slice(b",\"game\":");
        number(out, r.game);
        out.extend_from_slice(b",\"offset\":");
        number(out, r.offset);
        out.extend_from_slice(b",\"line\":");
        number(out, r.line);
        out.extend_from_slice(b",\"tags\":{");
        for (i, (name, value)) in r.tags.0.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            pair(out, name, value);
        }
        out.extend_from_slice(b"},\"lang\":");
        string(out, &r.lang);
        out.extend_from_slice(b",\"lang_candidates\":[");
        for (i, lang) in r.lang_candidates.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            string(out, lang);
        }
        out.extend_from_slice(b"],\"variant\":");
        string(out, r.variant.as_str());
        out.extend_from_slice(b",\"plies\":");
        number(out, r.plies.into());
        out.extend_from_slice(b",\"final_fen\":");
        string(out, &r.final_fen);
        out.extend_from_slice(b",\"status\":");
        string(out, r.status.as_str());
        out.extend_from_slice(b",\"result\":");
        match r.result {
            Some(result) => string(out, result.as_str()),
            None => out.extend_from_slice(b"null"),
        }
        if let Some(ply) = r.irregular_from_ply {
            out.extend_from_slice(b",\"irregular_from_ply\":");
            number(out, ply.into());
        }
        out.extend_from_slice(b",\"termination\":");
        match r.termination {
            Some(t) => {
                out.extend_from_slice(b"{\"kind\":");
                string(out, t.kind.id());
                out.extend_from_slice(b",\"ply\":");
                number(out, t.ply.into());
                out.push(b'}');
            }
            None => out.extend_from_slice(b"null"),
        }
        if let Some(sp) = r.sp {
            out.extend_from_slice(b",\"sp\":");
            number(out, sp.into());
        }
        out.extend_from_slice(b",\"findings\":");
        if r.findings.is_empty() {
            // (most games: a call of serde for an empty list cost some 400 instructions)
            out.extend_from_slice(b"[]");
        } else {
            serde_json::to_writer(&mut *out, &r.findings)?;
        }
        if r.filtered_out != 0 {
            out.extend_from_slice(b",\"filtered_out\":");
            number(out, r.filtered_out.into());
        }
        if let Some(repaired) = r.repaired {
            out.extend_from_slice(b",\"repaired\":");
            number(out, repaired.into());
        }
        out.write_all(b"}\n")
    }
}

/// `n` in decimal, two digits at a time (a division by 100 and a look-up for each pair, where
/// a digit at a time was a division each).
fn number(out: &mut Vec<u8>, mut n: u64) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        let pair = n as usize * 2;
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        i -= 1;
        digits[i] = b'0' + n as u8;
    }
    out.extend_from_slice(&digits[i..]);
}

/// Whether any of the eight bytes of `word` must be escaped in a JSON string (as serde_json
/// escapes: the quote, the backslash and the control characters below U+0020), told at once
/// (see [`crate::swar`]).
#[inline]
fn word_needs_escape(word: u64) -> bool {
    use crate::swar::{below, equal};
    below(word, 0x20) | equal(word, b'"') | equal(word, b'\\') != 0
}

/// Whether any byte of `bytes` must be escaped: eight bytes at a time, the last eight (or the
/// fewer of a short string, read as two overlapping halves and padded with blanks) at once.
#[inline]
fn needs_escape(bytes: &[u8]) -> bool {
    use crate::swar::word;
    let half = |b: &[u8; 4]| u64::from(u32::from_le_bytes(*b));
    let quarter = |b: &[u8; 2]| u64::from(u16::from_le_bytes(*b));
    const BLANKS: u64 = 0x2020_2020_2020_2020;
    let last = if let Some(last) = bytes.last_chunk::<8>() {
        let (words, _) = bytes.as_chunks::<8>();
        if words.iter().any(|w| word_needs_escape(word(w))) {
            return true;
        }
        word(last)
    } else if let (Some(a), Some(b)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        half(a) | half(b) << 32
    } else if let (Some(a), Some(b)) = (bytes.first_chunk::<2>(), bytes.last_chunk::<2>()) {
        quarter(a) | quarter(b) << 16 | BLANKS << 32
    } else if let Some(&a) = bytes.first() {
        u64::from(a) | BLANKS << 8
    } else {
        BLANKS
    };
    word_needs_escape(last)
}

/// [`needs_escape`] a byte at a time: the reference its test compares it with.
#[cfg(test)]
fn needs_escape_by_bytes(bytes: &[u8]) -> bool {
    bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\')
}

/// A tag, `"name":"value"`, as [`string`] writes the two: the common tag, with nothing to
/// escape, written at once (the name and the value are two tenths of the strings of a
/// record, each a call of [`string`] with its own reservation and quotes).
fn pair(out: &mut Vec<u8>, name: &str, value: &str) {
    let (name, value) = (name.as_bytes(), value.as_bytes());
    if needs_escape(name) || needs_escape(value) {
        string_of_bytes(out, name);
        out.push(b':');
        string_of_bytes(out, value);
        return;
    }
    out.reserve(name.len() + value.len() + 5);
    out.push(b'"');
    out.extend_from_slice(name);
    out.extend_from_slice(b"\":\"");
    out.extend_from_slice(value);
    out.push(b'"');
}

/// A JSON string as serde_json writes it: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and
/// `\u00XX` (lowercase hex) for the other control characters; everything else as it is.
#[inline]
fn string(out: &mut Vec<u8>, s: &str) {
    string_of_bytes(out, s.as_bytes());
}

/// [`string`], of the bytes of a `str`.
fn string_of_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // Almost every string needs no escape: tested eight bytes at a time and copied whole.
    if !needs_escape(bytes) {
        out.extend_from_slice(bytes);
    } else {
        let mut from = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b >= 0x20 && b != b'"' && b != b'\\' {
                continue;
            }
            out.extend_from_slice(&bytes[from..i]);
            match b {
                b'"' => out.extend_from_slice(b"\\\""),
                b'\\' => out.extend_from_slice(b"\\\\"),
                0x08 => out.extend_from_slice(b"\\b"),
                0x0c => out.extend_from_slice(b"\\f"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                _ => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.extend_from_slice(b"\\u00");
                    out.push(HEX[usize::from(b >> 4)]);
                    out.push(HEX[usize::from(b & 0xf)]);
                }
            }
            from = i + 1;
        }
        out.extend_from_slice(&bytes[from..]);
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{validate_text, Options};

    /// The record as serde writes it, which the hand-written printer must match.
    fn by_serde(r: &GameRecord) -> Vec<u8> {
        let mut out = serde_json::to_vec(r).expect("a record serialises");
        out.push(b'\n');
        out
    }

    fn by_hand(r: &GameRecord) -> Vec<u8> {
        let mut out = Vec::new();
        Jsonl.record(&mut out, r).expect("writing to a vector");
        out
    }

    #[test]
    fn strings_are_escaped_as_serde_escapes_them() {
        let mut every_byte = String::new();
        for c in (0u8..0x80)
            .map(char::from)
            .chain(['é', '½', '\u{2028}', '\u{feff}'])
        {
            every_byte.push(c);
        }
        for s in [
            "",
            "plain",
            "a \"quoted\" \\ name",
            "\u{0}\u{1f}\u{7f}\t\r\n\u{8}\u{c}",
            "x\"y",
            "a\\b",
            "fifteen bytes\"",
            "sixteen bytes ok",
            "sixteen bytes \"x",
            every_byte.as_str(),
        ] {
            let mut out = Vec::new();
            string(&mut out, s);
            assert_eq!(out, serde_json::to_vec(s).unwrap(), "{s:?}");
        }
        for n in [
            0u64,
            9,
            10,
            11,
            99,
            100,
            101,
            999,
            1000,
            12345,
            99_999,
            1 << 32,
            u64::MAX - 1,
            u64::MAX,
        ] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }

    /// The eight-byte test finds a byte to escape exactly where a byte-by-byte look does:
    /// in strings of every length up to 40 with one byte of every value at every place, the
    /// rest plain (or the high bytes of UTF-8 text, which borrow in the arithmetic).
    #[test]
    fn escapes_found_as_by_bytes() {
        for fill in [b'a', b' ', 0x80, 0xff, b'!', b'#', b'[', b']', 0x1f + 1] {
            for len in 0..=40 {
                let plain = vec![fill; len];
                assert_eq!(needs_escape(&plain), needs_escape_by_bytes(&plain));
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut s = plain.clone();
                        s[at] = b;
                        assert_eq!(
                            needs_escape(&s),
                            needs_escape_by_bytes(&s),
                            "{s:?} ({len} bytes, {b:#x} at {at})"
                        );
                    }
                }
            }
        }
    }

    /// Every ending, written by hand as serde writes it.
    #[test]
    fn terminations_match_serde() {
        use crate::laws::ending::{EndKind, Termination};
        let kinds = [
            EndKind::Checkmate,
            EndKind::Stalemate,
            EndKind::DeadPosition,
            EndKind::SeventyFiveMoves,
            EndKind::Fivefold,
        ];
        for kind in kinds {
            // (a new kind fails to compile here until it is added to the list above)
            match kind {
                EndKind::Checkmate
                | EndKind::Stalemate
                | EndKind::DeadPosition
                | EndKind::SeventyFiveMoves
                | EndKind::Fivefold => {}
            }
            let mut r = validate_text("1. e4 e5 *", &Options::default());
            for ply in [0, 7, 150, u32::MAX] {
                r.termination = Some(Termination { kind, ply });
                assert_eq!(by_hand(&r), by_serde(&r), "{kind:?}");
            }
        }
    }

    #[test]
    fn records_match_serde() {
        let games = [
            "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *",
            "[Event \"A \\\"quoted\\\" event\"]\n[White \"Rossi\tMario\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0",
            "[FEN \"8/8/4k3/8/8/8/3B4/4K3 w - - 0 1\"]\n\n1. Bc3 Kd5 1/2-1/2",
            "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 *",
            "1. e4 e5 2. Qxe5 Nf6 *",
            "1. d4 d5 2. c4 (2. Nf3 Nf6) 2... dxc4 3. e4 b5 4. a4 c6 5. axb5 cxb5 6. Qf3 Nc6 7. Qxc6+ 0-1",
            "",
            "[Event \"\u{1}\"]",
        ];
        for text in games {
            let mut r = validate_text(text, &Options::default());
            assert_eq!(by_hand(&r), by_serde(&r), "{text:?}");
            r.irregular_from_ply = Some(3);
            r.sp = Some(518);
            r.filtered_out = 2;
            r.repaired = Some(1);
            r.lang_candidates = vec!["it".into(), "es".into()];
            r.file = "dir\\with \"quotes\".pgn".into();
            r.tags.0.push(("odd\"name".into(), "plain".into()));
            r.tags.0.push(("plain".into(), "odd\\value\n".into()));
            assert_eq!(by_hand(&r), by_serde(&r), "{text:?}");
        }
    }
}
