//! Art. 9.1.1 — an event's rules may forbid a draw by agreement before a given move (the
//! Italian championship rules forbid it before move 30) — and Art. 9.1.2.2 — a draw offer is
//! recorded with `(=)`.
//!
//! A game that ended `1/2-1/2` before move N with no other reason to be drawn (no ending of
//! its own, no threefold or fifty-move claim open at its last position) was drawn by
//! agreement too early.
//!
//! ```ignore
//! use scoresheet::laws::draw_offer::before_move;
//! // 58 plies from the start: the last move is Black's 29th, before move 30; 59 reach it.
//! assert!(before_move(30, 58, 1, true));
//! assert!(!before_move(30, 59, 1, true));
//! ```

/// Whether the game's last move comes before move `n` (`plies` played from a start whose
/// first move is number `first_move`, White to move when `white_first`).
pub fn before_move(n: u32, plies: u32, first_move: u32, white_first: bool) -> bool {
    if plies == 0 {
        return first_move < n;
    }
    let offset = if white_first { 0 } else { 1 };
    let last_move_number = first_move + (plies - 1 + offset) / 2;
    last_move_number < n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers() {
        // 29...: 58 plies from the start: the last move is 29...
        assert!(before_move(30, 58, 1, true));
        assert!(!before_move(30, 59, 1, true));
        assert!(before_move(30, 0, 1, true));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::laws::draw_offer::before_move;
        // 58 plies from the start: the last move is Black's 29th, before move 30; 59 reach it.
        assert!(before_move(30, 58, 1, true));
        assert!(!before_move(30, 59, 1, true));
    }
}
