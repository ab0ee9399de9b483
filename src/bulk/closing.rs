//! What a validation says at its end, on standard error: the counts of the run, in the
//! report's language.

use super::Outcome;
use crate::i18n::ReportLang;

/// The closing lines of a run (only the interruption, when `quiet`).
pub fn closing_lines(
    outcome: &Outcome,
    quiet: bool,
    started: std::time::Instant,
    lang: ReportLang,
) -> Vec<String> {
    if lang == ReportLang::En {
        closing_en(outcome, quiet, started)
    } else {
        closing_in(outcome, quiet, started, lang)
    }
}

/// What a run says on standard error at its end.
fn closing_en(outcome: &Outcome, quiet: bool, started: std::time::Instant) -> Vec<String> {
    let s = &outcome.summary;
    let mut lines = Vec::new();
    if outcome.interrupted {
        lines.push(format!(
            "scoresheet: interrupted after {} games; the output holds each of them whole",
            s.games
        ));
    }
    if quiet {
        return lines;
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    lines.push(format!("scoresheet: {} games, {} plies, {} with errors{}, {} failing in {:.2} s ({:.0} games/s, {:.0} plies/s)",
        s.games,
        s.plies,
        s.games_with_errors,
        s.errors_filtered_note(),
        outcome.failing,
        secs,
        s.games as f64 / secs,
        s.plies as f64 / secs
    ));
    if !s.by_kind.is_empty() {
        let kinds: Vec<String> = s.by_kind.iter().map(|(k, n)| format!("{k} {n}")).collect();
        lines.push(format!(
            "scoresheet: games with findings: {}",
            kinds.join(", ")
        ));
    }
    if let Some(d) = outcome.duplicates {
        lines.push(format!("scoresheet: duplicates: {} groups, {} copies beyond the first, {} groups whose copies disagree on tags or result",
            d.groups, d.duplicate_copies, d.conflicting_groups
        ));
    }
    lines
}

/// [`closing_en`] in another language (the words from the catalogue).
fn closing_in(
    outcome: &Outcome,
    quiet: bool,
    started: std::time::Instant,
    lang: ReportLang,
) -> Vec<String> {
    use crate::i18n::{fill, word};
    let s = &outcome.summary;
    let mut lines = Vec::new();
    if outcome.interrupted {
        lines.push(fill(
            lang,
            "interrupted",
            &[("games", &s.games.to_string())],
        ));
    }
    if quiet {
        return lines;
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let note = match s.errors_filtered_out {
        0 => String::new(),
        n => fill(lang, "errors_filtered_note", &[("count", &n.to_string())]),
    };
    lines.push(fill(
        lang,
        "closing_line",
        &[
            ("games", &s.games.to_string()),
            ("plies", &s.plies.to_string()),
            ("errors", &s.games_with_errors.to_string()),
            ("note", &note),
            ("failing", &outcome.failing.to_string()),
            ("seconds", &format!("{secs:.2}")),
            ("games_per_second", &format!("{:.0}", s.games as f64 / secs)),
            ("plies_per_second", &format!("{:.0}", s.plies as f64 / secs)),
        ],
    ));
    if !s.by_kind.is_empty() {
        let kinds: Vec<String> = s
            .by_kind
            .iter()
            .map(|(k, n)| format!("{} {n}", word(lang, "kind", k)))
            .collect();
        lines.push(fill(lang, "closing_kinds", &[("kinds", &kinds.join(", "))]));
    }
    if let Some(d) = outcome.duplicates {
        lines.push(fill(
            lang,
            "closing_duplicates",
            &[
                ("groups", &d.groups.to_string()),
                ("copies", &d.duplicate_copies.to_string()),
                ("conflicting", &d.conflicting_groups.to_string()),
            ],
        ));
    }
    lines
}
