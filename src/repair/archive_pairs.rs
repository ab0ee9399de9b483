//! Pairing the games of two archives (`reconcile --archives A B`): each game of A with at
//! most one game of B, the same game transcribed in both.
//!
//! A game is known by a small [`GameKey`]: its players' surnames, date, round, result and its
//! first moves (not its text, which stays in the spool file of the caller). Two games pair
//! by their tags where the tags say so: the same players (surnames, case and accents aside),
//! and date and round that do not contradict each other (a part unknown in one of them, `??`,
//! contradicts nothing); otherwise by the same opening moves and result, where the players'
//! names (spelled alike: `Tschigorin`, `Chigorin`) and the year do not say they are other
//! games. Among the
//! candidates the pairs are taken best first (tags, then the longer common opening, then the
//! same result), so that the order of the games in either archive does not matter.
//!
//! ```ignore
//! use scoresheet::repair::archive_pairs::{game_key, pair};
//! let a = [game_key("[White \"Lasker, E.\"]\n[Black \"Steinitz\"]\n[Date \"1894.??.??\"]\n\n1. e4 e5 1-0\n"),
//!          game_key("[White \"Steinitz\"]\n[Black \"Lasker\"]\n[Date \"1894\"]\n\n1. d4 d5 0-1\n")];
//! let b = [game_key("[White \"Steinitz, W.\"]\n[Black \"Lasker, Emanuel\"]\n[Date \"1894.05.20\"]\n\n1. d4 d5 0-1\n")];
//! assert_eq!(pair(&a, &b), vec![(1, 0)]);
//! ```

use std::collections::HashMap;

use shakmaty::Move;

use crate::replay::{validate_text, Options};

/// Plies of the opening compared.
const OPENING: usize = 16;
/// Plies two games without matching tags must share (or the whole of the shorter).
const SAME_OPENING: usize = 10;

/// What pairing needs of a game.
#[derive(Debug, Clone, Default)]
pub struct GameKey {
    /// Surnames, lower case, letters only.
    pub white: String,
    pub black: String,
    /// As written (for reports).
    pub white_name: String,
    pub black_name: String,
    pub date: String,
    pub round: String,
    pub result: String,
    /// The first plies' moves (from and to squares, promotion).
    pub opening: Vec<u16>,
    pub plies: u32,
}

/// A player's surname: the part before a comma, else the last word; letters only, lower case
/// (accents folded to their letter where they are Latin-1 ones).
fn surname(name: &str) -> String {
    let name = name.trim();
    let part = match name.split_once(',') {
        Some((s, _)) => s,
        None => name.split_whitespace().last().unwrap_or(""),
    };
    part.chars()
        .filter_map(|c| {
            let c = match c {
                'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => {
                    'a'
                }
                'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' => 'e',
                'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => 'i',
                'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => {
                    'o'
                }
                'ù' | 'ú' | 'û' | 'ü' | 'Ù' | 'Ú' | 'Û' | 'Ü' => 'u',
                'ç' | 'Ç' => 'c',
                'ñ' | 'Ñ' => 'n',
                c => c,
            };
            c.is_alphabetic()
                .then(|| c.to_lowercase())
                .map(|l| l.collect::<String>())
        })
        .collect()
}

fn code(m: &Move) -> u16 {
    let from = m.from().map_or(64, |s| s as u16);
    let promo = m.promotion().map_or(0, |r| r as u16);
    from | (m.to() as u16) << 7 | promo << 13
}

/// The key of one game's text.
pub fn game_key(text: &str) -> GameKey {
    let rec = validate_text(text, &Options::default());
    let tag = |n: &str| rec.tags.get(n).unwrap_or("").trim().to_string();
    let (white_name, black_name) = (tag("White"), tag("Black"));
    GameKey {
        white: surname(&white_name),
        black: surname(&black_name),
        white_name,
        black_name,
        date: tag("Date"),
        round: tag("Round"),
        result: rec
            .result
            .map_or("*", crate::result::GameResult::as_str)
            .to_string(),
        opening: rec.mainline.iter().take(OPENING).map(code).collect(),
        plies: rec.plies,
    }
}

/// Whether two dates (`1895.08.??`, `1895`) say nothing against each other.
fn dates_agree(a: &str, b: &str) -> bool {
    a.split('.').zip(b.split('.')).all(|(x, y)| {
        let known = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
        !known(x) || !known(y) || x == y
    })
}

fn rounds_agree(a: &str, b: &str) -> bool {
    let known = |s: &str| !s.is_empty() && s != "?" && s != "-";
    !known(a) || !known(b) || a == b
}

fn known_player(s: &str) -> bool {
    !s.is_empty()
}

fn common_opening(a: &GameKey, b: &GameKey) -> usize {
    a.opening
        .iter()
        .zip(&b.opening)
        .take_while(|(x, y)| x == y)
        .count()
}

/// Edit distance of two short strings (bounded use: names).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// Whether two surnames may name one player: unknown in either, the same, or spelled
/// alike (`Tschigorin` and `Chigorin`, `Janowski` and `Janowsky`).
fn same_player(a: &str, b: &str) -> bool {
    a.is_empty()
        || b.is_empty()
        || a == b
        || (a.len() >= 4 && b.len() >= 4 && distance(a, b) <= (a.len().min(b.len()) / 4).max(1))
}

/// Whether the years of two dates do not contradict each other.
fn years_agree(a: &str, b: &str) -> bool {
    dates_agree(
        a.split('.').next().unwrap_or(""),
        b.split('.').next().unwrap_or(""),
    )
}

/// How well two games pair (`None`: they do not).
fn score(a: &GameKey, b: &GameKey) -> Option<u32> {
    let common = common_opening(a, b);
    let same_result = a.result == b.result && a.result != "*";
    let players = same_player(&a.white, &b.white) && same_player(&a.black, &b.black);
    let by_tags = known_player(&a.white)
        && known_player(&b.white)
        && players
        && dates_agree(&a.date, &b.date)
        && rounds_agree(&a.round, &b.round);
    // Without the tags' word: the same opening and result, where the players and the year
    // do not contradict it (two games of one opening by other players are other games).
    let shorter = a.opening.len().min(b.opening.len());
    let by_moves = shorter > 0
        && common >= SAME_OPENING.min(shorter)
        && (same_result || a.result == "*" || b.result == "*")
        && players
        && years_agree(&a.date, &b.date);
    if !(by_tags || by_moves) {
        return None;
    }
    let exact = a.white == b.white && a.black == b.black;
    Some(
        u32::from(by_tags) * 1000
            + common as u32 * 10
            + u32::from(same_result) * 5
            + u32::from(exact) * 2,
    )
}

/// The pairs `(index in a, index in b)`, in the order of `a`: each game at most once.
pub fn pair(a: &[GameKey], b: &[GameKey]) -> Vec<(usize, usize)> {
    // Candidates: the games of `a` with the same players, or the same first moves.
    let mut by_players: HashMap<(&str, &str), Vec<usize>> = HashMap::new();
    let mut by_opening: HashMap<&[u16], Vec<usize>> = HashMap::new();
    let head = |k: &GameKey| -> usize { k.opening.len().min(SAME_OPENING) };
    for (i, k) in a.iter().enumerate() {
        if known_player(&k.white) {
            by_players
                .entry((k.white.as_str(), k.black.as_str()))
                .or_default()
                .push(i);
        }
        if head(k) > 0 {
            by_opening.entry(&k.opening[..head(k)]).or_default().push(i);
        }
    }
    let mut scored: Vec<(u32, usize, usize)> = Vec::new();
    for (j, kb) in b.iter().enumerate() {
        let mut cands: Vec<usize> = Vec::new();
        if let Some(v) = by_players.get(&(kb.white.as_str(), kb.black.as_str())) {
            cands.extend(v);
        }
        if let Some(v) = by_opening.get(&kb.opening[..head(kb)]) {
            cands.extend(v);
        }
        cands.sort_unstable();
        cands.dedup();
        for i in cands {
            if let Some(s) = score(&a[i], kb) {
                scored.push((s, i, j));
            }
        }
    }
    // Best first; among equals, the games in their archives' order.
    scored.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    let (mut used_a, mut used_b) = (vec![false; a.len()], vec![false; b.len()]);
    let mut pairs = Vec::new();
    for (_, i, j) in scored {
        if !used_a[i] && !used_b[j] {
            used_a[i] = true;
            used_b[j] = true;
            pairs.push((i, j));
        }
    }
    pairs.sort_unstable();
    pairs
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::repair::archive_pairs::{game_key, pair};
        let a = [game_key("[White \"Lasker, E.\"]\n[Black \"Steinitz\"]\n[Date \"1894.??.??\"]\n\n1. e4 e5 1-0\n"),
                 game_key("[White \"Steinitz\"]\n[Black \"Lasker\"]\n[Date \"1894\"]\n\n1. d4 d5 0-1\n")];
        let b = [game_key("[White \"Steinitz, W.\"]\n[Black \"Lasker, Emanuel\"]\n[Date \"1894.05.20\"]\n\n1. d4 d5 0-1\n")];
        assert_eq!(pair(&a, &b), vec![(1, 0)]);
    }
}
