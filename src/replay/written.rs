//! One written move: which reading of the text to take, and what the move does on the board
//! (resolved, illegal, ambiguous, unreadable; explained, with suggestions).

use super::*;
use fast_san::{settle_fast, Settled};

/// A move as written: its reading, where it stands, and the moves written after it in the
/// same word (`e4e5`: `e5` after `e4`), which the suggestions for it replay.
#[derive(Clone, Copy)]
pub(super) struct Written<'a> {
    pub w: &'a WrittenMove,
    pub at: At,
    pub rest: &'a [WrittenMove],
}

/// What the attack tables said of a move before the general path takes it: not asked yet,
/// or asked (with the move they settled, or `None` where they left it to the general path).
#[derive(Clone, Copy)]
pub(super) enum Fast {
    NotAsked,
    Asked(Option<Settled>),
}
use resolve::resolve_by_candidates;

impl<'a> Game<'a> {
    /// Among the readings of a run-together word, the first that resolves whole; else the one
    /// that gets furthest.
    pub(super) fn choose_reading<'r>(
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
    pub(super) fn continuation(
        &self,
        mut pos: Chess,
        token: usize,
        rest: &[WrittenMove],
        lang: &Language,
        depth: u32,
    ) -> (u32, bool) {
        pub(super) const LIMIT: u32 = 400;
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

    /// The suggestions for a bad move at `pos` (among `candidates`, or every legal move),
    /// ranked as `rank` says: by how far the rest of the line goes after each, or by their text
    /// alone; `None` when none are ranked.
    fn suggestions(
        &self,
        rank: Ranking,
        pos: &Chess,
        candidates: Option<&[Move]>,
        (written, w): (&str, &WrittenMove),
        lang: &'static Language,
        rest_after: &mut dyn FnMut(Move) -> (u32, bool),
    ) -> Option<Vec<crate::finding::Suggestion>> {
        let mut by_text = |_: Move| (0, false);
        let rest: &mut dyn FnMut(Move) -> (u32, bool) = match rank {
            Ranking::Unsuggested => return None,
            Ranking::ByRest => rest_after,
            Ranking::ByText => &mut by_text,
        };
        Some(suggest::suggest(
            pos, candidates, written, w, lang, self.mode, rest,
        ))
    }

    /// Play the move written at `at` on `line`: the common case told by [`Self::play_plain`]
    /// (on the live mainline, with no events to hand out), anything else by
    /// [`Self::play_general`], its reference.
    #[inline(always)]
    pub(super) fn play_written(
        &self,
        line: &mut Line,
        written: Written<'_>,
        pass: Pass,
        acc: &mut Acc,
    ) {
        let Written { w, at, .. } = written;
        let plain = self.plain && !line.dead && line.depth == 0 && acc.events.is_none();
        let settled = if plain {
            self.play_plain(line, w, at, pass.lang, pass.notation, acc)
        } else {
            Err(Fast::NotAsked)
        };
        if let Err(settled) = settled {
            self.play_general(line, written, pass, acc, settled);
        }
    }

    /// The common case of [`Self::play_general`], which most plies of most games are: a move
    /// on the live mainline (which the caller knows), after the move number due (or none),
    /// that the attack tables settle, with nothing written that can be a notation issue and
    /// no events to hand out. Played as `play_general` plays it, without its general
    /// machinery: the numbering looked at only where a number is written, no findings,
    /// nothing kept for variations. Anywhere else nothing is changed and `Err` hands what the
    /// attack tables said, if they were asked, to `play_general` (tests compare the two paths
    /// on the corpora).
    #[inline(always)]
    pub(super) fn play_plain(
        &self,
        line: &mut Line,
        w: &WrittenMove,
        at: At,
        lang: &'static Language,
        notation: bool,
        acc: &mut Acc,
    ) -> Result<(), Fast> {
        if let Some(n) = line.pending_number {
            // Dots written apart from the number (`2. ... Cc6`), and a number not the one
            // due, are for the general path.
            if self.dots_may_stand_apart(&n, at)
                || (notation && self.number_may_slip(line, &n, line.expected_number()))
            {
                return Err(Fast::NotAsked);
            }
        }
        let settled = fast_san::settle_fast_here(&line.pos, w, lang);
        let m = match settled {
            Some(Settled::Unique(m))
                if m.capture() != Some(shakmaty::Role::King)
                    && !(notation
                        && has_notation_issues(&line.pos, w, m, self.strict_notation)) =>
            {
                m
            }
            _ => return Err(Fast::Asked(settled)),
        };
        let numbered = line.next_label();
        line.pending_number = None;
        line.pos.play_unchecked(m);
        line.played(m, numbered, at);
        acc.keep_on_mainline(m, &line.pos, at);
        Ok(())
    }

    /// Whether the gap between the number `n` and the move written at `at` may hold dots
    /// written apart (`2. ... Cc6`): a `.` or the first byte of `…` in it. Most gaps are one
    /// space, which this settles without decoding them.
    #[inline(always)]
    fn dots_may_stand_apart(&self, n: &WrittenNumber, at: At) -> bool {
        let gap = self.text.as_bytes().get(n.end..at.offset).unwrap_or(&[]);
        gap.iter().any(|&b| b == b'.' || b == 0xE2)
    }

    /// Whether the number `n`, written before the move of `line`'s side to move, may be a
    /// numbering slip: it is not `expected` (or has Black's dots before White's move), and
    /// the game does not start from a `[FEN]`, whose move number is often not the one the
    /// writer starts from. The number as expected, the common case, is no slip (what
    /// `numbering_slip` says first, settled here without cutting out the number's text).
    #[inline(always)]
    fn number_may_slip(&self, line: &Line, n: &WrittenNumber, expected: u32) -> bool {
        let as_expected = n.number == expected && (line.pos.turn() == Color::Black || !n.black);
        !as_expected && (line.numbering.is_some() || !self.from_fen)
    }

    /// Play the move written at `at` on `line`, whatever it is; `settled` is what the attack
    /// tables said of it, if they were asked already.
    #[inline(never)]
    pub(super) fn play_general(
        &self,
        line: &mut Line,
        written: Written<'_>,
        pass: Pass,
        acc: &mut Acc,
        settled: Fast,
    ) {
        let Written { w, at, .. } = written;
        let Pass { lang, notation, .. } = pass;
        if line.dead {
            line.moves_since_dead += 1;
            return;
        }
        let ply = line.ply + 1;
        if let Some(n) = line.pending_number.as_mut() {
            // `2. ... Cc6`: the dots written apart say Black's move as much as `2...` does.
            n.black |= self.dots_may_stand_apart(n, at)
                && self.text.get(n.end..at.offset).is_some_and(|gap| {
                    gap.contains(['.', '…'])
                        && gap
                            .chars()
                            .all(|c| c == '.' || c == '…' || c.is_whitespace())
                });
        }
        let numbered = line.next_label();
        let expected = line.expected_number();
        let written_number = line.pending_number.take();
        if let (true, 0, Some(n)) = (notation, line.depth, written_number) {
            if self.number_may_slip(line, &n, expected) {
                self.number_slip(line, n, expected, numbered, at, acc);
            }
        }
        // What `resolve` answers, the common case (one move the attack tables settle) read
        // from the eight bytes they hand back, without the general answer built around it.
        let takes_no_king = |m: Move| m.capture() != Some(shakmaty::Role::King);
        let settled = match settled {
            Fast::Asked(settled) => settled,
            Fast::NotAsked => settle_fast(&line.pos, w, lang),
        };
        let resolution = match settled {
            // After an illegal move that stood, a king may be en prise: taking it is no move.
            Some(Settled::Unique(m)) if takes_no_king(m) => Ok(m),
            Some(settled) => Err(Resolution::from(settled)),
            None => match resolve_by_candidates(&line.pos, w, lang) {
                Resolution::Unique(m) if takes_no_king(m) => Ok(m),
                resolution => Err(resolution),
            },
        };
        let chosen = match resolution {
            Ok(m) => m,
            Err(resolution) => {
                // A king taken is read as an illegal move, and goes no further here.
                let takes_king = matches!(resolution, Resolution::Unique(_));
                let resolution = if takes_king {
                    Resolution::Illegal
                } else {
                    resolution
                };
                match self.play_unresolved(line, written, pass, acc, resolution, numbered) {
                    Some(m) if !takes_king => m,
                    _ => return,
                }
            }
        };
        // The move is played on the line's own position. The position before it is kept
        // for a variation's line in `line.before` (overwritten in place: variations branch
        // from it); the mainline keeps every position in `acc.plies` anyway, where the one
        // before the move is found (see [`Game::before`]): no copy of it per ply.
        if line.depth > 0 {
            match &mut line.before {
                Some(before) => before.clone_from(&line.pos),
                None => line.before = Some(line.pos.clone()),
            }
        }
        let issues = notation && has_notation_issues(&line.pos, w, chosen, self.strict_notation);
        // Kept only where something reads it: the notation findings, an event.
        let before = (issues || acc.events.is_some()).then(|| line.pos.clone());
        line.pos.play_unchecked(chosen);
        if let Some(before) = before {
            if issues {
                self.notation_findings(&before, chosen, written, numbered, line, acc);
            }
            acc.emit(line, || GameEvent::Move {
                before,
                mv: chosen,
                glyph: w.glyph,
            });
        }
        debug_assert_eq!(line.ply + 1, ply);
        line.played(chosen, numbered, at);
        if line.depth == 0 {
            acc.keep_on_mainline(chosen, &line.pos, at);
        }
    }

    /// A move number written that is not the one expected: the finding, if it is a slip.
    #[cold]
    #[inline(never)]
    fn number_slip(
        &self,
        line: &mut Line,
        n: WrittenNumber,
        expected: u32,
        numbered: Label,
        at: At,
        acc: &mut Acc,
    ) {
        // The ply of the move the number is written before (not played yet).
        let ply = line.ply + 1;
        let text = self.text.get(n.start..n.end).unwrap_or("").trim();
        if let Some((reason, message, note)) =
            numbering_slip(text, n.number, n.black, expected, numbered.side)
        {
            let mut f = self.finding(Kind::MoveNumber, ply, n.start, message, line);
            f.reason = Some(reason.into());
            f.article = Some(Kind::MoveNumber.article());
            f.move_text = Some(numbered.with(self.written_text(at)));
            acc.findings.push(f);
            line.missing_note = note.map(|note| (ply + MISSING_NOTE_PLIES, note));
        }
    }

    /// The notation findings of a move played (see [`notation_issues`]), where there may be
    /// some.
    #[inline(never)]
    fn notation_findings(
        &self,
        before: &Chess,
        chosen: Move,
        written: Written<'_>,
        numbered: Label,
        line: &Line,
        acc: &mut Acc,
    ) {
        let Written { w, at, .. } = written;
        // The move is on the board (`line.pos`), not yet counted on the line.
        let (next, ply) = (&line.pos, line.ply + 1);
        // Whether the move mates is asked only where a mark is to be judged: with
        // --strict-notation, on a move marked or giving check.
        let mate = self.strict_notation
            && (w.check != crate::notation::moves::CheckMark::None || next.is_check())
            && next.is_checkmate();
        let mut issues: Vec<NotationIssue> = Vec::new();
        notation_issues(
            before,
            chosen,
            w,
            next,
            mate,
            self.strict_notation,
            &mut issues,
        );
        for issue in issues {
            let message = Message::new(issue.reason.message_id());
            let mut f = self.finding(Kind::Notation, ply, at.offset, message, line);
            f.reason = Some(issue.reason.into());
            f.move_text = Some(numbered.with(self.written_text(at)));
            acc.findings.push(f);
        }
    }

    /// A written move that is not one legal move as it stands: a promotion without its piece
    /// (the move chosen is returned), a null move, an ambiguous, illegal or unreadable move
    /// (the line stops, or with `--illegal stands` an illegal move stays on the board).
    #[cold]
    #[inline(never)]
    fn play_unresolved(
        &self,
        line: &mut Line,
        the_move: Written<'_>,
        pass: Pass,
        acc: &mut Acc,
        resolution: Resolution,
        numbered: Label,
    ) -> Option<Move> {
        let Written { w, at, rest } = the_move;
        let Pass {
            lang,
            notation,
            suggestions,
            ..
        } = pass;
        let ply = line.ply + 1;
        let written = self.written_text(at);
        // The move as written, with its number, is only written out when a finding needs it.
        let label = || numbered.with(written);
        let mut rest_after = |m: Move| {
            let mut p = line.pos.clone();
            p.play_unchecked(m);
            self.continuation(p, at.token, rest, lang, line.depth)
        };
        match resolution {
            Resolution::Unique(m) => Some(m),
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
                        Message::new("promotion_piece_missing").text("piece", piece),
                        line,
                    );
                    f.reason = Some(NotationReason::PromotionPieceMissing.into());
                    f.move_text = Some(label());
                    acc.findings.push(f);
                }
                Some(best.0)
            }
            Resolution::Null => self.play_null(line, at, notation, acc, numbered),
            Resolution::Ambiguous(candidates) => {
                let mut f = self.finding(
                    Kind::AmbiguousMove,
                    ply,
                    at.offset,
                    Message::new("ambiguous")
                        .text("written", written)
                        .text("count", candidates.len()),
                    line,
                );
                f.article = Some(Kind::AmbiguousMove.article());
                f.move_text = Some(label());
                let ranked = self.suggestions(
                    acc.ranking_if(suggestions, line.depth),
                    &line.pos,
                    Some(&candidates),
                    (written, w),
                    lang,
                    &mut rest_after,
                );
                f.suggestions = Some(ranked.unwrap_or_else(|| {
                    candidates
                        .iter()
                        .map(|&m| crate::finding::Suggestion {
                            san: render::san_in(&line.pos, m, lang),
                            uci: render::uci(m, self.mode),
                        })
                        .collect()
                }));
                line.add_missing_note(ply, &mut f);
                acc.stop(line, at.offset, &f.message);
                acc.findings.push(f);
                None
            }
            Resolution::UnknownLetter if self.lang_given => {
                if let Some((m, f)) = self.other_language_letter(line, w, at, lang, label()) {
                    acc.findings.push(f);
                    return Some(m);
                }
                self.illegal(line, the_move, pass, acc, numbered)
            }
            Resolution::Illegal | Resolution::UnknownLetter => {
                self.illegal(line, the_move, pass, acc, numbered)
            }
        }
    }

    /// `--`: a null move, which is no move of chess; the side to move passes (never out of
    /// check).
    fn play_null(
        &self,
        line: &mut Line,
        at: At,
        notation: bool,
        acc: &mut Acc,
        numbered: Label,
    ) -> Option<Move> {
        let ply = line.ply + 1;
        let label = || numbered.with(self.written_text(at));
        if line.pos.is_check() {
            let mut f = self.finding(
                Kind::IllegalMove,
                ply,
                at.offset,
                Message::new("null_move_in_check"),
                line,
            );
            f.move_text = Some(label());
            f.reason = Some(IllegalReason::NullMoveInCheck.into());
            acc.stop(line, at.offset, &f.message);
            acc.findings.push(f);
            return None;
        }
        match null_move(&line.pos, self.mode) {
            Some(p) => {
                if notation {
                    let mut f = self.finding(
                        Kind::NullMove,
                        ply,
                        at.offset,
                        Message::new("null_move"),
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
                None
            }
            None => {
                acc.stop(line, at.offset, "a null move cannot be made here");
                None
            }
        }
    }

    /// Under a language given (`--lang it`), a piece letter the language does not have that
    /// is English (`Nf3`: `N`), where the move so read is legal: that move, and a `notation`
    /// finding that names the letter's language and the move read. The user said which
    /// language the game is in, and the letter has no meaning in it; English is the language
    /// of standard PGN, the one a game in another language borrows a letter from, and the
    /// move is the English reading's only. (Where the language is decided from the game, the
    /// letter stays an illegal move: the detection already chose the language that reads the
    /// game furthest.)
    fn other_language_letter(
        &self,
        line: &Line,
        w: &WrittenMove,
        at: At,
        lang: &'static Language,
        label: String,
    ) -> Option<(Move, Finding)> {
        let english = crate::notation::languages::english();
        if std::ptr::eq(lang, english) || w.piece.is_none() {
            return None;
        }
        let role = resolve::written_role(w, english).ok().flatten()?;
        let m = match resolve(&line.pos, w, english) {
            Resolution::Unique(m) if m.capture() != Some(shakmaty::Role::King) => m,
            _ => return None,
        };
        let letter = w
            .piece
            .map(|l| crate::notation::languages::alphabet().letter(l.index))
            .unwrap_or("?");
        let read = render::san_in(&line.pos, m, lang);
        let mut f = self.finding(
            Kind::Notation,
            line.ply + 1,
            at.offset,
            Message::new("other_language_letter")
                .text("letter", letter)
                .text("language", &lang.name)
                .word("piece", resolve::role_name(role))
                .text("written", self.written_text(at))
                .text("read", &read),
            line,
        );
        let reason = NotationReason::OtherLanguageLetter.into();
        f.reason = Some(reason);
        f.article = Some(crate::finding::default_article(
            Kind::Notation,
            Some(reason),
        ));
        f.move_text = Some(label);
        f.suggestions = Some(vec![crate::finding::Suggestion {
            san: read,
            uci: render::uci(m, self.mode),
        }]);
        Some((m, f))
    }

    /// A move that is illegal as written: the finding, with suggestions; the line stops, or
    /// with `--illegal stands` the move stays on the board.
    fn illegal(
        &self,
        line: &mut Line,
        written: Written<'_>,
        pass: Pass,
        acc: &mut Acc,
        numbered: Label,
    ) -> Option<Move> {
        let Written { w, at, rest } = written;
        let Pass {
            lang, suggestions, ..
        } = pass;
        let ply = line.ply + 1;
        let written = self.written_text(at);
        let label = || numbered.with(written);
        let mut rest_after = |m: Move| {
            let mut p = line.pos.clone();
            p.play_unchecked(m);
            self.continuation(p, at.token, rest, lang, line.depth)
        };
        let why = explain(&line.pos, w, lang);
        let said = |why: &Message| {
            Message::new("illegal")
                .text("written", written)
                .msg("why", why.clone())
        };
        let mut because = why.text.clone();
        let mut f = self.finding(Kind::IllegalMove, ply, at.offset, said(&because), line);
        f.reason = Some(why.reason.into());
        f.article = Some(crate::finding::default_article(Kind::IllegalMove, f.reason));
        f.move_text = Some(label());
        let ranked = self.suggestions(
            acc.ranking_if(suggestions, line.depth),
            &line.pos,
            None,
            (written, w),
            lang,
            &mut rest_after,
        );
        f.suggestions = Some(ranked.unwrap_or_default());
        if let Some(note) = line.take_missing_note(ply) {
            because = because.then(note);
        }
        let stands = self.policy == IllegalPolicy::Stands && line.depth == 0;
        if let (true, Some(m)) = (stands, why.executable) {
            if let Some(next) = play_irregular(&line.pos, m) {
                f.stood = Some(true);
                because = because.then(Message::new("stands"));
                f.say(said(&because));
                f.explanation = Some(because.render(ReportLang::En));
                acc.findings.push(f);
                acc.irregular_from.get_or_insert(ply);
                acc.emit(line, || GameEvent::Move {
                    before: line.pos.clone(),
                    mv: m,
                    glyph: w.glyph,
                });
                line.before = Some(std::mem::replace(&mut line.pos, next));
                debug_assert_eq!(line.ply + 1, ply);
                line.played(m, numbered, at);
                acc.keep_on_mainline(m, &line.pos, at);
                return None;
            }
        }
        // The explanation is the message's reason, as built here (not read back from it).
        f.say(said(&because));
        f.explanation = Some(because.render(ReportLang::En));
        acc.stop(line, at.offset, &f.message);
        acc.findings.push(f);
        None
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
pub(super) fn play_irregular(pos: &Chess, m: Move) -> Option<Chess> {
    if m.capture() == Some(shakmaty::Role::King) {
        return None;
    }
    let mut next = pos.clone();
    next.play_unchecked(m);
    Some(next)
}

pub(super) fn clip(s: &str) -> &str {
    match s.char_indices().nth(40) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}
