//! The two languages of the report: English and Italian (`--report-lang it`). Every message
//! an arbiter reads is kept in both, so that one audit can be printed in either.

//!
//! ```ignore
//! use scoresheet::envelope::text::{player, ReportLang};
//! use shakmaty::Color;
//! let m = player(Color::Black, Some("Bianchi"));
//! assert_eq!(m.get(ReportLang::En), "Black (Bianchi)");
//! assert_eq!(m.get(ReportLang::It), "il Nero (Bianchi)");
//! ```

use crate::message::Message;
use serde::Serialize;
use shakmaty::{Chess, Color, Move};

use super::moves::move_label;
use crate::laws::ending::EndKind;

/// The language the report is printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ReportLang {
    #[default]
    En,
    It,
}

impl ReportLang {
    pub fn from_code(code: &str) -> Option<ReportLang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Some(ReportLang::En),
            "it" | "italiano" | "italian" => Some(ReportLang::It),
            _ => None,
        }
    }
}

/// A message as written in English and in Italian: a catalogue message rendered in each
/// language ([`Msg::say`]), or data that reads the same in both ([`Msg::same`]).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Msg {
    pub en: String,
    pub it: String,
}

impl Msg {
    /// A catalogue message, written in each language by its catalogue.
    pub fn say(m: Message) -> Msg {
        Msg {
            en: m.render(ReportLang::En),
            it: m.render(ReportLang::It),
        }
    }

    /// Text already written in each language: a move in each notation, a list of messages
    /// already said. Never words of its own; those are [`Msg::say`]'s.
    pub fn written(en: impl Into<String>, it: impl Into<String>) -> Msg {
        Msg {
            en: en.into(),
            it: it.into(),
        }
    }

    /// The same text in both languages (a FEN, a move, a name).
    pub fn same(s: impl Into<String>) -> Msg {
        let s = s.into();
        Msg {
            en: s.clone(),
            it: s,
        }
    }

    pub fn get(&self, lang: ReportLang) -> &str {
        match lang {
            ReportLang::En => &self.en,
            ReportLang::It => &self.it,
        }
    }

    /// Join messages with a separator (per language).
    pub fn join(parts: &[Msg], sep: &str) -> Msg {
        Msg {
            en: parts
                .iter()
                .map(|m| m.en.as_str())
                .collect::<Vec<_>>()
                .join(sep),
            it: parts
                .iter()
                .map(|m| m.it.as_str())
                .collect::<Vec<_>>()
                .join(sep),
        }
    }

    /// Join messages with the catalogue's message `sep` between them (`, then ` / `, poi `).
    pub fn join_said(parts: &[Msg], sep: &'static str) -> Msg {
        let sep = Msg::say(Message::new(sep));
        Msg {
            en: parts
                .iter()
                .map(|m| m.en.as_str())
                .collect::<Vec<_>>()
                .join(&sep.en),
            it: parts
                .iter()
                .map(|m| m.it.as_str())
                .collect::<Vec<_>>()
                .join(&sep.it),
        }
    }

    /// Append another message (per language).
    pub fn push(&mut self, other: &Msg) {
        self.en.push_str(&other.en);
        self.it.push_str(&other.it);
    }
}

/// The key of a side in the catalogues' word tables (`[words.side]` and its forms).
pub use crate::laws::result::side as side_key;

/// A side in one of its forms, by the catalogue's message `id`.
fn side_as(id: &'static str, c: Color) -> Msg {
    Msg::say(Message::new(id).word("side", side_key(c)))
}

/// `White` / `il Bianco`.
pub fn side(c: Color) -> Msg {
    side_as("side", c)
}

impl Message {
    /// With an argument already said in each language (a side, a move, a sentence of the
    /// envelope's).
    pub fn said(self, name: &'static str, m: &Msg) -> Message {
        self.both(name, &m.en, &m.it)
    }
}

/// `White` / `Bianco`, without the article.
pub fn side_bare(c: Color) -> Msg {
    side_as("side_bare", c)
}

/// `white` / `black`: the machine id.
pub fn side_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A side in one of its forms with its player's name when known: the message `id` without
/// the name, `named` with it.
fn player_as(id: &'static str, named: &'static str, c: Color, name: Option<&str>) -> Msg {
    match name {
        Some(n) if !n.trim().is_empty() => Msg::say(
            Message::new(named)
                .word("side", side_key(c))
                .text("name", n),
        ),
        _ => side_as(id, c),
    }
}

/// A side with its player's name when known: `Black (Bianchi)` / `il Nero (Bianchi)`.
pub fn player(c: Color, name: Option<&str>) -> Msg {
    player_as("side", "player_named", c, name)
}

/// Capitalised form of [`player`].
pub fn player_cap(c: Color, name: Option<&str>) -> Msg {
    player_as("side_cap", "player_cap_named", c, name)
}

/// Seconds as `h:mm:ss`.
pub fn clock(seconds: u64) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        (seconds / 60) % 60,
        seconds % 60
    )
}

/// [`player`] after `di` in Italian: `White (Rossi)` / `del Bianco (Rossi)`.
pub fn player_of(c: Color, name: Option<&str>) -> Msg {
    player_as("side_of", "player_of_named", c, name)
}

/// [`player`] after `da` in Italian: `White (Rossi)` / `dal Bianco (Rossi)`.
pub fn player_by(c: Color, name: Option<&str>) -> Msg {
    player_as("side_by", "player_by_named", c, name)
}

/// How a game ends by itself, in the words of Articles 5 and 9.6.
pub fn ending_words(ending: EndKind) -> Msg {
    match ending {
        EndKind::Checkmate => Msg::say(Message::new("ending_checkmate")),
        EndKind::Stalemate => Msg::say(Message::new("ending_stalemate")),
        EndKind::DeadPosition => Msg::say(Message::new("ending_dead_position")),
        EndKind::SeventyFiveMoves => Msg::say(Message::new("ending_seventy_five_moves")),
        EndKind::Fivefold => Msg::say(Message::new("ending_fivefold")),
    }
}

/// When a game had ended before the adjournment: in the position before the sealed move
/// (`ply` none), or after the move `by` at `ply` of the scoresheets.
pub fn when_ended(ply: Option<usize>, by: Option<&(Chess, Move)>) -> Msg {
    match ply {
        None => Msg::say(Message::new("ended_before_sealed_move")),
        Some(i) => {
            let by = by.map(|(p, m)| move_label(p, *m)).unwrap_or_default();
            Msg::say(Message::new("ended_after_ply").said("by", &by).text("i", i))
        }
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::envelope::text::{player, ReportLang};
        use shakmaty::Color;
        let m = player(Color::Black, Some("Bianchi"));
        assert_eq!(m.get(ReportLang::En), "Black (Bianchi)");
        assert_eq!(m.get(ReportLang::It), "il Nero (Bianchi)");
    }
}
