//! The paragraph an arbiter reads aloud to the players at resumption.

use crate::envelope::text::{side_bare, side_key};
use crate::message::Message;
use shakmaty::{Color, Position};

use super::{reason, upper_first, would};
use crate::envelope::{
    audit::{Audit, Verdict},
    moves::{move_label, moves_list},
    schema::Envelope,
    sealed::Reading,
    text::{player, player_cap, player_of, Msg},
};

/// The sealed move as read, in each report's notation: `41...Nxe5` / `41...Cxe5`.
fn sealed_san(a: &Audit) -> Option<Msg> {
    let p = a.before.as_ref()?;
    match &a.sealed.as_ref()?.reading {
        Reading::Legal { mv, .. } => Some(move_label(p, *mv)),
        _ => None,
    }
}

/// The paragraph an arbiter reads aloud to the players.
pub fn paragraph(a: &Audit, env: &Envelope) -> Msg {
    let n = |c: Color| env.name(c);
    let mut parts: Vec<Msg> = Vec::new();
    // The game as the intro names it: `the game A – B` / `della partita A – B`.
    let game = match (&a.white, &a.black) {
        (Some(w), Some(b)) => {
            Msg::say(Message::new("paragraph_game").text("would", w).text("b", b))
        }
        _ => Msg::say(Message::new("paragraph_this_game")),
    };
    let intro = match (a.sealer, &a.before) {
        (Some(s), Some(p)) => {
            let sealer = player(s, n(s));
            Msg::say(
                Message::new("paragraph_intro_sealed")
                    .said("game", &game)
                    .said("sealer", &sealer)
                    .text("number", p.fullmoves()),
            )
        }
        _ => Msg::say(Message::new("paragraph_intro").said("game", &game)),
    };
    parts.push(intro);
    for c in &a.contradictions {
        let listed = Msg::join(&c.differences, ", ");
        parts.push(match c.id {
            "position" => Msg::say(
                Message::new("paragraph_position_recorded_envelope_not").said("listed", &listed),
            ),
            _ => Msg::say(
                Message::new("paragraph_envelope_contradicts_itself").said("listed", &listed),
            ),
        });
    }
    let written = a
        .sealed
        .as_ref()
        .map(|s| s.written.trim().to_string())
        .unwrap_or_default();
    let result = a.result().map_or("", |r| r.as_sheet());
    match (&a.decision, a.sealer) {
        (Some(d), Some(s)) => {
            let o = !s;
            let sealer = player(s, n(s));
            let sealer_cap = player_cap(s, n(s));
            let opp = player(o, n(o));
            let san = sealed_san(a).unwrap_or_default();
            let (san_en, san_it) = (san.en.as_str(), san.it.as_str());
            let sentence = match (d.verdict, d.rule) {
                // The Italian names the side to move without its player.
                (Verdict::Resume, _) => Msg::say(
                    Message::new("paragraph_resume")
                        .text("written", &written)
                        .both("san", san_en, san_it)
                        .word("side", side_key(o))
                        .both("opp", &opp.en, &side_bare(o).it),
                ),
                (Verdict::SealerWins, "5.1.1") if a.after.is_some() => Msg::say(
                    Message::new("paragraph_sealed_move_written_which")
                        .text("written", written)
                        .both("san", san_en, san_it)
                        .said("sealer", &sealer)
                        .text("result", result),
                ),
                (Verdict::Draw, rule) if a.after.is_some() => {
                    let what = ending_clause(rule);
                    Msg::say(
                        Message::new("paragraph_sealed_move_written_game")
                            .text("written", written)
                            .both("san", san_en, san_it)
                            .said("what", &what)
                            .text("result", result)
                            .text("rule", rule),
                    )
                }
                (_, rule) if rule.starts_with("I.8") => {
                    let why = match &a.sealed.as_ref().map(|x| &x.reading) {
                        Some(Reading::Ambiguous { candidates, .. }) => {
                            let p = a.before.as_ref().expect("a reading has its position");
                            let c = moves_list(p, candidates, "list_or");
                            Msg::say(Message::new("paragraph_ambiguous_could").said("moves", &c))
                        }
                        Some(Reading::Unreadable { why, .. }) => Msg::say(
                            Message::new("paragraph_cannot_given_true_meaning").said("why", why),
                        ),
                        Some(Reading::Illegal { why, .. }) => {
                            Msg::say(Message::new("paragraph_illegal").said("why", why))
                        }
                        _ => Msg::default(),
                    };
                    match d.exception {
                        Some(ex) => Msg::say(
                            Message::new("paragraph_defective_drawn")
                                .text("written", written)
                                .said("why", &why)
                                .text("rule", rule)
                                .said("sealer", &sealer)
                                .said("opp", &opp)
                                .word("side", side_key(s))
                                .text("ex", ex)
                                .text("result", result),
                        ),
                        None => Msg::say(
                            Message::new("paragraph_defective_loses")
                                .text("written", written)
                                .said("why", &why)
                                .text("rule", rule)
                                .text("result", result)
                                .both("sealer_cap", &sealer_cap.en, &sealer.it),
                        ),
                    }
                }
                (v, rule) => {
                    let outcome = match v {
                        Verdict::Draw => {
                            Msg::say(Message::new("paragraph_game_drawn").text("result", result))
                        }
                        _ => {
                            let w = a.winner().unwrap_or(s);
                            Msg::say(
                                Message::new("paragraph_wins")
                                    .said("player", &player(w, n(w)))
                                    .text("result", result),
                            )
                        }
                    };
                    let art = if rule.starts_with("I.") || rule.starts_with("III.") {
                        Msg::say(Message::new("paragraph_guideline").text("rule", rule))
                    } else {
                        Msg::say(Message::new("paragraph_article").text("rule", rule))
                    };
                    let void = if a.sealed.is_some() {
                        Msg::say(Message::new("paragraph_sealed_move_not_played"))
                    } else {
                        Msg::default()
                    };
                    Msg::say(
                        Message::new("paragraph_decision")
                            .both(
                                "reading",
                                upper_first(&reason(d, a).en),
                                upper_first(&reason(d, a).it),
                            )
                            .said("outcome", &outcome)
                            .said("art", &art)
                            .said("void", &void),
                    )
                }
            };
            parts.push(sentence);
            if let (Some(x), Verdict::SealerLoses) = (&a.exception_rejected_aloud, d.verdict) {
                parts.push(Msg::say(Message::new("paragraph_sentence").both(
                    "reading",
                    upper_first(&x.en),
                    upper_first(&x.it),
                )));
            }
            for c in &a.contradictions {
                if let Some((o, os)) = &c.other_decision {
                    let w = would(o, *os);
                    parts.push(Msg::say(
                        Message::new("paragraph_that_position_does_not")
                            .both(
                                "reading",
                                upper_first(&c.other.en),
                                upper_first(&c.other.it),
                            )
                            .said("reason", &reason(o, a))
                            .said("would", &w),
                    ));
                }
            }
            if let Some(c) = a.draw_offer {
                parts.push(if d.verdict == Verdict::Resume {
                    Msg::say(
                        Message::new("paragraph_draw_offer_stands_must")
                            .said("player", &player(!c, n(!c)))
                            .both("player2", player(c, n(c)).en, player_of(c, n(c)).it),
                    )
                } else {
                    Msg::say(Message::new("paragraph_standing_draw_offer_lapses"))
                });
            }
        }
        (None, Some(s)) if a.contradictions.iter().any(|c| c.withheld.is_some()) => {
            for c in &a.contradictions {
                let (Some(w), Some((o, os))) = (&c.withheld, &c.other_decision) else {
                    continue;
                };
                let (gw, ow) = (would(w, s), would(o, *os));
                parts.push(Msg::say(
                    Message::new("paragraph_no_result_given_automatically")
                        .said("governs", &c.governs)
                        .said("reason", &reason(w, a))
                        .said("gw", &gw)
                        .said("other", &c.other)
                        .said("reason2", &reason(o, a))
                        .said("ow", &ow),
                ));
            }
        }
        _ => parts.push(Msg::say(Message::new("paragraph_no_verdict_can_given"))),
    }
    if !a.errors.is_empty() {
        let items: Vec<String> = a
            .errors
            .iter()
            .map(|e| format!("`{}`", env.key_name(e.item)))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        parts.push(Msg::say(
            Message::new("paragraph_envelope_not_order_guideline").text("list", items.join(", ")),
        ));
    }
    Msg::join(&parts, " ")
}

/// What the sealed move does, after "is 41.Qe6,": `which leads to stalemate` / `che dà
/// stallo` (the words of Articles 5 and 9.6).
fn ending_clause(rule: &str) -> Msg {
    match rule {
        "5.2.1" => Msg::say(Message::new("paragraph_which_leads_stalemate")),
        "5.2.2" => Msg::say(Message::new("paragraph_which_leads_dead_position")),
        "9.6.1" => Msg::say(Message::new("paragraph_which_brings_same_position")),
        "9.6.2" => Msg::say(Message::new("paragraph_which_completes_seventy_five")),
        _ => Msg::say(Message::new("paragraph_which_ends_game")),
    }
}
