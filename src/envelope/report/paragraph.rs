//! The paragraph an arbiter reads aloud to the players at resumption.

use shakmaty::{Color, Position};

use super::{reason, upper_first, would};
use crate::envelope::{
    audit::{Audit, Verdict},
    moves::{move_label, moves_list},
    schema::Envelope,
    sealed::Reading,
    text::{player, player_cap, player_of, side, Msg},
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
    let game = match (&a.white, &a.black) {
        (Some(w), Some(b)) => Msg::new(
            format!("the game {w} – {b}"),
            format!("la partita {w} – {b}"),
        ),
        _ => Msg::new("this game", "questa partita"),
    };
    let intro = match (a.sealer, &a.before) {
        (Some(s), Some(p)) => Msg::new(
            format!(
                "This is the envelope of {}, adjourned with {} to seal move {}.",
                game.en,
                player(s, n(s)).en,
                p.fullmoves()
            ),
            format!(
                "Questa è la busta del{} {}, aggiornata con {} a sigillare la mossa {}.",
                if game.it.starts_with("la ") { "la" } else { "" },
                game.it.trim_start_matches("la "),
                player(s, n(s)).it,
                p.fullmoves()
            ),
        ),
        _ => Msg::new(
            format!("This is the envelope of {}.", game.en),
            format!(
                "Questa è la busta del{} {}.",
                if game.it.starts_with("la ") { "la" } else { "" },
                game.it.trim_start_matches("la ")
            ),
        ),
    };
    parts.push(intro);
    for c in &a.contradictions {
        let listed = Msg::join(&c.differences, ", ");
        parts.push(match c.id {
            "position" => Msg::new(
                format!(
                    "The position recorded on the envelope is not the one of the game as both scoresheets record it ({}); the position of the game actually played is set up and the sealed move is judged in it (Guidelines I.3 and I.5, Article 7.6).",
                    listed.en
                ),
                format!(
                    "La posizione registrata sulla busta non è quella della partita come la riportano entrambi i formulari ({}); si dispone sulla scacchiera la posizione della partita effettivamente giocata e la mossa sigillata si giudica in essa (Linee guida I.3 e I.5, Articolo 7.6).",
                    listed.it
                ),
            ),
            _ => Msg::new(
                format!("The envelope contradicts itself: {}.", listed.en),
                format!("La busta si contraddice: {}.", listed.it),
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
                (Verdict::Resume, _) => Msg::new(
                    format!(
                        "The sealed move, written `{written}`, is {san_en}, a legal move. It is now made on the board and {}'s clock is started (Guideline I.9.1); play resumes with {} to move.",
                        side(o).en,
                        opp.en
                    ),
                    format!(
                        "La mossa sigillata, scritta `{written}`, è {san_it}, una mossa legale. Viene ora eseguita sulla scacchiera e si avvia l'orologio del {} (Linee guida I.9.1); il gioco riprende con il tratto al {}.",
                        if o == Color::White { "Bianco" } else { "Nero" },
                        if o == Color::White { "Bianco" } else { "Nero" }
                    ),
                ),
                (Verdict::SealerWins, "5.1.1") if a.after.is_some() => Msg::new(
                    format!(
                        "The sealed move, written `{written}`, is {san_en}, which is checkmate: {} wins, {result} (Article 5.1.1). This result stands even if a player is late (Guideline I.10).",
                        sealer.en
                    ),
                    format!(
                        "La mossa sigillata, scritta `{written}`, è {san_it}, che dà scaccomatto: vince {}, {result} (Articolo 5.1.1). Il risultato resta valido anche se uno dei giocatori arriva in ritardo (Linee guida I.10).",
                        sealer.it
                    ),
                ),
                (Verdict::Draw, rule) if a.after.is_some() => {
                    let what = ending_clause(rule);
                    Msg::new(
                        format!(
                            "The sealed move, written `{written}`, is {san_en}, {}. The game is drawn, {result} (Article {rule}); this result stands even if a player is late (Guideline I.10).",
                            what.en
                        ),
                        format!(
                            "La mossa sigillata, scritta `{written}`, è {san_it}, {}. La partita è patta, {result} (Articolo {rule}); il risultato resta valido anche se uno dei giocatori arriva in ritardo (Linee guida I.10).",
                            what.it
                        ),
                    )
                }
                (_, rule) if rule.starts_with("I.8") => {
                    let why = match &a.sealed.as_ref().map(|x| &x.reading) {
                        Some(Reading::Ambiguous { candidates, .. }) => {
                            let p = a.before.as_ref().expect("a reading has its position");
                            let c = moves_list(p, candidates, " or ", " oppure ");
                            Msg::new(
                                format!("is ambiguous: it could be {}", c.en),
                                format!("è ambigua: potrebbe essere {}", c.it),
                            )
                        }
                        Some(Reading::Unreadable { why, .. }) => Msg::new(
                            format!("cannot be given a true meaning: {}", why.en),
                            format!("non ha un significato che si possa stabilire: {}", why.it),
                        ),
                        Some(Reading::Illegal { why, .. }) => Msg::new(
                            format!("is illegal: {}", why.en),
                            format!("è illegale: {}", why.it),
                        ),
                        _ => Msg::default(),
                    };
                    match d.exception {
                        Some(ex) => Msg::new(
                            format!(
                                "The sealed move, written `{written}`, {}. Under Guideline {rule} {} would lose the game, but {} cannot checkmate {} by any series of legal moves (Article {ex}): the game is drawn, {result}.",
                                why.en, sealer.en, opp.en, side(s).en
                            ),
                            format!(
                                "La mossa sigillata, scritta `{written}`, {}. Secondo le Linee guida {rule} {} perderebbe la partita, ma {} non può dare scaccomatto al {} con alcuna serie di mosse legali (Articolo {ex}): la partita è patta, {result}.",
                                why.it, sealer.it, opp.it, if s == Color::White { "Bianco" } else { "Nero" }
                            ),
                        ),
                        None => Msg::new(
                            format!(
                                "The sealed move, written `{written}`, {}. Under Guideline {rule} {} loses the game: {result}.",
                                why.en, sealer_cap.en
                            ),
                            format!(
                                "La mossa sigillata, scritta `{written}`, {}. Secondo le Linee guida {rule} {} perde la partita: {result}.",
                                why.it, sealer.it
                            ),
                        ),
                    }
                }
                (v, rule) => {
                    let outcome = match v {
                        Verdict::Draw => Msg::new(format!("the game is drawn, {result}"), format!("la partita è patta, {result}")),
                        _ => {
                            let w = a.winner().unwrap_or(s);
                            Msg::new(
                                format!("{} wins, {result}", player(w, n(w)).en),
                                format!("vince {}, {result}", player(w, n(w)).it),
                            )
                        }
                    };
                    let art = if rule.starts_with("I.") || rule.starts_with("III.") {
                        Msg::new(format!("Guideline {rule}"), format!("Linee guida {rule}"))
                    } else {
                        Msg::new(format!("Article {rule}"), format!("Articolo {rule}"))
                    };
                    let void = if a.sealed.is_some() {
                        Msg::new(" The sealed move is not played.", " La mossa sigillata non viene giocata.")
                    } else {
                        Msg::default()
                    };
                    Msg::new(
                        format!("{}: {} ({}).{}", upper_first(&reason(d, a).en), outcome.en, art.en, void.en),
                        format!("{}: {} ({}).{}", upper_first(&reason(d, a).it), outcome.it, art.it, void.it),
                    )
                }
            };
            parts.push(sentence);
            if let (Some(x), Verdict::SealerLoses) = (&a.exception_rejected_aloud, d.verdict) {
                parts.push(Msg::new(
                    format!("{}.", upper_first(&x.en)),
                    format!("{}.", upper_first(&x.it)),
                ));
            }
            for c in &a.contradictions {
                if let Some((o, os)) = &c.other_decision {
                    let w = would(o, *os);
                    parts.push(Msg::new(
                        format!(
                            "{}, {}: {}; that position does not govern.",
                            upper_first(&c.other.en),
                            reason(o, a).en,
                            w.en
                        ),
                        format!(
                            "{}, {}: {}; ma non è quella che vale.",
                            upper_first(&c.other.it),
                            reason(o, a).it,
                            w.it
                        ),
                    ));
                }
            }
            if let Some(c) = a.draw_offer {
                parts.push(if d.verdict == Verdict::Resume {
                    Msg::new(
                        format!("A draw offer by {} stands: {} must answer it.", player(c, n(c)).en, player(!c, n(!c)).en),
                        format!("È in vigore un'offerta di patta {}: deve rispondere {}.", player_of(c, n(c)).it, player(!c, n(!c)).it),
                    )
                } else {
                    Msg::new(
                        "The standing draw offer lapses, since the game has ended.",
                        "L'offerta di patta in vigore decade, poiché la partita è terminata.",
                    )
                });
            }
        }
        (None, Some(s)) if a.contradictions.iter().any(|c| c.withheld.is_some()) => {
            for c in &a.contradictions {
                let (Some(w), Some((o, os))) = (&c.withheld, &c.other_decision) else {
                    continue;
                };
                let (gw, ow) = (would(w, s), would(o, *os));
                parts.push(Msg::new(
                    format!(
                        "No result is given automatically: {}, {}: {}; {}, {}: {}. A player cannot lose, nor win, on a record the envelope contradicts: the arbiter decides.",
                        c.governs.en,
                        reason(w, a).en,
                        gw.en,
                        c.other.en,
                        reason(o, a).en,
                        ow.en
                    ),
                    format!(
                        "Nessun risultato viene dato automaticamente: {}, {}: {}; {}, {}: {}. Un giocatore non può perdere, né vincere, in base a un dato che la busta contraddice: decide l'arbitro.",
                        c.governs.it,
                        reason(w, a).it,
                        gw.it,
                        c.other.it,
                        reason(o, a).it,
                        ow.it
                    ),
                ));
            }
        }
        _ => parts.push(Msg::new(
            "No verdict can be given from this envelope: the position before the sealed move, the sealer or the sealed move is not established.",
            "Da questa busta non si può dare un verdetto: la posizione prima della mossa sigillata, chi ha sigillato o la mossa sigillata non sono stabiliti.",
        )),
    }
    if !a.errors.is_empty() {
        let items: Vec<String> = a
            .errors
            .iter()
            .map(|e| format!("`{}`", env.key_name(e.item)))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        parts.push(Msg::new(
            format!(
                "The envelope is not in order (Guideline I.3): {} missing or unreadable.",
                items.join(", ")
            ),
            format!(
                "La busta non è in ordine (Linee guida I.3): {} mancante o illeggibile.",
                items.join(", ")
            ),
        ));
    }
    Msg::join(&parts, " ")
}

/// What the sealed move does, after "is 41.Qe6,": `which leads to stalemate` / `che dà
/// stallo` (the words of Articles 5 and 9.6).
fn ending_clause(rule: &str) -> Msg {
    match rule {
        "5.2.1" => Msg::new("which leads to stalemate", "che dà stallo"),
        "5.2.2" => Msg::new(
            "which leads to a dead position, in which neither player can checkmate by any series of legal moves",
            "che porta a una posizione morta, in cui nessuno dei due giocatori può dare scaccomatto con alcuna serie di mosse legali",
        ),
        "9.6.1" => Msg::new(
            "which brings the same position for the fifth time",
            "con cui la stessa posizione è apparsa per la quinta volta",
        ),
        "9.6.2" => Msg::new(
            "which completes seventy-five moves by each player without a pawn move or a capture",
            "con cui si completano settantacinque mosse per parte senza spinte di pedone né catture",
        ),
        _ => Msg::new("which ends the game", "che termina la partita"),
    }
}
