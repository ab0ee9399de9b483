//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
};

use scoresheet::{
    notation::split::GameSplitter,
    replay::{validate, GameRecord, Options},
};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `scoresheet` binary, run from the checkout.
pub fn scoresheet() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    c.current_dir(repo());
    c
}

/// Run `cmd` with `input` on its standard input (fed from a thread of its own, so that a
/// large input never waits for output nobody reads), standard output captured.
pub fn run_with_stdin(cmd: &mut Command, input: Vec<u8>) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feed = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    feed.join().unwrap().unwrap();
    out
}

/// Validate every game of a file with the library.
pub fn validate_file(path: &Path, opts: &Options) -> Vec<GameRecord> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.display().to_string();
    GameSplitter::new(&bytes[..])
        .map(|g| validate(&g.expect("reading from memory"), &name, opts))
        .collect()
}

/// Rows of a tab-separated file with a header line, as (header → value) maps.
pub fn read_tsv(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap_or("")
        .split('\t')
        .map(str::to_string)
        .collect();
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split('\t').map(str::to_string))
                .collect()
        })
        .collect()
}

/// `../shared`, when it is there.
pub fn shared() -> Option<PathBuf> {
    let p = repo().join("..").join("shared");
    p.join("corpora").is_dir().then_some(p)
}

/// Every file under a corpus directory, sorted, except its `SOURCES.md` and `READY` markers.
pub fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if !matches!(
                p.file_name().and_then(|n| n.to_str()),
                Some("SOURCES.md" | "READY")
            ) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
