//! Real games rendered in many languages and notations (corpora/localized, made from real
//! games by tests/gen/make_localized.py) replay to exactly the original moves with
//! `--lang auto`, and the detected language is right.

mod common;

use std::collections::HashMap;

use common::{read_tsv, repo, validate_file};
use scoresheet::{notation::languages::english, replay::Options};

#[test]
fn every_rendering_replays_to_the_original_moves() {
    let dir = repo().join("corpora/localized");
    let rows = read_tsv(&dir.join("expected.tsv"));
    assert!(
        rows.len() >= 12 * 10,
        "expected.tsv has {} rows",
        rows.len()
    );
    let mut by_file: HashMap<String, Vec<scoresheet::replay::GameRecord>> = HashMap::new();
    let mut checked = 0;
    for row in &rows {
        let file = &row["file"];
        let records = by_file
            .entry(file.clone())
            .or_insert_with(|| validate_file(&dir.join(file), &Options::default()));
        let game: usize = row["game"].parse().unwrap();
        let r = &records[game - 1];
        let what = format!("{file} game {game}");
        assert_eq!(r.status, "ok", "{what}: {:?}", r.findings);
        let want: Vec<&str> = row["san"].split_whitespace().collect();
        let got = r.mainline_san(english());
        assert_eq!(got, want, "{what}: moves differ");
        assert_eq!(r.final_fen, row["fen"], "{what}: final position");
        assert_eq!(r.lang, row["language"], "{what}: language");
        for c in row["candidates_include"].split_whitespace() {
            assert!(
                r.lang_candidates.iter().any(|x| x == c),
                "{what}: {c} not among {:?}",
                r.lang_candidates
            );
        }
        checked += 1;
    }
    println!("{checked} localized games replayed identically");
}
