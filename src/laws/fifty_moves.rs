//! Art. 9.3 — the fifty-move rule (claimable) — and Art. 9.6.2 — seventy-five moves
//! (automatic).
//!
//! The half-move clock counts plies since the last pawn move or capture (en passant and
//! promotions reset it; castling and checks do not). Clock 100 at ply N: the last 50 moves of
//! each player had no pawn move and no capture; the player to move may claim (9.3.2), and the
//! player who made move N could have claimed by writing it first (9.3.1). Clock 150: the game
//! is drawn at once (9.6.2) — unless that last move gave checkmate, which takes precedence.
//!
//! ```ignore
//! use scoresheet::laws::fifty_moves::find;
//! use shakmaty::{fen::Fen, CastlingMode, Chess};
//! let fen: Fen = "8/8/4k3/8/8/4K3/8/R7 w - - 99 80".parse().unwrap();
//! let before: Chess = fen.into_position(CastlingMode::Standard).unwrap();
//! let after = shakmaty::Position::play(before.clone(), "Ra2".parse::<shakmaty::san::San>().unwrap().to_move(&before).unwrap()).unwrap();
//! let counts = find(&[&before, &after]);
//! assert_eq!(counts.fifty, [1]);
//! assert_eq!(counts.seventy_five, None);
//! ```

use shakmaty::{Chess, Position};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct MoveCounts {
    /// Every ply at which the clock reaches 100 (one per stretch without pawn move or capture).
    pub fifty: Vec<usize>,
    /// The first ply at which the clock reaches 150.
    pub seventy_five: Option<usize>,
}

pub fn find(positions: &[&Chess]) -> MoveCounts {
    let mut out = MoveCounts::default();
    // The clock goes up by one a ply at most: a game shorter than the 100 plies the first
    // position's clock leaves is told without looking at its positions (most games).
    let Some(first) = positions.first() else {
        return out;
    };
    if u64::from(first.halfmoves()) + (positions.len() as u64 - 1) < 100 {
        return out;
    }
    let mut prev: Option<u32> = None;
    for (ply, pos) in positions.iter().enumerate() {
        let clock = pos.halfmoves();
        let reached = |limit: u32| clock >= limit && prev.is_none_or(|p| p < limit);
        if reached(100) {
            out.fifty.push(ply);
        }
        if reached(150) && out.seventy_five.is_none() {
            out.seventy_five = Some(ply);
        }
        prev = Some(clock);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    fn play(fen: &str, moves: &str) -> Vec<Chess> {
        crate::laws::play_san(Some(fen), moves)
    }

    fn find(positions: &[Chess]) -> MoveCounts {
        super::find(&positions.iter().collect::<Vec<_>>())
    }

    #[test]
    fn c2_clock_one_hundred() {
        let c = find(&play("8/8/4k3/8/8/3K4/R7/8 w - - 99 120", "Ra1"));
        assert_eq!(c.fifty, vec![1]);
        assert_eq!(c.seventy_five, None);
    }

    #[test]
    fn c6_clock_one_hundred_fifty() {
        let c = find(&play("7k/8/6K1/8/8/8/8/R7 w - - 149 200", "Ra2"));
        assert_eq!(c.seventy_five, Some(1));
        // a start already past the limit is reported at the start
        let c = find(&play("7k/8/6K1/8/8/8/8/R7 w - - 150 200", "Ra2"));
        assert_eq!(c.seventy_five, Some(0));
        // a clock as large as a FEN can say (read saturating) is past both at the start
        let c = find(&play("7k/8/6K1/8/8/8/8/R7 w - - 4294967295 200", "Ra2"));
        assert_eq!((c.fifty, c.seventy_five), (vec![0], Some(0)));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::laws::fifty_moves::find;
        use shakmaty::{fen::Fen, CastlingMode, Chess};
        let fen: Fen = "8/8/4k3/8/8/4K3/8/R7 w - - 99 80".parse().unwrap();
        let before: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let after = shakmaty::Position::play(
            before.clone(),
            "Ra2"
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&before)
                .unwrap(),
        )
        .unwrap();
        let counts = find(&[&before, &after]);
        assert_eq!(counts.fifty, [1]);
        assert_eq!(counts.seventy_five, None);
    }
}
