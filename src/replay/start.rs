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
        let mut f = Finding::new(
            Kind::Structure,
            0,
            format!(
                "{} ({}) in the text, which no one writes (the file is damaged): left out",
                if run.len() == 1 {
                    "a control character"
                } else {
                    "control characters"
                },
                names.join(" ")
            ),
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
        record.findings.push(Finding::new(
            Kind::UnsupportedVariant,
            0,
            format!("the variant `{variant}` is not standard chess or Chess960; the game is not replayed"),
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
            record.findings.push(Finding::new(
                Kind::InvalidFen,
                0,
                format!("the FEN tag cannot be read: {e}"),
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
                let mut f = Finding::new(
                    Kind::Structure,
                    0,
                    format!("the FEN is irregular: {}", notes.join("; ")),
                );
                f.reason = Some(StructureReason::FenCleaned.into());
                record.findings.push(f);
            }
            Some((pos, mode))
        }
        Err(e) => {
            record.findings.push(Finding::new(
                Kind::InvalidFen,
                0,
                format!("the FEN tag is not a legal position: {e}"),
            ));
            None
        }
    }
}
