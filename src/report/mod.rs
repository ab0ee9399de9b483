//! Printers: text for people, CSV and JSON Lines for programs. They only format
//! [`GameRecord`]s; they never decide anything. Each implements [`Sink`] in a file of its own
//! ([`text`], [`jsonl`], [`csv`], [`games`] for one CSV row per game); the duplicates of a run
//! have printers of their own in `duplicates`.
//!
//! ```
//! use scoresheet::replay::{validate_text, Options};
//! use scoresheet::report::{sink, Format, Sink};
//! let rec = validate_text("1. e4 e5 2. Nf3 Nc6 *", &Options::default());
//! let printer = sink(Format::Jsonl, false);
//! let mut out = Vec::new();
//! printer.record(&mut out, &rec).unwrap();
//! assert!(out.starts_with(b"{\"file\""));
//! ```

use std::{collections::BTreeMap, io};

use crate::{
    finding::{Severity, Status},
    replay::GameRecord,
};

pub(crate) mod board;
pub mod csv;
pub(crate) mod duplicates;
pub mod envelope_html;
pub mod games;
pub mod html;
pub mod jsonl;
pub mod localised;
pub mod position;
pub mod text;

pub use self::csv::CSV_HEADER;

/// The report formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Format {
    #[default]
    Text,
    Jsonl,
    Csv,
    /// One self-contained HTML page for the arbiter: a summary, then each game with findings
    /// with its moves and a board at each finding (see [`html`]).
    Html,
}

/// Totals over a run, for the closing summary.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub games: u64,
    pub plies: u64,
    /// Games whose status is `error`, as their records say, reported findings or not.
    pub games_with_errors: u64,
    /// Of those, the games none of whose error findings is reported (`--only`, `--skip`).
    pub errors_filtered_out: u64,
    /// Games with at least one finding of a kind, by kind id.
    pub by_kind: BTreeMap<&'static str, u64>,
}

/// What one game adds to the [`Summary`]: taken where the game was replayed, so that the
/// record itself need not travel.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub plies: u32,
    pub errors: bool,
    /// Errors, none of them reported.
    pub errors_filtered_out: bool,
    /// Kinds of its findings, each once.
    pub kinds: Vec<&'static str>,
}

impl Tally {
    pub fn of(r: &GameRecord) -> Tally {
        let mut kinds: Vec<&'static str> = r.findings.iter().map(|f| f.kind.id()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        Tally {
            plies: r.plies,
            errors: r.status == Status::Error,
            errors_filtered_out: r.status == Status::Error && !r.has_errors(),
            kinds,
        }
    }
}

impl Summary {
    /// What follows "N with errors" when some of those games show no error finding, so
    /// that the count and the records' headers say the same: empty otherwise.
    pub fn errors_filtered_note(&self) -> String {
        match self.errors_filtered_out {
            0 => String::new(),
            n => format!(" ({n} of them with every error finding filtered out)"),
        }
    }

    pub fn add(&mut self, r: &GameRecord) {
        self.add_tally(&Tally::of(r));
    }

    pub fn add_tally(&mut self, t: &Tally) {
        self.games += 1;
        self.plies += u64::from(t.plies);
        if t.errors {
            self.games_with_errors += 1;
        }
        if t.errors_filtered_out {
            self.errors_filtered_out += 1;
        }
        for &k in &t.kinds {
            *self.by_kind.entry(k).or_default() += 1;
        }
    }
}

/// A printer of game records. Records are formatted on the worker thread that replayed
/// them (a sink holds no state) and the bytes are written in input order afterwards, so a
/// printer only turns a record into bytes.
pub trait Sink: Sync {
    /// What opens the report, before any record (the CSV header).
    fn begin(&self, _out: &mut Vec<u8>) -> io::Result<()> {
        Ok(())
    }

    /// One game's record.
    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()>;

    /// What closes the report after the last record (the text report's table by kind).
    fn end(&self, _out: &mut Vec<u8>, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}

/// The printer of a format; `per_game`: CSV with one row per game ([`games::PerGame`]).
pub fn sink(format: Format, per_game: bool) -> Box<dyn Sink> {
    match format {
        Format::Text => Box::new(text::Text),
        Format::Jsonl => Box::new(jsonl::Jsonl),
        Format::Csv if per_game => Box::new(games::PerGame),
        Format::Csv => Box::new(self::csv::Csv),
        Format::Html => Box::new(html::Html(crate::i18n::ReportLang::En)),
    }
}

pub fn severity_id(s: Severity) -> &'static str {
    match s {
        Severity::Info => "info",
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}
