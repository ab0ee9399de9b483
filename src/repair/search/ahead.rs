//! Reading the text ahead of a state: how the next plies read after it, to rank the states
//! of a beam and the moves that may fill a gap before the text proves them right; and the
//! move replay itself reads a text as.

use super::*;

/// Plies of written text the widest search reads ahead of each state to rank it: on real
/// sheets 6 read 6 more of the 53 it had not read well enough than none, 4 read 3 and 10
/// read 5, at 2.2 times the time of those sheets. On every damaged sheet (the default
/// search too) it read fewer synthetic sheets (215 of 242 against 223) in five times the time.
pub const WIDEST_AHEAD: usize = 6;
/// How far behind the best a state's reading ahead stops (it ranks behind anyway).
pub(super) const AHEAD_CUT: f32 = 3.0;

/// Plies of written text read ahead to rank the moves that may fill a gap.
pub(super) const LOOKAHEAD_PLIES: usize = 10;
/// At most this many states of the beam, no dearer than the cheapest by more than
/// [`LOOKAHEAD_NEAR`], have their gap fillers ranked by reading ahead.
pub(super) const LOOKAHEAD_PARENTS: usize = 2;
pub(super) const LOOKAHEAD_NEAR: f32 = 0.5;
/// A start read ahead this much dearer than the best is no longer followed.
pub(super) const LOOKAHEAD_CUT: f32 = 1.0;
/// How far behind its cost an unranked gap filler is kept.
pub(super) const UNRANKED_GAP: f32 = 1.0;

/// The move replay reads `text` as after `pos`, when it reads exactly one, and whether the
/// capture and check marks written agree with it. Replay reads a mark that does not fit as
/// written (the marks are optional, Appendix C.13, and judged only by `--strict`).
pub fn replay_reading(pos: &Chess, text: &str, lang: &Language) -> Option<(Move, bool)> {
    let Ok(("", w)) = written_move(text) else {
        return None;
    };
    let Resolution::Unique(mv) = resolve(pos, &w, lang) else {
        return None;
    };
    let marks_agree = (w.capture == CaptureMark::None || mv.is_capture())
        && (w.check == CheckMark::None || w.check == CheckMark::Cross && mv.is_capture() || {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            after.is_check()
        });
    Some((mv, marks_agree))
}

/// One greedy step of reading ahead: the cheapest legal move the text at `at` reads as
/// after `pos`, its cost and where the next move starts.
pub(super) fn read_one(
    sheet: &Sheet,
    lang: &Language,
    pos: &Chess,
    at: Cursor,
    rows: &mut Rows,
) -> Option<(f32, Move, Cursor)> {
    let number = (pos.fullmoves().get(), pos.turn() == Color::Black);
    // Most words ahead are written as they should be: read at once, as replay reads them.
    let rest: String = if sheet.readable(at) {
        sheet.rest(at).iter().collect()
    } else {
        String::new()
    };
    if let Some((mv, true)) = replay_reading(pos, &rest, lang) {
        // Replay reads `Bxe3` as a quiet move to e3 and `Qe3+` as a move that gives no check
        // (the marks are optional, Appendix C.13); the slip tables price such a mark, and a
        // mark read for nothing here sends the reading ahead down the wrong line.
        if number_cost(sheet, at, number) == 0.0 {
            let end = Cursor {
                word: at.word,
                at: at.at + sheet.rest(at).len() as u32,
            };
            return Some((0.0, mv, sheet.settle(end).0));
        }
    }
    let srcs = sources(sheet, at);
    let checks = srcs.iter().any(|s| marks_check(s.rest));
    let mut best: Option<(f32, Move, Cursor)> = None;
    for cand in candidates_marked(pos, lang, checks) {
        // Only a reading cheaper than the best so far counts here: the dearer ones are not
        // looked for (a hundredth over it, which leaves the cheaper ones as they are).
        let cap = best.map_or(f32::INFINITY, |b| b.0 + 0.01);
        for r in read_numbered(sheet, &srcs, &cand, number, 0, cap, rows) {
            if best.is_none_or(|b| r.cost < b.0) {
                best = Some((r.cost, cand.mv, r.next));
            }
        }
    }
    best
}

/// How dear the written moves after each of `starts` (a position and where its next move
/// is written) read, each read greedily as the cheapest legal move, up to
/// [`LOOKAHEAD_PLIES`] ahead: what tells the move a sheet left out from the other legal
/// moves, since the moves written after it need it. The starts are read side by side, and
/// one that falls [`LOOKAHEAD_CUT`] behind the best stops there (it ranks behind anyway).
pub(super) fn read_ahead(
    sheet: &Sheet,
    lang: &Language,
    starts: &[(&Chess, Cursor)],
    rows: &mut Rows,
    work: &mut Work,
) -> Vec<f32> {
    read_ahead_by(
        sheet,
        lang,
        starts,
        LOOKAHEAD_PLIES,
        LOOKAHEAD_CUT,
        rows,
        work,
    )
}

/// [`read_ahead`] `plies` ahead, stopping `cut` behind the best. Each position read costs a
/// unit of `work`; where the budget ends, the reading ahead ends (the search then ends too).
pub(super) fn read_ahead_by(
    sheet: &Sheet,
    lang: &Language,
    starts: &[(&Chess, Cursor)],
    plies: usize,
    cut: f32,
    rows: &mut Rows,
    work: &mut Work,
) -> Vec<f32> {
    let mut live: Vec<(Chess, Cursor, bool)> =
        starts.iter().map(|&(p, c)| (p.clone(), c, true)).collect();
    let mut total = vec![0.0f32; starts.len()];
    for _ in 0..plies {
        for (t, (pos, at, going)) in total.iter_mut().zip(live.iter_mut()) {
            if !*going {
                continue;
            }
            if sheet.done(*at) {
                *going = false;
                continue;
            }
            // A position read ahead builds every legal move's forms afresh (the readings a
            // state of the beam shares with the others at its place are not kept for it):
            // about twice a state's work.
            if !work.take(READ_AHEAD_WORK) {
                return total;
            }
            match read_one(sheet, lang, pos, *at, rows) {
                Some((cost, mv, next)) => {
                    *t += cost;
                    pos.play_unchecked(mv);
                    *at = next;
                }
                None => {
                    // The written move is no legal move here: past here the text tells
                    // nothing more about this start.
                    *t += LEFT_OUT;
                    *going = false;
                }
            }
        }
        let least = total.iter().copied().fold(f32::INFINITY, f32::min);
        let mut any = false;
        for (t, l) in total.iter().zip(live.iter_mut()) {
            l.2 &= *t <= least + cut;
            any |= l.2;
        }
        if !any {
            break;
        }
    }
    total
}

/// Ranks the moves put into a gap of a single copy by how well the written moves after them
/// read: of the thirty-odd legal moves that fill a gap alike, the beam keeps the few the
/// text after the gap needs. Only for the gaps of the cheapest states (where the reading
/// stands or falls); the fillers of the others rank behind by [`UNRANKED_GAP`].
pub(super) fn rank_gap_fillers(
    next: &mut [Step],
    beam: &[State],
    sheet: &Sheet,
    lang: &Language,
    rows: &mut Rows,
    work: &mut Work,
) {
    let Some(cheapest) = beam.iter().map(|s| s.cost).reduce(f32::min) else {
        return;
    };
    let mut parents: Vec<usize> = next
        .iter()
        .filter(|s| s.fills_a_gap())
        .map(|s| s.parent)
        .filter(|&p| {
            beam.get(p)
                .is_some_and(|s| s.cost <= cheapest + LOOKAHEAD_NEAR)
        })
        .collect();
    parents.sort_unstable();
    parents.dedup();
    parents.truncate(LOOKAHEAD_PARENTS);
    for step in next.iter_mut() {
        if step.fills_a_gap() && !parents.contains(&step.parent) {
            step.rank = step.state.cost + UNRANKED_GAP;
        }
    }
    for p in parents {
        let fillers: Vec<usize> = (0..next.len())
            .filter(|&i| next[i].parent == p && next[i].fills_a_gap())
            .collect();
        let starts: Vec<(&Chess, Cursor)> = fillers
            .iter()
            .map(|&i| (&next[i].state.pos, next[i].state.at[0]))
            .collect();
        let ahead = read_ahead(sheet, lang, &starts, rows, work);
        let least = ahead.iter().copied().fold(f32::INFINITY, f32::min);
        for (&i, a) in fillers.iter().zip(ahead) {
            next[i].rank = next[i].state.cost + (a - least);
        }
    }
}
