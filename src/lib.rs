//! `scoresheet` reads chess games the way players and arbiters write them, replays them under
//! the FIDE Laws of Chess, and says precisely what is wrong with them.
//!
//! Data flows one way: bytes → [`notation`] (game boundaries, tags, movetext tokens, piece
//! letters of every language) → [`replay`] (positions, language detection, resolution of each
//! written move against the legal moves) → [`finding::Finding`]s → [`report`].

pub mod envelope;
pub mod export;
pub mod finding;
pub mod input;
pub mod laws;
pub mod notation;
pub mod repair;
pub mod replay;
pub mod report;
pub mod shard;
