//! `scoresheet validate`: flags → [`crate::bulk::Validator`] → a printer.

use std::{
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
    sync::{atomic::Ordering, Arc},
};

use crate::{
    bulk::{Outputs, Validator},
    finding::Kind,
    i18n::ReportLang,
    laws::dead::DeadSearch,
    output::Replacement,
    replay::{IllegalPolicy, Options},
    report::{
        games::{Filter, Games},
        html,
        localised::sink_in,
        Format,
    },
};
use clap::ValueEnum;

use super::common::{
    bounded_jobs, create_output, failed, finish_outputs, lang_choice, say_empty, say_shard,
    write_failed, Bar, FormatArg, InputArgs, ReportLanguage,
};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Illegal {
    /// Standard play: replay of a game stops at its first illegal move.
    Stop,
    /// Rapid and blitz (Laws, Appendix A.4.2): an illegal move the opponent did not claim
    /// stays on the board when it can be made physically, and the game goes on.
    Stands,
}

/// How far to look for dead positions (`--dead-positions`).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DeadPositionsArg {
    /// As far as a dead position can change a verdict: games recorded won are asked as
    /// thoroughly as ever; games recorded drawn or unfinished get the cheap proofs (bare
    /// kings, too little material, forced stalemates) but no static analysis of a closed
    /// pawn structure.
    Verdict,
    /// Every game's last position with the solver's whole fast check.
    All,
}

/// Which games get a record (`--games`).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GamesArg {
    /// Every game.
    All,
    /// The games with at least one finding reported.
    Findings,
    /// The games whose replay found an error (status `error`).
    Errors,
    /// The games that fail (exit status 1, `--split-bad`).
    Failing,
}

impl From<GamesArg> for Games {
    fn from(g: GamesArg) -> Games {
        match g {
            GamesArg::All => Games::All,
            GamesArg::Findings => Games::Findings,
            GamesArg::Errors => Games::Errors,
            GamesArg::Failing => Games::Failing,
        }
    }
}

/// The report formats of `validate`: those of [`FormatArg`], and the arbiter's page.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ValidateFormat {
    Text,
    Jsonl,
    Csv,
    Html,
}

impl From<ValidateFormat> for Format {
    fn from(f: ValidateFormat) -> Format {
        match f {
            ValidateFormat::Text => FormatArg::Text.into(),
            ValidateFormat::Jsonl => FormatArg::Jsonl.into(),
            ValidateFormat::Csv => FormatArg::Csv.into(),
            ValidateFormat::Html => Format::Html,
        }
    }
}

#[derive(clap::Args)]
pub struct ValidateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Report format: one block per game (text), one JSON object per line (jsonl), one
    /// CSV row per finding (csv), or one self-contained page for the arbiter with a board at
    /// each finding (html; best with --output).
    #[arg(long, value_enum, default_value_t = ValidateFormat::Text)]
    format: ValidateFormat,
    /// Language of the report's messages and headings: `en` (default) or `it`. JSON and CSV
    /// keep their English ids; their `message` follows the language.
    #[arg(long, value_enum, default_value_t = ReportLanguage::En)]
    report_lang: ReportLanguage,
    #[arg(long, visible_alias = "from-lang", default_value = "auto", help = concat!(
        "Notation language of the piece letters: `auto` decides per game; or a code: ",
        language_codes!(),
        "."
    ))]
    lang: String,
    /// What an illegal move does to the rest of the replay.
    #[arg(long, value_enum, default_value_t = Illegal::Stop)]
    illegal: Illegal,
    /// No progress bar, and no closing summary on standard error (the text report still
    /// ends with its table by kind).
    #[arg(long, short)]
    quiet: bool,
    /// Event rule (Laws, Art. 9.1.1): no draw by agreement before move N. A game drawn
    /// `1/2-1/2` before it, with no other reason to be drawn, gets an `early_draw` finding
    /// (the Italian championship rules forbid it before move 30).
    #[arg(long, value_name = "N")]
    no_draw_before: Option<u32>,
    /// Dead positions (Art. 5.2.2): `verdict` (default) looks as far as a dead position can
    /// change a game's verdict: a game recorded won is asked whether the winner could still
    /// mate, as thoroughly as ever; a game recorded drawn or unfinished gets what the cheap
    /// checks prove, but not the solver's costly static analysis of closed pawn structures.
    /// `all` asks every game's last position with the whole fast check.
    #[arg(long, value_enum, default_value_t = DeadPositionsArg::Verdict, value_name = "HOW")]
    dead_positions: DeadPositionsArg,
    /// Notation and legality only: no repetition, move counts, endings, dead positions or
    /// result checks.
    #[arg(long)]
    no_laws: bool,
    /// Strict notation: also warn where the optional marks `x`, `+`, `#` and `e.p.` (Laws,
    /// Appendix C.13) are missing or do not fit the move. Off by default.
    #[arg(long)]
    strict_notation: bool,
    /// Write the report to FILE instead of standard output. FILE (like the split and
    /// duplicates files) is replaced only when the run ends: a run that fails leaves it as
    /// it was.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Which games get a record, in every format: `all`, those with a `findings` reported,
    /// those with `errors`, or those that fail (`failing`, as `--fail-on` says). The summary
    /// counts every game all the same.
    #[arg(long, value_enum, default_value_t = GamesArg::All, value_name = "WHICH")]
    games: GamesArg,
    /// The HTML page draws at most N games with findings (games with errors first) and lists
    /// at most 5×N games in each index, so that a browser opens it; the page and standard
    /// error say what was left off. 0: no bound. The summary counts every game.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    page_games: usize,
    #[arg(long, value_name = "KIND,...", help = concat!(
        "Report and count only findings of these kinds (comma-separated, e.g. ",
        "`illegal_move,threefold`). A game keeps its record and its status (`error` when ",
        "replay found an error, reported or not); the text report says how many findings ",
        "of a game are filtered out. Kinds: ",
        finding_kinds!(),
        "."
    ))]
    only: Option<String>,
    #[arg(long, value_name = "KIND,...", help = concat!(
        "Never report or count findings of these kinds (comma-separated; as --only, the ",
        "other way round). Kinds: ",
        finding_kinds!(),
        "."
    ))]
    skip: Option<String>,
    #[arg(long, value_name = "KIND,...", help = concat!(
        "Kinds that make a game bad: exit status 1, and the game goes to --split-bad ",
        "(comma-separated; default: any finding of error severity). Only reported findings ",
        "count. Kinds: ",
        finding_kinds!(),
        "."
    ))]
    fail_on: Option<String>,
    /// Copy every game that --fail-on does not count, byte for byte, to FILE.
    #[arg(long, value_name = "FILE")]
    split_clean: Option<PathBuf>,
    /// Copy every game that --fail-on counts, byte for byte, to FILE (quarantine).
    #[arg(long, value_name = "FILE")]
    split_bad: Option<PathBuf>,
    /// With `--format csv`: one row per game (with a count per finding kind) instead of
    /// one per finding.
    #[arg(long)]
    summary: bool,
    /// Report games whose mainline moves are the same (from the same start position, in
    /// any notation), and whether the copies disagree on White, Black, Event, Date, Round
    /// or Result: after the game records, or in FILE with `--duplicates=FILE` (needed with
    /// `--format csv`, whose duplicates have columns of their own). Memory stays bounded:
    /// beyond 16 MiB the games' keys are sorted in temporary files (under $TMPDIR).
    #[arg(long, value_name = "FILE", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    duplicates: Option<String>,
    /// Read a game that does not replay as written through its slips: the most likely legal
    /// game given everything written (look-alike characters, a neighbouring square, moves run
    /// together, a move left out or written twice), each repair a `repaired_move` warning.
    /// A game that replays as written is reported as without it.
    #[arg(long)]
    repair: bool,
}

/// A list of finding kinds given to `flag`; an unknown one is said.
fn kinds(flag: &str, list: &Option<String>) -> Result<Option<Vec<Kind>>, ExitCode> {
    match list.as_deref().map(Kind::parse_list) {
        None => Ok(None),
        Some(Ok(k)) => Ok(Some(k)),
        Some(Err(id)) => {
            let ids: Vec<&str> = Kind::ALL.iter().map(|k| k.id()).collect();
            eprintln!(
                "scoresheet: {flag}: unknown finding kind `{id}`; use: {}",
                ids.join(", ")
            );
            Err(ExitCode::from(2))
        }
    }
}

/// The files a validation writes besides the report.
struct Files {
    report: Option<Replacement>,
    duplicates: Option<Replacement>,
    split_clean: Option<Replacement>,
    split_bad: Option<Replacement>,
}

impl Files {
    fn all(self) -> Vec<Replacement> {
        [
            self.report,
            self.duplicates,
            self.split_clean,
            self.split_bad,
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

fn validator(args: &ValidateArgs) -> Result<Validator, ExitCode> {
    let options = Options {
        lang: lang_choice(&args.lang)?,
        illegal: match args.illegal {
            Illegal::Stop => IllegalPolicy::Stop,
            Illegal::Stands => IllegalPolicy::Stands,
        },
        laws: crate::laws::LawsOptions {
            enabled: !args.no_laws,
            no_draw_before: args.no_draw_before,
            dead_positions: match args.dead_positions {
                DeadPositionsArg::Verdict => DeadSearch::Verdict,
                DeadPositionsArg::All => DeadSearch::All,
            },
        },
        strict_notation: args.strict_notation,
    };
    let (only, skip, fail_on) = (
        kinds("--only", &args.only),
        kinds("--skip", &args.skip),
        kinds("--fail-on", &args.fail_on),
    );
    let filter = Filter {
        only: only?,
        skip: skip?.unwrap_or_default(),
        fail_on: fail_on?,
        games: args.games.into(),
    };
    let format = Format::from(args.format);
    if args.summary && format != Format::Csv {
        eprintln!("scoresheet: --summary goes with --format csv");
        return Err(ExitCode::from(2));
    }
    let to_file = args.duplicates.as_ref().is_some_and(|p| !p.is_empty());
    if args.duplicates.is_some() && !to_file && matches!(format, Format::Csv | Format::Html) {
        eprintln!("scoresheet: with --format csv or html, give the duplicates a file of their own: --duplicates=FILE");
        return Err(ExitCode::from(2));
    }
    Ok(Validator {
        options,
        filter,
        interrupt: Default::default(),
        jobs: bounded_jobs(args.input.jobs),
        duplicates: args.duplicates.is_some().then_some(format),
        repair: args.repair,
    })
}

fn files(args: &ValidateArgs, inputs: &[PathBuf]) -> Result<Files, ExitCode> {
    let open = |path: &Option<PathBuf>| path.as_ref().map(|p| create_output(p, inputs)).transpose();
    let duplicates = args
        .duplicates
        .as_ref()
        .filter(|p| !p.is_empty())
        .map(PathBuf::from);
    Ok(Files {
        report: open(&args.output)?,
        duplicates: open(&duplicates)?,
        split_clean: open(&args.split_clean)?,
        split_bad: open(&args.split_bad)?,
    })
}

pub fn run(args: ValidateArgs) -> ExitCode {
    let validator = match validator(&args) {
        Ok(v) => v,
        Err(code) => return code,
    };
    let mut io_error = false;
    let inputs = args.input.inputs(&mut io_error, args.quiet);
    let mut files = match files(&args, &inputs.files) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let interrupt = Arc::clone(&validator.interrupt);
    if let Err(e) = ctrlc::set_handler(move || {
        if interrupt.swap(true, Ordering::SeqCst) {
            // A second interrupt: do not wait for the batch.
            std::process::exit(130);
        }
    }) {
        eprintln!("scoresheet: cannot catch interrupts: {e}");
    }
    let started = std::time::Instant::now();
    let mut stdout = io::stdout().lock();
    let report: &mut dyn Write = match files.report.as_mut() {
        Some(f) => f,
        None => &mut stdout,
    };
    // The HTML page opens with the summary of the run: its games wait here till the end.
    let format = Format::from(args.format);
    let lang = ReportLang::from(args.report_lang);
    let mut frames = Vec::new();
    let (report, page_to): (&mut dyn Write, Option<&mut dyn Write>) = match format {
        Format::Html => (&mut frames, Some(report)),
        _ => (report, None),
    };
    let out = Outputs {
        report,
        split_clean: files.split_clean.as_mut().map(|f| f as &mut dyn Write),
        split_bad: files.split_bad.as_mut().map(|f| f as &mut dyn Write),
        duplicates: files.duplicates.as_mut().map(|f| f as &mut dyn Write),
    };
    let mut bar = Bar::new(&inputs.files, args.quiet);
    let printer = sink_in(format, args.summary, lang);
    let run = validator.run(&inputs, printer.as_ref(), out, &mut bar);
    bar.finish();
    let outcome = match run {
        Ok(o) => o,
        Err(e) => return failed(&e),
    };
    if let Some(page) = page_to {
        let bound = html::PageBound::games(args.page_games);
        let written = html::write_document(&mut *page, &frames, &outcome.summary, lang, bound)
            .and_then(|drawn| page.flush().map(|()| drawn));
        match written {
            Err(e) => return write_failed(&e, "writing the report"),
            Ok(drawn) if drawn.bounded() => eprintln!(
                "scoresheet: the page draws {} of {} games with findings and lists {} of {} games without (--page-games {}; 0 draws every game)",
                drawn.drawn, drawn.with_findings, drawn.clean_listed, drawn.clean, args.page_games
            ),
            Ok(_) => {}
        }
    }
    say_shard(&outcome.shard);
    for line in crate::bulk::closing_lines(&outcome, args.quiet, started, lang) {
        eprintln!("{line}");
    }
    say_empty(
        &outcome.empty_inputs,
        outcome.nothing_read() && !(io_error || outcome.read_errors),
        &args.input.files,
        &inputs.files,
    );
    let status = if io_error && !outcome.interrupted {
        2
    } else {
        outcome.exit_status()
    };
    super::common::say_prose_hint(&inputs.files, inputs.prose, status);
    ExitCode::from(finish_outputs(files.all(), status))
}
