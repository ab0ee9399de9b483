//! Attack questions answered from a kilobyte of tables of our own: below both the replay
//! (which resolves written moves with them, `replay::fast_san`) and the Laws (which ask
//! whether a king's steps are attacked, `laws::fast_check`), so that neither imports the
//! other for them. shakmaty answers every question of legality; these are its formulas read
//! from smaller tables, and the tests compare them with its own on every square.
//!
//! ```ignore
//! use shakmaty::{Chess, Color, Position, Square};
//! let pos = Chess::default();
//! let board = pos.board();
//! assert!(scoresheet::board::attacked_by(board, Square::F3, Color::White, board.occupied()));
//! assert!(!scoresheet::board::attacked_by(board, Square::E4, Color::Black, board.occupied()));
//! ```

use shakmaty::{attacks, Bitboard, Square};

/// The rank and file through `sq`, and its two diagonals, without `sq` itself: where a
/// rook and a bishop on `sq` would go on an empty board (shakmaty's attacks through no
/// occupancy). Read from a table of our own, a kilobyte that stays in the cache, rather than
/// from the magic tables, whose entries for each square lie far apart and leave it between
/// plies.
pub(crate) fn lines_through(sq: Square) -> (Bitboard, Bitboard) {
    let (straight, diagonal) = LINES_THROUGH[sq.to_usize()];
    (Bitboard(straight), Bitboard(diagonal))
}

/// The squares strictly between `a` and `b`, two squares on one rank, file or diagonal (as
/// `attacks::between`, whose table of 32 kilobytes leaves the cache between plies): the line
/// through both (each square's own lines, the other square's taken out, meet only there)
/// cut to the indices between theirs. Empty when they are not aligned.
#[inline]
pub(crate) fn between_on_line(a: Square, b: Square) -> Bitboard {
    let (a_straight, a_diagonal) = lines_through(a);
    let (b_straight, b_diagonal) = lines_through(b);
    let line = if a_straight.contains(b) {
        a_straight & b_straight
    } else if a_diagonal.contains(b) {
        a_diagonal & b_diagonal
    } else {
        return Bitboard::EMPTY;
    };
    line & Bitboard((!0u64 << a.to_u32()) ^ (!0u64 << b.to_u32()))
}

/// Those of `straight` (pieces moving as rooks) and `diagonal` (as bishops) that attack `to`
/// through `occupied`: what `attacks::rook_attacks(to, occupied) & straight |
/// attacks::bishop_attacks(to, occupied) & diagonal` answers, from the lines through `to`
/// and the squares between, a kilobyte of table, instead of the magic tables' 700
/// kilobytes, whose entry for each square and occupancy is a miss of the cache on most plies.
#[inline]
pub(crate) fn sliders_to(
    to: Square,
    straight: Bitboard,
    diagonal: Bitboard,
    occupied: Bitboard,
) -> Bitboard {
    let (to_straight, to_diagonal) = lines_through(to);
    let mut found = Bitboard::EMPTY;
    for from in (straight & to_straight) | (diagonal & to_diagonal) {
        if (between_on_line(from, to) & occupied).is_empty() {
            found.add(from);
        }
    }
    found
}

/// Whether `board.attacks_to(to, attacker, occupied)` has any piece, with the sliders found
/// by `sliders_to` (also what the Laws ask of the king's steps in a game's last position).
#[inline]
pub fn attacked_by(
    board: &shakmaty::Board,
    to: Square,
    attacker: shakmaty::Color,
    occupied: Bitboard,
) -> bool {
    let them = board.by_color(attacker);
    let steppers = (attacks::knight_attacks(to) & board.knights())
        | (attacks::king_attacks(to) & board.kings())
        | (attacks::pawn_attacks(!attacker, to) & board.pawns());
    (steppers & them).any()
        || sliders_to(
            to,
            board.rooks_and_queens() & them,
            board.bishops_and_queens() & them,
            occupied,
        )
        .any()
}

static LINES_THROUGH: [(u64, u64); 64] = {
    const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201; // a1-h8: file == rank
    const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080; // h1-a8: file + rank == 7
    const fn shift(line: u64, ranks: i32) -> u64 {
        if ranks >= 0 {
            line << (8 * ranks)
        } else {
            line >> (-8 * ranks)
        }
    }
    let mut lines = [(0, 0); 64];
    let mut i = 0;
    while i < 64 {
        let (file, rank) = ((i % 8) as i32, (i / 8) as i32);
        let straight = (0x0101_0101_0101_0101u64 << file) ^ (0xffu64 << (8 * rank));
        let diagonal = shift(MAIN_DIAGONAL, rank - file) ^ shift(ANTI_DIAGONAL, file + rank - 7);
        lines[i] = (straight, diagonal);
        i += 1;
    }
    lines
};

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Standard).ok())
            .expect("a legal position")
    }

    /// The lines through a square from its coordinates are shakmaty's attacks of a rook and
    /// a bishop on an empty board.
    #[test]
    fn lines_through_are_empty_board_attacks() {
        for sq in Square::ALL {
            assert_eq!(
                lines_through(sq),
                (
                    attacks::rook_attacks(sq, Bitboard::EMPTY),
                    attacks::bishop_attacks(sq, Bitboard::EMPTY)
                ),
                "{sq}"
            );
        }
    }

    #[test]
    fn squares_between_are_shakmatys() {
        for a in Square::ALL {
            for b in Square::ALL {
                assert_eq!(between_on_line(a, b), attacks::between(a, b), "{a} {b}");
            }
        }
    }

    /// The sliders and attackers found from the lines through a square are the magic tables'
    /// on every square, for boards of every density (a fixed pseudo-random sequence).
    #[test]
    fn sliders_found_from_the_lines_are_the_magic_tables() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..4000 {
            // Sparse to dense occupancies: an AND of up to three random words thins them.
            let mut occupied = next();
            for _ in 0..round % 3 {
                occupied &= next();
            }
            let occupied = Bitboard(occupied);
            let (straight, diagonal) = (Bitboard(next()) & occupied, Bitboard(next()) & occupied);
            for to in Square::ALL {
                let expected = (attacks::rook_attacks(to, occupied) & straight)
                    | (attacks::bishop_attacks(to, occupied) & diagonal);
                assert_eq!(
                    sliders_to(to, straight, diagonal, occupied),
                    expected,
                    "{to}"
                );
            }
        }
        // Whole positions: every square, attacked by either side.
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQK2R w KQkq - 0 8",
            "8/2k5/3q4/8/1B3R2/8/5K2/8 w - - 0 1",
            "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1",
        ] {
            let p = pos(fen);
            let board = p.board();
            for to in Square::ALL {
                for color in [shakmaty::Color::White, shakmaty::Color::Black] {
                    for occupied in [board.occupied(), board.occupied().without(to)] {
                        assert_eq!(
                            attacked_by(board, to, color, occupied),
                            board.attacks_to(to, color, occupied).any(),
                            "{fen} {to} {color:?}"
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use shakmaty::{Chess, Color, Position, Square};
        let pos = Chess::default();
        let board = pos.board();
        assert!(crate::board::attacked_by(
            board,
            Square::F3,
            Color::White,
            board.occupied()
        ));
        assert!(!crate::board::attacked_by(
            board,
            Square::E4,
            Color::Black,
            board.occupied()
        ));
    }
}
