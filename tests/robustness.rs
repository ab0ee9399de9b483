//! Hostile input: random bytes, truncated files, 10,000-deep variations, a 50 MB comment,
//! mixed encodings. Never a crash or a hang; every game gets a record; exit status 1 or 2.

mod common;

use std::process::Command;

use common::repo;
use scoresheet::{
    notation::split::GameSplitter,
    replay::{validate, Options},
};

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn validate_all(bytes: &[u8]) -> usize {
    let mut records = 0;
    for g in GameSplitter::new(bytes) {
        let r = validate(&g.unwrap(), "t", &Options::default());
        assert!(r.line >= 1);
        records += 1;
    }
    records
}

fn run_binary(input: &[u8]) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("scoresheet-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("in-{}.pgn", input.len()));
    std::fs::write(&path, input).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "-q", "--format", "jsonl"])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn random_bytes() {
    let mut s = 0x9e3779b97f4a7c15u64;
    for round in 0..200 {
        let len = (xorshift(&mut s) % 4096) as usize;
        let alphabet: &[u8] = if round % 2 == 0 {
            b"[]{}()\"; %$!?+#=-0123456789abcdefghKQRBNxODTACo.\n \t\xe0\xff\x00"
        } else {
            &[]
        };
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = xorshift(&mut s);
                if alphabet.is_empty() {
                    r as u8
                } else {
                    alphabet[(r % alphabet.len() as u64) as usize]
                }
            })
            .collect();
        validate_all(&bytes);
    }
    let mut s = 7u64;
    let bytes: Vec<u8> = (0..200_000).map(|_| xorshift(&mut s) as u8).collect();
    let (code, out) = run_binary(&bytes);
    assert!(matches!(code, Some(1 | 2)), "exit {code:?}");
    assert!(!out.is_empty());
}

#[test]
fn every_truncation_of_real_files() {
    for name in [
        "corpora/golden/notations.pgn",
        "corpora/localized/it-compact.pgn",
    ] {
        let bytes = std::fs::read(repo().join(name)).unwrap();
        for cut in (0..bytes.len()).step_by(7) {
            validate_all(&bytes[..cut]);
        }
    }
}

#[test]
fn ten_thousand_nested_variations() {
    let mut text = String::from("[Event \"deep\"]\n\n1. e4 ");
    for _ in 0..10_000 {
        text.push_str("(1. d4 ");
    }
    for _ in 0..10_000 {
        text.push(')');
    }
    text.push_str(" e5 *\n");
    let (code, out) = run_binary(text.as_bytes());
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(out.lines().count(), 1);
    assert!(out.contains("variation_too_deep"));
    // and never closed
    let open = format!("1. e4 {}", "(".repeat(100_000));
    let (code, out) = run_binary(open.as_bytes());
    assert_eq!(code, Some(1));
    assert!(out.contains("unclosed_variation"));
    // a few levels are fine
    let (code, _) = run_binary(b"1. e4 (1. d4 (1. c4 (1. Nf3))) e5 *");
    assert_eq!(code, Some(0));
}

#[test]
fn fifty_megabyte_comment() {
    let mut text = String::from("[Event \"big\"]\n\n1. e4 {");
    text.push_str(
        &"commento lunghissimo "
            .repeat(50 << 20 >> 4)
            .chars()
            .take(50 << 20)
            .collect::<String>(),
    );
    text.push_str("} e5 *\n\n[Event \"after\"]\n\n1. d4 *\n");
    let (code, out) = run_binary(text.as_bytes());
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "both games have a record");
    assert!(lines[0].contains("comment_too_long") && lines[0].contains("\"plies\":2"));
    assert!(lines[1].contains("\"status\":\"ok\""));
    // an unterminated one swallows the rest of its game
    let mut text = String::from("1. e4 {");
    text.push_str(&"x".repeat(50 << 20));
    let (code, out) = run_binary(text.as_bytes());
    assert_eq!(code, Some(1));
    assert!(out.contains("unterminated_comment") && out.contains("comment_too_long"));
}

#[test]
fn mixed_encodings_in_one_file() {
    let mut bytes = b"[Event \"Latin-1\"]\n[White \"Citt\xe0\"]\n\n1. e4 e5 *\n\n".to_vec();
    bytes.extend_from_slice("[Event \"UTF-8\"]\n[White \"Città\"]\n\n1. d4 d5 *\n\n".as_bytes());
    bytes.extend_from_slice(b"[Event \"broken\"]\n[White \"\xff\xfe\x00\"]\n\n1. c4 \xff *\n");
    let (code, out) = run_binary(&bytes);
    assert_eq!(code, Some(1), "the third game has an unreadable move");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].contains("Città") && lines[1].contains("Città"));
}

#[test]
fn empty_and_blank_input() {
    assert_eq!(validate_all(b""), 0);
    assert_eq!(validate_all(b"\n\n  \n"), 0);
    // No game read is no success (issue 34): exit status 2, and no record.
    let (code, out) = run_binary(b"");
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
}
