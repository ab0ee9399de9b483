//! Cutting a stream of bytes into games, without reading a whole file into memory.
//!
//! A game is its tag section (PGN tags or scoresheet headers) and its movetext. A new game
//! starts at a tag line outside a comment once the current game has movetext, at a
//! scoresheet header naming a player or event, after a blank line that follows a result, and
//! at a line that restarts the numbering with `1.` after a blank line or a result. Every byte
//! of the input belongs to exactly one game's chunk (blank lines and `%` lines before a game
//! go with it), so the chunks concatenated are the input.
//!
//! ```
//! use scoresheet::notation::split::GameSplitter;
//! let pgn = b"[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. d4 0-1\n";
//! let games: Vec<_> = GameSplitter::new(&pgn[..]).collect::<Result<_, _>>().unwrap();
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[1].line, 5);
//! ```

use std::io::{self, BufRead};

use super::{decode::is_damage, tags::scoresheet_header};

/// Games larger than this keep their place in the output but are not stored or replayed.
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// One game's bytes as they stand in the input.
#[derive(Debug, Clone, Default)]
pub struct RawGame {
    /// The chunk: leading blank/escape lines, then the game.
    pub bytes: Vec<u8>,
    /// Where, in `bytes`, the game's first non-blank character is.
    pub lead: usize,
    /// Byte offset in the input of the game's first non-blank character.
    pub offset: u64,
    /// 1-based line of that character.
    pub line: u64,
    /// 1-based index of the game in its input.
    pub index: u64,
    /// Bytes beyond [`MAX_GAME_BYTES`] that were not kept.
    pub dropped_bytes: u64,
}

impl RawGame {
    /// A single game given as text (game 1, line 1), as the `*_text` helpers take it.
    pub fn from_text(text: &str) -> RawGame {
        RawGame {
            bytes: text.as_bytes().to_vec(),
            line: 1,
            index: 1,
            ..RawGame::default()
        }
    }

    /// The game itself, without the leading blank lines.
    pub fn game_bytes(&self) -> &[u8] {
        &self.bytes[self.lead.min(self.bytes.len())..]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Between,
    Tags,
    Movetext,
}

/// An iterator of [`RawGame`]s over any buffered reader.
///
/// The lines are cut where they stand in the reader's buffer: each is looked at there, and
/// the lines of one game in one buffer are copied into the game at once, when the game ends
/// or the buffer does (a line was once copied out of the buffer and then into the game, a
/// call and two copies a line). Only a line that runs past the end of the buffer is gathered
/// apart, in `carry`.
pub struct GameSplitter<R> {
    reader: R,
    /// The start of a line that the reader's buffer ended inside.
    carry: Vec<u8>,
    cut: Cutter,
    done: bool,
}

/// What the splitter knows of the input and the game being cut: it is given the lines one
/// after another, and copies them into the game only when asked to (see [`Cutter::line`]).
struct Cutter {
    offset: u64,
    line_no: u64,
    games: u64,
    current: RawGame,
    state: State,
    /// Comments, variation depth, content and results of the movetext so far.
    scan: MovetextScan,
    saw_blank: bool,
    /// The names of the current game's tags: a repeated one opens a new game.
    tag_names: TagNames,
}

impl<R: BufRead> GameSplitter<R> {
    pub fn new(reader: R) -> GameSplitter<R> {
        GameSplitter {
            reader,
            carry: Vec::new(),
            cut: Cutter {
                offset: 0,
                line_no: 0,
                games: 0,
                current: RawGame::default(),
                state: State::Between,
                scan: MovetextScan::default(),
                saw_blank: false,
                tag_names: TagNames::default(),
            },
            done: false,
        }
    }

    /// A splitter over `reader` whose first byte is byte `offset` of the input and begins
    /// line `line` (1-based), with the state of a splitter at the start of an input: started
    /// where a game begins in a whole run, it cuts exactly the games of that run from there
    /// on (a new game resets all the state that the lines before it built), numbered from 1.
    pub fn resume(reader: R, offset: u64, line: u64) -> GameSplitter<R> {
        let mut s = GameSplitter::new(reader);
        s.cut.offset = offset;
        s.cut.line_no = line.saturating_sub(1);
        s
    }

    /// Byte offset in the input of the next byte to read.
    pub fn offset(&self) -> u64 {
        self.cut.offset
    }

    /// Lines read so far, counted from the input's first line.
    pub fn lines_read(&self) -> u64 {
        self.cut.line_no
    }

    /// The line gathered in `carry`, now whole (or the input's last): cut as any other, and
    /// kept in the game it belongs to.
    fn carried_line(&mut self) -> Option<RawGame> {
        let emitted = self.cut.line(&self.carry, &mut &[][..]);
        self.cut.keep(&self.carry);
        self.carry.clear();
        emitted
    }
}

impl Cutter {
    /// Copy bytes of the current game into it, up to [`MAX_GAME_BYTES`].
    fn keep(&mut self, bytes: &[u8]) {
        let room = MAX_GAME_BYTES.saturating_sub(self.current.bytes.len());
        if bytes.len() <= room {
            self.current.bytes.extend_from_slice(bytes);
        } else {
            self.current.bytes.extend_from_slice(&bytes[..room]);
            self.current.dropped_bytes += (bytes.len() - room) as u64;
        }
    }

    /// Copy the lines `held` back for the current game into it (see [`Cutter::line`]).
    fn keep_held(&mut self, held: &mut &[u8]) {
        if !held.is_empty() {
            self.keep(held);
            *held = &[];
        }
    }

    fn begin_game(&mut self, line_start_offset: u64, lead_in_line: usize) {
        self.games += 1;
        self.current.lead = self.current.bytes.len() + lead_in_line;
        self.current.offset = line_start_offset + lead_in_line as u64;
        self.current.line = self.line_no;
        self.current.index = self.games;
        self.scan = MovetextScan::default();
        self.saw_blank = false;
        self.tag_names.clear();
    }

    fn take_game(&mut self) -> RawGame {
        // The next game is likely about as long as this one: room for it at once rather than
        // a dozen doublings from nothing.
        let room = self.current.bytes.len().clamp(256, 1 << 16);
        std::mem::replace(
            &mut self.current,
            RawGame {
                bytes: Vec::with_capacity(room),
                ..RawGame::default()
            },
        )
    }

    /// The lines of `chunk` (the reader's buffer) one by one, up to the first game they end
    /// or to the last line feed, the start of a line after it going to `carry`: the bytes
    /// used, and the game ended. Lines of the current game are copied into it a run at a
    /// time, when the game ends or the chunk does.
    fn lines(&mut self, chunk: &[u8], carry: &mut Vec<u8>) -> (usize, Option<RawGame>) {
        // `chunk[run..pos]`: lines of the current game not yet copied into it.
        let (mut run, mut pos) = (0, 0);
        while let Some(n) = memchr::memchr(b'\n', &chunk[pos..]) {
            let end = pos + n + 1;
            let mut held = &chunk[run..pos];
            let emitted = self.line(&chunk[pos..end], &mut held);
            if held.is_empty() {
                run = pos;
            }
            pos = end;
            if emitted.is_some() {
                self.keep(&chunk[run..pos]);
                return (pos, emitted);
            }
        }
        self.keep(&chunk[run..pos]);
        carry.extend_from_slice(&chunk[pos..]);
        (chunk.len(), None)
    }

    /// A game begins at `line` (starting at `start_offset` in the input, its first non-blank
    /// byte at `i`), after what is held back of the game before it is kept there: a tag
    /// section, or movetext from its first line.
    fn open_game(
        &mut self,
        line: &[u8],
        i: usize,
        start_offset: u64,
        is_tag: bool,
        held: &mut &[u8],
    ) {
        self.keep_held(held);
        self.begin_game(start_offset, i);
        if is_tag {
            self.tag_names.repeated(line, i);
        }
        self.state = if is_tag || opening_header(line).is_some() {
            State::Tags
        } else {
            self.scan.line(line);
            State::Movetext
        };
    }

    /// Cut at one line: the game it ends, if it starts another. The line itself is not
    /// copied (the caller keeps it in the current game after this); `held` is what the
    /// caller holds back of the current game before it, copied in (and emptied) before a
    /// game is taken or begun here.
    #[inline(always)]
    fn line(&mut self, line: &[u8], held: &mut &[u8]) -> Option<RawGame> {
        self.line_no += 1;
        let start_offset = self.offset;
        self.offset += line.len() as u64;
        let non_blank = first_non_blank(line);
        let is_tag = non_blank.is_some_and(|i| line[i] == b'[');
        let is_escape = line.first() == Some(&b'%');
        let mut emitted = None;
        match self.state {
            State::Between => {
                if let Some(i) = non_blank.filter(|_| !is_escape) {
                    self.open_game(line, i, start_offset, is_tag, held);
                }
            }
            State::Tags => {
                if let Some(i) = non_blank.filter(|_| is_tag) {
                    if self.tag_names.repeated(line, i) {
                        // A game of tags only, and the next game's tags.
                        self.keep_held(held);
                        emitted = Some(self.take_game());
                        self.begin_game(start_offset, i);
                        self.tag_names.repeated(line, i);
                    }
                } else if non_blank.is_some() && !is_escape && opening_header(line).is_none() {
                    self.state = State::Movetext;
                    self.scan.line(line);
                }
            }
            State::Movetext => {
                if self.scan.in_comment {
                    self.scan.line(line);
                } else if let Some(i) = non_blank {
                    let new_game = ((is_tag || opening_header(line) == Some(true))
                        && self.scan.has_content)
                        || (self.scan.saw_result && self.saw_blank && !is_escape)
                        || ((self.saw_blank || self.scan.saw_result)
                            && self.scan.has_content
                            && starts_numbering(line));
                    if new_game {
                        self.keep_held(held);
                        emitted = Some(self.take_game());
                        self.open_game(line, i, start_offset, is_tag, held);
                    } else {
                        self.scan.line(line);
                    }
                } else {
                    self.saw_blank = true;
                }
            }
        }
        emitted
    }
}

/// The names of one tag section, to tell a repeated one: no allocation per tag line, and a
/// name of up to 15 bytes (almost every one) compared as one number.
#[derive(Debug, Default)]
struct TagNames {
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
    fn clear(&mut self) {
        self.short.clear();
        self.seen = 0;
        self.long.clear();
        self.long_ends.clear();
    }

    /// Record the name of the tag line `line`, whose `[` is at `at`; true when the section
    /// already has that name. The name is what follows the `[` and any white space, up to
    /// the first byte that is not a letter, a digit or `_` (possibly nothing).
    fn repeated(&mut self, line: &[u8], at: usize) -> bool {
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
        .take_while(|&&b| super::tags::TAG_NAME_BYTE[usize::from(b)])
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
struct MovetextScan {
    in_comment: bool,
    depth: u32,
    has_content: bool,
    saw_result: bool,
}

impl MovetextScan {
    /// Follow one movetext line: comments, variation depth, content and results.
    ///
    /// Only the brackets (`{` `(` `)` `;`, found with `memchr`) change the state, and a
    /// result is always a word with a `-` or a `*` in it (`1-0`, `0-1`, `1/2-1/2`, `½-½`,
    /// `*`): between two brackets only those words are cut out and looked at, not every
    /// byte and every word (what [`Self::line_by_bytes`], the reference, does).
    fn line(&mut self, line: &[u8]) {
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
fn first_non_blank(line: &[u8]) -> Option<usize> {
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

fn starts_numbering(line: &[u8]) -> bool {
    let t = &line[first_non_blank(line).unwrap_or(0)..];
    t.starts_with(b"1.")
        || t.starts_with(b"1 ")
        || t.starts_with(b"1)")
        || t.starts_with("1…".as_bytes())
}

/// A scoresheet header line that opens a game (any header but the result).
fn opening_header(line: &[u8]) -> Option<bool> {
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

impl<R: BufRead> Iterator for GameSplitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        loop {
            if self.done {
                return None;
            }
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if available.is_empty() {
                // The end of the input: its last line when no line feed ends it, then the
                // last game.
                if !self.carry.is_empty() {
                    if let Some(game) = self.carried_line() {
                        return Some(Ok(game));
                    }
                }
                self.done = true;
                return (self.cut.state != State::Between).then(|| Ok(self.cut.take_game()));
            }
            if !self.carry.is_empty() {
                // The rest of a line the last buffer ended inside.
                let (used, whole) = match memchr::memchr(b'\n', available) {
                    Some(i) => (i + 1, true),
                    None => (available.len(), false),
                };
                self.carry.extend_from_slice(&available[..used]);
                self.reader.consume(used);
                if whole {
                    if let Some(game) = self.carried_line() {
                        return Some(Ok(game));
                    }
                }
                continue;
            }
            let (used, emitted) = self.cut.lines(available, &mut self.carry);
            self.reader.consume(used);
            if let Some(game) = emitted {
                return Some(Ok(game));
            }
        }
    }
}

#[cfg(test)]
mod tests {
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

    use super::*;

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

    /// A game's fields, to compare games.
    fn fields(g: &RawGame) -> (&[u8], usize, u64, u64, u64, u64) {
        (&g.bytes, g.lead, g.offset, g.line, g.index, g.dropped_bytes)
    }

    /// The games of `text` cut a line at a time, each line copied into its game on its own
    /// (as the splitter first did): the reference for the cutting in the reader's buffer.
    fn split_by_lines(text: &[u8]) -> Vec<RawGame> {
        let mut cut = GameSplitter::new(&b""[..]).cut;
        let mut games = Vec::new();
        for line in text.split_inclusive(|&b| b == b'\n') {
            games.extend(cut.line(line, &mut &[][..]));
            cut.keep(line);
        }
        if cut.state != State::Between {
            games.push(cut.take_game());
        }
        games
    }

    /// Cut in the reader's buffer, the games are those of the reference, line by line, on
    /// every text of the corpora and on odd texts: whole in one buffer, and in buffers so
    /// small that lines run across them (the start of each text).
    #[test]
    fn games_cut_in_the_buffer_are_those_cut_by_lines() {
        let mut texts: Vec<Vec<u8>> = crate::notation::corpus_texts()
            .into_iter()
            .map(String::into_bytes)
            .collect();
        for odd in [
            "",
            "\n",
            "[A \"1\"]",
            "1. e4 *",
            "\u{feff}[Event \"a\"]\r\n[Event \"b\"]\r\n\r\n1. e4 *\r\n\r\n1. d4",
            "[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n\n\n%x\n\n  [C \"4\"]\n1. e4 {\n[D \"5\"]\n} 1-0\n\n1. d4 0-1",
        ] {
            texts.push(odd.as_bytes().to_vec());
        }
        let mut games = 0;
        for text in &texts {
            let reference = split_by_lines(text);
            games += reference.len();
            let whole: Vec<RawGame> = GameSplitter::new(&text[..]).map(Result::unwrap).collect();
            assert_eq!(
                whole.iter().map(fields).collect::<Vec<_>>(),
                reference.iter().map(fields).collect::<Vec<_>>()
            );
            let start = &text[..text.len().min(1 << 14)];
            let reference = split_by_lines(start);
            for capacity in [1, 2, 7, 40, 1000] {
                let reader = io::BufReader::with_capacity(capacity, start);
                let small: Vec<RawGame> = GameSplitter::new(reader).map(Result::unwrap).collect();
                assert_eq!(
                    small.iter().map(fields).collect::<Vec<_>>(),
                    reference.iter().map(fields).collect::<Vec<_>>(),
                    "buffers of {capacity} bytes"
                );
            }
        }
        // The bundled games alone are 351 (a fresh clone has no ../shared); with the shared
        // corpora beside the checkout, some 228,000.
        assert!(games > 300, "{games}");
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

    fn split(text: &str) -> Vec<RawGame> {
        GameSplitter::new(text.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[test]
    fn chunks_cover_every_byte() {
        let text = "\n\n[Event \"a\"]\n\n1. e4 { multi\n\n[not a tag] } e5 1-0\n\n\n[Event \"b\"]\n1. d4 *\n";
        let games = split(text);
        assert_eq!(games.len(), 2);
        let joined: Vec<u8> = games.iter().flat_map(|g| g.bytes.clone()).collect();
        assert_eq!(joined, text.as_bytes());
        assert_eq!(games[0].line, 3);
        assert_eq!(games[0].offset, 2);
        assert_eq!(&games[0].game_bytes()[..6], b"[Event");
    }

    #[test]
    fn byte_order_mark_is_blank() {
        let games = split("\u{feff}[Event \"a\"]\n[Result \"*\"]\n\n1. e4 *\n");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].offset, 3);
    }

    #[test]
    fn tagless_games_after_results() {
        let games = split("1. e4 e5 1-0\n\n1. d4 d5 0-1\n");
        assert_eq!(games.len(), 2);
        let games = split("1. e4 e5\n\n1. d4 d5\n");
        assert_eq!(games.len(), 2, "numbering restarts");
        let games = split("1. e4 e5\n\n2. Nf3 Nc6\n");
        assert_eq!(games.len(), 1, "a blank line inside a game");
    }

    #[test]
    fn scoresheet_headers_open_games() {
        let text = "Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5\n2. Cf3 Cc6\nRisultato: 1-0\n\nBianco: Verdi\nNero: Neri\n1. d4 d5\n";
        let games = split(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].line, 8);
    }

    #[test]
    fn games_of_tags_only() {
        let games = split("[Event \"a\"]\n[Result \"*\"]\n \n\n[Event \"b\"]\n\n1. e4 *\n");
        assert_eq!(games.len(), 2);
        let games = split("[Event \"a\"]\n\n[Site \"s\"]\n\n1. e4 *\n");
        assert_eq!(games.len(), 1, "one blank line inside the tags");
    }

    #[test]
    fn control_characters_split_no_game() {
        let g = split("Bianco: Rossi\n\0Nero: Bianchi\n\n1. e4 e5 2. Cf3 Cc6\n\n\x01[Event \"b\"]\n\n1. d4 *\n");
        assert_eq!(g.len(), 2);
        assert!(String::from_utf8_lossy(&g[1].bytes).contains("[Event"));
    }

    #[test]
    fn tag_without_blank_line_starts_a_game() {
        let games = split("[A \"1\"]\n1. e4 *\n[A \"2\"]\n1. d4 *\n");
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn oversized_games_are_truncated_not_lost() {
        let mut text = String::from("[A \"1\"]\n1. e4 {");
        text.push_str(&"x".repeat(MAX_GAME_BYTES + 10));
        text.push_str("} *\n");
        let games = split(&text);
        assert_eq!(games.len(), 1);
        assert!(games[0].dropped_bytes > 0);
    }
}
