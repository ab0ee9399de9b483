//! One position judged on its own (`scoresheet position`): is the FEN a legal position, whose
//! move it is, checkmate or stalemate (Art. 5.1.1, 5.2.1), dead or not (Art. 5.2.2) and which
//! side alone cannot mate (Art. 6.9, 7.5.5) — with the full CHA search and, where a side can
//! mate, a helpmate line.
//!
//! ```
//! use scoresheet::laws::position::judge;
//! let j = judge("8/8/4k3/8/8/8/3B4/4K3 w - - 0 1");
//! assert_eq!(j.dead, Some(true));
//! assert_eq!(j.white_can_mate, Some(false));
//! ```

use chasolver::Winnability;
use serde::Serialize;
use shakmaty::{
    attacks, fen::Fen, san::SanPlus, uci::UciMove, CastlingMode, Chess, Color, EnPassantMode,
    FromSetup, Move, Position, PositionError, PositionErrorKinds, Setup,
};

use crate::message::Message;

use super::{
    chess960,
    dead::{solver_board, solver_board_without_castling, solver_color},
    helpmate,
};

/// The verdict on one position, as `scoresheet position --format jsonl` writes it.
#[derive(Debug, Clone, Serialize)]
pub struct Judgement {
    pub fen: String,
    /// `false` when the FEN cannot be read or is not a legal position (see `reason`).
    pub legal: bool,
    /// `white` or `black`.
    pub turn: Option<&'static str>,
    /// `null` where the FEN is not a legal position: nothing is established of it.
    pub checkmate: Option<bool>,
    pub stalemate: Option<bool>,
    /// `null` where the search budget ran out (the reason says so) or the FEN is not a legal
    /// position.
    pub dead: Option<bool>,
    pub white_can_mate: Option<bool>,
    pub black_can_mate: Option<bool>,
    pub reason: String,
    /// The reason as a catalogue message, written in each language when it is printed.
    #[serde(skip)]
    pub said: Message,
    /// A helpmate for White, in SAN, when White can mate: the shortest the search found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_helpmate: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_helpmate: Option<Vec<String>>,
    /// The same lines in UCI.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_helpmate_uci: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_helpmate_uci: Option<Vec<String>>,
    /// The move number of the position, for numbering its lines.
    #[serde(skip)]
    pub fullmoves: u32,
}

fn illegal(fen: &str, said: Message) -> Judgement {
    Judgement {
        fen: fen.to_string(),
        legal: false,
        turn: None,
        checkmate: None,
        stalemate: None,
        dead: None,
        white_can_mate: None,
        black_can_mate: None,
        reason: said.render(crate::i18n::ReportLang::En),
        said,
        white_helpmate: None,
        black_helpmate: None,
        white_helpmate_uci: None,
        black_helpmate_uci: None,
        fullmoves: 1,
    }
}

/// Set up a position as python-chess does: castling rights and an en passant square that
/// do not fit the position are dropped, and positions no game can reach (too much material,
/// an impossible check) are kept — the rules still apply to them. Returns what was dropped or
/// is irregular, as catalogue message ids; the error is what is wrong with the position, as
/// [`position_errors`] names it.
pub fn lenient(setup: Setup, mode: CastlingMode) -> Result<(Chess, Vec<&'static str>), String> {
    match Chess::from_setup(setup, mode) {
        Ok(p) => Ok((p, Vec::new())),
        Err(e) => {
            let kinds = e.kinds();
            let mut notes = Vec::new();
            for (kind, words) in [
                (
                    PositionErrorKinds::INVALID_CASTLING_RIGHTS,
                    "castling_rights_dropped",
                ),
                (PositionErrorKinds::INVALID_EP_SQUARE, "ep_square_dropped"),
                (PositionErrorKinds::TOO_MUCH_MATERIAL, "too_much_material"),
                (PositionErrorKinds::IMPOSSIBLE_CHECK, "impossible_check"),
            ] {
                if kinds.contains(kind) {
                    notes.push(words);
                }
            }
            e.ignore_invalid_castling_rights()
                .or_else(PositionError::ignore_invalid_ep_square)
                .or_else(PositionError::ignore_too_much_material)
                .or_else(PositionError::ignore_impossible_check)
                .map(|p| (p, notes))
                .map_err(|e| position_errors(e.kinds()))
        }
    }
}

/// The keys of the catalogues' `position_error` table for what is wrong with a position, in
/// the order shakmaty names them, `, ` between them (a `list_position_error` argument).
pub fn position_errors(kinds: PositionErrorKinds) -> String {
    let keys: Vec<&str> = [
        (PositionErrorKinds::EMPTY_BOARD, "empty board"),
        (PositionErrorKinds::MISSING_KING, "missing king"),
        (PositionErrorKinds::TOO_MANY_KINGS, "too many kings"),
        (PositionErrorKinds::PAWNS_ON_BACKRANK, "pawns on backrank"),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            "invalid castling rights",
        ),
        (PositionErrorKinds::INVALID_EP_SQUARE, "invalid ep square"),
        (PositionErrorKinds::OPPOSITE_CHECK, "opposite check"),
        (PositionErrorKinds::IMPOSSIBLE_CHECK, "impossible check"),
        (PositionErrorKinds::TOO_MUCH_MATERIAL, "too much material"),
        (PositionErrorKinds::VARIANT, "variant rule violated"),
    ]
    .into_iter()
    .filter(|(k, _)| kinds.contains(*k))
    .map(|(_, key)| key)
    .collect();
    if keys.is_empty() {
        return "unknown reason".to_string();
    }
    keys.join(", ")
}

/// The key of the catalogues' `fen_error` table for a FEN that cannot be read.
pub fn fen_error(e: &shakmaty::fen::ParseFenError) -> &'static str {
    use shakmaty::fen::ParseFenError as E;
    match e {
        E::InvalidFen => "invalid fen",
        E::InvalidBoard => "invalid board part in fen",
        E::InvalidPocket => "invalid pocket in fen",
        E::InvalidTurn => "invalid turn part in fen",
        E::InvalidCastling => "invalid castling part in fen",
        E::InvalidEpSquare => "invalid ep square in fen",
        E::InvalidRemainingChecks => "invalid remaining checks in fen",
        E::InvalidHalfmoveClock => "invalid halfmove clock in fen",
        E::InvalidFullmoves => "invalid fullmove part in fen",
    }
}

/// Read a FEN (X-FEN and Shredder-FEN castling accepted) as a legal position. The error says
/// what is wrong once: `the FEN cannot be read: …` or `not a legal position: …`.
pub fn parse(fen: &str) -> Result<(Chess, Vec<&'static str>), Message> {
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e| Message::new("position_unreadable").word("error", fen_error(&e)))?;
    let setup = parsed.into_setup();
    let mode = CastlingMode::detect(&setup);
    lenient(setup, mode).map_err(|e| Message::new("position_illegal").text("errors", e))
}

/// Material alone settles it: no pawns, and at most one minor piece, or bishops all on squares
/// of one colour.
fn insufficient_material(pos: &Chess) -> bool {
    pos.is_insufficient_material()
}

/// Plies within which [`stalemated_on_every_line`] follows the play.
const STALEMATE_PLIES: u32 = 4;
/// Positions it may look at, so that a position with many moves costs no more than a glance.
const STALEMATE_NODES: u32 = 2_000;

/// Whether every line of legal play from `pos` ends in a stalemate within
/// [`STALEMATE_PLIES`] plies (the position itself not being one): a reason for deadness that
/// can be followed on the board. `false` says nothing.
fn stalemated_on_every_line(pos: &Chess) -> bool {
    fn every_line(pos: &Chess, plies: u32, nodes: &mut u32) -> bool {
        // One move generation a position: no move and no check is the stalemate.
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return !pos.is_check();
        }
        if plies == 0 || *nodes < moves.len() as u32 {
            return false;
        }
        *nodes -= moves.len() as u32;
        moves.iter().all(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            every_line(&next, plies - 1, nodes)
        })
    }
    let mut nodes = STALEMATE_NODES;
    !pos.legal_moves().is_empty() && every_line(pos, STALEMATE_PLIES, &mut nodes)
}

/// Whether there are pawns and none of them can move: every push is blocked, nothing to
/// capture, no en passant (said only when true; the solver's proof may rest on more).
fn pawns_blocked(pos: &Chess) -> bool {
    let board = pos.board();
    let free = |color: Color| {
        let pawns = board.pawns() & board.by_color(color);
        let ahead = pawns.shift(if color == Color::White { 8 } else { -8 });
        let prey = board.by_color(!color) & !board.kings();
        (ahead & !board.occupied()).any()
            || pawns
                .into_iter()
                .any(|sq| (attacks::pawn_attacks(color, sq) & prey).any())
    };
    board.pawns().any()
        && pos.ep_square(EnPassantMode::Legal).is_none()
        && !free(Color::White)
        && !free(Color::Black)
}

/// One side's chances, with its shortest helpmate found.
struct Side {
    can_mate: Option<bool>,
    line: Option<Vec<Move>>,
    /// Undecided because the solver cannot take the castling rights.
    castling: bool,
}

/// The solver's line in UCI (the `chess` crate's moves), as [`super::dead::can_mate`] keeps
/// it: [`helpmate::shown`] reads it the same way for every report.
fn from_solver(line: &[chess::ChessMove]) -> Vec<String> {
    line.iter().map(ToString::to_string).collect()
}

fn judge_side(pos: &Chess, color: Color) -> Side {
    let yes = |line: Option<Vec<Move>>| Side {
        can_mate: Some(true),
        line,
        castling: false,
    };
    let settled = |can_mate: Option<bool>| Side {
        can_mate,
        line: None,
        castling: false,
    };
    let winner = solver_color(color);
    if let Some(board) = solver_board(pos) {
        return match chasolver::winnability(&board, winner) {
            Some(Winnability::Winnable { helpmate: witness }) => {
                yes(helpmate::shown(pos, &from_solver(&witness), color))
            }
            Some(Winnability::Unwinnable) => settled(Some(false)),
            None => settled(None),
        };
    }
    // Chess960 castling rights, which the solver's board cannot hold. What stays sound: a
    // side without mating material cannot mate, castling or not; a helpmate checked move by
    // move on this very position proves that a side can. A proof without the rights that no
    // mate exists proves nothing with them (castling adds moves), so that stays undecided.
    if pos.has_insufficient_material(color) {
        return settled(Some(false));
    }
    if let Some(line) = helpmate::shortest(
        pos,
        color,
        helpmate::SHORTEST_MAX_PLIES,
        helpmate::SHORTEST_NODES,
    ) {
        return yes(Some(line));
    }
    if let Some(board) = solver_board_without_castling(pos) {
        if let Some(Winnability::Winnable { helpmate: witness }) =
            chasolver::winnability(&board, winner)
        {
            if let Some(line) = helpmate::shown(pos, &from_solver(&witness), color) {
                return yes(Some(line));
            }
        }
    }
    Side {
        can_mate: None,
        line: None,
        castling: true,
    }
}

/// A line in SAN (with `+` and `#`) and in UCI (Chess960 castling as king takes rook when
/// the position is a Chess960 one).
fn notations(pos: &Chess, line: &[Move]) -> (Vec<String>, Vec<String>) {
    let mode = pos.castles().mode();
    let mut p = pos.clone();
    line.iter()
        .map(|m| {
            let uci = UciMove::from_move(*m, mode).to_string();
            (
                SanPlus::from_move_and_play_unchecked(&mut p, *m).to_string(),
                uci,
            )
        })
        .unzip()
}

/// Judge a position with the full search.
pub fn judge(fen: &str) -> Judgement {
    let (pos, notes) = match parse(fen) {
        Ok(p) => p,
        Err(e) => return illegal(fen, e),
    };
    let turn = match pos.turn() {
        Color::White => "white",
        Color::Black => "black",
    };
    let mut j = Judgement {
        fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
        legal: true,
        turn: Some(turn),
        checkmate: Some(pos.is_checkmate()),
        stalemate: Some(pos.is_stalemate()),
        dead: None,
        white_can_mate: None,
        black_can_mate: None,
        reason: String::new(),
        said: Message::new("clauses"),
        white_helpmate: None,
        black_helpmate: None,
        white_helpmate_uci: None,
        black_helpmate_uci: None,
        fullmoves: pos.fullmoves().get(),
    };
    if j.checkmate == Some(true) {
        let winner = !pos.turn();
        j.dead = Some(false);
        j.white_can_mate = Some(winner == Color::White);
        j.black_can_mate = Some(winner == Color::Black);
        j.say(
            Message::new("position_checkmate")
                .word("side", crate::finding::Side::from(winner).name()),
        );
        return j;
    }
    if j.stalemate == Some(true) {
        j.dead = Some(true);
        j.white_can_mate = Some(false);
        j.black_can_mate = Some(false);
        j.say(Message::new("position_stalemate"));
        return j;
    }
    let (white, black) = (
        judge_side(&pos, Color::White),
        judge_side(&pos, Color::Black),
    );
    j.white_can_mate = white.can_mate;
    j.black_can_mate = black.can_mate;
    if let Some(line) = &white.line {
        let (san, uci) = notations(&pos, line);
        j.white_helpmate = Some(san);
        j.white_helpmate_uci = Some(uci);
    }
    if let Some(line) = &black.line {
        let (san, uci) = notations(&pos, line);
        j.black_helpmate = Some(san);
        j.black_helpmate_uci = Some(uci);
    }
    j.dead = match (white.can_mate, black.can_mate) {
        (Some(false), Some(false)) => Some(true),
        (Some(true), _) | (_, Some(true)) => Some(false),
        _ => None,
    };
    let side = |s: &Side, name: &'static str| {
        Message::new(match s.can_mate {
            Some(true) if s.line.is_some() => "position_can_mate_line",
            Some(true) => "position_can_mate",
            Some(false) => "position_cannot_mate",
            None if s.castling => "position_castling_undecided",
            None => "position_budget",
        })
        .word("side", name)
    };
    let mut verdict = match j.dead {
        Some(true) if insufficient_material(&pos) => Message::new("position_dead_material"),
        Some(true) => Message::new(if stalemated_on_every_line(&pos) {
            "position_dead_stalemates"
        } else if pawns_blocked(&pos) {
            "position_dead_locked"
        } else {
            "position_dead_forced"
        }),
        _ => side(&white, crate::finding::Side::White.name())
            .then(side(&black, crate::finding::Side::Black.name())),
    };
    if solver_board(&pos).is_none() {
        verdict = Message::new("position_chess960_castling").msg("verdict", verdict);
    }
    if let Some(n) = chess960::number_of(&pos) {
        verdict = Message::new("position_chess960_start")
            .msg("verdict", verdict)
            .text("number", n);
    }
    if let Some(notes) = notes.into_iter().map(Message::new).reduce(Message::then) {
        verdict = Message::new("position_irregular")
            .msg("verdict", verdict)
            .msg("notes", notes);
    }
    j.say(verdict);
    j
}

impl Judgement {
    /// The judgement's reason is `said` (its English words too).
    fn say(&mut self, said: Message) {
        self.reason = said.render(crate::i18n::ReportLang::En);
        self.said = said;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A judgement's reason is written in each language from its message, not from its
    /// English words.
    #[test]
    fn the_reason_is_said_by_its_message() {
        use crate::i18n::ReportLang;
        for (fen, it) in [
            (
                "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
                "posizione morta (Art. 5.2.2): materiale insufficiente, nessuno dei due può dare matto",
            ),
            (
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "non è una posizione legale: scacchiera vuota, manca un Re",
            ),
        ] {
            let mut j = judge(fen);
            assert_eq!(j.reason, j.said.render(ReportLang::En));
            j.reason = "words no template has".into();
            crate::report::localised::localise_judgement(&mut j, ReportLang::It);
            assert_eq!(j.reason, it, "{fen}");
        }
    }

    #[test]
    fn kinds_of_positions() {
        let j = judge("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(j.checkmate, Some(true));
        assert_eq!(j.dead, Some(false));
        let j = judge("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(j.stalemate, Some(true));
        let j = judge("8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 b - - 0 1");
        assert_eq!(j.dead, Some(true));
        let j = judge("8/8/4k3/8/8/3K4/4N3/7q w - - 0 1");
        assert_eq!(
            (j.white_can_mate, j.black_can_mate),
            (Some(false), Some(true))
        );
        assert!(j.black_helpmate.is_some());
        assert!(!judge("8/8/8/8/8/8/8/8 w - - 0 1").legal);
        assert!(!judge("not a fen").legal);
    }

    /// The reason given for a dead position says only what the board shows.
    #[test]
    fn reasons_for_dead_positions() {
        // Kosteniuk - Xiaobing Gu, Paris 1996 (the shared corpus), after 51...Qxg2+: both
        // captures of the queen stalemate Black. Pawns are on the board but nothing is locked,
        // which the reason once said of every dead position with a pawn.
        let j = judge("7k/5Q2/8/8/2P2N2/1P5P/6qK/8 w - - 0 52");
        assert_eq!(j.dead, Some(true));
        assert!(j.reason.contains("ends in a stalemate"), "{}", j.reason);
        assert!(!j.reason.contains("blocked"), "{}", j.reason);
        let j = judge("8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 b - - 0 1");
        assert!(j.reason.contains("every pawn is blocked"), "{}", j.reason);
        // The shared corpus again: 51...Kxf7 is forced, and then White, its pawns blocked,
        // has no move.
        let j = judge("8/5Rp1/4pk1p/5p1P/4pP1K/4r3/8/8 b - - 1 51");
        assert_eq!(j.dead, Some(true));
        assert!(j.reason.contains("ends in a stalemate"), "{}", j.reason);
    }
}
