//! The decision on the sealed move, in the order of the Laws (see [`super`]): the game had
//! already ended ([`super::ended`]), a flag had fallen, the sealed move is defective, the
//! sealed move ends the game, or play resumes.

use crate::message::Message;
use shakmaty::{Chess, Color, Move, Position};

use super::{
    ended::{already_ended, can, ending_at},
    establish::Established,
    exception::reject_exception,
    times::Flags,
    Audit, Decision, Defect, Ground, Verdict,
};
use crate::{
    envelope::{
        sealed::Reading,
        text::{side, Msg},
    },
    laws::{dead::CanMate, ending::EndKind, repetition::occurrences},
};

/// Decide on the position established, with `s` the sealer.
pub(super) fn decide(e: &Established, s: Color, flags: Flags, a: &mut Audit) -> Option<Decision> {
    let p = &e.pos;
    // 1. The game had already ended.
    let history: Vec<Chess> = e.history.clone().unwrap_or_else(|| vec![p.clone()]);
    if let Some(d) = already_ended(e, s, &history, a) {
        return Some(d);
    }

    if can(p, Color::White) == CanMate::No && can(p, Color::Black) == CanMate::No {
        a.notes
            .push(Msg::say(Message::new("decide_position_before_sealed_move")));
    }

    // 2. A flag had fallen (Art. 6.9).
    if flags.sealer && flags.opponent {
        if flags.last_period {
            return Some(Decision {
                verdict: Verdict::Draw,
                rule: "III.3.1.2",
                exception: None,
                ground: Ground::BothFlags,
            });
        }
        a.notes
            .push(Msg::say(Message::new("decide_both_flags_had_fallen")));
    } else if flags.sealer || flags.opponent {
        let (loser, winner) = if flags.sealer { (s, !s) } else { (!s, s) };
        let mate = can(p, winner);
        if mate != CanMate::No {
            reject_exception(a, p, winner, &mate);
        }
        let mate_possible = mate != CanMate::No;
        return Some(Decision {
            verdict: if !mate_possible {
                Verdict::Draw
            } else if loser == s {
                Verdict::SealerLoses
            } else {
                Verdict::SealerWins
            },
            rule: "6.9",
            exception: None,
            ground: Ground::FlagFell {
                loser,
                sealer: loser == s,
                mate_possible,
            },
        });
    }

    // 3. and 4. The sealed move.
    let sealed = a.sealed.as_ref()?;
    match &sealed.reading {
        Reading::Legal { mv, .. } => {
            let mv: Move = *mv;
            let mut q = p.clone();
            q.play_unchecked(mv);
            a.after = Some(q.clone());
            let mut h: Vec<&Chess> = history.iter().collect();
            h.push(&q);
            let known = e.history.is_some();
            let end = ending_at(&h, known);
            Some(match end {
                Some(ending) => Decision {
                    verdict: if ending == EndKind::Checkmate {
                        Verdict::SealerWins
                    } else {
                        Verdict::Draw
                    },
                    rule: ending.article(),
                    exception: None,
                    ground: Ground::SealedMoveEnds {
                        ending,
                        before: p.clone(),
                        mv,
                    },
                },
                None => {
                    if known && occurrences(&h) >= 3 {
                        a.notes.push(Msg::say(
                            Message::new("decide_after_sealed_move_same")
                                .both(
                                    "ordinal",
                                    ordinal_en(occurrences(&h)),
                                    ordinal_it(occurrences(&h)),
                                )
                                .said("side", &side(!s)),
                        ));
                    }
                    if q.halfmoves() >= 100 {
                        a.notes.push(Msg::say(
                            Message::new("decide_after_sealed_move_last").said("side", &side(!s)),
                        ));
                    }
                    Decision {
                        verdict: Verdict::Resume,
                        rule: "I.9.1",
                        exception: None,
                        ground: Ground::Resumes {
                            before: p.clone(),
                            mv,
                        },
                    }
                }
            })
        }
        defective => {
            let rule = defective.rule().unwrap_or("I.8");
            let defect = match defective {
                Reading::Ambiguous { .. } => Defect::Ambiguous,
                Reading::Unreadable { .. } => Defect::Unreadable,
                _ => Defect::Illegal,
            };
            let mate = can(p, !s);
            let mate_possible = mate != CanMate::No;
            if mate_possible {
                reject_exception(a, p, !s, &mate);
            }
            Some(Decision {
                verdict: if mate_possible {
                    Verdict::SealerLoses
                } else {
                    Verdict::Draw
                },
                rule,
                exception: (!mate_possible).then_some("6.9"),
                ground: Ground::Defective {
                    defect,
                    sealer: s,
                    mate_possible,
                },
            })
        }
    }
}

fn ordinal_en(n: usize) -> String {
    match n {
        3 => "third".into(),
        4 => "fourth".into(),
        _ => format!("{n}th"),
    }
}

fn ordinal_it(n: usize) -> String {
    match n {
        3 => "terza".into(),
        4 => "quarta".into(),
        _ => format!("{n}ª"),
    }
}

#[cfg(test)]
mod tests {
    use crate::envelope::audit::{
        testing::{judged, with},
        Defect, Ground, Verdict,
    };
    use crate::laws::ending::EndKind;

    fn decided(changes: &[(&str, Option<&str>)]) -> (Verdict, &'static str, Ground) {
        let a = judged(&with(changes));
        let d = a.decision.expect("a decision");
        (d.verdict, d.rule, d.ground)
    }

    #[test]
    fn a_defective_sealed_move_loses() {
        let (v, rule, g) = decided(&[("sealed_move", Some("\"Ab6\""))]);
        assert_eq!((v, rule), (Verdict::SealerLoses, "I.8.3"));
        assert!(matches!(
            g,
            Ground::Defective {
                defect: Defect::Illegal,
                mate_possible: true,
                ..
            }
        ));
        let (v, rule, _) = decided(&[("sealed_move", Some("\"Zz9\""))]);
        assert_eq!(v, Verdict::SealerLoses);
        assert!(rule.starts_with("I.8"), "{rule}");
    }

    #[test]
    fn a_flag_decides_before_the_sealed_move() {
        let (v, rule, g) = decided(&[
            ("time_control", Some("\"40/7200:1800\"")),
            ("white_time", Some("\"2:01:00\"")),
            ("sealed_move", Some("\"Ab6\"")),
        ]);
        assert_eq!((v, rule), (Verdict::SealerLoses, "6.9"));
        assert!(matches!(
            g,
            Ground::FlagFell {
                sealer: true,
                mate_possible: true,
                ..
            }
        ));
    }

    #[test]
    fn a_sealed_move_that_mates_wins() {
        let (v, rule, g) = decided(&[
            ("position", Some("\"after 2\"")),
            (
                "white_scoresheet",
                Some("\"1. e4 e5 2. Ac4 Cc6 3. Df3 Cd4\""),
            ),
            (
                "black_scoresheet",
                Some("\"1. e4 e5 2. Ac4 Cc6 3. Df3 Cd4\""),
            ),
            ("sealed_move_number", Some("4")),
            ("sealed_move", Some("\"Dxf7#\"")),
            ("position", Some("\"after 3\"")),
        ]);
        assert_eq!((v, rule), (Verdict::SealerWins, "5.1.1"));
        assert!(matches!(
            g,
            Ground::SealedMoveEnds {
                ending: EndKind::Checkmate,
                ..
            }
        ));
    }
}
