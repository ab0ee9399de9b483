//! An external sort of fixed-size records: runs sorted in memory up to a budget, written to
//! temporary files, merged k ways (in several passes when there are more runs than are read
//! at once).

use std::{
    cmp::{Ordering, Reverse},
    collections::BinaryHeap,
    fs::File,
    io::{self, BufReader, BufWriter, Read, Write},
    path::PathBuf,
};

use super::records::{Record, MAX_RECORD};

/// The temporary directory, made on the first run written, removed on drop.
pub(super) struct Spill {
    pub(super) parent: PathBuf,
    pub(super) dir: Option<PathBuf>,
    pub(super) files: u32,
    pub(super) runs: u32,
}

impl Spill {
    fn create(&mut self, prefix: &str) -> io::Result<(PathBuf, File)> {
        if self.dir.is_none() {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let mut n = 0u32;
            loop {
                let dir = self.parent.join(format!(
                    "scoresheet-duplicates-{}-{nanos}-{n}",
                    std::process::id()
                ));
                match std::fs::create_dir(&dir) {
                    Ok(()) => {
                        self.dir = Some(dir);
                        break;
                    }
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
                    Err(e) => return Err(e),
                }
            }
        }
        self.files += 1;
        self.runs += 1;
        let path = self
            .dir
            .as_ref()
            .expect("made above")
            .join(format!("{prefix}-{:06}.run", self.files));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        Ok((path, file))
    }

    pub(super) fn remove(&mut self) {
        if let Some(dir) = self.dir.take() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        self.remove();
    }
}

/// Records held in memory up to a budget, then written out as sorted runs.
pub(super) struct Sorter<R> {
    prefix: &'static str,
    cap: usize,
    buf: Vec<R>,
    runs: Vec<PathBuf>,
}

impl<R: Record> Sorter<R> {
    pub(super) fn new(prefix: &'static str, budget: usize) -> Sorter<R> {
        Sorter {
            prefix,
            cap: (budget / R::SIZE).max(1),
            buf: Vec::new(),
            runs: Vec::new(),
        }
    }

    pub(super) fn push(&mut self, r: R, spill: &mut Spill) -> io::Result<()> {
        if self.buf.capacity() == 0 {
            self.buf.reserve_exact(self.cap);
        }
        self.buf.push(r);
        if self.buf.len() >= self.cap {
            self.write_run(spill)?;
        }
        Ok(())
    }

    fn write_run(&mut self, spill: &mut Spill) -> io::Result<()> {
        self.buf.sort_unstable_by(R::order);
        let (path, file) = spill.create(self.prefix)?;
        let mut w = BufWriter::with_capacity(64 << 10, file);
        let mut bytes = [0u8; MAX_RECORD];
        for r in &self.buf {
            r.encode(&mut bytes[..R::SIZE]);
            w.write_all(&bytes[..R::SIZE])?;
        }
        w.flush()?;
        self.buf.clear();
        self.runs.push(path);
        Ok(())
    }

    /// Every record in order, reading with about `budget` bytes of buffers.
    pub(super) fn into_merged(mut self, spill: &mut Spill, budget: usize) -> io::Result<Merged<R>> {
        if self.runs.is_empty() {
            self.buf.sort_unstable_by(R::order);
            return Ok(Merged::Memory(std::mem::take(&mut self.buf).into_iter()));
        }
        if !self.buf.is_empty() {
            self.write_run(spill)?;
        }
        self.buf = Vec::new();
        let read_buf = (budget / 16).clamp(4 << 10, 64 << 10);
        let fan_in = (budget / read_buf).clamp(2, 128);
        let mut runs = std::mem::take(&mut self.runs);
        while runs.len() > fan_in {
            // One pass: merge the oldest runs into one, keeping the order of runs.
            let rest = runs.split_off(fan_in);
            let mut merged: Merged<R> = Merged::open(runs, read_buf)?;
            let (path, file) = spill.create(self.prefix)?;
            let mut w = BufWriter::with_capacity(read_buf, file);
            let mut bytes = [0u8; MAX_RECORD];
            while let Some(r) = merged.next()? {
                r.encode(&mut bytes[..R::SIZE]);
                w.write_all(&bytes[..R::SIZE])?;
            }
            w.flush()?;
            drop(merged);
            runs = rest;
            runs.push(path);
        }
        Merged::open(runs, read_buf)
    }
}

pub(super) struct Head<R> {
    rec: R,
    src: usize,
}

impl<R: Record> PartialEq for Head<R> {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl<R: Record> Eq for Head<R> {}
impl<R: Record> PartialOrd for Head<R> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl<R: Record> Ord for Head<R> {
    fn cmp(&self, o: &Self) -> Ordering {
        self.rec.order(&o.rec).then(self.src.cmp(&o.src))
    }
}

/// A k-way merge of sorted runs (deleted when the merge is dropped), or a sorted buffer.
pub(super) enum Merged<R> {
    Memory(std::vec::IntoIter<R>),
    Runs {
        readers: Vec<BufReader<File>>,
        heap: BinaryHeap<Reverse<Head<R>>>,
        paths: Vec<PathBuf>,
    },
}

impl<R: Record> Merged<R> {
    fn open(paths: Vec<PathBuf>, read_buf: usize) -> io::Result<Merged<R>> {
        let mut readers = Vec::with_capacity(paths.len());
        let mut heap = BinaryHeap::with_capacity(paths.len());
        for (src, p) in paths.iter().enumerate() {
            let mut r = BufReader::with_capacity(read_buf, File::open(p)?);
            if let Some(rec) = read_record::<R>(&mut r)? {
                heap.push(Reverse(Head { rec, src }));
            }
            readers.push(r);
        }
        Ok(Merged::Runs {
            readers,
            heap,
            paths,
        })
    }

    pub(super) fn next(&mut self) -> io::Result<Option<R>> {
        match self {
            Merged::Memory(it) => Ok(it.next()),
            Merged::Runs { readers, heap, .. } => {
                let Some(Reverse(Head { rec, src })) = heap.pop() else {
                    return Ok(None);
                };
                if let Some(next) = read_record::<R>(&mut readers[src])? {
                    heap.push(Reverse(Head { rec: next, src }));
                }
                Ok(Some(rec))
            }
        }
    }
}

impl<R> Drop for Merged<R> {
    fn drop(&mut self) {
        if let Merged::Runs { readers, paths, .. } = self {
            readers.clear();
            for p in paths.drain(..) {
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

fn read_record<R: Record>(r: &mut impl Read) -> io::Result<Option<R>> {
    let mut bytes = [0u8; MAX_RECORD];
    let b = &mut bytes[..R::SIZE];
    let mut got = 0;
    while got < b.len() {
        match r.read(&mut b[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "a duplicates run file ends inside a record",
                ))
            }
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Some(R::decode(b)))
}
