//! A game's result: one type, one table of the ways it is written, one writer.
//!
//! Every reader of results (the movetext lexer, the `[Result]` tag, the Laws, repair, the
//! duplicate finder, the splitter) asks this module, so that they cannot drift apart on which
//! spellings they accept. PGN's four forms are what [`GameResult`] writes ([`Display`](std::fmt::Display)); what
//! it reads is [`SPELLINGS`], the one list of the other ways results are written (`½-½`,
//! `1–0` with an en dash, `0.5-0.5`, ...). Results written in words (`patta`, `abbandona`)
//! belong in that table too, one row per spelling, so that every reader learns them at once.
//!
//! ```
//! use scoresheet::result::GameResult;
//! let r: GameResult = "½-½".parse().unwrap();
//! assert_eq!(r, GameResult::Draw);
//! assert_eq!(r.to_string(), "1/2-1/2");
//! assert_eq!(GameResult::read_prefix("1-0)"), Some((GameResult::WhiteWins, 3)));
//! assert!(GameResult::looks_like("0-1"));
//! assert!(!GameResult::looks_like("12."));
//! ```

use std::fmt;
use std::str::FromStr;

use shakmaty::Color;

/// A game result: who won, or a draw, or `*` (not known, or the game goes on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    #[serde(rename = "*")]
    Unknown,
}

/// Every way a result is written that the readers accept, PGN's own four first. Ordered so
/// that no spelling comes after another that is a prefix of it (`1/2-1/2` before `1/2`), so
/// that the first spelling a text starts with is the longest ([`GameResult::read_prefix`]).
///
/// Spellings with a space in them (`1 - 0`) are read only as a whole value (a tag), never
/// inside a word of movetext. `=-=` is a draw in some databases' exports.
pub const SPELLINGS: &[(&str, GameResult)] = &[
    ("1-0", GameResult::WhiteWins),
    ("0-1", GameResult::BlackWins),
    ("1/2-1/2", GameResult::Draw),
    ("*", GameResult::Unknown),
    ("½-½", GameResult::Draw),
    ("½–½", GameResult::Draw),
    ("1/2–1/2", GameResult::Draw),
    ("1/2 - 1/2", GameResult::Draw),
    ("0.5-0.5", GameResult::Draw),
    // With a colon (issue 35), before `1/2` and `½`, which start them.
    ("1/2:1/2", GameResult::Draw),
    ("½:½", GameResult::Draw),
    ("½ : ½", GameResult::Draw),
    ("1/2", GameResult::Draw),
    ("½", GameResult::Draw),
    ("=-=", GameResult::Draw),
    ("1–0", GameResult::WhiteWins),
    ("1 - 0", GameResult::WhiteWins),
    ("0–1", GameResult::BlackWins),
    ("0 - 1", GameResult::BlackWins),
    // With a colon, as Italian, German and Polish texts print them (issue 35).
    ("1:0", GameResult::WhiteWins),
    ("1 : 0", GameResult::WhiteWins),
    ("0:1", GameResult::BlackWins),
    ("0 : 1", GameResult::BlackWins),
    // A draw in words, in the languages of published games (a resignation is no spelling:
    // who resigned depends on the game, which `--prose` reads).
    ("patta", GameResult::Draw),
    ("tablas", GameResult::Draw),
    ("nulle", GameResult::Draw),
    ("remis", GameResult::Draw),
    ("remise", GameResult::Draw),
    ("empate", GameResult::Draw),
];

/// A text that is no result (the error of [`GameResult::from_str`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAResult;

impl fmt::Display for NotAResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a game result")
    }
}

impl std::error::Error for NotAResult {}

impl GameResult {
    /// The three results that end a game one way or the other, as PGN writes them.
    pub const DECIDED: [GameResult; 3] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ];

    /// PGN's form: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => SPELLINGS[0].0,
            GameResult::BlackWins => SPELLINGS[1].0,
            GameResult::Draw => SPELLINGS[2].0,
            GameResult::Unknown => SPELLINGS[3].0,
        }
    }

    /// The form a scoresheet writes and a reader of a report expects: PGN's but for the draw,
    /// `½-½`.
    pub const fn as_sheet(self) -> &'static str {
        match self {
            GameResult::Draw => SPELLINGS[4].0,
            other => other.as_str(),
        }
    }

    /// The winner; `None` for a draw and for `*`.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Unknown => None,
        }
    }

    /// The win of `c`.
    pub fn win(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// Whether the result is known (not `*`).
    pub fn is_known(self) -> bool {
        self != GameResult::Unknown
    }

    /// A whole word of movetext that is a result in words (`patta`, `Remis.`, `(tablas)`):
    /// the table's spellings of letters alone, in any case, a full stop or brackets around.
    pub fn from_word(word: &str) -> Option<GameResult> {
        let w = word
            .trim_start_matches('(')
            .trim_end_matches([')', '.', '!', ',', ';']);
        if w.is_empty() || !w.chars().all(char::is_alphabetic) {
            return None;
        }
        SPELLINGS
            .iter()
            .filter(|(s, _)| s.chars().all(char::is_alphabetic))
            .find(|(s, _)| s.eq_ignore_ascii_case(w))
            .map(|&(_, r)| r)
    }

    /// Whether a word may start with a result: a cheap test on its first bytes, so that a
    /// lexer settles the many words that start like one (move numbers: `1.`, `10.`) at once.
    /// True for every text [`GameResult::read_prefix`] reads.
    pub fn looks_like(text: &str) -> bool {
        let b = text.as_bytes();
        match b.first() {
            Some(b'1') => matches!(b.get(1), Some(b'-' | b'/' | b':' | 0xe2)),
            Some(b'0') => matches!(b.get(1), Some(b'-' | b'.' | b':' | 0xe2)),
            Some(b'*') => true,
            Some(0xc2) => text.starts_with('½'),
            _ => false,
        }
    }

    /// The result a word of movetext starts with and its length in bytes: the longest
    /// spelling of [`SPELLINGS`] that the text starts with, among those that can stand in a
    /// word (no space; one that [`GameResult::looks_like`] a result: not `=-=`, read as a
    /// result in a tag's value only, as before it was in one table).
    pub fn read_prefix(text: &str) -> Option<(GameResult, usize)> {
        if !Self::looks_like(text) {
            return None;
        }
        // PGN's four, told at once (no other spelling is read from their first bytes).
        let pgn = match text.as_bytes() {
            [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => Some((GameResult::Draw, 7)),
            [b'1', b'-', b'0', ..] => Some((GameResult::WhiteWins, 3)),
            [b'0', b'-', b'1', ..] => Some((GameResult::BlackWins, 3)),
            [b'*', ..] => Some((GameResult::Unknown, 1)),
            _ => None,
        };
        pgn.or_else(|| Self::read_prefix_by_table(text))
    }

    /// [`GameResult::read_prefix`] by the table alone (the reference of its fast path).
    fn read_prefix_by_table(text: &str) -> Option<(GameResult, usize)> {
        SPELLINGS
            .iter()
            .filter(|(s, _)| !s.contains(' ') && Self::looks_like(s))
            .find(|(s, _)| text.starts_with(s))
            .map(|&(s, r)| (r, s.len()))
    }

    /// Whether a word of a game's text is a result or ends with one of the forms that end a
    /// game's movetext in an archive (PGN's four and `½-½`): what the game splitter looks for.
    pub fn ends_word(word: &[u8]) -> bool {
        // Results end in `0`, `1`, `2`, `*` or the last byte of `½`.
        if !matches!(word.last(), Some(b'0' | b'1' | b'2' | b'*' | 0xbd)) {
            return false;
        }
        word == GameResult::Unknown.as_str().as_bytes()
            || GameResult::DECIDED
                .iter()
                .map(|r| r.as_str())
                .chain([GameResult::Draw.as_sheet()])
                .any(|s| word.ends_with(s.as_bytes()))
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = NotAResult;

    /// Any spelling of [`SPELLINGS`], with white space around it.
    fn from_str(s: &str) -> Result<GameResult, NotAResult> {
        let s = s.trim();
        SPELLINGS
            .iter()
            .find(|(spelling, _)| *spelling == s)
            .map(|&(_, r)| r)
            .ok_or(NotAResult)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_reads_and_pgn_round_trips() {
        for &(s, r) in SPELLINGS {
            assert_eq!(s.parse::<GameResult>(), Ok(r), "{s}");
            assert_eq!(format!(" {s}\t").parse::<GameResult>(), Ok(r), "{s}");
        }
        for r in GameResult::DECIDED.into_iter().chain([GameResult::Unknown]) {
            assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
            assert_eq!(r.as_sheet().parse::<GameResult>(), Ok(r));
            assert_eq!(
                serde_json::to_string(&r).ok(),
                Some(format!("\"{r}\"")),
                "JSON writes PGN's form"
            );
        }
        for s in ["", "1-1", "0-0", "O-O", "?", "1/2-1/2 x", "12.", "e4", "½-"] {
            assert_eq!(s.parse::<GameResult>(), Err(NotAResult), "{s}");
        }
    }

    #[test]
    fn winners() {
        assert_eq!(GameResult::WhiteWins.winner(), Some(Color::White));
        assert_eq!(GameResult::win(Color::Black), GameResult::BlackWins);
        assert_eq!(GameResult::Draw.winner(), None);
        assert!(!GameResult::Unknown.is_known());
    }

    #[test]
    fn prefixes_read_the_longest_spelling() {
        assert_eq!(GameResult::read_prefix("½-½"), Some((GameResult::Draw, 5)));
        assert_eq!(GameResult::read_prefix("½x"), Some((GameResult::Draw, 2)));
        assert_eq!(
            GameResult::read_prefix("1/2–1/2"),
            Some((GameResult::Draw, 9))
        );
        assert_eq!(GameResult::read_prefix("1/2x"), Some((GameResult::Draw, 3)));
        assert_eq!(
            GameResult::read_prefix("0.5-0.5"),
            Some((GameResult::Draw, 7))
        );
        assert_eq!(
            GameResult::read_prefix("1–0"),
            Some((GameResult::WhiteWins, 5))
        );
        // Spaced spellings and `=-=` are read as whole values only.
        assert_eq!(GameResult::read_prefix("1 - 0"), None);
        assert_eq!(GameResult::read_prefix("=-="), None);
        assert_eq!(GameResult::read_prefix("0-0"), None);
        assert_eq!(GameResult::read_prefix("12."), None);
    }

    /// The results told at once are what the table reads, whatever follows them; every
    /// spelling the table reads in a word passes [`GameResult::looks_like`].
    #[test]
    fn fast_path_reads_as_the_table() {
        let mut texts = vec![String::new()];
        for &(s, _) in SPELLINGS {
            texts.push(s.to_string());
            for cut in 1..s.len() {
                if s.is_char_boundary(cut) {
                    texts.push(s[..cut].to_string());
                }
            }
        }
        texts.extend(["1.", "10.", "0-0", "1/", "0.", "12...", "½"].map(str::to_string));
        for text in texts {
            for tail in ["", " ", "0", "-1", "*", "½", "\n", ")"] {
                let input = format!("{text}{tail}");
                let by_table = if GameResult::looks_like(&input) {
                    GameResult::read_prefix_by_table(&input)
                } else {
                    None
                };
                assert_eq!(GameResult::read_prefix(&input), by_table, "{input:?}");
                if GameResult::read_prefix_by_table(&input).is_some() {
                    assert!(GameResult::looks_like(&input), "{input:?}");
                }
            }
        }
    }

    #[test]
    fn words_that_end_games() {
        for w in ["1-0", "0-1", "1/2-1/2", "½-½", "*", "x1-0", "e41-0"] {
            assert!(GameResult::ends_word(w.as_bytes()), "{w}");
        }
        for w in ["1-0x", "0-0", "*{", "e4", "0-1)", "½–½", "1/2"] {
            assert!(!GameResult::ends_word(w.as_bytes()), "{w}");
        }
    }
}
