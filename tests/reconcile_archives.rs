//! `scoresheet reconcile` of archive copies (issue 36): two transcriptions of one game from
//! two collections, and `reconcile --archives` over two whole archives.
//!
//! corpora/reconcile/archives/real: 30 real pairs (one game, two upstream copies inside one
//! compilation of the shared corpus, see its SOURCES.md); pillsbury-87.pgn: 87 games of the
//! shared corpus, altered here by transposition, a dropped pair, a changed move, a cut end.

mod common;

use std::path::{Path, PathBuf};

use common::{repo, scoresheet, shared};
use scoresheet::{
    notation::languages::english,
    repair::archives::{reconcile_copies, ArchiveReconciled},
    replay::{render::san_in, validate_text, Options},
};
use serde_json::Value;
use shakmaty::{Chess, Move, Position};

fn archives() -> PathBuf {
    repo().join("corpora/reconcile/archives")
}

/// The moves of a PGN text as written, marks (`+#!?`), move numbers, comments and results
/// aside.
fn tokens(text: &str) -> Vec<String> {
    let movetext = text.split_once("\n\n").map_or(text, |(_, m)| m);
    let mut out = Vec::new();
    let mut depth = 0;
    for word in movetext
        .replace('{', " { ")
        .replace('}', " } ")
        .replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
    {
        match word {
            "{" | "(" => depth += 1,
            "}" | ")" => depth -= 1,
            _ if depth > 0 => {}
            "1-0" | "0-1" | "1/2-1/2" | "*" => {}
            w if w.starts_with('$') => {}
            w => {
                let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                let w = w.trim_end_matches(['+', '#', '!', '?']);
                if !w.is_empty() {
                    out.push(w.to_string());
                }
            }
        }
    }
    out
}

fn agreed_sans(r: &ArchiveReconciled) -> Vec<String> {
    let mut pos = r.start.clone();
    r.moves
        .iter()
        .map(|&m| {
            let s = san_in(&pos, m, english());
            pos.play_unchecked(m);
            s.trim_end_matches(['+', '#']).to_string()
        })
        .collect()
}

/// The regions where two token lists differ (a longest common subsequence diff):
/// `(x range, y range)`, between equal runs.
type Region = ((usize, usize), (usize, usize));

fn diff(x: &[String], y: &[String]) -> Vec<(bool, Region)> {
    let (n, m) = (x.len(), y.len());
    let w = m + 1;
    let mut l = vec![0u32; (n + 1) * w];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            l[i * w + j] = if x[i] == y[j] {
                l[(i + 1) * w + j + 1] + 1
            } else {
                l[(i + 1) * w + j].max(l[i * w + j + 1])
            };
        }
    }
    let mut ops: Vec<(bool, Region)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        let equal = i < n && j < m && x[i] == y[j] && l[i * w + j] == l[(i + 1) * w + j + 1] + 1;
        let (di, dj) = if equal {
            (1, 1)
        } else if j == m || (i < n && l[(i + 1) * w + j] >= l[i * w + j + 1]) {
            (1, 0)
        } else {
            (0, 1)
        };
        match ops.last_mut() {
            Some((eq, ((_, xe), (_, ye)))) if *eq == equal => {
                *xe += di;
                *ye += dj;
            }
            _ => ops.push((equal, ((i, i + di), (j, j + dj)))),
        }
        i += di;
        j += dj;
    }
    ops
}

/// Whether the agreed game is, region by region of the copies' diff, one copy's reading:
/// never a mix inside a region.
fn follows_one_copy_per_region(g: &[String], x: &[String], y: &[String]) -> bool {
    let ops = diff(x, y);
    fn walk(
        k: usize,
        at: usize,
        ops: &[(bool, Region)],
        g: &[String],
        x: &[String],
        y: &[String],
    ) -> bool {
        let Some(&(equal, ((x0, x1), (y0, y1)))) = ops.get(k) else {
            return at == g.len();
        };
        let fits = |seg: &[String]| g.get(at..at + seg.len()) == Some(seg);
        if equal {
            return fits(&x[x0..x1]) && walk(k + 1, at + x1 - x0, ops, g, x, y);
        }
        (fits(&x[x0..x1]) && walk(k + 1, at + x1 - x0, ops, g, x, y))
            || (fits(&y[y0..y1]) && walk(k + 1, at + y1 - y0, ops, g, x, y))
    }
    walk(0, 0, &ops, g, x, y)
}

fn read(p: &Path) -> String {
    scoresheet::notation::decode::decode(&std::fs::read(p).unwrap()).into_owned()
}

/// Every real pair, in both argument orders: no run fails, every region where the copies
/// differ is a difference of the record (with both readings), and the agreed game takes
/// each region whole from one copy.
#[test]
fn real_pairs_in_both_orders() {
    let dir = archives().join("real");
    let mut pairs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-a.pgn"))
        .collect();
    pairs.sort();
    assert_eq!(pairs.len(), 30);
    let mut disagree = 0;
    for a in &pairs {
        let b = PathBuf::from(a.to_string_lossy().replace("-a.pgn", "-b.pgn"));
        let (ta, tb) = (read(a), read(&b));
        for (x, y) in [(&ta, &tb), (&tb, &ta)] {
            let r = reconcile_copies(x, y);
            assert_eq!(r.stopped, None, "{}", a.display());
            let (tx, ty) = (tokens(x), tokens(y));
            let regions = diff(&tx, &ty).iter().filter(|(eq, _)| !eq).count();
            let moves: Vec<_> = r
                .differences
                .iter()
                .filter(|d| d.kind != "result")
                .collect();
            assert!(
                moves.len() >= regions,
                "{}: {regions} regions, {moves:?}",
                a.display()
            );
            for d in &moves {
                assert!(d.taken_from == "first" || d.taken_from == "second");
                assert!(!(d.first_wrote.is_empty() && d.second_wrote.is_empty()));
                disagree += usize::from(d.decided_by == "sources_disagree");
            }
            assert!(
                follows_one_copy_per_region(&agreed_sans(&r), &tx, &ty),
                "{}: {:?}",
                a.display(),
                agreed_sans(&r)
            );
        }
    }
    println!("real pairs: 60 runs, {disagree} differences where the sources disagree");
}

/// The CLI on two real pairs, both orders: the record names both readings.
#[test]
fn the_cli_reports_every_stretch() {
    let dir = archives().join("real");
    // Pair 23: 30...Qxf8 31.Bxf8 only in the second copy; the first copy's later `Qxe7`
    // (a capture only without the exchange) decides. Pair 12: `6...Nxc3 7.bxc3` placed six
    // moves later in the other copy, a transposition (it stopped reconcile before).
    for (pair, kind, by) in [("23", "only_second", "marks"), ("12", "transposition", "")] {
        let (a, b) = (
            dir.join(format!("{pair}-a.pgn")),
            dir.join(format!("{pair}-b.pgn")),
        );
        for (x, y) in [(&a, &b), (&b, &a)] {
            let out = scoresheet()
                .arg("reconcile")
                .args([x, y])
                .args(["--format", "jsonl"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1));
            let lines: Vec<Value> = String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            let kinds: Vec<&str> = lines.iter().filter_map(|l| l["kind"].as_str()).collect();
            let expected = if kind == "only_second" && x == &b {
                "only_first"
            } else {
                kind
            };
            assert!(kinds.contains(&expected), "{pair}: {lines:?}");
            if !by.is_empty() {
                assert!(lines.iter().any(|l| l["decided_by"] == by), "{lines:?}");
            }
        }
    }
    // Text and Italian words, CSV.
    let run = |args: &[&str]| {
        let out = scoresheet()
            .arg("reconcile")
            .args([dir.join("01-a.pgn"), dir.join("01-b.pgn")])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&["--format", "text"]);
    assert!(
        text.starts_with("difference 1 (stretch 1, ply 30, changed): first copy \"15...Nb5\", second copy \"15...Nef5\": taken from the first copy (sources_disagree"),
        "{text}"
    );
    let it = run(&["--format", "text", "--report-lang", "it"]);
    assert!(it.contains("le fonti discordano"), "{it}");
    let csv = run(&["--format", "csv"]);
    assert!(csv.starts_with("difference,stretch,ply,kind,"), "{csv}");
    assert_eq!(csv.lines().count(), 2);
    let html = run(&["--format", "html"]);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("15...Nef5"));
}

/// The games of a file (as `reconcile --archives` cuts them: by `[Event`).
fn games_of(text: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("[Event ") || games.is_empty() {
            games.push(String::new());
        }
        let g = games.last_mut().unwrap();
        g.push_str(line);
        g.push('\n');
    }
    games
}

fn moves_of(text: &str) -> (Chess, Vec<Move>) {
    let rec = validate_text(text, &Options::default());
    (rec.start.unwrap_or_default(), rec.mainline)
}

fn sans(start: &Chess, moves: &[Move]) -> Option<Vec<String>> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &m in moves {
        if !pos.is_legal(m) {
            return None;
        }
        out.push(san_in(&pos, m, english()));
        pos.play_unchecked(m);
    }
    Some(out)
}

fn pgn(tags: &str, sans: &[String]) -> String {
    let mut s = format!("{tags}\n\n");
    for (i, m) in sans.iter().enumerate() {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(m);
        s.push(' ');
    }
    s.push_str("*\n");
    s
}

/// Copies altered from real games: a cut end and a dropped pair give back the original; a
/// transposition and a changed move give one copy whole, reported as what it is; both
/// argument orders.
#[test]
fn altered_copies_of_real_games() {
    let text = read(&archives().join("pillsbury-87.pgn"));
    let (mut tried, mut kinds) = (0, std::collections::BTreeMap::<String, usize>::new());
    for game in games_of(&text).iter().take(40) {
        let (start, moves) = moves_of(game);
        if moves.len() < 40 || start != Chess::default() {
            continue;
        }
        let Some(orig) = sans(&start, &moves) else {
            continue;
        };
        let tags = "[Event \"copy\"]";
        let k = 16 + tried % 14;
        let mut variants: Vec<(&str, Vec<String>)> = Vec::new();
        // A cut end, a dropped pair.
        variants.push(("cut", orig[..orig.len() - 5].to_vec()));
        let mut dropped = orig.clone();
        dropped.drain(k..k + 2);
        variants.push(("dropped", dropped));
        // A transposition: plies k and k + 2 swapped, where legal to the same position.
        let mut swapped = moves.clone();
        swapped.swap(k, k + 2);
        if let Some(s) = sans(&start, &swapped) {
            variants.push(("transposed", s));
        }
        // A changed move: another legal move at ply k under which the rest replays as written.
        let mut pos = start.clone();
        for &m in &moves[..k] {
            pos.play_unchecked(m);
        }
        for other in pos.legal_moves() {
            if other == moves[k] {
                continue;
            }
            let mut text_moves = orig[..k].to_vec();
            let mut p = pos.clone();
            text_moves.push(san_in(&p, other, english()));
            p.play_unchecked(other);
            let rest_ok = orig[k + 1..].iter().all(|w| {
                let Ok(san) = w.parse::<shakmaty::san::SanPlus>() else {
                    return false;
                };
                match san.san.to_move(&p) {
                    Ok(m) => {
                        text_moves.push(san_in(&p, m, english()));
                        p.play_unchecked(m);
                        true
                    }
                    Err(_) => false,
                }
            });
            if rest_ok {
                variants.push(("changed", text_moves));
                break;
            }
        }
        let original = pgn(tags, &orig);
        for (kind, v) in &variants {
            let altered = pgn(tags, v);
            let strip = |s: &Vec<String>| -> Vec<String> {
                s.iter()
                    .map(|m| m.trim_end_matches(['+', '#']).to_string())
                    .collect()
            };
            for (x, y) in [(&original, &altered), (&altered, &original)] {
                let r = reconcile_copies(x, y);
                let got = agreed_sans(&r);
                assert!(!r.differences.is_empty(), "{kind}");
                match *kind {
                    "cut" | "dropped" => {
                        assert_eq!(got, strip(&orig), "{kind}: {:?}", r.differences)
                    }
                    _ => assert!(
                        got == strip(&orig) || got == strip(v),
                        "{kind}: a mix: {got:?}\n{:?}",
                        r.differences
                    ),
                }
                if *kind == "transposed" {
                    assert!(
                        r.differences.iter().all(|d| d.kind == "transposition"),
                        "{:?}",
                        r.differences
                    );
                }
                if *kind == "cut" {
                    assert_eq!(r.differences[0].decided_by, "kept_moves");
                }
            }
            *kinds.entry(kind.to_string()).or_default() += 1;
        }
        tried += 1;
    }
    println!("altered copies: {kinds:?}");
    assert!(tried >= 20, "{tried}");
    assert!(
        kinds.get("transposed").copied().unwrap_or(0) >= 5,
        "{kinds:?}"
    );
    assert!(kinds.get("changed").copied().unwrap_or(0) >= 5, "{kinds:?}");
}

/// Two files holding the same 87 games in different orders (some cut short, some players'
/// names spelled otherwise, a round left out) pair all 87, both argument orders; a game of
/// one archive only is listed; `-o` writes the 87 agreed games.
#[test]
fn archives_pair_every_game_in_any_order() {
    let a = archives().join("pillsbury-87.pgn");
    let games = games_of(&read(&a));
    assert_eq!(games.len(), 87);
    let mut other: Vec<String> = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let mut g = g.clone();
            if i % 7 == 3 {
                // `Pillsbury, Harry Nelson` -> `Pillsbury,H.`
                g = g.replace("Pillsbury, Harry Nelson", "Pillsbury,H.");
            }
            if i % 9 == 4 {
                g = g
                    .lines()
                    .filter(|l| !l.starts_with("[Round "))
                    .map(|l| format!("{l}\n"))
                    .collect();
            }
            if i % 5 == 2 {
                // The end cut: the last two words before the result.
                let words: Vec<&str> = g.split_inclusive(char::is_whitespace).collect();
                let n = words.iter().filter(|w| !w.trim().is_empty()).count();
                let mut seen = 0;
                let mut kept = String::new();
                for w in &words {
                    seen += usize::from(!w.trim().is_empty());
                    if seen + 3 <= n || w.trim().is_empty() {
                        kept.push_str(w);
                    }
                }
                g = format!("{} *\n", kept.trim_end());
            }
            g
        })
        .collect();
    other.reverse();
    let dir = std::env::temp_dir().join(format!("scoresheet-archives-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let b = dir.join("reversed.pgn");
    std::fs::write(&b, other.join("\n")).unwrap();
    for (x, y) in [(&a, &b), (&b, &a)] {
        let agreed = dir.join("agreed.pgn");
        let out = scoresheet()
            .args(["reconcile", "--archives"])
            .args([x, y])
            .args(["--format", "jsonl", "-o"])
            .arg(&agreed)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let totals = lines.last().unwrap();
        assert_eq!(totals["pairs"], 87, "{totals}");
        assert_eq!(totals["only_in_first"], 0);
        assert_eq!(totals["only_in_second"], 0);
        // Every pair is the same game: game i of the file read first with game 88 - i.
        for l in lines
            .iter()
            .filter(|l| l.get("plies").is_some() && l.get("pair").is_some())
        {
            let (f, s) = (
                l["first_game"].as_u64().unwrap(),
                l["second_game"].as_u64().unwrap(),
            );
            assert_eq!(f + s, 88, "{l}");
        }
        let written = std::fs::read_to_string(&agreed).unwrap();
        assert_eq!(written.matches("[Event ").count(), 87);
    }
    // A game of one archive only.
    let fewer = dir.join("fewer.pgn");
    std::fs::write(&fewer, other[..80].join("\n")).unwrap();
    let out = scoresheet()
        .args(["reconcile", "--archives"])
        .args([&a, &fewer])
        .args(["--format", "text", "--report-lang", "it"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.matches("solo nel primo archivio:").count(),
        7,
        "{text}"
    );
    assert!(text.contains("80 coppie"), "{text}");
    let csv = scoresheet()
        .args(["reconcile", "--archives"])
        .args([&a, &fewer])
        .args(["--format", "csv"])
        .output()
        .unwrap();
    let csv = String::from_utf8(csv.stdout).unwrap();
    let columns = csv.lines().next().unwrap().split(',').count();
    assert!(csv
        .lines()
        .all(|l| !l.contains('"') && l.split(',').count() == columns || l.contains('"')));
    assert_eq!(csv.matches("only_in_first").count(), 7);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Over the shared corpus: the games two player files of one compilation both hold, paired
/// and reconciled (no run fails), and no other game paired. Skips when `../shared` is absent.
#[test]
fn shared_player_files_reconcile() {
    let Some(shared) = shared() else {
        eprintln!("skipped: ../shared/corpora is not beside this checkout");
        return;
    };
    let dir = shared.join("corpora/pgnmentor-players");
    let (a, b) = (dir.join("Chigorin.pgn"), dir.join("Pillsbury.pgn"));
    if !a.exists() || !b.exists() {
        eprintln!("skipped: the pgnmentor player files are not in ../shared/corpora");
        return;
    }
    let out = scoresheet()
        .args(["reconcile", "--archives"])
        .args([&a, &b])
        .args(["--format", "jsonl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let totals: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    println!("Chigorin.pgn against Pillsbury.pgn: {totals}");
    // Their games against each other (20 in both files); no game of either against a third
    // player is taken for another one's because it opens alike.
    assert_eq!(totals["pairs"], 20, "{totals}");
    assert_eq!(totals["stopped"], 0);
}
