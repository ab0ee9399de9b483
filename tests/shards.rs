//! Byte-range shards (`--byte-range START:END --first-line N`): at random cut points over
//! every bundled corpus file (and the shared archives when they are beside the checkout, or
//! where `SCORESHEET_SHARED` says), the shards' records, put together as a driver does (the
//! chain check, the reruns it calls for, `game` numbered again in offset order), are exactly
//! one run's records; `--split-clean`/`--split-bad` per shard concatenate to the file.

mod common;

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

use common::{corpus_files, repo, scoresheet, shared};
use serde_json::Value;

/// A small deterministic generator: the cut points must be random but reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if n == 0 {
            0
        } else {
            self.0 % n
        }
    }
}

#[derive(Debug)]
struct ShardRun {
    records: Vec<Value>,
    first: u64,
    begins: Vec<u64>,
    stop: u64,
    stop_line: u64,
    clean: Vec<u8>,
    bad: Vec<u8>,
}

fn jsonl(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `validate --format jsonl` of `file` on one thread, with `extra` options and the split
/// files `clean` and `bad`.
fn validate_split(file: &Path, extra: &[String], clean: &Path, bad: &Path) -> Output {
    scoresheet()
        .args(["validate", "--format", "jsonl", "-q", "--jobs", "1"])
        .args(extra)
        .arg("--split-clean")
        .arg(clean)
        .arg("--split-bad")
        .arg(bad)
        .arg(file)
        .output()
        .unwrap()
}

fn run_shard(file: &Path, start: u64, end: u64, line: u64, tmp: &Path) -> ShardRun {
    let (clean, bad) = (tmp.join("clean"), tmp.join("bad"));
    let range = [
        format!("--byte-range={start}:{end}"),
        format!("--first-line={line}"),
    ];
    let out = validate_split(file, &range, &clean, &bad);
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "{}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report: Value = stderr
        .lines()
        .find_map(|l| l.strip_prefix("scoresheet-shard: "))
        .map(|j| serde_json::from_str(j).unwrap())
        .unwrap_or_else(|| panic!("no shard report: {stderr}"));
    assert_eq!(report["complete"], Value::Bool(true));
    ShardRun {
        records: jsonl(&out.stdout),
        first: report["first"].as_u64().unwrap(),
        begins: report["begins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap())
            .collect(),
        stop: report["stop"].as_u64().unwrap(),
        stop_line: report["stop_line"].as_u64().unwrap(),
        clean: std::fs::read(&clean).unwrap(),
        bad: std::fs::read(&bad).unwrap(),
    }
}

/// The file cut at `cuts` into shards and put together again as a driver does: records
/// (with `game` numbered in order) and the concatenated split files.
fn sharded(
    file: &Path,
    data: &[u8],
    cuts: &[u64],
    tmp: &Path,
) -> (Vec<Value>, [Vec<u8>; 2], usize) {
    let len = data.len() as u64;
    let mut bounds = vec![0];
    bounds.extend(cuts.iter().copied().filter(|&c| c > 0 && c < len));
    bounds.sort_unstable();
    bounds.dedup();
    bounds.push(len);
    let line_of = |at: u64| 1 + data[..at as usize].iter().filter(|&&b| b == b'\n').count() as u64;
    let (mut records, mut split, mut reruns) = (Vec::new(), [Vec::new(), Vec::new()], 0);
    // Where the shard before stopped: a true game boundary (shard 0 is a whole run).
    let mut expected: Option<(u64, u64)> = None;
    for w in bounds.windows(2) {
        let (start, end) = (w[0], w[1]);
        let mut run = match expected {
            // The range holds no game's start: the game before it runs past its end.
            Some((at, _)) if at >= end => continue,
            _ => run_shard(file, start, end, line_of(start), tmp),
        };
        if let Some((at, line)) = expected.filter(|&(at, _)| at != run.first) {
            // In step from a later game: the records before it are dropped, as a driver
            // that writes no split files does; the run again from the stop must agree.
            let kept: Option<Vec<Value>> = run.begins.contains(&at).then(|| {
                run.records
                    .iter()
                    .filter(|r| r["offset"].as_u64().unwrap() >= at)
                    .cloned()
                    .collect()
            });
            reruns += 1;
            run = run_shard(file, at, end, line, tmp);
            assert_eq!(run.first, at, "a rerun from a true boundary is in step");
            if let Some(kept) = kept {
                // `game` counts from 1 in each.
                let unnumbered = |rs: &[Value]| -> Vec<Value> {
                    rs.iter()
                        .map(|r| {
                            let mut r = r.clone();
                            r["game"] = Value::Null;
                            r
                        })
                        .collect()
                };
                assert!(
                    unnumbered(&kept) == unnumbered(&run.records),
                    "{}: in step from {at}",
                    file.display()
                );
            }
        }
        expected = Some((run.stop, run.stop_line));
        records.extend(run.records);
        split[0].extend(run.clean);
        split[1].extend(run.bad);
    }
    for (i, r) in records.iter_mut().enumerate() {
        r["game"] = Value::from(i as u64 + 1);
    }
    (records, split, reruns)
}

/// One file cut at random into `shards` shards, against one run: records, and the split
/// files (the shards' concatenated are the run's).
fn check_file(file: &Path, rng: &mut Rng, shards: usize, tmp: &Path) -> usize {
    let data = std::fs::read(file).unwrap();
    if data.starts_with(&[0xff, 0xfe]) || data.starts_with(&[0xfe, 0xff]) {
        return 0; // UTF-16: refused, see below
    }
    let (clean, bad) = (tmp.join("whole-clean"), tmp.join("whole-bad"));
    let whole = jsonl(&validate_split(file, &[], &clean, &bad).stdout);
    let whole_split = [std::fs::read(&clean).unwrap(), std::fs::read(&bad).unwrap()];
    let len = data.len() as u64;
    let cuts: Vec<u64> = (1..shards).map(|_| rng.below(len + 1)).collect();
    let (records, split, reruns) = sharded(file, &data, &cuts, tmp);
    assert_eq!(
        records.len(),
        whole.len(),
        "{} cut at {cuts:?}",
        file.display()
    );
    for (a, b) in records.iter().zip(&whole) {
        assert_eq!(a, b, "{} cut at {cuts:?}", file.display());
    }
    assert!(
        split == whole_split,
        "{}: split files, cut at {cuts:?}",
        file.display()
    );
    if !whole.is_empty() {
        assert_eq!(
            split[0].len() + split[1].len(),
            data.len(),
            "{}: every byte in one split file",
            file.display()
        );
    }
    reruns
}

fn bundled() -> Vec<PathBuf> {
    corpus_files(&repo().join("corpora"))
        .into_iter()
        .filter(|p| {
            let name = p.to_string_lossy();
            name.ends_with(".pgn") || name.ends_with(".txt")
        })
        // The envelope reports beside the envelopes are this program's output, never read.
        .filter(|p| {
            std::fs::read(p).map_or(true, |bytes| {
                scoresheet::input::own_report(&bytes[..bytes.len().min(4096)]).is_none()
            })
        })
        .collect()
}

fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("scoresheet-shards-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn random_cuts_over_every_bundled_corpus_file() {
    let tmp = tmp_dir("bundled");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut reruns = 0;
    for file in bundled() {
        for shards in [2, 5] {
            reruns += check_file(&file, &mut rng, shards, &tmp);
        }
    }
    eprintln!("bundled corpora: {reruns} shards run again after a failed chain check");
    let _ = std::fs::remove_dir_all(tmp);
}

/// Games made to mislead a splitter started in their middle.
fn hostile_file() -> String {
    let mut text = String::from("\n%escape before the first game\n");
    for i in 0..40 {
        match i % 6 {
            0 => text.push_str(&format!(
                "[Event \"c{i}\"]\n[Result \"1-0\"]\n\n1. e4 {{ a comment\n\n[Event \"not a game\"]\n[Site \"x\"]\n\n1. d4 d5 }} e5 2. Nf3 1-0\n\n"
            )),
            1 => text.push_str(&format!(
                "[Event \"v{i}\"]\n\n1. e4 (1. d4 d5\n\n0-1\n\n[Event \"in a variation\"]\n\n2. c4) e5 *\n"
            )),
            2 => text.push_str("1. e4 e5 2. Nf3 Nc6 1-0\n1. d4 d5 0-1\n\n   1. c4 c5\n\n2. Nc3 Nc6 *\n\n"),
            3 => text.push_str("Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5\n\n2. Cf3 Cc6\nRisultato: 1-0\n\n"),
            4 => text.push_str(&format!(
                "[Event \"bad{i}\"]\n\n1. e4 e5 2. Ke3 Qh4 3. Zz9 *\n\n\n\n"
            )),
            _ => text.push_str(&format!(
                "  [Event \"t{i}\"]\n[Event \"tags only\"]\n\n[Event \"u{i}\"]\n1. f3 e5 2. g4 Qh4# 0-1\n"
            )),
        }
    }
    text
}

#[test]
fn random_cuts_over_misleading_games() {
    let tmp = tmp_dir("hostile");
    let file = tmp.join("hostile.pgn");
    std::fs::write(&file, hostile_file()).unwrap();
    let mut rng = Rng(12345);
    let mut reruns = 0;
    for shards in [2, 3, 8, 20, 60] {
        for _ in 0..4 {
            reruns += check_file(&file, &mut rng, shards, &tmp);
        }
    }
    assert!(
        reruns > 0,
        "some cut must fail the chain check and be run again"
    );
    let _ = std::fs::remove_dir_all(tmp);
}

#[test]
fn random_cuts_over_the_shared_archives() {
    let Some(shared) = std::env::var_os("SCORESHEET_SHARED")
        .map(PathBuf::from)
        .or_else(shared)
    else {
        eprintln!(
            "skipped: ../shared/corpora is not beside this checkout (or set SCORESHEET_SHARED)"
        );
        return;
    };
    let tmp = tmp_dir("shared");
    let mut rng = Rng(77);
    let files = corpus_files(&shared.join("corpora"));
    // Every fifth file and every large one: the test stays well under a minute.
    for (i, file) in files.iter().enumerate() {
        let big = std::fs::metadata(file).is_ok_and(|m| m.len() > 2 << 20);
        let name = file.to_string_lossy();
        let games = name.ends_with(".pgn") || name.ends_with(".txt");
        if games && (i % 5 == 0 || big) {
            check_file(file, &mut rng, if big { 6 } else { 3 }, &tmp);
        }
    }
    let _ = std::fs::remove_dir_all(tmp);
}

#[test]
fn standard_input_holds_the_range_from_a_line_start() {
    let text = hostile_file();
    let start = text.match_indices("\n[Event \"v7\"]").next().unwrap().0 as u64 + 1;
    let line = 1 + text[..start as usize].matches('\n').count() as u64;
    let out = common::run_with_stdin(
        scoresheet()
            .args(["validate", "--format", "jsonl", "-q"])
            .arg(format!("--byte-range={start}:{}", start + 1))
            .arg(format!("--first-line={line}"))
            .arg("-")
            .stderr(std::process::Stdio::piped()),
        text.as_bytes()[start as usize..].to_vec(),
    );
    let records = jsonl(&out.stdout);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["offset"], Value::from(start));
    assert_eq!(records[0]["line"], Value::from(line));
    assert_eq!(records[0]["tags"]["Event"], Value::from("v7"));
}

#[test]
fn compressed_and_utf16_files_are_refused() {
    let tmp = tmp_dir("refused");
    let gz = tmp.join("games.pgn.gz");
    std::fs::write(&gz, [0x1f, 0x8b, 8, 0, 0, 0]).unwrap();
    let utf16 = repo().join("corpora/golden/utf16.pgn");
    for (file, what) in [(&gz, "compressed"), (&utf16, "UTF-16")] {
        for cmd in ["validate", "convert"] {
            let out = scoresheet()
                .args([cmd, "--byte-range", "0:100"])
                .arg(file)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2));
            assert!(String::from_utf8_lossy(&out.stderr).contains(what));
        }
    }
    let two = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "--byte-range", "0:10"])
        .arg(&utf16)
        .arg(&utf16)
        .output()
        .unwrap();
    assert_eq!(two.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(tmp);
}

#[test]
fn convert_shards_cut_where_games_begin_make_the_whole_pgn() {
    let file = repo().join("corpora/convert/errors.pgn");
    let data = std::fs::read(&file).unwrap();
    let convert = |range: Option<(u64, u64)>| {
        let mut c = scoresheet();
        c.args(["convert", "-q"]);
        if let Some((a, b)) = range {
            c.arg(format!("--byte-range={a}:{b}"));
        }
        let out = c.arg(&file).output().unwrap();
        assert!(out.status.code().is_some_and(|c| c < 2));
        out.stdout
    };
    let whole = convert(None);
    // Every tag section after a blank line, as a cut: the shards are in step at once.
    let len = data.len() as u64;
    let cuts: Vec<u64> = data
        .windows(3)
        .enumerate()
        .filter(|(_, w)| w == b"\n\n[")
        .map(|(i, _)| i as u64 + 2)
        .collect();
    assert!(cuts.len() > 2);
    for &cut in &cuts {
        let (a, b) = (convert(Some((0, cut))), convert(Some((cut, len))));
        // Converted games are separated by a blank line: one between the two outputs.
        let joined = [a, b"\n".to_vec(), b].concat();
        assert!(joined == whole, "cut at {cut}");
    }
}

#[test]
fn a_range_past_the_end_owns_nothing_and_stops_at_the_end() {
    let file = repo().join("corpora/golden/errors.pgn");
    let len = std::fs::metadata(&file).unwrap().len();
    let tmp = tmp_dir("past");
    for (start, end) in [(len, len + 10), (len + 5, len + 10)] {
        let run = run_shard(&file, start, end, 1, &tmp);
        assert_eq!((run.first, run.stop), (len, len));
        assert!(run.records.is_empty(), "{start}:{end}");
    }
    // A range turned round (START after END) is refused (issue 34), not run as owning
    // nothing.
    let range = format!("--byte-range={}:{}", len / 2, len / 3);
    let out = validate_split(&file, &[range], &tmp.join("clean"), &tmp.join("bad"));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(tmp);
}
