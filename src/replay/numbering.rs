//! Move numbers as written, and the slips in them (Art. 8.1.1).

use super::*;

/// A move's number as the writer numbered it (`12.` or `12...`), and the side that moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Label {
    pub(super) number: u32,
    /// Written with `...`.
    pub(super) dots: bool,
    pub(super) side: Color,
}

impl Label {
    pub(super) fn with(self, text: &str) -> String {
        if self.dots {
            format!("{}...{text}", self.number)
        } else {
            format!("{}.{text}", self.number)
        }
    }
}

/// A move number token as written.
#[derive(Clone, Copy)]
pub(super) struct WrittenNumber {
    pub(super) number: u32,
    pub(super) black: bool,
    pub(super) start: usize,
    pub(super) end: usize,
}

/// How many plies after a numbering slip an error is explained by it (a move missing shows
/// within a move or two).
pub(super) const MISSING_NOTE_PLIES: u32 = 4;

/// A written move number that does not follow from the numbers before it (Art. 8.1.1: moves
/// are recorded "move after move"): `written` is the number as written (`3.`), `number` and
/// `black` what it says, `expected` the number the move should have, `side` who moves.
/// Returns the reason, the message, and, where a move may be missing, the words for the
/// explanation of an error right after it.
pub(super) fn numbering_slip(
    written: &str,
    number: u32,
    black: bool,
    expected: u32,
    side: Color,
) -> Option<(MoveNumberReason, Message, Option<Message>)> {
    let who = crate::laws::result::side(side);
    // `written` is written where `who`'s move `expected` belongs.
    let at = |id: &'static str| {
        Message::new(id)
            .text("written", written)
            .word("who", who)
            .text("expected", expected)
    };
    let missing = || {
        Some((
            MoveNumberReason::MissingMove,
            at("missing_move")
                .word("who_again", who)
                .text("expected_again", expected),
            Some(at("missing_move_note")),
        ))
    };
    match side {
        Color::Black if number == expected => return None,
        Color::Black if number == expected.saturating_add(1) && !black => return missing(),
        Color::White if number == expected && !black => return None,
        Color::White if number == expected => return missing(),
        _ => {}
    }
    // The numbers left out: `2.` then `4.` leaves out 3.
    let skipped = |from: u32, to: u32| {
        if to == from + 1 {
            Message::new("no_move_numbered").text("number", from)
        } else {
            Message::new("no_moves_numbered")
                .text("from", from)
                .text("to", to - 1)
        }
    };
    if number > expected && side == Color::Black {
        // Black's move numbered ahead: White's move `expected` came before it, so the number
        // `expected` is not the one left out; moves are, or the number is wrong.
        Some((
            MoveNumberReason::Skipped,
            at("skipped_ahead"),
            Some(Message::new("skipped_ahead_note")),
        ))
    } else if number > expected {
        Some((
            MoveNumberReason::Skipped,
            at("skipped").msg("skipped", skipped(expected, number)),
            Some(Message::new("skipped_note").msg("skipped", skipped(expected, number))),
        ))
    } else if side == Color::White && number.saturating_add(1) == expected {
        Some((MoveNumberReason::Repeated, at("repeated_number"), None))
    } else {
        Some((
            MoveNumberReason::OutOfOrder,
            at("numbering_goes_back"),
            None,
        ))
    }
}
