//! Writing a move in a language's letters: canonical SAN (minimal disambiguation, `=`
//! promotions, `+`/`#` computed from the position) and long algebraic.
//!
//! ```
//! use scoresheet::notation::render::san_in;
//! use scoresheet::notation::languages::by_code;
//! use shakmaty::{Chess, Position, Square, Role, Move};
//! let pos = Chess::default();
//! let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
//! assert_eq!(san_in(&pos, m, by_code("it").unwrap()), "Cf3");
//! ```

use shakmaty::{
    san::{San, SanPlus, Suffix},
    CastlingMode, Chess, Move, Role,
};

use crate::notation::languages::Language;

/// The number a move is written after: `12.` before White's 12th move, `12...` before
/// Black's.
///
/// ```
/// use scoresheet::notation::render::move_number;
/// use shakmaty::Color;
/// assert_eq!(move_number(12, Color::White), "12.");
/// assert_eq!(move_number(12, Color::Black), "12...");
/// ```
pub fn move_number(number: u32, side: shakmaty::Color) -> String {
    match side {
        shakmaty::Color::White => format!("{number}."),
        shakmaty::Color::Black => format!("{number}..."),
    }
}

/// The move to be played in `pos`, written with its number: `12.Nf3`, `12...Nf6`.
pub fn numbered(pos: &Chess, text: &str) -> String {
    use shakmaty::Position;
    move_number(pos.fullmoves().get(), pos.turn()) + text
}

/// Canonical SAN of `m` in `lang`, with its check or mate suffix. A move that cannot be
/// made on `pos` at all (no such piece of the side to move on its square, or a king
/// missing: a caller that replayed on the wrong position) is written in long algebraic
/// ([`lan_in`]), which asks nothing of the position: shakmaty's SAN panics on it.
pub fn san_in(pos: &Chess, m: Move, lang: &Language) -> String {
    if !can_be_made(pos, m) {
        return lan_in(m, lang);
    }
    if m.capture() == Some(shakmaty::Role::King) {
        // Only after an illegal move that stood; with no king left there is no check to mark
        // (and shakmaty cannot tell).
        return san_body(shakmaty::san::San::from_move(pos, m), lang);
    }
    let plus = SanPlus::from_move(pos.clone(), m);
    let mut s = san_body(plus.san, lang);
    match plus.suffix {
        Some(Suffix::Check) => s.push('+'),
        Some(Suffix::Checkmate) => s.push('#'),
        None => {}
    }
    s
}

/// Canonical SAN of `m` in `lang`, without a suffix (long algebraic for a move that
/// cannot be made on `pos`, as [`san_in`]).
pub fn san_plain(pos: &Chess, m: Move, lang: &Language) -> String {
    if !can_be_made(pos, m) {
        return lan_in(m, lang);
    }
    san_body(San::from_move(pos, m), lang)
}

/// Whether `m` is a move of the side to move on `pos`, legal or not (an illegal move that
/// stood is one), and both kings stand: what shakmaty's SAN needs so as not to panic.
fn can_be_made(pos: &Chess, m: Move) -> bool {
    use shakmaty::{Piece, Position};
    let board = pos.board();
    let us = pos.turn();
    if board.king_of(us).is_none() || board.king_of(!us).is_none() {
        return false;
    }
    match m {
        Move::Castle { king, rook } => {
            board.piece_at(king)
                == Some(Piece {
                    color: us,
                    role: Role::King,
                })
                && board.piece_at(rook)
                    == Some(Piece {
                        color: us,
                        role: Role::Rook,
                    })
        }
        Move::Put { .. } => false,
        Move::Normal { role, from, .. } => board.piece_at(from) == Some(Piece { color: us, role }),
        Move::EnPassant { from, .. } => {
            board.piece_at(from)
                == Some(Piece {
                    color: us,
                    role: Role::Pawn,
                })
        }
    }
}

fn letter(lang: &Language, role: Role) -> &str {
    lang.letter(role)
}

/// A SAN in `lang`'s piece letters, without a check mark.
pub fn san_body(san: San, lang: &Language) -> String {
    let mut s = String::with_capacity(8);
    san_body_into(san, lang, &mut s);
    s
}

/// [`san_body`] written at the end of `s` (a search that writes thousands of moves reuses
/// one string).
pub fn san_body_into(san: San, lang: &Language, s: &mut String) {
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                s.push_str(letter(lang, role));
            }
            if let Some(f) = file {
                s.push(f.char());
            }
            if let Some(r) = rank {
                s.push(r.char());
            }
            if capture {
                s.push('x');
            }
            s.push(to.file().char());
            s.push(to.rank().char());
            if let Some(p) = promotion {
                s.push('=');
                s.push_str(letter(lang, p));
            }
        }
        San::Castle(side) => s.push_str(if side == shakmaty::CastlingSide::KingSide {
            "O-O"
        } else {
            "O-O-O"
        }),
        San::Put { role, to } => {
            s.push_str(letter(lang, role));
            s.push('@');
            s.push(to.file().char());
            s.push(to.rank().char());
        }
        San::Null => s.push_str("--"),
    }
}

/// Long algebraic in `lang`: `Cg1-f3`, `e2-e4`, `Ad3xh7`, `e7-e8=D`, `O-O`.
pub fn lan_in(m: Move, lang: &Language) -> String {
    match m {
        Move::Castle { king, rook } => {
            if rook.file() > king.file() {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        _ => {
            let mut s = String::with_capacity(10);
            if m.role() != Role::Pawn {
                s.push_str(letter(lang, m.role()));
            }
            if let Some(from) = m.from() {
                s.push_str(&from.to_string());
            }
            s.push(if m.is_capture() { 'x' } else { '-' });
            s.push_str(&m.to().to_string());
            if let Some(p) = m.promotion() {
                s.push('=');
                s.push_str(letter(lang, p));
            }
            s
        }
    }
}

/// UCI, with castling written as the standard king move or, in Chess960, king takes rook.
pub fn uci(m: Move, mode: CastlingMode) -> String {
    m.to_uci(mode).to_string()
}

/// The FEN of `pos`, with an en passant square only where the capture is legal, appended to
/// `out`: byte for byte what `Fen::from_position(pos, EnPassantMode::Legal)` writes (a test
/// holds the two together), without copying the position into a setup or asking each
/// occupied square which piece stands on it.
///
/// ```
/// use scoresheet::notation::render::append_fen;
/// let mut fen = String::new();
/// append_fen(&shakmaty::Chess::default(), &mut fen);
/// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
pub fn append_fen(pos: &Chess, out: &mut String) {
    use shakmaty::{Color, EnPassantMode, Piece, Position};
    let board = pos.board();
    // Each piece's letter on its square, from the twelve bitboards.
    let mut squares = [0u8; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece { color, role };
            // (ASCII: a piece's letter is one byte.)
            let letter = piece.char() as u8;
            for sq in board.by_piece(piece) {
                squares[sq.to_usize()] = letter;
            }
        }
    }
    // The longest FEN of a position: 71 bytes of board, 4 of castling, two counters of ten.
    let mut buf = [0u8; 128];
    let mut n = 0;
    let mut put = |b: u8| {
        if let Some(slot) = buf.get_mut(n) {
            *slot = b;
            n += 1;
        }
    };
    for (r, rank) in squares.chunks_exact(8).rev().enumerate() {
        if r > 0 {
            put(b'/');
        }
        let mut empty = 0u8;
        for &letter in rank {
            if letter == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    put(b'0' + empty);
                    empty = 0;
                }
                put(letter);
            }
        }
        if empty > 0 {
            put(b'0' + empty);
        }
    }
    put(b' ');
    put(pos.turn().char() as u8);
    put(b' ');
    // Castling as shakmaty writes it: `KQkq` for the outermost rooks, the rook's file for
    // any other (Chess960).
    let rights = pos.castles().castling_rights();
    let mut any = false;
    for color in Color::ALL {
        let king = board
            .king_of(color)
            .filter(|k| k.rank() == color.backrank());
        let candidates = board.by_piece(color.rook()) & color.backrank();
        for rook in (rights & color.backrank()).into_iter().rev() {
            let letter = if Some(rook) == candidates.first() && king.is_some_and(|k| rook < k) {
                b'Q'
            } else if Some(rook) == candidates.last() && king.is_some_and(|k| k < rook) {
                b'K'
            } else {
                rook.file().char().to_ascii_uppercase() as u8
            };
            put(color.fold_wb(letter, letter.to_ascii_lowercase()));
            any = true;
        }
    }
    if !any {
        put(b'-');
    }
    put(b' ');
    match pos.ep_square(EnPassantMode::Legal) {
        Some(sq) => {
            put(sq.file().char() as u8);
            put(sq.rank().char() as u8);
        }
        None => put(b'-'),
    }
    for number in [pos.halfmoves(), pos.fullmoves().get()] {
        put(b' ');
        let mut digits = [0u8; 10];
        let mut k = digits.len();
        let mut v = number;
        loop {
            k -= 1;
            digits[k] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 || k == 0 {
                break;
            }
        }
        for &d in &digits[k..] {
            put(d);
        }
    }
    out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::languages::by_code;
    use shakmaty::{fen::Fen, Position, Square};

    /// `append_fen` writes what shakmaty writes: standard and Chess960 castling rights (also
    /// rights of inner rooks), en passant squares with and without a legal capture, either
    /// side to move, large counters.
    #[test]
    fn fen_as_shakmaty_writes_it() {
        for (fen, mode) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
                CastlingMode::Standard,
            ),
            (
                "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR b Kq - 0 3",
                CastlingMode::Standard,
            ),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", CastlingMode::Standard),
            ("3rk3/8/8/3pP3/8/8/8/3K4 w - d6 0 1", CastlingMode::Standard),
            (
                "8/8/4k3/8/8/4K3/8/R7 w - - 149 4294967295",
                CastlingMode::Standard,
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                CastlingMode::Chess960,
            ),
            (
                "rk2r3/8/8/8/8/8/8/RK2R3 b EAea - 7 40",
                CastlingMode::Chess960,
            ),
            (
                "1r2kr2/8/8/8/8/8/8/1R2KR2 w BFbf - 0 1",
                CastlingMode::Chess960,
            ),
            ("8/8/8/8/8/8/8/K6k w - - 0 1", CastlingMode::Standard),
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .expect("test FEN")
                .into_position(mode)
                .expect("test position");
            let mut ours = String::new();
            append_fen(&pos, &mut ours);
            let theirs = Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string();
            assert_eq!(ours, theirs, "{fen}");
        }
    }

    /// A move played on the wrong position (a printer that lost count of a null move) is
    /// written in long algebraic, not handed to shakmaty's SAN, which panics on it.
    #[test]
    fn a_move_that_cannot_be_made_here() {
        let pos = Chess::default();
        // Black's queen move, with White to move: no such piece of White's on d8.
        let m = Move::Normal {
            role: Role::Queen,
            from: Square::D8,
            capture: None,
            to: Square::H4,
            promotion: None,
        };
        assert_eq!(san_in(&pos, m, by_code("it").unwrap()), "Dd8-h4");
        assert_eq!(san_plain(&pos, m, by_code("en").unwrap()), "Qd8-h4");
        // A king gone: Black's king move played for White (as the HTML report once played
        // the moves after a null move) takes Black's king off the board.
        let mut kingless = Chess::default();
        kingless.play_unchecked(Move::Normal {
            role: Role::King,
            from: Square::E8,
            capture: None,
            to: Square::E7,
            promotion: None,
        });
        let knight = Move::Normal {
            role: Role::Knight,
            from: Square::G8,
            capture: None,
            to: Square::F6,
            promotion: None,
        };
        assert_eq!(san_in(&kingless, knight, by_code("en").unwrap()), "Ng8-f6");
    }

    #[test]
    fn languages_and_suffixes() {
        let fen: Fen = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let m = Move::Normal {
            role: Role::Queen,
            from: Square::F7,
            capture: None,
            to: Square::G7,
            promotion: None,
        };
        assert_eq!(san_in(&pos, m, by_code("en").unwrap()), "Qg7#");
        assert_eq!(san_in(&pos, m, by_code("it").unwrap()), "Dg7#");
        assert_eq!(san_in(&pos, m, by_code("ru").unwrap()), "Фg7#");
        assert_eq!(san_in(&pos, m, by_code("figurine").unwrap()), "♕g7#");
        assert_eq!(lan_in(m, by_code("de").unwrap()), "Df7-g7");
        assert_eq!(uci(m, CastlingMode::Standard), "f7g7");
    }
}
