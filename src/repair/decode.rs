//! Candidate readings of an OCR engine, decoded into the most likely legal game
//! (`scoresheet decode FILE.jsonl`; the input format is in `grammar/decode.md`).
//!
//! Each line gives, for one ply of one copy, the engine's candidate texts with their log
//! probabilities. A beam search over legal moves scores each move at a ply by the best of the
//! candidates: its log probability less the slip distance ([`super::slips`]) between the
//! candidate's text and the move. The confidence of a ply is the share of the chosen move in
//! the scores of all legal moves there; plies below 0.9 are the ones a person should look at.
//!
//! ```
//! use scoresheet::repair::decode::{decode, Line};
//! let lines: Vec<Line> = [
//!     r#"{"ply": 1, "candidates": [{"text": "e4", "logprob": -0.1}, {"text": "e3", "logprob": -2.5}]}"#,
//!     r#"{"ply": 2, "candidates": [{"text": "e5", "logprob": -0.2}]}"#,
//!     r#"{"ply": 3, "candidates": [{"text": "Cf3", "logprob": -0.3}, {"text": "Cf6", "logprob": -0.9}]}"#,
//! ].iter().map(|l| serde_json::from_str(l).unwrap()).collect();
//! let game = decode(&lines, None).unwrap();
//! assert_eq!(game.plies.iter().map(|p| p.san.as_str()).collect::<Vec<_>>(), ["e4", "e5", "Nf3"]);
//! ```

use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Position};

use super::{search::candidates, slips::slips};
use crate::{
    notation::languages::{english, Language},
    replay::render,
};

/// How much one unit of slip distance weighs against one unit of log probability.
pub const SLIP_WEIGHT: f32 = 6.0;
/// The score of a ply a copy has no line for (it says nothing about it).
const SILENT: f32 = 0.0;
/// The confidence below which a ply should be looked at by a person.
pub const LOOK_AT: f32 = 0.9;

/// One candidate reading of a box.
#[derive(Debug, Clone, Deserialize)]
pub struct Candidate {
    pub text: String,
    #[serde(default)]
    pub logprob: f32,
}

/// One line of the input: the candidates of one ply of one copy.
#[derive(Debug, Clone, Deserialize)]
pub struct Line {
    pub ply: u32,
    /// `white` or `black` (the player whose scoresheet it is); absent for a single copy.
    #[serde(default)]
    pub copy: Option<String>,
    pub candidates: Vec<Candidate>,
}

/// One ply of the decoded game.
#[derive(Debug, Clone, Serialize)]
pub struct Ply {
    pub ply: u32,
    pub san: String,
    pub uci: String,
    pub confidence: f32,
}

/// The decoded game.
#[derive(Debug, Clone, Serialize)]
pub struct Decoded {
    pub plies: Vec<Ply>,
    /// Plies whose confidence is below [`LOOK_AT`].
    pub look_at: Vec<u32>,
}

/// The score of each legal move of `pos` given the candidates of every copy for this ply.
fn scores(pos: &Chess, lang: &Language, copies: &[Vec<&Candidate>]) -> Vec<(shakmaty::Move, f32)> {
    let cands = candidates(pos, lang);
    let texts: Vec<Vec<(Vec<char>, f32)>> = copies
        .iter()
        .map(|c| {
            c.iter()
                .map(|x| (x.text.chars().collect(), x.logprob))
                .collect()
        })
        .collect();
    cands
        .iter()
        .map(|c| {
            let mut total = 0.0;
            for copy in &texts {
                if copy.is_empty() {
                    total += SILENT;
                    continue;
                }
                let best = copy
                    .iter()
                    .map(|(text, lp)| {
                        let d = c
                            .forms()
                            .map(|(f, _)| {
                                slips()
                                    .prefix_costs(f, text)
                                    .last()
                                    .copied()
                                    .unwrap_or(f32::INFINITY)
                            })
                            .fold(f32::INFINITY, f32::min);
                        lp - SLIP_WEIGHT * d
                    })
                    .fold(f32::NEG_INFINITY, f32::max);
                total += best;
            }
            (c.mv, total)
        })
        .collect()
}

/// The lines of a decode input (JSON Lines; blank lines skipped), or the 1-based number of
/// the first line that is not one, with why.
pub fn read_lines(text: &str) -> Result<Vec<Line>, (usize, serde_json::Error)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str::<Line>(l).map_err(|e| (i + 1, e)))
        .collect()
}

/// Decode the lines into the most likely legal game from the standard start position. The
/// candidates are read in `lang` (Italian when `None`) and with English piece letters.
pub fn decode(lines: &[Line], lang: Option<&Language>) -> Option<Decoded> {
    let lang =
        lang.unwrap_or_else(|| crate::notation::languages::by_code("it").unwrap_or(english()));
    let last = lines.iter().map(|l| l.ply).max()?;
    let copy_names: Vec<Option<String>> = {
        let mut v: Vec<Option<String>> = lines.iter().map(|l| l.copy.clone()).collect();
        v.sort();
        v.dedup();
        v
    };
    let per_ply = |ply: u32| -> Vec<Vec<&Candidate>> {
        copy_names
            .iter()
            .map(|name| {
                lines
                    .iter()
                    .filter(|l| l.ply == ply && &l.copy == name)
                    .flat_map(|l| l.candidates.iter())
                    .collect()
            })
            .collect()
    };
    const BEAM: usize = 24;
    // (position, score, moves)
    let mut beam: Vec<(Chess, f32, Vec<shakmaty::Move>)> =
        vec![(Chess::default(), 0.0, Vec::new())];
    for ply in 1..=last {
        let copies = per_ply(ply);
        let mut next = Vec::new();
        for (pos, score, moves) in &beam {
            for (m, s) in scores(pos, lang, &copies) {
                let mut p = pos.clone();
                p.play_unchecked(m);
                let mut mv = moves.clone();
                mv.push(m);
                next.push((p, score + s, mv));
            }
        }
        if next.is_empty() {
            break;
        }
        next.sort_by(|a, b| b.1.total_cmp(&a.1));
        next.truncate(BEAM);
        beam = next;
    }
    let (_, _, moves) = beam.into_iter().next()?;
    let mut pos = Chess::default();
    let mut plies = Vec::new();
    let mut look_at = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let s = scores(&pos, lang, &per_ply(ply));
        let top = s.iter().map(|x| x.1).fold(f32::NEG_INFINITY, f32::max);
        let sum: f32 = s.iter().map(|x| (x.1 - top).exp()).sum();
        let mine = s
            .iter()
            .find(|x| x.0 == m)
            .map_or(0.0, |x| (x.1 - top).exp());
        let confidence = if sum > 0.0 {
            (mine / sum * 100.0).round() / 100.0
        } else {
            0.0
        };
        if confidence < LOOK_AT {
            look_at.push(ply);
        }
        plies.push(Ply {
            ply,
            san: render::san_in(&pos, m, english()),
            uci: render::uci(m, CastlingMode::Standard),
            confidence,
        });
        pos.play_unchecked(m);
    }
    Some(Decoded { plies, look_at })
}
