//! The splitter's line scanner: what one line is to the cutting (blank, a tag and its name, a
//! scoresheet header, a line that restarts the numbering) and what a movetext line changes
//! (comments, variation depth, content, results), each told without reading the line twice.

use crate::notation::{decode::is_damage, tags::scoresheet_header};

/// The names of one tag section, to tell a repeated one: no allocation per tag line, and a
/// name of up to 15 bytes (almost every one) compared as one number.
#[derive(Debug, Default)]
pub(super) struct TagNames {
    /// The short names, each packed with its length (see [`short_name`]).
    short: Vec<u128>,
    /// A bit for each short name (see [`name_bit`]): a name whose bit is not set is new,
    /// told without going through the names.
    seen: u64,
    /// The longer names, one after another, and where each ends.
    long: Vec<u8>,
    long_ends: Vec<usize>,
}

impl TagNames {
    pub(super) fn clear(&mut self) {
        self.short.clear();
        self.seen = 0;
        self.long.clear();
        self.long_ends.clear();
    }

    /// Record the name of the tag line `line`, whose `[` is at `at`; true when the section
    /// already has that name. The name is what follows the `[` and any white space, up to
    /// the first byte that is not a letter, a digit or `_` (possibly nothing).
    pub(super) fn repeated(&mut self, line: &[u8], at: usize) -> bool {
        let after = &line[at + 1..];
        let (from, len) = name_span(after);
        if let Some(key) = short_name(&after[from..], len) {
            let bit = name_bit(key);
            if self.seen & bit != 0 && self.short.contains(&key) {
                return true;
            }
            self.seen |= bit;
            self.short.push(key);
            return false;
        }
        let name = &after[from..from + len];
        let mut begin = 0;
        for &end in &self.long_ends {
            if &self.long[begin..end] == name {
                return true;
            }
            begin = end;
        }
        self.long.extend_from_slice(name);
        self.long_ends.push(self.long.len());
        false
    }

    /// [`TagNames::repeated`] as it was first written, every name stored and compared as
    /// bytes (the name found as it finds it): the reference its tests compare it with.
    #[cfg(test)]
    fn repeated_by_bytes(names: &mut Vec<Vec<u8>>, line: &[u8]) -> bool {
        let start = line.iter().position(|&b| b == b'[').map_or(0, |i| i + 1);
        let after = &line[start..];
        let (from, len) = name_span(after);
        let name = after[from..from + len].to_vec();
        if names.contains(&name) {
            return true;
        }
        names.push(name);
        false
    }
}

/// Where the tag name stands in `after`, the bytes after a tag line's `[`: its start (after
/// any white space) and length, up to the first byte that is not a letter, a digit or `_`.
fn name_span(after: &[u8]) -> (usize, usize) {
    let from = after
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(after.len());
    let len = after[from..]
        .iter()
        .take_while(|&&b| crate::notation::tags::TAG_NAME_BYTE[usize::from(b)])
        .count();
    (from, len)
}

/// One of 64 bits for a packed name, by a multiplicative hash of it.
fn name_bit(key: u128) -> u64 {
    let folded = (key as u64) ^ ((key >> 64) as u64);
    1 << (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58)
}

/// The name `name[..len]` of up to 15 bytes and its length in one number (its bytes, then
/// zeros, then the length in the top byte): equal for equal names, different for different
/// ones. `None` for a longer name. Read from the line at once where 16 bytes are left in it.
fn short_name(name: &[u8], len: usize) -> Option<u128> {
    if len > 15 {
        return None;
    }
    let bytes = match name.first_chunk::<16>() {
        Some(block) => u128::from_le_bytes(*block),
        // (a byte at a time, where a loop storing the bytes into a block became a call of
        // `memcpy`)
        None => name[..len]
            .iter()
            .rev()
            .fold(0, |key, &b| key << 8 | u128::from(b)),
    };
    let mask = (1u128 << (8 * len)) - 1;
    Some(bytes & mask | (len as u128) << 120)
}

/// What the splitter follows through a game's movetext lines.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct MovetextScan {
    pub(super) in_comment: bool,
    depth: u32,
    pub(super) has_content: bool,
    pub(super) saw_result: bool,
}

impl MovetextScan {
    /// Follow one movetext line: comments, variation depth, content and results.
    ///
    /// Only the brackets (`{` `(` `)` `;`, found with `memchr`) change the state, and a
    /// result is always a word with a `-` or a `*` in it (`1-0`, `0-1`, `1/2-1/2`, `½-½`,
    /// `*`): between two brackets only those words are cut out and looked at, not every
    /// byte and every word (what [`Self::line_by_bytes`], the reference, does).
    pub(super) fn line(&mut self, line: &[u8]) {
        if !self.in_comment && line.first() == Some(&b'%') {
            return;
        }
        let mut i = 0;
        // Where the next `;` is (`line.len()` for none), found once and again only once
        // passed (it may stand inside a comment).
        let mut semicolon = 0;
        let mut semicolon_known = false;
        while i < line.len() {
            if self.in_comment {
                match memchr::memchr(b'}', &line[i..]) {
                    Some(n) => {
                        self.in_comment = false;
                        i += n + 1;
                        continue;
                    }
                    None => return,
                }
            }
            if self.depth == 0 && self.has_content {
                // Here a `)` changes nothing (the depth stays 0): one search for the three
                // bytes that do, a `)` only ending words as the stretches below end at it.
                let stop =
                    memchr::memchr3(b'{', b'(', b';', &line[i..]).map_or(line.len(), |n| i + n);
                if !self.saw_result {
                    self.saw_result =
                        has_result_word(&line[i..stop], |b| b.is_ascii_whitespace() || b == b')');
                }
                match line.get(stop) {
                    None | Some(b';') => return,
                    Some(b'{') => self.in_comment = true,
                    Some(_) => {
                        if !line[stop..].starts_with(b"(=)") {
                            self.depth += 1;
                        }
                    }
                }
                i = stop + 1;
                continue;
            }
            if !semicolon_known || semicolon < i {
                semicolon = memchr::memchr(b';', &line[i..]).map_or(line.len(), |n| i + n);
                semicolon_known = true;
            }
            let bracket =
                memchr::memchr3(b'{', b'(', b')', &line[i..]).map_or(line.len(), |n| i + n);
            let stop = bracket.min(semicolon);
            let stretch = &line[i..stop];
            if !self.has_content {
                self.has_content = stretch.iter().any(|&b| !b.is_ascii_whitespace());
            }
            if self.depth == 0 && !self.saw_result {
                self.saw_result = has_result_word(stretch, |b| b.is_ascii_whitespace());
            }
            let Some(&b) = line.get(stop) else {
                return;
            };
            match b {
                b'{' => self.in_comment = true,
                b';' => return,
                b'(' => {
                    if !line[stop..].starts_with(b"(=)") {
                        self.depth += 1;
                    }
                    self.has_content = true;
                }
                _ => {
                    self.depth = self.depth.saturating_sub(1);
                    self.has_content = true;
                }
            }
            i = stop + 1;
        }
    }

    /// [`Self::line`] byte by byte, word by word: the reference its tests compare it with.
    #[cfg(test)]
    fn line_by_bytes(&mut self, line: &[u8]) {
        let mut i = 0;
        if !self.in_comment && line.first() == Some(&b'%') {
            return;
        }
        while i < line.len() {
            let b = line[i];
            if self.in_comment {
                if b == b'}' {
                    self.in_comment = false;
                }
                i += 1;
                continue;
            }
            match b {
                b'{' => self.in_comment = true,
                b';' => return,
                b'(' => {
                    if !line[i..].starts_with(b"(=)") {
                        self.depth += 1;
                    }
                    self.has_content = true;
                }
                b')' => {
                    self.depth = self.depth.saturating_sub(1);
                    self.has_content = true;
                }
                b if b.is_ascii_whitespace() => {}
                _ => {
                    self.has_content = true;
                    // the word, up to the next blank or bracket
                    let end = line[i..]
                        .iter()
                        .position(|b| {
                            b.is_ascii_whitespace() || matches!(b, b'{' | b'(' | b')' | b';')
                        })
                        .map_or(line.len(), |n| i + n);
                    if self.depth == 0 && is_or_ends_with_result(&line[i..end]) {
                        self.saw_result = true;
                    }
                    i = end - 1;
                }
            }
            i += 1;
        }
    }
}

/// Whether a word of `stretch` (words end where `ends_word` says) with a `-` or a `*` in it is
/// or ends with a result token.
#[inline]
fn has_result_word(stretch: &[u8], ends_word: impl Fn(u8) -> bool) -> bool {
    memchr::memchr2_iter(b'-', b'*', stretch).any(|at| {
        let start = stretch[..at]
            .iter()
            .rposition(|&b| ends_word(b))
            .map_or(0, |n| n + 1);
        let end = stretch[at..]
            .iter()
            .position(|&b| ends_word(b))
            .map_or(stretch.len(), |n| at + n);
        is_or_ends_with_result(&stretch[start..end])
    })
}

/// Whether a word is or ends with a result token.
fn is_or_ends_with_result(word: &[u8]) -> bool {
    crate::result::GameResult::ends_word(word)
}

/// The first byte of a line that is neither white space nor a UTF-8 byte-order mark.
#[inline]
pub(super) fn first_non_blank(line: &[u8]) -> Option<usize> {
    // Most lines start with what they hold (a tag, a move number): printable ASCII, neither
    // blank nor a control character nor the first byte of the mark.
    if line.first().is_some_and(|b| (0x21..0x7f).contains(b)) {
        return Some(0);
    }
    let skip = if line.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    // Control characters that are not text are no more than white space here, as when the
    // game is read (a NUL before `[Event` or `Nero:` must not split a game).
    line[skip..]
        .iter()
        .position(|&b| !b.is_ascii_whitespace() && !is_damage(b))
        .map(|i| i + skip)
}

pub(super) fn starts_numbering(line: &[u8]) -> bool {
    let t = &line[first_non_blank(line).unwrap_or(0)..];
    t.starts_with(b"1.")
        || t.starts_with(b"1 ")
        || t.starts_with(b"1)")
        || t.starts_with("1…".as_bytes())
}

/// A scoresheet header line that opens a game (any header but the result).
pub(super) fn opening_header(line: &[u8]) -> Option<bool> {
    if line.len() > 200 || !may_be_header(line) {
        return None;
    }
    header_by_reading(line)
}

/// [`opening_header`] by reading the line.
fn header_by_reading(line: &[u8]) -> Option<bool> {
    memchr::memchr2(b':', b'=', line)?;
    let text = String::from_utf8_lossy(line);
    let text = if line.iter().any(|&b| is_damage(b)) {
        text.replace(|c: char| c.is_ascii() && is_damage(c as u8), "")
            .into()
    } else {
        text
    };
    scoresheet_header(&text).map(|(tag, _)| tag != "Result")
}

/// False where [`scoresheet_header`] cannot read the line, told from its first word, as most
/// movetext lines are (`12.Nf3 Nc6`, `O-O e5`): a header is one word (no white space in it,
/// at most 24 bytes) then `:` or `=`, and no header word starts with a digit. A line where
/// something else would have to be decided (a byte that is not ASCII, a control character
/// that reading leaves out, the separator itself) is `true`, left to the reading.
fn may_be_header(line: &[u8]) -> bool {
    // The white space `str::trim` takes off, in ASCII.
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let undecided = |b: u8| b >= 0x80 || is_damage(b) || matches!(b, b':' | b'=');
    let mut i = 0;
    while i < line.len() && blank(line[i]) {
        i += 1;
    }
    match line.get(i) {
        None => return false,
        Some(b) if b.is_ascii_digit() => return false,
        Some(&b) if undecided(b) => return true,
        Some(_) => {}
    }
    let word = i;
    while i < line.len() && !blank(line[i]) {
        if undecided(line[i]) {
            return true;
        }
        i += 1;
    }
    if i - word > 24 {
        return false;
    }
    while i < line.len() && blank(line[i]) {
        i += 1;
    }
    // Anything but the separator after the word's white space puts white space in the word.
    line.get(i).is_some_and(|&b| undecided(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The movetext scan with `memchr` follows every line of the bundled corpora (and of
    /// `../shared/corpora` when it is beside the checkout), and lines of brackets, marks and
    /// results put together at random, exactly as the byte-by-byte reference does, from
    /// every state.
    #[test]
    fn movetext_scan_agrees_with_the_bytes() {
        let mut lines: Vec<Vec<u8>> = Vec::new();
        for text in crate::notation::corpus_texts() {
            lines.extend(text.lines().map(|l| l.as_bytes().to_vec()));
        }
        let pieces: [&[u8]; 24] = [
            b" ",
            b"\t",
            b"{",
            b"}",
            b"(",
            b")",
            b"(=)",
            b";",
            b"%",
            crate::result::GameResult::WhiteWins.as_str().as_bytes(),
            crate::result::GameResult::BlackWins.as_str().as_bytes(),
            crate::result::GameResult::Draw.as_str().as_bytes(),
            crate::result::GameResult::Draw.as_sheet().as_bytes(),
            b"*",
            b"e4",
            b"O-O",
            b"-",
            b"x1-0",
            b"1-0x",
            b"12.",
            b"Nf3",
            b"\r",
            b"0-1)",
            b"*{",
        ];
        lines.extend(random_lines(&pieces, 20_000, 0x2545_f491_4f6c_dd1d, 12, 4));
        let starts = [
            MovetextScan::default(),
            MovetextScan {
                in_comment: true,
                ..MovetextScan::default()
            },
            MovetextScan {
                depth: 2,
                ..MovetextScan::default()
            },
            MovetextScan {
                has_content: true,
                depth: 1,
                ..MovetextScan::default()
            },
        ];
        for line in &lines {
            for start in starts {
                let (mut fast, mut reference) = (start, start);
                fast.line(line);
                reference.line_by_bytes(line);
                assert_eq!(
                    fast,
                    reference,
                    "{:?} from {start:?}",
                    String::from_utf8_lossy(line)
                );
            }
        }
        assert!(lines.len() > 20_000);
    }

    /// `count` lines of up to `most - 1` of `pieces` each, chosen by a xorshift from `seed`
    /// (`stride` bits of it a piece).
    fn random_lines(
        pieces: &[&[u8]],
        count: usize,
        mut seed: u64,
        most: u64,
        stride: u64,
    ) -> Vec<Vec<u8>> {
        let mut lines = Vec::with_capacity(count);
        for _ in 0..count {
            let mut line = Vec::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for k in 0..(seed % most) {
                let pick = (seed >> (stride * k + 8)) as usize % pieces.len();
                line.extend_from_slice(pieces[pick]);
            }
            lines.push(line);
        }
        lines
    }

    /// A line that `may_be_header` turns away is no header by the reading, on every line of
    /// the corpora and on lines made of header words, separators, white space, digits,
    /// control characters and letters that are not ASCII put together at random.
    #[test]
    fn lines_turned_away_at_once_are_no_headers() {
        let mut lines: Vec<Vec<u8>> = Vec::new();
        for text in crate::notation::corpus_texts() {
            lines.extend(text.lines().map(|l| l.as_bytes().to_vec()));
        }
        let pieces: [&[u8]; 22] = [
            b" ",
            b"\t",
            b"\x0b",
            b"\r",
            b"\x01",
            b":",
            b"=",
            b"Bianco",
            b"Nero",
            b"White",
            b"Risultato",
            b"Data",
            b"1.",
            b"e4",
            b"O-O",
            b"Rossi",
            "\u{a0}".as_bytes(),
            "é".as_bytes(),
            "\u{feff}".as_bytes(),
            b"abcdefghijklmnopqrstuvwxyz",
            b"0-1",
            b"[",
        ];
        lines.extend(random_lines(&pieces, 50_000, 0x9e37_79b9_7f4a_7c15, 8, 5));
        let mut turned_away = 0;
        for line in &lines {
            if !may_be_header(line) {
                turned_away += 1;
                assert_eq!(
                    header_by_reading(line),
                    None,
                    "{:?}",
                    String::from_utf8_lossy(line)
                );
            }
        }
        assert!(turned_away > 10_000, "{turned_away}");
        assert!(may_be_header(b"Bianco: Rossi") && may_be_header(b"  Nero =Bianchi"));
    }

    /// The tag names told apart as packed numbers are told apart as the bytes tell them, on
    /// the tag sections of the corpora and on lines of tag names, blanks and brackets put
    /// together at random (long names among them).
    #[test]
    fn repeated_tags_as_by_bytes() {
        let mut sections: Vec<Vec<Vec<u8>>> = Vec::new();
        for text in crate::notation::corpus_texts() {
            let mut section = Vec::new();
            for line in text.lines() {
                let line = line.as_bytes();
                if first_non_blank(line).is_some_and(|i| line[i] == b'[') {
                    section.push(line.to_vec());
                } else if !section.is_empty() {
                    sections.push(std::mem::take(&mut section));
                }
            }
        }
        let pieces: [&[u8]; 16] = [
            b"[",
            b" ",
            b"\t",
            b"Event",
            b"White",
            b"WhiteElo",
            b"E",
            b"_",
            b"1",
            b"BlackTeamCountry",
            b"BlackTeamCountr",
            b"BlackTeamCountryX",
            b" \"",
            b"\"]",
            "é".as_bytes(),
            b"-",
        ];
        let random = random_lines(&pieces, 20_000, 0x1234_5678_9abc_def1, 8, 4);
        sections.extend(random.chunks(6).map(|c| {
            c.iter()
                .map(|l| {
                    let mut l = l.clone();
                    l.insert(0, b'[');
                    l
                })
                .collect()
        }));
        let mut names = TagNames::default();
        for section in &sections {
            names.clear();
            let mut by_bytes = Vec::new();
            for line in section {
                let at = first_non_blank(line).unwrap_or(0);
                assert_eq!(
                    names.repeated(line, at),
                    TagNames::repeated_by_bytes(&mut by_bytes, line),
                    "{:?}",
                    String::from_utf8_lossy(line)
                );
            }
        }
        assert!(sections.len() > 3000, "{}", sections.len());
    }
}
