//! Cost of deciding dead positions (Art. 5.2.2) per position, with chasolver's fast check
//! and its full search, over the labelled positions in `../shared/dead-positions/`
//! (`cargo bench --bench dead`; prints median, 90th percentile and maximum).

use std::time::{Duration, Instant};

use scoresheet::laws::{dead, position};
use shakmaty::Color;

fn stats(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{name:<28} n={:<5} median {:>10.1?}  p90 {:>10.1?}  max {:>10.1?}",
        times.len(),
        at(0.5),
        at(0.9),
        at(1.0)
    );
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("../shared/dead-positions/labelled.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} is absent", path.display());
        return;
    };
    let positions: Vec<_> = text
        .lines()
        .skip(1)
        .filter_map(|l| position::parse(l.split('\t').next()?).ok())
        .map(|(p, _)| p)
        .collect();
    let (mut fast, mut full) = (Vec::new(), Vec::new());
    for p in &positions {
        let t = Instant::now();
        std::hint::black_box(dead::is_dead_fast(p));
        fast.push(t.elapsed());
        let t = Instant::now();
        std::hint::black_box(dead::can_mate(p, Color::White, dead::Depth::Full));
        std::hint::black_box(dead::can_mate(p, Color::Black, dead::Depth::Full));
        full.push(t.elapsed());
    }
    stats("fast check, both sides", fast);
    stats("full search, both sides", full);
}
