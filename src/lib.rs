//! `scoresheet` reads chess games the way players and arbiters write them, replays them under
//! the FIDE Laws of Chess, and says precisely what is wrong with them.
//!
//! Data flows one way, and the modules are named after it:
//!
//! bytes → [`input`] (files, directories, decompression) and [`notation`] (game boundaries,
//! tags, movetext tokens, the piece letters of every language) → [`replay`] (positions,
//! language detection, each written move resolved against the legal moves) → [`laws`] (the
//! FIDE Laws on the replayed game: repetition, move counters, endings, dead positions,
//! results) → [`finding::Finding`]s in a [`replay::GameRecord`] → [`report`] (printers) or
//! [`export`] (PGN in any language). [`bulk`] runs that flow over many files on a thread pool;
//! [`envelope`] audits adjourned-game envelopes; [`shard`] cuts a file for a cluster.
//!
//! ```
//! use scoresheet::{finding::Kind, replay::{validate_text, Options}};
//!
//! // An Italian scoresheet whose 3rd move for White is impossible.
//! let record = validate_text("1. e4 e5 2. Cf3 Cc6 3. Cf5 Cf6 *", &Options::default());
//! assert_eq!(record.lang, "it");
//! assert_eq!(record.status, "error");
//! let f = &record.findings[0];
//! assert_eq!(f.kind, Kind::IllegalMove);
//! assert_eq!(f.ply, 5);
//! assert_eq!(f.move_text.as_deref(), Some("3.Cf5"));
//! ```

pub(crate) mod board;
pub mod bulk;
#[cfg(feature = "cli")]
pub mod cli;
pub mod envelope;
pub mod error;
pub mod export;
pub mod finding;
pub mod i18n;
pub mod input;
pub mod laws;
mod lists;
pub mod message;
pub mod notation;
/// Output files replaced only when a run ends well: the command line's.
#[cfg(feature = "cli")]
pub(crate) mod output;
pub mod prose;
pub mod reason;
pub mod repair;
pub mod replay;
pub mod report;
pub mod result;
pub mod shard;
mod swar;
