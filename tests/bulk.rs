//! Bulk validation: compressed inputs and directories, --output, the finding filters,
//! --split-clean/--split-bad, the per-game CSV, the closing summary and SIGINT.

mod common;

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
};

use common::{repo, run_with_stdin, scoresheet};
use scoresheet::notation::split::GameSplitter;
use serde_json::Value;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("bulk")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn jsonl(out: &[u8]) -> Vec<Value> {
    String::from_utf8(out.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn run(args: &[&str], files: &[&Path]) -> Output {
    scoresheet()
        .args(["validate", "-q", "--format", "jsonl"])
        .args(args)
        .args(files)
        .output()
        .unwrap()
}

/// Records without their `file` field.
fn without_file(records: Vec<Value>) -> Vec<Value> {
    records
        .into_iter()
        .map(|mut r| {
            r.as_object_mut().unwrap().remove("file");
            r
        })
        .collect()
}

fn compress(data: &[u8], ext: &str) -> Vec<u8> {
    match ext {
        "gz" => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        }
        "zst" => zstd::encode_all(data, 3).unwrap(),
        "bz2" => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        }
        "xz" => {
            let mut e = liblzma::write::XzEncoder::new(Vec::new(), 6);
            e.write_all(data).unwrap();
            e.finish().unwrap()
        }
        _ => unreachable!(),
    }
}

const CORPUS: [&str; 4] = [
    "corpora/golden/errors.pgn",
    "corpora/golden/utf16.pgn",
    "corpora/laws/repetition.pgn",
    "corpora/samples/italiano.txt",
];

#[test]
fn compressed_files_give_the_records_of_the_plain_file() {
    let dir = scratch("compressed");
    for rel in CORPUS {
        let plain = repo().join(rel);
        let data = std::fs::read(&plain).unwrap();
        let expected = run(&[], &[&plain]);
        assert!(matches!(expected.status.code(), Some(0 | 1)));
        let expected_records = jsonl(&expected.stdout);
        assert!(!expected_records.is_empty());
        let base = plain.file_name().unwrap().to_str().unwrap();
        for ext in ["gz", "zst", "bz2", "xz"] {
            let packed = compress(&data, ext);
            // By extension and magic, by magic alone (a misleading name), and on stdin.
            let named = dir.join(format!("{base}.{ext}"));
            let hidden = dir.join(format!("{ext}-{base}"));
            std::fs::write(&named, &packed).unwrap();
            std::fs::write(&hidden, &packed).unwrap();
            for f in [&named, &hidden] {
                let got = run(&[], &[f]);
                assert_eq!(got.status.code(), expected.status.code(), "{}", f.display());
                let records = jsonl(&got.stdout);
                assert!(records.iter().all(|r| r["file"] == f.display().to_string()));
                assert_eq!(
                    without_file(records),
                    without_file(expected_records.clone()),
                    "{}",
                    f.display()
                );
            }
            let got = run_with_stdin(
                scoresheet().args(["validate", "-q", "--format", "jsonl"]),
                packed.clone(),
            );
            assert_eq!(
                without_file(jsonl(&got.stdout)),
                without_file(expected_records.clone()),
                "stdin {ext} {rel}"
            );
        }
    }
}

#[test]
fn directories_are_walked_for_game_files() {
    let dir = scratch("walk");
    let sub = dir.join("a").join("b");
    std::fs::create_dir_all(&sub).unwrap();
    let errors = std::fs::read(repo().join("corpora/golden/errors.pgn")).unwrap();
    let italian = std::fs::read(repo().join("corpora/samples/italiano.txt")).unwrap();
    std::fs::write(dir.join("one.pgn"), &errors).unwrap();
    std::fs::write(sub.join("two.TXT.gz"), compress(&italian, "gz")).unwrap();
    std::fs::write(sub.join("three.pgn.xz"), compress(&errors, "xz")).unwrap();
    std::fs::write(dir.join("notes.md"), b"1. e4 e5 *\n").unwrap();
    std::fs::write(dir.join("data.jsonl"), b"{}\n").unwrap();
    let out = run(&[], &[&dir]);
    assert_eq!(out.status.code(), Some(1));
    let records = jsonl(&out.stdout);
    let mut files: Vec<String> = records
        .iter()
        .map(|r| r["file"].as_str().unwrap().to_string())
        .collect();
    files.dedup();
    let expect = |p: PathBuf| p.display().to_string();
    assert_eq!(
        files,
        [
            expect(sub.join("three.pgn.xz")),
            expect(sub.join("two.TXT.gz")),
            expect(dir.join("one.pgn")),
        ]
    );
}

#[test]
fn output_file_takes_the_report() {
    let dir = scratch("output");
    let report = dir.join("report.jsonl");
    let input = repo().join("corpora/golden/errors.pgn");
    let out = scoresheet()
        .args(["validate", "-q", "--format", "jsonl", "--output"])
        .arg(&report)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let plain = run(&[], &[&input]);
    assert_eq!(std::fs::read(&report).unwrap(), plain.stdout);
    // The output may not be an input.
    let out = scoresheet()
        .args(["validate", "-q", "-o"])
        .arg(&input)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

fn kinds(records: &[Value]) -> Vec<String> {
    records
        .iter()
        .flat_map(|r| r["findings"].as_array().unwrap().iter())
        .map(|f| f["kind"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn only_skip_and_fail_on() {
    let errors = repo().join("corpora/golden/errors.pgn");
    let repetition = repo().join("corpora/laws/repetition.pgn");
    let all = jsonl(&run(&[], &[&errors, &repetition]).stdout);
    let all_kinds = kinds(&all);
    assert!(all_kinds.iter().any(|k| k == "illegal_move"));
    assert!(all_kinds.iter().any(|k| k == "threefold"));

    let only = run(
        &["--only", "illegal_move,threefold"],
        &[&errors, &repetition],
    );
    assert_eq!(only.status.code(), Some(1));
    let records = jsonl(&only.stdout);
    assert_eq!(records.len(), all.len(), "every game keeps its record");
    let k = kinds(&records);
    assert!(k.iter().all(|k| k == "illegal_move" || k == "threefold"));
    assert_eq!(
        k.len(),
        all_kinds
            .iter()
            .filter(|k| *k == "illegal_move" || *k == "threefold")
            .count()
    );
    // status stays as replay set it.
    let statuses = |rs: &[Value]| rs.iter().map(|r| r["status"].clone()).collect::<Vec<_>>();
    assert_eq!(statuses(&records), statuses(&all));

    let skip = run(&["--skip", "threefold"], &[&repetition]);
    assert!(!kinds(&jsonl(&skip.stdout)).iter().any(|k| k == "threefold"));

    // Only information findings left: nothing fails.
    let out = run(&["--only", "threefold"], &[&errors, &repetition]);
    assert_eq!(out.status.code(), Some(0));
    // ... unless --fail-on counts them.
    let out = run(&["--fail-on", "threefold"], &[&repetition]);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["--fail-on", "threefold"], &[&errors]);
    assert_eq!(out.status.code(), Some(0));
    let out = run(
        &["--fail-on", "threefold", "--skip", "threefold"],
        &[&repetition],
    );
    assert_eq!(out.status.code(), Some(0));

    for flag in ["--only", "--skip", "--fail-on"] {
        let out = run(&[flag, "illegal_move,no_such_kind"], &[&errors]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("no_such_kind"));
        assert!(out.stdout.is_empty());
    }
}

/// The chunks the splitter cuts the file into, as bytes.
fn chunks(path: &Path) -> Vec<Vec<u8>> {
    let data = std::fs::read(path).unwrap();
    GameSplitter::new(&data[..])
        .map(|g| g.unwrap().bytes)
        .collect()
}

#[test]
fn split_files_hold_every_byte() {
    let dir = scratch("split");
    let mut bad_games = false;
    for (rel, fail_on) in [
        ("corpora/golden/errors.pgn", None),
        ("corpora/typos/typos.pgn", None),
        ("corpora/laws/repetition.pgn", Some("threefold")),
        ("corpora/samples/italiano.txt", None),
        ("corpora/golden/latin1.pgn", None),
    ] {
        let input = repo().join(rel);
        let clean = dir.join("clean.pgn");
        let bad = dir.join("bad.pgn");
        let mut args = vec!["--split-clean", clean.to_str().unwrap()];
        args.extend(["--split-bad", bad.to_str().unwrap()]);
        if let Some(k) = fail_on {
            args.extend(["--fail-on", k]);
        }
        let out = run(&args, &[&input]);
        let records = jsonl(&out.stdout);
        let chunks = chunks(&input);
        assert_eq!(chunks.len(), records.len(), "{rel}");
        assert_eq!(chunks.concat(), std::fs::read(&input).unwrap(), "{rel}");
        let failing = |r: &Value| {
            r["findings"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| match fail_on {
                    Some(k) => f["kind"] == k,
                    None => f["severity"] == "error",
                })
        };
        let (mut want_clean, mut want_bad) = (Vec::new(), Vec::new());
        for (c, r) in chunks.iter().zip(&records) {
            if failing(r) {
                want_bad.extend_from_slice(c);
            } else {
                want_clean.extend_from_slice(c);
            }
        }
        assert_eq!(std::fs::read(&clean).unwrap(), want_clean, "{rel}");
        assert_eq!(std::fs::read(&bad).unwrap(), want_bad, "{rel}");
        assert_eq!(
            out.status.code(),
            Some(if want_bad.is_empty() { 0 } else { 1 }),
            "{rel}: bad games make the status 1"
        );
        bad_games |= !want_bad.is_empty();
    }
    assert!(bad_games, "the test wants bad games");
}

#[test]
fn csv_summary_has_one_row_per_game() {
    let inputs = [
        repo().join("corpora/golden/errors.pgn"),
        repo().join("corpora/laws/endings.pgn"),
    ];
    let files: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    let records = jsonl(&run(&[], &files).stdout);
    let out = scoresheet()
        .args(["validate", "-q", "--format", "csv", "--summary"])
        .args(&inputs)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let mut rdr = csv::Reader::from_reader(&out.stdout[..]);
    let header: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header[..12],
        [
            "file",
            "game",
            "offset",
            "line",
            "white",
            "black",
            "result",
            "lang",
            "variant",
            "plies",
            "status",
            "termination"
        ]
    );
    assert!(header.contains(&"illegal_move".to_string()));
    let rows: Vec<csv::StringRecord> = rdr.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), records.len());
    for (row, r) in rows.iter().zip(&records) {
        assert_eq!(row[1], r["game"].to_string());
        assert_eq!(row[2], r["offset"].to_string());
        assert_eq!(&row[10], r["status"].as_str().unwrap());
        assert_eq!(
            &row[11],
            r["termination"]["kind"].as_str().unwrap_or_default()
        );
        for (i, kind) in header.iter().enumerate().skip(12) {
            let n = r["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["kind"] == kind.as_str())
                .count();
            assert_eq!(row[i], n.to_string(), "{kind}");
        }
    }
    // --summary is a CSV layout.
    let out = run(&["--summary"], &files);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn closing_summary_on_stderr() {
    let out = scoresheet()
        .args(["validate", "--format", "jsonl"])
        .arg("corpora/golden/errors.pgn")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("10 games,"), "{err}");
    assert!(err.contains("plies/s"), "{err}");
    assert!(err.contains("games with findings: "), "{err}");
    assert!(err.contains("illegal_move 5"), "{err}");
}

#[cfg(unix)]
#[test]
fn sigint_leaves_whole_records() {
    let dir = scratch("sigint");
    let input = dir.join("big.pgn");
    let one = std::fs::read(repo().join("corpora/typos/typos.pgn")).unwrap();
    let other = std::fs::read(repo().join("corpora/laws/move_counts.pgn")).unwrap();
    let mut data = Vec::with_capacity(one.len() * 400);
    for _ in 0..400 {
        data.extend_from_slice(&one);
        data.extend_from_slice(b"\n\n");
        data.extend_from_slice(&other);
        data.extend_from_slice(b"\n\n");
    }
    std::fs::write(&input, &data).unwrap();
    let report = dir.join("report.jsonl");
    let clean = dir.join("clean.pgn");
    let bad = dir.join("bad.pgn");
    let child = scoresheet()
        .args(["validate", "-q", "--jobs", "1", "--format", "jsonl", "-o"])
        .arg(&report)
        .arg("--split-clean")
        .arg(&clean)
        .arg("--split-bad")
        .arg(&bad)
        .arg(&input)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the first batch is out, then interrupt.
    let started = std::time::Instant::now();
    while std::fs::metadata(&report).map_or(0, |m| m.len()) == 0 && started.elapsed().as_secs() < 20
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(text.ends_with('\n'));
    let records = jsonl(text.as_bytes());
    assert!(!records.is_empty());
    let total = GameSplitter::new(&data[..]).count();
    if out.status.code() == Some(0) || out.status.code() == Some(1) {
        // The machine was fast enough to finish first: nothing to check but wholeness.
        assert_eq!(records.len(), total);
        return;
    }
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(records.len() < total, "interrupted before the end");
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
    // The split files hold exactly the games reported, whole.
    let chunks: Vec<Vec<u8>> = GameSplitter::new(&data[..])
        .take(records.len())
        .map(|g| g.unwrap().bytes)
        .collect();
    let split = [std::fs::read(&clean).unwrap(), std::fs::read(&bad).unwrap()];
    assert_eq!(
        split[0].len() + split[1].len(),
        chunks.iter().map(Vec::len).sum::<usize>()
    );
}

#[test]
fn a_game_over_64_mib_is_split_whole() {
    let dir = scratch("oversized");
    let input = dir.join("huge.pgn");
    let mut data = b"[Event \"Small\"]\n\n1. e4 e5 1-0\n\n[Event \"Huge\"]\n\n1. e4 {".to_vec();
    data.resize(data.len() + (65 << 20), b'x');
    data.extend_from_slice(b"} e5 1-0\n\n[Event \"After\"]\n\n1. d4 d5 1-0\n");
    std::fs::write(&input, &data).unwrap();
    let (clean, bad) = (dir.join("clean.pgn"), dir.join("bad.pgn"));
    let out = scoresheet()
        .args(["validate", "-q", "--format", "jsonl", "--split-clean"])
        .arg(&clean)
        .arg("--split-bad")
        .arg(&bad)
        .arg(&input)
        .output()
        .unwrap();
    let records = jsonl(&out.stdout);
    assert_eq!(records.len(), 3);
    assert!(kinds(&records).iter().any(|k| k == "oversized_game"));
    let chunks = chunks(&input);
    assert_eq!(
        std::fs::read(&bad).unwrap(),
        data[..data.len() - chunks[2].len()][chunks[0].len()..]
    );
    let clean = std::fs::read(&clean).unwrap();
    assert_eq!(clean, [chunks[0].clone(), chunks[2].clone()].concat());
    // From standard input the rest cannot be read again: said on stderr.
    let mut child = scoresheet()
        .args(["validate", "-q", "--format", "jsonl", "--split-bad"])
        .arg(&bad)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feed = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output().unwrap();
    feed.join().unwrap().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("not in the split file"));
}

#[cfg(unix)]
#[test]
fn directory_walks_do_not_follow_link_loops() {
    let dir = scratch("loop");
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("a").join("up")).unwrap();
    std::fs::copy(
        repo().join("corpora/golden/errors.pgn"),
        dir.join("a/g.pgn"),
    )
    .unwrap();
    let out = run(&[], &[&dir]);
    assert_eq!(jsonl(&out.stdout).len(), 10);
}

#[test]
fn duplicates_are_found_across_notations() {
    let dir = scratch("duplicates");
    let report = dir.join("dups.jsonl");
    let inputs = [
        "corpora/localized/source.pgn",
        "corpora/localized/it-compact.pgn",
        "corpora/localized/fr.pgn",
    ];
    let out = scoresheet()
        .args(["validate", "--format", "jsonl", "-o"])
        .arg(dir.join("records.jsonl"))
        .arg(format!("--duplicates={}", report.display()))
        .args(inputs)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("duplicates: 12 groups, 24 copies beyond the first"),
        "{stderr}"
    );
    let groups = jsonl(&std::fs::read(&report).unwrap());
    assert_eq!(groups.len(), 12);
    for (i, g) in groups.iter().enumerate() {
        let g = &g["duplicates"];
        assert_eq!(g["group"], i as u64 + 1);
        let copies = g["copies"].as_array().unwrap();
        let files: Vec<&str> = copies.iter().map(|c| c["file"].as_str().unwrap()).collect();
        assert_eq!(files, inputs, "group {i}");
        // The i-th game of every file, in input order.
        assert!(copies.iter().all(|c| c["game"] == i as u64 + 1), "{g}");
    }
    // The report itself holds the groups after the records with a bare --duplicates, and
    // CSV needs a file of its own.
    let out = run(
        &["--duplicates"],
        &[Path::new(inputs[0]), Path::new(inputs[0])],
    );
    let lines = jsonl(&out.stdout);
    assert_eq!(lines.len(), 24 + 12);
    assert!(lines[24..].iter().all(|l| l.get("duplicates").is_some()));
    let out = scoresheet()
        .args(["validate", "--format", "csv", "--duplicates", inputs[0]])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn records_come_out_in_input_order_whatever_the_threads() {
    // Enough games for several batches (of 1,024): the bundled corpus directories, 4 times.
    let dirs = [
        "corpora/golden",
        "corpora/laws",
        "corpora/localized",
        "corpora/typos",
    ];
    let args: Vec<&str> = dirs.repeat(4);
    let runs: Vec<Vec<u8>> = ["1", "2", "3"]
        .iter()
        .map(|jobs| {
            let out = scoresheet()
                .args(["validate", "-q", "--format", "jsonl", "--jobs", jobs])
                .args(&args)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1));
            out.stdout
        })
        .collect();
    let records = jsonl(&runs[0]);
    assert!(records.len() > 1024, "{} games", records.len());
    // Input order: files as named (directories walked sorted), games in file order.
    let keys: Vec<(String, u64)> = records
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["game"].as_u64().unwrap(),
            )
        })
        .collect();
    for w in keys.windows(2) {
        assert!(w[0].0 != w[1].0 || w[0].1 + 1 == w[1].1, "{w:?}");
    }
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0], runs[2]);
}
