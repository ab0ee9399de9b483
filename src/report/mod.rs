//! Printers: text for people, CSV and JSON Lines for programs. They only format
//! [`GameRecord`]s; they never decide anything.
//!
//! The JSON Lines record is [`GameRecord`] serialised as is (schema in the README).
//! The CSV has one row per finding and one row with empty finding columns for a game with
//! none, so every game appears:
//! `file,game,offset,line,lang,variant,plies,status,final_fen,kind,severity,ply,move,move_line,move_column,reason,message,suggestions`.

use std::{
    collections::BTreeMap,
    io::{self, Write},
};

use crate::{
    finding::Severity,
    i18n::{self, ReportLang},
    replay::GameRecord,
};

pub mod board;
pub mod duplicates;
pub mod envelope_html;
pub mod games;
pub mod html;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Jsonl,
    Csv,
    /// One self-contained HTML page for the arbiter: a summary, then each game with findings
    /// with its moves and a board at each finding (see [`html`]).
    Html,
}

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

/// For `skip_serializing_if`.
pub fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Totals over a run, for the closing summary.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub games: u64,
    pub plies: u64,
    /// Games whose status is `error`, as their records say, reported findings or not.
    pub games_with_errors: u64,
    /// Of those, the games none of whose error findings is reported (`--only`, `--skip`).
    pub errors_filtered_out: u64,
    /// Games with at least one finding of a kind, by kind id.
    pub by_kind: BTreeMap<&'static str, u64>,
}

/// What one game adds to the [`Summary`]: taken where the game was replayed, so that the
/// record itself need not travel.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub plies: u32,
    pub errors: bool,
    /// Errors, none of them reported.
    pub errors_filtered_out: bool,
    /// Kinds of its findings, each once.
    pub kinds: Vec<&'static str>,
}

impl Tally {
    pub fn of(r: &GameRecord) -> Tally {
        let mut kinds: Vec<&'static str> = r.findings.iter().map(|f| f.kind.id()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        Tally {
            plies: r.plies,
            errors: r.status == "error",
            errors_filtered_out: r.status == "error" && !r.has_errors(),
            kinds,
        }
    }
}

impl Summary {
    /// What follows "N with errors" when some of those games show no error finding, so
    /// that the count and the records' headers say the same: empty otherwise.
    pub fn errors_filtered_note(&self) -> String {
        match self.errors_filtered_out {
            0 => String::new(),
            n => format!(" ({n} of them with every error finding filtered out)"),
        }
    }

    pub fn add(&mut self, r: &GameRecord) {
        self.add_tally(&Tally::of(r));
    }

    pub fn add_tally(&mut self, t: &Tally) {
        self.games += 1;
        self.plies += u64::from(t.plies);
        if t.errors {
            self.games_with_errors += 1;
        }
        if t.errors_filtered_out {
            self.errors_filtered_out += 1;
        }
        for &k in &t.kinds {
            *self.by_kind.entry(k).or_default() += 1;
        }
    }
}

/// How one record is printed; it holds no state, so records can be formatted on the
/// threads that replayed them and written in order afterwards.
#[derive(Debug, Clone, Copy)]
pub struct Formatter {
    format: Format,
    /// CSV only: one row per game ([`games`]) instead of one per finding.
    game_rows: bool,
    /// The language of the messages and headings (JSON and CSV ids stay English).
    lang: ReportLang,
}

impl Formatter {
    pub fn write<W: Write>(&self, out: &mut W, r: &GameRecord) -> io::Result<()> {
        if self.lang != ReportLang::En {
            let mut local = r.clone();
            i18n::localise(&mut local, self.lang);
            return match self.format {
                Format::Text => {
                    let mut block = Vec::new();
                    write_text_in(&mut block, &local, self.lang)?;
                    out.write_all(&escape_controls(&block))
                }
                _ => self.write_as_is(out, &local),
            };
        }
        self.write_as_is(out, r)
    }

    /// `r` with its messages already in the report's language.
    fn write_as_is<W: Write>(&self, out: &mut W, r: &GameRecord) -> io::Result<()> {
        match self.format {
            Format::Html => html::write_frame(out, r, self.lang),
            Format::Jsonl => {
                serde_json::to_writer(&mut *out, r)?;
                out.write_all(b"\n")
            }
            Format::Csv if self.game_rows => games::write_row(out, &games::row(r)),
            Format::Csv => write_csv(out, r),
            Format::Text => {
                let mut block = Vec::new();
                write_text(&mut block, r)?;
                out.write_all(&escape_controls(&block))
            }
        }
    }
}

/// Text for a terminal: a control character in a tag, a file name or a message (C1 ones come
/// from Windows-1252 bytes that have no character) is written as its code, `\u{80}`, never
/// raw; tabs and line breaks stay.
fn escape_controls(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
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

pub struct Reporter<W: Write> {
    formatter: Formatter,
    out: W,
    pub summary: Summary,
}

impl<W: Write> Reporter<W> {
    pub fn new(format: Format, out: W) -> io::Result<Reporter<W>> {
        Reporter::in_language(format, out, ReportLang::En)
    }

    /// A reporter whose messages and headings are in `lang`.
    pub fn in_language(format: Format, out: W, lang: ReportLang) -> io::Result<Reporter<W>> {
        let mut r = Reporter {
            formatter: Formatter {
                format,
                game_rows: false,
                lang,
            },
            out,
            summary: Summary::default(),
        };
        if format == Format::Csv {
            games::write_row(&mut r.out, &CSV_HEADER)?;
        }
        Ok(r)
    }

    /// A CSV reporter with one row per game (`validate --summary`, see [`games`]).
    pub fn per_game(out: W) -> io::Result<Reporter<W>> {
        let mut r = Reporter {
            formatter: Formatter {
                format: Format::Csv,
                game_rows: true,
                lang: ReportLang::En,
            },
            out,
            summary: Summary::default(),
        };
        games::write_row(&mut r.out, &games::header())?;
        Ok(r)
    }

    /// Where the report is written (bulk validation writes each batch as a whole).
    pub fn out_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// The record printer, to format records away from the reporter.
    pub fn formatter(&self) -> Formatter {
        self.formatter
    }

    pub fn write(&mut self, r: &GameRecord) -> io::Result<()> {
        self.summary.add(r);
        self.formatter.write(&mut self.out, r)
    }

    /// Write what ends the report (the summary table in text format) and flush.
    pub fn finish(&mut self) -> io::Result<()> {
        match (self.formatter.format, self.formatter.lang) {
            (Format::Text, ReportLang::En) => write_summary(&mut self.out, &self.summary)?,
            (Format::Text, lang) => write_summary_in(&mut self.out, &self.summary, lang)?,
            _ => {}
        }
        self.out.flush()
    }
}

impl Reporter<Vec<u8>> {
    /// The HTML page of the records written so far (each [`Formatter::write`] left a frame
    /// in the buffer), replacing them: summary first, then the games.
    pub fn finish_html(&mut self) -> io::Result<()> {
        let frames = std::mem::take(&mut self.out);
        html::write_document(&mut self.out, &frames, &self.summary, self.formatter.lang)
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
        r.variant,
        &plies,
        r.status,
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
            f.reason.unwrap_or(""),
            &f.message,
            &sugg,
        ]);
        games::write_row(out, &row)?;
    }
    Ok(())
}

pub fn severity_id(s: Severity) -> &'static str {
    match s {
        Severity::Info => "info",
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}

fn write_text<W: Write>(out: &mut W, r: &GameRecord) -> io::Result<()> {
    let tag = |name: &str| {
        r.tags
            .0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or("?")
    };
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
        r.result.unwrap_or(tag("Result")),
        r.lang,
        candidates,
        r.plies,
        r.status.to_uppercase(),
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

/// [`write_text`] in another language: the same lines, the words from the catalogue.
fn write_text_in<W: Write>(out: &mut W, r: &GameRecord, lang: ReportLang) -> io::Result<()> {
    let tag = |name: &str| {
        r.tags
            .0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or("?")
    };
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
            ("result", r.result.unwrap_or(tag("Result"))),
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

/// [`write_summary`] in another language.
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
