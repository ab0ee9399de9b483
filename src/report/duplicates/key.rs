//! A game's identity for duplicate detection: a 128-bit hash of its start position and
//! mainline (the moves as played, whatever notation they were written in), and small hashes
//! of the tags copies of one game should agree on.

use crate::result::GameResult;
use shakmaty::{fen::Epd, uci::UciMove, CastlingMode, EnPassantMode};

use crate::{
    finding::{Kind, Severity},
    replay::GameRecord,
};

/// The tags copies of one game should agree on, in the order conflicts are reported.
pub const CONFLICT_TAGS: [&str; 6] = ["White", "Black", "Event", "Date", "Round", "Result"];

/// Hashed tags kept in an entry (Date is kept as its parts).
pub(super) const HASHED: [usize; 5] = [0, 1, 2, 4, 5];
pub(super) const DATE: usize = 3;

/// One game's identity for duplicate detection; small and fixed-size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub(super) hash_hi: u64,
    pub(super) hash_lo: u64,
    pub(super) game: u64,
    pub(super) offset: u64,
    pub(super) line: u64,
    pub(super) file_id: u32,
    pub(super) plies: u32,
    /// White, Black, Event, Round, Result: hash of the normalized value, 0 = unknown.
    pub(super) tags: [u32; 5],
    pub(super) year: u16,
    pub(super) month: u8,
    pub(super) day: u8,
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
                    0 => result_hash(record.result.map(GameResult::as_str)),
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

    #[cfg(test)]
    pub fn moves_hash(&self) -> u128 {
        (u128::from(self.hash_hi) << 64) | u128::from(self.hash_lo)
    }

    pub(super) fn same_moves(&self, other: &Entry) -> bool {
        (self.hash_hi, self.hash_lo, self.plies) == (other.hash_hi, other.hash_lo, other.plies)
    }
}

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
    match n.parse::<GameResult>() {
        Ok(GameResult::Unknown) => 0,
        Ok(r) => fnv32(r.as_str()),
        Err(_) if n.is_empty() || n == "?" => 0,
        Err(_) => fnv32(&n),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_keep_their_known_parts() {
        assert_eq!(parse_date(Some("2020.05.??")), (2020, 5, 0));
        assert_eq!(parse_date(Some(" 1999-12-31 ")), (1999, 12, 31));
        assert_eq!(parse_date(Some("2020.13.40")), (2020, 0, 0));
        assert_eq!(parse_date(None), (0, 0, 0));
    }

    #[test]
    fn names_compare_as_written_by_hand() {
        assert_eq!(
            tag_hash(Some(" Carlsen,  M. "), true),
            tag_hash(Some("carlsen m"), true)
        );
        assert_eq!(tag_hash(Some("?"), true), 0);
        assert_eq!(tag_hash(Some("????.??.??"), false), 0);
        assert_eq!(tag_hash(None, false), 0);
        // Outside names `.` is part of the value.
        assert_ne!(tag_hash(Some("a.b"), false), tag_hash(Some("a b"), false));
        assert_eq!(normalize("  Rossi,Mario. ", true), "rossi mario");
    }

    #[test]
    fn results_in_their_common_spellings() {
        for &(spelling, r) in crate::result::SPELLINGS {
            let hash = result_hash(Some(spelling));
            assert_eq!(hash, result_hash(Some(r.as_str())), "{spelling}");
        }
        assert_eq!(result_hash(Some("=-=")), result_hash(Some("½-½")));
        assert_eq!(result_hash(Some("0.5-0.5")), result_hash(Some("1/2 - 1/2")));
        assert_eq!(result_hash(Some("*")), 0);
        assert_ne!(result_hash(Some("1-0")), result_hash(Some("0-1")));
    }

    #[test]
    fn the_hash_is_fixed_across_runs() {
        let mut h = Hash128::new();
        h.write(b"e2e4");
        let mut g = Hash128::new();
        g.write(b"e2");
        g.write(b"e4");
        assert_eq!(h.finish(), g.finish());
        assert_ne!(h.finish(), Hash128::new().finish());
        assert_ne!(fnv32(""), 0);
    }
}
