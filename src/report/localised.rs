//! Reports in another language than English (`--report-lang it`): the same printers, every
//! message, heading and summary line from the language's catalogue ([`crate::i18n`]). JSON
//! and CSV keep their English ids and columns; only `message` follows the language. English
//! reports never pass through here: they are the printers' own output, byte for byte.
//!
//! ```
//! use scoresheet::i18n::ReportLang;
//! use scoresheet::replay::{validate_text, Options};
//! use scoresheet::report::{localised::sink_in, Format};
//! let rec = validate_text("1. e4 e5 2. Cf3 Cf5 *", &Options::default());
//! let mut out = Vec::new();
//! sink_in(Format::Text, false, ReportLang::It).record(&mut out, &rec).unwrap();
//! let out = String::from_utf8(out).unwrap();
//! assert!(out.contains("errore mossa illegale"), "{out}");
//! assert!(out.contains("nessun Cavallo del Nero può raggiungere f5"), "{out}");
//! ```

use crate::result::GameResult;
use std::io::{self, Write};

use super::{html, severity_id, sink, text::escape_controls, Format, Sink, Summary};
use crate::{
    i18n::{self, ReportLang},
    replay::GameRecord,
};

/// The printer of `format` in `lang` (for English, [`sink`] itself).
pub fn sink_in(format: Format, per_game: bool, lang: ReportLang) -> Box<dyn Sink> {
    match (format, lang) {
        (Format::Html, _) => Box::new(html::Html(lang)),
        (_, ReportLang::En) => sink(format, per_game),
        _ => Box::new(Localised {
            inner: sink(format, per_game),
            format,
            lang,
        }),
    }
}

/// A printer whose records' messages are translated first; text has its own lines.
struct Localised {
    inner: Box<dyn Sink>,
    format: Format,
    lang: ReportLang,
}

impl Sink for Localised {
    fn begin(&self, out: &mut Vec<u8>) -> io::Result<()> {
        self.inner.begin(out)
    }

    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()> {
        let mut local = r.clone();
        i18n::localise(&mut local, self.lang);
        match self.format {
            Format::Text => {
                let mut block = Vec::new();
                write_text_in(&mut block, &local, self.lang)?;
                out.write_all(&escape_controls(&block))
            }
            _ => self.inner.record(out, &local),
        }
    }

    fn end(&self, out: &mut Vec<u8>, summary: &Summary) -> io::Result<()> {
        match self.format {
            Format::Text => write_summary_in(out, summary, self.lang),
            _ => self.inner.end(out, summary),
        }
    }
}

/// The text report in another language: the lines of [`super::text`], the words from the
/// catalogue.
fn write_text_in<W: Write>(out: &mut W, r: &GameRecord, lang: ReportLang) -> io::Result<()> {
    let tag = |name: &str| r.tags.get(name).unwrap_or("?");
    let candidates = if r.lang_candidates.is_empty() {
        String::new()
    } else {
        i18n::fill(
            lang,
            "also_languages",
            &[("languages", &r.lang_candidates.join(", "))],
        )
    };
    let filtered = match r.filtered_out {
        0 => String::new(),
        1 => i18n::ui(lang, "one_filtered_out").to_string(),
        n => i18n::fill(lang, "filtered_out", &[("count", &n.to_string())]),
    };
    let status = i18n::ui(
        lang,
        if r.status == "error" {
            "status_error"
        } else {
            "status_ok"
        },
    );
    let header = i18n::fill(
        lang,
        "game_header",
        &[
            ("file", &r.file),
            ("line", &r.line.to_string()),
            ("game", &r.game.to_string()),
            ("white", tag("White")),
            ("black", tag("Black")),
            (
                "result",
                r.result.map(GameResult::as_str).unwrap_or(tag("Result")),
            ),
            ("lang", &r.lang),
            ("candidates", &candidates),
            ("plies", &r.plies.to_string()),
            ("status", status),
            ("filtered", &filtered),
        ],
    );
    writeln!(out, "{header}")?;
    for f in &r.findings {
        let mv = f
            .move_text
            .as_deref()
            .map(|m| format!(" {m}"))
            .unwrap_or_default();
        let var = f
            .variation
            .map(|d| i18n::fill(lang, "in_variation", &[("depth", &d.to_string())]))
            .unwrap_or_default();
        let line = i18n::fill(
            lang,
            "finding_line",
            &[
                ("line", &f.line.to_string()),
                ("column", &f.column.to_string()),
                (
                    "severity",
                    i18n::word(lang, "severity", severity_id(f.severity)),
                ),
                ("kind", i18n::word(lang, "kind", f.kind.id())),
                ("variation", &var),
                ("ply", &f.ply.to_string()),
                ("move", &mv),
                ("message", &f.message),
            ],
        );
        writeln!(out, "{line}")?;
        if let Some(s) = f.suggestions.as_ref().filter(|s| !s.is_empty()) {
            let list: Vec<&str> = s.iter().map(|x| x.san.as_str()).collect();
            let moves = list.join(", ");
            writeln!(
                out,
                "{}",
                i18n::fill(lang, "did_you_mean", &[("moves", &moves)])
            )?;
        }
    }
    if let Some(p) = r.irregular_from_ply {
        writeln!(
            out,
            "{}",
            i18n::fill(lang, "irregular_from", &[("ply", &p.to_string())])
        )?;
    }
    Ok(())
}

/// The closing table by kind in another language.
fn write_summary_in<W: Write>(out: &mut W, s: &Summary, lang: ReportLang) -> io::Result<()> {
    let note = match s.errors_filtered_out {
        0 => String::new(),
        n => i18n::fill(lang, "errors_filtered_note", &[("count", &n.to_string())]),
    };
    writeln!(out)?;
    writeln!(
        out,
        "{}",
        i18n::fill(
            lang,
            "summary_line",
            &[
                ("games", &s.games.to_string()),
                ("plies", &s.plies.to_string()),
                ("errors", &s.games_with_errors.to_string()),
                ("note", &note),
            ],
        )
    )?;
    if !s.by_kind.is_empty() {
        let names: Vec<(&str, u64)> = s
            .by_kind
            .iter()
            .map(|(k, n)| (i18n::word(lang, "kind", k), *n))
            .collect();
        let width = names
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0)
            .max(24);
        let head = i18n::ui(lang, "finding").to_lowercase();
        let games = i18n::ui(lang, "games").to_lowercase();
        writeln!(out, "{head:<width$} {games}")?;
        for (k, n) in names {
            writeln!(out, "{k:<width$} {n}")?;
        }
    }
    Ok(())
}

/// A judgement of `scoresheet position` with its reason in `lang`, and its helpmate lines in
/// `lang`'s piece letters.
pub fn localise_judgement(j: &mut crate::laws::position::Judgement, lang: ReportLang) {
    j.reason = j.said.render(lang);
    helpmates_in(j, lang);
}

/// The helpmate lines of a judgement written with `lang`'s piece letters (`Dh4#`, `Re2` in
/// Italian), as `convert --to-lang` writes moves: replayed from the judgement's UCI lines on
/// its FEN. A line that does not replay (it always does) keeps its English letters.
fn helpmates_in(j: &mut crate::laws::position::Judgement, lang: ReportLang) {
    use crate::notation::{languages::by_code, render::san_in};
    let code = match lang {
        ReportLang::En => return,
        ReportLang::It => "it",
    };
    let (Some(letters), Ok((start, _))) = (by_code(code), crate::laws::position::parse(&j.fen))
    else {
        return;
    };
    let in_letters = |uci: &Option<Vec<String>>| -> Option<Vec<String>> {
        let mut pos = start.clone();
        let mut out = Vec::new();
        for u in uci.as_ref()? {
            let m = u
                .parse::<shakmaty::uci::UciMove>()
                .ok()?
                .to_move(&pos)
                .ok()?;
            out.push(san_in(&pos, m, letters));
            shakmaty::Position::play_unchecked(&mut pos, m);
        }
        Some(out)
    };
    if let Some(line) = in_letters(&j.white_helpmate_uci) {
        j.white_helpmate = Some(line);
    }
    if let Some(line) = in_letters(&j.black_helpmate_uci) {
        j.black_helpmate = Some(line);
    }
}

/// The text report of a judgement in `lang` ([`super::position::text_in`]), its helpmate
/// lines in `lang`'s letters (give the judgement as judged, in English).
pub fn position_text(j: &crate::laws::position::Judgement, lang: ReportLang) -> String {
    if lang == ReportLang::En {
        return super::position::text_in(j, lang);
    }
    let mut j = j.clone();
    helpmates_in(&mut j, lang);
    super::position::text_in(&j, lang)
}

/// The judgements of `position` in `format` (text, JSON Lines or CSV with its header) and
/// `lang`; the reasons in `lang` in every format, the keys and columns English.
pub fn write_judgements(
    out: &mut dyn Write,
    judgements: &[crate::laws::position::Judgement],
    format: Format,
    lang: ReportLang,
) -> io::Result<()> {
    use super::position;
    if format == Format::Csv {
        super::games::write_row(&mut &mut *out, &position::CSV_HEADER)?;
    }
    for judged in judgements {
        let mut local = judged.clone();
        localise_judgement(&mut local, lang);
        match format {
            Format::Jsonl => {
                serde_json::to_writer(&mut *out, &local)?;
                out.write_all(b"\n")?;
            }
            Format::Csv => super::games::write_row(&mut &mut *out, &position::csv_row(&local))?,
            // `position` offers no page of its own.
            Format::Text | Format::Html => out.write_all(position_text(judged, lang).as_bytes())?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Italian text is written from the judgement, not from its English text: an
    /// English reason that reads like one of the English labels changes nothing.
    #[test]
    fn the_position_text_is_written_from_the_judgement() {
        let j = crate::laws::position::judge("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        let it = position_text(&j, ReportLang::It);
        assert!(it.contains("  tratto: Nero\n"), "{it}");
        assert!(
            it.contains(&format!("  {}\n", j.said.render(ReportLang::It))),
            "{it}"
        );
        let mut odd = j.clone();
        odd.reason = "to move: white".into();
        assert_eq!(position_text(&odd, ReportLang::It), it);
        assert_eq!(
            position_text(&j, ReportLang::En),
            crate::report::position::to_text(&j)
        );
    }
}
