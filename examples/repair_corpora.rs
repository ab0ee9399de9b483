//! The generators of the `--repair` corpora and their loss report, run by hand (they read the
//! shared archives in ../shared/corpora, which the tests do not need):
//!
//! ```text
//! cargo run --release --example repair_corpora -- write-corpus     # corpora/repair/single.jsonl, corpora/reconcile/pairs.jsonl
//! cargo run --release --example repair_corpora -- write-holdout    # corpora/repair/holdout.jsonl
//! cargo run --release --example repair_corpora -- classify-losses [single|holdout|FILE.jsonl]
//! ```
//!
//! The sheets are rendered by tests/gen/scoresheets.rs, which the tests include too; each
//! corpus is written with fixed seeds, so a run writes the same files again (until the
//! archives or the generator change). They were `#[ignore]` tests of tests/repair.rs.

#[path = "../tests/gen/scoresheets.rs"]
mod scoresheets;

use std::path::PathBuf;

use scoresheet::{
    export::ConvertOptions,
    notation::split::GameSplitter,
    repair::convert_repaired_text,
    replay::{render::uci, validate, Options},
};
use serde_json::{json, Value};
use shakmaty::{CastlingMode, Chess};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("write-corpus") => write_corpus(),
        Some("write-holdout") => write_holdout(),
        Some("classify-losses") => classify_losses(args.get(1).map_or("single", String::as_str)),
        _ => {
            eprintln!("usage: repair_corpora write-corpus | write-holdout | classify-losses [single|holdout|FILE.jsonl]");
            std::process::exit(2);
        }
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn truth_of(rec: &scoresheet::replay::GameRecord) -> String {
    rec.mainline
        .iter()
        .map(|&m| uci(m, CastlingMode::Standard))
        .collect::<Vec<_>>()
        .join(" ")
}

fn corpus(name: &str) -> Vec<Value> {
    let path = repo().join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON row"))
        .collect()
}

/// Games of the shared archives for a corpus: every third file from `first`, the games whose
/// index is `residue` modulo `modulus`, from the start position, 20 to 200 plies. `None` when
/// the archives are absent.
fn archive_games(
    first: usize,
    modulus: usize,
    residue: usize,
) -> Option<Vec<(String, Vec<shakmaty::Move>)>> {
    let dir = repo().join("../shared/corpora/pgnmentor-players");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("skipped: {} is absent", dir.display());
        return None;
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    let mut games = Vec::new();
    for path in files.iter().skip(first).step_by(3) {
        let bytes = std::fs::read(path).unwrap();
        for (i, g) in GameSplitter::new(&bytes[..]).enumerate() {
            if i % modulus != residue {
                continue;
            }
            let g = g.unwrap();
            let mut opts = Options::default();
            opts.laws.enabled = false;
            let rec = validate(&g, "", &opts);
            if rec.status != "ok"
                || rec.start.as_ref() != Some(&Chess::default())
                || rec.plies < 20
                || rec.plies > 200
            {
                continue;
            }
            games.push((
                format!("{}#{}", path.file_name().unwrap().to_string_lossy(), i + 1),
                rec.mainline.clone(),
            ));
        }
    }
    Some(games)
}

/// The three ways the generated sheets are written, in turn.
const STYLES: [scoresheets::Style; 3] = [
    scoresheets::Style::ItalianSan,
    scoresheets::Style::ItalianLong,
    scoresheets::Style::EnglishSan,
];

/// Writes corpora/repair/single.jsonl and corpora/reconcile/pairs.jsonl from the games of the
/// shared archives.
fn write_corpus() {
    let Some(mut games) = archive_games(0, 211, 7) else {
        return;
    };
    games.truncate(300);
    let styles = STYLES;
    let mut single = String::new();
    let mut pairs = String::new();
    for (k, (id, moves)) in games.iter().enumerate() {
        let style = styles[k % 3];
        let mut rng = scoresheets::Rng(0x9e37_79b9_7f4a_7c15 ^ (k as u64 + 1));
        let s = scoresheets::scoresheet(&Chess::default(), moves, style, &mut rng, 30);
        let truth = scoresheets::ucis(moves);
        single.push_str(
            &json!({"id": id, "style": style.name(), "slips": s.slips, "truth": truth, "text": s.text})
                .to_string(),
        );
        single.push('\n');
        let other = styles[(k + 1) % 3];
        let w = scoresheets::scoresheet(&Chess::default(), moves, style, &mut rng, 30);
        let b = scoresheets::scoresheet(&Chess::default(), moves, other, &mut rng, 30);
        pairs.push_str(
            &json!({"id": id, "truth": truth, "white": w.text, "white_style": style.name(), "white_slips": w.slips,
                    "black": b.text, "black_style": other.name(), "black_slips": b.slips})
                .to_string(),
        );
        pairs.push('\n');
    }
    std::fs::create_dir_all(repo().join("corpora/reconcile")).unwrap();
    std::fs::write(repo().join("corpora/repair/single.jsonl"), single).unwrap();
    std::fs::write(repo().join("corpora/reconcile/pairs.jsonl"), pairs).unwrap();
    println!("{} games written", games.len());
}

/// Writes corpora/repair/holdout.jsonl: single copies of other games (other files of the shared
/// archives, other game indexes) damaged with another seed, so that what is tuned on
/// single.jsonl is measured on sheets it was not tuned on.
fn write_holdout() {
    let Some(mut games) = archive_games(1, 197, 53) else {
        return;
    };
    games.truncate(150);
    let styles = STYLES;
    let mut out = String::new();
    for (k, (id, moves)) in games.iter().enumerate() {
        let style = styles[k % 3];
        let mut rng = scoresheets::Rng(0x2545_f491_4f6c_dd1d ^ (k as u64 + 7).wrapping_mul(0x9e37));
        let s = scoresheets::scoresheet(&Chess::default(), moves, style, &mut rng, 30);
        out.push_str(
            &json!({"id": id, "style": style.name(), "slips": s.slips, "truth": scoresheets::ucis(moves), "text": s.text})
                .to_string(),
        );
        out.push('\n');
    }
    std::fs::write(repo().join("corpora/repair/holdout.jsonl"), out).unwrap();
    println!("{} games written", games.len());
}

/// Why each game of a corpus (`name`: `single`, `holdout`, or a file of rows) is not
/// recovered: its slips, whether the
/// sheet replays as written, the first ply where the reading leaves the truth (chosen and
/// true move), and the cost of the reading found against the cost of the truth's reading, so
/// that a search that pruned the truth (truth cheaper) is told from a model that prices it
/// dearer, and an even choice (equal costs) from both. `REPAIR_CORPUS` may also name a file
/// of such rows (`….jsonl`): real sheets with the game their two copies reconcile to as truth.
fn classify_losses(name: &str) {
    use scoresheet::notation::{game::parse_game, languages::by_code};
    use scoresheet::repair::{
        repair_sheet,
        search::{reading_of, Limits},
        sheet::Sheet,
    };
    use scoresheet::replay::render::san_plain;
    use shakmaty::Position;
    // A path of its own (rows of `id`, `style`, `slips`, `text`, `truth` in UCI), or a corpus of ours.
    let rows = corpus(&if name.ends_with(".jsonl") {
        name.to_string()
    } else {
        format!("corpora/repair/{name}.jsonl")
    });
    let en = scoresheet::notation::languages::english();
    let (mut whole, mut spent) = (0, std::time::Duration::ZERO);
    for row in &rows {
        let text = row["text"].as_str().unwrap();
        let truth = row["truth"].as_str().unwrap();
        let started = std::time::Instant::now();
        let c = convert_repaired_text(text, &ConvertOptions::default());
        spent += started.elapsed();
        if truth_of(&c.record) == truth {
            whole += 1;
            continue;
        }
        let plain = scoresheet::replay::validate_text(text, &Options::default());
        let legal = !plain.findings.iter().any(|f| f.kind.is_move_error());
        let lang = by_code(&plain.lang).unwrap_or(en);
        let sheet = Sheet::from_movetext(text, parse_game(text).movetext_start);
        let start = Chess::default();
        // The truth as moves.
        let mut pos = start.clone();
        let mut truth_moves = Vec::new();
        for u in truth.split(' ') {
            let m = u
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            truth_moves.push(m);
            pos.play_unchecked(m);
        }
        let found = repair_sheet(&start, &sheet, lang);
        let wide = Limits {
            base_cost: 1000.0,
            margin: 1000.0,
            ..Limits::default()
        };
        let truth_read = reading_of(&start, &[&sheet], &[lang, lang], &wide, &truth_moves);
        let truth_cost = truth_read.as_ref().map(|f| f.cost);
        // Plies read otherwise than written (put in, a slip, a form reported), roughly as
        // `handwritten.py` counts them.
        let otherwise = |f: &scoresheet::repair::search::Found| {
            f.plies
                .iter()
                .filter(|p| {
                    p.readings.first().is_none_or(|r| {
                        r.text.is_none()
                            || r.slip >= scoresheet::repair::AS_WRITTEN
                            || matches!(
                                r.form,
                                scoresheet::repair::search::Form::English
                                    | scoresheet::repair::search::Form::Pieces
                                    | scoresheet::repair::search::Form::Undisambiguated
                            )
                    })
                })
                .count()
        };
        let truth_otherwise = truth_read.as_ref().map(otherwise);
        let found_otherwise = found.as_ref().map(|r| otherwise(&r.found));
        let got = found
            .as_ref()
            .map(|r| r.found.moves.clone())
            .unwrap_or_else(|| c.record.mainline.clone());
        let differ = got
            .iter()
            .zip(&truth_moves)
            .position(|(a, b)| a != b)
            .unwrap_or(got.len().min(truth_moves.len()));
        let mut pos = start.clone();
        for m in truth_moves.iter().take(differ) {
            pos.play_unchecked(*m);
        }
        let show =
            |m: Option<&shakmaty::Move>| m.map_or("-".to_string(), |&m| san_plain(&pos, m, en));
        println!(
            "{}\t{}\t{}\tlegal_as_written={legal}\tfirst_diff_ply={}\tchosen={}\ttruth={}\tfound_cost={:?}\ttruth_cost={:?}\tlen {}/{}\trewrite_ok={}\totherwise found={found_otherwise:?} truth={truth_otherwise:?}",
            row["id"],
            row["style"],
            row["slips"],
            differ + 1,
            show(got.get(differ)),
            show(truth_moves.get(differ)),
            found.as_ref().map(|r| r.found.cost),
            truth_cost,
            got.len(),
            truth_moves.len(),
            found.as_ref().is_some_and(|r| r.found.moves == c.record.mainline),
        );
    }
    println!(
        "{name}: {whole}/{} recovered whole, convert --repair {:.1} ms a game",
        rows.len(),
        spent.as_secs_f64() * 1000.0 / rows.len() as f64
    );
}
