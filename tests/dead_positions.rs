//! Dead positions (Art. 5.2.2) and per-side "cannot mate" (Art. 6.9) against labelled sets in
//! `../shared/dead-positions/` (skipped with a message when absent): `labelled.tsv` (541
//! positions, hand-checked classes) in full, and every fourth position of chasolver's
//! community set (`chasolver-positions.txt`). No position that is not dead may be called dead;
//! every dead one must be found; each side's verdict must match.

mod common;

use common::shared;
use rayon::prelude::*;
use scoresheet::laws::position::judge;

#[test]
fn labelled_positions() {
    let Some(shared) = shared() else {
        eprintln!("skipped: ../shared/dead-positions is not beside this checkout");
        return;
    };
    let rows = common::read_tsv(&shared.join("dead-positions/labelled-detail.tsv"));
    assert!(rows.len() > 500);
    let failures: Vec<String> = rows
        .par_iter()
        .filter_map(|r| {
            let j = judge(&r["fen"]);
            let dead = r["dead"] == "true";
            let mut why = Vec::new();
            if j.dead == Some(true) && !dead {
                why.push("called dead but is not".to_string());
            }
            if dead && j.dead != Some(true) {
                why.push(format!("dead but not found ({})", j.reason));
            }
            for (got, want, side) in [
                (j.white_can_mate, &r["white_can_win"], "White"),
                (j.black_can_mate, &r["black_can_win"], "Black"),
            ] {
                if got.map(|b| b.to_string()).as_deref() != Some(want.as_str()) {
                    why.push(format!("{side} can mate: got {got:?}, label {want}"));
                }
            }
            (!why.is_empty()).then(|| format!("{} [{}]: {}", r["fen"], r["class"], why.join("; ")))
        })
        .collect();
    println!(
        "{} labelled positions, {} failures",
        rows.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn chasolver_community_positions() {
    let Some(shared) = shared() else {
        eprintln!("skipped: ../shared/dead-positions is not beside this checkout");
        return;
    };
    let text =
        std::fs::read_to_string(shared.join("dead-positions/chasolver-positions.txt")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .step_by(4)
        .collect();
    let results: Vec<(bool, bool, bool)> = lines
        .par_iter()
        .map(|l| {
            let (label, fen) = l.split_at(2);
            let j = judge(fen.trim());
            let white = label.starts_with('W');
            let black = label.ends_with('B');
            let false_dead = j.dead == Some(true) && (white || black);
            let missed = !white && !black && j.dead != Some(true);
            let sides_right = j.white_can_mate == Some(white) && j.black_can_mate == Some(black);
            (false_dead, missed, sides_right)
        })
        .collect();
    let false_dead = results.iter().filter(|r| r.0).count();
    let missed = results.iter().filter(|r| r.1).count();
    let sides = results.iter().filter(|r| r.2).count();
    println!(
        "{} community positions: {false_dead} wrongly dead, {missed} dead missed, sides right {sides}",
        results.len()
    );
    assert_eq!(false_dead, 0, "a position that is not dead was called dead");
    assert_eq!(missed, 0, "dead positions missed");
    assert_eq!(sides, results.len(), "per-side verdicts differ");
}

/// Every position of the labelled sets (some 130,000): where `laws::fast_check` says the
/// solver's fast check is bound to leave a side unproven, the fast check agrees, so that
/// bulk validation, which asks the solver only elsewhere, finds every dead position the
/// solver finds.
#[test]
fn the_screen_never_hides_what_the_fast_check_proves() {
    use scoresheet::laws::{dead::solver_board, fast_check::Screen, position::parse};
    use shakmaty::Color;

    let Some(shared) = shared() else {
        eprintln!("skipped: ../shared/dead-positions is not beside this checkout");
        return;
    };
    let dir = shared.join("dead-positions");
    let mut fens: Vec<String> = Vec::new();
    for (file, fen_of) in [
        ("chasolver-positions.txt", 1),
        ("chasolver-lichess.txt", 1),
        ("d3chess-lichess-30K-games.txt", 0),
        ("labelled.tsv", 0),
        ("cleanchess-ambrona-unwinnability.tsv", 0),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#') && l.len() > 3) {
            let fields: Vec<&str> = line.split(['\t', ' ']).filter(|f| !f.is_empty()).collect();
            if fields.len() >= fen_of + 4 {
                fens.push(fields[fen_of..fen_of + 4].join(" "));
            }
        }
    }
    assert!(fens.len() > 100_000, "{} positions", fens.len());
    let (screened, wrong): (Vec<bool>, Vec<String>) = fens
        .par_iter()
        .filter_map(|fen| {
            let (pos, _) = parse(fen).ok()?;
            let board = solver_board(&pos)?;
            let screen = Screen::of(&pos);
            let mut any = false;
            let mut wrong = Vec::new();
            for (color, solver_color) in [
                (Color::White, chess::Color::White),
                (Color::Black, chess::Color::Black),
            ] {
                if screen.leaves_unproven(color) {
                    any = true;
                    if chasolver::is_unwinnable_fast(&board, solver_color) {
                        wrong.push(format!("{fen}: {color:?}"));
                    }
                }
            }
            Some((any, wrong.join("; ")))
        })
        .unzip();
    let wrong: Vec<String> = wrong.into_iter().filter(|w| !w.is_empty()).collect();
    println!(
        "{} positions, {} screened out, {} wrongly",
        screened.len(),
        screened.iter().filter(|&&s| s).count(),
        wrong.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Issue 37: `--dead-positions verdict` (the default) asks a game recorded won as thoroughly
/// as ever (a dead position there changes the verdict), and spares a game recorded drawn or
/// unfinished the static analysis of a closed pawn structure; what the cheap checks prove is
/// still found. `--dead-positions all` asks every game as before.
#[test]
fn dead_positions_by_verdict() {
    use scoresheet::{
        laws::dead::DeadSearch,
        replay::{validate_text, Options},
    };
    let dead_at_start = |fen: &str, result: &str, search: DeadSearch| {
        let text = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n[Result \"{result}\"]\n\n{result}\n");
        let mut opts = Options::default();
        opts.laws.dead_positions = search;
        let r = validate_text(&text, &opts);
        let kinds: Vec<&str> = r.findings.iter().map(|f| f.kind.id()).collect();
        (
            kinds.contains(&"dead_position"),
            kinds.contains(&"result_mismatch"),
        )
    };
    // A locked pawn chain (Tomashevsky, pgnmentor game 683, drawn): only the static
    // analysis proves it dead.
    let closed = "8/1k6/1p6/pP1p2p1/P2P2P1/8/7K/8 b - - 1 41";
    assert_eq!(DeadSearch::default(), DeadSearch::Verdict);
    for result in ["1/2-1/2", "*"] {
        assert_eq!(
            dead_at_start(closed, result, DeadSearch::Verdict),
            (false, false)
        );
        assert_eq!(
            dead_at_start(closed, result, DeadSearch::All),
            (true, false)
        );
    }
    for result in ["1-0", "0-1"] {
        for search in [DeadSearch::Verdict, DeadSearch::All] {
            assert_eq!(
                dead_at_start(closed, result, search),
                (true, true),
                "{result}"
            );
        }
    }
    // Bare material: the cheap checks prove it, in a drawn game too.
    let thin = "8/8/4k3/8/8/8/3B4/4K3 b - - 0 1";
    assert_eq!(
        dead_at_start(thin, "1/2-1/2", DeadSearch::Verdict),
        (true, false)
    );
    assert_eq!(
        dead_at_start(thin, "1-0", DeadSearch::Verdict),
        (true, true)
    );
    assert_eq!(
        dead_at_start(thin, "1/2-1/2", DeadSearch::Off),
        (false, false)
    );
}
