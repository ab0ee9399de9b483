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

mod key;
mod print;
mod records;
mod sort;

use std::{io, path::PathBuf};

pub use key::{Entry, CONFLICT_TAGS};
pub use print::CSV_HEADER;

use key::{DATE, HASHED};
use records::{GroupRec, HEADER};
use sort::{Sorter, Spill};

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

#[cfg(test)]
mod tests {
    use super::key::ENTRY_BYTES;
    use super::*;
    use crate::{
        notation::split::RawGame,
        replay::{validate, GameRecord, Options},
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
}
