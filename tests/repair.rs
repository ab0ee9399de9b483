//! `--repair` on damaged scoresheets: real games rendered with slips (corpora/repair, made by
//! tests/gen/scoresheets.rs), the three OCR-damaged forms of the Appendix C example game, and
//! games that replay as written (never changed).

mod common;
#[path = "gen/hostile_sheets.rs"]
mod hostile;
#[path = "gen/scoresheets.rs"]
mod scoresheets;

use common::{repo, scoresheet};
use scoresheet::{
    export::{convert_game, ConvertOptions},
    notation::split::GameSplitter,
    repair::{convert_repaired, convert_repaired_text, validate_repaired_text},
    replay::{render::uci, validate, validate_text, Options},
    result::GameResult,
};
use serde_json::{json, Value};
use shakmaty::{CastlingMode, Chess};

fn truth_of(rec: &scoresheet::replay::GameRecord) -> String {
    rec.mainline
        .iter()
        .map(|&m| uci(m, CastlingMode::Standard))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `repaired_move` findings of a record.
fn repairs(rec: &scoresheet::replay::GameRecord) -> Vec<&scoresheet::finding::Finding> {
    rec.findings
        .iter()
        .filter(|f| f.kind.id() == "repaired_move")
        .collect()
}

fn corpus(name: &str) -> Vec<Value> {
    let path = repo().join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

const APPENDIX_C: &str = "e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6 c1g5 b8c6 d4e3 f8e7 b1d2 e8g8 e1c1 f8e8 c1b1";

#[test]
fn appendix_c_in_its_three_ocr_damaged_forms_is_read_whole() {
    let dir = repo().join("corpora/repair/appendix-c");
    let truth = std::fs::read_to_string(dir.join("truth.txt")).unwrap();
    for form in ["form1.txt", "form2.txt", "form3.txt"] {
        let text = std::fs::read_to_string(dir.join(form)).unwrap();
        let rec = validate_repaired_text(&text, &Options::default());
        assert_eq!(rec.status, "ok", "{form}: {:?}", rec.findings);
        assert_eq!(truth_of(&rec), APPENDIX_C, "{form}");
        assert!(rec.repaired.unwrap_or(0) >= 1, "{form}");
        // The draw offer with White's 11th move is kept.
        assert!(
            rec.findings
                .iter()
                .any(|f| f.kind.id() == "draw_offer" && f.ply == 21),
            "{form}"
        );
        let c = convert_repaired_text(&text, &ConvertOptions::default());
        assert!(c.pgn.contains("{(=)}"), "{form}: {}", c.pgn);
        assert!(c.pgn.contains("{repaired: written"), "{form}");
        let expected = std::fs::read_to_string(dir.join(form.replace(".txt", ".pgn"))).unwrap();
        assert_eq!(c.pgn, expected, "{form}");
    }
    assert!(truth.contains("Kb1"));
}

/// A capture or check mark that does not fit (`Bxb5` for the quiet `Bb5`, `Nf3+` that gives no
/// check) is read by replay as written, without a finding (the marks are optional; only
/// `--strict-notation` judges them): `--repair`, read through for a slip elsewhere, does not
/// call it a repair either, and the PGN says nothing about it.
#[test]
fn a_mark_that_does_not_fit_is_not_a_repair() {
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bxb5 a6 4. Bc6 dxc6 5. O-O Bd7 6. d4 exd4 7. Qd4 Nf6 \
                8. Bg5+ Be7 9. Nc3 O-O 10. Rfdl *";
    let plain = validate_text(text, &Options::default());
    assert!(
        plain.findings.iter().all(|f| f.ply == 19),
        "replay reads every move before the slip silently: {:?}",
        plain.findings
    );
    let rec = validate_repaired_text(text, &Options::default());
    assert_eq!(rec.status, "ok", "{:?}", rec.findings);
    let repaired = repairs(&rec);
    assert_eq!(repaired.len(), 1, "only `Rfdl` is a repair: {repaired:?}");
    assert_eq!(repaired[0].ply, 19);
    let c = convert_repaired_text(text, &ConvertOptions::default());
    assert_eq!(c.pgn.matches("{repaired:").count(), 1, "{}", c.pgn);
    assert!(c.pgn.contains("3. Bb5 a6 4. Bxc6"), "{}", c.pgn);
}

/// A repair is never silent: a word the search reads through a slip it prices like a lost
/// mark (`0-O` for `O-O`) and a move number read through a look-alike (`S.`, `1O.`) or glued
/// to its move (`9h3`) are words replay does not read, so each is a `repaired_move`, and
/// every slip that makes a word unreadable is reported at or before its ply.
#[test]
fn no_repair_is_silent() {
    let text = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 S. 0-O Ae7 6. Te1 b5 7. Ab3 d6 \
                8. c3 O-O 9h3 Ca5 1O.Ac2 c5 *";
    let plain = validate_text(text, &Options::default());
    let first = plain
        .findings
        .iter()
        .find(|f| f.kind.is_move_error())
        .expect("the sheet fails as written");
    let rec = validate_repaired_text(text, &Options::default());
    assert_eq!(rec.status, "ok", "{:?}", rec.findings);
    let got: Vec<(u32, Option<&str>, Option<&str>)> = repairs(&rec)
        .iter()
        .map(|f| (f.ply, f.written.as_deref(), f.reason.map(|r| r.id())))
        .collect();
    assert_eq!(
        got,
        [
            (9, Some("S."), Some("number_slip")),
            (9, Some("0-O"), Some("look_alike")),
            (17, Some("9"), Some("number_slip")),
            (19, Some("1O."), Some("number_slip")),
        ]
    );
    assert!(got[0].0 <= first.ply);
    // Only the castling is a move read otherwise.
    assert_eq!(rec.repaired, Some(1));
    let c = convert_repaired_text(text, &ConvertOptions::default());
    let pgn = c.pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    for evidence in [
        "5. O-O {repaired: move number written \"S.\", read as 5.",
        "written \"0-O\", read as O-O}",
        "9. h3 {repaired: move number written \"9\", read as 9.}",
        "10. Bc2 {repaired: move number written \"1O.\", read as 10.}",
    ] {
        assert!(pgn.contains(evidence), "{evidence}: {pgn}");
    }
}

/// Words after the last move are set aside as findings too, never silently; a result
/// written with look-alikes (`l-0`) is read as the result, and the game is judged by it.
#[test]
fn words_after_the_last_move_are_findings_and_a_slipped_result_is_the_result() {
    for (tail, reason, result) in [
        ("qqq", "stray_word", None),
        ("l-0", "result_slip", Some("1-0")),
        ("O-l", "result_slip", Some("0-1")),
        ("l/2-l/2", "result_slip", Some("1/2-1/2")),
    ] {
        // `Ced` fails as written: the sheet is read through, up to the last move.
        let text = format!("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 Ced 5. O-O f6 {tail}");
        let rec = validate_repaired_text(&text, &Options::default());
        assert_eq!(rec.status, "ok", "{:?}", rec.findings);
        let last: Vec<(u32, Option<&str>, Option<&str>)> = repairs(&rec)
            .iter()
            .filter(|f| f.read_as.is_none())
            .map(|f| (f.ply, f.written.as_deref(), f.reason.map(|r| r.id())))
            .collect();
        assert_eq!(last, [(11, Some(tail), Some(reason))], "{tail}");
        assert_eq!(rec.result.map(|r| r.as_str()), result, "{tail}");
        let c = convert_repaired_text(&text, &ConvertOptions::default());
        let pgn = c.pgn.split_whitespace().collect::<Vec<_>>().join(" ");
        let evidence = match result {
            Some(r) => format!("{{repaired: result written \"{tail}\", read as {r}}} {r}"),
            None => format!("{{repaired: \"{tail}\" left out}}"),
        };
        assert!(pgn.contains(&evidence), "{evidence}: {pgn}");
    }
    // A result followed by another word is no result: both are set aside.
    let rec = validate_repaired_text(
        "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 Ced 5. O-O f6 l-0 qqq",
        &Options::default(),
    );
    let last: Vec<Option<&str>> = repairs(&rec)
        .iter()
        .filter(|f| f.read_as.is_none())
        .map(|f| f.reason.map(|r| r.id()))
        .collect();
    assert_eq!(last, [Some("stray_word"), Some("stray_word")]);
    assert_eq!(rec.result, None);
    // The result as it should be, run together with the last move: read as written.
    let rec = validate_repaired_text(
        "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 Ced 5. O-O f61/2-1/2",
        &Options::default(),
    );
    assert_eq!(rec.result, Some(GameResult::Draw));
    assert!(
        repairs(&rec).iter().all(|f| f.read_as.is_some()),
        "{:?}",
        rec.findings
    );
    // The result alone written with a look-alike: validate stops at it as an unreadable
    // move; `--repair` reads it as the result, the only repair.
    let rec = validate_repaired_text("1. e4 e5 2. Cf3 Cc6 l-0", &Options::default());
    assert_eq!(rec.result, Some(GameResult::WhiteWins));
    let got: Vec<Option<&str>> = repairs(&rec)
        .iter()
        .map(|f| f.reason.map(|r| r.id()))
        .collect();
    assert_eq!(got, [Some("result_slip")]);
    assert_eq!(rec.repaired, Some(0));
}

/// OCR slips in the header of a game read through: a tag name (`Resu1t`, `B1ack`) and the
/// result in it (`l-0`) written with look-alikes are read back, each a finding at ply 0,
/// and the converted game carries the evidence before its first move.
#[test]
fn ocr_slips_in_the_header_are_read_back() {
    let text = "[Event \"Torneo\"]\n[Resu1t \"l-0\"]\n[B1ack \"Bianchi\"]\n\n\
                1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 Ced 5. O-O f6 1-0\n";
    let rec = validate_repaired_text(text, &Options::default());
    assert_eq!(rec.status, "ok", "{:?}", rec.findings);
    let header: Vec<(u32, Option<&str>, Option<&str>, u64)> = repairs(&rec)
        .iter()
        .filter(|f| f.reason.map(|r| r.id()) == Some("header_slip"))
        .map(|f| (f.ply, f.written.as_deref(), f.move_text.as_deref(), f.line))
        .collect();
    assert_eq!(
        header,
        [
            (0, Some("Resu1t"), None, 2),
            (0, Some("l-0"), None, 2),
            (0, Some("B1ack"), None, 3)
        ]
    );
    assert_eq!(rec.tags.get("Result"), Some("1-0"));
    assert_eq!(rec.tags.get("Black"), Some("Bianchi"));
    let c = convert_repaired_text(text, &ConvertOptions::default());
    assert!(c.pgn.contains("[Black \"Bianchi\"]"), "{}", c.pgn);
    let pgn = c.pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    let evidence = "{repaired: header \"Resu1t\" read as Result, \"l-0\" read as 1-0, \
                    \"B1ack\" read as Black} 1. e4";
    assert!(pgn.contains(evidence), "{pgn}");
    // A game that replays as written is left as it is (--repair changes no clean game).
    let clean = "[Resu1t \"l-0\"]\n\n1. e4 e5 *\n";
    let rec = validate_repaired_text(clean, &Options::default());
    assert!(repairs(&rec).is_empty());
}

/// A capture written by the pieces is the writer's notation as it stands (`BxN+`, its check
/// mark unfitting or not: a notation finding); with a slip in it (`RxN` for the bishop's
/// capture) it is a repair, and says which slip.
#[test]
fn a_capture_by_the_pieces_with_a_slip_is_a_repair() {
    for (word, kind, reason) in [
        ("BxN+", "notation", "capture_by_pieces"),
        ("RxN", "repaired_move", "look_alike"),
    ] {
        let text = format!(
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. {word} dxc6 5. O-O f6 6. d4 Bg4 7. dxe5 Qxdl \
             8. Rxd1 fxe5 *"
        );
        let rec = validate_repaired_text(&text, &Options::default());
        assert_eq!(rec.status, "ok", "{word}: {:?}", rec.findings);
        let f = rec.findings.iter().find(|f| f.ply == 7).expect(word);
        let json = serde_json::to_value(f).unwrap();
        assert_eq!(
            (f.kind.id(), json["reason"].as_str()),
            (kind, Some(reason)),
            "{json}"
        );
        assert_eq!(json["read_as"]["san"], "Bxc6", "{json}");
    }
}

#[test]
fn the_cli_reports_repairs_and_keeps_evidence_in_the_pgn() {
    let out = scoresheet()
        .args([
            "convert",
            "--repair",
            "-q",
            "corpora/repair/appendix-c/form2.txt",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(
        pgn.contains("6. exd6 {repaired: written\n\"edb\", read as exd6}")
            || pgn.contains("{repaired: written \"edb\", read as exd6}")
            || pgn.contains("\"edb\", read as exd6}"),
        "{pgn}"
    );
    let out = scoresheet()
        .args([
            "validate",
            "--repair",
            "--format",
            "jsonl",
            "-q",
            "corpora/repair/appendix-c/form2.txt",
        ])
        .output()
        .unwrap();
    let rec: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rec["status"], "ok");
    assert_eq!(rec["repaired"], 1);
    // `l.` is the first move number read through a look-alike: a finding, not a ply repaired.
    let n = &rec["findings"][0];
    assert_eq!(
        (&n["written"], &n["reason"], &n["ply"]),
        (&json!("l."), &json!("number_slip"), &json!(1))
    );
    let f = &rec["findings"][1];
    assert_eq!(f["kind"], "repaired_move");
    assert_eq!(f["written"], "edb");
    assert_eq!(f["read_as"], json!({"san": "exd6", "uci": "e5d6"}));
    assert_eq!(f["ply"], 11);
    assert!(f["confidence"].as_f64().unwrap() > 0.5);
}

/// `Rd8` where both rooks can go is the origin left out; `Rd1` for it has a slip in the
/// text as well, and the reason says which.
#[test]
fn the_reason_of_a_shorthand_read_with_a_slip_is_the_slip() {
    for (word, reason) in [("Rd8", "origin_left_out"), ("Rd1", "other_character")] {
        let text = format!(
            "1. d4 d5 2. c4 dxc4 3. Nf3 Nf6 4. e3 e6 5. Bxc4 Bd6 6. O-O O-O 7. Nc3 Nc6 \
             8. a3 Bd7 9. b4 Qe7 10. Bb2 {word} 11. Qc2 *"
        );
        let rec = validate_repaired_text(&text, &Options::default());
        assert_eq!(rec.status, "ok", "{word}: {:?}", rec.findings);
        let f = repairs(&rec);
        assert_eq!(f.len(), 1, "{word}: {f:?}");
        assert_eq!(f[0].ply, 20);
        let json = serde_json::to_value(f[0]).unwrap();
        assert_eq!(json["reason"], reason, "{word}: {json}");
    }
}

/// Rows copied once more (a writer who lost the place): the run is set aside as one finding
/// with all it holds, the numbers after it read as the sheet numbers them (the jump reported
/// once), and the PGN carries the evidence.
#[test]
fn rows_written_again_are_set_aside_as_one() {
    let file = "corpora/repair/rows-again/sheet.txt";
    let out = scoresheet()
        .args(["validate", "--repair", "--format", "jsonl", "-q", file])
        .output()
        .unwrap();
    let rec: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rec["status"], "ok");
    assert_eq!(rec["plies"], 18);
    let findings = rec["findings"].as_array().unwrap();
    let again: Vec<&Value> = findings
        .iter()
        .filter(|f| f["reason"] == "moves_written_twice")
        .collect();
    assert_eq!(again.len(), 1, "{findings:?}");
    assert_eq!(again[0]["written"], "Ac4 Ac5 6. c3 Cf6");
    assert_eq!(again[0]["line"], 10);
    let numbers = findings
        .iter()
        .filter(|f| f["kind"] == "move_number")
        .count();
    assert_eq!(numbers, 1, "{findings:?}");
    assert_eq!(findings.len(), 2, "{findings:?}");
    let out = scoresheet()
        .args(["convert", "--repair", "-q", file])
        .output()
        .unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap().replace('\n', " ");
    assert!(
        pgn.contains("4. c3 Nf6 {repaired: \"Ac4 Ac5 6. c3 Cf6\" left out} 5. d4 exd4 6. cxd4"),
        "{pgn}"
    );
}

/// A game that replays as written is the same with and without `--repair`: every bundled
/// corpus, converted and validated both ways.
#[test]
fn clean_games_are_unchanged() {
    let mut games = 0;
    for dir in [
        "corpora/golden",
        "corpora/convert",
        "corpora/samples",
        "corpora/laws",
    ] {
        let Ok(entries) = std::fs::read_dir(repo().join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if !matches!(
                path.extension().and_then(|x| x.to_str()),
                Some("pgn" | "txt")
            ) {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            for g in GameSplitter::new(&bytes[..]) {
                let g = g.unwrap();
                let plain = validate(&g, "f", &Options::default());
                if plain.findings.iter().any(|f| f.kind.is_move_error()) {
                    continue;
                }
                games += 1;
                let repaired = scoresheet::repair::validate_repaired(&g, "f", &Options::default());
                assert_eq!(
                    serde_json::to_string(&plain).unwrap(),
                    serde_json::to_string(&repaired).unwrap(),
                    "{}",
                    path.display()
                );
                let opts = ConvertOptions::default();
                assert_eq!(
                    convert_game(&g, "f", &opts).pgn,
                    convert_repaired(&g, "f", &opts).pgn
                );
            }
        }
    }
    assert!(games > 20, "{games} games");
}

/// Reads every damaged single copy of `corpora/repair/{name}.jsonl` with `convert --repair`:
/// the games recovered whole, the games, the sheets failing as written with a repair at or
/// before the failure, and the sheets failing as written.
fn recovery(name: &str) -> (usize, usize, usize, usize) {
    let rows = corpus(&format!("corpora/repair/{name}.jsonl"));
    let (mut whole, mut reported, mut failing) = (0, 0, 0);
    let mut by_style: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    let mut lost: Vec<String> = Vec::new();
    let mut unreported: Vec<String> = Vec::new();
    let started = std::time::Instant::now();
    for row in &rows {
        let text = row["text"].as_str().unwrap();
        let truth = row["truth"].as_str().unwrap();
        let c = convert_repaired_text(text, &ConvertOptions::default());
        let ok = truth_of(&c.record) == truth;
        let style = row["style"].as_str().unwrap().to_string();
        let e = by_style.entry(style).or_default();
        e.1 += 1;
        if ok {
            whole += 1;
            e.0 += 1;
        } else {
            lost.push(format!("{} ({})", row["id"], row["slips"]));
        }
        let plain = scoresheet::replay::validate_text(text, &Options::default());
        if let Some(err) = plain
            .findings
            .iter()
            .find(|f| f.kind.is_move_error() && f.variation.is_none())
        {
            failing += 1;
            // `validate --repair` reads a sheet as `convert --repair` does (the same search,
            // the same findings): the converted game's record says it, at half the cost.
            if c.record
                .findings
                .iter()
                .any(|f| f.kind.id() == "repaired_move" && f.ply <= err.ply)
            {
                reported += 1;
            } else {
                unreported.push(format!("{} (fails at ply {})", row["id"], err.ply));
            }
        }
    }
    let n = rows.len();
    println!(
        "{name}: {whole}/{n} recovered whole ({:.1}%); by style {by_style:?}; sheets failing as written {failing}, with a repair at or before the failure {reported}; {:.1} ms a game",
        100.0 * whole as f64 / n as f64,
        started.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
    println!("not recovered: {lost:?}");
    println!("failing as written, no repair at or before the failure: {unreported:?}");
    (whole, n, reported, failing)
}

/// Damaged single copies (about one slip in thirty plies, every kind, Italian SAN, Italian
/// long algebraic and English): the whole game recovered, move for move. The issue asks for
/// 90%; this corpus measures 92.1% (223/242). What is lost (`classify_losses` tells each
/// game): a move left out that no later written move needs (every legal move fills the gap
/// alike), a slip that gives another legal move the rest of the sheet also fits (the sheet
/// replays as written, or the slip and its reading cost the same), and a few sheets where
/// the beam drops the true reading. The floors guard what is reached.
#[test]
fn damaged_single_copies_are_recovered() {
    let (whole, n, reported, failing) = recovery("single");
    assert!(n >= 100);
    assert!(whole * 100 >= n * 89, "{whole}/{n}");
    assert!(reported * 100 >= failing * 99, "{reported}/{failing}");
}

/// The same on the hold-out corpus (other games, another seed), never tuned on: 135/150
/// (90.0%) when the search was last changed.
#[test]
fn damaged_hold_out_copies_are_recovered() {
    let (whole, n, reported, failing) = recovery("holdout");
    assert!(n >= 100);
    assert!(whole * 100 >= n * 86, "{whole}/{n}");
    assert!(reported * 100 >= failing * 99, "{reported}/{failing}");
}

/// Issue 41: sheets whose slips made the search's cost run away (two rows written again, a
/// stray `x` before every White move, a word of thousands of letters glued on) each give
/// their record, and their searches never do more work than the budget of their length
/// (states read, counted by the search; never a timing).
#[test]
fn hostile_sheets_are_read_within_the_work_budget() {
    use scoresheet::repair::{repair_sheet_counted, sheet::Sheet, work_budget};
    let english = scoresheet::notation::languages::english();
    let cases = [
        ("rows twice", hostile::rows_twice(99)),
        ("stray x", hostile::stray_x(53)),
        ("stray x", hostile::stray_x(83)),
        ("long word", hostile::long_word(6_400)),
        ("long word in a game", hostile::long_word_in_game(100_000)),
    ];
    for (what, text) in &cases {
        let sheet = Sheet::from_movetext(text, 0);
        let (_, work) = repair_sheet_counted(&Chess::default(), &sheet, english);
        assert!(
            work <= work_budget(&sheet),
            "{what}: {work} > {}",
            work_budget(&sheet)
        );
        let rec = convert_repaired_text(text, &ConvertOptions::default()).record;
        assert!(rec.plies > 0, "{what}");
    }
    // A word longer than any move is set aside at once: the game around it is read through,
    // the word a finding, and reading it costs the search nothing.
    for (text, plies) in [
        (hostile::long_word(6_400), 3),
        (hostile::long_word_in_game(100_000), 82),
    ] {
        let sheet = Sheet::from_movetext(&text, 0);
        let (rep, work) = repair_sheet_counted(&Chess::default(), &sheet, english);
        let rep = rep.expect("read through");
        assert_eq!(rep.found.moves.len(), plies);
        assert!(rep.repairs.iter().any(
            |r| r.reason == "stray_word" && r.written.as_ref().is_some_and(|w| w.len() > 1000)
        ));
        assert!(work < 20 * sheet.len() + 1_000, "{work}");
        let rec = validate_repaired_text(&text, &Options::default());
        assert_eq!(rec.plies as usize, plies);
    }
}
