//! The position a game starts from: the standard array, a `[FEN]`, a Chess960 array; and
//! the damage (control characters) left out of the text read.

use super::*;

/// One `structure` warning for each run of control characters left out of the text.
pub(super) fn report_control_characters(
    left_out: &[crate::notation::decode::ControlCharacter],
    at: &Locator,
    record: &mut GameRecord,
) {
    for run in left_out.chunk_by(|a, b| a.at == b.at) {
        let names: Vec<String> = run
            .iter()
            .map(|c| format!("U+{:04X}", u32::from(c.character)))
            .collect();
        let mut f = Finding::said(
            Kind::Structure,
            0,
            Message::new(if run.len() == 1 {
                "control_character"
            } else {
                "control_characters"
            })
            .text("codes", names.join(" ")),
        );
        f.reason = Some(StructureReason::ControlCharacter.into());
        (f.line, f.column) = at.locate(run[0].at);
        record.findings.push(f);
    }
}

pub(super) fn is_chess960(variant: &str) -> Option<bool> {
    let v: String = variant
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase();
    match v.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" => Some(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "dfrc"
        | "fischerrandomchess" | "freestyle" => Some(true),
        _ => None,
    }
}

/// The start position from `[FEN]`/`[SetUp]`/`[Variant]`, or a finding saying why there is none.
pub(super) fn start_position(
    parsed: &ParsedGame,
    record: &mut GameRecord,
) -> Option<(Chess, CastlingMode)> {
    let variant = parsed.tag("Variant").unwrap_or("");
    let Some(chess960) = is_chess960(variant) else {
        record.findings.push(Finding::said(
            Kind::UnsupportedVariant,
            0,
            Message::new("unsupported_variant").text("variant", variant),
        ));
        return None;
    };
    if chess960 {
        record.variant = Variant::Chess960;
    }
    let Some(fen_text) = parsed.tag("FEN") else {
        return Some((
            Chess::default(),
            if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            },
        ));
    };
    let fen = match Fen::from_ascii(fen_text.trim().as_bytes()) {
        Ok(f) => f,
        Err(e) => {
            record.findings.push(Finding::said(
                Kind::InvalidFen,
                0,
                Message::new("fen_unreadable").word("error", laws::position::fen_error(&e)),
            ));
            return None;
        }
    };
    let setup = fen.into_setup();
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&setup)
    };
    if mode == CastlingMode::Chess960 {
        record.variant = Variant::Chess960;
    }
    match laws::position::lenient(setup, mode) {
        Ok((pos, notes)) => {
            if !notes.is_empty() {
                // Not empty: each note a clause.
                let notes = notes
                    .into_iter()
                    .map(Message::new)
                    .reduce(Message::then)
                    .unwrap_or_else(|| Message::new("clauses"));
                let mut f = Finding::said(
                    Kind::Structure,
                    0,
                    Message::new("fen_irregular").msg("notes", notes),
                );
                f.reason = Some(StructureReason::FenCleaned.into());
                record.findings.push(f);
            }
            Some((pos, mode))
        }
        Err(e) => {
            record.findings.push(Finding::said(
                Kind::InvalidFen,
                0,
                Message::new("fen_illegal").text("errors", e),
            ));
            None
        }
    }
}
