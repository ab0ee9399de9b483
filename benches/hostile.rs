//! Time against size on hostile inputs: one game of each family at growing sizes, validated
//! and converted. Every family must take time linear in its size, so the throughput (bytes/s)
//! criterion reports stays flat from one size to the next; a falling one is a quadratic
//! cost (stray `)` and nested or broken variations once were). `cargo bench --bench hostile`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use scoresheet::{
    export::{convert_game, ConvertOptions},
    notation::split::RawGame,
    replay::{validate, Options},
};

/// A deterministic stream of choices (no randomness crate needed for a bench input).
struct Lcg(u64);

impl Lcg {
    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        from[(self.0 >> 33) as usize % from.len()]
    }
}

const SAN_LIKE: &[&str] = &[
    "Nf3", "e4", "Bxc6", "Qd8", "O-O", "exd5", "Cf3", "Ab5", "Rxe1+", "a8=Q", "Kd2", "Nbd7",
    "gxf8=N#", "Txe8", "Dd4", "e.p.", "(=)", "$1", "!?", "--", "1.", "23...", "{c}", "(", ")",
    "((", "))",
];

/// One game of `family`, about `size` bytes long.
fn game(family: &str, size: usize) -> String {
    let mut lcg = Lcg(7);
    let mut text = String::from("[Event \"hostile\"]\n\n1. e4 e5 ");
    while text.len() < size {
        let word = match family {
            "stray-close" => ")",
            "unclosed-variations" => "( e4",
            "nested-brackets" => lcg.pick(&["(", "(", "(", ")", ")"]),
            "san-garbage" => lcg.pick(SAN_LIKE),
            "unreadable" => "zz9",
            "draw-offers" => "(=)",
            "nags" => "$1",
            "comments" => "{x}",
            "move-numbers" => "12.",
            _ => unreachable!("a family of this bench"),
        };
        text.push_str(word);
        text.push(' ');
    }
    text.push('\n');
    text
}

fn hostile(c: &mut Criterion) {
    let families = [
        "stray-close",
        "unclosed-variations",
        "nested-brackets",
        "san-garbage",
        "unreadable",
        "draw-offers",
        "nags",
        "comments",
        "move-numbers",
    ];
    let opts = Options::default();
    let convert = ConvertOptions::default();
    for family in families {
        let mut group = c.benchmark_group(format!("hostile/{family}"));
        group.sample_size(10);
        for size in [25_000, 50_000, 100_000, 200_000] {
            let raw = RawGame::from_text(&game(family, size));
            group.throughput(Throughput::Bytes(raw.bytes.len() as u64));
            group.bench_with_input(BenchmarkId::new("validate", size), &raw, |b, raw| {
                b.iter(|| validate(raw, "", &opts).findings.len())
            });
            group.bench_with_input(BenchmarkId::new("convert", size), &raw, |b, raw| {
                b.iter(|| convert_game(raw, "", &convert).pgn.len())
            });
        }
        group.finish();
    }
}

criterion_group!(benches, hostile);
criterion_main!(benches);
