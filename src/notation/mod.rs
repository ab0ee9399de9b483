//! From bytes to tokens: encodings, game boundaries, tags, movetext, and the grammar of a
//! written move. Nothing here knows the rules of chess; replay decides what a move means.

pub mod decode;
pub mod game;
pub mod languages;
pub mod moves;
pub mod movetext;
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
