//! From bytes to tokens: encodings, game boundaries, tags, movetext, and the grammar of a
//! written move. Nothing here knows the rules of chess; replay decides what a move means.

pub mod decode;
pub mod game;
pub mod languages;
pub mod moves;
pub mod movetext;
pub mod split;
pub mod tags;
