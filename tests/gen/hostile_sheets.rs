//! Hostile scoresheets for `--repair` and `decode` (issue 41), built from one real game at
//! growing sizes: shared by `tests/repair.rs` (the record comes out, the work stays within
//! its budget) and `benches/repair.rs` (time against size), both with `#[path]`.

// Each user takes the families it needs (the tests some, the bench all of them).
#![allow(dead_code)]

/// Tal–Botvinnik, World Championship 1961, game 4 (`pgnmentor-players/Botvinnik.pgn` of the
/// shared archives): 82 plies, as the archive writes it.
pub const GAME: &str =
    "1.e4 c6 2.d4 d5 3.e5 c5 4.dxc5 e6 5.Nc3 Nc6 6.Bf4 Nge7 7.Nf3 Ng6 8.Be3 Ngxe5
9.Nxe5 Nxe5 10.Qh5 Nc6 11.O-O-O Be7 12.f4 g6 13.Qh6 Bf8 14.Qg5 Qxg5 15.fxg5 h6
16.Na4 Bd7 17.Bf4 a6 18.Nb6 Rd8 19.Bc7 hxg5 20.c4 d4 21.b4 Bg7 22.Bxd8 Kxd8
23.b5 Nb8 24.Be2 f5 25.Bf3 axb5 26.cxb5 Bxb5 27.Bxb7 Kc7 28.a4 Bxa4 29.Nxa4 Kxb7
30.Kd2 Nd7 31.Rb1+ Kc6 32.Rhc1 Be5 33.Kd3 Ra8 34.Rb6+ Nxb6 35.cxb6+ Kd7 36.Nc5+ Ke7
37.Re1 Ra3+ 38.Kc4 Rc3+ 39.Kb5 Re3 40.Ra1 Bxh2 41.Ra7+ Ke8 1/2-1/2";

/// The game's moves as written, without their numbers.
fn moves() -> Vec<&'static str> {
    GAME.split_whitespace()
        .map(|w| w.split_once('.').map_or(w, |(_, m)| m))
        .filter(|m| !m.is_empty() && *m != "1/2-1/2")
        .collect()
}

/// The first `lines` lines of the game with two rows written again after `18.Nb6 Rd8` (the
/// issue's `moves_written_twice` case: `…18.Nb6 Rd8 19xg5 15.fxg5 h6 16.Na4 … 18.Nb6 Rd8
/// 19.Bc7 …`); all of it for 7 lines or more.
pub fn rows_twice(lines: usize) -> String {
    let text = GAME.replacen(
        "18.Nb6 Rd8 19.Bc7",
        "18.Nb6 Rd8 19xg5 15.fxg5 h6\n16.Na4 Bd7 17.Bf4 a6 18.Nb6 Rd8 19.Bc7",
        1,
    );
    let mut out = String::new();
    for row in text.lines().take(lines) {
        out.push_str(row);
        out.push('\n');
    }
    out
}

/// The game's first `plies` plies with a stray `x` before every White move and no move
/// numbers (`xe4 c6 xd4 d5 …`).
pub fn stray_x(plies: usize) -> String {
    let mut out = String::new();
    for (i, m) in moves().into_iter().take(plies).enumerate() {
        if i % 2 == 0 {
            out.push('x');
        }
        out.push_str(m);
        out.push(' ');
    }
    out
}

/// `1. e4 e5 2. Nf3` and a word of `len` letters glued together.
pub fn long_word(len: usize) -> String {
    format!("1. e4 e5 2. Nf3 {}\n", "a".repeat(len))
}

/// The game with a word of `len` letters after White's twelfth move.
pub fn long_word_in_game(len: usize) -> String {
    GAME.replacen("12.f4", &format!("12.f4 {}", "a".repeat(len)), 1)
}

/// A `decode` input of two plies whose second box has a candidate `len` characters long.
pub fn long_candidate(len: usize) -> String {
    format!(
        "{{\"ply\": 1, \"candidates\": [{{\"text\": \"e4\", \"logprob\": -0.1}}]}}\n{{\"ply\": 2, \"candidates\": [{{\"text\": \"{}\", \"logprob\": -0.1}}, {{\"text\": \"e5\", \"logprob\": -1.0}}]}}\n",
        "e".repeat(len)
    )
}
