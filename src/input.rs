//! Inputs for bulk validation: directories walked for game files, and compressed files
//! (`.gz`, `.zst`, `.bz2`, `.xz`) decoded as streams, recognised by their extension or by
//! their magic bytes.

use std::{
    fs::File,
    io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        Arc,
    },
};

use crate::notation::{
    decode::{utf16_bom, utf16_to_utf8},
    split::{GameSplitter, RawGame},
};

/// How a file is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    None,
    Gzip,
    Zstd,
    Bzip2,
    Xz,
}

impl Compression {
    /// From the file name's last extension (case-insensitive).
    pub fn from_name(name: &Path) -> Compression {
        let ext = name
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("gz" | "gzip") => Compression::Gzip,
            Some("zst" | "zstd") => Compression::Zstd,
            Some("bz2") => Compression::Bzip2,
            Some("xz") => Compression::Xz,
            _ => Compression::None,
        }
    }

    /// From the first bytes of the data.
    pub fn from_magic(head: &[u8]) -> Compression {
        if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else if head.starts_with(b"BZh") && head.len() >= 4 && (b'1'..=b'9').contains(&head[3]) {
            Compression::Bzip2
        } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
            Compression::Xz
        } else {
            Compression::None
        }
    }
}

/// Fill `head` from the start of `reader` (less only at its end): how many bytes were read.
fn read_head<R: Read + ?Sized>(reader: &mut R, head: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < head.len() {
        match reader.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// `reader` decoded: by the magic bytes at its start, else by the extension of `name`
/// (a file named `.gz` that is not gzip fails to read with the decoder's error). Every
/// decoder streams and reads concatenated members/frames/streams.
pub fn decoded<R: Read + Send + 'static>(
    mut reader: R,
    name: &Path,
) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    let mut head = [0u8; 6];
    let got = read_head(&mut reader, &mut head)?;
    let head = head[..got].to_vec();
    let mut kind = Compression::from_magic(&head);
    if kind == Compression::None {
        kind = Compression::from_name(name);
    }
    let reader = BufReader::with_capacity(1 << 16, io::Cursor::new(head).chain(reader));
    let r: Box<dyn Read + Send> = match kind {
        Compression::None => Box::new(reader),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(reader)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(reader)?),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(reader)),
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(reader)),
    };
    Ok((r, kind))
}

/// Is this the name of a game file a directory walk takes: `*.pgn` or `*.txt`, optionally
/// followed by `.gz`, `.zst`, `.bz2` or `.xz` (case-insensitive)?
pub fn is_game_file(name: &Path) -> bool {
    let mut stem = name.to_path_buf();
    if Compression::from_name(name) != Compression::None {
        stem.set_extension("");
    }
    stem.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("txt"))
}

/// The inputs named on the command line, with every directory replaced by the game files
/// under it (recursively, sorted by path within each directory). Files named explicitly
/// are kept whatever their name; `-` is standard input. Unreadable directories are
/// reported as errors in place.
pub fn expand(paths: &[PathBuf]) -> Vec<io::Result<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() != "-" && p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(Ok(p.clone()));
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<io::Result<PathBuf>>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.push(Err(io::Error::new(
                e.kind(),
                format!("{}: {e}", dir.display()),
            )));
            return;
        }
    };
    // Symbolic links to directories are not followed (a link loop would never end); links
    // to files are read.
    let mut paths: Vec<(PathBuf, bool)> = entries
        .filter_map(|e| e.ok())
        .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
        .collect();
    paths.sort();
    for (p, is_dir) in paths {
        if is_dir {
            walk(&p, out);
        } else if is_game_file(&p) && p.is_file() {
            out.push(Ok(p));
        }
    }
}

/// Copy bytes `start..start + len` of the file at `path` to `out`, if it is a regular,
/// uncompressed file that is not UTF-16 (whose offsets are those of the input itself).
pub fn copy_range<W: Write>(path: &Path, start: u64, len: u64, out: &mut W) -> io::Result<()> {
    if path.as_os_str() == "-" {
        return Err(io::Error::other("standard input cannot be read again"));
    }
    let mut f = File::open(path)?;
    if !f.metadata()?.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    let mut head = [0u8; 6];
    let n = f.read(&mut head)?;
    let head = &head[..n];
    if Compression::from_magic(head) != Compression::None
        || Compression::from_name(path) != Compression::None
    {
        return Err(io::Error::other("a compressed file"));
    }
    if crate::notation::decode::utf16_bom(head).is_some() {
        return Err(io::Error::other("a UTF-16 file"));
    }
    f.seek(SeekFrom::Start(start))?;
    let copied = io::copy(&mut f.take(len), out)?;
    if copied != len {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the file is shorter than when it was read",
        ));
    }
    Ok(())
}

/// Counts the bytes read from a file before decoding: how far into the file a run is, for
/// progress bars (whose totals are file sizes, compressed or not).
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An input opened for splitting: its name in reports, its decoded bytes, and its size on
/// disk. Compressed files and standard input stream; UTF-16 is transcoded whole first.
/// `read` counts the raw bytes consumed.
pub fn open(
    path: &Path,
    read: Arc<AtomicU64>,
) -> io::Result<(String, Box<dyn BufRead + Send>, Option<u64>)> {
    let (name, mut reader, len): (String, Box<dyn Read + Send>, Option<u64>) =
        if path.as_os_str() == "-" {
            let counted = Counting {
                inner: io::stdin(),
                count: read,
            };
            let (r, _) = decoded(counted, path)?;
            ("-".into(), r, None)
        } else {
            let f = File::open(path)?;
            let len = f.metadata().ok().map(|m| m.len());
            let counted = Counting {
                inner: f,
                count: read,
            };
            let (r, _) = decoded(counted, path)?;
            (path.display().to_string(), r, len)
        };
    let mut head = [0u8; 2];
    let got = read_head(&mut reader, &mut head)?;
    let head = head[..got].to_vec();
    if let Some(little) = utf16_bom(&head) {
        let mut all = head;
        reader.read_to_end(&mut all)?;
        let text = utf16_to_utf8(&all, little);
        return Ok((name, Box::new(io::Cursor::new(text.into_bytes())), len));
    }
    let chained = io::Cursor::new(head).chain(reader);
    Ok((
        name,
        Box::new(BufReader::with_capacity(1 << 20, chained)),
        len,
    ))
}

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
    /// Bytes of the games.
    pub bytes: usize,
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
                    bytes,
                    error,
                }));
            }
            let file = self.next_file;
            let path = self.files.get(file)?;
            self.next_file += 1;
            match open(path, Arc::clone(&self.read)) {
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
        Batches::start(files, None, threaded, stop)
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
        let batches = Batches::start(vec![path], Some((0, name, current)), threaded, stop);
        Ok((batches, report))
    }

    fn start(
        files: Vec<PathBuf>,
        opened: Option<(usize, String, Splitter)>,
        threaded: bool,
        stop: Arc<AtomicBool>,
    ) -> Batches {
        let read = Arc::new(AtomicU64::new(0));
        let reader = Box::new(Reader {
            next_file: if opened.is_some() { files.len() } else { 0 },
            files,
            current: opened,
            read: Arc::clone(&read),
            stop,
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

/// Whether `input` (`-`: whatever standard input reads) is the file `output` names: the same
/// device and inode, so that a link, another spelling of the path or a redirection
/// (`-o it.txt - < it.txt`) is seen too. Creating the output would empty the input.
pub fn same_file(input: &Path, output: &Path) -> bool {
    let Ok(out) = std::fs::metadata(output) else {
        // An output that does not exist yet is no input.
        return false;
    };
    let input = if input.as_os_str() == "-" {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|f| f.metadata())
    } else {
        std::fs::metadata(input)
    };
    input.is_ok_and(|input| same_inode(&input, &out))
}

#[cfg(unix)]
fn same_inode(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_inode(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}
