//! A decision in words: why it was taken (from its [`Ground`]), what it would be on a
//! reading that does not govern, and the notes on records that contradict each other.

use shakmaty::Color;

use crate::envelope::{
    audit::{Audit, Decision, Defect, Ground, Verdict},
    moves::move_label,
    text::{ending_words, player, player_of, side, side_cap, when_ended, Msg},
};
use crate::laws::ending::EndKind;

/// One sentence: why the decision was taken, in the names of the audit's players.
pub fn reason(d: &Decision, a: &Audit) -> Msg {
    let n = |c: Color| match c {
        Color::White => a.white.as_deref(),
        Color::Black => a.black.as_deref(),
    };
    let bianco_nero = |c: Color| if c == Color::White { "Bianco" } else { "Nero" };
    match &d.ground {
        Ground::AlreadyEnded { ending, ply, by } => {
            let words = ending_words(*ending);
            let when = when_ended(*ply, by.as_ref());
            Msg::new(
                format!("the game had already ended by {} {}", words.en, when.en),
                format!("la partita era già terminata per {} {}", words.it, when.it),
            )
        }
        Ground::BothFlags => Msg::new(
            "both flags had fallen in the last period and which fell first cannot be established",
            "entrambe le bandierine erano cadute nell'ultimo periodo e non si può stabilire quale sia caduta per prima",
        ),
        Ground::FlagFell {
            loser,
            mate_possible: false,
            ..
        } => {
            let (loser, winner) = (*loser, !*loser);
            Msg::new(
                format!(
                    "{}'s flag had fallen, but {} cannot checkmate {} by any series of legal moves",
                    side_cap(loser).en,
                    side(winner).en,
                    side(loser).en
                ),
                format!(
                    "la bandierina del {} era caduta, ma {} non può dare scaccomatto al {} con alcuna serie di mosse legali",
                    bianco_nero(loser),
                    side(winner).it,
                    bianco_nero(loser)
                ),
            )
        }
        Ground::FlagFell {
            loser,
            sealer: true,
            ..
        } => Msg::new(
            format!(
                "the flag of {} had fallen before the sealed move was completed",
                player(*loser, n(*loser)).en
            ),
            format!(
                "la bandierina {} era caduta prima che la mossa sigillata fosse completata",
                player_of(*loser, n(*loser)).it
            ),
        ),
        Ground::FlagFell { loser, .. } => Msg::new(
            format!(
                "the flag of {} had fallen before the adjournment, when completing the last move",
                player(*loser, n(*loser)).en
            ),
            format!(
                "la bandierina {} era caduta prima dell'aggiornamento, completando l'ultima mossa",
                player_of(*loser, n(*loser)).it
            ),
        ),
        Ground::SealedMoveEnds { ending, before, mv } => {
            let san = move_label(before, *mv);
            let w = ending_words(*ending);
            match ending {
                EndKind::Checkmate => Msg::new(
                    format!("the sealed move {} is checkmate", san.en),
                    format!("la mossa sigillata {} dà scaccomatto", san.it),
                ),
                EndKind::Stalemate => Msg::new(
                    format!("the sealed move {} leads to {}", san.en, w.en),
                    format!("la mossa sigillata {} dà stallo", san.it),
                ),
                EndKind::Fivefold => Msg::new(
                    format!("the sealed move {} leads to {}", san.en, w.en),
                    format!(
                        "con la mossa sigillata {} la stessa posizione è apparsa per la quinta volta",
                        san.it
                    ),
                ),
                EndKind::SeventyFiveMoves => Msg::new(
                    format!("the sealed move {} leads to {}", san.en, w.en),
                    format!(
                        "con la mossa sigillata {} si completano settantacinque mosse per parte senza spinte di pedone né catture",
                        san.it
                    ),
                ),
                EndKind::DeadPosition => Msg::new(
                    format!("the sealed move {} leads to {}", san.en, w.en),
                    format!("la mossa sigillata {} porta a {}", san.it, w.it),
                ),
            }
        }
        Ground::Resumes { before, mv } => {
            let san = move_label(before, *mv);
            Msg::new(
                format!("the sealed move {} is legal and the game goes on", san.en),
                format!("la mossa sigillata {} è legale e la partita continua", san.it),
            )
        }
        Ground::Defective {
            defect,
            sealer,
            mate_possible,
        } => {
            let what = match defect {
                Defect::Ambiguous => Msg::new("ambiguous", "ambigua"),
                Defect::Unreadable => Msg::new(
                    "written so that its true meaning cannot be established",
                    "scritta in modo che non se ne può stabilire il vero significato",
                ),
                Defect::Illegal => Msg::new("illegal", "illegale"),
            };
            let s = *sealer;
            if *mate_possible {
                Msg::new(
                    format!("the sealed move is {}", what.en),
                    format!("la mossa sigillata è {}", what.it),
                )
            } else {
                Msg::new(
                    format!(
                        "the sealed move is {}, but {} cannot checkmate {} by any series of legal moves",
                        what.en,
                        side(!s).en,
                        side(s).en
                    ),
                    format!(
                        "la mossa sigillata è {}, ma {} non può dare scaccomatto al {} con alcuna serie di mosse legali",
                        what.it,
                        side(!s).it,
                        bianco_nero(s)
                    ),
                )
            }
        }
    }
}

pub(super) fn verdict_words(v: Verdict) -> Msg {
    match v {
        Verdict::SealerLoses => Msg::new("the sealer loses", "perde chi ha sigillato"),
        Verdict::Draw => Msg::new("draw", "patta"),
        Verdict::SealerWins => Msg::new("the sealer wins", "vince chi ha sigillato"),
        Verdict::Resume => Msg::new("play resumes", "si riprende il gioco"),
    }
}

/// A verdict on a reading that does not govern, or is withheld: `the sealer would lose,
/// 0-1 (I.8.3)` / `perderebbe chi ha sigillato, 0-1 (I.8.3)`.
pub(super) fn would(d: &Decision, sealer: Color) -> Msg {
    let r = crate::envelope::contradictions::result_of(d.verdict, sealer)
        .map(|r| format!(", {}", r.as_sheet()))
        .unwrap_or_default();
    let ex = d
        .exception
        .map(|e| Msg::new(format!(", exception {e}"), format!(", eccezione {e}")))
        .unwrap_or_default();
    let (en, it) = match d.verdict {
        Verdict::SealerLoses => ("the sealer would lose", "perderebbe chi ha sigillato"),
        Verdict::SealerWins => ("the sealer would win", "vincerebbe chi ha sigillato"),
        Verdict::Draw => ("the game would be drawn", "la partita sarebbe patta"),
        Verdict::Resume => ("play would resume", "il gioco riprenderebbe"),
    };
    Msg::new(
        format!("{en}{r} ({}{})", d.rule, ex.en),
        format!("{it}{r} ({}{})", d.rule, ex.it),
    )
}

/// `the sealer loses (I.8.3), 0-1` / `perde chi ha sigillato (I.8.3), 0-1`.
pub(super) fn decision_words(d: &Decision, sealer: Color) -> Msg {
    let v = verdict_words(d.verdict);
    let ex = d
        .exception
        .map(|e| Msg::new(format!(", exception {e}"), format!(", eccezione {e}")))
        .unwrap_or_default();
    let r = crate::envelope::contradictions::result_of(d.verdict, sealer)
        .map(|r| format!(", {}", r.as_sheet()))
        .unwrap_or_default();
    Msg::new(
        format!("{} ({}{}){r}", v.en, d.rule, ex.en),
        format!("{} ({}{}){r}", v.it, d.rule, ex.it),
    )
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
                notes.push(Msg::new(
                    format!("{}, {}: {}", c.other.en, reason(d, a).en, o.en),
                    format!("{}, {}: {}", c.other.it, reason(d, a).it, o.it),
                ));
                if let Some(w) = withheld {
                    let g = would(w, s);
                    notes.push(Msg::new(
                        format!("{}, {}: {}; a loss or a win cannot rest on a record the envelope contradicts, so no result is given automatically: the arbiter decides", c.governs.en, reason(w, a).en, g.en),
                        format!("{}, {}: {}; una sconfitta o una vittoria non può fondarsi su un dato che la busta contraddice, quindi nessun risultato viene dato automaticamente: decide l'arbitro", c.governs.it, reason(w, a).it, g.it),
                    ));
                }
            }
            (None, _) => notes.push(Msg::new(
                format!("{} the verdict would be the same", c.other.en),
                format!("{} il verdetto sarebbe lo stesso", c.other.it),
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
