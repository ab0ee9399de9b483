//! `--report-lang it`: every message of the project's corpora is written in Italian from its
//! catalogue; the Italian text report has no English sentence left;
//! JSON keeps its English ids; and `--report-lang en` is the default output, byte for byte.

use std::process::Command;

/// Inputs that between them give nearly every kind of finding.
const FILES: [&str; 10] = [
    "corpora/golden/errors.pgn",
    "corpora/golden/notations.pgn",
    "corpora/golden/what_was_written.pgn",
    "corpora/golden/chess960.pgn",
    "corpora/convert/errors.pgn",
    "corpora/laws/endings.pgn",
    "corpora/laws/repetition.pgn",
    "corpora/laws/move_counts.pgn",
    "corpora/typos/typos-it.pgn",
    "corpora/html/sample.pgn",
];

fn validate(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "--jobs", "1"])
        .args(args)
        .args(FILES)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The messages of a JSON Lines report.
fn messages(jsonl: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in jsonl.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        for f in r["findings"].as_array().unwrap() {
            out.push((
                f["kind"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
            ));
        }
    }
    out
}

#[test]
fn every_message_has_its_italian() {
    for strict in [false, true] {
        let mut args = vec!["-q", "--format", "jsonl", "--no-draw-before", "30"];
        if strict {
            args.push("--strict-notation");
        }
        let (en, _) = validate(&args);
        let found = messages(&en);
        assert!(found.len() > 60, "{}", found.len());
        // The same report in Italian: ids as they were, messages translated.
        args.extend(["--report-lang", "it"]);
        let (it, _) = validate(&args);
        let translated = messages(&it);
        assert_eq!(translated.len(), found.len());
        for ((k_en, m_en), (k_it, m_it)) in found.iter().zip(&translated) {
            assert_eq!(k_en, k_it);
            // Written from the catalogue, never left in English.
            assert_ne!(m_en, m_it, "{k_en}");
        }
    }
}

/// Words of English sentences that no Italian message has (text in backticks is the game's
/// own, and is left out).
const ENGLISH: [&str; 22] = [
    "is", "the", "of", "and", "to", "move", "moves", "game", "games", "plies", "ply", "illegal",
    "cannot", "can", "not", "with", "writer", "mean", "note", "errors", "error", "warning",
];

fn english_words(line: &str) -> Vec<String> {
    let mut outside = String::new();
    for (i, part) in line.split('`').enumerate() {
        if i % 2 == 0 {
            outside.push_str(part);
            outside.push(' ');
        }
    }
    outside
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| ENGLISH.contains(w))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_italian_text_report_has_no_english_sentence() {
    let (text, stderr) = validate(&["--report-lang", "it", "--strict-notation"]);
    assert!(text.contains("mossa illegale"));
    assert!(text.contains("forse si intendeva"));
    for line in text.lines().chain(stderr.lines()) {
        // A game's header names its players as written, and its notation languages by code.
        let line = match line.find(": partita ") {
            Some(i) => line.get(line.find("  [").unwrap_or(i)..).unwrap_or(""),
            None => line,
        };
        let line = match line.strip_prefix("  [") {
            Some(rest) => rest.split_once("; ").map_or("", |(_, r)| r),
            None => line,
        };
        let words = english_words(line);
        assert!(words.is_empty(), "English {words:?} in `{line}`");
    }
}

#[test]
fn english_is_the_default_byte_for_byte() {
    for format in ["text", "jsonl", "csv"] {
        let (default, _) = validate(&["-q", "--format", format]);
        let (en, _) = validate(&["-q", "--format", format, "--report-lang", "en"]);
        assert_eq!(default, en, "{format}");
    }
}

#[test]
fn position_in_italian() {
    let fens = [
        "8/8/4k3/8/8/8/3B4/4K3 w - - 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/KQ6 w - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "xx",
    ];
    for fen in fens {
        let run = |extra: &[&str]| {
            let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
                .arg("position")
                .args(extra)
                .arg(fen)
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        assert_eq!(run(&[]), run(&["--report-lang", "en"]), "{fen}");
        let it = run(&["--report-lang", "it"]);
        for line in it.lines().skip(1) {
            let words = english_words(line);
            assert!(words.is_empty(), "English {words:?} in `{line}`");
        }
        let json = run(&["--report-lang", "it", "--format", "jsonl"]);
        assert!(json.contains("\"legal\":"), "{json}");
    }
}
