//! Time against size of `--repair` and `decode` on hostile sheets (issue 41): a row written
//! twice, a stray `x` before every White move, a long word glued on, a long candidate. The
//! searches' work is bounded by a budget linear in the sheet's words, and a word or a
//! candidate longer than any move is set aside at once, so the throughput criterion reports
//! must not fall from one size to the next. `cargo bench --bench repair`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use scoresheet::{
    export::ConvertOptions,
    repair::{convert_repaired_text, decode},
};

#[path = "../tests/gen/hostile_sheets.rs"]
mod hostile;

fn repair(c: &mut Criterion) {
    let mut group = c.benchmark_group("repair");
    group.sample_size(10);
    let opts = ConvertOptions::default();
    let cases: Vec<(&str, usize, String)> = [3, 4, 5, 7]
        .iter()
        .map(|&n| ("rows-twice-lines", n, hostile::rows_twice(n)))
        .chain(
            [20, 40, 53, 83]
                .iter()
                .map(|&n| ("stray-x-plies", n, hostile::stray_x(n))),
        )
        .chain(
            [1_600, 6_400, 25_600]
                .iter()
                .map(|&n| ("long-word", n, hostile::long_word(n))),
        )
        .chain(
            [6_400, 100_000]
                .iter()
                .map(|&n| ("long-word-in-game", n, hostile::long_word_in_game(n))),
        )
        .collect();
    for (family, size, text) in &cases {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new(*family, size), text, |b, text| {
            b.iter(|| convert_repaired_text(text, &opts).record.plies)
        });
    }
    group.finish();
}

fn decode_long(c: &mut Criterion) {
    let mut group = c.benchmark_group("decode");
    group.sample_size(10);
    for size in [1_000, 64_000, 1_000_000] {
        let text = hostile::long_candidate(size);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("long-candidate", size),
            &text,
            |b, text| {
                b.iter(|| {
                    let lines = decode::read_lines(text)
                        .map_err(|e| e.0)
                        .unwrap_or_default();
                    decode::decode(&lines, None).map(|d| d.plies.len())
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, repair, decode_long);
criterion_main!(benches);
