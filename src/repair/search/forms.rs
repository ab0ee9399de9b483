//! The forms a legal move may be written in (SAN and long algebraic in the game's language,
//! English SAN, a capture named by the pieces, an origin left out), worked out once per
//! position and marked with the checks they give.

use super::*;

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
    pub(super) chars: Vec<char>,
    /// Each form's span of `chars`, its kind, and the form packed into a word where it fits
    /// ([`Rows::packed`], worked out once here rather than at every place it is read).
    pub(super) spans: Vec<Span>,
}

impl Candidate {
    /// The ways of writing the move, and their kinds.
    pub fn forms(&self) -> impl Iterator<Item = (&[char], Form)> + '_ {
        self.forms_packed().map(|(form, kind, _)| (form, kind))
    }

    /// [`Candidate::forms`] with each form packed into a word where it fits.
    pub(super) fn forms_packed(&self) -> impl Iterator<Item = (&[char], Form, Option<u64>)> + '_ {
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
pub(super) struct Forms {
    pub(super) chars: Vec<char>,
    pub(super) spans: Vec<Span>,
    pub(super) start: usize,
    pub(super) check: bool,
}

/// The buffers of candidates dropped on this thread, for the next ones built: the search
/// builds and drops the forms of every legal move of every state it looks at, two buffers a
/// move, which cost more to allocate and free than to fill.
pub(super) type Buffers = (Vec<char>, Vec<Span>);

/// A form's span of a candidate's characters, its kind and its packed word.
pub(super) type Span = (u16, u16, Form, Option<u64>);

thread_local! {
    static SPARE_BUFFERS: std::cell::RefCell<Vec<Buffers>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Buffers kept at most (a few hundred kilobytes).
pub(super) const MOST_SPARE_BUFFERS: usize = 1024;

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
    pub(super) fn new(check: bool) -> Forms {
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

    pub(super) fn push(&mut self, c: char) {
        self.chars.push(c);
    }

    pub(super) fn push_str(&mut self, s: &str) {
        self.chars.extend(s.chars());
    }

    pub(super) fn push_square(&mut self, sq: Square) {
        self.chars.push(sq.file().char());
        self.chars.push(sq.rank().char());
    }

    /// Ends the form begun after the last one.
    pub(super) fn end(&mut self, kind: Form) {
        if self.check {
            self.chars.push('+');
        }
        let (from, to) = (self.start as u16, self.chars.len() as u16);
        let packed = Rows::packed(&self.chars[self.start..]);
        self.spans.push((from, to, kind, packed));
        self.start = self.chars.len();
    }

    /// A form that is `text`.
    pub(super) fn form(&mut self, text: &[char], kind: Form) {
        self.chars.extend_from_slice(text);
        self.end(kind);
    }

    pub(super) fn done(self, mv: Move) -> Candidate {
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
pub(super) fn marks_check(text: &[char]) -> bool {
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
pub(super) struct Marked {
    pub(super) mv: Move,
    pub(super) san: San,
    pub(super) check: bool,
}

/// Buffers for building candidates one after another.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) body: String,
    pub(super) own: Vec<char>,
}

/// Every legal move of `pos`, marked (see [`candidates_marked`]).
pub(super) fn moves_marked(pos: &Chess, checks: bool) -> Vec<Marked> {
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
    pub(super) fn candidate(&self, lang: &Language, scratch: &mut Scratch) -> Candidate {
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
pub(super) fn shorthand(san: San, mv: Move, lang: &Language, out: &mut Forms) {
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
