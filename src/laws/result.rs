//! The result against the board: a result that contradicts how the game ended (Art. 5), a
//! win on time for a side that cannot checkmate (Art. 6.9: "the game is drawn if the position
//! is such that the opponent cannot checkmate the player's king by any possible series of legal
//! moves"), and a Result tag that differs from the result written in the movetext. The tag
//! and the result after the moves are each held against the board, so that a finding names
//! the one the board contradicts.
//!
//! ```
//! use scoresheet::laws::result::on_time;
//! assert!(on_time(Some("time forfeit")));
//! assert!(!on_time(Some("normal")));
//! ```

use shakmaty::Color;

use super::ending::{EndKind, Termination};

/// A result as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
    Unknown,
}

impl Outcome {
    pub fn parse(s: &str) -> Option<Outcome> {
        // What `normalize_result` makes of a value, matched without writing it out.
        match s.trim() {
            "1-0" | "1–0" | "1 - 0" => Some(Outcome::Win(Color::White)),
            "0-1" | "0–1" | "0 - 1" => Some(Outcome::Win(Color::Black)),
            "1/2-1/2" | "½-½" | "½–½" | "1/2" | "0.5-0.5" | "1/2 - 1/2" => {
                Some(Outcome::Draw)
            }
            "*" => Some(Outcome::Unknown),
            _ => None,
        }
    }
}

/// Why a result contradicts an ending; `None` when it fits. `mated` is the side that was
/// checkmated when the ending is a checkmate; `what` names the result in the message (`the
/// result`, `the Result tag`).
pub fn against_ending(
    result: Outcome,
    end: Termination,
    mated: Option<Color>,
    what: &str,
) -> Option<String> {
    match (end.kind, result) {
        // `*`: the result is not known, which contradicts no ending.
        (_, Outcome::Unknown) => None,
        (EndKind::Checkmate, Outcome::Draw) => {
            Some(format!("{what} is a draw but ply {} is checkmate", end.ply))
        }
        (EndKind::Checkmate, Outcome::Win(w)) if Some(w) == mated => Some(format!(
            "{what} gives the win to {} but {} was checkmated at ply {}",
            side(w),
            side(w),
            end.ply
        )),
        (kind, Outcome::Win(w)) if kind.is_draw() => Some(format!(
            "{what} gives the win to {} but the game was drawn at ply {} by {}",
            side(w),
            end.ply,
            kind.words()
        )),
        _ => None,
    }
}

pub fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Whether a `[Termination]` tag says the game was lost on time.
pub fn on_time(termination_tag: Option<&str>) -> bool {
    termination_tag.is_some_and(|t| {
        let t = t.to_lowercase();
        t.contains("time") || t.contains("flag")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse` reads a value as `normalize_result` writes it out.
    #[test]
    fn parse_as_the_normalized_value() {
        let by_normalizing = |s: &str| match crate::notation::tags::normalize_result(s).as_str() {
            "1-0" => Some(Outcome::Win(Color::White)),
            "0-1" => Some(Outcome::Win(Color::Black)),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        };
        for v in [
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            " 1-0 ",
            "1–0",
            "0–1",
            "1 - 0",
            "0 - 1",
            "½-½",
            "½–½",
            "1/2",
            "0.5-0.5",
            "1/2 - 1/2",
            "\t*\n",
            "",
            "1-1",
            "0-0",
            "½",
            "1/2-1/2 x",
            "?",
        ] {
            assert_eq!(Outcome::parse(v), by_normalizing(v), "{v:?}");
        }
    }

    #[test]
    fn results_against_endings() {
        let mate = Termination {
            kind: EndKind::Checkmate,
            ply: 20,
        };
        assert!(against_ending(Outcome::Win(Color::White), mate, Some(Color::Black), "").is_none());
        assert!(against_ending(Outcome::Win(Color::Black), mate, Some(Color::Black), "").is_some());
        assert!(against_ending(Outcome::Draw, mate, Some(Color::Black), "").is_some());
        assert!(against_ending(Outcome::Unknown, mate, Some(Color::Black), "").is_none());
        let stale = Termination {
            kind: EndKind::Stalemate,
            ply: 9,
        };
        assert!(against_ending(Outcome::Draw, stale, None, "").is_none());
        assert!(against_ending(Outcome::Win(Color::White), stale, None, "").is_some());
        assert_eq!(Outcome::parse("½-½"), Some(Outcome::Draw));
        assert!(on_time(Some("Time forfeit")));
        assert!(!on_time(Some("Normal")));
    }
}
