//! Values as people write them on an envelope: a side by colour or by a player's name, the
//! position as `after 40...` / `dopo la mossa 40 del Nero`.

use crate::message::Message;
use shakmaty::Color;

use super::Named;
use crate::envelope::text::Msg;

fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A colour word: `white`, `bianco`, `w`, `black`, `nero`, `n`.
pub fn colour_word(s: &str) -> Option<Color> {
    let w = words(s);
    let w: Vec<&str> = w
        .iter()
        .map(String::as_str)
        .filter(|x| {
            !matches!(
                *x,
                "il" | "the" | "player" | "giocatore" | "col" | "con" | "di" | "del"
            )
        })
        .collect();
    match w.as_slice() {
        ["white"] | ["bianco"] | ["w"] => Some(Color::White),
        ["black"] | ["nero"] | ["n"] => Some(Color::Black),
        _ => None,
    }
}

/// A side named by colour or by a player's name (the whole name, or words of one name
/// only: `Rossi` names `Rossi, Mario`).
pub(super) fn named(s: &str, white: Option<&str>, black: Option<&str>) -> Result<Named, Msg> {
    if let Some(c) = colour_word(s) {
        return Ok(Named {
            side: c,
            by_name: false,
        });
    }
    let given = words(s);
    if given.is_empty() {
        return Err(Msg::say(Message::new("values_empty")));
    }
    let fits = |name: Option<&str>| -> bool {
        name.is_some_and(|n| {
            let nw = words(n);
            given.iter().all(|g| nw.contains(g))
        })
    };
    match (fits(white), fits(black)) {
        (true, false) => Ok(Named {
            side: Color::White,
            by_name: true,
        }),
        (false, true) => Ok(Named {
            side: Color::Black,
            by_name: true,
        }),
        (true, true) => Err(Msg::say(
            Message::new("values_fits_both_players_names").text("value", s),
        )),
        (false, false) => {
            let names = match (white, black) {
                (Some(w), Some(b)) => format!(" (`{w}`, `{b}`)"),
                _ => String::new(),
            };
            Err(Msg::say(
                Message::new("values_neither_white_nor_black")
                    .text("value", s)
                    .text("names", names),
            ))
        }
    }
}

/// `after 40`, `after 40...`, `after move 40 of Black`, `dopo la mossa 40 del Nero`, `40`.
pub(super) fn after_move(s: &str) -> Option<(u32, Option<Color>)> {
    let lower = s.trim().to_lowercase();
    let rest = ["after", "dopo"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .unwrap_or(&lower);
    let digits: String = rest
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    let number: u32 = digits.parse().ok()?;
    // Only words we know may stand around the number.
    for w in words(rest) {
        let known = w.chars().all(|c| c.is_ascii_digit())
            || matches!(
                w.as_str(),
                "move"
                    | "mossa"
                    | "la"
                    | "of"
                    | "del"
                    | "di"
                    | "white"
                    | "bianco"
                    | "black"
                    | "nero"
                    | "white's"
                    | "black's"
                    | "the"
                    | "th"
                    | "st"
                    | "nd"
                    | "rd"
                    | "esima"
                    | "a"
            );
        if !known && !w.ends_with("th") {
            return None;
        }
    }
    let side = if rest.contains("...") || rest.contains('…') {
        Some(Color::Black)
    } else if rest.contains("white") || rest.contains("bianco") {
        Some(Color::White)
    } else if rest.contains("black") || rest.contains("nero") {
        Some(Color::Black)
    } else if rest.trim_end().ends_with(&format!("{digits}.")) {
        Some(Color::White)
    } else {
        None
    };
    Some((number, side))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_forms() {
        assert_eq!(after_move("after 40"), Some((40, None)));
        assert_eq!(after_move("after 40..."), Some((40, Some(Color::Black))));
        assert_eq!(after_move("after 40."), Some((40, Some(Color::White))));
        assert_eq!(
            after_move("dopo la mossa 40 del Nero"),
            Some((40, Some(Color::Black)))
        );
        assert_eq!(
            after_move("after White's 40th move"),
            Some((40, Some(Color::White)))
        );
        assert_eq!(after_move("40"), Some((40, None)));
        assert_eq!(after_move("rnbqkbnr"), None);
        assert_eq!(after_move("after lunch"), None);
    }

    #[test]
    fn names_and_colours() {
        // `Bianchi` is a surname, not the colour
        let n = named("Bianchi", Some("Rossi, Mario"), Some("Bianchi, Luca")).unwrap();
        assert_eq!(n.side, Color::Black);
        let n = named("Rossi", Some("Rossi, Mario"), Some("Bianchi, Luca")).unwrap();
        assert_eq!(n.side, Color::White);
        assert!(n.by_name);
        assert_eq!(named("il Nero", None, None).unwrap().side, Color::Black);
        assert!(named("Verdi", Some("Rossi"), Some("Bianchi")).is_err());
        assert!(named("Mario", Some("Rossi, Mario"), Some("Bianchi, Mario")).is_err());
    }
}
