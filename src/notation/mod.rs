//! From bytes to tokens: encodings, game boundaries, tags, movetext, and the grammar of a
//! written move; and the other way, a move written in a language's letters ([`render`]).
//! Nothing here decides what is legal; replay decides what a written move means.
//!
//! ```
//! use scoresheet::notation::game::parse_game;
//! let game = parse_game("[White \"Rossi\"]\n\n1. e4 e5 2. Cf3 *");
//! assert_eq!(game.tag("White"), Some("Rossi"));
//! assert!(game.tokens.len() > 3);
//! ```

pub mod decode;
pub mod game;
pub mod languages;
pub mod moves;
pub mod movetext;
pub mod render;
pub mod split;
pub mod tags;

/// The text of every `.pgn` of the bundled corpora and, when it is beside the checkout, of
/// `../shared/corpora` (for the tests that compare fast paths with the rules).
#[cfg(test)]
pub(crate) fn corpus_texts() -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                let bytes = std::fs::read(&p).unwrap_or_default();
                out.push(String::from_utf8_lossy(&bytes).into_owned());
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    walk(&root.join("corpora"), &mut out);
    walk(&root.join("../shared/corpora"), &mut out);
    out
}
