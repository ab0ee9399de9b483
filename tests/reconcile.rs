//! `scoresheet reconcile`: both players' copies of a game, each damaged on its own
//! (corpora/reconcile, made by tests/gen/scoresheets.rs), read into the game they agree on.

mod common;

use common::{repo, scoresheet};
use scoresheet::{repair::reconcile::reconcile, replay::render::uci};
use serde_json::Value;
use shakmaty::CastlingMode;

/// Two independently damaged copies (about one slip in thirty plies each, Italian SAN,
/// Italian long algebraic, English): the whole game recovered for at least 97%.
#[test]
fn two_damaged_copies_give_the_game() {
    let text = std::fs::read_to_string(repo().join("corpora/reconcile/pairs.jsonl")).unwrap();
    let rows: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (mut whole, mut lost) = (0, Vec::new());
    let started = std::time::Instant::now();
    for row in &rows {
        let truth = row["truth"].as_str().unwrap();
        let got = reconcile(
            row["white"].as_str().unwrap(),
            row["black"].as_str().unwrap(),
        )
        .map(|r| {
            r.moves
                .iter()
                .map(|&m| uci(m, CastlingMode::Standard))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
        if got == truth {
            whole += 1;
        } else {
            lost.push(row["id"].to_string());
        }
    }
    let n = rows.len();
    println!(
        "reconcile: {whole}/{n} recovered whole ({:.1}%), {:.1} ms a game; not recovered: {lost:?}",
        100.0 * whole as f64 / n as f64,
        started.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
    assert!(n >= 100);
    assert!(whole * 100 >= n * 97, "{whole}/{n}");
}

#[test]
fn the_golden_pair_and_exit_statuses() {
    let out = scoresheet()
        .args([
            "reconcile",
            "corpora/reconcile/golden/white.txt",
            "corpora/reconcile/golden/black.txt",
            "--format",
            "jsonl",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let decided: Vec<(u64, &str, &str)> = lines
        .iter()
        .filter(|l| l.get("how").is_some())
        .map(|l| {
            (
                l["ply"].as_u64().unwrap(),
                l["read_as"]["san"].as_str().unwrap(),
                l["how"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        decided,
        [(12, "Bg4", "white_copy"), (16, "fxe5", "white_copy")]
    );
    let out = scoresheet()
        .args([
            "reconcile",
            "corpora/reconcile/golden/white.txt",
            "corpora/reconcile/golden/white.txt",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        pgn,
        std::fs::read_to_string(repo().join("corpora/reconcile/golden/agreed.pgn")).unwrap()
    );
    let out = scoresheet()
        .args(["reconcile", "only-one"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `--format html` (issue 13): the arbiter's page of the golden pair, in Italian, with a board
/// at each decided ply; `--format text --report-lang it` says every decision in Italian.
#[test]
fn the_arbiters_page_and_the_italian_text() {
    let run = |format: &str| {
        scoresheet()
            .args([
                "reconcile",
                "corpora/reconcile/golden/white.txt",
                "corpora/reconcile/golden/black.txt",
                "--format",
                format,
                "--report-lang",
                "it",
            ])
            .output()
            .unwrap()
    };
    let page = run("html");
    assert_eq!(page.status.code(), Some(1));
    let page = String::from_utf8(page.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.trim_end().ends_with("</html>"));
    assert!(page.contains("I due formulari di una partita"));
    // One board per decision (two in the golden pair), each with the move read drawn.
    assert_eq!(page.matches("<svg class=\"board\"").count(), 2, "{page}");
    assert!(!page.contains("<script"));
    let text = String::from_utf8(run("text").stdout).unwrap();
    assert!(
        text.contains("semimossa 12: il Bianco ha scritto \"Ag4\""),
        "{text}"
    );
    assert!(text.contains("2 decise"), "{text}");
}

/// Two copies written word for word alike are one witness: `reconcile` reads them as
/// `convert --repair` reads the one copy (the single-copy search ranks a gap's fillers by the
/// text after it, which the search over two copies does not).
#[test]
fn copies_alike_word_for_word_read_as_one_copy() {
    use scoresheet::{export::ConvertOptions, repair::convert_repaired_text};
    let path = repo().join("corpora/repair/single.jsonl");
    let rows = std::fs::read_to_string(&path).unwrap();
    let mut tried = 0;
    for line in rows.lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        if !row["slips"].to_string().contains("left_out") {
            continue;
        }
        let text = row["text"].as_str().unwrap();
        let single = convert_repaired_text(text, &ConvertOptions::default());
        let pair = reconcile(text, text).unwrap();
        assert_eq!(pair.moves, single.record.mainline, "{}", row["id"]);
        tried += 1;
        if tried == 2 {
            break;
        }
    }
    assert_eq!(tried, 2);
}

/// No reading is silent in `reconcile` either: `0-O`, which replay does not read, in both
/// copies is read as `O-O` and listed as a decision (both copies repaired), not as written.
#[test]
fn a_look_alike_both_copies_share_is_a_decision() {
    let white = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. 0-O Ae7 6. Te1 b5";
    let black = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. 0-O Ae7 6. Te1 b5";
    let r = reconcile(white, black).expect("a legal game");
    let got: Vec<(u32, &str)> = r.decisions.iter().map(|d| (d.ply, d.how)).collect();
    assert_eq!(got, [(9, "both_repaired")]);
    assert_eq!(r.decisions[0].read_as.san, "O-O");
}
