//! `scoresheet reconcile --archives A B`: the games of two archives paired
//! (`crate::repair::archive_pairs`) and every pair reconciled as archive copies
//! (`crate::repair::archives`).
//!
//! The archives are read once each, in the order `validate` reads them (files, directories,
//! ZIP and compressed files): every game's text goes to one spool file (so that compressed
//! input need not be read again) and only its small key stays in memory. The pairs are then
//! read back from the spool one at a time, in the order of the first archive: memory holds
//! the keys and one pair, whatever the size of the archives.

use std::{
    fs::File,
    io::{self, BufWriter, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
    process::ExitCode,
    sync::{atomic::AtomicU64, Arc},
};

use super::{
    common::{create_output, write_failed, ReportLanguage},
    reconcile::ReconcileFormat,
};
use crate::{
    export::{convert_text, ConvertOptions},
    i18n::{self, ReportLang},
    notation::{decode::decode_game, languages::english, languages::Language, split::GameSplitter},
    repair::{
        archive_pairs::{game_key, pair, GameKey},
        archive_report::{self, csv_field},
        archives::reconcile_copies,
    },
    replay::LangChoice,
};

/// The agreed game's text written as PGN in `to`'s letters.
pub fn agreed_pgn(text: &str, to: &'static Language) -> String {
    convert_text(
        text,
        &ConvertOptions {
            from: LangChoice::Fixed(english()),
            to,
            ..ConvertOptions::default()
        },
    )
    .pgn
}

/// Where one game of an archive is: its file, its index there, its bytes in the spool.
struct Stored {
    file: String,
    game: u64,
    at: u64,
    len: u64,
    key: GameKey,
}

/// The spool file, removed when dropped.
struct Spool {
    path: PathBuf,
    file: File,
    len: u64,
}

impl Spool {
    fn create() -> io::Result<Spool> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let path = std::env::temp_dir().join(format!(
            "scoresheet-archives-{}-{nanos}",
            std::process::id()
        ));
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        Ok(Spool { path, file, len: 0 })
    }

    fn put(&mut self, text: &str) -> io::Result<(u64, u64)> {
        self.file.seek(SeekFrom::Start(self.len))?;
        self.file.write_all(text.as_bytes())?;
        let at = self.len;
        self.len += text.len() as u64;
        Ok((at, text.len() as u64))
    }

    fn get(&mut self, at: u64, len: u64) -> io::Result<String> {
        self.file.seek(SeekFrom::Start(at))?;
        let mut buf = Vec::new();
        (&mut self.file).take(len).read_to_end(&mut buf)?;
        Ok(String::from_utf8_lossy(&buf).into_owned())
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Every game of one archive, spooled; errors said (the rest is still read).
fn read_archive(path: &Path, spool: &mut Spool) -> Result<Vec<Stored>, ExitCode> {
    let walk = crate::input::expand(&[path.to_path_buf()]);
    for e in &walk.errors {
        eprintln!("scoresheet: {e}");
    }
    let mut games = Vec::new();
    for file in &walk.files {
        let (name, reader, _) = match crate::input::open(file, Arc::new(AtomicU64::new(0))) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("scoresheet: {}: {e}", file.display());
                continue;
            }
        };
        for raw in GameSplitter::new(reader) {
            let raw = match raw {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("scoresheet: {name}: {e}");
                    break;
                }
            };
            if raw.game_bytes().trim_ascii().is_empty() {
                continue;
            }
            let (text, _) = decode_game(raw.game_bytes());
            let (at, len) = spool.put(&text).map_err(|e| {
                eprintln!("scoresheet: the spool file: {e}");
                ExitCode::from(2)
            })?;
            games.push(Stored {
                file: name.clone(),
                game: raw.index,
                at,
                len,
                key: game_key(&text),
            });
        }
    }
    if walk.files.is_empty() && walk.errors.is_empty() {
        eprintln!("scoresheet: {}: no game file", path.display());
        return Err(ExitCode::from(2));
    }
    Ok(games)
}

fn place(g: &Stored) -> String {
    format!("{}#{}", g.file, g.game)
}

/// Pair the games of `first` and `second`, reconcile every pair, and write the report (and
/// with `-o` the agreed games as PGN).
pub fn archives_cmd(
    first: &Path,
    second: &Path,
    to: &'static Language,
    format: ReconcileFormat,
    report_lang: ReportLanguage,
    output: &Option<PathBuf>,
) -> ExitCode {
    let lang = ReportLang::from(report_lang);
    let mut spool = match Spool::create() {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "scoresheet: a spool file in {}: {e}",
                std::env::temp_dir().display()
            );
            return ExitCode::from(2);
        }
    };
    let (a, b) = match (
        read_archive(first, &mut spool),
        read_archive(second, &mut spool),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let keys_a: Vec<GameKey> = a.iter().map(|g| g.key.clone()).collect();
    let keys_b: Vec<GameKey> = b.iter().map(|g| g.key.clone()).collect();
    let pairs = pair(&keys_a, &keys_b);
    drop((keys_a, keys_b));
    let inputs = [first.to_path_buf(), second.to_path_buf()];
    let mut pgn_out = match output {
        Some(p) => match create_output(p, &inputs) {
            Ok(f) => Some(f),
            Err(c) => return c,
        },
        None => None,
    };
    // With -o the agreed games go there; standard output then has the report (in words
    // when the format asked for is the PGN itself).
    let format = if format == ReconcileFormat::Pgn && pgn_out.is_some() {
        ReconcileFormat::Text
    } else {
        format
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written = (|| -> io::Result<(usize, usize)> {
        match format {
            ReconcileFormat::Csv => writeln!(
                out,
                "pair,first_file,first_game,second_file,second_game,white,black,{}",
                archive_report::CSV_COLUMNS
            )?,
            ReconcileFormat::Html => {
                let mut s = String::new();
                crate::report::html::page_start(&mut s, i18n::ui(lang, "archive_title"), lang);
                out.write_all(s.as_bytes())?;
            }
            _ => {}
        }
        let (mut differing, mut stopped) = (0, 0);
        for (n, &(i, j)) in pairs.iter().enumerate() {
            let (ga, gb) = (&a[i], &b[j]);
            let ta = spool.get(ga.at, ga.len)?;
            let tb = spool.get(gb.at, gb.len)?;
            let r = reconcile_copies(&ta, &tb);
            differing += usize::from(!r.differences.is_empty());
            stopped += usize::from(r.stopped.is_some());
            let pgn = agreed_pgn(&r.text(), to);
            if let Some(f) = pgn_out.as_mut() {
                f.write_all(pgn.as_bytes())?;
                f.write_all(b"\n")?;
            }
            let pair_no = n + 1;
            match format {
                ReconcileFormat::Pgn => {
                    out.write_all(pgn.as_bytes())?;
                    out.write_all(b"\n")?;
                }
                ReconcileFormat::Jsonl => {
                    let serde_json::Value::Object(map) = serde_json::json!({
                        "pair": pair_no,
                        "first_file": ga.file,
                        "first_game": ga.game,
                        "second_file": gb.file,
                        "second_game": gb.game,
                        "white": ga.key.white_name,
                        "black": ga.key.black_name,
                    }) else {
                        continue;
                    };
                    out.write_all(archive_report::jsonl(&r, Some(&map)).as_bytes())?;
                }
                ReconcileFormat::Text => {
                    writeln!(
                        out,
                        "{}",
                        pair_words(pair_no, ga, gb, r.differences.len(), lang)
                    )?;
                    for d in &r.differences {
                        writeln!(out, "  {}", archive_report::difference_words(d, lang))?;
                    }
                    writeln!(out, "  {}", archive_report::summary_words(&r, lang))?;
                }
                ReconcileFormat::Csv => {
                    let prefix = [
                        pair_no.to_string(),
                        csv_field(&ga.file),
                        ga.game.to_string(),
                        csv_field(&gb.file),
                        gb.game.to_string(),
                        csv_field(&ga.key.white_name),
                        csv_field(&ga.key.black_name),
                    ];
                    out.write_all(archive_report::csv_rows(&r, &prefix).as_bytes())?;
                }
                ReconcileFormat::Html => {
                    let mut s = String::new();
                    archive_report::html_section(
                        &mut s,
                        &r,
                        &pair_words(pair_no, ga, gb, r.differences.len(), lang),
                        &pgn,
                        lang,
                    );
                    out.write_all(s.as_bytes())?;
                }
            }
        }
        // The games found in one archive only.
        let mut paired = (vec![false; a.len()], vec![false; b.len()]);
        for &(i, j) in &pairs {
            paired.0[i] = true;
            paired.1[j] = true;
        }
        let only: Vec<(&str, &Stored)> = a
            .iter()
            .zip(&paired.0)
            .filter(|(_, p)| !**p)
            .map(|(g, _)| ("first", g))
            .chain(
                b.iter()
                    .zip(&paired.1)
                    .filter(|(_, p)| !**p)
                    .map(|(g, _)| ("second", g)),
            )
            .collect();
        if format == ReconcileFormat::Html && !only.is_empty() {
            out.write_all(b"<section>\n<ul>\n")?;
        }
        for (side, g) in &only {
            match format {
                ReconcileFormat::Jsonl => writeln!(
                    out,
                    "{}",
                    serde_json::json!({
                        "only_in": side,
                        "file": g.file,
                        "game": g.game,
                        "white": g.key.white_name,
                        "black": g.key.black_name,
                        "date": g.key.date,
                        "plies": g.key.plies,
                    })
                )?,
                ReconcileFormat::Csv => {
                    let (ff, fg, sf, sg) = if *side == "first" {
                        (
                            csv_field(&g.file),
                            g.game.to_string(),
                            String::new(),
                            String::new(),
                        )
                    } else {
                        (
                            String::new(),
                            String::new(),
                            csv_field(&g.file),
                            g.game.to_string(),
                        )
                    };
                    writeln!(
                        out,
                        ",{ff},{fg},{sf},{sg},{},{},,,,only_in_{side},,,,,,,",
                        csv_field(&g.key.white_name),
                        csv_field(&g.key.black_name)
                    )?
                }
                ReconcileFormat::Text => writeln!(out, "{}", only_words(side, g, lang))?,
                ReconcileFormat::Html => writeln!(
                    out,
                    "<li>{}</li>",
                    crate::report::html::escape(&only_words(side, g, lang))
                )?,
                ReconcileFormat::Pgn => {}
            }
        }
        let only_first = only.iter().filter(|(s, _)| *s == "first").count();
        let totals = [
            ("pairs", pairs.len().to_string()),
            ("differing", differing.to_string()),
            ("only_first", only_first.to_string()),
            ("only_second", (only.len() - only_first).to_string()),
        ];
        let words = || {
            let args: Vec<(&str, &str)> = totals.iter().map(|(k, v)| (*k, v.as_str())).collect();
            i18n::fill(lang, "archive_totals", &args)
        };
        match format {
            ReconcileFormat::Jsonl => writeln!(
                out,
                "{}",
                serde_json::json!({
                    "pairs": pairs.len(),
                    "differing": differing,
                    "stopped": stopped,
                    "only_in_first": only_first,
                    "only_in_second": only.len() - only_first,
                })
            )?,
            ReconcileFormat::Text => writeln!(out, "{}", words())?,
            ReconcileFormat::Html => {
                if !only.is_empty() {
                    out.write_all(b"</ul>\n</section>\n")?;
                }
                let mut s = format!("<p>{}</p>\n", crate::report::html::escape(&words()));
                crate::report::html::page_end(&mut s);
                out.write_all(s.as_bytes())?;
            }
            _ => {}
        }
        out.flush()?;
        Ok((differing + stopped, only.len()))
    })();
    let (differing, only) = match written {
        Ok(w) => w,
        Err(e) => return write_failed(&e, ""),
    };
    if let Some(f) = pgn_out {
        if let Err(e) = f.commit() {
            return write_failed(
                &e,
                &output
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default(),
            );
        }
    }
    if differing == 0 && only == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn pair_words(n: usize, a: &Stored, b: &Stored, differences: usize, lang: ReportLang) -> String {
    i18n::fill(
        lang,
        "archive_pair",
        &[
            ("pair", &n.to_string()),
            ("first", &place(a)),
            ("second", &place(b)),
            ("white", &a.key.white_name),
            ("black", &a.key.black_name),
            ("differences", &differences.to_string()),
        ],
    )
}

fn only_words(side: &str, g: &Stored, lang: ReportLang) -> String {
    i18n::fill(
        lang,
        if side == "first" {
            "archive_only_first"
        } else {
            "archive_only_second"
        },
        &[
            ("game", &place(g)),
            ("white", &g.key.white_name),
            ("black", &g.key.black_name),
            ("date", &g.key.date),
        ],
    )
}
