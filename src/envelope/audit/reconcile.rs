//! Records of the envelope that contradict each other where the verdict could rest on them
//! (see [`crate::envelope::contradictions`]): the decision is weighed against the one on the
//! other reading.

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{Chess, Color, Position};

use super::{
    decide::decide,
    establish::Established,
    times::{times, Flags},
    Audit, Decision,
};
use crate::{
    envelope::{
        contradictions::{weigh, Contradiction},
        moves::{other_side_to_move, renumber},
        schema::{Envelope, PositionSpec},
        scoresheets::{compare, Sheet},
        sealed,
        text::{side, Msg},
    },
    laws::repetition::key,
    notation::languages::Language,
};

/// Weigh the decision against the readings a contradicted record allows (see
/// [`super::contradictions`]): the recorded position against two agreeing scoresheets, the
/// move number of I.2.5 against the position's (where the flags depend on it), the sealer
/// of I.2.4 against a side to move no scoresheet confirms.
pub(super) fn reconcile(
    e: &Established,
    s: Color,
    flags: Flags,
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    text: &SealedText,
    a: &mut Audit,
) {
    let mut pending: Vec<(Contradiction, Option<Decision>, Color)> = Vec::new();
    if let Some((rec, diffs)) = &e.contradicted {
        let (other, os) = decide_elsewhere(rec, None, env, text, a);
        pending.push((
            contradiction(
                "position",
                diffs.clone(),
                Msg::say(Message::new("reconcile_scoresheets_position")),
                Msg::say(Message::new("reconcile_position_recorded_envelope")),
            ),
            other,
            os,
        ));
    }
    // The move number matters to the flags only; it is in doubt when no scoresheet
    // confirms the position and the FEN's own number and I.2.5 differ.
    let fen_number = match env.position.as_ref().map(|i| &i.value) {
        Some(PositionSpec::Fen { pos, .. }) => Some(pos.fullmoves().get()),
        _ => None,
    };
    let numbers = [env.sealed_number.as_ref().map(|n| n.value.0), fen_number];
    let here = e.pos.fullmoves().get();
    if e.history.is_none() {
        if let Some(num) = numbers.into_iter().flatten().find(|&n| n != here) {
            let mut scratch = a.clone();
            let other_flags = times(env, &Some(renumber(&e.pos, num)), Some(s), &mut scratch);
            if (other_flags.sealer, other_flags.opponent) != (flags.sealer, flags.opponent) {
                scratch.decision = None;
                let other = decide(e, s, other_flags, &mut scratch);
                pending.push((
                    contradiction(
                        "move_number",
                        vec![Msg::say(
                            Message::new("reconcile_i_2_5_numbers")
                                .text("here", numbers[0].unwrap_or(here))
                                .text("here2", numbers[1].unwrap_or(here)),
                        )],
                        Msg::say(Message::new("reconcile_move").text("here", here)),
                        Msg::say(Message::new("reconcile_as_move").text("num", num)),
                    ),
                    other,
                    s,
                ));
            }
        }
    }
    // I.2.5 points further (or back) along two agreeing scoresheets than the position
    // established: the sealed move may belong there.
    if let (Some(n), Some(w), Some(b), Some(k)) = (
        &env.sealed_number,
        &sheets[0],
        &sheets[1],
        e.at[0].or(e.at[1]),
    ) {
        let (num, dots) = n.value;
        let named = env.sealer.as_ref().map(|i| i.value.side);
        let side_of = dots.or(named).unwrap_or(s);
        let clean = |x: &Sheet, j: usize| {
            j <= x.plies() && x.first_error.as_ref().is_none_or(|f| f.ply as usize > j)
        };
        let agreed = compare(w, b).common;
        if let Some(j) = w.index_of(num, side_of).filter(|&j| {
            j != k
                && j <= agreed
                && clean(w, j)
                && clean(b, j)
                && key(&w.positions[j]) != key(&e.pos)
        }) {
            let there = &w.positions[j];
            let (other, os) =
                decide_elsewhere(there, Some(w.positions[..=j].to_vec()), env, text, a);
            pending.push((
                contradiction(
                    "move_number",
                    vec![Msg::say(
                        Message::new("reconcile_i_2_5_gives")
                            .text("num", num)
                            .text("j", j)
                            .text("fullmoves", e.pos.fullmoves())
                            .text("k", k),
                    )],
                    Msg::say(
                        Message::new("reconcile_at_move_ply")
                            .text("fullmoves", e.pos.fullmoves())
                            .text("k", k),
                    ),
                    Msg::say(
                        Message::new("reconcile_at_move_scoresheets_ply")
                            .text("num", num)
                            .text("j", j),
                    ),
                ),
                other,
                os,
            ));
        }
    }
    let named = env.sealer.as_ref().map(|i| i.value.side);
    if e.history.is_none() && named.is_some_and(|c| c != s) {
        if let Some(turned) = other_side_to_move(&e.pos) {
            let (other, os) = decide_elsewhere(&turned, None, env, text, a);
            pending.push((
                contradiction(
                    "sealer",
                    vec![Msg::say(
                        Message::new("reconcile_envelope_says_sealed_i")
                            .said("side", &side(!s))
                            .said("side2", &side(s)),
                    )],
                    Msg::say(Message::new("reconcile_move_recorded").word("side", side_key(s))),
                    Msg::say(Message::new("reconcile_side_to_move").word("side", side_key(!s))),
                ),
                other,
                os,
            ));
        }
    }
    for (c, other, os) in pending {
        let (c, kept) = weigh(c, a.decision.take(), s, other, os);
        a.decision = kept;
        // A verdict withheld leaves no position to resume from; the report says why
        // ([`crate::envelope::report::notes`]).
        if c.other_decision.is_some() && c.withheld.is_some() {
            a.after = None;
        }
        a.contradictions.push(c);
    }
}

fn contradiction(
    id: &'static str,
    differences: Vec<Msg>,
    governs: Msg,
    other: Msg,
) -> Contradiction {
    Contradiction {
        id,
        differences,
        governs,
        other,
        other_decision: None,
        withheld: None,
    }
}

/// The sealed move as written and the sealer's notation, to read it in another position.
pub(super) struct SealedText<'a> {
    pub(super) written: &'a Option<(String, &'static str)>,
    pub(super) pref: &'static Language,
}

/// The decision on another reading of the position before the sealed move, with the
/// history the scoresheets give it, if any: the sealed move read there, the times checked
/// at its move number. The audit itself is not changed.
fn decide_elsewhere(
    pos: &Chess,
    history: Option<Vec<Chess>>,
    env: &Envelope,
    text: &SealedText,
    a: &Audit,
) -> (Option<Decision>, Color) {
    let mut scratch = a.clone();
    scratch.decision = None;
    scratch.after = None;
    scratch.before = Some(pos.clone());
    let s = pos.turn();
    scratch.sealer = Some(s);
    scratch.sealed = text
        .written
        .as_ref()
        .map(|(t, _)| sealed::read(t, pos, a.mode, text.pref));
    let flags = times(env, &Some(pos.clone()), Some(s), &mut scratch);
    let e = Established {
        pos: pos.clone(),
        history,
        at: [None, None],
        contradicted: None,
    };
    (decide(&e, s, flags, &mut scratch), s)
}

#[cfg(test)]
mod tests {
    use crate::envelope::{audit_file, report, Verdict};

    fn corpus(name: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpora/envelopes")
            .join(name)
    }

    #[test]
    fn a_loss_on_a_contradicted_record_is_withheld() {
        let a = audit_file(&corpus("position-contradicted-withheld.toml")).unwrap();
        assert!(a.decision.is_none());
        assert!(a.after.is_none());
        let c = &a.contradictions[0];
        assert_eq!(c.id, "position");
        assert_eq!(
            c.withheld.as_ref().map(|d| d.verdict),
            Some(Verdict::SealerLoses)
        );
        assert!(c.other_decision.is_some());
        // The report's notes say so; the audit's own notes do not repeat it.
        let notes = report::notes(&a);
        assert_eq!(notes.len(), a.notes.len() + 2);
        assert!(notes.last().unwrap().en.contains("the arbiter decides"));
    }

    #[test]
    fn the_same_verdict_on_both_readings_stands() {
        let a = audit_file(&corpus("position-contradicted.toml")).unwrap();
        assert_eq!(
            a.decision.as_ref().map(|d| d.verdict),
            Some(Verdict::Resume)
        );
        let c = &a.contradictions[0];
        assert!(c.withheld.is_none());
    }
}
