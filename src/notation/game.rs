//! One game's text read into its tags and its movetext tokens.
//!
//! ```
//! use scoresheet::notation::game::parse_game;
//! let g = parse_game("[White \"Rossi\"]\n\n1. e4 e5 1-0\n");
//! assert_eq!(g.tag("White"), Some("Rossi"));
//! assert_eq!(g.tokens.len(), 4);
//! ```

use super::{
    movetext::{lex_at, Token},
    tags::{is_column_heads, plain_tag_pair, scoresheet_header, tag_pair_by_rules},
};

#[derive(Debug, Clone, Default)]
pub struct ParsedGame {
    /// Tags in the order written (scoresheet headers included, as PGN tags).
    pub tags: Vec<(String, String)>,
    /// Byte offset in the game text where the movetext starts.
    pub movetext_start: usize,
    /// Tokens with byte ranges relative to the whole game text.
    pub tokens: Vec<Token>,
    /// Bit set over the piece-letter alphabet of every letter the movetext uses.
    pub letters_used: u64,
}

impl ParsedGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn set_tag(&mut self, name: &str, value: String) {
        if let Some(slot) = self.tags.iter_mut().find(|(k, _)| k == name) {
            slot.1 = value;
        } else {
            self.tags.push((name.to_string(), value));
        }
    }
}

thread_local! {
    /// The tags of a game whose record is written, kept for the next game read on this
    /// thread: its tags are written into their strings instead of two strings allocated and
    /// freed per tag.
    static SPARE_TAGS: std::cell::Cell<Vec<(String, String)>> =
        const { std::cell::Cell::new(Vec::new()) };
}

/// Give back a game's tags once its record is written (bulk validation does, per game): the
/// next game parsed on this thread writes its tags into their strings. Tags beyond the
/// common size are let go, so what is kept stays small.
pub fn recycle_tags(tags: Vec<(String, String)>) {
    const MOST_TAGS: usize = 64;
    const MOST_BYTES: usize = 4096;
    if tags.capacity() > MOST_TAGS
        || tags
            .iter()
            .map(|(k, v)| k.capacity() + v.capacity())
            .sum::<usize>()
            > MOST_BYTES
    {
        return;
    }
    SPARE_TAGS.with(|spare| spare.set(tags));
}

/// The tag section's tags as they are read, written into recycled strings where there are
/// some (see [`recycle_tags`]): `tags[..used]` are this game's, the rest old strings to reuse.
struct TagSection {
    tags: Vec<(String, String)>,
    used: usize,
}

impl TagSection {
    fn new() -> TagSection {
        let mut tags = SPARE_TAGS.with(std::cell::Cell::take);
        // Room for the tags of most PGN files at once, rather than three doublings.
        tags.reserve(16);
        TagSection { tags, used: 0 }
    }

    /// Set `name` to `value`: a repeated tag keeps its place and takes the later value.
    fn set(&mut self, name: &str, value: &str) {
        let (ours, spare) = self.tags.split_at_mut(self.used);
        // (length and first byte first: most names of a section differ in one of them, and
        // told so without a call to compare the bytes)
        let same = |k: &String| {
            k.len() == name.len() && k.as_bytes().first() == name.as_bytes().first() && k == name
        };
        if let Some(slot) = ours.iter_mut().find(|(k, _)| same(k)) {
            slot.1.clear();
            slot.1.push_str(value);
        } else if let Some((k, v)) = spare.first_mut() {
            k.clear();
            k.push_str(name);
            v.clear();
            v.push_str(value);
            self.used += 1;
        } else {
            self.tags.push((name.to_string(), value.to_string()));
            self.used += 1;
        }
    }

    fn finish(mut self) -> Vec<(String, String)> {
        self.tags.truncate(self.used);
        self.tags
    }
}

/// Read a game: its tag section, then its movetext.
pub fn parse_game(text: &str) -> ParsedGame {
    let mut game = ParsedGame::default();
    let mut section = TagSection::new();
    let mut pos = 0;
    // The tag section: tag lines, scoresheet headers, blank lines and escape lines, each
    // found with `memchr` (through `split_inclusive` each line was a searcher's round).
    let bytes = text.as_bytes();
    let mut next = 0;
    while next < text.len() {
        // The common tag line, `[Name "Value"]` and its line end, read without looking for
        // the line's end first: the plain pair's reading stops at a line feed, so it reads
        // the same here as on the line cut out (below, for every other line).
        if bytes[next] == b'[' {
            if let Some((rest, (k, v))) = plain_tag_pair(&text[next..]) {
                let line_end = match rest.as_bytes() {
                    [b'\n', ..] => Some(1),
                    [b'\r', b'\n', ..] => Some(2),
                    _ => None,
                };
                if let Some(line_end) = line_end {
                    section.set(k, v);
                    next = text.len() - rest.len() + line_end;
                    pos = next;
                    continue;
                }
            }
        }
        let end = memchr::memchr(b'\n', &bytes[next..]).map_or(text.len(), |i| next + i + 1);
        let line = &text[next..end];
        next = end;
        // A tag line, the most common line here, starts with its `[`: nothing to trim.
        let tag_line = line.as_bytes().first() == Some(&b'[');
        let trimmed = if tag_line {
            line
        } else {
            line.trim_start_matches(['\u{feff}', ' ', '\t', '\r'])
        };
        if !tag_line && (trimmed.trim().is_empty() || trimmed.starts_with('%')) {
            pos += line.len();
            continue;
        }
        if trimmed.starts_with('[') {
            // As `tag_pairs`, each pair stored as it is read (no list of them per line).
            let mut read = |input| match plain_tag_pair(input) {
                Some((rest, (k, v))) => {
                    section.set(k, v);
                    Some(rest)
                }
                None => {
                    let (rest, (k, v)) = tag_pair_by_rules(input).ok()?;
                    section.set(&k, &v);
                    Some(rest)
                }
            };
            if let Some(mut rest) = read(trimmed) {
                // Another pair on the line starts with `[` after blanks (both readings ask
                // for one): most lines end after their pair, told without asking them.
                while rest.trim_start_matches([' ', '\t']).starts_with('[') {
                    match read(rest) {
                        Some(r) => rest = r,
                        None => break,
                    }
                }
                pos += line.len();
                continue;
            }
        }
        if let Some((tag, value)) = scoresheet_header(trimmed) {
            section.set(tag, &value);
            pos += line.len();
            continue;
        }
        if is_column_heads(trimmed) {
            pos += line.len();
            continue;
        }
        break;
    }
    game.tags = section.finish();
    game.movetext_start = pos;
    let movetext = &text[pos..];
    // Header lines inside the movetext (`Risultato: 1-0` at the foot of a scoresheet) are
    // taken as tags and blanked, keeping every byte offset.
    // Text inside a comment is never a header: comments are followed from the start of the
    // movetext, only as far as a line that could be one.
    // Only the lines with a `:` or `=` can be headers: found with one search of the whole
    // movetext, each line looked at once, in order.
    let mut blanked: Option<String> = None;
    let mut comments = CommentState::default();
    let bytes = movetext.as_bytes();
    let mut next_line = 0;
    for hit in memchr::memchr2_iter(b':', b'=', bytes) {
        if hit < next_line {
            continue;
        }
        let line_start = memchr::memrchr(b'\n', &bytes[..hit]).map_or(0, |i| i + 1);
        let line_end = memchr::memchr(b'\n', &bytes[hit..]).map_or(bytes.len(), |i| hit + i + 1);
        next_line = line_end;
        let line = &movetext[line_start..line_end];
        // Whether the line is in a comment is asked only of a header (most lines with a `:`
        // are clock comments' lines, which start with a move number): the comments are
        // followed over the lines between in one go, to the same state.
        if let Some((tag, value)) = scoresheet_header(line) {
            comments.advance_to(bytes, line_start);
            if !comments.in_brace {
                game.set_tag(tag, value);
                let b = blanked.get_or_insert_with(|| movetext.to_string());
                let end = line_start + line.trim_end_matches(['\n', '\r']).len();
                b.replace_range(line_start..end, &" ".repeat(end - line_start));
            }
        }
    }
    // (the tokens' byte ranges made the game's and the letters collected as they are pushed)
    let lexed = lex_at(blanked.as_deref().unwrap_or(movetext), pos);
    let (tokens, letters) = (lexed.tokens, lexed.letters);
    game.letters_used = letters;
    game.tokens = tokens;
    game
}

/// Whether a movetext position is inside a `{}` comment, followed as the lexer reads
/// comments: `{` to `}`, `;` to the end of its line, and `%` escape lines, both of which may
/// hold a `{` that opens nothing (an escape line's `%` may follow white space).
#[derive(Debug, Default)]
struct CommentState {
    scanned: usize,
    in_brace: bool,
}

impl CommentState {
    /// Follow the text up to `to`, which must be the start of a line.
    fn advance_to(&mut self, text: &[u8], to: usize) {
        let mut i = self.scanned;
        let mut line_start = i == 0 || text.get(i.wrapping_sub(1)) == Some(&b'\n');
        while i < to {
            let b = text[i];
            if self.in_brace {
                self.in_brace = b != b'}';
            } else if b == b'{' {
                self.in_brace = true;
            } else if b == b';' || (b == b'%' && line_start) {
                // The rest of the line is a comment or an escape: skip to its end.
                i = text[i..to]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(to, |n| i + n);
                continue;
            }
            line_start = b == b'\n' || (line_start && matches!(b, b' ' | b'\t' | b'\r'));
            i += 1;
        }
        self.scanned = to;
    }
}

/// Finds the line and column of byte offsets in one game's text in time independent of where
/// they are: an index of its line breaks and of its character counts, built on the first
/// question. (Counting from the start of the text at every finding made a game with many
/// findings take time quadratic in its length.)
///
/// ```
/// use scoresheet::notation::game::Locator;
/// let text = "[A \"b\"]\n\n1. e4 Cf9";
/// let at = Locator::new(text, 10);
/// assert_eq!(at.locate(text.find("Cf9").unwrap()), (12, 7));
/// ```
pub struct Locator<'a> {
    text: &'a str,
    first_line: u64,
    index: std::cell::OnceCell<LineIndex>,
}

struct LineIndex {
    /// Byte offsets of the line breaks.
    newlines: Vec<usize>,
    /// Characters before each block of [`BLOCK`] bytes; none in a text of ASCII alone
    /// (most games), whose characters are its bytes.
    chars_before_block: Option<Vec<u64>>,
}

const BLOCK: usize = 64;

impl<'a> Locator<'a> {
    pub fn new(text: &'a str, first_line: u64) -> Locator<'a> {
        Locator {
            text,
            first_line,
            index: std::cell::OnceCell::new(),
        }
    }

    /// 1-based line and column (in characters), as [`line_col`] says.
    pub fn locate(&self, offset: usize) -> (u64, u64) {
        let bytes = self.text.as_bytes();
        let offset = offset.min(bytes.len());
        let index = self.index.get_or_init(|| {
            let chars_before_block = (!bytes.is_ascii()).then(|| {
                let mut chars = 0u64;
                let mut chars_before_block = Vec::with_capacity(bytes.len() / BLOCK + 1);
                for block in bytes.chunks(BLOCK) {
                    chars_before_block.push(chars);
                    chars += count_chars(block);
                }
                // The end of a text whose length is a multiple of the block starts a block too.
                chars_before_block.push(chars);
                chars_before_block
            });
            // (`memchr`'s search: a byte-by-byte filter cost more than the rest together.)
            // Room for lines of 64 bytes and more, as PGN's are (up to 80) and most others.
            let mut newlines = Vec::with_capacity(bytes.len() / 64 + 8);
            newlines.extend(memchr::memchr_iter(b'\n', bytes));
            LineIndex {
                newlines,
                chars_before_block,
            }
        });
        let chars_before = |at: usize| match &index.chars_before_block {
            None => at as u64,
            Some(before) => {
                let block = at / BLOCK;
                before.get(block).copied().unwrap_or(0) + count_chars(&bytes[block * BLOCK..at])
            }
        };
        let lines_before = index.newlines.partition_point(|&n| n < offset);
        let line_start = match lines_before {
            0 => 0,
            n => index.newlines[n - 1] + 1,
        };
        (
            self.first_line + lines_before as u64,
            chars_before(offset) - chars_before(line_start) + 1,
        )
    }
}

/// Characters in UTF-8 bytes: every byte but continuation bytes starts one.
fn count_chars(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b & 0xc0 != 0x80).count() as u64
}

/// 1-based line and column (in characters) of a byte offset in `text`, counting from `first_line`.
pub fn line_col(text: &str, offset: usize, first_line: u64) -> (u64, u64) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = first_line + before.bytes().filter(|&b| b == b'\n').count() as u64;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() as u64 + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::movetext::TokenKind;

    #[test]
    fn tags_then_movetext() {
        let g = parse_game("[Event \"E\"]\n[White \"W\"]\n\n1. e4 *");
        assert_eq!(g.tags.len(), 2);
        assert_eq!(g.tag("event"), Some("E"));
        assert_eq!(
            &"[Event \"E\"]\n[White \"W\"]\n\n1. e4 *"[g.movetext_start..],
            "1. e4 *"
        );
    }

    #[test]
    fn scoresheet_headers_become_tags() {
        let text = "Bianco: Rossi\nNero: Bianchi\nData: 01/02/2020\n\n1. e4 e5\n2. Cf3 Cc6\nRisultato: 1-0\n";
        let g = parse_game(text);
        assert_eq!(g.tag("White"), Some("Rossi"));
        assert_eq!(g.tag("Date"), Some("2020.02.01"));
        assert_eq!(g.tag("Result"), Some("1-0"));
        assert!(!g.tokens.iter().any(|t| t.kind == TokenKind::Unreadable));
    }

    #[test]
    fn header_words_inside_comments_stay_comments() {
        let text = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {analysis by\nWhite: he wanted more} e5 2. Nf3 1-0\n";
        let g = parse_game(text);
        assert_eq!(g.tag("White"), None);
        assert_eq!(g.tag("Result"), Some("1-0"));
        let moves = g
            .tokens
            .iter()
            .filter(|t| matches!(t.kind, TokenKind::Move(_)))
            .count();
        assert_eq!(moves, 3);
        // A `{` in a `;` comment or an escape line opens nothing: the header after it counts.
        for text in [
            "1. e4 ; a {brace\nRisultato: 1-0\n",
            "1. e4\n% {escape\nRisultato: 1-0\n",
            "1. e4 {a} {b\nc} e5\nRisultato: 1-0\n",
        ] {
            assert_eq!(parse_game(text).tag("Result"), Some("1-0"), "{text}");
        }
        // After a comment spanning lines, a later header line counts again.
        let g = parse_game("1. e4 {one\nRisultato: 0-1 two\n} e5\nRisultato: 1-0\n");
        assert_eq!(g.tag("Result"), Some("1-0"));
    }

    #[test]
    fn scoresheet_in_columns() {
        let text = "Bianco: Rossi\nNero: Bianchi\n\n     Bianco    Nero\n1    e4        e5\n2    Cf3       Cc6\n";
        let g = parse_game(text);
        assert!(!g.tokens.iter().any(|t| t.kind == TokenKind::Unreadable));
        assert_eq!(
            g.tokens
                .iter()
                .filter(|t| matches!(t.kind, TokenKind::Move(_)))
                .count(),
            4
        );
    }

    #[test]
    fn letters_used_are_collected() {
        let g = parse_game("1. Cf3 Cf6 2. Ag2");
        let a = super::super::languages::alphabet();
        assert_ne!(g.letters_used & (1 << a.index_of("C").unwrap()), 0);
        assert_ne!(g.letters_used & (1 << a.index_of("A").unwrap()), 0);
    }

    #[test]
    fn line_and_column() {
        let text = "[A \"b\"]\n\n1. e4 Cf9";
        assert_eq!(line_col(text, text.find("Cf9").unwrap(), 10), (12, 7));
    }

    #[test]
    fn the_locator_agrees_with_counting_from_the_start() {
        let mut text = String::new();
        for i in 0..300 {
            text.push_str(&format!("{i}. é4 ♘f6 {{ü}}"));
            if i % 7 == 0 {
                text.push('\n');
            }
            if i % 50 == 0 {
                text.push_str("\n\n");
            }
        }
        let at = Locator::new(&text, 3);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            assert_eq!(at.locate(offset), line_col(&text, offset, 3), "{offset}");
        }
        assert_eq!(Locator::new("", 1).locate(0), (1, 1));
        // Every length, the end included (a length that is a multiple of the block once
        // overflowed).
        for len in 0..200 {
            let text: String = "aé\nb".chars().cycle().take(len).collect();
            let at = Locator::new(&text, 1);
            for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
                assert_eq!(
                    at.locate(offset),
                    line_col(&text, offset, 1),
                    "{len} {offset}"
                );
            }
        }
    }
}
