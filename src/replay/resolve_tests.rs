//! Tests of move resolution.

use super::*;
use crate::notation::{languages::by_code, moves::written_move};
use shakmaty::san::San;

use crate::laws::fen_pos as pos;

fn run(p: &Chess, s: &str, lang: &str) -> Resolution {
    let (_, w) = written_move(s).unwrap();
    resolve(p, &w, by_code(lang).unwrap())
}

/// The move a written move resolves to, in UCI: `None` unless it is one legal move.
fn chosen(p: &Chess, s: &str, lang: &str) -> Option<String> {
    match run(p, s, lang) {
        Resolution::Unique(m) => Some(m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        _ => None,
    }
}

fn why(p: &Chess, s: &str) -> Explanation {
    let (_, w) = written_move(s).unwrap();
    explain(p, &w, by_code("en").unwrap())
}

#[test]
fn unique_ambiguous_illegal() {
    let p = Chess::default();
    assert_eq!(chosen(&p, "Nf3", "en").as_deref(), Some("g1f3"));
    assert_eq!(chosen(&p, "Cf3", "it").as_deref(), Some("g1f3"));
    assert!(matches!(run(&p, "Nf4", "en"), Resolution::Illegal));
    assert_eq!(chosen(&p, "g1f3", "en").as_deref(), Some("g1f3"));
    assert!(matches!(run(&p, "Cf3", "en"), Resolution::UnknownLetter));
    let p = pos("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1");
    assert!(matches!(run(&p, "Ne2", "en"), Resolution::Ambiguous(_)));
    assert_eq!(chosen(&p, "Nge2", "en").as_deref(), Some("g1e2"));
}

#[test]
fn minimal_pawn_captures() {
    let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(chosen(&p, "ed", "en").as_deref(), Some("e4d5"));
    assert_eq!(chosen(&p, "exd", "en").as_deref(), Some("e4d5"));
    assert_eq!(chosen(&p, "ed5", "en").as_deref(), Some("e4d5"));
    assert_eq!(chosen(&p, "e:d", "en").as_deref(), Some("e4d5"));
}

#[test]
fn castling_by_coordinates() {
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(matches!(
        run(&p, "e1g1", "en"),
        Resolution::Unique(Move::Castle { .. })
    ));
    assert!(matches!(
        run(&p, "0-0", "en"),
        Resolution::Unique(Move::Castle { .. })
    ));
    for lan in ["Ke1-g1", "Ke1h1"] {
        assert!(matches!(
            run(&p, lan, "en"),
            Resolution::Unique(Move::Castle { .. })
        ));
    }
    assert!(matches!(run(&p, "Kg1", "en"), Resolution::Illegal));
}

#[test]
fn promotion_missing() {
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(run(&p, "a8", "en"), Resolution::PromotionMissing(v) if v.len() == 4));
    assert_eq!(chosen(&p, "a8=D", "it").as_deref(), Some("a7a8q"));
    assert_eq!(chosen(&p, "a8(Q)", "en").as_deref(), Some("a7a8q"));
}

#[test]
fn pinned_disambiguation_is_illegal() {
    // fide-edge-cases F10
    let p = pos("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(chosen(&p, "Nf3", "en").as_deref(), Some("g1f3"));
    assert!(matches!(run(&p, "Ndf3", "en"), Resolution::Illegal));
    assert_eq!(why(&p, "Ndf3").reason, "leaves_king_in_check");
}

#[test]
fn reasons() {
    let p = Chess::default();
    assert_eq!(why(&p, "Nd4").reason, "unreachable");
    assert_eq!(why(&p, "Bc4").reason, "path_blocked");
    assert_eq!(why(&p, "Nd2").reason, "destination_own_piece");
    assert_eq!(why(&p, "e5").reason, "unreachable");
    assert_eq!(
        why(&pos("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1"), "e5").reason,
        "double_step_not_from_start"
    );
    assert_eq!(why(&p, "O-O").reason, "castling_path_blocked");
    assert_eq!(why(&p, "exd3").reason, "nothing_to_capture");
    assert_eq!(why(&p, "e3e4").reason, "origin_empty");
    assert_eq!(why(&p, "Qxd5").reason, "path_blocked");
    let p = pos("4k3/4r3/8/8/4K3/8/8/8 w - - 0 1");
    let e = why(&p, "Ke3");
    assert_eq!(e.reason, "leaves_king_in_check");
    assert!(e.executable.is_some());
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "Nf3").reason, "no_such_piece");
    let p = pos("r3k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(why(&p, "O-O").reason, "castling_rights_lost");
    let p = pos("5k2/5r2/8/8/8/8/8/R3K2R w KQ - 0 1");
    let e = why(&p, "O-O");
    assert_eq!(e.reason, "castling_through_check");
    assert!(e.executable.is_some());
}

#[test]
fn notation_checks() {
    let p = Chess::default();
    let (_, w) = written_move("Ngf3+").unwrap();
    let m = match resolve(&p, &w, by_code("en").unwrap()) {
        Resolution::Unique(m) => m,
        _ => panic!(),
    };
    let mut after = p.clone();
    after.play_unchecked(m);
    let mut out = Vec::new();
    notation_issues(&p, m, &w, &after, false, true, &mut out);
    let reasons: Vec<_> = out.iter().map(|i| i.reason.id()).collect();
    assert!(reasons.contains(&"superfluous_disambiguation"));
    assert!(reasons.contains(&"wrong_check_mark"));
    // The marks are optional unless strict notation is asked for.
    let mut out = Vec::new();
    notation_issues(&p, m, &w, &after, false, false, &mut out);
    let reasons: Vec<_> = out.iter().map(|i| i.reason.id()).collect();
    assert_eq!(reasons, ["superfluous_disambiguation"]);
}

/// A pawn capture written with its file, as SAN writes it (`exd5`, `bxa8=Q`, `exd6` en
/// passant, also with a check mark or in a piece-letter language), has no notation issue
/// without --strict-notation: the replay does not look.
#[test]
fn a_pawn_capture_with_its_file_has_no_issue() {
    let cases = [
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e:d5+"),
        ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=Q"),
        ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8D"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p."),
    ];
    for (fen, san) in cases {
        let p = pos(fen);
        let (_, w) = written_move(san).unwrap();
        let m = match resolve(&p, &w, by_code("de").unwrap()) {
            Resolution::Unique(m) => m,
            _ => match resolve(&p, &w, by_code("en").unwrap()) {
                Resolution::Unique(m) => m,
                _ => panic!("{san} in {fen}"),
            },
        };
        let mut after = p.clone();
        after.play_unchecked(m);
        assert!(!may_have_notation_issues(&w, m, false), "{san}");
        assert!(may_have_notation_issues(&w, m, true), "{san}");
        let mut out = Vec::new();
        notation_issues_of(&p, m, &w, &after, false, false, &mut out);
        assert!(
            out.is_empty(),
            "{san}: {:?}",
            out.iter().map(|i| i.reason).collect::<Vec<_>>()
        );
    }
}

/// The four optional marks, each missing and each misplaced, under strict notation.
#[test]
fn strict_marks() {
    let en = by_code("en").unwrap();
    let reasons = |fen: &str, san: &str| -> Vec<&'static str> {
        let p = crate::laws::fen_pos(fen);
        let (_, w) = written_move(san).unwrap();
        let m = match resolve(&p, &w, en) {
            Resolution::Unique(m) => m,
            _ => panic!("{san}"),
        };
        let mut after = p.clone();
        after.play_unchecked(m);
        let mate = after.is_checkmate();
        let mut strict = Vec::new();
        notation_issues(&p, m, &w, &after, mate, true, &mut strict);
        let mut lax = Vec::new();
        notation_issues(&p, m, &w, &after, mate, false, &mut lax);
        assert!(
            lax.is_empty(),
            "{san}: {:?}",
            lax.iter().map(|i| i.reason).collect::<Vec<_>>()
        );
        strict.iter().map(|i| i.reason.id()).collect()
    };
    let capture = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(reasons(capture, "ed5"), ["missing_capture_mark"]);
    assert_eq!(reasons(capture, "exd5"), Vec::<&str>::new());
    assert_eq!(reasons(capture, "Kxd2"), ["capture_mark_on_non_capture"]);
    let check = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(reasons(check, "Ra8"), ["missing_check_mark"]);
    assert_eq!(reasons(check, "Ra8+"), Vec::<&str>::new());
    assert_eq!(reasons(check, "Ra7+"), ["wrong_check_mark"]);
    // A cross ending the word: a `+` drawn as a cross or a capture mark out of place, read
    // as either, and reported only as what it is (no missing `+` or `x` beside it).
    assert_eq!(reasons(check, "Ra8x"), ["cross_after_move"]);
    assert_eq!(reasons(check, "Ra7x"), ["cross_after_move"]);
    assert_eq!(reasons(capture, "Kd2x"), ["cross_after_move"]);
    let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(reasons(mate, "Ra8"), ["missing_mate_mark"]);
    assert_eq!(reasons(mate, "Ra8+"), ["mate_marked_as_check"]);
    assert_eq!(reasons(mate, "Ra8#"), Vec::<&str>::new());
    assert_eq!(reasons(mate, "Ra7#"), ["wrong_mate_mark"]);
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(reasons(ep, "exd6"), ["missing_en_passant_mark"]);
    assert_eq!(reasons(ep, "exd6e.p."), Vec::<&str>::new());
    assert_eq!(reasons(ep, "e6e.p."), ["en_passant_mark_on_other_move"]);
}

/// [`origin_superfluous`] says what `San::from_move` says, on every legal move of positions
/// with pawn pushes, captures, promotions and en passant, pieces that can go to the same
/// square (also pinned, also in check), and of games played out move by move.
#[test]
fn superfluous_origin_as_san_says() {
    let mut positions: Vec<Chess> = [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "r1bqkbnr/pP1ppppp/8/8/2p5/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/1P6/8/8/8/2p5/1P1P4/4K3 b - - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
        // Three queens and two rooks on shared lines; a knight pinned; a check to block.
        "3k4/8/8/2Q1Q3/8/2Q5/8/R3K2R w - - 0 1",
        "4k3/8/8/8/1b6/2N5/8/N3K1N1 w - - 0 1",
        "4k3/4r3/8/8/8/1N3N2/8/4K3 w - - 0 1",
    ]
    .into_iter()
    .map(pos)
    .collect();
    // Games played out by a fixed rule (the move at a place that walks through the list).
    for seed in 0..12usize {
        let mut p = Chess::default();
        for ply in 0..160usize {
            let moves = p.legal_moves();
            let Some(&m) = moves.get((seed * 7 + ply * 13) % moves.len().max(1)) else {
                break;
            };
            p.play_unchecked(m);
            positions.push(p.clone());
        }
    }
    for p in &positions {
        let fen = shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal);
        for m in p.legal_moves() {
            for (file, rank) in [(true, false), (false, true), (true, true)] {
                let reference = match San::from_move(p, m) {
                    San::Normal {
                        file: f, rank: r, ..
                    } => (file && f.is_none()) || (rank && r.is_none()),
                    _ => false,
                };
                assert_eq!(
                    origin_superfluous(p, m, file, rank),
                    reference,
                    "{fen} {m:?} {file} {rank}"
                );
            }
        }
    }
}

/// The reason given is true of the position: a pinned pawn that would promote is pinned (no
/// promotion piece would help), and an en passant capture with no pawn beside the enemy
/// pawn is no matter of the double step.
#[test]
fn reasons_that_hold() {
    let p = pos("2b4k/3P4/8/8/8/7K/8/8 w - - 0 1");
    let e = why(&p, "d8");
    assert_eq!(e.reason, "leaves_king_in_check", "{}", e.message());
    assert!(e.executable.is_none(), "a move stands only as written");
    assert_eq!(why(&p, "d8=Q").reason, "leaves_king_in_check");
    // Unpinned, the missing piece is the fault.
    let p = pos("7k/3P4/8/8/8/7K/8/8 w - - 0 1");
    assert_eq!(why(&p, "d8").reason, "promotion_missing");

    // 1.e4 e6 2.e5 d5: the d-pawn did advance two squares, but no pawn stands on c5.
    let p = pos("rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    let e = why(&p, "cxd6");
    assert_eq!(e.reason, "unreachable", "{}", e.message());
    assert_eq!(e.message(), "no pawn on the c-file can capture on d6");
    // A pawn beside the enemy pawn, a move too late: that is the double step.
    let p = pos("rnbqkbnr/ppp2ppp/4p3/3pP3/8/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 4");
    assert_eq!(why(&p, "exd6").reason, "en_passant_not_available");
}

/// What the warning on a written origin says fits what SAN writes instead.
#[test]
fn superfluous_origin_says_what_san_writes() {
    let warn = |fen: &str, s: &str| {
        let p = pos(fen);
        let (_, w) = written_move(s).unwrap();
        let Resolution::Unique(m) = resolve(&p, &w, by_code("en").unwrap()) else {
            panic!("{s}: not resolved");
        };
        let mut after = p.clone();
        after.play_unchecked(m);
        let mut out = Vec::new();
        notation_issues(&p, m, &w, &after, false, false, &mut out);
        out.into_iter()
            .find(|i| i.reason == "superfluous_disambiguation")
            .map(|i| i.message(crate::i18n::ReportLang::En))
    };
    // Both knights reach d2: SAN writes the file (Nbd2), not the rank.
    let after = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(
        warn(after, "N1d2").as_deref(),
        Some("the origin's rank is written where SAN names its file")
    );
    assert_eq!(warn(after, "Nbd2"), None);
    // One knight only reaches c3.
    assert_eq!(
        warn(after, "Nbc3").as_deref(),
        Some("the origin is given although only one piece can make the move")
    );
    // Two rooks on the a-file: SAN writes the rank (R1a3), and so does the writer.
    let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(warn(rooks, "R1a3"), None);
}
