//! Bulk conversion: every game of the inputs written as PGN in export format, in input
//! order, converted on the thread pool — `scoresheet convert` as a library.

use std::{
    io::Write,
    sync::{atomic::AtomicBool, Arc},
};

use super::{
    pipeline::{self, Watch},
    Inputs, Progress,
};
use crate::{
    error::Error,
    export::{convert_game, ConvertOptions, Converted},
    shard::ShardReport,
};

/// How a bulk conversion runs.
///
/// ```
/// use scoresheet::bulk::{Converter, Silent};
/// let dir = std::env::temp_dir().join(format!("scoresheet-doc-convert-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("it.txt");
/// std::fs::write(&file, "1. e4 e5 2. Cf3 Cc6 3. Ab5 *\n").unwrap();
/// let mut pgn = Vec::new();
/// let outcome = Converter::default().run(&vec![file].into(), &mut pgn, &mut Silent).unwrap();
/// assert_eq!(outcome.whole, 1);
/// assert!(String::from_utf8(pgn).unwrap().contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 *"));
/// # std::fs::remove_dir_all(&dir).ok();
/// ```
#[derive(Debug, Clone, Default)]
pub struct Converter {
    pub options: ConvertOptions,
    /// Leave out the games that cannot be converted whole, instead of writing them up to their
    /// last good move.
    pub strict: bool,
    /// Threads: `None` runs on the global pool; `Some(0)` one per core.
    pub jobs: Option<usize>,
    /// Write a game that does not replay as written as its most likely legal reading
    /// ([`crate::repair::convert_repaired`]).
    pub repair: bool,
}

/// What a conversion did, and the exit status it implies.
#[derive(Debug, Clone, Default)]
pub struct ConvertOutcome {
    pub games: u64,
    /// Converted whole.
    pub whole: u64,
    /// Written up to their last good move.
    pub partial: u64,
    /// Left out (`strict`).
    pub skipped: u64,
    /// Some input could not be opened or read.
    pub read_errors: bool,
    /// The inputs read to their end that held no game.
    pub empty_inputs: Vec<std::path::PathBuf>,
    pub shard: Option<ShardReport>,
}

impl ConvertOutcome {
    /// 2 after a read error, 1 when some game was not converted whole, else 0.
    pub fn exit_status(&self) -> u8 {
        if self.read_errors || self.nothing_read() {
            2
        } else if self.partial + self.skipped > 0 {
            1
        } else {
            0
        }
    }
}

impl ConvertOutcome {
    /// No game was read, and none was to be expected: a run over whole files that found
    /// nothing in them (a byte range may hold no game start; that is no failure).
    pub fn nothing_read(&self) -> bool {
        self.games == 0 && self.shard.is_none()
    }
}

impl Converter {
    /// Convert every game of `inputs` into `out`, a blank line between games. Each game not
    /// converted whole is said to `progress` as a note (`FILE: game N (line L) not converted
    /// whole: why`).
    pub fn run(
        &self,
        inputs: &Inputs,
        out: &mut dyn Write,
        progress: &mut dyn Progress,
    ) -> Result<ConvertOutcome, Error> {
        let pool = pipeline::Pool::new(self.jobs)?;
        self.run_here(inputs, out, progress, &pool)
    }

    fn run_here(
        &self,
        inputs: &Inputs,
        out: &mut dyn Write,
        progress: &mut dyn Progress,
        pool: &pipeline::Pool,
    ) -> Result<ConvertOutcome, Error> {
        let failed = |e| Error::write("writing the PGN", e);
        let parallel = pool.parallel();
        // A conversion is not interrupted between batches.
        let (mut batches, shard) = inputs.batches(parallel, Arc::new(AtomicBool::new(false)))?;
        let mut outcome = ConvertOutcome::default();
        let opts = &self.options;
        let repair = self.repair;
        let prose = inputs.prose;
        let work = |g: &crate::notation::split::RawGame, name: &str, _file: usize| {
            convert_one(g, name, opts, repair, prose)
        };
        let mut watch = Watch {
            inner: progress,
            problems: false,
        };
        let reading = pipeline::each_batch(
            &mut batches,
            &inputs.files,
            pool,
            work,
            &mut watch,
            |batch, converted: Vec<Converted>, bytes_read, progress| {
                for c in &converted {
                    outcome.games += 1;
                    if !c.complete {
                        let r = &c.record;
                        let what = if self.strict {
                            "left out"
                        } else {
                            "not converted whole"
                        };
                        progress.note(&format!(
                            "{}: game {} (line {}) {what}: {}",
                            batch.name,
                            r.game,
                            r.line,
                            c.problems.join("; ")
                        ));
                        if self.strict {
                            outcome.skipped += 1;
                            continue;
                        }
                        outcome.partial += 1;
                    } else {
                        outcome.whole += 1;
                    }
                    // A blank line between games.
                    let sep: &[u8] = if outcome.whole + outcome.partial > 1 {
                        b"\n"
                    } else {
                        b""
                    };
                    out.write_all(sep)
                        .and_then(|()| out.write_all(c.pgn.as_bytes()))
                        .map_err(failed)?;
                }
                let not_whole = outcome.partial + outcome.skipped;
                progress.batch_done(
                    bytes_read,
                    &format!("{} games, {not_whole} not whole", outcome.games),
                );
                Ok(true)
            },
        )?;
        drop(batches);
        out.flush().map_err(failed)?;
        outcome.read_errors = watch.problems;
        outcome.shard = pipeline::shard_report(&shard);
        if outcome.shard.is_none() {
            outcome.empty_inputs = reading.empty(&inputs.files);
        }
        Ok(outcome)
    }
}

/// One game converted as `scoresheet convert` converts it (`repair`: `--repair`; `prose`: the
/// game was read out of running text by `--prose`): never called whole when its text stops
/// without a result (`--prose`) or when moves of it went into a `;` comment. The bulk
/// converter, the browser page and the Python package all convert through here.
pub fn convert_one(
    g: &crate::notation::split::RawGame,
    name: &str,
    opts: &ConvertOptions,
    repair: bool,
    prose: bool,
) -> Converted {
    let mut c = if repair {
        crate::repair::convert_repaired(g, name, opts)
    } else {
        convert_game(g, name, opts)
    };
    // A text that stops without a result may be short of its game: never "whole".
    let stops = crate::prose::STOPS_WITHOUT_RESULT.as_bytes();
    if prose && c.complete && g.game_bytes().windows(stops.len()).any(|w| w == stops) {
        c.complete = false;
        c.problems.push(
            "the text stops without a result (no sign, no word, no mate): a cut \
             article? Its moves are written up to where it stops"
                .to_string(),
        );
    }
    // Moves read as a `;` comment are moves of the game lost: never "whole".
    if c.complete {
        if let Some(rest) = crate::prose::moves_in_line_comment(g.game_bytes()) {
            c.complete = false;
            c.problems.push(format!(
                "moves after a `;` went into a comment (`;` starts a comment in \
                 PGN; --prose reads it as published text's separator): {}",
                crate::prose::shorten(&rest)
            ));
        }
    }
    c
}
