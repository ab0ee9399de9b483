//! Replaying a game: the start position, the notation language, and every written move
//! resolved against the legal moves, mainline and variations alike.
//!
//! ```
//! use scoresheet::replay::{validate_text, Options};
//! let rec = validate_text("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *", &Options::default());
//! assert_eq!(rec.lang, "it");
//! assert_eq!(rec.plies, 6);
//! assert_eq!(rec.status, "ok");
//! ```

mod events;
mod explain;
pub(crate) mod fast_san;
mod language;
mod numbering;
mod record;
pub(crate) mod resolve;
mod start;
pub(crate) mod suggest;
mod walk;
mod written;

pub use events::GameEvent;
use language::*;
use numbering::*;
pub use record::{with_nulls, GameRecord, Tags};
use start::*;
use walk::*;
pub use written::null_move;
use written::*;

/// Writing moves is notation: [`crate::notation::render`], here under its old name too.
pub use crate::notation::render;

use serde::{Serialize, Serializer};
use shakmaty::{fen::Fen, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use crate::{
    finding::{Finding, Kind, Severity, Side, Status, Variant},
    i18n::ReportLang,
    laws::{self, GameFacts, LawsOptions, Termination},
    message::Message,
    notation::{
        decode::decode_game,
        game::{parse_game, Locator, ParsedGame},
        languages::{alphabet, english, languages, Language},
        moves::{PromotionStyle, WrittenMove},
        movetext::{GameResult, Token, TokenKind},
        split::RawGame,
    },
    reason::{IllegalReason, MoveNumberReason, NotationReason, Reason, StructureReason},
};
use resolve::{explain, has_notation_issues, notation_issues, resolve, NotationIssue, Resolution};

/// What an illegal move does to the replay: a rule of the Laws ([`crate::laws::IllegalPolicy`]).
pub use crate::laws::IllegalPolicy;

/// Which language the piece letters are read in.
#[derive(Debug, Clone, Copy, Default)]
pub enum LangChoice {
    /// Decide per game.
    #[default]
    Auto,
    Fixed(&'static Language),
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    pub lang: LangChoice,
    pub illegal: IllegalPolicy,
    /// Event rules and checks of the Laws (repetition, move counts, endings, results).
    pub laws: LawsOptions,
    /// Strict notation: also report the optional marks (`x`, `+`, `#`, `e.p.`, Appendix C.13)
    /// where they are missing or do not fit the move. Off by default, as the Laws make them
    /// optional.
    pub strict_notation: bool,
}

/// Validate a game given as text (file name empty, game 1).
pub fn validate_text(text: &str, opts: &Options) -> GameRecord {
    validate(&RawGame::from_text(text), "", opts)
}

/// Validate one game of a file.
pub fn validate(raw: &RawGame, file: &str, opts: &Options) -> GameRecord {
    read(raw, file, opts, false).0
}

/// Validate one game and also return it as a sequence of resolved [`GameEvent`]s, in the
/// language chosen for it (what `convert` writes out).
pub fn read_events(raw: &RawGame, file: &str, opts: &Options) -> (GameRecord, Vec<GameEvent>) {
    read(raw, file, opts, true)
}

fn read(
    raw: &RawGame,
    file: &str,
    opts: &Options,
    want_events: bool,
) -> (GameRecord, Vec<GameEvent>) {
    let (text, left_out) = decode_game(raw.game_bytes());
    let mut parsed = parse_game(&text);
    let mut record = GameRecord {
        file: file.to_string(),
        game: raw.index,
        offset: raw.offset,
        line: raw.line.max(1),
        tags: Tags::default(),
        // (English unless a language is chosen below: set where the game is not replayed.)
        lang: String::new(),
        lang_candidates: Vec::new(),
        variant: Variant::Standard,
        plies: 0,
        final_fen: String::new(),
        status: Status::Ok,
        result: None,
        irregular_from_ply: None,
        termination: None,
        sp: None,
        findings: Vec::new(),
        filtered_out: 0,
        repaired: None,
        mainline: Vec::new(),
        null_plies: Vec::new(),
        start: None,
    };
    report_control_characters(
        &left_out,
        &Locator::new(&text, raw.line.max(1)),
        &mut record,
    );
    if raw.dropped_bytes > 0 {
        record.findings.push(Finding::said(
            Kind::OversizedGame,
            0,
            Message::new("oversized_game")
                .text("mib", crate::notation::split::MAX_GAME_BYTES >> 20)
                .text("bytes", raw.dropped_bytes),
        ));
        record.tags = Tags(parsed.tags);
        record.lang = "en".into();
        finish(&mut record, raw.line);
        return (record, Vec::new());
    }
    let start = match start_position(&parsed, &mut record) {
        Some(s) => s,
        None => {
            record.tags = Tags(parsed.tags);
            record.lang = "en".into();
            finish(&mut record, raw.line);
            return (record, Vec::new());
        }
    };
    record.start = Some(start.0.clone());
    let game = Game {
        text: &text,
        parsed: &parsed,
        at: Locator::new(&text, raw.line.max(1)),
        start: start.0,
        mode: start.1,
        policy: opts.illegal,
        strict_notation: opts.strict_notation,
        from_fen: parsed.tag("FEN").is_some(),
        plain: PLAIN_PATH.with(std::cell::Cell::get),
        lang_given: matches!(opts.lang, LangChoice::Fixed(_)),
    };
    let (lang, candidates) = match opts.lang {
        LangChoice::Fixed(l) => (l, Vec::new()),
        LangChoice::Auto => detect_language(&game),
    };
    let mut outcome = game.replay(lang, true);
    if outcome.findings.iter().any(|f| f.kind.is_move_error()) {
        // Suggestions are worth their cost only where something is wrong.
        std::mem::replace(&mut outcome, game.replay_with_suggestions(lang)).recycle();
    }
    record.lang = lang.code.clone();
    record.lang_candidates = candidates;
    record.plies = outcome.plies;
    // Appended straight to a string: through `Display` each character is a formatter call.
    record.final_fen = String::with_capacity(96);
    render::append_fen(&outcome.final_pos, &mut record.final_fen);
    record.result = outcome.result;
    record.irregular_from_ply = outcome.irregular_from;
    record.findings.append(&mut outcome.findings);
    record.mainline = std::mem::take(&mut outcome.mainline);
    // The mainline's moves leave the null moves out: where none is missing, none is looked
    // for ply by ply.
    if record.mainline.len() != outcome.mainline_plies.len() {
        record.null_plies = (1u32..)
            .zip(&outcome.mainline_plies)
            .filter(|(_, p)| p.mv.is_none())
            .map(|(ply, _)| ply)
            .collect();
    }
    if record.variant == Variant::Chess960 {
        record.sp = laws::chess960::number_of(&game.start);
    }
    let draw_offers: Vec<u32> = record
        .findings
        .iter()
        .filter(|f| f.kind == Kind::DrawOffer && f.variation.is_none())
        .map(|f| f.ply)
        .collect();
    let facts = GameFacts {
        start: &game.start,
        plies: &outcome.mainline_plies,
        lang,
        result_tag: parsed.tag("Result"),
        result_token: record.result,
        termination_tag: parsed.tag("Termination"),
        stopped_early: !outcome.clean,
        draw_offers: &draw_offers,
    };
    let locate = |ply: u32| {
        outcome
            .mainline_at
            .get(ply.saturating_sub(1) as usize)
            .map_or((raw.line.max(1), 1), |&offset| game.locate(offset))
    };
    if opts.laws.enabled {
        let verdict = laws::adjudicate(&facts, &opts.laws, &locate);
        record.findings.extend(verdict.findings);
        record.termination = verdict.termination;
    }
    finish(&mut record, raw.line);
    outcome.recycle();
    let events = if want_events {
        let pass = walk::Pass {
            lang,
            notation: false,
            suggestions: false,
            events: true,
        };
        let (outcome, events) = game.run_with(pass);
        outcome.recycle();
        events
    } else {
        Vec::new()
    };
    record.tags = Tags(std::mem::take(&mut parsed.tags));
    crate::notation::movetext::recycle_tokens(std::mem::take(&mut parsed.tokens));
    (record, events)
}

fn finish(record: &mut GameRecord, line: u64) {
    crate::finding::cap_repeated(&mut record.findings);
    crate::finding::say_how_many_more(&mut record.findings);
    for f in &mut record.findings {
        if f.article.is_none() {
            f.article = Some(crate::finding::default_article(f.kind, f.reason));
        }
        if f.line == 0 {
            // Findings about the game as a whole point at its first line.
            f.line = line.max(1);
            f.column = 1;
        }
    }
    if record.final_fen.is_empty() {
        record.final_fen = record
            .tags
            .0
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
    }
    record.status = if record.has_errors() {
        Status::Error
    } else {
        Status::Ok
    };
}

/// Variations nested deeper than this are reported (no annotated game comes near it); they
/// are still read, without recursion.
pub const MAX_VARIATION_DEPTH: u32 = 255;
/// Comments longer than this are reported: only a damaged or hostile file has them.
pub const MAX_COMMENT_BYTES: usize = 1 << 20;

#[cfg(test)]
mod tests;
