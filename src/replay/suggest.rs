//! What the writer most likely meant: legal moves ranked by how close their text is to what
//! was written (in the game's language, in English, in long and coordinate notation), and
//! then by how far the rest of the game replays after them.
//!
//! ```
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

/// Cost of writing `a` where `b` was meant: a change of case costs a quarter; a file or rank
/// slip costs less the nearer the two are (a neighbouring file is the common slip).
fn substitution(a: char, b: char) -> f32 {
    if a == b {
        return 0.0;
    }
    if a.to_lowercase().eq(b.to_lowercase()) {
        return 0.25;
    }
    let near = |lo: char, hi: char| (lo..=hi).contains(&a) && (lo..=hi).contains(&b);
    if near('a', 'h') || near('1', '8') {
        return 0.75 + 0.05 * (a as u32).abs_diff(b as u32) as f32;
    }
    1.0
}

/// Edit distance with the substitution costs of [`substitution`].
pub fn distance(a: &str, b: &str) -> f32 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<f32> = (0..=b.len()).map(|i| i as f32).collect();
    let mut cur = vec![0.0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i as f32;
        for j in 1..=b.len() {
            let sub = substitution(a[i - 1], b[j - 1]);
            cur[j] = (prev[j] + 1.0).min(cur[j - 1] + 1.0).min(prev[j - 1] + sub);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// How close a legal move's text is to the written text: the edit distance to its nearest
/// rendering, adjusted by what a writer gets right most often: the destination square
/// (a third of a point off), the capture (a fifth off), and the piece, read in the game's
/// language (a quarter on when the piece differs).
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
            d += 0.25;
        }
        if w.to_square() == Some(m.to()) {
            d -= 0.35;
        }
        if w.capture != CaptureMark::None && m.is_capture() {
            d -= 0.2;
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
        assert_eq!(distance("Nf3", "Nf3"), 0.0);
        assert_eq!(distance("nf3", "Nf3"), 0.25);
        assert!(distance("Ng3", "Nf3") < distance("Ng3", "Na3"));
        assert!(distance("Ng3", "Nf3") < distance("Ng3", "g3"));
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
