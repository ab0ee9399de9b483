//! The result against the board: a result that contradicts how the game ended (Art. 5), a
//! win on time for a side that cannot checkmate (Art. 6.9: "the game is drawn if the position
//! is such that the opponent cannot checkmate the player's king by any possible series of legal
//! moves"), and a Result tag that differs from the result written in the movetext. The tag
//! and the result after the moves are each held against the board, so that a finding names
//! the one the board contradicts.
//!
//! ```ignore
//! use scoresheet::laws::result::on_time;
//! assert!(on_time(Some("time forfeit")));
//! assert!(!on_time(Some("normal")));
//! ```

use shakmaty::Color;

use crate::finding::Side;
use crate::message::Message;
use crate::result::GameResult;

use super::ending::{EndKind, Termination};

/// Why a result contradicts an ending; `None` when it fits. `mated` is the side that was
/// checkmated when the ending is a checkmate; `what` names the result in the message (`the
/// result`, `the Result tag`).
pub fn against_ending(
    result: GameResult,
    end: Termination,
    mated: Option<Color>,
    what: &'static str,
) -> Option<Message> {
    // `*`: the result is not known, which contradicts no ending.
    if !result.is_known() {
        return None;
    }
    match (end.kind, result.winner()) {
        (EndKind::Checkmate, None) => Some(
            Message::new("draw_but_mate")
                .word("what", what)
                .text("ply", end.ply),
        ),
        (EndKind::Checkmate, Some(w)) if Some(w) == mated => Some(
            Message::new("win_to_mated")
                .word("what", what)
                .word("side", side(w))
                .word("side_again", side(w))
                .text("ply", end.ply),
        ),
        (kind, Some(w)) if kind.is_draw() => Some(
            Message::new("win_but_drawn")
                .word("what", what)
                .word("side", side(w))
                .text("ply", end.ply)
                .word("ending", kind.words()),
        ),
        _ => None,
    }
}

/// A side's name in a message (`White`).
pub fn side(c: Color) -> &'static str {
    Side::from(c).name()
}

/// Whether a `[Termination]` tag says the game was lost on time.
pub fn on_time(termination_tag: Option<&str>) -> bool {
    termination_tag.is_some_and(|t| {
        let t = t.to_lowercase();
        t.contains("time") || t.contains("flag")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_against_endings() {
        let mate = Termination {
            kind: EndKind::Checkmate,
            ply: 20,
        };
        assert!(against_ending(GameResult::WhiteWins, mate, Some(Color::Black), "").is_none());
        assert!(against_ending(GameResult::BlackWins, mate, Some(Color::Black), "").is_some());
        assert!(against_ending(GameResult::Draw, mate, Some(Color::Black), "").is_some());
        assert!(against_ending(GameResult::Unknown, mate, Some(Color::Black), "").is_none());
        let stale = Termination {
            kind: EndKind::Stalemate,
            ply: 9,
        };
        assert!(against_ending(GameResult::Draw, stale, None, "").is_none());
        assert!(against_ending(GameResult::WhiteWins, stale, None, "").is_some());
        assert!(on_time(Some("Time forfeit")));
        assert!(!on_time(Some("Normal")));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::laws::result::on_time;
        assert!(on_time(Some("time forfeit")));
        assert!(!on_time(Some("normal")));
    }
}
