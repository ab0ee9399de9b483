//! `scoresheet decode`: an OCR engine's candidate readings decoded into a legal game.

mod common;

use common::scoresheet;
use serde_json::Value;

#[test]
fn candidates_of_two_copies_give_the_game() {
    let out = scoresheet()
        .args(["decode", "corpora/decode/opening.jsonl"])
        .output()
        .unwrap();
    let d: Value = serde_json::from_slice(&out.stdout).unwrap();
    let sans: Vec<&str> = d["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert!(out.status.code() == Some(0) || out.status.code() == Some(1));
    let out = scoresheet()
        .args(["decode", "Cargo.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
