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

use serde::Serialize;
use shakmaty::{
    fen::Fen, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position, PositionError,
    PositionErrorKinds, Role, Setup,
};

use super::dead::{analyse, solver_board, CanMate, Depth};

/// The verdict on one position, as `scoresheet position --format jsonl` writes it.
#[derive(Debug, Clone, Serialize)]
pub struct Judgement {
    pub fen: String,
    /// `false` when the FEN cannot be read or is not a legal position (see `reason`).
    pub legal: bool,
    /// `white` or `black`.
    pub turn: Option<&'static str>,
    pub checkmate: bool,
    pub stalemate: bool,
    /// `null` only where the search budget ran out (the reason says so).
    pub dead: Option<bool>,
    pub white_can_mate: Option<bool>,
    pub black_can_mate: Option<bool>,
    pub reason: String,
    /// A helpmate for White, in UCI, when White can mate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_helpmate: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_helpmate: Option<Vec<String>>,
}

fn illegal(fen: &str, reason: String) -> Judgement {
    Judgement {
        fen: fen.to_string(),
        legal: false,
        turn: None,
        checkmate: false,
        stalemate: false,
        dead: None,
        white_can_mate: None,
        black_can_mate: None,
        reason,
        white_helpmate: None,
        black_helpmate: None,
    }
}

/// Set up a position as python-chess does: castling rights and an en passant square that
/// do not fit the position are dropped, and positions no game can reach (too much material,
/// an impossible check) are kept — the rules still apply to them. Returns what was dropped or
/// is irregular, in words.
pub fn lenient(setup: Setup, mode: CastlingMode) -> Result<(Chess, Vec<&'static str>), String> {
    match Chess::from_setup(setup, mode) {
        Ok(p) => Ok((p, Vec::new())),
        Err(e) => {
            let kinds = e.kinds();
            let mut notes = Vec::new();
            for (kind, words) in [
                (
                    PositionErrorKinds::INVALID_CASTLING_RIGHTS,
                    "castling rights that do not fit the position were dropped",
                ),
                (
                    PositionErrorKinds::INVALID_EP_SQUARE,
                    "an en passant square that does not fit the position was dropped",
                ),
                (
                    PositionErrorKinds::TOO_MUCH_MATERIAL,
                    "more material than a game can reach",
                ),
                (
                    PositionErrorKinds::IMPOSSIBLE_CHECK,
                    "a check no legal move can have given",
                ),
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
                .map_err(|e| e.to_string())
        }
    }
}

/// Read a FEN (X-FEN and Shredder-FEN castling accepted) as a legal position.
pub fn parse(fen: &str) -> Result<(Chess, Vec<&'static str>), String> {
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e| format!("the FEN cannot be read: {e}"))?;
    let setup = parsed.into_setup();
    let mode = CastlingMode::detect(&setup);
    lenient(setup, mode).map_err(|e| format!("not a legal position: {e}"))
}

/// Material alone settles it: no pawns, and at most one minor piece, or bishops all on squares
/// of one colour.
fn insufficient_material(pos: &Chess) -> bool {
    pos.is_insufficient_material()
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
        checkmate: pos.is_checkmate(),
        stalemate: pos.is_stalemate(),
        dead: None,
        white_can_mate: None,
        black_can_mate: None,
        reason: String::new(),
        white_helpmate: None,
        black_helpmate: None,
    };
    if j.checkmate {
        let winner = !pos.turn();
        j.dead = Some(false);
        j.white_can_mate = Some(winner == Color::White);
        j.black_can_mate = Some(winner == Color::Black);
        j.reason = format!(
            "checkmate (Art. 5.1.1): {} has won",
            if winner == Color::White {
                "White"
            } else {
                "Black"
            }
        );
        return j;
    }
    if j.stalemate {
        j.dead = Some(true);
        j.white_can_mate = Some(false);
        j.black_can_mate = Some(false);
        j.reason = "stalemate (Art. 5.2.1): the game is already drawn".into();
        return j;
    }
    let a = analyse(&pos, Depth::Full);
    j.white_can_mate = a.white.as_bool();
    j.black_can_mate = a.black.as_bool();
    if let CanMate::Yes(line) = &a.white {
        j.white_helpmate = Some(line.clone());
    }
    if let CanMate::Yes(line) = &a.black {
        j.black_helpmate = Some(line.clone());
    }
    j.dead = a.dead();
    if j.dead.is_none() && solver_board(&pos).is_none() {
        j.reason = "the solver cannot take this position (Chess960 castling rights); ".into();
    }
    let side = |c: &CanMate, name: &str| match c {
        CanMate::Yes(_) => format!("{name} can mate (a helpmate line is given)"),
        CanMate::No => format!("{name} cannot mate by any series of legal moves"),
        CanMate::Unknown => format!("{name}: the search budget ran out, undecided"),
    };
    let verdict = match j.dead {
        Some(true) if insufficient_material(&pos) => {
            "dead position (Art. 5.2.2): insufficient material, neither side can mate".into()
        }
        Some(true) => {
            let pawns_only_blocked = pos.board().by_role(Role::Pawn).any();
            format!(
                "dead position (Art. 5.2.2): the CHA search proved that neither side can mate{}",
                if pawns_only_blocked {
                    " (the pawn structure is locked for good)"
                } else {
                    " (every line is forced into a position without mate)"
                }
            )
        }
        _ => format!("{}; {}", side(&a.white, "White"), side(&a.black, "Black")),
    };
    j.reason.push_str(&verdict);
    if !notes.is_empty() {
        j.reason
            .push_str(&format!(" (irregular FEN: {})", notes.join("; ")));
    }
    j
}

/// A text report of a judgement, for people.
pub fn to_text(j: &Judgement) -> String {
    if !j.legal {
        return format!("{}\n  not a legal position: {}\n", j.fen, j.reason);
    }
    let yes_no = |b: Option<bool>| match b {
        Some(true) => "yes",
        Some(false) => "no",
        None => "undecided (search budget ran out)",
    };
    let mut out = format!(
        "{}\n  to move: {}\n  checkmate: {}\n  stalemate: {}\n  dead (5.2.2): {}\n  White can mate: {}\n  Black can mate: {}\n  {}\n",
        j.fen,
        j.turn.unwrap_or("?"),
        if j.checkmate { "yes" } else { "no" },
        if j.stalemate { "yes" } else { "no" },
        yes_no(j.dead),
        yes_no(j.white_can_mate),
        yes_no(j.black_can_mate),
        j.reason
    );
    for (who, line) in [("White", &j.white_helpmate), ("Black", &j.black_helpmate)] {
        if let Some(l) = line.as_ref().filter(|l| !l.is_empty()) {
            out.push_str(&format!("  helpmate for {who}: {}\n", l.join(" ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_positions() {
        let j = judge("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert!(j.checkmate);
        assert_eq!(j.dead, Some(false));
        let j = judge("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert!(j.stalemate);
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
}
