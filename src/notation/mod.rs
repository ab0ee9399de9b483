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
pub(crate) mod look_alike;
pub mod moves;
pub mod movetext;
pub mod render;
pub(crate) mod slips;
pub mod split;
pub mod tags;

/// The `.pgn` and `.txt` files under `dir` and its folders, in the order the directories list
/// them; none when `dir` is absent (`../shared/corpora` beside a fresh clone). For the tests
/// that read the corpora.
#[cfg(test)]
pub(crate) fn corpus_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "pgn" || x == "txt") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out
}

/// The text of every `.pgn` of the bundled corpora and, when it is beside the checkout, of
/// `../shared/corpora` (for the tests that compare fast paths with the rules).
#[cfg(test)]
pub(crate) fn corpus_texts() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    [root.join("corpora"), root.join("../shared/corpora")]
        .iter()
        .flat_map(|dir| corpus_files(dir))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| String::from_utf8_lossy(&std::fs::read(&p).unwrap_or_default()).into_owned())
        .collect()
}
