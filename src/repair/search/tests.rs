use super::*;
use crate::notation::{languages::by_code, render::san_plain};

fn it() -> &'static Language {
    by_code("it").unwrap()
}

/// Positions with castling both ways, en passant, promotions with capture, two knights
/// and two rooks that can reach one square, and checks; and `more`.
fn awkward_positions(more: &str) -> Vec<Chess> {
    [
        "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "1r2k3/P1P5/8/8/8/2N3N1/8/R3K2R w KQ - 0 1",
        more,
    ]
    .iter()
    .map(|fen| {
        fen.parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap()
    })
    .collect()
}

#[test]
fn a_row_kept_reads_as_a_row_worked_out_within_the_limit() {
    // The memo works each row out whole and compares its least cost with the limit; the
    // table cut short at the limit must give the same answer, for every limit.
    let sheet = Sheet::from_movetext("1.e4 e5 2.Cf3 Cc6 3.Ab5+ a6 Кр1 4.Axc6 dxc6 e5xd6", 0);
    let words = [
        "e4", "Cf3", "Nf3", "Cc6", "Ab5+", "Bb5", "a6", "Крe1", "Axc6", "dxc6", "Ae2e4",
    ];
    let mut rows = Rows::default();
    let mut at = sheet.settle(Cursor::default()).0;
    let mut places = Vec::new();
    while !sheet.done(at) {
        places.push(at);
        let word = sheet.rest(at).len() as u32;
        at = sheet
            .settle(Cursor {
                word: at.word,
                at: at.at + word,
            })
            .0;
    }
    assert!(places.len() > 8);
    for _ in 0..2 {
        for &from in &places {
            let rest = sheet.rest(from);
            for w in words {
                let form: Vec<char> = w.chars().collect();
                for limit in [0.05, 0.3, 0.5, 1.0, 1.7, 2.6, 4.0, f32::INFINITY] {
                    let direct = slips().prefix_costs_within(&form, rest, limit);
                    let kept = rows.within(&sheet, from, rest, &form, limit);
                    assert_eq!(kept, direct, "{w} at {from:?} within {limit}");
                }
            }
        }
    }
}

#[test]
fn keys_carried_from_move_to_move_are_the_keys_worked_out() {
    // Two plies deep from positions with castling, en passant, promotions and captures:
    // the key updated from the one before is the key of the position, every time.
    let key = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
    let mut checked = 0;
    for pos in awkward_positions("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3") {
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let hash = hash_after(&pos, key(&pos), m, &after);
            assert_eq!(hash, key(&after), "{m}");
            for m2 in after.legal_moves() {
                let mut again = after.clone();
                again.play_unchecked(m2);
                assert_eq!(hash_after(&after, hash, m2, &again), key(&again));
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn the_forms_of_every_legal_move_begin_with_its_san() {
    for pos in awkward_positions("4k3/8/8/8/8/8/3q4/R3K2R w KQ - 0 1") {
        let fen = shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal);
        for code in ["en", "it", "ru"] {
            let lang = by_code(code).unwrap();
            for checks in [false, true] {
                let all = candidates_marked(&pos, lang, checks);
                assert_eq!(all.len(), pos.legal_moves().len());
                for c in &all {
                    let mut san = san_plain(&pos, c.mv, lang);
                    let mut after = pos.clone();
                    after.play_unchecked(c.mv);
                    if checks && after.is_check() {
                        san.push('+');
                    }
                    let forms: Vec<(String, Form)> =
                        c.forms().map(|(f, k)| (f.iter().collect(), k)).collect();
                    assert_eq!(forms[0], (san.clone(), Form::San), "{fen} {code}");
                    if matches!(c.mv, Move::Castle { .. }) {
                        assert_eq!(forms[1].0, san.replace('O', "0"));
                        assert_eq!(forms.len(), 2);
                    } else {
                        assert_eq!(forms[1].1, Form::Long);
                    }
                    assert!(forms.iter().all(|(f, _)| f.len() >= 2));
                }
            }
        }
    }
}

fn sans(text: &str) -> Vec<String> {
    let sheet = Sheet::from_movetext(text, 0);
    let found = search(&Chess::default(), &[&sheet], it(), &Limits::default()).unwrap();
    let mut pos = Chess::default();
    found
        .moves
        .iter()
        .map(|&m| {
            let s = san_plain(&pos, m, english());
            pos.play_unchecked(m);
            s
        })
        .collect()
}

#[test]
fn a_move_that_leaves_a_piece_en_prise_is_the_least_likely() {
    use shakmaty::{fen::Fen, CastlingMode};
    // 1. e4 e5 2. Nf3 d6: the pawns on e5 and d6 guard d4 and e5, the queen g5.
    let pos: Chess = "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let of = |san: &str| {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        implausibility(&pos, mv)
    };
    assert_eq!(of("Nxe5"), 2.0); // takes a pawn, and the d6 pawn takes back
    assert_eq!(of("Nc3"), 2.2); // safe and quiet
    assert_eq!(of("Nd4"), 4.9); // to a square the e5 pawn guards
    assert_eq!(of("Qe2"), 2.2);
    assert_eq!(of("Ng5"), 4.9); // undefended, the queen attacks it
    assert_eq!(of("Bb5"), 2.2); // a check counts as any safe quiet move
}

#[test]
fn reading_ahead_prices_a_capture_mark_on_a_quiet_move() {
    // `Nxf3` where the knight's move to f3 takes nothing: replay reads it as `Nf3`, the
    // reading ahead must pay for the mark.
    let pos = Chess::default();
    let sheet = Sheet::from_movetext("Nxf3", 0);
    let at = sheet.settle(Cursor::default()).0;
    let (cost, mv, _) = read_one(&sheet, english(), &pos, at, &mut Rows::default()).unwrap();
    assert_eq!(san_plain(&pos, mv, english()), "Nf3");
    assert!(cost > 0.0, "{cost}");
    let sheet = Sheet::from_movetext("Nf3", 0);
    let at = sheet.settle(Cursor::default()).0;
    assert_eq!(
        read_one(&sheet, english(), &pos, at, &mut Rows::default())
            .unwrap()
            .0,
        0.0
    );
}

const TRUE: [&str; 21] = [
    "e4", "e5", "Nf3", "Nf6", "d4", "exd4", "e5", "Ne4", "Qxd4", "d5", "exd6", "Nxd6", "Bg5",
    "Nc6", "Qe3", "Be7", "Nbd2", "O-O", "O-O-O", "Re8", "Kb1",
];

#[test]
fn appendix_c_in_its_three_damaged_forms() {
    for text in [
        "1.e4e5 2.Cf3 Cf6 3.d4 exd4 4.e5Ced 5.Dxd4 d5 6.exd6 e.p.\nCxd6 7.Ag5 Cc6 8.De3+ Ae7 9.Cbd2 0-0 10.0-0-0Te8 11.Rb1l\n(=)",
        "l.e4e52.Cf3Cf63.d4ed44.e5Ce45.Dd4 d5 6. edb Cd6 7.\nAg5 Cc6 8. De3 Ae7 9 Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=)",
        "1.e2ed e7e5 2. Cg1f3 Cg8f6 3. d2d4 e5xd4 4. ede5 Cf6ed 5.\nDd1xd4 d7d5 6. e5xd6 e.p. Cedxd6 7. Aclg5 Cb8c6 8. Dd4e3+\nAf8e7 9. Cb1d2 0-0 10. 0-0-0 Tf8e8 11. Ralbl (=)",
    ] {
        assert_eq!(sans(text), TRUE, "{text}");
    }
}

#[test]
fn a_legal_but_wrong_move_is_undone_later() {
    // 2.Cf3 written `2.Cf6` (no such move), and 3.h3 written `b3`: legal, found only
    // when 4.Th2 is impossible after it.
    assert_eq!(
        sans("1.e4 e5 2.Cf6 Cc6 3.b3 d6 4.Th2 Ae7"),
        ["e4", "e5", "Nf3", "Nc6", "h3", "d6", "Rh2", "Be7"]
    );
}

#[test]
fn the_huge_searches_keep_more_states_within_the_same_bound() {
    let (widest, huge, ahead) = (Limits::widest(), Limits::huge(), Limits::huge_ahead());
    for l in [huge, ahead] {
        assert!(l.beam > widest.beam && l.per_place > widest.per_place);
        assert!(l.per_place <= l.beam);
        assert_eq!(
            (l.base_cost, l.cost_per_word, l.margin),
            (widest.base_cost, widest.cost_per_word, widest.margin)
        );
    }
    assert_eq!((huge.ahead, ahead.ahead), (0, WIDEST_AHEAD));
    // The same sheet read within the huge limits: a reading at least as cheap.
    let sheet = Sheet::from_movetext("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7", 0);
    let cost = |l: &Limits| search(&Chess::default(), &[&sheet], it(), l).unwrap().cost;
    assert!(cost(&huge) <= cost(&widest) && cost(&ahead) <= cost(&widest));
}

#[test]
fn a_search_never_does_more_work_than_its_budget() {
    // Every White move with a stray `x`: the widest search reads thousands of states.
    let sheet = Sheet::from_movetext(
        "xe4 c6 xd4 d5 xe5 c5 xdxc5 e6 xNc3 Nc6 xBf4 Nge7 xNf3 Ng6 xBe3 Ngxe5 xNxe5",
        0,
    );
    let open = search_counted(&Chess::default(), &[&sheet], english(), &Limits::widest());
    assert!(!open.out_of_budget);
    for budget in [0, 1, 100, open.work / 2] {
        let limits = Limits {
            budget,
            ..Limits::widest()
        };
        let o = search_counted(&Chess::default(), &[&sheet], english(), &limits);
        assert!(o.work <= budget, "{} > {budget}", o.work);
        assert!(o.out_of_budget && o.found.is_none());
    }
    let limits = Limits {
        budget: open.work,
        ..Limits::widest()
    };
    let o = search_counted(&Chess::default(), &[&sheet], english(), &limits);
    assert_eq!(o.work, open.work);
    assert_eq!(o.found.map(|f| f.moves), open.found.map(|f| f.moves));
}

#[test]
fn moves_run_together_meet_after_a_square() {
    let chars = |t: &str| t.chars().collect::<Vec<char>>();
    // `e4e5`, `Cg4e5`: cut after the first square.
    assert!(!splits_a_square(&chars("e4e5"), 2));
    assert!(!splits_a_square(&chars("Cg4e5"), 3));
    // `Txd4` is one move: not `Tx` and `d4`, nor `Txd` and `4`.
    assert!(splits_a_square(&chars("Txd4"), 2));
    assert!(splits_a_square(&chars("Txd4"), 3));
    assert!(splits_a_square(&chars("Dxf3"), 2));
}

#[test]
fn a_move_left_out_and_a_move_written_twice() {
    // Black's second move is not on the sheet: some move is put there, the rest read.
    let left_out = sans("1.e4 e5 2.Cf3 3.Ac4 Ac5 4.c3 Cf6");
    assert_eq!(left_out.len(), 8);
    assert_eq!(left_out[4..], ["Bc4", "Bc5", "c3", "Nf6"]);
    assert_eq!(
        sans("1.e4 e5 2.Cf3 Cf3 Cc6 3.Ac4 Ac5"),
        ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]
    );
}

#[test]
fn rows_written_again_and_numbered_on() {
    // Rows 3 and 4 copied once more as rows 5 and 6: the rest of the sheet is numbered
    // two rows ahead of the game, which is no slip of its own.
    let text = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.c3 Cf6 5.Ac4 Ac5 6.c3 Cf6 7.d4 exd4 8.cxd4 Ab4+ 9.Ad2 Axd2+ 10.Cbxd2 d5";
    assert_eq!(
        sans(text),
        [
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4",
            "Bd2", "Bxd2", "Nbxd2", "d5"
        ]
    );
    let (_, set_aside) = set_aside(text);
    assert_eq!(set_aside.len(), 1);
    assert_eq!(set_aside[0].1, REPEATED);
}

/// The default search's reading of `text`, and the words it set aside (with why).
fn set_aside(text: &str) -> (Found, Vec<(Cursor, &'static str)>) {
    let sheet = Sheet::from_movetext(text, 0);
    let found = search(&Chess::default(), &[&sheet], it(), &Limits::default()).unwrap();
    let set_aside = found
        .plies
        .iter()
        .filter_map(|p| p.readings[0].set_aside)
        .collect();
    (found, set_aside)
}

#[test]
fn a_word_written_twice_is_set_aside_though_it_reads_as_the_next_move() {
    // The second `Cd4` also reads as White's `Cxd4` (the capture mark is optional), but
    // then `4. Cxd4` must be misread and `exd4` set aside: set aside as written twice,
    // the rest reads as written. Both readings lead to other places in the text, and
    // the cheaper reading of the word must not stand for both.
    let text = "1. e4 e5 2. Cf3 Cc6 3. Ab5 Cd4 Cd4 4. Cxd4 exd4 5. O-O a6 6. Ac4 Ac5";
    let (found, set_aside) = set_aside(text);
    let words: Vec<_> = set_aside.iter().map(|(c, why)| (c.word, *why)).collect();
    // Word 9 is the second `Cd4` (move numbers are words of their own).
    assert_eq!(words, [(9, "written_twice")]);
    assert!(found.plies.iter().all(|p| p.readings[0].slip < 0.25));
}
