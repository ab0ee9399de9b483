//! The help texts (issue 15, item 15) and what `--only`/`--skip` do to the text report's
//! headers and summary, the JSON Lines and the CSV (item 16).

mod common;

use common::{run_with_stdin, scoresheet};
use scoresheet::report::games::KINDS;
use serde_json::Value;

fn help(command: &str) -> String {
    let out = scoresheet().args([command, "--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

/// The help text of one option (long help: options are separated by blank lines).
fn option_help<'a>(text: &'a str, option: &str) -> &'a str {
    let start = text
        .match_indices(option)
        .map(|(i, _)| i)
        .find(|&i| {
            text[..i].ends_with(' ')
                && matches!(text[i + option.len()..].chars().next(), Some(' ' | '\n'))
        })
        .unwrap_or_else(|| panic!("{option} is not in the help"));
    let rest = &text[start..];
    &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

#[test]
fn help_says_what_the_options_do() {
    let validate = help("validate");
    for option in ["--only", "--skip", "--fail-on"] {
        let text = option_help(&validate, option);
        for k in KINDS {
            assert!(
                text.contains(k.id()),
                "{option} does not list {}: {text}",
                k.id()
            );
        }
    }
    assert!(validate.contains("Exit status"), "{validate}");
    let status = &validate[validate.find("Exit status").unwrap()..validate.find("Usage").unwrap()];
    assert!(status.contains("--fail-on"), "{status}");
    for command in ["validate", "convert"] {
        let text = help(command);
        let quiet = option_help(&text, "--quiet");
        assert!(quiet.contains("summary"), "{command} -q: {quiet}");
        let files = &text[text.find("[FILES]...\n").unwrap()..text.find("Options:").unwrap()];
        assert!(files.contains("directories"), "{command}: {files}");
        assert!(files.contains("compressed"), "{command}: {files}");
        let jobs = option_help(&text, "--jobs");
        assert!(jobs.contains('0'), "{command} --jobs: {jobs}");
    }
    let position = help("position");
    assert!(
        option_help(&position, "--format").contains("csv"),
        "{position}"
    );
}

#[test]
fn jobs_0_is_one_thread_per_core() {
    for command in ["validate", "convert"] {
        let out = scoresheet()
            .args([command, "-q", "--jobs", "0", "corpora/samples/italiano.txt"])
            .output()
            .unwrap();
        // The sample has a game with an illegal move: 1, not a usage error.
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert!(!out.stdout.is_empty());
    }
}

#[test]
fn convert_reads_directories_as_validate_does() {
    let dir = std::env::temp_dir().join(format!("scoresheet-dir-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::copy("corpora/samples/italiano.txt", dir.join("sub/a.txt")).unwrap();
    std::fs::write(dir.join("notes.md"), "not a game").unwrap();
    let out = scoresheet()
        .args(["convert", "-q"])
        .arg(&dir)
        .output()
        .unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(pgn.matches("[Event ").count(), 4, "{pgn}");
}

/// One game stopped by an illegal move, one clean.
const GAMES: &str = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n\
                     [White \"c\"]\n[Black \"d\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";

fn validate(args: &[&str]) -> (String, String, Option<i32>) {
    let out = run_with_stdin(
        scoresheet()
            .arg("validate")
            .args(args)
            .stderr(std::process::Stdio::piped()),
        GAMES.as_bytes().to_vec(),
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn filtered_errors_are_said_in_header_and_summary() {
    // Unfiltered: nothing about filters.
    let (text, err, code) = validate(&[]);
    assert_eq!(code, Some(1));
    assert!(
        !text.contains("filtered") && !err.contains("filtered"),
        "{text}{err}"
    );
    assert!(text.contains("2 games, 5 plies, 1 with errors\n"), "{text}");

    // The game's only error is skipped: its header still says ERROR and that a finding is
    // filtered out; the summaries count it among the games with errors and say so.
    for filter in [["--skip", "illegal_move"], ["--only", "threefold"]] {
        let (text, err, code) = validate(&filter);
        assert_eq!(code, Some(0), "nothing reported fails");
        assert!(
            text.contains("[en; 2 plies; ERROR; 1 finding filtered out]"),
            "{text}"
        );
        assert!(text.contains("[en; 3 plies; OK]"), "{text}");
        let note = "1 with errors (1 of them with every error finding filtered out)";
        assert!(
            text.contains(&format!("2 games, 5 plies, {note}\n")),
            "{text}"
        );
        assert!(err.contains(&format!("{note}, 0 failing")), "{err}");

        let (jsonl, _, _) = validate(&[&["--format", "jsonl"][..], &filter[..]].concat());
        let records: Vec<Value> = jsonl
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records[0]["status"], "error");
        assert_eq!(records[0]["findings"].as_array().unwrap().len(), 0);
        assert_eq!(records[0]["filtered_out"], 1);
        assert!(records[1].get("filtered_out").is_none());

        let (csv, _, _) = validate(&[&["--format", "csv"][..], &filter[..]].concat());
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let status = reader
            .headers()
            .unwrap()
            .iter()
            .position(|h| h == "status")
            .unwrap();
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(&rows[0][status], "error");
        assert_eq!(&rows[1][status], "ok");
    }

    // Errors still reported: no note.
    let (text, _, code) = validate(&["--skip", "threefold"]);
    assert_eq!(code, Some(1));
    assert!(!text.contains("filtered"), "{text}");
}

/// `--lang`, `--from-lang` and `--to-lang` list every language of `grammar/languages.csv`
/// (they are declared once; they once drifted apart).
#[test]
fn language_flags_list_every_language() {
    let table = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/languages.csv"),
    )
    .unwrap();
    let codes: Vec<&str> = table
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next())
        .filter(|c| !c.is_empty())
        .collect();
    assert!(codes.len() > 10, "{codes:?}");
    for (command, option) in [
        ("validate", "--lang"),
        ("convert", "--from-lang"),
        ("convert", "--to-lang"),
    ] {
        let text = help(command);
        let listed = option_help(&text, option).replace('\n', " ");
        for code in &codes {
            assert!(
                listed.contains(&format!("`{code}`")),
                "{command} {option} does not list {code}: {listed}"
            );
        }
    }
}
