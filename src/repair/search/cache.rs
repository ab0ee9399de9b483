//! What one search keeps from state to state: the rows of the slip distance worked out at
//! each place of the text, the readings of each move there, and the hashers of their keys.

use super::*;

/// Hashes a key that is already a hash.
#[derive(Default, Clone, Copy)]
pub(super) struct Identity(u64);

impl std::hash::Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(super) type Seen = HashMap<u64, usize, std::hash::BuildHasherDefault<Identity>>;

/// A quick hash for small keys (a multiply and a rotate a word).
#[derive(Default, Clone, Copy)]
pub(super) struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The rows of the slip distance one search has worked out (see
/// [`super::slips::Slips::prefix_costs`]): the same forms are read at the same few places of
/// the text again and again (`Nf3` is a legal move of most states of a beam, and the states
/// of a beam stand at a few places). A row does not depend on the limit it is read within:
/// the least cost of a row of the table never falls from one row to the next (every cost is
/// a sum of costs of zero or more), so a table cut short because a row's least cost reached
/// the limit ends in a row whose least cost is past it too. Each row is worked out once,
/// whole, and its least cost compared with the limit. Kept by place (a small table each,
/// which the cache holds), and by form packed into a word: a form of at most eight ASCII
/// characters (every form of the Latin-letter languages); the others are read each time.
#[derive(Default)]
pub(super) struct Rows {
    pub(super) places: HashMap<(usize, Cursor), Place, std::hash::BuildHasherDefault<Fx>>,
    pub(super) kept: usize,
    pub(super) long: Vec<f32>,
    pub(super) scratch: Vec<f32>,
}

pub(super) type Place = HashMap<u64, (Vec<f32>, f32), std::hash::BuildHasherDefault<Fx>>;

impl Rows {
    /// Rows kept at most (a few MB); past it the memo starts again.
    const MOST: usize = 1 << 16;

    /// A form as one word, when it is at most eight ASCII characters (none of them NUL: the
    /// packing of two forms differs where the forms do).
    pub(super) fn packed(form: &[char]) -> Option<u64> {
        if form.len() > 8 {
            return None;
        }
        let mut word = 0u64;
        for &c in form {
            if !c.is_ascii() || c == '\0' {
                return None;
            }
            word = word << 8 | c as u64;
        }
        Some(word)
    }

    /// The cost of reading each prefix of `rest`, the text of `sheet` at `from`, as `form`;
    /// `None` when every prefix costs `limit` or more.
    #[cfg(test)]
    pub(super) fn within(
        &mut self,
        sheet: &Sheet,
        from: Cursor,
        rest: &[char],
        form: &[char],
        limit: f32,
    ) -> Option<Vec<f32>> {
        self.place(sheet, from)
            .within(rest, form, Self::packed(form), limit)
            .map(<[f32]>::to_vec)
    }

    /// The rows kept for the text of `sheet` at `from`, for the forms read there one after
    /// another (the place looked up once, not once a form).
    pub(super) fn place(&mut self, sheet: &Sheet, from: Cursor) -> PlaceRows<'_> {
        if self.kept >= Self::MOST {
            self.places.clear();
            self.kept = 0;
        }
        PlaceRows {
            place: self
                .places
                .entry((std::ptr::from_ref(sheet) as usize, from))
                .or_default(),
            kept: &mut self.kept,
            long: &mut self.long,
            scratch: &mut self.scratch,
        }
    }
}

/// [`Rows`] at one place of a sheet.
pub(super) struct PlaceRows<'r> {
    pub(super) place: &'r mut Place,
    pub(super) kept: &'r mut usize,
    pub(super) long: &'r mut Vec<f32>,
    pub(super) scratch: &'r mut Vec<f32>,
}

impl PlaceRows<'_> {
    /// [`Rows::within`] at this place, whose text is `rest`; `packed` is
    /// [`Rows::packed`]`(form)`.
    pub(super) fn within(
        &mut self,
        rest: &[char],
        form: &[char],
        packed: Option<u64>,
        limit: f32,
    ) -> Option<&[f32]> {
        let Self {
            place,
            kept,
            long,
            scratch,
        } = self;
        let (row, least) = match packed {
            Some(key) => {
                let (row, least) = place.entry(key).or_insert_with(|| {
                    **kept += 1;
                    let mut row = Vec::with_capacity(rest.len() + 1);
                    slips().prefix_costs_into(form, rest, f32::INFINITY, &mut row, scratch);
                    let least = row.iter().copied().fold(f32::INFINITY, f32::min);
                    (row, least)
                });
                (row.as_slice(), *least)
            }
            None => {
                slips().prefix_costs_into(form, rest, f32::INFINITY, long, scratch);
                let least = long.iter().copied().fold(f32::INFINITY, f32::min);
                (long.as_slice(), least)
            }
        };
        (least < limit).then_some(row)
    }
}

/// What [`read_numbered`] (with no cap) answered for a copy, by the place its next move is
/// written (its sources follow from it), the number the move should have there, and the
/// move marked and the language (its forms follow from them): the states of a depth stand at
/// few places of the text, and a move is written alike from most of them, so most moves were
/// read there already, and their forms need not be built again.
#[derive(Default)]
pub(super) struct Readings {
    pub(super) kept: HashMap<ReadingsKey, Vec<Reading>, std::hash::BuildHasherDefault<Fx>>,
    pub(super) scratch: Scratch,
}

/// A sheet and a language (by address, both live for the search), a place in the sheet, the
/// move number the copy should show there (the game's and the rows it runs ahead), whose
/// move it is, and the move marked.
pub(super) type ReadingsKey = (usize, usize, Cursor, i64, bool, Marked);

impl Readings {
    /// Entries kept at most; past it the memo starts again.
    const MOST: usize = 1 << 16;

    pub(super) fn read(
        &mut self,
        sheet: &Sheet,
        at: Cursor,
        srcs: &[Source],
        (marked, lang): (&Marked, &Language),
        (number, offset): ((u32, bool), i32),
        rows: &mut Rows,
    ) -> Vec<Reading> {
        let key = (
            std::ptr::from_ref(sheet) as usize,
            std::ptr::from_ref(lang) as usize,
            at,
            i64::from(number.0) + i64::from(offset),
            number.1,
            *marked,
        );
        if let Some(found) = self.kept.get(&key) {
            return found.clone();
        }
        let cand = marked.candidate(lang, &mut self.scratch);
        let found = read_numbered(sheet, srcs, &cand, number, offset, f32::INFINITY, rows);
        if self.kept.len() >= Self::MOST {
            self.kept.clear();
        }
        self.kept.insert(key, found.clone());
        found
    }
}
