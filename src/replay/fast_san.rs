//! Resolving a written move from shakmaty's attack tables, without building move lists.
//!
//! [`super::resolve::resolve`] asks shakmaty for the legal moves to the written destination
//! (`san_candidates`) and keeps those that fit. That list is built for every ply, with the
//! check, pin and en passant tests applied to every candidate, though one move fits almost
//! always. Here the origins that fit what is written come first: the squares from which a
//! piece of the written kind attacks the destination (`attacks::<role>_attacks(to,
//! occupied)`, the same table shakmaty generates from, read backwards: attacks are
//! symmetric), narrowed by the written file or rank, and then each origin left is tested for
//! legality with the rules of shakmaty's own generator:
//!
//! - not in check, a piece may move unless it is the only piece between its king and an
//!   enemy slider and leaves that line;
//! - in check from one piece, a piece move must take the checker or step between; in double
//!   check only the king moves;
//! - the king may step to a square no enemy piece attacks (through the king's own square
//!   too, when a slider gives check);
//! - en passant is tested on the board as it would be after the capture (both pawns gone),
//!   as shakmaty does.
//!
//! shakmaty still answers every question of legality: these are its public attack tables and
//! its own formulas. Only the common cases are answered here: a move that names its
//! destination and fits exactly one legal move, or none. Castling, a king written with its
//! origin square, minimal pawn captures (`ed`), a promotion without its piece and every
//! ambiguous move go to the general path, whose answer (and the order of its candidates) is
//! the reference; the tests compare the two on every ply of the corpora and on variants of
//! every written move.
//!
//! ```ignore
//! use scoresheet::replay::fast_san::resolve_fast;
//! use scoresheet::replay::resolve::Resolution;
//! use scoresheet::notation::{moves::written_move, languages::by_code};
//! use shakmaty::Chess;
//! let (_, w) = written_move("Cf3").unwrap();
//! let r = resolve_fast(&Chess::default(), &w, by_code("it").unwrap());
//! assert!(matches!(r, Some(Resolution::Unique(_))));
//! ```

use shakmaty::{attacks, Bitboard, Chess, Move, Position, Role, Square};

use crate::board::{attacked_by, between_on_line, lines_through, sliders_to};

use super::resolve::{written_role, Resolution};
use crate::notation::{
    languages::Language,
    moves::{WrittenKind, WrittenMove},
};

/// What the king of the side to move faces: the enemy pieces giving check, and the pieces
/// (of either side) that stand alone between it and an enemy slider (shakmaty's
/// `slider_blockers`). Both are found from the lines through the king on an empty board and
/// the squares between it and each enemy slider on them, as shakmaty finds its blockers:
/// those few squares stay in the cache from ply to ply, where the slider attacks of the
/// king's square through the actual occupancy (`checkers()`) are a table look-up that
/// misses it on most plies.
struct KingLines {
    checkers: Bitboard,
    blockers: Bitboard,
}

impl KingLines {
    #[inline(always)]
    fn of(board: &shakmaty::Board, king: Square, turn: shakmaty::Color) -> KingLines {
        let them = board.by_color(!turn);
        let occupied = board.occupied();
        let (straight, diagonal) = lines_through(king);
        let snipers = ((straight & board.rooks_and_queens())
            | (diagonal & board.bishops_and_queens()))
            & them;
        // `attacks_to(king, !turn, occupied)` without the sliders, which follow.
        let mut checkers = them
            & ((attacks::knight_attacks(king) & board.knights())
                | (attacks::king_attacks(king) & board.kings())
                | (attacks::pawn_attacks(turn, king) & board.pawns()));
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = between_on_line(king, sniper) & occupied;
            if between.is_empty() {
                checkers.add(sniper);
            } else if !between.more_than_one() {
                blockers |= between;
            }
        }
        KingLines { checkers, blockers }
    }

    /// Those of `origins` (no king) whose piece may leave for `to`: each that stands alone
    /// before an enemy slider stays on the line (shakmaty's `is_safe`). Most plies no origin
    /// blocks anything.
    #[inline(always)]
    fn legal_origins(&self, king: Square, origins: Bitboard, to: Square) -> Bitboard {
        let mut legal = origins;
        for from in origins & self.blockers {
            if !attacks::aligned(from, to, king) {
                legal.discard(from);
            }
        }
        legal
    }

    /// Where a piece other than the king may go: anywhere out of check, onto the checker or
    /// between it and the king in single check, nowhere in double check.
    #[inline(always)]
    fn targets(&self, king: Square) -> Bitboard {
        piece_targets(king, self.checkers)
    }
}

/// What the attack tables settle of a written move: the one legal move that fits, or that
/// none does. Eight bytes, handed back in a register: the caller reads it at once, on every
/// ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    Unique(Move),
    Illegal,
    UnknownLetter,
}

impl From<Settled> for Resolution {
    fn from(s: Settled) -> Resolution {
        match s {
            Settled::Unique(m) => Resolution::Unique(m),
            Settled::Illegal => Resolution::Illegal,
            Settled::UnknownLetter => Resolution::UnknownLetter,
        }
    }
}

/// The answer for the legal origins found for a move: none fits, one does (`Unique`, the
/// move from it), or more than one (the general path says which).
#[inline(always)]
fn settle(origins: Bitboard, mv: impl FnOnce(Square) -> Move) -> Option<Settled> {
    if origins.is_empty() {
        Some(Settled::Illegal)
    } else {
        origins
            .single_square()
            .map(|from| Settled::Unique(mv(from)))
    }
}

/// The answer of [`super::resolve::resolve`] when it can be given from the attack tables
/// alone: `Some(Unique)`, `Some(Illegal)` or `Some(UnknownLetter)`; `None` sends the move to
/// the general path.
#[cfg(test)]
pub fn resolve_fast(pos: &Chess, w: &WrittenMove, lang: &Language) -> Option<Resolution> {
    settle_fast(pos, w, lang).map(Resolution::from)
}

/// The piece (`None`: coordinate notation) and the promotion piece written, or `None` for a
/// letter the language does not have.
fn written_roles(w: &WrittenMove, lang: &Language) -> Option<(Option<Role>, Option<Role>)> {
    let written = written_role(w, lang).ok()?;
    let promotion = match w.promotion {
        Some(l) => Some(lang.role_of(l.index)?),
        None => None,
    };
    Some((written, promotion))
}

/// [`resolve_fast`]'s answer as [`Settled`]: `None` sends the move to the general path.
pub fn settle_fast(pos: &Chess, w: &WrittenMove, lang: &Language) -> Option<Settled> {
    settle_fast_here(pos, w, lang)
}

/// [`settle_fast`] written into its caller: the replay's short path, once a ply, saves the
/// call and its saving of registers.
#[inline(always)]
pub(super) fn settle_fast_here(pos: &Chess, w: &WrittenMove, lang: &Language) -> Option<Settled> {
    if w.kind != WrittenKind::Move {
        return None;
    }
    let (written, promotion) = match written_roles(w, lang) {
        Some(roles) => roles,
        None => return Some(Settled::UnknownLetter),
    };
    let to = w.to_square()?;
    let board = pos.board();
    let role = match written {
        // Long algebraic king moves may be castling.
        Some(Role::King) if w.from_square().is_some() => return None,
        Some(r) => r,
        // Coordinate notation: whatever stands on the origin square.
        None => match w.from_square().and_then(|f| board.role_at(f)) {
            Some(Role::King) => return None,
            Some(r) => r,
            None => return Some(Settled::Illegal),
        },
    };
    let turn = pos.turn();
    let king = board.king_of(turn)?;
    let us = board.by_color(turn);
    let them = board.by_color(!turn);
    let occupied = board.occupied();
    let mut written_from = Bitboard::FULL;
    if let Some(f) = w.from_file {
        written_from &= Bitboard::from_file(f);
    }
    if let Some(r) = w.from_rank {
        written_from &= Bitboard::from_rank(r);
    }
    let lines = KingLines::of(board, king, turn);
    let capture = board.role_at(to);
    match role {
        Role::King => {
            let mut fits = false;
            if attacks::king_attacks(king).contains(to)
                && !us.contains(to)
                && written_from.contains(king)
                && promotion.is_none()
            {
                // In check from a slider, the squares behind the king on its line are
                // attacked too (the king's own square no longer blocks).
                let mut shadow = Bitboard::EMPTY;
                for checker in lines.checkers & board.sliders() {
                    shadow |= attacks::ray(checker, king) ^ Bitboard::from_square(checker);
                }
                fits = !shadow.contains(to) && !attacked_by(board, to, !turn, occupied);
            }
            Some(if fits {
                Settled::Unique(Move::Normal {
                    role: Role::King,
                    from: king,
                    capture,
                    to,
                    promotion: None,
                })
            } else {
                Settled::Illegal
            })
        }
        Role::Pawn => {
            let pawns = board.by_piece(Role::Pawn.of(turn)) & written_from;
            // The pawns that may legally make the move (a capture or a push) and those that
            // may take en passant: never both, the en passant square being empty.
            let mut origins = Bitboard::EMPTY;
            if lines.targets(king).contains(to) && !us.contains(to) {
                if them.contains(to) {
                    origins = attacks::pawn_attacks(!turn, to) & pawns;
                } else if !occupied.contains(to) {
                    let back = |sq: Square, n: i32| sq.offset(turn.fold_wb(-8 * n, 8 * n));
                    if let Some(one) = back(to, 1) {
                        if pawns.contains(one) {
                            origins = Bitboard::from_square(one);
                        } else if !occupied.contains(one)
                            && turn.fold_wb(Bitboard::SOUTH, Bitboard::NORTH).contains(to)
                        {
                            if let Some(two) = back(to, 2).filter(|&s| pawns.contains(s)) {
                                origins = Bitboard::from_square(two);
                            }
                        }
                    }
                }
            }
            origins = lines.legal_origins(king, origins, to);
            let promotion = if Bitboard::BACKRANKS.contains(to) {
                match promotion {
                    Some(p @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(p),
                    Some(_) => return Some(Settled::Illegal),
                    // The general path says which promotions fit.
                    None if origins.any() => return None,
                    None => return Some(Settled::Illegal),
                }
            } else if promotion.is_some() {
                return Some(Settled::Illegal);
            } else {
                None
            };
            if pos.maybe_ep_square() == Some(to) && promotion.is_none() {
                let mut takers = Bitboard::EMPTY;
                for from in attacks::pawn_attacks(!turn, to) & pawns {
                    // shakmaty's test: the king is safe on the board after the capture.
                    let captured = Square::from_coords(to.file(), from.rank());
                    let after = occupied.toggled(from).toggled(captured).with(to);
                    if board
                        .attacks_to(king, !turn, after)
                        .without(captured)
                        .is_empty()
                    {
                        takers.add(from);
                    }
                }
                if takers.any() {
                    return if origins.any() {
                        None
                    } else {
                        settle(takers, |from| Move::EnPassant { from, to })
                    };
                }
            }
            settle(origins, |from| Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion,
            })
        }
        _ => {
            let mut origins = Bitboard::EMPTY;
            if lines.targets(king).contains(to) && !us.contains(to) && promotion.is_none() {
                let reaching = reach(role, to, occupied, board.by_piece(role.of(turn)));
                origins = lines.legal_origins(king, reaching & written_from, to);
            }
            settle(origins, |from| Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: None,
            })
        }
    }
}

/// Where a piece other than the king may go: anywhere out of check, onto the checker or
/// between it and the king in single check, nowhere in double check.
fn piece_targets(king: Square, checkers: Bitboard) -> Bitboard {
    if checkers.is_empty() {
        Bitboard::FULL
    } else if let Some(checker) = checkers.single_square() {
        attacks::between(king, checker).with(checker)
    } else {
        Bitboard::EMPTY
    }
}

/// Those of `pieces` (all of `role`) that attack `to` through `occupied`: the knight's and
/// king's own small tables, the sliders by [`sliders_to`].
#[inline(always)]
fn reach(role: Role, to: Square, occupied: Bitboard, pieces: Bitboard) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(to) & pieces,
        Role::Bishop => sliders_to(to, Bitboard::EMPTY, pieces, occupied),
        Role::Rook => sliders_to(to, pieces, Bitboard::EMPTY, occupied),
        Role::Queen => sliders_to(to, pieces, pieces, occupied),
        Role::King => attacks::king_attacks(to) & pieces,
        // Where a pawn of the side to move captures on `to` from; pushes are not asked here.
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// The squares from which a knight, bishop, rook or queen (`role`) of the side to move may
/// legally go to `to`: the origins of shakmaty's `san_candidates(role, to)`, from the
/// attack tables. Empty for a king or a pawn.
pub fn piece_origins(pos: &Chess, role: Role, to: Square) -> Bitboard {
    let board = pos.board();
    let turn = pos.turn();
    let (Some(king), false) = (board.king_of(turn), matches!(role, Role::King | Role::Pawn)) else {
        return Bitboard::EMPTY;
    };
    let us = board.by_color(turn);
    let lines = KingLines::of(board, king, turn);
    if !lines.targets(king).contains(to) || us.contains(to) {
        return Bitboard::EMPTY;
    }
    let reaching = reach(role, to, board.occupied(), board.by_piece(role.of(turn)));
    lines.legal_origins(king, reaching, to)
}

#[cfg(test)]
mod tests {
    use shakmaty::{fen::Fen, CastlingMode};

    use super::*;
    use crate::{
        laws::fen_pos as pos,
        notation::{
            decode::decode_game,
            game::parse_game,
            languages::{alphabet, by_code, languages},
            moves::{written_move, CaptureMark, Letter},
            movetext::TokenKind,
            split::GameSplitter,
        },
        replay::resolve::resolve_by_candidates,
    };

    fn same(a: &Resolution, b: &Resolution) -> bool {
        use Resolution::*;
        match (a, b) {
            (Unique(x), Unique(y)) => x == y,
            (Illegal, Illegal) | (UnknownLetter, UnknownLetter) | (Null, Null) => true,
            (PromotionMissing(x), PromotionMissing(y)) | (Ambiguous(x), Ambiguous(y)) => x == y,
            _ => false,
        }
    }

    fn describe(r: &Resolution) -> String {
        match r {
            Resolution::Unique(m) => format!("unique {m:?}"),
            Resolution::PromotionMissing(v) => format!("promotion missing {v:?}"),
            Resolution::Ambiguous(v) => format!("ambiguous {v:?}"),
            Resolution::Illegal => "illegal".into(),
            Resolution::UnknownLetter => "unknown letter".into(),
            Resolution::Null => "null".into(),
        }
    }

    #[derive(Default)]
    struct Tally {
        checked: u64,
        settled: u64,
    }

    impl Tally {
        /// The reference's answer, after checking that the fast path agrees with it.
        fn check(&mut self, p: &Chess, w: &WrittenMove, lang: &Language) -> Resolution {
            let reference = resolve_by_candidates(p, w, lang);
            self.checked += 1;
            if let Resolution::Unique(m) = reference {
                // What the short path asks of a move's notation is what the findings say.
                let mut after = p.clone();
                after.play_unchecked(m);
                let mut issues = Vec::new();
                crate::replay::resolve::notation_issues(p, m, w, &after, false, false, &mut issues);
                assert_eq!(
                    crate::replay::resolve::has_notation_issues(p, w, m, false),
                    !issues.is_empty(),
                    "{w:?} in {}",
                    Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                );
            }
            if let Some(fast) = resolve_fast(p, w, lang) {
                self.settled += 1;
                assert!(
                    same(&fast, &reference),
                    "{} {w:?} in {}: fast {}, reference {}",
                    lang.code,
                    Fen::from_position(p, shakmaty::EnPassantMode::Legal),
                    describe(&fast),
                    describe(&reference)
                );
            }
            reference
        }
    }

    fn letter(s: &str) -> Letter {
        Letter {
            index: alphabet().index_of(s).expect("English letter"),
            lowercase: false,
        }
    }

    /// The written move changed in the ways a writer slips: another piece, the capture mark
    /// added or dropped, the origin's file or rank given (right or wrong), coordinates, a
    /// promotion piece (also a wrong one); with `squares`, also to every destination.
    fn variants(w: &WrittenMove, m: Option<Move>, squares: bool, out: &mut Vec<WrittenMove>) {
        out.clear();
        let pieces = [None, Some("K"), Some("Q"), Some("R"), Some("B"), Some("N")];
        for piece in pieces {
            let mut v = *w;
            v.piece = piece.map(letter);
            v.from_file = None;
            v.from_rank = None;
            out.push(v);
        }
        let mut v = *w;
        v.capture = if w.capture == CaptureMark::None {
            CaptureMark::X
        } else {
            CaptureMark::None
        };
        out.push(v);
        if let Some(from) = m.and_then(|m| m.from()) {
            for (file, rank) in [
                (Some(from.file()), None),
                (None, Some(from.rank())),
                (Some(from.file()), Some(from.rank())),
                (from.file().offset(1), None),
                (None, from.rank().offset(-1)),
            ] {
                let mut v = *w;
                v.from_file = file;
                v.from_rank = rank;
                out.push(v);
            }
            let mut v = *w;
            v.piece = None;
            v.from_file = Some(from.file());
            v.from_rank = Some(from.rank());
            out.push(v);
        }
        for promotion in ["Q", "N", "K"] {
            let mut v = *w;
            v.promotion = Some(letter(promotion));
            out.push(v);
        }
        let mut v = *w;
        v.promotion = None;
        out.push(v);
        if squares {
            let n = out.len();
            for k in 0..n.min(6) {
                for sq in Square::ALL {
                    let mut v = out[k];
                    v.to_file = Some(sq.file());
                    v.to_rank = Some(sq.rank());
                    out.push(v);
                }
            }
        }
    }

    /// Replays the mainline of every game in `text`, checking the written move (in every
    /// language tried) and, on one ply in `every`, its variants.
    fn check_games(text: &str, every: u64, squares_every: u64, tally: &mut Tally) {
        let en = by_code("en").expect("English");
        let mut buffer = Vec::new();
        let mut ply_no = 0u64;
        for raw in GameSplitter::new(text.as_bytes()).flatten() {
            let (game_text, _) = decode_game(raw.game_bytes());
            let parsed = parse_game(&game_text);
            if parsed
                .tag("Variant")
                .is_some_and(|v| !v.is_empty() && !v.contains("960") && v != "Standard")
            {
                continue;
            }
            let start = match parsed.tag("FEN") {
                None => Some(Chess::default()),
                Some(fen) => fen.parse::<Fen>().ok().and_then(|f| {
                    f.clone()
                        .into_position(CastlingMode::Standard)
                        .ok()
                        .or_else(|| f.into_position(CastlingMode::Chess960).ok())
                }),
            };
            let Some(mut p) = start else { continue };
            let mut depth = 0u32;
            let mut moves: Vec<WrittenMove> = Vec::new();
            'tokens: for token in &parsed.tokens {
                moves.clear();
                match &token.kind {
                    TokenKind::VariationStart => depth += 1,
                    TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                    TokenKind::Move(w) if depth == 0 => moves.push(*w),
                    TokenKind::Run(readings) if depth == 0 => moves.extend(&readings[0]),
                    _ => {}
                }
                for w in &moves {
                    ply_no += 1;
                    let mut played = None;
                    for lang in std::iter::once(en).chain(languages().iter()) {
                        match tally.check(&p, w, lang) {
                            Resolution::Unique(m) => played = Some(m),
                            Resolution::PromotionMissing(v) => played = Some(v[0]),
                            _ => continue,
                        }
                        break;
                    }
                    if ply_no.is_multiple_of(every) {
                        variants(w, played, ply_no.is_multiple_of(squares_every), &mut buffer);
                        for v in &buffer {
                            tally.check(&p, v, en);
                        }
                    }
                    match played {
                        Some(m) => p.play_unchecked(m),
                        None => break 'tokens,
                    }
                    if ply_no.is_multiple_of(every.max(8)) {
                        // A king step the Laws take for a legal move is one.
                        if crate::laws::king_can_step(&p) {
                            assert!(p.legal_moves().iter().any(|m| m.role() == Role::King));
                        }
                        // The FEN writer on the positions of the corpora too.
                        let mut fen = String::new();
                        crate::notation::render::append_fen(&p, &mut fen);
                        let reference = Fen::from_position(&p, shakmaty::EnPassantMode::Legal);
                        assert_eq!(fen, reference.to_string());
                    }
                }
            }
        }
    }

    /// The fast path agrees with the reference on every ply of the bundled corpora and, when
    /// it is beside the checkout, of `../shared/corpora` (every written move, in the
    /// languages tried until one reads it), and on variants of the written moves: of every
    /// bundled ply, of one shared ply in 16, each also to every destination square on one
    /// bundled ply in 4 and one shared ply in 1024.
    #[test]
    fn agrees_with_the_reference_on_the_corpora() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut tally = Tally::default();
        let bundled = crate::notation::corpus_files(&root.join("corpora"));
        let shared = crate::notation::corpus_files(&root.join("../shared/corpora"));
        for path in &bundled {
            let bytes = std::fs::read(path).unwrap_or_default();
            check_games(&String::from_utf8_lossy(&bytes), 1, 4, &mut tally);
        }
        let bundled_checks = tally.checked;
        if shared.is_empty() {
            eprintln!("skipped the shared corpora: ../shared/corpora is not beside this checkout");
        }
        for path in &shared {
            let bytes = std::fs::read(path).unwrap_or_default();
            check_games(&String::from_utf8_lossy(&bytes), 16, 1024, &mut tally);
        }
        eprintln!(
            "{} written moves and variants checked ({bundled_checks} on the bundled corpora), {} settled by the fast path",
            tally.checked, tally.settled
        );
        assert!(bundled_checks > 100_000, "{bundled_checks}");
        assert!(tally.settled * 2 > tally.checked);
    }

    fn run(fen: &str, san: &str, lang: &str) -> (Option<Resolution>, Resolution) {
        let p = pos(fen);
        let (_, w) = written_move(san).expect("a move");
        let lang = by_code(lang).expect("language");
        (
            resolve_fast(&p, &w, lang),
            resolve_by_candidates(&p, &w, lang),
        )
    }

    /// Pins, checks, en passant, promotions, castling and king steps, each against the
    /// reference.
    #[test]
    fn agrees_on_the_hard_cases() {
        let cases: &[(&str, &[&str])] = &[
            // a pinned knight, and the other one
            (
                "4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1",
                &["Nf3", "Ndf3", "Ngf3", "Nb3"],
            ),
            // a rook pinned on its file moves along it, not off it
            (
                "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1",
                &["Re5", "Rxe8", "Rd2", "Re3"],
            ),
            // check from a bishop: take it, block, or step aside (not along the diagonal)
            (
                "4k3/8/8/8/7b/8/4P3/R2QK1N1 w - - 0 1",
                &["Qxh4", "g3", "Nf3", "Kf2", "Kd2", "Ra2"],
            ),
            // double check: only the king moves
            (
                "4k3/8/8/8/1b6/8/8/R3K1r1 w - - 0 1",
                &["Rxg1", "Kd1", "Ke2", "Kf2", "Kxf2"],
            ),
            // the king cannot step back along the checking rook's line
            (
                "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
                &["Kf1", "Kd2", "Ke2", "Kf2"],
            ),
            // en passant: legal, pinned along the rank, and giving up a check
            (
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
                &["exd6", "ed6", "d6", "exd5"],
            ),
            (
                "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
                &["exd6", "e6", "Kb6", "Ka4"],
            ),
            (
                "8/8/8/2kpP3/8/8/8/4K3 w - d6 0 1",
                &["exd6", "e6", "Ke2", "Kf1"],
            ),
            // promotions: written, missing, wrong piece, on a capture, blocked
            (
                "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                &["a8=Q", "a8", "axb8=N", "axb8", "a8=K", "Ka8"],
            ),
            (
                "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
                &["bxa8=Q", "b8=R", "b8", "ba8=B", "a8=Q"],
            ),
            // double steps, blocked and not
            (
                "4k3/8/8/8/8/4n3/3PP3/4K3 w - - 0 1",
                &["d4", "e4", "e3", "d3", "exe3", "dxe3"],
            ),
            // two rooks, one pinned: the other is the only one
            (
                "4k3/4r3/8/8/8/8/R3R3/4K3 w - - 0 1",
                &["Rb2", "Rab2", "Reb2", "Rd2", "Ra1"],
            ),
            // castling and coordinates go to the general path
            (
                "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                &["O-O", "e1g1", "Ke1g1", "Kg1", "h1h8", "Rh8+"],
            ),
            // wrong pieces and wrong capture marks
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                &["Nxf3", "Bf3", "Qd3", "Kf2", "Nd2", "e5", "exd3", "a1a2"],
            ),
        ];
        for &(fen, sans) in cases {
            for &san in sans {
                for lang in ["en", "it", "de"] {
                    let (fast, reference) = run(fen, san, lang);
                    if let Some(fast) = fast {
                        assert!(
                            same(&fast, &reference),
                            "{san} ({lang}) in {fen}: fast {}, reference {}",
                            describe(&fast),
                            describe(&reference)
                        );
                    }
                }
            }
        }
        // The common case is settled here, not by the list.
        let (fast, _) = run(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Nf3",
            "en",
        );
        assert!(matches!(fast, Some(Resolution::Unique(_))));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::notation::{languages::by_code, moves::written_move};
        use crate::replay::fast_san::resolve_fast;
        use crate::replay::resolve::Resolution;
        use shakmaty::Chess;
        let (_, w) = written_move("Cf3").unwrap();
        let r = resolve_fast(&Chess::default(), &w, by_code("it").unwrap());
        assert!(matches!(r, Some(Resolution::Unique(_))));
    }
}
