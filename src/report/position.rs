//! The printers of `scoresheet position`: a judgement of the Laws
//! ([`crate::laws::position::Judgement`]) as text for people and as a CSV row. The Laws judge;
//! the report writes (the Italian text is [`super::localised::position_text`]).
//!
//! ```
//! use scoresheet::{laws::position::judge, report::position::{to_text, CSV_HEADER, csv_row}};
//! let j = judge("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
//! assert!(to_text(&j).contains("checkmate: yes"));
//! assert_eq!(csv_row(&j).len(), CSV_HEADER.len());
//! ```

use crate::{
    finding::Side,
    i18n::{self, ReportLang},
    laws::position::Judgement,
};

/// A text report of a judgement, for people, in English ([`text_in`]).
pub fn to_text(j: &Judgement) -> String {
    text_in(j, ReportLang::En)
}

/// A text report of a judgement in `lang`: the labels, answers and side names from the
/// catalogue, the reason from its message. The helpmate lines are printed as the judgement
/// holds them (the Italian report gives them in Italian letters first).
pub fn text_in(j: &Judgement, lang: ReportLang) -> String {
    let reason = j.said.render(lang);
    if !j.legal {
        return format!("{}\n  {reason}\n", j.fen);
    }
    let yes_no = |b: Option<bool>| {
        i18n::ui(
            lang,
            match b {
                Some(true) => "yes",
                Some(false) => "no",
                None => "undecided",
            },
        )
    };
    let label = |id: &str| i18n::ui(lang, id);
    let mut out = format!("{}\n", j.fen);
    for (id, value) in [
        (
            "position_to_move",
            j.turn.map_or("?", |t| i18n::word(lang, "turn", t)),
        ),
        ("position_checkmate_label", yes_no(j.checkmate)),
        ("position_stalemate_label", yes_no(j.stalemate)),
        ("position_dead_label", yes_no(j.dead)),
        ("position_white_can_mate", yes_no(j.white_can_mate)),
        ("position_black_can_mate", yes_no(j.black_can_mate)),
    ] {
        out.push_str(&format!("  {}: {value}\n", label(id)));
    }
    out.push_str(&format!("  {reason}\n"));
    for (who, line) in [
        (Side::White.name(), &j.white_helpmate),
        (Side::Black.name(), &j.black_helpmate),
    ] {
        if let Some(l) = line.as_ref().filter(|l| !l.is_empty()) {
            let count = l.len().to_string();
            let plies = label(if l.len() == 1 { "ply" } else { "plies" }).to_lowercase();
            let head = i18n::fill(
                lang,
                "position_helpmate",
                &[
                    ("side", i18n::word(lang, "side", who)),
                    ("count", &count),
                    ("plies", &plies),
                ],
            );
            out.push_str(&format!(
                "  {head}: {}\n",
                numbered(j.fullmoves, j.turn == Some("black"), l)
            ));
        }
    }
    out
}

/// The columns of `scoresheet position --format csv`.
pub const CSV_HEADER: [&str; 11] = [
    "fen",
    "legal",
    "turn",
    "checkmate",
    "stalemate",
    "dead",
    "white_can_mate",
    "black_can_mate",
    "reason",
    "white_helpmate",
    "black_helpmate",
];

/// One CSV row: booleans as `true`/`false`, empty where undecided; helpmates in SAN,
/// space-separated, without move numbers.
pub fn csv_row(j: &Judgement) -> Vec<String> {
    let b = |v: bool| v.to_string();
    let ob = |v: Option<bool>| v.map(b).unwrap_or_default();
    let line = |l: &Option<Vec<String>>| l.as_ref().map(|l| l.join(" ")).unwrap_or_default();
    vec![
        j.fen.clone(),
        b(j.legal),
        j.turn.unwrap_or("").to_string(),
        ob(j.checkmate),
        ob(j.stalemate),
        ob(j.dead),
        ob(j.white_can_mate),
        ob(j.black_can_mate),
        j.reason.clone(),
        line(&j.white_helpmate),
        line(&j.black_helpmate),
    ]
}

/// A line in SAN with move numbers, from the position's move number and side to move:
/// `1. f3 e5 2. g4 Qh4#`, or `12... Kd7 13. Nb5#`.
fn numbered(fen_fullmoves: u32, black_first: bool, san: &[String]) -> String {
    let mut out = String::new();
    let mut number = fen_fullmoves;
    for (i, m) in san.iter().enumerate() {
        let white = (i % 2 == 0) != black_first;
        if !out.is_empty() {
            out.push(' ');
        }
        if white {
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(m);
        if !white {
            number += 1;
        }
    }
    out
}
