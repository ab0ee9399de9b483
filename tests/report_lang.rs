//! Italian reports in Italian (issue 34, item 10): the tags of the HTML report under their
//! Italian names, and the helpmate lines of `position` in Italian piece letters.

mod common;

use common::{run_with_stdin, scoresheet};
use serde_json::Value;

const GAME: &str = "[Event \"Torneo\"]\n[Site \"Roma\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"Rossi\"]\n[Black \"Bianchi\"]\n[Result \"*\"]\n\n1. e4 e5 2. Cf3 Cf5 *\n";

fn html(lang: &str) -> String {
    let out = run_with_stdin(
        scoresheet().args(["validate", "-q", "--format", "html", "--report-lang", lang]),
        GAME.as_bytes().to_vec(),
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_italian_page_names_the_tags_in_italian() {
    let it = html("it");
    for (en, ita) in [
        ("Event", "Evento"),
        ("Site", "Luogo"),
        ("Date", "Data"),
        ("Round", "Turno"),
        ("White", "Bianco"),
        ("Black", "Nero"),
        ("Result", "Risultato"),
    ] {
        assert!(it.contains(&format!("<tr><th>{ita}</th>")), "{ita}\n{it}");
        assert!(!it.contains(&format!("<th>{en}</th>")), "{en}\n{it}");
    }
    // The English page as it was.
    let en = html("en");
    assert!(en.contains("<tr><th>White</th><td>Rossi</td></tr>"), "{en}");
}

fn position(lang: &str, format: &str) -> String {
    let out = scoresheet()
        .args(["position", "--format", format, "--report-lang", lang])
        .arg("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Fool's mate for Black: `Qh4#` in English, `Dh4#` in Italian, in every format.
#[test]
fn position_writes_helpmates_in_the_report_language() {
    let text = position("it", "text");
    let black = text
        .lines()
        .find(|l| l.contains("Nero") && l.contains("2. g4"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(black.ends_with("Dh4#"), "{black}");
    assert!(!text.contains("Qh4"), "{text}");
    assert!(position("en", "text").contains("Qh4#"));
    let json: Value = serde_json::from_str(position("it", "jsonl").trim()).unwrap();
    let line = json["black_helpmate"].as_array().unwrap();
    assert_eq!(line.last().and_then(Value::as_str), Some("Dh4#"));
    // The UCI line is the same in every language.
    let en: Value = serde_json::from_str(position("en", "jsonl").trim()).unwrap();
    assert_eq!(json["black_helpmate_uci"], en["black_helpmate_uci"]);
    assert!(position("it", "csv").contains("Dh4#"));
}
