//! `scoresheet envelope`: the adjourned-game envelopes of `corpora/envelopes/`.
//!
//! - every hand-made envelope against its expected JSON (`*.json`), text report (`*.txt`,
//!   and `*.it.txt` in Italian where there is one) and verdict, rule and exit status
//!   (`expected.tsv`); `UPDATE_GOLDEN=1 cargo test --release --test envelope` rewrites the
//!   JSON and text files (review the diff);
//! - the envelopes made from real games (`real/`, by `tests/gen/make_envelopes.py`) against
//!   the verdicts python-chess computed for them (`real/expected.tsv`);
//! - malformed envelopes: each error names its item, the exit status is 2, nothing panics
//!   (truncated and mangled envelopes included).

mod common;

use std::path::{Path, PathBuf};

use common::{read_tsv, repo, scoresheet};
use scoresheet::envelope::{audit_file, audit_text, report, ReportLang, Verdict};

fn envelopes() -> Vec<PathBuf> {
    let dir = repo().join("corpora/envelopes");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

fn rel(p: &Path) -> String {
    p.strip_prefix(repo()).unwrap().display().to_string()
}

fn update() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some()
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = scoresheet().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn check_golden(path: &Path, got: &str, failures: &mut Vec<String>) {
    if update() {
        std::fs::write(path, got).unwrap();
        return;
    }
    match std::fs::read_to_string(path) {
        Ok(want) if want == got => {}
        Ok(want) => {
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(g, w)| g != w)
                .unwrap_or(got.lines().count().min(want.lines().count()));
            failures.push(format!(
                "{}: differs at line {}:\n  got  {}\n  want {}",
                rel(path),
                line + 1,
                got.lines().nth(line).unwrap_or("<end>"),
                want.lines().nth(line).unwrap_or("<end>")
            ));
        }
        Err(e) => failures.push(format!("{}: {e}", rel(path))),
    }
}

#[test]
fn hand_made_envelopes_against_their_expected_reports() {
    let expected = read_tsv(&repo().join("corpora/envelopes/expected.tsv"));
    let paths = envelopes();
    assert!(paths.len() >= 25, "{} envelopes", paths.len());
    let mut failures = Vec::new();
    for p in &paths {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let r = rel(p);
        let (code, json, stderr) = run(&["envelope", "--format", "json", &r]);
        assert!(!stderr.contains("panicked"), "{r}: panicked: {stderr}");
        let v: serde_json::Value = serde_json::from_str(json.trim())
            .unwrap_or_else(|e| panic!("{r}: not JSON ({e}): {json}"));
        let pretty = serde_json::to_string_pretty(&v).unwrap() + "\n";
        check_golden(&p.with_extension("json"), &pretty, &mut failures);
        let (code_text, text, _) = run(&["envelope", &r]);
        assert_eq!(code, code_text, "{r}: exit status differs between formats");
        check_golden(&p.with_extension("txt"), &text, &mut failures);
        let it = p.with_extension("it.txt");
        if it.exists() || (update() && name.starts_with("draw-offer")) {
            let (_, text, _) = run(&["envelope", "--report-lang", "it", &r]);
            check_golden(&it, &text, &mut failures);
        }
        let row = expected
            .iter()
            .find(|row| row["file"] == name)
            .unwrap_or_else(|| panic!("{name} is not in corpora/envelopes/expected.tsv"));
        let got = (
            v["verdict"].as_str().unwrap_or("-"),
            v["rule"].as_str().unwrap_or("-"),
            v["exception"].as_str().unwrap_or("-"),
            code.map(|c| c.to_string()).unwrap_or_default(),
        );
        let want = (
            row["verdict"].as_str(),
            row["rule"].as_str(),
            row["exception"].as_str(),
            row["exit"].clone(),
        );
        if got != want {
            failures.push(format!("{name}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_verdict_and_every_guideline_i8_case_is_in_the_corpus() {
    let expected = read_tsv(&repo().join("corpora/envelopes/expected.tsv"));
    for verdict in ["sealer_loses", "draw", "sealer_wins", "resume"] {
        assert!(
            expected.iter().any(|r| r["verdict"] == verdict),
            "no envelope with verdict {verdict}"
        );
    }
    for rule in [
        "I.8.1", "I.8.2", "I.8.3", "5.1.1", "5.2.1", "5.2.2", "9.6.1", "9.6.2", "6.9", "I.9.1",
    ] {
        assert!(
            expected.iter().any(|r| r["rule"] == rule),
            "no envelope decided by {rule}"
        );
    }
    assert!(expected.iter().any(|r| r["exception"] == "6.9"));
    assert!(expected.iter().any(|r| r["exit"] == "2"));
}

#[test]
fn real_games_adjourned_at_random_moves() {
    let dir = repo().join("corpora/envelopes/real");
    let rows = read_tsv(&dir.join("expected.tsv"));
    assert!(rows.len() >= 100, "{} real envelopes", rows.len());
    let mut by_case = std::collections::BTreeMap::<String, usize>::new();
    let mut failures = Vec::new();
    for row in &rows {
        let a = audit_file(&dir.join(&row["file"]))
            .unwrap_or_else(|m| panic!("{}: {}", row["file"], m.message));
        *by_case.entry(row["case"].clone()).or_default() += 1;
        let d = a.decision.as_ref();
        let got = (
            d.map_or("-", |d| d.verdict.id()),
            d.map_or("-", |d| d.rule),
            d.and_then(|d| d.exception).unwrap_or(""),
        );
        let want = (
            row["verdict"].as_str(),
            row["rule"].as_str(),
            row["exception"].as_str(),
        );
        if got != want {
            failures.push(format!(
                "{} ({} `{}`): got {got:?}, want {want:?}",
                row["file"], row["case"], row["sealed"]
            ));
        }
        if !a.errors.is_empty() {
            failures.push(format!("{}: envelope errors {:?}", row["file"], a.errors));
        }
        // the scoresheets agree and reach the recorded position
        for c in &a.checks {
            if matches!(
                c.id,
                "agreement" | "position_matches" | "white_scoresheet" | "black_scoresheet"
            ) && c.status == scoresheet::envelope::Status::Error
            {
                failures.push(format!("{}: {} {}", row["file"], c.id, c.message.en));
            }
        }
    }
    for case in [
        "legal",
        "ambiguous",
        "illegal",
        "unreadable",
        "mating",
        "stalemating",
    ] {
        assert!(
            by_case.get(case).is_some_and(|&n| n >= 3),
            "too few {case}: {by_case:?}"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn malformed_envelopes_name_their_item() {
    for (file, item, line) in [
        ("malformed-unknown.toml", "colore_bianco", Some(6)),
        ("malformed-syntax.toml", "white", Some(4)),
        ("malformed-type.toml", "white", Some(4)),
    ] {
        let r = format!("corpora/envelopes/{file}");
        let (code, out, err) = run(&["envelope", "--format", "json", &r]);
        assert_eq!(code, Some(2), "{file}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["verdict"], serde_json::Value::Null, "{file}");
        assert_eq!(v["errors"][0]["item"], item, "{file}");
        assert_eq!(
            v["errors"][0]["line"].as_u64(),
            line.map(|l| l as u64),
            "{file}"
        );
        assert!(err.contains(item), "{file}: {err}");
    }
    // missing items and bad values: named, with the verdict still computed
    let a = audit_file(&repo().join("corpora/envelopes/malformed-missing.toml")).unwrap();
    let items: Vec<&str> = a.errors.iter().map(|e| e.item).collect();
    assert_eq!(items, ["black_time", "resumption_place"]);
    assert_eq!(a.decision.unwrap().verdict, Verdict::Resume);
    let a = audit_file(&repo().join("corpora/envelopes/malformed-fen.toml")).unwrap();
    let e = a.errors.iter().find(|e| e.item == "position").unwrap();
    assert!(e.line.is_some());
    assert!(e.message.en.contains("FEN"), "{}", e.message.en);
    assert_eq!(a.decision.unwrap().verdict, Verdict::Resume);
}

#[test]
fn unknown_keys_suggest_the_item_meant() {
    let e = audit_text("sealed_mvoe = \"Nf3\"\n", "x.toml", Path::new(".")).unwrap_err();
    assert_eq!(e.item.as_deref(), Some("sealed_mvoe"));
    assert!(
        e.message.contains("did you mean `sealed_move`"),
        "{}",
        e.message
    );
    let e = audit_text("white = \"a\"\nwhite = \"b\"\n", "x.toml", Path::new(".")).unwrap_err();
    assert_eq!(e.line, Some(2));
    let e = audit_text("white = \"a\"\nbianco = \"b\"\n", "x.toml", Path::new(".")).unwrap_err();
    assert!(e.message.contains("white"), "{}", e.message);
}

/// The commented example with every key replaced by its Italian alias reads the same.
#[test]
fn italian_keys_are_aliases() {
    let text = std::fs::read_to_string(repo().join("corpora/envelopes/resume.toml")).unwrap();
    let mut italian = String::new();
    for line in text.lines() {
        let replaced = match line.split_once(" = ") {
            Some((k, v)) if !k.starts_with('#') => {
                let alias = scoresheet::envelope::schema::KEYS
                    .iter()
                    .find(|(key, ..)| *key == k.trim())
                    .and_then(|(_, aliases, ..)| aliases.first())
                    .copied()
                    .unwrap_or(k);
                format!("{alias} = {v}")
            }
            _ => line.to_string(),
        };
        italian.push_str(&replaced);
        italian.push('\n');
    }
    assert!(italian.contains("mossa_sigillata = "));
    let base = repo().join("corpora/envelopes");
    let a = audit_text(&italian, "it.toml", &base).unwrap();
    let b = audit_file(&base.join("resume.toml")).unwrap();
    assert!(a.errors.is_empty(), "{:?}", a.errors);
    assert_eq!(
        report::json(&a, ReportLang::En)["checks"],
        report::json(&b, ReportLang::En)["checks"]
    );
    assert_eq!(a.decision.unwrap().verdict, Verdict::Resume);
}

/// Every prefix and many mangled copies of the examples are read without a panic: either an
/// audit or a malformed-envelope error.
#[test]
fn truncated_and_mangled_envelopes_never_panic() {
    let base = repo().join("corpora/envelopes");
    let mut seed: u64 = 0x5eed;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut audited = 0;
    for p in envelopes() {
        let text = std::fs::read_to_string(&p).unwrap();
        let bounds: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for (k, &cut) in bounds.iter().enumerate() {
            if k % 97 != 0 {
                continue;
            }
            let _ = audit_text(&text[..cut], "cut.toml", &base);
            audited += 1;
        }
        for _ in 0..12 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..3 {
                let i = (next() as usize) % bytes.len().max(1);
                let b = b"\"=[]#\n x0/-:.QNK?"[(next() % 17) as usize];
                if let Some(slot) = bytes.get_mut(i) {
                    *slot = b;
                }
            }
            let mangled = String::from_utf8_lossy(&bytes).into_owned();
            if let Ok(a) = audit_text(&mangled, "mangled.toml", &base) {
                let _ = report::text(&a, ReportLang::It);
                let _ = report::json(&a, ReportLang::En);
            }
            audited += 1;
        }
    }
    assert!(audited > 300);
}

#[test]
fn exit_status_is_the_worst_of_several_envelopes() {
    let (code, out, _) = run(&[
        "envelope",
        "--format",
        "json",
        "corpora/envelopes/resume.toml",
        "corpora/envelopes/illegal.toml",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(out.lines().count(), 2);
    let (code, _, _) = run(&[
        "envelope",
        "corpora/envelopes/resume.toml",
        "corpora/envelopes/malformed-unknown.toml",
    ]);
    assert_eq!(code, Some(2));
    let (code, _, err) = run(&["envelope", "corpora/envelopes/no-such-file.toml"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no-such-file"), "{err}");
}

/// Issue 16: a recorded position that contradicts two agreeing scoresheets never decides a
/// loss or a win on its own. Every slip of one piece to a free square next to it in the
/// position of `position-contradicted.toml` (the scoresheets stay as they are), with sealed
/// moves legal in the game played, legal only on the miswritten board, or illegal in both:
/// the difference is named square by square, the exit status is 1, and a loss or a win is
/// given only when the scoresheets' position gives the same.
#[test]
fn a_miswritten_position_never_decides_a_loss_on_its_own() {
    use shakmaty::{fen::Fen, CastlingMode, Chess, EnPassantMode, FromSetup, Position, Square};
    let base = repo().join("corpora/envelopes");
    let text = std::fs::read_to_string(base.join("position-contradicted.toml")).unwrap();
    let true_fen = "6R1/p4p1b/1p2pk2/7P/4r3/2Pp4/PP1K3R/8 w - - 5 45";
    let truth: Chess = true_fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let with = |fen: &str, sealed: &str| -> String {
        text.lines()
            .map(|l| {
                if l.starts_with("position = ") {
                    format!("position = \"{fen}\"")
                } else if l.starts_with("sealed_move = ") {
                    format!("sealed_move = \"{sealed}\"")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let uci = |m: shakmaty::Move| m.to_uci(CastlingMode::Standard).to_string();
    let mut slips = 0;
    let mut withheld = 0;
    for (from, piece) in truth.board().clone() {
        for to in Square::ALL {
            if truth.board().piece_at(to).is_some() || from.distance(to) != 1 {
                continue;
            }
            let mut setup = truth.to_setup(EnPassantMode::Legal);
            setup.board.discard_piece_at(from);
            setup.board.set_piece_at(to, piece);
            let Ok(slipped) = Chess::from_setup(setup, CastlingMode::Standard) else {
                continue;
            };
            let fen = Fen::from_position(&slipped, EnPassantMode::Legal).to_string();
            // long algebraic needs no disambiguation on either board
            let mut sealed: Vec<String> = Vec::new();
            sealed.extend(truth.legal_moves().iter().take(3).map(|&m| uci(m)));
            sealed.extend(
                slipped
                    .legal_moves()
                    .iter()
                    .filter(|m| !truth.is_legal(**m))
                    .take(2)
                    .map(|&m| uci(m)),
            );
            sealed.push("Nz9".to_string());
            for s in &sealed {
                let a = audit_text(&with(&fen, s), "slip.toml", &base).unwrap();
                let c = a
                    .checks
                    .iter()
                    .find(|c| c.id == "position_matches")
                    .unwrap();
                assert_eq!(c.status, scoresheet::envelope::Status::Error, "{fen} {s}");
                assert!(
                    c.message.en.contains("on the envelope")
                        && c.message.en.contains(&to.to_string()),
                    "{fen} {s}: {}",
                    c.message.en
                );
                assert!(a.errors.is_empty() && a.has_failures(), "{fen} {s}: exit 1");
                let truth_audit = audit_text(&with(true_fen, s), "true.toml", &base).unwrap();
                let got = a.decision.as_ref().map(|d| (d.verdict, d.rule));
                if matches!(
                    got,
                    Some((Verdict::SealerLoses, _)) | Some((Verdict::SealerWins, _))
                ) {
                    assert_eq!(
                        got,
                        truth_audit.decision.as_ref().map(|d| (d.verdict, d.rule)),
                        "{fen} {s}: a loss or a win must rest on the scoresheets' position"
                    );
                }
                if a.decision.is_none() {
                    withheld += 1;
                }
            }
            slips += 1;
        }
    }
    assert!(slips >= 20, "{slips} slips");
    assert!(withheld > 0, "no case where the verdict had to be withheld");
}

/// Issue 15, item 13: the Italian report has no English fragments, whatever the envelope.
#[test]
fn the_italian_report_is_all_italian() {
    let fragments = [
        "there is no day",
        "did you mean",
        "unknown item",
        "cannot be read",
        "is not a",
        " the ",
        "No such file",
        "replays",
    ];
    for p in envelopes() {
        let r = rel(&p);
        for format in ["text", "json"] {
            let (_, out, _) = run(&["envelope", "--report-lang", "it", "--format", format, &r]);
            for f in fragments {
                assert!(!out.contains(f), "{r} ({format}): `{f}` in\n{out}");
            }
        }
    }
    // a 31st of February, in the user's own key
    let a = audit_text(
        "bianco = \"Rossi\"\nnero = \"Bianchi\"\ndata_ripresa = \"31/02/2025\"\n",
        "x.toml",
        Path::new("."),
    )
    .unwrap();
    let text = report::text(&a, ReportLang::It);
    assert!(text.contains("`data_ripresa`"), "{text}");
    assert!(!text.contains("resumption_date"), "{text}");
    assert!(text.contains("il 31 febbraio 2025 non esiste"), "{text}");
}

/// Issue 15, item 12: a scoresheet that stops at an illegal move is an error of the audit
/// that names the move and why, and the agreement is not claimed beyond it.
#[test]
fn a_scoresheet_stopping_at_an_illegal_move_is_named() {
    let a = audit_file(&repo().join("corpora/envelopes/sheet-illegal.toml")).unwrap();
    let c = a
        .checks
        .iter()
        .find(|c| c.id == "black_scoresheet")
        .unwrap();
    assert_eq!(c.status, scoresheet::envelope::Status::Error);
    assert!(
        c.message.en.contains("`9...Ab4` is illegal"),
        "{}",
        c.message.en
    );
    assert!(
        c.message.it.contains("`9...Ab4` è illegale"),
        "{}",
        c.message.it
    );
    let g = a.checks.iter().find(|c| c.id == "agreement").unwrap();
    assert_ne!(
        g.status,
        scoresheet::envelope::Status::Ok,
        "{}",
        g.message.en
    );
    assert!(a.has_failures());
}
