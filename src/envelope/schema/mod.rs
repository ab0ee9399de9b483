//! The envelope file: a TOML document with one key per item of Guideline I.2, the sealed
//! move as written and the two scoresheets (`grammar/envelope.md` describes every key).
//! Keys may be written in English or Italian (`white`/`bianco`, `sealed_move`/
//! `mossa_sigillata`, ...). An unknown key, a TOML syntax error or a value of the wrong
//! type is a [`Malformed`] envelope; an item that is missing or cannot be read is an
//! [`ItemError`] and the audit goes on without it.//!
//! Rooms: `raw` (the TOML document as written, and why it cannot be read), `values` (sides,
//! colours and move numbers as people write them), `items` (each item read and checked),
//! `read` (the whole envelope).
//!
//! ```
//! use scoresheet::envelope::schema::{read, PositionSpec};
//! use shakmaty::Color;
//! let env = read(
//!     "bianco = \"Rossi\"\nposizione = \"dopo la mossa 40 del Nero\"\n",
//!     std::path::Path::new("."),
//! )
//! .unwrap();
//! assert_eq!(env.key_name("white"), "bianco");
//! let position = env.position.as_ref().map(|i| &i.value);
//! assert!(matches!(
//!     position,
//!     Some(PositionSpec::After { number: 40, side: Some(Color::Black) })
//! ));
//! // An item not written is an error of the envelope, named as its other keys are.
//! let sealer = env.errors.iter().find(|e| e.item == "sealer").unwrap();
//! assert!(sealer.message.en.contains("`sigillante`"), "{}", sealer.message.en);
//! ```

mod items;
mod raw;
mod read;
mod values;

use std::path::PathBuf;

use shakmaty::{Chess, Color};

use super::{clock::TimeControl, dates::Date, text::Msg};
use crate::notation::languages::Language;
pub use raw::line_of;
pub use read::read;
pub use values::colour_word;

/// Every key, its Italian aliases, the Guideline item it records and what it is.
pub const KEYS: &[(&str, &[&str], &str, &str)] = &[
    ("white", &["bianco"], "I.2.1", "the name of the player with White"),
    ("black", &["nero"], "I.2.1", "the name of the player with Black"),
    ("position", &["posizione"], "I.2.2", "the position immediately before the sealed move: a FEN, or `after N` (after move N of the scoresheets)"),
    ("white_time", &["tempo_bianco"], "I.2.3", "the time used by White"),
    ("black_time", &["tempo_nero"], "I.2.3", "the time used by Black"),
    ("time_control", &["cadenza", "controllo_tempo"], "6.3.1", "the time control (PGN TimeControl syntax)"),
    ("sealer", &["sigillante", "sigillata_da", "sealed_by"], "I.2.4", "the player who sealed the move (name, or White/Black)"),
    ("sealed_move_number", &["numero_mossa_sigillata", "numero_mossa"], "I.2.5", "the number of the sealed move"),
    ("draw_offer", &["offerta_patta", "offerta_di_patta"], "I.2.6", "a draw offer still standing: who made it (name, or White/Black), or `none`"),
    ("resumption_date", &["data_ripresa"], "I.2.7", "the date of resumption (and its time)"),
    ("resumption_time", &["ora_ripresa"], "I.2.7", "the time of resumption"),
    ("resumption_place", &["luogo_ripresa"], "I.2.7", "the place of resumption"),
    ("sealed_move", &["mossa_sigillata"], "I.1.1", "the sealed move exactly as written"),
    ("white_scoresheet", &["formulario_bianco"], "I.1.1", "White's scoresheet, inline"),
    ("black_scoresheet", &["formulario_nero"], "I.1.1", "Black's scoresheet, inline"),
    ("white_scoresheet_file", &["file_formulario_bianco"], "I.1.1", "White's scoresheet, a file (relative to the envelope)"),
    ("black_scoresheet_file", &["file_formulario_nero"], "I.1.1", "Black's scoresheet, a file (relative to the envelope)"),
    ("event", &["evento", "torneo"], "", "the event"),
    ("round", &["turno"], "", "the round"),
    ("board", &["scacchiera"], "", "the board"),
    ("arbiter", &["arbitro"], "", "the arbiter"),
    ("language", &["lingua"], "", "the notation language of the scoresheets and sealed move, when not detected"),
    ("notes", &["note"], "", "free notes"),
];

/// The article an item key records.
pub fn article_of(key: &str) -> &'static str {
    KEYS.iter()
        .find(|(k, aliases, ..)| *k == key || aliases.contains(&key))
        .map_or("", |(_, _, a, _)| a)
}

fn canonical(key: &str) -> Option<&'static str> {
    KEYS.iter()
        .find(|(k, aliases, ..)| *k == key || aliases.contains(&key))
        .map(|(k, ..)| *k)
}

/// An item's value and the line it is written on.
#[derive(Debug, Clone)]
pub struct Item<T> {
    pub value: T,
    pub line: usize,
}

/// The position before the sealed move as recorded (I.2.2).
#[derive(Debug, Clone)]
pub enum PositionSpec {
    /// A FEN, set up as a legal position; `notes` says what was dropped from it (castling
    /// rights or an en passant square that do not fit).
    Fen {
        text: String,
        pos: Box<Chess>,
        notes: Vec<&'static str>,
    },
    /// After move `number` of the scoresheets; `side`: whose move `number` (none written:
    /// the side that did not seal, i.e. the move just before the sealed one).
    After { number: u32, side: Option<Color> },
}

/// Where a scoresheet is.
#[derive(Debug, Clone)]
pub enum Source {
    Inline(String),
    File(PathBuf),
}

/// A side named on the envelope: by colour, or by a player's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub side: Color,
    /// Whether the text was a player's name (not a colour word).
    pub by_name: bool,
}

/// An item that is missing or cannot be read: the envelope is not well-formed, but the
/// audit goes on without it.
#[derive(Debug, Clone)]
pub struct ItemError {
    /// The item's key (canonical English name).
    pub item: &'static str,
    pub article: &'static str,
    pub line: Option<usize>,
    pub message: Msg,
}

/// An envelope that cannot be read at all: TOML syntax, an unknown key, a value of the
/// wrong type.
#[derive(Debug, Clone)]
pub struct Malformed {
    /// The key concerned, when one is.
    pub item: Option<String>,
    pub line: Option<usize>,
    /// Why, in English.
    pub message: String,
    /// The same message in Italian (`--report-lang it`).
    pub message_it: String,
}

impl Malformed {
    /// Why the envelope cannot be read, said in each language.
    pub(crate) fn new(item: Option<String>, line: Option<usize>, why: Msg) -> Malformed {
        Malformed {
            item,
            line,
            message: why.en,
            message_it: why.it,
        }
    }

    /// Why, in `lang`.
    pub fn said(&self, lang: crate::envelope::text::ReportLang) -> &str {
        match lang {
            crate::envelope::text::ReportLang::En => &self.message,
            crate::envelope::text::ReportLang::It => &self.message_it,
        }
    }
}

/// The envelope's items, each read and checked on its own.
#[derive(Debug, Clone, Default)]
pub struct Envelope {
    pub white: Option<Item<String>>,
    pub black: Option<Item<String>>,
    pub position: Option<Item<PositionSpec>>,
    /// Seconds used.
    pub white_time: Option<Item<u64>>,
    pub black_time: Option<Item<u64>>,
    /// `None` inside: written as `-` or `?` (no control, or unknown).
    pub time_control: Option<Item<Option<TimeControl>>>,
    pub sealer: Option<Item<Named>>,
    /// The number, and the side when written with dots (`41...`).
    pub sealed_number: Option<Item<(u32, Option<Color>)>>,
    /// `None` inside: no offer stands.
    pub draw_offer: Option<Item<Option<Named>>>,
    pub resumption_date: Option<Item<Date>>,
    pub resumption_time: Option<Item<(u32, u32)>>,
    pub resumption_place: Option<Item<String>>,
    pub sealed_move: Option<Item<String>>,
    /// White's, Black's.
    pub scoresheets: [Option<Item<Source>>; 2],
    pub language: Option<&'static Language>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub board: Option<String>,
    pub arbiter: Option<String>,
    pub notes: Option<String>,
    pub errors: Vec<ItemError>,
    /// The keys as written (canonical key, key as written), so that reports name them as
    /// the user did (`data_ripresa`, not `resumption_date`).
    pub keys: Vec<(&'static str, String)>,
    /// Whether most keys are written in Italian: items not written are then named by
    /// their Italian alias.
    pub italian_keys: bool,
}

impl Envelope {
    /// An item's key as the user wrote it; for an item not written, in the language of
    /// the envelope's keys.
    pub fn key_name(&self, item: &str) -> String {
        if let Some((_, k)) = self.keys.iter().find(|(c, _)| *c == item) {
            return k.clone();
        }
        if self.italian_keys {
            if let Some((_, aliases, ..)) = KEYS.iter().find(|(k, ..)| *k == item) {
                if let Some(a) = aliases.first() {
                    return (*a).to_string();
                }
            }
        }
        item.to_string()
    }

    pub fn name(&self, side: Color) -> Option<&str> {
        match side {
            Color::White => self.white.as_ref(),
            Color::Black => self.black.as_ref(),
        }
        .map(|i| i.value.as_str())
    }

    fn error(&mut self, item: &'static str, line: Option<usize>, message: Msg) {
        self.errors.push(ItemError {
            item,
            article: article_of(item),
            line,
            message,
        });
    }
}

/// The canonical key for a key as written (English or Italian), if it is one.
pub fn canonical_key(key: &str) -> Option<&'static str> {
    canonical(key)
}
