//! Byte-range shards: the games of one uncompressed file that a cluster task owns, with the
//! semantics of a cluster input split, so that any set of cut points gives, shard outputs
//! concatenated, the games of one run over the whole file.
//!
//! A shard `START:END` scans from the first line that begins at or after `START` (byte 0
//! when `START` is 0) with the same [`GameSplitter`] as a whole run, started fresh. It owns
//! every game whose first line begins at or after `START` and before `END`, and reads on past
//! `END` to finish the game that straddles it. It then knows the first game whose line begins
//! at or after `END`, where the next shard must take over: its [`ShardReport::stop`].
//!
//! A fresh splitter cannot know the state of a whole run at an arbitrary line (inside a
//! multi-line `{}` comment holding `[Event "…"]`, inside a variation, in a game's second
//! half after a blank line), so a shard may begin with a "game" that is none. Two facts make
//! this checkable:
//!
//! 1. a splitter started fresh at the line where a game of the whole run begins cuts exactly
//!    the whole run's games from there on (starting a game resets every piece of state the
//!    lines before it built, and the first line of a game starts a game in a fresh splitter
//!    too: it is neither blank nor a `%` escape);
//! 2. so, once a fresh splitter and the whole run begin a game at the same line, they agree
//!    on every game after it.
//!
//! Shard 0 is a whole run up to its stop, so its stop is a true game boundary: the first
//! game of the whole run that begins at or after its `END`, the next shard's `START`. Then,
//! by induction over the shards of a file, for shard `k + 1` given shard `k`'s (true) stop:
//!
//! - if shard `k + 1`'s first game ([`ShardReport::first`]) begins there, it is in step with
//!   the whole run (fact 2) and owns exactly the whole run's games in its range, since none
//!   begins between its `START` and that stop;
//! - else if that stop is among the game starts it found ([`ShardReport::begins`]), it is in
//!   step from there: its records from that offset on are exact, and the ones before it are
//!   pieces of the game shard `k` finished, to be dropped (a shard begun in a game's
//!   movetext takes the rest of it for a game: this is the common case);
//! - else it is run again with `START` set to that stop, a line where a true game begins, so
//!   the new run is in step by fact 1 and its first game begins there (when the stop is at or
//!   past the shard's `END`, the shard owns no game and its stop is shard `k`'s).
//!
//! Either way the shard's own stop is a true boundary for the next. The split files
//! (`--split-clean`, `--split-bad`) of a shard are exact in the first case only: a driver that
//! writes them runs the shard again in the second.
//!
//! ```
//! use scoresheet::shard::{ByteRange, Shard, ShardReport};
//! let pgn = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n";
//! let run = |start: u64, end: u64, scan_from: u64, line: u64| {
//!     let shard = Shard::new(&pgn[scan_from as usize..], ByteRange { start, end }, scan_from, line);
//!     let report = shard.report();
//!     let games: Vec<_> = shard.collect::<Result<_, _>>().unwrap();
//!     let report: ShardReport = report.lock().unwrap().clone();
//!     (games, report)
//! };
//! let (games, first) = run(0, 10, 0, 1);
//! assert_eq!((games.len(), first.stop), (1, 27)); // game 1; game 2's line begins at 27
//! // Byte 10 is inside game 1's tag line: scanning begins on line 2, in game 1's movetext,
//! // which a fresh splitter takes for a game: the chain check fails...
//! let (_, second) = run(10, 40, 12, 2);
//! assert_eq!(second.first, 13);
//! assert_ne!(second.first, first.stop);
//! // ...and the shard is run again from where the first one stopped, a true boundary.
//! let (games, second) = run(27, 40, 27, 5);
//! assert_eq!((games.len(), games[0].offset, games[0].line), (1, 27, 5));
//! assert_eq!(second.first, first.stop);
//! ```
//!
//! ```
//! use scoresheet::shard::{ByteRange, Shard};
//! let file = "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 c5 *\n";
//! let range: ByteRange = "0:20".parse().unwrap();
//! // The shard owns the games whose first line begins in [0, 20): those at bytes 0 and 12;
//! // the one at byte 24 belongs to the next shard.
//! let games: Vec<_> = Shard::new(file.as_bytes(), range, 0, 1).filter_map(Result::ok).collect();
//! assert_eq!(games.len(), 2);
//! assert_eq!(range.to_string(), "0:20");
//! ```

use std::{
    fmt,
    fs::File,
    io::{self, BufRead, BufReader, Read, Seek, SeekFrom},
    path::Path,
    str::FromStr,
    sync::{Arc, Mutex},
};

use serde::Serialize;

use crate::{
    input::Compression,
    notation::{
        decode::utf16_bom,
        split::{GameSplitter, RawGame},
    },
};

/// `START:END`, byte offsets in a file, `START` included and `END` not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteRange {
    pub start: u64,
    pub end: u64,
}

impl FromStr for ByteRange {
    type Err = String;

    fn from_str(s: &str) -> Result<ByteRange, String> {
        let (a, b) = s
            .split_once(':')
            .ok_or_else(|| format!("`{s}` is not START:END"))?;
        let num = |t: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{t}` is not a byte offset"))
        };
        let (start, end) = (num(a)?, num(b)?);
        // START after END is a range turned round, not an empty one: said, never read as no
        // games. START equal to END is the empty range a driver gets for a part of a file
        // with no bytes in it (more shards than bytes): no games, as it says.
        if start > end {
            return Err(format!(
                "`{s}`: START ({start}) is after END ({end}); the range is START:END with START <= END"
            ));
        }
        Ok(ByteRange { start, end })
    }
}

impl fmt::Display for ByteRange {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}:{}", self.start, self.end)
    }
}

/// Where a shard began and stopped: what a driver needs to check the chain of shards of a
/// file (`stop` of shard `k` equal to `first` of shard `k + 1`) and to give the games their
/// number in the file. Offsets are of the starts of lines; "the end of the data" is the
/// file's length (or what standard input held).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ShardReport {
    pub start: u64,
    pub end: u64,
    /// Where scanning began: the first line start at or after `start`.
    pub scan_from: u64,
    /// Where the first game found begins (owned or not); the end of the data when none.
    pub first: u64,
    /// The line number of `first` (as counted from the line given to the shard).
    pub first_line: u64,
    /// Where the first game beginning at or after `end` begins; the end of the data when none.
    pub stop: u64,
    /// The line number of `stop` (at the end of the data: one more than the lines read).
    pub stop_line: u64,
    /// Where each of the first [`BEGINS_KEPT`] games found begins (`stop` among them when it
    /// is one of those): a shard that began inside a game is in step from the first of these
    /// that is a true boundary, which the shard before it names as its `stop`.
    pub begins: Vec<u64>,
    /// Games owned (records written).
    pub games: u64,
    /// False when the shard did not get to its stop (a read error or an interrupt).
    pub complete: bool,
}

/// How many of a shard's first game starts its report lists.
pub const BEGINS_KEPT: usize = 64;

/// The games a shard owns, in order, as the [`GameSplitter`] of a whole run cuts them. A
/// game's `index` is its number within the shard (1 = the first game owned); offsets are
/// absolute, and lines too when the shard was given the line number of its start.
pub struct Shard<R> {
    splitter: GameSplitter<R>,
    end: u64,
    report: Arc<Mutex<ShardReport>>,
    found_first: bool,
    /// Leading lines of the first game found belong to the game before it (which another
    /// shard owns), except at the start of the input.
    strip_first: bool,
    done: bool,
}

impl<R: BufRead> Shard<R> {
    /// A shard over `reader`, which holds the input from byte `scan_from` on, a line start
    /// at or after `range.start` whose line number is `line`.
    pub fn new(reader: R, range: ByteRange, scan_from: u64, line: u64) -> Shard<R> {
        let report = ShardReport {
            start: range.start,
            end: range.end,
            scan_from,
            ..ShardReport::default()
        };
        Shard {
            splitter: GameSplitter::resume(reader, scan_from, line),
            end: range.end,
            report: Arc::new(Mutex::new(report)),
            found_first: false,
            strip_first: scan_from > 0,
            done: false,
        }
    }

    /// The report, filled in as the shard is read (complete once it has ended).
    pub fn report(&self) -> Arc<Mutex<ShardReport>> {
        Arc::clone(&self.report)
    }

    fn update(&self, f: impl FnOnce(&mut ShardReport)) {
        // A poisoned lock only means another thread panicked while holding it; the report
        // itself is plain data.
        let mut r = self.report.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut r);
    }
}

impl<R: BufRead> Iterator for Shard<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        if self.done {
            return None;
        }
        match self.splitter.next() {
            None => {
                self.done = true;
                let (at, line) = (self.splitter.offset(), self.splitter.lines_read() + 1);
                let first = !self.found_first;
                self.update(|r| {
                    if first {
                        (r.first, r.first_line) = (at, line);
                    }
                    (r.stop, r.stop_line, r.complete) = (at, line, true);
                });
                None
            }
            Some(Err(e)) => {
                self.done = true;
                Some(Err(e))
            }
            Some(Ok(mut g)) => {
                if !self.found_first && self.strip_first {
                    let lead = g.lead.min(g.bytes.len());
                    let cut = g.bytes[..lead]
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |nl| nl + 1);
                    g.bytes.drain(..cut);
                    g.lead -= cut;
                }
                // Where the game's chunk begins in a whole run: its first line, or the start
                // of the input for the input's first game.
                let begins = g.offset.saturating_sub(g.lead as u64);
                if !self.found_first {
                    self.found_first = true;
                    self.update(|r| (r.first, r.first_line) = (begins, g.line));
                }
                self.update(|r| {
                    if r.begins.len() < BEGINS_KEPT {
                        r.begins.push(begins);
                    }
                });
                if begins >= self.end {
                    self.done = true;
                    self.update(|r| (r.stop, r.stop_line, r.complete) = (begins, g.line, true));
                    return None;
                }
                self.update(|r| r.games += 1);
                Some(Ok(g))
            }
        }
    }
}

/// Why a file cannot be cut into byte ranges, if it cannot: compressed data has no byte
/// offsets to cut at (one task per file), and UTF-16 is transcoded whole before splitting.
fn unsplittable(head: &[u8], name: &Path) -> Option<&'static str> {
    if Compression::from_magic(head) != Compression::None
        || Compression::from_name(name) != Compression::None
    {
        Some("a compressed file cannot be cut into byte ranges; give it whole, one task per file")
    } else if utf16_bom(head).is_some() {
        Some("a UTF-16 file cannot be cut into byte ranges; give it whole")
    } else {
        None
    }
}

/// The shard `range` of the file at `path`, whose byte `range.start` is on line
/// `start_line` (1 + the newlines before it; give 1 to count lines from the shard's start).
/// `-` is standard input, which must then hold the file from byte `range.start` on, a line
/// start. Errors of kind [`io::ErrorKind::Unsupported`] say the file cannot be cut.
pub fn open(
    path: &Path,
    range: ByteRange,
    start_line: u64,
) -> io::Result<Shard<Box<dyn BufRead + Send>>> {
    let refuse = |why: &str| io::Error::new(io::ErrorKind::Unsupported, why.to_string());
    if path.as_os_str() == "-" {
        let mut reader = BufReader::with_capacity(1 << 20, io::stdin());
        let head = reader.fill_buf()?;
        if let Some(why) = unsplittable(&head[..head.len().min(6)], Path::new("-")) {
            return Err(refuse(why));
        }
        return Ok(Shard::new(Box::new(reader), range, range.start, start_line));
    }
    let mut f = File::open(path)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return Err(refuse(
            "only a regular file can be cut into byte ranges (or standard input holding the range)",
        ));
    }
    let mut head = [0u8; 6];
    let got = f.read(&mut head)?;
    if let Some(why) = unsplittable(&head[..got], path) {
        return Err(refuse(why));
    }
    if range.start == 0 {
        f.seek(SeekFrom::Start(0))?;
        return Ok(Shard::new(
            Box::new(BufReader::with_capacity(1 << 20, f)),
            range,
            0,
            start_line,
        ));
    }
    // Scanning begins at the first line start at or after START: after the first newline
    // at or after byte START - 1.
    f.seek(SeekFrom::Start(range.start - 1))?;
    let mut reader = BufReader::with_capacity(1 << 20, f);
    let mut skipped = Vec::new();
    reader.read_until(b'\n', &mut skipped)?;
    // A START past the end of the file owns nothing and scans from the end.
    let scan_from = (range.start - 1 + skipped.len() as u64).min(meta.len());
    let line = if scan_from == range.start {
        start_line
    } else {
        start_line + 1
    };
    Ok(Shard::new(Box::new(reader), range, scan_from, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(text: &[u8]) -> Vec<RawGame> {
        GameSplitter::new(text).collect::<Result<_, _>>().unwrap()
    }

    /// The shard `start..end` of `text` as [`open`] cuts it from a file.
    fn shard(text: &[u8], start: u64, end: u64) -> (Vec<RawGame>, ShardReport) {
        let scan_from = if start == 0 {
            0
        } else {
            text[start as usize - 1..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len() as u64, |i| start + i as u64)
        };
        let line = 1 + text[..scan_from as usize]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64;
        let s = Shard::new(
            &text[scan_from as usize..],
            ByteRange { start, end },
            scan_from,
            line,
        );
        let report = s.report();
        let games = s.collect::<Result<_, _>>().unwrap();
        let r = report.lock().unwrap().clone();
        (games, r)
    }

    /// Every cut of `text` into two shards, with the rerun of the second where the chain
    /// check fails, gives the whole run's games, byte for byte.
    fn every_cut_agrees(text: &[u8]) -> usize {
        let all = whole(text);
        let len = text.len() as u64;
        let mut reruns = 0;
        for cut in 0..=len {
            let (mut a, ra) = shard(text, 0, cut);
            let (mut b, rb) = shard(text, cut, len);
            if rb.first != ra.stop {
                reruns += 1;
                b = Vec::new();
                if ra.stop < len {
                    let (b2, rb2) = shard(text, ra.stop, len);
                    assert_eq!(
                        rb2.first, ra.stop,
                        "a rerun from a true boundary is in step"
                    );
                    b = b2;
                }
            }
            a.append(&mut b);
            assert_eq!(a.len(), all.len(), "cut at {cut}");
            for (x, y) in a.iter().zip(&all) {
                assert_eq!(
                    (x.offset, x.line, &x.bytes, x.lead),
                    (y.offset, y.line, &y.bytes, y.lead),
                    "cut at {cut}"
                );
            }
        }
        reruns
    }

    #[test]
    fn a_cut_anywhere_loses_and_repeats_nothing() {
        let text = b"\n\n[Event \"a\"]\n[Site \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
        every_cut_agrees(text);
    }

    #[test]
    fn tags_inside_a_multi_line_comment() {
        let text = b"[Event \"a\"]\n\n1. e4 { a comment\n\n[Event \"not a game\"]\n\n1. d4 } e5 1-0\n\n[Event \"b\"]\n\n1. c4 *\n";
        assert!(every_cut_agrees(text) > 0, "some cut needs the rerun");
    }

    #[test]
    fn inside_a_variation_and_after_a_result_without_a_blank_line() {
        let text = b"[Event \"a\"]\n\n1. e4 (1. d4 d5\n\n1-0\n\n2. c4) e5 0-1\n[Event \"b\"]\n1. c4 1-0\n1. e4 *\n\n1. d4 d5\n\n2. c4 e6\n";
        every_cut_agrees(text);
    }

    #[test]
    fn tagless_scoresheets_and_leading_spaces() {
        let text = "Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5\n\n2. Cf3 Cc6\nRisultato: 1-0\n\n   Bianco: Verdi\n%escape\n1. d4 d5\n\n  1. c4 *\n".as_bytes();
        every_cut_agrees(text);
    }

    #[test]
    fn ranges_parse() {
        assert_eq!(
            "3:90".parse::<ByteRange>(),
            Ok(ByteRange { start: 3, end: 90 })
        );
        assert!("3".parse::<ByteRange>().is_err());
        assert!("a:3".parse::<ByteRange>().is_err());
        assert!("10:5".parse::<ByteRange>().is_err());
        assert_eq!(
            "5:5".parse::<ByteRange>(),
            Ok(ByteRange { start: 5, end: 5 })
        );
    }
}
