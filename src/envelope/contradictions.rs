//! Where one record on the envelope contradicts another: the recorded position against two
//! agreeing scoresheets, the move number of I.2.5 against the position.
//!
//! The Guidelines make the arbiter verify the envelope's data (I.3) and set up "the position
//! immediately before the sealed move" (I.5) — the position of the game actually played;
//! a misplaced piece is put back (Art. 7.6). So when both scoresheets agree move by move and
//! are legal up to the adjournment, their position is the true one and a recorded position
//! that differs from it is a clerical error of the envelope. The audit decides on the
//! scoresheets' position, names every difference square by square, and asks what the
//! verdict would be on the other reading: where it differs, a loss or a win is not given
//! automatically (a player cannot lose for a move that is legal in the game he played, nor
//! win by a clerk's slip) — the arbiter decides.
//!
//! ```ignore
//! use scoresheet::envelope::contradictions::differences;
//! let envelope = scoresheet::laws::position::parse("4k3/8/8/8/8/8/6R1/4K3 w - - 0 41").unwrap().0;
//! let sheets = scoresheet::laws::position::parse("4k3/8/8/8/8/8/7R/4K3 w - - 0 41").unwrap().0;
//! let d = differences(&envelope, &sheets);
//! assert_eq!(d[0].en, "White rook g2 on the envelope, h2 by the scoresheets");
//! assert_eq!(d[0].it, "Torre bianca in g2 sulla busta, in h2 secondo i formulari");
//! ```

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{fen::Fen, Chess, Color, EnPassantMode, Piece, Position, Role, Square};

use super::{
    audit::{Decision, Verdict},
    schema::{Envelope, PositionSpec},
    scoresheets::{compare, Sheet},
    text::Msg,
};
use crate::laws::repetition::key;
use crate::result::GameResult;

/// A contradiction between two records of the envelope that the verdict could rest on.
#[derive(Debug, Clone)]
pub struct Contradiction {
    /// Machine id: `position` (the recorded position against the scoresheets) or
    /// `move_number` (I.2.5 against the position).
    pub id: &'static str,
    /// What the two records say, named (for the position: square by square).
    pub differences: Vec<Msg>,
    /// The reading the audit decides on, and the other one, as phrases (`on the
    /// scoresheets' position`, `on the position recorded on the envelope`).
    pub governs: Msg,
    pub other: Msg,
    /// The verdict on the other reading, when it differs from the one on the reading that
    /// governs, with the player who seals there.
    pub other_decision: Option<(Decision, Color)>,
    /// The verdict on the reading that governs, withheld because it is a loss or a win
    /// that the other reading does not give: the arbiter decides.
    pub withheld: Option<Decision>,
}

impl Contradiction {
    /// Whether the verdicts differ between the two readings.
    pub fn verdicts_differ(&self) -> bool {
        self.other_decision.is_some()
    }
}

/// The result a decision gives with `sealer` to move: `1-0`, `0-1`, `1/2-1/2`, or none.
pub fn result_of(verdict: Verdict, sealer: Color) -> Option<GameResult> {
    match verdict {
        Verdict::Resume => None,
        Verdict::Draw => Some(GameResult::Draw),
        Verdict::SealerWins => Some(GameResult::win(sealer)),
        Verdict::SealerLoses => Some(GameResult::win(!sealer)),
    }
}

/// Weigh the decision on the reading that governs against the one on the other reading.
/// The same outcome: nothing changes. Different outcomes: both are kept for the report,
/// and a loss or a win on the reading that governs is withheld (the arbiter decides); a
/// draw or the resumption stands, since neither takes a game from a player.
pub fn weigh(
    mut c: Contradiction,
    governs: Option<Decision>,
    sealer: Color,
    other: Option<Decision>,
    other_sealer: Color,
) -> (Contradiction, Option<Decision>) {
    let outcome = |d: &Option<Decision>, s: Color| {
        d.as_ref()
            .map(|d| (d.verdict == Verdict::Resume, result_of(d.verdict, s)))
    };
    if outcome(&governs, sealer) == outcome(&other, other_sealer) {
        return (c, governs);
    }
    c.other_decision = other.map(|d| (d, other_sealer));
    match governs {
        Some(d) if matches!(d.verdict, Verdict::SealerLoses | Verdict::SealerWins) => {
            c.withheld = Some(d);
            (c, None)
        }
        d => (c, d),
    }
}

/// `White rook` / `Torre bianca`: a piece by its colour and kind, as the catalogues' table
/// `coloured_piece` says it.
fn piece_words(p: Piece) -> Msg {
    let key = match (p.color, p.role) {
        (Color::White, Role::Pawn) => "white_pawn",
        (Color::White, Role::Knight) => "white_knight",
        (Color::White, Role::Bishop) => "white_bishop",
        (Color::White, Role::Rook) => "white_rook",
        (Color::White, Role::Queen) => "white_queen",
        (Color::White, Role::King) => "white_king",
        (Color::Black, Role::Pawn) => "black_pawn",
        (Color::Black, Role::Knight) => "black_knight",
        (Color::Black, Role::Bishop) => "black_bishop",
        (Color::Black, Role::Rook) => "black_rook",
        (Color::Black, Role::Queen) => "black_queen",
        (Color::Black, Role::King) => "black_king",
    };
    Msg::say(Message::new("coloured_piece").word("piece", key))
}

/// Every difference between the recorded position and the scoresheets', square by square:
/// a piece on another square (`White rook g2 on the envelope, h2 by the scoresheets`), a
/// piece only on one board, the side to move, castling rights and the en passant square.
pub fn differences(envelope: &Chess, sheets: &Chess) -> Vec<Msg> {
    let (eb, sb) = (envelope.board(), sheets.board());
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        for role in crate::notation::languages::ROLES {
            let piece = Piece { color, role };
            let words = piece_words(piece);
            let on_env = eb.by_piece(piece);
            let on_sheets = sb.by_piece(piece);
            let only_env: Vec<Square> = (on_env & !on_sheets).into_iter().collect();
            let only_sheets: Vec<Square> = (on_sheets & !on_env).into_iter().collect();
            let pairs = only_env.len().min(only_sheets.len());
            for (e, s) in only_env.iter().zip(&only_sheets) {
                out.push(Msg::say(
                    Message::new("contradictions_envelope_scoresheets")
                        .said("piece", &words)
                        .text("on_envelope", e)
                        .text("on_sheets", s),
                ));
            }
            for e in &only_env[pairs..] {
                out.push(Msg::say(
                    Message::new("contradictions_envelope_not_scoresheets_board")
                        .said("piece", &words)
                        .text("on_envelope", e),
                ));
            }
            for s in &only_sheets[pairs..] {
                out.push(Msg::say(
                    Message::new("contradictions_scoresheets_missing_envelope")
                        .said("piece", &words)
                        .text("on_sheets", s),
                ));
            }
        }
    }
    if envelope.turn() != sheets.turn() {
        let (e, s) = (envelope.turn(), sheets.turn());
        out.push(Msg::say(
            Message::new("contradictions_move_envelope_scoresheets")
                .word("colour", side_key(e))
                .word("colour2", side_key(s)),
        ));
    }
    let (ef, sf) = (fen_fields(envelope), fen_fields(sheets));
    if ef.0 != sf.0 {
        out.push(Msg::say(
            Message::new("contradictions_castling_rights_envelope_scoresheets")
                .text("ef", &ef.0)
                .text("sf", &sf.0),
        ));
    }
    if ef.1 != sf.1 {
        out.push(Msg::say(
            Message::new("contradictions_en_passant_square_envelope")
                .text("ef", &ef.1)
                .text("sf", &sf.1),
        ));
    }
    out
}

/// The castling and en passant fields of a position's FEN.
fn fen_fields(pos: &Chess) -> (String, String) {
    let f = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let parts: Vec<&str> = f.split(' ').collect();
    (
        parts.get(2).copied().unwrap_or("-").to_string(),
        parts.get(3).copied().unwrap_or("-").to_string(),
    )
}

/// Where both scoresheets, agreeing move by move and legal throughout, stand at the
/// adjournment when neither reaches the recorded position: the ply index, among the places
/// the envelope points to (the number of the sealed move with the sealer or the side to
/// move, the FEN's own move number), whose position differs least from the recorded one. `None` when the scoresheets do not both reach such a place
/// cleanly and identically: then the recorded position governs as before.
pub fn agreeing_sheets(rec: &Chess, env: &Envelope, sheets: &[Option<Sheet>; 2]) -> Option<usize> {
    let (Some(w), Some(b)) = (&sheets[0], &sheets[1]) else {
        return None;
    };
    if !matches!(
        env.position.as_ref().map(|i| &i.value),
        Some(PositionSpec::Fen { .. })
    ) {
        return None;
    }
    let agreement = compare(w, b);
    let clean = |s: &Sheet, k: usize| {
        k <= s.plies() && s.first_error.as_ref().is_none_or(|f| f.ply as usize > k)
    };
    let mut candidates: Vec<usize> = Vec::new();
    let sealer = env.sealer.as_ref().map(|i| i.value.side);
    if let Some(n) = &env.sealed_number {
        let (num, dots) = n.value;
        for side in [dots, sealer, Some(rec.turn())].into_iter().flatten() {
            candidates.extend(w.index_of(num, side));
        }
    }
    // Not where the records merely end: scoresheets that stop early (Art. 8.4) do not
    // record the position of the adjournment.
    candidates.extend(w.index_of(rec.fullmoves().get(), rec.turn()));
    let mut best: Option<(usize, usize)> = None;
    for k in candidates {
        if k > agreement.common || !clean(w, k) || !clean(b, k) {
            continue;
        }
        if key(&w.positions[k]) != key(&b.positions[k]) {
            continue;
        }
        let d = differences(rec, &w.positions[k]).len();
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::fen_pos as pos;

    #[test]
    fn a_piece_on_another_square_a_missing_one_and_the_side_to_move() {
        let env = pos("4k3/8/8/6p1/8/8/6R1/4K3 b - - 0 41");
        let sheets = pos("4k3/8/8/8/6p1/8/7R/4K3 w - - 0 41");
        let d: Vec<String> = differences(&env, &sheets)
            .into_iter()
            .map(|m| m.en)
            .collect();
        assert_eq!(
            d,
            [
                "White rook g2 on the envelope, h2 by the scoresheets",
                "Black pawn g5 on the envelope, g4 by the scoresheets",
                "Black to move on the envelope, White by the scoresheets",
            ]
        );
        let env = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 41");
        let sheets = pos("4k3/8/8/8/8/8/3n4/4K3 w - - 0 41");
        let d = differences(&env, &sheets);
        assert_eq!(d.len(), 1);
        assert_eq!(
            d[0].it,
            "Cavallo nero in d2 secondo i formulari, mancante sulla busta"
        );
        assert!(differences(&sheets, &sheets).is_empty());
    }

    #[test]
    fn castling_rights_are_named() {
        let env = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 20");
        let sheets = pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 20");
        let d = differences(&env, &sheets);
        assert_eq!(
            d[0].en,
            "castling rights `KQkq` on the envelope, `Kkq` by the scoresheets"
        );
    }

    #[test]
    fn a_loss_is_withheld_when_the_other_reading_does_not_give_it() {
        let c = Contradiction {
            id: "position",
            differences: Vec::new(),
            governs: Msg::default(),
            other: Msg::default(),
            other_decision: None,
            withheld: None,
        };
        let d = |v: Verdict| Decision {
            verdict: v,
            rule: "I.8.3",
            exception: None,
            ground: crate::envelope::audit::Ground::BothFlags,
        };
        let (c1, kept) = weigh(
            c.clone(),
            Some(d(Verdict::SealerLoses)),
            Color::White,
            Some(d(Verdict::Resume)),
            Color::White,
        );
        assert!(kept.is_none());
        assert!(c1.withheld.is_some() && c1.verdicts_differ());
        let (c2, kept) = weigh(
            c.clone(),
            Some(d(Verdict::Resume)),
            Color::White,
            Some(d(Verdict::SealerLoses)),
            Color::White,
        );
        assert_eq!(kept.map(|d| d.verdict), Some(Verdict::Resume));
        assert!(c2.withheld.is_none() && c2.verdicts_differ());
        // the same loss on both readings stands
        let (c3, kept) = weigh(
            c,
            Some(d(Verdict::SealerLoses)),
            Color::White,
            Some(d(Verdict::SealerLoses)),
            Color::White,
        );
        assert_eq!(kept.map(|d| d.verdict), Some(Verdict::SealerLoses));
        assert!(!c3.verdicts_differ());
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::envelope::contradictions::differences;
        let envelope = crate::laws::position::parse("4k3/8/8/8/8/8/6R1/4K3 w - - 0 41")
            .unwrap()
            .0;
        let sheets = crate::laws::position::parse("4k3/8/8/8/8/8/7R/4K3 w - - 0 41")
            .unwrap()
            .0;
        let d = differences(&envelope, &sheets);
        assert_eq!(
            d[0].en,
            "White rook g2 on the envelope, h2 by the scoresheets"
        );
        assert_eq!(
            d[0].it,
            "Torre bianca in g2 sulla busta, in h2 secondo i formulari"
        );
    }
}
