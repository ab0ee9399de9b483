//! What the writer most likely meant: legal moves ranked by how close their text is to what
//! was written (in the game's language, in English, in long and coordinate notation), and
//! then by how far the rest of the game replays after them.
//!
//! ```ignore
//! use scoresheet::replay::suggest::distance;
//! assert!(distance("Ng3", "Nf3") < distance("Ng3", "Bc4"));
//! assert!(distance("bc4", "Bc4") < 1.0);
//! ```

use shakmaty::{CastlingMode, Chess, Move, Position, Role};

use super::render::{lan_in, san_plain, uci};
use crate::{
    finding::Suggestion,
    notation::{
        languages::{english, languages, Language},
        moves::{CaptureMark, WrittenKind, WrittenMove},
        slips,
    },
};

/// How many close candidates are tried against the rest of the game.
const TRIED: usize = 8;
/// How many suggestions a finding lists at most.
const LISTED: usize = 5;
/// Candidates farther than this from the written text are not suggested.
const MAX_DISTANCE: f32 = 3.0;

fn normalize(s: &str) -> String {
    let s = s
        .trim_end_matches(|c: char| "+#!?‡†‼⁇⁉⁈□".contains(c))
        .replace("e.p.", "")
        .replace(':', "x")
        .replace('–', "-");
    if s.starts_with('0') || s.starts_with('o') {
        s.replace(['0', 'o'], "O")
    } else {
        s
    }
}

fn strip_marks(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, 'x' | '-' | '='))
        .collect()
}

/// The slip distance between what was written and a way of writing a move: the one slip
/// model, [`crate::notation::slips`], that `--repair` reads sheets with too, so that the
/// first suggestion here and the reading there price a slip alike (a letter-case slip,
/// a neighbouring square, a look-alike character, a lost capture mark).
pub use crate::notation::slips::distance;

/// How close a legal move's text is to the written text: the slip distance to its nearest
/// rendering, adjusted by what a writer gets right most often (the slip model's
/// [`slips::DESTINATION_KEPT`], [`slips::CAPTURE_KEPT`], [`slips::OTHER_PIECE`]): the
/// destination square, the capture, and the piece, read in the game's language.
fn closeness(
    pos: &Chess,
    m: Move,
    written: &str,
    w: &WrittenMove,
    lang: &Language,
    mode: CastlingMode,
) -> f32 {
    let text = normalize(written);
    let bare = strip_marks(&text);
    let mut forms = vec![san_plain(pos, m, lang), lan_in(m, lang), uci(m, mode)];
    if lang.code != "en" {
        forms.push(san_plain(pos, m, english()));
        forms.push(lan_in(m, english()));
    }
    let mut d = forms
        .iter()
        .map(|f| distance(&text, f).min(distance(&bare, &strip_marks(f))))
        .fold(f32::MAX, f32::min);
    if w.kind == WrittenKind::Move {
        let role_fits = match w.piece {
            Some(l) => match lang.role_of(l.index) {
                Some(r) => r == m.role(),
                // a letter of another language: any reading of it
                None => languages()
                    .iter()
                    .any(|x| x.role_of(l.index) == Some(m.role())),
            },
            None if w.is_coordinate() => true,
            None => m.role() == Role::Pawn,
        };
        if !role_fits {
            d += slips::OTHER_PIECE;
        }
        if w.to_square() == Some(m.to()) {
            d -= slips::DESTINATION_KEPT;
        }
        if w.capture != CaptureMark::None && m.is_capture() {
            d -= slips::CAPTURE_KEPT;
        }
    }
    d.max(0.0)
}

/// Rank `candidates` (or, when `None`, every legal move) as suggestions for `written`.
/// `rest` replays the remainder of the game after a candidate and returns how many plies it
/// got through and whether it reached the end.
pub fn suggest(
    pos: &Chess,
    candidates: Option<&[Move]>,
    written: &str,
    w: &WrittenMove,
    lang: &Language,
    mode: CastlingMode,
    rest: &mut dyn FnMut(Move) -> (u32, bool),
) -> Vec<Suggestion> {
    let pool: Vec<Move> = match candidates {
        Some(c) => c.to_vec(),
        None => pos.legal_moves().iter().copied().collect(),
    };
    let mut scored: Vec<(Move, f32)> = pool
        .into_iter()
        // After an illegal move that stood a king may be en prise; taking it is no move, and
        // the position after it (no king) is no position to write a move in.
        .filter(|m| m.capture() != Some(shakmaty::Role::King))
        .map(|m| (m, closeness(pos, m, written, w, lang, mode)))
        .filter(|(_, d)| candidates.is_some() || *d <= MAX_DISTANCE)
        .collect();
    scored.sort_by(|a, b| a.1.total_cmp(&b.1));
    scored.truncate(TRIED);
    let mut ranked: Vec<(Move, f32, u32, bool)> = scored
        .into_iter()
        .map(|(m, d)| {
            let (plies, complete) = rest(m);
            (m, d, plies, complete)
        })
        .collect();
    ranked.sort_by(|a, b| b.3.cmp(&a.3).then(b.2.cmp(&a.2)).then(a.1.total_cmp(&b.1)));
    ranked
        .into_iter()
        .take(LISTED)
        .map(|(m, ..)| Suggestion {
            san: super::render::san_in(pos, m, lang),
            uci: uci(m, mode),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::languages::by_code;

    #[test]
    fn distance_weights_case() {
        use crate::notation::slips::{CASE, NEIGHBOUR};
        assert_eq!(distance("Nf3", "Nf3"), 0.0);
        assert_eq!(distance("nf3", "Nf3"), CASE);
        assert_eq!(distance("Ng3", "Nf3"), NEIGHBOUR);
        assert!(distance("Ng3", "Nf3") < distance("Ng3", "Na3"));
        assert_eq!(distance("Ng3", "g3"), crate::notation::slips::STRAY);
    }

    #[test]
    fn suggests_the_mistyped_file_first() {
        let pos = Chess::default();
        let s = suggest(
            &pos,
            None,
            "Ng3",
            &crate::notation::moves::written_move("Ng3").unwrap().1,
            english(),
            CastlingMode::Standard,
            &mut |_| (0, false),
        );
        assert!(!s.is_empty());
        assert!(["Nf3", "Nh3"].contains(&s[0].san.as_str()), "{s:?}");
    }

    #[test]
    fn suggests_across_languages() {
        let pos = Chess::default();
        let s = suggest(
            &pos,
            None,
            "Nf3",
            &crate::notation::moves::written_move("Nf3").unwrap().1,
            by_code("it").unwrap(),
            CastlingMode::Standard,
            &mut |_| (0, false),
        );
        assert_eq!(s[0].san, "Cf3");
        assert_eq!(s[0].uci, "g1f3");
    }

    #[test]
    fn continuation_outranks_closeness() {
        let pos = Chess::default();
        let s = suggest(
            &pos,
            None,
            "Ng4",
            &crate::notation::moves::written_move("Ng4").unwrap().1,
            english(),
            CastlingMode::Standard,
            &mut |m| {
                if m.to() == shakmaty::Square::H3 {
                    (10, true)
                } else {
                    (0, false)
                }
            },
        );
        assert_eq!(s[0].san, "Nh3");
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::replay::suggest::distance;
        assert!(distance("Ng3", "Nf3") < distance("Ng3", "Bc4"));
        assert!(distance("bc4", "Bc4") < 1.0);
    }
}
