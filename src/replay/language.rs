//! Which language a game's piece letters are written in, decided from its headers and
//! from which language reads its moves best.

use super::*;

/// The languages named by the scoresheet header words of the game's tag section (`Bianco:`,
/// `Nero:` → Italian): those named by the most header lines.
pub(super) fn header_evidence(game: &Game) -> Vec<&'static str> {
    let head = game.text.get(..game.parsed.movetext_start).unwrap_or("");
    let mut counts: Vec<(&'static str, u32)> = Vec::new();
    for line in head.lines() {
        for code in crate::notation::tags::header_languages(line) {
            match counts.iter_mut().find(|(c, _)| *c == code.as_str()) {
                Some((_, n)) => *n += 1,
                None => counts.push((code.as_str(), 1)),
            }
        }
    }
    let best = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
    counts
        .into_iter()
        .filter(|(_, n)| *n == best)
        .map(|(c, _)| c)
        .collect()
}

/// When the letters of no language fit every move: the languages that fit all but the fewest
/// moves, if those are few (one move, or one in ten of the moves with letters) — a letter
/// that fits no other move of the game is a slip in the game's language, not evidence of
/// another. `None` when the game really mixes languages.
pub(super) fn majority_languages(game: &Game, headers: &[&str]) -> Option<Vec<&'static Language>> {
    let mut moves: Vec<u64> = Vec::new();
    for t in &game.parsed.tokens {
        let mut add = |m: &WrittenMove| {
            let mask =
                m.piece.map_or(0, |l| 1u64 << l.index) | m.promotion.map_or(0, |l| 1u64 << l.index);
            if mask != 0 {
                moves.push(mask);
            }
        };
        match &t.kind {
            TokenKind::Move(m) => add(m),
            TokenKind::Run(r) => r[0].iter().for_each(&mut add),
            TokenKind::PromotionLetter(l) => moves.push(1 << l.index),
            _ => {}
        }
    }
    let foreign = |l: &Language| moves.iter().filter(|&&m| m & !l.mask != 0).count();
    let fewest = languages().iter().map(foreign).min()?;
    if fewest == 0 || fewest > (moves.len() / 10).max(1) {
        return None;
    }
    let majority: Vec<&'static Language> = languages()
        .iter()
        .filter(|l| foreign(l) == fewest)
        .collect();
    // Header words decide between languages the letters leave level.
    let named: Vec<&'static Language> = majority
        .iter()
        .copied()
        .filter(|l| headers.contains(&l.code.as_str()))
        .collect();
    Some(if named.is_empty() { majority } else { named })
}

/// Languages whose letters cover the game's letters, grouped by what they make of them;
/// each group is replayed once and the one that gets furthest wins. Header words in a
/// language (`Bianco:`) put it first among equals.
pub(super) fn detect_language(game: &Game) -> (&'static Language, Vec<String>) {
    let used = game.parsed.letters_used;
    if used == 0 {
        return (english(), Vec::new());
    }
    let covers = |l: &&'static Language| l.mask & used == used;
    // Most games are read by one language alone: told without a list.
    let mut each = languages().iter().filter(covers);
    if let (Some(only), None) = (each.next(), each.next()) {
        return (only, Vec::new());
    }
    let mut covering: Vec<&'static Language> = languages().iter().filter(covers).collect();
    let headers = header_evidence(game);
    if covering.is_empty() {
        // Letters of several languages: the majority's, or let replay decide among all.
        covering =
            majority_languages(game, &headers).unwrap_or_else(|| languages().iter().collect());
    }
    let unnamed = |l: &Language| !headers.contains(&l.code.as_str());
    // Group by the roles the used letters get.
    let bits: Vec<u8> = (0..alphabet().len() as u8)
        .filter(|i| used & (1 << i) != 0)
        .collect();
    let mut groups: Vec<(Vec<Option<shakmaty::Role>>, Vec<&'static Language>)> = Vec::new();
    for l in covering {
        let key: Vec<_> = bits.iter().map(|&i| l.role_of(i)).collect();
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(l),
            None => groups.push((key, vec![l])),
        }
    }
    if groups.len() == 1 {
        let mut langs = groups.swap_remove(0).1;
        langs.sort_by_key(|l| (unnamed(l), l.preference));
        return (
            langs[0],
            langs[1..].iter().map(|l| l.code.clone()).collect(),
        );
    }
    pub(super) type Score = (u32, bool, bool, u32);
    let scored: Vec<(Score, &Vec<&'static Language>)> = groups
        .iter()
        .map(|(_, langs)| {
            let o = game.replay(langs[0], false);
            let errors = o
                .findings
                .iter()
                .filter(|f| f.severity == Severity::Error)
                .count() as u32;
            // Where two readings fail at the same move, the one that names pieces on the
            // board (an ambiguity, an illegal move) reads better than one that names a piece
            // the side does not have or a letter the language lacks.
            let near_miss = o
                .findings
                .iter()
                .find(|f| f.kind.is_move_error() && f.variation.is_none())
                .is_none_or(|f| {
                    !matches!(
                        f.reason.and_then(Reason::illegal),
                        Some(IllegalReason::NoSuchPiece | IllegalReason::UnknownPieceLetter)
                    )
                });
            let score = (o.plies, o.clean, near_miss, u32::MAX - errors);
            o.recycle();
            (score, langs)
        })
        .collect();
    let best = scored
        .iter()
        .map(|(s, _)| *s)
        .max()
        .unwrap_or((0, false, false, 0));
    let mut winners: Vec<&'static Language> = scored
        .iter()
        .filter(|(s, _)| *s == best)
        .flat_map(|(_, langs)| langs.iter().copied())
        .collect();
    winners.sort_by_key(|l| (unnamed(l), l.preference));
    (
        winners[0],
        winners[1..].iter().map(|l| l.code.clone()).collect(),
    )
}
