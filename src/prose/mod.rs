//! `--prose`: games read out of running text (newspaper columns, club pages, books).
//!
//! Published text is no PGN: titles and captions sit above the moves, commentary between
//! them, blank lines inside one article, moves written `1 e4, e5; 2 Cf3, Cc6;`, `1) e4 c6`,
//! `14) …, Cd4;`, `1.e4-e5; 2.f4-exf4;`, `1.e2 - e4, e7 - e5`, side games inside the
//! commentary with their own move numbers. This module finds each game (a run of numbered
//! moves starting at move 1, or at a position a FEN line or an odds phrase gives), replays
//! it to tell the moves from the words, and writes it as PGN: every word that is not a move
//! kept as a comment at its place, side lines that replay as variations, headers from what
//! the text says plainly (`Anderssen – Dufresne, Berlino 1852`, `Bianco:`/`Nero:`), the
//! result from signs or words (`1:0`, `abbandona`, `patta`, a mate on the board).
//!
//! Moves are written as the text has them (letters of its language, slips included), so
//! that the reader downstream detects the language per game and `--repair` finds and
//! reports the slips; only the layout is made PGN's.
//!
//! ```
//! let pgn = scoresheet::prose::to_pgn(
//!     "Anderssen – Dufresne, Berlino 1852\n\nUna partita famosa. 1 e4, e5; 2 Cf3, Cc6; \
//!      3 Ac4, Ac5;\n\nIl Bianco sacrifica: 4 b4, A:b4;\n",
//! );
//! let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
//! assert!(flat.contains("[White \"Anderssen\"]"));
//! assert!(flat.contains("{Una partita famosa.} 1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5"));
//! assert!(flat.contains("{Il Bianco sacrifica:} 4. b4 A:b4"));
//! ```

mod game;
mod read;
mod scan;
mod words;

use game::*;
use read::*;
use scan::*;

use shakmaty::{
    fen::Fen, san::San, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position,
};

use crate::notation::{
    languages::{by_code, Language},
    moves::{readings, written_move},
};
use crate::replay::resolve::{resolve, Resolution};
use crate::result::GameResult;
use words::{
    is_check_word, is_draw_word, is_evaluation, is_glyph, is_mate_word, is_resign_word,
    is_without_word, side_word, tokens, Tok,
};

/// The comment after the last move of a game whose text gives no result (no sign, no word,
/// no mate on the board): a cut article, or a text that stops before the end. `convert`
/// does not call such a game converted whole.
pub const STOPS_WITHOUT_RESULT: &str = "--prose: the text stops here, without a result";

/// Languages tried, Italian first; the one that reads most moves of the text is taken.
const LANGUAGES: [&str; 8] = ["it", "en", "es", "fr", "de", "pt", "nl", "pl"];

/// The games of running text as PGN, one after the other. A text in which no game is found
/// comes back as it is, for the reader to report as it reports any text.
pub fn to_pgn(text: &str) -> String {
    let toks = tokens(text);
    let mut best: Option<(usize, Vec<Game>)> = None;
    for code in LANGUAGES {
        let Some(lang) = by_code(code) else { continue };
        let games = Scan::new(&toks, lang).run();
        let score: usize = games.iter().map(|g| g.resolved).sum();
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, games));
        }
    }
    match best {
        Some((_, games)) if !games.is_empty() => {
            let mut out = String::new();
            for g in &games {
                g.write(&mut out);
                out.push('\n');
            }
            out
        }
        _ => text.to_string(),
    }
}

/// The largest text `--prose` reads: published texts are small; an archive this large is
/// PGN, which needs no `--prose`.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// A whole input read for `--prose`: PGN (a text with a tag line) as it is, byte for byte
/// (the reader decodes it game by game as without `--prose`); running text turned into PGN
/// by [`to_pgn`]. Text that is not UTF-8 is read as Windows-1252, the encoding of pages
/// saved on Windows.
pub fn read_all(reader: impl std::io::Read) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader.take(MAX_TEXT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(std::io::Error::other(
            "over 64 MiB: --prose reads published texts, not archives (read a PGN archive without --prose)",
        ));
    }
    if is_pgn(&String::from_utf8_lossy(&bytes)) {
        return Ok(bytes);
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| windows_1252(b)).collect(),
    };
    Ok(to_pgn(&text).into_bytes())
}

/// A text with a PGN tag line (`[White "…"]`) is PGN, read as without `--prose`.
fn is_pgn(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim();
        l.starts_with('[')
            && l.ends_with(']')
            && l[1..].starts_with(|c: char| c.is_ascii_alphabetic())
            && l.contains('"')
    })
}

fn windows_1252(b: u8) -> char {
    match b {
        0x85 => '…',
        0x91 | 0x92 => '\'',
        0x93 | 0x94 => '"',
        0x96 => '–',
        0x97 => '—',
        b => char::from(b),
    }
}

/// Numbered moves that went into a `;` comment (`1.e4, e5; 2.Ac4, d6; …`: the `;` of
/// published text read as PGN's rest-of-line comment): the first such comment, for saying
/// that the game was not converted whole. Text inside `{}` comments is passed over.
pub fn moves_in_line_comment(game: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(game);
    let mut depth = 0usize;
    let mut at = 0usize;
    let b = text.as_bytes();
    while at < b.len() {
        match b[at] {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'[' if depth == 0 && (at == 0 || b[at - 1] == b'\n') => {
                // A tag line: its value may hold a `;`.
                at = text[at..].find('\n').map_or(b.len(), |n| at + n);
                continue;
            }
            b';' if depth == 0 => {
                let end = text[at..].find('\n').map_or(b.len(), |n| at + n);
                let rest = &text[at + 1..end];
                let toks = tokens(rest);
                let numbers = toks.iter().filter(|t| matches!(t, Tok::Num { .. })).count();
                let moves = toks
                    .iter()
                    .filter(|t| match t {
                        Tok::Word(w, _) => written_move(w).is_ok_and(|(r, _)| r.is_empty()),
                        _ => false,
                    })
                    .count();
                if numbers >= 1 && moves >= 2 {
                    return Some(rest.trim().to_string());
                }
                at = end;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// The first words of a long text, for messages.
pub fn shorten(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() <= 8 {
        words.join(" ")
    } else {
        format!("{} …", words[..8].join(" "))
    }
}

/// Whether a text looks like running text with moves in it rather than PGN or a scoresheet:
/// no tag section, and more words than moves (for the hint that `--prose` exists).
pub fn looks_like_prose(text: &str) -> bool {
    if text.trim_start().starts_with('[') || is_pgn(text) {
        return false;
    }
    let mut words = 0usize;
    let mut prose_words = 0usize;
    // A scoresheet's header lines (`Torneo: Campionato sociale`, `Bianco: Rossi, Mario`) are
    // names and places, not running text.
    let body = text.lines().filter(|l| !is_key_value_line(l));
    for w in body.flat_map(str::split_whitespace).take(4000) {
        words += 1;
        let letters = w.chars().filter(|c| c.is_alphabetic()).count();
        if letters >= 4
            && w.chars()
                .all(|c| c.is_alphabetic() || ",.;:'’!?\"«»".contains(c))
        {
            prose_words += 1;
        }
    }
    prose_words >= 10 && prose_words * 5 >= words
}

/// `Key: value` or `Two words: value`, the shape of a scoresheet's header line.
fn is_key_value_line(line: &str) -> bool {
    let Some((key, value)) = line.trim_start().split_once(':') else {
        return false;
    };
    let key_words: Vec<&str> = key.split_whitespace().collect();
    !value.trim().is_empty()
        && (1..=2).contains(&key_words.len())
        && key.ends_with(|c: char| c.is_alphabetic())
        && key_words.iter().all(|w| w.chars().all(char::is_alphabetic))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PGN with its white space made single spaces (lines are wrapped at 79).
    fn flat(text: &str) -> String {
        to_pgn(text)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn a_scoresheet_with_header_lines_is_not_running_text() {
        // The Quick start's sample: its header lines (`Torneo: Campionato sociale`, names,
        // places) made a fifth of its words, and the hint to use `--prose` was printed.
        let sample = include_str!("../../corpora/samples/italiano.txt");
        assert!(!looks_like_prose(sample));
        let article = include_str!("../../corpora/prose/marshall-gold-coins.txt");
        assert!(looks_like_prose(article));
        assert!(is_key_value_line("Bianco: Rossi, Mario"));
        assert!(is_key_value_line("Luogo: Milano"));
        assert!(!is_key_value_line("1. e4 e5"));
        assert!(!is_key_value_line("Nota:"));
    }

    #[test]
    fn italian_column_layout() {
        let pgn = flat("1 e4, e5; 2 Cf3, Cc6; 3 Ac4, Ac5; 4 b4, A:b4; 5 c3, Aa5;\n");
        assert!(
            pgn.contains("1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. b4 A:b4 5. c3 Aa5 {--prose: the text stops here, without a result} *"),
            "{pgn}"
        );
    }

    #[test]
    fn hyphen_pairs_and_spaced_long_algebraic() {
        let pgn = flat("1.e4-e5; 2.f4-exf4; 3.Ac4-Dh4+;\n");
        assert!(pgn.contains("1. e4 e5 2. f4 exf4 3. Ac4 Dh4+"), "{pgn}");
        let pgn = flat("1.e2 - e4, e7 - e5 2.d2 - d4, e5 x d4\n");
        assert!(pgn.contains("1. e2-e4 e7-e5 2. d2-d4 e5xd4"), "{pgn}");
    }

    #[test]
    fn commentary_and_side_lines() {
        let text = "Partita di prova.\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6\n\nSiamo nella spagnola. \
            Se 3. … Cf6 4. 0-0 si entra nella berlinese.\n\n4. Aa4 Cf6 5. 0-0 Ae7 1-0\n";
        let pgn = flat(text);
        assert!(pgn.contains("{Partita di prova.} 1. e4"), "{pgn}");
        assert!(
            pgn.contains("3. Ab5 a6 {Siamo nella spagnola. Se} ( 3... Cf6 4. 0-0 ) {si entra nella berlinese.} 4. Aa4"),
            "{pgn}"
        );
        assert!(pgn.contains("5. 0-0 Ae7 1-0"), "{pgn}");
    }

    #[test]
    fn titles_give_tags_and_resignation_gives_result() {
        let text = "MAYET – ANDERSSEN\n1. e4 e5 2. Cf3 Cc6 3. Ab5 Cf6\nIl Nero abbandona.\n";
        let pgn = flat(text);
        assert!(pgn.contains("[White \"MAYET\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    }

    #[test]
    fn pieces_taken_by_name_and_sentences_glued_to_numbers() {
        assert_eq!(without_taken_piece("CxAf7").as_deref(), Some("Cxf7"));
        assert_eq!(without_taken_piece("gxAf3").as_deref(), Some("gxf3"));
        assert_eq!(without_taken_piece("Cxf7"), None);
        let pgn = flat(
            "Una miniatura esclamativo.1) e4, e5, 2) Cf3, d6 3) Ac4, Ag4 4) Cc3, g6 5) CxPe5 1-0\n",
        );
        assert!(
            pgn.contains("{Una miniatura esclamativo.} 1. e4 e5 2. Cf3 d6"),
            "{pgn}"
        );
        assert!(pgn.contains("5. Cxe5 1-0"), "{pgn}");
    }

    #[test]
    fn no_game_gives_the_text_back() {
        assert_eq!(to_pgn("Nessuna partita qui."), "Nessuna partita qui.");
    }
}
