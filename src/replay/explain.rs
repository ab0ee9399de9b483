//! Why no legal move fits a written move: the explanation in words (a catalogue message) and,
//! when there is one, the move the player could physically have made (for `--illegal stands`).
//! Each step of `explain` returns the fault it finds as `Err`, the first that applies.

use shakmaty::{attacks, Bitboard, CastlingSide, Chess, Color, Move, Position, Rank, Role, Square};

use super::resolve::*;
use crate::laws::result::side as side_name;
use crate::message::{Arg, Message};
use crate::notation::{
    languages::{alphabet, Language},
    moves::{CaptureMark, WrittenKind, WrittenMove},
};
use crate::reason::IllegalReason;
/// Why no legal move fits, and the move the player could physically have made, if exactly one.
pub struct Explanation {
    pub reason: IllegalReason,
    /// Why, as a catalogue message (written in each language when it is printed).
    pub text: Message,
    /// A move that is made as the piece moves but breaks a rule (king left in check, castling
    /// rights lost, castling through check): what `--illegal stands` plays.
    pub executable: Option<Move>,
    /// The square a king moving into check would stand on (`king_into_check`).
    pub square: Option<Square>,
}

impl Explanation {
    /// Why, in English.
    pub fn message(&self) -> String {
        self.text.render(crate::i18n::ReportLang::En)
    }
}

/// An explanation that names no move the player could have made.
pub(super) fn because(reason: IllegalReason, text: Message) -> Explanation {
    Explanation {
        reason,
        text,
        executable: None,
        square: None,
    }
}

/// Destinations a piece on `from` could move to by its kind's movement, ignoring whether
/// the own king is left in check.
pub(super) fn pseudo_targets(pos: &Chess, from: Square, role: Role) -> Bitboard {
    let board = pos.board();
    let us = board.by_color(pos.turn());
    let them = board.by_color(!pos.turn());
    let occupied = board.occupied();
    if role == Role::Pawn {
        let turn = pos.turn();
        let mut t = attacks::pawn_attacks(turn, from) & them;
        if let Some(ep) = pos.maybe_ep_square() {
            if attacks::pawn_attacks(turn, from).contains(ep) {
                t.add(ep);
            }
        }
        let dir = if turn == Color::White { 8 } else { -8 };
        if let Some(one) = from.offset(dir) {
            if !occupied.contains(one) {
                t.add(one);
                let start = if turn == Color::White {
                    Rank::Second
                } else {
                    Rank::Seventh
                };
                if from.rank() == start {
                    if let Some(two) = one.offset(dir) {
                        if !occupied.contains(two) {
                            t.add(two);
                        }
                    }
                }
            }
        }
        t
    } else {
        attacks::attacks(from, role.of(pos.turn()), occupied) & !us
    }
}

pub(super) fn pseudo_move(
    pos: &Chess,
    from: Square,
    to: Square,
    role: Role,
    promotion: Option<Role>,
) -> Move {
    if role == Role::Pawn
        && Some(to) == pos.maybe_ep_square()
        && from.file() != to.file()
        && pos.board().piece_at(to).is_none()
    {
        return Move::EnPassant { from, to };
    }
    Move::Normal {
        role,
        from,
        capture: pos.board().role_at(to),
        to,
        promotion,
    }
}

/// The square a move is written to, or its file where the rank is left out (`the e-file`).
pub(super) fn target_message(w: &WrittenMove) -> Arg {
    match w.to_square() {
        Some(t) => Arg::Text(t.to_string()),
        None => Arg::Msg(Box::new(
            Message::new("file_target").text("file", w.to_file.map_or('?', |f| f.char())),
        )),
    }
}

/// Explain why no legal move fits `w`.
pub fn explain(pos: &Chess, w: &WrittenMove, lang: &Language) -> Explanation {
    explain_written(pos, w, lang).unwrap_or_else(|why| why)
}

/// [`explain`], each step of it in its own function: the game and the move's kind, the
/// letters, the origin written, the pieces that fit, the moves they could make; the first
/// step that finds the fault returns it (as `Err`).
pub(super) fn explain_written(
    pos: &Chess,
    w: &WrittenMove,
    lang: &Language,
) -> Result<Explanation, Explanation> {
    explain_kind(pos, w, lang)?;
    let (role, promotion) = explain_letters(w, lang)?;
    explain_origin(pos, w, role)?;
    let origins = explain_origins(pos, w, role)?;
    explain_executable(pos, w, role, promotion, origins)?;
    Ok(explain_unreachable(pos, w, role, origins))
}

/// The game is over, the move is a castling, takes the king or is a null move.
pub(super) fn explain_kind(
    pos: &Chess,
    w: &WrittenMove,
    lang: &Language,
) -> Result<(), Explanation> {
    let turn = pos.turn();
    let side = side_name(turn);
    if pos.is_checkmate() || pos.is_stalemate() {
        return Err(because(
            IllegalReason::GameOver,
            Message::new("game_over").word("side", side).word(
                "state",
                if pos.is_checkmate() {
                    "checkmated"
                } else {
                    "stalemated"
                },
            ),
        ));
    }
    if let WrittenKind::Castle(cs) = w.kind {
        return Err(explain_castling(pos, cs));
    }
    if let Resolution::Unique(m) = resolve_by_candidates(pos, w, lang) {
        if m.capture() == Some(Role::King) {
            // Only after an illegal move that stood (`--illegal stands`).
            let them = side_name(!turn);
            return Err(because(
                IllegalReason::TakesKing,
                Message::new("takes_king")
                    .word("side", them)
                    .text("square", m.to()),
            ));
        }
    }
    if w.kind == WrittenKind::Null {
        return Err(because(
            IllegalReason::NullMoveInCheck,
            Message::new("null_move_in_check"),
        ));
    }
    Ok(())
}

/// The piece and the promotion piece written, where the language has their letters.
pub(super) fn explain_letters(
    w: &WrittenMove,
    lang: &Language,
) -> Result<(Option<Role>, Option<Role>), Explanation> {
    let role = match written_role(w, lang) {
        Ok(r) => r,
        Err(UnknownLetter) => {
            let l = w.piece.map(|l| alphabet().letter(l.index)).unwrap_or("?");
            return Err(because(
                IllegalReason::UnknownPieceLetter,
                Message::new("unknown_piece_letter")
                    .text("letter", l)
                    .text("language", &lang.name),
            ));
        }
    };
    let promotion = w.promotion.and_then(|l| lang.role_of(l.index));
    if w.promotion.is_some() && promotion.is_none() {
        return Err(because(
            IllegalReason::UnknownPieceLetter,
            Message::new("unknown_promotion_letter").text("language", &lang.name),
        ));
    }
    if matches!(promotion, Some(Role::King) | Some(Role::Pawn)) {
        return Err(because(
            IllegalReason::BadPromotionPiece,
            Message::new("bad_promotion_piece")
                .word("piece", role_name(promotion.unwrap_or(Role::King))),
        ));
    }
    Ok((role, promotion))
}

/// The origin square in long notation: empty, the other side's, another piece.
pub(super) fn explain_origin(
    pos: &Chess,
    w: &WrittenMove,
    role: Option<Role>,
) -> Result<(), Explanation> {
    let Some(from) = w.from_square() else {
        return Ok(());
    };
    match pos.board().piece_at(from) {
        None => Err(because(
            IllegalReason::OriginEmpty,
            Message::new("origin_empty").text("from", from),
        )),
        Some(p) if p.color != pos.turn() => Err(because(
            IllegalReason::OriginWrongSide,
            Message::new("origin_wrong_side")
                .text("from", from)
                .word("side", side_name(p.color)),
        )),
        Some(p) if role.is_some_and(|r| r != p.role) => Err(because(
            IllegalReason::OriginWrongPiece,
            Message::new("origin_wrong_piece")
                .text("from", from)
                .word("held", role_name(p.role))
                .word("written", role_name(role.unwrap_or(p.role))),
        )),
        _ => Ok(()),
    }
}

/// The pieces of the side to move that fit what is written of the origin; an explanation
/// when there are none.
pub(super) fn explain_origins(
    pos: &Chess,
    w: &WrittenMove,
    role: Option<Role>,
) -> Result<Bitboard, Explanation> {
    let board = pos.board();
    let side = side_name(pos.turn());
    let our = match role {
        Some(r) => board.by_piece(r.of(pos.turn())),
        None => board.by_color(pos.turn()),
    };
    let mut origins = Bitboard::EMPTY;
    for sq in our {
        if w.from_file.is_some_and(|f| f != sq.file())
            || w.from_rank.is_some_and(|r| r != sq.rank())
        {
            continue;
        }
        origins.add(sq);
    }
    let what = role.map_or("piece", role_name);
    if our.is_empty() {
        return Err(because(
            IllegalReason::NoSuchPiece,
            Message::new("no_such_piece")
                .word("side", side)
                .word("what", what),
        ));
    }
    if origins.is_empty() {
        // Where the move names it: a square, a file or a rank.
        let message = match (w.from_file, w.from_rank) {
            (Some(f), Some(r)) => {
                Message::new("no_such_piece_on").text("square", Square::from_coords(f, r))
            }
            (Some(f), None) => Message::new("no_such_piece_on_file").text("file", f.char()),
            (None, Some(r)) => Message::new("no_such_piece_on_rank").text("rank", r.char()),
            (None, None) => Message::new("no_such_piece_on_square"),
        }
        .word("side", side)
        .word("what", what);
        return Err(because(IllegalReason::NoSuchPiece, message));
    }
    Ok(origins)
}

/// Moves the pieces that fit could physically make to the square written: each illegal for
/// its promotion piece or because the own king would be in check.
pub(super) fn explain_executable(
    pos: &Chess,
    w: &WrittenMove,
    role: Option<Role>,
    promotion: Option<Role>,
    origins: Bitboard,
) -> Result<(), Explanation> {
    let board = pos.board();
    let side = side_name(pos.turn());
    let last_rank = if pos.turn() == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    let mut executable = Vec::new();
    for from in origins {
        let r = role.unwrap_or_else(|| board.role_at(from).unwrap_or(Role::Pawn));
        for t in pseudo_targets(pos, from, r) {
            if t.file() != w.to_file.unwrap_or(t.file()) || w.to_rank.is_some_and(|x| x != t.rank())
            {
                continue;
            }
            let promo = if r == Role::Pawn && t.rank() == last_rank {
                Some(promotion.unwrap_or(Role::Queen))
            } else {
                None
            };
            executable.push((
                pseudo_move(pos, from, t, r, promo),
                promotion.is_none() && promo.is_some(),
            ));
        }
    }
    if executable.is_empty() {
        return Ok(());
    }
    // The missing promotion piece is the fault only where the move is legal with one.
    if executable.iter().all(|(_, missing)| *missing)
        && executable.iter().any(|(m, _)| pos.is_legal(*m))
    {
        return Err(because(
            IllegalReason::PromotionMissing,
            Message::new("promotion_missing"),
        ));
    }
    if promotion.is_some() && executable.iter().all(|(m, _)| m.promotion().is_none()) {
        return Err(because(
            IllegalReason::PromotionWrongRank,
            Message::new("promotion_wrong_rank"),
        ));
    }
    let what = role.map_or("piece", role_name);
    let only = (executable.len() == 1).then(|| executable[0].0);
    // A move that stands (`--illegal stands`) is made as written: never with a promotion
    // piece the writer did not name.
    let stands = only.filter(|_| !executable[0].1);
    let king_move = executable.iter().all(|(m, _)| m.role() == Role::King);
    let text = if king_move {
        Message::new("king_into_check").text("to", executable[0].0.to())
    } else if let Some(m) = only {
        Message::new("leaves_king_in_check")
            .word("side", side)
            .word("piece", role_name(m.role()))
            .text("from", m.from().map(|s| s.to_string()).unwrap_or_default())
    } else {
        Message::new("every_move_leaves_king_in_check")
            .word("what", what)
            .word("side", side)
    };
    Err(Explanation {
        reason: if king_move {
            IllegalReason::KingIntoCheck
        } else {
            IllegalReason::LeavesKingInCheck
        },
        text,
        executable: stands,
        square: king_move.then(|| executable[0].0.to()),
    })
}

/// No piece that fits can move to the square written: its path is blocked, its own piece
/// stands there, or it moves otherwise (pawns: [`explain_pawn`]).
pub(super) fn explain_unreachable(
    pos: &Chess,
    w: &WrittenMove,
    role: Option<Role>,
    origins: Bitboard,
) -> Explanation {
    let turn = pos.turn();
    let side = side_name(turn);
    let board = pos.board();
    let what = role.map_or("piece", role_name);
    let to = w.to_square();
    let target = target_message(w);
    // Reachable on an empty board?
    let mut geometric = false;
    let mut blocked_by_own = false;
    for from in origins {
        let r = role.unwrap_or_else(|| board.role_at(from).unwrap_or(Role::Pawn));
        let Some(t) = to else { break };
        if r == Role::Pawn {
            continue;
        }
        if attacks::attacks(from, r.of(turn), Bitboard::EMPTY).contains(t) {
            geometric = true;
            if board.by_color(turn).contains(t)
                && attacks::attacks(from, r.of(turn), board.occupied()).contains(t)
            {
                blocked_by_own = true;
            }
        }
    }
    // A capture marked on an empty square: a clause after the reason.
    let capture_note = match (w.capture != CaptureMark::None, to) {
        (true, Some(t)) if board.piece_at(t).is_none() && Some(t) != pos.maybe_ep_square() => {
            Some(Message::new("capture_on_empty").text("square", t))
        }
        _ => None,
    };
    let noted = |m: Message| match &capture_note {
        Some(note) => m.then(note.clone()),
        None => m,
    };
    if role == Some(Role::Pawn) {
        return explain_pawn(pos, w, origins, target, noted);
    }
    if blocked_by_own {
        let t = to.map(|t| t.to_string()).unwrap_or_default();
        return because(
            IllegalReason::DestinationOwnPiece,
            Message::new("destination_own_piece")
                .text("square", t)
                .word("side", side),
        );
    }
    if geometric {
        return because(
            IllegalReason::PathBlocked,
            noted(
                Message::new("path_blocked")
                    .word("what", what)
                    .arg("target", target.clone()),
            ),
        );
    }
    let message = if origins.count() == 1 {
        let from = origins.first().map(|s| s.to_string()).unwrap_or_default();
        Message::new("cannot_reach_from")
            .word("what", what)
            .text("from", from)
            .arg("target", target.clone())
    } else {
        Message::new("no_piece_can_reach")
            .word("what", what)
            .word("side", side)
            .arg("target", target.clone())
    };
    because(IllegalReason::Unreachable, noted(message))
}

pub(super) fn explain_pawn(
    pos: &Chess,
    w: &WrittenMove,
    origins: Bitboard,
    target: Arg,
    noted: impl Fn(Message) -> Message,
) -> Explanation {
    let turn = pos.turn();
    let board = pos.board();
    let diagonal = w.from_file.is_some_and(|f| Some(f) != w.to_file);
    if diagonal {
        if let Some(t) = w.to_square() {
            let ep_rank = if turn == Color::White {
                Rank::Sixth
            } else {
                Rank::Third
            };
            let behind = if turn == Color::White {
                t.offset(-8)
            } else {
                t.offset(8)
            };
            let enemy_pawn_behind =
                behind.is_some_and(|b| board.piece_at(b) == Some(Role::Pawn.of(!turn)));
            let ep_shaped = t.rank() == ep_rank && board.piece_at(t).is_none() && enemy_pawn_behind;
            // One of the pawns written stands where it could take en passant on `t`: what is
            // missing is the enemy pawn's double step just before (were it there, the capture
            // would be physically possible and explained as illegal above).
            let placed_to_take = (origins & attacks::pawn_attacks(!turn, t)).any();
            if ep_shaped && placed_to_take && pos.maybe_ep_square() != Some(t) {
                return because(
                    IllegalReason::EnPassantNotAvailable,
                    Message::new("en_passant_not_available").text("square", t),
                );
            }
            // Shaped like en passant with no pawn of the written file beside the enemy pawn:
            // told below as no pawn of that file able to capture.
            if board.piece_at(t).is_none() && (placed_to_take || !ep_shaped) {
                return because(
                    IllegalReason::NothingToCapture,
                    Message::new("nothing_to_capture").text("square", t),
                );
            }
        }
        // Only the pawns of the written file were asked: another may well capture there.
        let file = w.from_file.map_or('?', |f| f.char());
        return because(
            IllegalReason::Unreachable,
            noted(
                Message::new("no_pawn_of_file_can_capture")
                    .text("file", file)
                    .arg("target", target.clone()),
            ),
        );
    }
    if let Some(t) = w.to_square() {
        if board.occupied().contains(t) {
            return because(
                IllegalReason::DestinationOccupied,
                Message::new("destination_occupied").text("square", t),
            );
        }
        let dir: i32 = if turn == Color::White { 8 } else { -8 };
        for from in origins.into_iter().filter(|f| f.file() == t.file()) {
            if from.offset(2 * dir) == Some(t) {
                let mid = from.offset(dir);
                if mid.is_some_and(|m| board.occupied().contains(m)) {
                    return because(
                        IllegalReason::PathBlocked,
                        Message::new("pawn_cannot_jump").text("from", from),
                    );
                }
                return because(
                    IllegalReason::DoubleStepNotFromStart,
                    Message::new("double_step_not_from_start").text("from", from),
                );
            }
        }
    }
    because(
        IllegalReason::Unreachable,
        noted(Message::new("no_pawn_can_reach").arg("target", target.clone())),
    )
}

pub(super) fn explain_castling(pos: &Chess, side: CastlingSide) -> Explanation {
    let turn = pos.turn();
    let castles = pos.castles();
    let board = pos.board();
    let wing = if side == CastlingSide::KingSide {
        "kingside"
    } else {
        "queenside"
    };
    let Some(rook) = castles.rook(turn, side) else {
        return because(
            IllegalReason::CastlingRightsLost,
            Message::new("castling_rights_lost")
                .word("side", side_name(turn))
                .word("wing", wing),
        );
    };
    let Some(king) = board.king_of(turn) else {
        return because(
            IllegalReason::CastlingRightsLost,
            Message::new("no_king_to_castle"),
        );
    };
    let path = castles.path(turn, side);
    let blockers = path & board.occupied() & !Bitboard::from(king) & !Bitboard::from(rook);
    if blockers.any() {
        let squares = blockers
            .into_iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        // In Chess960 the path also holds the squares king and rook land on, which need not
        // lie between them.
        let between = blockers.is_subset(attacks::between(king, rook));
        return because(
            IllegalReason::CastlingPathBlocked,
            Message::new(if between {
                "castling_path_blocked"
            } else {
                "castling_path_blocked_landing"
            })
            .word("wing", wing)
            .text("squares", squares),
        );
    }
    let executable = Some(Move::Castle { king, rook });
    if pos.is_check() {
        return Explanation {
            reason: IllegalReason::CastlingOutOfCheck,
            square: None,
            text: Message::new("castling_out_of_check"),
            executable,
        };
    }
    Explanation {
        reason: IllegalReason::CastlingThroughCheck,
        square: None,
        text: Message::new("castling_through_check").word("wing", wing),
        executable,
    }
}
