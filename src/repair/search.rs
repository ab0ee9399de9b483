//! The most likely legal game given everything written: a beam search over legal moves from
//! the start position, ply by ply, reading the written words of one scoresheet (or of both
//! players' copies at once) as it goes.
//!
//! A state is a position and, for each copy, the place in its words where the next move is
//! written. From a state, every legal move is read against each copy: as the text at the
//! cursor (at the slip distance of [`super::slips`], against the move's SAN in the game's
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

/// A move that one copy left out (the rest of that copy is a ply behind).
pub const LEFT_OUT: f32 = 1.8;
/// Two moves written as one word, no space between them.
pub const RUN_TOGETHER: f32 = 0.3;
/// A move read after a move number that is not its own (`3.` before White's second move, or
/// before Black's move): the evidence of a move left out or set aside.
pub const NUMBER_MISMATCH: f32 = 0.6;
/// A reading dearer than this is no reading: the move is left out or the word stray.
pub const MAX_READ: f32 = 2.6;
/// A copy's text that some legal move reads for less than this is that move: no move was
/// left out of the copy here.
pub const GAP_EVIDENCE: f32 = 0.5;

/// How unlikely a player is to choose `mv` among the legal moves of `pos`, in nats above the
/// likeliest kind of move (a capture that leaves the capturing piece safe). Measured on 233
/// games of the shared archives (every legal move of every position against the move
/// played): a safe capture is played 31% of the times it is there, castling 25%, a capture
/// that leaves the piece en prise 4.2%, a safe quiet move 3.5% (a pawn's 2.9%), a quiet
/// move that puts a piece en prise (to a cheaper attacker, or undefended) 0.23%.
pub fn implausibility(pos: &Chess, mv: Move) -> f32 {
    let (role, from, capture, to, promotion) = match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => (role, from, capture, to, promotion),
        Move::Castle { .. } => return 0.2,
        Move::EnPassant { .. } | Move::Put { .. } => return 0.0,
    };
    let value = |r: Role| match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    };
    let board = pos.board();
    let us = pos.turn();
    let occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
    let worth = value(promotion.unwrap_or(role));
    let defended = !(board.attacks_to(to, us, occupied) & !Bitboard::from(from)).is_empty();
    let attackers = board.attacks_to(to, !us, occupied);
    let least = attackers
        .into_iter()
        .filter_map(|sq| board.role_at(sq))
        .filter(|&r| r != Role::King || !defended)
        .map(value)
        .min();
    let en_prise = least.is_some_and(|l| worth >= l + 2 || (!defended && worth >= 2));
    match (capture.is_some(), en_prise) {
        (true, false) => 0.0,
        (true, true) => 2.0,
        (false, false) => SAFE_QUIET,
        (false, true) => 4.9,
    }
}

/// The [`implausibility`] of a safe quiet move: what a move put into a gap costs
/// [`LEFT_OUT`] at, likelier moves less and unlikelier more.
const SAFE_QUIET: f32 = 2.2;

/// What a nat of [`implausibility`] costs a move put into a gap: the capture that fills a gap
/// costs 0.1 less than a quiet move, a quiet move that puts a piece en prise 0.12 more.
pub const GAP_PRIOR: f32 = 0.045;

/// How a move may be written, and what writing it so costs beyond the slips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// SAN in the game's language.
    San,
    /// Long algebraic in the game's language (`Cg1f3`, `e5xd6`).
    Long,
    /// SAN with English piece letters in a game of another language.
    English,
    /// A pawn capture by its files alone (`ed`, `exd`).
    Files,
    /// A capture named by the pieces (`QxQ`, `exN`, `PxP`, `QxNd5`) or by the piece and the
    /// file (`Bxf`): club players' shorthand, read but reported, as no rule of the Laws has it.
    Pieces,
    /// The piece's origin left out where two pieces could make the move (`Nd2` for `Nbd2`):
    /// the Laws' notation fails there (Appendix C.9), the rest of the game decides.
    Undisambiguated,
}

impl Form {
    /// What reading a word in this form costs beyond its slips.
    pub(crate) fn penalty(self) -> f32 {
        match self {
            Form::San => 0.0,
            Form::Long => 0.05,
            Form::English => 0.3,
            Form::Files => 0.15,
            Form::Pieces => 0.3,
            Form::Undisambiguated => 0.3,
        }
    }
}

/// A legal move and the ways of writing it.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub mv: Move,
    /// The forms' characters, one form after another (the search builds the forms of every
    /// legal move of every state it keeps: two buffers a move, not one a form).
    chars: Vec<char>,
    /// Each form's span of `chars`, its kind, and the form packed into a word where it fits
    /// ([`Rows::packed`], worked out once here rather than at every place it is read).
    spans: Vec<Span>,
}

impl Candidate {
    /// The ways of writing the move, and their kinds.
    pub fn forms(&self) -> impl Iterator<Item = (&[char], Form)> + '_ {
        self.forms_packed().map(|(form, kind, _)| (form, kind))
    }

    /// [`Candidate::forms`] with each form packed into a word where it fits.
    fn forms_packed(&self) -> impl Iterator<Item = (&[char], Form, Option<u64>)> + '_ {
        self.spans.iter().map(|&(from, to, kind, packed)| {
            (
                &self.chars[usize::from(from)..usize::from(to)],
                kind,
                packed,
            )
        })
    }
}

/// Builds a [`Candidate`]'s forms, each ending in `+` when the move gives check and the text
/// asks for the marks.
struct Forms {
    chars: Vec<char>,
    spans: Vec<Span>,
    start: usize,
    check: bool,
}

/// The buffers of candidates dropped on this thread, for the next ones built: the search
/// builds and drops the forms of every legal move of every state it looks at, two buffers a
/// move, which cost more to allocate and free than to fill.
type Buffers = (Vec<char>, Vec<Span>);

/// A form's span of a candidate's characters, its kind and its packed word.
type Span = (u16, u16, Form, Option<u64>);

thread_local! {
    static SPARE_BUFFERS: std::cell::RefCell<Vec<Buffers>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Buffers kept at most (a few hundred kilobytes).
const MOST_SPARE_BUFFERS: usize = 1024;

impl Drop for Candidate {
    fn drop(&mut self) {
        let mut chars = std::mem::take(&mut self.chars);
        let mut spans = std::mem::take(&mut self.spans);
        if chars.capacity() == 0 || spans.capacity() == 0 {
            return;
        }
        chars.clear();
        spans.clear();
        // (`try_with`: a candidate dropped as the thread ends frees its buffers)
        let _ = SPARE_BUFFERS.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                if spare.len() < MOST_SPARE_BUFFERS {
                    spare.push((chars, spans));
                }
            }
        });
    }
}

impl Forms {
    fn new(check: bool) -> Forms {
        let spare = SPARE_BUFFERS
            .try_with(|spare| spare.try_borrow_mut().ok().and_then(|mut s| s.pop()))
            .ok()
            .flatten();
        let (chars, spans) =
            spare.unwrap_or_else(|| (Vec::with_capacity(48), Vec::with_capacity(10)));
        Forms {
            chars,
            spans,
            start: 0,
            check,
        }
    }

    fn push(&mut self, c: char) {
        self.chars.push(c);
    }

    fn push_str(&mut self, s: &str) {
        self.chars.extend(s.chars());
    }

    fn push_square(&mut self, sq: Square) {
        self.chars.push(sq.file().char());
        self.chars.push(sq.rank().char());
    }

    /// Ends the form begun after the last one.
    fn end(&mut self, kind: Form) {
        if self.check {
            self.chars.push('+');
        }
        let (from, to) = (self.start as u16, self.chars.len() as u16);
        let packed = Rows::packed(&self.chars[self.start..]);
        self.spans.push((from, to, kind, packed));
        self.start = self.chars.len();
    }

    /// A form that is `text`.
    fn form(&mut self, text: &[char], kind: Form) {
        self.chars.extend_from_slice(text);
        self.end(kind);
    }

    fn done(self, mv: Move) -> Candidate {
        Candidate {
            mv,
            chars: self.chars,
            spans: self.spans,
        }
    }
}

/// Every legal move of `pos` with its written forms.
pub fn candidates(pos: &Chess, lang: &Language) -> Vec<Candidate> {
    candidates_marked(pos, lang, false)
}

/// Whether the text a copy may read next carries a check mark: only then are the moves that
/// give check told apart (their forms end in `+`), which costs a move played per legal move.
fn marks_check(text: &[char]) -> bool {
    text.iter().any(|&c| c == '+' || c == '#')
}

/// [`candidates`], the forms of the moves that give check ending in `+` when `checks`.
///
/// The search asks this of every state it keeps, so the forms are built character by
/// character from one list of legal moves (the SAN's origin from the same list as
/// `San::from_move` finds it), without formatting.
pub fn candidates_marked(pos: &Chess, lang: &Language, checks: bool) -> Vec<Candidate> {
    let mut scratch = Scratch::default();
    moves_marked(pos, checks)
        .iter()
        .map(|m| m.candidate(lang, &mut scratch))
        .collect()
}

/// A legal move with its SAN and whether it gives check (told only when the text asks for
/// the marks): what its written forms follow from, in any language.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Marked {
    mv: Move,
    san: San,
    check: bool,
}

/// Buffers for building candidates one after another.
#[derive(Default)]
struct Scratch {
    body: String,
    own: Vec<char>,
}

/// Every legal move of `pos`, marked (see [`candidates_marked`]).
fn moves_marked(pos: &Chess, checks: bool) -> Vec<Marked> {
    let legal = pos.legal_moves();
    // The squares two pieces of one kind may go to: only the moves there need the others
    // looked at to be told apart (`San::disambiguate` looks at every legal move for each).
    let mut reached = [Bitboard::EMPTY; 6];
    let mut shared = [Bitboard::EMPTY; 6];
    for mv in &legal {
        if let Move::Normal { role, to, .. } = *mv {
            if role != Role::Pawn {
                let i = role as usize - 1;
                if reached[i].contains(to) {
                    shared[i].add(to);
                }
                reached[i].add(to);
            }
        }
    }
    legal
        .iter()
        .map(|&mv| {
            // The check mark a writer may add: a `+` where there is no check is evidence
            // against the reading (see `slips::MARK_MISFIT`).
            let check = checks && {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                after.is_check()
            };
            let san = match mv {
                Move::Normal {
                    role,
                    capture,
                    to,
                    promotion,
                    ..
                } if role != Role::Pawn && !shared[role as usize - 1].contains(to) => San::Normal {
                    role,
                    file: None,
                    rank: None,
                    capture: capture.is_some(),
                    to,
                    promotion,
                },
                _ => San::disambiguate(mv, &legal),
            };
            Marked { mv, san, check }
        })
        .collect()
}

impl Marked {
    /// The move's forms in `lang`.
    fn candidate(&self, lang: &Language, scratch: &mut Scratch) -> Candidate {
        let Marked { mv, san, check } = *self;
        let en = english();
        let Scratch { body, own } = scratch;
        let mut forms = Forms::new(check);
        body.clear();
        san_body_into(san, lang, body);
        own.clear();
        own.extend(body.chars());
        forms.form(own, Form::San);
        if let San::Castle(_) = san {
            // Castling with zeros, as most scoresheets have it.
            for &c in own.iter() {
                forms.push(if c == 'O' { '0' } else { c });
            }
            forms.end(Form::San);
        } else {
            if mv.role() != Role::Pawn {
                forms.push_str(lang.letter(mv.role()));
            }
            if let Some(from) = mv.from() {
                forms.push_square(from);
            }
            if mv.is_capture() {
                forms.push('x');
            }
            forms.push_square(mv.to());
            if let Some(p) = mv.promotion() {
                forms.push_str(lang.letter(p));
            }
            forms.end(Form::Long);
            if mv.role() == Role::Pawn && mv.is_capture() {
                if let Some(from) = mv.from() {
                    forms.form(&[from.file().char(), mv.to().file().char()], Form::Files);
                    forms.form(
                        &[from.file().char(), 'x', mv.to().file().char()],
                        Form::Files,
                    );
                }
            }
            shorthand(san, mv, lang, &mut forms);
        }
        if lang.code != "en" && mv.role() != Role::Pawn && !matches!(mv, Move::Castle { .. }) {
            // The same SAN with the English letter in front.
            let letter = lang.letter(mv.role());
            let n = letter.chars().count();
            let rest = own
                .get(..n)
                .filter(|head| head.iter().copied().eq(letter.chars()))
                .and_then(|_| own.get(n..));
            if let Some(rest) = rest {
                let e = en.letter(mv.role());
                if e != lang.letter(mv.role()) {
                    forms.push_str(e);
                    forms.form(rest, Form::English);
                }
            }
        }
        forms.done(mv)
    }
}

/// The ways of writing a move (its SAN `san`) that real scoresheets have beside SAN and long
/// algebraic: the origin written though only one piece can make the move (`Tab1`, as the
/// Laws allow), the origin left out though two can (`Cd2`), a capture named by the pieces
/// (`DxD`, `exC`, `PxP`, `DxCd5`) or by the piece and the file (`Axf`).
fn shorthand(san: San, mv: Move, lang: &Language, out: &mut Forms) {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        return;
    };
    let Some(from) = mv.from() else {
        return;
    };
    let piece: &str = if role == Role::Pawn {
        ""
    } else {
        lang.letter(role)
    };
    // The piece, then `middle`, the capture mark, the square of arrival and the promotion.
    let form = |out: &mut Forms, middle: Option<char>, kind: Form| {
        out.push_str(piece);
        if let Some(c) = middle {
            out.push(c);
        }
        if capture {
            out.push('x');
        }
        out.push_square(to);
        if let Some(p) = promotion {
            out.push_str(lang.letter(p));
        }
        out.end(kind);
    };
    if role != Role::Pawn {
        if file.is_none() {
            form(out, Some(from.file().char()), Form::San);
        }
        if rank.is_none() {
            form(out, Some(from.rank().char()), Form::San);
        }
        if file.is_some() || rank.is_some() {
            form(out, None, Form::Undisambiguated);
        }
    }
    if let Some(taken) = mv.capture() {
        let taken = match taken {
            Role::Pawn => "P",
            r => lang.letter(r),
        };
        let by_pieces = |out: &mut Forms, mover: &str| {
            for square in [false, true] {
                out.push_str(mover);
                out.push('x');
                out.push_str(taken);
                if square {
                    out.push_square(to);
                }
                out.end(Form::Pieces);
            }
        };
        if role == Role::Pawn {
            let mut file = [0u8; 4];
            by_pieces(out, from.file().char().encode_utf8(&mut file));
            by_pieces(out, "P");
        } else {
            by_pieces(out, piece);
            out.push_str(piece);
            out.push('x');
            out.push(to.file().char());
            out.end(Form::Pieces);
        }
    }
}

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
struct Source<'s> {
    from: Cursor,
    rest: &'s [char],
    cost: f32,
    set_aside: Option<(Cursor, &'static str)>,
    renumber: i32,
}

fn sources<'s>(sheet: &'s Sheet, at: Cursor) -> Vec<Source<'s>> {
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
fn number_cost(sheet: &Sheet, at: Cursor, number: (u32, bool)) -> f32 {
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
fn read_numbered(
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
fn splits_a_square(rest: &[char], k: usize) -> bool {
    match k.checked_sub(1).and_then(|i| rest.get(i)) {
        Some('x') => true,
        Some(c) if ('a'..='h').contains(c) => rest.get(k).is_some_and(|c| ('1'..='8').contains(c)),
        _ => false,
    }
}

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

/// Hashes a key that is already a hash.
#[derive(Default, Clone, Copy)]
struct Identity(u64);

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

type Seen = HashMap<u64, usize, std::hash::BuildHasherDefault<Identity>>;

/// A quick hash for small keys (a multiply and a rotate a word).
#[derive(Default, Clone, Copy)]
struct Fx(u64);

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
struct Rows {
    places: HashMap<(usize, Cursor), Place, std::hash::BuildHasherDefault<Fx>>,
    kept: usize,
    long: Vec<f32>,
    scratch: Vec<f32>,
}

type Place = HashMap<u64, (Vec<f32>, f32), std::hash::BuildHasherDefault<Fx>>;

impl Rows {
    /// Rows kept at most (a few MB); past it the memo starts again.
    const MOST: usize = 1 << 16;

    /// A form as one word, when it is at most eight ASCII characters (none of them NUL: the
    /// packing of two forms differs where the forms do).
    fn packed(form: &[char]) -> Option<u64> {
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
    fn within(
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
    fn place(&mut self, sheet: &Sheet, from: Cursor) -> PlaceRows<'_> {
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
struct PlaceRows<'r> {
    place: &'r mut Place,
    kept: &'r mut usize,
    long: &'r mut Vec<f32>,
    scratch: &'r mut Vec<f32>,
}

impl PlaceRows<'_> {
    /// [`Rows::within`] at this place, whose text is `rest`; `packed` is
    /// [`Rows::packed`]`(form)`.
    fn within(
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
struct Readings {
    kept: HashMap<ReadingsKey, Vec<Reading>, std::hash::BuildHasherDefault<Fx>>,
    scratch: Scratch,
}

/// A sheet and a language (by address, both live for the search), a place in the sheet, the
/// move number the copy should show there (the game's and the rows it runs ahead), whose
/// move it is, and the move marked.
type ReadingsKey = (usize, usize, Cursor, i64, bool, Marked);

impl Readings {
    /// Entries kept at most; past it the memo starts again.
    const MOST: usize = 1 << 16;

    fn read(
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

/// Plies of written text the widest search reads ahead of each state to rank it: on real
/// sheets 6 read 6 more of the 53 it had not read well enough than none, 4 read 3 and 10
/// read 5, at 2.2 times the time of those sheets. On every damaged sheet (the default
/// search too) it read fewer synthetic sheets (215 of 242 against 223) in five times the time.
pub const WIDEST_AHEAD: usize = 6;
/// How far behind the best a state's reading ahead stops (it ranks behind anyway).
const AHEAD_CUT: f32 = 3.0;

/// Plies of written text read ahead to rank the moves that may fill a gap.
const LOOKAHEAD_PLIES: usize = 10;
/// At most this many states of the beam, no dearer than the cheapest by more than
/// [`LOOKAHEAD_NEAR`], have their gap fillers ranked by reading ahead.
const LOOKAHEAD_PARENTS: usize = 2;
const LOOKAHEAD_NEAR: f32 = 0.5;
/// A start read ahead this much dearer than the best is no longer followed.
const LOOKAHEAD_CUT: f32 = 1.0;
/// How far behind its cost an unranked gap filler is kept.
const UNRANKED_GAP: f32 = 1.0;

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
fn read_one(
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
fn read_ahead(
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
fn read_ahead_by(
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
fn rank_gap_fillers(
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

/// The cheapest legal game from `start` that reads every copy in `sheets` (one or two),
/// within the limits; `None` when there is none.
pub fn search(start: &Chess, sheets: &[&Sheet], lang: &Language, limits: &Limits) -> Option<Found> {
    search_in(start, sheets, &[lang, lang], limits)
}

/// What one search did: the game found, and the work it took (see [`Work`]).
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

/// The work of one position read ahead, in states of the beam (see [`Work`]).
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
            Some(l) if sheets.len() > 1 && l.code != first_code(langs) => *l,
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
mod tests {
    use super::*;
    use crate::notation::{languages::by_code, render::san_plain};

    fn it() -> &'static Language {
        by_code("it").unwrap()
    }

    /// Positions with castling both ways, en passant, promotions with capture, two knights
    /// and two rooks that can reach one square, and checks; and `more`.
    fn awkward_positions(more: &str) -> Vec<Chess> {
        [
            "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "1r2k3/P1P5/8/8/8/2N3N1/8/R3K2R w KQ - 0 1",
            more,
        ]
        .iter()
        .map(|fen| {
            fen.parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap()
        })
        .collect()
    }

    #[test]
    fn a_row_kept_reads_as_a_row_worked_out_within_the_limit() {
        // The memo works each row out whole and compares its least cost with the limit; the
        // table cut short at the limit must give the same answer, for every limit.
        let sheet = Sheet::from_movetext("1.e4 e5 2.Cf3 Cc6 3.Ab5+ a6 Кр1 4.Axc6 dxc6 e5xd6", 0);
        let words = [
            "e4", "Cf3", "Nf3", "Cc6", "Ab5+", "Bb5", "a6", "Крe1", "Axc6", "dxc6", "Ae2e4",
        ];
        let mut rows = Rows::default();
        let mut at = sheet.settle(Cursor::default()).0;
        let mut places = Vec::new();
        while !sheet.done(at) {
            places.push(at);
            let word = sheet.rest(at).len() as u32;
            at = sheet
                .settle(Cursor {
                    word: at.word,
                    at: at.at + word,
                })
                .0;
        }
        assert!(places.len() > 8);
        for _ in 0..2 {
            for &from in &places {
                let rest = sheet.rest(from);
                for w in words {
                    let form: Vec<char> = w.chars().collect();
                    for limit in [0.05, 0.3, 0.5, 1.0, 1.7, 2.6, 4.0, f32::INFINITY] {
                        let direct = slips().prefix_costs_within(&form, rest, limit);
                        let kept = rows.within(&sheet, from, rest, &form, limit);
                        assert_eq!(kept, direct, "{w} at {from:?} within {limit}");
                    }
                }
            }
        }
    }

    #[test]
    fn keys_carried_from_move_to_move_are_the_keys_worked_out() {
        // Two plies deep from positions with castling, en passant, promotions and captures:
        // the key updated from the one before is the key of the position, every time.
        let key = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let mut checked = 0;
        for pos in
            awkward_positions("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
        {
            for m in pos.legal_moves() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                let hash = hash_after(&pos, key(&pos), m, &after);
                assert_eq!(hash, key(&after), "{m}");
                for m2 in after.legal_moves() {
                    let mut again = after.clone();
                    again.play_unchecked(m2);
                    assert_eq!(hash_after(&after, hash, m2, &again), key(&again));
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn the_forms_of_every_legal_move_begin_with_its_san() {
        for pos in awkward_positions("4k3/8/8/8/8/8/3q4/R3K2R w KQ - 0 1") {
            let fen = shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal);
            for code in ["en", "it", "ru"] {
                let lang = by_code(code).unwrap();
                for checks in [false, true] {
                    let all = candidates_marked(&pos, lang, checks);
                    assert_eq!(all.len(), pos.legal_moves().len());
                    for c in &all {
                        let mut san = san_plain(&pos, c.mv, lang);
                        let mut after = pos.clone();
                        after.play_unchecked(c.mv);
                        if checks && after.is_check() {
                            san.push('+');
                        }
                        let forms: Vec<(String, Form)> =
                            c.forms().map(|(f, k)| (f.iter().collect(), k)).collect();
                        assert_eq!(forms[0], (san.clone(), Form::San), "{fen} {code}");
                        if matches!(c.mv, Move::Castle { .. }) {
                            assert_eq!(forms[1].0, san.replace('O', "0"));
                            assert_eq!(forms.len(), 2);
                        } else {
                            assert_eq!(forms[1].1, Form::Long);
                        }
                        assert!(forms.iter().all(|(f, _)| f.len() >= 2));
                    }
                }
            }
        }
    }

    fn sans(text: &str) -> Vec<String> {
        let sheet = Sheet::from_movetext(text, 0);
        let found = search(&Chess::default(), &[&sheet], it(), &Limits::default()).unwrap();
        let mut pos = Chess::default();
        found
            .moves
            .iter()
            .map(|&m| {
                let s = san_plain(&pos, m, english());
                pos.play_unchecked(m);
                s
            })
            .collect()
    }

    #[test]
    fn a_move_that_leaves_a_piece_en_prise_is_the_least_likely() {
        use shakmaty::{fen::Fen, CastlingMode};
        // 1. e4 e5 2. Nf3 d6: the pawns on e5 and d6 guard d4 and e5, the queen g5.
        let pos: Chess = "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let of = |san: &str| {
            let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
            implausibility(&pos, mv)
        };
        assert_eq!(of("Nxe5"), 2.0); // takes a pawn, and the d6 pawn takes back
        assert_eq!(of("Nc3"), 2.2); // safe and quiet
        assert_eq!(of("Nd4"), 4.9); // to a square the e5 pawn guards
        assert_eq!(of("Qe2"), 2.2);
        assert_eq!(of("Ng5"), 4.9); // undefended, the queen attacks it
        assert_eq!(of("Bb5"), 2.2); // a check counts as any safe quiet move
    }

    #[test]
    fn reading_ahead_prices_a_capture_mark_on_a_quiet_move() {
        // `Nxf3` where the knight's move to f3 takes nothing: replay reads it as `Nf3`, the
        // reading ahead must pay for the mark.
        let pos = Chess::default();
        let sheet = Sheet::from_movetext("Nxf3", 0);
        let at = sheet.settle(Cursor::default()).0;
        let (cost, mv, _) = read_one(&sheet, english(), &pos, at, &mut Rows::default()).unwrap();
        assert_eq!(san_plain(&pos, mv, english()), "Nf3");
        assert!(cost > 0.0, "{cost}");
        let sheet = Sheet::from_movetext("Nf3", 0);
        let at = sheet.settle(Cursor::default()).0;
        assert_eq!(
            read_one(&sheet, english(), &pos, at, &mut Rows::default())
                .unwrap()
                .0,
            0.0
        );
    }

    const TRUE: [&str; 21] = [
        "e4", "e5", "Nf3", "Nf6", "d4", "exd4", "e5", "Ne4", "Qxd4", "d5", "exd6", "Nxd6", "Bg5",
        "Nc6", "Qe3", "Be7", "Nbd2", "O-O", "O-O-O", "Re8", "Kb1",
    ];

    #[test]
    fn appendix_c_in_its_three_damaged_forms() {
        for text in [
            "1.e4e5 2.Cf3 Cf6 3.d4 exd4 4.e5Ced 5.Dxd4 d5 6.exd6 e.p.\nCxd6 7.Ag5 Cc6 8.De3+ Ae7 9.Cbd2 0-0 10.0-0-0Te8 11.Rb1l\n(=)",
            "l.e4e52.Cf3Cf63.d4ed44.e5Ce45.Dd4 d5 6. edb Cd6 7.\nAg5 Cc6 8. De3 Ae7 9 Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=)",
            "1.e2ed e7e5 2. Cg1f3 Cg8f6 3. d2d4 e5xd4 4. ede5 Cf6ed 5.\nDd1xd4 d7d5 6. e5xd6 e.p. Cedxd6 7. Aclg5 Cb8c6 8. Dd4e3+\nAf8e7 9. Cb1d2 0-0 10. 0-0-0 Tf8e8 11. Ralbl (=)",
        ] {
            assert_eq!(sans(text), TRUE, "{text}");
        }
    }

    #[test]
    fn a_legal_but_wrong_move_is_undone_later() {
        // 2.Cf3 written `2.Cf6` (no such move), and 3.h3 written `b3`: legal, found only
        // when 4.Th2 is impossible after it.
        assert_eq!(
            sans("1.e4 e5 2.Cf6 Cc6 3.b3 d6 4.Th2 Ae7"),
            ["e4", "e5", "Nf3", "Nc6", "h3", "d6", "Rh2", "Be7"]
        );
    }

    #[test]
    fn the_huge_searches_keep_more_states_within_the_same_bound() {
        let (widest, huge, ahead) = (Limits::widest(), Limits::huge(), Limits::huge_ahead());
        for l in [huge, ahead] {
            assert!(l.beam > widest.beam && l.per_place > widest.per_place);
            assert!(l.per_place <= l.beam);
            assert_eq!(
                (l.base_cost, l.cost_per_word, l.margin),
                (widest.base_cost, widest.cost_per_word, widest.margin)
            );
        }
        assert_eq!((huge.ahead, ahead.ahead), (0, WIDEST_AHEAD));
        // The same sheet read within the huge limits: a reading at least as cheap.
        let sheet = Sheet::from_movetext("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7", 0);
        let cost = |l: &Limits| search(&Chess::default(), &[&sheet], it(), l).unwrap().cost;
        assert!(cost(&huge) <= cost(&widest) && cost(&ahead) <= cost(&widest));
    }

    #[test]
    fn a_search_never_does_more_work_than_its_budget() {
        // Every White move with a stray `x`: the widest search reads thousands of states.
        let sheet = Sheet::from_movetext(
            "xe4 c6 xd4 d5 xe5 c5 xdxc5 e6 xNc3 Nc6 xBf4 Nge7 xNf3 Ng6 xBe3 Ngxe5 xNxe5",
            0,
        );
        let open = search_counted(&Chess::default(), &[&sheet], english(), &Limits::widest());
        assert!(!open.out_of_budget);
        for budget in [0, 1, 100, open.work / 2] {
            let limits = Limits {
                budget,
                ..Limits::widest()
            };
            let o = search_counted(&Chess::default(), &[&sheet], english(), &limits);
            assert!(o.work <= budget, "{} > {budget}", o.work);
            assert!(o.out_of_budget && o.found.is_none());
        }
        let limits = Limits {
            budget: open.work,
            ..Limits::widest()
        };
        let o = search_counted(&Chess::default(), &[&sheet], english(), &limits);
        assert_eq!(o.work, open.work);
        assert_eq!(o.found.map(|f| f.moves), open.found.map(|f| f.moves));
    }

    #[test]
    fn moves_run_together_meet_after_a_square() {
        let chars = |t: &str| t.chars().collect::<Vec<char>>();
        // `e4e5`, `Cg4e5`: cut after the first square.
        assert!(!splits_a_square(&chars("e4e5"), 2));
        assert!(!splits_a_square(&chars("Cg4e5"), 3));
        // `Txd4` is one move: not `Tx` and `d4`, nor `Txd` and `4`.
        assert!(splits_a_square(&chars("Txd4"), 2));
        assert!(splits_a_square(&chars("Txd4"), 3));
        assert!(splits_a_square(&chars("Dxf3"), 2));
    }

    #[test]
    fn a_move_left_out_and_a_move_written_twice() {
        // Black's second move is not on the sheet: some move is put there, the rest read.
        let left_out = sans("1.e4 e5 2.Cf3 3.Ac4 Ac5 4.c3 Cf6");
        assert_eq!(left_out.len(), 8);
        assert_eq!(left_out[4..], ["Bc4", "Bc5", "c3", "Nf6"]);
        assert_eq!(
            sans("1.e4 e5 2.Cf3 Cf3 Cc6 3.Ac4 Ac5"),
            ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]
        );
    }

    #[test]
    fn rows_written_again_and_numbered_on() {
        // Rows 3 and 4 copied once more as rows 5 and 6: the rest of the sheet is numbered
        // two rows ahead of the game, which is no slip of its own.
        let text = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.c3 Cf6 5.Ac4 Ac5 6.c3 Cf6 7.d4 exd4 8.cxd4 Ab4+ 9.Ad2 Axd2+ 10.Cbxd2 d5";
        assert_eq!(
            sans(text),
            [
                "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4",
                "Bd2", "Bxd2", "Nbxd2", "d5"
            ]
        );
        let (_, set_aside) = set_aside(text);
        assert_eq!(set_aside.len(), 1);
        assert_eq!(set_aside[0].1, REPEATED);
    }

    /// The default search's reading of `text`, and the words it set aside (with why).
    fn set_aside(text: &str) -> (Found, Vec<(Cursor, &'static str)>) {
        let sheet = Sheet::from_movetext(text, 0);
        let found = search(&Chess::default(), &[&sheet], it(), &Limits::default()).unwrap();
        let set_aside = found
            .plies
            .iter()
            .filter_map(|p| p.readings[0].set_aside)
            .collect();
        (found, set_aside)
    }

    #[test]
    fn a_word_written_twice_is_set_aside_though_it_reads_as_the_next_move() {
        // The second `Cd4` also reads as White's `Cxd4` (the capture mark is optional), but
        // then `4. Cxd4` must be misread and `exd4` set aside: set aside as written twice,
        // the rest reads as written. Both readings lead to other places in the text, and
        // the cheaper reading of the word must not stand for both.
        let text = "1. e4 e5 2. Cf3 Cc6 3. Ab5 Cd4 Cd4 4. Cxd4 exd4 5. O-O a6 6. Ac4 Ac5";
        let (found, set_aside) = set_aside(text);
        let words: Vec<_> = set_aside.iter().map(|(c, why)| (c.word, *why)).collect();
        // Word 9 is the second `Cd4` (move numbers are words of their own).
        assert_eq!(words, [(9, "written_twice")]);
        assert!(found.plies.iter().all(|p| p.readings[0].slip < 0.25));
    }
}
