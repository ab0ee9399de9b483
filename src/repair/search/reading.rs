//! One ply read from one copy's text: the words at its cursor, a move number before them,
//! a stray word or a run written twice set aside.

use super::*;

/// How one copy reads one ply.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub cost: f32,
    /// The slip distance of the text to the form read (with the form's penalty), apart
    /// from words set aside, numbers and the space lost between moves.
    pub slip: f32,
    /// Where the move's text starts (`None`: the copy left the move out).
    pub text: Option<(Cursor, u32)>,
    /// Text set aside before the move: where it starts, and why.
    pub set_aside: Option<(Cursor, &'static str)>,
    pub form: Form,
    /// The move's text ends inside a word (moves run together).
    pub run_together: bool,
    /// Where the copy's next move starts.
    pub next: Cursor,
    /// How many rows the copy's move numbers run ahead of the game's from here on, more than
    /// before this move (a run of rows written again leaves the numbers after it that far
    /// ahead).
    pub renumber: i32,
}

/// Where a copy's next move may start: at the cursor, or after a word set aside.
pub(super) struct Source<'s> {
    pub(super) from: Cursor,
    pub(super) rest: &'s [char],
    pub(super) cost: f32,
    pub(super) set_aside: Option<(Cursor, &'static str)>,
    pub(super) renumber: i32,
}

pub(super) fn sources<'s>(sheet: &'s Sheet, at: Cursor) -> Vec<Source<'s>> {
    let mut out = Vec::with_capacity(3);
    if sheet.done(at) {
        return out;
    }
    // A word too long to hold moves is only set aside.
    if sheet.readable(at) {
        out.push(Source {
            from: at,
            rest: sheet.rest(at),
            cost: 0.0,
            set_aside: None,
            renumber: 0,
        });
    }
    // A word set aside, or a run of moves written again (the rows after it numbered on from
    // the run's own numbers).
    let skipped = sheet.skip(at).map(|(next, cost, why)| (next, cost, why, 0));
    let repeated = sheet.repeat(at).map(|(next, cost)| {
        let renumber = match (sheet.number_before(at), sheet.number_before(next)) {
            // A run of at most six moves spans at most four rows: anything more is a slip
            // in the numbers, not rows written again.
            (Some((a, _)), Some((b, _))) if b > a => (b - a).min(4) as i32,
            _ => 0,
        };
        (next, cost, REPEATED, renumber)
    });
    for (next, cost, why, renumber) in skipped.into_iter().chain(repeated) {
        if sheet.readable(next) {
            out.push(Source {
                from: next,
                rest: sheet.rest(next),
                cost,
                set_aside: Some((at, why)),
                renumber,
            });
        }
    }
    out
}

/// Why a run of moves was set aside: the writer wrote them again.
pub const REPEATED: &str = "moves_written_twice";

/// The cost of the move number written before `at` for the move `number` (its full-move
/// number, and whether Black is to move).
pub(super) fn number_cost(sheet: &Sheet, at: Cursor, number: (u32, bool)) -> f32 {
    match sheet.number_before(at) {
        // `12...` before White's twelfth (a stray dot), or `12.` before Black's twelfth:
        // White's box of that move left empty, which the gap has paid for.
        Some((n, _)) if n == number.0 => 0.0,
        Some(_) => NUMBER_MISMATCH,
        None => 0.0,
    }
}

/// The best ways one copy reads `cand` from its sources: reading the rest of a word, and
/// (when cheaper) reading the start of it, the next move run together with it. Empty when
/// no reading is cheaper than [`MAX_READ`]. The copy's move numbers run `offset` rows ahead
/// of the game's.
///
/// A reading that costs `cap` or more before the split and the numbers after it is not
/// looked for. The readings that cost less than `cap` less a hundredth come out as with no
/// cap: the best of each kind is replaced only by one cheaper by a millionth, so leaving out
/// readings dearer than `cap` can change which of the dear ones is kept, never a cheap one.
pub(super) fn read_numbered(
    sheet: &Sheet,
    srcs: &[Source],
    cand: &Candidate,
    number: (u32, bool),
    offset: i32,
    cap: f32,
    rows: &mut Rows,
) -> Vec<Reading> {
    // Each source's best readings: a word set aside leads to another place in the text than
    // reading it, so the cheaper reading of the word does not stand for both (`Cd4 Cd4 4.
    // Cxd4`: the second `Cd4` read as `4. Cxd4` leaves `4. Cxd4` to be misread; set aside as
    // written twice, it leaves the rest as written).
    let mut out: Vec<Reading> = Vec::new();
    for src in srcs {
        // [whole word, start of a word]
        let mut best: [Option<Reading>; 2] = [None, None];
        let ceiling = |b: &Option<Reading>| b.as_ref().map_or(MAX_READ, |b| b.cost);
        let written_number = (i64::from(number.0) + i64::from(offset) + i64::from(src.renumber))
            .clamp(0, i64::from(u32::MAX)) as u32;
        let numbered = number_cost(sheet, src.from, (written_number, number.1));
        let mut place = rows.place(sheet, src.from);
        for (form, kind, packed) in cand.forms_packed() {
            let base = src.cost + kind.penalty() + numbered;
            if base >= ceiling(&best[0]).max(ceiling(&best[1])).min(cap) {
                continue;
            }
            let limit = ceiling(&best[0]).max(ceiling(&best[1])).min(cap) - base;
            let Some(costs) = place.within(src.rest, form, packed, limit) else {
                continue;
            };
            let len = src.rest.len();
            // A move is never written in fewer than two characters.
            for (k, &c) in costs.iter().enumerate().skip(2.min(len)) {
                let slot = usize::from(k < len);
                // What the split adds is never below nothing: a prefix already dearer than
                // the best reading of its kind, or than the cap, is passed over before the
                // text is looked at.
                if base + c >= ceiling(&best[slot]) - 1e-6 || base + c >= cap {
                    continue;
                }
                let end = Cursor {
                    word: src.from.word,
                    at: src.from.at + k as u32,
                };
                let split = if k < len {
                    if src.rest.get(k) == Some(&'.') || sheet.number_at(end).is_some() {
                        0.05
                    } else if splits_a_square(src.rest, k) {
                        // Two moves run together meet after a square, never inside one:
                        // `Rxd4` is not `Rx` or `Rxd` and a move written `d4` or `4`.
                        continue;
                    } else {
                        RUN_TOGETHER
                    }
                } else {
                    0.0
                };
                let total = base + c + split;
                if total < ceiling(&best[slot]) - 1e-6 {
                    let (next, more) = sheet.settle(end);
                    best[slot] = Some(Reading {
                        cost: total + more,
                        slip: c + kind.penalty(),
                        text: Some((src.from, k as u32)),
                        set_aside: src.set_aside,
                        form: kind,
                        run_together: k < len,
                        next,
                        renumber: src.renumber,
                    });
                }
            }
        }
        let [whole, start] = best;
        let keep_start = match (&whole, &start) {
            (Some(w), Some(s)) => s.cost < w.cost,
            _ => true,
        };
        out.extend(whole);
        out.extend(start.filter(|_| keep_start));
    }
    // Of readings that lead to the same place, the cheapest; the cheapest of all first.
    out.sort_by(|a, b| a.cost.total_cmp(&b.cost));
    let mut i = 0;
    while i < out.len() {
        if out[..i].iter().any(|k| k.next == out[i].next) {
            out.remove(i);
        } else {
            i += 1;
        }
    }
    out
}

/// Whether text cut before `k` would part a capture mark from its square, or a file letter
/// from the rank digit after it.
pub(super) fn splits_a_square(rest: &[char], k: usize) -> bool {
    match k.checked_sub(1).and_then(|i| rest.get(i)) {
        Some('x') => true,
        Some(c) if ('a'..='h').contains(c) => rest.get(k).is_some_and(|c| ('1'..='8').contains(c)),
        _ => false,
    }
}
