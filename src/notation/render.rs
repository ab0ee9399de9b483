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

/// Canonical SAN of `m` in `lang`, with its check or mate suffix.
pub fn san_in(pos: &Chess, m: Move, lang: &Language) -> String {
    let plus = SanPlus::from_move(pos.clone(), m);
    let mut s = san_body(plus.san, lang);
    match plus.suffix {
        Some(Suffix::Check) => s.push('+'),
        Some(Suffix::Checkmate) => s.push('#'),
        None => {}
    }
    s
}

/// Canonical SAN of `m` in `lang`, without a suffix.
pub fn san_plain(pos: &Chess, m: Move, lang: &Language) -> String {
    san_body(San::from_move(pos, m), lang)
}

fn letter(lang: &Language, role: Role) -> &str {
    lang.letter(role)
}

fn san_body(san: San, lang: &Language) -> String {
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut s = String::with_capacity(8);
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
            s.push_str(&to.to_string());
            if let Some(p) = promotion {
                s.push('=');
                s.push_str(letter(lang, p));
            }
            s
        }
        San::Castle(side) => {
            if side == shakmaty::CastlingSide::KingSide {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        San::Put { role, to } => format!("{}@{}", letter(lang, role), to),
        San::Null => "--".to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::languages::by_code;
    use shakmaty::{fen::Fen, Square};

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
