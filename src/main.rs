//! The `scoresheet` command line: it only wires the library together.

/// `eprintln!` that never panics: standard error may be a pipe its reader has closed
/// (`2>&1 | head`), and a message that cannot be written is no reason to stop a run, let
/// alone to panic; the run ends by its own rules (a closed standard output: status 141).
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod repair_cli;

use std::{
    fs::File,
    io::{self, BufRead, IsTerminal, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;
use scoresheet::{
    input::{Batch, Batches, Event},
    notation::{
        languages::{by_code, languages},
        split::RawGame,
    },
    replay::{validate, IllegalPolicy, LangChoice, Options},
    report::{duplicates, Format, Reporter, Tally},
};

#[derive(Parser)]
#[command(
    name = "scoresheet",
    version,
    about = "Reads chess games as players and arbiters write them, replays them under the FIDE Laws, and says what is wrong with them"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay every game and report, per game, what is wrong with it.
    ///
    /// Exit status: 0 when no game is bad, 1 when some game is bad (by default: has a
    /// reported finding of error severity; with --fail-on: has a reported finding of one of
    /// its kinds), 2 for usage or I/O errors (an unreadable file: the other files are still
    /// validated), 130 when interrupted, 141 when the reader of the output closed it (`| head`;
    /// quietly, as a Unix tool ended by SIGPIPE; so for every command).
    Validate(ValidateArgs),
    /// Write every game as PGN in export format: standard English PGN from any language
    /// and notation (default), or another language's letters, long algebraic or UCI.
    ///
    /// Exit status: 0 when every game was converted whole, 1 when some game was not (written
    /// up to its last good move with the rest in a comment, or left out with --strict), 2
    /// for usage or I/O errors, 141 when the reader of the output closed it.
    Convert(ConvertArgs),
    /// Judge positions under the Laws: legal or not, whose move, checkmate, stalemate, dead
    /// (Art. 5.2.2, with the CHA solver's full search) and which side cannot mate (Art. 6.9),
    /// with a short helpmate line in SAN for each side that can.
    ///
    /// With no FEN and no --sp, reads one FEN per line from standard input. Exit status: 0,
    /// or 2 when a FEN is not a legal position or on usage errors.
    Position(PositionArgs),
    /// Audit adjourned-game envelopes (FIDE Guidelines I): every item of I.2, both
    /// scoresheets, the recorded position, the sealed move (I.8), and the verdict:
    /// sealer_loses, draw, sealer_wins or resume.
    ///
    /// Exit status: 0 when every envelope is complete and every check passes, 1 when a check
    /// fails (a defective sealed move, scoresheets that disagree, a flag that had fallen, ...),
    /// 2 when an envelope is malformed (missing item, bad FEN, unknown key) or unreadable.
    Envelope(EnvelopeArgs),
    /// Read both players' scoresheets of one game together and write the game they agree
    /// on: every ply decided from both texts and legality (one copy unreadable or illegal,
    /// a move left out or written twice, or both legal but different: reported for the
    /// arbiter).
    ///
    /// Exit status: 0 when both copies agree everywhere, 1 when anything was decided or
    /// remains open, 2 on usage errors.
    Reconcile(repair_cli::ReconcileArgs),
    /// Decode an OCR engine's per-ply candidate readings (JSON Lines, one or two copies; see
    /// grammar/decode.md) into the most likely legal game, with a confidence per ply and the
    /// plies a person should look at (one JSON object).
    ///
    /// Exit status: 0 when every ply is sure (confidence 0.9 or more), 1 when some ply should
    /// be looked at, 2 on usage or I/O errors.
    Decode(repair_cli::DecodeArgs),
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Illegal {
    /// Standard play: replay of a game stops at its first illegal move.
    Stop,
    /// Rapid and blitz (Laws, Appendix A.4.2): an illegal move the opponent did not claim
    /// stays on the board when it can be made physically, and the game goes on.
    Stands,
}

/// The finding kinds `--only`, `--skip` and `--fail-on` take, in the README's order (a test
/// checks them against `report::games::KINDS`).
macro_rules! finding_kinds {
    () => {
        "unreadable_move, illegal_move, ambiguous_move, notation, move_number, structure, null_move, draw_offer, invalid_fen, unsupported_variant, oversized_game, threefold, fivefold, fifty_moves, seventy_five_moves, checkmate, stalemate, dead_position, moves_after_end, result_mismatch, early_draw, repaired_move"
    };
}

/// The FILES of `validate` and `convert`.
macro_rules! files_help {
    () => {
        "Files of PGN or bare scoresheet text, plain or compressed (gzip, zstd, bzip2, xz: \
         recognised by their content), or directories, walked recursively for *.pgn and *.txt \
         files and their compressed forms (*.pgn.gz, *.txt.zst, ...); none or `-` reads \
         standard input."
    };
}

/// `--jobs` of `validate` and `convert`.
macro_rules! jobs_help {
    () => {
        "Worker threads; 0 (and the default) is one per core. `--jobs 1` does everything on \
         one thread."
    };
}

#[derive(clap::Args)]
struct ValidateArgs {
    #[arg(help = files_help!())]
    files: Vec<PathBuf>,
    /// Report format: one block per game (text), one JSON object per line (jsonl), or one
    /// CSV row per finding (csv).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Notation language of the piece letters: `auto` decides per game; or a code such as
    /// `it`, `en`, `de`, `fr`, `es`, `nl`, `pl`, `hu`, `ru`, `figurine`.
    #[arg(long, default_value = "auto")]
    lang: String,
    /// What an illegal move does to the rest of the replay.
    #[arg(long, value_enum, default_value_t = Illegal::Stop)]
    illegal: Illegal,
    #[arg(long, value_name = "N", help = jobs_help!())]
    jobs: Option<usize>,
    /// No progress bar, and no closing summary on standard error (the text report still
    /// ends with its table by kind).
    #[arg(long, short)]
    quiet: bool,
    /// Event rule (Laws, Art. 9.1.1): no draw by agreement before move N. A game drawn
    /// `1/2-1/2` before it, with no other reason to be drawn, gets an `early_draw` finding
    /// (the Italian championship rules forbid it before move 30).
    #[arg(long, value_name = "N")]
    no_draw_before: Option<u32>,
    /// Notation and legality only: no repetition, move counts, endings, dead positions or
    /// result checks.
    #[arg(long)]
    no_laws: bool,
    /// Strict notation: also warn where the optional marks `x`, `+`, `#` and `e.p.` (Laws,
    /// Appendix C.13) are missing or do not fit the move. Off by default.
    #[arg(long)]
    strict_notation: bool,
    /// Write the report to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
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
    /// Only the games of one uncompressed file whose first line begins at byte START or after
    /// and before END, as a cluster input split (see the README, "Beyond one machine"): the
    /// game straddling END is finished; `game` is the number within the range. Says where
    /// the range's games began and stopped on standard error (`scoresheet-shard: {json}`).
    #[arg(long, value_name = "START:END")]
    byte_range: Option<scoresheet::shard::ByteRange>,
    /// With --byte-range: the line number of byte START (1 + the newlines before it), for the
    /// file's line numbers in the records (default 1: lines counted from START's line).
    #[arg(long, value_name = "N", requires = "byte_range", default_value_t = 1)]
    first_line: u64,
    /// Read a game that does not replay as written through its slips: the most likely legal
    /// game given everything written (look-alike characters, a neighbouring square, moves run
    /// together, a move left out or written twice), each repair a `repaired_move` warning.
    /// A game that replays as written is reported as without it.
    #[arg(long)]
    repair: bool,
}

/// The batch an event of [`Batches`] brings, or none when it says a file could not be
/// opened (said on standard error; the run goes on, to end with exit status 2).
fn batch_of(event: Event, files: &[PathBuf], io_error: &mut bool) -> Option<Batch> {
    match event {
        Event::Batch(b) => Some(b),
        Event::Unreadable { file, error } => {
            eprintln!("scoresheet: {}: {error}", files[file].display());
            *io_error = true;
            None
        }
    }
}

/// One game of a batch, done: its record formatted, and what it adds to the summary.
struct Done {
    text: Vec<u8>,
    formatted: io::Result<()>,
    tally: Tally,
    bad: bool,
    /// The game's key for `--duplicates`.
    key: Option<duplicates::Entry>,
}

/// `convert` is not interrupted between batches.
static INTERRUPTED_NEVER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The exit status of a run whose reader closed the pipe (`head` has seen enough): the status
/// a shell reports for a program ended by SIGPIPE (128 + 13), as for any Unix tool, so that a
/// script never takes it for a bad game (1) or an I/O error (2).
const BROKEN_PIPE: u8 = 141;

/// A write to the output failed during a run. A closed pipe ends the run at once and quietly
/// with [`BROKEN_PIPE`]; any other error is said (after `what`, when given) and ends it with 2.
fn write_failed(e: &io::Error, what: &str) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(BROKEN_PIPE);
    }
    if what.is_empty() {
        eprintln!("scoresheet: {e}");
    } else {
        eprintln!("scoresheet: {what}: {e}");
    }
    ExitCode::from(2)
}

/// Set by SIGINT: bulk validation stops after the batch being written.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The files to read: standard input when none is named, every directory replaced by the
/// game files under it; a directory that cannot be read is said, and sets `io_error`.
fn input_files(named: &[PathBuf], io_error: &mut bool) -> Vec<PathBuf> {
    if named.is_empty() {
        return vec![PathBuf::from("-")];
    }
    scoresheet::input::expand(named)
        .into_iter()
        .filter_map(|p| {
            p.map_err(|e| {
                eprintln!("scoresheet: {e}");
                *io_error = true;
            })
            .ok()
        })
        .collect()
}

/// An output file (report, split archive, PGN), refused when it is an input.
fn create_output(path: &PathBuf, inputs: &[PathBuf]) -> Result<File, ExitCode> {
    if inputs.iter().any(|input| same_file(input, path)) {
        eprintln!("scoresheet: the output {} is also an input", path.display());
        return Err(ExitCode::from(2));
    }
    File::create(path).map_err(|e| {
        eprintln!("scoresheet: {}: {e}", path.display());
        ExitCode::from(2)
    })
}

/// Whether `input` (`-`: whatever standard input reads) is the file `output` names: the same
/// device and inode, so that a link, another spelling of the path or a redirection
/// (`-o it.txt - < it.txt`) is seen too. Creating the output would empty the input.
fn same_file(input: &std::path::Path, output: &std::path::Path) -> bool {
    let Ok(out) = std::fs::metadata(output) else {
        // An output that does not exist yet is no input.
        return false;
    };
    let input = if input.as_os_str() == "-" {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|f| f.metadata())
    } else {
        std::fs::metadata(input)
    };
    input.is_ok_and(|input| same_inode(&input, &out))
}

#[cfg(unix)]
fn same_inode(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_inode(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

/// Copy each game's bytes of a batch, whole, to the clean or the bad archive; a game
/// over [`scoresheet::notation::split::MAX_GAME_BYTES`] has the rest of its bytes read again
/// from its file.
fn write_split(
    batch: &[RawGame],
    bad: &[bool],
    path: &std::path::Path,
    clean_out: &mut Option<File>,
    bad_out: &mut Option<File>,
) -> io::Result<()> {
    let (mut clean_buf, mut bad_buf) = (Vec::new(), Vec::new());
    for (g, &is_bad) in batch.iter().zip(bad) {
        let buf = if is_bad { &mut bad_buf } else { &mut clean_buf };
        if (if is_bad { &*bad_out } else { &*clean_out }).is_none() {
            continue;
        }
        buf.extend_from_slice(&g.bytes);
        if g.dropped_bytes > 0 {
            let start = g.offset - g.lead as u64 + g.bytes.len() as u64;
            if let Err(e) = scoresheet::input::copy_range(path, start, g.dropped_bytes, buf) {
                eprintln!(
                    "scoresheet: {}: game {}: its last {} bytes (over 64 MiB) are not in the split file: {e}",
                    path.display(),
                    g.index,
                    g.dropped_bytes
                );
            }
        }
    }
    if let Some(f) = clean_out {
        f.write_all(&clean_buf)?;
    }
    if let Some(f) = bad_out {
        f.write_all(&bad_buf)?;
    }
    Ok(())
}

/// The batches of a run: of every file, or of the shard `range` of the one file named.
type Shard = Option<std::sync::Arc<std::sync::Mutex<scoresheet::shard::ShardReport>>>;
fn batches_of(
    files: &[PathBuf],
    range: Option<scoresheet::shard::ByteRange>,
    first_line: u64,
    parallel: bool,
    stop: &'static std::sync::atomic::AtomicBool,
) -> Result<(Batches, Shard), ExitCode> {
    let Some(range) = range else {
        return Ok((Batches::new(files.to_vec(), parallel, stop), None));
    };
    let [file] = files else {
        eprintln!("scoresheet: --byte-range takes exactly one file");
        return Err(ExitCode::from(2));
    };
    match Batches::shard(file.clone(), range, first_line, parallel, stop) {
        Ok((b, report)) => Ok((b, Some(report))),
        Err(e) => {
            eprintln!("scoresheet: {}: {e}", file.display());
            Err(ExitCode::from(2))
        }
    }
}

/// A shard's report on standard error, one line a driver reads (said also with --quiet).
fn say_shard(shard: &Shard) {
    if let Some(report) = shard {
        let r = report.lock().unwrap_or_else(|e| e.into_inner());
        if let Ok(json) = serde_json::to_string(&*r) {
            eprintln!("scoresheet-shard: {json}");
        }
    }
}

fn progress_bar(total: Option<u64>, quiet: bool) -> Option<indicatif::ProgressBar> {
    if quiet || !io::stderr().is_terminal() {
        return None;
    }
    let bar = match total {
        Some(t) => indicatif::ProgressBar::new(t),
        None => indicatif::ProgressBar::new_spinner(),
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({eta}) {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

fn validate_cmd(args: ValidateArgs) -> ExitCode {
    let lang = match lang_choice(&args.lang) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let opts = Options {
        lang,
        illegal: match args.illegal {
            Illegal::Stop => IllegalPolicy::Stop,
            Illegal::Stands => IllegalPolicy::Stands,
        },
        laws: scoresheet::laws::LawsOptions {
            enabled: !args.no_laws,
            no_draw_before: args.no_draw_before,
            dead_positions: true,
        },
        strict_notation: args.strict_notation,
    };
    if let Some(j) = args.jobs {
        if let Err(e) = rayon::ThreadPoolBuilder::new()
            .num_threads(j)
            .build_global()
        {
            eprintln!("scoresheet: cannot set up {j} threads: {e}");
            return ExitCode::from(2);
        }
    }
    use scoresheet::report::games::{parse_kinds, Filter};
    let kinds = |flag: &str, list: &Option<String>| match list.as_deref().map(parse_kinds) {
        None => Ok(None),
        Some(Ok(k)) => Ok(Some(k)),
        Some(Err(id)) => {
            let ids: Vec<&str> = scoresheet::report::games::KINDS
                .iter()
                .map(|k| k.id())
                .collect();
            eprintln!(
                "scoresheet: {flag}: unknown finding kind `{id}`; use: {}",
                ids.join(", ")
            );
            Err(ExitCode::from(2))
        }
    };
    let filter = match (
        kinds("--only", &args.only),
        kinds("--skip", &args.skip),
        kinds("--fail-on", &args.fail_on),
    ) {
        (Ok(only), Ok(skip), Ok(fail_on)) => Filter {
            only,
            skip: skip.unwrap_or_default(),
            fail_on,
        },
        _ => return ExitCode::from(2),
    };
    if args.summary && args.format != Format::Csv {
        eprintln!("scoresheet: --summary goes with --format csv");
        return ExitCode::from(2);
    }
    let dup_file = args
        .duplicates
        .as_ref()
        .filter(|p| !p.is_empty())
        .map(PathBuf::from);
    if args.duplicates.is_some() && dup_file.is_none() && args.format == Format::Csv {
        eprintln!("scoresheet: with --format csv, give the duplicates a file of their own: --duplicates=FILE");
        return ExitCode::from(2);
    }
    let mut io_error = false;
    let files = input_files(&args.files, &mut io_error);
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => match create_output(path, &files) {
            Ok(f) => Box::new(f),
            Err(code) => return code,
        },
        None => Box::new(io::stdout().lock()),
    };
    let mut dup_out: Option<File> = None;
    if let Some(path) = &dup_file {
        match create_output(path, &files) {
            Ok(f) => dup_out = Some(f),
            Err(code) => return code,
        }
    }
    let mut finder = args
        .duplicates
        .is_some()
        .then(|| duplicates::Finder::new(16 << 20, None));
    let mut split_clean = None;
    let mut split_bad = None;
    for (flag, slot) in [
        (&args.split_clean, &mut split_clean),
        (&args.split_bad, &mut split_bad),
    ] {
        if let Some(path) = flag {
            match create_output(path, &files) {
                Ok(f) => *slot = Some(f),
                Err(code) => return code,
            }
        }
    }
    if let Err(e) = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, std::sync::atomic::Ordering::SeqCst) {
            // A second interrupt: do not wait for the batch.
            std::process::exit(130);
        }
    }) {
        eprintln!("scoresheet: cannot catch interrupts: {e}");
    }
    let interrupted = || INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst);
    let total: u64 = files
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok().map(|m| m.len()))
        .sum();
    let bar = progress_bar((total > 0).then_some(total), args.quiet);
    // Each batch is formatted into this buffer, then written whole.
    let reporter = if args.summary {
        Reporter::per_game(Vec::new())
    } else {
        Reporter::new(args.format, Vec::new())
    };
    let mut reporter = match reporter {
        Ok(r) => r,
        Err(e) => {
            eprintln!("scoresheet: {e}");
            return ExitCode::from(2);
        }
    };
    // The CSV header, before any record.
    if let Err(e) = out.write_all(&std::mem::take(reporter.out_mut())) {
        eprintln!("scoresheet: writing the report: {e}");
        return ExitCode::from(2);
    }
    let mut failing = 0u64;
    let started = std::time::Instant::now();
    let formatter = reporter.formatter();
    let keys = finder.is_some();
    let parallel = rayon::current_num_threads() > 1;
    if args.byte_range.is_some() && args.duplicates.is_some() {
        eprintln!("scoresheet: --duplicates needs every game: it cannot go with --byte-range");
        return ExitCode::from(2);
    }
    let (mut batches, shard) = match batches_of(
        &files,
        args.byte_range,
        args.first_line,
        parallel,
        &INTERRUPTED,
    ) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let read = std::sync::Arc::clone(&batches.read);
    for event in &mut batches {
        let Some(batch) = batch_of(event, &files, &mut io_error) else {
            continue;
        };
        // Replayed, filtered and formatted where the game is: only bytes and counts
        // come back to be written in order.
        let one = |g: &RawGame| {
            let mut r = if args.repair {
                scoresheet::repair::validate_repaired(g, &batch.name, &opts)
            } else {
                validate(g, &batch.name, &opts)
            };
            // The key before the filters: what a copy is does not depend on what is reported.
            let key = if keys {
                duplicates::Entry::of(&r, batch.file as u32)
            } else {
                None
            };
            filter.apply(&mut r);
            let mut text = Vec::with_capacity(512);
            let formatted = formatter.write(&mut text, &r);
            Done {
                text,
                formatted,
                tally: Tally::of(&r),
                bad: filter.fails(&r),
                key,
            }
        };
        let done: Vec<Done> = if parallel {
            batch.games.par_iter().map(one).collect()
        } else {
            batch.games.iter().map(one).collect()
        };
        let bad: Vec<bool> = done.iter().map(|d| d.bad).collect();
        failing += bad.iter().filter(|&&b| b).count() as u64;
        // The batch's records go out in one write: an interrupted run leaves whole records.
        let mut chunk = Vec::with_capacity(done.iter().map(|d| d.text.len()).sum());
        let mut written = Ok(());
        for d in done {
            reporter.summary.add_tally(&d.tally);
            if let (Some(f), Some(k)) = (finder.as_mut(), d.key) {
                if let Err(e) = f.add(k) {
                    written = Err(io::Error::new(e.kind(), format!("duplicates: {e}")));
                    break;
                }
            }
            if let Err(e) = d.formatted {
                written = Err(e);
                break;
            }
            chunk.extend_from_slice(&d.text);
        }
        if let Err(e) = written.and_then(|()| out.write_all(&chunk)) {
            return write_failed(&e, "writing the report");
        }
        if split_clean.is_some() || split_bad.is_some() {
            let path = &files[batch.file];
            if let Err(e) = write_split(&batch.games, &bad, path, &mut split_clean, &mut split_bad)
            {
                eprintln!("scoresheet: writing the split files: {e}");
                return ExitCode::from(2);
            }
        }
        if let Some(bar) = &bar {
            let s = &reporter.summary;
            bar.set_position(read.load(std::sync::atomic::Ordering::Relaxed));
            let secs = started.elapsed().as_secs_f64().max(1e-3);
            // The kinds found most often so far.
            let mut kinds: Vec<(&str, u64)> = s.by_kind.iter().map(|(k, n)| (*k, *n)).collect();
            kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
            let kinds: Vec<String> = kinds
                .iter()
                .take(3)
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            bar.set_message(format!(
                "{} games ({:.0}/s), {} with errors{}{}",
                s.games,
                s.games as f64 / secs,
                s.games_with_errors,
                if kinds.is_empty() { "" } else { "; " },
                kinds.join(", ")
            ));
        }
        if let Some(e) = batch.error {
            eprintln!("scoresheet: {}: {e}", batch.name);
            io_error = true;
        }
        if interrupted() {
            break;
        }
    }
    drop(batches);
    // Duplicates come after every game is in (not after an interrupted run: the copies of
    // its games still unread would be missing).
    let mut dup_stats = None;
    if let Some(finder) = finder.filter(|_| !interrupted()) {
        let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
        let mut number = 0u64;
        let (format, to_file) = (args.format, dup_out.is_some());
        let target: &mut dyn Write = match dup_out.as_mut() {
            Some(f) => f,
            None => &mut out,
        };
        let mut target = io::BufWriter::new(target);
        if to_file && format == Format::Csv {
            let mut w = csv::Writer::from_writer(&mut target);
            let header = w
                .write_record(duplicates::CSV_HEADER)
                .map_err(io::Error::from);
            drop(w);
            if let Err(e) = header {
                return write_failed(&e, "writing the duplicates");
            }
        }
        if format == Format::Text && !to_file {
            let _ = writeln!(target);
        }
        let found = finder.finish(|g| {
            number += 1;
            match format {
                Format::Text => g.write_text(number, &names, &mut target),
                Format::Jsonl => g.write_json(number, &names, &mut target),
                Format::Csv => g.write_csv(number, &names, &mut target),
            }
        });
        match found.and_then(|s| target.flush().map(|()| s)) {
            Ok(s) => dup_stats = Some(s),
            Err(e) => return write_failed(&e, "duplicates"),
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let finished = reporter
        .finish()
        .and_then(|()| out.write_all(&std::mem::take(reporter.out_mut())))
        .and_then(|()| out.flush())
        .and_then(|()| split_clean.as_mut().map_or(Ok(()), |f| f.flush()))
        .and_then(|()| split_bad.as_mut().map_or(Ok(()), |f| f.flush()));
    if let Err(e) = finished {
        return write_failed(&e, "writing the report");
    }
    say_shard(&shard);
    let s = &reporter.summary;
    let mut err = io::stderr().lock();
    if interrupted() {
        let _ = writeln!(
            err,
            "scoresheet: interrupted after {} games; the output holds each of them whole",
            s.games
        );
    }
    if !args.quiet {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let _ = writeln!(
            err,
            "scoresheet: {} games, {} plies, {} with errors{}, {} failing in {:.2} s ({:.0} games/s, {:.0} plies/s)",
            s.games,
            s.plies,
            s.games_with_errors,
            s.errors_filtered_note(),
            failing,
            secs,
            s.games as f64 / secs,
            s.plies as f64 / secs
        );
        if !s.by_kind.is_empty() {
            let kinds: Vec<String> = s.by_kind.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(err, "scoresheet: games with findings: {}", kinds.join(", "));
        }
        if let Some(d) = dup_stats {
            let _ = writeln!(
                err,
                "scoresheet: duplicates: {} groups, {} copies beyond the first, {} groups whose copies disagree on tags or result",
                d.groups, d.duplicate_copies, d.conflicting_groups
            );
        }
    }
    if interrupted() {
        ExitCode::from(130)
    } else if io_error {
        ExitCode::from(2)
    } else if failing > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[derive(clap::Args)]
struct ConvertArgs {
    #[arg(help = files_help!())]
    files: Vec<PathBuf>,
    /// Write the PGN to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Language the games are written in: `auto` decides per game; or a code such as `it`,
    /// `en`, `de`, `fr`, `es`, `nl`, `pl`, `ru`, `figurine`.
    #[arg(long, default_value = "auto")]
    from_lang: String,
    /// Language of the piece letters written: `en` (standard PGN), or `it`, `de`, `fr`, ...,
    /// `figurine`.
    #[arg(long, default_value = "en")]
    to_lang: String,
    /// How moves are written: `san` (Nf3), `lan` (Ng1-f3) or `uci` (g1f3).
    #[arg(long, value_enum, default_value_t = scoresheet::export::Notation::San)]
    notation: scoresheet::export::Notation,
    /// Leave out games that cannot be converted whole (listing them on standard error)
    /// instead of writing them up to their last good move.
    #[arg(long)]
    strict: bool,
    #[arg(long, value_name = "N", help = jobs_help!())]
    jobs: Option<usize>,
    /// No progress bar, and no closing summary on standard error.
    #[arg(long, short)]
    quiet: bool,
    /// Only the games of one uncompressed file whose first line begins at byte START or after
    /// and before END, as a cluster input split (see the README, "Beyond one machine"): the
    /// game straddling END is finished; `game` is the number within the range. Says where
    /// the range's games began and stopped on standard error (`scoresheet-shard: {json}`).
    #[arg(long, value_name = "START:END")]
    byte_range: Option<scoresheet::shard::ByteRange>,
    /// With --byte-range: the line number of byte START (1 + the newlines before it), for the
    /// file's line numbers in the records (default 1: lines counted from START's line).
    #[arg(long, value_name = "N", requires = "byte_range", default_value_t = 1)]
    first_line: u64,
    /// Write a game that does not replay as written as its most likely legal reading, with a
    /// comment at each repair (`{repaired: written "Ced", read as Ne4}`). A game that replays
    /// as written is converted as without it.
    #[arg(long)]
    repair: bool,
}

/// A language flag that names an unknown language: said, with the codes there are (and
/// `auto`, where the flag takes it); exit status 2.
fn unknown_language(code: &str, auto: bool) -> ExitCode {
    let codes: Vec<&str> = languages().iter().map(|l| l.code.as_str()).collect();
    eprintln!(
        "scoresheet: unknown language `{code}`; use {}one of: {}",
        if auto { "auto or " } else { "" },
        codes.join(", ")
    );
    ExitCode::from(2)
}

/// The language of the games read: `auto` (decided per game) or a code.
fn lang_choice(code: &str) -> Result<LangChoice, ExitCode> {
    if code.eq_ignore_ascii_case("auto") {
        return Ok(LangChoice::Auto);
    }
    by_code(code)
        .map(LangChoice::Fixed)
        .ok_or_else(|| unknown_language(code, true))
}

fn convert_cmd(args: ConvertArgs) -> ExitCode {
    use scoresheet::export::{convert_game, ConvertOptions, Converted};
    let from = match lang_choice(&args.from_lang) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(to) = by_code(&args.to_lang) else {
        return unknown_language(&args.to_lang, false);
    };
    let opts = ConvertOptions {
        from,
        to,
        notation: args.notation,
    };
    if let Some(j) = args.jobs {
        if let Err(e) = rayon::ThreadPoolBuilder::new()
            .num_threads(j)
            .build_global()
        {
            eprintln!("scoresheet: cannot set up {j} threads: {e}");
            return ExitCode::from(2);
        }
    }
    let mut io_error = false;
    let files = input_files(&args.files, &mut io_error);
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => match create_output(path, &files) {
            Ok(f) => Box::new(io::BufWriter::with_capacity(1 << 20, f)),
            Err(code) => return code,
        },
        None => Box::new(io::BufWriter::with_capacity(1 << 20, io::stdout().lock())),
    };
    let total: u64 = files
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok().map(|m| m.len()))
        .sum();
    let bar = progress_bar((total > 0).then_some(total), args.quiet);
    let started = std::time::Instant::now();
    let (mut games, mut whole, mut partial, mut skipped) = (0u64, 0u64, 0u64, 0u64);
    let parallel = rayon::current_num_threads() > 1;
    let (mut batches, shard) = match batches_of(
        &files,
        args.byte_range,
        args.first_line,
        parallel,
        &INTERRUPTED_NEVER,
    ) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let read = std::sync::Arc::clone(&batches.read);
    for event in &mut batches {
        let Some(batch) = batch_of(event, &files, &mut io_error) else {
            continue;
        };
        let name = batch.name.as_str();
        let one = |g: &RawGame| {
            if args.repair {
                scoresheet::repair::convert_repaired(g, name, &opts)
            } else {
                convert_game(g, name, &opts)
            }
        };
        let converted: Vec<Converted> = if parallel {
            batch.games.par_iter().map(one).collect()
        } else {
            batch.games.iter().map(one).collect()
        };
        for c in &converted {
            games += 1;
            if !c.complete {
                let r = &c.record;
                let what = if args.strict {
                    "left out"
                } else {
                    "not converted whole"
                };
                let msg = format!(
                    "scoresheet: {name}: game {} (line {}) {what}: {}",
                    r.game,
                    r.line,
                    c.problems.join("; ")
                );
                match &bar {
                    Some(b) => b.suspend(|| eprintln!("{msg}")),
                    None => eprintln!("{msg}"),
                }
                if args.strict {
                    skipped += 1;
                    continue;
                }
                partial += 1;
            } else {
                whole += 1;
            }
            // A blank line between games.
            let sep: &[u8] = if whole + partial > 1 { b"\n" } else { b"" };
            if let Err(e) = out
                .write_all(sep)
                .and_then(|()| out.write_all(c.pgn.as_bytes()))
            {
                return write_failed(&e, "writing the PGN");
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(read.load(std::sync::atomic::Ordering::Relaxed));
            bar.set_message(format!("{games} games, {} not whole", partial + skipped));
        }
        if let Some(e) = batch.error {
            eprintln!("scoresheet: {name}: {e}");
            io_error = true;
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Err(e) = out.flush() {
        return write_failed(&e, "writing the PGN");
    }
    say_shard(&shard);
    if !args.quiet {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let rest = if args.strict {
            format!("{skipped} left out")
        } else {
            format!("{partial} written up to their last good move")
        };
        eprintln!(
            "scoresheet: {games} games, {whole} converted whole, {rest}, in {secs:.2} s ({:.0} games/s)",
            games as f64 / secs
        );
    }
    if io_error {
        ExitCode::from(2)
    } else if partial + skipped > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Validate(args) => validate_cmd(args),
        Command::Convert(args) => convert_cmd(args),
        Command::Position(args) => position_cmd(args),
        Command::Envelope(args) => envelope_cmd(args),
        Command::Reconcile(args) => repair_cli::reconcile_cmd(args),
        Command::Decode(args) => repair_cli::decode_cmd(args),
    }
}

#[derive(clap::Args)]
struct PositionArgs {
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
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

fn position_cmd(args: PositionArgs) -> ExitCode {
    use scoresheet::laws::{chess960, position};
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
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.format == Format::Csv {
        if let Err(e) = scoresheet::report::games::write_row(&mut out, &position::CSV_HEADER) {
            return write_failed(&e, "");
        }
    }
    let mut bad = false;
    for j in &judgements {
        bad |= !j.legal;
        let written = match args.format {
            Format::Jsonl => serde_json::to_writer(&mut out, j)
                .map_err(io::Error::from)
                .and_then(|()| out.write_all(b"\n")),
            Format::Csv => scoresheet::report::games::write_row(&mut out, &position::csv_row(j)),
            Format::Text => out.write_all(position::to_text(j).as_bytes()),
        };
        if let Err(e) = written {
            return write_failed(&e, "");
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(&e, "");
    }
    if bad {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum EnvelopeFormat {
    /// One report per envelope: the checks, the verdict, the position to resume from with
    /// a diagram, and a paragraph to read aloud.
    Text,
    /// One JSON object per envelope, one per line.
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ReportLanguage {
    En,
    It,
}

#[derive(clap::Args)]
struct EnvelopeArgs {
    /// Envelope files (TOML, see grammar/envelope.md).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `text` (default) or `json`.
    #[arg(long, value_enum, default_value_t = EnvelopeFormat::Text)]
    format: EnvelopeFormat,
    /// Language of the report: `en` (default) or `it`.
    #[arg(long, value_enum, default_value_t = ReportLanguage::En)]
    report_lang: ReportLanguage,
}

fn envelope_cmd(args: EnvelopeArgs) -> ExitCode {
    use scoresheet::envelope::{audit_file, report, ReportLang};
    let lang = match args.report_lang {
        ReportLanguage::En => ReportLang::En,
        ReportLanguage::It => ReportLang::It,
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut status = 0u8;
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
                }
            }
        };
        if let Err(e) = written {
            return write_failed(&e, "");
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(&e, "");
    }
    ExitCode::from(status)
}
