//! Art. 9.2 — threefold repetition (claimable) — and Art. 9.6.1 — fivefold (automatic).
//!
//! Positions are the same (9.2.2) when the same player has the move, the same pieces stand on
//! the same squares, and the possible moves are the same: castling *rights* count (9.2.2.2: a
//! king or rook that moved out and back changed the position), and an en passant square only
//! when an en passant capture is actually legal (9.2.2.1). That is the Zobrist key of shakmaty
//! with `EnPassantMode::Legal`. The start position (or `[FEN]`) is the first occurrence.
//!
//! A position that stands for the third time at ply N may be claimed by the player to move
//! (9.2.1.2); the player who made move N could have claimed by writing it first (9.2.1.1).
//! The fifth occurrence ends the game (9.6.1); occurrences need not be consecutive.
//!
//! ```ignore
//! use scoresheet::laws::repetition::find;
//! use shakmaty::{san::San, Chess, Position};
//! let mut positions = vec![Chess::default()];
//! for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     let pos = positions.last().unwrap().clone();
//!     let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
//!     positions.push(pos.play(m).unwrap());
//! }
//! let refs: Vec<&Chess> = positions.iter().collect();
//! let reps = find(&refs);
//! assert_eq!(reps.threefold[0], (8, vec![0, 4, 8]));
//! assert!(reps.fivefold.is_none());
//! ```

use shakmaty::{zobrist::Zobrist64, Chess, EnPassantMode, Position};

/// A position's identity for repetition.
pub fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Repetitions {
    /// Every ply at which a position stands for the third time, with all its occurrences.
    pub threefold: Vec<(usize, Vec<usize>)>,
    /// The first ply at which a position stands for the fifth time, with its occurrences.
    pub fivefold: Option<(usize, Vec<usize>)>,
}

/// Whether two positions are the same in the sense of 9.2.2 (what [`key`] hashes, compared
/// exactly).
pub fn same(a: &Chess, b: &Chess) -> bool {
    a.board() == b.board()
        && a.turn() == b.turn()
        && a.castles().castling_rights() == b.castles().castling_rights()
        && a.ep_square(EnPassantMode::Legal) == b.ep_square(EnPassantMode::Legal)
}

/// Count repetitions over `positions[0..]` (index = ply). Only positions since the last
/// irreversible move can repeat, and only those with the same side to move, so each is
/// compared with every other ply of its own stretch (the occupied squares first: cheap, and
/// almost always enough to tell them apart).
pub fn find(positions: &[&Chess]) -> Repetitions {
    let mut out = Repetitions::default();
    let mut start = 0;
    let mut seen: Vec<usize> = Vec::new();
    for (ply, pos) in positions.iter().enumerate() {
        if pos.halfmoves() == 0 {
            start = ply;
        }
        // A position needs at least four plies to come back.
        if ply < start + 4 {
            continue;
        }
        let occupied = pos.board().occupied();
        seen.clear();
        let mut earlier = ply - 4;
        loop {
            let q = positions[earlier];
            if q.board().occupied() == occupied && same(q, pos) {
                seen.push(earlier);
            }
            if earlier < start + 2 {
                break;
            }
            earlier -= 2;
        }
        let n = seen.len() + 1;
        if n == 3 || (n == 5 && out.fivefold.is_none()) {
            seen.reverse();
            seen.push(ply);
            if n == 3 {
                out.threefold.push((ply, seen.clone()));
            } else {
                out.fivefold = Some((ply, seen.clone()));
            }
        }
    }
    out
}

/// How many times the last of `positions` has stood since the last irreversible move, itself
/// included: 1 for a position that is new, 0 for no position. The positions compared are those
/// [`find`] compares.
pub fn occurrences(positions: &[&Chess]) -> usize {
    let Some(last) = positions.last() else {
        return 0;
    };
    let start = positions
        .iter()
        .rposition(|p| p.halfmoves() == 0)
        .unwrap_or(0);
    positions[start..].iter().filter(|p| same(p, last)).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    fn play(fen: Option<&str>, moves: &str) -> Vec<Chess> {
        crate::laws::play_san(fen, moves)
    }

    fn find(positions: &[Chess]) -> Repetitions {
        super::find(&positions.iter().collect::<Vec<_>>())
    }

    #[test]
    fn a1_en_passant_not_possible_counts() {
        let r = find(&play(None, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1"));
        assert_eq!(r.threefold[0].0, 9);
    }

    #[test]
    fn a2_legal_en_passant_makes_a_different_position() {
        let r = find(&play(
            Some("4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"),
            "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1",
        ));
        // After 1.e4 dxe3 was possible: that position is not the one after 3.Ng1 or 5.Ng1,
        // so it stands for the third time only after 7.Ng1 (a naive key says 5.Ng1).
        assert!(!r.threefold.iter().any(|(p, _)| *p == 9));
        assert!(r.threefold.contains(&(13, vec![5, 9, 13])));
    }

    #[test]
    fn a3_pinned_en_passant_does_not_count() {
        let r = find(&play(
            Some("3k2n1/8/8/8/3p4/8/4P3/3RK1N1 w - - 0 1"),
            "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1",
        ));
        assert_eq!(r.threefold[0].0, 9);
    }

    #[test]
    fn a4_castling_rights_count() {
        let r = find(&play(
            Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
            "Kf1 Kd8 Ke1 Ke8 Kf1 Kd8 Ke1 Ke8 Kf1 Kd8 Ke1 Ke8",
        ));
        // The start had castling rights: the placement after 2...Ke8 is a new position,
        // whose third occurrence is after 6...Ke8 (a placement-only key says 4...Ke8).
        assert!(!r.threefold.iter().any(|(p, _)| *p == 8));
        assert!(r.threefold.contains(&(12, vec![4, 8, 12])));
    }

    #[test]
    fn b4_start_counts_and_b6_fivefold_need_not_be_consecutive() {
        let r = find(&play(None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"));
        assert_eq!(r.threefold[0].0, 8);
        assert_eq!(r.threefold[0].1, vec![0, 4, 8]);
        let r = find(&play(
            None,
            "Nf3 Nf6 Ng1 Ng8 Nc3 Nc6 Nb1 Nb8 Nf3 Nf6 Ng1 Ng8 Nc3 Nc6 Nb1 Nb8",
        ));
        assert_eq!(r.fivefold.as_ref().unwrap().0, 16);
    }

    #[test]
    fn occurrences_of_the_last_position() {
        let p = play(None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        let refs: Vec<&Chess> = p.iter().collect();
        assert_eq!(occurrences(&refs), 3);
        assert_eq!(occurrences(&refs[..8]), 2);
        assert_eq!(occurrences(&refs[..2]), 1);
        assert_eq!(occurrences(&[]), 0);
        // A pawn move starts the count again.
        let p = play(None, "Nf3 Nf6 Ng1 Ng8 e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
        let refs: Vec<&Chess> = p.iter().collect();
        assert_eq!(occurrences(&refs), 3);
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::laws::repetition::find;
        use shakmaty::{san::San, Chess, Position};
        let mut positions = vec![Chess::default()];
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            let pos = positions.last().unwrap().clone();
            let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            positions.push(pos.play(m).unwrap());
        }
        let refs: Vec<&Chess> = positions.iter().collect();
        let reps = find(&refs);
        assert_eq!(reps.threefold[0], (8, vec![0, 4, 8]));
        assert!(reps.fivefold.is_none());
    }
}
