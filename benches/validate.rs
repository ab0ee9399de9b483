//! Criterion benches on real archives: the grammar (bytes/s and games/s of lexing), replay
//! (plies/s) and the whole per-game pipeline. Inputs: the bundled real games in
//! `corpora/localized/source.pgn` plus, when `../shared` is beside the checkout, a slice of
//! the pgnmentor and TCEC archives.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use scoresheet::{
    notation::{decode::decode, game::parse_game, split::GameSplitter},
    replay::{validate, Options},
};

fn inputs() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![(
        "localized-source".to_string(),
        std::fs::read(root.join("corpora/localized/source.pgn")).unwrap(),
    )];
    for (name, rel) in [
        (
            "pgnmentor-Carlsen",
            "../shared/corpora/pgnmentor-players/Carlsen.pgn",
        ),
        ("tcec", "../shared/corpora/tcec"),
    ] {
        let p = root.join(rel);
        if p.is_file() {
            out.push((name.to_string(), std::fs::read(&p).unwrap()));
        } else if p.is_dir() {
            let mut all = Vec::new();
            let mut entries: Vec<_> = std::fs::read_dir(&p).unwrap().flatten().collect();
            entries.sort_by_key(|e| e.path());
            for e in entries.into_iter().take(3) {
                all.extend(std::fs::read(e.path()).unwrap());
                all.extend_from_slice(b"\n\n");
            }
            out.push((name.to_string(), all));
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    for (name, bytes) in inputs() {
        let games: Vec<_> = GameSplitter::new(&bytes[..])
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let plies: u64 = games
            .iter()
            .map(|g| u64::from(validate(g, "", &Options::default()).plies))
            .sum();
        let mut group = c.benchmark_group(&name);
        group.sample_size(10);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function("split", |b| {
            b.iter(|| GameSplitter::new(&bytes[..]).count())
        });
        group.bench_function("grammar", |b| {
            b.iter(|| {
                games
                    .iter()
                    .map(|g| parse_game(&decode(g.game_bytes())).tokens.len())
                    .sum::<usize>()
            })
        });
        // The same work counted in tokens (move numbers, moves, comments, results, ...).
        let tokens: u64 = games
            .iter()
            .map(|g| parse_game(&decode(g.game_bytes())).tokens.len() as u64)
            .sum();
        group.throughput(Throughput::Elements(tokens));
        group.bench_function("grammar_tokens", |b| {
            b.iter(|| {
                games
                    .iter()
                    .map(|g| parse_game(&decode(g.game_bytes())).tokens.len())
                    .sum::<usize>()
            })
        });
        group.throughput(Throughput::Elements(plies));
        group.bench_function("replay_plies", |b| {
            b.iter(|| {
                games
                    .iter()
                    .map(|g| validate(g, "", &Options::default()).plies)
                    .sum::<u32>()
            })
        });
        group.throughput(Throughput::Elements(games.len() as u64));
        group.bench_function("pipeline_games", |b| {
            b.iter(|| {
                GameSplitter::new(&bytes[..])
                    .map(|g| validate(&g.unwrap(), "", &Options::default()).plies)
                    .sum::<u32>()
            })
        });
        let no_laws = Options {
            laws: scoresheet::laws::LawsOptions {
                enabled: false,
                ..Default::default()
            },
            ..Options::default()
        };
        let no_dead = Options {
            laws: scoresheet::laws::LawsOptions {
                dead_positions: scoresheet::laws::dead::DeadSearch::Off,
                ..Default::default()
            },
            ..Options::default()
        };
        let dead_all = Options {
            laws: scoresheet::laws::LawsOptions {
                dead_positions: scoresheet::laws::dead::DeadSearch::All,
                ..Default::default()
            },
            ..Options::default()
        };
        group.bench_function("pipeline_games_dead_positions_all", |b| {
            b.iter(|| {
                GameSplitter::new(&bytes[..])
                    .map(|g| validate(&g.unwrap(), "", &dead_all).plies)
                    .sum::<u32>()
            })
        });
        group.bench_function("pipeline_games_without_dead_positions", |b| {
            b.iter(|| {
                GameSplitter::new(&bytes[..])
                    .map(|g| validate(&g.unwrap(), "", &no_dead).plies)
                    .sum::<u32>()
            })
        });
        group.bench_function("pipeline_games_without_laws", |b| {
            b.iter(|| {
                GameSplitter::new(&bytes[..])
                    .map(|g| validate(&g.unwrap(), "", &no_laws).plies)
                    .sum::<u32>()
            })
        });
        group.finish();
    }
}

criterion_group!(validate_benches, benches);
criterion_main!(validate_benches);
