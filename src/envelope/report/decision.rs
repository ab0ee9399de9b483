//! A decision in words: why it was taken (from its [`Ground`]), what it would be on a
//! reading that does not govern, and the notes on records that contradict each other.

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::Color;

use crate::envelope::{
    audit::{Audit, Decision, Defect, Ground, Verdict},
    moves::move_label,
    text::{ending_words, player, player_of, side, when_ended, Msg},
};
use crate::laws::ending::EndKind;

/// One sentence: why the decision was taken, in the names of the audit's players.
pub fn reason(d: &Decision, a: &Audit) -> Msg {
    let n = |c: Color| match c {
        Color::White => a.white.as_deref(),
        Color::Black => a.black.as_deref(),
    };
    match &d.ground {
        Ground::AlreadyEnded { ending, ply, by } => {
            let words = ending_words(*ending);
            let when = when_ended(*ply, by.as_ref());
            Msg::say(
                Message::new("decision_game_had_already_ended")
                    .said("words", &words)
                    .said("when", &when),
            )
        }
        Ground::BothFlags => Msg::say(Message::new("decision_both_flags_had_fallen")),
        Ground::FlagFell {
            loser,
            mate_possible: false,
            ..
        } => {
            let (loser, winner) = (*loser, !*loser);
            Msg::say(
                Message::new("decision_flag_fell_no_mate")
                    .word("loser", side_key(loser))
                    .word("winner", side_key(winner)),
            )
        }
        Ground::FlagFell {
            loser,
            sealer: true,
            ..
        } => Msg::say(Message::new("decision_flag_had_fallen_before").both(
            "player",
            player(*loser, n(*loser)).en,
            player_of(*loser, n(*loser)).it,
        )),
        Ground::FlagFell { loser, .. } => {
            Msg::say(Message::new("decision_flag_fell_completing").both(
                "player",
                player(*loser, n(*loser)).en,
                player_of(*loser, n(*loser)).it,
            ))
        }
        Ground::SealedMoveEnds { ending, before, mv } => {
            let san = move_label(before, *mv);
            let w = ending_words(*ending);
            match ending {
                EndKind::Checkmate => {
                    Msg::say(Message::new("decision_sealed_move_checkmate").said("san", &san))
                }
                EndKind::Stalemate => {
                    Msg::say(Message::new("decision_sealed_move_stalemate").said("san", &san))
                }
                EndKind::Fivefold => {
                    Msg::say(Message::new("decision_sealed_move_fivefold").said("san", &san))
                }
                EndKind::SeventyFiveMoves => {
                    Msg::say(Message::new("decision_sealed_move_seventy_five").said("san", &san))
                }
                EndKind::DeadPosition => Msg::say(
                    Message::new("decision_sealed_move_leads")
                        .said("san", &san)
                        .said("ending", &w),
                ),
            }
        }
        Ground::Resumes { before, mv } => {
            let san = move_label(before, *mv);
            Msg::say(Message::new("decision_sealed_move_legal_game").said("san", &san))
        }
        Ground::Defective {
            defect,
            sealer,
            mate_possible,
        } => {
            let what = match defect {
                Defect::Ambiguous => Msg::say(Message::new("decision_ambiguous")),
                Defect::Unreadable => Msg::say(Message::new("decision_written_so_that_true")),
                Defect::Illegal => Msg::say(Message::new("decision_illegal")),
            };
            let s = *sealer;
            if *mate_possible {
                Msg::say(Message::new("decision_sealed_move").said("what", &what))
            } else {
                Msg::say(
                    Message::new("decision_sealed_move_but_cannot")
                        .said("what", &what)
                        .said("side", &side(!s))
                        .word("side2", side_key(s)),
                )
            }
        }
    }
}

pub(super) fn verdict_words(v: Verdict) -> Msg {
    match v {
        Verdict::SealerLoses => Msg::say(Message::new("decision_sealer_loses")),
        Verdict::Draw => Msg::say(Message::new("decision_draw")),
        Verdict::SealerWins => Msg::say(Message::new("decision_sealer_wins")),
        Verdict::Resume => Msg::say(Message::new("decision_play_resumes")),
    }
}

/// A verdict on a reading that does not govern, or is withheld: `the sealer would lose,
/// 0-1 (I.8.3)` / `perderebbe chi ha sigillato, 0-1 (I.8.3)`.
pub(super) fn would(d: &Decision, sealer: Color) -> Msg {
    let (ex, r) = exception_and_result(d, sealer);
    let would = Msg::say(Message::new(match d.verdict {
        Verdict::SealerLoses => "decision_would_lose",
        Verdict::SealerWins => "decision_would_win",
        Verdict::Draw => "decision_would_draw",
        Verdict::Resume => "decision_would_resume",
    }));
    Msg::say(
        Message::new("decision_would")
            .said("would", &would)
            .text("rule", d.rule)
            .said("ex", &ex)
            .text("r", r),
    )
}

/// `the sealer loses (I.8.3), 0-1` / `perde chi ha sigillato (I.8.3), 0-1`.
pub(super) fn decision_words(d: &Decision, sealer: Color) -> Msg {
    let v = verdict_words(d.verdict);
    let (ex, r) = exception_and_result(d, sealer);
    Msg::say(
        Message::new("decision_words")
            .said("v", &v)
            .text("rule", d.rule)
            .said("ex", &ex)
            .text("r", r),
    )
}

/// What a decision's words add to its rule: the exception that applies (`, exception I.9.1`
/// / `, eccezione I.9.1`), if any, and the result it gives (`, 0-1`), if any.
fn exception_and_result(d: &Decision, sealer: Color) -> (Msg, String) {
    let ex = d
        .exception
        .map(|e| Msg::say(Message::new("decision_exception").text("article", e)))
        .unwrap_or_default();
    let r = crate::envelope::contradictions::result_of(d.verdict, sealer)
        .map(|r| format!(", {}", r.as_sheet()))
        .unwrap_or_default();
    (ex, r)
}

/// Every note of the audit: its own, then what each contradiction between the envelope's
/// records leads to (the verdict on the other reading, a verdict withheld).
pub fn notes(a: &Audit) -> Vec<Msg> {
    let mut notes = a.notes.clone();
    let Some(s) = a.sealer else {
        return notes;
    };
    for c in &a.contradictions {
        match (&c.other_decision, &c.withheld) {
            (Some((d, os)), withheld) => {
                let o = would(d, *os);
                notes.push(Msg::say(
                    Message::new("decision_other_reading")
                        .said("other", &c.other)
                        .said("reason", &reason(d, a))
                        .said("would", &o),
                ));
                if let Some(w) = withheld {
                    let g = would(w, s);
                    notes.push(Msg::say(
                        Message::new("decision_loss_or_win_cannot")
                            .said("governs", &c.governs)
                            .said("reason", &reason(w, a))
                            .said("would", &g),
                    ));
                }
            }
            (None, _) => notes.push(Msg::say(
                Message::new("decision_verdict_would_same").said("other", &c.other),
            )),
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::audit::testing::{judged, with};

    #[test]
    fn each_ground_in_words() {
        let mut a = judged(&with(&[]));
        let d = a.decision.clone().unwrap();
        assert_eq!(
            reason(&d, &a).en,
            "the sealed move 3.Bb5 is legal and the game goes on"
        );
        assert_eq!(
            reason(&d, &a).it,
            "la mossa sigillata 3.Ab5 è legale e la partita continua"
        );
        let flag = |sealer, mate_possible| Decision {
            verdict: Verdict::SealerLoses,
            rule: "6.9",
            exception: None,
            ground: Ground::FlagFell {
                loser: Color::White,
                sealer,
                mate_possible,
            },
        };
        assert_eq!(
            reason(&flag(true, true), &a).en,
            "the flag of White (Rossi) had fallen before the sealed move was completed"
        );
        assert!(reason(&flag(false, true), &a)
            .en
            .ends_with("before the adjournment, when completing the last move"));
        assert_eq!(
            reason(&flag(true, false), &a).en,
            "White's flag had fallen, but Black cannot checkmate White by any series of legal moves"
        );
        a.white = None;
        assert!(reason(&flag(true, true), &a)
            .en
            .starts_with("the flag of White had"));
        let ended = Decision {
            verdict: Verdict::Draw,
            rule: "9.6.1",
            exception: None,
            ground: Ground::AlreadyEnded {
                ending: EndKind::Fivefold,
                ply: None,
                by: None,
            },
        };
        assert_eq!(
            reason(&ended, &a).en,
            "the game had already ended by the fifth occurrence of the same position in the position before the sealed move"
        );
    }

    #[test]
    fn verdicts_in_words() {
        let a = judged(&with(&[("sealed_move", Some("\"Ab6\""))]));
        let d = a.decision.clone().unwrap();
        assert_eq!(
            decision_words(&d, Color::White).en,
            "the sealer loses (I.8.3), 0-1"
        );
        assert_eq!(
            would(&d, Color::Black).it,
            "perderebbe chi ha sigillato, 1-0 (I.8.3)"
        );
        assert_eq!(reason(&d, &a).en, "the sealed move is illegal");
    }
}
