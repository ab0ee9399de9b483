//! Inputs for bulk validation: directories walked for game files, and compressed files
//! (`.gz`, `.zst`, `.bz2`, `.xz`) decoded as streams, recognised by their extension or by
//! their magic bytes.

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
