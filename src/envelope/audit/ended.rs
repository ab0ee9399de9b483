//! Step 1 of the decision: the game had already ended before the adjournment (Art. 5,
//! 9.6), in the position before the sealed move or earlier on the scoresheets.

use shakmaty::{Chess, Color, Position};

use super::{establish::Established, Audit, Decision, Status, Verdict};
use crate::{
    envelope::{
        moves::{move_between, move_label},
        sealed::Reading,
        text::{side, Msg},
    },
    laws::{
        dead::{can_mate, CanMate, Depth},
        repetition::key,
    },
};

/// Whether `color` can checkmate, the fast check first, then the full search.
pub(super) fn can(pos: &Chess, color: Color) -> CanMate {
    match can_mate(pos, color, Depth::Fast) {
        CanMate::Unknown => can_mate(pos, color, Depth::Full),
        c => c,
    }
}

/// How a game ends by itself in a position (with the history before it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    Checkmate,
    Stalemate,
    Dead,
    SeventyFive,
    Fivefold,
}

impl Ending {
    pub(super) fn article(self) -> &'static str {
        match self {
            Ending::Checkmate => "5.1.1",
            Ending::Stalemate => "5.2.1",
            Ending::Dead => "5.2.2",
            Ending::SeventyFive => "9.6.2",
            Ending::Fivefold => "9.6.1",
        }
    }

    pub(super) fn words(self) -> Msg {
        match self {
            Ending::Checkmate => Msg::new("checkmate", "scaccomatto"),
            Ending::Stalemate => Msg::new("stalemate", "stallo"),
            Ending::Dead => Msg::new(
                "a dead position (neither player can checkmate by any series of legal moves)",
                "una posizione morta (nessuno dei due può dare scaccomatto con alcuna serie di mosse legali)",
            ),
            Ending::SeventyFive => Msg::new(
                "seventy-five moves by each player without a pawn move or a capture",
                "settantacinque mosse per parte senza spinte di pedone né catture",
            ),
            Ending::Fivefold => Msg::new(
                "the fifth occurrence of the same position",
                "la stessa posizione apparsa per la quinta volta",
            ),
        }
    }
}

/// Occurrences of the last position since the last irreversible move (Art. 9.2.2).
pub(super) fn occurrences(history: &[Chess]) -> usize {
    let Some(last) = history.last() else {
        return 0;
    };
    let k = key(last);
    let mut count = 0;
    for p in history.iter().rev() {
        if key(p) == k {
            count += 1;
        }
        if p.halfmoves() == 0 {
            break;
        }
    }
    count
}

/// How the game stands at the last position of `history` (the position itself last):
/// precedence as in `laws::ending` — checkmate, stalemate, dead, seventy-five, fivefold.
pub(super) fn ending_at(history: &[Chess], known_history: bool) -> Option<Ending> {
    let pos = history.last()?;
    if pos.is_checkmate() {
        return Some(Ending::Checkmate);
    }
    if pos.is_stalemate() {
        return Some(Ending::Stalemate);
    }
    if can(pos, Color::White) == CanMate::No && can(pos, Color::Black) == CanMate::No {
        return Some(Ending::Dead);
    }
    if pos.halfmoves() >= 150 {
        return Some(Ending::SeventyFive);
    }
    if known_history && occurrences(history) >= 5 {
        return Some(Ending::Fivefold);
    }
    None
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
    let mut ended: Option<(Ending, usize)> = None;
    // the first ending along the recorded game (cheap checks first; the dead search only
    // on the last position, since deadness never ends)
    for i in 0..history.len() {
        let h = &history[..=i];
        let q = &history[i];
        let end = if q.is_checkmate() {
            Some(Ending::Checkmate)
        } else if q.is_stalemate() {
            Some(Ending::Stalemate)
        } else if q.halfmoves() >= 150 {
            Some(Ending::SeventyFive)
        } else if e.history.is_some() && occurrences(h) >= 5 {
            Some(Ending::Fivefold)
        } else {
            None
        };
        if let Some(x) = end {
            ended = Some((x, i));
            break;
        }
    }
    // A dead position before the adjournment is one the solver proves dead statically (its
    // fast check, as `validate` judges a game's record): insufficient material, a locked
    // structure. A position dead only because every line is forced into a draw (a check
    // whose only answer stalemates) is left to the sealed move, which plays that line.
    let dead_fast = |q: &Chess| {
        can_mate(q, Color::White, Depth::Fast) == CanMate::No
            && can_mate(q, Color::Black, Depth::Fast) == CanMate::No
    };
    if dead_fast(p) && !p.is_stalemate() && !p.is_checkmate() {
        // the first dead position, by bisection (deadness never ends)
        let (mut lo, mut hi) = (0usize, history.len() - 1);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let q = &history[mid];
            if q.is_stalemate() || dead_fast(q) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if ended.is_none_or(|(_, i)| hi < i) {
            ended = Some((Ending::Dead, hi));
        }
    }
    // A position that has just become dead without insufficient material (a check whose
    // only answer stalemates) ends on the board with the sealed move that plays the line:
    // an arbiter names the stalemate, the draw is the same.
    if let Some((Ending::Dead, i)) = ended {
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
            Ending::Checkmate => {
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
        let when = if i == last {
            Msg::new(
                "in the position before the sealed move",
                "nella posizione prima della mossa sigillata",
            )
        } else {
            let by = (i > 0)
                .then(|| move_between(&history[i - 1], &history[i]))
                .flatten()
                .map(|m| move_label(&history[i - 1], m))
                .unwrap_or_default();
            Msg::new(
                format!("after {} (ply {i} of the scoresheets)", by.en),
                format!("dopo {} (semimossa {i} dei formulari)", by.it),
            )
        };
        let words = end.words();
        let mate_en = mated
            .map(|c| format!(": {} is checkmated", side(c).en))
            .unwrap_or_default();
        let mate_it = mated
            .map(|c| format!(": {} ha subito scaccomatto", side(c).it))
            .unwrap_or_default();
        a.check(
            "game_over",
            end.article(),
            Status::Error,
            Msg::new(
                format!(
                    "the game had already ended by {} {}{mate_en}; the sealed move is void",
                    words.en, when.en
                ),
                format!(
                    "la partita era già terminata per {} {}{mate_it}; la mossa sigillata è nulla",
                    words.it, when.it
                ),
            ),
        );
        return Some(Decision {
            verdict,
            rule: end.article(),
            exception: None,
            reason: Msg::new(
                format!("the game had already ended by {} {}", words.en, when.en),
                format!("la partita era già terminata per {} {}", words.it, when.it),
            ),
        });
    }
    None
}
