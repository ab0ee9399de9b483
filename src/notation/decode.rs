//! Text encodings found in real archives: UTF-8 (with or without BOM), UTF-16 with BOM, and
//! Latin-1 / Windows-1252 (common in Italian archives). No game is ever rejected for its
//! encoding and no character is lost: a line that is not UTF-8 is read as Windows-1252,
//! whose five unassigned bytes map to the C1 controls of the same value, as Latin-1 does.
//! The one exception: control characters that are not white space (NUL, the other C0
//! controls but tab, line feed, vertical tab, form feed and carriage return, and DEL) are no
//! text anyone wrote but damage; they are left out of the text read, and [`decode_game`]
//! says where they were, so that the damage is reported rather than read as part of a
//! header or a move.
//!
//! ```
//! use scoresheet::notation::decode::decode;
//! assert_eq!(decode(b"[White \"Citt\xe0\"]"), "[White \"Città\"]");
//! assert_eq!(decode("Città".as_bytes()), "Città");
//! ```

use std::borrow::Cow;

/// Windows-1252 characters for bytes 0x80..=0x9F.
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

fn cp1252_char(b: u8) -> char {
    match b {
        0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// A control character left out of a game's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ControlCharacter {
    /// Byte offset in the decoded text of the character that followed it.
    pub at: usize,
    pub character: char,
}

/// Whether a byte is a control character that is not white space (and so, in UTF-8, such a
/// character whole: ASCII bytes never continue a character).
pub(crate) fn is_damage(b: u8) -> bool {
    matches!(b, 0x00..=0x08 | 0x0e..=0x1f | 0x7f)
}

/// Whether any byte is a control character that is not white space, as every game's text is
/// asked this once: sixteen bytes at a time, without branches inside a block (the fold
/// compiles to a few vector instructions a block; a word-at-a-time test had to look at every
/// byte of each word with a line feed in it).
fn has_damage(bytes: &[u8]) -> bool {
    fn any_damage(block: &[u8]) -> bool {
        block
            .iter()
            .fold(0u8, |any, &b| any | u8::from(is_damage(b)))
            != 0
    }
    let (blocks, tail) = bytes.as_chunks::<16>();
    blocks.iter().any(|block| any_damage(block)) || any_damage(tail)
}

/// Decode a game's bytes (as [`decode`]) and say which control characters were left out.
///
/// ```
/// use scoresheet::notation::decode::decode_game;
/// let (text, left_out) = decode_game(b"1. e4 e5 2. C\0f3");
/// assert_eq!(text, "1. e4 e5 2. Cf3");
/// assert_eq!((left_out[0].at, left_out[0].character), (13, '\0'));
/// ```
pub fn decode_game(bytes: &[u8]) -> (Cow<'_, str>, Vec<ControlCharacter>) {
    let text = decode_text(bytes);
    if !has_damage(text.as_bytes()) {
        return (text, Vec::new());
    }
    let mut clean = String::with_capacity(text.len());
    let mut left_out = Vec::new();
    for c in text.chars() {
        if c.is_ascii() && is_damage(c as u8) {
            left_out.push(ControlCharacter {
                at: clean.len(),
                character: c,
            });
        } else {
            clean.push(c);
        }
    }
    (Cow::Owned(clean), left_out)
}

/// Decode a game's bytes: UTF-8 when valid, otherwise line by line, each line UTF-8 if it is
/// valid UTF-8 and Windows-1252 if not (files that mix the two exist). Control characters
/// that are not white space are left out (see [`decode_game`]).
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    decode_game(bytes).0
}

fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => {
            let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
            for line in bytes.split_inclusive(|&b| b == b'\n') {
                match std::str::from_utf8(line) {
                    Ok(s) => out.push_str(s),
                    Err(_) => out.extend(line.iter().map(|&b| cp1252_char(b))),
                }
            }
            Cow::Owned(out)
        }
    }
}

/// Whether `bytes` start with a UTF-16 byte-order mark; returns true for little-endian.
pub fn utf16_bom(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0xff, 0xfe, ..] => Some(true),
        [0xfe, 0xff, ..] => Some(false),
        _ => None,
    }
}

/// Transcode a whole UTF-16 document (BOM included) to UTF-8. Unpaired surrogates become
/// U+FFFD; an odd trailing byte is dropped.
pub fn utf16_to_utf8(bytes: &[u8], little_endian: bool) -> String {
    let units = bytes[2..].chunks_exact(2).map(|c| {
        if little_endian {
            u16::from_le_bytes([c[0], c[1]])
        } else {
            u16::from_be_bytes([c[0], c[1]])
        }
    });
    char::decode_utf16(units)
        .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value at every place of texts of every length up to three blocks and a
    /// half: found exactly when it is damage.
    #[test]
    fn damage_is_found_wherever_it_stands() {
        for len in 0..56 {
            assert!(!has_damage(&vec![b'e'; len]));
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut text = vec![b' '; len];
                    text[at] = b;
                    assert_eq!(has_damage(&text), is_damage(b), "{b:#x} at {at} of {len}");
                }
            }
        }
    }

    #[test]
    fn utf8_passes_through() {
        assert!(matches!(decode("é".as_bytes()), Cow::Borrowed(_)));
    }

    #[test]
    fn latin1_and_cp1252() {
        assert_eq!(decode(b"N\xe9e \x80 \x93x\x94"), "Née € “x”");
        assert_eq!(decode(b"\x81"), "\u{81}");
    }

    #[test]
    fn control_characters_are_left_out_and_named() {
        let (text, left_out) = decode_game(b"\x00Nero: Bianchi\n1. e4\x7f\x01 e5\t\x0c\r\n");
        assert_eq!(text, "Nero: Bianchi\n1. e4 e5\t\x0c\r\n");
        let at: Vec<(usize, char)> = left_out.iter().map(|c| (c.at, c.character)).collect();
        assert_eq!(at, [(0, '\0'), (19, '\x7f'), (19, '\x01')]);
        // In a Windows-1252 line too.
        assert_eq!(decode(b"Citt\xe0\x00"), "Città");
        assert!(decode_game(b"1. e4 e5").1.is_empty());
    }

    #[test]
    fn damage_is_found_at_every_offset() {
        for len in 0..40 {
            for at in 0..len {
                for b in 0u8..=255 {
                    let mut bytes = vec![b'e'; len];
                    bytes[at] = b;
                    assert_eq!(has_damage(&bytes), is_damage(b), "{len} {at} {b}");
                }
            }
        }
        assert!(!has_damage("1. e4 e5\t\r\n2. Cf3 Città".as_bytes()));
    }

    #[test]
    fn mixed_lines_keep_both() {
        let bytes = [b"Citt\xe0\n".as_slice(), "Città\n".as_bytes()].concat();
        assert_eq!(decode(&bytes), "Città\nCittà\n");
    }

    #[test]
    fn utf16_both_orders() {
        let le: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain("Città".encode_utf16().flat_map(|u| u.to_le_bytes()))
            .collect();
        assert_eq!(utf16_bom(&le), Some(true));
        assert_eq!(utf16_to_utf8(&le, true), "Città");
        let be: Vec<u8> = [0xfe, 0xff]
            .into_iter()
            .chain("Città".encode_utf16().flat_map(|u| u.to_be_bytes()))
            .collect();
        assert_eq!(utf16_to_utf8(&be, false), "Città");
    }
}
