//! Every file of the shared archives (`../shared/corpora`, real games, some deliberately
//! broken): no panic, one record per game, every byte of the input in exactly one game, and
//! verdicts (first bad mainline ply, plies, final FEN) equal to the snapshot in
//! `tests/oracle/verdicts.tsv`. That snapshot was checked against python-chess with
//! `tests/oracle/` (226,575 of 226,587 games agree; the README lists the 12 that differ and
//! why); `UPDATE_VERDICTS=1` rewrites it after such a check. Skips when `../shared` is absent.

mod common;

use std::collections::BTreeMap;

use common::{read_tsv, repo, shared};
use rayon::prelude::*;
use scoresheet::{
    notation::split::GameSplitter,
    replay::{validate, Options},
};

/// FNV-1a, enough to notice any change in a file's verdicts.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x100000001b3);
    }
}

#[test]
fn every_shared_archive() {
    let Some(shared) = shared() else {
        eprintln!("skipped: ../shared/corpora is not beside this checkout");
        return;
    };
    let corpora = shared.join("corpora");
    let all = common::corpus_files(&corpora);
    assert!(all.len() > 400, "{} files", all.len());
    let rows: Vec<(String, u64, u64, u64, String)> = all
        .par_iter()
        .map(|path| {
            let bytes = std::fs::read(path).unwrap();
            let rel = path
                .strip_prefix(&corpora)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let games: Vec<_> = GameSplitter::new(&bytes[..])
                .collect::<Result<_, _>>()
                .unwrap();
            // Every byte belongs to exactly one game.
            let joined: usize = games.iter().map(|g| g.bytes.len()).sum();
            assert!(joined <= bytes.len(), "{rel}: chunks longer than the file");
            let mut hash = 0xcbf29ce484222325u64;
            let mut bad = 0;
            let mut plies = 0;
            let mut last_offset = None;
            for (i, g) in games.iter().enumerate() {
                assert_eq!(g.index, i as u64 + 1, "{rel}: game numbering");
                assert!(last_offset < Some(g.offset), "{rel}: offsets increase");
                last_offset = Some(g.offset);
                let r = validate(g, &rel, &Options::default());
                let first_bad = r
                    .findings
                    .iter()
                    .filter(|f| f.kind.is_move_error() && f.variation.is_none())
                    .map(|f| f.ply)
                    .min();
                if first_bad.is_some() {
                    bad += 1;
                }
                plies += u64::from(r.plies);
                let line = format!(
                    "{}\t{:?}\t{}\t{}\n",
                    r.game, first_bad, r.plies, r.final_fen
                );
                fnv(&mut hash, line.as_bytes());
            }
            if joined != bytes.len() {
                // only a game over the size limit may lose bytes, and it says so
                assert!(
                    games.iter().any(|g| g.dropped_bytes > 0),
                    "{rel}: bytes lost"
                );
            }
            (rel, games.len() as u64, bad, plies, format!("{hash:016x}"))
        })
        .collect();
    let games: u64 = rows.iter().map(|r| r.1).sum();
    println!("{} files, {games} games", rows.len());
    let snapshot = repo().join("tests/oracle/verdicts.tsv");
    if std::env::var_os("UPDATE_VERDICTS").is_some() {
        let mut text = String::from("file\tgames\tbad_games\tplies\tverdict_hash\n");
        for r in &rows {
            text.push_str(&format!("{}\t{}\t{}\t{}\t{}\n", r.0, r.1, r.2, r.3, r.4));
        }
        std::fs::write(&snapshot, text).unwrap();
        return;
    }
    let want: BTreeMap<String, _> = read_tsv(&snapshot)
        .into_iter()
        .map(|m| (m["file"].clone(), m))
        .collect();
    let mut diffs = Vec::new();
    for (file, n, bad, plies, hash) in &rows {
        match want.get(file) {
            None => diffs.push(format!("{file}: not in the snapshot")),
            Some(w) => {
                let got = (
                    n.to_string(),
                    bad.to_string(),
                    plies.to_string(),
                    hash.clone(),
                );
                let exp = (
                    w["games"].clone(),
                    w["bad_games"].clone(),
                    w["plies"].clone(),
                    w["verdict_hash"].clone(),
                );
                if got != exp {
                    diffs.push(format!("{file}: got {got:?}, snapshot {exp:?}"));
                }
            }
        }
    }
    assert!(
        diffs.is_empty(),
        "verdicts changed (check against python-chess with tests/oracle/, then UPDATE_VERDICTS=1):\n{}",
        diffs.join("\n")
    );
}
