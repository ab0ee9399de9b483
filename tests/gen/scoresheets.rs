//! Renders real games as damaged scoresheets, the truth beside them: the generator of
//! corpora/repair and corpora/reconcile (included by tests/repair.rs and tests/reconcile.rs
//! with `#[path]`; `cargo run --release --example repair_corpora -- write-corpus` writes the
//! corpus again from the shared archives).
//!
//! A scoresheet is written one move number to a line (`12. Cf3 Cc6`) in Italian SAN, Italian
//! long algebraic (`Cg1f3`, `e5xd6`) or English SAN, and damaged with about one slip in every
//! thirty plies (at least one), of the kinds players and OCR engines make: a look-alike
//! character, a neighbouring file or rank, a piece letter of another language, a lowercase
//! piece letter, a lost or extra mark, a stray character, two moves run together, a move
//! number glued to its move or misread, a move left out, a move written twice.
#![allow(dead_code)]

use scoresheet::{
    notation::languages::{by_code, english},
    replay::render::{san_in, uci},
};
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role};

/// A small deterministic generator (xorshift64*), so that the corpus is the same every time.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    ItalianSan,
    ItalianLong,
    EnglishSan,
}

impl Style {
    pub fn name(self) -> &'static str {
        match self {
            Style::ItalianSan => "it-san",
            Style::ItalianLong => "it-long",
            Style::EnglishSan => "en-san",
        }
    }
}

pub const SLIPS: [&str; 11] = [
    "look_alike",
    "neighbouring_square",
    "other_language_letter",
    "lowercase_letter",
    "mark",
    "stray_character",
    "run_together",
    "number",
    "left_out",
    "written_twice",
    "look_alike_number",
];

/// Look-alikes of the issue: what a character may come out as.
const LOOK_ALIKES: [(char, &str); 15] = [
    ('1', "lI7"),
    ('0', "Oo"),
    ('4', "d"),
    ('6', "bG"),
    ('5', "Ss"),
    ('8', "B3"),
    ('9', "gq"),
    ('2', "Zz"),
    ('e', "c"),
    ('c', "e"),
    ('b', "h"),
    ('h', "b"),
    ('f', "t"),
    ('3', "8"),
    ('g', "q"),
];

/// A move as the style writes it.
pub fn written(pos: &Chess, m: Move, style: Style) -> String {
    let it = by_code("it").expect("Italian is a language of the table");
    match style {
        Style::ItalianSan => san_in(pos, m, it),
        Style::EnglishSan => san_in(pos, m, english()),
        Style::ItalianLong => match m {
            Move::Castle { king, rook } => {
                if rook.file() > king.file() {
                    "0-0".into()
                } else {
                    "0-0-0".into()
                }
            }
            _ => {
                let mut s = String::new();
                if m.role() != Role::Pawn {
                    s.push_str(it.letter(m.role()));
                }
                if let Some(f) = m.from() {
                    s.push_str(&f.to_string());
                }
                if m.is_capture() {
                    s.push('x');
                }
                s.push_str(&m.to().to_string());
                if let Some(p) = m.promotion() {
                    s.push_str(it.letter(p));
                }
                s
            }
        },
    }
}

/// One damaged scoresheet.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub text: String,
    /// (ply, kind) of every slip made.
    pub slips: Vec<(u32, &'static str)>,
}

fn damage_move(text: &str, kind: &str, style: Style, rng: &mut Rng) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    match kind {
        "look_alike" => {
            let spots: Vec<(usize, &str)> = chars
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    LOOK_ALIKES
                        .iter()
                        .find(|(a, _)| a == c)
                        .map(|(_, b)| (i, *b))
                })
                .collect();
            let (i, to) = spots.get(rng.below(spots.len()))?;
            let to: Vec<char> = to.chars().collect();
            let mut out = chars.clone();
            out[*i] = to[rng.below(to.len())];
            Some(out.into_iter().collect())
        }
        "neighbouring_square" => {
            // The destination's file or rank, one off.
            let i = chars.iter().rposition(|c| c.is_ascii_digit())?;
            let j = i.checked_sub(1)?;
            let mut out = chars.clone();
            if rng.chance(50) {
                let r = chars[i] as u8;
                out[i] = if r == b'8' || (r > b'1' && rng.chance(50)) {
                    r - 1
                } else {
                    r + 1
                } as char;
            } else {
                let f = chars[j] as u8;
                if !(b'a'..=b'h').contains(&f) {
                    return None;
                }
                out[j] = if f == b'h' || (f > b'a' && rng.chance(50)) {
                    f - 1
                } else {
                    f + 1
                } as char;
            }
            Some(out.into_iter().collect())
        }
        "other_language_letter" => {
            if style == Style::EnglishSan {
                return None;
            }
            let first = *chars.first()?;
            let other = match first {
                'C' => 'N',
                'A' => 'B',
                'T' => 'R',
                'D' => 'Q',
                'R' => 'K',
                _ => return None,
            };
            Some(
                std::iter::once(other)
                    .chain(chars[1..].iter().copied())
                    .collect(),
            )
        }
        "lowercase_letter" => {
            let first = *chars.first()?;
            if !first.is_ascii_uppercase() || first == 'O' {
                return None;
            }
            Some(first.to_ascii_lowercase().to_string() + &text[1..])
        }
        "mark" => {
            if let Some(i) = chars.iter().position(|&c| c == 'x') {
                let mut out = chars.clone();
                out.remove(i);
                Some(out.into_iter().collect())
            } else if text.ends_with('+') {
                Some(text.trim_end_matches('+').to_string())
            } else {
                Some(format!("{text}+"))
            }
        }
        "stray_character" => {
            let strays = ['/', '\'', 'l', ',', 'i', '~'];
            let c = strays[rng.below(strays.len())];
            let at = 1 + rng.below(chars.len());
            let mut out = chars.clone();
            out.insert(at.min(out.len()), c);
            Some(out.into_iter().collect())
        }
        _ => None,
    }
}

/// Write `moves` from `start` as a scoresheet in `style`, with slips (about one in
/// `one_in` plies, at least one) chosen by `rng`.
pub fn scoresheet(
    start: &Chess,
    moves: &[Move],
    style: Style,
    rng: &mut Rng,
    one_in: usize,
) -> Sheet {
    let n = moves.len();
    let count = (n / one_in).max(1);
    let mut at: Vec<usize> = Vec::new();
    while at.len() < count.min(n) {
        // Not the first two plies: a sheet damaged there is a sheet of another opening.
        let p = 2 + rng.below(n.saturating_sub(2).max(1));
        if p < n && !at.contains(&p) {
            at.push(p);
        }
    }
    at.sort();
    // Per ply: its text, the number before it, and what joins it to the next.
    let mut pos = start.clone();
    let mut words: Vec<(Option<String>, Vec<String>)> = Vec::new();
    let mut slips = Vec::new();
    let mut glue_next = false;
    for (i, &m) in moves.iter().enumerate() {
        let white = pos.turn() == Color::White;
        let mut number = white.then(|| format!("{}.", pos.fullmoves()));
        let mut text = vec![written(&pos, m, style)];
        if at.contains(&i) {
            let mut kind = SLIPS[rng.below(SLIPS.len())];
            let mut done = false;
            for _ in 0..4 {
                match kind {
                    "left_out" => {
                        text.clear();
                        done = true;
                    }
                    "written_twice" => {
                        text.push(text[0].clone());
                        done = true;
                    }
                    "run_together" if i + 1 < n => {
                        glue_next = true;
                        done = true;
                    }
                    "number" if white => {
                        // The number glued to its move.
                        let t = text[0].clone();
                        text[0] = format!("{}{t}", number.take().unwrap_or_default());
                        done = true;
                    }
                    "look_alike_number" if white && pos.fullmoves().get() >= 10 => {
                        let num = number.take().unwrap_or_default();
                        number = Some(damage_move(&num, "look_alike", style, rng).unwrap_or(num));
                        done = true;
                    }
                    _ => {
                        if let Some(t) = damage_move(&text[0], kind, style, rng) {
                            text[0] = t;
                            done = true;
                        }
                    }
                }
                if done {
                    break;
                }
                kind = ["look_alike", "neighbouring_square", "stray_character"][rng.below(3)];
            }
            if done {
                slips.push((i as u32 + 1, kind));
            }
        }
        if glue_next
            && !(at.contains(&i)
                && slips
                    .last()
                    .is_some_and(|s| s.1 == "run_together" && s.0 == i as u32 + 1))
        {
            // This move is the second of two run together: joined to the one before.
            if let Some(last) = words.last_mut() {
                let joined = format!(
                    "{}{}{}",
                    last.1.pop().unwrap_or_default(),
                    number.take().unwrap_or_default(),
                    text.first().cloned().unwrap_or_default()
                );
                last.1.push(joined);
                text.drain(..text.len().min(1));
                last.1.extend(text);
                glue_next = false;
                pos.play_unchecked(m);
                continue;
            }
            glue_next = false;
        }
        words.push((number, text));
        pos.play_unchecked(m);
    }
    // One line per move number.
    let mut out = String::new();
    for (number, text) in words {
        if let Some(num) = number {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&num);
            out.push(' ');
        } else if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        out.push_str(&text.join(" "));
    }
    out.push('\n');
    Sheet { text: out, slips }
}

/// The moves of a game as UCI, for the truth column.
pub fn ucis(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| uci(m, CastlingMode::Standard))
        .collect::<Vec<_>>()
        .join(" ")
}
