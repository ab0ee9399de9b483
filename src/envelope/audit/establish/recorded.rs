//! A position recorded on the envelope as a FEN (I.2.2), checked against the scoresheets
//! that reach it (I.3); two agreeing scoresheets that reach another one govern over it
//! (I.5, Art. 7.6).

use shakmaty::{Color, Position};

use super::{Established, Recorded};
use crate::envelope::{
    audit::{Audit, Status},
    contradictions,
    moves::{fen, renumber},
    schema::Envelope,
    scoresheets::Sheet,
    text::{side_cap, Msg},
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
    let mut first = vec![Msg::new(
        format!("recorded as a legal position: {text}"),
        format!("registrata come posizione legale: {text}"),
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
            .map(|n| match *n {
                "castling_rights_dropped" => {
                    "i diritti d'arrocco che non corrispondono alla posizione sono stati tolti"
                }
                "ep_square_dropped" => {
                    "la casa en passant che non corrisponde alla posizione è stata tolta"
                }
                "too_much_material" => "più materiale di quanto una partita possa averne",
                "impossible_check" => "uno scacco che nessuna mossa legale può aver dato",
                _ => "una irregolarità della FEN",
            })
            .collect();
        first.push(Msg::new(
            format!("irregular FEN: {}", en.join("; ")),
            format!("FEN irregolare: {}", it.join("; ")),
        ));
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
        let sheet_it = if owner == Color::White {
            "del Bianco"
        } else {
            "del Nero"
        };
        match at[i] {
            Some(k) => {
                let numbered = s.index_of(rec.fullmoves().get(), rec.turn());
                if numbered != Some(k) {
                    status = status.max(Status::Warning);
                    msgs.push(Msg::new(
                        format!(
                            "{}'s scoresheet reaches it after ply {k} (move {}), not at the FEN's move number {}",
                            side_cap(owner).en,
                            s.positions[k].fullmoves(),
                            rec.fullmoves()
                        ),
                        format!(
                            "il formulario {sheet_it} la raggiunge dopo la semimossa {k} (mossa {}), non al numero di mossa della FEN ({})",
                            s.positions[k].fullmoves(),
                            rec.fullmoves()
                        ),
                    ));
                } else {
                    msgs.push(Msg::new(
                        format!(
                            "{}'s scoresheet reaches it after ply {k}",
                            side_cap(owner).en
                        ),
                        format!("il formulario {sheet_it} la raggiunge dopo la semimossa {k}"),
                    ));
                }
                if from_sheet.is_none() {
                    from_sheet = Some((i, k));
                }
            }
            None => {
                status = Status::Error;
                msgs.push(Msg::new(
                    format!("{}'s scoresheet does not reach it", side_cap(owner).en),
                    format!("il formulario {sheet_it} non la raggiunge"),
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
            Msg::new(
                format!(
                    "the recorded position is not the one both scoresheets reach after ply {k}: {}; the scoresheets agree move by move and are legal up to there, so theirs is the position of the game actually played and the audit decides on it (Guidelines I.3, I.5; Art. 7.6): {}",
                    listed.en,
                    fen(&sp)
                ),
                format!(
                    "la posizione registrata non è quella a cui portano entrambi i formulari dopo la semimossa {k}: {}; i formulari concordano mossa per mossa e sono legali fin lì, quindi la loro è la posizione della partita effettivamente giocata e su di essa si decide (Linee guida I.3, I.5; Art. 7.6): {}",
                    listed.it,
                    fen(&sp)
                ),
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
            msgs.push(Msg::new(
                format!(
                    "the FEN's half-move clock ({}) differs from the scoresheets' ({}); the scoresheets' is used",
                    rec.halfmoves(),
                    sp.halfmoves()
                ),
                format!(
                    "il contatore di semimosse della FEN ({}) differisce da quello dei formulari ({}); si usa quello dei formulari",
                    rec.halfmoves(),
                    sp.halfmoves()
                ),
            ));
        }
    }
    if msgs.is_empty() {
        status = Status::Skipped;
        msgs.push(Msg::new(
            "no scoresheet to compare it with",
            "nessun formulario con cui confrontarla",
        ));
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
            a.notes.push(Msg::new(
                "no scoresheet reaches the recorded position: repetitions before it cannot be counted",
                "nessun formulario raggiunge la posizione registrata: le ripetizioni precedenti non si possono contare",
            ));
            // The FEN's move number is then unconfirmed (a board editor writes `0 1`):
            // the envelope's I.2.5 numbers the move, as the clocks count it.
            let mut pos = rec;
            if let Some(n) = &env.sealed_number {
                if n.value.0 != pos.fullmoves().get() {
                    a.notes.push(Msg::new(
                        format!(
                            "the FEN's move number ({}) is not confirmed by a scoresheet; the move is numbered {} as on the envelope (I.2.5)",
                            pos.fullmoves(),
                            n.value.0
                        ),
                        format!(
                            "il numero di mossa della FEN ({}) non è confermato da un formulario; la mossa è numerata {} come sulla busta (I.2.5)",
                            pos.fullmoves(),
                            n.value.0
                        ),
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
