//! The README's library example: validate files into JSON Lines records, and say what the run
//! came to — a file that cannot be read, or no game at all, is a failed run, not "0 games".
//!
//! `cargo run --release --example library -- corpora/samples/italiano.txt`

use std::process::ExitCode;

use scoresheet::bulk::{Outputs, Progress, Validator};
use scoresheet::error::Error;
use scoresheet::report::jsonl::Jsonl;

/// Problems (a file that cannot be read) said on standard error as they come.
struct Say;

impl Progress for Say {
    fn problem(&mut self, e: &Error) {
        eprintln!("{e}");
    }
}

fn main() -> Result<ExitCode, Error> {
    let files: Vec<std::path::PathBuf> = std::env::args_os().skip(1).map(Into::into).collect();
    let mut out = std::io::stdout();
    let outcome =
        Validator::default().run(&files.into(), &Jsonl, Outputs::report(&mut out), &mut Say)?;
    if outcome.nothing_read() {
        eprintln!("no games read");
    }
    eprintln!(
        "{} games, {} failing",
        outcome.summary.games, outcome.failing
    );
    // 0: all clean; 1: some game fails; 2: a file could not be read, or there was no game.
    Ok(ExitCode::from(outcome.exit_status()))
}
