//! The two scoresheets in the envelope (Guideline I.1.1): each is replayed as `validate`
//! replays a game, then they are compared ply by ply. Where two records of one game differ,
//! the Laws go back to the last position both establish (Art. 7.5.1, 7.6: "the last
//! identifiable position"), so the first ply where they disagree is what matters.

//!
//! ```ignore
//! use scoresheet::envelope::{schema::Source, scoresheets::{compare, load}};
//! use shakmaty::Color;
//! let white = load(Color::White, &Source::Inline("1. e4 e5 2. Cf3 Cc6".into()), None).unwrap();
//! let black = load(Color::Black, &Source::Inline("1. e4 e5 2. Cf3 Cf6".into()), None).unwrap();
//! let agreement = compare(&white, &black);
//! assert_eq!((agreement.common, agreement.first_difference), (3, Some(4)));
//! ```

use crate::envelope::text::ReportLang;
use crate::message::Message;
use std::path::Path;

use shakmaty::{Chess, Color, Position};

use super::{schema::Source, text::Msg};
use crate::{
    finding::Finding,
    laws::repetition::key,
    notation::{decode::decode, game::parse_game, split::GameSplitter},
    replay::{validate, validate_text, GameRecord, LangChoice, Options},
};

/// One scoresheet, replayed.
#[derive(Debug, Clone)]
pub struct Sheet {
    /// Whose scoresheet it is.
    pub owner: Color,
    pub record: GameRecord,
    /// Whether its movetext uses any piece letter (else its language is a default).
    pub letters: bool,
    /// The start position and the position after each replayed mainline move.
    pub positions: Vec<Chess>,
    /// The first move error of the mainline (unreadable, illegal, ambiguous), if any.
    pub first_error: Option<Finding>,
    /// More than one game in a scoresheet file (only the first is read).
    pub extra_games: bool,
}

impl Sheet {
    /// Plies replayed.
    pub fn plies(&self) -> usize {
        self.positions.len() - 1
    }

    /// The ply index (0 = start) at which `fullmoves`/`turn` stands, counted from this
    /// scoresheet's start position.
    pub fn index_of(&self, fullmoves: u32, turn: Color) -> Option<usize> {
        let start = &self.positions[0];
        let at = |n: u32, c: Color| i64::from(n) * 2 + i64::from(c == Color::Black);
        let i = at(fullmoves, turn) - at(start.fullmoves().get(), start.turn());
        usize::try_from(i).ok()
    }

    /// Where a position (board, side to move, castling rights, en passant) stands in this
    /// scoresheet: `prefer` if it stands there, else its last occurrence.
    pub fn find(&self, pos: &Chess, prefer: Option<usize>) -> Option<usize> {
        let k = key(pos);
        if let Some(p) = prefer.filter(|&p| p < self.positions.len()) {
            if key(&self.positions[p]) == k {
                return Some(p);
            }
        }
        self.positions.iter().rposition(|p| key(p) == k)
    }
}

/// Replay one scoresheet. `Err` when its file cannot be read.
pub fn load(
    owner: Color,
    source: &Source,
    lang: Option<&'static crate::notation::languages::Language>,
) -> Result<Sheet, Msg> {
    let opts = Options {
        lang: lang.map_or(LangChoice::Auto, LangChoice::Fixed),
        ..Options::default()
    };
    let (record, text, extra_games) = match source {
        Source::Inline(t) => (validate_text(t, &opts), t.clone(), false),
        Source::File(p) => {
            let bytes = std::fs::read(p).map_err(|e| {
                // The system's own words in English; in Italian the kind of error.
                let why_it = super::io_error_it(&e);
                Msg::say(
                    Message::new("scoresheets_file_io")
                        .text("display", p.display())
                        .both("why", e, why_it),
                )
            })?;
            let name = display(p);
            let mut games = GameSplitter::new(&bytes[..]);
            let first = match games.next() {
                Some(Ok(g)) => g,
                Some(Err(e)) => {
                    return Err(Msg::say(
                        Message::new("scoresheets_file_unreadable")
                            .text("name", &name)
                            .both(
                                "why",
                                e,
                                crate::i18n::word(ReportLang::It, "io_error", "other"),
                            ),
                    ))
                }
                None => Default::default(),
            };
            let extra = games.next().is_some();
            let text = decode(first.game_bytes()).into_owned();
            (validate(&first, &name, &opts), text, extra)
        }
    };
    let letters = parse_game(&text).letters_used != 0;
    let mut positions = Vec::with_capacity(record.mainline.len() + 1);
    if let Some(start) = record.start.clone() {
        let mut pos = start;
        positions.push(pos.clone());
        for &m in &record.mainline {
            pos.play_unchecked(m);
            positions.push(pos.clone());
        }
    } else {
        positions.push(Chess::default());
    }
    let first_error = record
        .findings
        .iter()
        .filter(|f| f.kind.is_move_error() && f.variation.is_none())
        .min_by_key(|f| f.ply)
        .cloned();
    Ok(Sheet {
        owner,
        record,
        letters,
        positions,
        first_error,
        extra_games,
    })
}

fn display(p: &Path) -> String {
    p.display().to_string()
}

/// How two scoresheets compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreement {
    /// Plies both record identically from the same start.
    pub common: usize,
    /// The first ply (1-based) where both record a move and the moves differ; 0 when they
    /// start from different positions.
    pub first_difference: Option<usize>,
}

pub fn compare(a: &Sheet, b: &Sheet) -> Agreement {
    if key(&a.positions[0]) != key(&b.positions[0]) {
        return Agreement {
            common: 0,
            first_difference: Some(0),
        };
    }
    let n = a.record.mainline.len().min(b.record.mainline.len());
    let common = (0..n)
        .find(|&i| a.record.mainline[i] != b.record.mainline[i])
        .unwrap_or(n);
    Agreement {
        common,
        first_difference: (common < n).then_some(common + 1),
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::envelope::{
            schema::Source,
            scoresheets::{compare, load},
        };
        use shakmaty::Color;
        let white = load(
            Color::White,
            &Source::Inline("1. e4 e5 2. Cf3 Cc6".into()),
            None,
        )
        .unwrap();
        let black = load(
            Color::Black,
            &Source::Inline("1. e4 e5 2. Cf3 Cf6".into()),
            None,
        )
        .unwrap();
        let agreement = compare(&white, &black);
        assert_eq!((agreement.common, agreement.first_difference), (3, Some(4)));
    }
}
