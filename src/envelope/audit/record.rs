//! What the audit records: each check with its status, the decision with the facts it
//! rests on ([`Ground`]), the positions, the notes. Data only: the report words it.

use serde::Serialize;
use shakmaty::{CastlingMode, Chess, Color, Move};

use crate::{
    envelope::{contradictions::Contradiction, schema::ItemError, sealed::Sealed, text::Msg},
    laws::ending::EndKind,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    Info,
    Skipped,
    Warning,
    Error,
}

impl Status {
    pub fn id(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Info => "info",
            Status::Skipped => "skipped",
            Status::Warning => "warning",
            Status::Error => "error",
        }
    }
}

/// One check, with the Guideline or Article it rests on.
#[derive(Debug, Clone)]
pub struct Check {
    /// Machine id (`players`, `position`, `times`, ...).
    pub id: &'static str,
    pub article: &'static str,
    pub status: Status,
    pub message: Msg,
}

/// The machine-readable verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    SealerLoses,
    Draw,
    SealerWins,
    Resume,
}

impl Verdict {
    pub fn id(self) -> &'static str {
        match self {
            Verdict::SealerLoses => "sealer_loses",
            Verdict::Draw => "draw",
            Verdict::SealerWins => "sealer_wins",
            Verdict::Resume => "resume",
        }
    }
}

/// The decision on the envelope: what was decided, by which rule, on what facts. The
/// report words it (`report::decision::reason`).
#[derive(Debug, Clone)]
pub struct Decision {
    pub verdict: Verdict,
    /// The Guideline or Article that decides.
    pub rule: &'static str,
    /// The exception of I.8 that turned a loss into a draw (`6.9`).
    pub exception: Option<&'static str>,
    /// Why: the facts the rule was applied to.
    pub ground: Ground,
}

/// The facts a decision rests on, one kind for each step of the decision.
#[derive(Debug, Clone)]
pub enum Ground {
    /// The game had already ended by `ending` (Art. 5, 9.6): in the position before the
    /// sealed move (`ply` none), or at `ply` of the scoresheets, after the move `by` (the
    /// position it was played in, and the move).
    AlreadyEnded {
        ending: EndKind,
        ply: Option<usize>,
        by: Option<(Chess, Move)>,
    },
    /// Both flags had fallen in the last period and which fell first cannot be established
    /// (III.3.1.2).
    BothFlags,
    /// The flag of `loser` had fallen (Art. 6.9): before the sealed move was completed when
    /// he is the sealer, before the adjournment otherwise. `mate_possible`: whether his
    /// opponent can checkmate him by some series of legal moves (if not, drawn).
    FlagFell {
        loser: Color,
        sealer: bool,
        mate_possible: bool,
    },
    /// The sealed move `mv`, played in `before`, ends the game by `ending` (I.10).
    SealedMoveEnds {
        ending: EndKind,
        before: Chess,
        mv: Move,
    },
    /// The sealed move `mv`, played in `before`, is legal and the game goes on (I.9.1).
    Resumes { before: Chess, mv: Move },
    /// The sealed move is defective (I.8.1-3). `mate_possible`: whether the opponent can
    /// checkmate `sealer` by some series of legal moves (if not, drawn: Art. 6.9).
    Defective {
        defect: Defect,
        sealer: Color,
        mate_possible: bool,
    },
}

/// How a sealed move is defective (Guideline I.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defect {
    /// I.8.1.
    Ambiguous,
    /// I.8.2: its true meaning cannot be established.
    Unreadable,
    /// I.8.3.
    Illegal,
}

/// The whole audit of one envelope.
#[derive(Debug, Clone)]
pub struct Audit {
    pub file: String,
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
    /// The player who sealed: the side to move in the position before the sealed move,
    /// else the envelope's I.2.4.
    pub sealer: Option<Color>,
    pub sealed: Option<Sealed>,
    /// Where the sealed move was read: `envelope` or `scoresheet`.
    pub sealed_source: Option<&'static str>,
    pub before: Option<Chess>,
    pub after: Option<Chess>,
    pub mode: CastlingMode,
    pub checks: Vec<Check>,
    pub decision: Option<Decision>,
    /// A draw offer standing: who made it.
    pub draw_offer: Option<Color>,
    /// Missing or malformed items.
    pub errors: Vec<ItemError>,
    pub notes: Vec<Msg>,
    /// The paragraph an arbiter reads aloud.
    pub paragraph: Msg,
    /// Records of the envelope that contradict each other where a verdict could rest on
    /// them (the recorded position against two agreeing scoresheets, I.2.5 against the
    /// position, I.2.4 against an unconfirmed side to move).
    pub contradictions: Vec<Contradiction>,
    /// Why the exception of Art. 6.9 (an opponent who cannot checkmate) was considered
    /// and does not apply, with the opponent's helpmate line.
    pub exception_rejected: Option<Msg>,
    /// The same, short enough to be read aloud (a long helpmate line stays in the notes).
    pub exception_rejected_aloud: Option<Msg>,
    /// The keys of the items in `errors` as the user wrote them.
    pub item_names: Vec<(&'static str, String)>,
}

impl Audit {
    /// An item's key as the user wrote it (canonical when unknown).
    pub fn item_name(&self, item: &str) -> String {
        self.item_names
            .iter()
            .find(|(i, _)| *i == item)
            .map_or_else(|| item.to_string(), |(_, n)| n.clone())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or none while the game goes on.
    pub fn result(&self) -> Option<crate::result::GameResult> {
        let d = self.decision.as_ref()?;
        crate::envelope::contradictions::result_of(d.verdict, self.sealer?)
    }

    pub fn winner(&self) -> Option<Color> {
        let d = self.decision.as_ref()?;
        let s = self.sealer?;
        match d.verdict {
            Verdict::SealerWins => Some(s),
            Verdict::SealerLoses => Some(!s),
            _ => None,
        }
    }

    /// Whether any check failed.
    pub fn has_failures(&self) -> bool {
        self.checks.iter().any(|c| c.status == Status::Error)
    }

    pub(super) fn check(
        &mut self,
        id: &'static str,
        article: &'static str,
        status: Status,
        message: Msg,
    ) {
        self.checks.push(Check {
            id,
            article,
            status,
            message,
        });
    }
}
