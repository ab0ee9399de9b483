//! Step 1 of the decision: the game had already ended before the adjournment (Art. 5,
//! 9.6), in the position before the sealed move or earlier on the scoresheets.

use crate::message::Message;
use shakmaty::{Chess, Color, Position};

use super::{establish::Established, Audit, Decision, Ground, Status, Verdict};
use crate::{
    envelope::{
        moves::move_between,
        sealed::Reading,
        text::{ending_words, side_key, when_ended, Msg},
    },
    laws::{
        dead::{can_mate, first_dead_ply, Ask, CanMate, Depth},
        ending::{first, EndKind},
        repetition::{self, occurrences},
    },
};

/// Whether `color` can checkmate, the fast check first, then the full search.
pub(super) fn can(pos: &Chess, color: Color) -> CanMate {
    match can_mate(pos, color, Depth::Fast) {
        CanMate::Unknown => can_mate(pos, color, Depth::Full),
        c => c,
    }
}

/// How the game stands at the last position of `history` (the position itself last), in
/// the precedence of [`crate::laws::ending`]: checkmate, stalemate, dead, seventy-five,
/// fivefold. The fifth occurrence is counted only on a `known_history` (the scoresheets').
pub(super) fn ending_at(history: &[&Chess], known_history: bool) -> Option<EndKind> {
    let pos = history.last()?;
    if pos.is_checkmate() {
        return Some(EndKind::Checkmate);
    }
    if pos.is_stalemate() {
        return Some(EndKind::Stalemate);
    }
    if can(pos, Color::White) == CanMate::No && can(pos, Color::Black) == CanMate::No {
        return Some(EndKind::DeadPosition);
    }
    if pos.halfmoves() >= 150 {
        return Some(EndKind::SeventyFiveMoves);
    }
    if known_history && occurrences(history) >= 5 {
        return Some(EndKind::Fivefold);
    }
    None
}

/// The first ending along the recorded game (`history`, the position before the sealed
/// move last) and its ply, as [`crate::laws::ending::first`] orders them; the fifth
/// occurrence only on a `known_history`.
///
/// A dead position before the adjournment is one the solver proves dead statically (its
/// fast check, as `validate` judges a game's record: [`first_dead_ply`]): insufficient
/// material, a locked structure. It comes first only when strictly earlier than another
/// ending: on the same ply the seventy-five moves or the fifth occurrence are named (where
/// `laws::ending` would name the dead position; the draw is the same).
fn first_ending(history: &[Chess], known_history: bool) -> Option<(EndKind, usize)> {
    let refs: Vec<&Chess> = history.iter().collect();
    let mut candidates = Vec::new();
    type Ends = fn(&Chess) -> bool;
    let kinds: [(EndKind, Ends); 3] = [
        (EndKind::Checkmate, |q| q.is_checkmate()),
        (EndKind::Stalemate, |q| q.is_stalemate()),
        (EndKind::SeventyFiveMoves, |q| q.halfmoves() >= 150),
    ];
    for (kind, ends) in kinds {
        if let Some(i) = history.iter().position(ends) {
            candidates.push((kind, i));
        }
    }
    if known_history {
        if let Some((i, _)) = repetition::find(&refs).fivefold {
            candidates.push((EndKind::Fivefold, i));
        }
    }
    let mut ended = first(&candidates).map(|t| (t.kind, t.ply as usize));
    let p = refs.last()?;
    if !p.is_stalemate() && !p.is_checkmate() {
        if let Some(dead) = first_dead_ply(&refs, Ask::Exhaustive) {
            if ended.is_none_or(|(_, i)| dead < i) {
                ended = Some((EndKind::DeadPosition, dead));
            }
        }
    }
    ended
}

/// The decision when the game had already ended: the first ending along the recorded game
/// (`history`, the position before the sealed move last), and a `game_over` check.
pub(super) fn already_ended(
    e: &Established,
    s: Color,
    history: &[Chess],
    a: &mut Audit,
) -> Option<Decision> {
    let p = &e.pos;
    let mut ended = first_ending(history, e.history.is_some());
    // A position that has just become dead without insufficient material (a check whose
    // only answer stalemates) ends on the board with the sealed move that plays the line:
    // an arbiter names the stalemate, the draw is the same.
    if let Some((EndKind::DeadPosition, i)) = ended {
        let stalemating = match a.sealed.as_ref().map(|x| &x.reading) {
            Some(Reading::Legal { mv, .. }) => {
                let mut q = p.clone();
                q.play_unchecked(*mv);
                q.is_stalemate()
            }
            _ => false,
        };
        if i + 1 == history.len() && !p.is_insufficient_material() && stalemating {
            ended = None;
        }
    }
    if let Some((end, i)) = ended {
        let last = history.len() - 1;
        let q = &history[i];
        let (verdict, mated) = match end {
            EndKind::Checkmate => {
                let loser = q.turn();
                (
                    if loser == s {
                        Verdict::SealerLoses
                    } else {
                        Verdict::SealerWins
                    },
                    Some(loser),
                )
            }
            _ => (Verdict::Draw, None),
        };
        let ply = (i != last).then_some(i);
        let by = ply.filter(|&i| i > 0).and_then(|i| {
            move_between(&history[i - 1], &history[i]).map(|m| (history[i - 1].clone(), m))
        });
        let when = when_ended(ply, by.as_ref());
        let words = ending_words(end);
        let mate = mated
            .map(|c| Msg::say(Message::new("ended_mated").word("side", side_key(c))))
            .unwrap_or_default();
        a.check(
            "game_over",
            end.article(),
            Status::Error,
            Msg::say(
                Message::new("ended_game_had_already_ended")
                    .said("words", &words)
                    .said("when", &when)
                    .said("mate", &mate),
            ),
        );
        return Some(Decision {
            verdict,
            rule: end.article(),
            exception: None,
            ground: Ground::AlreadyEnded {
                ending: end,
                ply,
                by,
            },
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::play_san;

    #[test]
    fn the_first_ending_along_the_game() {
        let mate = play_san(None, "f3 e5 g4 Qh4#");
        assert_eq!(first_ending(&mate, true), Some((EndKind::Checkmate, 4)));
        // The fifth occurrence counts only on a history the scoresheets give.
        let shuffle = play_san(
            None,
            "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
        );
        assert_eq!(first_ending(&shuffle, true), Some((EndKind::Fivefold, 16)));
        assert_eq!(first_ending(&shuffle, false), None);
        assert_eq!(first_ending(&shuffle[..16], true), None);
        // Bare kings are dead from the capture that left them.
        let dead = play_san(Some("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"), "Kxd2 Kd7");
        assert_eq!(first_ending(&dead, true), Some((EndKind::DeadPosition, 1)));
    }

    #[test]
    fn how_the_game_stands_after_the_sealed_move() {
        let mate = play_san(None, "f3 e5 g4 Qh4#");
        let refs: Vec<&Chess> = mate.iter().collect();
        assert_eq!(ending_at(&refs, true), Some(EndKind::Checkmate));
        assert_eq!(ending_at(&refs[..4], true), None);
        let stalemate = play_san(Some("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"), "Qf6");
        let refs: Vec<&Chess> = stalemate.iter().collect();
        assert_eq!(ending_at(&refs, false), None);
        let stalemate = play_san(Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "Qf7");
        let refs: Vec<&Chess> = stalemate.iter().collect();
        assert_eq!(ending_at(&refs, false), Some(EndKind::Stalemate));
    }
}
