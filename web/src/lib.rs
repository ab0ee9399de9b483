//! The arbiter's desk: the library's subcommands for a static page, compiled to WebAssembly.
//! Each function takes the text the page holds and gives what the command-line program writes
//! for the same input and options (the PGN of `convert`, the page of `validate --format html`,
//! the audit of `envelope`, the agreed game of `reconcile`, the judgement of `position`), so
//! that nothing of a game leaves the machine. `web/build.sh` builds the page; `web/test.py`
//! checks it in a browser against the command-line program.

use std::io::Write as _;

use scoresheet::{
    export::{convert_text, ConvertOptions},
    i18n::{self, ReportLang},
    notation::languages::{by_code, english},
    replay::{validate, LangChoice, Options},
    report::{html, localised::write_judgements, Format, Sink, Summary},
};
use wasm_bindgen::prelude::*;

fn report_lang(code: &str) -> ReportLang {
    if code.eq_ignore_ascii_case("it") {
        ReportLang::It
    } else {
        ReportLang::En
    }
}

fn lang_choice(code: &str) -> Result<LangChoice, JsError> {
    if code.is_empty() || code.eq_ignore_ascii_case("auto") {
        return Ok(LangChoice::Auto);
    }
    by_code(code)
        .map(LangChoice::Fixed)
        .ok_or_else(|| JsError::new(&format!("unknown language `{code}`")))
}

/// The games of a text, as the command-line program's reader cuts them.
fn games(text: &str, prose: bool) -> Vec<scoresheet::notation::split::RawGame> {
    scoresheet::bulk::games_of_text(text, prose)
}

/// What `convert` gives: the PGN and what it says on standard error.
#[wasm_bindgen(getter_with_clone)]
pub struct Converted {
    /// The games as PGN, as `scoresheet convert` writes them.
    pub pgn: String,
    /// One line per game not converted whole (`NAME: game N (line L) not converted whole:
    /// why`).
    pub notes: String,
    pub games: u32,
    pub whole: u32,
}

/// `scoresheet convert [--from-lang FROM] [--to-lang TO] [--repair] [--prose]` of `text`, read as the
/// file `name` (`-`: standard input, as the command-line program names it).
#[wasm_bindgen]
pub fn convert(
    text: &str,
    name: &str,
    from_lang: &str,
    to_lang: &str,
    repair: bool,
    prose: bool,
) -> Result<Converted, JsError> {
    let to = match to_lang {
        "" => english(),
        code => by_code(code).ok_or_else(|| JsError::new(&format!("unknown language `{code}`")))?,
    };
    let opts = ConvertOptions {
        from: lang_choice(from_lang)?,
        to,
        ..ConvertOptions::default()
    };
    let mut out = Converted {
        pgn: String::new(),
        notes: String::new(),
        games: 0,
        whole: 0,
    };
    for g in games(text, prose) {
        let c = scoresheet::bulk::convert_one(&g, name, &opts, repair, prose);
        out.games += 1;
        if c.complete {
            out.whole += 1;
        } else {
            out.notes.push_str(&format!(
                "{name}: game {} (line {}) not converted whole: {}\n",
                c.record.game,
                c.record.line,
                c.problems.join("; ")
            ));
        }
        if out.games > 1 {
            out.pgn.push('\n');
        }
        out.pgn.push_str(&c.pgn);
    }
    Ok(out)
}

/// What `validate --format html` gives.
#[wasm_bindgen(getter_with_clone)]
pub struct Validated {
    /// The arbiter's page, a whole HTML document.
    pub html: String,
    pub games: u32,
    pub games_with_errors: u32,
    /// The exit status the command-line program would give: 0 clean, 1 errors found.
    pub status: u8,
}

/// `scoresheet validate --format html [--lang FROM] [--report-lang LANG] [--prose]` of `text`, read as
/// the file `name`.
#[wasm_bindgen]
pub fn validate_page(
    text: &str,
    name: &str,
    from_lang: &str,
    lang: &str,
    prose: bool,
) -> Result<Validated, JsError> {
    let lang = report_lang(lang);
    let opts = Options {
        lang: lang_choice(from_lang)?,
        ..Options::default()
    };
    let printer = html::Html(lang);
    let mut frames = Vec::new();
    let mut summary = Summary::default();
    for g in games(text, prose) {
        let r = validate(&g, name, &opts);
        summary.add(&r);
        printer
            .record(&mut frames, &r)
            .map_err(|e| JsError::new(&e.to_string()))?;
    }
    let mut page = Vec::new();
    html::write_document(
        &mut page,
        &frames,
        &summary,
        lang,
        html::PageBound::games(1000),
    )
    .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(Validated {
        html: String::from_utf8_lossy(&page).into_owned(),
        games: summary.games as u32,
        games_with_errors: summary.games_with_errors as u32,
        status: u8::from(summary.games_with_errors > 0),
    })
}

/// What `envelope` gives.
#[wasm_bindgen(getter_with_clone)]
pub struct Audited {
    /// `sealer_loses`, `draw`, `play_resumes`, …, or empty where no verdict is given.
    pub verdict: String,
    /// The verdict as the text report says it (`Verdict: THE SEALER LOSES (I.8.1) 1-0`).
    pub verdict_line: String,
    /// The rule the verdict rests on, and the result it gives.
    pub rule: String,
    pub result: String,
    /// The text report, the JSON object and the HTML page of the command-line program.
    pub text: String,
    pub json: String,
    pub html: String,
    /// 0 every check passes, 1 a check fails, 2 the envelope cannot be read whole.
    pub status: u8,
}

/// `scoresheet envelope` of one envelope file's text (TOML, JSON or the plain-text form).
/// Scoresheets are taken from the envelope itself: a scoresheet named as another file cannot
/// be read here.
#[wasm_bindgen]
pub fn audit_envelope(text: &str, name: &str, lang: &str) -> Audited {
    use scoresheet::envelope::{audit_text, report};
    use scoresheet::report::envelope_html::{write_envelope, write_malformed};
    let lang = report_lang(lang);
    let text = text.trim_start_matches('\u{feff}');
    let mut page = String::new();
    html::page_start(&mut page, i18n::ui(lang, "html_envelope_title"), lang);
    let audited = match audit_text(text, name, std::path::Path::new("")) {
        Ok(a) => {
            let status = if !a.errors.is_empty() {
                2
            } else if a.has_failures() {
                1
            } else {
                0
            };
            write_envelope(&mut page, &a, lang);
            let json = report::json(&a, lang);
            let field = |k: &str| {
                json.get(k)
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string()
            };
            let text = report::text(&a, lang);
            let verdict_line = text
                .lines()
                .find(|l| {
                    l.starts_with("Verdict:")
                        || l.starts_with("Decisione:")
                        || l.starts_with("Verdetto:")
                })
                .unwrap_or("")
                .to_string();
            Audited {
                verdict: field("verdict"),
                verdict_line,
                rule: field("rule"),
                result: field("result"),
                text,
                json: json.to_string(),
                html: String::new(),
                status,
            }
        }
        Err(m) => {
            write_malformed(&mut page, name, &m, lang);
            Audited {
                verdict: String::new(),
                verdict_line: match lang {
                    ReportLang::En => m.message.clone(),
                    ReportLang::It => m.message_it.clone(),
                    _ => m.message.clone(),
                },
                rule: String::new(),
                result: String::new(),
                text: report::text_malformed(name, &m, lang),
                json: report::json_malformed(name, &m, lang).to_string(),
                html: String::new(),
                status: 2,
            }
        }
    };
    html::page_end(&mut page);
    Audited {
        html: page,
        ..audited
    }
}

/// `scoresheet reconcile --format html` of the two players' copies of one game; with the
/// agreed game as PGN.
#[wasm_bindgen(getter_with_clone)]
pub struct Reconciled {
    pub pgn: String,
    pub html: String,
    /// Empty, or why there is no agreed game.
    pub error: String,
}

#[wasm_bindgen]
pub fn reconcile(white: &str, black: &str, lang: &str) -> Reconciled {
    let lang = report_lang(lang);
    let count = |t: &str| games(t, false).len();
    let (w, b) = (count(white), count(black));
    if w != 1 || b != 1 {
        return Reconciled {
            pgn: String::new(),
            html: String::new(),
            error: format!(
                "reconcile takes one game per copy: White's copy holds {w}, Black's {b}"
            ),
        };
    }
    let Some(r) = scoresheet::repair::reconcile::reconcile(white, black) else {
        return Reconciled {
            pgn: String::new(),
            html: String::new(),
            error: "no legal game fits both copies".into(),
        };
    };
    let pgn = convert_text(
        &r.text(),
        &ConvertOptions {
            from: LangChoice::Fixed(english()),
            to: english(),
            ..ConvertOptions::default()
        },
    )
    .pgn;
    Reconciled {
        html: scoresheet::repair::report::html(&r, "", lang),
        pgn,
        error: String::new(),
    }
}

/// `scoresheet position FEN` (text, and the JSON object).
#[wasm_bindgen(getter_with_clone)]
pub struct Judged {
    pub text: String,
    pub json: String,
}

#[wasm_bindgen]
pub fn position(fen: &str, lang: &str) -> Judged {
    let lang = report_lang(lang);
    let judged = [scoresheet::laws::position::judge(fen.trim())];
    let mut text = Vec::new();
    let mut json = Vec::new();
    // Writing to memory cannot fail.
    let _ = write_judgements(&mut text, &judged, Format::Text, lang);
    let _ = write_judgements(&mut json, &judged, Format::Jsonl, lang);
    let _ = text.flush();
    Judged {
        text: String::from_utf8_lossy(&text).into_owned(),
        json: String::from_utf8_lossy(&json).trim_end().to_string(),
    }
}
