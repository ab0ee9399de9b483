//! Resolving a written move against the legal moves of a position.
//!
//! A move is accepted only when exactly one legal move fits what is written; `x` and `+` are
//! optional (FIDE: the last four signs are optional), so they never decide a match but are
//! checked afterwards as notation. When nothing fits, [`explain`] says why in words and
//! finds the move a player could physically have made (for `--illegal stands`).
//!
//! ```ignore
//! use scoresheet::replay::resolve::{resolve, Resolution};
//! use scoresheet::notation::{moves::written_move, languages::by_code};
//! use shakmaty::{Chess, Position};
//! let pos = Chess::default();
//! let (_, w) = written_move("Cf3").unwrap();
//! assert!(matches!(resolve(&pos, &w, by_code("it").unwrap()), Resolution::Unique(_)));
//! ```

use shakmaty::{san::San, Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Role};

use crate::notation::{
    languages::Language,
    moves::{CaptureMark, CheckMark, WrittenKind, WrittenMove},
};
use crate::reason::NotationReason;

pub use super::explain::{explain, Explanation};

pub enum Resolution {
    Unique(Move),
    /// A pawn reached the last rank but no piece was written: these promotions fit.
    PromotionMissing(Vec<Move>),
    Ambiguous(Vec<Move>),
    Illegal,
    /// A piece letter this language does not have.
    UnknownLetter,
    /// `--`: a null move.
    Null,
}

/// A piece letter the language does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownLetter;

/// The role a written move names in `lang`: `Ok(None)` for coordinate notation (any piece on
/// the origin square).
pub fn written_role(w: &WrittenMove, lang: &Language) -> Result<Option<Role>, UnknownLetter> {
    match w.piece {
        Some(l) => lang.role_of(l.index).map(Some).ok_or(UnknownLetter),
        None if w.is_coordinate() => Ok(None),
        None => Ok(Some(Role::Pawn)),
    }
}

fn castling_side_of(m: Move) -> Option<CastlingSide> {
    match m {
        Move::Castle { king, rook } => Some(if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }),
        _ => None,
    }
}

/// Whether a legal move fits what is written (promotion aside, see [`resolve`]).
fn fits(m: Move, w: &WrittenMove, role: Option<Role>, turn: Color) -> bool {
    let Some(to_file) = w.to_file else {
        return false;
    };
    if let Move::Castle { king, rook } = m {
        // Only coordinate notation names castling by squares: the king's two-square move
        // (`e1g1`) or, in Chess960, king takes rook (`e1h1`).
        if role.is_some_and(|r| r != Role::King) || w.from_square() != Some(king) {
            return false;
        }
        let side = castling_side_of(m).unwrap_or(CastlingSide::KingSide);
        let king_to = side.king_to(turn);
        let to = w.to_square();
        return to == Some(rook) || to == Some(king_to);
    }
    if let Some(r) = role {
        if m.role() != r {
            return false;
        }
    }
    let to = m.to();
    if to.file() != to_file || w.to_rank.is_some_and(|r| r != to.rank()) {
        return false;
    }
    let from = m.from().unwrap_or(to);
    if w.from_file.is_some_and(|f| f != from.file())
        || w.from_rank.is_some_and(|r| r != from.rank())
    {
        return false;
    }
    true
}

/// The legal moves a written move can mean. When it names its destination, only the legal
/// moves to that square are generated (as shakmaty's own SAN reader does), which is far
/// cheaper than every legal move.
fn candidates(pos: &Chess, w: &WrittenMove, role: Option<Role>) -> MoveList {
    let Some(to) = w.to_square() else {
        return pos.legal_moves();
    };
    match role {
        Some(Role::King) if w.from_square().is_some() => {
            // `Ke1g1`, `Kg1h1`: long algebraic castling as the king's move or king takes rook.
            let mut moves = pos.san_candidates(Role::King, to);
            moves.extend(pos.castling_moves(CastlingSide::KingSide));
            moves.extend(pos.castling_moves(CastlingSide::QueenSide));
            moves
        }
        Some(r) => pos.san_candidates(r, to),
        None => {
            // Coordinate notation: the piece on the origin square; a king may be castling.
            let from_role = w.from_square().and_then(|f| pos.board().role_at(f));
            match from_role {
                Some(Role::King) => {
                    let mut moves = pos.san_candidates(Role::King, to);
                    moves.extend(pos.castling_moves(CastlingSide::KingSide));
                    moves.extend(pos.castling_moves(CastlingSide::QueenSide));
                    moves
                }
                Some(r) => pos.san_candidates(r, to),
                None => MoveList::new(),
            }
        }
    }
}

/// Match a written move against the legal moves: from shakmaty's attack tables where that
/// settles it (see [`super::fast_san`]), else by [`resolve_by_candidates`].
#[inline]
pub fn resolve(pos: &Chess, w: &WrittenMove, lang: &Language) -> Resolution {
    match super::fast_san::settle_fast(pos, w, lang) {
        Some(settled) => settled.into(),
        None => resolve_by_candidates(pos, w, lang),
    }
}

/// Match a written move against the legal moves shakmaty lists for it: the reference that
/// [`super::fast_san`] must agree with, and the path of every move it does not settle.
pub fn resolve_by_candidates(pos: &Chess, w: &WrittenMove, lang: &Language) -> Resolution {
    match w.kind {
        WrittenKind::Null => return Resolution::Null,
        WrittenKind::Castle(side) => {
            let found = pos.castling_moves(side);
            return match found.len() {
                1 => Resolution::Unique(found[0]),
                0 => Resolution::Illegal,
                _ => Resolution::Ambiguous(found.to_vec()),
            };
        }
        WrittenKind::Move => {}
    }
    let Ok(role) = written_role(w, lang) else {
        return Resolution::UnknownLetter;
    };
    let legals = candidates(pos, w, role);
    let promotion = match w.promotion {
        Some(l) => match lang.role_of(l.index) {
            Some(r) => Some(r),
            None => return Resolution::UnknownLetter,
        },
        None => None,
    };
    let turn = pos.turn();
    // On the stack: one move fits almost always, and a move is resolved at every ply.
    let mut found = MoveList::new();
    let mut unpromoted = MoveList::new();
    for &m in legals.iter() {
        if !fits(m, w, role, turn) {
            continue;
        }
        if m.promotion() == promotion {
            found.push(m);
        } else if promotion.is_none() {
            unpromoted.push(m);
        }
    }
    if found.len() > 1 && found.iter().any(|m| !matches!(m, Move::Castle { .. })) {
        // A king step onto its castling square (`d1c1` in Chess960) is the step: castling
        // by coordinates is written as the king's two-square move only in standard chess,
        // where no step can be confused with it, or as king takes rook.
        found.retain(|m| match m {
            Move::Castle { rook, .. } => w.to_square() == Some(*rook),
            _ => true,
        });
    }
    match found.len() {
        1 => Resolution::Unique(found[0]),
        0 if !unpromoted.is_empty() => {
            // Fitting moves that differ only by the promotion piece.
            unpromoted.sort_by_key(|m| promotion_order(m.promotion()));
            let first = unpromoted[0];
            if unpromoted
                .iter()
                .all(|m| m.from() == first.from() && m.to() == first.to())
            {
                Resolution::PromotionMissing(unpromoted.to_vec())
            } else {
                Resolution::Ambiguous(unpromoted.to_vec())
            }
        }
        0 => Resolution::Illegal,
        _ => Resolution::Ambiguous(found.to_vec()),
    }
}

fn promotion_order(r: Option<Role>) -> u8 {
    match r {
        Some(Role::Queen) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        Some(Role::Bishop) => 3,
        _ => 4,
    }
}

/// Irregular but understandable notation of a move that resolved uniquely.
pub struct NotationIssue {
    pub reason: NotationReason,
}

impl NotationIssue {
    /// Its message in `lang`, from the catalogue (these messages take no arguments).
    pub fn message(&self, lang: crate::i18n::ReportLang) -> String {
        crate::i18n::render(lang, self.reason.message_id(), &[])
    }
}

/// Check the optional signs and forms of a move that resolved to `m` (played from `pos`).
/// `after` is the position after it, `mate` whether it is checkmate.
#[inline]
pub fn notation_issues(
    pos: &Chess,
    m: Move,
    w: &WrittenMove,
    after: &Chess,
    mate: bool,
    strict: bool,
    out: &mut Vec<NotationIssue>,
) {
    if may_have_notation_issues(w, m, strict) {
        notation_issues_of(pos, m, w, after, mate, strict, out);
    }
}

/// Whether [`notation_issues`] can find anything in `w`, read as `m`. The common case, asked
/// at every ply: without --strict-notation only a lowercase letter, a written origin or a
/// left-out destination rank can be an issue, and the written origin most often met, a pawn
/// capture's file (`exd5`), is SAN's own; the replay asks this first, without the call.
#[inline]
pub fn may_have_notation_issues(w: &WrittenMove, m: Move, strict: bool) -> bool {
    strict
        || w.piece.is_some_and(|l| l.lowercase)
        || (w.from_file.is_some() && !(m.role() == Role::Pawn && m.is_capture()))
        || w.from_rank.is_some()
        || w.to_rank.is_none()
}

/// Whether [`notation_issues`] finds anything in `w`, read as `m` from `pos`, told without
/// building the list where `--strict-notation` is off (with it, `true`: the marks are judged
/// on the general path). What [`may_have_notation_issues`] leaves open is looked at here, in
/// its own call: a written origin is no issue in long algebraic (`Cg1-f3`), nor where SAN
/// writes it too (`Cbd2` with the other knight on f3).
#[inline(always)]
pub fn has_notation_issues(pos: &Chess, w: &WrittenMove, m: Move, strict: bool) -> bool {
    may_have_notation_issues(w, m, strict) && (strict || written_origin_or_letter_issue(pos, w, m))
}

/// [`has_notation_issues`] without --strict-notation, where [`may_have_notation_issues`] says
/// there may be one: what [`notation_issues_of`] adds then (a lowercase letter, a superfluous
/// origin, a left-out destination rank), told without its list.
#[inline(never)]
fn written_origin_or_letter_issue(pos: &Chess, w: &WrittenMove, m: Move) -> bool {
    if w.piece.is_some_and(|l| l.lowercase) {
        return true;
    }
    if w.kind != WrittenKind::Move {
        return false;
    }
    let short_form = !w.is_coordinate() && w.from_square().is_none();
    let (file, rank) = (w.from_file.is_some(), w.from_rank.is_some());
    w.to_rank.is_none() || (short_form && (file || rank) && origin_superfluous(pos, m, file, rank))
}

/// [`notation_issues`] where there may be one.
#[inline(never)]
fn notation_issues_of(
    pos: &Chess,
    m: Move,
    w: &WrittenMove,
    after: &Chess,
    mate: bool,
    strict: bool,
    out: &mut Vec<NotationIssue>,
) {
    let mut add = |reason| out.push(NotationIssue { reason });
    if w.piece.is_some_and(|l| l.lowercase) {
        add(NotationReason::LowercasePieceLetter);
    }
    if w.kind == WrittenKind::Move {
        let short_form = !w.is_coordinate() && w.from_square().is_none();
        if strict && w.capture != CaptureMark::None && !m.is_capture() {
            add(NotationReason::CaptureMarkOnNonCapture);
        } else if strict
            && short_form
            && m.is_capture()
            && w.capture == CaptureMark::None
            && w.check != CheckMark::Cross
        {
            add(NotationReason::MissingCaptureMark);
        }
        if short_form
            && (w.from_file.is_some() || w.from_rank.is_some())
            && origin_superfluous(pos, m, w.from_file.is_some(), w.from_rank.is_some())
        {
            // SAN naming the file instead (asked only here, where the warning is given): the
            // writer gave the rank where the file tells the pieces apart. (A file written
            // where SAN needs the rank does not tell them apart: such a move is ambiguous.)
            let san_names_file =
                matches!(San::from_move(pos, m), San::Normal { file: Some(_), .. });
            add(if san_names_file {
                NotationReason::SuperfluousRank
            } else {
                NotationReason::SuperfluousDisambiguation
            });
        }
        if w.to_rank.is_none() {
            add(NotationReason::MinimalPawnCapture);
        }
    }
    // The marks `x`, `+`, `#` and `e.p.` are optional (Appendix C.13): judged only when asked.
    if !strict {
        return;
    }
    let en_passant = matches!(m, Move::EnPassant { .. });
    if w.en_passant_mark && !en_passant {
        add(NotationReason::EnPassantMarkOnOtherMove);
    } else if en_passant && !w.en_passant_mark {
        add(NotationReason::MissingEnPassantMark);
    }
    match w.check {
        // Coordinates (`g1f3`) carry no marks.
        CheckMark::None if w.is_coordinate() => {}
        CheckMark::None => {
            if mate {
                add(NotationReason::MissingMateMark);
            } else if after.is_check() {
                add(NotationReason::MissingCheckMark);
            }
        }
        CheckMark::Check => {
            if mate {
                add(NotationReason::MateMarkedAsCheck);
            } else if !after.is_check() {
                add(NotationReason::WrongCheckMark);
            }
        }
        CheckMark::Mate => {
            if !mate {
                add(NotationReason::WrongMateMark);
            }
        }
        CheckMark::Cross => add(if after.is_check() || m.is_capture() {
            NotationReason::CrossAfterMove
        } else {
            NotationReason::CrossAfterNothing
        }),
        CheckMark::DoublePlus => {
            if !mate && after.checkers().count() < 2 {
                add(NotationReason::WrongDoublePlus);
            }
        }
    }
}

/// Whether SAN leaves out the origin's file (`file`) or rank (`rank`) that is written for
/// `m`: what `San::from_move` says, without the list of candidate moves it builds and
/// copies. A pawn's SAN names its file exactly when it captures and never its rank; another
/// piece's, what tells it from the others that may go to the same square.
fn origin_superfluous(pos: &Chess, m: Move, file: bool, rank: bool) -> bool {
    match m {
        Move::Normal {
            role: Role::Pawn, ..
        }
        | Move::EnPassant { .. } => (file && !m.is_capture()) || rank,
        Move::Normal { role, from, to, .. } => {
            // `San::from_move`'s disambiguation, from the other pieces that may legally go
            // to the same square (its candidate list is built and copied for each move).
            let others = super::fast_san::piece_origins(pos, role, to).without(from);
            let same_file = others.intersects(Bitboard::from_file(from.file()));
            let same_rank = others.intersects(Bitboard::from_rank(from.rank()));
            let san_file = others.any() && (!same_file || same_rank);
            let san_rank = same_file;
            (file && !san_file) || (rank && !san_rank)
        }
        _ => false,
    }
}

pub(super) fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod tests;

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::notation::{languages::by_code, moves::written_move};
        use crate::replay::resolve::{resolve, Resolution};
        use shakmaty::Chess;
        let pos = Chess::default();
        let (_, w) = written_move("Cf3").unwrap();
        assert!(matches!(
            resolve(&pos, &w, by_code("it").unwrap()),
            Resolution::Unique(_)
        ));
    }
}
