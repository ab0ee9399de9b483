//! `scoresheet convert`: real games in every language and notation become standard English
//! PGN with exactly the original moves; the output keeps the PGN export format (checked here
//! by a reader of its own, independent of the writer); English → any language → English is
//! the identity; golden outputs in `corpora/convert/` (`UPDATE_GOLDEN=1 cargo test --release
//! --test convert` rewrites them; review the diff); exit statuses and `--strict`; and, when
//! `../shared` is there, the export rules, idempotence and the Italian round trip over every
//! shared archive.

mod common;

use std::path::{Path, PathBuf};

use common::{read_tsv, repo, run_with_stdin, scoresheet, shared};
use rayon::prelude::*;
use scoresheet::{
    export::{convert_game, ConvertOptions, Notation},
    notation::{
        languages::{by_code, english, languages},
        split::GameSplitter,
    },
    replay::{validate_text, LangChoice, Options},
};

/// Exit status, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = scoresheet().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Convert every game of a file's bytes as the command does: games separated by a blank
/// line. Also how many were not converted whole.
fn convert_all(bytes: &[u8], opts: &ConvertOptions) -> (String, usize) {
    let mut out = String::new();
    let mut partial = 0;
    for (i, g) in GameSplitter::new(bytes).enumerate() {
        let c = convert_game(&g.unwrap(), "", opts);
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&c.pgn);
        partial += usize::from(!c.complete);
    }
    (out, partial)
}

fn to(code: &str, notation: Notation) -> ConvertOptions {
    ConvertOptions {
        to: by_code(code).unwrap(),
        notation,
        ..ConvertOptions::default()
    }
}

fn from(code: &str) -> ConvertOptions {
    ConvertOptions {
        from: LangChoice::Fixed(by_code(code).unwrap()),
        ..ConvertOptions::default()
    }
}

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A movetext token, as an export-format reader sees it.
#[derive(Debug, PartialEq)]
enum Tok {
    Number { n: u32, black: bool },
    Move,
    Nag,
    Comment,
    Open,
    Close,
    Result(String),
}

fn tokenize(movetext: &str) -> Result<Vec<Tok>, String> {
    let mut toks = Vec::new();
    let mut chars = movetext.char_indices().peekable();
    let mut line_start = true;
    while let Some((i, c)) = chars.next() {
        if c == '\n' {
            line_start = true;
            continue;
        }
        let at_start = std::mem::replace(&mut line_start, false);
        match c {
            c if c.is_whitespace() => line_start = at_start,
            '%' if at_start => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            ';' => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
                toks.push(Tok::Comment);
            }
            '{' => {
                loop {
                    match chars.next() {
                        Some((_, '}')) => break,
                        Some(_) => {}
                        None => return Err("a comment is not closed".into()),
                    }
                }
                toks.push(Tok::Comment);
            }
            '(' => toks.push(Tok::Open),
            ')' => toks.push(Tok::Close),
            _ => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_whitespace() || matches!(d, '{' | '}' | '(' | ')' | ';') {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                let word = &movetext[i..end];
                let digits = word.trim_end_matches('.');
                if let Some(n) = word.strip_prefix('$') {
                    n.parse::<u8>().map_err(|_| format!("bad NAG `{word}`"))?;
                    toks.push(Tok::Nag);
                } else if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                    toks.push(Tok::Result(word.to_string()));
                } else if digits.len() < word.len() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    let dots = word.len() - digits.len();
                    if dots != 1 && dots != 3 {
                        return Err(format!("bad move number `{word}`"));
                    }
                    toks.push(Tok::Number {
                        n: digits.parse().map_err(|_| format!("bad number `{word}`"))?,
                        black: dots == 3,
                    });
                } else {
                    toks.push(Tok::Move);
                }
            }
        }
    }
    Ok(toks)
}

/// Check one game against the export format: the Seven Tag Roster first and in order, one
/// blank line, movetext lines under 80 characters, `N.` before every White move and `N...`
/// before a Black move exactly when it opens a game or variation or follows a comment or a
/// variation, and the Result tag's value as the last token.
fn check_game(game: &str) -> Result<(), String> {
    let (head, movetext) = game
        .split_once("\n\n")
        .ok_or("no blank line after the tags")?;
    let mut names = Vec::new();
    let mut result_tag = None;
    let mut fen = None;
    for line in head.lines() {
        let inner = line
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix("\"]"))
            .ok_or_else(|| format!("not a tag line: {line}"))?;
        let (name, value) = inner
            .split_once(" \"")
            .ok_or_else(|| format!("not a tag pair: {line}"))?;
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(format!("bad tag name: {line}"));
        }
        if name == "Result" {
            result_tag = Some(value.to_string());
        }
        if name == "FEN" {
            fen = Some(value.to_string());
        }
        names.push(name.to_string());
    }
    if names.len() < 7 || names[..7] != ROSTER {
        return Err(format!("tags do not open with the roster: {names:?}"));
    }
    if names[7..].iter().any(|n| ROSTER.contains(&n.as_str())) {
        return Err("a roster tag after the roster".into());
    }
    if movetext.is_empty() || !movetext.ends_with('\n') || movetext.ends_with("\n\n") {
        return Err("movetext missing, or not ended by one line break".into());
    }
    for line in movetext.lines() {
        if line.trim().is_empty() {
            return Err("a blank line in the movetext".into());
        }
        if line.chars().count() > 79 {
            return Err(format!(
                "line of {} characters: {line}",
                line.chars().count()
            ));
        }
    }
    let toks = tokenize(movetext)?;
    match toks.last() {
        Some(Tok::Result(r)) if Some(r) == result_tag.as_ref() => {}
        other => {
            return Err(format!(
                "the movetext ends with {other:?}, not the Result tag"
            ))
        }
    }
    let start = match &fen {
        Some(f) => {
            let fields: Vec<&str> = f.split_whitespace().collect();
            (
                fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1u32),
                fields.get(1) == Some(&"b"),
            )
        }
        None => (1, false),
    };
    // (move number, Black to move) next on each line, and before its last move
    type Turn = (u32, bool);
    let mut stack: Vec<(Turn, Option<Turn>)> = vec![(start, None)];
    let mut forced = true;
    let mut pending: Option<(u32, bool)> = None;
    for (k, t) in toks.iter().enumerate() {
        if pending.is_some() && *t != Tok::Move {
            return Err(format!("a move number not followed by a move (token {k})"));
        }
        match t {
            Tok::Number { n, black } => pending = Some((*n, *black)),
            Tok::Move => {
                let (state, _) = *stack.last().unwrap();
                let (n, black) = state;
                let want = if !black || forced {
                    Some((n, black))
                } else {
                    None
                };
                if pending != want {
                    return Err(format!(
                        "move {k}: number {pending:?} where {want:?} was due\n{movetext}"
                    ));
                }
                pending = None;
                forced = false;
                let next = if black { (n + 1, false) } else { (n, true) };
                *stack.last_mut().unwrap() = (next, Some(state));
            }
            Tok::Comment => forced = true,
            Tok::Open => {
                let (state, before) = *stack.last().unwrap();
                stack.push((before.unwrap_or(state), None));
                forced = true;
            }
            Tok::Close => {
                if stack.len() < 2 {
                    return Err("`)` without `(`".into());
                }
                stack.pop();
                forced = true;
            }
            Tok::Nag => {}
            Tok::Result(_) if k + 1 == toks.len() && stack.len() == 1 => {}
            Tok::Result(_) => return Err("a result before the end".into()),
        }
    }
    Ok(())
}

/// Check every game of a converted file; games are separated by exactly one blank line.
fn check_export(text: &str) -> Result<usize, String> {
    if !text.ends_with('\n') || text.ends_with("\n\n") {
        return Err("the output does not end with exactly one line break".into());
    }
    let mut games = 0;
    let mut rest = text;
    while !rest.is_empty() {
        // a game: its tags, a blank line, its movetext up to the next blank line
        let head_end = rest.find("\n\n").ok_or("a game without movetext")? + 2;
        let body_end = rest[head_end..]
            .find("\n\n")
            .map_or(rest.len(), |i| head_end + i + 1);
        let game = &rest[..body_end];
        check_game(game).map_err(|e| format!("game {}: {e}\n{game}", games + 1))?;
        games += 1;
        rest = &rest[body_end..];
        if let Some(r) = rest.strip_prefix('\n') {
            if !r.starts_with('[') {
                return Err(format!(
                    "game {games}: not one blank line before the next game"
                ));
            }
            rest = r;
        }
    }
    Ok(games)
}

fn localized() -> PathBuf {
    repo().join("corpora/localized")
}

#[test]
fn localized_renderings_convert_to_the_original_pgn() {
    let source = std::fs::read_to_string(localized().join("source.pgn")).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(localized())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 14, "{files:?}");
    for f in &files {
        let rel = f
            .strip_prefix(repo())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        let (code, out, err) = run(&["convert", "-q", &rel]);
        assert_eq!(code, 0, "{rel}: {err}");
        // The renderings carry the source's tags: the whole output is the source, byte
        // for byte (moves, check marks, numbering, layout).
        assert!(
            out == source,
            "{rel}: converted output differs from source.pgn"
        );
        check_export(&out).unwrap();
    }
}

#[test]
fn english_converts_to_each_localized_rendering() {
    let source = localized().join("source.pgn");
    for (code, notation, file) in [
        ("de", "san", "de.pgn"),
        ("fr", "san", "fr.pgn"),
        ("es", "san", "es.pgn"),
        ("nl", "san", "nl.pgn"),
        ("pl", "san", "pl.pgn"),
        ("hu", "san", "hu.pgn"),
        ("ru", "san", "ru.pgn"),
        ("figurine", "san", "figurine-black.pgn"),
        ("it", "san", "it-san.pgn"),
        ("it", "lan", "it-lan.pgn"),
    ] {
        let (status, out, err) = run(&[
            "convert",
            "-q",
            "--to-lang",
            code,
            "--notation",
            notation,
            source.to_str().unwrap(),
        ]);
        assert_eq!(status, 0, "{err}");
        let want = std::fs::read_to_string(localized().join(file)).unwrap();
        if code == "it" {
            // Italian output marks the en passant capture of game 1 (12.axb6)
            assert_eq!(out.matches(" e.p.").count(), 1, "{file}");
            // and is otherwise the rendering (its lines wrap one word differently)
            let unmarked = out.replace(" e.p.", "");
            let want_moves: Vec<&str> = want.split_whitespace().collect();
            let got_moves: Vec<&str> = unmarked.split_whitespace().collect();
            assert_eq!(got_moves, want_moves, "{file}");
        } else {
            assert!(out == want, "--to-lang {code}: differs from {file}");
        }
    }
}

#[test]
fn italian_scoresheet_converts_to_the_original_moves() {
    let rows: Vec<_> = read_tsv(&localized().join("expected.tsv"))
        .into_iter()
        .filter(|r| r["file"] == "it-scoresheet.txt")
        .collect();
    assert_eq!(rows.len(), 12);
    let bytes = std::fs::read(localized().join("it-scoresheet.txt")).unwrap();
    let (out, partial) = convert_all(&bytes, &ConvertOptions::default());
    assert_eq!(partial, 0);
    assert_eq!(check_export(&out).unwrap(), 12);
    let games: Vec<&str> = out.split("\n\n[").collect();
    for (row, game) in rows.iter().zip(&games) {
        let game = if game.starts_with('[') {
            game.to_string()
        } else {
            format!("[{game}")
        };
        let r = validate_text(&game, &Options::default());
        assert_eq!(r.status, "ok", "{:?}", r.findings);
        let want: Vec<&str> = row["san"].split_whitespace().collect();
        assert_eq!(r.mainline_san(english()), want, "game {}", row["game"]);
        assert_eq!(r.final_fen, row["fen"]);
    }
    // the scoresheet's `e.p.` is gone, its `(=)` is a comment after 47...Rh5, and the
    // headers are the roster
    assert!(!out.contains("e.p."));
    assert!(
        games[0].contains("47. Nh4+ Kh5 {(=)} 48. Nf5"),
        "{}",
        games[0]
    );
    assert!(games[0].contains("12. axb6 axb6"));
    assert!(out.starts_with(
        "[Event \"CCT Final KO 2023\"]\n[Site \"?\"]\n[Date \"2023.12.14\"]\n[Round \"?\"]\n[White \"Caruana,F\"]\n[Black \"Carlsen,M\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5"
    ));
}

/// The canonical English PGN of a file, and of a few more games with everything in them.
fn canonical_games() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for f in [
        "corpora/localized/source.pgn",
        "corpora/convert/annotated.pgn",
        "corpora/convert/errors.pgn",
        "corpora/convert/scoresheet-it.txt",
        "corpora/golden/chess960.pgn",
        "corpora/golden/notations.pgn",
    ] {
        let bytes = std::fs::read(repo().join(f)).unwrap();
        out.push((
            f.to_string(),
            convert_all(&bytes, &ConvertOptions::default()).0,
        ));
    }
    out
}

#[test]
fn every_language_and_notation_converts_back_to_the_same_pgn() {
    let mut checked = 0;
    for (name, en) in canonical_games() {
        check_export(&en).unwrap_or_else(|e| panic!("{name}: {e}"));
        // canonical PGN converts to itself
        let again = convert_all(en.as_bytes(), &ConvertOptions::default()).0;
        assert!(again == en, "{name}: not idempotent");
        for lang in languages() {
            for notation in [Notation::San, Notation::Lan, Notation::Uci] {
                let there = convert_all(en.as_bytes(), &to(&lang.code, notation)).0;
                if lang.code == "en" || notation == Notation::Uci {
                    check_export(&there).unwrap_or_else(|e| panic!("{name} {notation:?}: {e}"));
                }
                // UCI has no piece letters but English promotion letters (`e7e8q`)
                let read_as = if notation == Notation::Uci {
                    "en"
                } else {
                    &lang.code
                };
                let back = convert_all(there.as_bytes(), &from(read_as)).0;
                assert!(
                    back == en,
                    "{name}: en → {} {notation:?} → en differs:\n{there}",
                    lang.code
                );
                checked += 1;
            }
        }
        // Italian is read back without saying so
        let it = convert_all(en.as_bytes(), &to("it", Notation::San)).0;
        assert!(convert_all(it.as_bytes(), &ConvertOptions::default()).0 == en);
    }
    println!("{checked} round trips");
}

#[test]
fn italian_output_follows_the_scoresheet_conventions() {
    let en = std::fs::read_to_string(repo().join("corpora/convert/scoresheet-it.en.pgn")).unwrap();
    assert!(
        en.contains("10. exf6 Nxf6 11. Ne5 $1 Bd6 {(=)} 12. Bh5+"),
        "{en}"
    );
    let (code, it, _) = run(&[
        "convert",
        "-q",
        "--to-lang",
        "it",
        "corpora/convert/scoresheet-it.en.pgn",
    ]);
    assert_eq!(code, 0);
    // e.p. written (FIDE C.9.3), the draw offer back to `(=)`, glyphs on their moves
    assert!(
        it.contains("10. exf6 e.p. Cxf6 11. Ce5! Ad6 (=) 12. Ah5+ Rf8"),
        "{it}"
    );
}

struct Golden {
    input: &'static str,
    args: &'static [&'static str],
    expected: &'static str,
    status: i32,
}

const GOLDEN: &[Golden] = &[
    Golden {
        input: "annotated.pgn",
        args: &[],
        expected: "annotated.en.pgn",
        status: 0,
    },
    Golden {
        input: "annotated.pgn",
        args: &["--to-lang", "it"],
        expected: "annotated.it.pgn",
        status: 0,
    },
    Golden {
        input: "annotated.pgn",
        args: &["--to-lang", "de", "--notation", "lan"],
        expected: "annotated.de.lan.pgn",
        status: 0,
    },
    Golden {
        input: "annotated.pgn",
        args: &["--notation", "uci"],
        expected: "annotated.uci.pgn",
        status: 0,
    },
    Golden {
        input: "annotated.pgn",
        args: &["--to-lang", "figurine"],
        expected: "annotated.figurine.pgn",
        status: 0,
    },
    Golden {
        input: "scoresheet-it.txt",
        args: &[],
        expected: "scoresheet-it.en.pgn",
        status: 0,
    },
    Golden {
        input: "scoresheet-de.txt",
        args: &[],
        expected: "scoresheet-de.en.pgn",
        status: 0,
    },
    Golden {
        input: "scoresheet-fr.txt",
        args: &[],
        expected: "scoresheet-fr.en.pgn",
        status: 0,
    },
    Golden {
        input: "errors.pgn",
        args: &[],
        expected: "errors.en.pgn",
        status: 1,
    },
    Golden {
        input: "errors.pgn",
        args: &["--strict"],
        expected: "errors.strict.pgn",
        status: 1,
    },
];

#[test]
fn golden_outputs() {
    let dir = Path::new("corpora/convert");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for g in GOLDEN {
        let input = dir.join(g.input);
        let mut args = vec!["convert", "-q"];
        args.extend(g.args);
        args.push(input.to_str().unwrap());
        let (code, out, err) = run(&args);
        assert_eq!(code, g.status, "{}: {err}", g.expected);
        let path = repo().join(dir).join(g.expected);
        if update {
            std::fs::write(&path, &out).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap();
        if out != want {
            failures.push(format!("{}:\n{out}", g.expected));
        }
    }
    assert!(
        failures.is_empty(),
        "outputs differ (UPDATE_GOLDEN=1 rewrites them):\n{}",
        failures.join("\n")
    );
}

#[test]
fn errors_are_kept_and_reported() {
    let (code, out, err) = run(&["convert", "-q", "corpora/convert/errors.pgn"]);
    assert_eq!(code, 1);
    assert_eq!(out.matches("[Event ").count(), 6);
    assert_eq!(err.matches("not converted whole").count(), 5, "{err}");
    assert!(err.contains("game 1 (line 1) not converted whole: move 7.: `Nxe7` is illegal"));
    // up to the last good move, the problem and the rest as written in a comment
    assert!(out.contains(
        "6... Nxd5 {Not converted from move 7.: `Nxe7` is illegal: no\nknight of White can reach e7; e7 is empty, there is nothing to capture; as\nwritten: Nxe7 Qxe7} 1-0"
    ), "{out}");
    assert!(out.contains("`Nd2` fits 2 legal moves"));
    check_export(&out).unwrap();
    let (code, out, err) = run(&["convert", "-q", "--strict", "corpora/convert/errors.pgn"]);
    assert_eq!(code, 1);
    assert_eq!(out.matches("[Event ").count(), 1, "{out}");
    assert_eq!(err.matches("left out").count(), 5, "{err}");
    check_export(&out).unwrap();
}

#[test]
fn exit_statuses_output_file_and_standard_input() {
    let (code, out, err) = run(&["convert", "corpora/convert/scoresheet-de.txt"]);
    assert_eq!(code, 0);
    assert!(err.contains("1 games, 1 converted whole"), "{err}");
    let tmp = std::env::temp_dir().join(format!("scoresheet-convert-{}.pgn", std::process::id()));
    let (code, _, _) = run(&[
        "convert",
        "-q",
        "corpora/convert/scoresheet-de.txt",
        "-o",
        tmp.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(&tmp).unwrap(), out);
    let _ = std::fs::remove_file(&tmp);
    let piped = run_with_stdin(
        scoresheet().args(["convert", "-q", "-"]),
        std::fs::read(repo().join("corpora/convert/scoresheet-de.txt")).unwrap(),
    );
    assert_eq!(piped.status.code(), Some(0));
    assert_eq!(String::from_utf8(piped.stdout).unwrap(), out);
    for args in [
        &[
            "convert",
            "--to-lang",
            "xx",
            "corpora/convert/annotated.pgn",
        ][..],
        &[
            "convert",
            "--from-lang",
            "xx",
            "corpora/convert/annotated.pgn",
        ],
        &[
            "convert",
            "--notation",
            "descriptive",
            "corpora/convert/annotated.pgn",
        ],
        &["convert", "corpora/convert/no-such-file.pgn"],
        &[
            "convert",
            "corpora/convert/annotated.pgn",
            "-o",
            "corpora/convert/annotated.pgn",
        ],
    ] {
        assert_eq!(run(args).0, 2, "{args:?}");
    }
    // the input was not touched by the refused `-o`
    assert!(
        std::fs::read_to_string(repo().join("corpora/convert/annotated.pgn"))
            .unwrap()
            .contains("Berlin")
    );
}

#[test]
fn every_shared_archive_converts_in_export_format_and_back() {
    let Some(shared) = shared() else {
        eprintln!("skipped: ../shared/corpora is not beside this checkout");
        return;
    };
    let corpora = shared.join("corpora");
    let files = common::corpus_files(&corpora);
    assert!(files.len() > 400);
    let it = to("it", Notation::San);
    let results: Vec<(usize, usize, Vec<String>)> = files
        .par_iter()
        .map(|path| {
            let rel = path.strip_prefix(&corpora).unwrap().display().to_string();
            let bytes = std::fs::read(path).unwrap();
            let (en, partial) = convert_all(&bytes, &ConvertOptions::default());
            let mut problems = Vec::new();
            let games = match check_export(&en) {
                Ok(n) => n,
                Err(e) => {
                    problems.push(format!("{rel}: {}", &e[..e.len().min(2000)]));
                    0
                }
            };
            if convert_all(en.as_bytes(), &ConvertOptions::default()).0 != en {
                problems.push(format!("{rel}: converting the output again changes it"));
            }
            let italian = convert_all(en.as_bytes(), &it).0;
            if convert_all(italian.as_bytes(), &ConvertOptions::default()).0 != en {
                problems.push(format!("{rel}: English → Italian → English changes it"));
            }
            (games, partial, problems)
        })
        .collect();
    let games: usize = results.iter().map(|r| r.0).sum();
    let partial: usize = results.iter().map(|r| r.1).sum();
    let problems: Vec<&String> = results.iter().flat_map(|r| &r.2).collect();
    println!(
        "{} files, {games} games, {partial} not converted whole",
        files.len()
    );
    assert!(games > 220_000, "{games} games");
    assert!(
        problems.is_empty(),
        "{} files with problems:\n{}",
        problems.len(),
        problems
            .iter()
            .take(10)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_format_checker_catches_what_it_should() {
    let good = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 {c} 1... e5 (1... c5 2. Nf3) 2. Nf3 *\n";
    assert_eq!(check_export(good), Ok(1));
    for bad in [
        good.replace("1... e5", "e5"),
        good.replace("2. Nf3 *", "Nf3 *"),
        good.replace("(1... c5", "(c5"),
        good.replace(" *\n", " 1-0\n"),
        good.replace("[Site \"?\"]\n", ""),
        good.replace("\n\n1.", "\n1."),
        good.replace("{c}", &format!("{{{}}}", "c".repeat(80))),
    ] {
        assert!(check_export(&bad).is_err(), "{bad}");
    }
}

/// Converting a converted file changes nothing, for every bundled corpus file (scoresheets
/// whose unconverted rests hold header words included), and header words inside comments
/// stay comments.
#[test]
fn every_bundled_file_converts_back_to_itself() {
    let mut checked = 0;
    for path in common::corpus_files(&repo().join("corpora")) {
        let name = path.to_string_lossy().to_string();
        if !(name.ends_with(".pgn") || name.ends_with(".txt")) || name.contains("/envelopes/") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let (once, _) = convert_all(&bytes, &ConvertOptions::default());
        let (twice, _) = convert_all(once.as_bytes(), &ConvertOptions::default());
        assert!(
            once == twice,
            "{name}: converting the output again changes it"
        );
        checked += 1;
    }
    assert!(checked > 20, "{checked} files");
    let text = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {analysis by\nWhite: he wanted more} e5 2. Nf3 1-0\n";
    let (out, partial) = convert_all(text.as_bytes(), &ConvertOptions::default());
    assert_eq!(partial, 0);
    assert!(out.contains("[White \"?\"]"), "{out}");
    assert!(
        out.contains("{analysis by White: he wanted more} 1... e5 2. Nf3 1-0"),
        "{out}"
    );
}
