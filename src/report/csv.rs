//! The CSV printer: one row per finding, and one row with empty finding columns for a game
//! with none, so that every game appears. Columns: [`CSV_HEADER`]. (One row per game instead:
//! [`super::games`].)
//!
//! ```
//! use scoresheet::replay::{validate_text, Options};
//! use scoresheet::report::{csv::Csv, Sink};
//! let rec = validate_text("1. e4 e5 *", &Options::default());
//! let mut out = Vec::new();
//! Csv.begin(&mut out).unwrap();
//! Csv.record(&mut out, &rec).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
//! ```

use std::io::{self, Write};

use super::{games, severity_id, Sink};
use crate::{reason::Reason, replay::GameRecord};

pub const CSV_HEADER: [&str; 18] = [
    "file",
    "game",
    "offset",
    "line",
    "lang",
    "variant",
    "plies",
    "status",
    "final_fen",
    "kind",
    "severity",
    "ply",
    "move",
    "move_line",
    "move_column",
    "reason",
    "message",
    "suggestions",
];

/// One row per finding ([`CSV_HEADER`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Csv;

impl Sink for Csv {
    fn begin(&self, out: &mut Vec<u8>) -> io::Result<()> {
        games::write_row(out, &CSV_HEADER)
    }

    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()> {
        write_csv(out, r)
    }
}

fn write_csv<W: Write>(out: &mut W, r: &GameRecord) -> io::Result<()> {
    let game = r.game.to_string();
    let offset = r.offset.to_string();
    let line = r.line.to_string();
    let plies = r.plies.to_string();
    let base = [
        r.file.as_str(),
        &game,
        &offset,
        &line,
        &r.lang,
        r.variant.as_str(),
        &plies,
        r.status.as_str(),
        &r.final_fen,
    ];
    if r.findings.is_empty() {
        let mut row: Vec<&str> = base.to_vec();
        row.extend(["", "", "", "", "", "", "", "", ""]);
        games::write_row(out, &row)?;
    }
    for f in &r.findings {
        let ply = f.ply.to_string();
        let fl = f.line.to_string();
        let fc = f.column.to_string();
        let sugg = f
            .suggestions
            .as_ref()
            .map(|s| {
                s.iter()
                    .map(|x| x.san.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        let severity = severity_id(f.severity);
        let mut row: Vec<&str> = base.to_vec();
        row.extend([
            f.kind.id(),
            severity,
            &ply,
            f.move_text.as_deref().unwrap_or(""),
            &fl,
            &fc,
            f.reason.map_or("", Reason::id),
            &f.message,
            &sugg,
        ]);
        games::write_row(out, &row)?;
    }
    Ok(())
}
