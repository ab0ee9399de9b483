//! The fixed-size records of the two external sorts: an [`Entry`] by moves (to find the
//! groups), a [`GroupRec`] by a group's first copy (to hand the groups out in input order).

use std::cmp::Ordering;

use super::key::{Entry, ENTRY_BYTES};

/// A fixed-size record of a run file.
pub(super) trait Record: Sized + Clone {
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

pub(super) const HEADER: u8 = 0;
pub(super) const COPY: u8 = 1;

/// A record of the second sort: a group's header (its conflicts) or one of its copies, keyed
/// by the group's first copy so that groups come out in input order, header first.
#[derive(Clone, Debug)]
pub(super) struct GroupRec {
    pub(super) first_file: u32,
    pub(super) first_game: u64,
    pub(super) hash_hi: u64,
    pub(super) hash_lo: u64,
    pub(super) plies: u32,
    pub(super) kind: u8,
    pub(super) conflicts: u8,
    pub(super) file_id: u32,
    pub(super) game: u64,
    pub(super) offset: u64,
    pub(super) line: u64,
}

impl GroupRec {
    pub(super) fn copy(first: &Entry, e: &Entry) -> GroupRec {
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

pub(super) const MAX_RECORD: usize = 128;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        notation::split::RawGame,
        replay::{validate, Options},
    };

    #[test]
    fn entries_round_trip() {
        let mut r = validate(
            &RawGame::from_text("1. e4 e5 2. Nf3 Nc6 *"),
            "file.pgn",
            &Options::default(),
        );
        r.game = 9;
        let e = Entry::of(&r, 3).unwrap();
        let mut b = [0u8; ENTRY_BYTES];
        e.encode(&mut b);
        assert_eq!(Entry::decode(&b), e);
    }

    #[test]
    fn group_records_round_trip_and_put_the_header_first() {
        let r = GroupRec {
            first_file: 1,
            first_game: 2,
            hash_hi: 3,
            hash_lo: 4,
            plies: 5,
            kind: COPY,
            conflicts: 0b10,
            file_id: 6,
            game: 7,
            offset: 8,
            line: 9,
        };
        let mut b = [0u8; 64];
        r.encode(&mut b);
        let back = GroupRec::decode(&b);
        assert_eq!(back.order(&r), Ordering::Equal);
        assert_eq!((back.kind, back.conflicts, back.line), (COPY, 0b10, 9));
        let mut header = r.clone();
        header.kind = HEADER;
        header.file_id = 0;
        assert_eq!(header.order(&r), Ordering::Less);
    }
}
