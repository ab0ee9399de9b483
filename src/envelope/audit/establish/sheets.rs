//! Each scoresheet on its own (I.1.1; notation per Appendix C), and the two against each
//! other (Art. 7.5.1, 7.6: back to where they agree).

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::Color;

use crate::envelope::{
    audit::{Audit, Status},
    moves::{fen, move_label},
    scoresheets::{compare, Sheet},
    sealed,
    text::{Msg, ReportLang},
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
        let whose = Msg::say(Message::new("sheets_whose").word("side_cap", side_key(owner)));
        let lang = &s.record.lang;
        let target = at[i].or(wanted[i]);
        if s.record.start.is_none() {
            let why = s
                .record
                .findings
                .iter()
                .find(|f| f.severity == crate::finding::Severity::Error);
            a.check(
                id,
                "I.1.1",
                Status::Error,
                Msg::say(
                    Message::new("sheets_cannot_be_replayed")
                        .said("whose", &whose)
                        .msg_of("why", why),
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
                    Msg::say(
                        Message::new("sheets_cannot_replayed_beyond_ply")
                            .said("whose", &whose)
                            .text("ply", f.ply - 1)
                            .said("why", &why),
                    ),
                );
            }
            (_, Some(k)) if k > s.plies() => a.check(
                id,
                "I.1.1",
                Status::Error,
                Msg::say(
                    Message::new("sheets_records_plies_stops_before")
                        .said("whose", &whose)
                        .text("plies", s.plies())
                        .text("k", k),
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
                    Msg::say(Message::new("sheets_then_sealed_move"))
                } else if extra > 0 {
                    Msg::say(Message::new("sheets_more_plies_after").text("extra", extra))
                } else {
                    Msg::default()
                };
                a.check(
                    id,
                    "I.1.1",
                    status,
                    Msg::say(
                        Message::new("sheets_replays_position_before_sealed")
                            .said("whose", &whose)
                            .text("k", k)
                            .text("lang", lang)
                            .said("tail", &tail),
                    ),
                );
            }
            (_, None) => a.check(
                id,
                "I.1.1",
                Status::Info,
                Msg::say(
                    Message::new("sheets_replays_plies_notation")
                        .said("whose", &whose)
                        .text("plies", s.plies())
                        .text("lang", lang),
                ),
            ),
        }
        if s.extra_games {
            a.notes.push(Msg::say(
                Message::new("sheets_file_holds_more_than").said("whose", &whose),
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
                    Msg::say(Message::new("sheets_two_scoresheets_start_from")),
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
                    [c] => Msg::say(
                        Message::new("sheets_only_one_reaches")
                            .word("side", side_key(*c))
                            .word("side2", side_key(!*c)),
                    ),
                    _ => Msg::default(),
                };
                a.check(
                    "agreement",
                    "7.5.1",
                    Status::Error,
                    Msg::say(
                        Message::new("sheets_scoresheets_disagree_from_ply")
                            .text("ply", d)
                            .said("wm", &wm)
                            .said("bm", &bm)
                            .text("agreed", d - 1)
                            .text("fen", fen(p))
                            .said("which", &which),
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
                        Msg::say(Message::new("sheets_two_scoresheets_agree_move").text("n", n)),
                    );
                } else {
                    let who = Msg::join(
                        &stopped
                            .iter()
                            .map(|&c| {
                                Msg::say(Message::new("sheets_side").word("side", side_key(c)))
                            })
                            .collect::<Vec<_>>(),
                        " / ",
                    );
                    a.check(
                        "agreement",
                        "7.5.1",
                        Status::Warning,
                        Msg::say(
                            Message::new("sheets_agree_until_unplayable")
                                .text("n", n)
                                .said("who", &who),
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
            Msg::say(Message::new("sheets_only_one_scoresheet_or")),
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
            Msg::say(
                Message::new("sheets_illegal")
                    .text("written", written)
                    .both("why", why, it),
            )
        }
        Kind::AmbiguousMove => Msg::say(
            Message::new("sheets_ambiguous")
                .text("written", written)
                .msg_of("why", Some(f)),
        ),
        _ => Msg::say(
            Message::new("sheets_unreadable")
                .text("written", written)
                .msg_of("why", Some(f)),
        ),
    }
}
