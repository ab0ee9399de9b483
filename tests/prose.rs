//! `--prose` (issue 35): games read out of published Italian text. Each text of
//! `corpora/prose/` (`NAME.txt`) has its true game beside it (`NAME.pgn`); the text converted
//! with `convert --prose --repair` must give that game move for move, with its result, and
//! exit 0. PGN archives read with `--prose` give what they give without it.

mod common;

use std::path::{Path, PathBuf};

use common::{repo, run_with_stdin, scoresheet};

/// The mainline moves, the result and the FEN tag of a PGN game in English SAN (comments,
/// variations, move numbers and NAGs taken away).
fn mainline(pgn: &str) -> (Vec<String>, String, Option<String>) {
    let mut moves = Vec::new();
    let mut result = String::new();
    let mut fen = None;
    let mut depth = 0usize;
    let mut in_comment = false;
    for line in pgn.lines() {
        if !in_comment && depth == 0 && line.starts_with('[') {
            if let Some(v) = line.strip_prefix("[Result \"") {
                result = v.trim_end_matches("\"]").to_string();
            }
            if let Some(v) = line.strip_prefix("[FEN \"") {
                fen = Some(v.trim_end_matches("\"]").to_string());
            }
            continue;
        }
        let mut word = String::new();
        for c in line.chars().chain(std::iter::once(' ')) {
            if in_comment {
                in_comment = c != '}';
                continue;
            }
            match c {
                '{' => in_comment = true,
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                c if c.is_whitespace() => {
                    let w = std::mem::take(&mut word);
                    let is_move = !w.is_empty()
                        && !w.ends_with('.')
                        && !w.starts_with('$')
                        && !matches!(w.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
                    if depth == 0 && is_move {
                        moves.push(w);
                    }
                }
                c if depth == 0 => word.push(c),
                _ => {}
            }
        }
    }
    (moves, result, fen)
}

fn texts() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo().join("corpora/prose"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    v.sort();
    v
}

fn convert(args: &[&str], file: &Path) -> (String, String, i32) {
    let out = scoresheet()
        .args(["convert", "-q"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn every_text_gives_its_true_game() {
    let texts = texts();
    assert!(texts.len() >= 10, "{texts:?}");
    let mut right = 0;
    for text in &texts {
        let truth_file = text.with_extension("pgn");
        let (truth, _, status) = convert(&[], &truth_file);
        assert_eq!(status, 0, "{}", truth_file.display());
        let (pgn, stderr, status) = convert(&["--prose", "--repair"], text);
        let name = text.file_name().unwrap().to_string_lossy();
        assert_eq!(status, 0, "{name}: {stderr}\n{pgn}");
        assert_eq!(pgn.matches("[Event ").count(), 1, "{name}: one game\n{pgn}");
        let (want, want_result, want_fen) = mainline(&truth);
        let (got, got_result, got_fen) = mainline(&pgn);
        assert_eq!(got, want, "{name}\n{pgn}");
        assert_eq!(got_result, want_result, "{name}\n{pgn}");
        assert_eq!(got_fen, want_fen, "{name}\n{pgn}");
        // Without --repair, a text with published slips stops at the first; one without
        // reads the same.
        let (plain, _, status) = convert(&["--prose"], text);
        if name.contains("slips") {
            assert_eq!(status, 1, "{name}");
        } else {
            assert_eq!(status, 0, "{name}");
            assert_eq!(plain, pgn, "{name}");
        }
        right += 1;
    }
    eprintln!(
        "corpora/prose: {right}/{} texts give their true game",
        texts.len()
    );
}

#[test]
fn the_words_of_the_text_stay_as_comments() {
    let (pgn, _, _) = convert(
        &["--prose"],
        &repo().join("corpora/prose/evergreen-column.txt"),
    );
    assert!(pgn.contains("[White \"Anderssen\"]"), "{pgn}");
    assert!(pgn.contains("[Site \"Berlino\"]"), "{pgn}");
    assert!(pgn.contains("[Date \"1852.??.??\"]"), "{pgn}");
    assert!(
        pgn.contains("{La \"Sempreverde\", giocata a Berlino nel 1852, è una delle partite più famose\ndella storia.} 1. e4"),
        "{pgn}"
    );
    assert!(
        pgn.contains("7. O-O d3 {Il Nero preferisce non prendere il pedone.} 8. Qb3"),
        "{pgn}"
    );
    assert!(pgn.contains("Nxe7 {(D)}"), "{pgn}");
}

#[test]
fn side_lines_that_replay_are_variations() {
    let (pgn, _, _) = convert(
        &["--prose"],
        &repo().join("corpora/prose/century-side-game.txt"),
    );
    assert!(pgn.contains("12. Qa3 {Se} (12. Nxa4 Nxe4 13. Qxe7 Qa5+ 14. b4 Qxa4) {e il Nero\nsta meglio.} 12... Nxc3"), "{pgn}");
    assert!(pgn.contains("(11. Be2) {seguito da 12. 0-0.}"), "{pgn}");
    let (pgn, _, _) = convert(
        &["--prose"],
        &repo().join("corpora/prose/immortal-draw-words.txt"),
    );
    assert!(
        pgn.contains("(3... Bb6 4. Nxb6 axb6 {era la linea tranquilla})"),
        "{pgn}"
    );
}

#[test]
fn moves_in_a_semicolon_comment_are_never_converted_whole() {
    // The silent loss: `;` read as PGN's comment took ten of thirteen plies, and
    // `convert --repair` said "converted whole".
    let text =
        "1.e4, e5; 2.Ac4, d6; 3.Cf3, Ag4; 4.Cc3, g6; 5.Cxe5, Axd1; 6.Axf7+, Re7; 7.Cd5 matto.\n";
    for args in [vec!["convert", "-q"], vec!["convert", "-q", "--repair"]] {
        let out = run_with_stdin(
            scoresheet()
                .args(&args)
                .stderr(std::process::Stdio::piped()),
            text.as_bytes().to_vec(),
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        if args.contains(&"--repair") {
            // (Without it, `e4,` already stops the game.)
            assert!(stderr.contains("went into a comment"), "{stderr}");
        }
    }
    let out = run_with_stdin(
        scoresheet().args(["convert", "-q", "--prose"]),
        text.as_bytes().to_vec(),
    );
    assert_eq!(out.status.code(), Some(0));
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("7. Nd5# 1-0"), "{pgn}");
}

#[test]
fn running_text_without_prose_says_that_prose_exists() {
    let file = repo().join("corpora/prose/opera-one-pair-per-line.txt");
    for command in ["convert", "validate"] {
        let out = scoresheet()
            .args([command, "-q"])
            .arg(&file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert!(
            stderr.contains("`--prose` reads the games out of it"),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn validate_reads_prose_too() {
    let out = scoresheet()
        .args(["validate", "-q", "--prose", "--format", "jsonl"])
        .arg(repo().join("corpora/prose/reti-half-move-per-line.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(record["plies"], 21);
    assert_eq!(record["lang"], "it");
    assert_eq!(record["tags"]["White"], "Richard Réti");
}

#[test]
fn other_languages_are_detected_per_game() {
    let text =
        "Anderssen – Dufresne\n\n1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. b4 Lxb4 5. c3 La5 1-0\n\n\
                Morphy – Isouard\n\n1. e4 e5 2. Cf3 d6 3. d4 Ag4 4. dxe5 Axf3 5. Dxf3 dxe5 1-0\n";
    let out = run_with_stdin(
        scoresheet().args(["validate", "-q", "--prose", "--format", "jsonl"]),
        text.as_bytes().to_vec(),
    );
    let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["lang"], "de");
    assert_eq!(records[1]["lang"], "it");
    assert_eq!(records[0]["plies"], 10);
    assert_eq!(records[1]["plies"], 10);
}

#[test]
fn prose_on_pgn_archives_gives_the_same_games() {
    let mut files = Vec::new();
    let mut dirs = vec![repo().join("corpora")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "pgn")
                && !p.starts_with(repo().join("corpora/prose"))
            {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 40);
    for f in &files {
        let (plain, _, a) = convert(&[], f);
        let (prose, _, b) = convert(&["--prose"], f);
        assert_eq!((a, &plain), (b, &prose), "{}", f.display());
    }
}

#[test]
fn results_in_words_and_with_a_colon_in_every_mode() {
    let cases = [
        ("1. e4 e5 2. Nf3 Nc6 patta\n", "1/2-1/2"),
        ("1. e4 e5 2. Cf3 Cc6 Patta.\n", "1/2-1/2"),
        ("1. e4 e5 2. Sf3 Sc6 remis\n", "1/2-1/2"),
        ("1. e4 e5 2. Nf3 Nc6 1:0\n", "1-0"),
        ("1. e4 e5 2. Nf3 Nc6 0:1\n", "0-1"),
        ("1. e4 e5 2. Nf3 Nc6 ½:½\n", "1/2-1/2"),
    ];
    for (text, want) in cases {
        let out = run_with_stdin(
            scoresheet().args(["validate", "-q", "--format", "jsonl"]),
            text.as_bytes().to_vec(),
        );
        let r: serde_json::Value = serde_json::from_str(
            String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(r["status"], "ok", "{text}: {r}");
        assert_eq!(r["plies"], 4, "{text}: {r}");
        assert_eq!(r["result"], want, "{text}: {r}");
    }
    // In the tags: the game's result as convert writes it.
    for (text, want) in [
        ("[Result \"patta\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n", "1/2-1/2"),
        ("[Result \"0 : 1\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n", "0-1"),
        ("Risultato: 1:0\n\n1. e4 e5 2. Nf3 Nc6\n", "1-0"),
    ] {
        let out = run_with_stdin(
            scoresheet().args(["convert", "-q"]),
            text.as_bytes().to_vec(),
        );
        let pgn = String::from_utf8(out.stdout).unwrap();
        assert!(
            pgn.contains(&format!("[Result \"{want}\"]")),
            "{text}: {pgn}"
        );
        assert!(pgn.contains(&format!("Nc6 {want}")), "{text}: {pgn}");
    }
}

#[test]
fn a_text_that_stops_without_a_result_is_not_converted_whole() {
    // A cut article: its moves are written, the game is not called whole.
    let text = "Una partita del torneo sociale.\n\n1. d4\n\nApertura di Donna.\n\n1. … d5\n\n\
                2. Af4\n\nIl Sistema di Londra.\n\n2. … Cf6\n";
    let out = run_with_stdin(
        scoresheet()
            .args(["convert", "-q", "--prose", "--repair"])
            .stderr(std::process::Stdio::piped()),
        text.as_bytes().to_vec(),
    );
    let pgn = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("stops without a result"), "{stderr}");
    assert!(
        pgn.contains("2... Nf6 {--prose: the text stops here, without a result} *"),
        "{pgn}"
    );
}

#[test]
fn a_side_game_with_its_own_result_is_a_variation() {
    let (pgn, _, _) = convert(
        &["--prose"],
        &repo().join("corpora/prose/immortal-side-game.txt"),
    );
    assert!(pgn.contains("(6. Nc3 {e dopo} 6... Ng4 7. Nh3"), "{pgn}");
    assert!(
        pgn.contains("18. Kh5 Bg4#) {0-1 fu Kieseritzky a vincere.} 6... Qh6"),
        "{pgn}"
    );
}
