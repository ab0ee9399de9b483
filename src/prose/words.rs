//! The words of running text: lines told apart (titles, headers, FEN lines, prose), each
//! line cut into tokens (move numbers, words, brackets, separators), and the small
//! vocabularies of published games (check, mate, resignation, draw, in seven languages).

use crate::result::GameResult;

/// One token of running text.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// A move number: its value, whether `...`/`…` announce Black's move, and how it was
    /// written (`l.` for `1.` is a slip kept for `--repair` to see and report).
    Num {
        n: u32,
        black: bool,
        written: String,
        raw: String,
    },
    /// A word, trailing punctuation taken off (`Db6.` → `Db6`), and as written (for the
    /// comments: nothing of the text is lost).
    Word(String, String),
    /// `...` or `…` apart from a number: Black's move follows.
    Ellipsis,
    /// A lone `-`, `–`, `x`, `:` that may join the halves of a spaced long-algebraic move.
    Joiner(char),
    /// Layout between moves: `,`, `;`, `/`.
    Sep,
    Open,
    Close,
    /// A result written in signs: `1-0`, `0:1`, `½-½`.
    Result(&'static str),
    /// The end of a line, and a blank line.
    Break,
    Para,
    /// A line that names a tag: a title `Anderssen – Dufresne, Berlino 1852` gives several.
    Tags(Vec<(String, String)>),
    /// A FEN line a page widget printed above the moves.
    Fen(String),
}

/// Tokens of the whole text, line by line.
pub fn tokens(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut blank = false;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            if !blank {
                out.push(Tok::Para);
            }
            blank = true;
            continue;
        }
        blank = false;
        if let Some(fen) = fen_line(line) {
            out.push(Tok::Fen(fen));
        } else if let Some(tags) = header_line(line).or_else(|| title_line(line)) {
            out.push(Tok::Tags(tags));
        } else {
            let line = spaced_results(line);
            for word in line.split_whitespace() {
                split_word(word, &mut out);
            }
        }
        out.push(Tok::Break);
    }
    out
}

/// `1 : 0`, `0 - 1`, `½ : ½` written with spaces: glued into one word.
fn spaced_results(line: &str) -> String {
    let mut s = line.to_string();
    // The table's spellings with spaces, glued into one word.
    for (spelling, r) in crate::result::SPELLINGS {
        if spelling.contains(' ') && !spelling.chars().any(char::is_alphabetic) {
            s = s.replace(spelling, r.as_str());
        }
    }
    s
}

/// A result in signs, as the whole word (`1-0`, `0:1`, `½-½`): a spelling of the one table,
/// [`crate::result::SPELLINGS`]. Results in words are read apart (a draw or resignation is
/// one only right after the last move); `*` is no result in running text.
pub fn result_sign(word: &str) -> Option<&'static str> {
    let w = word.trim_end_matches(['.', ',', ';', ')']);
    let w = w.trim_start_matches('(');
    if w.is_empty() || w == "*" || w.chars().any(char::is_alphabetic) {
        return None;
    }
    w.parse::<GameResult>().ok().map(GameResult::as_str)
}

/// A line that is a FEN: eight ranks, the side to move, and what follows.
fn fen_line(line: &str) -> Option<String> {
    let line = line.trim_start_matches(|c: char| !c.is_ascii_alphanumeric());
    let first = line.split_whitespace().next()?;
    let ranks: Vec<&str> = first.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let ok = ranks
        .iter()
        .all(|r| !r.is_empty() && r.chars().all(|c| "pnbrqkPNBRQK12345678".contains(c)));
    let side = line.split_whitespace().nth(1);
    (ok && matches!(side, Some("w" | "b") | None)).then(|| {
        let mut fields: Vec<&str> = line.split_whitespace().take(6).collect();
        if fields.len() == 1 {
            fields.push("w");
        }
        fields.join(" ")
    })
}

/// `Bianco: Anderssen`, `Nero: Dufresne`, `White: …`, `Evento: …`: a tag.
fn header_line(line: &str) -> Option<Vec<(String, String)>> {
    let (name, value) = line.split_once(':')?;
    let value = value.trim().trim_end_matches('.');
    if value.is_empty() || value.split_whitespace().count() > 8 {
        return None;
    }
    let tag = match name.trim().to_lowercase().as_str() {
        "bianco" | "white" | "weiß" | "weiss" | "blancs" | "blancas" | "brancas" | "wit"
        | "białe" | "biały" => "White",
        "nero" | "black" | "schwarz" | "noirs" | "negras" | "pretas" | "zwart" | "czarne"
        | "czarny" => "Black",
        "evento" | "torneo" | "event" | "turnier" | "tournoi" | "torneio" | "toernooi"
        | "turniej" => "Event",
        "luogo" | "site" | "ort" | "lieu" | "lugar" | "plaats" | "miejsce" => "Site",
        "data" | "date" | "datum" | "fecha" | "anno" => "Date",
        "risultato" | "result" | "ergebnis" | "résultat" | "resultado" | "uitslag" | "wynik" => {
            "Result"
        }
        _ => return None,
    };
    let value = match tag {
        "Date" => pgn_date(value),
        "Result" => result_sign(value).map(str::to_string)?,
        _ => value.to_string(),
    };
    Some(vec![(tag.to_string(), value)])
}

/// A title line: two names joined by a dash (`MAYET – ANDERSSEN`, `Anderssen - Dufresne,
/// Berlino 1852`, `Morphy vs. Duca di Brunswick (Parigi 1858)`), perhaps a place and a year.
fn title_line(line: &str) -> Option<Vec<(String, String)>> {
    if line.split_whitespace().count() > 14 || line.len() > 120 {
        return None;
    }
    let (white, rest) = [" – ", " — ", " - ", " vs. ", " vs ", " contro "]
        .iter()
        .find_map(|d| line.split_once(d))?;
    // A caption before the names (`Una miniatura: Réti – Tartakower`) is no part of them.
    let white = white.rsplit(':').next().unwrap_or(white).trim();
    let (black, place) = match rest.find([',', '(']) {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].trim_end_matches([')', '.']).trim(),
        ),
        None => (rest, ""),
    };
    let black = black.trim().trim_end_matches('.');
    let is_name = |s: &str| {
        !s.is_empty()
            && s.split_whitespace().count() <= 8
            && s.chars().next().is_some_and(char::is_uppercase)
            && !s.chars().any(|c| c.is_ascii_digit())
    };
    if !is_name(white) || !is_name(black) {
        return None;
    }
    let mut tags = vec![
        ("White".to_string(), white.to_string()),
        ("Black".to_string(), black.to_string()),
    ];
    let year = place
        .split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 4 && (w.starts_with('1') || w.starts_with('2')));
    let site: String = place
        .split(|c: char| c == ',' || c.is_ascii_digit())
        .map(str::trim)
        .find(|w| !w.is_empty())
        .unwrap_or("")
        .to_string();
    if !site.is_empty() {
        tags.push(("Site".to_string(), site));
    }
    if let Some(y) = year {
        tags.push(("Date".to_string(), format!("{y}.??.??")));
    }
    Some(tags)
}

/// `22/11/1852`, `22.11.1852`, `1852` as a PGN date; anything else as written.
fn pgn_date(value: &str) -> String {
    let parts: Vec<&str> = value
        .split(['/', '.', '-'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let digits = |p: &str| p.chars().all(|c| c.is_ascii_digit());
    match parts[..] {
        [y] if y.len() == 4 && digits(y) => format!("{y}.??.??"),
        [d, m, y] if y.len() == 4 && digits(d) && digits(m) && digits(y) => {
            format!("{y}.{m:0>2}.{d:0>2}")
        }
        [y, m, d] if y.len() == 4 && digits(d) && digits(m) && digits(y) => {
            format!("{y}.{m:0>2}.{d:0>2}")
        }
        _ => value.to_string(),
    }
}

/// Cuts one whitespace-separated word into tokens: brackets, a move number glued in front
/// (`1.e4`, `2)…Cc6`, `14)`), an ellipsis, the word, its trailing punctuation.
fn split_word(word: &str, out: &mut Vec<Tok>) {
    // A sentence that runs into the first move number (`esclamativo.1)`, `vinse:1.e4`).
    if let Some(at) = glued_number(word) {
        split_word(&word[..at], out);
        split_word(&word[at..], out);
        return;
    }
    if let Some(r) = result_sign(word) {
        if word.starts_with('(') {
            out.push(Tok::Open);
        }
        out.push(Tok::Result(r));
        if word.ends_with(')') {
            out.push(Tok::Close);
        }
        return;
    }
    if matches!(word, "(D)" | "(d)" | "[D]" | "(=)") {
        out.push(Tok::Word(word.to_string(), word.to_string()));
        return;
    }
    let mut w = word;
    while let Some(rest) = w.strip_prefix(['(', '[']) {
        out.push(Tok::Open);
        w = rest;
    }
    let mut after_open = w;
    let mut closes = 0;
    let mut trailing_sep = false;
    // A full stop after a closing bracket (`Nero).`) belongs after it.
    let mut after_close = None;
    if let Some(rest) = w.strip_suffix(['.', '!', '?']) {
        if rest.ends_with([')', ']']) {
            after_close = Some(w[rest.len()..].to_string());
            w = rest;
            after_open = rest;
        }
    }
    loop {
        if let Some(rest) = w.strip_suffix([')', ']']) {
            // `14)` is a move number, not a bracket.
            if rest.chars().all(|c| c.is_ascii_digit()) && (1..=3).contains(&rest.len()) {
                break;
            }
            closes += 1;
            w = rest;
        } else if let Some(rest) = w.strip_suffix([',', ';', ':']) {
            trailing_sep = true;
            w = rest;
        } else if w.ends_with('.')
            && !w.ends_with("e.p.")
            && !is_number_word(w)
            && !w.ends_with("..")
        {
            w = &w[..w.len() - 1];
        } else {
            break;
        }
    }
    // The punctuation after the word, brackets aside, for the word as written.
    let tail: String = after_open
        .get(w.len()..)
        .unwrap_or("")
        .chars()
        .filter(|c| !matches!(c, ')' | ']'))
        .collect();
    let mut rest = w;
    if let Some((num, after)) = number_prefix(rest) {
        out.push(num);
        rest = after;
    }
    loop {
        let t = rest.trim_start_matches([',', ' ']);
        if let Some(after) = ["…", "...", ".."].iter().find_map(|e| t.strip_prefix(e)) {
            out.push(Tok::Ellipsis);
            rest = after.trim_start_matches(['.', ',']);
        } else {
            rest = t;
            break;
        }
    }
    if !rest.is_empty() {
        match rest {
            "-" | "–" | "—" | "x" | ":" | "×" => {
                out.push(Tok::Joiner(rest.chars().next().unwrap_or('-')))
            }
            "," | ";" | "/" | "|" | "=" => out.push(Tok::Sep),
            _ => out.push(Tok::Word(rest.to_string(), format!("{rest}{tail}"))),
        }
    } else if let Some(Tok::Num { raw, .. }) = out.last_mut() {
        raw.push_str(&tail);
    }
    if trailing_sep {
        out.push(Tok::Sep);
    }
    for _ in 0..closes {
        out.push(Tok::Close);
    }
    if let Some(p) = after_close {
        out.push(Tok::Word(p.clone(), p));
    }
}

/// Where a move number starts after a word and its full stop or colon, glued to it.
fn glued_number(word: &str) -> Option<usize> {
    let b = word.as_bytes();
    (2..b.len()).find(|&i| {
        b[i].is_ascii_digit()
            && matches!(b[i - 1], b'.' | b':' | b',' | b';')
            && b[i - 2].is_ascii_alphabetic()
            && b[..i - 1]
                .iter()
                .filter(|c| c.is_ascii_alphabetic())
                .count()
                >= 3
            && number_prefix(&word[i..]).is_some_and(|(t, _)| matches!(t, Tok::Num { .. }))
            && word[i..].contains(['.', ')'])
    })
}

/// Evaluation signs written after a move (`±`, `+-`, `=`): kept as words, but no break
/// between a move and the words for check or mate that follow (`Ah4 ± matto`).
pub fn is_evaluation(w: &str) -> bool {
    matches!(
        w,
        "±" | "∓" | "+-" | "-+" | "+=" | "=+" | "⩲" | "⩱" | "∞" | "=" | "+/-" | "-/+"
    )
}

/// `12.`, `12)`, `12...`: a word that is only a move number.
fn is_number_word(w: &str) -> bool {
    number_prefix(w).is_some_and(|(_, rest)| rest.is_empty())
}

/// A move number at the start of a word, and what follows it: `1.`, `1)`, `1.)`, `2...`,
/// `2…`, `2)…`, `12` alone, `2d4` glued; `l.`/`l)`/`I.` (an OCR `1`) and `S.` (a `5`).
fn number_prefix(w: &str) -> Option<(Tok, &str)> {
    let digits_end = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
    let (digits, written_digits, after) = if digits_end > 0 {
        (
            w[..digits_end].to_string(),
            &w[..digits_end],
            &w[digits_end..],
        )
    } else {
        // Look-alikes of digits, only with a number's dot or bracket after them.
        let end = w
            .find(|c: char| !matches!(c, 'l' | 'I' | 'O' | 'S' | '0'..='9'))
            .unwrap_or(w.len());
        let after = &w[end..];
        // Only a word that is a number alone (`l.`) or a number glued to a move (`l.e4`):
        // `S.R.` is initials.
        let glued = after.get(1..).unwrap_or("");
        let moves_after = glued.is_empty()
            || crate::notation::moves::written_move(glued).is_ok_and(|(r, _)| r.is_empty());
        if end == 0
            || end > 3
            || !(after.starts_with('.') || after.starts_with(')'))
            || !moves_after
        {
            if w == "l" || w == "I" {
                return Some((
                    Tok::Num {
                        n: 1,
                        black: false,
                        written: w.to_string(),
                        raw: w.to_string(),
                    },
                    "",
                ));
            }
            return None;
        }
        let digits: String = w[..end]
            .chars()
            .map(|c| match c {
                'l' | 'I' => '1',
                'O' => '0',
                'S' => '5',
                c => c,
            })
            .collect();
        (digits, &w[..end], after)
    };
    if digits.len() > 3 {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    let mut rest = after;
    let mut black = false;
    let mut marked = false;
    loop {
        if let Some(r) = rest.strip_prefix("…") {
            black = true;
            rest = r;
            marked = true;
        } else if let Some(r) = rest.strip_prefix("..") {
            black = true;
            rest = r.trim_start_matches('.');
            marked = true;
        } else if let Some(r) = rest.strip_prefix(['.', ')']) {
            rest = r;
            marked = true;
        } else {
            break;
        }
    }
    let rest = rest.trim_start_matches(',');
    // A bare number glued to letters (`2d4`) only when they start like a move.
    if !marked && !rest.is_empty() && !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    if n == 0 {
        return None;
    }
    let written = format!("{written_digits}.");
    let raw = w[..w.len() - rest.len()].to_string();
    Some((
        Tok::Num {
            n,
            black,
            written,
            raw,
        },
        rest,
    ))
}

/// Words for check.
pub fn is_check_word(w: &str) -> bool {
    matches!(
        w.to_lowercase().trim_end_matches(['!', '.', ',']),
        "+" | "scacco"
            | "check"
            | "jaque"
            | "j"
            | "échec"
            | "schach"
            | "xeque"
            | "schaak"
            | "szach"
    )
}

/// Words for mate.
pub fn is_mate_word(w: &str) -> bool {
    matches!(
        w.to_lowercase().trim_end_matches(['!', '.', ',']),
        "#" | "++" | "matto" | "mate" | "checkmate" | "mat" | "matt" | "xeque-mate" | "scaccomatto"
    )
}

/// Words for a resignation.
pub fn is_resign_word(w: &str) -> bool {
    let w = w.to_lowercase();
    let w = w.trim_matches(|c: char| !c.is_alphabetic());
    matches!(
        w,
        "abbandona"
            | "abbandono"
            | "abbandonò"
            | "arrende"
            | "resigns"
            | "resigned"
            | "abandonan"
            | "abandona"
            | "abandonaron"
            | "rindió"
            | "abandonnent"
            | "abandonne"
            | "abandon"
            | "aufgegeben"
            | "abandonam"
            | "desistiu"
            | "opgegeven"
            | "poddał"
            | "poddały"
            | "poddaje"
    )
}

/// Words for a draw: the table's ([`GameResult::from_word`]).
pub fn is_draw_word(w: &str) -> bool {
    GameResult::from_word(w) == Some(GameResult::Draw)
}

/// Words naming a side (before a resignation: `il Nero abbandona`).
pub fn side_word(w: &str) -> Option<bool> {
    let w = w.to_lowercase();
    let w = w.trim_matches(|c: char| !c.is_alphabetic());
    match w {
        "bianco" | "white" | "weiß" | "blancs" | "blancas" | "brancas" | "wit" | "białe" => {
            Some(true)
        }
        "nero" | "black" | "schwarz" | "noirs" | "negras" | "pretas" | "zwart" | "czarne" => {
            Some(false)
        }
        _ => None,
    }
}

/// Glyphs written apart from their move.
pub fn is_glyph(w: &str) -> bool {
    matches!(w, "!" | "?" | "!!" | "??" | "!?" | "?!")
}

/// Words after which a piece and square name the piece taken away (odds games).
pub fn is_without_word(w: &str) -> bool {
    matches!(
        w.to_lowercase().as_str(),
        "senza" | "without" | "sin" | "sans" | "ohne" | "sem" | "zonder" | "bez"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Tok> {
        let mut v = Vec::new();
        split_word(s, &mut v);
        v
    }

    #[test]
    fn numbers_and_words_apart() {
        assert!(
            matches!(&words("1.e4")[..], [Tok::Num { n: 1, black: false, .. }, Tok::Word(w, _)] if w == "e4")
        );
        assert!(
            matches!(&words("2)…Cc6")[..], [Tok::Num { n: 2, black: true, .. }, Tok::Word(w, _)] if w == "Cc6")
        );
        assert!(matches!(&words("14)")[..], [Tok::Num { n: 14, .. }]));
        assert!(matches!(&words("…,")[..], [Tok::Ellipsis, ..]));
        assert!(matches!(&words("Db6.")[..], [Tok::Word(w, r)] if w == "Db6" && r == "Db6."));
        assert!(matches!(&words("e5;")[..], [Tok::Word(w, _), Tok::Sep] if w == "e5"));
        assert!(matches!(&words("l.")[..], [Tok::Num { n: 1, .. }]));
        assert!(matches!(
            &words("(abbandono)")[..],
            [Tok::Open, Tok::Word(..), Tok::Close]
        ));
        assert!(matches!(&words("0:1")[..], [Tok::Result("0-1")]));
    }

    #[test]
    fn titles_and_headers() {
        let t = title_line("Anderssen – Dufresne, Berlino 1852").unwrap_or_default();
        assert_eq!(t.len(), 4);
        assert_eq!(t[2].1, "Berlino");
        assert!(title_line("MAYET – ANDERSSEN").is_some());
        assert!(title_line("Il Bianco gioca bene - ma poi 12. Cf3 perde").is_none());
        assert_eq!(
            header_line("Nero: Dufresne").unwrap_or_default()[0].0,
            "Black"
        );
        assert!(fen_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1").is_some());
    }
}
