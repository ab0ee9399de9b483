//! Chess960 starting positions and their numbers (FIDE Chess960 rules, Appendix A.2, the
//! Scharnagl numbering: 518 is the standard array).
//!
//! ```
//! use scoresheet::laws::chess960::{start_fen, number_of};
//! assert_eq!(start_fen(518).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! let pos = scoresheet::laws::chess960::start_position(0).unwrap();
//! assert_eq!(number_of(&pos), Some(0));
//! ```

use shakmaty::{fen::Fen, Board, CastlingMode, Chess, EnPassantMode, FromSetup, Position, Setup};

/// The starting position number `n` (0–959).
pub fn start_position(n: u32) -> Option<Chess> {
    if n >= 960 {
        return None;
    }
    let mut setup = Setup::initial();
    setup.board = Board::chess960(n);
    setup.castling_rights = setup.board.rooks()
        & (shakmaty::Bitboard::from_rank(shakmaty::Rank::First)
            | shakmaty::Bitboard::from_rank(shakmaty::Rank::Eighth));
    Chess::from_setup(setup, CastlingMode::Chess960).ok()
}

/// The FEN of starting position `n`, with X-FEN castling (`KQkq` where that is unambiguous).
pub fn start_fen(n: u32) -> Option<String> {
    start_position(n).map(|p| Fen::from_position(&p, EnPassantMode::Legal).to_string())
}

/// The number of a position that is a Chess960 starting position (full castling rights,
/// White to move, pawns on their squares), if it is one.
pub fn number_of(pos: &Chess) -> Option<u32> {
    if pos.turn() != shakmaty::Color::White || pos.fullmoves().get() != 1 {
        return None;
    }
    (0..960).find(|&n| {
        start_position(n).is_some_and(|s| {
            s.board() == pos.board()
                && s.castles().castling_rights() == pos.castles().castling_rights()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip() {
        for n in [0, 1, 100, 518, 959] {
            let p = start_position(n).unwrap();
            assert_eq!(number_of(&p), Some(n));
        }
        assert!(start_position(960).is_none());
        assert_eq!(
            start_fen(0).unwrap(),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
    }
}
