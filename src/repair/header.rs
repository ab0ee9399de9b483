//! The header's tag names and the results written with look-alike characters (`Resu1t`,
//! `l-0`), read back to what they stand for.

use super::*;

/// The tag names an OCR slip in a header is read back to: the Seven Tag Roster and the tags
/// most archives carry.
pub(super) const TAG_NAMES: [&str; 16] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "ECO",
    "TimeControl",
    "Termination",
    "Annotator",
    "EventDate",
    "Opening",
    "PlyCount",
];

/// Whether `written` is `meant` with look-alike characters of the slip tables (at least
/// one) and no other slip; letters may differ in case.
pub(super) fn look_alike_of(written: &str, meant: &str) -> bool {
    let w: Vec<char> = written.chars().collect();
    let m: Vec<char> = meant.chars().collect();
    w.len() == m.len()
        && w != m
        && w.iter().zip(&m).all(|(&w, &m)| {
            w.eq_ignore_ascii_case(&m) || slips::slips().substitution(w, m).1 == "look_alike"
        })
        && w.iter().zip(&m).any(|(w, m)| !w.eq_ignore_ascii_case(m))
}

/// The tag name a header's name stands for, written with look-alikes (`Resu1t`, `B1ack`):
/// `None` for a name written right (in any case) and for any other name.
pub fn tag_name_look_alike(name: &str) -> Option<&'static str> {
    // A name written right, or a header word of a scoresheet's language (`Data`, Italian
    // for `Date`, is no slip of it).
    if TAG_NAMES.iter().any(|t| t.eq_ignore_ascii_case(name))
        || crate::notation::tags::scoresheet_header(&format!("{name}:")).is_some()
    {
        return None;
    }
    TAG_NAMES.into_iter().find(|t| look_alike_of(name, t))
}

/// The header's tag names and `Result` values written with look-alikes, in `header` (the
/// game's text before its moves): for each, where it stands, its length and what it reads
/// as. A name is read back only where the header has no tag of that name already.
pub(super) fn header_slips(header: &str) -> Vec<(usize, usize, &'static str)> {
    let mut names: Vec<(usize, &str)> = Vec::new();
    let mut values: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for line in header.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let Some(rest) = line.trim_start().strip_prefix('[') else {
            continue;
        };
        let lead = line.len() - rest.len();
        let name_len = rest
            .find(|c: char| c.is_whitespace() || c == '"')
            .unwrap_or(0);
        let name = &rest[..name_len];
        let Some(open) = rest.find('"') else { continue };
        let Some(close) = rest.rfind('"').filter(|&c| c > open) else {
            continue;
        };
        names.push((start + lead, name));
        values.push((start + lead + open + 1, &rest[open + 1..close]));
    }
    let mut out = Vec::new();
    for (i, &(at, name)) in names.iter().enumerate() {
        let read = match tag_name_look_alike(name) {
            Some(t) if !names.iter().any(|(_, n)| n.eq_ignore_ascii_case(t)) => {
                out.push((at, name.len(), t));
                t
            }
            _ => name,
        };
        if read.eq_ignore_ascii_case("Result") {
            if let Some(result) = values.get(i).and_then(|&(_, v)| result_look_alike(v)) {
                out.push((values[i].0, values[i].1.len(), result.as_str()));
            }
        }
    }
    out
}

/// The result a word after the last move stands for, and whether it is written with a slip:
/// as it should be (any spelling of [`crate::result::SPELLINGS`]: `1-0`, `½-½`, `*`), or through the slip tables at the cost of one lost
/// character at most (`l-0`, `O-l` with look-alikes, `1/2-12` with a `/` lost), the word no
/// shorter than the result but for one character and at least three long (`-0` is no
/// result). `None` for any other word.
pub fn result_written(word: &str) -> Option<(GameResult, bool)> {
    if let Ok(r) = word.parse::<GameResult>() {
        return Some((r, false));
    }
    let written: Vec<char> = word.chars().collect();
    GameResult::DECIDED
        .into_iter()
        .filter(|result| written.len() >= 3 && written.len() + 1 >= result.as_str().len())
        .map(|result| {
            let meant: Vec<char> = result.as_str().chars().collect();
            let cost = slips::slips()
                .prefix_costs(&meant, &written)
                .last()
                .copied()
                .unwrap_or(f32::INFINITY);
            (result, cost)
        })
        .filter(|&(_, cost)| cost <= slips::LOST)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(result, _)| (result, true))
}

/// The result a word stands for where it is written with a slip (`l-0` for `1-0`); `None`
/// for a result written right (no repair) and for any other word.
pub fn result_look_alike(word: &str) -> Option<GameResult> {
    result_written(word)
        .filter(|&(_, slipped)| slipped)
        .map(|(result, _)| result)
}
