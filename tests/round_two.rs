//! What a second new user ran into (issue 34): output files wiped by a failed run, `--jobs`
//! without a bound, ZIP archives not read, "0 games" passing as success, the tool's own
//! reports read back as games, a library example that hid a read error, and no way to see
//! only the games that need a look.

mod common;

use std::{
    fs,
    path::{Path, PathBuf},
    process::Output,
};

use common::{repo, run_with_stdin, scoresheet};
use scoresheet::bulk::{Outputs, Silent, Validator};
use scoresheet::report::jsonl::Jsonl;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "scoresheet-round-two-{name}-{}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn sample() -> PathBuf {
    repo().join("corpora/samples/italiano.txt")
}

#[test]
fn a_failed_run_leaves_every_output_file_as_it_was() {
    let dir = folder("outputs");
    let missing = dir.join("nonexistent.pgn");
    let old = "the old contents\n";
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("convert -o", vec!["convert".into(), "-o".into()]),
        ("validate -o", vec!["validate".into(), "-o".into()]),
        ("--split-bad", vec!["validate".into(), "--split-bad".into()]),
        (
            "--split-clean",
            vec!["validate".into(), "--split-clean".into()],
        ),
        ("envelope -o", vec!["envelope".into(), "-o".into()]),
        ("decode -o", vec!["decode".into(), "-o".into()]),
    ];
    for (what, args) in cases {
        let out = dir.join("out.txt");
        fs::write(&out, old).unwrap();
        let run = scoresheet()
            .args(&args)
            .arg(&out)
            .arg(&missing)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{what}: {}", stderr(&run));
        assert_eq!(fs::read_to_string(&out).unwrap(), old, "{what}");
        // decode reads its input before it opens the output: nothing to say of it.
        if what != "decode -o" {
            let said = stderr(&run);
            assert!(said.contains("not written"), "{what}: {said}");
        }
    }
    let out = dir.join("dups.txt");
    fs::write(&out, old).unwrap();
    let run = scoresheet()
        .arg("validate")
        .arg(format!("--duplicates={}", out.display()))
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&out).unwrap(), old, "--duplicates=FILE");
    // One good input and one missing: still a failed run, still nothing replaced.
    let out = dir.join("out.pgn");
    fs::write(&out, old).unwrap();
    let run = scoresheet()
        .args(["convert", "-o"])
        .arg(&out)
        .arg(sample())
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&out).unwrap(), old);
    // No temporary file is left behind.
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.contains(".scoresheet-")),
        "{names:?}"
    );
    // A run that ends (exit 1: games with errors) replaces the file.
    let run = scoresheet()
        .args(["validate", "-q", "-o"])
        .arg(&out)
        .arg(sample())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(fs::read_to_string(&out).unwrap().contains("game 4"));
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn jobs_beyond_the_cores_are_bounded_and_said() {
    let run = scoresheet()
        .args(["validate", "-q", "--jobs", "100000"])
        .arg(sample())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(
        stderr(&run).contains("--jobs 100000 is more than the"),
        "{}",
        stderr(&run)
    );
    assert_eq!(
        String::from_utf8_lossy(&run.stdout)
            .matches(": game ")
            .count(),
        4
    );
}

/// A ZIP archive (stored and deflated members, one in a folder, one gzip-compressed, and a
/// file that is no game file), written by hand so that the test needs no tool.
fn zip_of(path: &Path, members: &[(&str, &[u8], bool)]) {
    use std::io::Write;
    let file = fs::File::create(path).unwrap();
    let mut z = zip::ZipWriter::new(file);
    for (name, bytes, deflate) in members {
        let method = if *deflate {
            zip::CompressionMethod::Deflated
        } else {
            zip::CompressionMethod::Stored
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        z.start_file(*name, options).unwrap();
        z.write_all(bytes).unwrap();
    }
    z.finish().unwrap();
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn jsonl_files(run: &Output) -> Vec<String> {
    String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["file"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn zip_archives_are_read_member_by_member() {
    let dir = folder("zip");
    let italian = fs::read(sample()).unwrap();
    let one = b"1. e4 e5 2. Nf3 *\n".to_vec();
    let zipped = gzip(&one);
    let archive = dir.join("twic.zip");
    zip_of(
        &archive,
        &[
            ("round1/italiano.txt", &italian, true),
            ("one.pgn", &one, false),
            ("one.pgn.gz", &zipped, true),
            ("notes.doc", b"not games", true),
        ],
    );
    let run = scoresheet()
        .args(["validate", "-q", "--format", "jsonl"])
        .arg(&archive)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let name = archive.display().to_string();
    let files = jsonl_files(&run);
    assert_eq!(files.len(), 6, "{files:?}");
    assert_eq!(files[0], format!("{name}/round1/italiano.txt"));
    assert_eq!(files[4], format!("{name}/one.pgn"));
    assert_eq!(files[5], format!("{name}/one.pgn.gz"));
    // Inside a directory, likewise; and convert reads it too.
    let run = scoresheet()
        .args(["validate", "-q", "--format", "jsonl"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(jsonl_files(&run).len(), 6);
    let run = scoresheet()
        .args(["convert", "-q"])
        .arg(&archive)
        .output()
        .unwrap();
    let pgn = String::from_utf8_lossy(&run.stdout);
    assert_eq!(pgn.matches("[Event ").count(), 6, "{pgn}");
    // A damaged archive is an error that names it, not a game of garbage.
    let broken = dir.join("broken.zip");
    fs::write(&broken, b"PK\x03\x04 this is not really a zip").unwrap();
    let run = scoresheet()
        .args(["validate", "-q"])
        .arg(&broken)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("broken.zip"), "{}", stderr(&run));
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn no_games_is_no_success() {
    let dir = folder("empty");
    let empty = dir.join("empty.pgn");
    fs::write(&empty, "").unwrap();
    for sub in ["validate", "convert"] {
        let run = scoresheet().args([sub, "-q"]).arg(&empty).output().unwrap();
        assert_eq!(run.status.code(), Some(2), "{sub}");
        assert!(
            stderr(&run).contains("no games in"),
            "{sub}: {}",
            stderr(&run)
        );
    }
    // A directory without game files.
    let none = dir.join("nothing");
    fs::create_dir_all(&none).unwrap();
    fs::write(none.join("notes.md"), "# no games here\n").unwrap();
    let run = scoresheet().args(["validate"]).arg(&none).output().unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("no game file"), "{}", stderr(&run));
    // Standard input with nothing on it.
    let run = run_with_stdin(scoresheet().args(["validate", "-q"]), Vec::new());
    assert_eq!(run.status.code(), Some(2));
    // An empty file beside one with games: said, not a failure.
    let run = scoresheet()
        .args(["validate", "-q"])
        .arg(sample())
        .arg(&empty)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).contains("no games in"), "{}", stderr(&run));
    // A byte range that holds no game start is no failure (a cluster's shard).
    let run = scoresheet()
        .args(["validate", "-q", "--byte-range", "5:10"])
        .arg(sample())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_tools_own_reports_are_never_read_back() {
    let dir = folder("reports");
    fs::copy(sample(), dir.join("italiano.txt")).unwrap();
    let first = scoresheet()
        .args(["validate", "-q", "-o"])
        .arg(dir.join("report.txt"))
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(first.status.code(), Some(1));
    fs::write(
        dir.join("pos.txt"),
        scoresheet()
            .args(["position", "8/8/8/4k3/8/8/8/4KB2 w - - 0 1"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let envelope = scoresheet()
        .args(["envelope", "corpora/envelopes/ambiguous.toml"])
        .output()
        .unwrap();
    fs::write(dir.join("envelope.txt"), envelope.stdout).unwrap();
    let italian = scoresheet()
        .args(["validate", "-q", "--report-lang", "it"])
        .arg(sample())
        .output()
        .unwrap();
    fs::write(dir.join("rapporto.txt"), italian.stdout).unwrap();
    let again = scoresheet()
        .args(["validate", "--format", "jsonl"])
        .arg(&dir)
        .output()
        .unwrap();
    let files = jsonl_files(&again);
    assert_eq!(files.len(), 4, "{files:?}");
    assert!(files.iter().all(|f| f.ends_with("italiano.txt")));
    let said = stderr(&again);
    assert!(said.contains("4 reports written by scoresheet"), "{said}");
    // The bundled corpora: the envelope reports beside the envelopes are not games.
    let run = scoresheet()
        .args(["validate", "-q", "--format", "jsonl", "corpora/envelopes"])
        .output()
        .unwrap();
    let files = jsonl_files(&run);
    assert!(files.iter().all(|f| f.contains("/sheets/")), "{files:?}");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn only_the_games_that_need_a_look() {
    for (which, games) in [("all", 4), ("findings", 4), ("errors", 2), ("failing", 2)] {
        for format in ["text", "jsonl", "csv"] {
            let run = scoresheet()
                .args(["validate", "-q", "--games", which, "--format", format])
                .arg(sample())
                .output()
                .unwrap();
            assert_eq!(run.status.code(), Some(1));
            let out = String::from_utf8_lossy(&run.stdout);
            let shown = match format {
                "text" => out.matches(": game ").count(),
                "jsonl" => out.lines().count(),
                _ => {
                    let mut games: Vec<&str> = out
                        .lines()
                        .skip(1)
                        .filter_map(|l| l.split(',').nth(1))
                        .collect();
                    games.dedup();
                    games.len()
                }
            };
            assert_eq!(shown, games, "--games {which} --format {format}: {out}");
            if format == "text" {
                // The summary counts every game.
                assert!(out.contains("4 games, 94 plies, 2 with errors"), "{out}");
            }
        }
    }
    // Games with no finding at all are left out by `findings`.
    let run = run_with_stdin(
        scoresheet().args(["validate", "-q", "--games", "findings", "--format", "jsonl"]),
        b"1. e4 e5 *\n\n1. e4 e5 2. Ke3 *\n".to_vec(),
    );
    assert_eq!(String::from_utf8_lossy(&run.stdout).lines().count(), 1);
}

/// The README's library example is `examples/library.rs`, and it says a read error.
#[test]
fn the_library_example_checks_the_outcome() {
    let readme = fs::read_to_string(repo().join("README.md")).unwrap();
    let example = fs::read_to_string(repo().join("examples/library.rs")).unwrap();
    let start = readme
        .find("As a library")
        .and_then(|i| readme[i..].find("```rust\n").map(|j| i + j + 8))
        .expect("the README's library example");
    let end = start + readme[start..].find("```\n").unwrap();
    assert!(
        example.contains(&readme[start..end]),
        "the README's library example is not examples/library.rs"
    );
    let missing: PathBuf = "no-such-file.pgn".into();
    let mut out = Vec::new();
    let outcome = Validator::default()
        .run(
            &vec![missing].into(),
            &Jsonl,
            Outputs::report(&mut out),
            &mut Silent,
        )
        .unwrap();
    assert!(outcome.read_errors);
    assert!(outcome.nothing_read());
    assert_eq!(outcome.exit_status(), 2);
}
