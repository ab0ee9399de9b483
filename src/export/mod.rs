//! Writing games back out as PGN in export format (`scoresheet convert`): standard English
//! PGN from games written in any language and notation, or a language's own letters for
//! players to read.
//!
//! Every game is read with [`crate::replay::read_events`] and written from its resolved
//! events, so moves are always canonical (minimal disambiguation, `=Q` promotions, `+`/`#`
//! computed from the position) and nothing of what the writer recorded is lost: comments,
//! NAGs and glyphs (as NAGs), variations, draw offers, `%` escape lines, and, where a line
//! cannot be replayed, its unconverted rest in a comment.
//!
//! ```
//! use scoresheet::export::{convert_text, ConvertOptions};
//! let out = convert_text("Bianco: Rossi\nData: 22/11/2026\n\n1. e4 e5 2. Cf3 (=) Cc6 3. Ab5 1-0", &ConvertOptions::default());
//! assert!(out.complete);
//! assert_eq!(out.pgn, "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.11.22\"]\n[Round \"?\"]\n\
//! [White \"Rossi\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {(=)} 2... Nc6 3. Bb5 1-0\n");
//! ```

pub(crate) mod layout;
pub(crate) mod tags;

use shakmaty::{fen::Fen, CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use crate::{
    finding::{Kind, Severity},
    notation::{
        decode::decode,
        game::parse_game,
        languages::{english, Language},
        movetext::{GameResult, TokenKind},
        render::{lan_in, san_in, uci},
        split::RawGame,
        tags::{is_column_heads, scoresheet_header, tag_pairs},
    },
    replay::{read_events, GameEvent, GameRecord, IllegalPolicy, LangChoice, Options},
};
use layout::{Layout, MAX_LINE};

/// How moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Notation {
    /// Standard algebraic: `Nf3`, `exd5`, `e8=Q+`.
    #[default]
    San,
    /// Long algebraic: `Ng1-f3`, `e5xd6`, `e7-e8=Q+`, `O-O`.
    Lan,
    /// UCI coordinates: `g1f3`, `e7e8q`, castling as the king's move (Chess960: king takes rook).
    Uci,
}

/// What `convert` reads and writes.
#[derive(Debug, Clone, Copy)]
pub struct ConvertOptions {
    /// The language the games are written in (`Auto`: decided per game).
    pub from: LangChoice,
    /// The language of the piece letters written (English: standard PGN).
    pub to: &'static Language,
    pub notation: Notation,
}

impl Default for ConvertOptions {
    fn default() -> Self {
        ConvertOptions {
            from: LangChoice::Auto,
            to: english(),
            notation: Notation::San,
        }
    }
}

/// One game written out.
#[derive(Debug, Clone)]
pub struct Converted {
    /// The game in PGN export format, ending with a line break (games are separated by a
    /// blank line).
    pub pgn: String,
    /// Every move of every line was converted (no line stopped, the game could be set up).
    pub complete: bool,
    /// Why not, one entry per line that stopped (or why the game was not replayed).
    pub problems: Vec<String>,
    /// The game as `validate` sees it.
    pub record: GameRecord,
}

/// How the output language writes what is not a move.
struct Style {
    lang: &'static Language,
    notation: Notation,
    /// Standard PGN (English or UCI): a draw offer is the comment `{(=)}`, glyphs are NAGs,
    /// no `e.p.`.
    pgn: bool,
    /// `e.p.` after en passant captures (FIDE Laws, Appendix C.9.3): Italian output.
    ep_mark: bool,
    /// Black figurines for Black's moves.
    black_letters: Option<[(String, String); 5]>,
}

impl Style {
    fn new(opts: &ConvertOptions) -> Style {
        let pgn = opts.to.code == "en" || opts.notation == Notation::Uci;
        let black_letters = opts.to.is_figurine().then(|| {
            std::array::from_fn(|i| {
                let set = &opts.to.letters[i];
                (
                    set[0].clone(),
                    set.get(1).cloned().unwrap_or_else(|| set[0].clone()),
                )
            })
        });
        Style {
            lang: opts.to,
            notation: opts.notation,
            pgn,
            ep_mark: !pgn && opts.to.code == "it",
            black_letters,
        }
    }

    fn render(&self, before: &Chess, after: &Chess, mv: Move, mode: CastlingMode) -> String {
        let mut s = match self.notation {
            Notation::San => san_in(before, mv, self.lang),
            Notation::Lan => {
                let mut s = lan_in(mv, self.lang);
                if after.is_checkmate() {
                    s.push('#');
                } else if after.is_check() {
                    s.push('+');
                }
                s
            }
            Notation::Uci => uci(mv, mode),
        };
        if let (Some(black), Color::Black) = (&self.black_letters, before.turn()) {
            for (white, black) in black.iter() {
                if white != black {
                    s = s.replace(white.as_str(), black);
                }
            }
        }
        s
    }
}

const GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// Longest piece of a comment word on one line (`{` + piece + `})` still fits).
const MAX_WORD: usize = MAX_LINE - 4;

/// The movetext being written.
struct Movetext<'a> {
    out: Layout,
    style: &'a Style,
    /// The next Black move is written with its number (`12...`).
    force_number: bool,
    /// Comments seen since the last other token: written as one.
    comment: Vec<String>,
    /// The last token is a move a glyph may be attached to.
    glyph_ok: bool,
}

impl<'a> Movetext<'a> {
    fn new(style: &'a Style) -> Movetext<'a> {
        Movetext {
            out: Layout::default(),
            style,
            force_number: true,
            comment: Vec::new(),
            glyph_ok: false,
        }
    }

    fn comment(&mut self, text: &str) {
        self.comment.push(text.to_string());
    }

    /// Write the pending comments as one: `{...}`, or `;` lines when the text holds a `}`.
    fn flush_comment(&mut self) {
        if self.comment.is_empty() {
            return;
        }
        let joined = std::mem::take(&mut self.comment).join(" ");
        let mut words: Vec<String> = Vec::new();
        for w in joined.split_whitespace() {
            if w.chars().count() <= MAX_WORD {
                words.push(w.to_string());
            } else {
                let chars: Vec<char> = w.chars().collect();
                words.extend(chars.chunks(MAX_WORD).map(|c| c.iter().collect()));
            }
        }
        if words.is_empty() {
            return;
        }
        self.force_number = true;
        self.glyph_ok = false;
        if words.iter().any(|w| w.contains('}')) {
            // A `}` cannot be inside a brace comment: rest-of-line comments keep it.
            let mut line = String::from(";");
            for w in &words {
                if line.len() > 1 && line.chars().count() + 1 + w.chars().count() > MAX_LINE {
                    self.out.own_line(&line);
                    line = String::from(";");
                }
                line.push(' ');
                line.push_str(w);
            }
            self.out.own_line(&line);
            return;
        }
        let n = words.len();
        let tokens: Vec<String> = words
            .into_iter()
            .enumerate()
            .map(|(i, w)| {
                let mut t = String::with_capacity(w.len() + 2);
                if i == 0 {
                    t.push('{');
                }
                t.push_str(&w);
                if i + 1 == n {
                    t.push('}');
                }
                t
            })
            .collect();
        // A line that began with a word that makes a scoresheet header (`White: ...`,
        // `Data = ...`) would read as one: such a word is kept on the line of the word before,
        // which is cut first where the two would not fit on one line.
        let starts_header = |tokens: &[String], i: usize| {
            i > 0 && {
                let probe = match tokens.get(i + 1) {
                    Some(next) => format!("{} {next}", tokens[i]),
                    None => tokens[i].clone(),
                };
                scoresheet_header(&probe).is_some()
            }
        };
        let mut tokens = tokens;
        let mut i = 1;
        while i < tokens.len() {
            let (before, word) = (tokens[i - 1].chars().count(), tokens[i].chars().count());
            let keep = before.saturating_sub(MAX_LINE.saturating_sub(word + 1).max(1));
            if before + 1 + word > MAX_LINE && keep > 0 && starts_header(&tokens, i) {
                let at = tokens[i - 1]
                    .char_indices()
                    .nth(keep)
                    .map_or(tokens[i - 1].len(), |(at, _)| at);
                let tail = tokens[i - 1].split_off(at);
                tokens.insert(i, tail);
                i += 1;
            }
            i += 1;
        }
        for (i, t) in tokens.iter().enumerate() {
            if starts_header(&tokens, i) {
                self.out.tied(t);
            } else {
                self.out.word(t);
            }
        }
    }

    /// Write the move number if it is due; true when written.
    fn number(&mut self, fullmoves: u32, turn: Color) -> bool {
        let written = match turn {
            Color::White => {
                self.out.word(&format!("{fullmoves}."));
                true
            }
            Color::Black if self.force_number => {
                self.out.word(&format!("{fullmoves}..."));
                true
            }
            Color::Black => false,
        };
        self.force_number = false;
        written
    }

    fn mv(&mut self, fullmoves: u32, turn: Color, text: &str, ep: bool) {
        self.flush_comment();
        // A move number stays on the line of its move.
        if self.number(fullmoves, turn) {
            self.out.tied(text);
        } else {
            self.out.word(text);
        }
        self.glyph_ok = true;
        if ep {
            self.out.word("e.p.");
            self.glyph_ok = false;
        }
    }

    fn nag(&mut self, n: u8) {
        self.flush_comment();
        let glyph = usize::from(n)
            .checked_sub(1)
            .and_then(|i| GLYPHS.get(i))
            .filter(|_| !self.style.pgn && self.glyph_ok);
        match glyph {
            Some(g) if self.out.append_to_last(g) => {}
            _ => self.out.word(&format!("${n}")),
        }
        self.glyph_ok = false;
    }

    fn draw_offer(&mut self) {
        self.flush_comment();
        if self.style.pgn {
            self.out.word("{(=)}");
            self.force_number = true;
        } else {
            self.out.word("(=)");
        }
        self.glyph_ok = false;
    }

    fn open(&mut self) {
        self.flush_comment();
        self.out.word("(");
        self.out.glue_next();
        self.force_number = true;
        self.glyph_ok = false;
    }

    fn close(&mut self) {
        self.flush_comment();
        self.out.glued(")");
        self.force_number = true;
        self.glyph_ok = false;
    }

    fn escape(&mut self, line: &str) {
        if line.starts_with('%') && line.chars().count() <= MAX_LINE {
            self.flush_comment();
            self.out.own_line(line);
            self.force_number = true;
            self.glyph_ok = false;
        } else {
            // Too long for an export line: kept as a comment.
            self.comment(line);
        }
    }

    fn finish(mut self, result: &str) -> String {
        self.flush_comment();
        self.out.word(result);
        self.out.finish()
    }
}

/// One line of play while writing: the position reached and the one before its last move.
struct Line {
    pos: Chess,
    before: Option<Chess>,
}

/// How many null moves (`--`) lie between `from` and `to`: the reader passes them over
/// without an event. Zero when `to` is not `from` after some passes.
fn nulls_between(from: &Chess, to: &Chess) -> u32 {
    if from.board() != to.board() {
        return 0;
    }
    let diff = to.halfmoves().saturating_sub(from.halfmoves()).min(1024);
    if from.turn() != to.turn() {
        if diff % 2 == 1 {
            diff
        } else {
            1
        }
    } else if diff >= 2 && diff.is_multiple_of(2) {
        diff
    } else {
        0
    }
}

/// Same position and counters.
fn same_position(a: &Chess, b: &Chess) -> bool {
    a.board() == b.board()
        && a.turn() == b.turn()
        && a.halfmoves() == b.halfmoves()
        && a.fullmoves() == b.fullmoves()
}

/// Write `count` null moves on `line`.
fn play_nulls(mt: &mut Movetext, line: &mut Line, count: u32, mode: CastlingMode) {
    for _ in 0..count {
        mt.mv(line.pos.fullmoves().get(), line.pos.turn(), "--", false);
        let next = crate::replay::null_move(&line.pos, mode).unwrap_or_else(|| line.pos.clone());
        line.before = Some(std::mem::replace(&mut line.pos, next));
    }
}

/// How many null moves end the mainline, and before which event to write them (`None`:
/// before the first).
fn trailing_nulls(
    events: &[GameEvent],
    start: &Chess,
    record: &GameRecord,
    mode: CastlingMode,
) -> (u32, Option<usize>) {
    let mut depth = 0u32;
    let mut last: Option<(usize, &Chess, Move)> = None;
    for (i, e) in events.iter().enumerate() {
        match e {
            GameEvent::VariationStart => depth += 1,
            GameEvent::VariationEnd => depth = depth.saturating_sub(1),
            GameEvent::Move { before, mv, .. } if depth == 0 => last = Some((i, before, *mv)),
            _ => {}
        }
    }
    let end = match last {
        Some((_, before, mv)) => {
            let mut p = before.clone();
            p.play_unchecked(mv);
            p
        }
        None => start.clone(),
    };
    if Fen::from_position(&end, EnPassantMode::Legal).to_string() == record.final_fen {
        return (0, None);
    }
    let Some(last_pos) = Fen::from_ascii(record.final_fen.as_bytes())
        .ok()
        .and_then(|f| f.into_position::<Chess>(mode).ok())
    else {
        return (0, None);
    };
    let nulls = nulls_between(&end, &last_pos);
    let at = last.map(|(i, ..)| {
        let mut k = i + 1;
        while matches!(events.get(k), Some(GameEvent::Nag(_))) {
            k += 1;
        }
        k
    });
    (nulls, at)
}

/// For each variation's opening event, the position its first move is played from (`None`
/// for other events and for a variation with no move of its own).
fn variation_starts(events: &[GameEvent]) -> Vec<Option<&Chess>> {
    // One pass over the events (a scan from every `(` took time quadratic in the nesting).
    let mut first = vec![None; events.len()];
    let mut open: Vec<(usize, bool)> = Vec::new();
    for (i, e) in events.iter().enumerate() {
        match e {
            GameEvent::VariationStart => open.push((i, false)),
            GameEvent::VariationEnd => {
                open.pop();
            }
            GameEvent::Move { before, .. } => {
                if let Some((at, found)) = open.last_mut() {
                    if !*found {
                        first[*at] = Some(before);
                        *found = true;
                    }
                }
            }
            _ => {}
        }
    }
    first
}

fn label(pos: &Chess) -> String {
    crate::notation::render::numbered(pos, "")
}

/// `%` lines before the game and in its tag section (the reader keeps only those of the
/// movetext).
fn leading_escapes(raw: &RawGame, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let lead = decode(&raw.bytes[..raw.lead.min(raw.bytes.len())]);
    for line in lead.lines() {
        let t = line.trim_start_matches(['\u{feff}', ' ', '\t']);
        if t.starts_with('%') {
            out.push(t.trim_end().to_string());
        }
    }
    for line in text.split_inclusive('\n') {
        let t = line.trim_start_matches(['\u{feff}', ' ', '\t', '\r']);
        if t.trim().is_empty() {
            continue;
        }
        if t.starts_with('%') {
            out.push(t.trim_end().to_string());
            continue;
        }
        let is_tags = t.starts_with('[') && tag_pairs(t).is_ok();
        if !is_tags && scoresheet_header(t).is_none() && !is_column_heads(t) {
            break;
        }
    }
    out
}

/// The result to write, and notes on results written otherwise.
fn final_result(record: &GameRecord) -> (&'static str, Vec<String>) {
    let tag = record
        .tags
        .0
        .iter()
        .rev()
        .find(|(k, _)| k.eq_ignore_ascii_case("Result"))
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty());
    let tag_result = tag.and_then(|t| t.parse::<GameResult>().ok());
    let result = match (tag_result, record.result) {
        (Some(t), _) if t.is_known() => t,
        (_, Some(m)) => m,
        (Some(t), None) => t,
        (None, None) => GameResult::Unknown,
    };
    let mut notes = Vec::new();
    if let (Some(v), None) = (tag, tag_result) {
        notes.push(format!("Result tag as written: {v}"));
    }
    if let Some(m) = record.result {
        if m.is_known() && m != result {
            notes.push(format!("the movetext ends with {m}"));
        }
    }
    (result.as_str(), notes)
}

/// Convert one game.
pub fn convert_game(raw: &RawGame, file: &str, opts: &ConvertOptions) -> Converted {
    let mut read = Options {
        lang: opts.from,
        illegal: IllegalPolicy::Stop,
        ..Options::default()
    };
    // Conversion needs the moves, not the Laws' verdict on dead positions (the costly one).
    read.laws.dead_positions = crate::laws::dead::DeadSearch::Off;
    let (record, events) = read_events(raw, file, &read);
    let text = decode(raw.game_bytes());
    let style = Style::new(opts);
    let mut mt = Movetext::new(&style);
    let mut problems = Vec::new();
    // `%` lines before the game or among its tags open the movetext: written before the
    // tags, a reader would take them for the end of the game before.
    for e in leading_escapes(raw, &text) {
        mt.escape(&e);
    }
    let mut drop_tags: &[&str] = &[];
    match &record.start {
        None => {
            // Not replayed (a FEN that is no position, a variant we do not play, a game over
            // the size limit): the movetext is kept as written.
            let why: Vec<&str> = record
                .findings
                .iter()
                .filter(|f| f.severity == Severity::Error)
                .map(|f| f.message.as_str())
                .collect();
            let mut why = why.join("; ");
            if record
                .findings
                .iter()
                .any(|f| matches!(f.kind, Kind::InvalidFen | Kind::UnsupportedVariant))
            {
                // The game has no moves written as moves: as a game of chess it is its other
                // tags and the comment. The tags that set up its board go into the comment (a
                // PGN reader would stop at a FEN that is no position or a variant it does not
                // play).
                drop_tags = &["Variant", "SetUp", "FEN"];
                let setup: Vec<String> = record
                    .tags
                    .0
                    .iter()
                    .filter(|(k, _)| drop_tags.iter().any(|d| d.eq_ignore_ascii_case(k)))
                    .map(|(k, v)| tags::tag_line(k, v))
                    .collect();
                if !setup.is_empty() {
                    why.push_str(&format!(" (tags as written: {})", setup.join(" ")));
                }
            }
            let parsed = parse_game(&text);
            let comments_only = parsed.tokens.iter().all(|t| {
                matches!(
                    t.kind,
                    TokenKind::Comment | TokenKind::Escape | TokenKind::Result(_)
                )
            });
            if comments_only {
                // Nothing to convert (the note of an earlier conversion, say): the comments
                // are written as they are.
                for t in &parsed.tokens {
                    let raw = text.get(t.start..t.end).unwrap_or("");
                    match t.kind {
                        TokenKind::Comment => {
                            let body = raw
                                .strip_prefix('{')
                                .map(|b| b.strip_suffix('}').unwrap_or(b))
                                .or_else(|| raw.strip_prefix(';'))
                                .unwrap_or(raw);
                            mt.comment(body);
                        }
                        TokenKind::Escape => mt.escape(raw.trim_end()),
                        _ => {}
                    }
                }
            } else {
                let end = match parsed.tokens.last() {
                    Some(t) if matches!(t.kind, TokenKind::Result(_)) => t.start,
                    _ => text.len(),
                };
                let body = text.get(parsed.movetext_start..end).unwrap_or("").trim();
                mt.comment(&format!("Not converted: {why}; as written: {body}"));
            }
            problems.push(why);
        }
        Some(start) => {
            let mode = if record.variant == crate::finding::Variant::Chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let mut stack = vec![Line {
                pos: start.clone(),
                before: None,
            }];
            // Null moves at the end of the mainline, written after its last move and the
            // NAGs on it (the reader leaves no trace of them but the final position).
            let (trailing_nulls, after_event) = trailing_nulls(&events, start, &record, mode);
            if after_event.is_none() {
                play_nulls(&mut mt, &mut stack[0], trailing_nulls, mode);
            }
            let starts = variation_starts(&events);
            for (i, event) in events.iter().enumerate() {
                if after_event == Some(i) {
                    play_nulls(&mut mt, &mut stack[0], trailing_nulls, mode);
                }
                match event {
                    GameEvent::Move { before, mv, glyph } => {
                        let line = stack.last_mut().expect("the mainline stays");
                        let nulls = nulls_between(&line.pos, before);
                        play_nulls(&mut mt, line, nulls, mode);
                        let mut after = before.clone();
                        after.play_unchecked(*mv);
                        let text = style.render(before, &after, *mv, mode);
                        let ep = style.ep_mark
                            && style.notation != Notation::Uci
                            && matches!(mv, Move::EnPassant { .. });
                        mt.mv(before.fullmoves().get(), before.turn(), &text, ep);
                        if *glyph != 0 {
                            mt.nag(*glyph);
                        }
                        line.before = Some(before.clone());
                        line.pos = after;
                    }
                    GameEvent::Comment(c) => {
                        if c.trim() == "(=)" {
                            mt.draw_offer();
                        } else {
                            mt.comment(c);
                        }
                    }
                    GameEvent::Nag(n) => mt.nag(*n),
                    GameEvent::DrawOffer => mt.draw_offer(),
                    GameEvent::VariationStart => {
                        let parent = stack.last_mut().expect("the mainline stays");
                        if let (Some(first), Some(branch)) = (starts[i], &parent.before) {
                            // A variation that starts from the position reached, not from the
                            // one before the last move: null moves were played on the line
                            // (the reader sends no event for them), the last one replaced.
                            if !same_position(first, branch) && first.board() == parent.pos.board()
                            {
                                let nulls = nulls_between(&parent.pos, first) + 1;
                                play_nulls(&mut mt, parent, nulls, mode);
                            }
                        }
                        let pos = parent.before.clone().unwrap_or_else(|| parent.pos.clone());
                        stack.push(Line { pos, before: None });
                        mt.open();
                    }
                    GameEvent::VariationEnd => {
                        if stack.len() > 1 {
                            stack.pop();
                            mt.close();
                        }
                    }
                    GameEvent::Escape(e) => mt.escape(e),
                    GameEvent::Result(_) => {}
                    GameEvent::Stop {
                        start,
                        end,
                        message,
                    } => {
                        let line = stack.last().expect("the mainline stays");
                        let at = label(&line.pos);
                        let rest = text.get(*start..*end).unwrap_or("").trim();
                        let where_ = if stack.len() > 1 {
                            format!("move {at} of a variation")
                        } else {
                            format!("move {at}")
                        };
                        mt.comment(&format!(
                            "Not converted from {where_}: {message}; as written: {rest}"
                        ));
                        problems.push(format!("{where_}: {message}"));
                    }
                }
            }
            if after_event == Some(events.len()) {
                play_nulls(&mut mt, &mut stack[0], trailing_nulls, mode);
            }
            while stack.len() > 1 {
                stack.pop();
                mt.close();
            }
        }
    }
    let (result, notes) = final_result(&record);
    for n in notes {
        mt.comment(&n);
    }
    // A tag whose name is no PGN tag name (`[Date\u{ff} "x"]`, read from a damaged line)
    // cannot be written as a tag: a reader would misread it (as the `Date` tag repeated,
    // which opens a new game), so it goes into a comment, as written.
    let (tags_out, odd): (Vec<_>, Vec<_>) = tags::roster(&record.tags.0, result)
        .into_iter()
        .filter(|(k, _)| !drop_tags.iter().any(|d| d.eq_ignore_ascii_case(k)))
        .partition(|(k, _)| tags::is_tag_name(k));
    for (k, v) in &odd {
        mt.comment(&format!(
            "Tag not written as a tag (its name is no PGN tag name): {}",
            tags::tag_line(k, v)
        ));
    }
    let movetext = mt.finish(result);
    let mut pgn = String::with_capacity(movetext.len() + 256);
    for (k, v) in tags_out {
        pgn.push_str(&tags::tag_line(&k, &v));
        pgn.push('\n');
    }
    pgn.push('\n');
    pgn.push_str(&movetext);
    Converted {
        pgn,
        complete: problems.is_empty(),
        problems,
        record,
    }
}

/// Convert one game given as text.
pub fn convert_text(text: &str, opts: &ConvertOptions) -> Converted {
    convert_game(&RawGame::from_text(text), "", opts)
}

#[cfg(test)]
mod tests;
