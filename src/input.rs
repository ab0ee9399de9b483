//! Inputs for bulk validation: directories walked for game files, ZIP archives read member
//! by member, and compressed files (`.gz`, `.zst`, `.bz2`, `.xz`) decoded as streams,
//! recognised by their extension or by their magic bytes. Reports this program wrote are
//! never read back as games.
//!
//! ```
//! use scoresheet::input::{is_game_file, Compression};
//! use std::path::Path;
//! assert!(is_game_file(Path::new("club/2024.pgn.zst")));
//! assert!(!is_game_file(Path::new("club/notes.doc")));
//! assert_eq!(Compression::from_magic(&[0x1f, 0x8b, 8, 0]), Compression::Gzip);
//! ```

use std::{
    fs::File,
    io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
};

use crate::notation::decode::{utf16_bom, utf16_to_utf8};

/// How a file is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
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
        #[cfg(feature = "native")]
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(reader)?),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(reader)),
        #[cfg(feature = "native")]
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(reader)),
        #[cfg(not(feature = "native"))]
        Compression::Zstd | Compression::Xz => {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!("{kind:?} input needs a build with the `native` feature (the command-line program has it)"),
            ))
        }
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

/// What a walk of the inputs came to: the files to read, the directories that could not be
/// read, and what it passed over.
#[derive(Debug, Default)]
pub struct Walk {
    pub files: Vec<PathBuf>,
    pub errors: Vec<io::Error>,
    pub skipped: Skipped,
}

/// What a walk passed over.
#[derive(Debug, Default)]
pub struct Skipped {
    /// Reports this program wrote (`validate`'s text report, `envelope`'s, `position`'s),
    /// which are never read back as games, and what each one is.
    pub own_reports: Vec<(PathBuf, &'static str)>,
    /// Other files under the directories walked and in the ZIP archives read, by extension
    /// (`(none)` for a name without one).
    pub others: std::collections::BTreeMap<String, u64>,
}

impl Skipped {
    /// What was passed over, in one line (`None` when nothing was).
    pub fn said(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some((first, what)) = self.own_reports.first() {
            let n = self.own_reports.len();
            parts.push(if n == 1 {
                format!(
                    "{} ({what} written by scoresheet, never read back as games)",
                    first.display()
                )
            } else {
                format!(
                    "{n} reports written by scoresheet, never read back as games ({}, ...)",
                    first.display()
                )
            });
        }
        let others: u64 = self.others.values().sum();
        if others > 0 {
            let kinds: Vec<String> = self
                .others
                .iter()
                .map(|(ext, n)| format!("{ext} {n}"))
                .collect();
            parts.push(format!(
                "{others} file{} not *.pgn or *.txt ({})",
                if others == 1 { "" } else { "s" },
                kinds.join(", ")
            ));
        }
        (!parts.is_empty()).then(|| format!("skipped {}", parts.join("; ")))
    }
}

/// The inputs named on the command line, with every directory replaced by the game files
/// under it (recursively, sorted by path within each directory) and every ZIP archive by its
/// game files (`archive.zip/member.pgn`). Files named explicitly are kept whatever their
/// name; `-` is standard input. Reports this program wrote are passed over, named or found
/// ([`own_report`]). Unreadable directories and archives are errors, in place.
pub fn expand(paths: &[PathBuf]) -> Walk {
    let mut walk = Walk::default();
    for p in paths {
        if p.as_os_str() != "-" && p.is_dir() {
            walk_dir(p, &mut walk);
        } else {
            take_file(p, true, &mut walk);
        }
    }
    walk
}

fn walk_dir(dir: &Path, walk: &mut Walk) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            walk.errors
                .push(io::Error::new(e.kind(), format!("{}: {e}", dir.display())));
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
            walk_dir(&p, walk);
        } else if p.is_file() {
            take_file(&p, false, walk);
        }
    }
}

/// One file of the inputs: a ZIP archive's game files, a game file, or (found in a walk, not
/// named) something else, counted by its extension.
fn take_file(p: &Path, named: bool, walk: &mut Walk) {
    if p.as_os_str() == "-" {
        walk.files.push(p.to_path_buf());
        return;
    }
    let zip_named = p.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip"));
    if !named && !zip_named && !is_game_file(p) {
        count_other(p, &mut walk.skipped);
        return;
    }
    // One read of the file's start tells a ZIP archive (by its header, when named
    // otherwise) and a report of this program's own.
    let mut head = vec![0u8; 4096];
    let got = File::open(p)
        .and_then(|mut f| read_head(&mut f, &mut head))
        .unwrap_or(0);
    head.truncate(got);
    if zip_named || zip_header(&head) {
        match zip_members(p) {
            Ok(members) => {
                for m in members {
                    if is_game_file(Path::new(&m)) {
                        walk.files
                            .push(PathBuf::from(format!("{}/{m}", p.display())));
                    } else {
                        count_other(Path::new(&m), &mut walk.skipped);
                    }
                }
            }
            Err(e) => walk
                .errors
                .push(io::Error::new(e.kind(), format!("{}: {e}", p.display()))),
        }
        return;
    }
    if let Some(what) = own_report(&head) {
        walk.skipped.own_reports.push((p.to_path_buf(), what));
        return;
    }
    walk.files.push(p.to_path_buf());
}

fn count_other(p: &Path, skipped: &mut Skipped) {
    let ext = p
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy().to_lowercase()))
        .unwrap_or_else(|| "(none)".into());
    *skipped.others.entry(ext).or_default() += 1;
}

/// Is `head` (a file's first bytes) the start of a report this program writes in text:
/// `validate`'s (`FILE:LINE: game N: …  [lang; N plies; OK]`, in English or Italian),
/// `envelope`'s (`== FILE.toml ==`, or `== FILE ==` then `Checks:`) or `position`'s (a FEN, then `  to move:`)?
/// Says which. A game file never starts so.
pub fn own_report(head: &[u8]) -> Option<&'static str> {
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
    let first = lines.next()?.trim_end();
    let next: Vec<&str> = lines.take(4).collect();
    if is_game_heading(first) {
        return Some("a validate report");
    }
    let envelope_named = first
        .strip_prefix("== ")
        .and_then(|f| f.strip_suffix(" =="))
        .is_some_and(|name| {
            let name = name.to_ascii_lowercase();
            name.ends_with(".toml") || name.ends_with(".json")
        });
    let checks = next
        .iter()
        .any(|l| matches!(l.trim_end(), "Checks:" | "Controlli:"));
    if first.starts_with("== ") && first.ends_with(" ==") && (envelope_named || checks) {
        return Some("an envelope report");
    }
    if first.split('/').count() == 8
        && next.first().is_some_and(|l| {
            l.starts_with("  to move: ")
                || l.starts_with("  al tratto: ")
                || l.starts_with("  tratto: ")
        })
    {
        return Some("a position report");
    }
    None
}

/// `FILE:LINE: game N: …]` (or `partita N`), the line that opens a game in `validate`'s text.
fn is_game_heading(line: &str) -> bool {
    let Some(rest) = ["game ", "partita "]
        .iter()
        .find_map(|w| line.find(&format!(": {w}")).map(|at| (at, w.len())))
    else {
        return false;
    };
    let (at, word) = rest;
    let before = &line[..at];
    let number_before = before
        .rsplit_once(':')
        .is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let after = &line[at + 2 + word..];
    let number_after = after
        .split_once(':')
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    number_before && number_after && line.ends_with(']')
}

/// Is `p` a ZIP archive: a regular file whose name ends `.zip`, or that starts with a ZIP
/// header?
pub fn is_zip(p: &Path) -> bool {
    if !p.is_file() {
        return false;
    }
    if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip")) {
        return true;
    }
    let mut head = [0u8; 4];
    std::fs::File::open(p)
        .and_then(|mut f| read_head(&mut f, &mut head))
        .is_ok_and(|n| zip_header(&head[..n]))
}

/// Does `head` start as a ZIP archive (a member's header, or the end of an empty archive)?
fn zip_header(head: &[u8]) -> bool {
    head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06")
}

fn zip_error(e: zip::result::ZipError) -> io::Error {
    match e {
        zip::result::ZipError::Io(e) => e,
        other => io::Error::new(io::ErrorKind::InvalidData, other.to_string()),
    }
}

/// The names of the files in the ZIP archive at `p`, in the archive's order (folders left
/// out).
fn zip_members(p: &Path) -> io::Result<Vec<String>> {
    let archive = zip::ZipArchive::new(File::open(p)?).map_err(zip_error)?;
    Ok(archive
        .file_names()
        .filter_map(|n| n.ok())
        .filter(|n| !n.ends_with('/'))
        .map(|n| n.trim_start_matches('/').to_string())
        .collect())
}

/// `archive.zip/member.pgn`: the archive (a regular file that is a ZIP archive) and the
/// member's name, when `path` names a file inside one.
fn zip_member(path: &Path) -> Option<(PathBuf, String)> {
    let full = path.to_str()?;
    path.ancestors().skip(1).find_map(|a| {
        let prefix = a.to_str()?;
        if prefix.is_empty() || !a.is_file() || !is_zip(a) {
            return None;
        }
        let member = full.get(prefix.len()..)?.trim_start_matches('/');
        Some((a.to_path_buf(), member.to_string()))
    })
}

/// A member of a ZIP archive, decompressed as it is read (and its checksum checked by the
/// `zip` crate) on a thread of its own, which hands the bytes over in blocks.
fn open_zip_member(archive: &Path, member: &str) -> io::Result<Box<dyn Read + Send>> {
    let mut zip = zip::ZipArchive::new(File::open(archive)?).map_err(zip_error)?;
    let index = zip
        .index_for_name(member)
        .or_else(|| zip.index_for_name(&format!("/{member}")))
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("no file {member} in the archive"),
            )
        })?;
    // Opened here, so that a member that cannot be read (an unknown compression method, a
    // password) is said when the file is opened.
    zip.by_index(index).map_err(zip_error)?;
    let (send, blocks) = std::sync::mpsc::sync_channel::<io::Result<Vec<u8>>>(4);
    std::thread::spawn(move || {
        let mut file = match zip.by_index(index) {
            Ok(f) => f,
            Err(e) => {
                let _ = send.send(Err(zip_error(e)));
                return;
            }
        };
        loop {
            let mut block = vec![0u8; 1 << 16];
            match file.read(&mut block) {
                Ok(0) => return,
                Ok(n) => {
                    block.truncate(n);
                    if send.send(Ok(block)).is_err() {
                        return;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = send.send(Err(e));
                    return;
                }
            }
        }
    });
    Ok(Box::new(Blocks {
        blocks,
        block: Vec::new(),
        at: 0,
    }))
}

/// The reading end of [`open_zip_member`].
struct Blocks {
    blocks: std::sync::mpsc::Receiver<io::Result<Vec<u8>>>,
    block: Vec<u8>,
    at: usize,
}

impl Read for Blocks {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.block.len() {
            match self.blocks.recv() {
                Ok(Ok(block)) => {
                    self.block = block;
                    self.at = 0;
                }
                Ok(Err(e)) => return Err(e),
                // The member's end: the thread is done.
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.block.len() - self.at);
        buf[..n].copy_from_slice(&self.block[self.at..self.at + n]);
        self.at += n;
        Ok(n)
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
    let (name, mut reader, len): (String, Box<dyn Read + Send>, Option<u64>) = if path.as_os_str()
        == "-"
    {
        let counted = Counting {
            inner: io::stdin(),
            count: read,
        };
        let (r, _) = decoded(counted, path)?;
        ("-".into(), r, None)
    } else if let (Err(_), Some((archive, member))) = (std::fs::metadata(path), zip_member(path)) {
        let counted = Counting {
            inner: open_zip_member(&archive, &member)?,
            count: read,
        };
        let (r, _) = decoded(counted, path)?;
        (path.display().to_string(), r, None)
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

/// Whether `input` (`-`: whatever standard input reads) is the file `output` names: the same
/// device and inode, so that a link, another spelling of the path or a redirection
/// (`-o it.txt - < it.txt`) is seen too. Creating the output would empty the input.
pub fn same_file(input: &Path, output: &Path) -> bool {
    let Ok(out) = std::fs::metadata(output) else {
        // An output that does not exist yet is no input.
        return false;
    };
    let input = if input.as_os_str() == "-" {
        stdin_metadata()
    } else {
        std::fs::metadata(input)
    };
    input.is_ok_and(|input| same_inode(&input, &out))
}

#[cfg(unix)]
fn stdin_metadata() -> io::Result<std::fs::Metadata> {
    use std::os::fd::AsFd;
    io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .map(File::from)
        .and_then(|f| f.metadata())
}

#[cfg(not(unix))]
fn stdin_metadata() -> io::Result<std::fs::Metadata> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
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
