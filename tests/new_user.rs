//! What a new user ran into (issue 15, items 1–5): header words inside comments, stray
//! brackets by the thousand, an output that is the standard input's own file, control
//! characters, a closed pipe. Each case as it was met.

mod common;

use std::{
    io::Read,
    process::{Command, Stdio},
};

use common::{run_with_stdin, scoresheet};
use scoresheet::replay::{validate_text, Options};

fn jsonl(input: &str) -> Vec<serde_json::Value> {
    let out = run_with_stdin(
        scoresheet().args(["validate", "-q", "--format", "jsonl"]),
        input.as_bytes().to_vec(),
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_header_word_inside_a_comment_stays_in_the_comment() {
    let input =
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {analysis by\nWhite: he wanted more} e5 2. Nf3 1-0\n";
    let records = jsonl(input);
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(r["plies"], 3);
    assert_eq!(r["status"], "ok");
    assert!(r["tags"].get("White").is_none(), "{r}");
    // A `;` comment ends at its line: the header after it is one.
    let r = &jsonl("1. e4 e5 ; Bianco: not this\nRisultato: 1-0\n")[0];
    assert_eq!(r["tags"]["Result"], "1-0", "{r}");
    assert!(r["tags"].get("White").is_none(), "{r}");
}

#[test]
fn thousands_of_stray_brackets_are_counted_not_listed() {
    let input = format!("1. e4 e5 {}2. Nf3 *\n", ") ".repeat(5000));
    let r = validate_text(&input, &Options::default());
    assert_eq!(r.plies, 3);
    let stray: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.reason.map(|r| r.id()) == Some("unmatched_parenthesis"))
        .collect();
    assert_eq!(stray.len(), scoresheet::finding::MAX_REPEATED);
    assert_eq!(stray.last().unwrap().more, Some(4990));
    assert!(stray
        .last()
        .unwrap()
        .message
        .contains("4990 more like this"));
    // Broken variations by the thousand: one record, the mainline whole.
    let input = format!("1. e4 e5 {}*\n", "( e4 ".repeat(3000));
    let r = validate_text(&input, &Options::default());
    assert_eq!(r.plies, 2);
    assert!(r.findings.len() < 40, "{}", r.findings.len());
}

#[test]
fn the_output_may_not_be_the_file_standard_input_reads() {
    let dir = std::env::temp_dir().join(format!("scoresheet-new-user-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sheet = dir.join("it.txt");
    let original = std::fs::read(common::repo().join("corpora/samples/italiano.txt")).unwrap();
    std::fs::write(&sheet, &original).unwrap();
    let link = dir.join("link.txt");
    let _ = std::fs::remove_file(&link);
    std::fs::hard_link(&sheet, &link).unwrap();
    for args in [
        vec!["validate", "-q", "-o", "it.txt", "-"],
        vec!["validate", "-q", "-o", "it.txt"],
        vec!["convert", "-q", "-o", "it.txt", "-"],
        vec!["convert", "-q", "-o", "it.txt"],
        vec!["validate", "-q", "-o", "link.txt", "it.txt"],
        vec!["validate", "-q", "--split-bad", "link.txt", "-"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args(&args)
            .current_dir(&dir)
            .stdin(std::fs::File::open(&sheet).unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("is also an input"));
        assert_eq!(std::fs::read(&sheet).unwrap(), original, "{args:?}");
    }
    // Another file is fine.
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "-q", "-o", "report.txt", "-"])
        .current_dir(&dir)
        .stdin(std::fs::File::open(&sheet).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(std::fs::read_to_string(dir.join("report.txt"))
        .unwrap()
        .contains("game 4"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn control_characters_are_reported_not_read() {
    let records = jsonl("Bianco: Rossi\n\0Nero: Bianchi\n\n1. e4 e5 2. C\0f3 Cc6 *\n");
    assert_eq!(records.len(), 1, "a NUL split the game");
    let r = &records[0];
    assert_eq!(r["tags"]["Black"], "Bianchi");
    assert_eq!(r["plies"], 4);
    let controls: Vec<&serde_json::Value> = r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["reason"] == "control_character")
        .collect();
    assert_eq!(controls.len(), 2);
    assert_eq!(
        (&controls[0]["line"], &controls[0]["column"]),
        (&2.into(), &1.into())
    );
    assert_eq!(
        (&controls[1]["line"], &controls[1]["column"]),
        (&4.into(), &14.into())
    );
    // The text report never prints a control character raw.
    let out = run_with_stdin(
        scoresheet().args(["validate", "-q"]),
        "[White \"A\u{85}B\"]\n\n1. e4 \0e5 *\n".as_bytes().to_vec(),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("A\\u{85}B"), "{text}");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly_with_the_sigpipe_status() {
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
    let input = game.repeat(20_000);
    for args in [
        vec!["validate", "--format", "jsonl", "-"],
        vec!["validate", "--jobs", "1", "-"],
        vec!["convert", "-"],
    ] {
        let mut child = scoresheet()
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let bytes = input.clone().into_bytes();
        let feed = std::thread::spawn(move || {
            use std::io::Write;
            // The run may stop reading once its output is closed.
            let _ = stdin.write_all(&bytes);
        });
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 64];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        feed.join().unwrap();
        assert_eq!(status.code(), Some(141), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    // Standard error in the same closed pipe (`2>&1 | head`): no panic either, though convert
    // says on standard error which games it could not convert whole.
    let dir = std::env::temp_dir().join(format!("scoresheet-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.txt");
    let sheet = std::fs::read(common::repo().join("corpora/samples/italiano.txt")).unwrap();
    std::fs::write(&file, sheet.repeat(2000)).unwrap();
    for command in ["convert", "validate"] {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" {command} \"$1\" 2>&1",))
            .arg(env!("CARGO_BIN_EXE_scoresheet"))
            .arg(&file)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 64];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        assert_eq!(child.wait().unwrap().code(), Some(141), "{command}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The fuzzers' seed inputs (the regressions above among them) as plain tests: one record a
/// game, no panic, and a converted game reads back as one game.
#[test]
fn the_fuzz_seeds_read_and_convert() {
    use scoresheet::{
        export::{convert_game, ConvertOptions},
        notation::split::GameSplitter,
        replay::validate,
    };
    let mut seeds = 0;
    for target in ["validate", "convert", "grammar"] {
        for path in common::corpus_files(&common::repo().join("fuzz/seeds").join(target)) {
            let bytes = std::fs::read(&path).unwrap();
            for game in GameSplitter::new(&bytes[..]) {
                let game = game.unwrap();
                validate(&game, "seed", &Options::default());
                let pgn = convert_game(&game, "seed", &ConvertOptions::default()).pgn;
                assert_eq!(
                    GameSplitter::new(pgn.as_bytes()).count(),
                    1,
                    "{}",
                    path.display()
                );
            }
            seeds += 1;
        }
    }
    assert!(seeds >= 10, "{seeds} seeds");
}
