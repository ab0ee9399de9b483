//! Validate a file of games into records, as a program would: one line per game with its
//! verdict and its findings.
//!
//! `cargo run --release --example validate_file -- corpora/samples/italiano.txt`

use std::{fs::File, io::BufReader, process::ExitCode};

use scoresheet::{bulk::records, replay::Options};

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: validate_file FILE");
        return ExitCode::from(2);
    };
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut bad = 0;
    for record in records(BufReader::new(file), &path, Options::default()) {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        println!(
            "game {} ({}, {} plies): {}",
            record.game, record.lang, record.plies, record.status
        );
        for f in &record.findings {
            println!("  ply {} {}: {}", f.ply, f.kind, f.message);
        }
        bad += usize::from(record.has_errors());
    }
    ExitCode::from(u8::from(bad > 0))
}
