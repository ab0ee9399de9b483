//! The FIDE Laws of Chess applied to a replayed game, as an arbiter applies them. Each rule
//! lives in its own module, whose doc comment cites its Article (2017 Laws,
//! `../shared/seeds/002_*`; Chess960: `003_*`). Rules only produce [`Finding`]s and the
//! game's [`Termination`]; they never print.
//!
//! Plies are 1-based half-moves from the game's start position (its `[FEN]` if any); "at ply
//! N" means "in the position after ply N".
//!
//! ```
//! use scoresheet::{finding::Kind, replay::{validate_text, Options}};
//! // Fool's mate, and a result that gives the win to the mated side.
//! let r = validate_text("1. f3 e5 2. g4 Qh4# 1-0", &Options::default());
//! let kinds: Vec<Kind> = r.findings.iter().map(|f| f.kind).collect();
//! assert_eq!(kinds, [Kind::Checkmate, Kind::ResultMismatch]);
//! assert_eq!(r.findings[0].article, Some("5.1.1"));
//! ```

pub mod chess960;
pub mod dead;
pub(crate) mod draw_offer;
pub(crate) mod ending;
pub mod fast_check;
pub(crate) mod fifty_moves;
pub mod helpmate;
pub mod position;
pub(crate) mod repetition;
pub(crate) mod result;

use shakmaty::{Chess, Color, Move, Position};

use crate::result::GameResult;
use crate::{
    finding::{Finding, Kind},
    message::Message,
    notation::languages::Language,
};
pub use ending::{EndKind, Termination};

/// Event rules and how far to look.
#[derive(Debug, Clone, Copy)]
pub struct LawsOptions {
    /// Apply the Laws at all (off: notation and legality only, `validate --no-laws`).
    pub enabled: bool,
    /// Art. 9.1.1: no draw by agreement before this move.
    pub no_draw_before: Option<u32>,
    /// How far to look for dead positions (Art. 5.2.2) with the solver's fast check.
    pub dead_positions: dead::DeadSearch,
}

impl Default for LawsOptions {
    fn default() -> Self {
        LawsOptions {
            enabled: true,
            no_draw_before: None,
            dead_positions: dead::DeadSearch::default(),
        }
    }
}

/// One mainline ply as replayed: the move (`None` for a null move) and the position after it.
#[derive(Debug, Clone)]
pub struct Ply {
    pub mv: Option<Move>,
    pub after: Chess,
}

/// What the Laws need to know of a replayed game.
pub struct GameFacts<'a> {
    pub start: &'a Chess,
    pub plies: &'a [Ply],
    pub lang: &'a Language,
    /// The `[Result]` tag, else the result written at the end of the movetext.
    pub result_tag: Option<&'a str>,
    pub result_token: Option<GameResult>,
    pub termination_tag: Option<&'a str>,
    /// The mainline's replay stopped at an illegal, ambiguous or unreadable move right after
    /// its last replayed ply.
    pub stopped_early: bool,
    /// Plies of the mainline's draw offers.
    pub draw_offers: &'a [u32],
}

/// The Laws' findings on a game, and where it ended by itself.
pub struct Verdict {
    pub findings: Vec<Finding>,
    pub termination: Option<Termination>,
}

fn side_id(c: Color) -> crate::finding::Side {
    c.into()
}

/// What to do with an illegal move: the Laws differ by time control (Art. 7.5 for standard
/// play; Appendix A.4.2 for rapid and blitz, where an unclaimed illegal move stands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IllegalPolicy {
    /// Standard play: replay stops at the first illegal move.
    #[default]
    Stop,
    /// Rapid and blitz (Appendix A.4.2): an unclaimed illegal move that can be made
    /// physically stays on the board and the game goes on.
    Stands,
}

/// The side the record gives the win to, by its Result tag or the result written after the
/// moves (either: where they disagree, a win written anywhere counts).
fn recorded_winner(game: &GameFacts) -> Option<Color> {
    let tag = game.result_tag.and_then(|t| t.parse::<GameResult>().ok());
    [tag, game.result_token]
        .into_iter()
        .flatten()
        .find_map(GameResult::winner)
}

/// Apply the Laws to a game's mainline. `locate` gives the line and column of a ply's move.
/// Each rule is a method of `Adjudication` that returns its own findings; they are listed
/// in the order of the game (a stable sort keeps the rules' order within a ply).
pub fn adjudicate(
    game: &GameFacts,
    opts: &LawsOptions,
    locate: &dyn Fn(u32) -> (u64, u64),
) -> Verdict {
    let a = Adjudication::new(game, opts, locate);
    let mut findings = a.claimable_draws();
    findings.extend(a.endings());
    findings.extend(a.moves_after_end());
    findings.extend(a.results_differ());
    findings.extend(a.result_against_board());
    findings.extend(a.early_draw());
    findings.sort_by_key(|f| f.ply);
    Verdict {
        findings,
        termination: a.termination,
    }
}

/// A game's mainline as the rules see it: its positions, and how it ended by itself.
struct Adjudication<'g, 'a> {
    game: &'g GameFacts<'a>,
    opts: &'g LawsOptions,
    locate: &'g dyn Fn(u32) -> (u64, u64),
    /// The start and the position after each ply.
    positions: Vec<&'a Chess>,
    /// Plies replayed.
    n: usize,
    reps: repetition::Repetitions,
    counts: fifty_moves::MoveCounts,
    /// The side checkmated on the board at the end.
    mated: Option<Color>,
    /// Stalemate on the board at the end.
    stalemate: bool,
    /// The first dead position, where one was looked for and found.
    dead_at: Option<usize>,
    termination: Option<Termination>,
}

impl<'g, 'a> Adjudication<'g, 'a> {
    /// How the game ends by itself.
    fn new(
        game: &'g GameFacts<'a>,
        opts: &'g LawsOptions,
        locate: &'g dyn Fn(u32) -> (u64, u64),
    ) -> Self {
        let mut positions: Vec<&'a Chess> = Vec::with_capacity(game.plies.len() + 1);
        positions.push(game.start);
        positions.extend(game.plies.iter().map(|p| &p.after));
        let n = game.plies.len();
        let reps = repetition::find(&positions);
        let counts = fifty_moves::find(&positions);
        let last = positions[n];
        let mut endings = Vec::new();
        // One move generation for both mate and stalemate, and none where the king can step.
        let no_moves = !king_can_step(last) && last.legal_moves().is_empty();
        let mated = (no_moves && last.is_check()).then(|| last.turn());
        let stalemate = no_moves && mated.is_none();
        if mated.is_some() {
            endings.push((EndKind::Checkmate, n));
        } else if stalemate {
            endings.push((EndKind::Stalemate, n));
        }
        // A mate on the board is no dead position, nor (deadness never ends) any before it.
        let dead_at = match (opts.dead_positions, mated) {
            (dead::DeadSearch::Off, _) | (_, Some(_)) => None,
            (search, None) => {
                // A dead position changes the verdict of a game recorded won, and of a draw
                // agreed where an event rule forbids it (`early_draw` is not said of a game
                // that ended dead); anywhere else only the cheap proofs are sought.
                let ask = match (search, recorded_winner(game)) {
                    (dead::DeadSearch::Verdict, Some(winner)) => dead::Ask::Won(winner),
                    (dead::DeadSearch::Verdict, None) if opts.no_draw_before.is_none() => {
                        dead::Ask::Drawn
                    }
                    _ => dead::Ask::Exhaustive,
                };
                dead::first_dead_ply(&positions, ask).filter(|&p| !(p == n && stalemate))
            }
        };
        if let Some(p) = dead_at {
            endings.push((EndKind::DeadPosition, p));
        }
        if let Some((p, _)) = &reps.fivefold {
            endings.push((EndKind::Fivefold, *p));
        }
        if let Some(p) = counts.seventy_five {
            // mate on the 75th move takes precedence (handled by `first`)
            endings.push((EndKind::SeventyFiveMoves, p));
        }
        let termination = ending::first(&endings);
        Adjudication {
            game,
            opts,
            locate,
            positions,
            n,
            reps,
            counts,
            mated,
            stalemate,
            dead_at,
            termination,
        }
    }

    /// The position at the end of the replay.
    fn last(&self) -> &'a Chess {
        self.positions[self.n]
    }

    /// The move of `ply` as SAN with its number.
    fn label(&self, ply: usize) -> Option<String> {
        let before = self.positions.get(ply.checked_sub(1)?)?;
        let san = match self.game.plies.get(ply - 1)?.mv {
            Some(m) => crate::notation::render::san_in(before, m, self.game.lang),
            None => "--".to_string(),
        };
        Some(crate::notation::render::numbered(before, &san))
    }

    fn make(&self, kind: Kind, ply: usize, article: &'static str, text: Message) -> Finding {
        let mut f = Finding::said(kind, ply as u32, text);
        f.article = Some(article);
        f.move_text = self.label(ply);
        let (l, c) = (self.locate)(ply as u32);
        f.line = l;
        f.column = c;
        f
    }

    /// Who may claim at `ply`: the player to move (`on_board`), and the one who made the move
    /// by writing it first (`by_writing`).
    fn claim(&self, ply: usize, on_board: &str, by_writing: &str) -> Message {
        let to_move = self.positions[ply].turn();
        let may = Message::new("may_claim")
            .word("side", result::side(to_move))
            .text("article", on_board);
        if ply == 0 {
            return may;
        }
        may.then(
            Message::new("could_have_claimed")
                .word("side", result::side(!to_move))
                .text("article", by_writing),
        )
    }

    /// Art. 9.2 and 9.3: claimable draws. They are facts of the record and reported wherever
    /// they stand, also after the game ended (where `moves_after_end` says the moves are
    /// void).
    fn claimable_draws(&self) -> Vec<Finding> {
        let mut findings = Vec::new();
        for (ply, seen) in &self.reps.threefold {
            let to_move = self.positions[*ply].turn();
            let mut f = self.make(
                Kind::Threefold,
                *ply,
                Kind::Threefold.article(),
                Message::new("threefold")
                    .text("plies", list(seen.iter()))
                    .msg("claim", self.claim(*ply, "9.2.1.2", "9.2.1.1")),
            );
            f.side = Some(side_id(to_move));
            f.plies = Some(seen.iter().map(|&p| p as u32).collect());
            findings.push(f);
        }
        for &ply in &self.counts.fifty {
            // The game ended at once at this ply (a mate, a stalemate, a dead position, the
            // fifth occurrence): nothing is left to claim there.
            if self.termination.is_some_and(|t| t.ply as usize == ply) {
                continue;
            }
            let to_move = self.positions[ply].turn();
            let mut f = self.make(
                Kind::FiftyMoves,
                ply,
                Kind::FiftyMoves.article(),
                Message::new("fifty_moves").msg("claim", self.claim(ply, "9.3.2", "9.3.1")),
            );
            f.side = Some(side_id(to_move));
            findings.push(f);
        }
        findings
    }

    /// Art. 5 and 9.6: the endings themselves.
    fn endings(&self) -> Vec<Finding> {
        let (n, last) = (self.n, self.last());
        let mut findings = Vec::new();
        if let Some(c) = self.mated {
            let mut f = self.make(
                Kind::Checkmate,
                n,
                Kind::Checkmate.article(),
                Message::new("checkmate")
                    .word("side", result::side(c))
                    .word("winner", result::side(!c)),
            );
            f.side = Some(side_id(!c));
            findings.push(f);
        } else if self.stalemate {
            findings.push(self.make(
                Kind::Stalemate,
                n,
                Kind::Stalemate.article(),
                Message::new("stalemate").word("side", result::side(last.turn())),
            ));
        }
        if let Some(p) = self.dead_at {
            findings.push(self.make(
                Kind::DeadPosition,
                p,
                Kind::DeadPosition.article(),
                Message::new("dead_position"),
            ));
        }
        if let Some((p, seen)) = &self.reps.fivefold {
            let mut f = self.make(
                Kind::Fivefold,
                *p,
                Kind::Fivefold.article(),
                Message::new("fivefold"),
            );
            f.plies = Some(seen.iter().map(|&x| x as u32).collect());
            findings.push(f);
        }
        if let Some(p) = self.counts.seventy_five {
            if !(self.positions[p].is_checkmate()) {
                findings.push(self.make(
                    Kind::SeventyFiveMoves,
                    p,
                    Kind::SeventyFiveMoves.article(),
                    Message::new("seventy_five_moves"),
                ));
            }
        }
        findings
    }

    /// Moves recorded after the game ended.
    fn moves_after_end(&self) -> Option<Finding> {
        let t = self.termination?;
        let after = self.n - t.ply as usize;
        let stopped_early = self.game.stopped_early;
        if after == 0 && !stopped_early {
            return None;
        }
        let count = if after > 0 && stopped_early {
            // Replay stopped at a bad move: the plies counted are those it reached.
            Message::new("half_moves_recorded_and_more").text("count", after)
        } else if after > 0 {
            Message::new("half_moves_recorded").text("count", after)
        } else {
            Message::new("moves_recorded")
        };
        let mut f = self.make(
            Kind::MovesAfterEnd,
            t.ply as usize + 1,
            t.kind.article(),
            Message::new("moves_after_end")
                .text("ply", t.ply)
                .word("ending", t.kind.words())
                .msg("count", count),
        );
        if after == 0 {
            f.move_text = None;
        }
        Some(f)
    }

    /// The Result tag and the result written after the moves, each as known (`*` says the
    /// result is not known (PGN standard, 8.1.1: game in progress, abandoned or unknown): it
    /// contradicts no ending and no other written result, so it counts as not written).
    fn written_results(&self) -> (Option<GameResult>, Option<GameResult>) {
        let known = |o: &GameResult| o.is_known();
        let tag = self
            .game
            .result_tag
            .and_then(|t| t.parse().ok())
            .filter(known);
        (tag, self.game.result_token.filter(known))
    }

    /// The Result tag against the result written after the moves, and which of them the
    /// board agrees with.
    fn results_differ(&self) -> Option<Finding> {
        let (Some(t), Some(r)) = self.written_results() else {
            return None;
        };
        if t == r {
            return None;
        }
        let mut message = Message::new("results_differ")
            .text("tag", self.game.result_tag.unwrap_or(""))
            .text(
                "token",
                self.game.result_token.map_or("", GameResult::as_str),
            );
        if let Some(end) = self.termination {
            let fits = |o| result::against_ending(o, end, self.mated, "").is_none();
            match (fits(t), fits(r)) {
                (true, false) => message = message.then(Message::new("board_agrees_with_tag")),
                (false, true) => message = message.then(Message::new("board_agrees_with_token")),
                _ => {}
            }
        }
        let mut f = self.make(
            Kind::ResultMismatch,
            self.n,
            Kind::ResultMismatch.article(),
            message,
        );
        f.move_text = None;
        Some(f)
    }

    /// The result against the board: the Result tag and the result written after the moves
    /// are each held against the ending, so that the one the board contradicts is named; a
    /// win on time against a side that cannot mate (Art. 6.9).
    fn result_against_board(&self) -> Vec<Finding> {
        let (tag, token) = self.written_results();
        let Some(r) = tag.or(token) else {
            return Vec::new();
        };
        let Some(t) = self.termination else {
            return r
                .winner()
                .and_then(|w| self.win_on_time(w))
                .into_iter()
                .collect();
        };
        let written = match (tag, token) {
            (Some(a), Some(b)) if a != b => [
                Some((a, "the Result tag")),
                Some((b, "the result written after the moves")),
            ],
            (Some(_), Some(_)) => [Some((r, "the result")), None],
            (Some(_), None) => [Some((r, "the Result tag")), None],
            _ => [Some((r, "the result written after the moves")), None],
        };
        let mut findings = Vec::new();
        for (o, what) in written.into_iter().flatten() {
            if let Some(why) = result::against_ending(o, t, self.mated, what) {
                let mut f = self.make(Kind::ResultMismatch, t.ply as usize, t.kind.article(), why);
                f.move_text = None;
                findings.push(f);
            }
        }
        findings
    }

    /// Art. 6.9: a flag fall loses only if the opponent could still mate.
    fn win_on_time(&self, winner: Color) -> Option<Finding> {
        if !result::on_time(self.game.termination_tag) {
            return None;
        }
        let last = self.last();
        let can = dead::can_mate(last, winner, dead::Depth::Fast);
        let can = if can == dead::CanMate::Unknown {
            dead::can_mate(last, winner, dead::Depth::Full)
        } else {
            can
        };
        if can != dead::CanMate::No {
            return None;
        }
        let mut f = self.make(
            Kind::ResultMismatch,
            self.n,
            "6.9",
            Message::new("win_on_time_no_mate").word("side", result::side(winner)),
        );
        f.move_text = None;
        f.side = Some(side_id(winner));
        Some(f)
    }

    /// Art. 9.1.1: a draw agreed too early: only a game replayed to its end (where replay
    /// stopped at a bad move, where the game ended is not known), drawn by agreement (not on
    /// time, Art. 6.9, nor ended otherwise as its Termination tag says), with no claim open
    /// at its last position: on the board (standing a third time or more, fifty moves) or by
    /// writing a move (9.2.1.1, 9.3.1), which the scoresheet does not show.
    fn early_draw(&self) -> Option<Finding> {
        let limit = self.opts.no_draw_before?;
        let (tag, token) = self.written_results();
        if tag.or(token) != Some(GameResult::Draw) {
            return None;
        }
        let (game, positions, last, n) = (self.game, &self.positions, self.last(), self.n);
        let claim_on_board = repetition::occurrences(positions) >= 3 || last.halfmoves() >= 100;
        let claim_by_writing = || {
            last.legal_moves().iter().any(|m| {
                let mut after = last.clone();
                after.play_unchecked(*m);
                let mut line = positions.clone();
                line.push(&after);
                after.halfmoves() >= 100 || repetition::occurrences(&line) >= 3
            })
        };
        let agreed = game.termination_tag.is_none_or(|t| {
            let t = t.trim().to_lowercase();
            t.is_empty() || t == "normal" || t.contains("agree") || t.contains("accordo")
        });
        let first_move = game.start.fullmoves().get();
        let early = self.termination.is_none()
            && !game.stopped_early
            && agreed
            && !claim_on_board
            && draw_offer::before_move(
                limit,
                n as u32,
                first_move,
                game.start.turn() == Color::White,
            )
            && !claim_by_writing();
        if !early {
            return None;
        }
        let mut f = self.make(
            Kind::EarlyDraw,
            n,
            Kind::EarlyDraw.article(),
            if game.draw_offers.is_empty() {
                Message::new("early_draw").text("limit", limit)
            } else {
                Message::new("early_draw_offered")
                    .text("limit", limit)
                    .text("plies", list(game.draw_offers.iter()))
            },
        );
        f.move_text = None;
        Some(f)
    }
}

/// Plies as a message lists them (`12, 16, 20`).
fn list<T: std::fmt::Display>(plies: impl Iterator<Item = T>) -> String {
    plies.map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
}

/// Whether the side to move has a king step to a square no enemy piece attacks, with the
/// king off the board (so neither from its square nor through it): such a step is among the
/// legal moves shakmaty generates, in check or not, so the position is no mate and no
/// stalemate without listing its moves. `false` says nothing.
pub(crate) fn king_can_step(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied().without(king);
    (shakmaty::attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .any(|to| !crate::board::attacked_by(board, to, !us, occupied))
}

/// A position from a FEN, for the tests.
#[cfg(test)]
pub(crate) fn fen_pos(fen: &str) -> Chess {
    use shakmaty::{fen::Fen, CastlingMode};
    fen.parse::<Fen>()
        .expect("test FEN")
        .into_position(CastlingMode::Standard)
        .expect("test position")
}

/// Positions of a game given as SAN from a FEN (or the start), for the rules' tests.
#[cfg(test)]
pub(crate) fn play_san(fen: Option<&str>, moves: &str) -> Vec<Chess> {
    use shakmaty::san::San;
    let mut pos: Chess = fen.map_or_else(Chess::default, fen_pos);
    let mut out = vec![pos.clone()];
    for san in moves.split_whitespace() {
        let m = san
            .parse::<San>()
            .expect("test SAN")
            .to_move(&pos)
            .expect("legal test move");
        pos.play_unchecked(m);
        out.push(pos.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A king step found by `king_can_step` is a legal move; mates and stalemates have none
    /// (the corpora's positions are checked in `fast_san`'s test).
    #[test]
    fn a_king_step_is_a_legal_move() {
        for (fen, step) in [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
            // Mate: the rook's line goes through the king's square.
            ("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1", false),
            // In check along a rank: the square behind the king is attacked through it.
            ("8/8/8/8/8/8/8/r3K2k w - - 0 1", true),
            ("7k/8/8/8/8/8/8/r5K1 w - - 0 1", true),
            // Stalemate.
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false),
            // Boxed in by its own pieces: no step, though other moves exist.
            ("4k3/8/8/8/8/8/3PPP2/3QKB2 w - - 0 1", false),
        ] {
            let pos = fen_pos(fen);
            assert_eq!(king_can_step(&pos), step, "{fen}");
            if step {
                assert!(pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.role() == shakmaty::Role::King));
            }
        }
    }
}
