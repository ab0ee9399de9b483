//! The exception of Art. 6.9, which Guideline I.8 names: a player who would lose does not
//! when his opponent cannot checkmate him by any series of legal moves. When it does not
//! apply, the audit says why, with the opponent's helpmate line.

use shakmaty::{Chess, Color};

use super::Audit;
use crate::{
    envelope::{
        moves::helpmate_line,
        text::{side, side_al, Msg},
    },
    laws::dead::CanMate,
};

/// Record why the exception of Art. 6.9 does not apply (a note, and a shorter sentence for
/// the paragraph read aloud when the helpmate line is long).
pub(super) fn reject_exception(a: &mut Audit, p: &Chess, color: Color, mate: &CanMate) {
    let full = can_still_mate(p, color, mate, usize::MAX);
    let aloud = can_still_mate(p, color, mate, ALOUD_PLIES);
    a.notes.push(full.clone());
    a.exception_rejected = Some(full);
    a.exception_rejected_aloud = Some(aloud);
}

/// The longest helpmate line read aloud, in plies.
const ALOUD_PLIES: usize = 12;

/// Why the exception of Art. 6.9 (the opponent cannot checkmate) does not apply: `color`
/// can still checkmate by a series of legal moves — the solver's helpmate line, in each
/// report's notation — or the search could not show that it cannot.
fn can_still_mate(p: &Chess, color: Color, mate: &CanMate, max_plies: usize) -> Msg {
    let line = match mate {
        CanMate::Yes(uci) => helpmate_line(p, uci),
        _ => None,
    };
    let other = !color;
    let long = matches!(mate, CanMate::Yes(uci) if uci.len() > max_plies);
    if long {
        return Msg::new(
            format!(
                "the exception of Article 6.9 does not apply: {} can still checkmate {} by a series of legal moves (a line is given in the notes)",
                side(color).en,
                side(other).en
            ),
            format!(
                "l'eccezione dell'Articolo 6.9 non si applica: {} può ancora dare scaccomatto {} con una serie di mosse legali (una sequenza è indicata nelle note)",
                side(color).it,
                side_al(other)
            ),
        );
    }
    match line {
        Some(l) => Msg::new(
            format!(
                "the exception of Article 6.9 does not apply: {} can still checkmate {} by a series of legal moves, for instance {}",
                side(color).en,
                side(other).en,
                l.en
            ),
            format!(
                "l'eccezione dell'Articolo 6.9 non si applica: {} può ancora dare scaccomatto {} con una serie di mosse legali, per esempio {}",
                side(color).it,
                side_al(other),
                l.it
            ),
        ),
        None => Msg::new(
            format!(
                "the exception of Article 6.9 is not applied: the search did not show that {} cannot checkmate {} by any series of legal moves",
                side(color).en,
                side(other).en
            ),
            format!(
                "l'eccezione dell'Articolo 6.9 non si applica: la ricerca non ha mostrato che {} non può dare scaccomatto {} con alcuna serie di mosse legali",
                side(color).it,
                side_al(other)
            ),
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
        let mate = CanMate::Yes(vec!["h8g8".into(), "a1a8".into()]);
        let full = can_still_mate(&p, Color::White, &mate, usize::MAX);
        assert!(
            full.en.ends_with("for instance 50...Kg8 51.Ra8#"),
            "{}",
            full.en
        );
        assert!(full.it.contains("al Nero"), "{}", full.it);
        let short = can_still_mate(&p, Color::White, &mate, 1);
        assert!(
            short.en.contains("a line is given in the notes"),
            "{}",
            short.en
        );
        let unknown = can_still_mate(&p, Color::White, &CanMate::Unknown, 12);
        assert!(
            unknown.en.contains("the search did not show"),
            "{}",
            unknown.en
        );
    }
}
