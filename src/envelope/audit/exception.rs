//! The exception of Art. 6.9, which Guideline I.8 names: a player who would lose does not
//! when his opponent cannot checkmate him by any series of legal moves. When it does not
//! apply, the audit says why, with the opponent's helpmate line.

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{uci::UciMove, Chess, Color, Position};

use super::Audit;
use crate::{
    envelope::{
        moves::helpmate_line,
        text::{side, Msg},
    },
    laws::{dead::CanMate, helpmate},
};

/// Record why the exception of Art. 6.9 does not apply (a note, and a shorter sentence for
/// the paragraph read aloud when the helpmate line is long).
pub(super) fn reject_exception(a: &mut Audit, p: &Chess, color: Color, mate: &CanMate) {
    let line = shown_line(p, color, mate);
    let full = can_still_mate(p, color, line.as_deref(), usize::MAX);
    let aloud = can_still_mate(p, color, line.as_deref(), ALOUD_PLIES);
    a.notes.push(full.clone());
    a.exception_rejected = Some(full);
    a.exception_rejected_aloud = Some(aloud);
}

/// The longest helpmate line read aloud, in plies.
const ALOUD_PLIES: usize = 12;

/// The helpmate line the notes give when `color` can mate, in UCI: the one `scoresheet
/// position` gives for the same position ([`helpmate::shown`], from the solver's witness),
/// not the witness itself, which wanders (62 plies and four promotions in a middlegame).
fn shown_line(p: &Chess, color: Color, mate: &CanMate) -> Option<Vec<String>> {
    let CanMate::Yes(witness) = mate else {
        return None;
    };
    let line = helpmate::shown(p, witness, color)?;
    let mode = p.castles().mode();
    Some(
        line.iter()
            .map(|&m| UciMove::from_move(m, mode).to_string())
            .collect(),
    )
}

/// Why the exception of Art. 6.9 (the opponent cannot checkmate) does not apply: `color`
/// can still checkmate by a series of legal moves — `line` (UCI), in each report's notation
/// — or the search could not show that it cannot (`line` is `None`).
fn can_still_mate(p: &Chess, color: Color, uci: Option<&[String]>, max_plies: usize) -> Msg {
    let line = uci.and_then(|u| helpmate_line(p, u));
    let other = !color;
    let long = line.is_some() && uci.is_some_and(|u| u.len() > max_plies);
    if long {
        return Msg::say(
            Message::new("exception_rejected_line_in_notes")
                .said("side", &side(color))
                .word("side2", side_key(other)),
        );
    }
    match line {
        Some(l) => Msg::say(
            Message::new("exception_rejected_line")
                .said("side", &side(color))
                .word("side2", side_key(other))
                .said("l", &l),
        ),
        None => Msg::say(
            Message::new("exception_not_applied")
                .said("side", &side(color))
                .word("side2", side_key(other)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::fen_pos as pos;

    #[test]
    fn a_long_helpmate_line_stays_in_the_notes() {
        let p = pos("7k/8/6K1/8/8/8/8/R7 b - - 0 50");
        let mate = ["h8g8".to_string(), "a1a8".to_string()];
        let full = can_still_mate(&p, Color::White, Some(&mate), usize::MAX);
        assert!(
            full.en.ends_with("for instance 50...Kg8 51.Ra8#"),
            "{}",
            full.en
        );
        assert!(full.it.contains("al Nero"), "{}", full.it);
        let short = can_still_mate(&p, Color::White, Some(&mate), 1);
        assert!(
            short.en.contains("a line is given in the notes"),
            "{}",
            short.en
        );
        let unknown = can_still_mate(&p, Color::White, None, 12);
        assert!(
            unknown.en.contains("the search did not show"),
            "{}",
            unknown.en
        );
    }

    /// Issue 34, item 11: the notes gave the solver's witness (66 plies here, in an opening
    /// position), `scoresheet position` another line (30 plies). Both now give one line,
    /// the same.
    #[test]
    fn the_notes_give_the_line_position_gives() {
        use crate::laws::{dead, position};
        let fen = "rnb1kb1r/pp1pqp1p/5n2/2p1N1p1/3PP3/2N5/PPP2PPP/R1BQKB1R w KQkq c6 0 6";
        let p = pos(fen);
        let mate = dead::can_mate(&p, Color::Black, dead::Depth::Full);
        let CanMate::Yes(witness) = &mate else {
            panic!("Black can mate: {mate:?}");
        };
        let judged = position::judge(fen).black_helpmate_uci.expect("a line");
        let line = shown_line(&p, Color::Black, &mate).expect("a line");
        assert_eq!(line, judged);
        assert!(line.len() < witness.len(), "{} plies", line.len());
        let full = can_still_mate(&p, Color::Black, Some(&line), usize::MAX);
        let written = helpmate_line(&p, &line).expect("it replays");
        assert!(full.en.ends_with(&written.en), "{}", full.en);
        assert!(full.it.ends_with(&written.it), "{}", full.it);
    }
}
