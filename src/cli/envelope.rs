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
    use scoresheet::envelope::{audit_file, report, ReportLang};
    let lang = match args.report_lang {
        ReportLanguage::En => ReportLang::En,
        ReportLanguage::It => ReportLang::It,
    };
    use scoresheet::report::{envelope_html, html};
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut status = 0u8;
    let mut page = String::new();
    if args.format == EnvelopeFormat::Html {
        html::page_start(
            &mut page,
            scoresheet::i18n::ui(lang, "html_envelope_title"),
            lang,
        );
    }
    for path in &args.files {
        let name = path.display().to_string();
        let written = match audit_file(path) {
            Ok(a) => {
                status = status.max(if !a.errors.is_empty() {
                    2
                } else if a.has_failures() {
                    1
                } else {
                    0
                });
                match args.format {
                    EnvelopeFormat::Json => writeln!(out, "{}", report::json(&a, lang)),
                    EnvelopeFormat::Text => writeln!(out, "{}", report::text(&a, lang)),
                    EnvelopeFormat::Html => {
                        envelope_html::write_envelope(&mut page, &a, lang);
                        Ok(())
                    }
                }
            }
            Err(m) => {
                status = 2;
                eprintln!(
                    "scoresheet: {name}{}: {}",
                    m.line.map(|l| format!(":{l}")).unwrap_or_default(),
                    m.message
                );
                match args.format {
                    EnvelopeFormat::Json => {
                        writeln!(out, "{}", report::json_malformed(&name, &m, lang))
                    }
                    EnvelopeFormat::Text => {
                        writeln!(out, "{}", report::text_malformed(&name, &m, lang))
                    }
                    EnvelopeFormat::Html => {
                        envelope_html::write_malformed(&mut page, &name, &m, lang);
                        Ok(())
                    }
                }
            }
        };
        if let Err(e) = written {
            return write_failed(&e, "");
        }
    }
    if args.format == EnvelopeFormat::Html {
        html::page_end(&mut page);
        if let Err(e) = out.write_all(page.as_bytes()) {
            return write_failed(&e, "");
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(&e, "");
    }
    ExitCode::from(status)
}
