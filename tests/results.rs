//! Results are one vocabulary: every reader accepts every spelling of
//! `scoresheet::result::SPELLINGS`, and what a record says of a result is PGN's form.

use scoresheet::{
    finding::Kind,
    notation::tags::scoresheet_header,
    replay::{validate_text, Options},
    result::{GameResult, SPELLINGS},
};

/// Black mates at ply 4 (`1. f3 e5 2. g4 Qh4#`).
const MATE_BY_BLACK: &str = "1. f3 e5 2. g4 Qh4#";

fn result_findings(text: &str) -> usize {
    validate_text(text, &Options::default())
        .findings
        .iter()
        .filter(|f| f.kind == Kind::ResultMismatch)
        .count()
}

/// The Laws read every spelling of the `[Result]` tag: a draw, in any spelling, contradicts
/// the checkmate; Black's win fits it. `½`, `1/2–1/2` and `=-=` were not read by the Laws
/// (only by the lexer, or the duplicate finder), so a draw written so went unchecked.
#[test]
fn the_laws_read_the_result_tag_in_every_spelling() {
    for &(spelling, r) in SPELLINGS {
        let text = format!("[Result \"{spelling}\"]\n\n{MATE_BY_BLACK}\n");
        let expected = usize::from(matches!(r, GameResult::Draw | GameResult::WhiteWins));
        assert_eq!(result_findings(&text), expected, "{spelling}");
    }
}

/// A result after the moves is recorded in PGN's form, whichever spelling the sheet used.
#[test]
fn the_record_keeps_the_result_in_pgns_form() {
    for &(spelling, r) in SPELLINGS {
        if spelling.contains(' ') || !GameResult::looks_like(spelling) {
            continue;
        }
        let rec = validate_text(&format!("1. e4 e5 {spelling}\n"), &Options::default());
        assert_eq!(rec.result, Some(r), "{spelling}");
        let json = serde_json::to_value(&rec).unwrap_or_default();
        assert_eq!(json["result"], r.to_string(), "{spelling}");
    }
}

/// A scoresheet's `Risultato:` line is written as PGN's result in every spelling (`1/2–1/2`
/// with an en dash was left as written).
#[test]
fn a_scoresheet_result_line_in_every_spelling() {
    for &(spelling, r) in SPELLINGS {
        assert_eq!(
            scoresheet_header(&format!("Risultato: {spelling}")),
            Some(("Result", r.to_string())),
            "{spelling}"
        );
    }
}
