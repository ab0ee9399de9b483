//! Golden files: every input in corpora/golden/ (notation) and corpora/laws/ (the FIDE edge
//! cases of `../shared/fide-edge-cases.md`) against its expected JSON Lines report
//! (`<input>.jsonl`; the Laws' cases with `--dead-positions all`). `UPDATE_GOLDEN=1 cargo test --release --test golden` rewrites them;
//! review the diff before committing.

mod common;

use common::{repo, run_with_stdin, scoresheet};

#[test]
fn golden_reports() {
    let mut inputs: Vec<_> = ["corpora/golden", "corpora/laws"]
        .iter()
        .flat_map(|d| std::fs::read_dir(repo().join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "jsonl" && e != "md"))
        .collect();
    inputs.sort();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    assert!(inputs.len() >= 10);
    let mut failures = Vec::new();
    for input in inputs {
        let rel = input.strip_prefix(repo()).unwrap();
        // The Laws' edge cases are judged as the Laws say, every dead position sought
        // (`--dead-positions all`); the default spares drawn games the static analysis of
        // closed pawn structures (tests/dead_positions.rs).
        let laws: &[&str] = if rel.starts_with("corpora/laws") {
            &["--dead-positions", "all"]
        } else {
            &[]
        };
        let out = scoresheet()
            .args(["validate", "-q", "--format", "jsonl"])
            .args(laws)
            .arg(rel)
            .output()
            .unwrap();
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{}: exit {:?}",
            rel.display(),
            out.status
        );
        let got = String::from_utf8(out.stdout).unwrap();
        let expected_path = input.with_extension(format!(
            "{}.jsonl",
            input.extension().unwrap().to_string_lossy()
        ));
        if update {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
        if got != want {
            for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
                if g != w {
                    failures.push(format!(
                        "{} record {}:\n  got  {g}\n  want {w}",
                        rel.display(),
                        i + 1
                    ));
                }
            }
            if got.lines().count() != want.lines().count() {
                failures.push(format!("{}: record count differs", rel.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn early_draw_by_event_rule() {
    let out = scoresheet()
        .args([
            "validate",
            "-q",
            "--format",
            "jsonl",
            "--no-draw-before",
            "30",
        ])
        .arg("corpora/laws/endings.pgn")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.contains("\"early_draw\""), "{last}");
    assert!(last.contains("\"draw_offer\""));
    assert_eq!(
        text.matches("early_draw").count(),
        1,
        "only the agreed draw"
    );
}

/// The JSON Lines records of `validate` with `args`, reading `input` from standard input.
fn jsonl_of(args: &[&str], input: &[u8]) -> String {
    let mut cmd = scoresheet();
    cmd.args(["validate", "-q", "--format", "jsonl"]).args(args);
    let out = run_with_stdin(&mut cmd, input.to_vec());
    String::from_utf8(out.stdout).unwrap()
}

/// `early_draw` says "drawn by agreement": never of a game whose replay stopped at a bad move
/// (where it ended is not known), one whose last position stands a fourth time (a claim under
/// 9.2.1 is open), one drawn on time (Art. 6.9), or one where the player to move could claim by
/// writing a move that repeats the position a third time (9.2.1.1); still of an agreed draw.
#[test]
fn early_draw_only_for_a_draw_by_agreement() {
    let games = br#"[Event "stopped"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Qzz9 Nf6 4. d3 d6 1/2-1/2

[Event "fourth"]
[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 1/2-1/2

[Event "on time"]
[Result "1/2-1/2"]
[Termination "time forfeit"]
[FEN "4k3/8/8/8/8/8/8/3QK3 w - - 0 20"]
[SetUp "1"]

20. Qd2 Kf7 21. Ke2 Kg6 1/2-1/2

[Event "by writing"]
[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 1/2-1/2

[Event "agreed"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 1/2-1/2

[Event "agreed, as one site writes it"]
[Result "1/2-1/2"]
[Termination "Game drawn by agreement"]

1. e4 e5 2. Nf3 Nc6 1/2-1/2
"#;
    let text = jsonl_of(&["--no-draw-before", "30"], games);
    let early: Vec<bool> = text.lines().map(|l| l.contains("\"early_draw\"")).collect();
    assert_eq!(early, [false, false, false, false, true, true], "{text}");
}

/// A fifty-move claim is not offered where the game ended at once: a mate, a stalemate, the
/// fifth occurrence.
#[test]
fn no_claim_at_a_mate() {
    let games = br#"[Event "mate"]
[Result "1-0"]
[FEN "7k/R7/6K1/8/8/8/8/8 w - - 99 80"]
[SetUp "1"]

80. Ra8# 1-0

[Event "stalemate"]
[Result "1/2-1/2"]
[FEN "7k/8/6K1/8/8/8/8/5Q2 w - - 99 80"]
[SetUp "1"]

80. Qf7 1/2-1/2

[Event "claim"]
[Result "1/2-1/2"]
[FEN "7k/8/6K1/8/8/8/8/5Q2 w - - 99 80"]
[SetUp "1"]

80. Qf6+ 1/2-1/2

[Event "fivefold"]
[Result "1/2-1/2"]
[FEN "4k1n1/8/8/8/8/8/8/4K1N1 w - - 84 1"]
[SetUp "1"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 1/2-1/2
"#;
    let text = jsonl_of(&[], games);
    let claims: Vec<bool> = text
        .lines()
        .map(|l| l.contains("\"fifty_moves\""))
        .collect();
    assert_eq!(claims, [false, false, true, false], "{text}");
    assert!(text.lines().nth(3).unwrap().contains("\"fivefold\""));
    assert!(text.lines().next().unwrap().contains("\"checkmate\""));
    assert!(text.lines().nth(1).unwrap().contains("\"stalemate\""));
}

/// Moves after the end of a game whose replay then stopped at an illegal move: the count is of
/// the plies replayed, and the message says that more follow.
#[test]
fn moves_after_the_end_and_a_stop() {
    let game = br#"[Event "dead, then an illegal move"]
[Result "1/2-1/2"]
[FEN "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"]
[SetUp "1"]

1. Kxd2 Kd7 2. Ke3 Ke6 3. Kf5 Kf6 4. Kf4 Ke6 5. Ke4 Kd6 6. Kd4 1/2-1/2
"#;
    let text = jsonl_of(&[], game);
    assert!(
        text.contains(
            "3 more half-move(s) are recorded, and more after them that cannot be played"
        ),
        "{text}"
    );
}

/// `--strict-notation` turns on the optional marks (Appendix C.13), all four alike.
#[test]
fn strict_notation_option() {
    let text = b"1. e4 d5 2. ed5 Qd5 3. Nc3 Qe5 4. Be2 Qg5+ 5. Nf3 *\n";
    let reasons = |strict: bool| -> Vec<String> {
        let mut cmd = scoresheet();
        cmd.args(["validate", "-q", "--format", "csv"]);
        if strict {
            cmd.arg("--strict-notation");
        }
        let out = run_with_stdin(&mut cmd, text.to_vec());
        let text = String::from_utf8(out.stdout).unwrap();
        csv::Reader::from_reader(text.as_bytes())
            .records()
            .map(|r| r.unwrap()[15].to_string())
            .filter(|r| !r.is_empty())
            .collect()
    };
    assert!(reasons(false).is_empty());
    assert_eq!(
        reasons(true),
        [
            "missing_capture_mark",
            "missing_capture_mark",
            "missing_check_mark",
            "wrong_check_mark"
        ]
    );
}

/// A draw offer names the move it was made with, in CSV as in JSON Lines (issue 15).
#[test]
fn draw_offer_has_its_move_in_csv() {
    let out = run_with_stdin(
        scoresheet().args(["validate", "-q", "--format", "csv"]),
        b"1. e4 e5 2. Cf3 (=) Cc6 (=) 1/2-1/2\n".to_vec(),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let moves: Vec<(String, String)> = csv::Reader::from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap())
        .filter(|r| &r[9] == "draw_offer")
        .map(|r| (r[11].to_string(), r[12].to_string()))
        .collect();
    assert_eq!(
        moves,
        [("3".into(), "2.Cf3".into()), ("4".into(), "2...Cc6".into())]
    );
}

#[test]
fn exit_status() {
    let run = |args: &[&str]| scoresheet().args(args).output().unwrap().status.code();
    assert_eq!(run(&["validate", "-q", "corpora/golden/bom.pgn"]), Some(0));
    assert_eq!(
        run(&["validate", "-q", "corpora/golden/errors.pgn"]),
        Some(1)
    );
    assert_eq!(
        run(&["validate", "-q", "corpora/no/such/file.pgn"]),
        Some(2)
    );
    assert_eq!(
        run(&["validate", "-q", "--lang", "xx", "corpora/golden/bom.pgn"]),
        Some(2)
    );
    assert_eq!(run(&["validate", "--format", "yaml"]), Some(2));
}

#[test]
fn standard_input_and_formats() {
    let out = run_with_stdin(
        scoresheet().args(["validate", "-q", "--format", "csv", "--lang", "it"]),
        b"1. e4 e5 2. Cf3 Cc6 3. Cg4 *\n".to_vec(),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let header = rows.headers().unwrap().clone();
    assert_eq!(&header[0], "file");
    let row = rows.records().next().unwrap().unwrap();
    assert_eq!(&row[0], "-");
    assert_eq!(&row[9], "illegal_move");
    assert_eq!(out.status.code(), Some(1));

    let out = scoresheet()
        .args(["validate", "-q", "corpora/samples/italiano.txt"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("ambiguous_move"), "{text}");
    assert!(text.contains("4 games"), "{text}");
}
