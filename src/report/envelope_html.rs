//! `envelope --format html`: each envelope's audit in the style of the arbiter's report
//! ([`super::html`]): the checks, the sealed move on a board of the position before it, the
//! verdict, the position to resume from, and the paragraph to read aloud.
//!
//! ```
//! use scoresheet::{envelope::audit_file, i18n::ReportLang};
//! use scoresheet::report::{envelope_html::write_envelope, html::{page_end, page_start}};
//! let audit = audit_file("corpora/envelopes/ambiguous.toml".as_ref()).unwrap();
//! let mut page = String::new();
//! page_start(&mut page, "Busta", ReportLang::It);
//! write_envelope(&mut page, &audit, ReportLang::It);
//! page_end(&mut page);
//! // The position before the sealed move, its two readings drawn as arrows.
//! assert_eq!(page.matches("<svg class=\"board\"").count(), 1);
//! assert_eq!(page.matches("<g class=\"as\"").count(), 2);
//! assert!(page.contains("perde chi ha sigillato"));
//! ```

use std::fmt::Write as _;

use shakmaty::{Chess, Color, Move, Position};

use super::{
    board::{self, Mark},
    html::escape,
};
use crate::{
    envelope::{report, sealed::Reading, Audit, Malformed, Verdict},
    i18n::{self, ReportLang},
};

fn verdict_id(v: Verdict) -> &'static str {
    match v {
        Verdict::SealerLoses => "verdict_sealer_loses",
        Verdict::Draw => "verdict_draw",
        Verdict::SealerWins => "verdict_sealer_wins",
        Verdict::Resume => "verdict_resume",
    }
}

/// The squares a move goes from and to, the king's for castling.
fn squares(pos: &Chess, m: Move) -> Option<(shakmaty::Square, shakmaty::Square)> {
    let from = m.from()?;
    let to = match m.castling_side() {
        Some(side) => side.king_to(pos.turn()),
        None => m.to(),
    };
    Some((from, to))
}

fn to_move(c: Color, lang: ReportLang) -> String {
    let side = match c {
        Color::White => i18n::ui(lang, "white"),
        Color::Black => i18n::ui(lang, "black"),
    };
    format!("{side} {}", i18n::ui(lang, "to_move"))
}

fn figure(out: &mut String, pos: &Chess, marks: &[Mark], caption: &str, lang: ReportLang) {
    let side = to_move(pos.turn(), lang);
    let _ = write!(
        out,
        "<figure>{}<figcaption>{} · {}</figcaption></figure>",
        board::svg(pos, marks, &escape(&side)),
        escape(caption),
        escape(&side)
    );
}

/// One envelope's audit as a section of the page.
pub fn write_envelope(out: &mut String, a: &Audit, lang: ReportLang) {
    let _ = write!(
        out,
        "<section class=\"game envelope\" id=\"{}\">\n<h2>",
        escape(&super::html::anchor(&a.file, 0))
    );
    match (&a.white, &a.black) {
        (Some(w), Some(b)) => {
            let _ = write!(out, "{} – {}", escape(w), escape(b));
        }
        _ => out.push_str(&escape(&a.file)),
    }
    out.push_str("</h2>\n<p class=\"place\">");
    out.push_str(&escape(&a.file));
    if let Some(e) = &a.event {
        let _ = write!(out, " · {}", escape(e));
    }
    out.push_str("</p>\n");

    // The verdict first: it is what the arbiter announces.
    match &a.decision {
        Some(d) => {
            let class = match d.verdict {
                Verdict::Resume => "sev-info",
                Verdict::Draw => "sev-warning",
                _ => "sev-error",
            };
            let _ = write!(
                out,
                "<div class=\"finding {class}\"><div class=\"text\"><p class=\"head\"><span class=\"sev\">{}</span>{} · {} {}",
                escape(i18n::ui(lang, "verdict")),
                escape(i18n::ui(lang, verdict_id(d.verdict))),
                escape(i18n::ui(lang, "article")),
                escape(d.rule)
            );
            if let Some(ex) = d.exception {
                let _ = write!(
                    out,
                    " ({} {})",
                    escape(i18n::ui(lang, "exception")),
                    escape(ex)
                );
            }
            if let Some(r) = a.result() {
                let _ = write!(out, " · {}", escape(r.as_str()));
            }
            let _ = writeln!(
                out,
                "</p><p class=\"msg\">{}</p></div></div>",
                escape(report::reason(d, a).get(lang))
            );
        }
        None => {
            let _ = writeln!(
                out,
                "<div class=\"finding sev-error\"><div class=\"text\"><p class=\"head\"><span class=\"sev\">{}</span>{}</p></div></div>",
                escape(i18n::ui(lang, "verdict")),
                escape(i18n::ui(
                    lang,
                    if a.contradictions.iter().any(|c| c.withheld.is_some()) {
                        "arbiter_decides"
                    } else {
                        "no_verdict"
                    }
                ))
            );
        }
    }

    // The sealed move on the position before it.
    let _ = writeln!(out, "<h3>{}</h3>", escape(i18n::ui(lang, "sealed_move")));
    out.push_str("<div class=\"finding sev-info\"><div class=\"text\">");
    if let Some(s) = &a.sealed {
        let _ = write!(
            out,
            "<p>{}: <code class=\"move\">{}</code></p>",
            escape(i18n::ui(lang, "written")),
            escape(s.written.trim())
        );
        let why = match &s.reading {
            Reading::Legal { .. } => None,
            Reading::Ambiguous { .. } => Some(i18n::ui(lang, "sealed_ambiguous").to_string()),
            Reading::Unreadable { why, .. } | Reading::Illegal { why, .. } => {
                Some(why.get(lang).to_string())
            }
        };
        if let Some(w) = why {
            let _ = write!(out, "<p class=\"msg\">{}</p>", escape(&w));
        }
    }
    out.push_str("</div>");
    if let Some(before) = &a.before {
        let mut marks = Vec::new();
        match a.sealed.as_ref().map(|s| (&s.reading, s)) {
            Some((Reading::Legal { mv, .. }, _)) => {
                if let Some((f, t)) = squares(before, *mv) {
                    marks.push(Mark::Played(f, t));
                }
            }
            Some((Reading::Ambiguous { candidates, .. }, _)) => {
                for &m in candidates.iter().take(4) {
                    if let Some((f, t)) = squares(before, m) {
                        marks.push(Mark::Suggested(f, t));
                    }
                }
            }
            Some((_, s)) => {
                let sq = board::written_squares(&s.body);
                match sq.as_slice() {
                    [.., f, t] => {
                        marks.push(Mark::Impossible(*f, *t));
                        marks.push(Mark::Cross(*t));
                    }
                    [t] => marks.push(Mark::Cross(*t)),
                    [] => {}
                }
            }
            None => {}
        }
        figure(
            out,
            before,
            &marks,
            i18n::ui(lang, "position_before_sealed"),
            lang,
        );
    }
    out.push_str("</div>\n");

    if let (Some(after), Some(d)) = (&a.after, &a.decision) {
        let caption = if d.verdict == Verdict::Resume {
            "position_to_resume"
        } else {
            "final_position"
        };
        let _ = writeln!(out, "<h3>{}</h3>", escape(i18n::ui(lang, caption)));
        figure(out, after, &[], i18n::ui(lang, caption), lang);
        let _ = writeln!(
            out,
            "<p>FEN: <code>{}</code></p>",
            escape(
                &shakmaty::fen::Fen::from_position(after, shakmaty::EnPassantMode::Legal)
                    .to_string()
            )
        );
    }

    let _ = write!(
        out,
        "<h3>{}</h3>\n<table class=\"counts\">",
        escape(i18n::ui(lang, "checks"))
    );
    for c in &a.checks {
        let _ = write!(
            out,
            "<tr class=\"check-{id}\"><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(i18n::word(lang, "check_status", c.status.id())),
            escape(c.article),
            escape(c.message.get(lang)),
            id = c.status.id()
        );
    }
    out.push_str("</table>\n");
    let notes = report::notes(a);
    if !notes.is_empty() {
        let _ = write!(out, "<h3>{}</h3>\n<ul>", escape(i18n::ui(lang, "notes")));
        for n in &notes {
            let _ = write!(out, "<li>{}</li>", escape(n.get(lang)));
        }
        out.push_str("</ul>\n");
    }
    if !a.errors.is_empty() {
        let _ = write!(
            out,
            "<h3>{}</h3>\n<ul>",
            escape(i18n::ui(lang, "envelope_errors"))
        );
        for e in &a.errors {
            let line = e
                .line
                .map(|l| format!("{} {l}, ", i18n::ui(lang, "line")))
                .unwrap_or_default();
            let _ = write!(
                out,
                "<li>{}<code>{}</code> ({}): {}</li>",
                escape(&line),
                escape(&a.item_name(e.item)),
                escape(e.article),
                escape(e.message.get(lang))
            );
        }
        out.push_str("</ul>\n");
    }
    let _ = write!(
        out,
        "<h3>{}</h3>\n<blockquote class=\"aloud\"><p>{}</p></blockquote>\n</section>\n",
        escape(i18n::ui(lang, "read_aloud")),
        escape(a.paragraph.get(lang))
    );
}

/// An envelope that cannot be read.
pub fn write_malformed(out: &mut String, file: &str, m: &Malformed, lang: ReportLang) {
    let place = m.line.map(|l| format!(":{l}")).unwrap_or_default();
    let message = m.said(lang);
    let _ = write!(
        out,
        "<section class=\"game envelope\" id=\"{}\">\n<h2>{}</h2>\n<div class=\"finding sev-error\"><div class=\"text\"><p class=\"head\">{}</p><p class=\"msg\">{}{}: {}</p></div></div>\n</section>\n",
        escape(&super::html::anchor(file, 0)),
        escape(file),
        escape(i18n::ui(lang, "envelope_unreadable")),
        escape(file),
        escape(&place),
        escape(message)
    );
}

/// The formats of `scoresheet envelope`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvelopeFormat {
    /// One report per envelope, to read and to read aloud.
    Text,
    /// One JSON object per envelope, one per line.
    Json,
    /// One page with every envelope in the report's style.
    Html,
}

/// Audit each envelope file and write its report in `format`. Each envelope that cannot be
/// read whole is also said to `malformed` (`FILE[:LINE]: why`, in `lang`). Returns the exit status:
/// 0 when every envelope is complete and every check passes, 1 when a check fails, 2 when an
/// envelope is malformed.
pub fn write_envelopes(
    out: &mut dyn std::io::Write,
    paths: &[std::path::PathBuf],
    format: EnvelopeFormat,
    lang: ReportLang,
    malformed: &mut dyn FnMut(String),
) -> std::io::Result<u8> {
    let mut status = 0u8;
    let mut page = String::new();
    if format == EnvelopeFormat::Html {
        super::html::page_start(&mut page, i18n::ui(lang, "html_envelope_title"), lang);
    }
    for path in paths {
        let name = path.display().to_string();
        match crate::envelope::audit_file(path) {
            Ok(a) => {
                status = status.max(if !a.errors.is_empty() {
                    2
                } else if a.has_failures() {
                    1
                } else {
                    0
                });
                match format {
                    EnvelopeFormat::Json => writeln!(out, "{}", report::json(&a, lang))?,
                    EnvelopeFormat::Text => writeln!(out, "{}", report::text(&a, lang))?,
                    EnvelopeFormat::Html => write_envelope(&mut page, &a, lang),
                }
            }
            Err(m) => {
                status = 2;
                let line = m.line.map(|l| format!(":{l}")).unwrap_or_default();
                let message = m.said(lang);
                malformed(format!("{name}{line}: {message}"));
                match format {
                    EnvelopeFormat::Json => {
                        writeln!(out, "{}", report::json_malformed(&name, &m, lang))?
                    }
                    EnvelopeFormat::Text => {
                        writeln!(out, "{}", report::text_malformed(&name, &m, lang))?
                    }
                    EnvelopeFormat::Html => write_malformed(&mut page, &name, &m, lang),
                }
            }
        }
    }
    if format == EnvelopeFormat::Html {
        super::html::page_end(&mut page);
        out.write_all(page.as_bytes())?;
    }
    Ok(status)
}
