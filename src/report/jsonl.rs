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
        // 4% of bulk validation. The findings, rarer and many-fielded, still go through serde.
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
            string(out, name);
            out.push(b':');
            string(out, value);
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
            Some(result) => string(out, result),
            None => out.extend_from_slice(b"null"),
        }
        if let Some(ply) = r.irregular_from_ply {
            out.extend_from_slice(b",\"irregular_from_ply\":");
            number(out, ply.into());
        }
        out.extend_from_slice(b",\"termination\":");
        serde_json::to_writer(&mut *out, &r.termination)?;
        if let Some(sp) = r.sp {
            out.extend_from_slice(b",\"sp\":");
            number(out, sp.into());
        }
        out.extend_from_slice(b",\"findings\":");
        serde_json::to_writer(&mut *out, &r.findings)?;
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

fn number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Whether any byte of a block must be escaped in a JSON string (as serde_json escapes: the
/// quote, the backslash and the control characters below U+0020). Branch-free over a fixed
/// block, so that it compiles to a few vector instructions.
fn needs_escape(block: &[u8; 16]) -> bool {
    block.iter().fold(0u8, |any, &b| {
        any | u8::from(b < 0x20) | u8::from(b == b'"') | u8::from(b == b'\\')
    }) != 0
}

/// The bytes [`needs_escape`] looks for, one table look-up a byte.
static ESCAPED: [bool; 256] = {
    let mut escaped = [false; 256];
    let mut b = 0;
    while b < 256 {
        escaped[b] = b < 0x20 || b == b'"' as usize || b == b'\\' as usize;
        b += 1;
    }
    escaped
};

/// A JSON string as serde_json writes it: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and
/// `\u00XX` (lowercase hex) for the other control characters; everything else as it is.
fn string(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // Almost every string needs no escape: tested sixteen bytes at a time (the last block
    // padded with blanks) and copied whole; a string shorter than a block (most tag values,
    // the language code) byte by byte, without building the padded block.
    let clean = if bytes.len() < 16 {
        !bytes.iter().any(|&b| ESCAPED[usize::from(b)])
    } else {
        let (blocks, tail) = bytes.as_chunks::<16>();
        let mut last = [b' '; 16];
        last[..tail.len()].copy_from_slice(tail);
        !blocks.iter().any(needs_escape) && !needs_escape(&last)
    };
    if clean {
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
        for n in [0u64, 9, 10, 99, 100, 12345, u64::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
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
            assert_eq!(by_hand(&r), by_serde(&r), "{text:?}");
        }
    }
}
