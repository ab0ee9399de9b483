//! The lexer's tests: every token kind, words run together, the fast path against the rules.

use super::*;

/// The fast paths (a plain SAN word, with or without its move number; a move number
/// alone) give exactly the tokens of the general rules, on every word of the bundled corpora and, when it is beside the checkout, of `../shared/corpora`.
#[test]
fn plain_san_words_lex_as_by_the_rules() {
    let mut words = std::collections::BTreeSet::new();
    for text in crate::notation::corpus_texts() {
        for line in text.lines().filter(|l| !l.starts_with('[')) {
            words.extend(line.split(is_delimiter).map(str::to_string));
        }
    }
    let (mut fast, mut checked) = (0, 0);
    for w in words.iter().filter(|w| !w.is_empty()) {
        checked += 1;
        let number_alone = w.trim_start_matches(|c: char| c.is_ascii_digit());
        let number_alone = number_alone.len() < w.len()
            && !number_alone.is_empty()
            && number_alone.bytes().all(|b| b == b'.');
        // (every word is compared: the fast paths also read a number glued to its move)
        if super::super::moves::plain_san(w).is_some() || number_alone {
            fast += 1;
        }
        for expected_in in [1, 7, 40] {
            let (mut e1, mut e2) = (expected_in, expected_in);
            let (mut t1, mut t2) = (Sink::new(3), Sink::new(3));
            lex_word(w, 0, w.len(), &mut e1, &mut t1);
            lex_word_by_rules(w, 0, w.len(), &mut e2, &mut t2);
            assert_eq!(
                (t1.tokens, t1.letters, e1),
                (t2.tokens, t2.letters, e2),
                "{w}"
            );
        }
    }
    // (the bundled corpora alone hold some 900 such words)
    assert!(fast > 400, "{fast} of {checked} words took the fast path");
}

/// The short words' path (a word of at most seven bytes read from one `u64`) gives exactly the
/// tokens of the general rules when it takes a word, and pushes nothing when it does not, on
/// every word of the corpora, each followed by each kind of white space.
#[test]
fn short_words_lex_as_by_the_rules() {
    let mut words = std::collections::BTreeSet::new();
    for text in crate::notation::corpus_texts() {
        for line in text.lines().filter(|l| !l.starts_with('[')) {
            words.extend(line.split(is_delimiter).map(str::to_string));
        }
    }
    // and words the corpora may lack: every shape of the fast path, and near misses
    words.extend(
        [
            "e4", "exd5", "e8=Q", "exd8=N+", "Nf3", "Nbd7", "N1d7", "Nxf3", "Nbxd7#", "O-O",
            "O-O-O+", "12.", "12...", "1.e4", "123.Nf3", "12...O-O", "1234.e4", "12345.e4",
            "1....e4", "0-0", "1-0", "e4e5", "Ke8=Q", "e8=K", "ex=Q", "Nxxf3", "O-O-X", "h9", "i4",
            "+", "e4++", "Nf3!", "exd8=Q", "Qh4xe1", "7.", "99999.", "1.", "1..",
        ]
        .map(str::to_string),
    );
    let english = crate::notation::moves::english_letters();
    // (a memo of every word read, so that each is read once from it, once without)
    let mut memo = SanMemo::new();
    let mut fast = 0;
    for w in words.iter().filter(|w| !w.is_empty() && w.len() <= 7) {
        for white in [" ", "\n", "\r", "\t"] {
            let text = format!("{w}{white}padding");
            let Some((eight, n)) = short_word(text.as_bytes(), 0) else {
                continue;
            };
            assert_eq!(n, w.len(), "{w:?}");
            for expected_in in [1, 7, 40] {
                let (mut e1, mut e2) = (expected_in, expected_in);
                let (mut t1, mut t2) = (Sink::new(3), Sink::new(3));
                if lex_short_word(eight, n, 0, &mut e1, &mut t1, &mut memo, english) {
                    fast += 1;
                    lex_word_by_rules(w, 0, w.len(), &mut e2, &mut t2);
                    assert_eq!(
                        (t1.tokens, t1.letters, e1),
                        (t2.tokens, t2.letters, e2),
                        "{w}"
                    );
                } else {
                    assert!(t1.tokens.is_empty() && t1.letters == 0 && e1 == expected_in);
                }
            }
        }
    }
    assert!(fast > 1000, "{fast} words took the short path");
}

fn kinds(text: &str) -> Vec<TokenKind> {
    lex(text).into_iter().map(|t| t.kind).collect()
}

fn count_moves(text: &str) -> usize {
    kinds(text)
        .iter()
        .map(|k| match k {
            TokenKind::Move(_) => 1,
            TokenKind::Run(r) => r[r.len() - 1].len().min(r[0].len().max(1)),
            _ => 0,
        })
        .sum()
}

#[test]
fn result_rule() {
    // The lexer reads every spelling of the table that can stand in a word, whole.
    for &(spelling, r) in crate::result::SPELLINGS {
        if !spelling.contains(' ') && GameResult::looks_like(spelling) {
            assert_eq!(result(spelling), Ok(("", r)), "{spelling}");
        }
    }
    assert!(result("0-0").is_err());
    assert!(result("12.").is_err());
}

#[test]
fn move_number_rule() {
    assert_eq!(move_number("12.").unwrap().1, (12, false));
    assert_eq!(move_number("12...").unwrap().1, (12, true));
    assert_eq!(move_number("12…").unwrap().1, (12, true));
    assert_eq!(move_number("3)").unwrap().1, (3, false));
    assert!(move_number("12").is_err());
}

#[test]
fn comments_nags_offers() {
    assert_eq!(brace_comment("{a b}x").unwrap(), ("x", "a b"));
    assert_eq!(line_comment("; rest\nx").unwrap(), ("\nx", " rest"));
    assert_eq!(nag("$14").unwrap().1, 14);
    assert!(draw_offer("(=)").is_ok());
    assert!(separate_en_passant("e. p.").is_ok());
}

#[test]
fn numbers_with_and_without_spaces() {
    let k = kinds("1.e4 1... e5 2 Nf3 12.Cf3");
    assert!(matches!(
        k[0],
        TokenKind::MoveNumber {
            number: 1,
            black: false
        }
    ));
    assert!(matches!(
        k[2],
        TokenKind::MoveNumber {
            number: 1,
            black: true
        }
    ));
    assert!(matches!(
        k[4],
        TokenKind::MoveNumber {
            number: 2,
            black: false
        }
    ));
    assert!(matches!(
        k[6],
        TokenKind::MoveNumber {
            number: 12,
            black: false
        }
    ));
}

#[test]
fn run_together_scoresheet() {
    let k = kinds("1.e4e52.Cf3Cf63.d4ed4");
    let numbers: Vec<u32> = k
        .iter()
        .filter_map(|k| match k {
            TokenKind::MoveNumber { number, .. } => Some(*number),
            _ => None,
        })
        .collect();
    assert_eq!(numbers, vec![1, 2, 3]);
    assert_eq!(
        k.iter().filter(|k| matches!(k, TokenKind::Run(_))).count(),
        3
    );
}

#[test]
fn expected_number_decides_rank_or_number() {
    let k = kinds("11.h3 exd12.Cf3");
    assert!(k
        .iter()
        .any(|k| matches!(k, TokenKind::MoveNumber { number: 12, .. })));
}

#[test]
fn variations_nest_without_recursion() {
    let deep = "(".repeat(10_000) + &")".repeat(10_000);
    let k = kinds(&format!("1.e4 {deep} e5"));
    assert_eq!(k.len(), 20_003);
}

#[test]
fn draw_offer_is_not_a_variation() {
    let k = kinds("23.Cf3 (=) Cc6");
    assert!(k.contains(&TokenKind::DrawOffer));
    assert!(!k.contains(&TokenKind::VariationStart));
}

#[test]
fn separated_marks() {
    assert_eq!(kinds("exd6 e.p.+ Ke7")[1], TokenKind::EnPassantMark);
    let k = kinds("exd6 e.p. exf8 C");
    assert!(k.contains(&TokenKind::EnPassantMark));
    assert!(matches!(k.last(), Some(TokenKind::PromotionLetter(_))));
    assert_eq!(count_moves("e8(Q) Cf3"), 2);
}

#[test]
fn results_and_escapes() {
    let k = kinds("% escape\n1.e4 1-0");
    assert_eq!(k[0], TokenKind::Escape);
    assert_eq!(k.last(), Some(&TokenKind::Result(GameResult::WhiteWins)));
    let k = kinds("Dh5#1-0");
    assert_eq!(k.last(), Some(&TokenKind::Result(GameResult::WhiteWins)));
    let k = kinds("1.e4 {open");
    assert_eq!(k.last(), Some(&TokenKind::UnterminatedComment));
}

#[test]
fn castling_with_zeros_after_a_number() {
    let k = kinds("8.a40-09.Ae60-0-010.Cf3");
    assert_eq!(
        k.iter()
            .filter(|k| matches!(k, TokenKind::MoveNumber { .. }))
            .count(),
        3
    );
    let k = kinds("10.0-0 0-0-0");
    assert!(matches!(k[0], TokenKind::MoveNumber { number: 10, .. }));
    assert_eq!(
        k.iter().filter(|k| matches!(k, TokenKind::Move(_))).count(),
        2
    );
}

#[test]
fn garbage_is_unreadable_not_lost() {
    assert_eq!(kinds("1.e4 !? e5")[2], TokenKind::Nag(5));
    let k = kinds("1.e4 zq9 e5");
    assert!(k.contains(&TokenKind::Unreadable));
}
