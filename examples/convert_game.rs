//! Convert one game written in Italian on a scoresheet into standard English PGN, and into
//! German letters.
//!
//! `cargo run --release --example convert_game`

use std::process::ExitCode;

use scoresheet::{
    export::{convert_game, ConvertOptions},
    notation::{languages::by_code, split::RawGame},
};

fn main() -> ExitCode {
    let written = "Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. O-O f6 1-0\n";
    let game = RawGame::from_text(written);
    for code in ["en", "de"] {
        let Some(to) = by_code(code) else {
            eprintln!("no language {code}");
            return ExitCode::from(2);
        };
        let options = ConvertOptions {
            to,
            ..ConvertOptions::default()
        };
        let converted = convert_game(&game, "sheet.txt", &options);
        println!("{}", converted.pgn);
        if !converted.complete {
            eprintln!("not whole: {}", converted.problems.join("; "));
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
