//! The game text with the sheet's words rewritten where the reading differs from the
//! writing.

use super::*;

/// What a word of the sheet holds, in the order written.
pub(super) enum Item {
    Move(usize),
    Inserted(usize),
    SetAside(Cursor),
    /// The result after the last move (where it begins), read as this result, and whether
    /// it is written with a slip.
    Result(Cursor, (GameResult, bool)),
}

/// The game text with the sheet's words rewritten where the reading differs from the
/// writing: each such word becomes the moves read from it (with their numbers), a move left
/// out is put where it belongs, a stray word is dropped. Lines stay where they are. With
/// `comments`, each repair is followed by a comment in that language.
pub(super) fn rewrite(
    text: &str,
    sheet: &Sheet,
    rep: &Repaired,
    comments: Option<&Language>,
    everything: bool,
) -> String {
    let Placed {
        mut items,
        touched,
        repeated,
    } = place(sheet, rep, everything);
    let repaired_ply = |i: usize| {
        rep.repairs
            .iter()
            .find(|r| r.ply as usize == i + 1 && r.mv.is_some())
    };
    let comment = |i: usize| -> String {
        let Some(lang) = comments else {
            return String::new();
        };
        let number = rep
            .repairs
            .iter()
            .find(|r| r.ply as usize == i + 1 && r.reason == NUMBER)
            .and_then(|r| {
                let w = r.written.as_ref()?;
                Some(format!(
                    " {{repaired: move number written \"{w}\", read as {}}}",
                    number_prefix(&r.before)
                ))
            })
            .unwrap_or_default();
        let Some(r) = repaired_ply(i) else {
            return number;
        };
        let Some(mv) = r.mv else { return number };
        let read = render::san_in(&r.before, mv, lang);
        match &r.written {
            Some(w) => format!("{number} {{repaired: written \"{w}\", read as {read}}}"),
            None => format!("{number} {{repaired: not written, read as {read}}}"),
        }
    };
    let plies = &rep.found.plies;
    // A move read again is numbered as the sheet numbers its rows: after a run of rows
    // written again, that far ahead of the game (the replay reports the jump once).
    let mut ahead: i32 = 0;
    let numbers: Vec<String> = plies
        .iter()
        .map(|p| {
            ahead = p
                .readings
                .first()
                .map_or(ahead, |r| ahead.saturating_add(r.renumber));
            let n = (i64::from(p.before.fullmoves().get()) + i64::from(ahead)).max(1) as u32;
            crate::notation::render::move_number(n, p.before.turn())
        })
        .collect();
    let number_of = |i: usize| numbers.get(i).cloned().unwrap_or_default();
    let mut out = String::with_capacity(text.len() + 64);
    let mut copied = 0;
    for (wi, word) in sheet.words.iter().enumerate() {
        let (Some(&start), Some(&end)) = (word.bytes.first(), word.bytes.last()) else {
            continue;
        };
        let mut list = std::mem::take(&mut items[wi]);
        list.sort_by_key(|(at, it)| {
            (
                *at,
                matches!(it, Item::Move(_) | Item::SetAside(_) | Item::Result(..)),
            )
        });
        let mut piece = String::new();
        if touched[wi] {
            for (_, it) in &list {
                match it {
                    Item::Move(i) | Item::Inserted(i) => {
                        let Some(p) = plies.get(*i) else { continue };
                        if !piece.is_empty() {
                            piece.push(' ');
                        }
                        if is_white(&p.before) || piece.is_empty() {
                            piece.push_str(&number_of(*i));
                            piece.push(' ');
                        }
                        piece.push_str(&render::san_in(&p.before, p.mv, rep.lang));
                        piece.push_str(&comment(*i));
                    }
                    Item::SetAside(c) => {
                        if comments.is_some() {
                            let w = match repeated.iter().find(|(from, _)| from == c) {
                                Some(&(from, to)) => sheet.span(from, to),
                                None => word.text(c.at as usize, word.chars.len()),
                            };
                            if !piece.is_empty() {
                                piece.push(' ');
                            }
                            piece.push_str(&format!("{{repaired: \"{w}\" left out}}"));
                        }
                    }
                    Item::Result(c, (result, slipped)) => {
                        if !piece.is_empty() {
                            piece.push(' ');
                        }
                        if comments.is_some() && *slipped {
                            let w = word.text(c.at as usize, word.chars.len());
                            piece.push_str(&format!(
                                "{{repaired: result written \"{w}\", read as {result}}} "
                            ));
                        }
                        piece.push_str(result.as_str());
                    }
                }
            }
        } else {
            // The word stays; moves left out before it go in front of it.
            for (_, it) in &list {
                if let Item::Inserted(i) = it {
                    let Some(p) = plies.get(*i) else { continue };
                    if is_white(&p.before) {
                        piece.push_str(&number_of(*i));
                        piece.push(' ');
                    }
                    piece.push_str(&render::san_in(&p.before, p.mv, rep.lang));
                    piece.push_str(&comment(*i));
                    piece.push(' ');
                }
            }
            if piece.is_empty() {
                continue;
            }
            out.push_str(text.get(copied..start).unwrap_or(""));
            out.push_str(&piece);
            copied = start;
            continue;
        }
        out.push_str(text.get(copied..start).unwrap_or(""));
        out.push_str(&piece);
        copied = end;
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    out
}

/// What [`rewrite`] puts in each word of the sheet, and which words it writes anew.
pub(super) struct Placed {
    /// Per word: what stands in it, where in it.
    pub(super) items: Vec<Vec<(u32, Item)>>,
    /// Per word: written anew (else copied as it is).
    pub(super) touched: Vec<bool>,
    /// Runs of moves written again, set aside whole: where each begins and ends.
    pub(super) repeated: Vec<(Cursor, Cursor)>,
}

/// Where each ply of the reading, each word set aside and the result stand in the sheet's
/// words (`everything`: every word is written anew).
pub(super) fn place(sheet: &Sheet, rep: &Repaired, everything: bool) -> Placed {
    let mut items: Vec<Vec<(u32, Item)>> = (0..sheet.len()).map(|_| Vec::new()).collect();
    let mut touched = vec![everything; sheet.len()];
    let mut repeated: Vec<(Cursor, Cursor)> = Vec::new();
    for (i, ply) in rep.found.plies.iter().enumerate() {
        let Some(r) = ply.readings.first() else {
            continue;
        };
        if let Some((c, why)) = r.set_aside {
            if let Some(v) = items.get_mut(c.word as usize) {
                v.push((c.at, Item::SetAside(c)));
                touched[c.word as usize] = true;
            }
            if let (true, Some((to, _))) = (why == search::REPEATED, r.text) {
                // The whole run written again goes, with its move numbers (the one before
                // it too: the game's next move comes with its own).
                let first = match c.word.checked_sub(1) {
                    Some(p)
                        if c.at == 0
                            && sheet.words.get(p as usize).is_some_and(|w| w.ignorable) =>
                    {
                        p
                    }
                    _ => c.word + 1,
                };
                // Up to the run's last move: the number of the move read next stays.
                let last = sheet.last_move_word(c, to);
                for w in (first..=last).filter(|&w| w != c.word) {
                    if let Some(t) = touched.get_mut(w as usize) {
                        *t = true;
                    }
                }
                repeated.push((c, to));
            }
        }
        match r.text {
            Some((from, len)) => {
                let wi = from.word as usize;
                let whole = whole_word(sheet, from, len);
                let by_replay = rep.read_by_replay.get(i).copied().unwrap_or(false);
                let unread = rep.unread_by_replay.get(i).copied().unwrap_or(false);
                let number = slipped_number(sheet, from);
                if let Some(t) = number.and_then(|(c, _)| touched.get_mut(c.word as usize)) {
                    // The number goes; the move is written again with its own.
                    *t = true;
                }
                if (r.slip >= AS_WRITTEN && !by_replay)
                    || unread
                    || number.is_some()
                    || !matches!(r.form, Form::San | Form::Long)
                    || !whole
                    || r.run_together
                {
                    touched[wi] = true;
                }
                if let Some(v) = items.get_mut(wi) {
                    if !v.is_empty() {
                        touched[wi] = true;
                    }
                    v.push((from.at, Item::Move(i)));
                }
            }
            None => {
                let wi = (r.next.word as usize).min(sheet.len().saturating_sub(1));
                if r.next.at > 0 {
                    touched[wi] = true;
                }
                if let Some(v) = items.get_mut(wi) {
                    v.push((r.next.at, Item::Inserted(i)));
                }
            }
        }
    }
    for c in rep.found.trailing.iter().flatten() {
        let mut c = *c;
        while let Some(v) = items.get_mut(c.word as usize) {
            v.push((
                c.at,
                match rep.result {
                    Some((at, result)) if at == c => Item::Result(c, result),
                    _ => Item::SetAside(c),
                },
            ));
            touched[c.word as usize] = true;
            c = Cursor {
                word: c.word + 1,
                at: 0,
            };
        }
    }
    Placed {
        items,
        touched,
        repeated,
    }
}
