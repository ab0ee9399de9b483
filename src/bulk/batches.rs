//! Batches of games: the inputs read and split in order, a batch at a time, on a reader
//! thread of their own when the run is parallel.

use std::{
    io,
    path::PathBuf,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        Arc,
    },
};

use crate::{
    input::open,
    notation::split::{GameSplitter, RawGame},
};

/// Games handed out together: up to [`BATCH_GAMES`] games or [`BATCH_BYTES`] bytes of one
/// file, in input order. With the batch in flight and one being read, this bounds the
/// memory of a run whatever the size of its input (a single game can hold up to
/// [`crate::notation::split::MAX_GAME_BYTES`]).
pub const BATCH_GAMES: usize = 1024;
pub const BATCH_BYTES: usize = 4 << 20;

/// One batch of games of the input file `file` (index into the list given to [`Batches`]).
pub struct Batch {
    pub file: usize,
    pub name: String,
    pub games: Vec<RawGame>,
    /// The read error that ended the file after these games.
    pub error: Option<io::Error>,
}

/// What [`Batches`] hands out, in input order.
pub enum Event {
    Batch(Batch),
    /// The file could not be opened; the run goes on with the next.
    Unreadable {
        file: usize,
        error: io::Error,
    },
}

/// The batches of a list of inputs, in order: read and split on the calling thread, or on a
/// reader thread of its own that keeps one batch ready while the last one is processed.
/// Reading stops early, at a batch boundary, once `stop` is set.
pub struct Batches {
    source: Source,
    /// Raw bytes read from the inputs so far (file sizes on disk, compressed or not).
    pub read: Arc<AtomicU64>,
}

enum Source {
    Inline(Box<Reader>),
    Thread(std::sync::mpsc::Receiver<Event>),
}

/// The games of one input: a whole file's splitter, or a [`crate::shard::Shard`].
type Splitter = Box<dyn Iterator<Item = io::Result<RawGame>> + Send>;

struct Reader {
    files: Vec<PathBuf>,
    next_file: usize,
    /// The file being split: its index and name, and its splitter.
    current: Option<(usize, String, Splitter)>,
    read: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    /// `--prose`: each file is running text, read whole and turned into PGN first.
    prose: bool,
}

impl Reader {
    fn next_event(&mut self) -> Option<Event> {
        loop {
            if self.stop.load(Ordering::SeqCst) {
                return None;
            }
            if let Some((file, name, splitter)) = &mut self.current {
                let (file, mut games, mut bytes) = (*file, Vec::new(), 0);
                let mut error = None;
                let mut ended = false;
                while games.len() < BATCH_GAMES && bytes < BATCH_BYTES {
                    match splitter.next() {
                        Some(Ok(g)) => {
                            bytes += g.bytes.len();
                            games.push(g);
                        }
                        Some(Err(e)) => {
                            error = Some(e);
                            ended = true;
                            break;
                        }
                        None => {
                            ended = true;
                            break;
                        }
                    }
                }
                let name = name.clone();
                if ended {
                    self.current = None;
                }
                if games.is_empty() && error.is_none() {
                    continue;
                }
                return Some(Event::Batch(Batch {
                    file,
                    name,
                    games,
                    error,
                }));
            }
            let file = self.next_file;
            let path = self.files.get(file)?;
            self.next_file += 1;
            match open(path, Arc::clone(&self.read)) {
                Ok((name, reader, _)) if self.prose => match crate::prose::read_all(reader) {
                    Ok(pgn) => {
                        let reader = io::Cursor::new(pgn);
                        self.current = Some((file, name, Box::new(GameSplitter::new(reader))));
                    }
                    Err(error) => return Some(Event::Unreadable { file, error }),
                },
                Ok((name, reader, _)) => {
                    self.current = Some((file, name, Box::new(GameSplitter::new(reader))));
                }
                Err(error) => return Some(Event::Unreadable { file, error }),
            }
        }
    }
}

impl Batches {
    /// `threaded`: read on a thread of its own (for parallel runs; a one-thread run reads
    /// on the calling thread).
    pub fn new(files: Vec<PathBuf>, threaded: bool, stop: Arc<AtomicBool>) -> Batches {
        Batches::start(files, None, threaded, stop, false)
    }

    /// As [`Batches::new`], each file read as running text with games in it (`--prose`,
    /// [`crate::prose`]).
    pub fn prose(files: Vec<PathBuf>, threaded: bool, stop: Arc<AtomicBool>) -> Batches {
        Batches::start(files, None, threaded, stop, true)
    }

    /// The batches of the shard `range` of one file ([`crate::shard::open`]; `start_line`
    /// is the line number of byte `range.start`), and the shard's report, complete once the
    /// batches have ended. Errors: the file cannot be opened or cut.
    pub fn shard(
        path: PathBuf,
        range: crate::shard::ByteRange,
        start_line: u64,
        threaded: bool,
        stop: Arc<AtomicBool>,
    ) -> io::Result<(Batches, Arc<std::sync::Mutex<crate::shard::ShardReport>>)> {
        let shard = crate::shard::open(&path, range, start_line)?;
        let report = shard.report();
        let name = if path.as_os_str() == "-" {
            "-".to_string()
        } else {
            path.display().to_string()
        };
        let current: Splitter = Box::new(shard);
        let batches = Batches::start(vec![path], Some((0, name, current)), threaded, stop, false);
        Ok((batches, report))
    }

    fn start(
        files: Vec<PathBuf>,
        opened: Option<(usize, String, Splitter)>,
        threaded: bool,
        stop: Arc<AtomicBool>,
        prose: bool,
    ) -> Batches {
        let read = Arc::new(AtomicU64::new(0));
        let reader = Box::new(Reader {
            next_file: if opened.is_some() { files.len() } else { 0 },
            files,
            current: opened,
            read: Arc::clone(&read),
            stop,
            prose,
        });
        let source = if threaded {
            let (tx, rx) = std::sync::mpsc::sync_channel(1);
            // Handed to the thread through a slot, so that it is still here (with a shard
            // that cannot be opened again) when no thread can be had.
            let slot = Arc::new(std::sync::Mutex::new(Some(reader)));
            let theirs = Arc::clone(&slot);
            let spawned = std::thread::Builder::new()
                .name("reader".into())
                .spawn(move || {
                    let taken = theirs.lock().ok().and_then(|mut r| r.take());
                    if let Some(mut r) = taken {
                        while let Some(ev) = r.next_event() {
                            if tx.send(ev).is_err() {
                                break;
                            }
                        }
                    }
                });
            // No thread to be had (the closure never ran): the run reads on the calling thread.
            let left = || slot.lock().ok().and_then(|mut r| r.take());
            match spawned.map_err(|_| left()) {
                Err(Some(r)) => Source::Inline(r),
                _ => Source::Thread(rx),
            }
        } else {
            Source::Inline(reader)
        };
        Batches { source, read }
    }
}

impl Iterator for Batches {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        match &mut self.source {
            Source::Inline(r) => r.next_event(),
            Source::Thread(rx) => rx.recv().ok(),
        }
    }
}
