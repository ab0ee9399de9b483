//! The engine under every bulk command: the batches of the inputs, each game worked on the
//! thread pool, the results handed back in input order.

use std::{
    path::PathBuf,
    sync::{atomic::AtomicBool, Arc, Mutex},
};

use rayon::prelude::*;

use crate::{
    bulk::batches::{Batch, Batches, Event},
    error::Error,
    notation::split::RawGame,
    shard::{ByteRange, ShardReport},
};

/// What a bulk run tells its caller while it goes: problems that do not stop it, and its
/// progress after every batch. Every method has a default that does nothing.
pub trait Progress {
    /// An input could not be opened, or its read failed half-way; the run goes on with the
    /// next one and ends as a failed run.
    fn problem(&mut self, _e: &Error) {}

    /// A remark on one game (`convert`: a game not converted whole).
    fn note(&mut self, _message: &str) {}

    /// A batch is done: `bytes_read` of the inputs (as stored) so far, and the run's counts
    /// in words (`120 games (4000/s), 3 with errors; illegal_move 3`).
    fn batch_done(&mut self, _bytes_read: u64, _status: &str) {}
}

/// A [`Progress`] that also remembers whether a problem was seen.
pub(crate) struct Watch<'a> {
    pub inner: &'a mut dyn Progress,
    pub problems: bool,
}

impl Progress for Watch<'_> {
    fn problem(&mut self, e: &Error) {
        self.problems = true;
        self.inner.problem(e);
    }

    fn note(&mut self, message: &str) {
        self.inner.note(message);
    }

    fn batch_done(&mut self, bytes_read: u64, status: &str) {
        self.inner.batch_done(bytes_read, status);
    }
}

/// A [`Progress`] that ignores everything.
pub struct Silent;

impl Progress for Silent {}

/// A shard's report, filled in by the reader as it goes.
pub(crate) type SharedShard = Arc<Mutex<ShardReport>>;

/// The inputs of a run: whole files, or the byte range of one file (`--byte-range`, with
/// the line number of its first byte).
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    pub files: Vec<PathBuf>,
    pub byte_range: Option<(ByteRange, u64)>,
    /// `--prose`: the files are running text with games in it ([`crate::prose`]).
    pub prose: bool,
}

impl Inputs {
    /// The inputs `named`: standard input (`-`) when none is, every directory and ZIP
    /// archive replaced by the game files in it ([`crate::input::expand`]); the directories
    /// that cannot be read, and what the walk passed over, come back beside them.
    pub fn named(named: &[PathBuf]) -> (Inputs, Vec<std::io::Error>, crate::input::Skipped) {
        if named.is_empty() {
            return (
                Inputs::files(vec![PathBuf::from("-")]),
                Vec::new(),
                Default::default(),
            );
        }
        let walk = crate::input::expand(named);
        (Inputs::files(walk.files), walk.errors, walk.skipped)
    }

    pub fn files(files: Vec<PathBuf>) -> Inputs {
        Inputs {
            files,
            byte_range: None,
            prose: false,
        }
    }

    /// The batches of the inputs, and the shard's report when the run is a byte range.
    pub(crate) fn batches(
        &self,
        parallel: bool,
        stop: Arc<AtomicBool>,
    ) -> Result<(Batches, Option<SharedShard>), Error> {
        let Some((range, first_line)) = self.byte_range else {
            let files = self.files.clone();
            let batches = if self.prose {
                Batches::prose(files, parallel, stop)
            } else {
                Batches::new(files, parallel, stop)
            };
            return Ok((batches, None));
        };
        let [file] = &self.files[..] else {
            return Err(Error::usage("--byte-range takes exactly one file"));
        };
        if self.prose {
            return Err(Error::usage("--byte-range does not go with --prose"));
        }
        Batches::shard(file.clone(), range, first_line, parallel, stop)
            .map(|(b, report)| (b, Some(report)))
            .map_err(|e| Error::read(file.display().to_string(), e))
    }
}

/// A shard's report as it stands (complete once the batches have ended).
pub(crate) fn shard_report(shard: &Option<SharedShard>) -> Option<ShardReport> {
    shard
        .as_ref()
        .map(|r| r.lock().unwrap_or_else(|e| e.into_inner()).clone())
}

/// Every batch of `batches`, each game through `work` (on `pool`), the
/// results handed to `done` in input order with their batch. An input that cannot be opened
/// goes to `progress`, and so does the read error that ended a file (after its games).
/// `done` is given the bytes read so far and says whether to go on.
pub(crate) fn each_batch<T: Send>(
    batches: &mut Batches,
    files: &[PathBuf],
    pool: &Pool,
    work: impl Fn(&RawGame, &str, usize) -> T + Sync,
    progress: &mut dyn Progress,
    mut done: impl FnMut(&Batch, Vec<T>, u64, &mut dyn Progress) -> Result<bool, Error>,
) -> Result<Reading, Error> {
    let read = Arc::clone(&batches.read);
    let mut reading = Reading {
        games: vec![0; files.len()],
        unreadable: vec![false; files.len()],
        stopped: false,
    };
    for event in batches {
        let mut batch = match event {
            Event::Batch(b) => b,
            Event::Unreadable { file, error } => {
                if let Some(u) = reading.unreadable.get_mut(file) {
                    *u = true;
                }
                let name = files.get(file).map(|p| p.display().to_string());
                progress.problem(&Error::read(name.unwrap_or_default(), error));
                continue;
            }
        };
        if let Some(n) = reading.games.get_mut(batch.file) {
            *n += batch.games.len() as u64;
        }
        let (name, file) = (batch.name.as_str(), batch.file);
        let one = |g: &RawGame| work(g, name, file);
        let results = pool.map(&batch.games, one);
        let bytes_read = read.load(std::sync::atomic::Ordering::Relaxed);
        let go_on = done(&batch, results, bytes_read, progress)?;
        if let Some(e) = batch.error.take() {
            if let Some(u) = reading.unreadable.get_mut(batch.file) {
                *u = true;
            }
            progress.problem(&Error::read(batch.name.clone(), e));
        }
        if !go_on {
            reading.stopped = true;
            break;
        }
    }
    Ok(reading)
}

/// What the reading of a run's inputs came to, file by file.
pub(crate) struct Reading {
    /// Games read from each input.
    pub games: Vec<u64>,
    /// The inputs that could not be opened, or whose read failed.
    pub unreadable: Vec<bool>,
    /// The run stopped before the end of its inputs.
    pub stopped: bool,
}

impl Reading {
    /// The inputs read to their end without an error and without a game in them (none when
    /// the run stopped early: the unread ones are no news).
    pub fn empty(&self, files: &[PathBuf]) -> Vec<PathBuf> {
        if self.stopped {
            return Vec::new();
        }
        files
            .iter()
            .zip(self.games.iter().zip(&self.unreadable))
            .filter(|(_, (&n, &bad))| n == 0 && !bad)
            .map(|(p, _)| p.clone())
            .collect()
    }
}

/// The threads games are worked on: a pool of `jobs` threads (0: one per core), or rayon's
/// global pool when `jobs` is `None`.
pub(crate) struct Pool(Option<rayon::ThreadPool>);

impl Pool {
    pub fn new(jobs: Option<usize>) -> Result<Pool, Error> {
        match jobs {
            None => Ok(Pool(None)),
            Some(j) => rayon::ThreadPoolBuilder::new()
                .num_threads(j)
                .build()
                .map(|p| Pool(Some(p)))
                .map_err(|e| Error::usage(format!("cannot set up {j} threads: {e}"))),
        }
    }

    /// More than one thread: read on a thread of its own, replay on the pool.
    pub fn parallel(&self) -> bool {
        match &self.0 {
            Some(p) => p.current_num_threads() > 1,
            None => rayon::current_num_threads() > 1,
        }
    }

    fn map<T: Send>(&self, games: &[RawGame], one: impl Fn(&RawGame) -> T + Sync + Send) -> Vec<T> {
        if !self.parallel() {
            return games.iter().map(one).collect();
        }
        match &self.0 {
            Some(p) => p.install(|| games.par_iter().map(one).collect()),
            None => games.par_iter().map(one).collect(),
        }
    }
}
