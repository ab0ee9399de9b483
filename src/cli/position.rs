//! `scoresheet position`: FENs (or a Chess960 number) judged by [`crate::laws::position`].

use std::{
    io::{self, BufRead, Write},
    path::PathBuf,
    process::ExitCode,
};

use crate::report::{localised::write_judgements, Format};
use rayon::prelude::*;

use super::common::{finish_outputs, optional_output, write_failed, FormatArg, ReportLanguage};

#[derive(clap::Args)]
pub struct PositionArgs {
    /// A position in FEN (X-FEN or Shredder-FEN castling for Chess960), quoted or not: the
    /// fields of an unquoted FEN (`8/8/8/8/8/8/8/k1K5 w - - 0 1`) are read as one FEN, and
    /// each argument that holds a board (a `/`) begins another.
    #[arg(value_name = "FEN", num_args = 1..)]
    fen: Vec<String>,
    /// Instead of a FEN: Chess960 starting position number N (0–959; 518 is the standard
    /// array), printed as FEN and judged.
    #[arg(long, value_name = "N")]
    sp: Option<u32>,
    /// `text` (default): a block per position; `jsonl`: one object per position with fen,
    /// legal, turn, checkmate, stalemate, dead, white_can_mate, black_can_mate, reason, and
    /// for each side that can mate its helpmate line in SAN and in UCI; `csv`: one row per
    /// position with those columns (helpmates in SAN). `null` (empty in CSV) where a
    /// question stays undecided, and `reason` says why.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Language of the report: `en` (default) or `it` (the reason in every format, the
    /// labels of the text report; JSON and CSV keep their English keys and columns).
    #[arg(long, value_enum, default_value_t = ReportLanguage::En)]
    report_lang: ReportLanguage,
    /// Write the report to FILE instead of standard output (refused when FILE is the file
    /// standard input reads).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// The FENs given as arguments: a shell splits an unquoted FEN at its spaces, so the fields
/// that follow a board are put back after it; an argument with a board (a `/`: every FEN's
/// first field has seven) or with spaces of its own begins a FEN.
fn fens_of(args: &[String]) -> Vec<String> {
    let mut fens: Vec<String> = Vec::new();
    for arg in args {
        match fens.last_mut() {
            Some(fen) if !arg.contains('/') && !arg.trim().contains(char::is_whitespace) => {
                fen.push(' ');
                fen.push_str(arg.trim());
            }
            _ => fens.push(arg.trim().to_string()),
        }
    }
    fens
}

pub fn run(args: PositionArgs) -> ExitCode {
    use crate::laws::{chess960, position};
    let format = Format::from(args.format);
    let given = (!args.fen.is_empty()).then(|| fens_of(&args.fen));
    let fens: Vec<String> = match (given, args.sp) {
        (Some(_), Some(_)) => {
            eprintln!("scoresheet: give a FEN or --sp, not both");
            return ExitCode::from(2);
        }
        (Some(f), None) => f,
        (None, Some(n)) => match chess960::start_fen(n) {
            Some(f) => vec![f],
            None => {
                eprintln!("scoresheet: --sp takes a number from 0 to 959");
                return ExitCode::from(2);
            }
        },
        (None, None) => {
            // Bytes, not `lines()`: a line that is not UTF-8 is judged (unreadable), not the
            // end of the input.
            let mut fens = Vec::new();
            for line in io::stdin().lock().split(b'\n') {
                match line {
                    Ok(l) => fens.push(String::from_utf8_lossy(&l).trim().to_string()),
                    Err(e) => {
                        eprintln!("scoresheet: reading standard input: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            fens.retain(|l| !l.is_empty());
            fens
        }
    };
    let judgements: Vec<position::Judgement> =
        fens.par_iter().map(|f| position::judge(f)).collect();
    let lang = crate::i18n::ReportLang::from(args.report_lang);
    // Standard input is an input only where the FENs are read from it.
    let inputs: Vec<PathBuf> = if args.fen.is_empty() && args.sp.is_none() {
        vec![PathBuf::from("-")]
    } else {
        Vec::new()
    };
    let mut file = match optional_output(&args.output, &inputs) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let out: &mut dyn Write = match file.as_mut() {
        Some(f) => f,
        None => &mut stdout,
    };
    if let Err(e) = write_judgements(out, &judgements, format, lang).and_then(|()| out.flush()) {
        let what = args.output.as_ref().map(|p| p.display().to_string());
        return write_failed(&e, what.as_deref().unwrap_or(""));
    }
    // Every position judged is the run done, an illegal one included (its judgement says
    // why): the file takes its place whatever the status.
    if finish_outputs(file.into_iter().collect(), 0) != 0 {
        return ExitCode::from(2);
    }
    let bad = judgements.iter().any(|j| !j.legal);
    if bad {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
