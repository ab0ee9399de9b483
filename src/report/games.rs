//! One CSV row per game (`validate --format csv --summary`) and the finding-kind vocabulary
//! the bulk filters (`--only`, `--skip`, `--fail-on`) are written in.
//!
//! Columns: `file,game,offset,line,white,black,result,lang,variant,plies,status,termination,`
//! then one column per finding kind (in [`KINDS`] order, named by its id) holding how many
//! findings of that kind the game has.

use std::io::{self, Write};

use crate::{
    finding::{Kind, Severity},
    replay::GameRecord,
};

/// Every finding kind, in the order of the README's table.
pub const KINDS: [Kind; 22] = [
    Kind::UnreadableMove,
    Kind::IllegalMove,
    Kind::AmbiguousMove,
    Kind::Notation,
    Kind::MoveNumber,
    Kind::Structure,
    Kind::NullMove,
    Kind::DrawOffer,
    Kind::InvalidFen,
    Kind::UnsupportedVariant,
    Kind::OversizedGame,
    Kind::Threefold,
    Kind::Fivefold,
    Kind::FiftyMoves,
    Kind::SeventyFiveMoves,
    Kind::Checkmate,
    Kind::Stalemate,
    Kind::DeadPosition,
    Kind::MovesAfterEnd,
    Kind::ResultMismatch,
    Kind::EarlyDraw,
    Kind::RepairedMove,
];

/// Fails to compile when a kind is added to [`Kind`] without being added to [`KINDS`]
/// (add it there too).
#[allow(dead_code)]
fn every_kind_is_listed(k: Kind) {
    match k {
        Kind::UnreadableMove
        | Kind::IllegalMove
        | Kind::AmbiguousMove
        | Kind::Notation
        | Kind::MoveNumber
        | Kind::Structure
        | Kind::NullMove
        | Kind::DrawOffer
        | Kind::InvalidFen
        | Kind::UnsupportedVariant
        | Kind::OversizedGame
        | Kind::Threefold
        | Kind::Fivefold
        | Kind::FiftyMoves
        | Kind::SeventyFiveMoves
        | Kind::Checkmate
        | Kind::Stalemate
        | Kind::DeadPosition
        | Kind::MovesAfterEnd
        | Kind::ResultMismatch
        | Kind::EarlyDraw
        | Kind::RepairedMove => {}
    }
}

/// A comma-separated list of kind ids (`illegal_move,threefold`), or the first unknown id.
pub fn parse_kinds(list: &str) -> Result<Vec<Kind>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|id| {
            KINDS
                .iter()
                .copied()
                .find(|k| k.id() == id)
                .ok_or_else(|| id.to_string())
        })
        .collect()
}

/// Which findings are reported and counted, and which make a game fail.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// `--only`: report only these kinds (`None`: all).
    pub only: Option<Vec<Kind>>,
    /// `--skip`: never report these kinds.
    pub skip: Vec<Kind>,
    /// `--fail-on`: these kinds make a game bad (`None`: any finding of error severity).
    pub fail_on: Option<Vec<Kind>>,
}

impl Filter {
    /// Drop the findings not reported, counting them in `filtered_out`; the record's
    /// `status` stays as replay set it (a game whose replay found an error is `error`
    /// whether its error findings are reported or not).
    pub fn apply(&self, r: &mut GameRecord) {
        let before = r.findings.len();
        r.findings.retain(|f| {
            self.only.as_ref().is_none_or(|o| o.contains(&f.kind)) && !self.skip.contains(&f.kind)
        });
        r.filtered_out += (before - r.findings.len()) as u32;
    }

    /// Does the game (its reported findings) make the exit status 1 / go to quarantine?
    pub fn fails(&self, r: &GameRecord) -> bool {
        r.findings.iter().any(|f| match &self.fail_on {
            Some(kinds) => kinds.contains(&f.kind),
            None => f.severity == Severity::Error,
        })
    }
}

/// The header of the per-game CSV.
pub fn header() -> Vec<&'static str> {
    let mut h = vec![
        "file",
        "game",
        "offset",
        "line",
        "white",
        "black",
        "result",
        "lang",
        "variant",
        "plies",
        "status",
        "termination",
    ];
    h.extend(KINDS.iter().map(|k| k.id()));
    h
}

/// One game's row of the per-game CSV.
pub fn row(r: &GameRecord) -> Vec<String> {
    let tag = |name: &str| {
        r.tags
            .0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let result = r
        .result
        .map(str::to_string)
        .unwrap_or_else(|| tag("Result"));
    let termination = r
        .termination
        .as_ref()
        .and_then(|t| serde_json::to_value(t).ok())
        .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
        .unwrap_or_default();
    let mut row = vec![
        r.file.clone(),
        r.game.to_string(),
        r.offset.to_string(),
        r.line.to_string(),
        tag("White"),
        tag("Black"),
        result,
        r.lang.clone(),
        r.variant.to_string(),
        r.plies.to_string(),
        r.status.to_string(),
        termination,
    ];
    row.extend(KINDS.iter().map(|k| {
        r.findings
            .iter()
            .filter(|f| f.kind == *k)
            .count()
            .to_string()
    }));
    row
}

/// Write one CSV record, quoted as the `csv` crate quotes.
pub fn write_row<W: Write, S: AsRef<[u8]>>(out: &mut W, fields: &[S]) -> io::Result<()> {
    let mut w = csv::WriterBuilder::new().from_writer(Vec::with_capacity(256));
    w.write_record(fields).map_err(io::Error::from)?;
    let bytes = w
        .into_inner()
        .map_err(|e| io::Error::other(e.to_string()))?;
    out.write_all(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_parse_and_are_unique() {
        assert_eq!(
            parse_kinds("illegal_move, threefold").unwrap(),
            vec![Kind::IllegalMove, Kind::Threefold]
        );
        assert_eq!(parse_kinds("illegal,threefold").unwrap_err(), "illegal");
        let mut ids: Vec<_> = KINDS.iter().map(|k| k.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), KINDS.len());
    }
}
