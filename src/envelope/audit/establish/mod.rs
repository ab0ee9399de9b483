//! I.2.2: the position before the sealed move, established from the envelope's record and
//! the scoresheets, and checked against them (I.1.1, I.3; Art. 7.5.1 for records that
//! differ). The recorded position governs when a scoresheet reaches it ([`recorded`]); two
//! agreeing scoresheets that reach another position govern over it; with no usable record,
//! the scoresheets must establish it by agreeing.

mod recorded;
mod sheets;

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{Chess, Color, Position};

use super::{Audit, Status};
use crate::{
    envelope::{
        moves::fen,
        schema::{Envelope, PositionSpec},
        scoresheets::{compare, Sheet},
        text::Msg,
    },
    laws::repetition::key,
};

/// The position before the sealed move and where it comes from.
pub struct Established {
    pub pos: Chess,
    /// The positions from the game's start up to it (itself last), when a scoresheet
    /// records them.
    pub history: Option<Vec<Chess>>,
    /// Index of the position in each scoresheet that reaches it.
    pub at: [Option<usize>; 2],
    /// The recorded position, when it contradicts two agreeing scoresheets (whose position
    /// `pos` is), with the differences named square by square.
    pub contradicted: Option<(Chess, Vec<Msg>)>,
}

/// The envelope's record of the position (I.2.2) when it is a FEN: the position, the FEN
/// as written, what was dropped from it.
type Recorded = (Chess, String, Vec<&'static str>);

/// Establish the position before the sealed move (I.2.2) and check it against the
/// scoresheets (I.1.1, I.3; Art. 7.5.1 for records that differ).
pub(super) fn establish(
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    a: &mut Audit,
) -> Option<Established> {
    let sealer = env.sealer.as_ref().map(|i| i.value.side);
    let recorded: Option<Recorded> = env.position.as_ref().and_then(|i| match &i.value {
        PositionSpec::Fen { text, pos, notes } => {
            Some(((**pos).clone(), text.clone(), notes.clone()))
        }
        PositionSpec::After { .. } => None,
    });
    let (at, wanted, agreeing) = places(env, sheets, &recorded, sealer);
    sheets::each(sheets, &at, &wanted, sealer, a);
    let differ_before = sheets::agreement(sheets, &at, &wanted, recorded.is_some(), a);
    if let Some((rec, text, notes)) = recorded {
        return recorded::establish(env, sheets, (rec, text, notes), at, agreeing, a);
    }
    from_sheets(env, sheets, at, sealer, differ_before, a)
}

/// Where, in each scoresheet, the position before the sealed move stands: the place found
/// (`at`), the place the envelope points to (`wanted`, which may lie beyond the
/// scoresheet's end), and the ply where both agreeing scoresheets stand when the recorded
/// position is neither's.
#[allow(clippy::type_complexity)]
fn places(
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    recorded: &Option<Recorded>,
    sealer: Option<Color>,
) -> ([Option<usize>; 2], [Option<usize>; 2], Option<usize>) {
    // Where, in each scoresheet, the position before the sealed move stands.
    let target_index = |s: &Sheet| -> Option<usize> {
        match env.position.as_ref().map(|i| &i.value) {
            Some(PositionSpec::Fen { pos, .. }) => {
                let prefer = s.index_of(pos.fullmoves().get(), pos.turn());
                s.find(pos, prefer)
            }
            Some(PositionSpec::After { number, side }) => {
                let whose = side.or(sealer.map(|c| !c)).unwrap_or(Color::Black);
                if *number == 0 {
                    return Some(0);
                }
                s.index_of(*number, whose).map(|i| i + 1)
            }
            None => match (&env.sealed_number, sealer) {
                (Some(n), Some(c)) => s.index_of(n.value.0, n.value.1.unwrap_or(c)),
                _ => None,
            },
        }
    };
    let mut at: [Option<usize>; 2] = [None, None];
    let mut wanted: [Option<usize>; 2] = [None, None];
    for i in 0..2 {
        if let Some(s) = &sheets[i] {
            wanted[i] = target_index(s);
            at[i] = wanted[i].filter(|&k| k <= s.plies());
            if let (Some(k), Some((p, ..))) = (at[i], &recorded) {
                if key(&s.positions[k]) != key(p) {
                    at[i] = None;
                }
            }
        }
    }
    // A recorded position neither scoresheet reaches, where both agree: theirs governs.
    let agreeing = match &recorded {
        Some((rec, ..)) if at == [None, None] => {
            crate::envelope::contradictions::agreeing_sheets(rec, env, sheets)
        }
        _ => None,
    };
    if let Some(k) = agreeing {
        wanted = [Some(k), Some(k)];
    }
    // With no recorded position and no number: the scoresheets as they stand.
    if env.position.is_none() && wanted == [None, None] {
        if let (Some(w), Some(b)) = (&sheets[0], &sheets[1]) {
            let agreement = compare(w, b);
            let k = agreement.common;
            at = [Some(k), Some(k)];
        } else {
            for i in 0..2 {
                if let Some(s) = &sheets[i] {
                    at[i] = Some(s.plies());
                }
            }
        }
    }
    (at, wanted, agreeing)
}

/// No usable recorded position: the scoresheets must establish it, by agreeing.
fn from_sheets(
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    at: [Option<usize>; 2],
    sealer: Option<Color>,
    differ_before: Option<usize>,
    a: &mut Audit,
) -> Option<Established> {
    let why_none = if a
        .errors
        .iter()
        .any(|e| e.item == "position" && e.line.is_some())
    {
        Msg::say(Message::new("establish_recorded_position_cannot_used"))
    } else if env.position.is_none() {
        Msg::say(Message::new("establish_no_position_recorded_envelope"))
    } else {
        match env.position.as_ref().map(|i| &i.value) {
            Some(PositionSpec::After { number: 0, .. }) => Msg::say(Message::new(
                "establish_position_recorded_scoresheets_start",
            )),
            Some(PositionSpec::After {
                number,
                side: whose,
            }) => match whose.or(sealer.map(|c| !c)) {
                Some(c) => Msg::say(
                    Message::new("establish_position_recorded_one_after")
                        .word("side", side_key(c))
                        .text("number", number),
                ),
                None => Msg::say(
                    Message::new("establish_position_recorded_one_after_2").text("number", number),
                ),
            },
            _ => Msg::say(Message::new("establish_position_recorded")),
        }
    };
    let reach: Vec<(usize, usize)> = (0..2)
        .filter_map(|i| {
            let s = sheets[i].as_ref()?;
            let k = at[i]?;
            let clean_to_k = s.first_error.as_ref().is_none_or(|f| f.ply as usize > k);
            (clean_to_k && k <= s.plies()).then_some((i, k))
        })
        .collect();
    let chosen = match reach.as_slice() {
        [] => None,
        [(i, k)] => {
            let other = 1 - *i;
            if sheets[other].is_some() && differ_before.is_some() {
                None
            } else {
                if sheets[other].is_some() {
                    a.notes
                        .push(Msg::say(Message::new("establish_only_one_sheet").word(
                            "side",
                            side_key(if *i == 0 { Color::White } else { Color::Black }),
                        )));
                }
                Some((*i, *k))
            }
        }
        [(i, k), (j, l)] => {
            let p = &sheets[*i].as_ref().expect("present").positions[*k];
            let q = &sheets[*j].as_ref().expect("present").positions[*l];
            if key(p) == key(q) && differ_before.is_none() {
                Some((*i, *k))
            } else {
                None
            }
        }
        _ => None,
    };
    match chosen {
        Some((i, k)) => {
            let s = sheets[i].as_ref().expect("present");
            let p = s.positions[k].clone();
            let status = if env
                .position
                .as_ref()
                .is_some_and(|i| matches!(i.value, PositionSpec::After { .. }))
            {
                Status::Ok
            } else {
                Status::Error
            };
            a.check(
                "position",
                "I.2.2",
                status,
                Msg::say(
                    Message::new("establish_scoresheets_establish_after_ply")
                        .said("why_none", &why_none)
                        .text("k", k)
                        .text("fen", fen(&p)),
                ),
            );
            Some(Established {
                history: Some(s.positions[..=k].to_vec()),
                pos: p,
                at,
                contradicted: None,
            })
        }
        None => {
            a.check(
                "position",
                "I.12.2",
                Status::Error,
                Msg::say(
                    Message::new("establish_scoresheets_do_not_establish")
                        .said("why_none", &why_none),
                ),
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Position;

    use crate::envelope::audit::{
        testing::{judged, with},
        Status,
    };

    fn check(a: &crate::envelope::Audit, id: &str) -> Status {
        a.checks
            .iter()
            .find(|c| c.id == id)
            .expect("the check")
            .status
    }

    #[test]
    fn agreeing_scoresheets_establish_the_position() {
        let a = judged(&with(&[]));
        assert_eq!(check(&a, "position"), Status::Ok);
        assert_eq!(check(&a, "agreement"), Status::Ok);
        assert_eq!(a.before.as_ref().map(|p| p.fullmoves().get()), Some(3));
    }

    #[test]
    fn scoresheets_that_differ_before_the_adjournment_establish_nothing() {
        let a = judged(&with(&[(
            "black_scoresheet",
            Some("\"1. e4 e5 2. Cf3 Cf6\""),
        )]));
        assert_eq!(check(&a, "agreement"), Status::Error);
        assert_eq!(check(&a, "position"), Status::Error);
        assert!(a.before.is_none() && a.decision.is_none());
    }

    #[test]
    fn a_recorded_position_is_checked_against_the_scoresheets() {
        let fen = "\"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"";
        let a = judged(&with(&[("position", Some(fen))]));
        assert_eq!(check(&a, "position"), Status::Ok);
        assert_eq!(check(&a, "position_matches"), Status::Ok);
        // A scoresheet that stops short of it.
        let a = judged(&with(&[
            ("position", Some(fen)),
            ("black_scoresheet", Some("\"1. e4 e5\"")),
        ]));
        assert_eq!(check(&a, "position_matches"), Status::Error);
        assert_eq!(
            a.decision.unwrap().verdict,
            crate::envelope::Verdict::Resume
        );
    }
}
