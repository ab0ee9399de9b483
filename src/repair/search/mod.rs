//! The most likely legal game given everything written: a beam search over legal moves from
//! the start position, ply by ply, reading the written words of one scoresheet (or of both
//! players' copies at once) as it goes.
//!
//! A state is a position and, for each copy, the place in its words where the next move is
//! written. From a state, every legal move is read against each copy: as the text at the
//! cursor (at the slip distance of the `slips` tables, against the move's SAN in the game's
//! language, its long algebraic form, its English SAN), or after setting aside a stray word
//! or a word written twice, or as left out of that copy (the sheet shifted by a ply). States
//! that reach the same position at the same places are merged, keeping the cheaper. Because
//! the beam keeps the runners-up of every ply, a slip that made a legal but wrong move is
//! undone when a later move becomes impossible under it.
//!
//! ```
//! use scoresheet::repair::{search::{search, Limits}, sheet::Sheet};
//! use scoresheet::notation::languages::by_code;
//! use shakmaty::Chess;
//! let sheet = Sheet::from_movetext("1.e4 e5 2.Cf3 Cf6 3.d4 ed4 4.e5 Ced 5.Dd4", 0);
//! let found = search(&Chess::default(), &[&sheet], by_code("it").unwrap(), &Limits::default()).unwrap();
//! assert_eq!(found.moves.len(), 9);
//! assert_eq!(found.moves[7].to().to_string(), "e4");
//! ```

use std::collections::HashMap;

use shakmaty::{
    san::San, zobrist::Zobrist64, Bitboard, Chess, Color, EnPassantMode, Move, Position, Role,
    Square,
};

use super::{
    sheet::{Cursor, Sheet},
    slips::slips,
};
use crate::{
    notation::{
        languages::{english, Language},
        moves::{written_move, CaptureMark, CheckMark},
        render::san_body_into,
    },
    replay::resolve::{resolve, Resolution},
};

mod ahead;
mod cache;
mod cost;
mod forms;
mod reading;

pub use ahead::*;
use cache::*;
pub use cost::*;
pub use forms::*;
pub use reading::*;

/// How far the search goes.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// States kept after each ply.
    pub beam: usize,
    /// States kept after each ply at one place in the text (for each copy).
    pub per_place: usize,
    /// States dearer than the best by more than this are dropped.
    pub margin: f32,
    /// The most a game may cost, as a base and a part per written word; beyond it there is
    /// no reading (the game is reported as written).
    pub base_cost: f32,
    pub cost_per_word: f32,
    /// Plies of written text read ahead from each state to rank it (0: none).
    pub ahead: usize,
    /// The most work the search may do, in states read (see [`Outcome::work`]); past it
    /// the search ends with no reading.
    pub budget: usize,
}

impl Limits {
    /// A few states: enough for a sheet with a slip or two.
    pub fn narrow() -> Limits {
        Limits {
            beam: 12,
            per_place: 4,
            margin: 3.0,
            ..Limits::default()
        }
    }
}

impl Limits {
    /// Many states and a high bound: for real sheets with a slip every few moves, which the
    /// default limits cannot read through.
    pub fn wide() -> Limits {
        Limits {
            beam: 128,
            per_place: 12,
            margin: 6.0,
            base_cost: 6.0,
            cost_per_word: 0.3,
            ahead: 0,
            budget: usize::MAX,
        }
    }

    /// Many states, many at one place in the text, and a high bound: for the few sheets
    /// whose reading stays dear in the default search. A sheet read without shifts keeps
    /// every state at one place, so the states a place keeps are the beam there: where a
    /// slip every few moves multiplies readings of alike cost (and a gap's thirty fillers),
    /// the true one survives only among many (on real sheets 96 a place read 7 more of 199
    /// through than 32, in about the same time).
    pub fn widest() -> Limits {
        Limits {
            beam: 256,
            per_place: 96,
            margin: 8.0,
            base_cost: 6.0,
            cost_per_word: 0.3,
            ahead: 0,
            budget: usize::MAX,
        }
    }

    /// [`Limits::widest`], each state also ranked by how the next [`WIDEST_AHEAD`] written
    /// moves read after it, so that a reading the text ahead contradicts falls behind before
    /// it crowds the true one out: for the sheets whose reading stays dearest (several times
    /// the time of the widest search).
    pub fn widest_ahead() -> Limits {
        Limits {
            ahead: WIDEST_AHEAD,
            ..Limits::widest()
        }
    }

    /// [`Limits::widest`] with four times the states: for the sheets whose reading stays
    /// dear after reading ahead (on real sheets the reading found is then often the beam's:
    /// a reading cheaper by the same costs falls out of 256 states, 96 a place).
    pub fn huge() -> Limits {
        Limits {
            beam: 1024,
            per_place: 384,
            ..Limits::widest()
        }
    }

    /// [`Limits::huge`] reading ahead, with half its states (a state read ahead costs about
    /// twice as much).
    pub fn huge_ahead() -> Limits {
        Limits {
            beam: 512,
            per_place: 192,
            ahead: WIDEST_AHEAD,
            ..Limits::widest()
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            beam: 64,
            per_place: 8,
            margin: 5.0,
            base_cost: 3.5,
            cost_per_word: 0.12,
            ahead: 0,
            budget: usize::MAX,
        }
    }
}

/// One ply of the game found: the move, the position before it and how each copy read it.
#[derive(Debug, Clone)]
pub struct Ply {
    pub before: Chess,
    pub mv: Move,
    pub readings: Vec<Reading>,
}

/// The game found.
#[derive(Debug, Clone)]
pub struct Found {
    pub moves: Vec<Move>,
    pub plies: Vec<Ply>,
    /// Per copy: trailing text set aside after the last move (where it starts).
    pub trailing: Vec<Option<Cursor>>,
    pub cost: f32,
}

struct Node {
    parent: Option<usize>,
    before: Chess,
    mv: Move,
    readings: Vec<Reading>,
}

/// The most copies read at once.
const MAX_COPIES: usize = 2;

#[derive(Clone)]
struct State {
    pos: Chess,
    /// The position's Zobrist key (en passant where legal), carried from move to move.
    hash: u64,
    at: [Cursor; MAX_COPIES],
    /// Per copy: how many rows its move numbers run ahead of the game's.
    offsets: [i32; MAX_COPIES],
    cost: f32,
    node: Option<usize>,
    /// Plies since the reading last shifted the sheet (a move left out, a word set aside).
    since_shift: u8,
}

/// For this many plies after a shift, a state has places of the beam of its own.
const SHIFT_MEMORY: u8 = 12;

/// A successor not yet kept: its parent in the beam, its move and readings.
struct Step {
    state: State,
    parent: usize,
    mv: Move,
    readings: [Option<Reading>; MAX_COPIES],
    /// What the beam keeps the step by: its cost, and for a move put into a gap, how much
    /// worse the written moves after it read than after the best move put there.
    rank: f32,
}

impl Step {
    fn fills_a_gap(&self) -> bool {
        self.readings.iter().flatten().all(|r| r.text.is_none())
    }
}

/// The Zobrist key of the position after `mv` is played from `before` (whose key is
/// `hash`): updated from the key before where shakmaty can (most moves), else worked out.
fn hash_after(before: &Chess, hash: u64, mv: Move, after: &Chess) -> u64 {
    before
        .update_zobrist_hash(Zobrist64(hash), mv, EnPassantMode::Legal)
        .unwrap_or_else(|| after.zobrist_hash::<Zobrist64>(EnPassantMode::Legal))
        .0
}

/// A state's key: its position's Zobrist key `hash` and where each copy is read.
fn key_of(hash: u64, at: &[Cursor; MAX_COPIES], offsets: &[i32; MAX_COPIES]) -> u64 {
    let mut k = hash;
    for (c, &o) in at.iter().zip(offsets) {
        k ^= (u64::from(c.word) << 16 | u64::from(c.at)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        k ^= u64::from(o as u32).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        k = k.rotate_left(17);
    }
    k
}

fn first_code<'a>(langs: &[&'a Language]) -> &'a str {
    langs.first().map_or("en", |l| l.code.as_str())
}

/// Trailing words a copy may set aside at the end of the game (a stray word or two after
/// the last move): the cost, or `None` when there are more.
fn trailing_cost(sheet: &Sheet, at: Cursor) -> Option<f32> {
    let mut at = at;
    let mut cost = 0.0;
    for _ in 0..2 {
        if sheet.done(at) {
            return Some(cost);
        }
        let (next, k, _) = sheet.skip(at)?;
        cost += k;
        at = next;
    }
    sheet.done(at).then_some(cost)
}

/// The cheapest legal game from `start` that reads every copy in `sheets` (one or two),
/// within the limits; `None` when there is none.
pub fn search(start: &Chess, sheets: &[&Sheet], lang: &Language, limits: &Limits) -> Option<Found> {
    search_in(start, sheets, &[lang, lang], limits)
}

/// What one search did: the game found, and the work it took (see `Work`).
#[derive(Debug, Clone)]
pub struct Outcome {
    pub found: Option<Found>,
    /// States read: each state of the beam whose successors were read (every legal move
    /// read from its place in the text), and each position a reading ahead read a move
    /// from, counted twice (it costs about twice as much). Never more than
    /// [`Limits::budget`].
    pub work: usize,
    /// The search ended at its budget: no reading, whatever the text after it holds.
    pub out_of_budget: bool,
}

/// [`search`], with the work it took.
pub fn search_counted(
    start: &Chess,
    sheets: &[&Sheet],
    lang: &Language,
    limits: &Limits,
) -> Outcome {
    search_along(start, sheets, &[lang, lang], limits, None)
}

/// The work of one position read ahead, in states of the beam (see `Work`).
const READ_AHEAD_WORK: usize = 2;

/// The work a search has done against its budget.
struct Work {
    done: usize,
    budget: usize,
    out: bool,
}

impl Work {
    /// `units` more units of work, when the budget has room for them.
    fn take(&mut self, units: usize) -> bool {
        if self.done.saturating_add(units) > self.budget {
            self.out = true;
            return false;
        }
        self.done += units;
        true
    }
}

/// [`search`] with a language for each copy (the two players may write in two languages).
pub fn search_in(
    start: &Chess,
    sheets: &[&Sheet],
    langs: &[&Language],
    limits: &Limits,
) -> Option<Found> {
    search_along(start, sheets, langs, limits, None).found
}

/// The cheapest reading of `sheets` as exactly the game `moves` (the cost the search gives a
/// known game: what a lost game's truth would have cost, to tell a search that pruned it
/// from a model that prices it dearer); `None` when the sheets cannot be read as it within
/// the limits.
pub fn reading_of(
    start: &Chess,
    sheets: &[&Sheet],
    langs: &[&Language],
    limits: &Limits,
    moves: &[Move],
) -> Option<Found> {
    search_along(start, sheets, langs, limits, Some(moves)).found
}

fn search_along(
    start: &Chess,
    sheets: &[&Sheet],
    langs: &[&Language],
    limits: &Limits,
    only: Option<&[Move]>,
) -> Outcome {
    let mut work = Work {
        done: 0,
        budget: limits.budget,
        out: false,
    };
    let found = search_found(start, sheets, langs, limits, only, &mut work);
    Outcome {
        found: found.filter(|_| !work.out),
        work: work.done,
        out_of_budget: work.out,
    }
}

fn search_found(
    start: &Chess,
    sheets: &[&Sheet],
    langs: &[&Language],
    limits: &Limits,
    only: Option<&[Move]>,
    work: &mut Work,
) -> Option<Found> {
    let sheets = sheets.get(..sheets.len().min(MAX_COPIES))?;
    let words: usize = sheets.iter().map(|s| s.len()).max().unwrap_or(0);
    let chars: usize = sheets
        .iter()
        .map(|s| s.words.iter().map(|w| w.chars.len()).sum::<usize>())
        .max()
        .unwrap_or(0);
    let max_plies = only.map_or(chars / 2 + 16, |m| m.len() + 1);
    let mut at = [Cursor::default(); MAX_COPIES];
    for (slot, s) in at.iter_mut().zip(sheets) {
        *slot = s.settle(Cursor::default()).0;
    }
    let mut beam = vec![State {
        pos: start.clone(),
        hash: start.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0,
        at,
        cost: 0.0,
        node: None,
        offsets: [0; MAX_COPIES],
        since_shift: SHIFT_MEMORY,
    }];
    let lang0 = langs.first().copied().unwrap_or(english());
    let mut search = Search {
        sheets,
        n: sheets.len(),
        lang0,
        // The second copy's language where it has its own.
        lang1: match langs.get(1) {
            Some(l) if sheets.len() > 1 && l.code != first_code(langs) => l,
            _ => lang0,
        },
        limits,
        only,
        bound: limits.base_cost + limits.cost_per_word * words as f32 * sheets.len() as f32,
        nodes: Vec::new(),
        rows: Rows::default(),
        readings: Readings::default(),
        finished: None,
        next: Vec::new(),
        seen: Seen::default(),
    };
    for depth in 0..max_plies {
        // The steps of each depth, in buffers kept from depth to depth (a step holds a
        // position and its readings: growing the list anew each depth copied them over and
        // over).
        search.next.clear();
        search.seen.clear();
        for (parent, st) in beam.iter().enumerate() {
            if !search.expand(parent, st, depth, work) {
                return None;
            }
        }
        match search.select(&beam, work) {
            Selected::Beam(kept) => beam = kept,
            Selected::Done => break,
            Selected::OutOfBudget => return None,
        }
    }
    search.trace()
}

/// One search of [`search_found`]: the sheets and what it keeps from depth to depth.
struct Search<'s> {
    sheets: &'s [&'s Sheet],
    /// How many copies.
    n: usize,
    /// The first copy's language, and the second's.
    lang0: &'s Language,
    lang1: &'s Language,
    limits: &'s Limits,
    /// The game the sheets are to be read as, if one is given.
    only: Option<&'s [Move]>,
    /// No reading costs more than this.
    bound: f32,
    /// The moves kept in the beam, each with its parent.
    nodes: Vec<Node>,
    rows: Rows,
    readings: Readings,
    /// The cheapest ending found so far: its cost, its last node, where each copy's text
    /// was left (a word after the last move).
    finished: Option<(f32, Option<usize>, Vec<Option<Cursor>>)>,
    /// The steps of this depth, and where each state stands among them.
    next: Vec<Step>,
    seen: Seen,
}

/// What a depth of the search keeps.
enum Selected {
    Beam(Vec<State>),
    /// Nothing to follow, or nothing cheaper than the ending found.
    Done,
    OutOfBudget,
}

impl Search<'_> {
    fn ceiling(&self) -> f32 {
        self.finished
            .as_ref()
            .map_or(self.bound, |f| f.0.min(self.bound))
    }

    /// The steps from one state of the beam (`parent`) into [`Search::next`]; `false` when
    /// the budget ran out.
    fn expand(&mut self, parent: usize, st: &State, depth: usize, work: &mut Work) -> bool {
        let ceiling = self.ceiling();
        if st.cost >= ceiling {
            return true;
        }
        if !work.take(1) {
            return false;
        }
        self.may_end_here(st, ceiling);
        let sheets = self.sheets;
        if sheets.iter().zip(&st.at).all(|(s, &c)| s.done(c)) {
            return true;
        }
        let srcs: Vec<Vec<Source>> = sheets
            .iter()
            .zip(&st.at)
            .map(|(s, &c)| sources(s, c))
            .collect();
        let checks = srcs.iter().flatten().any(|s| marks_check(s.rest));
        // The legal moves, marked once: each copy's forms follow from them.
        let mut first = moves_marked(&st.pos, checks);
        if let Some(only) = self.only {
            first.retain(|c| only.get(depth) == Some(&c.mv));
        }
        let mut read_all = self.read_each(st, &first, &srcs);
        // A copy left this move out only where its text is no cheap reading of any legal
        // move: a text that reads as one is the move written, and a gap offered at every
        // ply crowds the one true gap out of the beam.
        let mut gap = [false; MAX_COPIES];
        for (k, g) in gap.iter_mut().enumerate().take(self.n) {
            *g = self.only.is_some()
                || !read_all
                    .iter()
                    .any(|o| o[k].iter().any(|r| r.cost < GAP_EVIDENCE));
        }
        for (i, cand) in first.iter().enumerate() {
            // Per copy: the move read from its text, and the move left out of it.
            let mut options = std::mem::take(&mut read_all[i]);
            for (k, (s, &c)) in sheets.iter().zip(&st.at).enumerate() {
                let o = &mut options[k];
                let cheap = o.iter().any(|r| r.cost < 0.5);
                if !cheap && (gap[k] || self.n > 1) {
                    // Of the moves that fill a gap alike, the one a player would rather have
                    // played: a capture before a quiet move, a quiet move before one that
                    // leaves a piece en prise.
                    let prior = (SAFE_QUIET - implausibility(&st.pos, cand.mv)) * GAP_PRIOR;
                    o.push(Reading {
                        cost: if s.done(c) { LEFT_OUT * 1.5 } else { LEFT_OUT } - prior,
                        slip: 0.0,
                        text: None,
                        set_aside: None,
                        form: Form::San,
                        run_together: false,
                        next: c,
                        renumber: 0,
                    });
                }
            }
            self.combine(parent, st, cand.mv, &options, ceiling);
        }
        true
    }

    /// The game may end at `st`: every copy read to its end (but for a stray word).
    fn may_end_here(&mut self, st: &State, ceiling: f32) {
        let mut end_cost = 0.0;
        let mut trailing = Vec::with_capacity(self.n);
        for (s, &c) in self.sheets.iter().zip(&st.at) {
            match trailing_cost(s, c) {
                Some(k) => {
                    end_cost += k;
                    trailing.push((!s.done(c)).then_some(c));
                }
                None => {
                    end_cost = f32::INFINITY;
                    break;
                }
            }
        }
        if st.cost + end_cost < ceiling {
            self.finished = Some((st.cost + end_cost, st.node, trailing));
        }
    }

    /// Per candidate and copy: the move read from the copy's text.
    fn read_each(
        &mut self,
        st: &State,
        first: &[Marked],
        srcs: &[Vec<Source>],
    ) -> Vec<[Vec<Reading>; MAX_COPIES]> {
        let number = (st.pos.fullmoves().get(), st.pos.turn() == Color::Black);
        first
            .iter()
            .map(|cand| {
                let mut options: [Vec<Reading>; MAX_COPIES] = Default::default();
                for (k, (s, src)) in self.sheets.iter().zip(srcs).enumerate() {
                    let lang = if k == 1 { self.lang1 } else { self.lang0 };
                    options[k] = self.readings.read(
                        s,
                        st.at[k],
                        src,
                        (cand, lang),
                        (number, st.offsets[k]),
                        &mut self.rows,
                    );
                }
                options
            })
            .collect()
    }

    /// Every combination of one reading per copy of the move `mv` from `st`: a step into
    /// [`Search::next`] where it is the cheapest way yet to its position and places.
    fn combine(
        &mut self,
        parent: usize,
        st: &State,
        mv: Move,
        options: &[Vec<Reading>; MAX_COPIES],
        ceiling: f32,
    ) {
        let n = self.n;
        let combos: usize = options[..n].iter().map(Vec::len).product();
        let mut pos: Option<(Chess, u64)> = None;
        for combo in 0..combos {
            let mut rest = combo;
            let mut readings: [Option<Reading>; MAX_COPIES] = Default::default();
            let mut cost = st.cost;
            let mut at = [Cursor::default(); MAX_COPIES];
            let mut offsets = st.offsets;
            for k in 0..n {
                let o = &options[k];
                let r = &o[rest % o.len()];
                rest /= o.len();
                cost += r.cost;
                at[k] = r.next;
                offsets[k] = offsets[k].saturating_add(r.renumber);
                readings[k] = Some(r.clone());
            }
            if cost >= ceiling {
                continue;
            }
            // A move no copy wrote is worth trying only between moves that are there.
            if readings.iter().flatten().all(|r| r.text.is_none())
                && self.sheets.iter().zip(&st.at).any(|(s, &c)| s.done(c))
            {
                continue;
            }
            let (after, hash) = pos.get_or_insert_with(|| {
                let mut p = st.pos.clone();
                p.play_unchecked(mv);
                let hash = hash_after(&st.pos, st.hash, mv, &p);
                (p, hash)
            });
            let key = key_of(*hash, &at, &offsets);
            let slot = self.seen.get(&key).copied();
            if let Some(i) = slot {
                if self.next[i].state.cost <= cost {
                    continue;
                }
            }
            let shifted = readings
                .iter()
                .flatten()
                .any(|r| r.text.is_none() || r.set_aside.is_some());
            let step = Step {
                state: State {
                    pos: after.clone(),
                    hash: *hash,
                    at,
                    offsets,
                    cost,
                    node: None,
                    since_shift: if shifted {
                        0
                    } else {
                        st.since_shift.saturating_add(1).min(SHIFT_MEMORY)
                    },
                },
                parent,
                mv,
                readings,
                rank: cost,
            };
            match slot {
                Some(i) => self.next[i] = step,
                None => {
                    self.seen.insert(key, self.next.len());
                    self.next.push(step);
                }
            }
        }
    }

    /// The states of the next depth: the steps in rank order, a few for each place in the
    /// text, no more than the beam holds.
    fn select(&mut self, beam: &[State], work: &mut Work) -> Selected {
        if self.next.is_empty() {
            return Selected::Done;
        }
        let (n, only, limits) = (self.n, self.only, self.limits);
        if n == 1 && only.is_none() {
            rank_gap_fillers(
                &mut self.next,
                beam,
                self.sheets[0],
                self.lang0,
                &mut self.rows,
                work,
            );
            if work.out {
                return Selected::OutOfBudget;
            }
        }
        let best = self
            .next
            .iter()
            .map(|s| s.state.cost)
            .fold(f32::INFINITY, f32::min);
        if self.finished.as_ref().is_some_and(|f| f.0 <= best) {
            return Selected::Done;
        }
        // The steps in rank order, ties in the order they were found (a stable sort of their
        // indices: a step is a position and readings, too big to move about).
        let mut order: Vec<usize> = (0..self.next.len()).collect();
        order.sort_by(|&a, &b| self.next[a].rank.total_cmp(&self.next[b].rank));
        let mut best = best;
        if limits.ahead > 0 && n == 1 && only.is_none() {
            match self.rank_by_text_ahead(&mut order, work) {
                Some(b) => best = b.unwrap_or(best),
                None => return Selected::OutOfBudget,
            }
        }
        Selected::Beam(self.keep(beam, order, best))
    }

    /// The cheapest states so far, ranked by their cost and by how the text ahead reads
    /// after them: a legal but wrong reading the next moves contradict falls behind now,
    /// not when it has crowded the true one out of the beam. The others rank behind all of
    /// them. The best rank after (`None`: the budget ran out).
    fn rank_by_text_ahead(&mut self, order: &mut [usize], work: &mut Work) -> Option<Option<f32>> {
        let next = &mut self.next;
        let k = (self.limits.beam * 2).min(next.len());
        let starts: Vec<(&Chess, Cursor)> = order[..k]
            .iter()
            .map(|&i| (&next[i].state.pos, next[i].state.at[0]))
            .collect();
        let ahead = read_ahead_by(
            self.sheets[0],
            self.lang0,
            &starts,
            self.limits.ahead,
            AHEAD_CUT,
            &mut self.rows,
            work,
        );
        if work.out {
            return None;
        }
        let worst = ahead.iter().copied().fold(0.0f32, f32::max);
        for (j, &i) in order.iter().enumerate() {
            next[i].rank += ahead.get(j).copied().unwrap_or(worst);
        }
        order.sort_by(|&a, &b| next[a].rank.total_cmp(&next[b].rank));
        Some(order.first().map(|&i| next[i].rank))
    }

    /// A few states for each place in the text: the readings that shift the sheet by a ply
    /// (a move left out, a word set aside) start dearer than the many readings that do not,
    /// and must not all be crowded out before the text proves them right, at the place of
    /// the shift nor at the next few (hence places of their own there).
    fn keep(&mut self, beam: &[State], order: Vec<usize>, best: f32) -> Vec<State> {
        let limits = self.limits;
        let mut per_place: HashMap<([Cursor; MAX_COPIES], bool), usize> = HashMap::new();
        let mut kept = Vec::with_capacity(limits.beam);
        for i in order {
            let step = &mut self.next[i];
            if kept.len() >= limits.beam || step.rank > best + limits.margin {
                break;
            }
            let count = per_place
                .entry((step.state.at, step.state.since_shift < SHIFT_MEMORY))
                .or_insert(0);
            if *count >= limits.per_place {
                continue;
            }
            *count += 1;
            let Some(parent) = beam.get(step.parent) else {
                continue;
            };
            self.nodes.push(Node {
                parent: parent.node,
                before: parent.pos.clone(),
                mv: step.mv,
                readings: std::mem::take(&mut step.readings)
                    .into_iter()
                    .flatten()
                    .collect(),
            });
            let mut state = step.state.clone();
            state.node = Some(self.nodes.len() - 1);
            kept.push(state);
        }
        kept
    }

    /// The cheapest ending found, its plies traced back from its last node.
    fn trace(self) -> Option<Found> {
        let (cost, mut node, trailing) = self.finished?;
        let mut plies = Vec::new();
        while let Some(i) = node {
            let n = self.nodes.get(i)?;
            plies.push(Ply {
                before: n.before.clone(),
                mv: n.mv,
                readings: n.readings.clone(),
            });
            node = n.parent;
        }
        plies.reverse();
        Some(Found {
            moves: plies.iter().map(|p| p.mv).collect(),
            plies,
            trailing,
            cost,
        })
    }
}

/// The cost of reading the text at `text` (a word's characters `at..at+len`, no more) as each
/// legal move of `pos`, cheapest first: the runners-up of a repair.
pub fn rank_readings(
    pos: &Chess,
    lang: &Language,
    sheet: &Sheet,
    text: (Cursor, u32),
) -> Vec<(Move, f32)> {
    let (from, len) = text;
    let rest = sheet.rest(from);
    let written = rest.get(..len as usize).unwrap_or(rest);
    let mut out: Vec<(Move, f32)> = candidates_marked(pos, lang, marks_check(written))
        .into_iter()
        .map(|c| {
            let cost = c
                .forms()
                .map(|(f, kind)| {
                    slips()
                        .prefix_costs(f, written)
                        .last()
                        .copied()
                        .unwrap_or(f32::INFINITY)
                        + kind.penalty()
                })
                .fold(f32::INFINITY, f32::min);
            (c.mv, cost)
        })
        .collect();
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}

/// Canonical SAN, for messages.
pub fn san(pos: &Chess, mv: Move) -> San {
    San::from_move(pos, mv)
}

#[cfg(test)]
mod tests;
