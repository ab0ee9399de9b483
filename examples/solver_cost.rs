//! What the dead-position check (Art. 5.2.2) of bulk validation costs, position by position,
//! and whether a helpmate search could spare it (see *Speed and memory*, the eleventh round).
//!
//! ```text
//! scoresheet validate --format jsonl -q ../shared/corpora > records.jsonl
//! cargo run --release --example solver_cost -- records.jsonl [DEPTH] [SAMPLE]
//! ```
//!
//! Each record's final position is screened as bulk validation screens it
//! (`laws::fast_check::Screen`); the positions the screen leaves to the solver are asked of
//! chasolver's fast check, White first and Black only when White cannot mate, as bulk
//! validation asks (each side is timed on its own, so that the cheaper order, known only
//! after asking both, is printed too). Of the alive ones that took over 100 µs,
//! `SAMPLE` (150) spread over the list are then searched for a helpmate, for either side, by the
//! exact search of `laws::helpmate` within 1 to `DEPTH` (4) plies: a helpmate is the one proof
//! that a position is alive, so a search could spare the solver only where it finds one for
//! less time than the solver takes.

use std::time::Instant;

use scoresheet::laws::{dead, fast_check::Screen, helpmate, position};
use shakmaty::{Chess, Color, Position};

/// Alive positions that took the solver longer than this are the ones a search would target.
const COSTLY_US: u128 = 100;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: solver_cost RECORDS.jsonl [DEPTH] [SAMPLE]");
        std::process::exit(2);
    };
    let depth: u32 = args
        .next()
        .map_or(4, |a| a.parse().expect("DEPTH: a number"));
    let sample: usize = args
        .next()
        .map_or(150, |a| a.parse().expect("SAMPLE: a number"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });

    let (mut records, mut screened_out, mut best_order_us) = (0usize, 0usize, 0u128);
    // (microseconds, dead, position) of every position left to the solver.
    let mut asked: Vec<(u128, bool, Chess)> = Vec::new();
    for line in text.lines() {
        let Ok(record) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let Some(fen) = record.get("final_fen").and_then(|f| f.as_str()) else {
            continue;
        };
        let Ok((pos, _)) = position::parse(fen) else {
            continue;
        };
        records += 1;
        if Screen::of(&pos).cannot_prove_dead() {
            screened_out += 1;
            continue;
        }
        let Some(board) = dead::solver_board(&pos) else {
            continue;
        };
        // Each side timed on its own: bulk validation asks White first and Black only when
        // White cannot mate; the other order is timed too.
        let timed = |color| {
            let start = Instant::now();
            let unwinnable = chasolver::is_unwinnable_fast(&board, color);
            (start.elapsed().as_micros(), unwinnable)
        };
        let (white_us, white) = timed(chess::Color::White);
        let (black_us, black) = timed(chess::Color::Black);
        let white_first = white_us + if white { black_us } else { 0 };
        let black_first = black_us + if black { white_us } else { 0 };
        best_order_us += white_first.min(black_first);
        asked.push((white_first, white && black, pos));
    }

    let ms = |us: u128| us as f64 / 1000.0;
    let total: u128 = asked.iter().map(|a| a.0).sum();
    let dead_count = asked.iter().filter(|a| a.1).count();
    let costly: Vec<&(u128, bool, Chess)> =
        asked.iter().filter(|a| !a.1 && a.0 > COSTLY_US).collect();
    let costly_us: u128 = costly.iter().map(|a| a.0).sum();
    println!("final positions read:             {records}");
    println!("decided by the screen:            {screened_out}");
    println!(
        "asked of the solver:              {} ({dead_count} dead), {:.1} ms",
        asked.len(),
        ms(total)
    );
    println!(
        "the cheaper side first, known after asking both: {:.1} ms",
        ms(best_order_us)
    );
    println!(
        "alive, over {COSTLY_US} µs each:           {} positions, {:.1} ms ({:.0}% of the solver's time)",
        costly.len(),
        ms(costly_us),
        100.0 * costly_us as f64 / total.max(1) as f64
    );

    if costly.is_empty() || depth == 0 {
        return;
    }
    let step = costly.len().div_ceil(sample.max(1));
    let picked: Vec<_> = costly.iter().step_by(step.max(1)).collect();
    let picked_us: u128 = picked.iter().map(|a| a.0).sum();
    println!(
        "helpmate search on {} of them (solver {:.1} ms):",
        picked.len(),
        ms(picked_us)
    );
    for plies in 1..=depth {
        let (mut found, mut search_us, mut spared_us) = (0usize, 0u128, 0u128);
        for (us, _, pos) in &picked {
            let start = Instant::now();
            let hit = [pos.turn(), !pos.turn()]
                .into_iter()
                .any(|winner: Color| helpmate::shortest(pos, winner, plies, 1_000_000).is_some());
            search_us += start.elapsed().as_micros();
            if hit {
                found += 1;
                spared_us += us;
            }
        }
        println!(
            "  within {plies} plies: {found} found, search {:.1} ms, solver time it would spare {:.1} ms",
            ms(search_us),
            ms(spared_us)
        );
    }
}
