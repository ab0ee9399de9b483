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

use shakmaty::{
    attacks, san::San, Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Rank, Role,
    Square,
};

use crate::message::{Arg, Message};
use crate::notation::{
    languages::{alphabet, Language},
    moves::{CaptureMark, CheckMark, WrittenKind, WrittenMove},
};
use crate::reason::{IllegalReason, NotationReason};

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

pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why no legal move fits, and the move the player could physically have made, if exactly one.
pub struct Explanation {
    pub reason: IllegalReason,
    /// Why, as a catalogue message (written in each language when it is printed).
    pub text: Message,
    /// A move that is made as the piece moves but breaks a rule (king left in check, castling
    /// rights lost, castling through check): what `--illegal stands` plays.
    pub executable: Option<Move>,
    /// The square a king moving into check would stand on (`king_into_check`).
    pub square: Option<Square>,
}

impl Explanation {
    /// Why, in English.
    pub fn message(&self) -> String {
        self.text.render(crate::i18n::ReportLang::En)
    }
}

/// An explanation that names no move the player could have made.
fn because(reason: IllegalReason, text: Message) -> Explanation {
    Explanation {
        reason,
        text,
        executable: None,
        square: None,
    }
}

/// Destinations a piece on `from` could move to by its kind's movement, ignoring whether
/// the own king is left in check.
fn pseudo_targets(pos: &Chess, from: Square, role: Role) -> Bitboard {
    let board = pos.board();
    let us = board.by_color(pos.turn());
    let them = board.by_color(!pos.turn());
    let occupied = board.occupied();
    if role == Role::Pawn {
        let turn = pos.turn();
        let mut t = attacks::pawn_attacks(turn, from) & them;
        if let Some(ep) = pos.maybe_ep_square() {
            if attacks::pawn_attacks(turn, from).contains(ep) {
                t.add(ep);
            }
        }
        let dir = if turn == Color::White { 8 } else { -8 };
        if let Some(one) = from.offset(dir) {
            if !occupied.contains(one) {
                t.add(one);
                let start = if turn == Color::White {
                    Rank::Second
                } else {
                    Rank::Seventh
                };
                if from.rank() == start {
                    if let Some(two) = one.offset(dir) {
                        if !occupied.contains(two) {
                            t.add(two);
                        }
                    }
                }
            }
        }
        t
    } else {
        attacks::attacks(from, role.of(pos.turn()), occupied) & !us
    }
}

fn pseudo_move(pos: &Chess, from: Square, to: Square, role: Role, promotion: Option<Role>) -> Move {
    if role == Role::Pawn
        && Some(to) == pos.maybe_ep_square()
        && from.file() != to.file()
        && pos.board().piece_at(to).is_none()
    {
        return Move::EnPassant { from, to };
    }
    Move::Normal {
        role,
        from,
        capture: pos.board().role_at(to),
        to,
        promotion,
    }
}

/// The square a move is written to, or its file where the rank is left out (`the e-file`).
fn target_message(w: &WrittenMove) -> Arg {
    match w.to_square() {
        Some(t) => Arg::Text(t.to_string()),
        None => Arg::Msg(Box::new(
            Message::new("file_target").text("file", w.to_file.map_or('?', |f| f.char())),
        )),
    }
}

/// Explain why no legal move fits `w`.
pub fn explain(pos: &Chess, w: &WrittenMove, lang: &Language) -> Explanation {
    explain_written(pos, w, lang).unwrap_or_else(|why| why)
}

/// [`explain`], each step of it in its own function: the game and the move's kind, the
/// letters, the origin written, the pieces that fit, the moves they could make; the first
/// step that finds the fault returns it (as `Err`).
fn explain_written(
    pos: &Chess,
    w: &WrittenMove,
    lang: &Language,
) -> Result<Explanation, Explanation> {
    explain_kind(pos, w, lang)?;
    let (role, promotion) = explain_letters(w, lang)?;
    explain_origin(pos, w, role)?;
    let origins = explain_origins(pos, w, role)?;
    explain_executable(pos, w, role, promotion, origins)?;
    Ok(explain_unreachable(pos, w, role, origins))
}

/// The game is over, the move is a castling, takes the king or is a null move.
fn explain_kind(pos: &Chess, w: &WrittenMove, lang: &Language) -> Result<(), Explanation> {
    let turn = pos.turn();
    let side = color_name(turn);
    if pos.is_checkmate() || pos.is_stalemate() {
        return Err(because(
            IllegalReason::GameOver,
            Message::new("game_over").word("side", side).word(
                "state",
                if pos.is_checkmate() {
                    "checkmated"
                } else {
                    "stalemated"
                },
            ),
        ));
    }
    if let WrittenKind::Castle(cs) = w.kind {
        return Err(explain_castling(pos, cs));
    }
    if let Resolution::Unique(m) = resolve_by_candidates(pos, w, lang) {
        if m.capture() == Some(Role::King) {
            // Only after an illegal move that stood (`--illegal stands`).
            let them = color_name(!turn);
            return Err(because(
                IllegalReason::TakesKing,
                Message::new("takes_king")
                    .word("side", them)
                    .text("square", m.to()),
            ));
        }
    }
    if w.kind == WrittenKind::Null {
        return Err(because(
            IllegalReason::NullMoveInCheck,
            Message::new("null_move_in_check"),
        ));
    }
    Ok(())
}

/// The piece and the promotion piece written, where the language has their letters.
fn explain_letters(
    w: &WrittenMove,
    lang: &Language,
) -> Result<(Option<Role>, Option<Role>), Explanation> {
    let role = match written_role(w, lang) {
        Ok(r) => r,
        Err(UnknownLetter) => {
            let l = w.piece.map(|l| alphabet().letter(l.index)).unwrap_or("?");
            return Err(because(
                IllegalReason::UnknownPieceLetter,
                Message::new("unknown_piece_letter")
                    .text("letter", l)
                    .text("language", &lang.name),
            ));
        }
    };
    let promotion = w.promotion.and_then(|l| lang.role_of(l.index));
    if w.promotion.is_some() && promotion.is_none() {
        return Err(because(
            IllegalReason::UnknownPieceLetter,
            Message::new("unknown_promotion_letter").text("language", &lang.name),
        ));
    }
    if matches!(promotion, Some(Role::King) | Some(Role::Pawn)) {
        return Err(because(
            IllegalReason::BadPromotionPiece,
            Message::new("bad_promotion_piece")
                .word("piece", role_name(promotion.unwrap_or(Role::King))),
        ));
    }
    Ok((role, promotion))
}

/// The origin square in long notation: empty, the other side's, another piece.
fn explain_origin(pos: &Chess, w: &WrittenMove, role: Option<Role>) -> Result<(), Explanation> {
    let Some(from) = w.from_square() else {
        return Ok(());
    };
    match pos.board().piece_at(from) {
        None => Err(because(
            IllegalReason::OriginEmpty,
            Message::new("origin_empty").text("from", from),
        )),
        Some(p) if p.color != pos.turn() => Err(because(
            IllegalReason::OriginWrongSide,
            Message::new("origin_wrong_side")
                .text("from", from)
                .word("side", color_name(p.color)),
        )),
        Some(p) if role.is_some_and(|r| r != p.role) => Err(because(
            IllegalReason::OriginWrongPiece,
            Message::new("origin_wrong_piece")
                .text("from", from)
                .word("held", role_name(p.role))
                .word("written", role_name(role.unwrap_or(p.role))),
        )),
        _ => Ok(()),
    }
}

/// The pieces of the side to move that fit what is written of the origin; an explanation
/// when there are none.
fn explain_origins(
    pos: &Chess,
    w: &WrittenMove,
    role: Option<Role>,
) -> Result<Bitboard, Explanation> {
    let board = pos.board();
    let side = color_name(pos.turn());
    let our = match role {
        Some(r) => board.by_piece(r.of(pos.turn())),
        None => board.by_color(pos.turn()),
    };
    let mut origins = Bitboard::EMPTY;
    for sq in our {
        if w.from_file.is_some_and(|f| f != sq.file())
            || w.from_rank.is_some_and(|r| r != sq.rank())
        {
            continue;
        }
        origins.add(sq);
    }
    let what = role.map_or("piece", role_name);
    if our.is_empty() {
        return Err(because(
            IllegalReason::NoSuchPiece,
            Message::new("no_such_piece")
                .word("side", side)
                .word("what", what),
        ));
    }
    if origins.is_empty() {
        // Where the move names it: a square, a file or a rank.
        let message = match (w.from_file, w.from_rank) {
            (Some(f), Some(r)) => {
                Message::new("no_such_piece_on").text("square", Square::from_coords(f, r))
            }
            (Some(f), None) => Message::new("no_such_piece_on_file").text("file", f.char()),
            (None, Some(r)) => Message::new("no_such_piece_on_rank").text("rank", r.char()),
            (None, None) => Message::new("no_such_piece_on_square"),
        }
        .word("side", side)
        .word("what", what);
        return Err(because(IllegalReason::NoSuchPiece, message));
    }
    Ok(origins)
}

/// Moves the pieces that fit could physically make to the square written: each illegal for
/// its promotion piece or because the own king would be in check.
fn explain_executable(
    pos: &Chess,
    w: &WrittenMove,
    role: Option<Role>,
    promotion: Option<Role>,
    origins: Bitboard,
) -> Result<(), Explanation> {
    let board = pos.board();
    let side = color_name(pos.turn());
    let last_rank = if pos.turn() == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    let mut executable = Vec::new();
    for from in origins {
        let r = role.unwrap_or_else(|| board.role_at(from).unwrap_or(Role::Pawn));
        for t in pseudo_targets(pos, from, r) {
            if t.file() != w.to_file.unwrap_or(t.file()) || w.to_rank.is_some_and(|x| x != t.rank())
            {
                continue;
            }
            let promo = if r == Role::Pawn && t.rank() == last_rank {
                Some(promotion.unwrap_or(Role::Queen))
            } else {
                None
            };
            executable.push((
                pseudo_move(pos, from, t, r, promo),
                promotion.is_none() && promo.is_some(),
            ));
        }
    }
    if executable.is_empty() {
        return Ok(());
    }
    // The missing promotion piece is the fault only where the move is legal with one.
    if executable.iter().all(|(_, missing)| *missing)
        && executable.iter().any(|(m, _)| pos.is_legal(*m))
    {
        return Err(because(
            IllegalReason::PromotionMissing,
            Message::new("promotion_missing"),
        ));
    }
    if promotion.is_some() && executable.iter().all(|(m, _)| m.promotion().is_none()) {
        return Err(because(
            IllegalReason::PromotionWrongRank,
            Message::new("promotion_wrong_rank"),
        ));
    }
    let what = role.map_or("piece", role_name);
    let only = (executable.len() == 1).then(|| executable[0].0);
    // A move that stands (`--illegal stands`) is made as written: never with a promotion
    // piece the writer did not name.
    let stands = only.filter(|_| !executable[0].1);
    let king_move = executable.iter().all(|(m, _)| m.role() == Role::King);
    let text = if king_move {
        Message::new("king_into_check").text("to", executable[0].0.to())
    } else if let Some(m) = only {
        Message::new("leaves_king_in_check")
            .word("side", side)
            .word("piece", role_name(m.role()))
            .text("from", m.from().map(|s| s.to_string()).unwrap_or_default())
    } else {
        Message::new("every_move_leaves_king_in_check")
            .word("what", what)
            .word("side", side)
    };
    Err(Explanation {
        reason: if king_move {
            IllegalReason::KingIntoCheck
        } else {
            IllegalReason::LeavesKingInCheck
        },
        text,
        executable: stands,
        square: king_move.then(|| executable[0].0.to()),
    })
}

/// No piece that fits can move to the square written: its path is blocked, its own piece
/// stands there, or it moves otherwise (pawns: [`explain_pawn`]).
fn explain_unreachable(
    pos: &Chess,
    w: &WrittenMove,
    role: Option<Role>,
    origins: Bitboard,
) -> Explanation {
    let turn = pos.turn();
    let side = color_name(turn);
    let board = pos.board();
    let what = role.map_or("piece", role_name);
    let to = w.to_square();
    let target = target_message(w);
    // Reachable on an empty board?
    let mut geometric = false;
    let mut blocked_by_own = false;
    for from in origins {
        let r = role.unwrap_or_else(|| board.role_at(from).unwrap_or(Role::Pawn));
        let Some(t) = to else { break };
        if r == Role::Pawn {
            continue;
        }
        if attacks::attacks(from, r.of(turn), Bitboard::EMPTY).contains(t) {
            geometric = true;
            if board.by_color(turn).contains(t)
                && attacks::attacks(from, r.of(turn), board.occupied()).contains(t)
            {
                blocked_by_own = true;
            }
        }
    }
    // A capture marked on an empty square: a clause after the reason.
    let capture_note = match (w.capture != CaptureMark::None, to) {
        (true, Some(t)) if board.piece_at(t).is_none() && Some(t) != pos.maybe_ep_square() => {
            Some(Message::new("capture_on_empty").text("square", t))
        }
        _ => None,
    };
    let noted = |m: Message| match &capture_note {
        Some(note) => m.then(note.clone()),
        None => m,
    };
    if role == Some(Role::Pawn) {
        return explain_pawn(pos, w, origins, target, noted);
    }
    if blocked_by_own {
        let t = to.map(|t| t.to_string()).unwrap_or_default();
        return because(
            IllegalReason::DestinationOwnPiece,
            Message::new("destination_own_piece")
                .text("square", t)
                .word("side", side),
        );
    }
    if geometric {
        return because(
            IllegalReason::PathBlocked,
            noted(
                Message::new("path_blocked")
                    .word("what", what)
                    .arg("target", target.clone()),
            ),
        );
    }
    let message = if origins.count() == 1 {
        let from = origins.first().map(|s| s.to_string()).unwrap_or_default();
        Message::new("cannot_reach_from")
            .word("what", what)
            .text("from", from)
            .arg("target", target.clone())
    } else {
        Message::new("no_piece_can_reach")
            .word("what", what)
            .word("side", side)
            .arg("target", target.clone())
    };
    because(IllegalReason::Unreachable, noted(message))
}

fn explain_pawn(
    pos: &Chess,
    w: &WrittenMove,
    origins: Bitboard,
    target: Arg,
    noted: impl Fn(Message) -> Message,
) -> Explanation {
    let turn = pos.turn();
    let board = pos.board();
    let diagonal = w.from_file.is_some_and(|f| Some(f) != w.to_file);
    if diagonal {
        if let Some(t) = w.to_square() {
            let ep_rank = if turn == Color::White {
                Rank::Sixth
            } else {
                Rank::Third
            };
            let behind = if turn == Color::White {
                t.offset(-8)
            } else {
                t.offset(8)
            };
            let enemy_pawn_behind =
                behind.is_some_and(|b| board.piece_at(b) == Some(Role::Pawn.of(!turn)));
            let ep_shaped = t.rank() == ep_rank && board.piece_at(t).is_none() && enemy_pawn_behind;
            // One of the pawns written stands where it could take en passant on `t`: what is
            // missing is the enemy pawn's double step just before (were it there, the capture
            // would be physically possible and explained as illegal above).
            let placed_to_take = (origins & attacks::pawn_attacks(!turn, t)).any();
            if ep_shaped && placed_to_take && pos.maybe_ep_square() != Some(t) {
                return because(
                    IllegalReason::EnPassantNotAvailable,
                    Message::new("en_passant_not_available").text("square", t),
                );
            }
            // Shaped like en passant with no pawn of the written file beside the enemy pawn:
            // told below as no pawn of that file able to capture.
            if board.piece_at(t).is_none() && (placed_to_take || !ep_shaped) {
                return because(
                    IllegalReason::NothingToCapture,
                    Message::new("nothing_to_capture").text("square", t),
                );
            }
        }
        // Only the pawns of the written file were asked: another may well capture there.
        let file = w.from_file.map_or('?', |f| f.char());
        return because(
            IllegalReason::Unreachable,
            noted(
                Message::new("no_pawn_of_file_can_capture")
                    .text("file", file)
                    .arg("target", target.clone()),
            ),
        );
    }
    if let Some(t) = w.to_square() {
        if board.occupied().contains(t) {
            return because(
                IllegalReason::DestinationOccupied,
                Message::new("destination_occupied").text("square", t),
            );
        }
        let dir: i32 = if turn == Color::White { 8 } else { -8 };
        for from in origins.into_iter().filter(|f| f.file() == t.file()) {
            if from.offset(2 * dir) == Some(t) {
                let mid = from.offset(dir);
                if mid.is_some_and(|m| board.occupied().contains(m)) {
                    return because(
                        IllegalReason::PathBlocked,
                        Message::new("pawn_cannot_jump").text("from", from),
                    );
                }
                return because(
                    IllegalReason::DoubleStepNotFromStart,
                    Message::new("double_step_not_from_start").text("from", from),
                );
            }
        }
    }
    because(
        IllegalReason::Unreachable,
        noted(Message::new("no_pawn_can_reach").arg("target", target.clone())),
    )
}

fn explain_castling(pos: &Chess, side: CastlingSide) -> Explanation {
    let turn = pos.turn();
    let castles = pos.castles();
    let board = pos.board();
    let wing = if side == CastlingSide::KingSide {
        "kingside"
    } else {
        "queenside"
    };
    let Some(rook) = castles.rook(turn, side) else {
        return because(
            IllegalReason::CastlingRightsLost,
            Message::new("castling_rights_lost")
                .word("side", color_name(turn))
                .word("wing", wing),
        );
    };
    let Some(king) = board.king_of(turn) else {
        return because(
            IllegalReason::CastlingRightsLost,
            Message::new("no_king_to_castle"),
        );
    };
    let path = castles.path(turn, side);
    let blockers = path & board.occupied() & !Bitboard::from(king) & !Bitboard::from(rook);
    if blockers.any() {
        let squares = blockers
            .into_iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        // In Chess960 the path also holds the squares king and rook land on, which need not
        // lie between them.
        let between = blockers.is_subset(attacks::between(king, rook));
        return because(
            IllegalReason::CastlingPathBlocked,
            Message::new(if between {
                "castling_path_blocked"
            } else {
                "castling_path_blocked_landing"
            })
            .word("wing", wing)
            .text("squares", squares),
        );
    }
    let executable = Some(Move::Castle { king, rook });
    if pos.is_check() {
        return Explanation {
            reason: IllegalReason::CastlingOutOfCheck,
            square: None,
            text: Message::new("castling_out_of_check"),
            executable,
        };
    }
    Explanation {
        reason: IllegalReason::CastlingThroughCheck,
        square: None,
        text: Message::new("castling_through_check").word("wing", wing),
        executable,
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
