//! Judge a position under the Laws: legal, whose move, mate, stalemate, dead (Art. 5.2.2),
//! and which side can still mate (Art. 6.9).
//!
//! `cargo run --release --example judge_position -- "8/8/8/4k3/8/8/8/4KB2 w - - 0 1"`

use std::process::ExitCode;

use scoresheet::{laws::position::judge, report::position::to_text};

fn main() -> ExitCode {
    let fen = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "8/8/8/4k3/8/8/8/4KB2 w - - 0 1".to_string());
    let judgement = judge(&fen);
    print!("{}", to_text(&judgement));
    if !judgement.legal {
        eprintln!("not a legal position: {}", judgement.reason);
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
