//! Two archive copies of one game (`scoresheet reconcile A.pgn B.pgn`, and every pair of
//! `reconcile --archives`): the same over-the-board game transcribed twice, by different
//! people, into two collections. Both copies usually replay legally, so only comparison shows
//! where they differ.
//!
//! The copies are compared move by move as written (the piece, the squares named; capture and
//! check marks aside), aligned as a diff is (the longest common subsequence, after the common
//! start and end are set aside), and every run of moves where they differ is a
//! [`Difference`]. The agreed game takes each difference whole from one copy: never a move of
//! one copy and the next of the other inside one stretch (a stretch is a run of differences
//! between which the two copies' positions do not meet again) unless no other legal game is
//! left, and then the difference says so (`mixed`). Which copy: the one under which the rest
//! of the game replays (`legality`), else the one under which the later moves' marks fit
//! (`marks`: a `+` that checks, an `x` that captures, a disambiguation that is needed), else
//! the moves only one copy has are kept (`kept_moves`: a transcriber drops moves far more
//! often than he invents legal ones), else the sources simply disagree (`sources_disagree`)
//! and the copy that was right elsewhere (legal to the end, marks that fit) is followed, the
//! first copy when nothing tells them apart. A difference whose moves are the other copy's
//! in another order, to the same position, is a `transposition`. A copy that ends early is
//! not a reason to change a move both copies agree on: the longer copy goes on.
//!
//! ```
//! use scoresheet::repair::archives::reconcile_copies;
//! let a = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n";
//! let b = "[Event \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
//! let r = reconcile_copies(a, b);
//! assert_eq!(r.moves.len(), 8);
//! assert_eq!(r.differences.len(), 1);
//! assert_eq!(r.differences[0].kind, "only_first");
//! assert_eq!(r.differences[0].taken_from, "first");
//! ```

mod align;

use align::*;
use serde::Serialize;
use shakmaty::{
    san::San, zobrist::Zobrist64, CastlingMode, Chess, Color, EnPassantMode, Move, Position,
};

use crate::{
    notation::{
        game::parse_game,
        languages::{by_code, english, Language},
        moves::{CaptureMark, CheckMark, WrittenKind, WrittenMove},
        movetext::TokenKind,
    },
    replay::{
        render,
        resolve::{resolve, Resolution},
        validate_text, Options,
    },
};

/// Which copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Src {
    First,
    Second,
}

impl Src {
    pub fn id(self) -> &'static str {
        match self {
            Src::First => "first",
            Src::Second => "second",
        }
    }

    fn other(self) -> Src {
        match self {
            Src::First => Src::Second,
            Src::Second => Src::First,
        }
    }
}

/// One run of moves where the copies differ, and how it was decided.
#[derive(Debug, Clone, Serialize)]
pub struct Difference {
    /// 1-based, in game order.
    pub difference: u32,
    /// Differences between which the copies' positions do not meet share a stretch number.
    pub stretch: u32,
    /// The first ply of the agreed game the difference concerns (1-based).
    pub ply: u32,
    /// `changed` (both copies have moves here, other ones), `transposition` (the same moves
    /// in another order, to the same position), `only_first` / `only_second` (moves only
    /// one copy has: left out of the other, or past its end), `result`.
    pub kind: &'static str,
    /// What the first copy has here, with its move numbers (`48...Rb6 49.Rh5`); empty when
    /// it has nothing.
    pub first_wrote: String,
    pub second_wrote: String,
    /// The copy the agreed game follows here: `first` or `second`.
    pub taken_from: &'static str,
    /// `legality` (the other reading leaves no legal game), `marks` (the later moves' check,
    /// capture and disambiguation marks fit only this reading), `kept_moves` (the moves only
    /// one copy has are kept), `sources_disagree` (both readings fit: the sources disagree,
    /// the arbiter or editor should decide), `result`.
    pub decided_by: &'static str,
    /// The stretch takes a difference from the other copy than its previous one: no game
    /// legal to its end follows one copy through the stretch.
    pub mixed: bool,
    /// Why, in words (English; the reports translate the ids).
    pub note: String,
    pub confidence: f32,
}

/// The agreed game of two archive copies and every difference.
#[derive(Debug, Clone)]
pub struct ArchiveReconciled {
    pub start: Chess,
    pub moves: Vec<Move>,
    pub differences: Vec<Difference>,
    /// Tags of the first copy, then those only the second has.
    pub tags: Vec<(String, String)>,
    pub result: Option<String>,
    /// Plies each copy holds as written.
    pub plies: [usize; 2],
    /// Where the agreed game stops short of both copies' moves (no reading of the next move
    /// is legal): the ply, and what each copy wrote there.
    pub stopped: Option<u32>,
}

impl ArchiveReconciled {
    /// Differences where the sources simply disagree.
    pub fn disagreements(&self) -> usize {
        self.differences
            .iter()
            .filter(|d| d.decided_by == "sources_disagree")
            .count()
    }

    /// The agreed game as text in English SAN (tags, moves, result).
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&crate::export::tags::tag_line(k, v));
            out.push('\n');
        }
        out.push('\n');
        let mut pos = self.start.clone();
        for &m in &self.moves {
            if pos.turn() == Color::White {
                out.push_str(&format!("{}. ", pos.fullmoves()));
            }
            out.push_str(&render::san_in(&pos, m, english()));
            out.push(' ');
            pos.play_unchecked(m);
        }
        out.push_str(self.result.as_deref().unwrap_or("*"));
        out.push('\n');
        out
    }
}

/// One move as a copy wrote it.
#[derive(Clone)]
struct Word {
    text: String,
    w: WrittenMove,
    /// What the word names, marks aside (see [`key_of`]).
    key: u64,
}

/// One copy read: its words, and its own replay as far as it is legal.
struct ArchiveCopy {
    tags: Vec<(String, String)>,
    lang: &'static Language,
    start: Chess,
    words: Vec<Word>,
    result: Option<String>,
    /// The moves of the copy's own replay (its legal prefix).
    moves: Vec<Move>,
    /// Position hash before each word of the legal prefix, and after the last (`moves.len()
    /// + 1` entries).
    hashes: Vec<u64>,
    /// Marks that do not fit in the copy's own replay (a `+` that does not check, ...).
    misfits: f64,
}

impl ArchiveCopy {
    fn legal_whole(&self) -> bool {
        self.moves.len() == self.words.len()
    }

    fn hash(&self, i: usize) -> Option<u64> {
        self.hashes.get(i).copied()
    }

    /// The words `from..to` with their move numbers, as the copy counts them.
    fn wrote(&self, from: usize, to: usize) -> String {
        let mut s = String::new();
        let black_first = self.start.turn() == Color::Black;
        let first_move = self.start.fullmoves().get();
        for i in from..to.min(self.words.len()) {
            let k = i + usize::from(black_first);
            let number = first_move as usize + k / 2;
            if !s.is_empty() {
                s.push(' ');
            }
            if k % 2 == 0 {
                s.push_str(&format!("{number}."));
            } else if i == from {
                s.push_str(&format!("{number}..."));
            }
            s.push_str(&self.words[i].text);
        }
        s
    }
}

fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// What a written move names, its check marks aside: the kind, the piece (in English roles),
/// the squares written, whether it says it captures, and the promotion piece. (`Nxe5` and
/// `Ne5` from one position are still the same move, see [`same`]; from two positions they
/// say different things.)
fn key_of(w: &WrittenMove, lang: &Language) -> u64 {
    let kind: u64 = match w.kind {
        WrittenKind::Move => 1,
        WrittenKind::Castle(side) => 2 + side as u64,
        WrittenKind::Null => 4,
    };
    let role = |l: Option<crate::notation::moves::Letter>| -> u64 {
        l.map_or(0, |l| lang.role_of(l.index).map_or(7, |r| r as u64))
    };
    let f = |x: Option<shakmaty::File>| x.map_or(0, |x| x as u64 + 1);
    let r = |x: Option<shakmaty::Rank>| x.map_or(0, |x| x as u64 + 1);
    kind | role(w.piece) << 3
        | f(w.from_file) << 7
        | r(w.from_rank) << 11
        | f(w.to_file) << 15
        | r(w.to_rank) << 19
        | role(w.promotion) << 23
        | u64::from(w.capture != CaptureMark::None) << 27
}

/// A word played in a position: the move, and how ill its marks fit (0 when they fit).
fn play_word(pos: &Chess, w: &WrittenMove, lang: &Language) -> Option<(Move, f64)> {
    let m = match resolve(pos, w, lang) {
        Resolution::Unique(m) => m,
        // A promotion without its piece: the queen, as replay reads it.
        Resolution::PromotionMissing(ms) => *ms
            .iter()
            .find(|m| m.promotion() == Some(shakmaty::Role::Queen))
            .or(ms.first())?,
        _ => return None,
    };
    let mut misfit = 0.0;
    let mut after = pos.clone();
    after.play_unchecked(m);
    let check = after.is_check();
    let mate = check && after.is_checkmate();
    match w.check {
        CheckMark::None if mate => misfit += 0.5,
        CheckMark::None if check => misfit += 0.3,
        CheckMark::Check | CheckMark::DoublePlus if !check => misfit += 1.0,
        CheckMark::Mate if !mate => misfit += 1.0,
        _ => {}
    }
    match w.capture {
        CaptureMark::X | CaptureMark::Colon if !m.is_capture() => misfit += 1.0,
        CaptureMark::None if m.is_capture() && !w.is_coordinate() => misfit += 0.3,
        _ => {}
    }
    // A disambiguation the position does not need (`R1e2` where one rook reaches e2), or
    // one it needs but another one: long algebraic names both squares and is left alone.
    if w.piece.is_some() && !(w.from_file.is_some() && w.from_rank.is_some()) {
        if let San::Normal { file, rank, .. } = San::from_move(pos, m) {
            let needed = file.is_some() || rank.is_some();
            let written = w.from_file.is_some() || w.from_rank.is_some();
            if written && !needed {
                misfit += 0.5;
            }
        }
    }
    Some((m, misfit))
}

fn read_copy(text: &str) -> ArchiveCopy {
    let rec = validate_text(text, &Options::default());
    let lang = by_code(&rec.lang).unwrap_or(english());
    let start = rec.start.clone().unwrap_or_default();
    let parsed = parse_game(text);
    let mut words = Vec::new();
    let mut result = None;
    let mut depth = 0usize;
    for t in &parsed.tokens {
        let whole = text.get(t.start..t.end).unwrap_or("");
        match &t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            TokenKind::Move(w) if depth == 0 => words.push(Word {
                text: whole.to_string(),
                w: *w,
                key: key_of(w, lang),
            }),
            TokenKind::Run(readings) if depth == 0 => {
                let Some(first) = readings.first() else {
                    continue;
                };
                let mut at = 0usize;
                for w in first {
                    let end = at + w.len as usize;
                    let piece = whole.get(at..end).unwrap_or(whole);
                    words.push(Word {
                        text: piece.to_string(),
                        w: *w,
                        key: key_of(w, lang),
                    });
                    at = end;
                }
            }
            TokenKind::Result(r) if depth == 0 => result = Some(r.as_str().to_string()),
            _ => {}
        }
    }
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut hashes = vec![hash(&pos)];
    let mut misfits = 0.0;
    for word in &words {
        let Some((m, misfit)) = play_word(&pos, &word.w, lang) else {
            break;
        };
        misfits += misfit;
        pos.play_unchecked(m);
        moves.push(m);
        hashes.push(hash(&pos));
    }
    ArchiveCopy {
        tags: parsed.tags.clone(),
        lang,
        start,
        words,
        result: result.or(rec.result.map(|r| r.as_str().to_string())),
        moves,
        hashes,
        misfits,
    }
}

/// Costs of the search (see the module's words).
const SWITCH: f64 = 5.0;
const LEFT_OUT: f64 = 0.6;
/// Taking a difference from the copy less sure elsewhere: only decides ties.
const LESS_SURE: f64 = 0.001;
const BEAM: usize = 32;

#[derive(Clone)]
struct State {
    pos: Chess,
    moves: Vec<Move>,
    cost: f64,
    /// The copy each difference so far was taken from.
    sides: Vec<Src>,
    /// Where the differences were switched to the other copy inside a stretch.
    mixed: Vec<bool>,
    /// The copy of the stretch open (its positions have not met again), if any.
    zone: Option<Src>,
}

/// How far a dead reading got: the ply of the agreed game whose word is illegal, the word.
#[derive(Clone, Default)]
struct Dead {
    ply: usize,
    word: String,
    progress: usize,
}

struct Search<'a> {
    x: &'a ArchiveCopy,
    y: &'a ArchiveCopy,
    segs: &'a [Seg],
    /// The copy followed where nothing else tells them apart.
    sure: Src,
}

impl Search<'_> {
    fn copy(&self, s: Src) -> &ArchiveCopy {
        match s {
            Src::First => self.x,
            Src::Second => self.y,
        }
    }

    /// Play words `from..to` of copy `s` on the state; `Err` with the dead reading.
    fn play(&self, st: &mut State, s: Src, from: usize, to: usize) -> Result<(), Dead> {
        let c = self.copy(s);
        for word in &c.words[from..to] {
            match play_word(&st.pos, &word.w, c.lang) {
                Some((m, misfit)) => {
                    st.cost += misfit;
                    st.pos.play_unchecked(m);
                    st.moves.push(m);
                }
                None => {
                    return Err(Dead {
                        ply: st.moves.len() + 1,
                        word: word.text.clone(),
                        progress: st.moves.len(),
                    })
                }
            }
        }
        Ok(())
    }

    /// Play the words both copies have alike: the first copy's word, else the second's (the
    /// same move but for its marks, or another spelling of it).
    fn play_common(&self, st: &mut State, a: usize, b: usize, len: usize) -> Result<(), Dead> {
        for k in 0..len {
            let (wx, wy) = (&self.x.words[a + k], &self.y.words[b + k]);
            let played = play_word(&st.pos, &wx.w, self.x.lang)
                .or_else(|| play_word(&st.pos, &wy.w, self.y.lang));
            let Some((m, misfit)) = played else {
                return Err(Dead {
                    ply: st.moves.len() + 1,
                    word: wx.text.clone(),
                    progress: st.moves.len(),
                });
            };
            st.cost += misfit;
            st.pos.play_unchecked(m);
            st.moves.push(m);
        }
        Ok(())
    }

    /// The cheapest game, with difference `forced.0` taken from copy `forced.1`.
    fn run(&self, forced: Option<(usize, Src)>) -> (Option<State>, Dead) {
        let mut states = vec![State {
            pos: self.x.start.clone(),
            moves: Vec::new(),
            cost: 0.0,
            sides: Vec::new(),
            mixed: Vec::new(),
            zone: None,
        }];
        let mut dead = Dead::default();
        let mut diff = 0;
        for seg in self.segs {
            let mut next = Vec::new();
            match *seg {
                Seg::Common { a, b, len } => {
                    for mut st in states {
                        // The first copy's words, else the second's (alike but for marks, or
                        // another spelling of the same move).
                        if let Err(d) = self.play_common(&mut st, a, b, len) {
                            note_dead(d, &mut dead);
                            continue;
                        }
                        // Both copies' positions meet again: the stretch is closed.
                        let (ea, eb) = (a + len, b + len);
                        if self.x.hash(ea).is_some() && self.x.hash(ea) == self.y.hash(eb) {
                            st.zone = None;
                        }
                        next.push(st);
                    }
                }
                Seg::Diff { a, b } => {
                    for st in &states {
                        for s in [Src::First, Src::Second] {
                            if forced.is_some_and(|(k, f)| k == diff && f != s) {
                                continue;
                            }
                            let (from, to) = if s == Src::First { a } else { b };
                            let (ofrom, oto) = if s == Src::First { b } else { a };
                            let mut st = st.clone();
                            if to == from && oto > ofrom {
                                st.cost += LEFT_OUT;
                            }
                            if s != self.sure {
                                st.cost += LESS_SURE;
                            }
                            let mixed = st.zone.is_some_and(|z| z != s);
                            if mixed {
                                st.cost += SWITCH;
                            }
                            if let Err(d) = self.play(&mut st, s, from, to) {
                                note_dead(d, &mut dead);
                                continue;
                            }
                            st.sides.push(s);
                            st.mixed.push(mixed);
                            st.zone = Some(s);
                            next.push(st);
                        }
                    }
                    diff += 1;
                }
            }
            // One state per position reached (the cheapest), the cheapest few kept.
            next.sort_by(|p, q| p.cost.total_cmp(&q.cost));
            let mut kept: Vec<State> = Vec::new();
            for st in next {
                let h = hash(&st.pos);
                if kept.iter().any(|k| {
                    k.moves.len() == st.moves.len() && k.zone == st.zone && hash(&k.pos) == h
                }) {
                    continue;
                }
                kept.push(st);
                if kept.len() == BEAM {
                    break;
                }
            }
            states = kept;
            if states.is_empty() {
                return (None, dead);
            }
        }
        (states.into_iter().next(), dead)
    }
}

fn note_dead(d: Dead, dead: &mut Dead) {
    if d.progress >= dead.progress {
        *dead = d;
    }
}

/// Read two archive copies of one game into the game they agree on, with every difference.
/// Never fails: where no reading of a move is legal, the agreed game stops there, said.
pub fn reconcile_copies(first: &str, second: &str) -> ArchiveReconciled {
    let x = read_copy(first);
    let y = read_copy(second);
    let segs = align(&x, &y);
    // The copy to follow where nothing else decides: the one legal to its end, then the one
    // whose marks fit better, then the first.
    let sure = match (x.legal_whole(), y.legal_whole()) {
        (true, false) => Src::First,
        (false, true) => Src::Second,
        _ if y.misfits + 1e-9 < x.misfits => Src::Second,
        _ => Src::First,
    };
    let (mut moves, mut sides, mut differences, mut stopped) = decide(&x, &y, &segs, sure);
    // A copy shown wrong elsewhere in the game (by legality or by its marks) is the weaker
    // witness where nothing decides: the ties are taken again from the other one.
    let lost = |s: Src| {
        differences
            .iter()
            .filter(|d| matches!(d.decided_by, "legality" | "marks") && d.taken_from != s.id())
            .count()
    };
    let (lost_x, lost_y) = (lost(Src::First), lost(Src::Second));
    let surer = match lost_x.cmp(&lost_y) {
        std::cmp::Ordering::Less => Src::First,
        std::cmp::Ordering::Greater => Src::Second,
        std::cmp::Ordering::Equal => sure,
    };
    if surer != sure
        && differences
            .iter()
            .any(|d| d.decided_by == "sources_disagree")
    {
        (moves, sides, differences, stopped) = decide(&x, &y, &segs, surer);
    }
    let mut end = x.start.clone();
    for &m in &moves {
        end.play_unchecked(m);
    }
    let result = settle_result(&x, &y, &end, &sides, &segs, &mut differences, moves.len());
    let mut tags = x.tags.clone();
    for (k, v) in &y.tags {
        if !tags.iter().any(|(t, _)| t.eq_ignore_ascii_case(k)) {
            tags.push((k.clone(), v.clone()));
        }
    }
    ArchiveReconciled {
        start: x.start.clone(),
        moves,
        differences,
        tags,
        result,
        plies: [x.words.len(), y.words.len()],
        stopped,
    }
}

/// The agreed game's moves, the copy of each difference, the differences said, and where
/// the game stops short (if it does), with `sure` the copy followed where nothing decides.
fn decide(
    x: &ArchiveCopy,
    y: &ArchiveCopy,
    segs: &[Seg],
    sure: Src,
) -> (Vec<Move>, Vec<Src>, Vec<Difference>, Option<u32>) {
    let search = Search { x, y, segs, sure };
    let (best, dead) = search.run(None);
    let best_cost = best.as_ref().map_or(f64::INFINITY, |s| s.cost);
    let stretch_of = stretches(x, y, segs);
    let transposition = transposed(x, y, segs, &stretch_of);
    let mut differences = Vec::new();
    let (moves, sides, mixed, stopped) = match best {
        Some(st) => (st.moves, st.sides, st.mixed, None),
        None => {
            // No reading is legal through: the longest legal game found, the rest said.
            let (moves, sides) = fallback(&search);
            let n = sides.len();
            (moves, sides, vec![false; n], Some(dead.ply.max(1) as u32))
        }
    };
    // Where each difference starts in the agreed game.
    let mut ply = 0usize;
    let mut d = 0usize;
    for seg in segs {
        match *seg {
            Seg::Common { len, .. } => ply += len,
            Seg::Diff { a, b } => {
                let side = sides.get(d).copied();
                // Past where the game stopped: both readings said, neither taken.
                let (taken_from, decided_by, mixed, note, confidence) = match side {
                    None => (
                        "",
                        "stopped",
                        false,
                        "after the agreed game stops: neither reading is legal there".to_string(),
                        0.0,
                    ),
                    Some(s) => {
                        let (decided_by, note, confidence) = if stopped.is_some() {
                            ("legality", String::new(), 0.5)
                        } else {
                            why(&search, d, s, a, b, best_cost)
                        };
                        let mixed = mixed.get(d).copied().unwrap_or(false);
                        (s.id(), decided_by, mixed, note, confidence)
                    }
                };
                differences.push(Difference {
                    difference: d as u32 + 1,
                    stretch: stretch_of[d],
                    ply: ply as u32 + 1,
                    kind: kind_of(a, b, transposition[d]),
                    first_wrote: x.wrote(a.0, a.1),
                    second_wrote: y.wrote(b.0, b.1),
                    taken_from,
                    decided_by,
                    mixed,
                    note,
                    confidence,
                });
                let Some(s) = side else {
                    d += 1;
                    continue;
                };
                ply += if s == Src::First {
                    a.1 - a.0
                } else {
                    b.1 - b.0
                };
                d += 1;
            }
        }
    }
    (moves, sides, differences, stopped)
}

fn kind_of(a: (usize, usize), b: (usize, usize), transposition: bool) -> &'static str {
    if transposition {
        "transposition"
    } else if a.1 == a.0 {
        "only_second"
    } else if b.1 == b.0 {
        "only_first"
    } else {
        "changed"
    }
}

/// Why difference `d` was taken from copy `s`: the other copy forced there.
fn why(
    search: &Search,
    d: usize,
    s: Src,
    a: (usize, usize),
    b: (usize, usize),
    best: f64,
) -> (&'static str, String, f32) {
    let other = s.other();
    let (alt, dead) = search.run(Some((d, other)));
    let name = |s: Src| format!("the {} copy", s.id());
    match alt {
        None => (
            "legality",
            format!(
                "under {}'s reading no legal game follows: ply {} `{}` is illegal",
                name(other),
                dead.ply,
                dead.word
            ),
            0.95,
        ),
        Some(alt) if alt.cost > best + 0.05 => {
            let left_out = (a.1 == a.0) != (b.1 == b.0);
            if left_out && (alt.cost - best - LEFT_OUT).abs() < 0.05 {
                (
                    "kept_moves",
                    format!("the moves only {} has are kept", name(s)),
                    0.75,
                )
            } else if alt.cost - best >= SWITCH - 0.05 {
                (
                    "legality",
                    format!(
                        "{}'s reading here fits only with the other copy's reading of the stretch",
                        name(s)
                    ),
                    0.9,
                )
            } else {
                (
                    "marks",
                    format!(
                        "the later moves' marks (check, capture, disambiguation) fit {}'s reading",
                        name(s)
                    ),
                    0.8,
                )
            }
        }
        Some(_) => (
            "sources_disagree",
            format!(
                "both readings are legal and nothing in the game decides: the sources disagree; {} is followed ({})",
                name(s),
                if s == search.sure {
                    "the copy that is right elsewhere, or the first"
                } else {
                    "the other copy's reading costs the same"
                }
            ),
            0.5,
        ),
    }
}

/// Where no reading is legal to the end: each difference taken, in order, from the copy
/// that goes furthest, until neither goes on.
fn fallback(search: &Search) -> (Vec<Move>, Vec<Src>) {
    let mut st = State {
        pos: search.x.start.clone(),
        moves: Vec::new(),
        cost: 0.0,
        sides: Vec::new(),
        mixed: Vec::new(),
        zone: None,
    };
    for seg in search.segs {
        match *seg {
            Seg::Common { a, b, len } => {
                if search.play_common(&mut st, a, b, len).is_err() {
                    return (st.moves, st.sides);
                }
            }
            Seg::Diff { a, b } => {
                let mut taken = None;
                for s in [search.sure, search.sure.other()] {
                    let (from, to) = if s == Src::First { a } else { b };
                    let mut t = st.clone();
                    if search.play(&mut t, s, from, to).is_ok() {
                        t.sides.push(s);
                        taken = Some(t);
                        break;
                    }
                }
                match taken {
                    Some(t) => st = t,
                    None => return (st.moves, st.sides),
                }
            }
        }
    }
    (st.moves, st.sides)
}

/// The agreed game's result: checkmate and stalemate say it; else the copies' results, and
/// where they differ, the result of the copy whose ending was taken (said as a difference).
fn settle_result(
    x: &ArchiveCopy,
    y: &ArchiveCopy,
    end: &Chess,
    sides: &[Src],
    segs: &[Seg],
    differences: &mut Vec<Difference>,
    plies: usize,
) -> Option<String> {
    let (rx, ry) = (x.result.clone(), y.result.clone());
    let known = |r: &Option<String>| r.as_deref().is_some_and(|r| r != "*");
    if rx == ry || !known(&ry) {
        return rx.or(ry);
    }
    if !known(&rx) {
        return ry;
    }
    let by_board = if end.is_checkmate() {
        Some(crate::result::GameResult::win(!end.turn()).as_str())
    } else if end.is_stalemate() {
        Some(crate::result::GameResult::Draw.as_str())
    } else {
        None
    };
    // The copy whose ending the agreed game follows: the side of a last difference at the
    // end of both copies, else the copy that is right elsewhere.
    let ends_with_diff = matches!(segs.last(), Some(Seg::Diff { .. }));
    let ending = if ends_with_diff {
        sides.last().copied()
    } else {
        None
    };
    let (taken, decided_by, note) = match by_board {
        Some(r) if rx.as_deref() == Some(r) => {
            (Src::First, "legality", "the final position says it")
        }
        Some(r) if ry.as_deref() == Some(r) => {
            (Src::Second, "legality", "the final position says it")
        }
        _ => match ending {
            Some(s) => (
                s,
                "kept_moves",
                "the result of the copy whose ending is kept",
            ),
            None => (
                Src::First,
                "sources_disagree",
                "the sources disagree on the result; the first copy's is written",
            ),
        },
    };
    differences.push(Difference {
        difference: differences.len() as u32 + 1,
        stretch: differences.iter().map(|d| d.stretch).max().unwrap_or(0) + 1,
        ply: plies as u32,
        kind: "result",
        first_wrote: rx.clone().unwrap_or_default(),
        second_wrote: ry.clone().unwrap_or_default(),
        taken_from: taken.id(),
        decided_by,
        mixed: false,
        note: note.into(),
        confidence: if decided_by == "sources_disagree" {
            0.5
        } else {
            0.9
        },
    });
    match taken {
        Src::First => rx,
        Src::Second => ry,
    }
}

/// Whether two texts read as archive copies (both start with a PGN tag section) rather than
/// scoresheets.
pub fn looks_like_archive_copies(first: &str, second: &str) -> bool {
    let tagged = |t: &str| {
        let t = t.trim_start_matches('\u{feff}').trim_start();
        t.starts_with('[') && !parse_game(t).tags.is_empty()
    };
    tagged(first) && tagged(second)
}

/// The move in UCI, for tests and reports.
pub fn uci_line(r: &ArchiveReconciled) -> String {
    r.moves
        .iter()
        .map(|&m| render::uci(m, CastlingMode::Standard))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
