//! Bulk runs: many files of games, every game replayed on a pool of threads, records printed
//! in input order by a [`Sink`] — what `scoresheet validate` and `convert` do, as a library.
//!
//! A [`Validator`] is built from [`Options`] (how to replay), a [`Filter`] (what to report),
//! an interrupt flag and the number of threads; [`Validator::run`] reads the inputs into the
//! outputs and returns an [`Outcome`] (the counts and the exit status they imply). For one
//! stream of games in a program, [`records`] is an iterator of records.
//!
//! ```
//! use scoresheet::bulk::{Outputs, Validator};
//! use scoresheet::report::{text::Text, Format};
//! let dir = std::env::temp_dir().join(format!("scoresheet-doc-bulk-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let file = dir.join("two.pgn");
//! std::fs::write(&file, "1. e4 e5 2. Nf3 Nc6 *\n\n1. e4 e5 2. Ke3 *\n").unwrap();
//! let mut report = Vec::new();
//! let outcome = Validator::default()
//!     .run(&[file].into(), &Text, Outputs::report(&mut report), &mut scoresheet::bulk::Silent)
//!     .unwrap();
//! assert_eq!(outcome.summary.games, 2);
//! assert_eq!(outcome.failing, 1);
//! assert_eq!(outcome.exit_status(), 1);
//! assert!(String::from_utf8(report).unwrap().contains("illegal_move"));
//! # std::fs::remove_dir_all(&dir).ok();
//! ```

pub(crate) mod batches;
mod closing;
mod convert;
mod pipeline;
mod records;
mod split;

pub use closing::closing_lines;
pub use convert::{convert_one, ConvertOutcome, Converter};
use pipeline::Watch;
pub use pipeline::{Inputs, Progress, Silent};
pub use records::{records, Records};

use std::{
    io::{self, Write},
    path::PathBuf,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
};

use crate::{
    error::Error,
    replay::{validate, Options},
    report::{duplicates, games::Filter, Format, Sink, Summary, Tally},
    shard::ShardReport,
};

/// How a bulk validation runs.
#[derive(Debug, Clone, Default)]
pub struct Validator {
    /// How each game is replayed.
    pub options: Options,
    /// Which findings are reported and which make a game bad.
    pub filter: Filter,
    /// Set it (from a signal handler, another thread) to stop the run after the batch being
    /// written: the output then holds whole records only.
    pub interrupt: Arc<AtomicBool>,
    /// Threads: `None` runs on the global pool; `Some(0)` one per core.
    pub jobs: Option<usize>,
    /// Find duplicate games, in this format (`None`: not at all).
    pub duplicates: Option<Format>,
    /// Read a game that does not replay as written through its slips
    /// ([`crate::repair::validate_repaired`]).
    pub repair: bool,
}

/// Where a validation writes.
pub struct Outputs<'a> {
    /// The records (and what the sink writes before and after them).
    pub report: &'a mut dyn Write,
    /// Every game that does not fail, byte for byte (`--split-clean`).
    pub split_clean: Option<&'a mut dyn Write>,
    /// Every game that fails (`--split-bad`).
    pub split_bad: Option<&'a mut dyn Write>,
    /// The duplicates, when they have a file of their own; else they follow the records.
    pub duplicates: Option<&'a mut dyn Write>,
}

impl<'a> Outputs<'a> {
    /// The records only.
    pub fn report(report: &'a mut dyn Write) -> Outputs<'a> {
        Outputs {
            report,
            split_clean: None,
            split_bad: None,
            duplicates: None,
        }
    }
}

/// What a run found, and the exit status it implies.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub summary: Summary,
    /// Games that fail ([`Filter::fails`]).
    pub failing: u64,
    /// Some input could not be opened or read (said to [`Progress::problem`]).
    pub read_errors: bool,
    /// The run was interrupted.
    pub interrupted: bool,
    /// The inputs read to their end that held no game.
    pub empty_inputs: Vec<PathBuf>,
    pub duplicates: Option<duplicates::Stats>,
    /// With a byte range: where its games began and stopped.
    pub shard: Option<ShardReport>,
}

impl Outcome {
    /// 130 when interrupted, 2 after a read error or when no game was read
    /// ([`Outcome::nothing_read`]), 1 when some game fails, else 0.
    pub fn exit_status(&self) -> u8 {
        if self.interrupted {
            130
        } else if self.read_errors || self.nothing_read() {
            2
        } else if self.failing > 0 {
            1
        } else {
            0
        }
    }

    /// No game was read, and none was to be expected: a run over whole files that found
    /// nothing in them, so that a gate in a script never passes on nothing (a byte range may
    /// hold no game start; that is no failure).
    pub fn nothing_read(&self) -> bool {
        self.summary.games == 0 && self.shard.is_none() && !self.interrupted
    }
}

impl From<Vec<PathBuf>> for Inputs {
    fn from(files: Vec<PathBuf>) -> Inputs {
        Inputs::files(files)
    }
}

impl<const N: usize> From<[PathBuf; N]> for Inputs {
    fn from(files: [PathBuf; N]) -> Inputs {
        Inputs::files(files.to_vec())
    }
}

/// One game, done where it was replayed: its record formatted, and what it adds up to.
struct Done {
    text: Vec<u8>,
    formatted: io::Result<()>,
    tally: Tally,
    bad: bool,
    /// The game's key for the duplicates.
    key: Option<duplicates::Entry>,
}

impl Validator {
    /// Validate every game of `inputs` into `out` with the printer `sink`.
    ///
    /// Errors: the inputs cannot be set up (a byte range of more than one file, a file that
    /// cannot be cut), an output cannot be written (said as `writing the report`, …), the
    /// thread pool cannot be built. A file that cannot be read is no error of the run: it goes
    /// to `progress` and the outcome says so.
    pub fn run(
        &self,
        inputs: &Inputs,
        sink: &dyn Sink,
        out: Outputs<'_>,
        progress: &mut dyn Progress,
    ) -> Result<Outcome, Error> {
        if inputs.byte_range.is_some() && self.duplicates.is_some() {
            return Err(Error::usage(
                "--duplicates needs every game: it cannot go with --byte-range",
            ));
        }
        let pool = pipeline::Pool::new(self.jobs)?;
        self.run_here(inputs, sink, out, progress, &pool)
    }

    fn run_here(
        &self,
        inputs: &Inputs,
        sink: &dyn Sink,
        mut out: Outputs<'_>,
        progress: &mut dyn Progress,
        pool: &pipeline::Pool,
    ) -> Result<Outcome, Error> {
        let report_failed = |e| Error::write("writing the report", e);
        let mut head = Vec::new();
        sink.begin(&mut head)
            .and_then(|()| out.report.write_all(&head))
            .map_err(report_failed)?;
        let parallel = pool.parallel();
        let (mut batches, shard) = inputs.batches(parallel, Arc::clone(&self.interrupt))?;
        let mut finder = self
            .duplicates
            .is_some()
            .then(|| duplicates::Finder::new(16 << 20, None));
        let keys = finder.is_some();
        let mut outcome = Outcome::default();
        let started = std::time::Instant::now();
        let mut watch = Watch {
            inner: progress,
            problems: false,
        };
        let (opts, filter, repair) = (&self.options, &self.filter, self.repair);
        // Replayed, filtered and formatted where the game is: only bytes and counts come
        // back to be written in order.
        let work = |g: &crate::notation::split::RawGame, name: &str, file: usize| {
            let mut r = if repair {
                crate::repair::validate_repaired(g, name, opts)
            } else {
                validate(g, name, opts)
            };
            // The key before the filters: what a copy is does not depend on what is reported.
            let key = if keys {
                duplicates::Entry::of(&r, file as u32)
            } else {
                None
            };
            filter.apply(&mut r);
            let mut text = Vec::new();
            let formatted = if filter.shows(&r) {
                text.reserve(512);
                sink.record(&mut text, &r)
            } else {
                Ok(())
            };
            let done = Done {
                text,
                formatted,
                tally: Tally::of(&r),
                bad: filter.fails(&r),
                key,
            };
            // The tags' strings serve the next game read on this thread.
            crate::notation::game::recycle_tags(std::mem::take(&mut r.tags.0));
            done
        };
        let reading = pipeline::each_batch(
            &mut batches,
            &inputs.files,
            pool,
            work,
            &mut watch,
            |batch, done, bytes_read, progress| {
                let bad: Vec<bool> = done.iter().map(|d| d.bad).collect();
                outcome.failing += bad.iter().filter(|&&b| b).count() as u64;
                // The batch's records go out in one write: an interrupted run leaves whole
                // records.
                let mut chunk = Vec::with_capacity(done.iter().map(|d| d.text.len()).sum());
                for d in done {
                    outcome.summary.add_tally(&d.tally);
                    if let (Some(f), Some(k)) = (finder.as_mut(), d.key) {
                        f.add(k).map_err(|e| {
                            report_failed(io::Error::new(e.kind(), format!("duplicates: {e}")))
                        })?;
                    }
                    d.formatted.map_err(report_failed)?;
                    chunk.extend_from_slice(&d.text);
                }
                out.report.write_all(&chunk).map_err(report_failed)?;
                if out.split_clean.is_some() || out.split_bad.is_some() {
                    let path = inputs.files.get(batch.file).cloned().unwrap_or_default();
                    split::write(
                        batch,
                        &bad,
                        &path,
                        &mut out.split_clean,
                        &mut out.split_bad,
                        progress,
                    )
                    .map_err(|e| Error::write("writing the split files", e))?;
                }
                progress.batch_done(bytes_read, &status(&outcome.summary, started));
                Ok(!self.interrupt.load(Ordering::SeqCst))
            },
        )?;
        drop(batches);
        outcome.interrupted = self.interrupt.load(Ordering::SeqCst);
        outcome.read_errors = watch.problems;
        outcome.shard = pipeline::shard_report(&shard);
        if outcome.shard.is_none() {
            outcome.empty_inputs = reading.empty(&inputs.files);
        }
        // Duplicates come after every game is in (not after an interrupted run: the copies
        // of its games still unread would be missing).
        if let (Some(finder), Some(format)) = (finder, self.duplicates) {
            if !outcome.interrupted {
                outcome.duplicates =
                    Some(write_duplicates(finder, format, &inputs.files, &mut out)?);
            }
        }
        let mut tail = Vec::new();
        sink.end(&mut tail, &outcome.summary)
            .and_then(|()| out.report.write_all(&tail))
            .and_then(|()| out.report.flush())
            .and_then(|()| out.split_clean.as_mut().map_or(Ok(()), |f| f.flush()))
            .and_then(|()| out.split_bad.as_mut().map_or(Ok(()), |f| f.flush()))
            .map_err(report_failed)?;
        Ok(outcome)
    }
}

/// The counts of a run so far, in words, for a progress line.
fn status(s: &Summary, started: std::time::Instant) -> String {
    let secs = started.elapsed().as_secs_f64().max(1e-3);
    // The kinds found most often so far.
    let mut kinds: Vec<(&str, u64)> = s.by_kind.iter().map(|(k, n)| (*k, *n)).collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
    let kinds: Vec<String> = kinds
        .iter()
        .take(3)
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    format!(
        "{} games ({:.0}/s), {} with errors{}{}",
        s.games,
        s.games as f64 / secs,
        s.games_with_errors,
        if kinds.is_empty() { "" } else { "; " },
        kinds.join(", ")
    )
}

/// The groups of copies found, after the records or in a file of their own.
fn write_duplicates(
    finder: duplicates::Finder,
    format: Format,
    files: &[PathBuf],
    out: &mut Outputs<'_>,
) -> Result<duplicates::Stats, Error> {
    let failed = |e| Error::write("duplicates", e);
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    let to_file = out.duplicates.is_some();
    let target: &mut dyn Write = match out.duplicates.as_mut() {
        Some(f) => f,
        None => &mut *out.report,
    };
    let mut target = io::BufWriter::new(target);
    if to_file && format == Format::Csv {
        let mut w = csv::Writer::from_writer(&mut target);
        let header = w
            .write_record(duplicates::CSV_HEADER)
            .map_err(io::Error::from);
        drop(w);
        header.map_err(|e| Error::write("writing the duplicates", e))?;
    }
    if format == Format::Text && !to_file {
        let _ = writeln!(target);
    }
    let mut number = 0u64;
    let found = finder.finish(|g| {
        number += 1;
        match format {
            Format::Text | Format::Html => g.write_text(number, &names, &mut target),
            Format::Jsonl => g.write_json(number, &names, &mut target),
            Format::Csv => g.write_csv(number, &names, &mut target),
        }
    });
    found
        .and_then(|s| target.flush().map(|()| s))
        .map_err(failed)
}

/// The games of a text held in memory, cut as the command-line program cuts a file's (with
/// `prose`, read out of running text first, as `--prose` reads it): for the browser page and
/// the Python package, whose texts come as strings.
///
/// ```
/// let games = scoresheet::bulk::games_of_text("1. e4 e5 *\n\n1. d4 d5 *\n", false);
/// assert_eq!(games.len(), 2);
/// let article = "Rossi – Bianchi, Milano 2026\n\nUna partita breve. 1 e4, e5; 2 Dh5, Cc6; 3 Ac4, Cf6; 4 D:f7 matto.\n";
/// assert_eq!(scoresheet::bulk::games_of_text(article, true).len(), 1);
/// ```
pub fn games_of_text(text: &str, prose: bool) -> Vec<crate::notation::split::RawGame> {
    let bytes = if prose {
        // Reading from memory cannot fail.
        crate::prose::read_all(text.as_bytes()).unwrap_or_default()
    } else {
        text.as_bytes().to_vec()
    };
    // A game the splitter could not cut is no game (it never fails on memory).
    crate::notation::split::GameSplitter::new(&bytes[..])
        .filter_map(Result::ok)
        .collect()
}
