//! The audit as people and programs read it: a text report with a board diagram and a
//! paragraph an arbiter can read aloud (English or Italian), and a JSON object.
//!
//! Rooms: [`paragraph()`](paragraph::paragraph) (read aloud), `decision` (a decision in
//! words: [`reason`], [`notes`]); the text and JSON printers are here.
//!
//! ```
//! use scoresheet::envelope::{audit_text, report, ReportLang};
//! let envelope = r#"
//! white = "Rossi"
//! black = "Bianchi"
//! position = "after 2"
//! white_time = "0:10"
//! black_time = "0:12"
//! sealer = "Rossi"
//! sealed_move_number = 3
//! resumption_date = "2026-11-29 15:00"
//! resumption_place = "Milano"
//! sealed_move = "Ab5"
//! white_scoresheet = "1. e4 e5 2. Cf3 Cc6"
//! black_scoresheet = "1. e4 e5 2. Cf3 Cc6"
//! "#;
//! let a = audit_text(envelope, "busta.toml", std::path::Path::new(".")).unwrap();
//! assert!(report::text(&a, ReportLang::It).contains("Verdetto: SI RIPRENDE IL GIOCO (I.9.1)"));
//! assert_eq!(report::json(&a, ReportLang::En)["verdict"], "resume");
//! let d = a.decision.as_ref().unwrap();
//! assert_eq!(report::reason(d, &a).en, "the sealed move 3.Bb5 is legal and the game goes on");
//! ```

mod decision;
mod paragraph;

use crate::message::Message;
use serde_json::{json, Map, Value};
use shakmaty::{Chess, Color, Position, Square};

use super::{
    audit::{Audit, Decision, Verdict},
    moves::fen,
    schema::Malformed,
    sealed::Reading,
    text::{side_id, side_key, ReportLang},
};
use crate::{
    notation::languages::english,
    notation::render::{san_in, uci},
};
use decision::{decision_words, verdict_words, would};
pub use decision::{notes, reason};
pub use paragraph::paragraph;

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A piece's letter on the diagram: FEN's (English) letters in English; in Italian the
/// Italian ones (`R` is the king, `T` the rook), White's in capitals, Black's in lower case.
fn diagram_letter(p: shakmaty::Piece, lang: ReportLang) -> char {
    use shakmaty::Role;
    let c = match lang {
        ReportLang::En => return p.char(),
        ReportLang::It => match p.role {
            Role::King => 'R',
            Role::Queen => 'D',
            Role::Rook => 'T',
            Role::Bishop => 'A',
            Role::Knight => 'C',
            Role::Pawn => 'P',
        },
    };
    if p.color == Color::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// A board diagram: White's pieces in capitals, Black's in lower case; FEN's letters in
/// English, the Italian letters with a legend in Italian.
pub fn diagram(pos: &Chess, lang: ReportLang) -> String {
    let board = pos.board();
    let mut out = String::from("    a b c d e f g h\n");
    for rank in (0..8u32).rev() {
        out.push_str(&format!("  {} ", rank + 1));
        for file in 0..8u32 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            let c = board.piece_at(sq).map_or('.', |p| diagram_letter(p, lang));
            out.push(c);
            out.push(' ');
        }
        out.push_str(&format!("{}\n", rank + 1));
    }
    out.push_str("    a b c d e f g h\n");
    let to_move = Message::new("report_to_move").word("side", side_key(pos.turn()));
    out.push_str(&format!("    {}\n", to_move.render(lang)));
    // The letters' key: the Italian diagram's letters are not FEN's (the English has none).
    out.push_str(crate::i18n::ui(lang, "envelope_diagram_key"));
    out
}

fn wrap(text: &str, width: usize, indent: &str) -> String {
    wrap2(text, width, indent, indent)
}

/// Wrap `text` at `width` columns: the first line after `first`, the others after `rest`.
fn wrap2(text: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    let mut indent = first;
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
            indent = rest;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The text report of one audit.
pub fn text(a: &Audit, lang: ReportLang) -> String {
    let t = |id: &'static str| -> String { Message::new(id).render(lang) };
    let mut out = format!("== {} ==\n", a.file);
    let mut head = match (&a.white, &a.black) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        _ => String::new(),
    };
    if let Some(e) = &a.event {
        if !head.is_empty() {
            head.push_str(" · ");
        }
        head.push_str(e);
    }
    if !head.is_empty() {
        out.push_str(&head);
        out.push('\n');
    }
    out.push_str(&t("report_checks"));
    for c in &a.checks {
        let status = crate::i18n::word(lang, "envelope_status", c.status.id());
        let head = format!("  [{status:<7}] {:<9} ", c.article);
        let body = wrap(c.message.get(lang), 88, &" ".repeat(head.chars().count()));
        out.push_str(&head);
        out.push_str(body.trim_start());
    }
    if let Some(p) = &a.before {
        out.push_str(&format!(
            "{} {}\n",
            t("report_position_before_the_sealed"),
            fen(p)
        ));
    }
    match &a.decision {
        Some(d) => {
            let mut line = format!(
                "{} {} ({}",
                t("report_verdict"),
                verdict_words(d.verdict).get(lang).to_uppercase(),
                d.rule
            );
            if let Some(ex) = d.exception {
                line.push_str(&format!(", {} {ex}", t("report_exception")));
            }
            line.push(')');
            if let Some(r) = a.result() {
                line.push_str(&format!(" {}", r.as_sheet()));
            }
            out.push_str(&line);
            out.push('\n');
            out.push_str(&wrap(reason(d, a).get(lang), 88, "  "));
            if let Some(q) = &a.after {
                if d.verdict == Verdict::Resume {
                    out.push_str(&format!(
                        "{} {}\n",
                        t("report_position_to_resume_from"),
                        fen(q)
                    ));
                } else {
                    out.push_str(&format!("{} {}\n", t("report_final_position"), fen(q)));
                }
                out.push_str(&diagram(q, lang));
            }
        }
        None if a.contradictions.iter().any(|c| c.withheld.is_some()) => {
            out.push_str(&t("report_verdict_none_given_automatically"));
            for c in &a.contradictions {
                let (Some(w), Some((o, os)), Some(s)) = (&c.withheld, &c.other_decision, a.sealer)
                else {
                    continue;
                };
                for (on, d, by) in [(&c.governs, w, s), (&c.other, o, *os)] {
                    let line = format!(
                        "{}: {}",
                        upper_first(on.get(lang)),
                        decision_words(d, by).get(lang)
                    );
                    out.push_str(&wrap2(&line, 88, "  ", "    "));
                }
            }
        }
        None => out.push_str(&t("report_verdict_none_see_the")),
    }
    let notes = notes(a);
    if !notes.is_empty() {
        out.push_str(&t("report_notes"));
        for n in &notes {
            out.push_str(&wrap2(&format!("- {}", n.get(lang)), 88, "  ", "    "));
        }
    }
    if !a.errors.is_empty() {
        out.push_str(&t("report_errors_in_the_envelope"));
        for e in &a.errors {
            let place = e
                .line
                .map(|l| format!("{} {l}, ", t("report_line")))
                .unwrap_or_default();
            let art = if e.article.is_empty() {
                String::new()
            } else {
                format!(" ({})", e.article)
            };
            out.push_str(&wrap2(
                &format!(
                    "- {place}`{}`{art}: {}",
                    a.item_name(e.item),
                    e.message.get(lang)
                ),
                88,
                "  ",
                "    ",
            ));
        }
    }
    out.push_str(&t("report_to_be_read_aloud"));
    out.push_str(&wrap(a.paragraph.get(lang), 88, "  "));
    out
}

/// The JSON object of one audit.
pub fn json(a: &Audit, lang: ReportLang) -> Value {
    let mut o = Map::new();
    o.insert("file".into(), json!(a.file));
    o.insert("white".into(), json!(a.white));
    o.insert("black".into(), json!(a.black));
    if let Some(e) = &a.event {
        o.insert("event".into(), json!(e));
    }
    o.insert("sealer".into(), json!(a.sealer.map(side_id)));
    let d = a.decision.as_ref();
    o.insert("verdict".into(), json!(d.map(|d| d.verdict.id())));
    o.insert("rule".into(), json!(d.map(|d| d.rule)));
    o.insert("exception".into(), json!(d.and_then(|d| d.exception)));
    o.insert("result".into(), json!(a.result()));
    o.insert("winner".into(), json!(a.winner().map(side_id)));
    o.insert(
        "reason".into(),
        json!(d.map(|d| reason(d, a).get(lang).to_string())),
    );
    let sealed = a.sealed.as_ref().map(|s| {
        let mut m = Map::new();
        m.insert("written".into(), json!(s.written));
        m.insert("source".into(), json!(a.sealed_source));
        m.insert("reading".into(), json!(s.reading.id()));
        m.insert("rule".into(), json!(s.reading.rule()));
        if let Some((n, black)) = s.number {
            m.insert(
                "written_number".into(),
                json!(format!("{n}{}", if black { "..." } else { "." })),
            );
        }
        if s.draw_offer {
            m.insert("draw_offer".into(), json!(true));
        }
        if let Some(p) = &a.before {
            match &s.reading {
                Reading::Legal { mv, lang: l } => {
                    m.insert("san".into(), json!(san_in(p, *mv, english())));
                    m.insert("san_written_language".into(), json!(san_in(p, *mv, l)));
                    m.insert("uci".into(), json!(uci(*mv, a.mode)));
                    m.insert("language".into(), json!(l.code));
                }
                Reading::Ambiguous {
                    candidates,
                    lang: l,
                } => {
                    m.insert("language".into(), json!(l.code));
                    m.insert(
                        "candidates".into(),
                        json!(candidates
                            .iter()
                            .map(
                                |&c| json!({"san": san_in(p, c, english()), "uci": uci(c, a.mode)})
                            )
                            .collect::<Vec<_>>()),
                    );
                }
                Reading::Unreadable { reason, why } => {
                    m.insert("reason".into(), json!(reason));
                    m.insert("message".into(), json!(why.get(lang)));
                }
                Reading::Illegal {
                    reason,
                    why,
                    lang: l,
                } => {
                    m.insert("language".into(), json!(l.code));
                    m.insert("reason".into(), json!(reason.id()));
                    m.insert("message".into(), json!(why.get(lang)));
                }
            }
        }
        Value::Object(m)
    });
    o.insert("sealed_move".into(), json!(sealed));
    o.insert("position_before".into(), json!(a.before.as_ref().map(fen)));
    o.insert("position_after".into(), json!(a.after.as_ref().map(fen)));
    o.insert(
        "draw_offer".into(),
        json!(a.draw_offer.map(|c| json!({
            "by": side_id(c),
            "answer_by": side_id(!c),
            "lapses": d.is_some_and(|d| d.verdict != Verdict::Resume),
        }))),
    );
    o.insert(
        "checks".into(),
        json!(a
            .checks
            .iter()
            .map(|c| json!({"check": c.id, "article": c.article, "status": c.status.id(), "message": c.message.get(lang)}))
            .collect::<Vec<_>>()),
    );
    o.insert(
        "errors".into(),
        json!(a
            .errors
            .iter()
            .map(|e| json!({"item": e.item, "key": a.item_name(e.item), "article": e.article, "line": e.line, "message": e.message.get(lang)}))
            .collect::<Vec<_>>()),
    );
    o.insert(
        "notes".into(),
        json!(notes(a).iter().map(|n| n.get(lang)).collect::<Vec<_>>()),
    );
    let decision = |d: &Decision, by: shakmaty::Color| {
        json!({
            "verdict": d.verdict.id(),
            "rule": d.rule,
            "exception": d.exception,
            "result": super::contradictions::result_of(d.verdict, by),
            "reason": reason(d, a).get(lang),
        })
    };
    o.insert(
        "contradictions".into(),
        json!(a
            .contradictions
            .iter()
            .map(|c| json!({
                "item": c.id,
                "differences": c.differences.iter().map(|m| m.get(lang)).collect::<Vec<_>>(),
                "other_verdict": c.other_decision.as_ref().map(|(d, by)| decision(d, *by)),
                "withheld_verdict": c.withheld.as_ref().zip(a.sealer).map(|(d, by)| decision(d, by)),
            }))
            .collect::<Vec<_>>()),
    );
    o.insert(
        "exception_rejected".into(),
        json!(a.exception_rejected.as_ref().map(|m| m.get(lang))),
    );
    o.insert("paragraph".into(), json!(a.paragraph.get(lang)));
    Value::Object(o)
}

/// The JSON object of an envelope that cannot be read.
pub fn json_malformed(file: &str, m: &Malformed, lang: ReportLang) -> Value {
    let message = m.said(lang);
    json!({
        "file": file,
        "verdict": null,
        "rule": null,
        "errors": [{"item": m.item, "line": m.line, "message": message}],
    })
}

/// The text report of an envelope that cannot be read.
pub fn text_malformed(file: &str, m: &Malformed, lang: ReportLang) -> String {
    let place = m.line.map(|l| format!(":{l}")).unwrap_or_default();
    let what = Message::new("report_envelope_unreadable").render(lang);
    let message = m.said(lang);
    format!("== {file} ==\n{file}{place}: {what}: {message}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_of_the_start() {
        let d = diagram(&Chess::default(), ReportLang::En);
        assert!(d.contains("  8 r n b q k b n r 8"));
        assert!(d.contains("  1 R N B Q K B N R 1"));
        assert!(d.ends_with("White to move\n"));
    }

    #[test]
    fn italian_diagram_letters() {
        let d = diagram(&Chess::default(), ReportLang::It);
        assert!(d.contains("  8 t c a d r a c t 8"), "{d}");
        assert!(d.contains("  1 T C A D R A C T 1"), "{d}");
        assert!(d.contains("R Re, D Donna, T Torre"));
    }

    #[test]
    fn wrapping() {
        let w = wrap("aaa bbb ccc", 7, "  ");
        assert_eq!(w, "  aaa bbb\n  ccc\n");
    }
}
