//! Candidate readings of an OCR engine, decoded into the most likely legal game
//! (`scoresheet decode FILE.jsonl`; the input format is in `grammar/decode.md`).
//!
//! Each line gives, for one ply of one copy, the engine's candidate texts with their log
//! probabilities. A beam search over legal moves scores each move at a ply by the best of the
//! candidates: its log probability less the slip distance (the `slips` tables) between the
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

use super::{search::candidates, sheet::MOST_CHARS, slips::slips};
use crate::{
    notation::languages::{english, Language},
    replay::render,
};

/// How much one unit of slip distance weighs against one unit of log probability. Set so
/// that a clean reading needs no look: a box whose one candidate is exactly a legal move
/// (`e4` alone) reads with confidence 0.96 or more (`e4`, `c4`, `a3` in the start
/// position: 0.963–0.967; at 6, 0.88, under [`LOOK_AT`], so every such box was sent to a
/// person), while a candidate that two moves read alike (`Rf1`, rook or king in Italian)
/// stays at 0.5.
pub const SLIP_WEIGHT: f32 = 8.0;
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
    /// The 1-based line of the input it was read from (0 where it was not read from one).
    #[serde(skip)]
    pub line: usize,
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
    // A text longer than any move, even with slips ([`MOST_CHARS`]), is no reading of one:
    // set aside at once (its slip distance to every form would cost a row a character).
    let texts: Vec<Vec<(Vec<char>, f32)>> = copies
        .iter()
        .map(|c| {
            c.iter()
                .filter(|x| x.text.len() <= 4 * MOST_CHARS && x.text.chars().count() <= MOST_CHARS)
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
        .map(|(i, l)| {
            let mut line = serde_json::from_str::<Line>(l).map_err(|e| (i + 1, e))?;
            line.line = i + 1;
            Ok(line)
        })
        .collect()
}

/// The most plies in a row that no copy has a line for and that the decoding fills with a
/// legal move (a box left empty on every copy, as the repair search puts in a move left
/// out, flagged for a person to look at). A longer gap is no game's: the plies in it
/// would be invented.
pub const MOST_GAP: u32 = 1;

/// Why the lines cannot be decoded, naming the input line and the ply: a ply 0 (plies are
/// numbered from 1), two lines for one ply of one copy, or a gap of more than [`MOST_GAP`]
/// plies that no copy has a line for.
pub fn check(lines: &[Line]) -> Result<(), String> {
    let mut seen: std::collections::HashMap<(u32, Option<&str>), usize> = Default::default();
    for l in lines {
        if l.ply == 0 {
            return Err(format!(
                "line {}: ply 0: plies are numbered from 1 (White's first move)",
                l.line
            ));
        }
        if let Some(first) = seen.insert((l.ply, l.copy.as_deref()), l.line) {
            let copy = l
                .copy
                .as_deref()
                .map_or(String::new(), |c| format!(" of copy `{c}`"));
            return Err(format!(
                "line {}: ply {}{copy} has a line already (line {first}): one line a ply and copy",
                l.line, l.ply
            ));
        }
    }
    // The plies in order, each with the first line that has it.
    let mut plies: Vec<(u32, usize)> = lines.iter().map(|l| (l.ply, l.line)).collect();
    plies.sort_unstable();
    plies.dedup_by_key(|p| p.0);
    let mut before = 0u32;
    for (ply, line) in plies {
        if ply - before > MOST_GAP + 1 {
            let missing = if before + 1 == ply - 1 {
                format!("ply {} has", before + 1)
            } else {
                format!("plies {}-{} have", before + 1, ply - 1)
            };
            return Err(format!(
                "line {line}: ply {ply}: {missing} no line in any copy; a gap of more than {MOST_GAP} ply is not filled (no moves are invented)"
            ));
        }
        before = ply;
    }
    Ok(())
}

/// Decode the lines into the most likely legal game from the standard start position. The
/// candidates are read in `lang` (Italian when `None`) and with English piece letters.
/// `None` when there are no lines or [`check`] refuses them.
pub fn decode(lines: &[Line], lang: Option<&Language>) -> Option<Decoded> {
    check(lines).ok()?;
    let lang =
        lang.unwrap_or_else(|| crate::notation::languages::by_code("it").unwrap_or(english()));
    let last = lines.iter().map(|l| l.ply).max()?;
    let copy_names: Vec<Option<String>> = {
        let mut v: Vec<Option<String>> = lines.iter().map(|l| l.copy.clone()).collect();
        v.sort();
        v.dedup();
        v
    };
    // The lines of each ply, found once (not by reading every line at every ply).
    let mut by_ply: std::collections::HashMap<u32, Vec<&Line>> = Default::default();
    for l in lines {
        by_ply.entry(l.ply).or_default().push(l);
    }
    let per_ply = |ply: u32| -> Vec<Vec<&Candidate>> {
        let here = by_ply.get(&ply).map_or(&[][..], Vec::as_slice);
        copy_names
            .iter()
            .map(|name| {
                here.iter()
                    .filter(|l| &l.copy == name)
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
