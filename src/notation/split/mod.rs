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

mod lines;

use lines::{first_non_blank, opening_header, starts_numbering, MovetextScan, TagNames};

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
    use super::*;

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
