//! The game as read, move by move, for export.

use super::*;

/// The game as read, move by move, for export: every move resolved (with the position it
/// was played from), comments, NAGs, variations, draw offers, the result, and where a line
/// could not be replayed.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum GameEvent {
    Move {
        before: Chess,
        mv: Move,
        /// NAG of a glyph written on the move (`!` = 1 ... `?!` = 6), 0 when none.
        glyph: u8,
    },
    /// A comment's text, without its braces (or its `;`).
    Comment(String),
    Nag(u8),
    VariationStart,
    VariationEnd,
    DrawOffer,
    /// A `%` escape line.
    Escape(String),
    Result(GameResult),
    /// The line could not be replayed from here: the byte range of the rest of its text.
    Stop {
        start: usize,
        end: usize,
        message: String,
    },
}
