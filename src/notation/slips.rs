//! How scoresheets go wrong, as a weighted edit distance between what was written and a way
//! of writing a legal move.
//!
//! The substitution costs come from `grammar/slips.tsv` (look-alike characters of handwriting
//! and OCR, read both ways); a neighbouring file or rank, a case slip, a lost or extra capture
//! or check mark and a stray character have costs of their own (see `grammar/slips.md`).
//!
//! ```ignore
//! use scoresheet::notation::slips::{distance, slips};
//! // `Ced` for `Ce4`: the OCR read a `4` as a `d`.
//! assert!(distance("Ced", "Ce4") < 0.5);
//! // A lost capture mark costs almost nothing; an unrelated letter a whole unit.
//! assert!(distance("ed4", "exd4") < distance("Cf3", "Cf6"));
//! assert_eq!(slips().substitution('l', '1').1, "look_alike");
//! ```

use std::{collections::HashMap, sync::OnceLock};

const TABLE: &str = include_str!("../../grammar/slips.tsv");

/// An unrelated character written for another.
pub const OTHER: f32 = 1.0;
/// A character the writer left out (not a mark).
pub const LOST: f32 = 0.9;
/// A character too many (not a mark).
pub const STRAY: f32 = 0.7;
/// A capture, check, hyphen or annotation mark lost or added: the Laws make them optional
/// (Appendix C.13) and writers drop them all the time.
pub const MARK: f32 = 0.1;
/// A neighbouring file (`f` for `g`) or rank (`3` for `4`): a slip of the eye on the board.
pub const NEIGHBOUR: f32 = 0.7;
/// The same letter in the other case (`c` for `C`).
pub const CASE: f32 = 0.3;
/// A check mark left off a move that gives check: the commonest of omissions.
pub const CHECK_UNMARKED: f32 = 0.02;
/// A check mark on a move that gives no check, or a capture mark on a move that captures
/// nothing: what the writer saw on the board does not fit the move, the evidence of a slip
/// here or earlier (the search's legal moves carry `+` when they give check).
pub const MARK_MISFIT: f32 = 0.3;

/// What a reader of a whole word knows beyond its characters, and what `validate`'s
/// suggestions weigh beside the slip distance (`replay::suggest`): the destination square
/// written is the legal move's (the part of a move writers get right most often).
pub const DESTINATION_KEPT: f32 = 0.35;
/// A capture mark written on a move that captures.
pub const CAPTURE_KEPT: f32 = 0.2;
/// The piece written is not the move's, in any language that has its letter: with a
/// [`STRAY`] letter it costs more than a [`NEIGHBOUR`]ing square (`Ng3` from the start is
/// `Nf3` before `g3`), and a piece letter of another language (`Cf3` in an English game) is
/// read as its piece before it is read as a pawn move.
pub const OTHER_PIECE: f32 = 0.4;

fn is_check_mark(c: char) -> bool {
    matches!(c, '+' | '#')
}

fn is_capture_mark(c: char) -> bool {
    matches!(c, 'x' | 'X' | ':' | '×')
}

/// The slip table, read once.
#[derive(Debug)]
pub struct Slips {
    pairs: HashMap<(char, char), f32>,
    /// Substitution costs of ASCII pairs, `[written * 128 + meant]`: the search asks millions
    /// of times.
    ascii: Vec<f32>,
}

/// The slip table of `grammar/slips.tsv`.
pub fn slips() -> &'static Slips {
    static SLIPS: OnceLock<Slips> = OnceLock::new();
    SLIPS.get_or_init(|| Slips::parse(TABLE))
}

fn is_mark(c: char) -> bool {
    matches!(
        c,
        'x' | 'X' | ':' | '-' | '–' | '+' | '#' | '!' | '?' | '=' | '.' | ',' | '×' | '\'' | '/'
    )
}

impl Slips {
    fn parse(table: &str) -> Slips {
        let mut pairs = HashMap::new();
        for line in table.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let (Some(a), Some(b), Some(cost)) = (
                cols.first().and_then(|s| one_char(s)),
                cols.get(1).and_then(|s| one_char(s)),
                cols.get(2).and_then(|s| s.trim().parse::<f32>().ok()),
            ) else {
                continue;
            };
            for key in [(a, b), (b, a)] {
                let slot = pairs.entry(key).or_insert(cost);
                *slot = slot.min(cost);
            }
        }
        let mut slips = Slips {
            pairs,
            ascii: Vec::new(),
        };
        let mut ascii = vec![OTHER; 128 * 128];
        for w in 0..128u8 {
            for m in 0..128u8 {
                ascii[usize::from(w) * 128 + usize::from(m)] =
                    slips.substitution_slow(char::from(w), char::from(m)).0;
            }
        }
        slips.ascii = ascii;
        slips
    }

    /// The cost of writing `written` where `meant` belongs.
    #[inline]
    pub fn substitution_cost(&self, written: char, meant: char) -> f32 {
        if written.is_ascii() && meant.is_ascii() {
            self.ascii
                .get(written as usize * 128 + meant as usize)
                .copied()
                .unwrap_or(OTHER)
        } else {
            self.substitution_slow(written, meant).0
        }
    }

    /// The cost of writing `written` where `meant` belongs, and the kind of slip.
    pub fn substitution(&self, written: char, meant: char) -> (f32, &'static str) {
        self.substitution_slow(written, meant)
    }

    fn substitution_slow(&self, written: char, meant: char) -> (f32, &'static str) {
        if written == meant {
            return (0.0, "none");
        }
        let mut best = (OTHER, "other_character");
        if is_check_mark(written) && is_check_mark(meant) {
            // `+` for mate or `#` for check: the check is right.
            return (MARK, "mark");
        }
        if let Some(&c) = self.pairs.get(&(written, meant)) {
            best = (c, "look_alike");
        }
        let neighbours = |a: char, b: char, lo: char, hi: char| {
            (lo..=hi).contains(&a) && (lo..=hi).contains(&b) && (a as i32 - b as i32).abs() == 1
        };
        if (neighbours(written, meant, 'a', 'h') || neighbours(written, meant, '1', '8'))
            && NEIGHBOUR < best.0
        {
            best = (NEIGHBOUR, "neighbouring_square");
        }
        if written.to_lowercase().eq(meant.to_lowercase()) && CASE < best.0 {
            best = (CASE, "letter_case");
        }
        best
    }

    /// The cost of a character of the written text that stands for nothing.
    pub fn stray(&self, written: char) -> (f32, &'static str) {
        if is_check_mark(written) || is_capture_mark(written) {
            (MARK_MISFIT, "mark")
        } else if is_mark(written) {
            (MARK, "mark")
        } else {
            (STRAY, "stray_character")
        }
    }

    /// The cost of a character the writer left out.
    pub fn lost(&self, meant: char) -> (f32, &'static str) {
        if is_check_mark(meant) {
            (CHECK_UNMARKED, "mark")
        } else if is_mark(meant) {
            (MARK, "mark")
        } else {
            (LOST, "lost_character")
        }
    }

    /// The cost of reading each prefix `written[..k]` as `meant` (index `k`, 0 to the
    /// written length): one row of the edit-distance table, so that a move run together with
    /// the next is found in one pass.
    pub fn prefix_costs(&self, meant: &[char], written: &[char]) -> Vec<f32> {
        self.prefix_costs_within(meant, written, f32::INFINITY)
            .unwrap_or_default()
    }

    /// [`Slips::prefix_costs`], or `None` as soon as every prefix costs `limit` or more.
    pub fn prefix_costs_within(
        &self,
        meant: &[char],
        written: &[char],
        limit: f32,
    ) -> Option<Vec<f32>> {
        let (mut row, mut next) = (Vec::new(), Vec::new());
        self.prefix_costs_into(meant, written, limit, &mut row, &mut next)
            .then_some(row)
    }

    /// [`Slips::prefix_costs_within`] into `row` (with `next` for scratch), without
    /// allocating once the buffers are grown: false when every prefix costs `limit` or more.
    pub fn prefix_costs_into(
        &self,
        meant: &[char],
        written: &[char],
        limit: f32,
        row: &mut Vec<f32>,
        next: &mut Vec<f32>,
    ) -> bool {
        let w = written.len();
        // The cost of each written character standing for nothing, once (most words are
        // short; a longer one is priced as it is met).
        const SHORT: usize = 32;
        let mut strays = [0.0f32; SHORT];
        for (s, &c) in strays.iter_mut().zip(written) {
            *s = self.stray(c).0;
        }
        let stray = |j: usize| match strays.get(j) {
            Some(&s) => s,
            None => self.stray(written[j]).0,
        };
        row.clear();
        row.push(0.0);
        for j in 0..w {
            let prev = row[j];
            row.push(prev + stray(j));
        }
        next.clear();
        next.resize(w + 1, 0.0);
        for &m in meant {
            let lost = self.lost(m).0;
            next[0] = row[0] + lost;
            let mut least = next[0];
            for j in 1..=w {
                let sub = row[j - 1] + self.substitution_cost(written[j - 1], m);
                let ins = row[j] + lost;
                let del = next[j - 1] + stray(j - 1);
                next[j] = sub.min(ins).min(del);
                least = least.min(next[j]);
            }
            std::mem::swap(row, next);
            if least >= limit {
                return false;
            }
        }
        true
    }

    /// The edit distance between `written` and `meant` with the slip that costs most (the
    /// reason a reading gives), or `"none"` when they are the same.
    pub fn explain(&self, written: &str, meant: &str) -> (f32, &'static str) {
        let w: Vec<char> = written.chars().collect();
        let m: Vec<char> = meant.chars().collect();
        let (rows, cols) = (m.len() + 1, w.len() + 1);
        let mut d = vec![0.0f32; rows * cols];
        for j in 1..cols {
            d[j] = d[j - 1] + self.stray(w[j - 1]).0;
        }
        for i in 1..rows {
            d[i * cols] = d[(i - 1) * cols] + self.lost(m[i - 1]).0;
            for j in 1..cols {
                let sub = d[(i - 1) * cols + j - 1] + self.substitution(w[j - 1], m[i - 1]).0;
                let ins = d[(i - 1) * cols + j] + self.lost(m[i - 1]).0;
                let del = d[i * cols + j - 1] + self.stray(w[j - 1]).0;
                d[i * cols + j] = sub.min(ins).min(del);
            }
        }
        // Walk back along one cheapest path, keeping its dearest step.
        let (mut i, mut j) = (m.len(), w.len());
        let mut worst = (0.0f32, "none");
        let mut keep = |c: f32, why: &'static str| {
            if c > worst.0 {
                worst = (c, why);
            }
        };
        while i > 0 || j > 0 {
            let here = d[i * cols + j];
            if i > 0 && j > 0 {
                let (c, why) = self.substitution(w[j - 1], m[i - 1]);
                if (d[(i - 1) * cols + j - 1] + c - here).abs() < 1e-4 {
                    keep(c, why);
                    i -= 1;
                    j -= 1;
                    continue;
                }
            }
            if i > 0 {
                let (c, why) = self.lost(m[i - 1]);
                if (d[(i - 1) * cols + j] + c - here).abs() < 1e-4 {
                    keep(c, why);
                    i -= 1;
                    continue;
                }
            }
            if j > 0 {
                let (c, why) = self.stray(w[j - 1]);
                keep(c, why);
                j -= 1;
            } else {
                i -= 1;
            }
        }
        (d[rows * cols - 1], worst.1)
    }
}

fn one_char(s: &str) -> Option<char> {
    let mut it = s.chars();
    let c = it.next()?;
    it.next().is_none().then_some(c)
}

/// The slip distance between what was written and a way of writing a move.
pub fn distance(written: &str, meant: &str) -> f32 {
    slips().explain(written, meant).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_every_row_both_ways() {
        let rows = TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 4, "row `{line}` has four columns");
        }
        assert!(slips().pairs.len() >= rows, "{} pairs", slips().pairs.len());
        assert_eq!(slips().substitution('1', 'l'), (0.3, "look_alike"));
        assert_eq!(slips().substitution('l', '1'), (0.3, "look_alike"));
    }

    #[test]
    fn look_alikes_of_the_issue() {
        for (w, m) in [
            ('l', '1'),
            ('I', '1'),
            ('7', '1'),
            ('0', 'O'),
            ('o', 'O'),
            ('d', '4'),
            ('b', '6'),
            ('G', '6'),
            ('S', '5'),
            ('s', '5'),
            ('B', '8'),
            ('3', '8'),
            ('g', '9'),
            ('q', '9'),
            ('Z', '2'),
            ('z', '2'),
            ('c', 'e'),
            ('h', 'b'),
            ('f', 't'),
        ] {
            let (c, why) = slips().substitution(w, m);
            assert!(c < OTHER, "{w} for {m}: {c}");
            assert_eq!(why, "look_alike", "{w} for {m}");
        }
    }

    #[test]
    fn neighbours_case_and_marks() {
        assert_eq!(
            slips().substitution('f', 'g'),
            (NEIGHBOUR, "neighbouring_square")
        );
        assert_eq!(
            slips().substitution('3', '4'),
            (NEIGHBOUR, "neighbouring_square")
        );
        assert_eq!(slips().substitution('a', 'h').1, "other_character");
        assert_eq!(slips().substitution('d', 'D'), (CASE, "letter_case"));
        assert_eq!(slips().lost('x'), (MARK, "mark"));
        assert_eq!(slips().stray('+'), (MARK_MISFIT, "mark"));
        assert_eq!(slips().lost('+'), (CHECK_UNMARKED, "mark"));
        assert_eq!(slips().stray('-'), (MARK, "mark"));
        assert_eq!(slips().stray('k'), (STRAY, "stray_character"));
    }

    #[test]
    fn distances_of_the_appendix_c_slips() {
        assert_eq!(distance("Cf3", "Cf3"), 0.0);
        assert_eq!(slips().explain("Ced", "Ce4").1, "look_alike");
        assert_eq!(slips().explain("ed4", "exd4").1, "mark");
        assert!(distance("edb", "exd6") < 0.6);
        assert!(distance("Aclg5", "Ac1g5") < 0.5);
        assert!(distance("Ralbl", "Rc1b1") < 1.5);
        assert!(distance("e2ed", "e2e4") < 0.5);
        // A wrong piece is dearer than a look-alike.
        assert!(distance("Cf3", "Af3") > distance("Ced", "Ce4"));
    }

    #[test]
    fn prefix_costs_find_a_move_run_together_with_the_next() {
        let meant: Vec<char> = "e5".chars().collect();
        let written: Vec<char> = "e52.Cf3".chars().collect();
        let costs = slips().prefix_costs(&meant, &written);
        assert_eq!(costs.len(), written.len() + 1);
        assert_eq!(costs[2], 0.0);
        assert!(costs[7] > 2.0);
        assert_eq!(costs[0], 2.0 * LOST);
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::notation::slips::{distance, slips};
        // `Ced` for `Ce4`: the OCR read a `4` as a `d`.
        assert!(distance("Ced", "Ce4") < 0.5);
        // A lost capture mark costs almost nothing; an unrelated letter a whole unit.
        assert!(distance("ed4", "exd4") < distance("Cf3", "Cf6"));
        assert_eq!(slips().substitution('l', '1').1, "look_alike");
    }
}
