//! The two copies aligned word by word (the words both have alike, and the differences), the
//! differences grouped into stretches, and the transpositions among them.

use super::*;

/// A part of the alignment: words both copies have alike, or a difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Seg {
    Common {
        a: usize,
        b: usize,
        len: usize,
    },
    Diff {
        a: (usize, usize),
        b: (usize, usize),
    },
}

/// Whether word `i` of the first copy and word `j` of the second say the same move: the same
/// move written (marks aside), or the same legal move from the same position (`Nd2` and
/// `Nbd2`, long algebraic against SAN).
pub(super) fn same(x: &ArchiveCopy, y: &ArchiveCopy, i: usize, j: usize) -> bool {
    x.words[i].key == y.words[j].key
        || (i < x.moves.len()
            && j < y.moves.len()
            && x.hashes[i] == y.hashes[j]
            && x.moves[i] == y.moves[j])
}

/// Larger middles than this (cells of the alignment table) are one difference.
pub(super) const MOST_CELLS: usize = 4_000_000;

pub(super) fn align(x: &ArchiveCopy, y: &ArchiveCopy) -> Vec<Seg> {
    let (n, m) = (x.words.len(), y.words.len());
    let mut head = 0;
    while head < n && head < m && same(x, y, head, head) {
        head += 1;
    }
    let mut tail = 0;
    while tail < n - head && tail < m - head && same(x, y, n - 1 - tail, m - 1 - tail) {
        tail += 1;
    }
    let (n1, m1) = (n - head - tail, m - head - tail);
    let mut ops: Vec<(bool, bool)> = Vec::new(); // (takes a word of x, of y)
    ops.extend(std::iter::repeat_n((true, true), head));
    if n1 > 0 || m1 > 0 {
        if n1.saturating_mul(m1) > MOST_CELLS {
            ops.extend(std::iter::repeat_n((true, false), n1));
            ops.extend(std::iter::repeat_n((false, true), m1));
        } else {
            // l[i][j]: the longest common subsequence of x[head+i..] and y[head+j..].
            let w = m1 + 1;
            let mut l = vec![0u32; (n1 + 1) * w];
            for i in (0..n1).rev() {
                for j in (0..m1).rev() {
                    l[i * w + j] = if same(x, y, head + i, head + j) {
                        l[(i + 1) * w + j + 1] + 1
                    } else {
                        l[(i + 1) * w + j].max(l[i * w + j + 1])
                    };
                }
            }
            let (mut i, mut j) = (0, 0);
            while i < n1 || j < m1 {
                if i < n1
                    && j < m1
                    && same(x, y, head + i, head + j)
                    && l[i * w + j] == l[(i + 1) * w + j + 1] + 1
                {
                    ops.push((true, true));
                    i += 1;
                    j += 1;
                } else if j == m1 || (i < n1 && l[(i + 1) * w + j] >= l[i * w + j + 1]) {
                    ops.push((true, false));
                    i += 1;
                } else {
                    ops.push((false, true));
                    j += 1;
                }
            }
        }
    }
    ops.extend(std::iter::repeat_n((true, true), tail));
    let mut segs = Vec::new();
    let (mut i, mut j) = (0, 0);
    let mut k = 0;
    while k < ops.len() {
        let (si, sj) = (i, j);
        if ops[k] == (true, true) {
            while k < ops.len() && ops[k] == (true, true) {
                i += 1;
                j += 1;
                k += 1;
            }
            segs.push(Seg::Common {
                a: si,
                b: sj,
                len: i - si,
            });
        } else {
            while k < ops.len() && ops[k] != (true, true) {
                i += usize::from(ops[k].0);
                j += usize::from(ops[k].1);
                k += 1;
            }
            segs.push(Seg::Diff {
                a: (si, i),
                b: (sj, j),
            });
        }
    }
    segs
}

/// The stretch of each difference: differences with no meeting of both copies' positions
/// between them share one.
pub(super) fn stretches(x: &ArchiveCopy, y: &ArchiveCopy, segs: &[Seg]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut stretch = 0;
    let mut open = false;
    for seg in segs {
        match *seg {
            Seg::Common { a, b, len } => {
                let (ea, eb) = (a + len, b + len);
                if x.hash(ea).is_some() && x.hash(ea) == y.hash(eb) {
                    open = false;
                }
            }
            Seg::Diff { .. } => {
                if !open {
                    stretch += 1;
                }
                open = true;
                out.push(stretch);
            }
        }
    }
    out
}

/// Where a difference is in both copies' words.
pub(super) struct Span {
    pub(super) a: (usize, usize),
    pub(super) b: (usize, usize),
}

/// Differences of one stretch that hold the same moves in another order and bring both
/// copies to the same position.
pub(super) fn transposed(
    x: &ArchiveCopy,
    y: &ArchiveCopy,
    segs: &[Seg],
    stretch_of: &[u32],
) -> Vec<bool> {
    let diffs: Vec<Span> = segs
        .iter()
        .filter_map(|s| match *s {
            Seg::Diff { a, b } => Some(Span { a, b }),
            _ => None,
        })
        .collect();
    let mut out = vec![false; diffs.len()];
    let mut k = 0;
    while k < diffs.len() {
        let mut l = k;
        while l + 1 < diffs.len() && stretch_of[l + 1] == stretch_of[k] {
            l += 1;
        }
        let (a0, b0) = (diffs[k].a.0, diffs[k].b.0);
        let (a1, b1) = (diffs[l].a.1, diffs[l].b.1);
        // The same moves: by the copies' own replays where both reach that far (`Rxd1` and
        // `Rfxd1` are one move written from two positions), else as written.
        let replayed = a1 <= x.moves.len() && b1 <= y.moves.len();
        let of = |c: &ArchiveCopy, from: usize, to: usize| -> Vec<u64> {
            if replayed {
                c.moves[from..to]
                    .iter()
                    .map(|m| {
                        let from = m.from().map_or(64, |s| s as u64);
                        from | (m.to() as u64) << 7 | m.promotion().map_or(0, |r| r as u64) << 14
                    })
                    .collect()
            } else {
                c.words[from..to].iter().map(|w| w.key).collect()
            }
        };
        let mut ka = of(x, a0, a1);
        let mut kb = of(y, b0, b1);
        ka.sort_unstable();
        kb.sort_unstable();
        // The same position after both (an en passant right aside: the pawn's double step
        // played last in one order only leaves one that the other has not).
        let meet = replayed && {
            let at = |c: &ArchiveCopy, n: usize| {
                let mut p = c.start.clone();
                for &m in &c.moves[..n] {
                    p.play_unchecked(m);
                }
                p
            };
            let (p, q) = (at(x, a1), at(y, b1));
            p.board() == q.board()
                && p.turn() == q.turn()
                && p.castles().castling_rights() == q.castles().castling_rights()
        };
        if meet && ka == kb && a1 > a0 && ka.len() >= 2 {
            for o in &mut out[k..=l] {
                *o = true;
            }
        }
        k = l + 1;
    }
    out
}
