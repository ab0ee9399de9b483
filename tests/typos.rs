//! Real games with one injected typo each (corpora/typos, made by tests/gen/make_typos.py):
//! each typo is reported at the right ply with the right kind, and the intended move is
//! the first suggestion in most cases.

mod common;

use common::{read_tsv, repo, validate_file};
use scoresheet::replay::Options;

#[test]
fn typos_are_found_and_the_intended_move_suggested() {
    let dir = repo().join("corpora/typos");
    let rows = read_tsv(&dir.join("expected.tsv"));
    let en = validate_file(&dir.join("typos.pgn"), &Options::default());
    let it = validate_file(&dir.join("typos-it.pgn"), &Options::default());
    let (mut first, mut listed) = (0, 0);
    for row in &rows {
        let records = if row["file"] == "typos.pgn" { &en } else { &it };
        let game: usize = row["game"].parse().unwrap();
        let r = &records[game - 1];
        let what = format!("{} game {game}", row["file"]);
        let f = r
            .findings
            .iter()
            .find(|f| f.kind.is_move_error())
            .unwrap_or_else(|| panic!("{what}: typo not found"));
        assert_eq!(f.kind.id(), row["kind"], "{what}");
        assert_eq!(f.ply.to_string(), row["ply"], "{what}");
        let ucis: Vec<&str> = f
            .suggestions
            .iter()
            .flatten()
            .map(|s| s.uci.as_str())
            .collect();
        if ucis.first() == Some(&row["intended_uci"].as_str()) {
            first += 1;
        }
        if ucis.contains(&row["intended_uci"].as_str()) {
            listed += 1;
        }
    }
    println!(
        "{} typos: intended move first {first}, listed {listed}",
        rows.len()
    );
    assert!(
        first * 10 >= rows.len() * 8,
        "intended first only {first}/{}",
        rows.len()
    );
    assert!(
        listed * 10 >= rows.len() * 9,
        "intended listed only {listed}/{}",
        rows.len()
    );
}
