//! How a game ends by itself: Art. 5.1.1 (checkmate), 5.2.1 (stalemate), 5.2.2 (dead
//! position), 9.6.1 (fivefold), 9.6.2 (seventy-five moves). The game ends at the FIRST of
//! these; at one and the same ply checkmate takes precedence (9.6.2 says so for the 75th move),
//! then stalemate, then a dead position, then the automatic draws. Moves recorded after that
//! point were played after the game had ended.
//!
//! ```ignore
//! use scoresheet::laws::ending::{first, EndKind};
//! // Mate on the move that also makes the 75th: the mate stands (9.6.2).
//! let t = first(&[(EndKind::SeventyFiveMoves, 150), (EndKind::Checkmate, 150)]).unwrap();
//! assert_eq!((t.kind, t.ply), (EndKind::Checkmate, 150));
//! assert_eq!(t.kind.article(), "5.1.1");
//! ```

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum EndKind {
    Checkmate,
    Stalemate,
    DeadPosition,
    SeventyFiveMoves,
    Fivefold,
}

impl EndKind {
    pub fn id(self) -> &'static str {
        match self {
            EndKind::Checkmate => "checkmate",
            EndKind::Stalemate => "stalemate",
            EndKind::DeadPosition => "dead_position",
            EndKind::SeventyFiveMoves => "seventy_five_moves",
            EndKind::Fivefold => "fivefold",
        }
    }

    /// The finding kind of this ending.
    pub fn kind(self) -> crate::finding::Kind {
        use crate::finding::Kind;
        match self {
            EndKind::Checkmate => Kind::Checkmate,
            EndKind::Stalemate => Kind::Stalemate,
            EndKind::DeadPosition => Kind::DeadPosition,
            EndKind::SeventyFiveMoves => Kind::SeventyFiveMoves,
            EndKind::Fivefold => Kind::Fivefold,
        }
    }

    pub fn article(self) -> &'static str {
        self.kind().article()
    }

    pub fn is_draw(self) -> bool {
        self != EndKind::Checkmate
    }

    pub fn words(self) -> &'static str {
        match self {
            EndKind::Checkmate => "checkmate",
            EndKind::Stalemate => "stalemate",
            EndKind::DeadPosition => "a dead position",
            EndKind::SeventyFiveMoves => "seventy-five moves without a pawn move or capture",
            EndKind::Fivefold => "the fifth occurrence of a position",
        }
    }
}

/// The point where the game ended by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Termination {
    pub kind: EndKind,
    pub ply: u32,
}

/// The first ending among the candidates (`(kind, ply)`), precedence breaking ties.
pub fn first(candidates: &[(EndKind, usize)]) -> Option<Termination> {
    candidates
        .iter()
        .min_by_key(|(kind, ply)| (*ply, *kind))
        .map(|&(kind, ply)| Termination {
            kind,
            ply: ply as u32,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_takes_precedence_on_the_same_ply() {
        let t = first(&[(EndKind::SeventyFiveMoves, 40), (EndKind::Checkmate, 40)]).unwrap();
        assert_eq!(t.kind, EndKind::Checkmate);
        let t = first(&[(EndKind::Fivefold, 20), (EndKind::DeadPosition, 30)]).unwrap();
        assert_eq!((t.kind, t.ply), (EndKind::Fivefold, 20));
        assert!(first(&[]).is_none());
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::laws::ending::{first, EndKind};
        // Mate on the move that also makes the 75th: the mate stands (9.6.2).
        let t = first(&[(EndKind::SeventyFiveMoves, 150), (EndKind::Checkmate, 150)]).unwrap();
        assert_eq!((t.kind, t.ply), (EndKind::Checkmate, 150));
        assert_eq!(t.kind.article(), "5.1.1");
    }
}
