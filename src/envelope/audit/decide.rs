//! The decision on the sealed move, in the order of the Laws (see [`super`]): the game had
//! already ended ([`super::ended`]), a flag had fallen, the sealed move is defective, the
//! sealed move ends the game, or play resumes.

use shakmaty::{Chess, Color, Move, Position};

use super::{
    ended::{already_ended, can, ending_at, occurrences, Ending},
    establish::Established,
    exception::reject_exception,
    times::Flags,
    Audit, Decision, Verdict,
};
use crate::{
    envelope::{
        moves::move_label,
        schema::Envelope,
        sealed::Reading,
        text::{player, player_of, side, side_cap, Msg},
    },
    laws::dead::CanMate,
};

/// Decide on the position established, with `s` the sealer.
pub(super) fn decide(
    e: &Established,
    s: Color,
    flags: Flags,
    env: &Envelope,
    a: &mut Audit,
) -> Option<Decision> {
    let p = &e.pos;
    let n = |c: Color| env.name(c);
    // 1. The game had already ended.
    let history: Vec<Chess> = e.history.clone().unwrap_or_else(|| vec![p.clone()]);
    if let Some(d) = already_ended(e, s, &history, a) {
        return Some(d);
    }

    if can(p, Color::White) == CanMate::No && can(p, Color::Black) == CanMate::No {
        a.notes.push(Msg::new(
            "the position before the sealed move was already dead by force: every series of legal moves from it ends without checkmate (Art. 5.2.2)",
            "la posizione prima della mossa sigillata era già morta per forza: ogni serie di mosse legali che ne parte finisce senza scaccomatto (Art. 5.2.2)",
        ));
    }

    // 2. A flag had fallen (Art. 6.9).
    if flags.sealer && flags.opponent {
        if flags.last_period {
            return Some(Decision {
                verdict: Verdict::Draw,
                rule: "III.3.1.2",
                exception: None,
                reason: Msg::new(
                    "both flags had fallen in the last period and which fell first cannot be established",
                    "entrambe le bandierine erano cadute nell'ultimo periodo e non si può stabilire quale sia caduta per prima",
                ),
            });
        }
        a.notes.push(Msg::new(
            "both flags had fallen before the end of a period and which fell first cannot be established: play goes on (III.3.1.1)",
            "entrambe le bandierine erano cadute prima della fine di un periodo e non si può stabilire quale per prima: il gioco continua (III.3.1.1)",
        ));
    } else if flags.sealer || flags.opponent {
        let (loser, winner) = if flags.sealer { (s, !s) } else { (!s, s) };
        let mate = can(p, winner);
        if mate != CanMate::No {
            reject_exception(a, p, winner, &mate);
        }
        return Some(if mate == CanMate::No {
            Decision {
                verdict: Verdict::Draw,
                rule: "6.9",
                exception: None,
                reason: Msg::new(
                    format!(
                        "{}'s flag had fallen, but {} cannot checkmate {} by any series of legal moves",
                        side_cap(loser).en,
                        side(winner).en,
                        side(loser).en
                    ),
                    format!(
                        "la bandierina del {} era caduta, ma {} non può dare scaccomatto al {} con alcuna serie di mosse legali",
                        if loser == Color::White { "Bianco" } else { "Nero" },
                        side(winner).it,
                        if loser == Color::White { "Bianco" } else { "Nero" }
                    ),
                ),
            }
        } else {
            Decision {
                verdict: if loser == s {
                    Verdict::SealerLoses
                } else {
                    Verdict::SealerWins
                },
                rule: "6.9",
                exception: None,
                reason: if loser == s {
                    Msg::new(
                        format!(
                            "the flag of {} had fallen before the sealed move was completed",
                            player(loser, n(loser)).en
                        ),
                        format!(
                            "la bandierina {} era caduta prima che la mossa sigillata fosse completata",
                            player_of(loser, n(loser)).it
                        ),
                    )
                } else {
                    Msg::new(
                        format!(
                            "the flag of {} had fallen before the adjournment, when completing the last move",
                            player(loser, n(loser)).en
                        ),
                        format!(
                            "la bandierina {} era caduta prima dell'aggiornamento, completando l'ultima mossa",
                            player_of(loser, n(loser)).it
                        ),
                    )
                },
            }
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
            let mut h = history.clone();
            h.push(q.clone());
            let known = e.history.is_some();
            let end = ending_at(&h, known);
            let san = move_label(p, mv);
            Some(match end {
                Some(Ending::Checkmate) => Decision {
                    verdict: Verdict::SealerWins,
                    rule: "5.1.1",
                    exception: None,
                    reason: Msg::new(
                        format!("the sealed move {} is checkmate", san.en),
                        format!("la mossa sigillata {} dà scaccomatto", san.it),
                    ),
                },
                Some(x) => {
                    let w = x.words();
                    let it = match x {
                        Ending::Stalemate => format!("la mossa sigillata {} dà stallo", san.it),
                        Ending::Fivefold => format!(
                            "con la mossa sigillata {} la stessa posizione è apparsa per la quinta volta",
                            san.it
                        ),
                        Ending::SeventyFive => format!(
                            "con la mossa sigillata {} si completano settantacinque mosse per parte senza spinte di pedone né catture",
                            san.it
                        ),
                        _ => format!("la mossa sigillata {} porta a {}", san.it, w.it),
                    };
                    Decision {
                        verdict: Verdict::Draw,
                        rule: x.article(),
                        exception: None,
                        reason: Msg::new(
                            format!("the sealed move {} leads to {}", san.en, w.en),
                            it,
                        ),
                    }
                }
                None => {
                    if known && occurrences(&h) >= 3 {
                        a.notes.push(Msg::new(
                            format!("after the sealed move the same position stands for the {} time: {} may claim a draw (9.2.1.2)", ordinal_en(occurrences(&h)), side(!s).en),
                            format!("dopo la mossa sigillata la stessa posizione si presenta per la {} volta: {} può richiedere la patta (9.2.1.2)", ordinal_it(occurrences(&h)), side(!s).it),
                        ));
                    }
                    if q.halfmoves() >= 100 {
                        a.notes.push(Msg::new(
                            format!("after the sealed move the last fifty moves of each player had no pawn move and no capture: {} may claim a draw (9.3.2)", side(!s).en),
                            format!("dopo la mossa sigillata le ultime cinquanta mosse di ciascun giocatore sono senza spinte di pedone né catture: {} può richiedere la patta (9.3.2)", side(!s).it),
                        ));
                    }
                    Decision {
                        verdict: Verdict::Resume,
                        rule: "I.9.1",
                        exception: None,
                        reason: Msg::new(
                            format!("the sealed move {} is legal and the game goes on", san.en),
                            format!(
                                "la mossa sigillata {} è legale e la partita continua",
                                san.it
                            ),
                        ),
                    }
                }
            })
        }
        defective => {
            let rule = defective.rule().unwrap_or("I.8");
            let what = match defective {
                Reading::Ambiguous { .. } => Msg::new("ambiguous", "ambigua"),
                Reading::Unreadable { .. } => Msg::new(
                    "written so that its true meaning cannot be established",
                    "scritta in modo che non se ne può stabilire il vero significato",
                ),
                _ => Msg::new("illegal", "illegale"),
            };
            let mate = can(p, !s);
            if mate == CanMate::No {
                Some(Decision {
                    verdict: Verdict::Draw,
                    rule,
                    exception: Some("6.9"),
                    reason: Msg::new(
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
                            if s == Color::White { "Bianco" } else { "Nero" }
                        ),
                    ),
                })
            } else {
                reject_exception(a, p, !s, &mate);
                Some(Decision {
                    verdict: Verdict::SealerLoses,
                    rule,
                    exception: None,
                    reason: Msg::new(
                        format!("the sealed move is {}", what.en),
                        format!("la mossa sigillata è {}", what.it),
                    ),
                })
            }
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
