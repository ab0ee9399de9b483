//! When the solver's fast check cannot call a position dead, told without asking it.
//!
//! Bulk validation asks chasolver's fast check (`is_unwinnable_fast`) of every game's last
//! position, and most of those are plainly alive; asking costs a conversion to the `chess`
//! crate's board and a search over that crate's move tables, which another game's replay has
//! pushed out of the cache. This module reads the fast check's own gates (chasolver 3.0.0,
//! pinned in `Cargo.toml`, `winnability/fast.rs`) and says, from shakmaty's board alone, when
//! the check is bound to answer "not proven" for a side. Where it says so the answer is the
//! solver's own, so every verdict stays what the solver gives; anywhere else the solver is
//! asked as before. For White as the intended winner (Black is mirrored) the check proves
//! unwinnability only:
//!
//! 1. after playing out forced moves, when a repetition or a position without moves comes up
//!    — not when the side to move has two legal moves or more;
//! 2. when every line of its first search (4 plies; 7 when only pawns and bishops are left)
//!    ends in material too thin to mate or in a position without moves that is no mate of
//!    Black — not when one quiet line of that length (no capture, no promotion: the material
//!    stays) keeps a legal move in every position and the material is enough;
//! 3. on "low-entropy" positions, which need at least `max(1, pawns / 2 - 2)` White pawns
//!    blocked by a Black pawn or the Black king straight ahead (and no queen, rook or knight
//!    moved in the first search, which is not told here: telling it takes the solver's
//!    board and move generator, whose tables cost more time out of the cache than the
//!    few searches it would spare);
//! 4. and of those, by its static analysis, check chains and exhaustive search only when no
//!    pawn is "lonely" (every file with a White pawn off the seventh rank has a Black pawn
//!    off the second, and the other way round); with a lonely pawn only by a second search
//!    of 15 plies, tried only when nothing but pawns and bishops is left — not when a quiet
//!    line of that length keeps a legal move in every position.
//!
//! On the bench input about one game in four reaches the solver after gates 1–3; most of
//! those have a lonely pawn and, with a queen, rook or knight on the board, gate 4 answers
//! for them (a real scoresheet's last position is rarely a closed structure).
//!
//! ```
//! use scoresheet::laws::fast_check::Screen;
//! use shakmaty::Chess;
//! assert!(Screen::of(&Chess::default()).cannot_prove_dead());
//! ```

use shakmaty::{
    attacks, Bitboard, Board, ByColor, Chess, Color, Move, Position, Rank, Role, Square,
};

use crate::board::attacked_by;

/// What the fast check's gates say of one position, told from shakmaty's position.
pub struct Screen {
    /// Per side: enough material for the first search not to stop at once.
    enough: ByColor<bool>,
    /// Per side: too few blocked pawns for a low-entropy structure.
    open: ByColor<bool>,
    /// A pawn with no enemy pawn on its file (`has_lonely_pawns`, the same for both sides):
    /// the static analysis and what follows it are not tried.
    lonely: bool,
    /// Two legal moves or more, and a quiet line as deep as the first search with a legal
    /// move in every position: that search cannot prove anything (only looked for where a
    /// side has enough material and too few blocked pawns or lonely pawns).
    lively: bool,
    /// `lively`, and where only pawns and bishops are left, a quiet line of 15 plies too:
    /// the deeper search of such structures cannot prove anything either.
    lively_deep: bool,
}

impl Screen {
    pub fn of(pos: &Chess) -> Screen {
        let board = pos.board();
        let enough = ByColor::new_with(|c| !too_little_to_mate(board, c));
        let threshold = low_entropy_threshold(board);
        let open = ByColor::new_with(|c| blocked_pawns(board, c) < threshold);
        let lonely = lonely_pawns(board);
        // The moves are looked at only where a side passes the other gates.
        let gates = |c: Color| *enough.get(c) && (*open.get(c) || lonely);
        let depth = first_search_depth(board);
        let lively = (gates(Color::White) || gates(Color::Black))
            && two_legal_moves(pos)
            && quiet_line(pos, depth);
        let lively_deep =
            lively && lonely && (depth == SHALLOW_SEARCH || quiet_line(pos, DEEP_SEARCH));
        Screen {
            enough,
            open,
            lonely,
            lively,
            lively_deep,
        }
    }

    /// Whether the fast check is bound to leave one side at least unproven, so that it
    /// cannot call the position dead (dead needs both sides proven unable to mate).
    /// `false` says nothing.
    pub fn cannot_prove_dead(&self) -> bool {
        self.leaves_unproven(Color::White) || self.leaves_unproven(Color::Black)
    }

    /// Whether `is_unwinnable_fast(board, winner)` is bound to answer `false`. `false` says
    /// nothing.
    pub fn leaves_unproven(&self, winner: Color) -> bool {
        *self.enough.get(winner)
            && ((self.lively && *self.open.get(winner)) || (self.lively_deep && self.lonely))
    }
}

impl Screen {
    /// Whether `is_unwinnable_fast(board, winner)` may run the solver's static analysis of
    /// a closed pawn structure (its gate 4): enough material, enough blocked pawns, no lonely
    /// pawn. `false` is certain; `true` is "may" (the solver also needs no queen, rook or
    /// knight to have moved in its first search, and the first searches to prove nothing).
    pub fn may_reach_static_analysis(&self, winner: Color) -> bool {
        *self.enough.get(winner) && !*self.open.get(winner) && !self.lonely
    }
}

/// Plies of the solver's first search with a queen, rook or knight on the board.
const SHALLOW_SEARCH: u32 = 4;
/// Plies of the solver's second search of a low-entropy structure of pawns and bishops.
const DEEP_SEARCH: u32 = 15;

/// The solver's own test of material too thin for `winner` to mate, which its first search
/// asks in every position (`insufficient_white_material`, read for either side).
fn too_little_to_mate(board: &Board, winner: Color) -> bool {
    let ours = board.by_color(winner);
    let theirs = board.by_color(!winner);
    if ours.count() == 1 {
        return true;
    }
    let minors = board.knights() | board.bishops();
    if ours.count() == 2
        && ours.intersects(board.knights())
        && !theirs.intersects(minors | board.rooks() | board.pawns())
    {
        return true;
    }
    let our_bishops = ours & board.bishops();
    if our_bishops.any() {
        let complex = if our_bishops.intersects(Bitboard::DARK_SQUARES) {
            Bitboard::DARK_SQUARES
        } else {
            Bitboard::LIGHT_SQUARES
        };
        return ours.count() == our_bishops.count() + 1
            && (board.bishops() & !complex).is_empty()
            && board.knights().is_empty()
            && board.pawns().is_empty();
    }
    false
}

/// `winner`'s pawns with an enemy pawn or the enemy king straight ahead
/// (`nb_blocked_pawns`).
fn blocked_pawns(board: &Board, winner: Color) -> usize {
    let ours = (board.pawns() & board.by_color(winner)).0;
    let stoppers = ((board.pawns() | board.kings()) & board.by_color(!winner)).0;
    let ahead = match winner {
        Color::White => ours << 8,
        Color::Black => ours >> 8,
    };
    (ahead & stoppers).count_ones() as usize
}

/// Blocked pawns from which a structure counts as low-entropy: `max(1, pawns / 2 - 2)`.
fn low_entropy_threshold(board: &Board) -> usize {
    (board.pawns().count() / 2).saturating_sub(2).max(1)
}

/// Plies of the solver's first search: 7 when only pawns and bishops (and kings) are left.
fn first_search_depth(board: &Board) -> u32 {
    if (board.knights() | board.rooks() | board.queens()).is_empty() {
        7
    } else {
        SHALLOW_SEARCH
    }
}

/// The solver's `has_lonely_pawns`: the files of White's pawns not on the seventh rank
/// differ from those of Black's pawns not on the second.
fn lonely_pawns(board: &Board) -> bool {
    let files = |pawns: Bitboard| {
        pawns
            .into_iter()
            .fold(0u8, |files, sq| files | 1 << sq.file() as u8)
    };
    let white = board.pawns() & board.white() & !Bitboard::from_rank(Rank::Seventh);
    let black = board.pawns() & board.black() & !Bitboard::from_rank(Rank::Second);
    files(white) != files(black)
}

/// The king's steps to empty or enemy squares no enemy piece attacks (with the king off the
/// board, so not through its own square either): each is a legal move.
fn safe_king_steps(pos: &Chess) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return Bitboard::EMPTY;
    };
    let occupied = board.occupied().without(king);
    (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .filter(|&to| !attacked_by(board, to, !us, occupied))
        .collect()
}

/// Moves the solver's board is sure to have as shakmaty does: no castling and no en
/// passant, whose rights it is handed in its own terms (and mirrors for Black).
fn plain(m: &Move) -> bool {
    !m.is_castle() && !m.is_en_passant()
}

fn two_legal_moves(pos: &Chess) -> bool {
    let told = match safe_king_steps(pos).count() {
        0 => false,
        1 => free_piece_moves(pos),
        _ => true,
    };
    told || pos.legal_moves().iter().filter(|m| plain(m)).count() >= 2
}

/// Whether a piece other than the king has a move that is legal for want of anything to
/// stop it: no check to answer, and the piece stands on no line through its own king, so
/// no pin holds it.
fn free_piece_moves(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    if pos.is_check() {
        return false;
    }
    let lines = attacks::queen_attacks(king, Bitboard::EMPTY);
    let free = board.by_color(us) & !board.kings() & !lines;
    free.into_iter().any(|from| {
        let Some(role) = board.role_at(from) else {
            return false;
        };
        let targets = match role {
            Role::Pawn => {
                let ahead = match us {
                    Color::White => from.offset(8),
                    Color::Black => from.offset(-8),
                };
                let push = ahead.map_or(Bitboard::EMPTY, Bitboard::from_square) & !board.occupied();
                push | (attacks::pawn_attacks(us, from) & board.by_color(!us))
            }
            _ => attacks::attacks(from, role.of(us), board.occupied()) & !board.by_color(us),
        };
        targets.any()
    })
}

fn has_legal_move(pos: &Chess) -> bool {
    safe_king_steps(pos).any() || pos.legal_moves().iter().any(plain)
}

/// A plain legal move that neither captures nor promotes: a king step when there is one
/// (the first, looked for one square at a time), else a step of a piece no pin can hold (off
/// every line through its own king, with no check to answer) to an empty square, else the
/// first such move generated. Any such move serves: a line of them proves what
/// [`quiet_line`] says whichever moves make it.
fn quiet_move(pos: &Chess) -> Option<Move> {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return pos
            .legal_moves()
            .into_iter()
            .find(|m| plain(m) && !m.is_capture() && !m.is_promotion());
    };
    let occupied = board.occupied();
    let quiet = |role, from, to| Move::Normal {
        role,
        from,
        capture: None,
        to,
        promotion: None,
    };
    let without_king = occupied.without(king);
    let step = (attacks::king_attacks(king) & !occupied)
        .into_iter()
        .find(|&to| !attacked_by(board, to, !us, without_king));
    if let Some(to) = step {
        return Some(quiet(Role::King, king, to));
    }
    if !pos.is_check() {
        let lines = attacks::queen_attacks(king, Bitboard::EMPTY);
        let free = board.by_color(us) & !board.pawns() & !board.kings() & !lines;
        for from in free {
            let Some(role) = board.role_at(from) else {
                continue;
            };
            if let Some(to) = (attacks::attacks(from, role.of(us), occupied) & !occupied).first() {
                return Some(quiet(role, from, to));
            }
        }
    }
    pos.legal_moves()
        .into_iter()
        .find(|m| plain(m) && !m.is_capture() && !m.is_promotion())
}

/// Whether a line of `plies` quiet moves from `pos` was found in which every position, the
/// last one too, has a legal move: the kings stepping out and back, else one move found
/// after another. Not finding one says nothing.
fn quiet_line(pos: &Chess, plies: u32) -> bool {
    king_shuttle(pos) || quiet_line_by_moves(pos, plies)
}

/// Each king steps to an empty square and back, in turn. After four plies the placement
/// and the side to move are the start's again, so the line goes on as long as wanted with
/// these same steps, each legal in its position.
fn king_shuttle(pos: &Chess) -> bool {
    let us = pos.turn();
    let start = pos.board();
    let (Some(ours), Some(theirs)) = (start.king_of(us), start.king_of(!us)) else {
        return false;
    };
    start_steps(start, us, ours).any(|out| {
        let first = king_moved(start, us, ours, out);
        let back = |their_out| {
            let second = king_moved(&first, !us, theirs, their_out);
            safe_step(&second, us, out, ours)
                && safe_step(&king_moved(&second, us, out, ours), !us, their_out, theirs)
        };
        let found = start_steps(&first, !us, theirs).any(back);
        found
    })
}

/// The king of `color` on `from`: its steps to empty squares no enemy piece attacks.
fn start_steps(board: &Board, color: Color, from: Square) -> impl Iterator<Item = Square> + '_ {
    (attacks::king_attacks(from) & !board.occupied())
        .into_iter()
        .filter(move |&to| safe_step(board, color, from, to))
}

/// Whether no enemy piece attacks `to` with the king of `color` off `from`.
fn safe_step(board: &Board, color: Color, from: Square, to: Square) -> bool {
    !attacked_by(board, to, !color, board.occupied().without(from))
}

fn king_moved(board: &Board, color: Color, from: Square, to: Square) -> Board {
    let mut board = board.clone();
    board.discard_piece_at(from);
    board.set_piece_at(to, Role::King.of(color));
    board
}

fn quiet_line_by_moves(pos: &Chess, plies: u32) -> bool {
    let mut pos = pos.clone();
    for _ in 0..plies {
        let Some(m) = quiet_move(&pos) else {
            return false;
        };
        pos.play_unchecked(m);
    }
    has_legal_move(&pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::{dead::solver_board, fen_pos};

    /// Where this module says the fast check cannot prove a side unable to mate, the fast
    /// check agrees (the labelled sets of `../shared` are checked in tests/dead_positions.rs).
    #[test]
    fn agrees_with_the_fast_check() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/4k3/8/8/8/3B4/4K3 w - - 0 1",
            "8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 b - - 0 1",
            "8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/3n4/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/4N3/7q w - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "8/8/1k1p4/3Pp1p1/1K2PpPp/5P1P/8/8 w - - 2 58",
            "k1b5/1p1p4/1P1P4/8/8/4p1p1/4P1P1/5B1K w - - 0 1",
            // Lonely pawns: with a queen, rook or knight on the board, and with only pawns
            // and bishops (the solver's second, deeper search).
            "rq1n1k2/8/p5Q1/1p1pP3/2pP1P2/2P4K/P2B4/6R1 b - - 0 31",
            "8/3B4/1p6/1P6/p1K4p/5k2/7P/8 b - - 1 46",
            "8/8/k7/1pK5/pP6/P7/6pB/8 b - - 5 60",
            "7k/6pp/4p1b1/3pPp2/p1pP1P2/P1P4P/1B4PK/8 b - - 0 63",
        ] {
            let pos = fen_pos(fen);
            let board = solver_board(&pos).expect("a standard position");
            for (color, solver_color) in [
                (Color::White, chess::Color::White),
                (Color::Black, chess::Color::Black),
            ] {
                if Screen::of(&pos).leaves_unproven(color) {
                    assert!(
                        !chasolver::is_unwinnable_fast(&board, solver_color),
                        "{fen}: {color:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn thin_material_and_locked_pawns_are_left_to_the_solver() {
        // K+B v K: too little for White; Black has nothing at all.
        let pos = fen_pos("8/8/4k3/8/8/8/3B4/4K3 w - - 0 1");
        assert!(!Screen::of(&pos).cannot_prove_dead());
        // A locked pawn wall.
        let pos = fen_pos("8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 b - - 0 1");
        assert!(!Screen::of(&pos).cannot_prove_dead());
        // Stalemate: no line at all.
        let pos = fen_pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert!(!Screen::of(&pos).cannot_prove_dead());
        // An open middlegame.
        let pos = fen_pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        assert!(Screen::of(&pos).cannot_prove_dead());
    }

    #[test]
    fn lonely_pawns_keep_the_static_analysis_away() {
        // Two pawns blocked each side (enough for a low-entropy structure), a lonely pawn on
        // the e-file, queens and rooks: the fast check's first search is all it tries.
        let pos = fen_pos("rq1n1k2/8/p5Q1/1p1pP3/2pP1P2/2P4K/P2B4/6R1 b - - 0 31");
        let screen = Screen::of(&pos);
        assert!(screen.lonely && !screen.open.white && !screen.open.black);
        assert!(screen.leaves_unproven(Color::White) && screen.leaves_unproven(Color::Black));
        // No lonely pawn (every file's pawns face each other): left to the solver.
        let pos = fen_pos("5rk1/3nqp1r/3p2p1/p1pPp1Pp/1pP1P2P/1P3PR1/P5Q1/3N1R1K b - - 3 32");
        assert!(!Screen::of(&pos).lonely);
        // Pawns and a bishop with a lonely pawn: the kings' steps make a quiet line as long
        // as the solver's deeper search.
        let pos = fen_pos("8/3B4/1p6/1P6/p1K4p/5k2/7P/8 b - - 1 46");
        let screen = Screen::of(&pos);
        assert!(screen.lonely && screen.lively_deep);
        assert!(screen.cannot_prove_dead());
    }
}
