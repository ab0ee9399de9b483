//! Moves and positions as the reports write them: a move with its number in each report's
//! notation (`41.Kxf6` in English, `41.Rxf6` in Italian), a helpmate line, a FEN; and the
//! small operations on positions the audit needs (the move between two positions, the
//! same position renumbered or with the other side to move).

use shakmaty::{fen::Fen, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use super::text::Msg;
use crate::{
    laws::repetition::key,
    notation::languages::{by_code, english},
    notation::render::san_in,
};

/// A position as FEN (en passant square only when a capture is legal).
pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// `41.Cxe5` / `41...Cxe5`.
pub fn label(pos: &Chess, san: &str) -> String {
    crate::notation::render::numbered(pos, san)
}

/// A move with its number in each report's notation: English in the English report
/// (`41.Kxf6`), Italian in the Italian one (`41.Rxf6`), whatever notation it was written in.
pub fn move_label(pos: &Chess, mv: Move) -> Msg {
    let it = by_code("it").unwrap_or(english());
    Msg::written(
        label(pos, &san_in(pos, mv, english())),
        label(pos, &san_in(pos, mv, it)),
    )
}

/// Several moves, without numbers, in each report's notation, the catalogue's message `sep`
/// between them.
pub fn moves_list(pos: &Chess, moves: &[Move], sep: &'static str) -> Msg {
    let it = by_code("it").unwrap_or(english());
    let sep = Msg::say(crate::message::Message::new(sep));
    let (sep_en, sep_it) = (sep.en.as_str(), sep.it.as_str());
    Msg::written(
        moves
            .iter()
            .map(|&m| san_in(pos, m, english()))
            .collect::<Vec<_>>()
            .join(sep_en),
        moves
            .iter()
            .map(|&m| san_in(pos, m, it))
            .collect::<Vec<_>>()
            .join(sep_it),
    )
}

/// A line of UCI moves from `p`, numbered, in each report's notation (`45.Kc2 Re2+ 46.Kd1`).
pub fn helpmate_line(p: &Chess, uci: &[String]) -> Option<Msg> {
    if uci.is_empty() {
        return None;
    }
    let it = by_code("it").unwrap_or(english());
    let mut pos = p.clone();
    let (mut en_line, mut it_line) = (Vec::new(), Vec::new());
    for (i, u) in uci.iter().enumerate() {
        let m = u
            .parse::<shakmaty::uci::UciMove>()
            .ok()?
            .to_move(&pos)
            .ok()?;
        let (e, t) = (san_in(&pos, m, english()), san_in(&pos, m, it));
        // Black's number only before the line's first move.
        let number = if pos.turn() == Color::White || i == 0 {
            crate::notation::render::numbered(&pos, "")
        } else {
            String::new()
        };
        en_line.push(format!("{number}{e}"));
        it_line.push(format!("{number}{t}"));
        pos.play_unchecked(m);
    }
    Some(Msg::written(en_line.join(" "), it_line.join(" ")))
}

/// The legal move that leads from one position to the next, if one does.
pub fn move_between(from: &Chess, to: &Chess) -> Option<Move> {
    let k = key(to);
    from.legal_moves().into_iter().find(|&m| {
        let mut p = from.clone();
        p.play_unchecked(m);
        key(&p) == k
    })
}

/// The same position with another move number.
pub fn renumber(pos: &Chess, fullmoves: u32) -> Chess {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    let Some(n) = std::num::NonZeroU32::new(fullmoves) else {
        return pos.clone();
    };
    setup.fullmoves = n;
    let mode = pos.castles().mode();
    shakmaty::Chess::from_setup(setup, mode)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .unwrap_or_else(|_| pos.clone())
}

/// The same position with the other side to move, when that is a legal position.
pub fn other_side_to_move(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    Chess::from_setup(setup, pos.castles().mode()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::fen_pos as pos;

    #[test]
    fn moves_in_each_reports_notation() {
        let p = pos("4k3/8/5q2/6K1/8/8/8/8 w - - 0 60");
        let m = p
            .legal_moves()
            .into_iter()
            .find(|m| m.is_capture())
            .unwrap();
        let l = move_label(&p, m);
        assert_eq!(l.en, "60.Kxf6");
        assert_eq!(l.it, "60.Rxf6");
        assert_eq!(
            label(&pos("4k3/8/8/8/8/8/8/4K3 b - - 0 7"), "Kd7"),
            "7...Kd7"
        );
    }

    #[test]
    fn helpmate_lines_are_numbered_san() {
        let p = pos("7k/8/6K1/8/8/8/8/R7 b - - 0 50");
        let l = helpmate_line(&p, &["h8g8".into(), "a1a8".into()]).unwrap();
        assert_eq!(l.en, "50...Kg8 51.Ra8#");
        assert_eq!(l.it, "50...Rg8 51.Ta8#");
        assert!(helpmate_line(&p, &["zz".into()]).is_none());
        assert!(helpmate_line(&p, &[]).is_none());
    }

    #[test]
    fn positions_renumbered_and_turned() {
        let p = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(renumber(&p, 41).fullmoves().get(), 41);
        // Move 0 does not exist: the position is kept as it was.
        assert_eq!(renumber(&p, 0).fullmoves().get(), 1);
        let t = other_side_to_move(&p).unwrap();
        assert_eq!(t.turn(), Color::Black);
        // A side to move that could capture the king is no legal position.
        assert!(other_side_to_move(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")).is_some());
        assert!(other_side_to_move(&pos("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")).is_none());
        let q = pos("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
        let after = {
            let mut x = p.clone();
            x.play_unchecked(move_between(&p, &pos("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")).unwrap());
            x
        };
        assert_eq!(fen(&after), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
        assert!(move_between(&p, &q).is_none());
    }
}
