//! Each scoresheet on its own (I.1.1; notation per Appendix C), and the two against each
//! other (Art. 7.5.1, 7.6: back to where they agree).

use shakmaty::Color;

use crate::envelope::{
    audit::{Audit, Status},
    moves::{fen, move_label},
    scoresheets::{compare, Sheet},
    sealed,
    text::{side, side_cap, Msg, ReportLang},
};
use crate::reason::Reason;

/// One check per scoresheet: how far it replays, and why it stops.
pub(super) fn each(
    sheets: &[Option<Sheet>; 2],
    at: &[Option<usize>; 2],
    wanted: &[Option<usize>; 2],
    sealer: Option<Color>,
    a: &mut Audit,
) {
    for i in 0..2 {
        let owner = if i == 0 { Color::White } else { Color::Black };
        let id = if i == 0 {
            "white_scoresheet"
        } else {
            "black_scoresheet"
        };
        let Some(s) = &sheets[i] else {
            let msg = a
                .errors
                .iter()
                .filter(|e| e.item == id || e.item == format!("{id}_file"))
                .map(|e| e.message.clone())
                .collect::<Vec<_>>();
            a.check(id, "I.1.1", Status::Error, Msg::join(&msg, "; "));
            continue;
        };
        let whose = Msg::new(
            format!("{}'s scoresheet", side_cap(owner).en),
            format!(
                "formulario del {}",
                if owner == Color::White {
                    "Bianco"
                } else {
                    "Nero"
                }
            ),
        );
        let lang = &s.record.lang;
        let target = at[i].or(wanted[i]);
        if s.record.start.is_none() {
            let why = s
                .record
                .findings
                .iter()
                .find(|f| f.severity == crate::finding::Severity::Error)
                .map_or(String::new(), |f| f.message.clone());
            a.check(
                id,
                "I.1.1",
                Status::Error,
                Msg::new(
                    format!("{} cannot be replayed: {why}", whose.en),
                    format!("le mosse del {} non si possono rigiocare: la posizione di partenza non si legge", whose.it),
                ),
            );
            continue;
        }
        // A move error before the adjournment, or anywhere when the scoresheet's place of
        // the adjournment is unknown (it stops before it): the move and why, as `validate`.
        let stops = s.first_error.as_ref().filter(|f| match target {
            Some(k) => (f.ply as usize) <= k,
            None => true,
        });
        match (stops, target) {
            (Some(f), _) => {
                let why = move_error(f);
                a.check(
                    id,
                    "8.1.1",
                    Status::Error,
                    Msg::new(
                        format!("{} cannot be replayed beyond ply {}: {}", whose.en, f.ply - 1, why.en),
                        format!("le mosse del {} non si possono rigiocare oltre la semimossa {}: {}", whose.it, f.ply - 1, why.it),
                    ),
                );
            }
            (_, Some(k)) if k > s.plies() => a.check(
                id,
                "I.1.1",
                Status::Error,
                Msg::new(
                    format!("{} records {} plies and stops before the position of the sealed move (ply {k})", whose.en, s.plies()),
                    format!("il {} registra {} semimosse e si ferma prima della posizione della mossa sigillata (semimossa {k})", whose.it, s.plies()),
                ),
            ),
            (_, Some(k)) => {
                let extra = s.plies().saturating_sub(k);
                let sealer_extra = sealer == Some(owner) && extra == 1;
                let status = if extra > 1 || (extra == 1 && !sealer_extra) {
                    Status::Warning
                } else {
                    Status::Ok
                };
                let tail = if sealer_extra {
                    Msg::new(", then the sealed move", ", poi la mossa sigillata")
                } else if extra > 0 {
                    Msg::new(
                        format!(", and {extra} more ply(s) after the position of the sealed move"),
                        format!(", e altre {extra} semimosse dopo la posizione della mossa sigillata"),
                    )
                } else {
                    Msg::default()
                };
                a.check(
                    id,
                    "I.1.1",
                    status,
                    Msg::new(
                        format!("{} replays to the position before the sealed move ({k} plies, notation `{lang}`){}", whose.en, tail.en),
                        format!("le mosse del {} portano alla posizione prima della mossa sigillata ({k} semimosse, notazione `{lang}`){}", whose.it, tail.it),
                    ),
                );
            }
            (_, None) => a.check(
                id,
                "I.1.1",
                Status::Info,
                Msg::new(
                    format!("{} replays {} plies (notation `{lang}`)", whose.en, s.plies()),
                    format!("le mosse del {} si rigiocano per {} semimosse (notazione `{lang}`)", whose.it, s.plies()),
                ),
            ),
        }
        if s.extra_games {
            a.notes.push(Msg::new(
                format!(
                    "{} file holds more than one game; only the first is read",
                    whose.en
                ),
                format!(
                    "il file del {} contiene più di una partita; si legge solo la prima",
                    whose.it
                ),
            ));
        }
    }
}

/// The two scoresheets against each other (the `agreement` check); the first ply where
/// they differ, when that is before the adjournment.
pub(super) fn agreement(
    sheets: &[Option<Sheet>; 2],
    at: &[Option<usize>; 2],
    wanted: &[Option<usize>; 2],
    recorded: bool,
    a: &mut Audit,
) -> Option<usize> {
    let mut differ_before: Option<usize> = None;
    if let (Some(w), Some(b)) = (&sheets[0], &sheets[1]) {
        let agreement = compare(w, b);
        let horizon = at[0]
            .or(at[1])
            .or(wanted[0])
            .or(wanted[1])
            .unwrap_or(usize::MAX);
        match agreement.first_difference {
            Some(0) => {
                differ_before = Some(0);
                a.check(
                    "agreement",
                    "7.5.1",
                    Status::Error,
                    Msg::new(
                        "the two scoresheets start from different positions",
                        "i due formulari partono da posizioni diverse",
                    ),
                )
            }
            Some(d) if d <= horizon => {
                differ_before = Some(d);
                let p = &w.positions[d - 1];
                let wm = move_label(p, w.record.mainline[d - 1]);
                let bm = move_label(p, b.record.mainline[d - 1]);
                let good: Vec<Color> = [Color::White, Color::Black]
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| at[*i].is_some() && recorded)
                    .map(|(_, c)| c)
                    .collect();
                let which = match good.as_slice() {
                    [c] => Msg::new(
                        format!("; only {}'s reaches the recorded position, so {}'s is wrong from there", side(*c).en, side(!*c).en),
                        format!("; solo quello del {} raggiunge la posizione registrata, quindi quello del {} è errato da lì", if *c == Color::White { "Bianco" } else { "Nero" }, if *c == Color::White { "Nero" } else { "Bianco" }),
                    ),
                    _ => Msg::default(),
                };
                a.check(
                    "agreement",
                    "7.5.1",
                    Status::Error,
                    Msg::new(
                        format!(
                            "the scoresheets disagree from ply {d}: White's has {}, Black's {}; they agree up to ply {} (the last position both establish: {}){}",
                            wm.en,
                            bm.en,
                            d - 1,
                            fen(p),
                            which.en
                        ),
                        format!(
                            "i formulari divergono dalla semimossa {d}: quello del Bianco ha {}, quello del Nero {}; concordano fino alla semimossa {} (l'ultima posizione accertabile da entrambi: {}){}",
                            wm.it,
                            bm.it,
                            d - 1,
                            fen(p),
                            which.it
                        ),
                    ),
                );
            }
            _ => {
                let n = agreement.common.min(horizon);
                // A scoresheet that stops at a move error agrees only as far as it goes.
                let stopped: Vec<Color> = [w, b]
                    .iter()
                    .filter(|s| {
                        s.plies() < horizon
                            && s.first_error
                                .as_ref()
                                .is_some_and(|f| f.ply as usize <= horizon)
                    })
                    .map(|s| s.owner)
                    .collect();
                if stopped.is_empty() {
                    a.check(
                        "agreement",
                        "7.5.1",
                        Status::Ok,
                        Msg::new(
                            format!("the two scoresheets agree move by move ({n} plies)"),
                            format!("i due formulari concordano mossa per mossa ({n} semimosse)"),
                        ),
                    );
                } else {
                    let who = Msg::join(
                        &stopped
                            .iter()
                            .map(|&c| {
                                Msg::new(
                                    format!("{}'s", side(c).en),
                                    format!(
                                        "quello {}",
                                        if c == Color::White {
                                            "del Bianco"
                                        } else {
                                            "del Nero"
                                        }
                                    ),
                                )
                            })
                            .collect::<Vec<_>>(),
                        " / ",
                    );
                    a.check(
                        "agreement",
                        "7.5.1",
                        Status::Warning,
                        Msg::new(
                            format!("the two scoresheets agree move by move only as far as both can be replayed ({n} plies): {} stops there at a move that cannot be played (above)", who.en),
                            format!("i due formulari concordano mossa per mossa solo fin dove entrambi si possono rigiocare ({n} semimosse): {} si ferma lì a una mossa che non si può giocare (sopra)", who.it),
                        ),
                    );
                }
            }
        }
    } else {
        a.check(
            "agreement",
            "7.5.1",
            Status::Skipped,
            Msg::new(
                "only one scoresheet, or none: nothing to compare",
                "un solo formulario, o nessuno: nulla da confrontare",
            ),
        );
    }
    differ_before
}

/// A scoresheet's move error as `validate` reports it: the move as written and why.
fn move_error(f: &crate::finding::Finding) -> Msg {
    use crate::finding::Kind;
    let written = f.move_text.as_deref().unwrap_or("?");
    match f.kind {
        Kind::IllegalMove => {
            let why = f.explanation.as_deref().unwrap_or(&f.message);
            let it = match f.reason.and_then(Reason::illegal) {
                Some(reason) => sealed::illegal_plain(reason, ReportLang::It),
                None => crate::i18n::word(ReportLang::It, "sealed_illegal", "other").to_string(),
            };
            Msg::new(
                format!("`{written}` is illegal: {why}"),
                format!("`{written}` è illegale: {it}"),
            )
        }
        Kind::AmbiguousMove => Msg::new(
            format!("`{written}` is ambiguous: {}", f.message),
            format!("`{written}` è ambigua: corrisponde a più mosse legali"),
        ),
        _ => Msg::new(
            format!("`{written}` cannot be read as a move: {}", f.message),
            format!("`{written}` non si legge come una mossa"),
        ),
    }
}
