//! A game found in the text, and how it is written out as PGN: moves, comments at their
//! places, side lines as variations, wrapped at 79 columns.

use super::*;
/// Moves as written, each with the legal move it was read as (none past a slip no legal
/// move reads).
pub(super) type Moves = Vec<(String, Option<Move>)>;

/// A move as written, the comments and variations after it.
#[derive(Debug, Clone, Default)]
pub(super) struct Node {
    /// The move number written before it, for the mainline (`l.` kept for `--repair`).
    pub(super) number: Option<String>,
    pub(super) text: String,
    pub(super) after: Vec<Item>,
}

#[derive(Debug, Clone)]
pub(super) enum Item {
    Comment(String),
    Var(usize),
}

/// A side line: it replaces the mainline's move `anchor` (index into the mainline).
#[derive(Debug, Clone)]
pub(super) struct Var {
    /// The absolute ply of its first move (0: White's first move of the standard start).
    pub(super) first_ply: usize,
    pub(super) nodes: Vec<Node>,
    pub(super) pos: Option<Chess>,
    /// The bracket depth it opened at (0: inline in the commentary).
    pub(super) depth: usize,
    pub(super) closed: bool,
}

#[derive(Debug, Clone)]
pub(super) struct Game {
    pub(super) tags: Vec<(String, String)>,
    pub(super) fen: Option<String>,
    pub(super) start_ply: usize,
    pub(super) lead: Vec<Item>,
    pub(super) main: Vec<Node>,
    /// Position before each mainline move, and after the last (None once a slip that no
    /// legal move reads has been passed: the moves after it are taken by their shape).
    pub(super) positions: Vec<Option<Chess>>,
    pub(super) vars: Vec<Var>,
    pub(super) result: Option<&'static str>,
    /// A result or a resignation was read: the mainline is over.
    pub(super) ended: bool,
    /// Moves (mainline and variations) that replayed as written.
    pub(super) resolved: usize,
}

impl Game {
    pub(super) fn new(start: Chess, start_ply: usize, fen: Option<String>) -> Game {
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

    pub(super) fn pos(&self) -> Option<&Chess> {
        self.positions.last().and_then(Option::as_ref)
    }

    /// The absolute ply of the next mainline move.
    pub(super) fn next_ply(&self) -> usize {
        self.start_ply + self.main.len()
    }

    pub(super) fn write(&self, out: &mut String) {
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
    pub(super) fn mate_result(&self) -> Option<&'static str> {
        let pos = self.pos()?;
        if pos.is_stalemate() {
            return Some(GameResult::Draw.as_str());
        }
        pos.is_checkmate()
            .then(|| GameResult::win(!pos.turn()).as_str())
    }
}

pub(super) fn write_items(items: &[Item], game: &Game, words: &mut Vec<String>) -> bool {
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

pub(super) fn write_line(
    nodes: &[Node],
    first_ply: usize,
    game: &Game,
    main: bool,
    words: &mut Vec<String>,
) {
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
pub(super) fn wrap(words: &[String], out: &mut String) {
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
