//! Duplicate games: games whose mainline moves are the same, found in memory that does not
//! grow with the number of games.
//!
//! Each comparable game contributes a fixed-size [`Entry`] (a 128-bit hash of its start
//! position and mainline, where it is in its file, and small hashes of the tags that copies
//! of one game should agree on). A [`Finder`] keeps at most `budget` bytes of entries in
//! memory; beyond that it writes sorted runs to temporary files and merges them k ways
//! (in several passes when there are more runs than it reads at once). Groups found by the
//! merge arrive in hash order; to hand them out in order of their first copy they go through
//! a second external sort of fixed-size records (group key + copy), so neither the games nor
//! the groups are ever all in memory. Only one group's copies are held at a time.
//!
//! Temporary files live in one directory, `scoresheet-duplicates-<pid>-<nanos>-<n>`, made
//! under the chosen directory on the first spill: `moves-NNNNNN.run` (entries sorted by
//! hash, 72 bytes each) and `groups-NNNNNN.run` (group records sorted by first copy, 64 bytes
//! each). A run is deleted once merged; the directory is removed when the finder is done or
//! dropped.

use std::{
    cmp::{Ordering, Reverse},
    collections::BinaryHeap,
    fs::File,
    io::{self, BufReader, BufWriter, Read, Write},
    path::PathBuf,
};

use shakmaty::{fen::Epd, uci::UciMove, CastlingMode, EnPassantMode};

use crate::{
    finding::{Kind, Severity},
    replay::GameRecord,
};

/// The tags copies of one game should agree on, in the order conflicts are reported.
pub const CONFLICT_TAGS: [&str; 6] = ["White", "Black", "Event", "Date", "Round", "Result"];

/// Hashed tags kept in an entry (Date is kept as its parts).
const HASHED: [usize; 5] = [0, 1, 2, 4, 5];
const DATE: usize = 3;

/// One game's identity for duplicate detection; small and fixed-size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    hash_hi: u64,
    hash_lo: u64,
    game: u64,
    offset: u64,
    line: u64,
    file_id: u32,
    plies: u32,
    /// White, Black, Event, Round, Result: hash of the normalized value, 0 = unknown.
    tags: [u32; 5],
    year: u16,
    month: u8,
    day: u8,
}

/// Bytes an [`Entry`] takes in memory and in a run file.
pub const ENTRY_BYTES: usize = 72;
const _: () = assert!(std::mem::size_of::<Entry>() == ENTRY_BYTES);

impl Entry {
    /// None for games that cannot be compared: no start position (setup failed) or 0 mainline plies.
    pub fn of(record: &GameRecord, file_id: u32) -> Option<Entry> {
        let start = record.start.as_ref()?;
        if record.plies == 0 || record.mainline.is_empty() {
            return None;
        }
        let (hash_hi, hash_lo) = moves_hash(record, start);
        let value = |name: &str| {
            record
                .tags
                .0
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let mut tags = [0u32; 5];
        for (slot, &t) in tags.iter_mut().zip(HASHED.iter()) {
            let name = CONFLICT_TAGS[t];
            *slot = match name {
                "White" | "Black" => tag_hash(value(name), true),
                "Result" => match result_hash(value(name)) {
                    0 => result_hash(record.result),
                    h => h,
                },
                _ => tag_hash(value(name), false),
            };
        }
        let (year, month, day) = parse_date(value("Date"));
        Some(Entry {
            hash_hi,
            hash_lo,
            game: record.game,
            offset: record.offset,
            line: record.line,
            file_id,
            plies: record.plies,
            tags,
            year,
            month,
            day,
        })
    }

    pub fn moves_hash(&self) -> u128 {
        (u128::from(self.hash_hi) << 64) | u128::from(self.hash_lo)
    }

    pub fn file_id(&self) -> u32 {
        self.file_id
    }

    pub fn game(&self) -> u64 {
        self.game
    }

    fn same_moves(&self, other: &Entry) -> bool {
        (self.hash_hi, self.hash_lo, self.plies) == (other.hash_hi, other.hash_lo, other.plies)
    }
}

/// One copy of a duplicated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copy {
    pub file_id: u32,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Byte offset of the game's first character.
    pub offset: u64,
    /// 1-based line of the game's first character.
    pub line: u64,
    /// Mainline plies replayed.
    pub plies: u32,
}

/// Games with the same moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub plies: u32,
    /// Shown in reports as 32 hex digits ([`Group::hash_hex`]).
    pub moves_hash: u128,
    /// Every copy, in input order (file_id, game).
    pub copies: Vec<Copy>,
    /// Same moves but the copies disagree on a tag or the result (names from
    /// [`CONFLICT_TAGS`], in that order); empty when they agree.
    pub conflicts: Vec<&'static str>,
}

impl Group {
    pub fn hash_hex(&self) -> String {
        format!("{:032x}", self.moves_hash)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Entries added (comparable games).
    pub games: u64,
    /// Groups of 2+ copies.
    pub groups: u64,
    /// Copies beyond the first of each group.
    pub duplicate_copies: u64,
    pub conflicting_groups: u64,
    /// Sorted runs written to temporary files (both sorts, merge passes included).
    pub runs: u32,
}

/// Finds duplicate games among the entries added, in bounded memory.
pub struct Finder {
    budget: usize,
    spill: Spill,
    entries: Sorter<Entry>,
    games: u64,
}

impl Finder {
    /// `budget` = bytes of entries held in memory before a sorted run is written to a temp file
    /// (default used by the CLI: 16 MiB). `dir` = where temp files go (None: std::env::temp_dir()).
    pub fn new(budget: usize, dir: Option<PathBuf>) -> Finder {
        Finder {
            budget,
            spill: Spill {
                parent: dir.unwrap_or_else(std::env::temp_dir),
                dir: None,
                files: 0,
                runs: 0,
            },
            entries: Sorter::new("moves", budget),
            games: 0,
        }
    }

    pub fn add(&mut self, e: Entry) -> io::Result<()> {
        self.games += 1;
        self.entries.push(e, &mut self.spill)
    }

    /// Merge all runs; call `each` once per group of 2+ copies, groups in order of their first
    /// copy (file_id, game), copies inside a group in input order (file_id, game).
    pub fn finish(self, mut each: impl FnMut(&Group) -> io::Result<()>) -> io::Result<Stats> {
        let Finder {
            budget,
            mut spill,
            entries,
            games,
        } = self;
        let mut stats = Stats {
            games,
            ..Stats::default()
        };
        // The merge of the entries reads with half the budget; the group records fill the other.
        let mut groups: Sorter<GroupRec> = Sorter::new("groups", budget / 2);
        {
            let mut merged = entries.into_merged(&mut spill, budget / 2)?;
            let mut open: Option<Open> = None;
            while let Some(e) = merged.next()? {
                match open.as_mut() {
                    Some(g) if g.first.same_moves(&e) => g.add(e, &mut groups, &mut spill)?,
                    _ => {
                        if let Some(g) = open.take() {
                            g.close(&mut groups, &mut spill, &mut stats)?;
                        }
                        open = Some(Open::new(e));
                    }
                }
            }
            if let Some(g) = open.take() {
                g.close(&mut groups, &mut spill, &mut stats)?;
            }
        }
        let mut merged = groups.into_merged(&mut spill, budget)?;
        let mut current: Option<Group> = None;
        while let Some(r) = merged.next()? {
            if r.kind == HEADER {
                if let Some(g) = current.take() {
                    each(&g)?;
                }
                current = Some(Group {
                    plies: r.plies,
                    moves_hash: (u128::from(r.hash_hi) << 64) | u128::from(r.hash_lo),
                    copies: Vec::new(),
                    conflicts: CONFLICT_TAGS
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| r.conflicts & (1 << i) != 0)
                        .map(|(_, &n)| n)
                        .collect(),
                });
            } else if let Some(g) = current.as_mut() {
                g.copies.push(Copy {
                    file_id: r.file_id,
                    game: r.game,
                    offset: r.offset,
                    line: r.line,
                    plies: r.plies,
                });
            }
        }
        if let Some(g) = current.take() {
            each(&g)?;
        }
        drop(merged);
        stats.runs = spill.runs;
        spill.remove();
        Ok(stats)
    }
}

/// A group being read from the merge of entries (all of one hash): fixed-size.
struct Open {
    first: Entry,
    count: u64,
    /// First known value of each hashed tag, and whether another known value differed.
    tags: [u32; 5],
    date: [u16; 3],
    conflicts: u8,
}

impl Open {
    fn new(e: Entry) -> Open {
        Open {
            first: e,
            count: 1,
            tags: e.tags,
            date: [e.year, e.month.into(), e.day.into()],
            conflicts: 0,
        }
    }

    fn add(&mut self, e: Entry, out: &mut Sorter<GroupRec>, spill: &mut Spill) -> io::Result<()> {
        if self.count == 1 {
            out.push(GroupRec::copy(&self.first, &self.first), spill)?;
        }
        out.push(GroupRec::copy(&self.first, &e), spill)?;
        self.count += 1;
        for (k, &t) in HASHED.iter().enumerate() {
            match (self.tags[k], e.tags[k]) {
                (_, 0) => {}
                (0, v) => self.tags[k] = v,
                (a, b) if a != b => self.conflicts |= 1 << t,
                _ => {}
            }
        }
        for (k, v) in [e.year, e.month.into(), e.day.into()]
            .into_iter()
            .enumerate()
        {
            match (self.date[k], v) {
                (_, 0) => {}
                (0, v) => self.date[k] = v,
                (a, b) if a != b => self.conflicts |= 1 << DATE,
                _ => {}
            }
        }
        Ok(())
    }

    fn close(
        self,
        out: &mut Sorter<GroupRec>,
        spill: &mut Spill,
        stats: &mut Stats,
    ) -> io::Result<()> {
        if self.count < 2 {
            return Ok(());
        }
        stats.groups += 1;
        stats.duplicate_copies += self.count - 1;
        if self.conflicts != 0 {
            stats.conflicting_groups += 1;
        }
        let mut header = GroupRec::copy(&self.first, &self.first);
        header.kind = HEADER;
        header.conflicts = self.conflicts;
        header.file_id = 0;
        header.game = 0;
        header.offset = 0;
        header.line = 0;
        out.push(header, spill)
    }
}

// ---------------------------------------------------------------------------------------------
// Identity

/// 128 bits from two 64-bit FNV-1a lanes with different bases and primes, each finished with
/// the splitmix64 mixer: fixed across runs and platforms.
struct Hash128 {
    a: u64,
    b: u64,
    len: u64,
}

impl Hash128 {
    fn new() -> Hash128 {
        Hash128 {
            a: 0xcbf2_9ce4_8422_2325,
            b: 0x6c62_272e_07bb_0142,
            len: 0,
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        for &x in bytes {
            self.a = (self.a ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3);
            self.b = (self.b ^ u64::from(x)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        self.len += bytes.len() as u64;
    }

    fn finish(&self) -> (u64, u64) {
        (
            mix(self.a ^ self.len),
            mix(self.b ^ self.len.rotate_left(32)),
        )
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The start position (EPD: FEN without counters), each mainline ply (3 bytes: from, to,
/// promotion; `FF FF FF` for a null move), and the move the replay stopped at, if any.
fn moves_hash(record: &GameRecord, start: &shakmaty::Chess) -> (u64, u64) {
    let mut h = Hash128::new();
    h.write(
        Epd::from_position(start, EnPassantMode::Legal)
            .to_string()
            .as_bytes(),
    );
    h.write(&[0xff]);
    let nulls: Vec<u32> = record
        .findings
        .iter()
        .filter(|f| f.kind == Kind::NullMove && f.variation.is_none())
        .map(|f| f.ply)
        .collect();
    let mut moves = record.mainline.iter();
    let put = |h: &mut Hash128, m: &shakmaty::Move| {
        let bytes = match m.to_uci(CastlingMode::Chess960) {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => [
                from.to_u32() as u8,
                to.to_u32() as u8,
                promotion.map_or(0, |r| r as u8),
            ],
            UciMove::Put { role, to } => [0xfe, to.to_u32() as u8, role as u8],
            UciMove::Null => [0xff; 3],
        };
        h.write(&bytes);
    };
    for ply in 1..=record.plies {
        if nulls.contains(&ply) {
            h.write(&[0xff; 3]);
        } else if let Some(m) = moves.next() {
            put(&mut h, m);
        }
    }
    for m in moves {
        put(&mut h, m);
    }
    let stop = record.findings.iter().find(|f| {
        f.kind.is_move_error()
            && f.severity == Severity::Error
            && f.variation.is_none()
            && f.stood != Some(true)
    });
    if let Some(f) = stop {
        h.write(&[0xfd]);
        if let Some(t) = &f.move_text {
            let t: String = t.split_whitespace().collect();
            h.write(t.as_bytes());
        }
    }
    h.finish()
}

fn fnv32(s: &str) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &x in s.as_bytes() {
        h = (h ^ u32::from(x)).wrapping_mul(0x0100_0193);
    }
    h.max(1)
}

/// Trimmed, whitespace collapsed, lowercase; for names `.` and `,` count as spaces.
fn normalize(v: &str, name: bool) -> String {
    let lower = v.to_lowercase();
    let spaced: String = if name {
        lower
            .chars()
            .map(|c| if c == '.' || c == ',' { ' ' } else { c })
            .collect()
    } else {
        lower
    };
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn tag_hash(v: Option<&str>, name: bool) -> u32 {
    let Some(v) = v else { return 0 };
    let n = normalize(v, name);
    if n.is_empty() || n.chars().all(|c| c == '?') || n == "????.??.??" {
        return 0;
    }
    fnv32(&n)
}

fn result_hash(v: Option<&str>) -> u32 {
    let Some(v) = v else { return 0 };
    let n: String = v.split_whitespace().collect();
    let n = match n.as_str() {
        "" | "*" | "?" => return 0,
        "½-½" | "0.5-0.5" | "=-=" => "1/2-1/2",
        other => other,
    };
    fnv32(n)
}

/// Year, month, day of a PGN date (`2020.05.??`), 0 for each unknown part.
fn parse_date(v: Option<&str>) -> (u16, u8, u8) {
    let Some(v) = v else { return (0, 0, 0) };
    let mut parts = v.trim().split(['.', '-', '/']);
    let mut num = |max: u16| {
        parts
            .next()
            .and_then(|p| p.trim().parse::<u16>().ok())
            .filter(|&n| n >= 1 && n <= max)
            .unwrap_or(0)
    };
    let year = num(9999);
    let month = num(12) as u8;
    let day = num(31) as u8;
    (year, month, day)
}

// ---------------------------------------------------------------------------------------------
// External sort

/// A fixed-size record of a run file.
trait Record: Sized + Clone {
    const SIZE: usize;
    fn encode(&self, out: &mut [u8]);
    fn decode(b: &[u8]) -> Self;
    fn order(&self, other: &Self) -> Ordering;
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes(b[i..i + 2].try_into().expect("2 bytes"))
}
fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"))
}
fn u64_at(b: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"))
}

impl Record for Entry {
    const SIZE: usize = ENTRY_BYTES;

    fn encode(&self, o: &mut [u8]) {
        o[0..8].copy_from_slice(&self.hash_hi.to_le_bytes());
        o[8..16].copy_from_slice(&self.hash_lo.to_le_bytes());
        o[16..24].copy_from_slice(&self.game.to_le_bytes());
        o[24..32].copy_from_slice(&self.offset.to_le_bytes());
        o[32..40].copy_from_slice(&self.line.to_le_bytes());
        o[40..44].copy_from_slice(&self.file_id.to_le_bytes());
        o[44..48].copy_from_slice(&self.plies.to_le_bytes());
        for (k, t) in self.tags.iter().enumerate() {
            o[48 + 4 * k..52 + 4 * k].copy_from_slice(&t.to_le_bytes());
        }
        o[68..70].copy_from_slice(&self.year.to_le_bytes());
        o[70] = self.month;
        o[71] = self.day;
    }

    fn decode(b: &[u8]) -> Entry {
        let mut tags = [0u32; 5];
        for (k, t) in tags.iter_mut().enumerate() {
            *t = u32_at(b, 48 + 4 * k);
        }
        Entry {
            hash_hi: u64_at(b, 0),
            hash_lo: u64_at(b, 8),
            game: u64_at(b, 16),
            offset: u64_at(b, 24),
            line: u64_at(b, 32),
            file_id: u32_at(b, 40),
            plies: u32_at(b, 44),
            tags,
            year: u16_at(b, 68),
            month: b[70],
            day: b[71],
        }
    }

    /// By moves, then input order; the rest only to make the order total.
    fn order(&self, o: &Entry) -> Ordering {
        let key = |e: &Entry| {
            (
                (e.hash_hi, e.hash_lo, e.plies),
                (e.file_id, e.game, e.offset, e.line),
                (e.tags, e.year, e.month, e.day),
            )
        };
        key(self).cmp(&key(o))
    }
}

const HEADER: u8 = 0;
const COPY: u8 = 1;

/// A record of the second sort: a group's header (its conflicts) or one of its copies, keyed
/// by the group's first copy so that groups come out in input order, header first.
#[derive(Clone, Debug)]
struct GroupRec {
    first_file: u32,
    first_game: u64,
    hash_hi: u64,
    hash_lo: u64,
    plies: u32,
    kind: u8,
    conflicts: u8,
    file_id: u32,
    game: u64,
    offset: u64,
    line: u64,
}

impl GroupRec {
    fn copy(first: &Entry, e: &Entry) -> GroupRec {
        GroupRec {
            first_file: first.file_id,
            first_game: first.game,
            hash_hi: first.hash_hi,
            hash_lo: first.hash_lo,
            plies: first.plies,
            kind: COPY,
            conflicts: 0,
            file_id: e.file_id,
            game: e.game,
            offset: e.offset,
            line: e.line,
        }
    }
}

impl Record for GroupRec {
    const SIZE: usize = 64;

    fn encode(&self, o: &mut [u8]) {
        o[0..4].copy_from_slice(&self.first_file.to_le_bytes());
        o[4..12].copy_from_slice(&self.first_game.to_le_bytes());
        o[12..20].copy_from_slice(&self.hash_hi.to_le_bytes());
        o[20..28].copy_from_slice(&self.hash_lo.to_le_bytes());
        o[28..32].copy_from_slice(&self.plies.to_le_bytes());
        o[32] = self.kind;
        o[33] = self.conflicts;
        o[34..36].fill(0);
        o[36..40].copy_from_slice(&self.file_id.to_le_bytes());
        o[40..48].copy_from_slice(&self.game.to_le_bytes());
        o[48..56].copy_from_slice(&self.offset.to_le_bytes());
        o[56..64].copy_from_slice(&self.line.to_le_bytes());
    }

    fn decode(b: &[u8]) -> GroupRec {
        GroupRec {
            first_file: u32_at(b, 0),
            first_game: u64_at(b, 4),
            hash_hi: u64_at(b, 12),
            hash_lo: u64_at(b, 20),
            plies: u32_at(b, 28),
            kind: b[32],
            conflicts: b[33],
            file_id: u32_at(b, 36),
            game: u64_at(b, 40),
            offset: u64_at(b, 48),
            line: u64_at(b, 56),
        }
    }

    fn order(&self, o: &GroupRec) -> Ordering {
        let key = |r: &GroupRec| {
            (
                (r.first_file, r.first_game, r.hash_hi, r.hash_lo, r.plies),
                r.kind,
                (r.file_id, r.game, r.offset, r.line, r.conflicts),
            )
        };
        key(self).cmp(&key(o))
    }
}

const MAX_RECORD: usize = 128;

/// The temporary directory, made on the first run written, removed on drop.
struct Spill {
    parent: PathBuf,
    dir: Option<PathBuf>,
    files: u32,
    runs: u32,
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

    fn remove(&mut self) {
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
struct Sorter<R> {
    prefix: &'static str,
    cap: usize,
    buf: Vec<R>,
    runs: Vec<PathBuf>,
}

impl<R: Record> Sorter<R> {
    fn new(prefix: &'static str, budget: usize) -> Sorter<R> {
        Sorter {
            prefix,
            cap: (budget / R::SIZE).max(1),
            buf: Vec::new(),
            runs: Vec::new(),
        }
    }

    fn push(&mut self, r: R, spill: &mut Spill) -> io::Result<()> {
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
    fn into_merged(mut self, spill: &mut Spill, budget: usize) -> io::Result<Merged<R>> {
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

struct Head<R> {
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
enum Merged<R> {
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

    fn next(&mut self) -> io::Result<Option<R>> {
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

/// Columns of the duplicates CSV: one row per copy.
pub const CSV_HEADER: [&str; 10] = [
    "group",
    "moves_hash",
    "plies",
    "copies",
    "copy",
    "file",
    "game",
    "offset",
    "line",
    "conflicts",
];

fn name(names: &[String], id: u32) -> &str {
    names.get(id as usize).map_or("?", String::as_str)
}

impl Group {
    /// The group as text: a heading line, then one line per copy.
    pub fn write_text<W: Write>(
        &self,
        number: u64,
        names: &[String],
        out: &mut W,
    ) -> io::Result<()> {
        let conflicts = if self.conflicts.is_empty() {
            String::new()
        } else {
            format!("; the copies disagree on {}", self.conflicts.join(", "))
        };
        writeln!(
            out,
            "duplicate group {number}: {} copies of the same {} plies (moves {}){conflicts}",
            self.copies.len(),
            self.plies,
            self.hash_hex()
        )?;
        for c in &self.copies {
            writeln!(
                out,
                "  {}:{}: game {} (byte {})",
                name(names, c.file_id),
                c.line,
                c.game,
                c.offset
            )?;
        }
        Ok(())
    }

    /// The group as one JSON line: `{"duplicates": {...}}`, apart from game records.
    pub fn write_json<W: Write>(
        &self,
        number: u64,
        names: &[String],
        out: &mut W,
    ) -> io::Result<()> {
        let copies: Vec<serde_json::Value> = self
            .copies
            .iter()
            .map(|c| {
                serde_json::json!({
                    "file": name(names, c.file_id),
                    "game": c.game,
                    "offset": c.offset,
                    "line": c.line,
                })
            })
            .collect();
        let v = serde_json::json!({
            "duplicates": {
                "group": number,
                "moves_hash": self.hash_hex(),
                "plies": self.plies,
                "conflicts": self.conflicts,
                "copies": copies,
            }
        });
        serde_json::to_writer(&mut *out, &v)?;
        out.write_all(b"\n")
    }

    /// The group as CSV rows under [`CSV_HEADER`], one per copy.
    pub fn write_csv<W: Write>(
        &self,
        number: u64,
        names: &[String],
        out: &mut W,
    ) -> io::Result<()> {
        let (number, hash, plies, n) = (
            number.to_string(),
            self.hash_hex(),
            self.plies.to_string(),
            self.copies.len().to_string(),
        );
        let conflicts = self.conflicts.join(" ");
        for (i, c) in self.copies.iter().enumerate() {
            super::games::write_row(
                out,
                &[
                    number.as_str(),
                    &hash,
                    &plies,
                    &n,
                    &(i + 1).to_string(),
                    name(names, c.file_id),
                    &c.game.to_string(),
                    &c.offset.to_string(),
                    &c.line.to_string(),
                    &conflicts,
                ],
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        notation::split::RawGame,
        replay::{validate, Options},
    };

    fn record(text: &str) -> GameRecord {
        validate(&RawGame::from_text(text), "file.pgn", &Options::default())
    }

    /// A record as game `game` of its file.
    fn at(text: &str, game: u64) -> GameRecord {
        let mut r = record(text);
        r.game = game;
        r.offset = game * 100;
        r.line = game * 10;
        r
    }

    fn run(budget: usize, dir: Option<PathBuf>, entries: &[Entry]) -> (Vec<Group>, Stats) {
        let mut f = Finder::new(budget, dir);
        for &e in entries {
            f.add(e).unwrap();
        }
        let mut groups = Vec::new();
        let stats = f
            .finish(|g| {
                groups.push(g.clone());
                Ok(())
            })
            .unwrap();
        (groups, stats)
    }

    const EN: &str = "[White \"Carlsen, Magnus\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Qe2 Kf8 1-0";
    const IT: &str = "[White \"Carlsen,Magnus.\"]\n[Date \"2020.??.??\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. De2 Rf8 1-0";

    #[test]
    fn english_and_italian_copies_are_one_group() {
        let en = at(EN, 1);
        let it = at(IT, 2);
        assert_eq!((en.lang.as_str(), it.lang.as_str()), ("en", "it"));
        let other = at("1. d4 d5 2. c4 e6 *", 3);
        let entries: Vec<Entry> = [&en, &it, &other]
            .iter()
            .map(|r| Entry::of(r, 0).unwrap())
            .collect();
        let (groups, stats) = run(16 << 20, None, &entries);
        assert_eq!(groups.len(), 1);
        let g = &groups[0];
        assert_eq!(g.plies, 12);
        assert_eq!(g.hash_hex().len(), 32);
        let games: Vec<u64> = g.copies.iter().map(|c| c.game).collect();
        assert_eq!(games, [1, 2]);
        assert_eq!((g.copies[1].offset, g.copies[1].line), (200, 20));
        assert!(g.conflicts.is_empty(), "{:?}", g.conflicts);
        assert_eq!(
            (
                stats.games,
                stats.groups,
                stats.duplicate_copies,
                stats.runs
            ),
            (3, 1, 1, 0)
        );
    }

    #[test]
    fn different_games_and_prefixes_differ() {
        let a = Entry::of(&record("1. e4 e5 2. Nf3 *"), 0).unwrap();
        let b = Entry::of(&record("1. e4 e5 2. Nc3 *"), 0).unwrap();
        let prefix = Entry::of(&record("1. e4 e5 *"), 0).unwrap();
        // Stopped at an illegal move after the same prefix: neither the prefix nor another
        // broken game, but the same broken game again.
        let broken = Entry::of(&record("1. e4 e5 2. Ng3 *"), 0).unwrap();
        let broken2 = Entry::of(&record("1. e4 e5 2. Ng3 Nc6 *"), 0).unwrap();
        let other_broken = Entry::of(&record("1. e4 e5 2. Nh5 *"), 0).unwrap();
        assert_ne!(a.moves_hash(), b.moves_hash());
        assert_ne!(a.moves_hash(), prefix.moves_hash());
        assert_ne!(broken.moves_hash(), prefix.moves_hash());
        assert_ne!(broken.moves_hash(), other_broken.moves_hash());
        assert_eq!(broken.moves_hash(), broken2.moves_hash());
        // Another start position.
        let fen = Entry::of(
            &record("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *"),
            0,
        )
        .unwrap();
        let std = Entry::of(&record("1. e4 *"), 0).unwrap();
        assert_ne!(fen.moves_hash(), std.moves_hash());
        let (groups, _) = run(1 << 20, None, &[a, b, prefix, fen, std]);
        assert!(groups.is_empty());
    }

    #[test]
    fn games_without_plies_are_not_entries() {
        assert!(Entry::of(&record("[White \"x\"]\n\n*"), 0).is_none());
        assert!(Entry::of(&record("1. Ke2 *"), 0).is_none());
        assert!(Entry::of(&record("[FEN \"not a fen\"]\n\n1. e4 *"), 0).is_none());
    }

    #[test]
    fn conflicts_on_names_and_results_but_not_on_unknown_dates() {
        let moves = "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4";
        let a = at(&format!("[White \"Kasparov, G.\"]\n[Black \"Karpov\"]\n[Date \"2020.??.??\"]\n[Result \"1-0\"]\n\n{moves} 1-0"), 1);
        let b = at(&format!("[White \"Anand\"]\n[Black \"Karpov\"]\n[Date \"2020.05.01\"]\n[Result \"?\"]\n\n{moves} 0-1"), 2);
        let c = at(
            &format!("[White \"kasparov g\"]\n[Black \"?\"]\n[Date \"????.??.??\"]\n\n{moves} *"),
            3,
        );
        let e: Vec<Entry> = [&a, &b, &c]
            .iter()
            .map(|r| Entry::of(r, 7).unwrap())
            .collect();
        let (groups, stats) = run(1 << 20, None, &e);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].conflicts, ["White", "Result"]);
        assert_eq!(groups[0].copies.len(), 3);
        assert_eq!(stats.conflicting_groups, 1);
        // Without Anand's copy: Kasparov agrees with "kasparov g", dates agree where known.
        let (groups, _) = run(1 << 20, None, &[e[0], e[2]]);
        assert!(groups[0].conflicts.is_empty(), "{:?}", groups[0].conflicts);
        let d = at(&format!("[Date \"2020.06.01\"]\n\n{moves} *"), 4);
        let (groups, _) = run(1 << 20, None, &[e[1], Entry::of(&d, 7).unwrap()]);
        assert_eq!(groups[0].conflicts, ["Date"]);
    }

    fn openings() -> Vec<String> {
        let last = [
            "a6", "b6", "c6", "d6", "e6", "g6", "h6", "Nf6", "Nc6", "Na6",
        ];
        last.iter()
            .map(|m| format!("1. e4 e5 2. Nf3 {m} *"))
            .collect()
    }

    #[test]
    fn tiny_budget_gives_the_same_groups_and_cleans_up() {
        let texts = openings();
        let records: Vec<GameRecord> = texts.iter().map(|t| record(t)).collect();
        // 50 games in 10 groups of 5, interleaved over 3 files.
        let mut entries = Vec::new();
        for i in 0..50u64 {
            let mut e = Entry::of(&records[((i * 7) % 10) as usize], (i % 3) as u32).unwrap();
            e.game = 1000 - i;
            e.offset = i;
            entries.push(e);
        }
        let dir =
            std::env::temp_dir().join(format!("scoresheet-duplicates-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (big, big_stats) = run(1 << 30, Some(dir.clone()), &entries);
        let (small, small_stats) = run(3 * ENTRY_BYTES, Some(dir.clone()), &entries);
        assert_eq!(big.len(), 10);
        assert!(big.iter().all(|g| g.copies.len() == 5));
        assert_eq!(big, small);
        for w in big.windows(2) {
            let (a, b) = (&w[0].copies[0], &w[1].copies[0]);
            assert!((a.file_id, a.game) < (b.file_id, b.game));
        }
        for g in &big {
            assert!(g
                .copies
                .windows(2)
                .all(|w| (w[0].file_id, w[0].game) < (w[1].file_id, w[1].game)));
        }
        assert_eq!(big_stats.runs, 0);
        assert!(small_stats.runs > 1, "{small_stats:?}");
        assert_eq!((small_stats.groups, small_stats.duplicate_copies), (10, 40));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);

        // Runs are on disk while the finder works; dropping it midway removes them too.
        let mut f = Finder::new(3 * ENTRY_BYTES, Some(dir.clone()));
        for &e in &entries {
            f.add(e).unwrap();
        }
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        drop(f);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir(&dir).unwrap();
    }

    #[test]
    fn records_round_trip() {
        let e = Entry::of(&at(EN, 9), 3).unwrap();
        let mut b = [0u8; ENTRY_BYTES];
        e.encode(&mut b);
        assert_eq!(Entry::decode(&b), e);
        assert_eq!(parse_date(Some("2020.05.??")), (2020, 5, 0));
        assert_eq!(
            tag_hash(Some(" Carlsen,  M. "), true),
            tag_hash(Some("carlsen m"), true)
        );
        assert_eq!(tag_hash(Some("?"), true), 0);
    }
}
