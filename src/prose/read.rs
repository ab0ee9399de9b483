//! One word read as moves: in the text's language, run together, with the taken piece
//! named, or one slip away from a legal move.

use super::*;
pub(super) fn pieces_text(pieces: &[Piece]) -> String {
    let mut s = String::new();
    for p in pieces {
        let w = match p {
            Piece::Word(w) => w.as_str(),
            Piece::Open => "(",
            Piece::Para => continue,
        };
        let punctuation = !w.is_empty() && w.chars().all(|c| ".,;:!?".contains(c));
        if !s.is_empty() && !s.ends_with('(') && w != ")" && !punctuation {
            s.push(' ');
        }
        s.push_str(w);
    }
    s
}

pub(super) fn has_digit(w: &str) -> bool {
    w.chars().any(|c| c.is_ascii_digit())
}

/// A word shaped like a move though it may not read as one (a slip for `--repair`):
/// short, of the characters of moves, with a digit, a castling, two files (`dc`), or a
/// hyphen between letters (`Tf-dl`).
pub(super) fn looks_like_move(w: &str) -> bool {
    if w.is_empty() || w.chars().count() > 10 {
        return false;
    }
    if !w
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-:x+#!?=–".contains(c))
    {
        return false;
    }
    let first = w.chars().next().unwrap_or(' ');
    if !(first.is_ascii_uppercase() || ('a'..='h').contains(&first) || first == '0') {
        return false;
    }
    let b = w.as_bytes();
    has_digit(w)
        || w.starts_with("O-O")
        || (b.len() == 2 && b.iter().all(|c| (b'a'..=b'h').contains(c)))
        || (w.contains('-') && w.len() <= 6)
}

/// A word read as moves at `pos`: one move, two joined by a hyphen (`e4-e5`, `f4-exf4`), a
/// run of moves, a move with a word for check or mate glued on (`Dxf7matto`).
pub(super) fn read_word(
    pos: &Chess,
    word: &str,
    lang: &Language,
) -> Option<Vec<(String, Option<Move>)>> {
    let w: String = word
        .replace(['–', '—'], "-")
        .trim_end_matches([',', ';', '.'])
        .to_string();
    if w.is_empty() || w.chars().count() > 24 {
        return None;
    }
    if let Some(m) = one_move(pos, &w, lang) {
        return Some(vec![(w, Some(m))]);
    }
    // The piece taken named before its square (`CxAf7`, `gxAf3`, `DxTh8`): the move is
    // written without it, the name being the square's piece anyway.
    if let Some(plain) = without_taken_piece(&w) {
        if let Some(m) = one_move(pos, &plain, lang) {
            return Some(vec![(plain, Some(m))]);
        }
    }
    // `e4-e5`: two moves joined by a hyphen.
    for (k, _) in w.match_indices('-') {
        let (a, b) = (&w[..k], &w[k + 1..]);
        if a.is_empty() || b.is_empty() || a.ends_with(['O', '0', 'o']) {
            continue;
        }
        if let Some(m1) = one_move(pos, a, lang) {
            let mut next = pos.clone();
            next.play_unchecked(m1);
            if let Some(m2) = one_move(&next, b, lang) {
                return Some(vec![(a.to_string(), Some(m1)), (b.to_string(), Some(m2))]);
            }
        }
    }
    // A word for check or mate glued on.
    let lower = w.to_lowercase();
    for (suffix, mark) in [
        ("scaccomatto", "#"),
        ("matto", "#"),
        ("mate", "#"),
        ("matt", "#"),
        ("scacco", "+"),
    ] {
        if lower.ends_with(suffix) && lower.len() > suffix.len() {
            let body = &w[..w.len() - suffix.len()];
            if let Some(m) = one_move(pos, body, lang) {
                return Some(vec![(
                    format!("{}{mark}", body.trim_end_matches('+')),
                    Some(m),
                )]);
            }
        }
    }
    // Moves run together.
    for reading in readings(&w).into_iter().filter(|r| r.len() >= 2) {
        let mut p = pos.clone();
        let mut out = Vec::new();
        let mut at = 0usize;
        for wm in &reading {
            let len = usize::from(wm.len);
            let text = w.get(at..at + len)?.to_string();
            at += len;
            match resolve(&p, wm, lang) {
                Resolution::Unique(m) => {
                    p.play_unchecked(m);
                    out.push((text, Some(m)));
                }
                _ => break,
            }
        }
        if out.len() == reading.len() && at == w.len() {
            return Some(out);
        }
    }
    None
}

/// `CxAf7` → `Cxf7`: an upper-case letter between the capture mark and a square left out.
pub(super) fn without_taken_piece(w: &str) -> Option<String> {
    let b = w.as_bytes();
    let at = b.iter().position(|&c| matches!(c, b'x' | b':'))?;
    let letter = *b.get(at + 1)?;
    let file = *b.get(at + 2)?;
    let rank = *b.get(at + 3)?;
    (letter.is_ascii_uppercase() && (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank))
        .then(|| format!("{}{}", &w[..at + 1], &w[at + 2..]))
}

/// One word read as exactly one legal move at `pos`.
pub(super) fn one_move(pos: &Chess, w: &str, lang: &Language) -> Option<Move> {
    let (rest, wm) = written_move(w).ok()?;
    if !rest.is_empty() {
        return None;
    }
    match resolve(pos, &wm, lang) {
        Resolution::Unique(m) => Some(m),
        _ => None,
    }
}

/// The legal move nearest a word that reads as none (`Tf-dl`), to follow the position past
/// a slip; `--repair` downstream decides and reports what the word was.
pub(super) fn near_move(pos: &Chess, w: &str, lang: &Language) -> Option<Move> {
    let mut best: Option<(f32, Move)> = None;
    for m in pos.legal_moves() {
        let san = San::from_move(pos, m).to_string();
        let local = localise(&san, lang);
        let lan = match m.from() {
            Some(from) => {
                let letter = if m.role() == shakmaty::Role::Pawn {
                    String::new()
                } else {
                    lang.letter(m.role()).to_string()
                };
                format!("{letter}{from}-{}", m.to())
            }
            None => local.clone(),
        };
        let d = crate::replay::suggest::distance(w, &local)
            .min(crate::replay::suggest::distance(w, &lan));
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, m));
        }
    }
    best.filter(|(d, _)| *d <= 2.0).map(|(_, m)| m)
}

/// English SAN with the piece letters of `lang`.
pub(super) fn localise(san: &str, lang: &Language) -> String {
    let mut out = String::new();
    for c in san.chars() {
        let role = match c {
            'K' => Some(shakmaty::Role::King),
            'Q' => Some(shakmaty::Role::Queen),
            'R' => Some(shakmaty::Role::Rook),
            'B' => Some(shakmaty::Role::Bishop),
            'N' => Some(shakmaty::Role::Knight),
            _ => None,
        };
        match role {
            Some(r) => out.push_str(lang.letter(r)),
            None => out.push(c),
        }
    }
    out
}
