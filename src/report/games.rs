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

/// Every finding kind, in the order of the README's table (the vocabulary is
/// [`Kind::ALL`]; this is its name where the per-game CSV's columns are made).
pub const KINDS: [Kind; Kind::ALL.len()] = Kind::ALL;

/// A comma-separated list of kind ids (`illegal_move,threefold`), or the first unknown id.
pub fn parse_kinds(list: &str) -> Result<Vec<Kind>, String> {
    Kind::parse_list(list)
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
    /// `--games`: which games get a record (every game is counted all the same).
    pub games: Games,
}

/// Which games a report shows (`validate --games`): the summary counts every game whatever
/// this says, and `--split-clean`/`--split-bad` take every game too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Games {
    /// Every game.
    #[default]
    All,
    /// The games with at least one finding reported (after `--only`/`--skip`).
    Findings,
    /// The games whose replay found an error (status `error`).
    Errors,
    /// The games that `--fail-on` counts (exit status 1, `--split-bad`).
    Failing,
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

    /// Does the game get a record (`--games`)? Asked after [`Filter::apply`].
    pub fn shows(&self, r: &GameRecord) -> bool {
        match self.games {
            Games::All => true,
            Games::Findings => !r.findings.is_empty(),
            Games::Errors => r.status == crate::finding::Status::Error,
            Games::Failing => self.fails(r),
        }
    }

    /// Does the game (its reported findings) make the exit status 1 / go to quarantine?
    pub fn fails(&self, r: &GameRecord) -> bool {
        r.findings.iter().any(|f| match &self.fail_on {
            Some(kinds) => kinds.contains(&f.kind),
            None => f.severity == Severity::Error,
        })
    }
}

/// One CSV row per game ([`header`], [`row`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct PerGame;

impl super::Sink for PerGame {
    fn begin(&self, out: &mut Vec<u8>) -> io::Result<()> {
        write_row(out, &header())
    }

    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()> {
        write_row(out, &row(r))
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
    let tag = |name: &str| r.tags.get(name).unwrap_or_default().to_string();
    let result = r
        .result
        .map(|r| r.to_string())
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
