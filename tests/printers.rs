//! Every printer of `validate` (text, JSON Lines, CSV by finding and by game, HTML; English
//! and Italian) over every game the reader accepts: the bundled corpora, hand-made hostile
//! games (null moves everywhere, illegal moves that stand, Chess960) and mutations of them.
//! A printer only formats a record; none may panic on one (issue 34, item 1: the HTML move
//! table replayed the moves after a null move on the wrong side's position and shakmaty
//! panicked).

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use common::{corpus_files, repo, scoresheet};
use scoresheet::{
    i18n::ReportLang,
    laws::IllegalPolicy,
    notation::split::GameSplitter,
    replay::{validate, validate_text, GameRecord, Options},
    report::{html, localised::sink_in, Format, Sink, Summary},
};

const FORMATS: [(Format, bool); 5] = [
    (Format::Text, false),
    (Format::Jsonl, false),
    (Format::Csv, false),
    (Format::Csv, true),
    (Format::Html, false),
];

/// Print `records` with every printer in both languages, and the HTML page around them;
/// panics (naming the game) if a printer does.
fn print_all(records: &[GameRecord], what: &str) {
    for lang in [ReportLang::En, ReportLang::It] {
        for (format, per_game) in FORMATS {
            let printer = sink_in(format, per_game, lang);
            let mut out = Vec::new();
            let mut summary = Summary::default();
            printer.begin(&mut out).unwrap();
            for r in records {
                let printed = catch_unwind(AssertUnwindSafe(|| printer.record(&mut out, r)));
                match printed {
                    Ok(written) => written.unwrap(),
                    Err(_) => panic!(
                        "{format:?} ({lang:?}) panicked on {what}, {} game {} (final FEN {})",
                        r.file, r.game, r.final_fen
                    ),
                }
                summary.add(r);
            }
            printer.end(&mut out, &summary).unwrap();
            if format == Format::Html {
                let mut page = Vec::new();
                html::write_document(&mut page, &out, &summary, lang, html::PageBound::NONE)
                    .unwrap();
                let page = String::from_utf8(page).unwrap();
                assert!(page.ends_with("</html>\n"), "{what}");
                assert_eq!(
                    page.matches("<section class=\"game\"").count(),
                    page.matches("</section>\n").count() - 1,
                    "{what}: every game section closed"
                );
            }
        }
    }
}

fn options() -> [Options; 2] {
    [
        Options::default(),
        Options {
            illegal: IllegalPolicy::Stands,
            ..Options::default()
        },
    ]
}

fn records_of(bytes: &[u8], name: &str, opts: &Options) -> Vec<GameRecord> {
    GameSplitter::new(bytes)
        .filter_map(Result::ok)
        .map(|g| validate(&g, name, opts))
        .collect()
}

/// The game of the issue: a null move, then moves that only make sense on the position after
/// it.
const NULL_GAME: &str = "1. e4 e5 2. Ke2 -- 3. Ke1 Qh4 *\n";

/// The HTML move table passes the turn at a null move: the moves after it are written as
/// played, each in its column, and the null move as `--`.
#[test]
fn html_move_table_passes_the_turn_at_a_null_move() {
    let r = validate_text(NULL_GAME, &Options::default());
    assert_eq!(r.null_plies, [4]);
    let mut frame = Vec::new();
    let printed = catch_unwind(AssertUnwindSafe(|| {
        html::Html(ReportLang::En).record(&mut frame, &r)
    }));
    assert!(printed.is_ok(), "the HTML printer panicked on {NULL_GAME}");
    let mut page = Vec::new();
    let mut summary = Summary::default();
    summary.add(&r);
    html::write_document(
        &mut page,
        &frame,
        &summary,
        ReportLang::En,
        html::PageBound::NONE,
    )
    .unwrap();
    let page = String::from_utf8(page).unwrap();
    let table = page
        .split("<table class=\"moves\">")
        .nth(1)
        .and_then(|t| t.split("</table>").next())
        .expect("a move table");
    assert!(
        table.contains("<tr><td class=\"no\">2.</td><td>Ke2</td><td class=\"h-fix\">"),
        "{table}"
    );
    assert!(table.contains(">--<span class=\"sign\">"), "{table}");
    assert!(
        table.contains("<tr><td class=\"no\">3.</td><td>Ke1</td><td>Qh4</td></tr>"),
        "{table}"
    );
}

/// `validate --format html` of the game writes a whole page and exits 0 or 1 (not 101).
#[test]
fn validate_html_of_a_null_move_writes_the_page() {
    let dir = std::env::temp_dir().join(format!("scoresheet-printers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("null.pgn");
    let page = dir.join("r.html");
    std::fs::write(&input, NULL_GAME).unwrap();
    for lang in ["en", "it"] {
        let out = scoresheet()
            .args([
                "validate",
                "-q",
                "--format",
                "html",
                "--report-lang",
                lang,
                "-o",
            ])
            .arg(&page)
            .arg(&input)
            .output()
            .unwrap();
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{lang}: {:?} {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(text.ends_with("</html>\n"), "{lang}");
        assert!(text.contains("Qh4"), "{lang}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every game of the bundled corpora, as the reader takes them, with replay stopping at an
/// illegal move and with illegal moves standing.
#[test]
fn every_printer_on_the_bundled_corpora() {
    let files = corpus_files(&repo().join("corpora"));
    assert!(files.len() > 100);
    for opts in options() {
        for f in &files {
            let bytes = std::fs::read(f).unwrap();
            let name = f.display().to_string();
            print_all(&records_of(&bytes, &name, &opts), &name);
        }
    }
}

/// Null moves at every ply of real games, and games that go on after them on either side's
/// position; illegal moves that stand; Chess960; positions set up from a FEN.
#[test]
fn every_printer_on_null_moves_and_irregular_games() {
    let games = [
        NULL_GAME,
        "-- e5 2. Ke2 -- 3. Ke1 *",
        "1. e4 -- 2. -- -- 3. Qh5 Nc6 4. Qxf7# *",
        "1. e4 e5 2. Qh5 -- 3. Qxf7+ -- 4. Qxe8 *",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O -- 5. -- Bc5 6. Re1 O-O 7. -- -- *",
        "1. e4 d5 2. e5 f5 3. -- -- 4. exf6 *",
        "1. e4 e5 2. Ke2 Ke7 3. Kd3 Kd6 4. Kc4 Kc6 5. Kb4 Kb6 6. Ka4 Ka6 7. -- Kb6 *",
        // Illegal moves that stand (with `--illegal stands`), around null moves.
        "1. e4 e5 2. Ke2 Qh4 3. Ke3 Qxf2+ 4. Kxf2 -- 5. Kg3 *",
        "1. f3 e5 2. g4 Qh4 3. Nc3 -- 4. Nd5 *",
        "1. e4 e5 2. Qh5 Nc6 3. Qxf7 Kxf7 4. -- Nf6 *",
        "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. -- Kd7 2. O-O -- 3. Rh7+ *",
        "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. -- Ke7 2. exd6+ *",
        "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. -- O-O 10. O-O -- *",
        "[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Qg7# -- *",
        "[FEN \"7k/8/6K1/8/8/8/8/6Q1 b - - 0 1\"]\n\n1... -- 2. Qg7# *",
        "1. e4 (1. d4 -- 2. c4) 1... -- (1... e5 2. -- Nc6) 2. d4 *",
        "1. e4 e5 2. Ke2 -- 3. Ke1 Qh4 4. -- Qxf2+ 5. Kxf2 *",
    ];
    for opts in options() {
        let records: Vec<GameRecord> = games.iter().map(|g| validate_text(g, &opts)).collect();
        print_all(&records, "the hand-made games");
    }
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Games of the bundled samples with their moves mutated: a null move put in, a move left
/// out, two moves swapped, a move doubled. Each mutant is a game the reader accepts.
#[test]
fn every_printer_on_mutated_games() {
    let mut texts = Vec::new();
    for f in corpus_files(&repo().join("corpora").join("samples")) {
        let bytes = std::fs::read(&f).unwrap();
        for g in GameSplitter::new(&bytes[..])
            .filter_map(Result::ok)
            .take(20)
        {
            texts.push(String::from_utf8_lossy(g.game_bytes()).into_owned());
        }
    }
    assert!(!texts.is_empty());
    let mut s = 0x2545_f491_4f6c_dd1du64;
    for opts in options() {
        let mut records = Vec::new();
        for text in &texts {
            // Only the movetext is mutated: the tags stay as they are.
            let (head, moves) = match text.rfind("]\n") {
                Some(i) => text.split_at(i + 2),
                None => ("", text.as_str()),
            };
            let words: Vec<&str> = moves.split_whitespace().collect();
            if words.is_empty() {
                continue;
            }
            for _ in 0..4 {
                let mut w: Vec<&str> = words.clone();
                let n = w.len();
                let i = (xorshift(&mut s) as usize) % n;
                let j = (xorshift(&mut s) as usize) % n;
                match xorshift(&mut s) % 4 {
                    0 => w.insert(i, "--"),
                    1 => {
                        w.remove(i);
                    }
                    2 => w.swap(i, j),
                    _ => w.insert(i, words[j]),
                }
                let mutant = format!("{head}\n{}\n", w.join(" "));
                records.push(validate_text(&mutant, &opts));
            }
        }
        print_all(&records, "the mutated games");
    }
}
