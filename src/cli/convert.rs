//! `scoresheet convert`: flags → [`crate::bulk::Converter`].

use std::{
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
};

use crate::{
    bulk::Converter,
    export::{ConvertOptions, Notation},
    notation::languages::by_code,
};
use clap::ValueEnum;

use super::common::{
    bounded_jobs, failed, finish_outputs, lang_choice, optional_output, say_empty, say_shard,
    unknown_language, Bar, InputArgs,
};

/// How moves are written.
#[derive(Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum NotationArg {
    /// Standard algebraic: `Nf3`, `exd5`, `e8=Q+`.
    #[default]
    San,
    /// Long algebraic: `Ng1-f3`, `e5xd6`, `e7-e8=Q+`, `O-O`.
    Lan,
    /// UCI coordinates: `g1f3`, `e7e8q`, castling as the king's move (Chess960: king takes rook).
    Uci,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::San => Notation::San,
            NotationArg::Lan => Notation::Lan,
            NotationArg::Uci => Notation::Uci,
        }
    }
}

#[derive(clap::Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Write the PGN to this file instead of standard output. It is replaced only when the
    /// run ends: a run that fails leaves it as it was.
    #[arg(long, short)]
    output: Option<PathBuf>,
    #[arg(long, visible_alias = "lang", default_value = "auto", help = concat!(
        "Language the games are written in: `auto` decides per game; or a code: ",
        language_codes!(),
        "."
    ))]
    from_lang: String,
    #[arg(long, default_value = "en", help = concat!(
        "Language of the piece letters written: `en` (standard PGN), or another code: ",
        language_codes!(),
        "."
    ))]
    to_lang: String,
    /// How moves are written: `san` (Nf3), `lan` (Ng1-f3) or `uci` (g1f3).
    #[arg(long, value_enum, default_value_t = NotationArg::San)]
    notation: NotationArg,
    /// Leave out games that cannot be converted whole (listing them on standard error)
    /// instead of writing them up to their last good move.
    #[arg(long)]
    strict: bool,
    /// No progress bar, and no closing summary on standard error.
    #[arg(long, short)]
    quiet: bool,
    /// Write a game that does not replay as written as its most likely legal reading, with a
    /// comment at each repair (`{repaired: written "Ced", read as Ne4}`). A game that replays
    /// as written is converted as without it.
    #[arg(long)]
    repair: bool,
}

pub fn run(args: ConvertArgs) -> ExitCode {
    let from = match lang_choice(&args.from_lang) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(to) = by_code(&args.to_lang) else {
        return unknown_language(&args.to_lang, false);
    };
    let converter = Converter {
        options: ConvertOptions {
            from,
            to,
            notation: args.notation.into(),
        },
        strict: args.strict,
        jobs: bounded_jobs(args.input.jobs),
        repair: args.repair,
    };
    let mut io_error = false;
    let inputs = args.input.inputs(&mut io_error, args.quiet);
    let mut file = match optional_output(&args.output, &inputs.files) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut stdout = io::BufWriter::with_capacity(1 << 20, io::stdout().lock());
    let out: &mut dyn Write = match file.as_mut() {
        Some(f) => f,
        None => &mut stdout,
    };
    let started = std::time::Instant::now();
    let mut bar = Bar::new(&inputs.files, args.quiet);
    let run = converter.run(&inputs, out, &mut bar);
    bar.finish();
    let outcome = match run {
        Ok(o) => o,
        Err(e) => return failed(&e),
    };
    say_shard(&outcome.shard);
    if !args.quiet {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let rest = if args.strict {
            format!("{} left out", outcome.skipped)
        } else {
            format!("{} written up to their last good move", outcome.partial)
        };
        eprintln!(
            "scoresheet: {} games, {} converted whole, {rest}, in {secs:.2} s ({:.0} games/s)",
            outcome.games,
            outcome.whole,
            outcome.games as f64 / secs
        );
    }
    say_empty(
        &outcome.empty_inputs,
        outcome.nothing_read() && !(io_error || outcome.read_errors),
        &args.input.files,
        &inputs.files,
    );
    let status = if io_error { 2 } else { outcome.exit_status() };
    super::common::say_prose_hint(&inputs.files, inputs.prose, status);
    ExitCode::from(finish_outputs(file.into_iter().collect(), status))
}
