//! What `scoresheet reconcile` writes for archive copies ([`super::archives`]) and for
//! `reconcile --archives`: every difference as text (in the report's language), JSON Lines,
//! CSV or an HTML page.
//!
//! ```ignore
//! use scoresheet::i18n::ReportLang;
//! use scoresheet::repair::{archives::reconcile_copies, archive_report};
//! let a = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
//! let b = "[Event \"B\"]\n\n1. e4 e5 2. Nf3 Nf6 *\n";
//! let r = reconcile_copies(a, b);
//! let text = archive_report::text(&r, "", ReportLang::En);
//! assert!(text.starts_with("difference 1 (stretch 1, ply 4, changed): first copy \"2...Nc6\", second copy \"2...Nf6\""), "{text}");
//! ```

use std::fmt::Write as _;

use super::archives::{ArchiveReconciled, Difference};
use crate::{
    i18n::{self, ReportLang},
    report::html::{escape, page_end, page_start},
};

/// One difference in words.
pub fn difference_words(d: &Difference, lang: ReportLang) -> String {
    let wrote = |w: &str| {
        if w.is_empty() {
            i18n::ui(lang, "archive_nothing").to_string()
        } else {
            format!("\"{w}\"")
        }
    };
    let taken = if d.taken_from.is_empty() {
        "-"
    } else {
        i18n::word(lang, "archive_copy", d.taken_from)
    };
    let mut s = i18n::fill(
        lang,
        "archive_difference",
        &[
            ("n", &d.difference.to_string()),
            ("stretch", &d.stretch.to_string()),
            ("ply", &d.ply.to_string()),
            ("kind", i18n::word(lang, "archive_kind", d.kind)),
            ("first", &wrote(&d.first_wrote)),
            ("second", &wrote(&d.second_wrote)),
            ("taken", taken),
            ("by", i18n::word(lang, "archive_by", d.decided_by)),
            ("confidence", &format!("{:.2}", d.confidence)),
            (
                "mixed",
                if d.mixed {
                    i18n::ui(lang, "archive_mixed")
                } else {
                    ""
                },
            ),
        ],
    );
    if lang == ReportLang::En && !d.note.is_empty() {
        s.push_str(": ");
        s.push_str(&d.note);
    }
    s
}

/// The summary line of one reconciled pair.
pub fn summary_words(r: &ArchiveReconciled, lang: ReportLang) -> String {
    let mut s = i18n::fill(
        lang,
        "archive_summary",
        &[
            ("plies", &r.moves.len().to_string()),
            ("first_plies", &r.plies[0].to_string()),
            ("second_plies", &r.plies[1].to_string()),
            ("differences", &r.differences.len().to_string()),
            ("disagree", &r.disagreements().to_string()),
        ],
    );
    if let Some(ply) = r.stopped {
        s.push_str("; ");
        s.push_str(&i18n::fill(
            lang,
            "archive_stopped",
            &[("ply", &ply.to_string())],
        ));
    }
    s
}

/// One line per difference, the summary, then `pgn` (the agreed game as written out).
pub fn text(r: &ArchiveReconciled, pgn: &str, lang: ReportLang) -> String {
    let mut s = String::new();
    for d in &r.differences {
        s.push_str(&difference_words(d, lang));
        s.push('\n');
    }
    s.push_str(&summary_words(r, lang));
    s.push_str("\n\n");
    s.push_str(pgn);
    s
}

/// The summary object of one pair.
pub fn summary_json(r: &ArchiveReconciled) -> serde_json::Value {
    serde_json::json!({
        "plies": r.moves.len(),
        "first_plies": r.plies[0],
        "second_plies": r.plies[1],
        "differences": r.differences.len(),
        "sources_disagree": r.disagreements(),
        "stopped_at": r.stopped,
    })
}

/// Every difference as a JSON object, one per line, then the summary; `pair` (with
/// `--archives`) adds its fields to every line.
pub fn jsonl(
    r: &ArchiveReconciled,
    pair: Option<&serde_json::Map<String, serde_json::Value>>,
) -> String {
    let mut s = String::new();
    let with = |v: serde_json::Value| -> String {
        let mut obj = serde_json::Map::new();
        if let Some(p) = pair {
            obj.extend(p.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        if let serde_json::Value::Object(o) = v {
            obj.extend(o);
        }
        serde_json::Value::Object(obj).to_string()
    };
    for d in &r.differences {
        s.push_str(&with(serde_json::to_value(d).unwrap_or_default()));
        s.push('\n');
    }
    s.push_str(&with(summary_json(r)));
    s.push('\n');
    s
}

/// The CSV columns of a difference (after the pair's own columns with `--archives`).
pub const CSV_COLUMNS: &str = "difference,stretch,ply,kind,first_wrote,second_wrote,taken_from,decided_by,mixed,confidence,note";

/// One CSV field, quoted where it must be (RFC 4180).
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV row per difference, each starting with `prefix` (fields already quoted).
pub fn csv_rows(r: &ArchiveReconciled, prefix: &[String]) -> String {
    let mut s = String::new();
    for d in &r.differences {
        let mut row: Vec<String> = prefix.to_vec();
        row.extend([
            d.difference.to_string(),
            d.stretch.to_string(),
            d.ply.to_string(),
            d.kind.to_string(),
            csv_field(&d.first_wrote),
            csv_field(&d.second_wrote),
            d.taken_from.to_string(),
            d.decided_by.to_string(),
            d.mixed.to_string(),
            format!("{:.2}", d.confidence),
            csv_field(&d.note),
        ]);
        s.push_str(&row.join(","));
        s.push('\n');
    }
    s
}

/// One pair's section of a page: a heading, the table of differences, the agreed game.
pub fn html_section(
    out: &mut String,
    r: &ArchiveReconciled,
    heading: &str,
    pgn: &str,
    lang: ReportLang,
) {
    let _ = write!(out, "<section>\n<h2>{}</h2>\n", escape(heading));
    if !r.differences.is_empty() {
        out.push_str("<table>\n");
        for d in &r.differences {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                d.ply,
                escape(i18n::word(lang, "archive_kind", d.kind)),
                escape(&difference_words(d, lang))
            );
        }
        out.push_str("</table>\n");
    }
    let _ = write!(
        out,
        "<p>{}</p>\n<pre>{}</pre>\n</section>\n",
        escape(&summary_words(r, lang)),
        escape(pgn)
    );
}

/// The page of one pair of copies.
pub fn html(r: &ArchiveReconciled, place: &str, pgn: &str, lang: ReportLang) -> String {
    let mut out = String::new();
    page_start(&mut out, i18n::ui(lang, "archive_title"), lang);
    html_section(&mut out, r, place, pgn, lang);
    page_end(&mut out);
    out
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::i18n::ReportLang;
        use crate::repair::{archive_report, archives::reconcile_copies};
        let a = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
        let b = "[Event \"B\"]\n\n1. e4 e5 2. Nf3 Nf6 *\n";
        let r = reconcile_copies(a, b);
        let text = archive_report::text(&r, "", ReportLang::En);
        assert!(text.starts_with("difference 1 (stretch 1, ply 4, changed): first copy \"2...Nc6\", second copy \"2...Nf6\""), "{text}");
    }
}
