//! `--prose`: games read out of running text (newspaper columns, club pages, books).
//!
//! Published text is no PGN: titles and captions sit above the moves, commentary between
//! them, blank lines inside one article, moves written `1 e4, e5; 2 Cf3, Cc6;`, `1) e4 c6`,
//! `14) …, Cd4;`, `1.e4-e5; 2.f4-exf4;`, `1.e2 - e4, e7 - e5`, side games inside the
//! commentary with their own move numbers. This module finds each game (a run of numbered
//! moves starting at move 1, or at a position a FEN line or an odds phrase gives), replays
//! it to tell the moves from the words, and writes it as PGN: every word that is not a move
//! kept as a comment at its place, side lines that replay as variations, headers from what
//! the text says plainly (`Anderssen – Dufresne, Berlino 1852`, `Bianco:`/`Nero:`), the
//! result from signs or words (`1:0`, `abbandona`, `patta`, a mate on the board).
//!
//! Moves are written as the text has them (letters of its language, slips included), so
//! that the reader downstream detects the language per game and `--repair` finds and
//! reports the slips; only the layout is made PGN's.
//!
//! ```
//! let pgn = scoresheet::prose::to_pgn(
//!     "Anderssen – Dufresne, Berlino 1852\n\nUna partita famosa. 1 e4, e5; 2 Cf3, Cc6; \
//!      3 Ac4, Ac5;\n\nIl Bianco sacrifica: 4 b4, A:b4;\n",
//! );
//! let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
//! assert!(flat.contains("[White \"Anderssen\"]"));
//! assert!(flat.contains("{Una partita famosa.} 1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5"));
//! assert!(flat.contains("{Il Bianco sacrifica:} 4. b4 A:b4"));
//! ```

mod words;

use shakmaty::{
    fen::Fen, san::San, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position,
};

use crate::notation::{
    languages::{by_code, Language},
    moves::{readings, written_move},
};
use crate::replay::resolve::{resolve, Resolution};
use crate::result::GameResult;
use words::{
    is_check_word, is_draw_word, is_evaluation, is_glyph, is_mate_word, is_resign_word,
    is_without_word, side_word, tokens, Tok,
};

/// The comment after the last move of a game whose text gives no result (no sign, no word,
/// no mate on the board): a cut article, or a text that stops before the end. `convert`
/// does not call such a game converted whole.
pub const STOPS_WITHOUT_RESULT: &str = "--prose: the text stops here, without a result";

/// Languages tried, Italian first; the one that reads most moves of the text is taken.
const LANGUAGES: [&str; 8] = ["it", "en", "es", "fr", "de", "pt", "nl", "pl"];

/// The games of running text as PGN, one after the other. A text in which no game is found
/// comes back as it is, for the reader to report as it reports any text.
pub fn to_pgn(text: &str) -> String {
    let toks = tokens(text);
    let mut best: Option<(usize, Vec<Game>)> = None;
    for code in LANGUAGES {
        let Some(lang) = by_code(code) else { continue };
        let games = Scan::new(&toks, lang).run();
        let score: usize = games.iter().map(|g| g.resolved).sum();
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, games));
        }
    }
    match best {
        Some((_, games)) if !games.is_empty() => {
            let mut out = String::new();
            for g in &games {
                g.write(&mut out);
                out.push('\n');
            }
            out
        }
        _ => text.to_string(),
    }
}

/// The largest text `--prose` reads: published texts are small; an archive this large is
/// PGN, which needs no `--prose`.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// A whole input read for `--prose`: PGN (a text with a tag line) as it is, byte for byte
/// (the reader decodes it game by game as without `--prose`); running text turned into PGN
/// by [`to_pgn`]. Text that is not UTF-8 is read as Windows-1252, the encoding of pages
/// saved on Windows.
pub fn read_all(reader: impl std::io::Read) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader.take(MAX_TEXT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(std::io::Error::other(
            "over 64 MiB: --prose reads published texts, not archives (read a PGN archive without --prose)",
        ));
    }
    if is_pgn(&String::from_utf8_lossy(&bytes)) {
        return Ok(bytes);
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| windows_1252(b)).collect(),
    };
    Ok(to_pgn(&text).into_bytes())
}

/// A text with a PGN tag line (`[White "…"]`) is PGN, read as without `--prose`.
fn is_pgn(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim();
        l.starts_with('[')
            && l.ends_with(']')
            && l[1..].starts_with(|c: char| c.is_ascii_alphabetic())
            && l.contains('"')
    })
}

fn windows_1252(b: u8) -> char {
    match b {
        0x85 => '…',
        0x91 | 0x92 => '\'',
        0x93 | 0x94 => '"',
        0x96 => '–',
        0x97 => '—',
        b => char::from(b),
    }
}

/// Numbered moves that went into a `;` comment (`1.e4, e5; 2.Ac4, d6; …`: the `;` of
/// published text read as PGN's rest-of-line comment): the first such comment, for saying
/// that the game was not converted whole. Text inside `{}` comments is passed over.
pub fn moves_in_line_comment(game: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(game);
    let mut depth = 0usize;
    let mut at = 0usize;
    let b = text.as_bytes();
    while at < b.len() {
        match b[at] {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'[' if depth == 0 && (at == 0 || b[at - 1] == b'\n') => {
                // A tag line: its value may hold a `;`.
                at = text[at..].find('\n').map_or(b.len(), |n| at + n);
                continue;
            }
            b';' if depth == 0 => {
                let end = text[at..].find('\n').map_or(b.len(), |n| at + n);
                let rest = &text[at + 1..end];
                let toks = tokens(rest);
                let numbers = toks.iter().filter(|t| matches!(t, Tok::Num { .. })).count();
                let moves = toks
                    .iter()
                    .filter(|t| match t {
                        Tok::Word(w, _) => written_move(w).is_ok_and(|(r, _)| r.is_empty()),
                        _ => false,
                    })
                    .count();
                if numbers >= 1 && moves >= 2 {
                    return Some(rest.trim().to_string());
                }
                at = end;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// The first words of a long text, for messages.
pub fn shorten(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() <= 8 {
        words.join(" ")
    } else {
        format!("{} …", words[..8].join(" "))
    }
}

/// Whether a text looks like running text with moves in it rather than PGN or a scoresheet:
/// no tag section, and more words than moves (for the hint that `--prose` exists).
pub fn looks_like_prose(text: &str) -> bool {
    if text.trim_start().starts_with('[') || is_pgn(text) {
        return false;
    }
    let mut words = 0usize;
    let mut prose_words = 0usize;
    // A scoresheet's header lines (`Torneo: Campionato sociale`, `Bianco: Rossi, Mario`) are
    // names and places, not running text.
    let body = text.lines().filter(|l| !is_key_value_line(l));
    for w in body.flat_map(str::split_whitespace).take(4000) {
        words += 1;
        let letters = w.chars().filter(|c| c.is_alphabetic()).count();
        if letters >= 4
            && w.chars()
                .all(|c| c.is_alphabetic() || ",.;:'’!?\"«»".contains(c))
        {
            prose_words += 1;
        }
    }
    prose_words >= 10 && prose_words * 5 >= words
}

/// `Key: value` or `Two words: value`, the shape of a scoresheet's header line.
fn is_key_value_line(line: &str) -> bool {
    let Some((key, value)) = line.trim_start().split_once(':') else {
        return false;
    };
    let key_words: Vec<&str> = key.split_whitespace().collect();
    !value.trim().is_empty()
        && (1..=2).contains(&key_words.len())
        && key.ends_with(|c: char| c.is_alphabetic())
        && key_words
            .iter()
            .all(|w| w.chars().all(char::is_alphabetic))
}

/// Moves as written, each with the legal move it was read as (none past a slip no legal
/// move reads).
type Moves = Vec<(String, Option<Move>)>;

/// A move as written, the comments and variations after it.
#[derive(Debug, Clone, Default)]
struct Node {
    /// The move number written before it, for the mainline (`l.` kept for `--repair`).
    number: Option<String>,
    text: String,
    after: Vec<Item>,
}

#[derive(Debug, Clone)]
enum Item {
    Comment(String),
    Var(usize),
}

/// A side line: it replaces the mainline's move `anchor` (index into the mainline).
#[derive(Debug, Clone)]
struct Var {
    /// The absolute ply of its first move (0: White's first move of the standard start).
    first_ply: usize,
    nodes: Vec<Node>,
    pos: Option<Chess>,
    /// The bracket depth it opened at (0: inline in the commentary).
    depth: usize,
    closed: bool,
}

#[derive(Debug, Clone)]
struct Game {
    tags: Vec<(String, String)>,
    fen: Option<String>,
    start_ply: usize,
    lead: Vec<Item>,
    main: Vec<Node>,
    /// Position before each mainline move, and after the last (None once a slip that no
    /// legal move reads has been passed: the moves after it are taken by their shape).
    positions: Vec<Option<Chess>>,
    vars: Vec<Var>,
    result: Option<&'static str>,
    /// A result or a resignation was read: the mainline is over.
    ended: bool,
    /// Moves (mainline and variations) that replayed as written.
    resolved: usize,
}

impl Game {
    fn new(start: Chess, start_ply: usize, fen: Option<String>) -> Game {
        Game {
            tags: Vec::new(),
            fen,
            start_ply,
            lead: Vec::new(),
            main: Vec::new(),
            positions: vec![Some(start)],
            vars: Vec::new(),
            result: None,
            ended: false,
            resolved: 0,
        }
    }

    fn pos(&self) -> Option<&Chess> {
        self.positions.last().and_then(Option::as_ref)
    }

    /// The absolute ply of the next mainline move.
    fn next_ply(&self) -> usize {
        self.start_ply + self.main.len()
    }

    fn write(&self, out: &mut String) {
        // A tag named twice (a title, then `Bianco:`) keeps its place and its last value.
        let mut tags: Vec<(String, String)> = Vec::new();
        for (k, v) in &self.tags {
            match tags.iter_mut().find(|(t, _)| t == k) {
                Some(t) => t.1 = v.clone(),
                None => tags.push((k.clone(), v.clone())),
            }
        }
        if let Some(fen) = &self.fen {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen.clone()));
        }
        let result = self.result.or_else(|| self.mate_result());
        let tagged = tags.iter().any(|(k, _)| k == "Result");
        let stops = result.is_none() && !tagged;
        let result = result.unwrap_or("*");
        if !tagged {
            tags.push(("Result".into(), result.into()));
        }
        for (k, v) in &tags {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{k} \"{v}\"]\n"));
        }
        out.push('\n');
        let mut words = Vec::new();
        write_items(&self.lead, self, &mut words);
        write_line(&self.main, self.start_ply, self, true, &mut words);
        if stops {
            words.push(format!("{{{STOPS_WITHOUT_RESULT}}}"));
        }
        words.push(result.to_string());
        wrap(&words, out);
    }

    /// `1-0`/`0-1` when the mainline ends in mate on the board, a draw in stalemate.
    fn mate_result(&self) -> Option<&'static str> {
        let pos = self.pos()?;
        if pos.is_stalemate() {
            return Some(GameResult::Draw.as_str());
        }
        pos.is_checkmate()
            .then(|| GameResult::win(!pos.turn()).as_str())
    }
}

fn write_items(items: &[Item], game: &Game, words: &mut Vec<String>) -> bool {
    let mut any = false;
    for item in items {
        any = true;
        match item {
            Item::Comment(c) => words.push(format!("{{{}}}", c.replace(['{', '}'], ""))),
            Item::Var(v) => {
                let Some(var) = game.vars.get(*v) else {
                    continue;
                };
                words.push("(".into());
                write_line(&var.nodes, var.first_ply, game, false, words);
                words.push(")".into());
            }
        }
    }
    any
}

fn write_line(nodes: &[Node], first_ply: usize, game: &Game, main: bool, words: &mut Vec<String>) {
    let mut need_number = true;
    for (k, node) in nodes.iter().enumerate() {
        let ply = first_ply + k;
        let white = ply.is_multiple_of(2);
        let computed = ply / 2 + 1;
        if white || need_number {
            let number = match (&node.number, main) {
                (Some(n), true) => n.trim_end_matches('.').to_string(),
                _ => computed.to_string(),
            };
            words.push(if white {
                format!("{number}.")
            } else {
                format!("{number}...")
            });
        }
        words.push(node.text.clone());
        need_number = write_items(&node.after, game, words);
    }
}

/// Words into lines of at most 79 characters.
fn wrap(words: &[String], out: &mut String) {
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(&line);
    out.push('\n');
}

/// What the words before the next move are to: prose piece by piece, blank lines marked.
#[derive(Debug, Clone)]
enum Piece {
    Word(String),
    Para,
    Open,
}

/// Where a move just read went: the text right after it may go on with the next move
/// unnumbered (Black's reply, a one-move-per-line layout).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Ctx {
    None,
    Main,
    Var(usize),
}

struct Scan<'t> {
    toks: &'t [Tok],
    lang: &'static Language,
    games: Vec<Game>,
    cur: Option<Game>,
    pending: Vec<Piece>,
    tags: Vec<(String, String)>,
    fen: Option<String>,
    ctx: Ctx,
    /// Context before each open bracket, restored when it closes.
    brackets: Vec<Ctx>,
    open_var: Option<usize>,
    /// A blank line since the last mainline move.
    para_since_main: bool,
}

impl<'t> Scan<'t> {
    fn new(toks: &'t [Tok], lang: &'static Language) -> Scan<'t> {
        Scan {
            toks,
            lang,
            games: Vec::new(),
            cur: None,
            pending: Vec::new(),
            tags: Vec::new(),
            fen: None,
            ctx: Ctx::None,
            brackets: Vec::new(),
            open_var: None,
            para_since_main: false,
        }
    }

    fn run(mut self) -> Vec<Game> {
        let mut i = 0;
        while i < self.toks.len() {
            i = self.step(i);
        }
        self.end_game(true);
        self.games
    }

    /// Reads the token at `i`; returns the index of the next one to read.
    fn step(&mut self, i: usize) -> usize {
        let tok = self.toks[i].clone();
        match tok {
            Tok::Para => {
                self.pending.push(Piece::Para);
                self.para_since_main = true;
                self.ctx = Ctx::None;
                if self.brackets.is_empty() {
                    self.open_var = None;
                }
            }
            Tok::Break | Tok::Sep => {}
            Tok::Ellipsis => {
                if self.ctx == Ctx::None {
                    self.pending.push(Piece::Word("…".into()));
                }
            }
            Tok::Tags(t) => {
                if self.cur.as_ref().is_some_and(|g| !g.main.is_empty()) {
                    self.end_game(false);
                }
                self.tags.extend(t);
            }
            Tok::Fen(f) => {
                if self.cur.as_ref().is_some_and(|g| !g.main.is_empty()) {
                    self.end_game(false);
                }
                self.fen = Some(f);
            }
            Tok::Result(r) => match self.cur.as_mut() {
                // After a side line's move, the side game's own result: words.
                Some(g)
                    if !g.main.is_empty()
                        && !g.ended
                        && self.brackets.is_empty()
                        && !matches!(self.ctx, Ctx::Var(_)) =>
                {
                    g.result = Some(r);
                    g.ended = true;
                    self.ctx = Ctx::None;
                }
                _ => self.word(r.to_string()),
            },
            Tok::Open => {
                self.brackets.push(self.ctx);
                self.pending.push(Piece::Open);
                return self.after_open(i + 1);
            }
            Tok::Close => {
                let depth = self.brackets.len();
                let restored = self.brackets.pop();
                match self.open_var {
                    Some(v) if self.var_depth(v) == Some(depth) => {
                        self.flush(Ctx::Var(v));
                        if let Some(var) = self.cur.as_mut().and_then(|g| g.vars.get_mut(v)) {
                            var.closed = true;
                        }
                        self.open_var = None;
                        self.ctx = restored.unwrap_or(Ctx::None);
                    }
                    _ => {
                        self.pending.push(Piece::Word(")".into()));
                        if let Some(c) = restored {
                            self.ctx = c;
                        }
                    }
                }
            }
            Tok::Joiner(c) => {
                if self.ctx == Ctx::None {
                    self.word(c.to_string());
                }
            }
            Tok::Num { .. } => return self.number(i),
            Tok::Word(w, raw) => return self.word_at(i, w, raw),
        }
        i + 1
    }

    fn var_depth(&self, v: usize) -> Option<usize> {
        self.cur.as_ref()?.vars.get(v).map(|var| var.depth)
    }

    /// Right after `(`: an unnumbered move there is an alternative to the last mainline
    /// move (`12. Cf3 (Cc3 …)`), or to the last move of the open variation.
    fn after_open(&mut self, j: usize) -> usize {
        let Some(Tok::Word(w, _)) = self.toks.get(j) else {
            return j;
        };
        let Some(g) = self.cur.as_ref() else { return j };
        if g.main.is_empty() {
            return j;
        }
        let anchor = g.main.len() - 1;
        let Some(Some(pos)) = g.positions.get(anchor) else {
            return j;
        };
        let pos = pos.clone();
        if let Some((moves, used)) = self.read_move(&pos, j) {
            let _ = w;
            self.start_var(anchor, pos, moves, used);
            return j + used;
        }
        j
    }

    /// A word that is not a move number.
    fn word_at(&mut self, i: usize, w: String, raw: String) -> usize {
        let in_line = self.ctx != Ctx::None;
        if in_line && is_glyph(&w) {
            self.mark_last(&w);
            return i + 1;
        }
        if in_line && is_mate_word(&w) {
            self.mark_last("#");
            return i + 1;
        }
        if in_line && is_check_word(&w) {
            self.mark_last("+");
            return i + 1;
        }
        if in_line && is_evaluation(&w) {
            self.pending.push(Piece::Word(raw));
            return i + 1;
        }
        if self.result_word(&w) {
            self.word(raw);
            return i + 1;
        }
        match self.ctx {
            Ctx::Main => {
                if let Some(pos) = self.main_pos() {
                    if let Some((moves, used)) = self.read_move(&pos, i) {
                        self.push_main(None, moves);
                        return i + used;
                    }
                } else if looks_like_move(&w) {
                    self.push_main(None, vec![(w, None)]);
                    return i + 1;
                }
                if self.next_is_black() && looks_like_move(&w) && has_digit(&w) {
                    let m = self.main_pos().and_then(|p| near_move(&p, &w, self.lang));
                    self.push_main(None, vec![(w, m)]);
                    return i + 1;
                }
            }
            Ctx::Var(v) => {
                let pos = self
                    .cur
                    .as_ref()
                    .and_then(|g| g.vars.get(v))
                    .and_then(|var| var.pos.clone());
                if let Some(pos) = pos {
                    if let Some((moves, used)) = self.read_move(&pos, i) {
                        self.push_var(v, None, moves);
                        return i + used;
                    }
                }
            }
            Ctx::None => {}
        }
        self.word(raw);
        i + 1
    }

    /// A resignation or a draw in words right after the last mainline move: the result.
    fn result_word(&mut self, w: &str) -> bool {
        let resign = is_resign_word(w);
        let draw = is_draw_word(w);
        if !resign && !draw {
            return false;
        }
        let near = self
            .pending
            .iter()
            .rev()
            .take_while(|p| !matches!(p, Piece::Para))
            .count()
            <= 4;
        let Some(g) = self.cur.as_mut() else {
            return false;
        };
        if g.main.is_empty() || g.ended || !near || !self.brackets.is_empty() {
            return false;
        }
        let side = self.pending.iter().rev().take(3).find_map(|p| match p {
            Piece::Word(w) => side_word(w),
            _ => None,
        });
        g.result = Some(if draw {
            GameResult::Draw.as_str()
        } else {
            let white_resigns = match side {
                Some(white) => white,
                None => (g.next_ply() % 2) == 0,
            };
            GameResult::win(if white_resigns {
                Color::Black
            } else {
                Color::White
            })
            .as_str()
        });
        g.ended = true;
        self.ctx = Ctx::None;
        true
    }

    fn word(&mut self, w: String) {
        self.pending.push(Piece::Word(w));
        self.ctx = Ctx::None;
    }

    fn mark_last(&mut self, mark: &str) {
        let node = match self.ctx {
            Ctx::Main => self.cur.as_mut().and_then(|g| g.main.last_mut()),
            Ctx::Var(v) => self
                .cur
                .as_mut()
                .and_then(|g| g.vars.get_mut(v))
                .and_then(|var| var.nodes.last_mut()),
            Ctx::None => None,
        };
        if let Some(n) = node {
            if mark == "#" {
                let t = n.text.trim_end_matches('+').to_string();
                n.text = t;
            }
            if !n.text.ends_with(mark) {
                n.text.push_str(mark);
            }
        }
    }

    fn main_pos(&self) -> Option<Chess> {
        self.cur.as_ref().and_then(|g| g.pos().cloned())
    }

    fn next_is_black(&self) -> bool {
        self.cur.as_ref().is_some_and(|g| g.next_ply() % 2 == 1)
    }

    /// A move number at `i`: the mainline goes on, a variation starts or goes on, a new
    /// game starts, or it is a number in the prose.
    fn number(&mut self, i: usize) -> usize {
        let Tok::Num {
            n,
            black,
            written,
            raw,
        } = self.toks[i].clone()
        else {
            return i + 1;
        };
        let n = n as usize;
        let mut j = i + 1;
        let mut black = black;
        while let Some(Tok::Ellipsis | Tok::Sep) = self.toks.get(j) {
            if self.toks[j] == Tok::Ellipsis {
                black = true;
            }
            j += 1;
        }
        let Some(Tok::Word(w, _)) = self.toks.get(j).cloned() else {
            self.word(raw);
            return i + 1;
        };
        let ply = 2 * (n.max(1) - 1) + usize::from(black);
        // No game yet, or the last one is over: a new game starts here if its moves read.
        let over = self
            .cur
            .as_ref()
            .is_none_or(|g| g.ended || g.main.is_empty());
        if over {
            if let Some(next) = self.try_start(n, black, &written, j) {
                return next;
            }
            if self.cur.as_ref().is_none_or(|g| g.main.is_empty()) {
                self.word(raw);
                return i + 1;
            }
        }
        let Some(g) = self.cur.as_ref() else {
            self.word(raw);
            return i + 1;
        };
        let next = g.next_ply();
        let (en, eb) = (next / 2 + 1, next % 2 == 1);
        let ended = g.ended;
        let main_pos = g.pos().cloned();
        let side_fits = black == eb || (eb && !black);
        // The mainline, as numbered.
        if !ended && n == en && side_fits {
            if let Some(pos) = &main_pos {
                if let Some((moves, used)) = self.read_move(pos, j) {
                    if !self.resumes_later(j + used, n, pos, &moves) {
                        self.push_main(Some(written), moves);
                        return j + used;
                    }
                }
            }
        }
        // The open variation goes on.
        if let Some(v) = self.open_var {
            let var = self.cur.as_ref().and_then(|g| g.vars.get(v)).cloned();
            if let Some(var) = var {
                let vnext = var.first_ply + var.nodes.len();
                if !var.closed && ply == vnext || (!black && vnext % 2 == 1 && n == vnext / 2 + 1) {
                    if let Some(pos) = var.pos.as_ref() {
                        if let Some((moves, used)) = self.read_move(pos, j) {
                            self.push_var(v, None, moves);
                            return j + used;
                        }
                    }
                }
            }
        }
        // A new game at `1.` after a blank line, when the mainline does not go on after it.
        if n == 1
            && !black
            && self.brackets.is_empty()
            && self.para_since_main
            && self.cur.as_ref().is_some_and(|g| g.main.len() >= 4)
            && !self.main_resumes_later(j)
        {
            let keep = (self.cur.clone(), self.pending.clone());
            self.end_game(false);
            if let Some(next) = self.try_start(n, black, &written, j) {
                return next;
            }
            (self.cur, self.pending) = keep;
            if let Some(g) = self.cur.take() {
                if self
                    .games
                    .last()
                    .is_some_and(|l| l.main.len() == g.main.len())
                {
                    self.games.pop();
                }
                self.cur = Some(g);
            }
        }
        // A side line from an earlier move (or from the next one, when the mainline's own
        // move comes later in the text).
        if let Some(g) = self.cur.as_ref() {
            if ply >= g.start_ply {
                let anchor = ply - g.start_ply;
                if anchor < g.main.len() {
                    if let Some(Some(pos)) = g.positions.get(anchor) {
                        let pos = pos.clone();
                        if let Some((moves, used)) = self.read_move(&pos, j) {
                            self.start_var(anchor, pos, moves, used);
                            return j + used;
                        }
                    }
                }
            }
        }
        // The mainline with a number repeated or skipped, or a slip in the move itself.
        if !ended && (n + 1 == en || n == en + 1 || n == en) {
            if let Some(pos) = &main_pos {
                if let Some((moves, used)) = self.read_move(pos, j) {
                    self.push_main(Some(written), moves);
                    return j + used;
                }
            }
            if n == en && (self.ctx == Ctx::Main || self.pending_is_layout()) && looks_like_move(&w)
            {
                let m = main_pos.as_ref().and_then(|p| near_move(p, &w, self.lang));
                if m.is_some() || main_pos.is_none() {
                    self.push_main(Some(written), vec![(w, m)]);
                    return j + 1;
                }
            }
        }
        self.word(raw);
        i + 1
    }

    /// Only layout since the last mainline move (no words): a slip there is still a move.
    fn pending_is_layout(&self) -> bool {
        self.pending.iter().all(|p| matches!(p, Piece::Para))
    }

    /// A game starting with the move numbered `n` at token `j`: from the standard position
    /// (move 1), from the FEN line above it, or from an odds position (`senza il Cb1`).
    fn try_start(&mut self, n: usize, black: bool, written: &str, j: usize) -> Option<usize> {
        let (start, fen) = match self.fen.as_ref() {
            Some(f) => {
                let pos: Chess = f
                    .parse::<Fen>()
                    .ok()?
                    .into_position(CastlingMode::Standard)
                    .ok()?;
                (pos, Some(f.clone()))
            }
            None => {
                if n != 1 || black {
                    return None;
                }
                match self.odds() {
                    Some(pos) => {
                        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
                        (pos, Some(fen))
                    }
                    None => (Chess::default(), None),
                }
            }
        };
        let start_ply =
            2 * (start.fullmoves().get() as usize - 1) + usize::from(start.turn() == Color::Black);
        let ply = 2 * (n.max(1) - 1) + usize::from(black);
        if fen.is_some() && self.fen.is_some() && ply != start_ply && n != start_ply / 2 + 1 {
            return None;
        }
        let (moves, used) = self.read_move(&start, j)?;
        self.end_game(false);
        let mut g = Game::new(start, start_ply, fen);
        g.tags = std::mem::take(&mut self.tags);
        self.fen = None;
        self.cur = Some(g);
        self.push_main(Some(written.to_string()), moves);
        Some(j + used)
    }

    /// `senza il Cb1` (without the knight b1) in the words before the game: the start
    /// position without that piece.
    fn odds(&self) -> Option<Chess> {
        let words: Vec<&str> = self
            .pending
            .iter()
            .filter_map(|p| match p {
                Piece::Word(w) => Some(w.as_str()),
                _ => None,
            })
            .collect();
        let at = words.iter().position(|w| is_without_word(w))?;
        let piece = words[at + 1..]
            .iter()
            .take(3)
            .find(|w| w.len() >= 3 && w.chars().any(|c| c.is_ascii_digit()))?;
        let piece = piece.trim_end_matches(['.', ',', ';', ':', ')']);
        let (rest, wm) = written_move(piece).ok()?;
        if !rest.is_empty() {
            return None;
        }
        let sq = wm.to_square()?;
        let role = match wm.piece {
            Some(l) => self.lang.role_of(l.index)?,
            None => shakmaty::Role::Pawn,
        };
        let start = Chess::default();
        let p = start.board().piece_at(sq)?;
        if p.role != role || role == shakmaty::Role::King {
            return None;
        }
        let mut setup = start.to_setup(EnPassantMode::Legal);
        setup.board.discard_piece_at(sq);
        setup.castling_rights.discard(sq);
        Chess::from_setup(setup, CastlingMode::Standard).ok()
    }

    /// Whether the mainline's move numbered `n` is written again further on (with other
    /// words) and reads at the same position: the text here is a side line, the mainline
    /// comes later (`Se 10. … Cf6 11. e5 vince. 10. … Dxh4`).
    fn resumes_later(
        &self,
        from: usize,
        n: usize,
        pos: &Chess,
        here: &[(String, Option<Move>)],
    ) -> bool {
        let mut k = from;
        while k < self.toks.len() {
            match &self.toks[k] {
                Tok::Tags(_) | Tok::Fen(_) => return false,
                Tok::Num { n: m, .. } if *m as usize == n => {
                    let mut j = k + 1;
                    while let Some(Tok::Ellipsis | Tok::Sep) = self.toks.get(j) {
                        j += 1;
                    }
                    if let Some((moves, _)) = self.read_move(pos, j) {
                        let same = moves.first().map(|m| m.1) == here.first().map(|m| m.1);
                        return !same;
                    }
                }
                Tok::Num { n: 1, .. } if n > 3 => return false,
                _ => {}
            }
            k += 1;
        }
        false
    }

    /// Whether the mainline's next move is written further on (before another game).
    fn main_resumes_later(&self, from: usize) -> bool {
        let Some(g) = self.cur.as_ref() else {
            return false;
        };
        let Some(pos) = g.pos() else { return false };
        let next = g.next_ply();
        let en = next / 2 + 1;
        let mut k = from;
        while k < self.toks.len() {
            match &self.toks[k] {
                Tok::Tags(_) | Tok::Fen(_) => return false,
                Tok::Num { n, .. } if *n as usize == en => {
                    let mut j = k + 1;
                    while let Some(Tok::Ellipsis | Tok::Sep) = self.toks.get(j) {
                        j += 1;
                    }
                    if self.read_move(pos, j).is_some() {
                        return true;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        false
    }

    /// The move (or two moves, `e4-e5` of a hyphen-joined pair) at token `j` read at `pos`:
    /// the word alone, or the word joined with the next two for spaced long algebraic
    /// (`e2 - e4`, `d4 x e5`). Returns the moves as written and how many tokens they took.
    fn read_move(&self, pos: &Chess, j: usize) -> Option<(Moves, usize)> {
        let Some(Tok::Word(w, _)) = self.toks.get(j) else {
            return None;
        };
        if let (Some(Tok::Joiner(c)), Some(Tok::Word(b, _))) =
            (self.toks.get(j + 1), self.toks.get(j + 2))
        {
            let joined = match c {
                'x' | '×' => format!("{w}x{b}"),
                ':' => format!("{w}:{b}"),
                _ => format!("{w}-{b}"),
            };
            if let Some(moves) = read_word(pos, &joined, self.lang) {
                if moves.len() == 1 {
                    return Some((moves, 3));
                }
            }
        }
        read_word(pos, w, self.lang).map(|m| (m, 1))
    }

    fn push_main(&mut self, number: Option<String>, moves: Vec<(String, Option<Move>)>) {
        self.flush(Ctx::Main);
        let Some(g) = self.cur.as_mut() else { return };
        for (k, (text, m)) in moves.into_iter().enumerate() {
            let mut pos = g.pos().cloned();
            match (m, pos.as_mut()) {
                (Some(m), Some(p)) => {
                    p.play_unchecked(m);
                    g.resolved += 1;
                }
                _ => pos = None,
            }
            g.main.push(Node {
                number: if k == 0 { number.clone() } else { None },
                text,
                after: Vec::new(),
            });
            g.positions.push(pos);
        }
        self.ctx = Ctx::Main;
        self.open_var = None;
        self.para_since_main = false;
    }

    fn start_var(
        &mut self,
        anchor: usize,
        pos: Chess,
        moves: Vec<(String, Option<Move>)>,
        used: usize,
    ) {
        let _ = used;
        // A bracket just opened for this line is the variation's own.
        let depth = self.brackets.len();
        if matches!(self.pending.last(), Some(Piece::Open)) {
            self.pending.pop();
        }
        self.flush(Ctx::Main);
        let Some(g) = self.cur.as_mut() else { return };
        let v = g.vars.len();
        g.vars.push(Var {
            first_ply: g.start_ply + anchor,
            nodes: Vec::new(),
            pos: Some(pos),
            depth,
            closed: false,
        });
        if let Some(node) = g.main.get_mut(anchor) {
            node.after.push(Item::Var(v));
        }
        self.open_var = Some(v);
        self.push_var(v, None, moves);
    }

    fn push_var(&mut self, v: usize, number: Option<String>, moves: Vec<(String, Option<Move>)>) {
        self.flush(Ctx::Var(v));
        let Some(g) = self.cur.as_mut() else { return };
        let Some(var) = g.vars.get_mut(v) else { return };
        for (text, m) in moves {
            if let (Some(m), Some(p)) = (m, var.pos.as_mut()) {
                p.play_unchecked(m);
                g.resolved += 1;
            }
            var.nodes.push(Node {
                number: number.clone(),
                text,
                after: Vec::new(),
            });
        }
        self.ctx = Ctx::Var(v);
        self.open_var = Some(v);
    }

    /// The words read since the last move, as a comment where `to` says: after the last
    /// move of the mainline (or before its first), or of a variation.
    fn flush(&mut self, to: Ctx) {
        if self.pending.is_empty() {
            return;
        }
        let text = pieces_text(&self.pending);
        self.pending.clear();
        if text.is_empty() {
            return;
        }
        let Some(g) = self.cur.as_mut() else {
            // Before any game: kept for the next game's lead.
            self.pending.push(Piece::Word(text));
            return;
        };
        let target = match to {
            Ctx::Var(v) => g
                .vars
                .get_mut(v)
                .and_then(|var| var.nodes.last_mut())
                .map(|n| &mut n.after),
            _ => None,
        };
        let items = match target {
            Some(t) => t,
            None => match g.main.last_mut() {
                Some(n) => &mut n.after,
                None => &mut g.lead,
            },
        };
        items.push(Item::Comment(text));
    }

    /// Ends the current game. The words read since its last move go with it up to the last
    /// blank line; those after it (a title, an introduction) go to the next game.
    fn end_game(&mut self, at_end: bool) {
        let Some(g) = self.cur.take() else { return };
        let cut = if at_end {
            self.pending.len()
        } else {
            self.pending
                .iter()
                .rposition(|p| matches!(p, Piece::Para))
                .unwrap_or(0)
        };
        let rest = self.pending.split_off(cut);
        self.cur = Some(g);
        self.flush(Ctx::Main);
        self.pending = rest;
        if let Some(g) = self.cur.take() {
            if !g.main.is_empty() {
                self.games.push(g);
            }
        }
        self.ctx = Ctx::None;
        self.open_var = None;
        self.brackets.clear();
        if at_end && !self.pending.is_empty() {
            // Words after the last game: a comment at its end.
            let text = pieces_text(&self.pending);
            self.pending.clear();
            if let Some(g) = self.games.last_mut() {
                if !text.is_empty() {
                    match g.main.last_mut() {
                        Some(n) => n.after.push(Item::Comment(text)),
                        None => g.lead.push(Item::Comment(text)),
                    }
                }
            }
        }
    }
}

fn pieces_text(pieces: &[Piece]) -> String {
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

fn has_digit(w: &str) -> bool {
    w.chars().any(|c| c.is_ascii_digit())
}

/// A word shaped like a move though it may not read as one (a slip for `--repair`):
/// short, of the characters of moves, with a digit, a castling, two files (`dc`), or a
/// hyphen between letters (`Tf-dl`).
fn looks_like_move(w: &str) -> bool {
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
fn read_word(pos: &Chess, word: &str, lang: &Language) -> Option<Vec<(String, Option<Move>)>> {
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
fn without_taken_piece(w: &str) -> Option<String> {
    let b = w.as_bytes();
    let at = b.iter().position(|&c| matches!(c, b'x' | b':'))?;
    let letter = *b.get(at + 1)?;
    let file = *b.get(at + 2)?;
    let rank = *b.get(at + 3)?;
    (letter.is_ascii_uppercase() && (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank))
        .then(|| format!("{}{}", &w[..at + 1], &w[at + 2..]))
}

/// One word read as exactly one legal move at `pos`.
fn one_move(pos: &Chess, w: &str, lang: &Language) -> Option<Move> {
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
fn near_move(pos: &Chess, w: &str, lang: &Language) -> Option<Move> {
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
fn localise(san: &str, lang: &Language) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The PGN with its white space made single spaces (lines are wrapped at 79).
    fn flat(text: &str) -> String {
        to_pgn(text)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn a_scoresheet_with_header_lines_is_not_running_text() {
        // The Quick start's sample: its header lines (`Torneo: Campionato sociale`, names,
        // places) made a fifth of its words, and the hint to use `--prose` was printed.
        let sample = include_str!("../../corpora/samples/italiano.txt");
        assert!(!looks_like_prose(sample));
        let article = include_str!("../../corpora/prose/marshall-gold-coins.txt");
        assert!(looks_like_prose(article));
        assert!(is_key_value_line("Bianco: Rossi, Mario"));
        assert!(is_key_value_line("Luogo: Milano"));
        assert!(!is_key_value_line("1. e4 e5"));
        assert!(!is_key_value_line("Nota:"));
    }

    #[test]
    fn italian_column_layout() {
        let pgn = flat("1 e4, e5; 2 Cf3, Cc6; 3 Ac4, Ac5; 4 b4, A:b4; 5 c3, Aa5;\n");
        assert!(
            pgn.contains("1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. b4 A:b4 5. c3 Aa5 {--prose: the text stops here, without a result} *"),
            "{pgn}"
        );
    }

    #[test]
    fn hyphen_pairs_and_spaced_long_algebraic() {
        let pgn = flat("1.e4-e5; 2.f4-exf4; 3.Ac4-Dh4+;\n");
        assert!(pgn.contains("1. e4 e5 2. f4 exf4 3. Ac4 Dh4+"), "{pgn}");
        let pgn = flat("1.e2 - e4, e7 - e5 2.d2 - d4, e5 x d4\n");
        assert!(pgn.contains("1. e2-e4 e7-e5 2. d2-d4 e5xd4"), "{pgn}");
    }

    #[test]
    fn commentary_and_side_lines() {
        let text = "Partita di prova.\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6\n\nSiamo nella spagnola. \
            Se 3. … Cf6 4. 0-0 si entra nella berlinese.\n\n4. Aa4 Cf6 5. 0-0 Ae7 1-0\n";
        let pgn = flat(text);
        assert!(pgn.contains("{Partita di prova.} 1. e4"), "{pgn}");
        assert!(
            pgn.contains("3. Ab5 a6 {Siamo nella spagnola. Se} ( 3... Cf6 4. 0-0 ) {si entra nella berlinese.} 4. Aa4"),
            "{pgn}"
        );
        assert!(pgn.contains("5. 0-0 Ae7 1-0"), "{pgn}");
    }

    #[test]
    fn titles_give_tags_and_resignation_gives_result() {
        let text = "MAYET – ANDERSSEN\n1. e4 e5 2. Cf3 Cc6 3. Ab5 Cf6\nIl Nero abbandona.\n";
        let pgn = flat(text);
        assert!(pgn.contains("[White \"MAYET\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    }

    #[test]
    fn pieces_taken_by_name_and_sentences_glued_to_numbers() {
        assert_eq!(without_taken_piece("CxAf7").as_deref(), Some("Cxf7"));
        assert_eq!(without_taken_piece("gxAf3").as_deref(), Some("gxf3"));
        assert_eq!(without_taken_piece("Cxf7"), None);
        let pgn = flat(
            "Una miniatura esclamativo.1) e4, e5, 2) Cf3, d6 3) Ac4, Ag4 4) Cc3, g6 5) CxPe5 1-0\n",
        );
        assert!(
            pgn.contains("{Una miniatura esclamativo.} 1. e4 e5 2. Cf3 d6"),
            "{pgn}"
        );
        assert!(pgn.contains("5. Cxe5 1-0"), "{pgn}");
    }

    #[test]
    fn no_game_gives_the_text_back() {
        assert_eq!(to_pgn("Nessuna partita qui."), "Nessuna partita qui.");
    }
}
