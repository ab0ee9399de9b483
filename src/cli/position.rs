//! `scoresheet position`: FENs (or a Chess960 number) judged by [`scoresheet::laws::position`].

use std::{
    io::{self, BufRead, Write},
    process::ExitCode,
};

use rayon::prelude::*;
use scoresheet::report::{localised::write_judgements, Format};

use super::common::{write_failed, FormatArg, ReportLanguage};

#[derive(clap::Args)]
pub struct PositionArgs {
    /// A position in FEN (X-FEN or Shredder-FEN castling for Chess960).
    fen: Option<String>,
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
}

pub fn run(args: PositionArgs) -> ExitCode {
    use scoresheet::laws::{chess960, position};
    let format = Format::from(args.format);
    let fens: Vec<String> = match (&args.fen, args.sp) {
        (Some(_), Some(_)) => {
            eprintln!("scoresheet: give a FEN or --sp, not both");
            return ExitCode::from(2);
        }
        (Some(f), None) => vec![f.clone()],
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
    let lang = scoresheet::i18n::ReportLang::from(args.report_lang);
    let mut out = io::BufWriter::new(io::stdout().lock());
    if let Err(e) = write_judgements(&mut out, &judgements, format, lang).and_then(|()| out.flush())
    {
        return write_failed(&e, "");
    }
    let bad = judgements.iter().any(|j| !j.legal);
    if bad {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
