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

/// A message in English and Italian.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Msg {
    pub en: String,
    pub it: String,
}

impl Msg {
    pub fn new(en: impl Into<String>, it: impl Into<String>) -> Msg {
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

    /// Append another message (per language).
    pub fn push(&mut self, other: &Msg) {
        self.en.push_str(&other.en);
        self.it.push_str(&other.it);
    }
}

/// `White` / `Bianco`.
pub fn side(c: Color) -> Msg {
    match c {
        Color::White => Msg::new("White", "il Bianco"),
        Color::Black => Msg::new("Black", "il Nero"),
    }
}

/// `White` / `Bianco`, capitalised in both languages (for the start of a sentence or a
/// label).
pub fn side_cap(c: Color) -> Msg {
    match c {
        Color::White => Msg::new("White", "Il Bianco"),
        Color::Black => Msg::new("Black", "Il Nero"),
    }
}

/// `al Bianco`, `al Nero`.
pub fn side_al(c: Color) -> &'static str {
    if c == Color::White {
        "al Bianco"
    } else {
        "al Nero"
    }
}

/// `white` / `black`: the machine id.
pub fn side_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A side with its player's name when known: `Black (Bianchi)` / `il Nero (Bianchi)`.
pub fn player(c: Color, name: Option<&str>) -> Msg {
    let s = side(c);
    match name {
        Some(n) if !n.trim().is_empty() => {
            Msg::new(format!("{} ({n})", s.en), format!("{} ({n})", s.it))
        }
        _ => s,
    }
}

/// Capitalised form of [`player`].
pub fn player_cap(c: Color, name: Option<&str>) -> Msg {
    let s = side_cap(c);
    match name {
        Some(n) if !n.trim().is_empty() => {
            Msg::new(format!("{} ({n})", s.en), format!("{} ({n})", s.it))
        }
        _ => s,
    }
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
    let p = player(c, name);
    Msg::new(p.en, p.it.replacen("il ", "del ", 1))
}

/// [`player`] after `da` in Italian: `White (Rossi)` / `dal Bianco (Rossi)`.
pub fn player_by(c: Color, name: Option<&str>) -> Msg {
    let p = player(c, name);
    Msg::new(p.en, p.it.replacen("il ", "dal ", 1))
}

/// How a game ends by itself, in the words of Articles 5 and 9.6.
pub fn ending_words(ending: EndKind) -> Msg {
    match ending {
        EndKind::Checkmate => Msg::new("checkmate", "scaccomatto"),
        EndKind::Stalemate => Msg::new("stalemate", "stallo"),
        EndKind::DeadPosition => Msg::new(
            "a dead position (neither player can checkmate by any series of legal moves)",
            "una posizione morta (nessuno dei due può dare scaccomatto con alcuna serie di mosse legali)",
        ),
        EndKind::SeventyFiveMoves => Msg::new(
            "seventy-five moves by each player without a pawn move or a capture",
            "settantacinque mosse per parte senza spinte di pedone né catture",
        ),
        EndKind::Fivefold => Msg::new(
            "the fifth occurrence of the same position",
            "la stessa posizione apparsa per la quinta volta",
        ),
    }
}

/// When a game had ended before the adjournment: in the position before the sealed move
/// (`ply` none), or after the move `by` at `ply` of the scoresheets.
pub fn when_ended(ply: Option<usize>, by: Option<&(Chess, Move)>) -> Msg {
    match ply {
        None => Msg::new(
            "in the position before the sealed move",
            "nella posizione prima della mossa sigillata",
        ),
        Some(i) => {
            let by = by.map(|(p, m)| move_label(p, *m)).unwrap_or_default();
            Msg::new(
                format!("after {} (ply {i} of the scoresheets)", by.en),
                format!("dopo {} (semimossa {i} dei formulari)", by.it),
            )
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
