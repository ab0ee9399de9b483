//! The move reader's tests: each notation's words, the fast path against the rules.

use super::*;

fn letter(s: &str) -> u8 {
    alphabet().index_of(s).unwrap()
}

fn read(s: &str) -> WrittenMove {
    let (rest, m) = written_move(s).unwrap_or_else(|e| panic!("{s}: {e:?}"));
    assert!(rest.is_empty(), "{s}: left {rest:?}");
    m
}

#[test]
fn file_rank_square() {
    assert_eq!(file("e4").unwrap().1, File::E);
    assert!(file("i4").is_err());
    assert_eq!(rank("8").unwrap().1, Rank::Eighth);
    assert!(rank("9").is_err());
    assert_eq!(square("h8x").unwrap(), ("x", (File::H, Rank::Eighth)));
}

#[test]
fn piece_letter_rule() {
    assert_eq!(piece_letter("Cf3").unwrap().1.index, letter("C"));
    assert_eq!(piece_letter("Крg1").unwrap().1.index, letter("Кр"));
    assert_eq!(piece_letter("♞f6").unwrap().1.index, letter("♞"));
    let n = piece_letter("nf3").unwrap().1;
    assert!(n.lowercase);
    assert_eq!(n.index, letter("N"));
    assert!(piece_letter("bf3").is_err(), "b is a file");
}

#[test]
fn capture_and_hyphen() {
    assert_eq!(capture_mark("x").unwrap().1, CaptureMark::X);
    assert_eq!(capture_mark(":").unwrap().1, CaptureMark::Colon);
    assert!(hyphen("-").is_ok());
    assert!(hyphen("x").is_err());
}

#[test]
fn castling_forms() {
    for s in ["O-O", "0-0", "o-o", "OO"] {
        assert_eq!(castling(s).unwrap().1, CastlingSide::KingSide, "{s}");
    }
    for s in ["O-O-O", "0-0-0", "o-o-o", "OOO"] {
        assert_eq!(castling(s).unwrap().1, CastlingSide::QueenSide, "{s}");
    }
}

#[test]
fn null_move_forms() {
    assert!(null_move("--").is_ok());
    assert!(null_move("Z0").is_ok());
}

#[test]
fn piece_move_forms() {
    let m = read("Nbd7");
    assert_eq!((m.from_file, m.from_rank), (Some(File::B), None));
    let m = read("R1e2");
    assert_eq!((m.from_file, m.from_rank), (None, Some(Rank::First)));
    let m = read("Qh4xe1");
    assert_eq!(m.from_square(), Some(Square::H4));
    assert_eq!(m.capture, CaptureMark::X);
    let m = read("Dd5:d2");
    assert_eq!(m.capture, CaptureMark::Colon);
    let m = read("Cc-b6");
    assert_eq!((m.from_file, m.hyphen), (Some(File::C), true));
    assert_eq!(m.to_square(), Some(Square::B6));
    let m = read("Ng1-f3");
    assert_eq!(m.from_square(), Some(Square::G1));
    let m = read("Ktf3");
    assert_eq!(m.piece.unwrap().index, letter("Kt"));
}

#[test]
fn pawn_move_forms() {
    assert_eq!(read("e4").to_square(), Some(Square::E4));
    let m = read("exd5");
    assert_eq!((m.from_file, m.capture), (Some(File::E), CaptureMark::X));
    let m = read("ed5");
    assert_eq!((m.from_file, m.capture), (Some(File::E), CaptureMark::None));
    let m = read("exd");
    assert_eq!((m.to_file, m.to_rank), (Some(File::D), None));
    let m = read("ed");
    assert_eq!((m.from_file, m.to_file), (Some(File::E), Some(File::D)));
    let m = read("e:d");
    assert_eq!(m.capture, CaptureMark::Colon);
    let m = read("e2-e4");
    assert!(m.is_coordinate() && m.hyphen);
    let m = read("e2e4");
    assert!(m.is_coordinate());
    let m = read("e5:d4");
    assert_eq!(m.capture, CaptureMark::Colon);
}

#[test]
fn promotion_forms() {
    for (s, style) in [
        ("e8=Q", PromotionStyle::Equals),
        ("e8Q", PromotionStyle::Bare),
        ("e8(Q)", PromotionStyle::Parenthesised),
        ("e8/Q", PromotionStyle::Slash),
    ] {
        let m = read(s);
        assert_eq!(m.promotion.unwrap().index, letter("Q"), "{s}");
        assert_eq!(m.promotion_style, style, "{s}");
    }
    let m = read("b2-b1=D");
    assert_eq!(m.promotion.unwrap().index, letter("D"));
    assert_eq!(read("exf8♘").promotion.unwrap().index, letter("♘"));
    assert_eq!(read("d7d8n").promotion.unwrap().index, letter("N"));
    assert!(
        written_move("d6d7n").unwrap().0 == "n",
        "not on a last rank"
    );
}

#[test]
fn en_passant_check_and_glyphs() {
    let m = read("exd6e.p.+");
    assert!(m.en_passant_mark);
    assert_eq!(m.check, CheckMark::Check);
    assert_eq!(read("Qh5#").check, CheckMark::Mate);
    assert_eq!(read("Qh5++").check, CheckMark::DoublePlus);
    assert_eq!(read("Qh5‡").check, CheckMark::Mate);
    assert_eq!(read("e4!?").glyph, 5);
    assert_eq!(read("e4??").glyph, 4);
    assert_eq!(annotation_glyph("?!").unwrap().1, 6);
    assert_eq!(en_passant_mark("i.p.").unwrap().0, "");
}

#[test]
fn a_cross_ending_the_word_is_a_mark() {
    // A handwritten `+` drawn as a cross, or a capture mark put after the square.
    for word in ["Qe4x", "Be5X", "e5x", "Nf3×"] {
        let m = read(word);
        assert_eq!(m.check, CheckMark::Cross, "{word}");
        assert_eq!(m.capture, CaptureMark::None, "{word}");
    }
    // Inside a word the cross is a capture, or starts the next of moves run together.
    let m = read("Qe4xd5");
    assert_eq!((m.capture, m.check), (CaptureMark::X, CheckMark::None));
    assert_eq!(written_move("Cf3xCc6").map(|(rest, _)| rest), Ok("xCc6"));
    // After a check sign it is no mark.
    assert_eq!(written_move("Qh5+x").unwrap().0, "x");
}

#[test]
fn readings_of_run_together_moves() {
    let r = readings("e4e5");
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].len(), 1, "greedy reading is long algebraic");
    assert_eq!(r[1].len(), 2);
    let r = readings("Cf3Cf6");
    assert_eq!(r[0].len(), 2);
    let r = readings("d4ed4");
    assert!(r.iter().any(|x| x.len() == 2));
    let r = readings("Rf1Dxe5");
    assert_eq!(r[0].len(), 2, "a king move is never promoted");
    assert!(readings("e8Dd4").iter().any(|x| x.len() == 2));
    assert!(readings("zz").is_empty());
    // found by fuzzing: a glyph after a bare promotion letter of several bytes
    assert!(!readings("bbbbbbbbп!").is_empty());
    // A long word with no complete reading ends (it took exponential time; a fuzz input).
    let word = "Ke6e6a6Ce6e6e6e6Ce6e6Ce6d6e6Ke6eee6e6e6e6e6Ce6e6e6e6Ce6e6Ce6d6e6Ke6eee6e6e6e6Ce6e6Ce6e6Ce6e6Ce6d6e6Kd6e6Ke6.ee6eeee6e6";
    assert!(readings(word).is_empty());
}
