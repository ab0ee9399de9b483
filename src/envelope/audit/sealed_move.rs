//! The sealed move (I.1.1, I.8): where it is written (the envelope, else the end of the
//! sealer's scoresheet), in which notation, and whether it reads as exactly one legal move.

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{Chess, Color, Position};

use super::{establish::Established, Audit, Status};
use crate::{
    envelope::{
        moves::{move_label, moves_list},
        schema::{Envelope, ItemError},
        scoresheets::Sheet,
        sealed::{self, Reading, Sealed},
        text::Msg,
    },
    notation::languages::{by_code, english, Language},
    notation::render::{san_in, uci},
};

/// Read the sealed move where it is written and check it: the text as written with where
/// it was found, and the sealer's notation it is read in.
pub(super) fn judge(
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    est: &Option<Established>,
    sealer: Option<Color>,
    before: &Option<Chess>,
    a: &mut Audit,
) -> (Option<(String, &'static str)>, &'static Language) {
    let from_sheet = sealer.zip(est.as_ref()).and_then(|(s, e)| {
        let i = usize::from(s == Color::Black);
        let sheet = sheets[i].as_ref()?;
        let at = e.at[i]?;
        sealed_on_sheet(sheet, at)
    });
    let written: Option<(String, &'static str)> = match (&env.sealed_move, &from_sheet) {
        (Some(m), _) => Some((m.value.clone(), "envelope")),
        (None, Some(t)) => Some((t.clone(), "scoresheet")),
        (None, None) => None,
    };
    let pref = notation(env, sheets, sealer);
    if let (Some((text, source)), Some(p)) = (&written, before) {
        let s = sealed::read(text, p, a.mode, pref);
        a.sealed_source = Some(source);
        sealed_checks(&s, p, env, a);
        // The same move on the envelope and on the sealer's scoresheet?
        if let (Some(sheet_text), "envelope") = (&from_sheet, *source) {
            let t = sealed::read(sheet_text, p, a.mode, pref);
            let same = match (&s.reading, &t.reading) {
                (Reading::Legal { mv: x, .. }, Reading::Legal { mv: y, .. }) => x == y,
                _ => s.body == t.body,
            };
            if !same {
                a.check(
                    "sealed_move_copy",
                    "I.1.1",
                    Status::Warning,
                    Msg::say(
                        Message::new("sealed_move_sheet_ends_otherwise")
                            .text("sheet_text", sheet_text)
                            .text("text", text),
                    ),
                );
            }
        }
        a.sealed = Some(s);
    } else if written.is_none() {
        a.check(
            "sealed_move",
            "I.1.1",
            Status::Error,
            Msg::say(
                Message::new("sealed_move_no_sealed_move_not")
                    .text("sealed_move", env.key_name("sealed_move")),
            ),
        );
        if !a.errors.iter().any(|e| e.item == "sealed_move") {
            a.errors.push(ItemError {
                item: "sealed_move",
                article: "I.1.1",
                line: None,
                message: Msg::say(
                    Message::new("sealed_move_missing_sealed_move_exactly")
                        .text("sealed_move", env.key_name("sealed_move")),
                ),
            });
        }
    } else {
        a.check(
            "sealed_move",
            "I.8",
            Status::Skipped,
            Msg::say(Message::new("sealed_move_sealed_move_cannot_judged")),
        );
    }
    (written, pref)
}

/// The text of the sealed move on the sealer's scoresheet: the move after the position
/// before the sealed move (index `at`), if the scoresheet goes exactly one move further.
fn sealed_on_sheet(sheet: &Sheet, at: usize) -> Option<String> {
    if sheet.plies() == at + 1 {
        let lang = by_code(&sheet.record.lang).unwrap_or(english());
        let m = sheet.record.mainline[at];
        return Some(san_in(&sheet.positions[at], m, lang));
    }
    if sheet.plies() == at {
        if let Some(f) = &sheet.first_error {
            if f.ply as usize == at + 1 {
                let t = f.move_text.as_deref()?;
                // strip the label's number (`41.`, `41...`)
                let body = t.trim_start_matches(|c: char| c.is_ascii_digit());
                let body = body.trim_start_matches('.').trim_start_matches('…');
                return Some(body.to_string());
            }
        }
    }
    None
}

/// The sealer's notation: the envelope's `language`, else the language of the scoresheet
/// of the sealer, else of his opponent, when they use piece letters; else English, the
/// notation of PGN.
fn notation(
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    sealer: Option<Color>,
) -> &'static Language {
    if let Some(l) = env.language {
        return l;
    }
    let order: Vec<usize> = match sealer {
        Some(Color::Black) => vec![1, 0],
        _ => vec![0, 1],
    };
    for i in order {
        if let Some(s) = &sheets[i] {
            if s.letters {
                if let Some(l) = by_code(&s.record.lang) {
                    return l;
                }
            }
        }
    }
    english()
}

/// The sealed move as read: one legal move, or ambiguous, unreadable, illegal (I.8.1-3).
fn sealed_checks(s: &Sealed, p: &Chess, env: &Envelope, a: &mut Audit) {
    let mode = a.mode;
    match &s.reading {
        Reading::Legal { mv, .. } => {
            let san = move_label(p, *mv);
            a.check(
                "sealed_move",
                "I.8",
                Status::Ok,
                Msg::say(
                    Message::new("sealed_move_reads_exactly_one_legal")
                        .text("written", s.written.trim())
                        .said("san", &san)
                        .text("uci", uci(*mv, mode)),
                ),
            );
        }
        Reading::Ambiguous { candidates, .. } => {
            let c = moves_list(p, candidates, "list_comma");
            a.check(
                "sealed_move",
                "I.8.1",
                Status::Error,
                Msg::say(
                    Message::new("sealed_move_ambiguous_fits_legal_moves")
                        .text("written", s.written.trim())
                        .text("candidates", candidates.len())
                        .said("moves", &c),
                ),
            );
        }
        Reading::Unreadable { why, .. } => a.check(
            "sealed_move",
            "I.8.2",
            Status::Error,
            Msg::say(
                Message::new("sealed_move_true_meaning_cannot_established")
                    .text("written", s.written.trim())
                    .said("why", why),
            ),
        ),
        Reading::Illegal { why, .. } => a.check(
            "sealed_move",
            "I.8.3",
            Status::Error,
            Msg::say(
                Message::new("sealed_move_illegal")
                    .text("written", s.written.trim())
                    .said("why", why),
            ),
        ),
    }
    for n in &s.notes {
        a.notes.push(n.clone());
    }
    if let Some((num, black)) = s.number {
        if !sealed::number_fits((num, black), p) {
            a.check(
                "sealed_move_number",
                "I.2.5",
                Status::Warning,
                Msg::say(
                    Message::new("sealed_move_sealed_move_written_number")
                        .text("num", num)
                        .text("dots", if black { "..." } else { "." })
                        .word("side", side_key(p.turn()))
                        .text("fullmoves", p.fullmoves()),
                ),
            );
        }
    }
    let _ = env;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::audit::testing::{envelope, judged, with};

    #[test]
    fn the_sealed_move_may_be_the_last_move_of_the_sealers_scoresheet() {
        let a = judged(&with(&[
            ("sealed_move", None),
            ("white_scoresheet", Some("\"1. e4 e5 2. Cf3 Cc6 3. Ab5\"")),
        ]));
        assert_eq!(a.sealed_source, Some("scoresheet"));
        assert_eq!(a.sealed.as_ref().map(|s| s.written.as_str()), Some("Ab5"));
        // Written on both, differently: the envelope's is judged, with a warning.
        let a = judged(&with(&[(
            "white_scoresheet",
            Some("\"1. e4 e5 2. Cf3 Cc6 3. Ac4\""),
        )]));
        assert_eq!(a.sealed_source, Some("envelope"));
        let copy = a
            .checks
            .iter()
            .find(|c| c.id == "sealed_move_copy")
            .unwrap();
        assert_eq!(copy.status, Status::Warning);
    }

    #[test]
    fn the_sealers_notation() {
        let env = envelope(&with(&[]));
        let sheets = [None, None];
        assert_eq!(notation(&env, &sheets, Some(Color::White)).code, "en");
        let env = envelope(&with(&[("language", Some("\"it\""))]));
        assert_eq!(notation(&env, &sheets, Some(Color::White)).code, "it");
    }

    #[test]
    fn a_sealed_move_with_a_wrong_number_is_a_warning() {
        let a = judged(&with(&[("sealed_move", Some("\"4. Ab5\""))]));
        let c = a
            .checks
            .iter()
            .find(|c| c.id == "sealed_move_number")
            .unwrap();
        assert_eq!(c.status, Status::Warning);
        assert_eq!(
            a.decision.unwrap().verdict,
            crate::envelope::Verdict::Resume
        );
    }
}
