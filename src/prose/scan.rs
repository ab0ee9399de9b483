//! The scan of the text: token by token, telling moves from words, starting and ending
//! games, keeping every word at its place.

use super::*;
/// What the words before the next move are to: prose piece by piece, blank lines marked.
#[derive(Debug, Clone)]
pub(super) enum Piece {
    Word(String),
    Para,
    Open,
}

/// Where a move just read went: the text right after it may go on with the next move
/// unnumbered (Black's reply, a one-move-per-line layout).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Ctx {
    None,
    Main,
    Var(usize),
}

pub(super) struct Scan<'t> {
    pub(super) toks: &'t [Tok],
    pub(super) lang: &'static Language,
    pub(super) games: Vec<Game>,
    pub(super) cur: Option<Game>,
    pub(super) pending: Vec<Piece>,
    pub(super) tags: Vec<(String, String)>,
    pub(super) fen: Option<String>,
    pub(super) ctx: Ctx,
    /// Context before each open bracket, restored when it closes.
    pub(super) brackets: Vec<Ctx>,
    pub(super) open_var: Option<usize>,
    /// A blank line since the last mainline move.
    pub(super) para_since_main: bool,
}

impl<'t> Scan<'t> {
    pub(super) fn new(toks: &'t [Tok], lang: &'static Language) -> Scan<'t> {
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

    pub(super) fn run(mut self) -> Vec<Game> {
        let mut i = 0;
        while i < self.toks.len() {
            i = self.step(i);
        }
        self.end_game(true);
        self.games
    }

    /// Reads the token at `i`; returns the index of the next one to read.
    pub(super) fn step(&mut self, i: usize) -> usize {
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

    pub(super) fn var_depth(&self, v: usize) -> Option<usize> {
        self.cur.as_ref()?.vars.get(v).map(|var| var.depth)
    }

    /// Right after `(`: an unnumbered move there is an alternative to the last mainline
    /// move (`12. Cf3 (Cc3 …)`), or to the last move of the open variation.
    pub(super) fn after_open(&mut self, j: usize) -> usize {
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
    pub(super) fn word_at(&mut self, i: usize, w: String, raw: String) -> usize {
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
    pub(super) fn result_word(&mut self, w: &str) -> bool {
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

    pub(super) fn word(&mut self, w: String) {
        self.pending.push(Piece::Word(w));
        self.ctx = Ctx::None;
    }

    pub(super) fn mark_last(&mut self, mark: &str) {
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

    pub(super) fn main_pos(&self) -> Option<Chess> {
        self.cur.as_ref().and_then(|g| g.pos().cloned())
    }

    pub(super) fn next_is_black(&self) -> bool {
        self.cur.as_ref().is_some_and(|g| g.next_ply() % 2 == 1)
    }

    /// A move number at `i`: the mainline goes on, a variation starts or goes on, a new
    /// game starts, or it is a number in the prose.
    pub(super) fn number(&mut self, i: usize) -> usize {
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
    pub(super) fn pending_is_layout(&self) -> bool {
        self.pending.iter().all(|p| matches!(p, Piece::Para))
    }

    /// A game starting with the move numbered `n` at token `j`: from the standard position
    /// (move 1), from the FEN line above it, or from an odds position (`senza il Cb1`).
    pub(super) fn try_start(
        &mut self,
        n: usize,
        black: bool,
        written: &str,
        j: usize,
    ) -> Option<usize> {
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
    pub(super) fn odds(&self) -> Option<Chess> {
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
    pub(super) fn resumes_later(
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
    pub(super) fn main_resumes_later(&self, from: usize) -> bool {
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
    pub(super) fn read_move(&self, pos: &Chess, j: usize) -> Option<(Moves, usize)> {
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

    pub(super) fn push_main(&mut self, number: Option<String>, moves: Vec<(String, Option<Move>)>) {
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

    pub(super) fn start_var(
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

    pub(super) fn push_var(
        &mut self,
        v: usize,
        number: Option<String>,
        moves: Vec<(String, Option<Move>)>,
    ) {
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
    pub(super) fn flush(&mut self, to: Ctx) {
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
    pub(super) fn end_game(&mut self, at_end: bool) {
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
