//! The walk over a game's tokens: the mainline and every variation, move numbers, comments,
//! draw offers and the result, feeding both the findings and the export events.

use super::*;

pub(super) struct Game<'a> {
    pub(super) text: &'a str,
    pub(super) parsed: &'a ParsedGame,
    pub(super) at: Locator<'a>,
    pub(super) start: Chess,
    pub(super) mode: CastlingMode,
    pub(super) policy: IllegalPolicy,
    pub(super) strict_notation: bool,
    /// The game starts from a `[FEN]`, whose move number is often not the one written.
    pub(super) from_fen: bool,
    /// The common case of a ply played by its own short path (`play_plain`); off only in
    /// the tests that hold it against the general path.
    pub(super) plain: bool,
    /// The language was given (`--lang it`), not decided from the game: a piece letter it
    /// does not have is read as English where that reads as a legal move (see
    /// [`Game::other_language_letter`]).
    pub(super) lang_given: bool,
}

thread_local! {
    /// Whether games replayed on this thread take the short path for plain plies.
    pub(super) static PLAIN_PATH: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// What a replay gathers.
pub(super) struct Acc {
    pub(super) findings: Vec<Finding>,
    /// Bad moves met so far, for [`Ranking`].
    pub(super) ranked: u32,
    pub(super) irregular_from: Option<u32>,
    /// The moves of `plies` without the null moves, kept as they are played: derived from
    /// `plies` at the end instead, bulk validation counted 4% more instructions.
    pub(super) mainline: Vec<Move>,
    /// Every mainline ply (null moves too) with the position after it.
    pub(super) plies: Vec<laws::Ply>,
    pub(super) mainline_at: Vec<usize>,
    pub(super) events: Option<Vec<GameEvent>>,
}

/// The most bad moves of one game (each stops its line, so there is one per variation at
/// most) whose suggestions are ranked by replaying the rest of the line after each of them;
/// later ones on the mainline are ranked by their text alone, later ones in variations get
/// none (only the first ten of a kind are listed: see [`crate::finding::MAX_REPEATED`]).
/// Without it a file of many broken variations took time quadratic in its length.
pub(super) const MAX_RANKED_BAD_MOVES: u32 = 32;

/// How the suggestions for a bad move are ranked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ranking {
    /// By how far the rest of the line replays after each, then by text.
    ByRest,
    /// By text alone.
    ByText,
    /// No suggestions.
    Unsuggested,
}

impl Acc {
    /// How to rank the suggestions for the next bad move, on a line at `depth`.
    /// [`Self::ranking`] when suggestions are asked for at all.
    pub(super) fn ranking_if(&mut self, suggestions: bool, depth: u32) -> Ranking {
        if suggestions {
            self.ranking(depth)
        } else {
            Ranking::Unsuggested
        }
    }

    pub(super) fn ranking(&mut self, depth: u32) -> Ranking {
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
    pub(super) fn emit(&mut self, line: &Line, event: impl FnOnce() -> GameEvent) {
        if let Some(events) = self.events.as_mut() {
            if !line.dead && !line.silent {
                events.push(event());
            }
        }
    }

    /// A move `m` just played on the mainline, written at `at`, with the position `after` it
    /// (for the Laws).
    #[inline(always)]
    pub(super) fn keep_on_mainline(&mut self, m: Move, after: &Chess, at: At) {
        crate::lists::push_made(&mut self.mainline, || m);
        crate::lists::push_made(&mut self.plies, || laws::Ply {
            mv: Some(m),
            after: after.clone(),
        });
        crate::lists::push_made(&mut self.mainline_at, || at.offset);
    }

    /// Replay of `line` stops at `offset`.
    pub(super) fn stop(&mut self, line: &mut Line, offset: usize, message: &str) {
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
    pub(super) fn close(&mut self, line: &Line, end: usize) {
        if let (Some(events), Some(i)) = (self.events.as_mut(), line.stop_event) {
            if let Some(GameEvent::Stop { end: e, .. }) = events.get_mut(i) {
                *e = end;
            }
        }
    }
}

/// One line of play being replayed: the mainline or a variation.
pub(super) struct Line {
    pub(super) pos: Chess,
    /// The position before the last move played on this line, kept for a variation's line
    /// only: the mainline's is found among the positions kept for the Laws
    /// ([`Game::before`]; what a null move or an illegal move that stands leaves here on the
    /// mainline is not read).
    pub(super) before: Option<Chess>,
    pub(super) ply: u32,
    /// Replay of this line stopped at an error.
    pub(super) dead: bool,
    /// Move tokens seen on this line since it stopped.
    pub(super) moves_since_dead: u32,
    pub(super) last_move: Option<Move>,
    pub(super) depth: u32,
    /// A variation of a line that had already stopped: nothing of it is exported.
    pub(super) silent: bool,
    /// Index of this line's `Stop` event.
    pub(super) stop_event: Option<usize>,
    /// The number of the last move played on this line, and of the one before it.
    pub(super) numbering: Option<Label>,
    pub(super) numbering_before: Option<Label>,
    /// Where the last move played on this line is written.
    pub(super) last_at: Option<At>,
    /// A move number written and not yet followed by its move.
    pub(super) pending_number: Option<WrittenNumber>,
    /// A numbering slip that says a move may be missing, for the explanation of an error
    /// soon after it: the last ply it concerns, and the words.
    pub(super) missing_note: Option<(u32, Message)>,
}

impl Line {
    pub(super) fn new(pos: Chess, ply: u32, dead: bool, depth: u32, silent: bool) -> Line {
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
    pub(super) fn expected_number(&self) -> u32 {
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
    pub(super) fn next_label(&self) -> Label {
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
    pub(super) fn advance(&mut self, label: Label, at: At) {
        self.numbering_before = self.numbering.replace(label);
        self.last_at = Some(at);
    }

    /// `m` was just played on this line as the move numbered `numbered`, written at `at`: the
    /// line's count and numbering move on (a mainline move is also kept:
    /// [`Acc::keep_on_mainline`]).
    #[inline(always)]
    pub(super) fn played(&mut self, m: Move, numbered: Label, at: At) {
        self.ply += 1;
        self.last_move = Some(m);
        self.advance(numbered, at);
    }

    /// The words of a numbering slip for an error at `ply`, if the slip was just before it.
    /// Add to a bad move's message the note that a move seems missing, when one stands.
    pub(super) fn add_missing_note(&mut self, ply: u32, f: &mut Finding) {
        if let Some(note) = self.take_missing_note(ply) {
            f.then(note);
        }
    }

    /// The numbering slip's note, if it concerns `ply` (it is said once).
    pub(super) fn take_missing_note(&mut self, ply: u32) -> Option<Message> {
        self.missing_note
            .take()
            .filter(|(until, _)| ply <= *until)
            .map(|(_, note)| note)
    }
}

pub(super) struct Outcome {
    pub(super) plies: u32,
    /// No error on the mainline.
    pub(super) clean: bool,
    pub(super) final_pos: Chess,
    pub(super) findings: Vec<Finding>,
    pub(super) irregular_from: Option<u32>,
    pub(super) result: Option<GameResult>,
    pub(super) mainline: Vec<Move>,
    pub(super) mainline_plies: Vec<laws::Ply>,
    /// Byte offset of each mainline ply's text.
    pub(super) mainline_at: Vec<usize>,
}

/// What one pass of the walk over a game looks for beyond the moves, handed down whole: the
/// language it reads the moves in, the notation findings, ranked suggestions for a bad
/// move, and the game as events (for export).
#[derive(Clone, Copy)]
pub(super) struct Pass {
    pub(super) lang: &'static Language,
    pub(super) notation: bool,
    pub(super) suggestions: bool,
    pub(super) events: bool,
}

/// Where a move is: its token, and which move of the token's reading.
#[derive(Clone, Copy)]
pub(super) struct At {
    pub(super) token: usize,
    /// Byte offset of the move's text in the game text.
    pub(super) offset: usize,
    pub(super) len: usize,
}

thread_local! {
    /// The mainline's plies and their offsets of a game replayed on this thread, emptied,
    /// for the next replay's: no two lists of a position per ply allocated and freed each
    /// time.
    static SPARE_PLIES: std::cell::Cell<(Vec<laws::Ply>, Vec<usize>)> =
        const { std::cell::Cell::new((Vec::new(), Vec::new())) };
}

impl Outcome {
    /// Done with this outcome: its lists serve the next replay on this thread (those grown
    /// for a very long game are let go).
    pub(super) fn recycle(self) {
        let (mut plies, mut at) = (self.mainline_plies, self.mainline_at);
        if plies.capacity() <= 2048 && at.capacity() <= 2048 {
            plies.clear();
            at.clear();
            SPARE_PLIES.with(|spare| spare.set((plies, at)));
        }
    }
}

impl<'a> Game<'a> {
    pub(super) fn replay(&self, lang: &'static Language, notation: bool) -> Outcome {
        self.run(lang, notation, false)
    }

    pub(super) fn replay_with_suggestions(&self, lang: &'static Language) -> Outcome {
        self.run(lang, true, true)
    }

    /// The position before the last move played on `line`, if one was played: a
    /// variation's own copy, the mainline's from the positions kept for the Laws (one a ply,
    /// null and irregular moves too, from the start).
    pub(super) fn before<'s>(&'s self, line: &'s Line, acc: &'s Acc) -> Option<&'s Chess> {
        if line.depth > 0 {
            return line.before.as_ref();
        }
        // Each mainline ply, null and irregular moves too, is kept as it is counted.
        debug_assert_eq!(acc.plies.len(), line.ply as usize);
        match line.ply {
            0 => None,
            1 => Some(&self.start),
            ply => acc.plies.get(ply as usize - 2).map(|p| &p.after),
        }
    }

    pub(super) fn written_text(&self, at: At) -> &str {
        self.text.get(at.offset..at.offset + at.len).unwrap_or("")
    }

    pub(super) fn locate(&self, offset: usize) -> (u64, u64) {
        self.at.locate(offset)
    }

    pub(super) fn finding(
        &self,
        kind: Kind,
        ply: u32,
        at_offset: usize,
        message: Message,
        line: &Line,
    ) -> Finding {
        let mut f = Finding::said(kind, ply, message);
        let (l, c) = self.locate(at_offset);
        f.line = l;
        f.column = c;
        if line.depth > 0 {
            f.variation = Some(line.depth);
        }
        f
    }

    /// A `structure` finding (warning severity) with its reason.
    pub(super) fn structure(
        &self,
        line: &Line,
        at: usize,
        reason: StructureReason,
        message: Message,
    ) -> Finding {
        let mut f = self.finding(Kind::Structure, line.ply, at, message, line);
        f.reason = Some(reason.into());
        f
    }

    /// A comment token as an event: its text without braces (or `;`).
    pub(super) fn comment_event(&self, token: &Token) -> GameEvent {
        let raw = self.text.get(token.start..token.end).unwrap_or("");
        let body = raw
            .strip_prefix('{')
            .map(|b| b.strip_suffix('}').unwrap_or(b))
            .or_else(|| raw.strip_prefix(';'))
            .unwrap_or(raw);
        GameEvent::Comment(body.trim().to_string())
    }

    /// The core loop over the movetext tokens.
    pub(super) fn run(
        &self,
        lang: &'static Language,
        notation: bool,
        suggestions: bool,
    ) -> Outcome {
        let pass = Pass {
            lang,
            notation,
            suggestions,
            events: false,
        };
        self.run_with(pass).0
    }

    /// The core loop over the movetext tokens; with `events`, also the game as a sequence of
    /// resolved events (for export). Each kind of token has its own method.
    pub(super) fn run_with(&self, pass: Pass) -> (Outcome, Vec<GameEvent>) {
        let tokens = &self.parsed.tokens;
        // Room for the mainline's plies at once (fewer than the tokens, which also hold move
        // numbers; capped for games that are mostly variations).
        let room = tokens.len().min(1024);
        let (mut plies, mut mainline_at) = SPARE_PLIES.with(std::cell::Cell::take);
        plies.reserve(room);
        mainline_at.reserve(room);
        let mut walk = Walk {
            lines: Lines::new(Line::new(self.start.clone(), 0, false, 0, false)),
            acc: Acc {
                findings: Vec::new(),
                irregular_from: None,
                mainline: Vec::with_capacity(room),
                plies,
                mainline_at,
                events: pass.events.then(Vec::new),
                ranked: 0,
            },
            result: None,
            result_at: None,
            consumed_promotion: usize::MAX,
            consumed_mark: usize::MAX,
        };
        let mut cap_at = 4 * crate::finding::MAX_REPEATED;
        // Before each token, as the findings stand (the plain run adds none but at its last
        // token: checked before it and after it is the same as before each of its tokens).
        let mut cap = |findings: &mut Vec<Finding>| {
            if findings.len() >= cap_at {
                // Memory stays in proportion to what is listed, however many findings repeat.
                crate::finding::cap_repeated(findings);
                cap_at = cap_at.max(2 * findings.len());
            }
        };
        let mut i = 0;
        while i < tokens.len() {
            cap(&mut walk.acc.findings);
            i = self.plain_run(i, pass, &mut walk);
            let Some(token) = tokens.get(i) else {
                break;
            };
            cap(&mut walk.acc.findings);
            self.token(i, token, pass, &mut walk);
            i += 1;
        }
        self.finish(walk, pass)
    }

    /// The tokens from `i` on that are move numbers and moves of the live mainline, played
    /// as [`Self::token`] plays them, in a loop of their own (most tokens of most games):
    /// the index of the first token left for [`Self::token`]. A move the attack tables do
    /// not settle plainly is played by [`Self::play_general`] here, and the loop ends after
    /// it (the line may have stopped, a finding been added). No finding is added on the
    /// plain path, so the cap on repeated findings is checked by the caller before the next
    /// token as before.
    #[inline(always)]
    fn plain_run(&self, mut i: usize, pass: Pass, walk: &mut Walk) -> usize {
        let tokens = &self.parsed.tokens;
        if !self.plain || walk.acc.events.is_some() || !walk.lines.in_mainline() {
            return i;
        }
        let line = &mut *walk.lines.main;
        let acc = &mut walk.acc;
        while let Some(token) = tokens.get(i) {
            if line.dead {
                break;
            }
            match &token.kind {
                TokenKind::MoveNumber { number, black } => {
                    line.pending_number = Some(WrittenNumber {
                        number: *number,
                        black: *black,
                        start: token.start,
                        end: token.end,
                    });
                }
                TokenKind::Move(w)
                    if !matches!(
                        tokens.get(i + 1).map(|t| &t.kind),
                        Some(TokenKind::PromotionLetter(_) | TokenKind::EnPassantMark)
                    ) =>
                {
                    let at = At {
                        token: i,
                        offset: token.start,
                        len: token.end - token.start,
                    };
                    if let Err(settled) =
                        self.play_plain(line, w, at, pass.lang, pass.notation, acc)
                    {
                        let written = Written { w, at, rest: &[] };
                        self.play_general(line, written, pass, acc, settled);
                        return i + 1;
                    }
                }
                _ => break,
            }
            i += 1;
        }
        i
    }

    /// One token of the movetext.
    #[inline]
    fn token(&self, i: usize, token: &Token, pass: Pass, walk: &mut Walk) {
        let notation = pass.notation;
        match &token.kind {
            TokenKind::Move(w) => self.move_token(i, token, w, pass, walk),
            TokenKind::Run(readings) => self.run_token(i, token, readings, pass, walk),
            TokenKind::PromotionLetter(_) if walk.consumed_promotion == i => {}
            TokenKind::Unreadable | TokenKind::PromotionLetter(_)
                if walk.result.is_some() && walk.lines.in_mainline() =>
            {
                if notation {
                    self.after_result(token, walk);
                }
            }
            TokenKind::Unreadable | TokenKind::PromotionLetter(_) => self.unreadable(token, walk),
            TokenKind::EnPassantMark if walk.consumed_mark == i => {}
            TokenKind::EnPassantMark => self.en_passant_mark(token, notation, walk),
            TokenKind::DrawOffer => self.draw_offer(token, notation, walk),
            TokenKind::VariationStart => self.variation_start(token, notation, walk),
            TokenKind::VariationEnd => self.variation_end(token, notation, walk),
            TokenKind::Comment | TokenKind::UnterminatedComment if notation => {
                self.comment(token, walk)
            }
            TokenKind::UnterminatedComment => {}
            TokenKind::Result(r) => {
                if walk.lines.in_mainline() {
                    if walk.result.is_none() {
                        walk.result_at = Some(token.start);
                    }
                    walk.result = Some(*r);
                }
            }
            TokenKind::Comment => {
                let line = walk.lines.current();
                walk.acc.emit(line, || self.comment_event(token));
            }
            TokenKind::Nag(n) => {
                let line = walk.lines.current();
                walk.acc.emit(line, || GameEvent::Nag(*n));
            }
            TokenKind::Escape => {
                let line = walk.lines.current();
                let raw = self.text.get(token.start..token.end).unwrap_or("");
                walk.acc
                    .emit(line, || GameEvent::Escape(raw.trim_end().to_string()));
            }
            TokenKind::MoveNumber { number, black } => {
                walk.lines.current_mut().pending_number = Some(WrittenNumber {
                    number: *number,
                    black: *black,
                    start: token.start,
                    end: token.end,
                });
            }
        }
    }

    /// A move written as one word, with a promotion letter or an `e.p.` written apart after
    /// it.
    #[inline]
    fn move_token(&self, i: usize, token: &Token, w: &WrittenMove, pass: Pass, walk: &mut Walk) {
        // The word as written, copied only where the next token belongs to it.
        let joined;
        let w = match self.parsed.tokens.get(i + 1).map(|t| &t.kind) {
            Some(TokenKind::PromotionLetter(l)) if w.promotion.is_none() => {
                walk.consumed_promotion = i + 1;
                joined = WrittenMove {
                    promotion: Some(*l),
                    promotion_style: PromotionStyle::Spaced,
                    ..*w
                };
                &joined
            }
            Some(TokenKind::EnPassantMark) => {
                // `exd6 e.p.`: the mark apart is the move's mark.
                walk.consumed_mark = i + 1;
                joined = WrittenMove {
                    en_passant_mark: true,
                    ..*w
                };
                &joined
            }
            _ => w,
        };
        let at = At {
            token: i,
            offset: token.start,
            len: token.end - token.start,
        };
        let written = Written { w, at, rest: &[] };
        self.play_written(walk.lines.current_mut(), written, pass, &mut walk.acc);
    }

    /// Moves written without spaces between them (`e4e5Cf3`): the reading that replays best,
    /// each of its moves in turn.
    fn run_token(
        &self,
        i: usize,
        token: &Token,
        readings: &[Vec<WrittenMove>],
        pass: Pass,
        walk: &mut Walk,
    ) {
        let line = walk.lines.current();
        let reading = if line.dead {
            &readings[0]
        } else {
            self.choose_reading(&line.pos, readings, pass.lang)
        };
        let mut offset = token.start;
        for (k, w) in reading.iter().enumerate() {
            let at = At {
                token: i,
                offset,
                len: usize::from(w.len),
            };
            offset += usize::from(w.len);
            let written = Written {
                w,
                at,
                rest: &reading[k + 1..],
            };
            self.play_written(walk.lines.current_mut(), written, pass, &mut walk.acc);
        }
    }

    /// Junk after the game's result (a NUL, a stray word) spoils no move.
    fn after_result(&self, token: &Token, walk: &mut Walk) {
        let text = self.text.get(token.start..token.end).unwrap_or("");
        let line = walk.lines.main();
        let mut f = self.finding(
            Kind::Structure,
            line.ply,
            token.start,
            Message::new("text_after_result").text("text", clip(text).escape_debug()),
            line,
        );
        f.reason = Some(StructureReason::TextAfterResult.into());
        walk.acc.findings.push(f);
    }

    /// Text where a move should be that no rule of the grammar reads: the line stops.
    fn unreadable(&self, token: &Token, walk: &mut Walk) {
        let line = walk.lines.current_mut();
        if line.dead {
            line.moves_since_dead += 1;
            return;
        }
        let text = self.text.get(token.start..token.end).unwrap_or("");
        let written = clip(text).escape_debug().to_string();
        // A letter of another script looks on screen like the Latin one it stands for:
        // without its name the message would make no sense.
        let message = match crate::notation::look_alike::first_in(text) {
            Some(l) => Message::new("unreadable_look_alike")
                .text("text", written)
                .text("letter", l.letter)
                .text("code_point", l.code_point)
                .text("name", l.name)
                .text("latin", l.latin),
            None => Message::new("unreadable").text("text", written),
        };
        let mut f = self.finding(
            Kind::UnreadableMove,
            line.ply + 1,
            token.start,
            message,
            line,
        );
        f.move_text = Some(line.next_label().with(clip(text)));
        line.pending_number = None;
        line.add_missing_note(line.ply + 1, &mut f);
        walk.acc.stop(line, token.start, &f.message);
        walk.acc.findings.push(f);
    }

    /// An `e.p.` apart from any move that takes en passant.
    fn en_passant_mark(&self, token: &Token, notation: bool, walk: &mut Walk) {
        let line = walk.lines.current();
        if notation
            && self.strict_notation
            && !line.dead
            && !matches!(line.last_move, Some(Move::EnPassant { .. }))
        {
            let mut f = self.finding(
                Kind::Notation,
                line.ply,
                token.start,
                Message::new(NotationReason::EnPassantMarkOnOtherMove.message_id()),
                line,
            );
            f.reason = Some(NotationReason::EnPassantMarkOnOtherMove.into());
            walk.acc.findings.push(f);
        }
    }

    /// `(=)`: a draw offer with the move just made.
    fn draw_offer(&self, token: &Token, notation: bool, walk: &mut Walk) {
        let line = walk.lines.current();
        walk.acc.emit(line, || GameEvent::DrawOffer);
        if notation && line.depth == 0 && !line.dead {
            // The offer goes with the move just made: by the side not to move.
            let side = Side::from(!line.pos.turn());
            let mut f = self.finding(
                Kind::DrawOffer,
                line.ply,
                token.start,
                Message::new("draw_offer").word("side", side.name()),
                line,
            );
            f.article = Some(Kind::DrawOffer.article());
            f.side = Some(side);
            // The offer is recorded with the move it was made with.
            f.move_text = line
                .numbering
                .zip(line.last_at)
                .map(|(label, at)| label.with(self.written_text(at)));
            walk.acc.findings.push(f);
        }
    }

    /// `(`: a variation starts from the position before the line's last move.
    fn variation_start(&self, token: &Token, notation: bool, walk: &mut Walk) {
        let parent = walk.lines.current();
        let acc = &mut walk.acc;
        let (pos, ply, dead) = if parent.dead {
            if parent.moves_since_dead == 0 {
                // The variation replaces the move that failed.
                (parent.pos.clone(), parent.ply, false)
            } else {
                (parent.pos.clone(), parent.ply, true)
            }
        } else {
            match self.before(parent, acc) {
                Some(b) => (b.clone(), parent.ply.saturating_sub(1), false),
                None => (parent.pos.clone(), parent.ply, false),
            }
        };
        let numbering = if parent.dead || self.before(parent, acc).is_none() {
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
                Message::new("variation_too_deep").text("depth", MAX_VARIATION_DEPTH),
                parent,
            );
            f.severity = Severity::Error;
            f.reason = Some(StructureReason::VariationTooDeep.into());
            acc.findings.push(f);
        }
        let mut line = Line::new(pos, ply, dead, depth, silent);
        line.numbering = numbering;
        walk.lines.push(line);
    }

    /// `)`: the variation ends, or a `)` that closes none.
    fn variation_end(&self, token: &Token, notation: bool, walk: &mut Walk) {
        if let Some(done) = walk.lines.pop() {
            walk.acc.close(&done, token.start);
            if !done.silent {
                walk.acc
                    .emit(walk.lines.current(), || GameEvent::VariationEnd);
            }
        } else if notation {
            let line = walk.lines.main();
            let mut f = self.finding(
                Kind::Structure,
                line.ply,
                token.start,
                Message::new("unmatched_parenthesis"),
                line,
            );
            f.reason = Some(StructureReason::UnmatchedParenthesis.into());
            walk.acc.findings.push(f);
        }
    }

    /// A comment (findings asked for): one too long, one never closed.
    fn comment(&self, token: &Token, walk: &mut Walk) {
        let line = walk.lines.current();
        let size = token.end - token.start;
        if size > MAX_COMMENT_BYTES {
            let mut f = self.structure(
                line,
                token.start,
                StructureReason::CommentTooLong,
                Message::new("comment_too_long")
                    .text("size", size)
                    .text("mib", MAX_COMMENT_BYTES >> 20),
            );
            f.severity = Severity::Error;
            walk.acc.findings.push(f);
        }
        if token.kind == TokenKind::UnterminatedComment {
            walk.acc.findings.push(self.structure(
                line,
                token.start,
                StructureReason::UnterminatedComment,
                Message::new("unterminated_comment"),
            ));
        }
        if token.kind == TokenKind::Comment {
            walk.acc.emit(line, || self.comment_event(token));
        }
    }

    /// The end of the movetext: variations never closed, every line closed, the outcome.
    fn finish(&self, walk: Walk, pass: Pass) -> (Outcome, Vec<GameEvent>) {
        let Walk {
            lines,
            mut acc,
            result,
            result_at,
            ..
        } = walk;
        let open = lines.variations();
        if open > 0 && pass.notation {
            let line = lines.main();
            let mut f = self.finding(
                Kind::Structure,
                line.ply,
                self.text.len(),
                Message::new("unclosed_variation").text("count", open),
                line,
            );
            f.reason = Some(StructureReason::UnclosedVariation.into());
            acc.findings.push(f);
        }
        let end = result_at.unwrap_or(self.text.len());
        for line in lines.innermost_first() {
            acc.close(line, end);
        }
        if let (Some(events), Some(r)) = (acc.events.as_mut(), result) {
            events.push(GameEvent::Result(r));
        }
        let main = lines.into_main();
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
}

/// The walk's state between tokens.
pub(super) struct Walk {
    lines: Lines,
    acc: Acc,
    /// The result written on the mainline (the last one), and where the first stands.
    result: Option<GameResult>,
    result_at: Option<usize>,
    /// The token a move took as its promotion letter or its `e.p.` (not read again).
    consumed_promotion: usize,
    consumed_mark: usize,
}

/// The lines being replayed: the mainline, and the variations open inside it, innermost
/// last. It is never empty: the mainline is not a variation and cannot be popped.
pub(super) struct Lines {
    /// On the heap, as the variations are: with the mainline in the walk's own frame the
    /// optimiser copied each position kept for the Laws field by field and moved the line
    /// about, 12% more instructions in bulk validation (measured with callgrind on master
    /// games; docs/speed.md).
    main: Box<Line>,
    variations: Vec<Line>,
}

impl Lines {
    pub(super) fn new(main: Line) -> Lines {
        Lines {
            main: Box::new(main),
            variations: Vec::new(),
        }
    }

    /// The line the next move is played on: the innermost open variation, else the mainline.
    #[inline]
    pub(super) fn current(&self) -> &Line {
        self.variations.last().unwrap_or(&self.main)
    }

    #[inline]
    pub(super) fn current_mut(&mut self) -> &mut Line {
        self.variations.last_mut().unwrap_or(&mut self.main)
    }

    pub(super) fn main(&self) -> &Line {
        &self.main
    }

    /// No variation is open.
    pub(super) fn in_mainline(&self) -> bool {
        self.variations.is_empty()
    }

    /// How many variations are open.
    pub(super) fn variations(&self) -> usize {
        self.variations.len()
    }

    pub(super) fn push(&mut self, variation: Line) {
        self.variations.push(variation);
    }

    /// The innermost variation, closed; `None` when only the mainline is open.
    pub(super) fn pop(&mut self) -> Option<Line> {
        self.variations.pop()
    }

    /// Every open line, the innermost first and the mainline last.
    pub(super) fn innermost_first(&self) -> impl Iterator<Item = &Line> {
        self.variations
            .iter()
            .rev()
            .chain(std::iter::once(&*self.main))
    }

    pub(super) fn into_main(self) -> Line {
        *self.main
    }
}
