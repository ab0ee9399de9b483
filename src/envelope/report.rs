//! The audit as people and programs read it: a text report with a board diagram and a
//! paragraph an arbiter can read aloud (English or Italian), and a JSON object.

use serde_json::{json, Map, Value};
use shakmaty::{Chess, Color, Position, Square};

use super::{
    audit::{Audit, Decision, Verdict},
    moves::{fen, move_label, moves_list},
    schema::{Envelope, Malformed},
    sealed::Reading,
    text::{player, player_cap, player_of, side, side_id, Msg, ReportLang},
};
use crate::{
    notation::languages::english,
    replay::render::{san_in, uci},
};

fn verdict_words(v: Verdict) -> Msg {
    match v {
        Verdict::SealerLoses => Msg::new("the sealer loses", "perde chi ha sigillato"),
        Verdict::Draw => Msg::new("draw", "patta"),
        Verdict::SealerWins => Msg::new("the sealer wins", "vince chi ha sigillato"),
        Verdict::Resume => Msg::new("play resumes", "si riprende il gioco"),
    }
}

/// A verdict on a reading that does not govern, or is withheld: `the sealer would lose,
/// 0-1 (I.8.3)` / `perderebbe chi ha sigillato, 0-1 (I.8.3)`.
fn would(d: &Decision, sealer: Color) -> Msg {
    let r = super::contradictions::result_of(d.verdict, sealer)
        .map(|r| format!(", {}", if r == "1/2-1/2" { "½-½" } else { r }))
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
fn decision_words(d: &Decision, sealer: Color) -> Msg {
    let v = verdict_words(d.verdict);
    let ex = d
        .exception
        .map(|e| Msg::new(format!(", exception {e}"), format!(", eccezione {e}")))
        .unwrap_or_default();
    let r = super::contradictions::result_of(d.verdict, sealer)
        .map(|r| format!(", {}", if r == "1/2-1/2" { "½-½" } else { r }))
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
                    format!("{}, {}: {}", c.other.en, d.reason.en, o.en),
                    format!("{}, {}: {}", c.other.it, d.reason.it, o.it),
                ));
                if let Some(w) = withheld {
                    let g = would(w, s);
                    notes.push(Msg::new(
                        format!("{}, {}: {}; a loss or a win cannot rest on a record the envelope contradicts, so no result is given automatically: the arbiter decides", c.governs.en, w.reason.en, g.en),
                        format!("{}, {}: {}; una sconfitta o una vittoria non può fondarsi su un dato che la busta contraddice, quindi nessun risultato viene dato automaticamente: decide l'arbitro", c.governs.it, w.reason.it, g.it),
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

fn result_words(r: &str) -> &str {
    match r {
        "1/2-1/2" => "½-½",
        other => other,
    }
}

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
    let result = a.result().map(result_words).unwrap_or("");
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
                        format!("{}: {} ({}).{}", upper_first(&d.reason.en), outcome.en, art.en, void.en),
                        format!("{}: {} ({}).{}", upper_first(&d.reason.it), outcome.it, art.it, void.it),
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
                            o.reason.en,
                            w.en
                        ),
                        format!(
                            "{}, {}: {}; ma non è quella che vale.",
                            upper_first(&c.other.it),
                            o.reason.it,
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
                        w.reason.en,
                        gw.en,
                        c.other.en,
                        o.reason.en,
                        ow.en
                    ),
                    format!(
                        "Nessun risultato viene dato automaticamente: {}, {}: {}; {}, {}: {}. Un giocatore non può perdere, né vincere, in base a un dato che la busta contraddice: decide l'arbitro.",
                        c.governs.it,
                        w.reason.it,
                        gw.it,
                        c.other.it,
                        o.reason.it,
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

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A piece's letter on the diagram: FEN's (English) letters in English; in Italian the
/// Italian ones (`R` is the king, `T` the rook), White's in capitals, Black's in lower case.
fn diagram_letter(p: shakmaty::Piece, lang: ReportLang) -> char {
    use shakmaty::Role;
    let c = match lang {
        ReportLang::En => return p.char(),
        ReportLang::It => match p.role {
            Role::King => 'R',
            Role::Queen => 'D',
            Role::Rook => 'T',
            Role::Bishop => 'A',
            Role::Knight => 'C',
            Role::Pawn => 'P',
        },
    };
    if p.color == Color::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// A board diagram: White's pieces in capitals, Black's in lower case; FEN's letters in
/// English, the Italian letters with a legend in Italian.
pub fn diagram(pos: &Chess, lang: ReportLang) -> String {
    let board = pos.board();
    let mut out = String::from("    a b c d e f g h\n");
    for rank in (0..8u32).rev() {
        out.push_str(&format!("  {} ", rank + 1));
        for file in 0..8u32 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            let c = board.piece_at(sq).map_or('.', |p| diagram_letter(p, lang));
            out.push(c);
            out.push(' ');
        }
        out.push_str(&format!("{}\n", rank + 1));
    }
    out.push_str("    a b c d e f g h\n");
    let to_move = match (pos.turn(), lang) {
        (Color::White, ReportLang::En) => "White to move",
        (Color::Black, ReportLang::En) => "Black to move",
        (Color::White, ReportLang::It) => "tratto al Bianco",
        (Color::Black, ReportLang::It) => "tratto al Nero",
    };
    out.push_str(&format!("    {to_move}\n"));
    if lang == ReportLang::It {
        out.push_str(
            "    R Re, D Donna, T Torre, A Alfiere, C Cavallo, P pedone (maiuscole il Bianco, minuscole il Nero)\n",
        );
    }
    out
}

fn wrap(text: &str, width: usize, indent: &str) -> String {
    wrap2(text, width, indent, indent)
}

/// Wrap `text` at `width` columns: the first line after `first`, the others after `rest`.
fn wrap2(text: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    let mut indent = first;
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
            indent = rest;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The text report of one audit.
pub fn text(a: &Audit, lang: ReportLang) -> String {
    let t = |en: &str, it: &str| -> String {
        match lang {
            ReportLang::En => en.to_string(),
            ReportLang::It => it.to_string(),
        }
    };
    let mut out = format!("== {} ==\n", a.file);
    let mut head = match (&a.white, &a.black) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        _ => String::new(),
    };
    if let Some(e) = &a.event {
        if !head.is_empty() {
            head.push_str(" · ");
        }
        head.push_str(e);
    }
    if !head.is_empty() {
        out.push_str(&head);
        out.push('\n');
    }
    out.push_str(&t("Checks:\n", "Controlli:\n"));
    for c in &a.checks {
        let status = match (c.status.id(), lang) {
            (s, ReportLang::En) => s.to_string(),
            ("ok", ReportLang::It) => "ok".into(),
            ("info", ReportLang::It) => "info".into(),
            ("skipped", ReportLang::It) => "saltato".into(),
            ("warning", ReportLang::It) => "avviso".into(),
            (_, ReportLang::It) => "errore".into(),
        };
        let head = format!("  [{status:<7}] {:<9} ", c.article);
        let body = wrap(c.message.get(lang), 88, &" ".repeat(head.chars().count()));
        out.push_str(&head);
        out.push_str(body.trim_start());
    }
    if let Some(p) = &a.before {
        out.push_str(&format!(
            "{} {}\n",
            t(
                "Position before the sealed move:",
                "Posizione prima della mossa sigillata:"
            ),
            fen(p)
        ));
    }
    match &a.decision {
        Some(d) => {
            let mut line = format!(
                "{} {} ({}",
                t("Verdict:", "Verdetto:"),
                verdict_words(d.verdict).get(lang).to_uppercase(),
                d.rule
            );
            if let Some(ex) = d.exception {
                line.push_str(&format!(", {} {ex}", t("exception", "eccezione")));
            }
            line.push(')');
            if let Some(r) = a.result() {
                line.push_str(&format!(" {}", result_words(r)));
            }
            out.push_str(&line);
            out.push('\n');
            out.push_str(&wrap(d.reason.get(lang), 88, "  "));
            if let Some(q) = &a.after {
                if d.verdict == Verdict::Resume {
                    out.push_str(&format!(
                        "{} {}\n",
                        t("Position to resume from:", "Posizione da cui riprendere:"),
                        fen(q)
                    ));
                } else {
                    out.push_str(&format!(
                        "{} {}\n",
                        t("Final position:", "Posizione finale:"),
                        fen(q)
                    ));
                }
                out.push_str(&diagram(q, lang));
            }
        }
        None if a.contradictions.iter().any(|c| c.withheld.is_some()) => {
            out.push_str(&t(
                "Verdict: none given automatically: the arbiter decides\n",
                "Verdetto: nessuno dato automaticamente: decide l'arbitro\n",
            ));
            for c in &a.contradictions {
                let (Some(w), Some((o, os)), Some(s)) = (&c.withheld, &c.other_decision, a.sealer)
                else {
                    continue;
                };
                for (on, d, by) in [(&c.governs, w, s), (&c.other, o, *os)] {
                    let line = format!(
                        "{}: {}",
                        upper_first(on.get(lang)),
                        decision_words(d, by).get(lang)
                    );
                    out.push_str(&wrap2(&line, 88, "  ", "    "));
                }
            }
        }
        None => out.push_str(&t(
            "Verdict: none (see the errors)\n",
            "Verdetto: nessuno (vedi gli errori)\n",
        )),
    }
    let notes = notes(a);
    if !notes.is_empty() {
        out.push_str(&t("Notes:\n", "Note:\n"));
        for n in &notes {
            out.push_str(&wrap2(&format!("- {}", n.get(lang)), 88, "  ", "    "));
        }
    }
    if !a.errors.is_empty() {
        out.push_str(&t("Errors in the envelope:\n", "Errori nella busta:\n"));
        for e in &a.errors {
            let place = e
                .line
                .map(|l| format!("{} {l}, ", t("line", "riga")))
                .unwrap_or_default();
            let art = if e.article.is_empty() {
                String::new()
            } else {
                format!(" ({})", e.article)
            };
            out.push_str(&wrap2(
                &format!(
                    "- {place}`{}`{art}: {}",
                    a.item_name(e.item),
                    e.message.get(lang)
                ),
                88,
                "  ",
                "    ",
            ));
        }
    }
    out.push_str(&t("To be read aloud:\n", "Da leggere ai giocatori:\n"));
    out.push_str(&wrap(a.paragraph.get(lang), 88, "  "));
    out
}

/// The JSON object of one audit.
pub fn json(a: &Audit, lang: ReportLang) -> Value {
    let mut o = Map::new();
    o.insert("file".into(), json!(a.file));
    o.insert("white".into(), json!(a.white));
    o.insert("black".into(), json!(a.black));
    if let Some(e) = &a.event {
        o.insert("event".into(), json!(e));
    }
    o.insert("sealer".into(), json!(a.sealer.map(side_id)));
    let d = a.decision.as_ref();
    o.insert("verdict".into(), json!(d.map(|d| d.verdict.id())));
    o.insert("rule".into(), json!(d.map(|d| d.rule)));
    o.insert("exception".into(), json!(d.and_then(|d| d.exception)));
    o.insert("result".into(), json!(a.result()));
    o.insert("winner".into(), json!(a.winner().map(side_id)));
    o.insert("reason".into(), json!(d.map(|d| d.reason.get(lang))));
    let sealed = a.sealed.as_ref().map(|s| {
        let mut m = Map::new();
        m.insert("written".into(), json!(s.written));
        m.insert("source".into(), json!(a.sealed_source));
        m.insert("reading".into(), json!(s.reading.id()));
        m.insert("rule".into(), json!(s.reading.rule()));
        if let Some((n, black)) = s.number {
            m.insert(
                "written_number".into(),
                json!(format!("{n}{}", if black { "..." } else { "." })),
            );
        }
        if s.draw_offer {
            m.insert("draw_offer".into(), json!(true));
        }
        if let Some(p) = &a.before {
            match &s.reading {
                Reading::Legal { mv, lang: l } => {
                    m.insert("san".into(), json!(san_in(p, *mv, english())));
                    m.insert("san_written_language".into(), json!(san_in(p, *mv, l)));
                    m.insert("uci".into(), json!(uci(*mv, a.mode)));
                    m.insert("language".into(), json!(l.code));
                }
                Reading::Ambiguous {
                    candidates,
                    lang: l,
                } => {
                    m.insert("language".into(), json!(l.code));
                    m.insert(
                        "candidates".into(),
                        json!(candidates
                            .iter()
                            .map(
                                |&c| json!({"san": san_in(p, c, english()), "uci": uci(c, a.mode)})
                            )
                            .collect::<Vec<_>>()),
                    );
                }
                Reading::Unreadable { reason, why } => {
                    m.insert("reason".into(), json!(reason));
                    m.insert("message".into(), json!(why.get(lang)));
                }
                Reading::Illegal {
                    reason,
                    why,
                    lang: l,
                } => {
                    m.insert("language".into(), json!(l.code));
                    m.insert("reason".into(), json!(reason));
                    m.insert("message".into(), json!(why.get(lang)));
                }
            }
        }
        Value::Object(m)
    });
    o.insert("sealed_move".into(), json!(sealed));
    o.insert("position_before".into(), json!(a.before.as_ref().map(fen)));
    o.insert("position_after".into(), json!(a.after.as_ref().map(fen)));
    o.insert(
        "draw_offer".into(),
        json!(a.draw_offer.map(|c| json!({
            "by": side_id(c),
            "answer_by": side_id(!c),
            "lapses": d.is_some_and(|d| d.verdict != Verdict::Resume),
        }))),
    );
    o.insert(
        "checks".into(),
        json!(a
            .checks
            .iter()
            .map(|c| json!({"check": c.id, "article": c.article, "status": c.status.id(), "message": c.message.get(lang)}))
            .collect::<Vec<_>>()),
    );
    o.insert(
        "errors".into(),
        json!(a
            .errors
            .iter()
            .map(|e| json!({"item": e.item, "key": a.item_name(e.item), "article": e.article, "line": e.line, "message": e.message.get(lang)}))
            .collect::<Vec<_>>()),
    );
    o.insert(
        "notes".into(),
        json!(notes(a).iter().map(|n| n.get(lang)).collect::<Vec<_>>()),
    );
    let decision = |d: &Decision, by: shakmaty::Color| {
        json!({
            "verdict": d.verdict.id(),
            "rule": d.rule,
            "exception": d.exception,
            "result": super::contradictions::result_of(d.verdict, by),
            "reason": d.reason.get(lang),
        })
    };
    o.insert(
        "contradictions".into(),
        json!(a
            .contradictions
            .iter()
            .map(|c| json!({
                "item": c.id,
                "differences": c.differences.iter().map(|m| m.get(lang)).collect::<Vec<_>>(),
                "other_verdict": c.other_decision.as_ref().map(|(d, by)| decision(d, *by)),
                "withheld_verdict": c.withheld.as_ref().zip(a.sealer).map(|(d, by)| decision(d, by)),
            }))
            .collect::<Vec<_>>()),
    );
    o.insert(
        "exception_rejected".into(),
        json!(a.exception_rejected.as_ref().map(|m| m.get(lang))),
    );
    o.insert("paragraph".into(), json!(a.paragraph.get(lang)));
    Value::Object(o)
}

/// The JSON object of an envelope that cannot be read.
pub fn json_malformed(file: &str, m: &Malformed, lang: ReportLang) -> Value {
    let message = match lang {
        ReportLang::En => &m.message,
        ReportLang::It => &m.message_it,
    };
    json!({
        "file": file,
        "verdict": null,
        "rule": null,
        "errors": [{"item": m.item, "line": m.line, "message": message}],
    })
}

/// The text report of an envelope that cannot be read.
pub fn text_malformed(file: &str, m: &Malformed, lang: ReportLang) -> String {
    let place = m.line.map(|l| format!(":{l}")).unwrap_or_default();
    let (what, message) = match lang {
        ReportLang::En => ("the envelope cannot be read", &m.message),
        ReportLang::It => ("la busta non si può leggere", &m.message_it),
    };
    format!("== {file} ==\n{file}{place}: {what}: {message}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_of_the_start() {
        let d = diagram(&Chess::default(), ReportLang::En);
        assert!(d.contains("  8 r n b q k b n r 8"));
        assert!(d.contains("  1 R N B Q K B N R 1"));
        assert!(d.ends_with("White to move\n"));
    }

    #[test]
    fn italian_diagram_letters() {
        let d = diagram(&Chess::default(), ReportLang::It);
        assert!(d.contains("  8 t c a d r a c t 8"), "{d}");
        assert!(d.contains("  1 T C A D R A C T 1"), "{d}");
        assert!(d.contains("R Re, D Donna, T Torre"));
    }

    #[test]
    fn wrapping() {
        let w = wrap("aaa bbb ccc", 7, "  ");
        assert_eq!(w, "  aaa bbb\n  ccc\n");
    }
}
