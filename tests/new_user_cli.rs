//! What a new user ran into (issue 34): the subcommands that write, the words they use, the
//! arguments a shell hands them. Each case as it was met.

mod common;

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Stdio},
};

use common::{repo, scoresheet};
use scoresheet::{
    finding::Kind,
    replay::{validate_text, LangChoice, Options},
};

struct Run {
    code: Option<i32>,
    out: String,
    err: String,
}

fn run(args: &[&str], stdin: &str) -> Run {
    run_cmd(scoresheet().args(args), stdin)
}

fn run_cmd(cmd: &mut Command, stdin: &str) -> Run {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.as_bytes().to_vec();
    let feed = std::thread::spawn(move || input.write_all(&stdin));
    let out = child.wait_with_output().unwrap();
    let _ = feed.join().unwrap();
    Run {
        code: out.status.code(),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A directory of this test's own (tests run in parallel).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "scoresheet-new-user-cli-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const FOUR_GAMES: &str = "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[White \"B\"]\n\n1. d4 d5 0-1\n\n[White \"C\"]\n\n1. c4 c5 *\n\n[White \"D\"]\n\n1. f4 f5 *\n";

/// Item 8: a file of several games, or none, is no copy of one game.
#[test]
fn reconcile_says_how_many_games_each_copy_holds() {
    let dir = scratch("reconcile");
    let four = dir.join("four.pgn");
    let one = dir.join("one.pgn");
    let empty = dir.join("empty.pgn");
    std::fs::write(&four, FOUR_GAMES).unwrap();
    std::fs::write(&one, "1. e4 e5 2. Nf3 Nc6 *\n").unwrap();
    std::fs::write(&empty, "\n \n").unwrap();
    let path = |p: &PathBuf| p.to_str().unwrap().to_string();
    let r = run(&["reconcile", &path(&four), &path(&four)], "");
    assert_eq!(r.code, Some(2), "{}", r.err);
    assert!(r.err.contains("four.pgn holds 4 games"), "{}", r.err);
    assert!(r.err.contains("one game per copy"), "{}", r.err);
    assert!(!r.err.contains("no legal game fits"), "{}", r.err);
    assert!(r.out.is_empty(), "{}", r.out);
    let r = run(&["reconcile", &path(&one), &path(&empty)], "");
    assert_eq!(r.code, Some(2), "{}", r.err);
    assert!(r.err.contains("one.pgn holds 1 game"), "{}", r.err);
    assert!(r.err.contains("empty.pgn holds no game"), "{}", r.err);
    // One game each still reconciles.
    let r = run(
        &[
            "reconcile",
            "corpora/reconcile/golden/white.txt",
            "corpora/reconcile/golden/black.txt",
        ],
        "",
    );
    assert!(matches!(r.code, Some(0 | 1)), "{}", r.err);
    assert!(r.out.contains("[Result"), "{}", r.out);
}

/// Item 13: every subcommand that writes takes `-o`, and refuses an output that is an input.
#[test]
fn every_subcommand_that_writes_takes_an_output_file() {
    let dir = scratch("output");
    let out = dir.join("out");
    let o = out.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (
            vec![
                "envelope",
                "--format",
                "html",
                "corpora/envelopes/mate.toml",
            ],
            "",
            "<html",
        ),
        (
            vec![
                "reconcile",
                "--format",
                "html",
                "corpora/reconcile/golden/white.txt",
                "corpora/reconcile/golden/black.txt",
            ],
            "",
            "<html",
        ),
        (
            vec![
                "position",
                "--format",
                "jsonl",
                "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            ],
            "",
            "\"checkmate\":true",
        ),
        (
            vec!["position", "--format", "jsonl"],
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n",
            "\"checkmate\":true",
        ),
        (
            vec!["decode", "corpora/decode/opening.jsonl"],
            "",
            "\"look_at\"",
        ),
    ];
    for (args, stdin, expected) in cases {
        let _ = std::fs::remove_file(&out);
        let mut all = args.clone();
        all.extend(["-o", o]);
        let r = run(&all, stdin);
        assert!(matches!(r.code, Some(0 | 1)), "{args:?}: {}", r.err);
        assert!(r.out.is_empty(), "{args:?} wrote to standard output");
        let written = std::fs::read_to_string(&out).unwrap();
        assert!(
            written.to_lowercase().contains(expected),
            "{args:?}: {written}"
        );
    }
    // An output that names an input is refused, and the input is left as it was.
    let copy = dir.join("mate.toml");
    let original = std::fs::read(repo().join("corpora/envelopes/mate.toml")).unwrap();
    std::fs::write(&copy, &original).unwrap();
    let c = copy.to_str().unwrap();
    let r = run(&["envelope", c, "-o", c], "");
    assert_eq!(r.code, Some(2));
    assert!(r.err.contains("is also an input"), "{}", r.err);
    assert_eq!(std::fs::read(&copy).unwrap(), original);
    let white = dir.join("white.txt");
    let sheet = std::fs::read(repo().join("corpora/reconcile/golden/white.txt")).unwrap();
    std::fs::write(&white, &sheet).unwrap();
    let w = white.to_str().unwrap();
    let r = run(
        &[
            "reconcile",
            w,
            "corpora/reconcile/golden/black.txt",
            "--output",
            w,
        ],
        "",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.err.contains("is also an input"), "{}", r.err);
    assert_eq!(std::fs::read(&white).unwrap(), sheet);
    let decode = dir.join("opening.jsonl");
    let lines = std::fs::read(repo().join("corpora/decode/opening.jsonl")).unwrap();
    std::fs::write(&decode, &lines).unwrap();
    let d = decode.to_str().unwrap();
    let r = run(&["decode", d, "-o", d], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(std::fs::read(&decode).unwrap(), lines);
    // `position` reading its FENs from a file on standard input may not write over it.
    let fens = dir.join("fens.txt");
    std::fs::write(&fens, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n").unwrap();
    let f = fens.to_str().unwrap();
    let r = scoresheet()
        .args(["position", "-o", f])
        .stdin(std::fs::File::open(&fens).unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    assert!(err.contains("is also an input"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&fens).unwrap(),
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n"
    );
}

/// Item 9: `*` says the result is not known, which no ending contradicts.
#[test]
fn an_unknown_result_contradicts_nothing() {
    let mismatches = |text: &str| {
        validate_text(text, &Options::default())
            .findings
            .iter()
            .filter(|f| f.kind == Kind::ResultMismatch)
            .map(|f| f.message.clone())
            .collect::<Vec<_>>()
    };
    // A knight promotion that leaves king and knight against king: a dead position.
    let dead = "[SetUp \"1\"]\n[FEN \"8/3P4/8/8/8/8/8/k1K5 w - - 0 55\"]\n\n55. d8=N *\n";
    let r = validate_text(dead, &Options::default());
    assert!(
        r.findings.iter().any(|f| f.kind == Kind::DeadPosition),
        "{:?}",
        r.findings
    );
    assert_eq!(mismatches(dead), Vec::<String>::new());
    let tagged =
        "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"8/3P4/8/8/8/8/8/k1K5 w - - 0 55\"]\n\n55. d8=N *\n";
    assert_eq!(mismatches(tagged), Vec::<String>::new());
    // Checkmate, and `*` in the tag, after the moves, or both.
    for text in [
        "1. f3 e5 2. g4 Qh4# *\n",
        "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4#\n",
        "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n",
        "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# *\n",
    ] {
        assert_eq!(mismatches(text), Vec::<String>::new(), "{text}");
    }
    // A result that is known is still held against the board, next to a `*`.
    let m = mismatches("[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
    assert_eq!(
        m,
        ["the result written after the moves gives the win to White but White was checkmated at ply 4"]
    );
    let m = mismatches("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# *\n");
    assert_eq!(
        m,
        ["the Result tag gives the win to White but White was checkmated at ply 4"]
    );
}

/// Item 10: the envelope's errors on standard error follow `--report-lang`.
#[test]
fn envelope_errors_on_standard_error_are_italian_under_report_lang_it() {
    for file in [
        "corpora/envelopes/malformed-unknown.toml",
        "corpora/envelopes/malformed-syntax.toml",
        "corpora/envelopes/does-not-exist.toml",
    ] {
        let en = run(&["envelope", file], "");
        let it = run(&["envelope", "--report-lang", "it", file], "");
        assert_eq!(it.code, Some(2), "{file}");
        assert!(!it.err.is_empty(), "{file}");
        assert_ne!(en.err, it.err, "{file}: {}", it.err);
        for english in ["No such file", "unknown item", "cannot be read", " the "] {
            assert!(
                !it.err.contains(english),
                "{file}: `{english}` in {}",
                it.err
            );
        }
    }
    let it = run(
        &[
            "envelope",
            "--report-lang",
            "it",
            "corpora/envelopes/does-not-exist.toml",
        ],
        "",
    );
    assert!(it.err.contains("il file non esiste"), "{}", it.err);
}

/// Item 14: an unquoted FEN is the FEN its fields make; flags after it are still flags.
#[test]
fn an_unquoted_fen_is_read_whole() {
    let r = run(
        &[
            "position",
            "8/8/8/8/8/8/8/k1K5",
            "w",
            "-",
            "-",
            "0",
            "1",
            "--format",
            "jsonl",
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(v["fen"], "8/8/8/8/8/8/8/k1K5 w - - 0 1");
    assert_eq!(v["dead"], true);
    // Two FENs, one quoted and one not: each argument with a board begins a FEN.
    let r = run(
        &[
            "position",
            "--format",
            "jsonl",
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "8/8/8/8/8/8/8/k1K5",
            "b",
            "-",
            "-",
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    let lines: Vec<serde_json::Value> = r
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{}", r.out);
    assert_eq!(lines[0]["checkmate"], true);
    assert_eq!(lines[1]["turn"], "black");
}

/// Item 14: `--lang` and `--from-lang` are one flag under two names, in both commands.
#[test]
fn lang_and_from_lang_are_accepted_by_validate_and_convert() {
    let game = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *\n";
    for (command, flag) in [
        ("validate", "--from-lang"),
        ("validate", "--lang"),
        ("convert", "--lang"),
        ("convert", "--from-lang"),
    ] {
        let r = run(&[command, "-q", flag, "it"], game);
        assert_eq!(r.code, Some(0), "{command} {flag}: {}", r.err);
    }
    let help = run(&["validate", "--help"], "");
    assert!(help.out.contains("--from-lang"), "{}", help.out);
    let help = run(&["convert", "--help"], "");
    assert!(help.out.contains("[alias: --lang]"), "{}", help.out);
}

/// Item 14: what was not established of a FEN is `null`, not `false`.
#[test]
fn an_unreadable_fen_establishes_nothing() {
    for fen in ["not a fen", "8/8/8/8/8/8/8/kK6 w - - 0 1"] {
        let r = run(&["position", "--format", "jsonl", fen], "");
        assert_eq!(r.code, Some(2));
        let v: serde_json::Value = serde_json::from_str(r.out.trim()).unwrap();
        for key in [
            "turn",
            "checkmate",
            "stalemate",
            "dead",
            "white_can_mate",
            "black_can_mate",
        ] {
            assert_eq!(v[key], serde_json::Value::Null, "{fen}: {key} in {v}");
        }
        let r = run(&["position", "--format", "csv", fen], "");
        let row = r.out.lines().nth(1).unwrap();
        assert!(row.contains(",false,,,,,,,"), "{row}");
        let r = run(&["position", fen], "");
        assert!(!r.out.contains("checkmate: no"), "{}", r.out);
    }
}

/// Item 14: a letter of another script that looks Latin is named.
#[test]
fn a_cyrillic_letter_in_a_move_is_named() {
    let text = "1. e4 e5 2. Cf3 Cc6 3. C\u{435}4xc3 *\n";
    let r = validate_text(text, &Options::default());
    let f = r
        .findings
        .iter()
        .find(|f| f.kind == Kind::UnreadableMove)
        .unwrap();
    assert!(
        f.message.ends_with(
            ": the letter '\u{435}' (U+0435 CYRILLIC SMALL LETTER IE) is not Latin; it looks like 'e'"
        ),
        "{}",
        f.message
    );
    let r = run(
        &["validate", "-q", "--report-lang", "it", "--format", "jsonl"],
        text,
    );
    assert!(
        r.out.contains(
            "la lettera '\u{435}' (U+0435 CYRILLIC SMALL LETTER IE) non è latina; somiglia a 'e'"
        ),
        "{}",
        r.out
    );
    // A Latin move that cannot be read names no letter.
    let r = validate_text("1. e4 e5 2. Cf3 Cc6 3. Cq4xc3 *\n", &Options::default());
    assert!(
        r.findings.iter().all(|f| !f.message.contains("not Latin")),
        "{:?}",
        r.findings
    );
}

/// Item 14: the envelope that cannot be read says so once.
#[test]
fn an_unreadable_envelope_says_it_once() {
    let dir = scratch("envelope");
    for (lang, phrase) in [("en", "cannot be read"), ("it", "non si può leggere")] {
        for file in [
            "corpora/envelopes/does-not-exist.toml".to_string(),
            dir.to_str().unwrap().to_string(),
        ] {
            let r = run(&["envelope", "--report-lang", lang, &file], "");
            assert_eq!(r.code, Some(2));
            assert_eq!(r.out.matches(phrase).count(), 1, "{}", r.out);
        }
    }
}

/// Item 14: under a language given, an English letter is a letter of another language, read
/// in English, not an illegal move.
#[test]
fn an_english_letter_under_a_given_language_is_read_in_english() {
    let it = Options {
        lang: LangChoice::Fixed(scoresheet::notation::languages::by_code("it").unwrap()),
        ..Options::default()
    };
    let r = validate_text("1. Nf3 d5 2. g3 Cc6 3. Ag2 e5 *\n", &it);
    assert_eq!(r.plies, 6);
    assert!(
        r.findings.iter().all(|f| f.kind != Kind::IllegalMove),
        "{:?}",
        r.findings
    );
    let f = &r.findings[0];
    assert_eq!(f.kind, Kind::Notation);
    assert_eq!(f.reason.map(|r| r.id()), Some("other_language_letter"));
    assert_eq!(f.move_text.as_deref(), Some("1.Nf3"));
    assert_eq!(
        f.message,
        "`N` is not a piece letter in Italiano but the English letter of the knight: `Nf3` is read in English, as Cf3"
    );
    assert_eq!(f.suggestions.as_ref().unwrap()[0].san, "Cf3");
    // In Italian.
    let r = run(
        &["validate", "-q", "--lang", "it", "--report-lang", "it"],
        "1. Nf3 d5 *\n",
    );
    assert!(
        r.out.contains("`N` non è la lettera di un pezzo nella notazione Italiano, ma quella inglese del Cavallo: `Nf3` si legge in inglese, come Cf3"),
        "{}",
        r.out
    );
    // An English letter that reads as no legal move is still an illegal move; so is one where
    // the language is decided from the game.
    let r = validate_text("1. Nf4 d5 *\n", &it);
    assert_eq!(r.findings[0].kind, Kind::IllegalMove);
    let r = validate_text(
        "1. e4 e5 2. Nf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 *\n",
        &Options::default(),
    );
    assert_eq!(r.lang, "it");
    assert_eq!(r.findings[0].kind, Kind::IllegalMove);
}

/// Item 14: a byte range turned round is refused, not read as no games.
#[test]
fn a_byte_range_turned_round_is_refused() {
    let dir = scratch("range");
    let file = dir.join("games.pgn");
    std::fs::write(&file, FOUR_GAMES).unwrap();
    let f = file.to_str().unwrap();
    let r = run(&["validate", "-q", "--byte-range", "10:5", f], "");
    assert_eq!(r.code, Some(2));
    assert!(r.err.contains("START (10) is after END (5)"), "{}", r.err);
    let r = run(&["convert", "-q", "--byte-range", "10:5", f], "");
    assert_eq!(r.code, Some(2));
    // An empty range is a shard with no games (its exit status is that of a run without
    // games).
    let r = run(
        &[
            "validate",
            "-q",
            "--format",
            "jsonl",
            "--byte-range",
            "5:5",
            f,
        ],
        "",
    );
    assert!(!r.err.contains("is after"), "{}", r.err);
    assert!(r.out.is_empty());
}
