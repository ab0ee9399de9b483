//! `scoresheet envelope`: adjourned-game envelopes audited by [`crate::envelope`].

use std::{
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::ValueEnum;

use super::common::{finish_outputs, optional_output, write_failed, ReportLanguage};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EnvelopeFormat {
    /// One report per envelope: the checks, the verdict, the position to resume from with
    /// a diagram, and a paragraph to read aloud.
    Text,
    /// One JSON object per envelope, one per line.
    Json,
    /// One self-contained page for all the envelopes, in the style of `validate --format
    /// html`: the verdict, the sealed move on a board, the position to resume from.
    Html,
}

#[derive(clap::Args)]
pub struct EnvelopeArgs {
    /// Envelope files (TOML, see grammar/envelope.md).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `text` (default), `json` or `html`.
    #[arg(long, value_enum, default_value_t = EnvelopeFormat::Text)]
    format: EnvelopeFormat,
    /// Language of the report and of the errors on standard error: `en` (default) or `it`.
    #[arg(long, value_enum, default_value_t = ReportLanguage::En)]
    report_lang: ReportLanguage,
    /// Write the report to FILE instead of standard output (refused when FILE is one of the
    /// envelopes).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(args: EnvelopeArgs) -> ExitCode {
    use crate::report::envelope_html::{write_envelopes, EnvelopeFormat as Out};
    let format = match args.format {
        EnvelopeFormat::Text => Out::Text,
        EnvelopeFormat::Json => Out::Json,
        EnvelopeFormat::Html => Out::Html,
    };
    let lang = crate::i18n::ReportLang::from(args.report_lang);
    let mut file = match optional_output(&args.output, &args.files) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let out: &mut dyn Write = match file.as_mut() {
        Some(f) => f,
        None => &mut stdout,
    };
    let mut say = |m: String| eprintln!("scoresheet: {m}");
    match write_envelopes(out, &args.files, format, lang, &mut say)
        .and_then(|status| out.flush().map(|()| status))
    {
        // An envelope that cannot be read (2) fails the run: the output file stays as it was.
        Ok(status) => ExitCode::from(finish_outputs(file.into_iter().collect(), status)),
        Err(e) => write_failed(
            &e,
            &args
                .output
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
        ),
    }
}
