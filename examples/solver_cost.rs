//! What the dead-position check (Art. 5.2.2) of bulk validation costs, position by position,
//! and whether a helpmate search could spare it (see *Speed and memory*, the eleventh round).
//!
//! ```text
//! scoresheet validate --format jsonl -q ../shared/corpora > records.jsonl
//! cargo run --release --example solver_cost -- records.jsonl [DEPTH] [SAMPLE]
//! ```
//!
//! Each record's final position is taken as bulk validation takes it: a checkmate is never
//! asked, the rest are screened (`laws::fast_check::Screen`), and the positions the screen
//! leaves to the solver are asked of chasolver's fast check, White first and Black only when
//! White cannot mate. Each side is timed on its own call, so that the cheaper order, known only
//! after asking both, is printed too (Black's call follows White's and finds the caches warm).
//! The further checks bulk validation makes in a game whose last position is dead, to find its
//! first dead ply, are not counted. Then the exact helpmate search of `laws::helpmate`, for
//! either side: within 2 plies on every position asked, and within 1 to `DEPTH` (4) plies on
//! `SAMPLE` (150) of the alive positions that took the solver over 100 µs, spread over the list.
//! A helpmate is the one proof that a position is alive, so a search could spare the solver
//! only where it finds one for less time than the solver takes. Timings of one run on a shared
//! machine vary by a fifth from run to run.

use std::time::Instant;

use scoresheet::laws::{dead, fast_check::Screen, helpmate, position};
use shakmaty::{Chess, Color, Position};

/// Alive positions that took the solver longer than this (ns) are the ones a search would
/// target.
const COSTLY_NS: u128 = 100_000;
/// The depth of the search tried on every position asked.
const ALL_PLIES: u32 = 2;

/// A position asked of the solver: what the asking cost (ns), whether it is dead.
struct Asked {
    ns: u128,
    dead: bool,
    pos: Chess,
}

/// Whether either side has a helpmate within `plies`.
fn helpmate_within(pos: &Chess, plies: u32) -> bool {
    [pos.turn(), !pos.turn()]
        .into_iter()
        .any(|winner: Color| helpmate::shortest(pos, winner, plies, 1_000_000).is_some())
}

/// The helpmate search within `plies` over `positions`: found, search time, and the solver's
/// time on the positions where one was found (ns).
fn search(positions: &[&Asked], plies: u32) -> (usize, u128, u128) {
    let (mut found, mut search_ns, mut spared_ns) = (0, 0, 0);
    for a in positions {
        let start = Instant::now();
        let hit = helpmate_within(&a.pos, plies);
        search_ns += start.elapsed().as_nanos();
        if hit {
            found += 1;
            spared_ns += a.ns;
        }
    }
    (found, search_ns, spared_ns)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: solver_cost RECORDS.jsonl [DEPTH] [SAMPLE]");
        std::process::exit(2);
    };
    let number = |arg: Option<String>, default: usize, name: &str| {
        arg.map_or(default, |a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("{name}: not a number: {a}");
                std::process::exit(2);
            })
        })
    };
    let depth = number(args.next(), 4, "DEPTH") as u32;
    let sample = number(args.next(), 150, "SAMPLE");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });

    let (mut records, mut unread, mut mates, mut screened_out, mut not_handed) = (0, 0, 0, 0, 0);
    let mut best_order_ns = 0u128;
    let mut asked: Vec<Asked> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fen = serde_json::from_str::<serde_json::Value>(line)
            .ok()
            .and_then(|r| r.get("final_fen")?.as_str().map(str::to_string));
        let Some(Ok((pos, _))) = fen.map(|f| position::parse(&f)) else {
            // Not a record, a record without a final position (an unreadable game), or a
            // FEN that is no legal position.
            unread += 1;
            continue;
        };
        records += 1;
        if pos.is_checkmate() {
            mates += 1;
            continue;
        }
        if Screen::of(&pos).cannot_prove_dead() {
            screened_out += 1;
            continue;
        }
        // Chess960 castling rights, which the solver cannot take: bulk validation does not
        // ask either.
        let Some(board) = dead::solver_board(&pos) else {
            not_handed += 1;
            continue;
        };
        let timed = |color| {
            let start = Instant::now();
            let unwinnable = chasolver::is_unwinnable_fast(&board, color);
            (start.elapsed().as_nanos(), unwinnable)
        };
        let (white_ns, white) = timed(chess::Color::White);
        let (black_ns, black) = timed(chess::Color::Black);
        let white_first = white_ns + if white { black_ns } else { 0 };
        let black_first = black_ns + if black { white_ns } else { 0 };
        best_order_ns += white_first.min(black_first);
        asked.push(Asked {
            ns: white_first,
            dead: white && black,
            pos,
        });
    }
    if records == 0 {
        eprintln!("{path}: no record with a final position (give the JSON Lines of `scoresheet validate --format jsonl`)");
        std::process::exit(1);
    }

    let ms = |ns: u128| ns as f64 / 1e6;
    let total: u128 = asked.iter().map(|a| a.ns).sum();
    let dead_count = asked.iter().filter(|a| a.dead).count();
    let costly: Vec<&Asked> = asked
        .iter()
        .filter(|a| !a.dead && a.ns > COSTLY_NS)
        .collect();
    let costly_ns: u128 = costly.iter().map(|a| a.ns).sum();
    println!("records with a final position:    {records} ({unread} lines unread)");
    println!("checkmates (never asked):         {mates}");
    println!("decided by the screen:            {screened_out}");
    println!("Chess960 castling (not asked):    {not_handed}");
    println!(
        "asked of the solver:              {} ({dead_count} dead), {:.1} ms",
        asked.len(),
        ms(total)
    );
    println!(
        "the cheaper side first, known after asking both: {:.1} ms",
        ms(best_order_ns)
    );
    println!(
        "alive, over {} µs each:           {} positions, {:.1} ms ({:.0}% of the solver's time)",
        COSTLY_NS / 1000,
        costly.len(),
        ms(costly_ns),
        100.0 * costly_ns as f64 / total.max(1) as f64
    );
    if depth == 0 {
        return;
    }

    let every: Vec<&Asked> = asked.iter().collect();
    let plies = ALL_PLIES.min(depth);
    let (found, search_ns, spared_ns) = search(&every, plies);
    println!(
        "helpmate search within {plies} plies on every position asked: {found} found, search {:.1} ms, solver time it would spare {:.1} ms",
        ms(search_ns),
        ms(spared_ns)
    );

    let n = costly.len();
    let picked: Vec<&Asked> = (0..sample.min(n))
        .map(|i| costly[i * n / sample.min(n)])
        .collect();
    if picked.is_empty() {
        return;
    }
    let picked_ns: u128 = picked.iter().map(|a| a.ns).sum();
    println!(
        "helpmate search on {} of the costly ones (solver {:.1} ms):",
        picked.len(),
        ms(picked_ns)
    );
    for plies in 1..=depth {
        let (found, search_ns, spared_ns) = search(&picked, plies);
        println!(
            "  within {plies} {}: {found} found, search {:.1} ms, solver time it would spare {:.1} ms",
            if plies == 1 { "ply" } else { "plies" },
            ms(search_ns),
            ms(spared_ns)
        );
    }
}
