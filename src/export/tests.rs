//! Tests of the PGN export.

use super::*;
use crate::notation::languages::by_code;

fn to(code: &str) -> ConvertOptions {
    ConvertOptions {
        to: by_code(code).unwrap(),
        ..ConvertOptions::default()
    }
}

fn movetext(pgn: &str) -> &str {
    pgn.split_once("\n\n").unwrap().1.trim_end()
}

#[test]
fn italian_to_english_and_back() {
    let it = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. O-O f6 6. d4 Ag4 7. dxe5 Dxd1 8. Txd1 fxe5 9. Td8+ Rxd8 *";
    let en = convert_text(it, &ConvertOptions::default());
    assert!(en.complete);
    assert_eq!(
        movetext(&en.pgn),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 Bg4 7. dxe5 Qxd1\n8. Rxd1 fxe5 9. Rd8+ Kxd8 *"
    );
    let back = convert_text(&en.pgn, &to("it"));
    assert!(movetext(&back.pgn).starts_with("1. e4 e5 2. Cf3 Cc6 3. Ab5"));
    let again = convert_text(&back.pgn, &ConvertOptions::default());
    assert_eq!(again.pgn, en.pgn);
}

#[test]
fn comments_variations_nags_and_draw_offers() {
    let text = "1. e4 {open} e5! (1... c5 $14 2. Nf3) 2. Nf3 (=) Nc6 *";
    let en = convert_text(text, &ConvertOptions::default());
    assert_eq!(
        movetext(&en.pgn),
        "1. e4 {open} 1... e5 $1 (1... c5 $14 2. Nf3) 2. Nf3 {(=)} 2... Nc6 *"
    );
    let it = convert_text(&en.pgn, &to("it"));
    assert_eq!(
        movetext(&it.pgn),
        "1. e4 {open} 1... e5! (1... c5 $14 2. Cf3) 2. Cf3 (=) Cc6 *"
    );
    assert_eq!(
        convert_text(&it.pgn, &ConvertOptions::default()).pgn,
        en.pgn
    );
}

#[test]
fn en_passant_mark_in_italian_only() {
    let text = "1. e4 a6 2. e5 d5 3. exd6 e.p. *";
    let en = convert_text(text, &ConvertOptions::default());
    assert_eq!(movetext(&en.pgn), "1. e4 a6 2. e5 d5 3. exd6 *");
    let it = convert_text(&en.pgn, &to("it"));
    assert_eq!(movetext(&it.pgn), "1. e4 a6 2. e5 d5 3. exd6 e.p. *");
}

#[test]
fn illegal_move_keeps_the_rest() {
    let c = convert_text(
        "1. e4 e5 2. Ng3 {hm} Nc6 3. Bb5 1-0",
        &ConvertOptions::default(),
    );
    assert!(!c.complete);
    let m = movetext(&c.pgn);
    // the rest holds a `}`: rest-of-line comments keep it
    assert_eq!(
        m,
        "1. e4 e5\n; Not converted from move 2.: `Ng3` is illegal: no knight of White can reach\n; g3; as written: Ng3 {hm} Nc6 3. Bb5\n1-0"
    );
    let c = convert_text("1. e4 e5 2. Ng3 Nc6 3. Bb5 1-0", &ConvertOptions::default());
    assert!(movetext(&c.pgn).starts_with("1. e4 e5 {Not converted from move 2.:"));
    assert!(movetext(&c.pgn).ends_with("as written: Ng3 Nc6 3. Bb5} 1-0"));
}

#[test]
fn notations() {
    let text =
        "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Bd2 c6 6. Bc4 Bf5 7. Qe2 e6 8. O-O-O *";
    let lan = ConvertOptions {
        notation: Notation::Lan,
        ..ConvertOptions::default()
    };
    let m = convert_text(text, &lan).pgn;
    assert!(
        movetext(&m).starts_with("1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3"),
        "{m}"
    );
    assert!(movetext(&m).contains("8. O-O-O"));
    let uci = ConvertOptions {
        notation: Notation::Uci,
        ..ConvertOptions::default()
    };
    let m = convert_text(text, &uci).pgn;
    assert!(movetext(&m).starts_with("1. e2e4 d7d5 2. e4d5 d8d5"), "{m}");
    assert!(movetext(&m).contains("8. e1c1"));
    let fig = convert_text(text, &to("figurine")).pgn;
    assert!(movetext(&fig).contains("2... ♛xd5") || movetext(&fig).contains("♛xd5"));
    assert!(movetext(&fig).contains("3. ♘c3"));
}

#[test]
fn scoresheet_headers_become_the_roster() {
    let c = convert_text(
        "Torneo: Sociale\nLuogo: Milano\nData: 22.11.2026\nTurno: 3\nBianco: Rossi\nNero: Bianchi\n\n1. e4 e5\nRisultato: 1/2-1/2\n",
        &ConvertOptions::default(),
    );
    let head: Vec<&str> = c.pgn.lines().take(7).collect();
    assert_eq!(
        head,
        [
            "[Event \"Sociale\"]",
            "[Site \"Milano\"]",
            "[Date \"2026.11.22\"]",
            "[Round \"3\"]",
            "[White \"Rossi\"]",
            "[Black \"Bianchi\"]",
            "[Result \"1/2-1/2\"]"
        ]
    );
    assert_eq!(movetext(&c.pgn), "1. e4 e5 1/2-1/2");
}

#[test]
fn null_moves_are_kept() {
    let c = convert_text("1. e4 -- 2. d4 -- *", &ConvertOptions::default());
    assert_eq!(movetext(&c.pgn), "1. e4 -- 2. d4 -- *");
    // a variation after a null move replaces the null move
    let text = "1. e4 -- (1... e5 2. Nf3) (1... c5) 2. d4 -- 3. -- e5 *";
    let c = convert_text(text, &ConvertOptions::default());
    assert_eq!(movetext(&c.pgn), text);
}

#[test]
fn a_tag_whose_name_is_no_tag_name_goes_into_a_comment() {
    let text = "[Event \"x\"]\n[Date\u{ff}\u{ff} \"\"]\n[Result \"1-0\"]\n\n1. e4 1-0";
    let c = convert_text(text, &ConvertOptions::default());
    assert!(!c.pgn.contains("\n[Date\u{ff}"), "{}", c.pgn);
    assert!(
        c.pgn
            .contains("{Tag not written as a tag (its name is no PGN tag name): [Date"),
        "{}",
        c.pgn
    );
    assert_eq!(
        crate::notation::split::GameSplitter::new(c.pgn.as_bytes()).count(),
        1
    );
    let again = convert_text(&c.pgn, &ConvertOptions::default());
    assert_eq!(again.pgn, c.pgn);
}

#[test]
fn comment_words_never_start_a_header_line() {
    let long = "word ".repeat(14);
    let text = format!("1. e4 {{{long}White: better}} *");
    let c = convert_text(&text, &ConvertOptions::default());
    for line in c.pgn.lines() {
        assert!(scoresheet_header(line).is_none(), "{line}");
    }
    assert!(c.pgn.contains("White: better}"));
    // A long word before the header word: cut so that the two share a line.
    let text = format!("1. e4 {{{} Risultato: 1-0}} 1-0", "y".repeat(72));
    let c = convert_text(&text, &ConvertOptions::default());
    for line in c.pgn.lines() {
        assert!(scoresheet_header(line).is_none(), "{line}");
        assert!(line.chars().count() <= MAX_LINE, "{line}");
    }
    assert!(c.pgn.contains(" Risultato:"), "{}", c.pgn);
    assert!(!c.pgn.contains("\nRisultato:"), "{}", c.pgn);
}
