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

pub mod render;
pub mod resolve;
pub mod suggest;

use serde::{Serialize, Serializer};
use shakmaty::{fen::Fen, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use crate::{
    finding::{Finding, Kind, Severity},
    laws::{self, GameFacts, LawsOptions, Termination},
    notation::{
        decode::decode_game,
        game::{parse_game, Locator, ParsedGame},
        languages::{alphabet, english, languages, Language},
        moves::{PromotionStyle, WrittenMove},
        movetext::{GameResult, Token, TokenKind},
        split::RawGame,
    },
};
use resolve::{explain, notation_issues, resolve, NotationIssue, Resolution};

/// What to do with an illegal move (the Laws differ by time control).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IllegalPolicy {
    /// Standard play: replay stops at the first illegal move.
    #[default]
    Stop,
    /// Rapid and blitz (Appendix A.4.2): an unclaimed illegal move that can be made
    /// physically stays on the board and the game goes on.
    Stands,
}

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

/// Tags in the order written, serialised as a JSON object.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tags(pub Vec<(String, String)>);

impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// One game's verdict: the record `scoresheet validate` writes.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Byte offset of the game's first character.
    pub offset: u64,
    /// 1-based line of the game's first non-blank character.
    pub line: u64,
    pub tags: Tags,
    /// The notation language: ISO 639-1 code, or `figurine`.
    pub lang: String,
    /// Other languages that read the game equally well.
    pub lang_candidates: Vec<String>,
    /// `standard` or `chess960`.
    pub variant: &'static str,
    /// Mainline plies replayed.
    pub plies: u32,
    /// FEN after the last replayed ply.
    pub final_fen: String,
    /// `ok`, or `error` when any finding has error severity.
    pub status: &'static str,
    /// The result written at the end of the movetext, if any.
    pub result: Option<&'static str>,
    /// With `--illegal stands`: the ply of the first illegal move left on the board; the
    /// rest of the replay rests on an irregular position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub irregular_from_ply: Option<u32>,
    /// The first point where the game ended by itself (checkmate, stalemate, dead position,
    /// fivefold, seventy-five moves); `null` while the game is alive at its last move.
    pub termination: Option<Termination>,
    /// The Chess960 starting position number (0–959), when the game starts from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sp: Option<u32>,
    pub findings: Vec<Finding>,
    /// Findings left out by `validate --only`/`--skip` (absent when none were).
    #[serde(skip_serializing_if = "crate::report::is_zero")]
    pub filtered_out: u32,
    /// With `--repair`: how many plies were read otherwise than written (absent without it,
    /// and for a game that replays as written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repaired: Option<u32>,
    /// The mainline moves replayed (not serialised).
    #[serde(skip)]
    pub mainline: Vec<Move>,
    /// The start position, when the game could be set up (not serialised).
    #[serde(skip)]
    pub start: Option<Chess>,
}

impl GameRecord {
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The replayed mainline in canonical SAN of `lang` (with `+`/`#`).
    pub fn mainline_san(&self, lang: &Language) -> Vec<String> {
        let Some(mut pos) = self.start.clone() else {
            return Vec::new();
        };
        self.mainline
            .iter()
            .map(|&m| {
                let s = render::san_in(&pos, m, lang);
                pos.play_unchecked(m);
                s
            })
            .collect()
    }
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
        lang: "en".into(),
        lang_candidates: Vec::new(),
        variant: "standard",
        plies: 0,
        final_fen: String::new(),
        status: "ok",
        result: None,
        irregular_from_ply: None,
        termination: None,
        sp: None,
        findings: Vec::new(),
        filtered_out: 0,
        repaired: None,
        mainline: Vec::new(),
        start: None,
    };
    report_control_characters(
        &left_out,
        &Locator::new(&text, raw.line.max(1)),
        &mut record,
    );
    if raw.dropped_bytes > 0 {
        record.findings.push(Finding::new(
            Kind::OversizedGame,
            0,
            format!(
                "the game is larger than {} MiB ({} bytes not read); it is not replayed",
                crate::notation::split::MAX_GAME_BYTES >> 20,
                raw.dropped_bytes
            ),
        ));
        record.tags = Tags(parsed.tags);
        finish(&mut record, raw.line);
        return (record, Vec::new());
    }
    let start = match start_position(&parsed, &mut record) {
        Some(s) => s,
        None => {
            record.tags = Tags(parsed.tags);
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
    };
    let (lang, candidates) = match opts.lang {
        LangChoice::Fixed(l) => (l, Vec::new()),
        LangChoice::Auto => detect_language(&game),
    };
    let mut outcome = game.replay(lang, true);
    if outcome.findings.iter().any(|f| f.kind.is_move_error()) {
        // Suggestions are worth their cost only where something is wrong.
        outcome = game.replay_with_suggestions(lang);
    }
    record.lang = lang.code.clone();
    record.lang_candidates = candidates;
    record.plies = outcome.plies;
    record.final_fen = Fen::from_position(&outcome.final_pos, EnPassantMode::Legal).to_string();
    record.result = outcome.result.map(GameResult::as_str);
    record.irregular_from_ply = outcome.irregular_from;
    record.findings.extend(outcome.findings);
    record.mainline = outcome.mainline;
    if record.variant == "chess960" {
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
    let events = if want_events {
        game.run_with(lang, false, false, true).1
    } else {
        Vec::new()
    };
    record.tags = Tags(std::mem::take(&mut parsed.tags));
    (record, events)
}

/// One `structure` warning for each run of control characters left out of the text.
fn report_control_characters(
    left_out: &[crate::notation::decode::ControlCharacter],
    at: &Locator,
    record: &mut GameRecord,
) {
    for run in left_out.chunk_by(|a, b| a.at == b.at) {
        let names: Vec<String> = run
            .iter()
            .map(|c| format!("U+{:04X}", u32::from(c.character)))
            .collect();
        let mut f = Finding::new(
            Kind::Structure,
            0,
            format!(
                "{} ({}) in the text, which no one writes (the file is damaged): left out",
                if run.len() == 1 {
                    "a control character"
                } else {
                    "control characters"
                },
                names.join(" ")
            ),
        );
        f.reason = Some("control_character");
        (f.line, f.column) = at.locate(run[0].at);
        record.findings.push(f);
    }
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
    record.status = if record.has_errors() { "error" } else { "ok" };
}

fn is_chess960(variant: &str) -> Option<bool> {
    let v: String = variant
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase();
    match v.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" => Some(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "dfrc"
        | "fischerrandomchess" | "freestyle" => Some(true),
        _ => None,
    }
}

/// The start position from `[FEN]`/`[SetUp]`/`[Variant]`, or a finding saying why there is none.
fn start_position(parsed: &ParsedGame, record: &mut GameRecord) -> Option<(Chess, CastlingMode)> {
    let variant = parsed.tag("Variant").unwrap_or("");
    let Some(chess960) = is_chess960(variant) else {
        record.findings.push(Finding::new(
            Kind::UnsupportedVariant,
            0,
            format!("the variant `{variant}` is not standard chess or Chess960; the game is not replayed"),
        ));
        return None;
    };
    if chess960 {
        record.variant = "chess960";
    }
    let Some(fen_text) = parsed.tag("FEN") else {
        return Some((
            Chess::default(),
            if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            },
        ));
    };
    let fen = match Fen::from_ascii(fen_text.trim().as_bytes()) {
        Ok(f) => f,
        Err(e) => {
            record.findings.push(Finding::new(
                Kind::InvalidFen,
                0,
                format!("the FEN tag cannot be read: {e}"),
            ));
            return None;
        }
    };
    let setup = fen.into_setup();
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&setup)
    };
    if mode == CastlingMode::Chess960 {
        record.variant = "chess960";
    }
    match laws::position::lenient(setup, mode) {
        Ok((pos, notes)) => {
            if !notes.is_empty() {
                let mut f = Finding::new(
                    Kind::Structure,
                    0,
                    format!("the FEN is irregular: {}", notes.join("; ")),
                );
                f.reason = Some("fen_cleaned");
                record.findings.push(f);
            }
            Some((pos, mode))
        }
        Err(e) => {
            record.findings.push(Finding::new(
                Kind::InvalidFen,
                0,
                format!("the FEN tag is not a legal position: {e}"),
            ));
            None
        }
    }
}

/// The languages named by the scoresheet header words of the game's tag section (`Bianco:`,
/// `Nero:` → Italian): those named by the most header lines.
fn header_evidence(game: &Game) -> Vec<&'static str> {
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
fn majority_languages(game: &Game, headers: &[&str]) -> Option<Vec<&'static Language>> {
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
fn detect_language(game: &Game) -> (&'static Language, Vec<String>) {
    let used = game.parsed.letters_used;
    if used == 0 {
        return (english(), Vec::new());
    }
    let mut covering: Vec<&'static Language> = languages()
        .iter()
        .filter(|l| l.mask & used == used)
        .collect();
    if let [only] = covering[..] {
        return (only, Vec::new());
    }
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
    type Score = (u32, bool, bool, u32);
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
                    !matches!(f.reason, Some("no_such_piece" | "unknown_piece_letter"))
                });
            ((o.plies, o.clean, near_miss, u32::MAX - errors), langs)
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

struct Game<'a> {
    text: &'a str,
    parsed: &'a ParsedGame,
    at: Locator<'a>,
    start: Chess,
    mode: CastlingMode,
    policy: IllegalPolicy,
    strict_notation: bool,
    /// The game starts from a `[FEN]`, whose move number is often not the one written.
    from_fen: bool,
}

/// The game as read, move by move, for export: every move resolved (with the position it
/// was played from), comments, NAGs, variations, draw offers, the result, and where a line
/// could not be replayed.
#[derive(Debug, Clone)]
pub enum GameEvent {
    Move {
        before: Chess,
        mv: Move,
        /// NAG of a glyph written on the move (`!` = 1 ... `?!` = 6), 0 when none.
        glyph: u8,
    },
    /// A comment's text, without its braces (or its `;`).
    Comment(String),
    Nag(u8),
    VariationStart,
    VariationEnd,
    DrawOffer,
    /// A `%` escape line.
    Escape(String),
    Result(GameResult),
    /// The line could not be replayed from here: the byte range of the rest of its text.
    Stop {
        start: usize,
        end: usize,
        message: String,
    },
}

/// What a replay gathers.
struct Acc {
    findings: Vec<Finding>,
    /// Bad moves met so far, for [`Ranking`].
    ranked: u32,
    irregular_from: Option<u32>,
    mainline: Vec<Move>,
    /// Every mainline ply (null moves too) with the position after it.
    plies: Vec<laws::Ply>,
    mainline_at: Vec<usize>,
    events: Option<Vec<GameEvent>>,
}

/// The most bad moves of one game (each stops its line, so there is one per variation at
/// most) whose suggestions are ranked by replaying the rest of the line after each of them;
/// later ones on the mainline are ranked by their text alone, later ones in variations get
/// none (only the first ten of a kind are listed: see [`crate::finding::MAX_REPEATED`]).
/// Without it a file of many broken variations took time quadratic in its length.
const MAX_RANKED_BAD_MOVES: u32 = 32;

/// How the suggestions for a bad move are ranked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ranking {
    /// By how far the rest of the line replays after each, then by text.
    ByRest,
    /// By text alone.
    ByText,
    /// No suggestions.
    Unsuggested,
}

impl Acc {
    /// How to rank the suggestions for the next bad move, on a line at `depth`.
    fn ranking(&mut self, depth: u32) -> Ranking {
        self.ranked += 1;
        if self.ranked <= MAX_RANKED_BAD_MOVES {
            Ranking::ByRest
        } else if depth == 0 {
            Ranking::ByText
        } else {
            Ranking::Unsuggested
        }
    }

    /// Hand out an event when events are collected (`event` is only built then).
    fn emit(&mut self, line: &Line, event: impl FnOnce() -> GameEvent) {
        if let Some(events) = self.events.as_mut() {
            if !line.dead && !line.silent {
                events.push(event());
            }
        }
    }

    /// Replay of `line` stops at `offset`.
    fn stop(&mut self, line: &mut Line, offset: usize, message: &str) {
        if let Some(events) = self.events.as_mut() {
            if !line.dead && !line.silent {
                line.stop_event = Some(events.len());
                events.push(GameEvent::Stop {
                    start: offset,
                    end: offset,
                    message: message.to_string(),
                });
            }
        }
        line.dead = true;
    }

    /// A line ends at `end`: its `Stop`, if any, covers the text up to there.
    fn close(&mut self, line: &Line, end: usize) {
        if let (Some(events), Some(i)) = (self.events.as_mut(), line.stop_event) {
            if let Some(GameEvent::Stop { end: e, .. }) = events.get_mut(i) {
                *e = end;
            }
        }
    }
}

/// One line of play being replayed: the mainline or a variation.
struct Line {
    pos: Chess,
    /// The position before the last move played on this line.
    before: Option<Chess>,
    ply: u32,
    /// Replay of this line stopped at an error.
    dead: bool,
    /// Move tokens seen on this line since it stopped.
    moves_since_dead: u32,
    last_move: Option<Move>,
    depth: u32,
    /// A variation of a line that had already stopped: nothing of it is exported.
    silent: bool,
    /// Index of this line's `Stop` event.
    stop_event: Option<usize>,
    /// The number of the last move played on this line, and of the one before it.
    numbering: Option<Label>,
    numbering_before: Option<Label>,
    /// Where the last move played on this line is written.
    last_at: Option<At>,
    /// A move number written and not yet followed by its move.
    pending_number: Option<WrittenNumber>,
    /// A numbering slip that says a move may be missing, for the explanation of an error
    /// soon after it: the last ply it concerns, and the words.
    missing_note: Option<(u32, String)>,
}

impl Line {
    fn new(pos: Chess, ply: u32, dead: bool, depth: u32, silent: bool) -> Line {
        Line {
            pos,
            before: None,
            ply,
            dead,
            moves_since_dead: 0,
            last_move: None,
            depth,
            silent,
            stop_event: None,
            numbering: None,
            numbering_before: None,
            last_at: None,
            pending_number: None,
            missing_note: None,
        }
    }

    /// The number the next move should have: one on from the number of the move before it
    /// (as written), or from the position for a line's first move.
    fn expected_number(&self) -> u32 {
        let side = self.pos.turn();
        match self.numbering {
            Some(l) if l.side != side => match side {
                Color::Black => l.number,
                Color::White => l.number.saturating_add(1),
            },
            _ => self.pos.fullmoves().get(),
        }
    }

    /// The number of the next move as the writer numbered it: the number written right
    /// before it, else the one that follows from the numbers before it.
    fn next_label(&self) -> Label {
        let side = self.pos.turn();
        match self.pending_number {
            Some(n) => Label {
                number: n.number,
                // `1. ... e5`: the dots written apart are not in the number's token.
                dots: n.black || (side == Color::Black && n.number == self.expected_number()),
                side,
            },
            None => Label {
                number: self.expected_number(),
                dots: side == Color::Black,
                side,
            },
        }
    }

    /// A move was played on this line with number `label`, written at `at`.
    fn advance(&mut self, label: Label, at: At) {
        self.numbering_before = self.numbering.replace(label);
        self.last_at = Some(at);
    }

    /// The words of a numbering slip for an error at `ply`, if the slip was just before it.
    fn take_missing_note(&mut self, ply: u32) -> Option<String> {
        self.missing_note
            .take()
            .filter(|(until, _)| ply <= *until)
            .map(|(_, note)| note)
    }
}

/// A move's number as the writer numbered it (`12.` or `12...`), and the side that moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Label {
    number: u32,
    /// Written with `...`.
    dots: bool,
    side: Color,
}

impl Label {
    fn with(self, text: &str) -> String {
        if self.dots {
            format!("{}...{text}", self.number)
        } else {
            format!("{}.{text}", self.number)
        }
    }
}

/// A move number token as written.
#[derive(Clone, Copy)]
struct WrittenNumber {
    number: u32,
    black: bool,
    start: usize,
    end: usize,
}

/// How many plies after a numbering slip an error is explained by it (a move missing shows
/// within a move or two).
const MISSING_NOTE_PLIES: u32 = 4;

/// A written move number that does not follow from the numbers before it (Art. 8.1.1: moves
/// are recorded "move after move"): `written` is the number as written (`3.`), `number` and
/// `black` what it says, `expected` the number the move should have, `side` who moves.
/// Returns the reason, the message, and, where a move may be missing, the words for the
/// explanation of an error right after it.
fn numbering_slip(
    written: &str,
    number: u32,
    black: bool,
    expected: u32,
    side: Color,
) -> Option<(&'static str, String, Option<String>)> {
    let who = resolve::color_name(side);
    let missing = || {
        Some((
            "missing_move",
            format!(
                "`{written}` is written where {who}'s move {expected} belongs: {who}'s move {expected} is missing, or the number is wrong"
            ),
            Some(format!(
                "`{written}` is written where {who}'s move {expected} belongs: a move seems to be missing"
            )),
        ))
    };
    match side {
        Color::Black if number == expected => return None,
        Color::Black if number == expected.saturating_add(1) && !black => return missing(),
        Color::White if number == expected && !black => return None,
        Color::White if number == expected => return missing(),
        _ => {}
    }
    // The numbers left out: `2.` then `4.` leaves out 3.
    let skipped = |from: u32, to: u32| {
        if to == from + 1 {
            format!("no move is numbered {from}")
        } else {
            format!("no moves are numbered {from} to {}", to - 1)
        }
    };
    if number > expected {
        Some((
            "skipped",
            format!(
                "`{written}` is written where {who}'s move {expected} belongs: {}",
                skipped(expected, number)
            ),
            Some(format!(
                "{}: moves seem to be missing",
                skipped(expected, number)
            )),
        ))
    } else if side == Color::White && number.saturating_add(1) == expected {
        Some((
            "repeated",
            format!("`{written}` is written again where {who}'s move {expected} belongs: the number is repeated"),
            None,
        ))
    } else {
        Some((
            "out_of_order",
            format!(
                "`{written}` is written where {who}'s move {expected} belongs: the numbering goes back"
            ),
            None,
        ))
    }
}

struct Outcome {
    plies: u32,
    /// No error on the mainline.
    clean: bool,
    final_pos: Chess,
    findings: Vec<Finding>,
    irregular_from: Option<u32>,
    result: Option<GameResult>,
    mainline: Vec<Move>,
    mainline_plies: Vec<laws::Ply>,
    /// Byte offset of each mainline ply's text.
    mainline_at: Vec<usize>,
}

/// Variations nested deeper than this are reported (no annotated game comes near it); they
/// are still read, without recursion.
pub const MAX_VARIATION_DEPTH: u32 = 255;
/// Comments longer than this are reported: only a damaged or hostile file has them.
pub const MAX_COMMENT_BYTES: usize = 1 << 20;

/// Where a move is: its token, and which move of the token's reading.
#[derive(Clone, Copy)]
struct At {
    token: usize,
    /// Byte offset of the move's text in the game text.
    offset: usize,
    len: usize,
}

impl<'a> Game<'a> {
    fn replay(&self, lang: &'static Language, notation: bool) -> Outcome {
        self.run(lang, notation, false)
    }

    fn replay_with_suggestions(&self, lang: &'static Language) -> Outcome {
        self.run(lang, true, true)
    }

    fn written_text(&self, at: At) -> &str {
        self.text.get(at.offset..at.offset + at.len).unwrap_or("")
    }

    fn locate(&self, offset: usize) -> (u64, u64) {
        self.at.locate(offset)
    }

    fn finding(
        &self,
        kind: Kind,
        ply: u32,
        at_offset: usize,
        message: String,
        line: &Line,
    ) -> Finding {
        let mut f = Finding::new(kind, ply, message);
        let (l, c) = self.locate(at_offset);
        f.line = l;
        f.column = c;
        if line.depth > 0 {
            f.variation = Some(line.depth);
        }
        f
    }

    /// A `structure` finding (warning severity) with its reason.
    fn structure(&self, line: &Line, at: usize, reason: &'static str, message: String) -> Finding {
        let mut f = self.finding(Kind::Structure, line.ply, at, message, line);
        f.reason = Some(reason);
        f
    }

    /// A comment token as an event: its text without braces (or `;`).
    fn comment_event(&self, token: &Token) -> GameEvent {
        let raw = self.text.get(token.start..token.end).unwrap_or("");
        let body = raw
            .strip_prefix('{')
            .map(|b| b.strip_suffix('}').unwrap_or(b))
            .or_else(|| raw.strip_prefix(';'))
            .unwrap_or(raw);
        GameEvent::Comment(body.trim().to_string())
    }

    /// The core loop over the movetext tokens.
    fn run(&self, lang: &'static Language, notation: bool, suggestions: bool) -> Outcome {
        self.run_with(lang, notation, suggestions, false).0
    }

    /// The core loop over the movetext tokens; with `events`, also the game as a sequence of
    /// resolved events (for export).
    fn run_with(
        &self,
        lang: &'static Language,
        notation: bool,
        suggestions: bool,
        events: bool,
    ) -> (Outcome, Vec<GameEvent>) {
        let tokens = &self.parsed.tokens;
        let mut stack: Vec<Line> = vec![Line::new(self.start.clone(), 0, false, 0, false)];
        // Room for the mainline's plies at once (fewer than the tokens, which also hold move
        // numbers; capped for games that are mostly variations).
        let room = tokens.len().min(1024);
        let mut acc = Acc {
            findings: Vec::new(),
            irregular_from: None,
            mainline: Vec::with_capacity(room),
            plies: Vec::with_capacity(room),
            mainline_at: Vec::with_capacity(room),
            events: events.then(Vec::new),
            ranked: 0,
        };
        let mut result = None;
        let mut result_at = None;
        let mut consumed_promotion = usize::MAX;
        let mut consumed_mark = usize::MAX;
        let mut i = 0;
        let mut cap_at = 4 * crate::finding::MAX_REPEATED;
        while i < tokens.len() {
            if acc.findings.len() >= cap_at {
                // Memory stays in proportion to what is listed, however many findings repeat.
                crate::finding::cap_repeated(&mut acc.findings);
                cap_at = cap_at.max(2 * acc.findings.len());
            }
            let token = &tokens[i];
            match &token.kind {
                TokenKind::Move(w) => {
                    let mut w = *w;
                    if w.promotion.is_none() {
                        if let Some(Token {
                            kind: TokenKind::PromotionLetter(l),
                            ..
                        }) = tokens.get(i + 1)
                        {
                            w.promotion = Some(*l);
                            w.promotion_style = PromotionStyle::Spaced;
                            consumed_promotion = i + 1;
                        }
                    }
                    if let Some(Token {
                        kind: TokenKind::EnPassantMark,
                        ..
                    }) = tokens.get(i + 1)
                    {
                        // `exd6 e.p.`: the mark apart is the move's mark.
                        w.en_passant_mark = true;
                        consumed_mark = i + 1;
                    }
                    let at = At {
                        token: i,
                        offset: token.start,
                        len: token.end - token.start,
                    };
                    let line = stack.last_mut().expect("the mainline is never popped");
                    self.play_written(line, &w, at, &[], lang, notation, suggestions, &mut acc);
                }
                TokenKind::Run(readings) => {
                    let line = stack.last_mut().expect("the mainline is never popped");
                    let reading = if line.dead {
                        &readings[0]
                    } else {
                        self.choose_reading(&line.pos, readings, lang)
                    };
                    let mut offset = token.start;
                    for (k, w) in reading.iter().enumerate() {
                        let at = At {
                            token: i,
                            offset,
                            len: usize::from(w.len),
                        };
                        offset += usize::from(w.len);
                        let line = stack.last_mut().expect("the mainline is never popped");
                        self.play_written(
                            line,
                            w,
                            at,
                            &reading[k + 1..],
                            lang,
                            notation,
                            suggestions,
                            &mut acc,
                        );
                    }
                }
                TokenKind::PromotionLetter(_) if consumed_promotion == i => {}
                TokenKind::Unreadable | TokenKind::PromotionLetter(_)
                    if result.is_some() && stack.len() == 1 =>
                {
                    // Junk after the game's result (a NUL, a stray word) spoils no move.
                    if notation {
                        let text = self.text.get(token.start..token.end).unwrap_or("");
                        let line = &stack[0];
                        let mut f = self.finding(
                            Kind::Structure,
                            line.ply,
                            token.start,
                            format!(
                                "`{}` after the result is not part of the game",
                                clip(text).escape_debug()
                            ),
                            line,
                        );
                        f.reason = Some("text_after_result");
                        acc.findings.push(f);
                    }
                }
                TokenKind::Unreadable | TokenKind::PromotionLetter(_) => {
                    let line = stack.last_mut().expect("the mainline is never popped");
                    if !line.dead {
                        let text = self.text.get(token.start..token.end).unwrap_or("");
                        let mut f = self.finding(
                            Kind::UnreadableMove,
                            line.ply + 1,
                            token.start,
                            format!(
                                "`{}` is not a move in any notation this tool reads",
                                clip(text).escape_debug()
                            ),
                            line,
                        );
                        f.move_text = Some(line.next_label().with(clip(text)));
                        line.pending_number = None;
                        if let Some(note) = line.take_missing_note(line.ply + 1) {
                            f.message.push_str("; ");
                            f.message.push_str(&note);
                        }
                        acc.stop(line, token.start, &f.message);
                        acc.findings.push(f);
                    } else {
                        line.moves_since_dead += 1;
                    }
                }
                TokenKind::EnPassantMark if consumed_mark == i => {}
                TokenKind::EnPassantMark => {
                    let line = stack.last_mut().expect("the mainline is never popped");
                    if notation
                        && self.strict_notation
                        && !line.dead
                        && !matches!(line.last_move, Some(Move::EnPassant { .. }))
                    {
                        let mut f = self.finding(
                            Kind::Notation,
                            line.ply,
                            token.start,
                            "marked e.p. but the move is not an en passant capture".into(),
                            line,
                        );
                        f.reason = Some("en_passant_mark_on_other_move");
                        acc.findings.push(f);
                    }
                }
                TokenKind::DrawOffer => {
                    let line = stack.last_mut().expect("the mainline is never popped");
                    acc.emit(line, || GameEvent::DrawOffer);
                    if notation && line.depth == 0 && !line.dead {
                        let side = match line.pos.turn() {
                            Color::White => "Black",
                            Color::Black => "White",
                        };
                        let mut f = self.finding(
                            Kind::DrawOffer,
                            line.ply,
                            token.start,
                            format!("{side} offered a draw with this move"),
                            line,
                        );
                        f.article = Some("9.1.2.2");
                        f.side = Some(if side == "White" { "white" } else { "black" });
                        // The offer is recorded with the move it was made with.
                        f.move_text = line
                            .numbering
                            .zip(line.last_at)
                            .map(|(label, at)| label.with(self.written_text(at)));
                        acc.findings.push(f);
                    }
                }
                TokenKind::VariationStart => {
                    let parent = stack.last().expect("the mainline is never popped");
                    let (pos, ply, dead) = if parent.dead {
                        if parent.moves_since_dead == 0 {
                            // The variation replaces the move that failed.
                            (parent.pos.clone(), parent.ply, false)
                        } else {
                            (parent.pos.clone(), parent.ply, true)
                        }
                    } else {
                        match &parent.before {
                            Some(b) => (b.clone(), parent.ply.saturating_sub(1), false),
                            None => (parent.pos.clone(), parent.ply, false),
                        }
                    };
                    let numbering = if parent.dead || parent.before.is_none() {
                        parent.numbering
                    } else {
                        parent.numbering_before
                    };
                    let depth = parent.depth + 1;
                    // A variation inside a line that has stopped is part of the unreplayed rest.
                    let silent = parent.silent || parent.dead || dead;
                    if !silent {
                        acc.emit(parent, || GameEvent::VariationStart);
                    }
                    if depth == MAX_VARIATION_DEPTH + 1 && notation {
                        let mut f = self.finding(
                            Kind::Structure,
                            parent.ply,
                            token.start,
                            format!("variations are nested more than {MAX_VARIATION_DEPTH} deep: the file is damaged or hostile"),
                            parent,
                        );
                        f.severity = Severity::Error;
                        f.reason = Some("variation_too_deep");
                        acc.findings.push(f);
                    }
                    let mut line = Line::new(pos, ply, dead, depth, silent);
                    line.numbering = numbering;
                    stack.push(line);
                }
                TokenKind::VariationEnd => {
                    if stack.len() > 1 {
                        let done = stack.pop().expect("more than the mainline");
                        acc.close(&done, token.start);
                        if !done.silent {
                            let parent = stack.last().expect("the mainline is never popped");
                            acc.emit(parent, || GameEvent::VariationEnd);
                        }
                    } else if notation {
                        let line = &stack[0];
                        let mut f = self.finding(
                            Kind::Structure,
                            line.ply,
                            token.start,
                            "a `)` closes a variation that was never opened".into(),
                            line,
                        );
                        f.reason = Some("unmatched_parenthesis");
                        acc.findings.push(f);
                    }
                }
                TokenKind::Comment | TokenKind::UnterminatedComment if notation => {
                    let line = stack.last().expect("the mainline is never popped");
                    let size = token.end - token.start;
                    if size > MAX_COMMENT_BYTES {
                        let mut f = self.structure(
                            line,
                            token.start,
                            "comment_too_long",
                            format!(
                                "a comment of {size} bytes (more than {} MiB): the file is damaged or hostile",
                                MAX_COMMENT_BYTES >> 20
                            ),
                        );
                        f.severity = Severity::Error;
                        acc.findings.push(f);
                    }
                    if token.kind == TokenKind::UnterminatedComment {
                        acc.findings.push(self.structure(
                            line,
                            token.start,
                            "unterminated_comment",
                            "a `{` comment is never closed: it runs to the end of the game".into(),
                        ));
                    }
                    if token.kind == TokenKind::Comment {
                        acc.emit(line, || self.comment_event(token));
                    }
                }
                TokenKind::UnterminatedComment => {}
                TokenKind::Result(r) => {
                    if stack.len() == 1 {
                        if result.is_none() {
                            result_at = Some(token.start);
                        }
                        result = Some(*r);
                    }
                }
                TokenKind::Comment => {
                    let line = stack.last().expect("the mainline is never popped");
                    acc.emit(line, || self.comment_event(token));
                }
                TokenKind::Nag(n) => {
                    let line = stack.last().expect("the mainline is never popped");
                    acc.emit(line, || GameEvent::Nag(*n));
                }
                TokenKind::Escape => {
                    let line = stack.last().expect("the mainline is never popped");
                    let raw = self.text.get(token.start..token.end).unwrap_or("");
                    acc.emit(line, || GameEvent::Escape(raw.trim_end().to_string()));
                }
                TokenKind::MoveNumber { number, black } => {
                    let line = stack.last_mut().expect("the mainline is never popped");
                    line.pending_number = Some(WrittenNumber {
                        number: *number,
                        black: *black,
                        start: token.start,
                        end: token.end,
                    });
                }
            }
            i += 1;
        }
        if stack.len() > 1 && notation {
            let line = &stack[0];
            let mut f = self.finding(
                Kind::Structure,
                line.ply,
                self.text.len(),
                format!("{} variation(s) are never closed", stack.len() - 1),
                line,
            );
            f.reason = Some("unclosed_variation");
            acc.findings.push(f);
        }
        let end = result_at.unwrap_or(self.text.len());
        for line in stack.iter().rev() {
            acc.close(line, end);
        }
        if let (Some(events), Some(r)) = (acc.events.as_mut(), result) {
            events.push(GameEvent::Result(r));
        }
        stack.truncate(1);
        let main = stack.pop().expect("the mainline is never popped");
        let clean = !acc
            .findings
            .iter()
            .any(|f| f.kind.is_move_error() && f.variation.is_none());
        let events = acc.events.take().unwrap_or_default();
        (
            Outcome {
                plies: main.ply,
                clean,
                final_pos: main.pos,
                findings: acc.findings,
                irregular_from: acc.irregular_from,
                result,
                mainline: acc.mainline,
                mainline_plies: acc.plies,
                mainline_at: acc.mainline_at,
            },
            events,
        )
    }

    /// Among the readings of a run-together word, the first that resolves whole; else the one
    /// that gets furthest.
    fn choose_reading<'r>(
        &self,
        pos: &Chess,
        readings: &'r [Vec<WrittenMove>],
        lang: &Language,
    ) -> &'r [WrittenMove] {
        let mut best = (0usize, 0usize);
        for (k, reading) in readings.iter().enumerate() {
            let mut p = pos.clone();
            let mut ok = 0;
            for w in reading {
                let m = match resolve(&p, w, lang) {
                    Resolution::Unique(m) => m,
                    Resolution::PromotionMissing(v) => v[0],
                    _ => break,
                };
                p.play_unchecked(m);
                ok += 1;
            }
            if ok == reading.len() {
                return reading;
            }
            if ok > best.1 {
                best = (k, ok);
            }
        }
        &readings[best.0]
    }

    /// Replay the rest of the mainline after `token` (the moves of `rest` first) from `pos`,
    /// silently: how many plies resolve, and whether the end is reached.
    fn continuation(
        &self,
        mut pos: Chess,
        token: usize,
        rest: &[WrittenMove],
        lang: &Language,
        depth: u32,
    ) -> (u32, bool) {
        const LIMIT: u32 = 400;
        let mut plies = 0;
        let step = |pos: &mut Chess, w: &WrittenMove| -> bool {
            let m = match resolve(pos, w, lang) {
                Resolution::Unique(m) => m,
                Resolution::PromotionMissing(v) => v[0],
                _ => return false,
            };
            pos.play_unchecked(m);
            true
        };
        for w in rest {
            if !step(&mut pos, w) {
                return (plies, false);
            }
            plies += 1;
        }
        let mut level = 0u32;
        for t in &self.parsed.tokens[token + 1..] {
            if plies >= LIMIT {
                return (plies, true);
            }
            match &t.kind {
                TokenKind::VariationStart => level += 1,
                TokenKind::VariationEnd => {
                    if level == 0 {
                        // the end of the variation the move was in
                        if depth > 0 {
                            return (plies, true);
                        }
                    } else {
                        level -= 1;
                    }
                }
                _ if level > 0 => {}
                TokenKind::Move(w) => {
                    if !step(&mut pos, w) {
                        return (plies, false);
                    }
                    plies += 1;
                }
                TokenKind::Run(readings) => {
                    let reading = self.choose_reading(&pos, readings, lang);
                    for w in reading {
                        if !step(&mut pos, w) {
                            return (plies, false);
                        }
                        plies += 1;
                    }
                }
                TokenKind::Unreadable => return (plies, false),
                _ => {}
            }
        }
        (plies, true)
    }

    #[allow(clippy::too_many_arguments)]
    fn play_written(
        &self,
        line: &mut Line,
        w: &WrittenMove,
        at: At,
        rest: &[WrittenMove],
        lang: &'static Language,
        notation: bool,
        suggestions: bool,
        acc: &mut Acc,
    ) {
        if line.dead {
            line.moves_since_dead += 1;
            return;
        }
        let ply = line.ply + 1;
        let written = self.written_text(at);
        if let Some(n) = line.pending_number.as_mut() {
            // `2. ... Cc6`: the dots written apart say Black's move as much as `2...` does.
            n.black |= self.text.get(n.end..at.offset).is_some_and(|gap| {
                gap.contains(['.', '…'])
                    && gap
                        .chars()
                        .all(|c| c == '.' || c == '…' || c.is_whitespace())
            });
        }
        let numbered = line.next_label();
        let expected = line.expected_number();
        let written_number = line.pending_number.take();
        // The move as written, with its number, is only written out when a finding needs it.
        let label = || numbered.with(written);
        if let (true, 0, Some(n)) = (notation, line.depth, written_number) {
            // A [FEN]'s move number is often not the one the writer starts from.
            if line.numbering.is_some() || !self.from_fen {
                let text = self.text.get(n.start..n.end).unwrap_or("").trim();
                if let Some((reason, message, note)) =
                    numbering_slip(text, n.number, n.black, expected, numbered.side)
                {
                    let mut f = self.finding(Kind::MoveNumber, ply, n.start, message, line);
                    f.reason = Some(reason);
                    f.article = Some("8.1.1");
                    f.move_text = Some(label());
                    acc.findings.push(f);
                    line.missing_note = note.map(|note| (ply + MISSING_NOTE_PLIES, note));
                }
            }
        }
        let mut resolution = resolve(&line.pos, w, lang);
        if let Resolution::Unique(m) = resolution {
            if m.capture() == Some(shakmaty::Role::King) {
                // After an illegal move that stood, a king may be en prise: taking it is no move.
                resolution = Resolution::Illegal;
            }
        }
        let mut rest_after = |m: Move| {
            let mut p = line.pos.clone();
            p.play_unchecked(m);
            self.continuation(p, at.token, rest, lang, line.depth)
        };
        let mut by_text = |_: Move| (0, false);
        let chosen = match resolution {
            Resolution::Unique(m) => m,
            Resolution::PromotionMissing(options) => {
                // The unique survivor: the promotion after which the game goes on furthest.
                let mut best = (options[0], 0u32, false);
                if line.depth == 0 {
                    for &m in &options {
                        let (plies, complete) = rest_after(m);
                        if (complete, plies) > (best.2, best.1) {
                            best = (m, plies, complete);
                        }
                    }
                }
                if notation {
                    let piece = best
                        .0
                        .promotion()
                        .map(|r| lang.letter(r).to_string())
                        .unwrap_or_default();
                    let mut f = self.finding(
                        Kind::Notation,
                        ply,
                        at.offset,
                        format!("the promotion piece is not written; read as `{piece}`, the piece after which the game goes on"),
                        line,
                    );
                    f.reason = Some("promotion_piece_missing");
                    f.move_text = Some(label());
                    acc.findings.push(f);
                }
                best.0
            }
            Resolution::Null => {
                if line.pos.is_check() {
                    let mut f = self.finding(
                        Kind::IllegalMove,
                        ply,
                        at.offset,
                        "a null move cannot be made while in check".into(),
                        line,
                    );
                    f.move_text = Some(label());
                    f.reason = Some("null_move_in_check");
                    acc.stop(line, at.offset, &f.message);
                    acc.findings.push(f);
                    return;
                }
                match null_move(&line.pos, self.mode) {
                    Some(p) => {
                        if notation {
                            let mut f = self.finding(
                                Kind::NullMove,
                                ply,
                                at.offset,
                                "a null move (`--`) is not a move of chess; the side to move passes".into(),
                                line,
                            );
                            f.move_text = Some(label());
                            acc.findings.push(f);
                        }
                        line.before = Some(std::mem::replace(&mut line.pos, p));
                        line.ply = ply;
                        line.last_move = None;
                        line.advance(numbered, at);
                        if line.depth == 0 {
                            acc.plies.push(laws::Ply {
                                mv: None,
                                after: line.pos.clone(),
                            });
                            acc.mainline_at.push(at.offset);
                        }
                        return;
                    }
                    None => {
                        acc.stop(line, at.offset, "a null move cannot be made here");
                        return;
                    }
                }
            }
            Resolution::Ambiguous(candidates) => {
                let mut f = self.finding(
                    Kind::AmbiguousMove,
                    ply,
                    at.offset,
                    format!(
                        "`{written}` fits {} legal moves; the notation must say which piece moves",
                        candidates.len()
                    ),
                    line,
                );
                f.article = Some("C.10");
                f.move_text = Some(label());
                let rank = if suggestions {
                    acc.ranking(line.depth)
                } else {
                    Ranking::Unsuggested
                };
                f.suggestions = Some(if rank != Ranking::Unsuggested {
                    suggest::suggest(
                        &line.pos,
                        Some(&candidates),
                        written,
                        w,
                        lang,
                        self.mode,
                        if rank == Ranking::ByRest {
                            &mut rest_after
                        } else {
                            &mut by_text
                        },
                    )
                } else {
                    candidates
                        .iter()
                        .map(|&m| crate::finding::Suggestion {
                            san: render::san_in(&line.pos, m, lang),
                            uci: render::uci(m, self.mode),
                        })
                        .collect()
                });
                if let Some(note) = line.take_missing_note(ply) {
                    f.message.push_str("; ");
                    f.message.push_str(&note);
                }
                acc.stop(line, at.offset, &f.message);
                acc.findings.push(f);
                return;
            }
            Resolution::Illegal | Resolution::UnknownLetter => {
                let why = explain(&line.pos, w, lang);
                let mut f = self.finding(
                    Kind::IllegalMove,
                    ply,
                    at.offset,
                    format!("`{written}` is illegal: {}", why.message),
                    line,
                );
                f.reason = Some(why.reason);
                f.article = Some(match why.reason {
                    "leaves_king_in_check" => "3.9",
                    r if r.starts_with("castling") => "3.8.2",
                    "promotion_missing" | "promotion_wrong_rank" | "bad_promotion_piece" => "3.7.5",
                    _ => "3.1",
                });
                f.move_text = Some(label());
                let rank = if suggestions {
                    acc.ranking(line.depth)
                } else {
                    Ranking::Unsuggested
                };
                f.suggestions = Some(if rank != Ranking::Unsuggested {
                    suggest::suggest(
                        &line.pos,
                        None,
                        written,
                        w,
                        lang,
                        self.mode,
                        if rank == Ranking::ByRest {
                            &mut rest_after
                        } else {
                            &mut by_text
                        },
                    )
                } else {
                    Vec::new()
                });
                if let Some(note) = line.take_missing_note(ply) {
                    f.message.push_str("; ");
                    f.message.push_str(&note);
                }
                let stands = self.policy == IllegalPolicy::Stands && line.depth == 0;
                if let (true, Some(m)) = (stands, why.executable) {
                    if let Some(next) = play_irregular(&line.pos, m) {
                        f.stood = Some(true);
                        f.message.push_str(
                            "; it was not claimed, so it stands and the game goes on (Appendix A.4.2)",
                        );
                        acc.findings.push(f);
                        acc.irregular_from.get_or_insert(ply);
                        acc.emit(line, || GameEvent::Move {
                            before: line.pos.clone(),
                            mv: m,
                            glyph: w.glyph,
                        });
                        line.before = Some(std::mem::replace(&mut line.pos, next));
                        line.ply = ply;
                        line.last_move = Some(m);
                        line.advance(numbered, at);
                        acc.mainline.push(m);
                        acc.plies.push(laws::Ply {
                            mv: Some(m),
                            after: line.pos.clone(),
                        });
                        acc.mainline_at.push(at.offset);
                        return;
                    }
                }
                acc.stop(line, at.offset, &f.message);
                acc.findings.push(f);
                return;
            }
        };
        let mut next = line.pos.clone();
        next.play_unchecked(chosen);
        if notation {
            // Whether the move mates is asked only where a mark is to be judged: with
            // --strict-notation, on a move marked or giving check.
            let mate = self.strict_notation
                && (w.check != crate::notation::moves::CheckMark::None || next.is_check())
                && next.is_checkmate();
            let mut issues: Vec<NotationIssue> = Vec::new();
            notation_issues(
                &line.pos,
                chosen,
                w,
                &next,
                mate,
                self.strict_notation,
                &mut issues,
            );
            for issue in issues {
                let mut f = self.finding(Kind::Notation, ply, at.offset, issue.message, line);
                f.reason = Some(issue.reason);
                f.move_text = Some(label());
                acc.findings.push(f);
            }
        }
        acc.emit(line, || GameEvent::Move {
            before: line.pos.clone(),
            mv: chosen,
            glyph: w.glyph,
        });
        line.before = Some(std::mem::replace(&mut line.pos, next));
        line.ply = ply;
        line.last_move = Some(chosen);
        line.advance(numbered, at);
        if line.depth == 0 {
            acc.mainline.push(chosen);
            acc.plies.push(laws::Ply {
                mv: Some(chosen),
                after: line.pos.clone(),
            });
            acc.mainline_at.push(at.offset);
        }
    }
}

/// The side to move passes: the turn changes, the counters advance as after a move (as
/// python-chess counts them), no en passant capture remains.
pub fn null_move(pos: &Chess, mode: CastlingMode) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    Chess::from_setup(setup, mode).ok()
}

/// Play a physically possible but illegal move. The position after it may leave a king in
/// check with the other side to move; replay goes on from it, but never lets a king be
/// captured (see [`Game::play_written`]).
fn play_irregular(pos: &Chess, m: Move) -> Option<Chess> {
    if m.capture() == Some(shakmaty::Role::King) {
        return None;
    }
    let mut next = pos.clone();
    next.play_unchecked(m);
    Some(next)
}

fn clip(s: &str) -> &str {
    match s.char_indices().nth(40) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::languages::by_code;

    fn run(text: &str) -> GameRecord {
        validate_text(text, &Options::default())
    }

    #[test]
    fn english_game_replays() {
        let r = run("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0");
        assert_eq!(r.lang, "en");
        assert_eq!(r.plies, 6);
        assert_eq!(r.result, Some("1-0"));
        assert_eq!(r.status, "ok");
    }

    #[test]
    fn italian_and_spanish_share_letters() {
        let r = run("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 7. Ab3 d6 8. c3 O-O 9. h3 Ca5 10. Ac2 c5 11. d4 Dc7 *");
        assert_eq!(r.lang, "it");
        assert!(r.lang_candidates.contains(&"es".to_string()));
        assert_eq!(r.plies, 22);
    }

    #[test]
    fn italian_king_is_not_an_english_rook() {
        let r = run("1. e4 e5 2. Re2 Re7 *");
        assert_eq!(r.lang, "it");
        assert_eq!(r.status, "ok");
    }

    #[test]
    fn compact_scoresheet() {
        let r = run("1.e4e52.Cf3Cc63.Ab5a64.Aa4Cf65.0-0Ae7");
        assert_eq!(r.plies, 10, "{:?}", r.findings);
        assert_eq!(r.lang, "it");
    }

    #[test]
    fn illegal_move_with_suggestion() {
        let r = run("1. e4 e5 2. Ng3 Nc6 3. Bb5 *");
        assert_eq!(r.status, "error");
        let f = &r.findings[0];
        assert_eq!(f.kind, Kind::IllegalMove);
        assert_eq!(f.ply, 3);
        assert_eq!(f.move_text.as_deref(), Some("2.Ng3"));
        assert_eq!(f.suggestions.as_ref().unwrap()[0].san, "Nf3");
        assert_eq!(r.plies, 2);
    }

    #[test]
    fn ambiguous_move() {
        let r = run("1. Nf3 d5 2. d3 e5 3. Nd2 *");
        let f = &r.findings[0];
        assert_eq!(f.kind, Kind::AmbiguousMove);
        assert_eq!(f.suggestions.as_ref().unwrap().len(), 2);
    }

    #[test]
    fn variations_are_checked_from_their_branch_point() {
        let r = run("1. e4 e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 (2. Qh5 Nc6 3. Qxf7) *");
        assert_eq!(r.status, "ok", "{:?}", r.findings);
        let r = run("1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *");
        assert_eq!(r.findings[0].variation, Some(1));
        assert_eq!(r.plies, 3);
    }

    #[test]
    fn illegal_stands_in_blitz() {
        let text = "[FEN \"4k3/4r3/8/8/4K3/8/8/8 w - - 0 1\"]\n\n1. Ke3 Kd8 *";
        let strict = run(text);
        assert_eq!(strict.plies, 0);
        let opts = Options {
            illegal: IllegalPolicy::Stands,
            ..Options::default()
        };
        let r = validate_text(text, &opts);
        assert_eq!(r.findings[0].stood, Some(true));
        assert_eq!(r.irregular_from_ply, Some(1));
    }

    #[test]
    fn forced_language() {
        let opts = Options {
            lang: LangChoice::Fixed(by_code("en").unwrap()),
            ..Options::default()
        };
        let r = validate_text("1. e4 e5 2. Cf3 *", &opts);
        assert_eq!(r.findings[0].reason, Some("unknown_piece_letter"));
        assert_eq!(r.findings[0].suggestions.as_ref().unwrap()[0].san, "Nf3");
    }

    #[test]
    fn promotion_without_piece_reads_the_survivor() {
        let text = "[FEN \"8/P7/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. a8 Kb2 2. Nb6 *";
        let r = run(text);
        assert_eq!(r.findings[0].reason, Some("promotion_piece_missing"));
        assert!(r.final_fen.starts_with("8/8/1N6"));
        // K+N v K: the promotion made a dead position (Art. 5.2.2)
        assert_eq!(r.termination.map(|t| t.ply), Some(1));
    }

    #[test]
    fn unreadable_is_reported_with_position() {
        let r = run("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 ##@@ *");
        let f = &r.findings[0];
        assert_eq!(f.kind, Kind::UnreadableMove);
        assert_eq!((f.line, f.column), (4, 8));
    }

    #[test]
    fn events_follow_the_game() {
        let raw = RawGame {
            bytes: b"1. e4 {open} e5 (1... c5 $1) 2. Nf3 (=) Nc6 3. Nd5 Nf6 1-0".to_vec(),
            line: 1,
            index: 1,
            ..RawGame::default()
        };
        let (record, events) = read_events(&raw, "", &Options::default());
        assert_eq!(record.plies, 4);
        let kinds: Vec<&str> = events
            .iter()
            .map(|e| match e {
                GameEvent::Move { .. } => "m",
                GameEvent::Comment(_) => "c",
                GameEvent::Nag(_) => "n",
                GameEvent::VariationStart => "(",
                GameEvent::VariationEnd => ")",
                GameEvent::DrawOffer => "=",
                GameEvent::Escape(_) => "%",
                GameEvent::Result(_) => "r",
                GameEvent::Stop { .. } => "stop",
            })
            .collect();
        assert_eq!(
            kinds,
            ["m", "c", "m", "(", "m", "n", ")", "m", "=", "m", "stop", "r"]
        );
        let stop = events
            .iter()
            .find_map(|e| match e {
                GameEvent::Stop { start, end, .. } => Some((*start, *end)),
                _ => None,
            })
            .unwrap();
        let text = std::str::from_utf8(&raw.bytes).unwrap();
        assert_eq!(text[stop.0..stop.1].trim(), "Nd5 Nf6");
    }

    fn reasons(r: &GameRecord, kind: Kind) -> Vec<&'static str> {
        r.findings
            .iter()
            .filter(|f| f.kind == kind)
            .filter_map(|f| f.reason)
            .collect()
    }

    /// Issue 15, item 7: written move numbers are evidence.
    #[test]
    fn a_number_where_black_moves_says_a_move_is_missing() {
        let r = run("1. e4 e5\n2. Cf3\n3. Ab5 a6\n");
        assert_eq!(reasons(&r, Kind::MoveNumber), ["missing_move"]);
        let number = &r.findings[0];
        assert_eq!(number.kind, Kind::MoveNumber);
        assert_eq!((number.ply, number.line, number.column), (4, 3, 1));
        assert_eq!(number.move_text.as_deref(), Some("3.Ab5"));
        let error = &r.findings[1];
        assert_eq!(error.kind, Kind::IllegalMove);
        // The move as written, with the number written.
        assert_eq!(error.move_text.as_deref(), Some("3.Ab5"));
        assert!(
            error.message.contains("a move seems to be missing"),
            "{}",
            error.message
        );
        // White's move written `2...` (or `2. ...`): White's move is missing.
        for text in ["1. e4 e5 2... Cc6 *", "1. e4 e5\n2. ... Cc6\n3. Ab5 a6 *"] {
            let r = run(text);
            assert_eq!(reasons(&r, Kind::MoveNumber), ["missing_move"], "{text}");
            assert!(r.findings[1].message.contains("a move seems to be missing"));
            assert_eq!(r.findings[1].move_text.as_deref(), Some("2...Cc6"));
        }
    }

    #[test]
    fn numbers_skipped_repeated_and_out_of_order() {
        let r = run("1. e4 e5\n2. Cf3 Cc6\n4. Ab5 a6\n5. Aa4 Cf6 *");
        assert_eq!(r.status, "ok");
        assert_eq!(reasons(&r, Kind::MoveNumber), ["skipped"]);
        assert_eq!(r.findings[0].move_text.as_deref(), Some("4.Ab5"));
        assert_eq!(r.findings[0].severity, Severity::Warning);
        assert_eq!(r.findings[0].article, Some("8.1.1"));
        let r = run("1. e4 e5 2. Nf3 Nc6 2. Bb5 a6 3. Ba4 *");
        assert_eq!(reasons(&r, Kind::MoveNumber), ["repeated"]);
        let r = run("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 2. O-O *");
        assert_eq!(reasons(&r, Kind::MoveNumber), ["out_of_order"]);
        // A wrong number after a move left unnumbered is counted from the moves before it.
        let r = run("1. e4 e5 Nf3 Nc6 4. Bb5 *");
        assert_eq!(reasons(&r, Kind::MoveNumber), ["skipped"]);
    }

    #[test]
    fn regular_numbering_is_no_finding() {
        for text in [
            // Black's move after a comment, and the dots written apart
            "1. e4 {open} 1... e5 2. Nf3 {x} 2. ... Nc6 3. Bb5 a6 *",
            // variations numbered from their branch point, the mainline goes on after them
            "1. e4 e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 (2. Bc4 Nc6) 2... Nc6 *",
            // numbers only here and there; compact scoresheets
            "e4 e5 Nf3 Nc6 3. Bb5 *",
            "1.e4e52.Cf3Cc63.Ab5a6",
            // a [FEN]'s counters are often not those written: its first number is the writer's
            "[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n\n23... Kd7 24. Ra7+ Kc6 25. Ra6+ *",
            "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1... Ra7 Kd8 *",
        ] {
            let r = run(text);
            assert_eq!(reasons(&r, Kind::MoveNumber), Vec::<&str>::new(), "{text}");
        }
        // Moves are labelled with the numbers written.
        let r = run("[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n\n23... Kd7 24. Ra7+ Kc6 25. Rb8 *");
        assert_eq!(r.findings[0].move_text.as_deref(), Some("25.Rb8"));
        let r = run("1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. Kxe5 *");
        assert_eq!(r.findings[0].move_text.as_deref(), Some("4.Kxe5"));
    }

    /// Issue 15, item 8: one foreign letter is a slip in the game's language.
    #[test]
    fn one_foreign_letter_does_not_flip_the_language() {
        let text = "Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5\n2. Nf3 Cc6\n3. Ab5 a6\n4. Aa4 Cf6\n5. O-O Ae7 1-0\n";
        let r = run(text);
        assert_eq!(r.lang, "it");
        let f = &r.findings[0];
        assert_eq!(f.kind, Kind::IllegalMove);
        assert_eq!(f.move_text.as_deref(), Some("2.Nf3"));
        assert_eq!(f.suggestions.as_ref().unwrap()[0].san, "Cf3");
        let r = run("1. e4 e5 2. Cf3 Cc6 3. Bb5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 *");
        assert_eq!(r.lang, "it");
        let f = &r.findings[0];
        assert_eq!(f.move_text.as_deref(), Some("3.Bb5"));
        assert_eq!(f.suggestions.as_ref().unwrap()[0].san, "Ab5");
        // As many letters of each: the header words decide.
        let r = run("Bianco: Rossi\nNero: Bianchi\n\n1. e4 e5 2. Cf3 Cc6 3. Bb5 a6 4. Aa4 *");
        assert_eq!(r.lang, "it");
        assert_eq!(r.findings[0].move_text.as_deref(), Some("3.Bb5"));
        // Header words put their language first among those that read the moves alike.
        let r = run("Blancas: Pérez\nNegras: López\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 *");
        assert_eq!(r.lang, "es");
        assert_eq!(r.lang_candidates, ["it"]);
    }

    /// Issue 15, item 9: the optional marks are judged only under strict notation.
    #[test]
    fn optional_marks_only_when_strict() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bc6 dc6 5. O-O f6 6. d4 ed4 7. Nd4 c5 8. Nb3 Qd1 9. Rd1+ *";
        let r = run(text);
        assert_eq!(reasons(&r, Kind::Notation), Vec::<&str>::new());
        let strict = Options {
            strict_notation: true,
            ..Options::default()
        };
        let r = validate_text(text, &strict);
        let got = reasons(&r, Kind::Notation);
        assert_eq!(
            got.iter().filter(|r| **r == "missing_capture_mark").count(),
            6
        );
        assert!(got.contains(&"wrong_check_mark"), "{got:?}");
        let r = validate_text("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 *", &strict);
        assert_eq!(reasons(&r, Kind::Notation), ["missing_mate_mark"]);
        let r = validate_text("1. e4 d5 2. exd5 e6 3. dxe6 fxe6 4. Qh5 *", &strict);
        assert_eq!(reasons(&r, Kind::Notation), ["missing_check_mark"]);
        let text = "1. e4 a6 2. e5 d5 3. exd6 e.p. *";
        assert_eq!(
            reasons(&validate_text(text, &strict), Kind::Notation),
            Vec::<&str>::new()
        );
        let r = validate_text("1. e4 a6 2. e5 d5 3. exd6 *", &strict);
        assert_eq!(reasons(&r, Kind::Notation), ["missing_en_passant_mark"]);
        let r = validate_text("1. e4 a6 2. e5 f6 3. exf6 e.p. *", &strict);
        assert_eq!(
            reasons(&r, Kind::Notation),
            ["en_passant_mark_on_other_move"]
        );
        assert_eq!(r.findings[0].move_text.as_deref(), Some("3.exf6"));
        assert!(reasons(&run("1. e4 a6 2. e5 f6 3. exf6 e.p. *"), Kind::Notation).is_empty());
    }

    /// Issue 15, item 10: each written result is held against the board.
    #[test]
    fn the_result_the_board_contradicts_is_named() {
        let r = run("[Result \"1-0\"]\n\n1. e4 e5 2. Ac4 Cc6 3. Df3 Cd4 4. Dxf7# 0-1\n");
        let messages: Vec<&str> = r
            .findings
            .iter()
            .filter(|f| f.kind == Kind::ResultMismatch)
            .map(|f| f.message.as_str())
            .collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(
            messages[0].ends_with("; the board agrees with the tag"),
            "{}",
            messages[0]
        );
        assert_eq!(
            messages[1],
            "the result written after the moves gives the win to Black but Black was checkmated at ply 7"
        );
        // A result written once is named where it is written.
        let r = run("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Dh4#\n");
        let f = r.findings.last().unwrap();
        assert_eq!(
            f.message,
            "the Result tag gives the win to White but White was checkmated at ply 4"
        );
        let r = run("1. f3 e5 2. g4 Dh4# 1/2-1/2\n");
        let f = r.findings.last().unwrap();
        assert_eq!(
            f.message,
            "the result written after the moves is a draw but ply 4 is checkmate"
        );
        let r = run("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Dh4# 0-1\n");
        let f = r
            .findings
            .iter()
            .filter(|f| f.kind == Kind::ResultMismatch)
            .nth(1)
            .unwrap();
        assert_eq!(
            f.message,
            "the Result tag gives the win to White but White was checkmated at ply 4"
        );
    }

    /// Issue 15, item 11: a draw offer is recorded with its move.
    #[test]
    fn draw_offers_name_their_move() {
        let r = run("1. e4 (=) e5 2. Cf3 Cc6 (=) 1/2-1/2");
        let offers: Vec<_> = r
            .findings
            .iter()
            .filter(|f| f.kind == Kind::DrawOffer)
            .map(|f| (f.ply, f.move_text.as_deref()))
            .collect();
        assert_eq!(offers, [(1, Some("1.e4")), (4, Some("2...Cc6"))]);
    }

    #[test]
    fn chess960_castling() {
        let text = "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/R5KR w HA - 0 1\"]\n\n1. O-O *";
        let r = run(text);
        assert_eq!(r.variant, "chess960");
        assert!(
            r.final_fen.starts_with("4k3/8/8/8/8/8/8/R4RK1"),
            "{}",
            r.final_fen
        );
    }
}
