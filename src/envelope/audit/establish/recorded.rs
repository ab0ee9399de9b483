//! A position recorded on the envelope as a FEN (I.2.2), checked against the scoresheets
//! that reach it (I.3); two agreeing scoresheets that reach another one govern over it
//! (I.5, Art. 7.6).

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{Color, Position};

use super::{Established, Recorded};
use crate::envelope::{
    audit::{Audit, Status},
    contradictions,
    moves::{fen, renumber},
    schema::Envelope,
    scoresheets::Sheet,
    text::Msg,
};

/// The position before the sealed move when the envelope records one (`position` and
/// `position_matches` checks).
pub(super) fn establish(
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    (rec, text, notes): Recorded,
    at: [Option<usize>; 2],
    agreeing: Option<usize>,
    a: &mut Audit,
) -> Option<Established> {
    let mut first = vec![Msg::say(
        Message::new("recorded_recorded_legal_position").text("text", text),
    )];
    if !notes.is_empty() {
        // The notes are catalogue ids: English from the catalogue, the Italian as an arbiter
        // says it of a recorded position.
        let en: Vec<String> = notes
            .iter()
            .map(|n| crate::i18n::render(crate::i18n::ReportLang::En, n, &[]))
            .collect();
        let it: Vec<&str> = notes
            .iter()
            .map(|n| {
                let said = crate::i18n::word(crate::i18n::ReportLang::It, "recorded_fen_note", n);
                if said == *n {
                    crate::i18n::word(crate::i18n::ReportLang::It, "recorded_fen_note", "other")
                } else {
                    said
                }
            })
            .collect();
        first.push(Msg::say(Message::new("recorded_irregular_fen").both(
            "list",
            en.join("; "),
            it.join("; "),
        )));
    }
    a.check(
        "position",
        "I.2.2",
        if notes.is_empty() {
            Status::Ok
        } else {
            Status::Warning
        },
        Msg::join(&first, "; "),
    );
    let mut msgs = Vec::new();
    let mut status = Status::Ok;
    let mut from_sheet: Option<(usize, usize)> = None;
    for i in 0..2 {
        let Some(s) = &sheets[i] else { continue };
        let owner = if i == 0 { Color::White } else { Color::Black };
        match at[i] {
            Some(k) => {
                let numbered = s.index_of(rec.fullmoves().get(), rec.turn());
                if numbered != Some(k) {
                    status = status.max(Status::Warning);
                    msgs.push(Msg::say(
                        Message::new("recorded_s_scoresheet_reaches_after")
                            .text("k", k)
                            .text("fullmoves", s.positions[k].fullmoves())
                            .text("fullmoves2", rec.fullmoves())
                            .word("side", side_key(owner)),
                    ));
                } else {
                    msgs.push(Msg::say(
                        Message::new("recorded_s_scoresheet_reaches_after_2")
                            .text("k", k)
                            .word("side", side_key(owner)),
                    ));
                }
                if from_sheet.is_none() {
                    from_sheet = Some((i, k));
                }
            }
            None => {
                status = Status::Error;
                msgs.push(Msg::say(
                    Message::new("recorded_s_scoresheet_does_not").word("side", side_key(owner)),
                ));
            }
        }
    }
    if let (Some(k), Some(w)) = (agreeing, &sheets[0]) {
        let sp = w.positions[k].clone();
        let diffs = contradictions::differences(&rec, &sp);
        let listed = Msg::join(&diffs, "; ");
        a.check(
            "position_matches",
            "I.3",
            Status::Error,
            Msg::say(
                Message::new("recorded_recorded_position_not_one")
                    .text("k", k)
                    .said("listed", &listed)
                    .text("fen", fen(&sp)),
            ),
        );
        return Some(Established {
            pos: sp,
            history: Some(w.positions[..=k].to_vec()),
            at: [Some(k), Some(k)],
            contradicted: Some((rec, diffs)),
        });
    }
    if let Some((i, k)) = from_sheet {
        let sp = &sheets[i].as_ref().expect("present").positions[k];
        if sp.halfmoves() != rec.halfmoves() {
            status = status.max(Status::Warning);
            msgs.push(Msg::say(
                Message::new("recorded_halfmove_clock")
                    .text("halfmoves", rec.halfmoves())
                    .text("halfmoves2", sp.halfmoves()),
            ));
        }
    }
    if msgs.is_empty() {
        status = Status::Skipped;
        msgs.push(Msg::say(Message::new("recorded_no_scoresheet_compare")));
    }
    a.check("position_matches", "I.3", status, Msg::join(&msgs, "; "));
    Some(match from_sheet {
        Some((i, k)) => {
            let s = sheets[i].as_ref().expect("present");
            Established {
                pos: s.positions[k].clone(),
                history: Some(s.positions[..=k].to_vec()),
                at,
                contradicted: None,
            }
        }
        None => {
            a.notes.push(Msg::say(Message::new(
                "recorded_no_scoresheet_reaches_recorded",
            )));
            // The FEN's move number is then unconfirmed (a board editor writes `0 1`):
            // the envelope's I.2.5 numbers the move, as the clocks count it.
            let mut pos = rec;
            if let Some(n) = &env.sealed_number {
                if n.value.0 != pos.fullmoves().get() {
                    a.notes.push(Msg::say(
                        Message::new("recorded_move_number")
                            .text("fullmoves", pos.fullmoves())
                            .text("value", n.value.0),
                    ));
                    pos = renumber(&pos, n.value.0);
                }
            }
            Established {
                pos,
                history: None,
                at,
                contradicted: None,
            }
        }
    })
}
