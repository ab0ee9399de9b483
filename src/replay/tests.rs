//! Tests of the replay.

use super::*;
use crate::notation::languages::by_code;

fn run(text: &str) -> GameRecord {
    validate_text(text, &Options::default())
}

#[test]
fn english_game_replays() {
    let r = run("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0");
    assert_eq!(r.lang, "en");
    assert_eq!(r.plies, 6);
    assert_eq!(r.result, Some(crate::result::GameResult::WhiteWins));
    assert_eq!(r.status, "ok");
}

#[test]
fn italian_and_spanish_share_letters() {
    let r = run("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 7. Ab3 d6 8. c3 O-O 9. h3 Ca5 10. Ac2 c5 11. d4 Dc7 *");
    assert_eq!(r.lang, "it");
    assert!(r.lang_candidates.contains(&"es".to_string()));
    assert_eq!(r.plies, 22);
}

#[test]
fn italian_king_is_not_an_english_rook() {
    let r = run("1. e4 e5 2. Re2 Re7 *");
    assert_eq!(r.lang, "it");
    assert_eq!(r.status, "ok");
}

#[test]
fn compact_scoresheet() {
    let r = run("1.e4e52.Cf3Cc63.Ab5a64.Aa4Cf65.0-0Ae7");
    assert_eq!(r.plies, 10, "{:?}", r.findings);
    assert_eq!(r.lang, "it");
}

#[test]
fn illegal_move_with_suggestion() {
    let r = run("1. e4 e5 2. Ng3 Nc6 3. Bb5 *");
    assert_eq!(r.status, "error");
    let f = &r.findings[0];
    assert_eq!(f.kind, Kind::IllegalMove);
    assert_eq!(f.ply, 3);
    assert_eq!(f.move_text.as_deref(), Some("2.Ng3"));
    assert_eq!(f.suggestions.as_ref().unwrap()[0].san, "Nf3");
    assert_eq!(r.plies, 2);
}

#[test]
fn ambiguous_move() {
    let r = run("1. Nf3 d5 2. d3 e5 3. Nd2 *");
    let f = &r.findings[0];
    assert_eq!(f.kind, Kind::AmbiguousMove);
    assert_eq!(f.suggestions.as_ref().unwrap().len(), 2);
}

#[test]
fn variations_are_checked_from_their_branch_point() {
    let r = run("1. e4 e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 (2. Qh5 Nc6 3. Qxf7) *");
    assert_eq!(r.status, "ok", "{:?}", r.findings);
    let r = run("1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *");
    assert_eq!(r.findings[0].variation, Some(1));
    assert_eq!(r.plies, 3);
}

#[test]
fn illegal_stands_in_blitz() {
    let text = "[FEN \"4k3/4r3/8/8/4K3/8/8/8 w - - 0 1\"]\n\n1. Ke3 Kd8 *";
    let strict = run(text);
    assert_eq!(strict.plies, 0);
    let opts = Options {
        illegal: IllegalPolicy::Stands,
        ..Options::default()
    };
    let r = validate_text(text, &opts);
    assert_eq!(r.findings[0].stood, Some(true));
    assert_eq!(r.irregular_from_ply, Some(1));
}

#[test]
fn a_king_left_en_prise_is_never_taken() {
    // 3.Kf3 stands; the bishop that could take the king neither takes it nor is suggested to.
    let opts = Options {
        illegal: IllegalPolicy::Stands,
        ..Options::default()
    };
    for taking in ["Bxf3", "Bf3", "Bxf4"] {
        let text = format!("1. e4 d5 2. Ke2 Bg4+ 3. Kf3 {taking} 4. Ke3 *");
        let r = validate_text(&text, &opts);
        let f = &r.findings[1];
        assert_eq!(f.kind, Kind::IllegalMove, "{taking}");
        assert_eq!(r.plies, 5, "{taking}");
        let suggested = f.suggestions.as_ref().unwrap();
        assert!(!suggested.is_empty(), "{taking}");
        assert!(suggested.iter().all(|s| s.uci != "g4f3"), "{taking}");
        if taking != "Bxf4" {
            assert_eq!(f.reason.map(|r| r.id()), Some("takes_king"), "{taking}");
        }
    }
}

#[test]
fn forced_language() {
    let opts = Options {
        lang: LangChoice::Fixed(by_code("en").unwrap()),
        ..Options::default()
    };
    let r = validate_text("1. e4 e5 2. Cf3 *", &opts);
    assert_eq!(
        r.findings[0].reason.map(|r| r.id()),
        Some("unknown_piece_letter")
    );
    assert_eq!(r.findings[0].suggestions.as_ref().unwrap()[0].san, "Nf3");
}

#[test]
fn promotion_without_piece_reads_the_survivor() {
    let text = "[FEN \"8/P7/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. a8 Kb2 2. Nb6 *";
    let r = run(text);
    assert_eq!(
        r.findings[0].reason.map(|r| r.id()),
        Some("promotion_piece_missing")
    );
    assert!(r.final_fen.starts_with("8/8/1N6"));
    // K+N v K: the promotion made a dead position (Art. 5.2.2)
    assert_eq!(r.termination.map(|t| t.ply), Some(1));
}

#[test]
fn unreadable_is_reported_with_position() {
    let r = run("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 ##@@ *");
    let f = &r.findings[0];
    assert_eq!(f.kind, Kind::UnreadableMove);
    assert_eq!((f.line, f.column), (4, 8));
}

#[test]
fn events_follow_the_game() {
    let raw = RawGame {
        bytes: b"1. e4 {open} e5 (1... c5 $1) 2. Nf3 (=) Nc6 3. Nd5 Nf6 1-0".to_vec(),
        line: 1,
        index: 1,
        ..RawGame::default()
    };
    let (record, events) = read_events(&raw, "", &Options::default());
    assert_eq!(record.plies, 4);
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| match e {
            GameEvent::Move { .. } => "m",
            GameEvent::Comment(_) => "c",
            GameEvent::Nag(_) => "n",
            GameEvent::VariationStart => "(",
            GameEvent::VariationEnd => ")",
            GameEvent::DrawOffer => "=",
            GameEvent::Escape(_) => "%",
            GameEvent::Result(_) => "r",
            GameEvent::Stop { .. } => "stop",
        })
        .collect();
    assert_eq!(
        kinds,
        ["m", "c", "m", "(", "m", "n", ")", "m", "=", "m", "stop", "r"]
    );
    let stop = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Stop { start, end, .. } => Some((*start, *end)),
            _ => None,
        })
        .unwrap();
    let text = std::str::from_utf8(&raw.bytes).unwrap();
    assert_eq!(text[stop.0..stop.1].trim(), "Nd5 Nf6");
}

fn reasons(r: &GameRecord, kind: Kind) -> Vec<&'static str> {
    r.findings
        .iter()
        .filter(|f| f.kind == kind)
        .filter_map(|f| f.reason.map(Reason::id))
        .collect()
}

/// Issue 15, item 7: written move numbers are evidence.
#[test]
fn a_number_where_black_moves_says_a_move_is_missing() {
    let r = run("1. e4 e5\n2. Cf3\n3. Ab5 a6\n");
    assert_eq!(reasons(&r, Kind::MoveNumber), ["missing_move"]);
    let number = &r.findings[0];
    assert_eq!(number.kind, Kind::MoveNumber);
    assert_eq!((number.ply, number.line, number.column), (4, 3, 1));
    assert_eq!(number.move_text.as_deref(), Some("3.Ab5"));
    let error = &r.findings[1];
    assert_eq!(error.kind, Kind::IllegalMove);
    // The move as written, with the number written.
    assert_eq!(error.move_text.as_deref(), Some("3.Ab5"));
    assert!(
        error.message.contains("a move seems to be missing"),
        "{}",
        error.message
    );
    // White's move written `2...` (or `2. ...`): White's move is missing.
    for text in ["1. e4 e5 2... Cc6 *", "1. e4 e5\n2. ... Cc6\n3. Ab5 a6 *"] {
        let r = run(text);
        assert_eq!(reasons(&r, Kind::MoveNumber), ["missing_move"], "{text}");
        assert!(r.findings[1].message.contains("a move seems to be missing"));
        assert_eq!(r.findings[1].move_text.as_deref(), Some("2...Cc6"));
    }
}

#[test]
fn numbers_skipped_repeated_and_out_of_order() {
    let r = run("1. e4 e5\n2. Cf3 Cc6\n4. Ab5 a6\n5. Aa4 Cf6 *");
    assert_eq!(r.status, "ok");
    assert_eq!(reasons(&r, Kind::MoveNumber), ["skipped"]);
    assert_eq!(r.findings[0].move_text.as_deref(), Some("4.Ab5"));
    assert_eq!(r.findings[0].severity, Severity::Warning);
    assert_eq!(r.findings[0].article, Some("8.1.1"));
    let r = run("1. e4 e5 2. Nf3 Nc6 2. Bb5 a6 3. Ba4 *");
    assert_eq!(reasons(&r, Kind::MoveNumber), ["repeated"]);
    let r = run("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 2. O-O *");
    assert_eq!(reasons(&r, Kind::MoveNumber), ["out_of_order"]);
    // A wrong number after a move left unnumbered is counted from the moves before it.
    let r = run("1. e4 e5 Nf3 Nc6 4. Bb5 *");
    assert_eq!(reasons(&r, Kind::MoveNumber), ["skipped"]);
    // Black's move numbered ahead: `2.` was written, so no number is said to be left out.
    let r = run("1. e4 e5 2. Nf3 3... Nc6 *");
    assert_eq!(reasons(&r, Kind::MoveNumber), ["skipped"]);
    assert_eq!(
        r.findings[0].message,
        "`3...` is written where Black's move 2 belongs: moves are missing, or the number is wrong"
    );
}

#[test]
fn regular_numbering_is_no_finding() {
    for text in [
        // Black's move after a comment, and the dots written apart
        "1. e4 {open} 1... e5 2. Nf3 {x} 2. ... Nc6 3. Bb5 a6 *",
        // variations numbered from their branch point, the mainline goes on after them
        "1. e4 e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 (2. Bc4 Nc6) 2... Nc6 *",
        // numbers only here and there; compact scoresheets
        "e4 e5 Nf3 Nc6 3. Bb5 *",
        "1.e4e52.Cf3Cc63.Ab5a6",
        // a [FEN]'s counters are often not those written: its first number is the writer's
        "[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n\n23... Kd7 24. Ra7+ Kc6 25. Ra6+ *",
        "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1... Ra7 Kd8 *",
    ] {
        let r = run(text);
        assert_eq!(reasons(&r, Kind::MoveNumber), Vec::<&str>::new(), "{text}");
    }
    // Moves are labelled with the numbers written.
    let r = run("[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n\n23... Kd7 24. Ra7+ Kc6 25. Rb8 *");
    assert_eq!(r.findings[0].move_text.as_deref(), Some("25.Rb8"));
    let r = run("1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. Kxe5 *");
    assert_eq!(r.findings[0].move_text.as_deref(), Some("4.Kxe5"));
}

/// Issue 15, item 8: one foreign letter is a slip in the game's language.
#[test]
fn one_foreign_letter_does_not_flip_the_language() {
    let text = "Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5\n2. Nf3 Cc6\n3. Ab5 a6\n4. Aa4 Cf6\n5. O-O Ae7 1-0\n";
    let r = run(text);
    assert_eq!(r.lang, "it");
    let f = &r.findings[0];
    assert_eq!(f.kind, Kind::IllegalMove);
    assert_eq!(f.move_text.as_deref(), Some("2.Nf3"));
    assert_eq!(f.suggestions.as_ref().unwrap()[0].san, "Cf3");
    let r = run("1. e4 e5 2. Cf3 Cc6 3. Bb5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 *");
    assert_eq!(r.lang, "it");
    let f = &r.findings[0];
    assert_eq!(f.move_text.as_deref(), Some("3.Bb5"));
    assert_eq!(f.suggestions.as_ref().unwrap()[0].san, "Ab5");
    // As many letters of each: the header words decide.
    let r = run("Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5 2. Cf3 Cc6 3. Bb5 a6 4. Aa4 *");
    assert_eq!(r.lang, "it");
    assert_eq!(r.findings[0].move_text.as_deref(), Some("3.Bb5"));
    // Header words put their language first among those that read the moves alike.
    let r = run("Blancas: Pérez\nNegras: López\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 *");
    assert_eq!(r.lang, "es");
    assert_eq!(r.lang_candidates, ["it"]);
}

/// Issue 15, item 9: the optional marks are judged only under strict notation.
#[test]
fn optional_marks_only_when_strict() {
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bc6 dc6 5. O-O f6 6. d4 ed4 7. Nd4 c5 8. Nb3 Qd1 9. Rd1+ *";
    let r = run(text);
    assert_eq!(reasons(&r, Kind::Notation), Vec::<&str>::new());
    let strict = Options {
        strict_notation: true,
        ..Options::default()
    };
    let r = validate_text(text, &strict);
    let got = reasons(&r, Kind::Notation);
    assert_eq!(
        got.iter().filter(|r| **r == "missing_capture_mark").count(),
        6
    );
    assert!(got.contains(&"wrong_check_mark"), "{got:?}");
    let r = validate_text("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 *", &strict);
    assert_eq!(reasons(&r, Kind::Notation), ["missing_mate_mark"]);
    let r = validate_text("1. e4 d5 2. exd5 e6 3. dxe6 fxe6 4. Qh5 *", &strict);
    assert_eq!(reasons(&r, Kind::Notation), ["missing_check_mark"]);
    let text = "1. e4 a6 2. e5 d5 3. exd6 e.p. *";
    assert_eq!(
        reasons(&validate_text(text, &strict), Kind::Notation),
        Vec::<&str>::new()
    );
    let r = validate_text("1. e4 a6 2. e5 d5 3. exd6 *", &strict);
    assert_eq!(reasons(&r, Kind::Notation), ["missing_en_passant_mark"]);
    let r = validate_text("1. e4 a6 2. e5 f6 3. exf6 e.p. *", &strict);
    assert_eq!(
        reasons(&r, Kind::Notation),
        ["en_passant_mark_on_other_move"]
    );
    assert_eq!(r.findings[0].move_text.as_deref(), Some("3.exf6"));
    assert!(reasons(&run("1. e4 a6 2. e5 f6 3. exf6 e.p. *"), Kind::Notation).is_empty());
}

/// Issue 15, item 10: each written result is held against the board.
#[test]
fn the_result_the_board_contradicts_is_named() {
    let r = run("[Result \"1-0\"]\n\n1. e4 e5 2. Ac4 Cc6 3. Df3 Cd4 4. Dxf7# 0-1\n");
    let messages: Vec<&str> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::ResultMismatch)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].ends_with("; the board agrees with the tag"),
        "{}",
        messages[0]
    );
    assert_eq!(
        messages[1],
        "the result written after the moves gives the win to Black but Black was checkmated at ply 7"
    );
    // A result written once is named where it is written.
    let r = run("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Dh4#\n");
    let f = r.findings.last().unwrap();
    assert_eq!(
        f.message,
        "the Result tag gives the win to White but White was checkmated at ply 4"
    );
    let r = run("1. f3 e5 2. g4 Dh4# 1/2-1/2\n");
    let f = r.findings.last().unwrap();
    assert_eq!(
        f.message,
        "the result written after the moves is a draw but ply 4 is checkmate"
    );
    let r = run("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Dh4# 0-1\n");
    let f = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::ResultMismatch)
        .nth(1)
        .unwrap();
    assert_eq!(
        f.message,
        "the Result tag gives the win to White but White was checkmated at ply 4"
    );
}

/// Issue 15, item 11: a draw offer is recorded with its move.
#[test]
fn draw_offers_name_their_move() {
    let r = run("1. e4 (=) e5 2. Cf3 Cc6 (=) 1/2-1/2");
    let offers: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::DrawOffer)
        .map(|f| (f.ply, f.move_text.as_deref()))
        .collect();
    assert_eq!(offers, [(1, Some("1.e4")), (4, Some("2...Cc6"))]);
}

#[test]
fn chess960_castling() {
    let text = "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/R5KR w HA - 0 1\"]\n\n1. O-O *";
    let r = run(text);
    assert_eq!(r.variant, "chess960");
    assert!(
        r.final_fen.starts_with("4k3/8/8/8/8/8/8/R4RK1"),
        "{}",
        r.final_fen
    );
}

/// Plies played by the short path (`play_plain`) are played as the general path plays them:
/// every game of the bundled corpora, and one in 8 of `../shared/corpora` when it is beside
/// the checkout, gives the same record both ways, under the options that change what a ply
/// is checked for (strict notation, illegal moves that stand, a fixed language).
#[test]
fn the_short_path_for_plain_plies_is_the_general_path() {
    use crate::notation::{corpus_files, split::GameSplitter};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bundled = corpus_files(&root.join("corpora"));
    let mut shared = corpus_files(&root.join("../shared/corpora"));
    bundled.sort();
    shared.sort();
    if shared.is_empty() {
        eprintln!("skipped the shared corpora: ../shared/corpora is not beside this checkout");
    }
    let strict = Options {
        strict_notation: true,
        illegal: IllegalPolicy::Stands,
        ..Options::default()
    };
    let italian = Options {
        lang: LangChoice::Fixed(by_code("it").expect("Italian")),
        ..Options::default()
    };
    let both = |raw: &RawGame, opts: &Options| {
        let short = serde_json::to_string(&validate(raw, "", opts)).expect("a record");
        PLAIN_PATH.with(|p| p.set(false));
        let general = serde_json::to_string(&validate(raw, "", opts)).expect("a record");
        PLAIN_PATH.with(|p| p.set(true));
        assert_eq!(short, general, "game {} at line {}", raw.index, raw.line);
    };
    let (mut games, mut bundled_games) = (0, 0);
    for (path, every) in bundled
        .iter()
        .map(|p| (p, 1))
        .chain(shared.iter().map(|p| (p, 8)))
    {
        let bytes = std::fs::read(path).unwrap_or_default();
        for (k, raw) in GameSplitter::new(&bytes[..]).flatten().enumerate() {
            if k % every != 0 {
                continue;
            }
            games += 1;
            bundled_games += usize::from(every == 1);
            both(&raw, &Options::default());
            if every == 1 || k % (8 * every) == 0 {
                both(&raw, &strict);
                both(&raw, &italian);
                // With its events (what `convert` writes), where variations branch from the
                // mainline's kept positions: a debug build checks that one is kept a ply.
                read_events(&raw, "", &Options::default());
            }
        }
    }
    eprintln!("{games} games replayed both ways ({bundled_games} of the bundled corpora)");
    assert!(bundled_games > 500, "{bundled_games}");
}

/// Every finding of the replay carries its message as data: the Italian is written from the
/// catalogue, whatever the English words say (nothing reads them back).
#[test]
fn replay_findings_carry_their_messages() {
    let games = [
        "1. e4 e5\n2. Cf3\n3. Ab5 a6\n",
        "1. e4 e5 2. Cxe5 *",
        "1. e4 e5 2. Nf3 Nc6 3. N?? *",
        "1. a4 a5 2. h4 h5 3. Ta3 Ta6 4. Th3 Th6 5. Td3 *",
        "1. e4 (1. d4 d5 *",
        "1. -- e5 2. e4 (=) 4. Cf3 *",
    ];
    for text in games {
        let mut r = run(text);
        assert!(!r.findings.is_empty(), "{text}");
        for f in &mut r.findings {
            assert!(f.text.is_some(), "{text}: {:?}", f.message);
            let it = crate::i18n::finding_message(f, ReportLang::It);
            f.message = "words no template has".into();
            assert_eq!(crate::i18n::finding_message(f, ReportLang::It), it);
        }
    }
    // The missing move's note is a clause of the illegal move's message, in Italian too.
    let r = run("1. e4 e5\n2. Cf3\n3. Ab5 a6\n");
    assert_eq!(
        crate::i18n::finding_message(&r.findings[1], ReportLang::It),
        "`Ab5` è una mossa illegale: nessun Alfiere del Nero può raggiungere b5; `3.` è \
         scritto dove va la mossa 2 del Nero: sembra che manchi una mossa"
    );
}
