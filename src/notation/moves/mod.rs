//! The grammar of one written move, rule by rule as in `grammar/notation.ebnf`.
//!
//! A written move is read without knowing the position or the language: piece letters are
//! kept as indexes into the [alphabet](super::languages::Alphabet) and only replay decides
//! what they mean. Each function below is one rule of the grammar and has its own tests.
//!
//! ```
//! use scoresheet::notation::moves::{written_move, WrittenKind};
//! let (rest, m) = written_move("Cg1-f3+!").unwrap();
//! assert!(rest.is_empty());
//! assert_eq!(m.kind, WrittenKind::Move);
//! assert_eq!(m.to_file, Some(shakmaty::File::F));
//! ```

use nom::{
    branch::alt,
    bytes::complete::tag,
    character::complete::{char, one_of},
    combinator::{map, opt, value, verify},
    sequence::{delimited, preceded},
    IResult, Parser,
};
use shakmaty::{CastlingSide, File, Rank, Square};

use super::languages::alphabet;

type PResult<'a, T> = IResult<&'a str, T>;

/// A piece letter as written: its alphabet index, and whether it was written in lower case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Letter {
    pub index: u8,
    pub lowercase: bool,
}

/// How a capture was marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CaptureMark {
    #[default]
    None,
    /// `x` (or `X`, `×`)
    X,
    /// `:` (German/Russian style)
    Colon,
}

/// The check or mate sign written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CheckMark {
    #[default]
    None,
    /// `+` or `†`
    Check,
    /// `#` or `‡`
    Mate,
    /// `++`: mate in FIDE's table, double check in some Italian primers.
    DoublePlus,
    /// A cross ending the word (`Qe4x`): a handwritten `+` drawn as a cross, or a capture
    /// mark put after the square. The marks are optional (Appendix C.13): either reading
    /// stands, and only `--strict-notation` reports it.
    Cross,
}

/// How a promotion piece was attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PromotionStyle {
    #[default]
    Equals,
    Bare,
    Parenthesised,
    Slash,
    /// Written as a separate word: `exf8 C`.
    Spaced,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrittenKind {
    Move,
    Castle(CastlingSide),
    Null,
}

/// One move exactly as written, before any position is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenMove {
    pub kind: WrittenKind,
    pub piece: Option<Letter>,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    /// A `-` between origin and destination (`e2-e4`, `Cc-b6`).
    pub hyphen: bool,
    pub capture: CaptureMark,
    pub to_file: Option<File>,
    /// `None` in the minimal pawn forms `exd` / `ed`.
    pub to_rank: Option<Rank>,
    pub promotion: Option<Letter>,
    pub promotion_style: PromotionStyle,
    pub en_passant_mark: bool,
    pub check: CheckMark,
    /// NAG number of an attached glyph (`!` = 1 ... `?!` = 6), 0 when none.
    pub glyph: u8,
    /// How many bytes of the word the move takes (marks and glyphs included).
    pub len: u16,
    /// How many of them come before the promotion piece and the marks.
    pub body_len: u16,
}

impl WrittenMove {
    const fn new(kind: WrittenKind) -> WrittenMove {
        WrittenMove {
            kind,
            piece: None,
            from_file: None,
            from_rank: None,
            hyphen: false,
            capture: CaptureMark::None,
            to_file: None,
            to_rank: None,
            promotion: None,
            promotion_style: PromotionStyle::Equals,
            en_passant_mark: false,
            check: CheckMark::None,
            glyph: 0,
            len: 0,
            body_len: 0,
        }
    }

    /// The destination square, when both file and rank were written.
    pub fn to_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.to_file?, self.to_rank?))
    }

    /// The origin square, when both file and rank were written (long algebraic).
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }

    /// Coordinate notation (`e2e4`, `g1-f3`): origin and destination, no piece letter.
    /// The piece is whatever stands on the origin square.
    pub fn is_coordinate(&self) -> bool {
        self.kind == WrittenKind::Move && self.piece.is_none() && self.from_square().is_some()
    }
}

/// `file = "a" | ... | "h"`
pub fn file(input: &str) -> PResult<'_, File> {
    match input.as_bytes().first() {
        Some(&b @ b'a'..=b'h') => Ok((&input[1..], File::new(u32::from(b - b'a')))),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::OneOf,
        ))),
    }
}

/// `rank = "1" | ... | "8"`
pub fn rank(input: &str) -> PResult<'_, Rank> {
    match input.as_bytes().first() {
        Some(&b @ b'1'..=b'8') => Ok((&input[1..], Rank::new(u32::from(b - b'1')))),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::OneOf,
        ))),
    }
}

/// `square = file rank`
pub fn square(input: &str) -> PResult<'_, (File, Rank)> {
    (file, rank).parse(input)
}

/// `piece_letter = letter of any language | lower-case letter that is not a file`
pub fn piece_letter(input: &str) -> PResult<'_, Letter> {
    let a = alphabet();
    if let Some((index, len)) = a.match_prefix(input) {
        return Ok((
            &input[len..],
            Letter {
                index,
                lowercase: false,
            },
        ));
    }
    // Lower-case piece letters (`nf3`) are read when they cannot be a file.
    let mut chars = input.chars();
    if let Some(c) = chars.next() {
        if c.is_ascii_lowercase() && !('a'..='h').contains(&c) {
            let upper = c.to_ascii_uppercase().to_string();
            if let Some(index) = a.index_of(&upper) {
                return Ok((
                    chars.as_str(),
                    Letter {
                        index,
                        lowercase: true,
                    },
                ));
            }
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        input,
        nom::error::ErrorKind::Char,
    )))
}

/// `capture_mark = "x" | "X" | "×" | ":"`
pub fn capture_mark(input: &str) -> PResult<'_, CaptureMark> {
    alt((
        value(CaptureMark::X, one_of("xX×")),
        value(CaptureMark::Colon, char(':')),
    ))
    .parse(input)
}

/// `hyphen = "-" | "–"`
pub fn hyphen(input: &str) -> PResult<'_, ()> {
    value((), one_of("-–")).parse(input)
}

/// `castling = long_castling | short_castling` with `O`, `0` or `o`, hyphenated or not.
pub fn castling(input: &str) -> PResult<'_, CastlingSide> {
    fn side<'a>(input: &'a str, o: char) -> PResult<'a, CastlingSide> {
        let o3 = |i: &'a str| -> PResult<'a, ()> {
            value((), (char(o), hyphen, char(o), hyphen, char(o))).parse(i)
        };
        let o2 = |i: &'a str| -> PResult<'a, ()> { value((), (char(o), hyphen, char(o))).parse(i) };
        alt((
            value(CastlingSide::QueenSide, o3),
            value(CastlingSide::KingSide, o2),
        ))
        .parse(input)
    }
    alt((
        |i| side(i, 'O'),
        |i| side(i, '0'),
        |i| side(i, 'o'),
        value(CastlingSide::QueenSide, tag("OOO")),
        value(CastlingSide::KingSide, tag("OO")),
    ))
    .parse(input)
}

/// `null_move = "--" | "Z0" | "0000"`
pub fn null_move(input: &str) -> PResult<'_, ()> {
    value((), alt((tag("--"), tag("Z0"), tag("0000")))).parse(input)
}

/// `disambiguation = square | file | rank`, followed by an optional hyphen.
fn disambiguation(input: &str) -> PResult<'_, (Option<File>, Option<Rank>)> {
    alt((
        map(square, |(f, r)| (Some(f), Some(r))),
        map(file, |f| (Some(f), None)),
        map(rank, |r| (None, Some(r))),
    ))
    .parse(input)
}

/// `piece_move = piece_letter [disambiguation] [hyphen] [capture_mark] square`
pub fn piece_move(input: &str) -> PResult<'_, WrittenMove> {
    let (rest, piece) = piece_letter(input)?;
    let tail = |i| (opt(hyphen), opt(capture_mark), square).parse(i);
    // Try with an origin first (`Nbd7`, `Ng1f3`, `Cc-b6`), then without (`Nf3`).
    let with_origin = (disambiguation, tail).parse(rest);
    let (rest, (from, (h, cap, to))) = match with_origin {
        Ok(ok) => ok,
        Err(_) => {
            let (rest, (h, cap, to)) = tail(rest)?;
            (rest, ((None, None), (h, cap, to)))
        }
    };
    let mut m = WrittenMove::new(WrittenKind::Move);
    m.piece = Some(piece);
    m.from_file = from.0;
    m.from_rank = from.1;
    m.hyphen = h.is_some();
    m.capture = cap.unwrap_or_default();
    m.to_file = Some(to.0);
    m.to_rank = Some(to.1);
    Ok((rest, m))
}

/// `pawn_move = square [hyphen] [capture_mark] square    (long: e2e4, e2-e4, e5:d4)
///            | file [capture_mark] square              (exd5, ed5, e:d5)
///            | file capture_mark file | file file      (exd, ed, e:d)
///            | square                                   (e4)`
pub fn pawn_move(input: &str) -> PResult<'_, WrittenMove> {
    let long = map(
        (square, opt(hyphen), opt(capture_mark), square),
        |(from, h, cap, to)| {
            let mut m = WrittenMove::new(WrittenKind::Move);
            m.from_file = Some(from.0);
            m.from_rank = Some(from.1);
            m.hyphen = h.is_some();
            m.capture = cap.unwrap_or_default();
            m.to_file = Some(to.0);
            m.to_rank = Some(to.1);
            m
        },
    );
    let capture = map((file, opt(capture_mark), square), |(from, cap, to)| {
        let mut m = WrittenMove::new(WrittenKind::Move);
        m.from_file = Some(from);
        m.capture = cap.unwrap_or_default();
        m.to_file = Some(to.0);
        m.to_rank = Some(to.1);
        m
    });
    let minimal = map((file, opt(capture_mark), file), |(from, cap, to)| {
        let mut m = WrittenMove::new(WrittenKind::Move);
        m.from_file = Some(from);
        m.capture = cap.unwrap_or_default();
        m.to_file = Some(to);
        m
    });
    let push = map(square, |to| {
        let mut m = WrittenMove::new(WrittenKind::Move);
        m.to_file = Some(to.0);
        m.to_rank = Some(to.1);
        m
    });
    alt((long, capture, minimal, push)).parse(input)
}

/// `promotion = "=" piece_letter | "(" piece_letter ")" | "/" piece_letter | piece_letter`
///
/// A bare letter must be upper case (or a figurine), so that `e8d` is never a promotion.
pub fn promotion(input: &str) -> PResult<'_, (Letter, PromotionStyle)> {
    alt((
        map(preceded(char('='), piece_letter), |l| {
            (l, PromotionStyle::Equals)
        }),
        map(delimited(char('('), piece_letter, char(')')), |l| {
            (l, PromotionStyle::Parenthesised)
        }),
        map(preceded(char('/'), piece_letter), |l| {
            (l, PromotionStyle::Slash)
        }),
        map(verify(piece_letter, |l: &Letter| !l.lowercase), |l| {
            (l, PromotionStyle::Bare)
        }),
    ))
    .parse(input)
}

/// `uci_promotion = "q" | "r" | "b" | "n"`: the lower-case promotion letter of coordinate
/// notation (`d7d8q`), read only after a coordinate move to a last rank.
pub fn uci_promotion(input: &str) -> PResult<'_, Letter> {
    let (rest, c) = one_of("qrbn").parse(input)?;
    let index = alphabet()
        .index_of(&c.to_ascii_uppercase().to_string())
        .ok_or_else(|| {
            nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::Char))
        })?;
    Ok((
        rest,
        Letter {
            index,
            lowercase: false,
        },
    ))
}

/// `en_passant_mark = "e.p." | "ep" | "e.p" | "i.p." | "ip"` (attached)
pub fn en_passant_mark(input: &str) -> PResult<'_, ()> {
    value(
        (),
        alt((
            tag("e.p."),
            tag("e.p"),
            tag("i.p."),
            tag("i.p"),
            tag("ep"),
            tag("ip"),
        )),
    )
    .parse(input)
}

/// `check_mark = "++" | "+" | "#" | "‡" | "†"`
pub fn check_mark(input: &str) -> PResult<'_, CheckMark> {
    alt((
        value(CheckMark::DoublePlus, tag("++")),
        value(CheckMark::Check, alt((tag("+"), tag("†")))),
        value(CheckMark::Mate, alt((tag("#"), tag("‡")))),
    ))
    .parse(input)
}

/// `annotation_glyph = "!!" | "??" | "!?" | "?!" | "!" | "?"` (and their one-character forms),
/// as the NAG number the PGN standard gives them.
pub fn annotation_glyph(input: &str) -> PResult<'_, u8> {
    alt((
        value(3, alt((tag("!!"), tag("‼")))),
        value(4, alt((tag("??"), tag("⁇")))),
        value(5, alt((tag("!?"), tag("⁉")))),
        value(6, alt((tag("?!"), tag("⁈")))),
        value(1, tag("!")),
        value(2, tag("?")),
        value(7, tag("□")),
    ))
    .parse(input)
}

/// `written_move = (castling | null_move | piece_move | pawn_move) [promotion]
///                 {en_passant_mark | check_mark | annotation_glyph}`
pub fn written_move(input: &str) -> PResult<'_, WrittenMove> {
    // The first byte says which rules can apply (this is the lexer's hot path).
    let (mut rest, mut m) = match input.as_bytes().first() {
        Some(b'a'..=b'h') => pawn_move(input)?,
        Some(b'O' | b'0' | b'o') => alt((
            map(castling, |side| WrittenMove::new(WrittenKind::Castle(side))),
            map(null_move, |_| WrittenMove::new(WrittenKind::Null)),
            piece_move,
        ))
        .parse(input)?,
        Some(b'-' | b'Z') => alt((
            map(null_move, |_| WrittenMove::new(WrittenKind::Null)),
            piece_move,
        ))
        .parse(input)?,
        _ => piece_move(input)?,
    };
    m.body_len = u16::try_from(input.len() - rest.len()).unwrap_or(u16::MAX);
    if m.kind == WrittenKind::Move && !rest.is_empty() {
        if let Ok((r, l)) = uci_promotion(rest) {
            if m.is_coordinate() && matches!(m.to_rank, Some(Rank::First | Rank::Eighth)) {
                m.promotion = Some(l);
                m.promotion_style = PromotionStyle::Bare;
                rest = r;
            }
        }
        if let Ok((r, (l, style))) = promotion(rest) {
            // A bare letter after a piece move, or after a square that is not on a last rank,
            // starts the next move of a run-together scoresheet (`Cf3Cc6`, `Rf1Dxe5`).
            let last_rank = matches!(m.to_rank, Some(Rank::First | Rank::Eighth) | None);
            if style != PromotionStyle::Bare || (last_rank && m.piece.is_none()) {
                m.promotion = Some(l);
                m.promotion_style = style;
                rest = r;
            }
        }
    }
    while !rest.is_empty() {
        if let Ok((r, ())) = en_passant_mark(rest) {
            m.en_passant_mark = true;
            rest = r;
        } else if let Ok((r, c)) = check_mark(rest) {
            m.check = c;
            rest = r;
        } else if let Ok((r, g)) = annotation_glyph(rest) {
            if m.glyph == 0 {
                m.glyph = g;
            }
            rest = r;
        } else {
            break;
        }
    }
    // A cross only as the word's last character: inside a word it starts a capture
    // (`Qe4xd5`) or the next of moves run together.
    if m.check == CheckMark::None && matches!(rest, "x" | "X" | "×") {
        m.check = CheckMark::Cross;
        rest = "";
    }
    m.len = u16::try_from(input.len() - rest.len()).unwrap_or(u16::MAX);
    Ok((rest, m))
}

/// The alphabet indexes of `K`, `Q`, `R`, `B`, `N`, by the letter's low five bits (the
/// lexer asks for the table once a game and hands it to [`plain_san_word`]).
pub(crate) fn english_letters() -> &'static [Option<u8>; 32] {
    static TABLE: std::sync::OnceLock<[Option<u8>; 32]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [None; 32];
        for c in ["K", "Q", "R", "B", "N"] {
            t[usize::from(c.as_bytes()[0] & 0x1f)] = alphabet().index_of(c);
        }
        t
    })
}

/// The common short-algebraic word read at once, without the general rules (the lexer's hot
/// path): `Nf3`, `Nbd7`, `N1d7`, `Nxf3`, `Nbxd7`, `e4`, `exd5`, `e8=Q`, `exd8=Q`, `O-O`,
/// `O-O-O`, in English letters, each with an optional `+` or `#`. It gives exactly what
/// [`written_move`] gives for the whole word, or `None` for any other word, which the rules
/// read (a test compares the two over every word of the corpora).
#[inline(always)]
pub fn plain_san(word: &str) -> Option<WrittenMove> {
    plain_san_bytes(word.as_bytes())
}

/// [`plain_san`] of a word's bytes (the lexer has them at hand: no `str` to cut first).
#[inline(always)]
pub(crate) fn plain_san_bytes(b: &[u8]) -> Option<WrittenMove> {
    // No plain SAN word is longer than seven bytes (`exd8=Q+`).
    if b.len() > 8 {
        return None;
    }
    let mut eight = [0u8; 8];
    eight[..b.len()].copy_from_slice(b);
    plain_san_word(u64::from_le_bytes(eight), b.len(), english_letters()).map(|(m, _)| m)
}

/// A move that the templates below start from: every field as [`WrittenMove::new`] sets it.
pub(crate) const PLAIN_MOVE: WrittenMove = WrittenMove::new(WrittenKind::Move);

/// [`plain_san`] of the word whose `len` bytes are the low bytes of `word` (the first byte in
/// the lowest; what lies above them is not looked at), with the bit set of the piece letters
/// the move uses (as the lexer collects them). `english` is [`english_letters`].
///
/// The word is read from a register, not a slice: no bounds check, and the fields of the move
/// written over a constant template, so that the hot path stores few bytes.
#[inline(always)]
pub(crate) fn plain_san_word(
    word: u64,
    len: usize,
    english: &[Option<u8>; 32],
) -> Option<(WrittenMove, u64)> {
    if len == 0 || len > 8 {
        return None;
    }
    let a = word.to_le_bytes();
    let (body, check) = match a[(len - 1) & 7] {
        b'+' => (len - 1, CheckMark::Check),
        b'#' => (len - 1, CheckMark::Mate),
        _ => (len, CheckMark::None),
    };
    // A square: its file and rank, both in range or neither.
    let square = |f: u8, r: u8| {
        let (f, r) = (f.wrapping_sub(b'a'), r.wrapping_sub(b'1'));
        ((f | r) < 8).then(|| {
            (
                Some(File::ALL[usize::from(f & 7)]),
                Some(Rank::ALL[usize::from(r & 7)]),
            )
        })
    };
    let file = |c: u8| {
        let f = c.wrapping_sub(b'a');
        (f < 8).then(|| File::ALL[usize::from(f & 7)])
    };
    let rank = |c: u8| {
        let r = c.wrapping_sub(b'1');
        (r < 8).then(|| Rank::ALL[usize::from(r & 7)])
    };
    // The alphabet index of a piece letter `K Q R B N` (of the promotion ones, `Q R B N`).
    let piece = |c: u8| match c {
        b'K' | b'Q' | b'R' | b'B' | b'N' => english[usize::from(c & 0x1f)],
        _ => None,
    };
    let promotion = |c: u8| match c {
        b'Q' | b'R' | b'B' | b'N' => english[usize::from(c & 0x1f)],
        _ => None,
    };
    let letter = |index: u8| Letter {
        index,
        lowercase: false,
    };
    let mut m = PLAIN_MOVE;
    let mut body_len = body;
    let mut letters = 0u64;
    match (body, a[0]) {
        (3, b'O') if a[1] == b'-' && a[2] == b'O' => {
            m.kind = WrittenKind::Castle(CastlingSide::KingSide);
        }
        (5, b'O') if a[1] == b'-' && a[2] == b'O' && a[3] == b'-' && a[4] == b'O' => {
            m.kind = WrittenKind::Castle(CastlingSide::QueenSide);
        }
        (3..=5, b'K' | b'Q' | b'R' | b'B' | b'N') => {
            let index = piece(a[0])?;
            m.piece = Some(letter(index));
            letters = 1 << (index & 63);
            // `Nf3`, `Nbd7` / `N1d7` / `Nxf3`, `Nbxd7`: the origin is what stands before the
            // square, a capture mark after it.
            let d = a[1];
            let to = match body {
                3 => (a[1], a[2]),
                4 => (a[2], a[3]),
                // (`Nxxf3` is no move: the rules read it as none)
                _ if a[2] == b'x' && d != b'x' => {
                    m.capture = CaptureMark::X;
                    (a[3], a[4])
                }
                _ => return None,
            };
            if body >= 4 {
                if d == b'x' {
                    m.capture = CaptureMark::X;
                } else if let Some(f) = file(d) {
                    m.from_file = Some(f);
                } else if let Some(r) = rank(d) {
                    m.from_rank = Some(r);
                } else {
                    return None;
                }
            }
            (m.to_file, m.to_rank) = square(to.0, to.1)?;
        }
        (2, _) => (m.to_file, m.to_rank) = square(a[0], a[1])?,
        (4, _) if a[1] == b'x' => {
            m.from_file = Some(file(a[0])?);
            m.capture = CaptureMark::X;
            (m.to_file, m.to_rank) = square(a[2], a[3])?;
        }
        // A pawn's promotion: `e8=Q`, `exd8=Q`.
        (4 | 6, _) if a[body - 2] == b'=' => {
            let index = promotion(a[body - 1])?;
            if body == 6 {
                if a[1] != b'x' {
                    return None;
                }
                m.from_file = Some(file(a[0])?);
                m.capture = CaptureMark::X;
                (m.to_file, m.to_rank) = square(a[2], a[3])?;
            } else {
                (m.to_file, m.to_rank) = square(a[0], a[1])?;
            }
            m.promotion = Some(letter(index));
            letters = 1 << (index & 63);
            body_len = body - 2;
        }
        _ => return None,
    }
    m.check = check;
    // (at most eight bytes: the casts cannot truncate)
    m.body_len = body_len as u16;
    m.len = len as u16;
    Some((m, letters))
}

/// Every way to read a word of run-together moves (`e4e5`, `Cf3Cf6`, `d4ed4`) as a sequence
/// of written moves. The first reading is the greedy one (`e4e5` as one long-algebraic move);
/// the others split a long form into two short ones. Replay picks the reading that is legal.
/// Returns an empty list when no reading covers the whole word.
pub fn readings(word: &str) -> Vec<Vec<WrittenMove>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    let mut dead_ends = vec![false; word.len() + 1];
    readings_into(word, &mut current, &mut out, 0, &mut dead_ends);
    out
}

const MAX_READINGS: usize = 8;
const MAX_MOVES_PER_WORD: usize = 64;

/// Extends `current` by every reading of `word`, the rest of a word whose ends no reading
/// reached are marked in `dead_ends` (indexed by the length of the rest): each is tried once.
/// Without it, a long word of moves run together that has no complete reading took time
/// exponential in its length, each move splitting the search in two or three.
fn readings_into(
    word: &str,
    current: &mut Vec<WrittenMove>,
    out: &mut Vec<Vec<WrittenMove>>,
    depth: usize,
    dead_ends: &mut [bool],
) {
    if out.len() >= MAX_READINGS
        || depth > MAX_MOVES_PER_WORD
        || dead_ends.get(word.len()).copied().unwrap_or(false)
    {
        return;
    }
    let found = out.len();
    readings_from(word, current, out, depth, dead_ends);
    if out.len() == found {
        if let Some(dead) = dead_ends.get_mut(word.len()) {
            *dead = true;
        }
    }
}

fn readings_from(
    word: &str,
    current: &mut Vec<WrittenMove>,
    out: &mut Vec<Vec<WrittenMove>>,
    depth: usize,
    dead_ends: &mut [bool],
) {
    if word.is_empty() {
        if !current.is_empty() {
            out.push(current.clone());
        }
        return;
    }
    let Ok((rest, m)) = written_move(word) else {
        return;
    };
    current.push(m);
    readings_into(rest, current, out, depth + 1, dead_ends);
    current.pop();
    // `e8Dd4`: a pawn move to the last rank followed by a queen move, or a promotion?
    if m.promotion.is_some() && m.promotion_style == PromotionStyle::Bare {
        let cut = usize::from(m.body_len).min(word.len());
        if let Ok((r2, plain)) = written_move(&word[..cut]) {
            if r2.is_empty() && plain.promotion.is_none() {
                current.push(plain);
                readings_into(&word[cut..], current, out, depth + 1, dead_ends);
                current.pop();
            }
        }
    }
    // A long form may really be two short moves run together (`e4e5` = `e4 e5`): when the
    // origin is a whole square, also read it as the destination of a move of its own.
    if m.kind == WrittenKind::Move
        && m.from_file.is_some()
        && m.from_rank.is_some()
        && !m.hyphen
        && m.capture == CaptureMark::None
    {
        let consumed = word.len() - rest.len();
        let piece_len = m
            .piece
            .map(|l| {
                if l.lowercase {
                    1
                } else {
                    alphabet().letter(l.index).len()
                }
            })
            .unwrap_or(0);
        let cut = piece_len + 2;
        if cut < consumed {
            let mut short = WrittenMove::new(WrittenKind::Move);
            short.piece = m.piece;
            short.to_file = m.from_file;
            short.to_rank = m.from_rank;
            short.len = cut as u16;
            current.push(short);
            readings_into(&word[cut..], current, out, depth + 1, dead_ends);
            current.pop();
        }
    }
}

#[cfg(test)]
mod tests;
