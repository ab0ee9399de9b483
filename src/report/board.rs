//! A board diagram as inline SVG: the position, coordinates on the edge, the side to move
//! marked, and the moves a finding is about drawn over it (the move read or suggested as an
//! arrow; the written move that cannot be played dashed, its square crossed).
//!
//! The pieces are drawings of our own, defined once per page with the empty board
//! ([`defs`]) and placed with `<use>`: a page holds one `<svg>` of definitions and any number
//! of boards.
//!
//! ```ignore
//! use scoresheet::report::board::{svg, Mark};
//! use shakmaty::{Chess, Square};
//! let drawn = svg(&Chess::default(), &[Mark::Cross(Square::F5)], "White to move");
//! assert!(drawn.starts_with("<svg class=\"board\""));
//! // 32 pieces and the empty board, all defined once per page (`defs`).
//! assert_eq!(drawn.matches("<use ").count(), 33);
//! ```

use std::fmt::Write;

use shakmaty::{Color, File, Position, Rank, Role, Square};

/// Side of a square, in SVG units.
const SQ: f32 = 40.0;
/// Room for the coordinates around the board.
const EDGE: f32 = 18.0;
/// Room on the right for the side-to-move mark.
const SIDE: f32 = 22.0;

/// What is drawn over the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The move that was read and played (repaired moves too).
    Played(Square, Square),
    /// A legal move the writer probably meant.
    Suggested(Square, Square),
    /// The written move, which cannot be played (or stood though illegal): dashed.
    Impossible(Square, Square),
    /// The square a written move goes to, when the move cannot be played: crossed.
    Cross(Square),
}

/// The pieces, once per page: `<symbol>`s that take their colours from the `<use>` (white
/// pieces `class="pw"`, black `class="pb"`, see the page's CSS).
pub const PIECE_DEFS: &str = concat!(
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>",
    // Pawn: a head on a narrow body, on a base.
    "<symbol id=\"p\" viewBox=\"0 0 45 45\"><rect x=\"12\" y=\"33\" width=\"21\" height=\"5\" rx=\"1\"/>",
    "<path d=\"M16.5 33 L19.5 22 H25.5 L28.5 33 Z\"/><ellipse cx=\"22.5\" cy=\"22\" rx=\"6\" ry=\"2\"/>",
    "<circle cx=\"22.5\" cy=\"15\" r=\"5.5\"/></symbol>",
    // Rook: a tower with three merlons.
    "<symbol id=\"r\" viewBox=\"0 0 45 45\"><rect x=\"10\" y=\"34\" width=\"25\" height=\"5\" rx=\"1\"/>",
    "<path d=\"M14 34 V18 H31 V34 Z\"/><path d=\"M11 18 V9 H15.5 V12.5 H20 V9 H25 V12.5 H29.5 V9 H34 V18 Z\"/>",
    "<path class=\"d\" d=\"M14 22 H31\" fill=\"none\"/></symbol>",
    // Knight: a horse's head.
    "<symbol id=\"n\" viewBox=\"0 0 45 45\"><path d=\"M12 38 H34 C34.5 28 32 19 27 14 L26 8.5 L22.5 12 C16.5 12.5 12 17 10 23 L11.5 27.5 L15 27.5 L18 24.5 L22 22.5 C18 27 13 31 12 38 Z\"/>",
    "<circle class=\"d\" cx=\"19\" cy=\"17\" r=\"1.2\"/></symbol>",
    // Bishop: a mitre with its slit and a ball.
    "<symbol id=\"b\" viewBox=\"0 0 45 45\"><rect x=\"11\" y=\"34\" width=\"23\" height=\"5\" rx=\"1\"/>",
    "<path d=\"M15 34 C14 28 17 22 22.5 13.5 C28 22 31 28 30 34 Z\"/><circle cx=\"22.5\" cy=\"10\" r=\"3\"/>",
    "<path class=\"d\" d=\"M25 20 L20.5 26.5\" fill=\"none\"/></symbol>",
    // Queen: a crown of five points, with balls.
    "<symbol id=\"q\" viewBox=\"0 0 45 45\"><rect x=\"10\" y=\"34\" width=\"25\" height=\"5\" rx=\"1\"/>",
    "<path d=\"M12.5 34 L8.5 15 L16 26 L17 11 L22.5 25 L28 11 L29 26 L36.5 15 L32.5 34 Z\"/>",
    "<circle cx=\"8.5\" cy=\"13.5\" r=\"2.3\"/><circle cx=\"17\" cy=\"9.5\" r=\"2.3\"/><circle cx=\"28\" cy=\"9.5\" r=\"2.3\"/><circle cx=\"36.5\" cy=\"13.5\" r=\"2.3\"/>",
    "</symbol>",
    // King: a cross over two lobes.
    "<symbol id=\"k\" viewBox=\"0 0 45 45\"><rect x=\"10\" y=\"34\" width=\"25\" height=\"5\" rx=\"1\"/>",
    "<path d=\"M13 34 C8 26 11 18.5 18 19.5 L22.5 23.5 L27 19.5 C34 18.5 37 26 32 34 Z\"/>",
    "<path d=\"M20.5 18 V11 H17 V7.5 H20.5 V4 H24.5 V7.5 H28 V11 H24.5 V18 Z\"/>",
    "<path class=\"d\" d=\"M13.5 29 H31.5\" fill=\"none\"/></symbol>",
    "</defs></svg>"
);

/// What every board of a page refers to, once per page: the pieces ([`PIECE_DEFS`]) and the
/// empty board with its coordinates (`#grid`). Its colours and fonts are attributes, not the
/// page's CSS: the page's selectors do not reach into a `<use>`.
pub fn defs() -> &'static str {
    static DEFS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let mut grid = String::with_capacity(6 << 10);
        grid.push_str("<g id=\"grid\">");
        for sq in Square::ALL {
            let (x, y) = corner(sq);
            let light = (u8::from(sq.file()) + u8::from(sq.rank())) % 2 == 1;
            let _ = write!(
                grid,
                "<rect fill=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\"/>",
                if light { "#eeeed2" } else { "#a7b59a" }
            );
        }
        let _ = write!(
            grid,
            "<rect fill=\"none\" stroke=\"#333\" stroke-width=\"1\" x=\"{EDGE}\" y=\"{EDGE}\" width=\"{b}\" height=\"{b}\"/>",
            b = SQ * 8.0
        );
        let size = EDGE * 2.0 + SQ * 8.0;
        grid.push_str(
            "<g font-size=\"11\" font-family=\"DejaVu Sans,Arial,sans-serif\" fill=\"#333\" text-anchor=\"middle\">",
        );
        for file in File::ALL {
            let x = EDGE + f32::from(u8::from(file)) * SQ + SQ / 2.0;
            let _ = write!(
                grid,
                "<text x=\"{x}\" y=\"{y}\">{c}</text><text x=\"{x}\" y=\"{t}\">{c}</text>",
                y = size - 5.0,
                t = 13.0,
                c = file.char()
            );
        }
        for rank in Rank::ALL {
            let y = EDGE + (7.0 - f32::from(u8::from(rank))) * SQ + SQ / 2.0 + 4.0;
            let _ = write!(
                grid,
                "<text x=\"{x}\" y=\"{y}\">{c}</text><text x=\"{r}\" y=\"{y}\">{c}</text>",
                x = EDGE / 2.0,
                r = size - EDGE / 2.0,
                c = rank.char()
            );
        }
        grid.push_str("</g></g>");
        PIECE_DEFS.replace("</defs>", &format!("{grid}</defs>"))
    });
    &DEFS
}

fn symbol(role: Role) -> &'static str {
    match role {
        Role::Pawn => "p",
        Role::Knight => "n",
        Role::Bishop => "b",
        Role::Rook => "r",
        Role::Queen => "q",
        Role::King => "k",
    }
}

/// The top-left corner of a square (White at the bottom).
fn corner(sq: Square) -> (f32, f32) {
    let file = f32::from(u8::from(sq.file()));
    let rank = f32::from(u8::from(sq.rank()));
    (EDGE + file * SQ, EDGE + (7.0 - rank) * SQ)
}

fn centre(sq: Square) -> (f32, f32) {
    let (x, y) = corner(sq);
    (x + SQ / 2.0, y + SQ / 2.0)
}

/// The board of `pos` with `marks` over it; `to_move` labels the side-to-move mark (for
/// screen readers and the printed page's legend).
pub fn svg<P: Position>(pos: &P, marks: &[Mark], to_move: &str) -> String {
    let size = EDGE * 2.0 + SQ * 8.0;
    let mut s = String::with_capacity(8 << 10);
    let _ = write!(
        s,
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 {w} {size}\" width=\"{w}\" height=\"{size}\" role=\"img\">",
        w = size + SIDE
    );
    // The squares, the frame and the coordinates are the same on every board: drawn once
    // per page in the definitions (`defs`), here a reference (a page of 15,000 boards is
    // 70 MB smaller for it).
    s.push_str("<use href=\"#grid\" xlink:href=\"#grid\"/>");
    let board = pos.board();
    for sq in board.occupied() {
        if let Some(piece) = board.piece_at(sq) {
            let (x, y) = corner(sq);
            let _ = write!(
                s,
                "<use href=\"#{}\" xlink:href=\"#{}\" class=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\"/>",
                symbol(piece.role),
                symbol(piece.role),
                if piece.color == Color::White { "pw" } else { "pb" }
            );
        }
    }
    for m in marks {
        draw_mark(&mut s, *m);
    }
    // The side to move: a disc of its colour beside its own edge of the board.
    let (cy, class) = match pos.turn() {
        Color::White => (size - EDGE - 10.0, "tw"),
        Color::Black => (EDGE + 10.0, "tb"),
    };
    let _ = write!(
        s,
        "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"8\"><title>{to_move}</title></circle>",
        cx = size + SIDE / 2.0 - 2.0
    );
    s.push_str("</svg>");
    s
}

fn draw_mark(s: &mut String, m: Mark) {
    match m {
        Mark::Played(a, b) => arrow(s, a, b, "ap"),
        Mark::Suggested(a, b) => arrow(s, a, b, "as"),
        Mark::Impossible(a, b) => arrow(s, a, b, "ai"),
        Mark::Cross(sq) => {
            let (x, y) = corner(sq);
            let (l, r) = (x + 7.0, x + SQ - 7.0);
            let (t, b) = (y + 7.0, y + SQ - 7.0);
            let _ = write!(
                s,
                "<path class=\"cross\" d=\"M{l} {t} L{r} {b} M{r} {t} L{l} {b}\"/>"
            );
        }
    }
}

/// An arrow from square to square: a shaft and a head, computed here so that the page needs
/// no markers.
fn arrow(s: &mut String, from: Square, to: Square, class: &str) {
    let (x1, y1) = centre(from);
    let (x2, y2) = centre(to);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = 13.0;
    let (bx, by) = (x2 - ux * head, y2 - uy * head);
    let (px, py) = (-uy * 7.0, ux * 7.0);
    let _ = write!(
        s,
        "<g class=\"{class}\"><line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\"/><path d=\"M{x2:.1} {y2:.1} L{:.1} {:.1} L{:.1} {:.1} Z\"/></g>",
        bx + px,
        by + py,
        bx - px,
        by - py
    );
}

/// The squares of a UCI move (`g1f3`, `e7e8q`).
pub fn uci_squares(uci: &str) -> Option<(Square, Square)> {
    let from = Square::from_ascii(uci.as_bytes().get(0..2)?).ok()?;
    let to = Square::from_ascii(uci.as_bytes().get(2..4)?).ok()?;
    Some((from, to))
}

/// The squares named in a move as written (`12...Cf5` → f5; `e2-e4` → e2, e4), in order.
pub fn written_squares(text: &str) -> Vec<Square> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(1) {
        if (b'a'..=b'h').contains(&b[i]) && (b'1'..=b'8').contains(&b[i + 1]) {
            if let Ok(sq) = Square::from_ascii(&b[i..i + 2]) {
                out.push(sq);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;

    #[test]
    fn squares_of_written_moves() {
        assert_eq!(written_squares("12...Cf5"), vec![Square::F5]);
        assert_eq!(written_squares("3.e2-e4"), vec![Square::E2, Square::E4]);
        assert_eq!(written_squares("5.dxe5"), vec![Square::E5]);
        assert_eq!(written_squares("Nxe7"), vec![Square::E7]);
        assert_eq!(written_squares("O-O"), vec![]);
        assert_eq!(uci_squares("e7e8q"), Some((Square::E7, Square::E8)));
        assert_eq!(uci_squares("e7"), None);
    }

    #[test]
    fn a_board_has_its_pieces_coordinates_and_marks() {
        let s = svg(
            &Chess::default(),
            &[
                Mark::Suggested(Square::G1, Square::F3),
                Mark::Impossible(Square::E2, Square::E5),
                Mark::Cross(Square::E5),
            ],
            "White to move",
        );
        // The pieces, and the empty board with its coordinates from the page's definitions.
        assert_eq!(s.matches("<use ").count(), 33);
        assert!(s.contains("href=\"#grid\""));
        assert_eq!(defs().matches("<text ").count(), 32);
        assert_eq!(defs().matches("<rect fill=\"#").count(), 64);
        assert_eq!(s.matches("<g class=").count(), 2);
        assert_eq!(s.matches("class=\"cross\"").count(), 1);
        assert!(s.contains("class=\"tw\""));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::report::board::{svg, Mark};
        use shakmaty::{Chess, Square};
        let drawn = svg(
            &Chess::default(),
            &[Mark::Cross(Square::F5)],
            "White to move",
        );
        assert!(drawn.starts_with("<svg class=\"board\""));
        // 32 pieces and the empty board, all defined once per page (`defs`).
        assert_eq!(drawn.matches("<use ").count(), 33);
    }
}
