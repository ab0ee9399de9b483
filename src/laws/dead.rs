//! Art. 5.2.2 — dead positions — and Art. 6.9 / 7.5.5 — a side that cannot checkmate.
//!
//! "The game is drawn when a position has arisen in which neither player can checkmate the
//! opponent's king with any series of legal moves." Whether a side can still mate is decided by
//! Miguel Ambrona's CHA solver (`chasolver`): its fast check proves unwinnability statically
//! (sound, incomplete); its full search finds a helpmate or proves that none exists.
//!
//! Deadness is monotone along a game: every position reachable from a dead position is dead
//! (a mate from a later position would be a mate from the earlier one). So a game needs asking
//! only at its last position; when that one is dead, a binary search over the plies finds the
//! first dead one with a handful of further checks. No position is ever called dead unless the
//! solver proved it.
//!
//! ```
//! use scoresheet::laws::dead::{analyse, Depth};
//! use shakmaty::{fen::Fen, CastlingMode, Chess};
//! let pos: Chess = "8/8/4k3/8/8/8/3B4/4K3 b - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! let a = analyse(&pos, Depth::Fast);
//! assert_eq!(a.dead(), Some(true));
//! ```

use chasolver::Winnability;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, File, Position, Role, Square};

/// How hard to look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// The static check only: what bulk validation affords on every game.
    Fast,
    /// The full helpmate search, with a line when a side can mate.
    Full,
}

/// What is known about one side's chances to checkmate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CanMate {
    /// A helpmate exists (the line, in UCI, when the full search found it).
    Yes(Vec<String>),
    /// No series of legal moves ends in a mate by this side.
    No,
    /// Not decided: the fast check could not prove it, or the search ran out of budget, or
    /// the position cannot be handed to the solver (Chess960 castling rights).
    Unknown,
}

impl CanMate {
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            CanMate::Yes(_) => Some(true),
            CanMate::No => Some(false),
            CanMate::Unknown => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub white: CanMate,
    pub black: CanMate,
}

impl Analysis {
    /// `Some(true)` only when both sides are proven unable to mate.
    pub fn dead(&self) -> Option<bool> {
        match (&self.white, &self.black) {
            (CanMate::No, CanMate::No) => Some(true),
            (CanMate::Yes(_), _) | (_, CanMate::Yes(_)) => Some(false),
            _ => None,
        }
    }

    pub fn side(&self, color: Color) -> &CanMate {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// The position as the solver's board, when it can take it: the `chess` crate knows
/// standard castling only, so a Chess960 position with castling rights is not handed over
/// (dropping the rights could make a live position look dead).
pub fn solver_board(pos: &Chess) -> Option<chess::Board> {
    let board = pos.board();
    let rights = pos.castles().castling_rights();
    let mut castles = [chess::CastleRights::NoRights; 2];
    for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let own = rights & Bitboard::from_rank(color.backrank());
        if own.is_empty() {
            continue;
        }
        let e = Square::from_coords(File::E, color.backrank());
        if board.king_of(color) != Some(e)
            || !own.is_subset(Bitboard::from(File::A) | Bitboard::from(File::H))
        {
            return None;
        }
        let (king, queen) = (
            own.intersects(Bitboard::from(File::H)),
            own.intersects(Bitboard::from(File::A)),
        );
        castles[i] = match (king, queen) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            _ => chess::CastleRights::QueenSide,
        };
    }
    board_with(pos, castles)
}

/// The position as the solver's board with no castling rights at all: what it can say of a
/// Chess960 position with castling rights. Castling only adds moves, so a helpmate in this
/// board is a helpmate in the position; a proof that none exists is not.
pub fn solver_board_without_castling(pos: &Chess) -> Option<chess::Board> {
    board_with(pos, [chess::CastleRights::NoRights; 2])
}

fn board_with(pos: &Chess, castles: [chess::CastleRights; 2]) -> Option<chess::Board> {
    let mut builder = chess::BoardBuilder::setup(
        &[],
        solver_color(pos.turn()),
        castles[0],
        castles[1],
        pos.ep_square(EnPassantMode::Legal)
            .map(|sq| chess::File::from_index(sq.file() as usize)),
    );
    // Piece by piece from the twelve bitboards (not square by square, asking each which
    // piece stands on it).
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            let kind = match role {
                Role::Pawn => chess::Piece::Pawn,
                Role::Knight => chess::Piece::Knight,
                Role::Bishop => chess::Piece::Bishop,
                Role::Rook => chess::Piece::Rook,
                Role::Queen => chess::Piece::Queen,
                Role::King => chess::Piece::King,
            };
            for sq in pos.board().by_piece(role.of(color)) {
                builder.piece(chess::ALL_SQUARES[sq as usize], kind, solver_color(color));
            }
        }
    }
    chess::Board::try_from(&builder).ok()
}

pub fn solver_color(c: Color) -> chess::Color {
    match c {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// Whether `color` can still checkmate, at the given depth.
pub fn can_mate(pos: &Chess, color: Color, depth: Depth) -> CanMate {
    // Cheap and certain: a side with a mate on the board already has one.
    if pos.is_checkmate() {
        return if pos.turn() == color {
            CanMate::No
        } else {
            CanMate::Yes(Vec::new())
        };
    }
    if pos.is_stalemate() {
        return CanMate::No;
    }
    let Some(board) = solver_board(pos) else {
        return CanMate::Unknown;
    };
    match depth {
        Depth::Fast => {
            if chasolver::is_unwinnable_fast(&board, solver_color(color)) {
                CanMate::No
            } else {
                CanMate::Unknown
            }
        }
        Depth::Full => match chasolver::winnability(&board, solver_color(color)) {
            Some(Winnability::Winnable { helpmate }) => {
                CanMate::Yes(helpmate.iter().map(|m| m.to_string()).collect())
            }
            Some(Winnability::Unwinnable) => CanMate::No,
            None => CanMate::Unknown,
        },
    }
}

/// Both sides' chances.
pub fn analyse(pos: &Chess, depth: Depth) -> Analysis {
    Analysis {
        white: can_mate(pos, Color::White, depth),
        black: can_mate(pos, Color::Black, depth),
    }
}

/// Whether the position is proven dead with the fast check (a stalemate is not "dead" here:
/// it has its own rule, Art. 5.2.1).
pub fn is_dead_fast(pos: &Chess) -> bool {
    if pos.legal_moves().is_empty() {
        return false;
    }
    let Some(board) = solver_board(pos) else {
        return false;
    };
    chasolver::is_unwinnable_fast(&board, chess::Color::White)
        && chasolver::is_unwinnable_fast(&board, chess::Color::Black)
}

/// How far bulk validation looks for a dead final position (`validate --dead-positions`).
///
/// A dead position decides a game only where the game was decided otherwise: a win recorded
/// where the winner could no longer mate (Art. 5.2.2: the game was drawn already). Of the
/// 227,840 games of the shared corpus, 949 end in a dead position and every one is recorded
/// drawn or unfinished, while the solver's static analysis of closed pawn structures costs a
/// fifth of bulk validation's time. So by default the static analysis is run for games
/// recorded won only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeadSearch {
    /// Not at all.
    Off,
    /// As far as a dead position can change a verdict: a game recorded won is asked about
    /// the winner's side first (the loser's only when the winner cannot mate), as
    /// thoroughly as ever, and so is every game under an event rule against early draws
    /// (a draw agreed in a dead position breaks no such rule); a game recorded drawn or
    /// unfinished gets what the cheap checks prove (bare kings, material too thin to mate,
    /// lines that all end in a stalemate), but no static analysis of a closed pawn
    /// structure, and so neither the dead position nor the moves after it (`moves_after_end`)
    /// where only that analysis proves it.
    #[default]
    Verdict,
    /// Every game's last position with the whole fast check, static analysis included.
    All,
}

/// What the game's record says of its end, for [`first_dead_ply`]: how its last position is
/// asked. The positions inside the game are asked the same way whatever it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Both sides, the whole fast check (`--dead-positions all`).
    Exhaustive,
    /// Recorded won by this side: asked first (dead needs both sides unable to mate, so the
    /// answer is the same; the question about the loser is saved where the winner can mate).
    Won(Color),
    /// Recorded drawn or unfinished: not asked where the solver's static analysis could be
    /// reached for a side (no proof then).
    Drawn,
}

/// The first ply at which the game (positions `positions[0]` = start ... `positions[n]`) is
/// in a dead position, found with the fast check: the last position is asked first (as `ask`
/// says), then a binary search over the earlier ones, which is sound because deadness never
/// ends.
pub fn first_dead_ply(positions: &[&Chess], ask: Ask) -> Option<usize> {
    let last = positions.len().checked_sub(1)?;
    let unwinnable = |b: &chess::Board, c: Color| chasolver::is_unwinnable_fast(b, solver_color(c));
    // A stalemate ends the game by its own rule, but no mate follows it either: the solver
    // calls it unwinnable for both sides (and a mate winnable for the mating side), so the
    // search below treats it as dead. Most positions the fast check is bound to leave
    // unproven, which `fast_check` tells without it.
    let dead = |p: &Chess| {
        !super::fast_check::Screen::of(p).cannot_prove_dead()
            && solver_board(p)
                .is_some_and(|b| unwinnable(&b, Color::White) && unwinnable(&b, Color::Black))
    };
    let last_dead = match ask {
        Ask::Exhaustive => dead(positions[last]),
        Ask::Won(winner) => {
            !super::fast_check::Screen::of(positions[last]).cannot_prove_dead()
                && solver_board(positions[last])
                    .is_some_and(|b| unwinnable(&b, winner) && unwinnable(&b, !winner))
        }
        Ask::Drawn => {
            let screen = super::fast_check::Screen::of(positions[last]);
            !screen.cannot_prove_dead()
                && !screen.may_reach_static_analysis(Color::White)
                && !screen.may_reach_static_analysis(Color::Black)
                && solver_board(positions[last])
                    .is_some_and(|b| unwinnable(&b, Color::White) && unwinnable(&b, Color::Black))
        }
    };
    if !last_dead {
        return None;
    }
    // Invariant: positions[hi] is dead; positions[..lo] are not known dead.
    let (mut lo, mut hi) = (0usize, last);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if dead(positions[mid]) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Move;

    use crate::laws::fen_pos as pos;

    #[test]
    fn material() {
        assert!(is_dead_fast(&pos("8/8/4k3/8/8/8/8/4K3 w - - 0 1")));
        assert!(is_dead_fast(&pos("8/8/4k3/8/8/8/3B4/4K3 w - - 0 1")));
        // K+N v K+N is alive (a helpmate exists)
        let a = analyse(&pos("8/8/4kn2/8/8/8/3N4/4K3 w - - 0 1"), Depth::Full);
        assert_eq!(a.dead(), Some(false));
    }

    #[test]
    fn locked_pawn_wall() {
        // fide-edge-cases D5, after 1.Kxd2
        assert!(is_dead_fast(&pos(
            "8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 b - - 0 1"
        )));
        // before the capture it is alive
        let a = analyse(
            &pos("8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/3n4/8 w - - 0 1"),
            Depth::Full,
        );
        assert_eq!(a.dead(), Some(false));
    }

    #[test]
    fn one_side_only() {
        // D11: White (K+N) cannot mate; Black (K+Q) can
        let a = analyse(&pos("8/8/4k3/8/8/3K4/4N3/7q w - - 0 1"), Depth::Full);
        assert_eq!(a.white, CanMate::No);
        assert!(matches!(a.black, CanMate::Yes(_)));
        assert_eq!(a.dead(), Some(false));
    }

    #[test]
    fn first_dead_by_binary_search() {
        // D4: 1.Bxb4 leaves K+B v K
        let start = pos("8/8/4k3/8/1n6/8/3B4/4K3 w - - 0 1");
        let mut positions = vec![start.clone()];
        let mut p = start;
        p.play_unchecked(Move::Normal {
            role: Role::Bishop,
            from: Square::D2,
            capture: Some(Role::Knight),
            to: Square::B4,
            promotion: None,
        });
        positions.push(p.clone());
        p.play_unchecked(Move::Normal {
            role: Role::King,
            from: Square::E6,
            capture: None,
            to: Square::D5,
            promotion: None,
        });
        positions.push(p);
        let refs: Vec<&Chess> = positions.iter().collect();
        for ask in [Ask::Exhaustive, Ask::Won(Color::White), Ask::Drawn] {
            assert_eq!(first_dead_ply(&refs, ask), Some(1));
            assert_eq!(first_dead_ply(&refs[..1], ask), None);
        }
    }
}
