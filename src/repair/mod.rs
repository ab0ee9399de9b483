//! Reading a scoresheet through its slips (`--repair`), reconciling both players' copies of a
//! game, and decoding an OCR engine's candidate readings.
//!
//! A game that replays as written is never touched. One that does not is searched for (see
//! [`search`]): the cheapest legal game given everything written, where the cost of reading
//! a word as a move is its slip distance (`notation::slips`). Every word read otherwise than written
//! becomes a `repaired_move` finding that says what was written, what it was read as, why
//! and how sure the reading is; `convert` writes the same evidence as comments.
//!
//! ```
//! use scoresheet::repair::validate_repaired_text;
//! use scoresheet::replay::Options;
//! let rec = validate_repaired_text("1.e4 e5 2.Cf3 Cf6 3.d4 ed4 4.e5 Ced 5.Dd4 *", &Options::default());
//! assert_eq!(rec.status, "ok");
//! assert_eq!(rec.plies, 9);
//! assert_eq!(rec.repaired, Some(1));
//! let f = rec.findings.iter().find(|f| f.kind.id() == "repaired_move").unwrap();
//! assert_eq!(f.written.as_deref(), Some("Ced"));
//! assert_eq!(f.read_as.as_ref().unwrap().san, "Ce4");
//! ```

// The pairing of two archives and its printers serve `reconcile --archives` only.
#[cfg(feature = "cli")]
pub(crate) mod archive_pairs;
#[cfg(feature = "cli")]
pub(crate) mod archive_report;
pub mod archives;
pub mod decode;
mod header;
pub mod reconcile;
pub mod report;
mod rewrite;
pub mod search;
pub mod sheet;

/// The slip model lives beside the notation, below both replay (suggestions) and repair.
pub(crate) use crate::notation::slips;
pub use header::*;
use rewrite::*;

use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::{
    export::{convert_game, ConvertOptions, Converted},
    finding::{Finding, Kind, Suggestion},
    message::Message,
    notation::{
        decode::decode_game,
        game::{parse_game, Locator},
        languages::{by_code, english, Language},
        split::RawGame,
    },
    reason::{Reason, SlipReason},
    replay::{render, validate, GameRecord, LangChoice, Options},
    result::GameResult,
};
use search::{rank_readings, Form, Found, Limits, Ply, Reading};
use sheet::{Cursor, Sheet};

/// A slip distance below this is a mark lost or added: the move reads as written.
pub const AS_WRITTEN: f32 = 0.25;

/// A narrow search's reading at most this dear is taken without a wide one.
pub const NARROW_ENOUGH: f32 = 2.0;

/// A wide search's reading dearer than this is searched for once more, much wider.
pub const WIDE_ENOUGH: f32 = 3.0;

/// A widest search's reading dearer than this is searched for once more, reading ahead
/// (real sheets with a slip every few moves; few synthetic ones get here).
pub const AHEAD_ENOUGH: f32 = 8.0;

/// A reading still dearer than this after reading ahead is searched for once more with
/// several times the states ([`Limits::huge`], [`Limits::huge_ahead`]): a few real sheets
/// in a hundred get there. Those searches need about 6,000 states a word, ten times
/// [`WORK_PER_WORD`]: within the budget they end early on all but short sheets, and the
/// reading of the widest search stands.
pub const HUGE_ENOUGH: f32 = 8.0;

/// One ply read otherwise than written, or a word set aside.
#[derive(Debug, Clone)]
pub struct Repair {
    /// 1-based ply of the move (for a word set aside: of the move after it).
    pub ply: u32,
    pub before: Chess,
    /// The move read (`None`: a word set aside, or a move number read through a slip).
    pub mv: Option<Move>,
    /// The text as written (`None`: a move left out).
    pub written: Option<String>,
    /// Byte offset in the game text of what was written (or where a move was left out).
    pub at: usize,
    pub reason: &'static str,
    pub confidence: f32,
    pub alternatives: Vec<Move>,
}

/// A game read through its slips.
#[derive(Debug, Clone)]
pub struct Repaired {
    pub found: Found,
    pub repairs: Vec<Repair>,
    pub lang: &'static Language,
    /// The header's tag names and result read through look-alikes: where each stands in the
    /// game's text (byte offset and length) and what it is read as.
    pub tags: Vec<(usize, usize, &'static str)>,
    /// Where the moves start in the game's text (after the header).
    pub moves_at: usize,
    /// The result written after the last move: where it begins, what it reads as, and
    /// whether it is written with a slip.
    pub result: Option<(Cursor, (GameResult, bool))>,
    /// For each ply, whether its word is one replay reads, as it stands, as the move read
    /// (the search priced a mark that does not fit, `Qxb2+` for the quiet `Qb2+`; the Laws
    /// make the marks optional): no repair, and the word stays as written.
    pub read_by_replay: Vec<bool>,
    /// For each ply, whether its word is read through a slip the search prices below
    /// [`AS_WRITTEN`] (`0-O` for `O-O`) that replay does not read: a repair all the same,
    /// never a silent one.
    pub unread_by_replay: Vec<bool>,
}

/// Whether the text read for a move spans the whole word (after its move number, if any).
fn whole_word(sheet: &Sheet, from: Cursor, len: u32) -> bool {
    sheet.word(from).is_some_and(|w| {
        (from.at + len) as usize == w.chars.len()
            && (from.at == 0
                || sheet
                    .number_at(Cursor {
                        word: from.word,
                        at: 0,
                    })
                    .is_some_and(|(l, k)| l == from.at && k == 0.0))
    })
}

/// The move number written just before the text read at `from` when it was read through a
/// slip (`S.` or `lO.` for a number, `9` glued to its move without a dot): where it starts and
/// its length in characters. Replay reads no such word; the reading must say so.
fn slipped_number(sheet: &Sheet, from: Cursor) -> Option<(Cursor, u32)> {
    let start = if from.at > 0 {
        Cursor {
            word: from.word,
            at: 0,
        }
    } else {
        Cursor {
            word: from.word.checked_sub(1)?,
            at: 0,
        }
    };
    let (len, cost) = sheet.number_at(start)?;
    let end = if from.at > 0 {
        from.at
    } else {
        sheet.word(start)?.chars.len() as u32
    };
    (len == end && cost > 0.0).then_some((start, len))
}

/// Whether the word of a ply is read through a slip priced like a lost mark (below
/// [`AS_WRITTEN`]) that replay does not read as it stands (`0-O` for `O-O`): a repair all the
/// same.
pub(crate) fn unread_by_replay(sheet: &Sheet, ply: &Ply, r: &Reading, lang: &Language) -> bool {
    r.slip < AS_WRITTEN
        && !r.run_together
        && matches!(r.form, Form::San | Form::Long | Form::Files)
        && r.text
            .is_some_and(|(from, len)| whole_word(sheet, from, len))
        && !read_by_replay(sheet, ply, r, lang)
}

/// Whether replay itself reads the word of a ply as the move the search read.
pub(crate) fn read_by_replay(sheet: &Sheet, ply: &Ply, r: &Reading, lang: &Language) -> bool {
    let Some((from, len)) = r.text else {
        return false;
    };
    if r.run_together
        || !matches!(r.form, Form::San | Form::Long | Form::Files)
        || !whole_word(sheet, from, len)
    {
        return false;
    }
    let Some(w) = sheet.word(from) else {
        return false;
    };
    let text = w.text(from.at as usize, (from.at + len) as usize);
    search::replay_reading(&ply.before, &text, lang).is_some_and(|(mv, _)| mv == ply.mv)
}

fn is_white(pos: &Chess) -> bool {
    pos.turn() == Color::White
}

fn number_prefix(pos: &Chess) -> String {
    crate::notation::render::numbered(pos, "")
}

fn confidence(margin: f32) -> f32 {
    let c = if margin >= 0.0 {
        1.0 - 0.5 * (-2.5 * margin).exp()
    } else {
        // The written move was legal, but the rest of the game does not fit it.
        0.7
    };
    (c * 100.0).round() / 100.0
}

/// The reason of a reading of the writer's own shorthand rather than of a slip.
const SHORTHAND: &str = "capture_by_pieces";

/// The reason of a move number read through a slip.
const NUMBER: &str = "number_slip";

/// Why a word after the last move was read as the game's result: the result written with
/// look-alike characters (`l-0`, `0-I`, `l/2-l/2`).
pub const RESULT: &str = "result_slip";

/// Why a tag of the header was read otherwise: its name (`Resu1t`) or the result in it
/// (`[Result "l-0"]`) written with look-alike characters.
pub const HEADER: &str = "header_slip";

fn slip_reason(
    before: &Chess,
    mv: Move,
    lang: &Language,
    (written, san): (&str, &str),
    (kind, slip): (Form, f32),
) -> &'static str {
    let form_reason = match kind {
        Form::English => "other_language_letter",
        Form::Pieces => SHORTHAND,
        Form::Undisambiguated => "origin_left_out",
        _ => return slips::slips().explain(written, san).1,
    };
    if slip - kind.penalty() < AS_WRITTEN {
        // The word is that form as written (`RxR+`, `gxRQ`): its reason is the form's.
        return form_reason;
    }
    // The nearest text of that form (a capture by the pieces with the promotion piece after
    // it, `gxRQ`, as well); a slip in the text as well (`Rd1` for `Rad8`, read through `Rd8`)
    // says more than the form, which the reading shows anyway. A check mark that does not
    // fit a word no rule of the Laws reads anyway (`QxB+`) is that form's, not a slip.
    let promotions: Vec<String> = match mv.promotion() {
        Some(r) => vec![
            String::new(),
            format!("={}", lang.letter(r)),
            lang.letter(r).into(),
        ],
        None => vec![String::new()],
    };
    let candidates = search::candidates(before, lang);
    let nearest = candidates
        .iter()
        .filter(|c| c.mv == mv)
        .flat_map(|c| c.forms())
        .filter(|(_, f)| *f == kind)
        .flat_map(|(text, _)| {
            let text: String = text.iter().collect();
            promotions
                .iter()
                .map(|p| slips::slips().explain(written, &format!("{text}{p}")))
                .collect::<Vec<_>>()
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match nearest {
        Some((cost, why)) if cost >= AS_WRITTEN && why != "mark" => why,
        _ => form_reason,
    }
}

/// Read one sheet of `lang` from `start` and list what was read otherwise than written.
pub fn repair_sheet(start: &Chess, sheet: &Sheet, lang: &'static Language) -> Option<Repaired> {
    repair_sheet_counted(start, sheet, lang).0
}

/// The work the searches of one sheet may do at most, all of them together (in states
/// read, [`search::Outcome::work`]): a base and a part per written word, so that what a
/// sheet costs grows with its length and never more, whatever its slips.
pub fn work_budget(sheet: &Sheet) -> usize {
    WORK_BASE.saturating_add(WORK_PER_WORD.saturating_mul(sheet.len()))
}

/// See [`work_budget`]. Measured on the 392 synthetic sheets (`corpora/repair`): every
/// sheet read through the widest search ([`Limits::widest`]) did at most about 300 states a
/// word; the few whose reading stays dearer than [`AHEAD_ENOUGH`] went on to the searches
/// reading ahead and the huge ones, about 6,000 a word (a 229-word sheet 1.3 million
/// states, a minute and more of CPU). The hostile sheets of issue 41 were of that kind
/// (two rows written again: 11,000 a word, 7 s; a stray `x` before every White move:
/// 10,000 a word). 600 a word keeps every search up to the widest and ends the dearer ones
/// where they would pass it: 0.66 s of CPU for the 91 words of two rows written again.
pub const WORK_BASE: usize = 10_000;
/// See [`work_budget`] and [`WORK_BASE`].
pub const WORK_PER_WORD: usize = 600;

/// [`repair_sheet`], with the work its searches did (never more than [`work_budget`]).
/// Where the budget ends a search, that search gives no reading: the reading of a narrower
/// search stands, or none (the game is reported as written).
pub fn repair_sheet_counted(
    start: &Chess,
    sheet: &Sheet,
    lang: &'static Language,
) -> (Option<Repaired>, usize) {
    let budget = work_budget(sheet);
    let mut spent = 0usize;
    let mut out_of_budget = false;
    let mut search = |start: &Chess, sheets: &[&Sheet], lang: &Language, limits: &Limits| {
        if out_of_budget {
            return None;
        }
        let limits = Limits {
            budget: budget.saturating_sub(spent),
            ..*limits
        };
        let o = search::search_counted(start, sheets, lang, &limits);
        spent += o.work;
        out_of_budget |= o.out_of_budget;
        o.found
    };
    let rep = repair_searched(start, sheet, lang, &mut search);
    (rep, spent)
}

/// The cheapest reading of `sheet` by searches ever wider, each asked only where the ones
/// before found nothing or a reading too dear to be the sheet's.
fn search_widening(
    start: &Chess,
    sheet: &Sheet,
    lang: &'static Language,
    search: &mut impl FnMut(&Chess, &[&Sheet], &Language, &Limits) -> Option<Found>,
) -> Option<Found> {
    // Most damaged sheets have a slip or two: a narrow beam finds them at a fraction of the
    // cost; the wide one is for the sheets it cannot read cheaply.
    let cheaper = |a: Option<Found>, b: Option<Found>| match (a, b) {
        (Some(a), Some(b)) => Some(if a.cost <= b.cost { a } else { b }),
        (a, b) => a.or(b),
    };
    let narrow = search(start, &[sheet], lang, &Limits::narrow());
    let mut found = match narrow {
        Some(f) if f.cost <= NARROW_ENOUGH => f,
        narrow => match cheaper(narrow, search(start, &[sheet], lang, &Limits::default())) {
            Some(f) => f,
            // Real sheets with many slips: a wider beam and a higher bound, asked only when
            // both narrower searches found nothing.
            None => search(start, &[sheet], lang, &Limits::wide())?,
        },
    };
    if found.cost > WIDE_ENOUGH {
        // A reading this dear is most often the beam's, not the sheet's: the true reading
        // was crowded out (a gap early in the game, a legal but wrong move read on for
        // many plies, a move written in the wrong row). A few sheets are worth a much wider
        // search.
        found = cheaper(
            Some(found),
            search(start, &[sheet], lang, &Limits::widest()),
        )?;
    }
    if found.cost > AHEAD_ENOUGH {
        found = cheaper(
            Some(found),
            search(start, &[sheet], lang, &Limits::widest_ahead()),
        )?;
    }
    if found.cost > HUGE_ENOUGH {
        // Still dear: on real sheets with a slip every few moves the true reading can fall
        // out of even the widest beam (the beam's loss, not the model's: the reading found
        // here is cheaper by the same costs). Four times the states, then twice as many
        // reading ahead (which costs about twice a state).
        found = cheaper(Some(found), search(start, &[sheet], lang, &Limits::huge()))?;
        found = cheaper(
            Some(found),
            search(start, &[sheet], lang, &Limits::huge_ahead()),
        )?;
    }
    Some(found)
}

fn repair_searched(
    start: &Chess,
    sheet: &Sheet,
    lang: &'static Language,
    search: &mut impl FnMut(&Chess, &[&Sheet], &Language, &Limits) -> Option<Found>,
) -> Option<Repaired> {
    let found = search_widening(start, sheet, lang, search)?;
    let mut repairs = Vec::new();
    let read_by_replay: Vec<bool> = found
        .plies
        .iter()
        .map(|ply| {
            ply.readings
                .first()
                .is_some_and(|r| r.slip >= AS_WRITTEN && read_by_replay(sheet, ply, r, lang))
        })
        .collect();
    let unread_by_replay: Vec<bool> = found
        .plies
        .iter()
        .map(|ply| {
            ply.readings
                .first()
                .is_some_and(|r| unread_by_replay(sheet, ply, r, lang))
        })
        .collect();
    for (i, ply) in found.plies.iter().enumerate() {
        let by_replay = read_by_replay.get(i).copied().unwrap_or(false);
        let unread = unread_by_replay.get(i).copied().unwrap_or(false);
        ply_repairs(
            sheet,
            lang,
            (i as u32 + 1, ply),
            (by_replay, unread),
            &mut repairs,
        );
    }
    let result = trailing_repairs(start, sheet, &found, &mut repairs);
    Some(Repaired {
        found,
        repairs,
        lang,
        tags: Vec::new(),
        moves_at: 0,
        result,
        read_by_replay,
        unread_by_replay,
    })
}

/// The repairs of the `n`th ply of a reading: a move number read through a slip, a word set
/// aside before the move, the move left out or read otherwise than written (`by_replay`:
/// the replay reads the text as the move by itself; `unread`: it does not read it as the
/// move although no slip is priced).
fn ply_repairs(
    sheet: &Sheet,
    lang: &'static Language,
    (n, ply): (u32, &Ply),
    (by_replay, unread): (bool, bool),
    repairs: &mut Vec<Repair>,
) {
    let Some(r) = ply.readings.first() else {
        return;
    };
    if let Some((c, len)) = r.text.and_then(|(from, _)| slipped_number(sheet, from)) {
        if let Some(w) = sheet.word(c) {
            repairs.push(Repair {
                ply: n,
                before: ply.before.clone(),
                mv: None,
                written: Some(w.text(c.at as usize, (c.at + len) as usize)),
                at: w.bytes.get(c.at as usize).copied().unwrap_or(0),
                reason: NUMBER,
                confidence: 0.9,
                alternatives: Vec::new(),
            });
        }
    }
    if let Some((c, why)) = r.set_aside {
        let w = sheet.word(c);
        let written = match r.text {
            Some((to, _)) if why == search::REPEATED => Some(sheet.span(c, to)),
            _ => w.map(|w| w.text(c.at as usize, w.chars.len())),
        };
        repairs.push(Repair {
            ply: n,
            before: ply.before.clone(),
            mv: None,
            written,
            at: w
                .and_then(|w| w.bytes.get(c.at as usize).copied())
                .unwrap_or(0),
            reason: why,
            confidence: 0.5,
            alternatives: Vec::new(),
        });
    }
    match r.text {
        None => {
            let at = sheet
                .word(r.next)
                .and_then(|w| w.bytes.get(r.next.at as usize).copied())
                .unwrap_or(0);
            repairs.push(Repair {
                ply: n,
                before: ply.before.clone(),
                mv: Some(ply.mv),
                written: None,
                at,
                reason: "left_out",
                confidence: 0.5,
                alternatives: Vec::new(),
            });
        }
        Some((from, len))
            if (r.slip >= AS_WRITTEN && !by_replay)
                || unread
                || matches!(r.form, Form::English | Form::Pieces | Form::Undisambiguated) =>
        {
            let Some(w) = sheet.word(from) else { return };
            let written = w.text(from.at as usize, (from.at + len) as usize);
            let ranked = rank_readings(&ply.before, lang, sheet, (from, len));
            let chosen = ranked
                .iter()
                .find(|(m, _)| *m == ply.mv)
                .map_or(r.slip, |x| x.1);
            let others: Vec<&(Move, f32)> = ranked.iter().filter(|(m, _)| *m != ply.mv).collect();
            let margin = others.first().map_or(2.0, |x| x.1 - chosen);
            let form = render::san_plain(&ply.before, ply.mv, lang);
            repairs.push(Repair {
                ply: n,
                before: ply.before.clone(),
                mv: Some(ply.mv),
                at: w.bytes.get(from.at as usize).copied().unwrap_or(0),
                reason: slip_reason(
                    &ply.before,
                    ply.mv,
                    lang,
                    (&written, &form),
                    (r.form, r.slip),
                ),
                written: Some(written),
                confidence: confidence(margin),
                alternatives: others
                    .iter()
                    .filter(|x| x.1 < chosen.max(0.0) + 1.0)
                    .take(3)
                    .map(|x| x.0)
                    .collect(),
            });
        }
        Some(_) => {}
    }
}

/// The words after the last move, set aside: each is a repair too (no repair is silent);
/// a result written with look-alikes is read as the result (returned: where it begins, what
/// it reads as, whether it is written with a slip).
fn trailing_repairs(
    start: &Chess,
    sheet: &Sheet,
    found: &Found,
    repairs: &mut Vec<Repair>,
) -> Option<(Cursor, (GameResult, bool))> {
    let end = found.plies.last().map_or_else(
        || start.clone(),
        |last| {
            let mut p = last.before.clone();
            p.play_unchecked(last.mv);
            p
        },
    );
    let mut result = None;
    let mut c = found.trailing.first().copied().flatten();
    while let Some(at) = c.filter(|&at| !sheet.done(at)) {
        let Some((next, _, why)) = sheet.skip(at) else {
            break;
        };
        if let Some(w) = sheet.word(at) {
            let written = w.text(at.at as usize, w.chars.len());
            // Only the last word can be the result: what follows a result is no game's.
            result = result_written(&written)
                .filter(|_| sheet.done(next))
                .map(|r| (at, r));
            // The result as it should be, run together with the last move
            // (`36.Kf21/2-1/2`), is read as written: no repair.
            if result.is_none_or(|(_, (_, slipped))| slipped) {
                repairs.push(Repair {
                    ply: found.plies.len() as u32 + 1,
                    before: end.clone(),
                    mv: None,
                    at: w.bytes.get(at.at as usize).copied().unwrap_or(0),
                    reason: if result.is_some() { RESULT } else { why },
                    written: Some(written),
                    confidence: if result.is_some() { 0.9 } else { 0.5 },
                    alternatives: Vec::new(),
                });
            }
        }
        c = Some(next);
    }
    result
}

/// The game read again from `text` in `lang`.
fn raw_with(raw: &RawGame, text: &str) -> RawGame {
    let mut bytes = raw.bytes.get(..raw.lead).unwrap_or(&[]).to_vec();
    bytes.extend_from_slice(text.as_bytes());
    RawGame {
        bytes,
        ..raw.clone()
    }
}

fn failed(rec: &GameRecord) -> bool {
    rec.findings
        .iter()
        .any(|f| f.kind.is_move_error() && f.variation.is_none())
}

/// The sheet of a game that failed as written, and its reading.
fn read_through(raw: &RawGame, rec: &GameRecord) -> Option<(String, Sheet, Repaired)> {
    let start = rec.start.clone()?;
    let lang = by_code(&rec.lang).unwrap_or(english());
    let (text, _) = decode_game(raw.game_bytes());
    let text = text.into_owned();
    let parsed = parse_game(&text);
    let sheet = Sheet::from_movetext(&text, parsed.movetext_start);
    let mut rep = repair_sheet(&start, &sheet, lang)?;
    // OCR slips in the header: each a repair at ply 0, read back in the text read again.
    rep.tags = header_slips(text.get(..parsed.movetext_start).unwrap_or(""));
    rep.moves_at = parsed.movetext_start;
    let header: Vec<Repair> = rep
        .tags
        .iter()
        .map(|&(at, len, _)| Repair {
            ply: 0,
            before: start.clone(),
            mv: None,
            written: text.get(at..at + len).map(str::to_string),
            at,
            reason: HEADER,
            confidence: 0.9,
            alternatives: Vec::new(),
        })
        .collect();
    rep.repairs.splice(0..0, header);
    Some((text, sheet, rep))
}

/// The game's text `new` (the moves rewritten) with the header's slips read back
/// (`rep.tags`, offsets in the header, which the rewriting leaves as it is), and with
/// `comments` their evidence in a comment before the first move.
fn with_tags(mut new: String, rep: &Repaired, comments: bool) -> String {
    if comments && !rep.tags.is_empty() && new.is_char_boundary(rep.moves_at) {
        let read: Vec<String> = rep
            .tags
            .iter()
            .filter_map(|&(at, len, read)| {
                let w = new.get(at..at + len)?;
                Some(format!("\"{w}\" read as {read}"))
            })
            .collect();
        new.insert_str(
            rep.moves_at,
            &format!("{{repaired: header {}}} ", read.join(", ")),
        );
    }
    for &(at, len, read) in rep.tags.iter().rev() {
        if new.is_char_boundary(at) && new.is_char_boundary(at + len) && at + len <= new.len() {
            new.replace_range(at..at + len, read);
        }
    }
    new
}

fn suggestion(pos: &Chess, mv: Move, lang: &Language) -> Suggestion {
    Suggestion {
        san: render::san_in(pos, mv, lang),
        uci: render::uci(mv, CastlingMode::Standard),
    }
}

fn reason_words(reason: &str) -> &'static str {
    match reason {
        "look_alike" => "look-alike characters",
        "neighbouring_square" => "a neighbouring file or rank",
        "letter_case" => "a letter in the wrong case",
        "mark" => "a mark lost or added",
        "stray_character" => "a stray character",
        "lost_character" => "a character left out",
        "other_character" => "another character",
        "other_language_letter" => "a piece letter of another language",
        "capture_by_pieces" => "a capture named by the pieces",
        "origin_left_out" => "the origin left out where two pieces can move",
        "left_out" => "a move left out of the sheet",
        "written_twice" => "a move written twice",
        "moves_written_twice" => "moves written again",
        "result_slip" => "the result written with a slip",
        "stray_word" => "a word that is no move",
        _ => "a slip",
    }
}

/// The `repaired_move` findings of a repair, located in the original text.
pub fn findings(rep: &Repaired, text: &str, first_line: u64) -> Vec<Finding> {
    let at = Locator::new(text, first_line);
    rep.repairs
        .iter()
        .map(|r| {
            let read = r.mv.map(|m| suggestion(&r.before, m, rep.lang));
            let slip = reason_words(r.reason);
            let message = match (&r.written, &read) {
                (Some(w), Some(s)) => Message::new("repaired_read_as")
                    .text("written", w)
                    .text("move", &s.san)
                    .word("slip", slip)
                    .text("confidence", format!("{:.2}", r.confidence)),
                (None, Some(s)) => Message::new("repaired_not_written")
                    .text("move", &s.san)
                    .word("slip", slip),
                (Some(w), None) if r.reason == NUMBER => Message::new("repaired_number")
                    .text("written", w)
                    .text("number", number_prefix(&r.before))
                    .word(
                        "slip",
                        if w.chars().all(|c| c.is_ascii_digit()) {
                            "no dot between it and the move"
                        } else {
                            reason_words("look_alike")
                        },
                    ),
                (Some(w), None) if r.reason == HEADER => Message::new("repaired_header")
                    .text("written", w)
                    .text(
                        "read",
                        tag_name_look_alike(w)
                            .or_else(|| result_look_alike(w).map(GameResult::as_str))
                            .unwrap_or("?"),
                    )
                    .word("slip", reason_words("look_alike")),
                (Some(w), None) if r.reason == RESULT => Message::new("repaired_result")
                    .text("written", w)
                    .text("read", result_look_alike(w).map_or("?", GameResult::as_str))
                    .word("slip", reason_words(RESULT)),
                (Some(w), None) => Message::new("repaired_left_out")
                    .text("written", w)
                    .word("slip", slip),
                (None, None) => Message::new("repaired"),
            };
            // A capture named by the pieces (`DxD`) is the writer's notation read as it is,
            // not a slip put right: a notation finding, with the same evidence.
            let kind = if r.reason == SHORTHAND {
                Kind::Notation
            } else {
                Kind::RepairedMove
            };
            let mut f = Finding::said(kind, r.ply, message);
            f.move_text = r.written.as_ref().filter(|_| r.ply > 0).map(|w| {
                if r.reason == NUMBER {
                    w.clone()
                } else {
                    format!("{}{w}", number_prefix(&r.before))
                }
            });
            (f.line, f.column) = at.locate(r.at);
            let reason = Reason::from(SlipReason::of_id(r.reason));
            f.reason = Some(reason);
            f.article = Some(if kind == Kind::Notation {
                crate::finding::default_article(kind, Some(reason))
            } else {
                "8.1.1"
            });
            f.written = r.written.clone();
            f.read_as = read;
            f.confidence = Some(r.confidence);
            if !r.alternatives.is_empty() {
                f.alternatives = Some(
                    r.alternatives
                        .iter()
                        .map(|&m| suggestion(&r.before, m, rep.lang))
                        .collect(),
                );
            }
            f
        })
        .collect()
}

/// `validate --repair`: the game as written when it replays; otherwise replayed along its
/// most likely legal reading, with a `repaired_move` finding for every repair. When no
/// reading within the bound exists, the record of the game as written.
pub fn validate_repaired(raw: &RawGame, file: &str, opts: &Options) -> GameRecord {
    let rec = validate(raw, file, opts);
    if !failed(&rec) {
        return rec;
    }
    let Some((text, sheet, rep)) = read_through(raw, &rec) else {
        return rec;
    };
    let fixed = Options {
        lang: LangChoice::Fixed(rep.lang),
        ..*opts
    };
    for everything in [false, true] {
        let new = with_tags(rewrite(&text, &sheet, &rep, None, everything), &rep, false);
        let mut again = validate(&raw_with(raw, &new), file, &fixed);
        if failed(&again) || again.mainline != rep.found.moves {
            continue;
        }
        let mut added = findings(&rep, &text, raw.line.max(1));
        again.repaired = Some(
            rep.repairs
                .iter()
                .filter(|r| r.mv.is_some() && r.reason != SHORTHAND)
                .count() as u32,
        );
        again.lang_candidates = rec.lang_candidates.clone();
        again.findings.append(&mut added);
        again.findings.sort_by_key(|f| f.ply);
        return again;
    }
    rec
}

/// [`validate_repaired`] of a game given as text.
pub fn validate_repaired_text(text: &str, opts: &Options) -> GameRecord {
    validate_repaired(&RawGame::from_text(text), "", opts)
}

/// `convert --repair`: the game as written when it replays; otherwise its most likely legal
/// reading, with a comment at each repair in the output language.
pub fn convert_repaired(raw: &RawGame, file: &str, opts: &ConvertOptions) -> Converted {
    let c = convert_game(raw, file, opts);
    if !failed(&c.record) {
        return c;
    }
    let Some((text, sheet, rep)) = read_through(raw, &c.record) else {
        return c;
    };
    let fixed = ConvertOptions {
        from: LangChoice::Fixed(rep.lang),
        ..*opts
    };
    for everything in [false, true] {
        let new = with_tags(
            rewrite(&text, &sheet, &rep, Some(opts.to), everything),
            &rep,
            true,
        );
        let mut again = convert_game(&raw_with(raw, &new), file, &fixed);
        if failed(&again.record) || again.record.mainline != rep.found.moves {
            continue;
        }
        let mut added = findings(&rep, &text, raw.line.max(1));
        again.record.repaired = Some(
            added
                .iter()
                .filter(|f| f.read_as.is_some() && f.kind == Kind::RepairedMove)
                .count() as u32,
        );
        again.record.findings.append(&mut added);
        return again;
    }
    c
}

/// [`convert_repaired`] of a game given as text.
pub fn convert_repaired_text(text: &str, opts: &ConvertOptions) -> Converted {
    convert_repaired(&RawGame::from_text(text), "", opts)
}

#[cfg(test)]
mod tests {
    use super::{header_slips, result_look_alike, result_written, tag_name_look_alike};
    use crate::result::GameResult;

    #[test]
    fn tag_names_written_with_look_alikes() {
        assert_eq!(tag_name_look_alike("Resu1t"), Some("Result"));
        assert_eq!(tag_name_look_alike("B1ack"), Some("Black"));
        assert_eq!(tag_name_look_alike("WhiteE1o"), Some("WhiteElo"));
        assert_eq!(tag_name_look_alike("Rouhd"), Some("Round"));
        // Written right in any case, another language's word, another tag: left alone.
        for name in [
            "Result", "result", "WHITE", "Data", "Sito", "Bianco", "Board", "FEN",
        ] {
            assert_eq!(tag_name_look_alike(name), None, "{name}");
        }
        let header = "[Event \"E\"]\n[Resu1t \"l-0\"]\n[Result \"*\"]\n[B1ack \"N\"]\n";
        let slips = header_slips(header);
        // `Resu1t` is no tag of its own where `Result` is there: not read back (its value
        // neither); `B1ack` is.
        let read: Vec<(&str, &str)> = slips
            .iter()
            .map(|&(at, len, read)| (&header[at..at + len], read))
            .collect();
        assert_eq!(read, [("B1ack", "Black")]);
        let header = "[Resu1t \"0-l\"]\n";
        let read: Vec<&str> = header_slips(header).iter().map(|s| s.2).collect();
        assert_eq!(read, ["Result", "0-1"]);
    }

    #[test]
    fn results_written_with_look_alikes() {
        use GameResult::{BlackWins, Draw, WhiteWins};
        assert_eq!(result_look_alike("l-0"), Some(WhiteWins));
        assert_eq!(result_look_alike("1-O"), Some(WhiteWins));
        assert_eq!(result_look_alike("O-l"), Some(BlackWins));
        assert_eq!(result_look_alike("l/2-l/2"), Some(Draw));
        assert_eq!(result_look_alike("1/2-12"), Some(Draw));
        // Every spelling the readers accept is a result written right (`1/2` and `0.5-0.5`
        // were none here, though the sheet and the lexer read them as a draw).
        for &(spelling, r) in crate::result::SPELLINGS {
            assert_eq!(result_written(spelling), Some((r, false)), "{spelling}");
            assert_eq!(result_look_alike(spelling), None, "{spelling}");
        }
        // Another slip, or another word: not a result.
        for word in ["1-1", "0-0", "O-O", "e4", "l-", "-0", "l-0-0", "Cf3"] {
            assert_eq!(result_look_alike(word), None, "{word}");
        }
    }
}
