//! The cost model of the search: what a move left out, a run of moves written together, a
//! number that is not the move's own cost, and how unlikely a player is to choose a move.

use super::*;

/// A move that one copy left out (the rest of that copy is a ply behind).
pub const LEFT_OUT: f32 = 1.8;
/// Two moves written as one word, no space between them.
pub const RUN_TOGETHER: f32 = 0.3;
/// A move read after a move number that is not its own (`3.` before White's second move, or
/// before Black's move): the evidence of a move left out or set aside.
pub const NUMBER_MISMATCH: f32 = 0.6;
/// A reading dearer than this is no reading: the move is left out or the word stray.
pub const MAX_READ: f32 = 2.6;
/// A copy's text that some legal move reads for less than this is that move: no move was
/// left out of the copy here.
pub const GAP_EVIDENCE: f32 = 0.5;

/// How unlikely a player is to choose `mv` among the legal moves of `pos`, in nats above the
/// likeliest kind of move (a capture that leaves the capturing piece safe). Measured on 233
/// games of the shared archives (every legal move of every position against the move
/// played): a safe capture is played 31% of the times it is there, castling 25%, a capture
/// that leaves the piece en prise 4.2%, a safe quiet move 3.5% (a pawn's 2.9%), a quiet
/// move that puts a piece en prise (to a cheaper attacker, or undefended) 0.23%.
pub fn implausibility(pos: &Chess, mv: Move) -> f32 {
    let (role, from, capture, to, promotion) = match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => (role, from, capture, to, promotion),
        Move::Castle { .. } => return 0.2,
        Move::EnPassant { .. } | Move::Put { .. } => return 0.0,
    };
    let value = |r: Role| match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    };
    let board = pos.board();
    let us = pos.turn();
    let occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
    let worth = value(promotion.unwrap_or(role));
    let defended = !(board.attacks_to(to, us, occupied) & !Bitboard::from(from)).is_empty();
    let attackers = board.attacks_to(to, !us, occupied);
    let least = attackers
        .into_iter()
        .filter_map(|sq| board.role_at(sq))
        .filter(|&r| r != Role::King || !defended)
        .map(value)
        .min();
    let en_prise = least.is_some_and(|l| worth >= l + 2 || (!defended && worth >= 2));
    match (capture.is_some(), en_prise) {
        (true, false) => 0.0,
        (true, true) => 2.0,
        (false, false) => SAFE_QUIET,
        (false, true) => 4.9,
    }
}

/// The [`implausibility`] of a safe quiet move: what a move put into a gap costs
/// [`LEFT_OUT`] at, likelier moves less and unlikelier more.
pub(super) const SAFE_QUIET: f32 = 2.2;

/// What a nat of [`implausibility`] costs a move put into a gap: the capture that fills a gap
/// costs 0.1 less than a quiet move, a quiet move that puts a piece en prise 0.12 more.
pub const GAP_PRIOR: f32 = 0.045;
