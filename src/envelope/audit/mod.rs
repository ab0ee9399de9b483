//! The audit: every check an arbiter makes on an envelope at resumption, and the decision
//! on the sealed move.
//!
//! The decision follows the Laws in this order — each step applies only if the earlier
//! ones left the game alive:
//!
//! 1. **The game had already ended** before the adjournment (Art. 5, 9.6): checkmate,
//!    stalemate, a dead position, a fifth occurrence or seventy-five moves in the position
//!    before the sealed move (or earlier on the scoresheets). The sealed move is void.
//! 2. **A flag had fallen** (Art. 6.9): the time used recorded on the envelope (I.2.3) is
//!    beyond what the time control allows for the moves made. The sealer's flag fell while
//!    he sealed; the opponent's when he completed his last move. The player whose flag fell
//!    loses, unless his opponent cannot checkmate him by any series of legal moves (drawn).
//!    Both flags: Guideline III.3.1 (drawn in the last period; otherwise play goes on).
//! 3. **The sealed move is defective** (I.8): ambiguous (I.8.1), of unestablishable meaning
//!    (I.8.2) or illegal (I.8.3): the sealer loses — unless the opponent cannot checkmate
//!    the sealer by any series of legal moves (Art. 6.9, which I.8 names as an exception):
//!    the game is drawn.
//! 4. **The sealed move ends the game** (I.10 keeps that result even if the sealer is late):
//!    checkmate (the sealer wins, 5.1.1), stalemate (5.2.1), a dead position (5.2.2),
//!    seventy-five moves (9.6.2, unless it mates) or a fifth occurrence (9.6.1): drawn.
//! 5. Otherwise **play resumes** (I.9.1) from the position after the sealed move.
//!
//! The position before the sealed move is the one recorded on the envelope (I.2.2), which
//! the arbiter verified at the adjournment (I.3), when a scoresheet reaches it: the
//! scoresheets are the record of how it was reached (repetitions, the move counters). When
//! both scoresheets agree and are legal up to the adjournment but reach another position,
//! theirs is the game actually played (I.5, Art. 7.6) and governs; the recorded one is
//! judged too, and a loss or a win it does not share is withheld (see
//! [`super::contradictions`]). With no usable recorded position, the scoresheets must
//! establish it by agreeing; where they differ before it, the position cannot be
//! re-established (I.12.2) and no verdict is given.
//!
//! Each step has a room of its own: `establish` (the position before the sealed move),
//! `items` (I.2.1, I.2.4, I.2.5, I.2.7), `times` (I.2.3 and the flags), `sealed_move` (the
//! sealed move read and checked), `draw_offer` (I.2.6, I.4), `ended` and `decide` (the
//! decision), `exception` (Art. 6.9), `reconcile` (records that contradict each other). What
//! they record (`record`: [`Audit`], [`Decision`] and its [`Ground`]) is data; the decision's
//! prose for people is written by [`super::report`].
//!
//! ```ignore
//! use scoresheet::envelope::{audit::{judge, Defect, Ground}, schema, Verdict};
//! let envelope = r#"
//! white = "Rossi"
//! black = "Bianchi"
//! position = "after 2"
//! white_time = "0:10"
//! black_time = "0:12"
//! sealer = "Rossi"
//! sealed_move_number = 3
//! resumption_date = "2026-11-29 15:00"
//! resumption_place = "Milano"
//! sealed_move = "Ab6"
//! white_scoresheet = "1. e4 e5 2. Cf3 Cc6"
//! black_scoresheet = "1. e4 e5 2. Cf3 Cc6"
//! "#;
//! let env = schema::read(envelope, std::path::Path::new(".")).unwrap();
//! let d = judge(&env, "busta.toml").decision.unwrap();
//! assert_eq!((d.verdict, d.rule), (Verdict::SealerLoses, "I.8.3"));
//! assert!(matches!(d.ground, Ground::Defective { defect: Defect::Illegal, .. }));
//! ```

mod decide;
mod draw_offer;
mod ended;
mod establish;
mod exception;
mod items;
mod reconcile;
mod record;
mod sealed_move;
mod times;

use crate::message::Message;
use shakmaty::{CastlingMode, Color, Position};

use super::{
    schema::{Envelope, ItemError, PositionSpec},
    scoresheets::{load, Sheet},
    text::Msg,
};
pub use record::{Audit, Check, Decision, Defect, Ground, Status, Verdict};

/// Audit an envelope: every check, and the decision. The paragraph read aloud is left
/// empty; [`super::audit()`](fn@super::audit) has the report write it.
pub fn judge(env: &Envelope, file: &str) -> Audit {
    let mut a = Audit {
        file: file.to_string(),
        white: env.white.as_ref().map(|i| i.value.clone()),
        black: env.black.as_ref().map(|i| i.value.clone()),
        event: env.event.clone(),
        sealer: env.sealer.as_ref().map(|i| i.value.side),
        sealed: None,
        sealed_source: None,
        before: None,
        after: None,
        mode: CastlingMode::Standard,
        checks: Vec::new(),
        decision: None,
        draw_offer: None,
        errors: env.errors.clone(),
        notes: Vec::new(),
        paragraph: Msg::default(),
        contradictions: Vec::new(),
        exception_rejected: None,
        exception_rejected_aloud: None,
        item_names: Vec::new(),
    };

    items::players(env, &mut a);

    // The scoresheets.
    let mut sheets: [Option<Sheet>; 2] = [None, None];
    for (i, owner) in [Color::White, Color::Black].into_iter().enumerate() {
        if let Some(src) = &env.scoresheets[i] {
            match load(owner, &src.value, env.language) {
                Ok(s) => sheets[i] = Some(s),
                Err(e) => a.errors.push(ItemError {
                    item: if owner == Color::White {
                        "white_scoresheet_file"
                    } else {
                        "black_scoresheet_file"
                    },
                    article: "I.1.1",
                    line: Some(src.line),
                    message: e,
                }),
            }
        }
    }

    // I.2.2: the position before the sealed move.
    let est = establish::establish(env, &sheets, &mut a);
    if let Some(e) = &est {
        a.before = Some(e.pos.clone());
        a.mode = match &env.position {
            Some(item) => match &item.value {
                PositionSpec::Fen { pos, .. } => {
                    if pos.castles().mode() == CastlingMode::Chess960 {
                        CastlingMode::Chess960
                    } else {
                        CastlingMode::Standard
                    }
                }
                _ => CastlingMode::Standard,
            },
            None => CastlingMode::Standard,
        };
        if sheets
            .iter()
            .flatten()
            .any(|s| s.record.variant == "chess960")
        {
            a.mode = CastlingMode::Chess960;
        }
    }
    let before = est.as_ref().map(|e| e.pos.clone());

    items::sealer(env, &before, &mut a);
    let sealer = a.sealer;
    items::move_number(env, &before, &mut a);
    // I.2.3: the time used, against the time control.
    let flags = times::times(env, &before, sealer, &mut a);
    // I.2.6 is checked with the sealed move (which may carry `(=)`); I.2.7:
    items::resumption(env, &mut a);

    // The sealed move: on the envelope, else as the last move of the sealer's scoresheet.
    let (written, pref) = sealed_move::judge(env, &sheets, &est, sealer, &before, &mut a);

    // I.2.6 / I.4: a draw offer.
    draw_offer::draw_offer(env, &mut a);

    // The decision.
    if let (Some(e), Some(s)) = (&est, sealer) {
        a.decision = decide::decide(e, s, flags, &mut a);
        let text = reconcile::SealedText {
            written: &written,
            pref,
        };
        reconcile::reconcile(e, s, flags, env, &sheets, &text, &mut a);
    }
    if a.decision.is_none() && est.is_none() {
        a.notes.push(Msg::say(Message::new(
            "establish_no_verdict_position_before",
        )));
    }
    a.item_names = a
        .errors
        .iter()
        .map(|e| (e.item, env.key_name(e.item)))
        .collect();
    a.checks.sort_by_key(|c| {
        ORDER
            .iter()
            .position(|id| *id == c.id)
            .unwrap_or(ORDER.len())
    });
    a
}

/// The order checks are reported in: the items of I.2, then the records, then the move.
const ORDER: &[&str] = &[
    "players",
    "position",
    "position_matches",
    "times",
    "sealer",
    "move_number",
    "draw_offer",
    "draw_offer_recorded",
    "resumption",
    "white_scoresheet",
    "black_scoresheet",
    "agreement",
    "game_over",
    "sealed_move",
    "sealed_move_number",
    "sealed_move_copy",
];

/// Envelopes for the rooms' tests: one where play resumes, and edits of it.
#[cfg(test)]
pub(crate) mod testing {
    use std::path::Path;

    use super::{judge, Audit};
    use crate::envelope::schema::{read, Envelope};

    /// 1.e4 e5 2.Nf3 Nc6, White seals 3.Bb5 (written in Italian): play resumes.
    pub(crate) const RESUME: &str = r#"
white = "Rossi"
black = "Bianchi"
position = "after 2"
white_time = "0:10"
black_time = "0:12"
sealer = "Rossi"
sealed_move_number = 3
resumption_date = "2026-11-29 15:00"
resumption_place = "Milano"
sealed_move = "Ab5"
white_scoresheet = "1. e4 e5 2. Cf3 Cc6"
black_scoresheet = "1. e4 e5 2. Cf3 Cc6"
"#;

    /// [`RESUME`] with items replaced (`Some`) or taken out (`None`); items it does not
    /// have are added.
    pub(crate) fn with(changes: &[(&str, Option<&str>)]) -> String {
        let mut lines: Vec<String> = RESUME.lines().map(str::to_string).collect();
        for (key, value) in changes {
            let at = lines
                .iter()
                .position(|l| l.split_once(" = ").is_some_and(|(k, _)| k == *key));
            match (at, value) {
                (Some(i), Some(v)) => lines[i] = format!("{key} = {v}"),
                (Some(i), None) => {
                    lines.remove(i);
                }
                (None, Some(v)) => lines.push(format!("{key} = {v}")),
                (None, None) => {}
            }
        }
        lines.join("\n")
    }

    pub(crate) fn envelope(toml: &str) -> Envelope {
        read(toml, Path::new(".")).expect("a well-formed envelope")
    }

    pub(crate) fn judged(toml: &str) -> Audit {
        judge(&envelope(toml), "t.toml")
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{judged, with, RESUME};
    use super::*;

    #[test]
    fn checks_come_in_the_order_of_the_guidelines() {
        let a = judged(RESUME);
        let ids: Vec<&str> = a.checks.iter().map(|c| c.id).collect();
        let mut sorted = ids.clone();
        sorted.sort_by_key(|id| ORDER.iter().position(|o| o == id));
        assert_eq!(ids, sorted);
        assert_eq!(ids.first(), Some(&"players"));
        assert!(a.paragraph.en.is_empty(), "the report writes the paragraph");
    }

    #[test]
    fn results_follow_the_verdict_and_the_sealer() {
        let mut a = judged(RESUME);
        assert_eq!(a.sealer, Some(Color::White));
        assert_eq!((a.result(), a.winner()), (None, None));
        assert!(matches!(
            a.decision.as_ref().map(|d| &d.ground),
            Some(Ground::Resumes { .. })
        ));
        let d = a.decision.as_mut().unwrap();
        d.verdict = Verdict::SealerLoses;
        assert_eq!(
            (a.result(), a.winner()),
            (
                Some(crate::result::GameResult::BlackWins),
                Some(Color::Black)
            )
        );
        a.decision.as_mut().unwrap().verdict = Verdict::Draw;
        assert_eq!(
            (a.result(), a.winner()),
            (Some(crate::result::GameResult::Draw), None)
        );
        assert!(!a.has_failures());
        assert_eq!(a.item_name("white"), "white");
    }

    #[test]
    fn an_envelope_with_nothing_on_it_gives_no_verdict() {
        let a = judged("");
        assert!(a.decision.is_none());
        assert!(a.before.is_none());
        assert!(a.has_failures());
        let b = judged(&with(&[
            ("white_scoresheet", None),
            ("black_scoresheet", None),
        ]));
        assert!(b.decision.is_none(), "{:?}", b.decision);
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::envelope::{
            audit::{judge, Defect, Ground},
            schema, Verdict,
        };
        let envelope = r#"
        white = "Rossi"
        black = "Bianchi"
        position = "after 2"
        white_time = "0:10"
        black_time = "0:12"
        sealer = "Rossi"
        sealed_move_number = 3
        resumption_date = "2026-11-29 15:00"
        resumption_place = "Milano"
        sealed_move = "Ab6"
        white_scoresheet = "1. e4 e5 2. Cf3 Cc6"
        black_scoresheet = "1. e4 e5 2. Cf3 Cc6"
        "#;
        let env = schema::read(envelope, std::path::Path::new(".")).unwrap();
        let d = judge(&env, "busta.toml").decision.unwrap();
        assert_eq!((d.verdict, d.rule), (Verdict::SealerLoses, "I.8.3"));
        assert!(matches!(
            d.ground,
            Ground::Defective {
                defect: Defect::Illegal,
                ..
            }
        ));
    }
}
