//! `scoresheet envelope`: adjourned-game envelopes audited by [`scoresheet::envelope`].

use std::{
    io::{self, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::ValueEnum;

use super::common::{write_failed, ReportLanguage};

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
    /// Language of the report: `en` (default) or `it`.
    #[arg(long, value_enum, default_value_t = ReportLanguage::En)]
    report_lang: ReportLanguage,
}

pub fn run(args: EnvelopeArgs) -> ExitCode {
    use scoresheet::report::envelope_html::{write_envelopes, EnvelopeFormat as Out};
    let format = match args.format {
        EnvelopeFormat::Text => Out::Text,
        EnvelopeFormat::Json => Out::Json,
        EnvelopeFormat::Html => Out::Html,
    };
    let lang = scoresheet::i18n::ReportLang::from(args.report_lang);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut say = |m: String| eprintln!("scoresheet: {m}");
    match write_envelopes(&mut out, &args.files, format, lang, &mut say)
        .and_then(|status| out.flush().map(|()| status))
    {
        Ok(status) => ExitCode::from(status),
        Err(e) => write_failed(&e, ""),
    }
}
