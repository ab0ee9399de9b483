//! `scoresheet reconcile` and `scoresheet decode`: both players' copies of one game, or an OCR
//! engine's candidate readings, read into the most likely legal game (`crate::repair`).

use std::{
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::ValueEnum;

use super::common::{create_output, write_failed, ReportLanguage};
use crate::{
    export::{convert_text, ConvertOptions},
    notation::languages::{by_code, english},
    repair::report,
    replay::LangChoice,
};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReconcileFormat {
    /// The agreed game as PGN.
    Pgn,
    /// One JSON object per line: every ply decided, then a summary.
    Jsonl,
    /// One line per ply decided, then the agreed game.
    Text,
    /// The arbiter's page: the agreed game as a scoresheet, a board at each decided ply.
    Html,
    /// One CSV row per difference (archive copies and --archives only).
    Csv,
}

/// What the two copies are.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CopiesArg {
    /// Archive copies when both start with a PGN tag section, else scoresheets.
    Auto,
    /// Both players' scoresheets of one game.
    Sheets,
    /// Two transcriptions of one game from two archives.
    Archive,
}

#[derive(clap::Args)]
pub struct ReconcileArgs {
    /// The white player's scoresheet (any notation, any language); the first archive copy;
    /// with --archives, the first archive (files, directories, compressed).
    white: PathBuf,
    /// The black player's scoresheet; the second archive copy; with --archives, the second
    /// archive.
    black: PathBuf,
    /// Pair the games of two archives and reconcile every pair (the report on standard
    /// output, or in the --report file; -o writes the agreed games as PGN).
    #[arg(long)]
    archives: bool,
    /// What the two copies are: `auto` (archive copies when both start with a PGN tag
    /// section), `sheets` or `archive`.
    #[arg(long, value_enum, default_value_t = CopiesArg::Auto)]
    copies: CopiesArg,
    /// Language of the piece letters written in the PGN: `en` (standard PGN) or `it`, `de`, ...
    #[arg(long, default_value = "en")]
    to_lang: String,
    /// What is written: the agreed game (pgn), or every decision (jsonl, text, html).
    #[arg(long, value_enum, default_value_t = ReconcileFormat::Pgn)]
    format: ReconcileFormat,
    /// Language of the report's words (text and html): `en` (default) or `it`.
    #[arg(long, value_enum, default_value_t = ReportLanguage::En)]
    report_lang: ReportLanguage,
    /// Write to FILE instead of standard output (refused when FILE is one of the copies).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Write `text` to the output file, or to standard output: the exit status of a write that
/// failed (141 for a closed pipe, 2 otherwise, said).
pub(super) fn write_out(
    output: &Option<PathBuf>,
    inputs: &[PathBuf],
    text: &str,
) -> Result<(), ExitCode> {
    let written = match output {
        Some(path) => {
            let mut file = create_output(path, inputs)?;
            // The whole text is written at once, at the end: the run is done.
            file.write_all(text.as_bytes()).and_then(|()| file.commit())
        }
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        }
    };
    written.map_err(|e| {
        let what = output.as_ref().map(|p| p.display().to_string());
        write_failed(&e, what.as_deref().unwrap_or(""))
    })
}

/// How many games a copy holds, cut as `validate` cuts a file into games.
fn games_in(text: &str) -> usize {
    crate::notation::split::GameSplitter::new(text.as_bytes())
        .filter(|g| {
            g.as_ref()
                .map_or(true, |g| !g.game_bytes().trim_ascii().is_empty())
        })
        .count()
}

pub(super) fn read(path: &PathBuf) -> Result<String, ExitCode> {
    std::fs::read(path)
        .map(|b| crate::notation::decode::decode(&b).into_owned())
        .map_err(|e| {
            eprintln!("scoresheet: {}: {e}", path.display());
            ExitCode::from(2)
        })
}

/// Exit status: 0 when both copies agree on every move as written, 1 when a ply was decided
/// (or no legal game fits them), 2 on usage or I/O errors.
pub fn reconcile_cmd(args: ReconcileArgs) -> ExitCode {
    let Some(to) = by_code(&args.to_lang) else {
        eprintln!("scoresheet: unknown language `{}`", args.to_lang);
        return ExitCode::from(2);
    };
    if args.archives {
        return super::archives::archives_cmd(
            &args.white,
            &args.black,
            to,
            args.format,
            args.report_lang,
            &args.output,
        );
    }
    let (white, black) = match (read(&args.white), read(&args.black)) {
        (Ok(w), Ok(b)) => (w, b),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    // One game per copy: a file of several games (or none) is no copy of one game, and no
    // reading of it says anything about the other copy.
    let counts = [
        (&args.white, games_in(&white)),
        (&args.black, games_in(&black)),
    ];
    if counts.iter().any(|&(_, n)| n != 1) {
        let holds: Vec<String> = counts
            .iter()
            .map(|(path, n)| match n {
                0 => format!("{} holds no game", path.display()),
                1 => format!("{} holds 1 game", path.display()),
                n => format!("{} holds {n} games", path.display()),
            })
            .collect();
        eprintln!(
            "scoresheet: reconcile takes one game per copy (the white player's scoresheet, then the black player's): {}",
            holds.join(", ")
        );
        return ExitCode::from(2);
    }
    let archive = match args.copies {
        CopiesArg::Archive => true,
        CopiesArg::Sheets => false,
        CopiesArg::Auto => crate::repair::archives::looks_like_archive_copies(&white, &black),
    };
    if archive {
        return archive_copies(&args, &white, &black, to);
    }
    if args.format == ReconcileFormat::Csv {
        eprintln!("scoresheet: --format csv is for archive copies (--copies archive, --archives)");
        return ExitCode::from(2);
    }
    let Some(r) = crate::repair::reconcile::reconcile(&white, &black) else {
        eprintln!(
            "scoresheet: {} and {}: no legal game fits both copies",
            args.white.display(),
            args.black.display()
        );
        return ExitCode::from(1);
    };
    let pgn = convert_text(
        &r.text(),
        &ConvertOptions {
            from: LangChoice::Fixed(english()),
            to,
            ..ConvertOptions::default()
        },
    )
    .pgn;
    let lang = crate::i18n::ReportLang::from(args.report_lang);
    let report = match args.format {
        // (csv was refused above)
        ReconcileFormat::Pgn | ReconcileFormat::Csv => pgn,
        ReconcileFormat::Jsonl => report::jsonl(&r),
        ReconcileFormat::Text => report::text(&r, &pgn, lang),
        ReconcileFormat::Html => report::html(
            &r,
            &format!("{} + {}", args.white.display(), args.black.display()),
            lang,
        ),
    };
    let inputs = [args.white.clone(), args.black.clone()];
    if let Err(code) = write_out(&args.output, &inputs, &report) {
        return code;
    }
    if r.decisions.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Two archive copies of one game: every difference, and the agreed game.
fn archive_copies(
    args: &ReconcileArgs,
    first: &str,
    second: &str,
    to: &'static crate::notation::languages::Language,
) -> ExitCode {
    use crate::repair::{archive_report, archives::reconcile_copies};
    let r = reconcile_copies(first, second);
    let pgn = super::archives::agreed_pgn(&r.text(), to);
    let lang = crate::i18n::ReportLang::from(args.report_lang);
    let report = match args.format {
        ReconcileFormat::Pgn => pgn,
        ReconcileFormat::Jsonl => archive_report::jsonl(&r, None),
        ReconcileFormat::Text => archive_report::text(&r, &pgn, lang),
        ReconcileFormat::Csv => {
            format!(
                "{}\n{}",
                archive_report::CSV_COLUMNS,
                archive_report::csv_rows(&r, &[])
            )
        }
        ReconcileFormat::Html => archive_report::html(
            &r,
            &format!("{} + {}", args.white.display(), args.black.display()),
            &pgn,
            lang,
        ),
    };
    let inputs = [args.white.clone(), args.black.clone()];
    if let Err(code) = write_out(&args.output, &inputs, &report) {
        return code;
    }
    if r.differences.is_empty() && r.stopped.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[derive(clap::Args)]
pub struct DecodeArgs {
    /// JSON Lines of per-ply candidate readings (format: grammar/decode.md).
    file: PathBuf,
    /// Language of the candidates' piece letters (`it` by default; English letters are
    /// always read too).
    #[arg(long, default_value = "it")]
    lang: String,
    /// Write the JSON object to FILE instead of standard output (refused when FILE is the
    /// input).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Exit status: 0 when every ply is decoded with confidence 0.9 or more, 1 when some ply
/// should be looked at (or no game was decoded), 2 on usage or I/O errors.
pub fn decode_cmd(args: DecodeArgs) -> ExitCode {
    let Some(lang) = by_code(&args.lang) else {
        eprintln!("scoresheet: unknown language `{}`", args.lang);
        return ExitCode::from(2);
    };
    let text = match read(&args.file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let lines = match crate::repair::decode::read_lines(&text) {
        Ok(l) => l,
        Err((line, e)) => {
            eprintln!("scoresheet: {}: line {line}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    if let Err(why) = crate::repair::decode::check(&lines) {
        eprintln!("scoresheet: {}: {why}", args.file.display());
        return ExitCode::from(2);
    }
    let Some(d) = crate::repair::decode::decode(&lines, Some(lang)) else {
        eprintln!("scoresheet: {}: no game decoded", args.file.display());
        return ExitCode::from(1);
    };
    let json = serde_json::to_string(&d).unwrap_or_default() + "\n";
    if let Err(code) = write_out(&args.output, std::slice::from_ref(&args.file), &json) {
        return code;
    }
    if d.look_at.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
