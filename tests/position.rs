//! `scoresheet position` (issue 15, item 14): helpmate lines in SAN and short, Chess960
//! starting positions judged, one prefix per error message, `--format csv`.

mod common;

use common::{run_with_stdin, scoresheet};
use serde_json::Value;
use shakmaty::{fen::Fen, san::SanPlus, CastlingMode, Chess, Color, FromSetup, Position};

/// Judge FENs (one per line) with `--format jsonl`: the records and the exit status.
fn judge(fens: &str) -> (Vec<Value>, Option<i32>) {
    let out = run_with_stdin(
        scoresheet().args(["position", "--format", "jsonl"]),
        fens.as_bytes().to_vec(),
    );
    let records = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (records, out.status.code())
}

/// Play a helpmate given in SAN from `fen`: every move legal, the last one mating, and the
/// mate given by `winner`. Returns its length in plies.
fn check_helpmate(fen: &str, line: &Value, winner: Color) -> usize {
    let setup = fen.parse::<Fen>().unwrap().into_setup();
    let mode = CastlingMode::detect(&setup);
    let mut pos = Chess::from_setup(setup, mode).unwrap();
    let moves = line.as_array().expect("a helpmate line");
    assert!(!moves.is_empty());
    for san in moves {
        let san = san.as_str().unwrap();
        let m = SanPlus::from_ascii(san.as_bytes())
            .unwrap_or_else(|e| panic!("{fen}: `{san}` is not SAN: {e}"))
            .san
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{fen}: `{san}` is illegal: {e}"));
        pos.play_unchecked(m);
    }
    assert!(pos.is_checkmate(), "{fen}: the line does not end in mate");
    assert_eq!(pos.turn(), !winner, "{fen}: the wrong side mates");
    moves.len()
}

#[test]
fn helpmates_are_san_and_short() {
    // Two knights against two knights: the solver's own lines are 99 and 88 plies.
    let fen = "8/8/4kn2/8/8/8/3N4/4K3 w - - 0 1";
    let (r, code) = judge(fen);
    assert_eq!(code, Some(0));
    let white = check_helpmate(fen, &r[0]["white_helpmate"], Color::White);
    let black = check_helpmate(fen, &r[0]["black_helpmate"], Color::Black);
    assert!(white <= 20 && black <= 20, "{white} and {black} plies");
    // The UCI lines are there too, as long as the SAN ones.
    assert_eq!(r[0]["white_helpmate_uci"].as_array().unwrap().len(), white);
    // The text report numbers the moves.
    let out = scoresheet().args(["position", fen]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("helpmate for White ({white} plies): 1. ")),
        "{text}"
    );
    // The initial position: the shortest helpmates (Fool's mate for Black).
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (r, _) = judge(start);
    assert_eq!(
        check_helpmate(start, &r[0]["black_helpmate"], Color::Black),
        4
    );
    assert_eq!(
        check_helpmate(start, &r[0]["white_helpmate"], Color::White),
        5
    );
}

#[test]
fn every_chess960_start_position_is_alive() {
    // Every seventh of the 960 (all of them were checked once by hand: none undecided).
    let numbers: Vec<u32> = (0..960).step_by(7).chain([518, 959]).collect();
    let fens: Vec<String> = numbers
        .iter()
        .map(|&n| scoresheet::laws::chess960::start_fen(n).unwrap())
        .collect();
    let (records, code) = judge(&fens.join("\n"));
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), fens.len());
    for ((n, fen), r) in numbers.iter().zip(&fens).zip(&records) {
        assert_eq!(r["dead"], false, "SP {n}: {r}");
        assert_eq!(r["white_can_mate"], true, "SP {n}: {r}");
        assert_eq!(r["black_can_mate"], true, "SP {n}: {r}");
        check_helpmate(fen, &r["white_helpmate"], Color::White);
        check_helpmate(fen, &r["black_helpmate"], Color::Black);
        let reason = r["reason"].as_str().unwrap();
        assert!(
            reason.contains(&format!("starting position {n}")),
            "SP {n}: {reason}"
        );
    }
    // SP 0 (king on g1): castling rights the solver cannot take, said, and still decided.
    let out = scoresheet()
        .args(["position", "--sp", "0"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("undecided"), "{text}");
    assert!(text.contains("dead (5.2.2): no"), "{text}");
    assert!(text.contains("Chess960 castling rights"), "{text}");
}

#[test]
fn chess960_castling_rights_decided_where_sound() {
    // Castling rights the solver cannot take (king on g1, rooks on b-files), and mating
    // material on both sides: alive, with lines checked on this very position.
    let fen = "1r4k1/8/8/8/8/8/8/1R4K1 w Bb - 0 1";
    let (r, _) = judge(fen);
    assert_eq!(r[0]["dead"], false, "{}", r[0]);
    check_helpmate(fen, &r[0]["white_helpmate"], Color::White);
    check_helpmate(fen, &r[0]["black_helpmate"], Color::Black);
    // A bare king cannot mate, castling rights or not; the other side can.
    let fen = "6k1/8/8/8/8/8/8/1R4K1 w B - 0 1";
    let (r, _) = judge(fen);
    assert_eq!(r[0]["black_can_mate"], false, "{}", r[0]);
    assert_eq!(r[0]["white_can_mate"], true, "{}", r[0]);
    assert_eq!(r[0]["dead"], false);
}

#[test]
fn errors_say_what_is_wrong_once() {
    for (fen, said) in [
        ("not a fen", "the FEN cannot be read: "),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "not a legal position: empty board",
        ),
    ] {
        let out = scoresheet().args(["position", fen]).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(said), "{text}");
        for prefix in [
            "not a legal position",
            "illegal position",
            "cannot be read",
            "error",
        ] {
            assert!(
                text.matches(prefix).count() <= 1,
                "`{prefix}` repeated: {text}"
            );
        }
    }
}

#[test]
fn a_line_that_is_not_utf8_is_judged_not_dropped() {
    let input = b"\xff\xfe\n8/8/4k3/8/8/8/3B4/4K3 w - - 0 1\n".to_vec();
    let out = run_with_stdin(scoresheet().args(["position", "--format", "jsonl"]), input);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{text}");
    assert_eq!(records[0]["legal"], false);
    assert_eq!(records[1]["dead"], true);
}

#[test]
fn csv_format() {
    let out = run_with_stdin(
        scoresheet().args(["position", "--format", "csv"]),
        b"8/8/4k3/8/8/8/3B4/4K3 w - - 0 1\n8/8/4kn2/8/8/8/3N4/4K3 w - - 0 1\n".to_vec(),
    );
    assert_eq!(out.status.code(), Some(0));
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header,
        scoresheet::report::position::CSV_HEADER
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(&rows[0][5], "true");
    assert_eq!(&rows[1][5], "false");
    // The helpmates in SAN, space-separated.
    let line: Vec<Value> = rows[1][9]
        .split(' ')
        .map(|m| Value::from(m.to_string()))
        .collect();
    check_helpmate(
        "8/8/4kn2/8/8/8/3N4/4K3 w - - 0 1",
        &Value::from(line),
        Color::White,
    );
}
