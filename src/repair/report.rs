//! What `scoresheet reconcile` writes besides the agreed game: every decision, as text for
//! the arbiter (in the report's language), as JSON Lines, or as the arbiter's page (the
//! agreed game with a board at each decided ply).
//!
//! ```
//! use scoresheet::i18n::ReportLang;
//! use scoresheet::repair::{reconcile::reconcile, report};
//! let white = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *";
//! let black = "1. e4 e5 2. Cf3 Cc6 3. Ab6 a6 *";
//! let r = reconcile(white, black).unwrap();
//! assert_eq!(r.decisions.len(), 1);
//! let text = report::text(&r, "", ReportLang::En);
//! assert!(text.starts_with("ply 5: white wrote \"Ab5\", black wrote \"Ab6\": read as "), "{text}");
//! let page = report::html(&r, "w.txt + b.txt", ReportLang::It);
//! assert!(page.contains("<svg"));
//! ```

use shakmaty::Position;

use super::reconcile::{Decision, Reconciled};
use crate::{
    finding::{Finding, Kind},
    i18n::{self, ReportLang},
    notation::{
        languages::{by_code, english, Language},
        render::san_in,
    },
    reason::{DecisionReason, Reason},
    report::html,
};

/// One line per decision, the counts, then `pgn` (the agreed game as written out).
pub fn text(r: &Reconciled, pgn: &str, lang: ReportLang) -> String {
    let mut s = String::new();
    for d in &r.decisions {
        s.push_str(&decision_words(r, d, lang));
        s.push('\n');
    }
    s.push_str(&i18n::fill(
        lang,
        "reconcile_summary",
        &[
            ("plies", &r.moves.len().to_string()),
            ("decided", &r.decisions.len().to_string()),
        ],
    ));
    s.push_str("\n\n");
    s.push_str(pgn);
    s
}

/// The piece letters a report in `lang` writes moves with.
fn letters(lang: ReportLang) -> &'static Language {
    match lang {
        ReportLang::En => english(),
        ReportLang::It => by_code("it").unwrap_or_else(english),
    }
}

/// The move read at a decided ply, in the report's letters (`Ag4` in Italian).
fn move_read(r: &Reconciled, d: &Decision, lang: ReportLang) -> String {
    let ply = d.ply as usize;
    match (ply.checked_sub(1), lang) {
        (Some(before), ReportLang::It) if ply <= r.moves.len() => {
            let mut pos = r.start.clone();
            for &m in &r.moves[..before] {
                pos.play_unchecked(m);
            }
            san_in(&pos, r.moves[before], letters(lang))
        }
        _ => d.read_as.san.clone(),
    }
}

/// One decision in words.
fn decision_words(r: &Reconciled, d: &Decision, lang: ReportLang) -> String {
    let wrote = |w: &Option<String>| {
        w.as_deref().map_or_else(
            || i18n::ui(lang, "reconcile_nothing").to_string(),
            |w| format!("\"{w}\""),
        )
    };
    let other = d.alternative.as_ref().map_or(String::new(), |a| {
        i18n::fill(lang, "reconcile_other", &[("move", &a.san)])
    });
    i18n::fill(
        lang,
        "reconcile_decision",
        &[
            ("ply", &d.ply.to_string()),
            ("white", &wrote(&d.white_wrote)),
            ("black", &wrote(&d.black_wrote)),
            ("move", &move_read(r, d, lang)),
            ("how", i18n::word(lang, "how", d.how)),
            ("confidence", &format!("{:.2}", d.confidence)),
            ("other", &other),
        ],
    )
}

/// Every decision as a JSON object, one per line, then `{"plies", "decided", "arbiter"}`.
pub fn jsonl(r: &Reconciled) -> String {
    let mut s = String::new();
    for d in &r.decisions {
        s.push_str(&serde_json::to_string(d).unwrap_or_default());
        s.push('\n');
    }
    s.push_str(
        &serde_json::json!({
            "plies": r.moves.len(),
            "decided": r.decisions.len(),
            "arbiter": r.decisions.iter().filter(|d| d.how == "arbiter").count(),
        })
        .to_string(),
    );
    s.push('\n');
    s
}

/// The arbiter's page: the agreed game as a scoresheet, and at each decided ply the decision
/// with a board of the position before it and the move read drawn on it. `place` names the
/// two copies.
pub fn html(r: &Reconciled, place: &str, lang: ReportLang) -> String {
    let findings: Vec<Finding> = r.decisions.iter().map(|d| finding(r, d, lang)).collect();
    let view = html::GameView {
        anchor: "reconciled".to_string(),
        place: place.to_string(),
        number: 1,
        tags: &r.tags,
        start: Some(&r.start),
        moves: &r.moves,
        null_plies: &[],
        notation: letters(lang),
        findings: &findings,
        result: r.result.as_deref().and_then(|s| s.parse().ok()),
        irregular_from_ply: None,
    };
    let mut out = String::new();
    html::page_start(&mut out, i18n::ui(lang, "reconcile_title"), lang);
    html::write_game(&mut out, &view, lang);
    html::page_end(&mut out);
    out
}

/// A decision as a finding, for the page: the move read is its `read_as`.
fn finding(r: &Reconciled, d: &Decision, lang: ReportLang) -> Finding {
    let mut f = Finding::new(Kind::RepairedMove, d.ply, decision_words(r, d, lang));
    f.written = d.white_wrote.clone().or_else(|| d.black_wrote.clone());
    f.move_text = f.written.clone();
    f.read_as = Some(d.read_as.clone());
    f.confidence = Some(d.confidence);
    f.alternatives = d.alternative.clone().map(|a| vec![a]);
    f.reason = d.how.parse::<DecisionReason>().ok().map(Reason::from);
    f.article = Some(Kind::RepairedMove.article());
    f
}
