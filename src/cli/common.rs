//! What the subcommands share: the input flags, the report format, the exit statuses, the
//! output files and how a run's progress is shown.

use std::{
    io::{self, IsTerminal},
    path::{Path, PathBuf},
    process::ExitCode,
};

use crate::{
    bulk::{Inputs, Progress},
    error::Error,
    notation::languages::{by_code, languages},
    output::Replacement,
    replay::LangChoice,
    report::Format,
    shard::ShardReport,
};
use clap::ValueEnum;

/// The inputs of `validate` and `convert`: files, threads, and a byte range for clusters.
#[derive(clap::Args)]
pub struct InputArgs {
    #[arg(
        help = "Files of PGN or bare scoresheet text, plain or compressed (gzip, zstd, bzip2, \
        xz: recognised by their content), ZIP archives (their *.pgn and *.txt members, named \
        `archive.zip/member.pgn` in the records), or directories, walked recursively for \
        *.pgn and *.txt files, their compressed forms (*.pgn.gz, *.txt.zst, ...) and ZIP \
        archives; reports scoresheet wrote are never read back. None or `-` reads standard \
        input."
    )]
    pub files: Vec<PathBuf>,
    /// Worker threads; 0 (and the default) is one per core, and so is the most it takes.
    /// `--jobs 1` does everything on one thread.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Only the games of one uncompressed file whose first line begins at byte START or after
    /// and before END, as a cluster input split (see the README, "Beyond one machine"): the
    /// game straddling END is finished; `game` is the number within the range. Says where
    /// the range's games began and stopped on standard error (`scoresheet-shard: {json}`).
    #[arg(long, value_name = "START:END")]
    pub byte_range: Option<crate::shard::ByteRange>,
    /// With --byte-range: the line number of byte START (1 + the newlines before it), for the
    /// file's line numbers in the records (default 1: lines counted from START's line).
    #[arg(long, value_name = "N", requires = "byte_range", default_value_t = 1)]
    pub first_line: u64,
    /// The inputs are running text with games in it (newspaper columns, club pages, books):
    /// each game is found among titles, captions and commentary, read in the layouts of
    /// published text (`1 e4, e5; 2 Cf3, Cc6;`, `1) e4 c6`, `1.e4-e5;`), the words kept as
    /// comments, side lines as variations. A PGN archive reads as without it.
    #[arg(long)]
    pub prose: bool,
}

impl InputArgs {
    /// The files to read: standard input when none is named, every directory and ZIP archive
    /// replaced by the game files in it; a directory that cannot be read is said, and sets
    /// `io_error`; what the walk passed over is said in one line (with `quiet`, only the
    /// reports of this program's own that it did not read).
    pub fn inputs(&self, io_error: &mut bool, quiet: bool) -> Inputs {
        let (mut inputs, errors, mut skipped) = Inputs::named(&self.files);
        for e in errors {
            eprintln!("scoresheet: {e}");
            *io_error = true;
        }
        if quiet {
            // Files of other kinds are no news; reports passed over are.
            skipped.others.clear();
        }
        if let Some(said) = skipped.said() {
            eprintln!("scoresheet: {said}");
        }
        inputs.byte_range = self.byte_range.map(|r| (r, self.first_line));
        inputs.prose = self.prose;
        inputs
    }
}

/// The report formats of `validate` and `position`.
#[derive(Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum FormatArg {
    #[default]
    Text,
    Jsonl,
    Csv,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Text => Format::Text,
            FormatArg::Jsonl => Format::Jsonl,
            FormatArg::Csv => Format::Csv,
        }
    }
}

/// The language of a report's words (`--report-lang`); machine ids stay English.
#[derive(Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ReportLanguage {
    #[default]
    En,
    It,
}

impl From<ReportLanguage> for crate::i18n::ReportLang {
    fn from(l: ReportLanguage) -> Self {
        match l {
            ReportLanguage::En => Self::En,
            ReportLanguage::It => Self::It,
        }
    }
}

/// The exit status of a run whose reader closed the pipe (`head` has seen enough): the status
/// a shell reports for a program ended by SIGPIPE (128 + 13), as for any Unix tool, so that a
/// script never takes it for a bad game (1) or an I/O error (2).
pub const BROKEN_PIPE: u8 = 141;

/// A write to the output failed during a run. A closed pipe ends the run at once and quietly
/// with [`BROKEN_PIPE`]; any other error is said (after `what`, when given) and ends it with 2.
pub fn write_failed(e: &io::Error, what: &str) -> ExitCode {
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

/// A run that could not go on: said, and its exit status (141 for a closed pipe, else 2).
pub fn failed(e: &Error) -> ExitCode {
    if e.is_broken_pipe() {
        return ExitCode::from(BROKEN_PIPE);
    }
    eprintln!("scoresheet: {e}");
    ExitCode::from(2)
}

/// A language flag that names an unknown language: said, with the codes there are (and
/// `auto`, where the flag takes it); exit status 2.
pub fn unknown_language(code: &str, auto: bool) -> ExitCode {
    let codes: Vec<&str> = languages().iter().map(|l| l.code.as_str()).collect();
    eprintln!(
        "scoresheet: unknown language `{code}`; use {}one of: {}",
        if auto { "auto or " } else { "" },
        codes.join(", ")
    );
    ExitCode::from(2)
}

/// The language of the games read: `auto` (decided per game) or a code.
pub fn lang_choice(code: &str) -> Result<LangChoice, ExitCode> {
    if code.eq_ignore_ascii_case("auto") {
        return Ok(LangChoice::Auto);
    }
    by_code(code)
        .map(LangChoice::Fixed)
        .ok_or_else(|| unknown_language(code, true))
}

/// An output file (report, split archive, PGN), refused when it is an input. It is written
/// beside its target and takes its place only at [`finish_outputs`], when the run is done: a
/// failed run leaves the file that was there as it was.
pub fn create_output(path: &Path, inputs: &[PathBuf]) -> Result<Replacement, ExitCode> {
    if inputs
        .iter()
        .any(|input| crate::input::same_file(input, path))
    {
        eprintln!("scoresheet: the output {} is also an input", path.display());
        return Err(ExitCode::from(2));
    }
    Replacement::create(path).map_err(|e| {
        eprintln!("scoresheet: {}: {e}", path.display());
        ExitCode::from(2)
    })
}

/// The `-o` file of a command, when one is named ([`create_output`]).
pub fn optional_output(
    output: &Option<PathBuf>,
    inputs: &[PathBuf],
) -> Result<Option<Replacement>, ExitCode> {
    output
        .as_ref()
        .map(|path| create_output(path, inputs))
        .transpose()
}

/// The output files of a run that ended with `status`: they take their targets' places when
/// the run is done (0: all is well, 1: games with errors); after an interrupt (130) what was
/// written is kept beside the target as `NAME.partial`; after a failure the targets stay as
/// they were. Says what it did with each file that it did not put in place, and returns the
/// status (2 when a file could not be put in place).
pub fn finish_outputs(files: Vec<Replacement>, status: u8) -> u8 {
    let mut status = status;
    for file in files {
        let target = file.target().to_path_buf();
        match status {
            0 | 1 => {
                if let Err(e) = file.commit() {
                    eprintln!("scoresheet: {}: {e}", target.display());
                    status = 2;
                }
            }
            130 => {
                let mut partial = target.clone().into_os_string();
                partial.push(".partial");
                match file.keep_as(Path::new(&partial)) {
                    Ok(p) => eprintln!(
                        "scoresheet: interrupted: {} is as it was; what was written is in {}",
                        target.display(),
                        p.display()
                    ),
                    Err(e) => eprintln!("scoresheet: {}: {e}", target.display()),
                }
            }
            _ => {
                drop(file);
                eprintln!(
                    "scoresheet: {} not written: the run failed (a file already there is as it was)",
                    target.display()
                );
            }
        }
    }
    status
}

/// After a run without `--prose` that did not read every game: each input file that looks
/// like running text (an article, a column, a club page) is said, with the flag that reads
/// it. Only plain files of up to 1 MiB are looked at (published texts are small).
pub fn say_prose_hint(files: &[PathBuf], prose: bool, status: u8) {
    if prose || status != 1 {
        return;
    }
    for f in files {
        let small = std::fs::metadata(f).is_ok_and(|m| m.is_file() && m.len() <= 1 << 20);
        if !small {
            continue;
        }
        let Ok(bytes) = std::fs::read(f) else {
            continue;
        };
        if crate::prose::looks_like_prose(&String::from_utf8_lossy(&bytes)) {
            eprintln!(
                "scoresheet: {} looks like running text (an article, a column, a club page): \
                 `--prose` reads the games out of it",
                f.display()
            );
        }
    }
}

/// The inputs that held no game, said one by one; and when no game was read at all (and no
/// read error said why already), that the run found nothing: its exit status is then 2.
/// `named` are the inputs as the command line names them, `files` what they came to.
pub fn say_empty(empty: &[PathBuf], nothing_read: bool, named: &[PathBuf], files: &[PathBuf]) {
    let name = |p: &PathBuf| match p.as_os_str() == "-" {
        true => "standard input".to_string(),
        false => p.display().to_string(),
    };
    let list = |paths: &[PathBuf]| {
        let mut names: Vec<String> = paths.iter().take(3).map(name).collect();
        if paths.len() > 3 {
            names.push(format!("{} more", paths.len() - 3));
        }
        names.join(", ")
    };
    if nothing_read {
        if files.is_empty() {
            eprintln!(
                "scoresheet: no games: no game file (*.pgn, *.txt, compressed or in a ZIP \
                 archive) in {}",
                list(named)
            );
        } else {
            eprintln!("scoresheet: no games in {}", list(files));
        }
        return;
    }
    for p in empty {
        eprintln!("scoresheet: no games in {}", name(p));
    }
}

/// `--jobs` as given, bounded by the cores of this machine: threads beyond them only wait
/// (and a slip of the finger, `--jobs 100000`, would start that many). Said when bounded.
pub fn bounded_jobs(jobs: Option<usize>) -> Option<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match jobs {
        Some(j) if j > cores => {
            eprintln!(
                "scoresheet: --jobs {j} is more than the {cores} cores of this machine; using {cores}"
            );
            Some(cores)
        }
        other => other,
    }
}

/// A shard's report on standard error, one line a driver reads (said also with --quiet).
pub fn say_shard(shard: &Option<ShardReport>) {
    if let Some(r) = shard {
        if let Ok(json) = serde_json::to_string(r) {
            eprintln!("scoresheet-shard: {json}");
        }
    }
}

/// A run's progress on standard error: a bar when it is a terminal (and not `--quiet`),
/// problems and notes always.
pub struct Bar(Option<indicatif::ProgressBar>);

impl Bar {
    pub fn new(files: &[PathBuf], quiet: bool) -> Bar {
        let total: u64 = files
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok().map(|m| m.len()))
            .sum();
        if quiet || !io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = if total > 0 {
            indicatif::ProgressBar::new(total)
        } else {
            indicatif::ProgressBar::new_spinner()
        };
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({eta}) {msg}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Bar(Some(bar))
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }

    fn say(&self, message: String) {
        match &self.0 {
            Some(b) => b.suspend(|| eprintln!("{message}")),
            None => eprintln!("{message}"),
        }
    }
}

impl Progress for Bar {
    fn problem(&mut self, e: &Error) {
        self.say(format!("scoresheet: {e}"));
    }

    fn note(&mut self, message: &str) {
        self.say(format!("scoresheet: {message}"));
    }

    fn batch_done(&mut self, bytes_read: u64, status: &str) {
        if let Some(bar) = &self.0 {
            bar.set_position(bytes_read);
            bar.set_message(status.to_string());
        }
    }
}
