//! The text printer: one block per game for people, then a table by finding kind.
//!
//! ```
//! use scoresheet::replay::{validate_text, Options};
//! use scoresheet::report::{text::Text, Sink};
//! let rec = validate_text("1. e4 e5 2. Cf9 *", &Options::default());
//! let mut out = Vec::new();
//! Text.record(&mut out, &rec).unwrap();
//! let out = String::from_utf8(out).unwrap();
//! assert!(out.contains("unreadable_move"));
//! ```

use crate::result::GameResult;
use std::io::{self, Write};

use super::{severity_id, Sink, Summary};
use crate::replay::GameRecord;

/// One block per game (its header line, each finding, its suggestions), and after the last
/// game the table of games by finding kind.
#[derive(Debug, Clone, Copy, Default)]
pub struct Text;

impl Sink for Text {
    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()> {
        let mut block = Vec::new();
        write_text(&mut block, r)?;
        out.write_all(&escape_controls(&block))
    }

    fn end(&self, out: &mut Vec<u8>, summary: &Summary) -> io::Result<()> {
        write_summary(out, summary)
    }
}

/// Text for a terminal: a control character in a tag, a file name or a message (C1 ones come
/// from Windows-1252 bytes that have no character) is written as its code, `\u{80}`, never
/// raw; tabs and line breaks stay.
pub(super) fn escape_controls(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let is_control = |c: char| c.is_control() && !matches!(c, '\n' | '\t');
    match std::str::from_utf8(text) {
        Ok(s) if s.chars().any(is_control) => {
            let mut out = String::with_capacity(s.len() + 16);
            for c in s.chars() {
                if is_control(c) {
                    out.push_str(&c.escape_unicode().to_string());
                } else {
                    out.push(c);
                }
            }
            std::borrow::Cow::Owned(out.into_bytes())
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
}

fn write_text<W: Write>(out: &mut W, r: &GameRecord) -> io::Result<()> {
    let tag = |name: &str| r.tags.get(name).unwrap_or("?");
    let candidates = if r.lang_candidates.is_empty() {
        String::new()
    } else {
        format!(" (also {})", r.lang_candidates.join(", "))
    };
    let filtered = match r.filtered_out {
        0 => String::new(),
        1 => "; 1 finding filtered out".to_string(),
        n => format!("; {n} findings filtered out"),
    };
    writeln!(
        out,
        "{}:{}: game {}: {} - {} {}  [{}{}; {} plies; {}{}]",
        r.file,
        r.line,
        r.game,
        tag("White"),
        tag("Black"),
        r.result.map(GameResult::as_str).unwrap_or(tag("Result")),
        r.lang,
        candidates,
        r.plies,
        r.status.as_str().to_uppercase(),
        filtered
    )?;
    for f in &r.findings {
        let mv = f
            .move_text
            .as_deref()
            .map(|m| format!(" {m}"))
            .unwrap_or_default();
        let var = f
            .variation
            .map(|d| format!(" (variation {d})"))
            .unwrap_or_default();
        writeln!(
            out,
            "  {}:{}: {} {}{} ply {}{}: {}",
            f.line,
            f.column,
            severity_id(f.severity),
            f.kind.id(),
            var,
            f.ply,
            mv,
            f.message
        )?;
        if let Some(s) = f.suggestions.as_ref().filter(|s| !s.is_empty()) {
            let list: Vec<String> = s.iter().map(|x| x.san.clone()).collect();
            writeln!(out, "      did the writer mean: {}?", list.join(", "))?;
        }
    }
    if let Some(p) = r.irregular_from_ply {
        writeln!(
            out,
            "  note: from ply {p} on, the replay rests on an irregular position (an illegal move stood)"
        )?;
    }
    Ok(())
}

fn write_summary<W: Write>(out: &mut W, s: &Summary) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "{} games, {} plies, {} with errors{}",
        s.games,
        s.plies,
        s.games_with_errors,
        s.errors_filtered_note()
    )?;
    if !s.by_kind.is_empty() {
        writeln!(out, "{:<24} games", "finding")?;
        for (k, n) in &s.by_kind {
            writeln!(out, "{k:<24} {n}")?;
        }
    }
    Ok(())
}
