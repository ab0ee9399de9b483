//! Movetext: the tokens between the tag section and the end of a game.
//!
//! The lexer is a loop, not a recursive descent: variations nested ten thousand deep are just
//! ten thousand `VariationStart` tokens, and replay keeps its own stack. Tokens carry the byte
//! range of their text in the game so that every finding can name its line and column.
//!
//! ```
//! use scoresheet::notation::movetext::{lex, TokenKind};
//! let tokens = lex("1.e4e52.Cf3 (2.f4) Cc6 (=) 1-0");
//! let moves = tokens.iter().filter(|t| matches!(t.kind, TokenKind::Move(_) | TokenKind::Run(_))).count();
//! assert_eq!(moves, 4);
//! ```

use nom::{
    branch::alt,
    bytes::complete::{tag, take_till, take_while1},
    character::complete::char,
    combinator::{map, value},
    IResult, Parser,
};

use super::moves::{piece_letter, readings, Letter, WrittenMove};

/// A game result as written at the end of the movetext (its spellings: [`crate::result`]).
pub use crate::result::GameResult;

#[derive(Debug, Clone, PartialEq)]
pub enum TokenKind {
    /// A word that reads as exactly one move.
    Move(WrittenMove),
    /// A word of several moves run together, or with several readings; readings in order
    /// of preference (see [`readings`]).
    Run(Box<[Vec<WrittenMove>]>),
    MoveNumber {
        number: u32,
        /// Written with `...` / `…`: Black's move follows.
        black: bool,
    },
    Comment,
    Nag(u8),
    VariationStart,
    VariationEnd,
    Result(GameResult),
    /// `(=)`: a draw offer made with the preceding move.
    DrawOffer,
    /// `e.p.` written apart from its move.
    EnPassantMark,
    /// A promotion piece written apart from its move (`exf8 C`).
    PromotionLetter(Letter),
    /// A `%` escape line.
    Escape,
    /// Text where a move should be that no rule of the grammar accepts.
    Unreadable,
    /// A `{` comment that never closes (it runs to the end of the game).
    UnterminatedComment,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    /// Byte range of the token in the game text.
    pub start: usize,
    pub end: usize,
}

/// `result`: the spellings of [`crate::result::SPELLINGS`] without a space.
pub fn result(input: &str) -> IResult<&str, GameResult> {
    match GameResult::read_prefix(input) {
        Some((r, len)) => Ok((&input[len..], r)),
        None => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Tag,
        ))),
    }
}

/// `move_number = digit { digit } ( "." { "." } | "…" )`; returns the number and whether
/// it announces Black's move.
pub fn move_number(input: &str) -> IResult<&str, (u32, bool)> {
    let (rest, digits) = take_while1(|c: char| c.is_ascii_digit()).parse(input)?;
    let (rest, dots) = alt((
        map(tag("…"), |_| 3usize),
        map(take_while1(|c: char| c == '.'), |d: &str| d.len()),
        // `1)` on some scoresheets
        map(tag(")"), |_| 1usize),
    ))
    .parse(rest)?;
    let number = digits.parse::<u32>().unwrap_or(u32::MAX);
    // `12. ...` is also Black's move
    let (rest, black) = if dots >= 2 {
        (rest, true)
    } else if let Some(r) = rest.trim_start_matches([' ', '\t']).strip_prefix("...") {
        (r, true)
    } else if let Some(r) = rest.trim_start_matches([' ', '\t']).strip_prefix('…') {
        (r, true)
    } else {
        (rest, false)
    };
    Ok((rest, (number, black)))
}

/// `comment = "{" { any char but "}" } "}"`
pub fn brace_comment(input: &str) -> IResult<&str, &str> {
    let (rest, _) = char('{').parse(input)?;
    let (rest, body) = take_till(|c| c == '}').parse(rest)?;
    let (rest, _) = char('}').parse(rest)?;
    Ok((rest, body))
}

/// `line_comment = ";" { any char but newline }`
pub fn line_comment(input: &str) -> IResult<&str, &str> {
    let (rest, _) = char(';').parse(input)?;
    take_till(|c| c == '\n').parse(rest)
}

/// `nag = "$" digit { digit }`
pub fn nag(input: &str) -> IResult<&str, u8> {
    let (rest, _) = char('$').parse(input)?;
    let (rest, digits) = take_while1(|c: char| c.is_ascii_digit()).parse(rest)?;
    Ok((rest, digits.parse::<u8>().unwrap_or(255)))
}

/// `draw_offer = "(=)"`
pub fn draw_offer(input: &str) -> IResult<&str, ()> {
    value((), tag("(=)")).parse(input)
}

/// `separate_en_passant = "e.p." | "e. p." | "ep" | "i.p." | "i. p."` as a word of its own.
pub fn separate_en_passant(input: &str) -> IResult<&str, ()> {
    value(
        (),
        alt((
            tag("e.p."),
            tag("e. p."),
            tag("i.p."),
            tag("i. p."),
            tag("e.p"),
            tag("ep."),
            tag("ep"),
        )),
    )
    .parse(input)
}

fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '$' | '[' | ']')
}

fn ends_word(rest: &str) -> bool {
    rest.chars().next().is_none_or(is_delimiter)
}

/// Lex a whole movetext. Never fails: what no rule reads becomes an `Unreadable` token.
pub fn lex(text: &str) -> Vec<Token> {
    lex_at(text, 0).tokens
}

/// The tokens of a game's movetext as they are pushed: their byte ranges made the game's
/// (`base` added, where the movetext starts in the game) and the piece letters of their moves
/// collected, at the push, where the token's kind is known, rather than in another pass.
pub(crate) struct Sink {
    pub(crate) tokens: Vec<Token>,
    base: usize,
    /// Bit set over the piece-letter alphabet of the letters the tokens use.
    pub(crate) letters: u64,
}

impl Sink {
    #[cfg(test)]
    fn new(base: usize) -> Sink {
        Sink {
            tokens: Vec::new(),
            base,
            letters: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, kind: TokenKind, start: usize, end: usize) {
        self.letters |= letters_of(&kind);
        let base = self.base;
        crate::lists::push_made(&mut self.tokens, || Token {
            kind,
            start: start + base,
            end: end + base,
        });
    }

    /// [`Sink::push`] of a move whose piece letters (`letters`) are known already.
    #[inline(always)]
    fn push_move(&mut self, m: &WrittenMove, letters: u64, start: usize, end: usize) {
        self.letters |= letters;
        let base = self.base;
        crate::lists::push_made(&mut self.tokens, || Token {
            kind: TokenKind::Move(*m),
            start: start + base,
            end: end + base,
        });
    }
}

/// The piece letters a token uses (a move's piece and promotion piece, the first reading's
/// of a run), as a bit set over the alphabet.
#[inline(always)]
fn letters_of(kind: &TokenKind) -> u64 {
    let of_move = |m: &WrittenMove| {
        m.piece.map_or(0, |l| 1u64 << l.index) | m.promotion.map_or(0, |l| 1u64 << l.index)
    };
    match kind {
        TokenKind::Move(m) => of_move(m),
        TokenKind::Run(r) => r[0].iter().fold(0, |bits, m| bits | of_move(m)),
        TokenKind::PromotionLetter(l) => 1 << l.index,
        _ => 0,
    }
}

/// [`lex`] of a game's movetext that starts at byte `base` of the game.
pub(crate) fn lex_at(text: &str, base: usize) -> Sink {
    // About one token in three to five bytes of PGN movetext (`12.` `Nf3` `Nc6`): room for
    // the denser kind, as a token list that outgrows its room is copied whole. The list of
    // a game already replayed on this thread serves, when there is one (see
    // [`recycle_tokens`]).
    let mut tokens = SPARE_TOKENS.with(std::cell::Cell::take);
    tokens.reserve(text.len() / 3 + 4);
    let mut tokens = Sink {
        tokens,
        base,
        letters: 0,
    };
    // Asked once a game, not once a move; the memo of SAN words, the thread's.
    let english = super::moves::english_letters();
    let mut memo = SAN_MEMO
        .with(std::cell::Cell::take)
        .unwrap_or_else(|| Box::new(SanMemo::new()));
    let mut expected_number = 1u32;
    let mut pos = 0usize;
    let len = text.len();
    let mut at_line_start = true;
    let bytes = text.as_bytes();
    while pos < len {
        // White space between words, the most common byte here, without decoding it.
        match bytes[pos] {
            b'\n' => {
                at_line_start = true;
                pos += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                pos += 1;
                continue;
            }
            _ => {}
        }
        // Most words start with a byte of a plain word (a piece letter, a file, a digit):
        // no rule above starts with one, and of the marks only `e.p.` and `i.p.` do.
        let first = bytes[pos];
        if PLAIN_WORD_BYTE[usize::from(first)]
            && !(matches!(first, b'e' | b'i') && matches!(bytes.get(pos + 1), Some(b'.' | b'p')))
        {
            at_line_start = false;
            // Most words are shorter than eight bytes and end at white space: the first byte
            // below `!` of the eight here, found at once, is the word's end if the word then
            // reads by a fast path (which only plain bytes pass, as `word_end` steps over).
            if let Some((eight, n)) = short_word(bytes, pos) {
                let (expected, memo) = (&mut expected_number, &mut memo);
                if lex_short_word(eight, n, pos, expected, &mut tokens, memo, english) {
                    // The white space that ends the word stepped over as the loop's first
                    // lines would.
                    at_line_start = (eight >> (8 * n)) as u8 == b'\n';
                    pos += n + 1;
                    continue;
                }
            }
            // Otherwise its plain bytes here, without a call: most words end at white space
            // (where `word_end` stops too); it sees to any other byte.
            let mut end = pos + 1;
            while end < len && PLAIN_WORD_BYTE[usize::from(bytes[end])] {
                end += 1;
            }
            if end < len && !matches!(bytes[end], b' ' | b'\n' | b'\r' | b'\t') {
                end = word_end(text, pos, end);
            }
            lex_word(text, pos, end, &mut expected_number, &mut tokens);
            pos = end;
            continue;
        }
        let rest = &text[pos..];
        let c = rest.chars().next().unwrap_or(' ');
        if c == '\n' {
            at_line_start = true;
            pos += 1;
            continue;
        }
        if c.is_whitespace() || c == '\u{feff}' {
            pos += c.len_utf8();
            continue;
        }
        let line_start = std::mem::replace(&mut at_line_start, false);
        let push = |tokens: &mut Sink, kind, start, end| tokens.push(kind, start, end);
        if c == '%' && line_start {
            let end = rest.find('\n').map_or(len, |i| pos + i);
            push(&mut tokens, TokenKind::Escape, pos, end);
            pos = end;
            continue;
        }
        if c == '{' {
            // What `brace_comment` reads, its `}` found with memchr.
            match memchr::memchr(b'}', &bytes[pos + 1..]) {
                Some(i) => {
                    let end = pos + 1 + i + 1;
                    push(&mut tokens, TokenKind::Comment, pos, end);
                    pos = end;
                }
                None => {
                    push(&mut tokens, TokenKind::UnterminatedComment, pos, len);
                    pos = len;
                }
            }
            continue;
        }
        // Each rule below starts with its own character: asked only where it can match.
        if c == ';' {
            if let Ok((r, _)) = line_comment(rest) {
                let end = len - r.len();
                push(&mut tokens, TokenKind::Comment, pos, end);
                pos = end;
                continue;
            }
        }
        if c == '(' {
            if let Ok((r, ())) = draw_offer(rest) {
                let end = len - r.len();
                push(&mut tokens, TokenKind::DrawOffer, pos, end);
                pos = end;
                continue;
            }
            push(&mut tokens, TokenKind::VariationStart, pos, pos + 1);
            pos += 1;
            continue;
        }
        if c == ')' {
            push(&mut tokens, TokenKind::VariationEnd, pos, pos + 1);
            pos += 1;
            continue;
        }
        if c == '$' {
            if let Ok((r, n)) = nag(rest) {
                let end = len - r.len();
                push(&mut tokens, TokenKind::Nag(n), pos, end);
                pos = end;
                continue;
            }
        }
        let may_be_mark =
            matches!(c, 'e' | 'i') && matches!(rest.as_bytes().get(1), Some(b'.' | b'p'));
        // (The rules run only where the first bytes allow them: this is the hot loop.)
        let mark = if may_be_mark {
            separate_en_passant(rest).ok()
        } else {
            None
        };
        if let Some((r, ())) = mark {
            // a check mark or glyph may follow the mark (`exd6 e.p.+`)
            let r = r.trim_start_matches(['+', '#', '!', '?', '‡', '†']);
            if ends_word(r) {
                let end = len - r.len();
                push(&mut tokens, TokenKind::EnPassantMark, pos, end);
                pos = end;
                continue;
            }
        }
        let end = word_end(text, pos, pos);
        if end == pos {
            // A lone delimiter no rule above took: `}` `]` `[`.
            let e = pos + c.len_utf8();
            push(&mut tokens, TokenKind::Unreadable, pos, e);
            pos = e;
            continue;
        }
        lex_word_apart(text, pos, end, &mut expected_number, &mut tokens);
        pos = end;
    }
    SAN_MEMO.with(|m| m.set(Some(memo)));
    tokens
}

/// [`lex_word`] for the words that start with a byte no plain word starts with: not the
/// hot path, so not another copy of it.
#[inline(never)]
fn lex_word_apart(text: &str, start: usize, end: usize, expected: &mut u32, tokens: &mut Sink) {
    lex_word(text, start, end, expected, tokens);
}

/// The word that starts at `start` (a plain byte) if it ends at white space within its first
/// eight bytes: the eight bytes as one `u64` (the first in the lowest byte) and the word's
/// length, the place of the first byte below `!` there, told from the eight bytes as one word
/// (a byte's borrow can flag a byte above it, never one below, so the lowest flag is exact).
/// `None` when the eight bytes are not there, or that byte is not white space.
#[inline(always)]
fn short_word(bytes: &[u8], start: usize) -> Option<(u64, usize)> {
    let eight = crate::swar::word(bytes.get(start..)?.first_chunk::<8>()?);
    let below = crate::swar::below(eight, b'!');
    if below == 0 {
        return None;
    }
    let n = crate::swar::first(below);
    // `' '`, `'\n'`, `'\r'`, `'\t'` as bits of a mask: the byte is below `!`, so below 64.
    const WHITE: u64 = (1 << b' ') | (1 << b'\n') | (1 << b'\r') | (1 << b'\t');
    let end_byte = (eight >> (8 * n)) & 0xff;
    ((WHITE >> end_byte) & 1 != 0).then_some((eight, n))
}

/// [`lex_word_fast`] of a word of `n` bytes (1 to 7) that starts at `start`, its bytes the
/// low bytes of `eight` ([`short_word`]): read from the register, without a bounds check, in
/// one pass over its bytes. Pushes exactly what [`lex_word_fast`] does, and is true when it
/// does (a test compares the two).
#[inline(always)]
fn lex_short_word(
    eight: u64,
    n: usize,
    start: usize,
    expected: &mut u32,
    tokens: &mut Sink,
    memo: &mut SanMemo,
    english: &[Option<u8>; 32],
) -> bool {
    // A move number's digits (at most seven: no overflow), then its dots, told from the
    // eight bytes at once: the first byte that is no digit (every byte flagged exactly; the
    // white space at `n` is none), the first after them that is no dot.
    let not_digit = crate::swar::at_least(eight ^ (u64::from(b'0') * 0x0101_0101_0101_0101), 10);
    let digits = crate::swar::first(not_digit).min(n);
    let mut value = 0u32;
    for i in 0..digits {
        value = value * 10 + u32::from(((eight >> (8 * (i & 7))) as u8).wrapping_sub(b'0'));
    }
    // Most words: a move alone (`Nf3`), or after its number (`12.Nf3`, `12...Nf6`).
    let mut at = digits;
    if digits > 0 {
        let not_dot = crate::swar::other_than(eight >> (8 * (digits & 7)), b'.');
        at += crate::swar::first(not_dot).min(n - digits);
        let dots = at - digits;
        if dots == 0 {
            return false;
        }
        if at == n {
            // A move number alone (`12.`, `12...`): what `move_number` reads, as no result
            // is digits and dots alone.
            push_number(value, dots, (start, start + n), expected, tokens);
            return true;
        }
        if digits > 4 || dots > 3 {
            return false;
        }
    }
    // The move: the word's bytes from `at` on (`at` < `n` < 8).
    let Some((_, m, letters)) = memo.read(eight >> (8 * (at & 7)), n - at, english) else {
        return false;
    };
    if digits > 0 {
        push_number(value, at - digits, (start, start + at), expected, tokens);
    }
    tokens.push_move(m, *letters, start + at, start + n);
    true
}

/// Where the word that starts at `start` ends (its bytes up to `from` already read): up to the
/// next delimiter, keeping an attached `(Q)` promotion and the `)` of a move number `1)`.
#[inline]
fn word_end(text: &str, start: usize, from: usize) -> usize {
    let bytes = text.as_bytes();
    let len = bytes.len();
    let mut end = from;
    while end < len {
        let b = bytes[end];
        // Most words are ASCII letters and digits: no decoding, no special case.
        if PLAIN_WORD_BYTE[usize::from(b)] {
            end += 1;
            continue;
        }
        if matches!(b, b' ' | b'\n') {
            // the usual end of a word, a delimiter as it is
            break;
        }
        let ch = text[end..].chars().next().unwrap_or(' ');
        if ch == '(' && end > start && bytes[end - 1].is_ascii_digit() {
            if let Ok((r, _)) = (char('('), piece_letter, char(')')).parse(&text[end..]) {
                end = len - r.len();
                continue;
            }
        }
        if ch == ')' && end > start && text[start..end].bytes().all(|b| b.is_ascii_digit()) {
            // `1)` as a move number
            end += 1;
            break;
        }
        if is_delimiter(ch) {
            break;
        }
        end += ch.len_utf8();
    }
    end
}

thread_local! {
    /// The token list of a game replayed on this thread, emptied, for the next game's.
    static SPARE_TOKENS: std::cell::Cell<Vec<Token>> = const { std::cell::Cell::new(Vec::new()) };
    /// The plain SAN words this thread has read ([`SanMemo`]), lent to each game's lexer.
    static SAN_MEMO: std::cell::Cell<Option<Box<SanMemo>>> = const { std::cell::Cell::new(None) };
}

/// How many words [`SanMemo`] holds (a power of two).
const MEMO_SLOTS: usize = 8192;

/// The word of an empty slot of [`SanMemo`]: no word of at most seven bytes, whose eighth
/// byte is zero.
const EMPTY_SLOT: u64 = u64::MAX;

/// The moves of the plain SAN words read lately, by the word: the few thousand words that
/// make most games (`Nf3`, `O-O`, `exd5`) are read once per thread, not once per move, and a
/// word found here costs a multiplication and a comparison instead of
/// [`super::moves::plain_san_word`]. What a slot holds is that function's answer for that
/// word: a memo of a pure function, so it cannot change what is read.
struct SanMemo {
    /// The word as `u64` (its bytes, the rest zero), its move, and the move's piece letters.
    slots: Box<[(u64, WrittenMove, u64); MEMO_SLOTS]>,
}

impl SanMemo {
    fn new() -> SanMemo {
        // (built on the heap, not on the stack and moved: it is 320 KB)
        let slots = vec![(EMPTY_SLOT, super::moves::PLAIN_MOVE, 0); MEMO_SLOTS].into_boxed_slice();
        match slots.try_into() {
            Ok(slots) => SanMemo { slots },
            Err(_) => unreachable!("a list of MEMO_SLOTS slots"),
        }
    }

    /// [`super::moves::plain_san_word`] of the `n` low bytes of `eight` (1 to 7): the move
    /// and its letters, in the slot that holds them. (Always the slot's, read there: the
    /// move is copied whole from it into the token, not field by field.)
    #[inline(always)]
    fn read(
        &mut self,
        eight: u64,
        n: usize,
        english: &[Option<u8>; 32],
    ) -> Option<&(u64, WrittenMove, u64)> {
        // (`n` is 1 to 7; were it 0, the key 0 is in no slot and the word is read as none)
        let key = eight & ((1 << (8 * (n & 7))) - 1);
        // Fibonacci hashing: the high bits of the product mix every byte of the word.
        let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - MEMO_SLOTS.trailing_zeros()))
            as usize
            & (MEMO_SLOTS - 1);
        if self.slots[slot].0 != key {
            let (m, letters) = super::moves::plain_san_word(key, n, english)?;
            self.slots[slot] = (key, m, letters);
        }
        Some(&self.slots[slot])
    }
}

/// Give back a game's tokens once it is replayed: the next game lexed on this thread writes
/// its tokens into the same room instead of a list allocated and freed per game. A list
/// grown for a huge game is let go.
pub fn recycle_tokens(mut tokens: Vec<Token>) {
    if tokens.capacity() <= 1 << 14 {
        tokens.clear();
        SPARE_TOKENS.with(|spare| spare.set(tokens));
    }
}

/// The bytes a word of movetext is mostly made of (ASCII letters and digits, `+ # - = . x`),
/// which the lexer steps over without decoding them: one table look-up a byte.
static PLAIN_WORD_BYTE: [bool; 256] = {
    let mut plain = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        plain[b] =
            byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'#' | b'-' | b'=' | b'.' | b'x');
        b += 1;
    }
    plain
};

/// Split one word into move numbers, results and moves (`1.e4e52.Cf3` → `1.` `e4e5` `2.` `Cf3`).
#[inline(always)]
fn lex_word(text: &str, start: usize, end: usize, expected: &mut u32, tokens: &mut Sink) {
    if !lex_word_fast(text, start, end, expected, tokens) {
        lex_word_by_rules(text, start, end, expected, tokens);
    }
}

/// [`lex_word`] for a word that is a plain SAN move, a move number, or both (what most words
/// are); false, with no token pushed, for any other word. Only digits, dots and the bytes of
/// [`super::moves::plain_san`] pass it.
#[inline(always)]
fn lex_word_fast(
    text: &str,
    start: usize,
    end: usize,
    expected: &mut u32,
    tokens: &mut Sink,
) -> bool {
    // Most words of most games are one plain SAN move, alone or after its move number
    // (`Nf3`, `12.Nf3`, `12...Nf6`): no result, no run of moves.
    let b = &text.as_bytes()[start..end];
    // The number's value is added up as its digits are counted (nine digits cannot
    // overflow; a longer number is read again by `number_of`).
    let mut digits = 0;
    let mut value = 0u32;
    while digits < b.len() && b[digits].is_ascii_digit() {
        value = value
            .wrapping_mul(10)
            .wrapping_add(u32::from(b[digits] - b'0'));
        digits += 1;
    }
    let mut dots = digits;
    while dots < b.len() && b[dots] == b'.' {
        dots += 1;
    }
    let dots = dots - digits;
    let number = || {
        if digits <= 9 {
            value
        } else {
            number_of(&text[start..start + digits])
        }
    };
    if digits > 0 && dots > 0 && digits + dots == b.len() {
        // A move number alone (`12.`, `12...`): what `move_number` reads, as no result
        // is digits and dots alone.
        push_number(number(), dots, (start, end), expected, tokens);
        return true;
    }
    let san = match (digits, dots) {
        (0, 0) => Some(0),
        (1..=4, 1..=3) if digits + dots < b.len() => Some(digits + dots),
        _ => None,
    };
    // (`if let` rather than `and_then`: a closure here was left a call of its own)
    let plain = match san {
        Some(at) => super::moves::plain_san_bytes(&b[at..]),
        None => None,
    };
    if let Some(m) = plain {
        let at = start + digits + dots;
        if digits > 0 {
            push_number(number(), dots, (start, at), expected, tokens);
        }
        tokens.push(TokenKind::Move(m), at, end);
        return true;
    }
    false
}

/// A move number `number` with `dots` dots spanning `start..end`; the next number expected.
#[inline]
fn push_number(
    number: u32,
    dots: usize,
    (start, end): (usize, usize),
    expected: &mut u32,
    tokens: &mut Sink,
) {
    tokens.push(
        TokenKind::MoveNumber {
            number,
            black: dots >= 2,
        },
        start,
        end,
    );
    *expected = number.saturating_add(1);
}

/// The value of a run of ASCII digits as `move_number` reads it (`u32::MAX` when it does not
/// fit), added up at once where nine digits or fewer cannot overflow.
#[inline]
fn number_of(digits: &str) -> u32 {
    if digits.len() <= 9 {
        digits
            .bytes()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'))
    } else {
        digits.parse::<u32>().unwrap_or(u32::MAX)
    }
}

/// [`lex_word`] by the general rules.
#[inline(never)]
fn lex_word_by_rules(text: &str, start: usize, end: usize, expected: &mut u32, tokens: &mut Sink) {
    let mut pos = start;
    while pos < end {
        let rest = &text[pos..end];
        let first = rest.as_bytes()[0];
        let may_be_result = matches!(first, b'0' | b'1' | b'*') || rest.starts_with('½');
        let res = if may_be_result {
            result(rest).ok()
        } else {
            None
        };
        if let Some((r, res)) = res {
            if r.is_empty() || !r.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
                let e = end - r.len();
                tokens.push(TokenKind::Result(res), pos, e);
                pos = e;
                continue;
            }
        }
        let number = if first.is_ascii_digit() {
            move_number(rest).ok()
        } else {
            None
        };
        if let Some((r, (number, black))) = number {
            let e = end - r.len();
            tokens.push(TokenKind::MoveNumber { number, black }, pos, e);
            *expected = number.saturating_add(1);
            pos = e;
            continue;
        }
        if rest.bytes().all(|b| b.is_ascii_digit()) {
            let number = rest.parse::<u32>().unwrap_or(u32::MAX);
            tokens.push(
                TokenKind::MoveNumber {
                    number,
                    black: false,
                },
                pos,
                end,
            );
            *expected = number.saturating_add(1);
            pos = end;
            continue;
        }
        // `1. ... e5`: the dots of Black's move number written apart.
        if rest.chars().all(|c| c == '.' || c == '…') {
            return;
        }
        // The moves run up to the next embedded move number or result.
        let cut = pos + next_boundary(rest, *expected);
        let word = &text[pos..cut];
        let kind = classify_word(word);
        tokens.push(kind, pos, cut);
        pos = cut;
    }
}

/// Where, in a word that starts with a move, the next move number or result begins.
///
/// A digit right after a file letter is a rank (`e5`), unless it and the digits after it are
/// the move number we expect (`exd12.` after move 11); a digit after a piece letter is a rank
/// (`R1e2`); any other digit run starts a move number (`2.`), a result or castling (`0-0`).
fn next_boundary(word: &str, expected: u32) -> usize {
    let b = word.as_bytes();
    let starts_number_or_result = |i: usize| {
        let run_end = i + b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let after = &word[run_end..];
        let dotted = after.starts_with('.') || after.starts_with('…');
        let result_or_castling = matches!(b[i], b'0' | b'1')
            && (result(&word[i..]).is_ok() || (word[i..].starts_with("0-0") && b[i - 1] != b'-'));
        (dotted, result_or_castling)
    };
    // Castling with zeros is a move, not a number: `0-0-010.` is `0-0-0` then `10.`.
    let mut i = if word.starts_with("0-0-0") {
        5
    } else if word.starts_with("0-0") {
        3
    } else {
        1
    };
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let prev = b[i - 1];
        let (dotted, other) = starts_number_or_result(i);
        if (b'a'..=b'h').contains(&prev) && (b'1'..=b'8').contains(&b[i]) {
            if dotted {
                let run_end = i + b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let whole: u32 = word[i..run_end].parse().unwrap_or(0);
                if whole == expected && (run_end - i >= 2 || expected == 1) {
                    return i;
                }
            }
            // a rank; what follows it is looked at on its own
            i += 1;
            continue;
        }
        if prev.is_ascii_uppercase() && !dotted && !other {
            i += 1;
            continue;
        }
        if dotted || other {
            return i;
        }
        i += 1;
    }
    word.len()
}

fn classify_word(word: &str) -> TokenKind {
    // A glyph written apart from its move (`e4 !?`) is an annotation, as a NAG is.
    if !word.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        if let Ok(("", nag)) = super::moves::annotation_glyph(word) {
            return TokenKind::Nag(nag);
        }
    }
    // The common case: one move that takes the whole word and has no other reading.
    if let Ok(("", m)) = super::moves::written_move(word) {
        let long_form =
            m.from_square().is_some() && !m.hyphen && m.capture == super::moves::CaptureMark::None;
        let bare_promotion =
            m.promotion.is_some() && m.promotion_style == super::moves::PromotionStyle::Bare;
        if !long_form && !bare_promotion {
            return TokenKind::Move(m);
        }
    }
    let r = readings(word);
    match r.len() {
        0 => {
            // A promotion piece written apart (`exf8 C`, `exf8 =C`, `exf8 (C)`).
            let stripped = word
                .strip_prefix('=')
                .unwrap_or(word)
                .trim_start_matches('(')
                .trim_end_matches(')');
            if let Ok((rest, l)) = piece_letter(stripped) {
                if rest.is_empty() && !l.lowercase {
                    return TokenKind::PromotionLetter(l);
                }
            }
            // A result in words (`patta`, `remis`): a spelling of the one table.
            if let Some(r) = crate::result::GameResult::from_word(word) {
                return TokenKind::Result(r);
            }
            TokenKind::Unreadable
        }
        1 if r[0].len() == 1 => TokenKind::Move(r[0][0]),
        _ => TokenKind::Run(r.into_boxed_slice()),
    }
}

#[cfg(test)]
mod tests;
