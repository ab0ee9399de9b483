//! `validate_table`: the games of an Arrow table (the lichess Parquet layout: one column per
//! tag, the moves in `movetext`), read through the Arrow C stream interface, replayed on a
//! pool of threads, and their records given back as an Arrow stream of typed columns.
//!
//! Each row becomes the PGN the CLI would read (its tags from the tag columns, in column
//! order, then the movetext) cut by the CLI's own reader, so that a row's record is the record
//! of the same game written out as a PGN file.

use std::{ffi::CString, sync::Arc};

use arrow_array::{
    builder::{StringBuilder, UInt32Builder, UInt64Builder},
    cast::AsArray,
    ffi_stream::{ArrowArrayStreamReader, FFI_ArrowArrayStream},
    types::{
        Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type,
        UInt32Type, UInt64Type, UInt8Type,
    },
    Array, ArrayRef, ListArray, RecordBatch, RecordBatchIterator, RecordBatchReader, StructArray,
};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema, SchemaRef};
use pyo3::{exceptions::PyValueError, prelude::*, types::PyCapsule};
use rayon::prelude::*;
use scoresheet::{
    finding::{Finding, Kind, Severity, Status},
    i18n::ReportLang,
    reason::StructureReason,
    replay::{GameRecord, Options},
};

/// What a row's record gives the table: the scalar fields and the findings.
struct Row {
    status: &'static str,
    plies: u32,
    result: Option<&'static str>,
    final_fen: String,
    lang: String,
    variant: &'static str,
    termination: Option<(&'static str, u32)>,
    irregular_from_ply: Option<u32>,
    repaired: Option<u32>,
    counts: [u32; 3],
    findings: Vec<Finding>,
}

fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Info => "info",
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}

/// How the rows' games are validated: the options of `validate`.
pub struct Settings {
    pub options: Options,
    pub repair: bool,
    pub lang: ReportLang,
    pub jobs: usize,
}

/// The columns of the records' table, in order.
fn schema() -> SchemaRef {
    let u32_null = |n: &str| Field::new(n, DataType::UInt32, true);
    let str_null = |n: &str| Field::new(n, DataType::Utf8, true);
    let finding = Fields::from(vec![
        Field::new("kind", DataType::Utf8, false),
        Field::new("severity", DataType::Utf8, false),
        Field::new("ply", DataType::UInt32, false),
        str_null("move"),
        Field::new("message", DataType::Utf8, false),
        str_null("reason"),
        str_null("article"),
    ]);
    Arc::new(Schema::new(vec![
        Field::new("game", DataType::UInt64, false),
        Field::new("status", DataType::Utf8, false),
        Field::new("plies", DataType::UInt32, false),
        str_null("result"),
        Field::new("final_fen", DataType::Utf8, false),
        Field::new("lang", DataType::Utf8, false),
        Field::new("variant", DataType::Utf8, false),
        str_null("termination_kind"),
        u32_null("termination_ply"),
        u32_null("first_error_ply"),
        str_null("first_error_kind"),
        str_null("first_error_move"),
        Field::new("errors", DataType::UInt32, false),
        Field::new("warnings", DataType::UInt32, false),
        Field::new("infos", DataType::UInt32, false),
        u32_null("irregular_from_ply"),
        u32_null("repaired"),
        Field::new(
            "findings",
            DataType::List(Arc::new(Field::new(
                "item",
                DataType::Struct(finding),
                true,
            ))),
            false,
        ),
    ]))
}

/// A tag column's value at `row` as PGN text: strings as they are, numbers and booleans in
/// decimal; `None` for a null and for a column of another type (no tag of the game).
fn tag_value(column: &dyn Array, row: usize) -> Option<String> {
    if column.is_null(row) {
        return None;
    }
    macro_rules! number {
        ($t:ty) => {
            Some(column.as_primitive::<$t>().value(row).to_string())
        };
    }
    match column.data_type() {
        DataType::Utf8 => Some(column.as_string::<i32>().value(row).to_string()),
        DataType::LargeUtf8 => Some(column.as_string::<i64>().value(row).to_string()),
        DataType::Utf8View => Some(column.as_string_view().value(row).to_string()),
        DataType::Int8 => number!(Int8Type),
        DataType::Int16 => number!(Int16Type),
        DataType::Int32 => number!(Int32Type),
        DataType::Int64 => number!(Int64Type),
        DataType::UInt8 => number!(UInt8Type),
        DataType::UInt16 => number!(UInt16Type),
        DataType::UInt32 => number!(UInt32Type),
        DataType::UInt64 => number!(UInt64Type),
        DataType::Float32 => number!(Float32Type),
        DataType::Float64 => number!(Float64Type),
        DataType::Boolean => Some(column.as_boolean().value(row).to_string()),
        _ => None,
    }
}

/// The movetext at `row`; `None` for a null.
fn movetext(column: &dyn Array, row: usize) -> Option<&str> {
    if column.is_null(row) {
        return None;
    }
    match column.data_type() {
        DataType::Utf8 => Some(column.as_string::<i32>().value(row)),
        DataType::LargeUtf8 => Some(column.as_string::<i64>().value(row)),
        DataType::Utf8View => Some(column.as_string_view().value(row)),
        _ => None,
    }
}

/// A name that can stand as a PGN tag name (letters, digits, `_`, `+`, `#`, `=`, `:`, `-`),
/// as the reader reads one; other columns are not tags.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_+#=:-".contains(c))
}

/// A tag column: its values, and for a dictionary-encoded column (as Parquet readers give
/// repeated strings) the index of each row's value, worked out once per batch.
struct TagColumn<'a> {
    name: &'a str,
    column: &'a ArrayRef,
    values: ArrayRef,
    keys: Option<Vec<usize>>,
}

impl<'a> TagColumn<'a> {
    fn new(name: &'a str, column: &'a ArrayRef) -> TagColumn<'a> {
        match column.as_any_dictionary_opt() {
            Some(d) => TagColumn {
                name,
                column,
                values: Arc::clone(d.values()),
                // (`normalized_keys` asserts that there are values: a column of nulls has none)
                keys: Some(if d.values().is_empty() {
                    Vec::new()
                } else {
                    d.normalized_keys()
                }),
            },
            None => TagColumn {
                name,
                column,
                values: Arc::clone(column),
                keys: None,
            },
        }
    }

    fn value(&self, row: usize) -> Option<String> {
        match &self.keys {
            None => tag_value(self.values.as_ref(), row),
            // A null row of a dictionary has a key of no meaning: the column says it is null.
            Some(_) if self.column.is_null(row) => None,
            Some(keys) => keys
                .get(row)
                .and_then(|&k| tag_value(self.values.as_ref(), k)),
        }
    }
}

/// The PGN of one row: `[Name "value"]` for each non-null tag, a blank line, the movetext.
/// This is what `python/tests` write to compare with the CLI.
fn pgn_of_row(tags: &[TagColumn<'_>], moves: &str, row: usize) -> String {
    let mut text = String::with_capacity(moves.len() + 256);
    for column in tags {
        let name = column.name;
        if let Some(value) = column.value(row) {
            text.push('[');
            text.push_str(name);
            text.push_str(" \"");
            for c in value.chars() {
                match c {
                    '\\' | '"' => {
                        text.push('\\');
                        text.push(c);
                    }
                    // A line break inside a tag would end it: the reader's tag is one line.
                    '\n' | '\r' => text.push(' '),
                    _ => text.push(c),
                }
            }
            text.push_str("\"]\n");
        }
    }
    text.push('\n');
    text.push_str(moves);
    text.push('\n');
    text
}

/// The record of one row (game number `game`), cut down to what the table keeps.
fn row_record(
    tags: &[TagColumn<'_>],
    moves: Option<&str>,
    row: usize,
    game: u64,
    settings: &Settings,
) -> Row {
    let present = moves.filter(|m| !m.trim().is_empty());
    let text = pgn_of_row(tags, present.unwrap_or(""), row);
    let raw = scoresheet::bulk::games_of_text(&text, false)
        .into_iter()
        .next();
    let mut r = match &raw {
        Some(g) if settings.repair => {
            scoresheet::repair::validate_repaired(g, "-", &settings.options)
        }
        Some(g) => scoresheet::replay::validate(g, "-", &settings.options),
        None => scoresheet::replay::validate_text("", &settings.options),
    };
    r.game = game;
    if present.is_none() {
        // A row without moves is a row the table was meant to hold a game in: an error, never
        // a game of no moves that passes.
        let mut f = Finding::new(
            Kind::Structure,
            0,
            "no movetext in this row: the column is null or empty".to_string(),
        );
        f.severity = Severity::Error;
        f.reason = Some(StructureReason::NoMovetext.into());
        r.findings.insert(0, f);
        r.status = Status::Error;
    }
    if settings.lang != ReportLang::En {
        scoresheet::i18n::localise(&mut r, settings.lang);
    }
    row_of(r)
}

fn row_of(r: GameRecord) -> Row {
    let mut counts = [0u32; 3];
    for f in &r.findings {
        let i = match f.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Info => 2,
        };
        counts[i] += 1;
    }
    Row {
        status: r.status.as_str(),
        plies: r.plies,
        result: r.result.map(|x| x.as_str()),
        final_fen: r.final_fen,
        lang: r.lang,
        variant: r.variant.as_str(),
        termination: r.termination.map(|t| (t.kind.id(), t.ply)),
        irregular_from_ply: r.irregular_from_ply,
        repaired: r.repaired,
        counts,
        findings: r.findings,
    }
}

/// The records' batch of one input batch.
fn records_of_batch(
    batch: &RecordBatch,
    movetext_column: &str,
    first_game: u64,
    settings: &Settings,
    pool: &rayon::ThreadPool,
) -> Result<RecordBatch, String> {
    let schema = batch.schema();
    let index = schema.index_of(movetext_column).map_err(|_| {
        format!("the table has no `{movetext_column}` column (the moves of each game)")
    })?;
    let moves = batch.column(index);
    if !matches!(
        moves.data_type(),
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
    ) {
        return Err(format!(
            "the `{movetext_column}` column holds {}, not strings",
            moves.data_type()
        ));
    }
    let tags: Vec<TagColumn<'_>> = schema
        .fields()
        .iter()
        .zip(batch.columns())
        .enumerate()
        .filter(|(i, (f, _))| *i != index && is_tag_name(f.name()))
        .map(|(_, (f, c))| TagColumn::new(f.name(), c))
        .collect();
    let rows: Vec<Row> = pool.install(|| {
        (0..batch.num_rows())
            .into_par_iter()
            .map(|row| {
                row_record(
                    &tags,
                    movetext(moves.as_ref(), row),
                    row,
                    first_game + row as u64,
                    settings,
                )
            })
            .collect()
    });
    columns(&rows, first_game).map_err(|e| e.to_string())
}

/// The records as Arrow columns.
fn columns(rows: &[Row], first_game: u64) -> Result<RecordBatch, ArrowError> {
    let n = rows.len();
    let mut game = UInt64Builder::with_capacity(n);
    let mut status = StringBuilder::new();
    let mut plies = UInt32Builder::with_capacity(n);
    let mut result = StringBuilder::new();
    let mut final_fen = StringBuilder::new();
    let mut lang = StringBuilder::new();
    let mut variant = StringBuilder::new();
    let mut termination_kind = StringBuilder::new();
    let mut termination_ply = UInt32Builder::with_capacity(n);
    let mut first_error_ply = UInt32Builder::with_capacity(n);
    let mut first_error_kind = StringBuilder::new();
    let mut first_error_move = StringBuilder::new();
    let mut counts = [
        UInt32Builder::with_capacity(n),
        UInt32Builder::with_capacity(n),
        UInt32Builder::with_capacity(n),
    ];
    let mut irregular = UInt32Builder::with_capacity(n);
    let mut repaired = UInt32Builder::with_capacity(n);
    let mut offsets = Vec::with_capacity(n + 1);
    offsets.push(0i32);
    let (mut f_kind, mut f_severity, mut f_ply, mut f_move, mut f_message, mut f_reason) = (
        StringBuilder::new(),
        StringBuilder::new(),
        UInt32Builder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
    );
    let mut f_article = StringBuilder::new();
    let mut listed = 0i32;
    for (i, r) in rows.iter().enumerate() {
        game.append_value(first_game + i as u64);
        status.append_value(r.status);
        plies.append_value(r.plies);
        result.append_option(r.result);
        final_fen.append_value(&r.final_fen);
        lang.append_value(&r.lang);
        variant.append_value(r.variant);
        termination_kind.append_option(r.termination.map(|t| t.0));
        termination_ply.append_option(r.termination.map(|t| t.1));
        let first_error = r.findings.iter().find(|f| f.severity == Severity::Error);
        first_error_ply.append_option(first_error.map(|f| f.ply));
        first_error_kind.append_option(first_error.map(|f| f.kind.id()));
        first_error_move.append_option(first_error.and_then(|f| f.move_text.as_deref()));
        for (b, c) in counts.iter_mut().zip(r.counts) {
            b.append_value(c);
        }
        irregular.append_option(r.irregular_from_ply);
        repaired.append_option(r.repaired);
        for f in &r.findings {
            f_kind.append_value(f.kind.id());
            f_severity.append_value(severity(f.severity));
            f_ply.append_value(f.ply);
            f_move.append_option(f.move_text.as_deref());
            f_message.append_value(&f.message);
            f_reason.append_option(f.reason.map(|r| r.id()));
            f_article.append_option(f.article);
        }
        listed = listed
            .checked_add(i32::try_from(r.findings.len()).unwrap_or(i32::MAX))
            .ok_or_else(|| ArrowError::ComputeError("too many findings in a batch".into()))?;
        offsets.push(listed);
    }
    let schema = schema();
    let DataType::List(item) = schema.field_with_name("findings")?.data_type().clone() else {
        return Err(ArrowError::SchemaError("findings is a list".into()));
    };
    let DataType::Struct(fields) = item.data_type().clone() else {
        return Err(ArrowError::SchemaError("a finding is a struct".into()));
    };
    let finding_columns: Vec<ArrayRef> = vec![
        Arc::new(f_kind.finish()),
        Arc::new(f_severity.finish()),
        Arc::new(f_ply.finish()),
        Arc::new(f_move.finish()),
        Arc::new(f_message.finish()),
        Arc::new(f_reason.finish()),
        Arc::new(f_article.finish()),
    ];
    let findings = StructArray::try_new(fields, finding_columns, None)?;
    let findings = ListArray::try_new(
        item,
        OffsetBuffer::new(offsets.into()),
        Arc::new(findings),
        None,
    )?;
    let [mut errors, mut warnings, mut infos] = counts;
    RecordBatch::try_new(
        schema,
        vec![
            Arc::new(game.finish()),
            Arc::new(status.finish()),
            Arc::new(plies.finish()),
            Arc::new(result.finish()),
            Arc::new(final_fen.finish()),
            Arc::new(lang.finish()),
            Arc::new(variant.finish()),
            Arc::new(termination_kind.finish()),
            Arc::new(termination_ply.finish()),
            Arc::new(first_error_ply.finish()),
            Arc::new(first_error_kind.finish()),
            Arc::new(first_error_move.finish()),
            Arc::new(errors.finish()),
            Arc::new(warnings.finish()),
            Arc::new(infos.finish()),
            Arc::new(irregular.finish()),
            Arc::new(repaired.finish()),
            Arc::new(findings),
        ],
    )
}

/// The rows replayed at once: enough to keep every thread busy, few enough for Ctrl-C to be
/// seen within a second or so.
const SLICE_ROWS: usize = 4096;

/// The records of every row of the stream in `input` (a capsule `arrow_array_stream`), as a
/// capsule `arrow_array_stream` of the records' batches, one for each input batch.
pub fn validate_stream<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyCapsule>,
    movetext_column: &str,
    settings: Settings,
) -> PyResult<Bound<'py, PyCapsule>> {
    let pointer = input
        .pointer_checked(Some(c"arrow_array_stream"))
        .map_err(|_| {
            PyValueError::new_err(
                "the table must come as an Arrow C stream (a capsule `arrow_array_stream`)",
            )
        })?;
    // SAFETY: a capsule named `arrow_array_stream` holds an `ArrowArrayStream` (the Arrow
    // PyCapsule interface); `from_raw` moves the stream out and leaves it released, as the
    // interface asks of its consumer.
    let mut reader = unsafe {
        ArrowArrayStreamReader::from_raw(pointer.as_ptr().cast::<FFI_ArrowArrayStream>())
    }
    .map_err(|e| PyValueError::new_err(format!("reading the table: {e}")))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs)
        .build()
        .map_err(|e| PyValueError::new_err(format!("the threads: {e}")))?;
    let mut out = Vec::new();
    let mut next_game = 1u64;
    loop {
        let batch = match py.detach(|| reader.next()) {
            None => break,
            Some(Ok(b)) => b,
            Some(Err(e)) => return Err(PyValueError::new_err(format!("reading the table: {e}"))),
        };
        // A batch may be a whole table: it is done a slice at a time, so that Ctrl-C is seen
        // and a slice's records only are held as Rust values.
        let mut start = 0;
        loop {
            let len = SLICE_ROWS.min(batch.num_rows() - start);
            let slice = batch.slice(start, len);
            let done = py
                .detach(|| records_of_batch(&slice, movetext_column, next_game, &settings, &pool));
            out.push(done.map_err(PyValueError::new_err)?);
            next_game += len as u64;
            start += len;
            py.check_signals()?;
            if start >= batch.num_rows() {
                break;
            }
        }
    }
    // The schema is checked once even for a table of no batches.
    if reader.schema().index_of(movetext_column).is_err() {
        return Err(PyValueError::new_err(format!(
            "the table has no `{movetext_column}` column (the moves of each game)"
        )));
    }
    let records: Box<dyn RecordBatchReader + Send> =
        Box::new(RecordBatchIterator::new(out.into_iter().map(Ok), schema()));
    let stream = FFI_ArrowArrayStream::new(records);
    PyCapsule::new(py, stream, Some(CString::from(c"arrow_array_stream")))
}
