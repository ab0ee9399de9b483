//! Both players' copies of one game, read together (`scoresheet reconcile WHITE BLACK`).
//!
//! The two scoresheets (any notation, any language, each with its own slips) are read by one
//! search over legal moves (see [`super::search`]): every ply is read from both texts at once,
//! either copy may have left a move out, written it twice or run it into the next, and the
//! reading under which the rest of both copies fits best wins. Every ply where the copies do
//! not both say the move as written is a [`Decision`]: which copy it was taken from, or that
//! both were repaired, or — where both copies name different legal moves — that the arbiter
//! must decide (the alternative is reported).
//!
//! ```
//! use scoresheet::repair::reconcile::reconcile;
//! let white = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6";
//! let black = "1. e4 e5 2. Cf3 Cc6 3. Ab4 a6"; // no bishop reaches b4
//! let r = reconcile(white, black).unwrap();
//! assert_eq!(r.moves.len(), 6);
//! assert_eq!(r.decisions.len(), 1);
//! assert_eq!(r.decisions[0].how, "white_copy");
//! ```

use serde::Serialize;
use shakmaty::{CastlingMode, Chess, Move};

use super::{
    search::{rank_readings, reading_of, search_in, Form, Found, Limits, Ply, Reading},
    sheet::Sheet,
    AS_WRITTEN,
};
use crate::{
    finding::Suggestion,
    notation::{
        game::parse_game,
        languages::{by_code, english, Language},
    },
    replay::{render, validate_text, Options},
};

/// How one ply was decided where the copies do not both say it as written.
#[derive(Debug, Clone, Serialize)]
pub struct Decision {
    pub ply: u32,
    /// The move as the white copy wrote it (`null`: left out of it).
    pub white_wrote: Option<String>,
    pub black_wrote: Option<String>,
    pub read_as: Suggestion,
    /// `white_copy` / `black_copy` (the other copy was read otherwise), `shorthand` (both
    /// copies wrote the move in a shorthand outside the Laws' notation, `BxN`, `Nd2` for
    /// `Nbd2`, and it reads as this move), `both_repaired`, or `arbiter` (both copies name
    /// different legal moves: decided by the rest of the game, the arbiter should confirm).
    pub how: &'static str,
    /// The other legal reading, where one copy names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative: Option<Suggestion>,
    pub confidence: f32,
}

/// The game both copies agree on, and every decision taken.
#[derive(Debug, Clone)]
pub struct Reconciled {
    pub start: Chess,
    pub moves: Vec<Move>,
    pub decisions: Vec<Decision>,
    /// Tags of the white copy, then those only the black copy has.
    pub tags: Vec<(String, String)>,
    /// The result written (white copy first).
    pub result: Option<String>,
    pub found: Found,
}

struct Copy {
    sheet: Sheet,
    lang: &'static Language,
    tags: Vec<(String, String)>,
    result: Option<String>,
}

fn read_copy(text: &str) -> Copy {
    let rec = validate_text(text, &Options::default());
    let lang = by_code(&rec.lang).unwrap_or(english());
    let parsed = parse_game(text);
    Copy {
        sheet: Sheet::from_movetext(text, parsed.movetext_start),
        lang,
        tags: parsed.tags.clone(),
        result: rec.result.map(|r| r.to_string()),
    }
}

fn suggestion(pos: &Chess, mv: Move) -> Suggestion {
    Suggestion {
        san: render::san_in(pos, mv, english()),
        uci: render::uci(mv, CastlingMode::Standard),
    }
}

/// What a copy wrote for a ply (with a word set aside before it, if any).
fn wrote(sheet: &Sheet, r: &Reading) -> Option<String> {
    let (from, len) = r.text?;
    let w = sheet.word(from)?;
    Some(w.text(from.at as usize, (from.at + len) as usize))
}

fn as_written(r: &Reading) -> bool {
    r.text.is_some() && r.set_aside.is_none() && r.slip < AS_WRITTEN
}

/// [`as_written`], or a word replay itself reads as the move (a capture or check mark that
/// does not fit: the Laws make the marks optional).
fn read_as_written(sheet: &Sheet, lang: &Language, ply: &Ply, r: &Reading) -> bool {
    as_written(r) || (r.set_aside.is_none() && super::read_by_replay(sheet, ply, r, lang))
}

/// The copy's own shorthand read as it is (`BxN`, `Nd2` for `Nbd2`): no slip, but not the
/// Laws' notation either.
fn shorthand(r: &Reading) -> bool {
    r.text.is_some()
        && r.set_aside.is_none()
        && matches!(r.form, Form::Pieces | Form::Undisambiguated)
        && r.slip < AS_WRITTEN + 0.3
}

/// Whether two copies hold the same words (what a duplicated transcription looks like).
fn same_words(a: &Sheet, b: &Sheet) -> bool {
    a.words.len() == b.words.len()
        && a.words
            .iter()
            .zip(&b.words)
            .all(|(x, y)| x.chars == y.chars)
}

/// Whether the reading takes some ply otherwise than both copies wrote it, alike.
fn overrules_both(found: &Found, copies: &[&Sheet; 2], langs: &[&Language; 2]) -> bool {
    found.plies.iter().any(|ply| {
        let (Some(rw), Some(rb)) = (ply.readings.first(), ply.readings.get(1)) else {
            return false;
        };
        let (Some(w), Some(b)) = (wrote(copies[0], rw), wrote(copies[1], rb)) else {
            return false;
        };
        w == b
            && !(read_as_written(copies[0], langs[0], ply, rw) || shorthand(rw))
            && !(read_as_written(copies[1], langs[1], ply, rb) || shorthand(rb))
    })
}

/// Read both copies of a game (from the standard start position, or the white copy's
/// `[FEN]`); `None` when no legal game within the bound fits them.
pub fn reconcile(white: &str, black: &str) -> Option<Reconciled> {
    let w = read_copy(white);
    let b = read_copy(black);
    let start = validate_text(white, &Options::default())
        .start
        .unwrap_or_default();
    let limits = Limits {
        beam: 64,
        per_place: 6,
        ..Limits::default()
    };
    let copies = [&w.sheet, &b.sheet];
    let langs = [w.lang, b.lang];
    // Wider searches only for the pairs the narrower cannot read through: copies with many
    // slips each, or rows copied out of order, where the right reading starts dear.
    let mut found = search_in(&start, &copies, &langs, &limits)
        .or_else(|| search_in(&start, &copies, &langs, &Limits::wide()))
        .or_else(|| search_in(&start, &copies, &langs, &Limits::widest()))?;
    if overrules_both(&found, &copies, &langs) {
        // Two writers seldom make the same slip: a reading that overrules what both copies
        // wrote alike is most often the beam's. Both copies read ply by ply share one place
        // in their texts, so the few states a place keeps are the whole beam, and a wrong
        // turn early (the same look-alike in both) crowds the true reading out. Such a
        // reading is searched for once more, wider.
        if let Some(wider) = search_in(&start, &copies, &langs, &Limits::widest()) {
            if wider.cost < found.cost {
                found = wider;
            }
        }
    }
    if same_words(&w.sheet, &b.sheet) {
        // Two copies written word for word alike are one witness, not two: the single-copy
        // search (which ranks the moves that fill a gap by the text after it) reads it, and
        // its game is priced on both copies. Kept where it is cheaper.
        let single = super::repair_sheet(&start, &w.sheet, w.lang)
            .and_then(|r| reading_of(&start, &copies, &langs, &Limits::widest(), &r.found.moves));
        if let Some(single) = single.filter(|s| s.cost < found.cost) {
            found = single;
        }
    }
    let mut decisions = Vec::new();
    for (i, ply) in found.plies.iter().enumerate() {
        let (Some(rw), Some(rb)) = (ply.readings.first(), ply.readings.get(1)) else {
            continue;
        };
        // A word read at the price of a lost mark that replay does not read (`0-O`) is a
        // repair, in both copies alike too: no reading is silent.
        let (ok_w, ok_b) = (
            read_as_written(&w.sheet, w.lang, ply, rw)
                && !super::unread_by_replay(&w.sheet, ply, rw, w.lang),
            read_as_written(&b.sheet, b.lang, ply, rb)
                && !super::unread_by_replay(&b.sheet, ply, rb, b.lang),
        );
        if ok_w && ok_b {
            continue;
        }
        // A copy that names another legal move exactly: the arbiter's question.
        let other_legal = |copy: &Copy, r: &Reading| -> Option<Move> {
            let text = r.text?;
            rank_readings(&ply.before, copy.lang, &copy.sheet, text)
                .into_iter()
                .find(|(m, c)| *m != ply.mv && *c < AS_WRITTEN)
                .map(|(m, _)| m)
        };
        let alt = other_legal(&w, rw).or_else(|| other_legal(&b, rb));
        let how = match (ok_w, ok_b) {
            _ if alt.is_some() => "arbiter",
            (false, false) if shorthand(rw) && shorthand(rb) => "shorthand",
            (true, false) => "white_copy",
            (false, true) => "black_copy",
            _ => "both_repaired",
        };
        let confidence = match how {
            "arbiter" => 0.6,
            "shorthand" => 0.9,
            "both_repaired" => 0.7,
            _ => 0.95,
        };
        decisions.push(Decision {
            ply: i as u32 + 1,
            white_wrote: wrote(&w.sheet, rw),
            black_wrote: wrote(&b.sheet, rb),
            read_as: suggestion(&ply.before, ply.mv),
            how,
            alternative: alt.map(|m| suggestion(&ply.before, m)),
            confidence,
        });
    }
    let mut tags = w.tags.clone();
    for (k, v) in &b.tags {
        if !tags.iter().any(|(t, _)| t.eq_ignore_ascii_case(k)) {
            tags.push((k.clone(), v.clone()));
        }
    }
    Some(Reconciled {
        start,
        moves: found.moves.clone(),
        decisions,
        tags,
        result: w.result.or(b.result),
        found,
    })
}

impl Reconciled {
    /// The agreed game as text in English SAN (tags, moves, result), to be written out by
    /// `convert` in any language.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&crate::export::tags::tag_line(k, v));
            out.push('\n');
        }
        out.push('\n');
        let mut pos = self.start.clone();
        for &m in &self.moves {
            use shakmaty::Position;
            if pos.turn() == shakmaty::Color::White {
                out.push_str(&format!("{}. ", pos.fullmoves()));
            }
            out.push_str(&render::san_in(&pos, m, english()));
            out.push(' ');
            pos.play_unchecked(m);
        }
        out.push_str(self.result.as_deref().unwrap_or("*"));
        out.push('\n');
        out
    }
}
