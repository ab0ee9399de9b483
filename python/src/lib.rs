//! `scoresheet._native`: the library for Python. The Python package (`python/scoresheet/`)
//! wraps these functions: records are the JSON Lines the command-line program writes, turned
//! into dicts here (`objects`), so that a record from Python and a record from the CLI are
//! one and the same text; tables cross through the Arrow C data interface (`table`).

mod objects;
mod table;

use std::{
    io::{self, Write},
    path::PathBuf,
    sync::{
        atomic::{AtomicBool, Ordering},
        mpsc, Arc, Mutex,
    },
    thread::JoinHandle,
    time::Duration,
};

use pyo3::{
    exceptions::{PyOSError, PyValueError},
    prelude::*,
};
use scoresheet::{
    bulk::{Inputs, Outputs, Progress, Validator},
    error::Error,
    export::{convert_text, ConvertOptions, Notation},
    i18n::ReportLang,
    laws::{dead::DeadSearch, LawsOptions},
    notation::languages::{by_code, english},
    replay::{IllegalPolicy, LangChoice, Options},
    report::{games::Filter, localised::sink_in, Format},
};

fn lang_choice(code: &str) -> PyResult<LangChoice> {
    if code.eq_ignore_ascii_case("auto") {
        return Ok(LangChoice::Auto);
    }
    by_code(code)
        .map(LangChoice::Fixed)
        .ok_or_else(|| PyValueError::new_err(format!("unknown language `{code}`")))
}

fn report_lang(code: &str) -> PyResult<ReportLang> {
    match code {
        "en" => Ok(ReportLang::En),
        "it" => Ok(ReportLang::It),
        _ => Err(PyValueError::new_err(format!(
            "report_lang is `en` or `it`, not `{code}`"
        ))),
    }
}

/// The options of `validate`, named like the CLI's flags.
fn options(
    lang: &str,
    illegal: &str,
    laws: bool,
    strict_notation: bool,
    dead_positions: &str,
) -> PyResult<Options> {
    Ok(Options {
        lang: lang_choice(lang)?,
        illegal: match illegal {
            "stop" => IllegalPolicy::Stop,
            "stands" => IllegalPolicy::Stands,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "illegal is `stop` or `stands`, not `{illegal}`"
                )))
            }
        },
        laws: LawsOptions {
            enabled: laws,
            dead_positions: match dead_positions {
                "verdict" => DeadSearch::Verdict,
                "all" => DeadSearch::All,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "dead_positions is `verdict` or `all`, not `{dead_positions}`"
                    )))
                }
            },
            ..LawsOptions::default()
        },
        strict_notation,
    })
}

/// Where the validation thread's records go: each write (whole records: the validator
/// writes a batch at once) is one chunk for the iterator. The channel is bounded, so memory
/// is too: the thread waits while Python is slow to take the records.
struct Chunks(mpsc::SyncSender<Vec<u8>>);

impl Write for Chunks {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !buf.is_empty() {
            self.0.send(buf.to_vec()).map_err(|_| {
                io::Error::new(io::ErrorKind::BrokenPipe, "the iterator was dropped")
            })?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The inputs that could not be read, said at the end.
struct Problems(Arc<Mutex<Vec<String>>>);

impl Progress for Problems {
    fn problem(&mut self, e: &Error) {
        if let Ok(mut p) = self.0.lock() {
            p.push(e.to_string());
        }
    }
}

/// The games of a text, as the command-line program's reader cuts them.
fn games(text: &str, prose: bool) -> Vec<scoresheet::notation::split::RawGame> {
    scoresheet::bulk::games_of_text(text, prose)
}

/// A validation running on its own threads: iterate for chunks of JSON Lines records.
#[pyclass(module = "scoresheet._native")]
struct Validation {
    records: Mutex<mpsc::Receiver<Vec<u8>>>,
    /// The chunk being given out, record by record, and where its next line starts.
    chunk: Mutex<(Vec<u8>, usize)>,
    keys: Mutex<objects::Keys>,
    interrupt: Arc<AtomicBool>,
    problems: Arc<Mutex<Vec<String>>>,
    worker: Mutex<Option<JoinHandle<Result<(), String>>>>,
}

#[pymethods]
impl Validation {
    #[new]
    #[pyo3(signature = (paths, lang, jobs, repair, illegal, laws, strict_notation, dead_positions, report_lang, prose))]
    #[allow(clippy::too_many_arguments)] // The CLI's flags, one argument each.
    fn new(
        paths: Vec<PathBuf>,
        lang: &str,
        jobs: usize,
        repair: bool,
        illegal: &str,
        laws: bool,
        strict_notation: bool,
        dead_positions: &str,
        report_lang: &str,
        prose: bool,
    ) -> PyResult<Validation> {
        let options = options(lang, illegal, laws, strict_notation, dead_positions)?;
        let lang = self::report_lang(report_lang)?;
        let (mut inputs, errors, _skipped) = Inputs::named(&paths);
        inputs.prose = prose;
        if let Some(e) = errors.into_iter().next() {
            return Err(PyOSError::new_err(e.to_string()));
        }
        let interrupt = Arc::new(AtomicBool::new(false));
        let validator = Validator {
            options,
            filter: Filter::default(),
            interrupt: Arc::clone(&interrupt),
            jobs: Some(jobs),
            duplicates: None,
            repair,
        };
        let (tx, rx) = mpsc::sync_channel(64);
        let problems = Arc::new(Mutex::new(Vec::new()));
        let mut progress = Problems(Arc::clone(&problems));
        let worker = std::thread::spawn(move || {
            let mut out = Chunks(tx);
            let sink = sink_in(Format::Jsonl, false, lang);
            validator
                .run(
                    &inputs,
                    sink.as_ref(),
                    Outputs::report(&mut out),
                    &mut progress,
                )
                .map(|_| ())
                .map_err(|e| e.to_string())
        });
        Ok(Validation {
            records: Mutex::new(rx),
            chunk: Mutex::new((Vec::new(), 0)),
            keys: Mutex::new(objects::Keys::default()),
            interrupt,
            problems,
            worker: Mutex::new(Some(worker)),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next record, a dict; at the end, `OSError` when an input could not be read or the
    /// run failed. One record a call, not a batch: records the loop drops are freed at once,
    /// and Python's collector is not kept busy with a batch's thousands of live dicts.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let lock = || PyOSError::new_err("the validation stopped unexpectedly");
        loop {
            {
                let mut chunk = self.chunk.lock().map_err(|_| lock())?;
                let (text, at) = &mut *chunk;
                while let Some(rest) = text.get(*at..).filter(|r| !r.is_empty()) {
                    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                    *at += end + 1;
                    let line = &rest[..end];
                    if !line.is_empty() {
                        let mut keys = self.keys.lock().map_err(|_| lock())?;
                        return objects::record(py, &mut keys, line).map(Some);
                    }
                }
            }
            // Wait without the GIL (and without the chunk: another thread may iterate too), a
            // tenth of a second at a time, so that Ctrl-C is seen.
            let got = py.detach(|| match self.records.lock() {
                Ok(rx) => rx.recv_timeout(Duration::from_millis(100)),
                Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
            });
            match got {
                Ok(next) => {
                    let mut chunk = self.chunk.lock().map_err(|_| lock())?;
                    let (text, at) = &mut *chunk;
                    // What another thread left of the chunk before goes first.
                    text.drain(..(*at).min(text.len()));
                    *at = 0;
                    text.extend_from_slice(&next);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.interrupt.store(true, Ordering::SeqCst);
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return self.finish(py).map(|()| None),
            }
        }
    }
}

impl Validation {
    fn finish(&self, py: Python<'_>) -> PyResult<()> {
        let worker = self.worker.lock().ok().and_then(|mut w| w.take());
        if let Some(w) = worker {
            match py.detach(|| w.join()) {
                Ok(Ok(())) => {}
                Ok(Err(e)) => return Err(PyOSError::new_err(e)),
                Err(_) => return Err(PyOSError::new_err("the validation stopped unexpectedly")),
            }
        }
        let problems = self
            .problems
            .lock()
            .map(|p| p.join("; "))
            .unwrap_or_default();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(PyOSError::new_err(problems))
        }
    }
}

impl Drop for Validation {
    fn drop(&mut self) {
        // An iterator dropped half-way stops its run after the batch being written.
        self.interrupt.store(true, Ordering::SeqCst);
    }
}

/// The JSON Lines records of `text`'s games, as `scoresheet validate --format jsonl` writes
/// them for the same text read from standard input (`file` is `name`).
#[pyfunction]
#[pyo3(signature = (text, name, lang, repair, illegal, laws, strict_notation, dead_positions, report_lang, prose))]
#[allow(clippy::too_many_arguments)] // The CLI's flags, one argument each.
fn validate_text<'py>(
    py: Python<'py>,
    text: &str,
    name: &str,
    lang: &str,
    repair: bool,
    illegal: &str,
    laws: bool,
    strict_notation: bool,
    dead_positions: &str,
    report_lang: &str,
    prose: bool,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let options = options(lang, illegal, laws, strict_notation, dead_positions)?;
    let lang = self::report_lang(report_lang)?;
    let filter = Filter::default();
    let lines = py.detach(|| {
        let sink = sink_in(Format::Jsonl, false, lang);
        let mut lines = Vec::new();
        for g in games(text, prose) {
            let mut r = if repair {
                scoresheet::repair::validate_repaired(&g, name, &options)
            } else {
                scoresheet::replay::validate(&g, name, &options)
            };
            filter.apply(&mut r);
            sink.record(&mut lines, &r)
                .map_err(|e| PyOSError::new_err(e.to_string()))?;
        }
        Ok::<_, PyErr>(lines)
    })?;
    objects::records(py, &mut objects::Keys::default(), &lines)
}

/// `scoresheet convert` of `text`: the PGN, and one note per game not converted whole.
#[pyfunction]
#[pyo3(signature = (text, name, from_lang, to_lang, notation, repair, prose))]
#[allow(clippy::too_many_arguments)] // The CLI's flags, one argument each.
fn convert(
    py: Python<'_>,
    text: &str,
    name: &str,
    from_lang: &str,
    to_lang: &str,
    notation: &str,
    repair: bool,
    prose: bool,
) -> PyResult<(String, Vec<String>)> {
    let opts = ConvertOptions {
        from: lang_choice(from_lang)?,
        to: by_code(to_lang)
            .ok_or_else(|| PyValueError::new_err(format!("unknown language `{to_lang}`")))?,
        notation: match notation {
            "san" => Notation::San,
            "lan" => Notation::Lan,
            "uci" => Notation::Uci,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "notation is `san`, `lan` or `uci`, not `{notation}`"
                )))
            }
        },
    };
    Ok(py.detach(|| {
        let mut pgn = String::new();
        let mut notes = Vec::new();
        for (i, g) in games(text, prose).into_iter().enumerate() {
            let c = scoresheet::bulk::convert_one(&g, name, &opts, repair, prose);
            if !c.complete {
                notes.push(format!(
                    "{name}: game {} (line {}) not converted whole: {}",
                    c.record.game,
                    c.record.line,
                    c.problems.join("; ")
                ));
            }
            if i > 0 {
                pgn.push('\n');
            }
            pgn.push_str(&c.pgn);
        }
        (pgn, notes)
    }))
}

/// `scoresheet position --format jsonl FEN`: the judgement as one JSON object.
#[pyfunction]
#[pyo3(signature = (fen, report_lang))]
fn position(py: Python<'_>, fen: &str, report_lang: &str) -> PyResult<String> {
    let lang = self::report_lang(report_lang)?;
    py.detach(|| {
        let judged = [scoresheet::laws::position::judge(fen.trim())];
        let mut out = Vec::new();
        scoresheet::report::localised::write_judgements(&mut out, &judged, Format::Jsonl, lang)
            .map_err(|e| PyOSError::new_err(e.to_string()))?;
        Ok(String::from_utf8_lossy(&out).trim_end().to_string())
    })
}

/// `scoresheet envelope --format json`: of a file (`is_path`) or of an envelope's text.
#[pyfunction]
#[pyo3(signature = (source, is_path, report_lang))]
fn envelope(py: Python<'_>, source: &str, is_path: bool, report_lang: &str) -> PyResult<String> {
    use scoresheet::envelope::{audit_file, audit_text, report};
    let lang = self::report_lang(report_lang)?;
    Ok(py.detach(|| {
        let (audited, name) = if is_path {
            (audit_file(source.as_ref()), source.to_string())
        } else {
            (
                audit_text(source, "-", std::path::Path::new(".")),
                "-".to_string(),
            )
        };
        match audited {
            Ok(a) => report::json(&a, lang).to_string(),
            Err(m) => report::json_malformed(&name, &m, lang).to_string(),
        }
    }))
}

/// `scoresheet reconcile --format jsonl` of the two players' copies; `None` where no legal
/// game fits both.
#[pyfunction]
fn reconcile(py: Python<'_>, white: &str, black: &str) -> Option<(String, String)> {
    py.detach(|| {
        let r = scoresheet::repair::reconcile::reconcile(white, black)?;
        let pgn = convert_text(
            &r.text(),
            &ConvertOptions {
                from: LangChoice::Fixed(english()),
                ..ConvertOptions::default()
            },
        )
        .pgn;
        Some((scoresheet::repair::report::jsonl(&r), pgn))
    })
}

/// The records of the rows of an Arrow stream (a capsule `arrow_array_stream`), as a capsule
/// `arrow_array_stream` of the records' table (see `table`).
#[pyfunction]
#[pyo3(signature = (stream, movetext, jobs, lang, repair, illegal, laws, strict_notation, dead_positions, report_lang))]
#[allow(clippy::too_many_arguments)] // The CLI's flags, one argument each.
fn validate_table<'py>(
    py: Python<'py>,
    stream: &Bound<'py, pyo3::types::PyCapsule>,
    movetext: &str,
    jobs: usize,
    lang: &str,
    repair: bool,
    illegal: &str,
    laws: bool,
    strict_notation: bool,
    dead_positions: &str,
    report_lang: &str,
) -> PyResult<Bound<'py, pyo3::types::PyCapsule>> {
    let settings = table::Settings {
        options: options(lang, illegal, laws, strict_notation, dead_positions)?,
        repair,
        lang: self::report_lang(report_lang)?,
        jobs,
    };
    table::validate_stream(py, stream, movetext, settings)
}

/// The dicts of JSON Lines (`json.loads` of each line), as `validate` builds its records: for
/// the tests and the benchmark.
#[pyfunction]
fn _loads<'py>(py: Python<'py>, lines: &[u8]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    objects::records(py, &mut objects::Keys::default(), lines)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Validation>()?;
    m.add_function(wrap_pyfunction!(validate_text, m)?)?;
    m.add_function(wrap_pyfunction!(_loads, m)?)?;
    m.add_function(wrap_pyfunction!(validate_table, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    m.add_function(wrap_pyfunction!(envelope, m)?)?;
    m.add_function(wrap_pyfunction!(reconcile, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
