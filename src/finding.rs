//! The vocabulary of what `scoresheet` finds in a game. Rules produce [`Finding`]s; reports
//! only format them.
//!
//! ```
//! use scoresheet::finding::{Finding, Kind, Severity};
//! let f = Finding::new(Kind::IllegalMove, 7, "no knight can reach f5".into());
//! assert_eq!(f.kind.id(), "illegal_move");
//! assert_eq!(f.severity, Severity::Error);
//! ```

use serde::Serialize;

pub use crate::reason::Reason;

/// A finding's stable machine id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Kind {
    /// Text where a move should be that no rule of the grammar accepts.
    UnreadableMove,
    /// A well-formed move that no legal move matches.
    IllegalMove,
    /// More than one legal move matches what is written.
    AmbiguousMove,
    /// Understandable but irregular notation (see `reason`).
    Notation,
    /// A written move number that does not follow from the moves before it: a number skipped,
    /// repeated or out of order, or one that says a move is missing (see `reason`).
    MoveNumber,
    /// A `[FEN]` that is not a legal position.
    InvalidFen,
    /// A variant other than standard chess or Chess960.
    UnsupportedVariant,
    /// A game too large to replay.
    OversizedGame,
    /// The movetext's structure: a `{` comment that never closes, a `(` or `)` that does not
    /// pair, junk after the result; and, as errors, what only a damaged or hostile file has
    /// (variations nested deeper than any annotator nests, a comment of megabytes).
    Structure,
    /// `(=)`: a draw offer recorded with a move.
    DrawOffer,
    /// `--`: a null move, which is no move of chess.
    NullMove,
    /// Art. 9.2: a position stands for the third time (a draw may be claimed).
    Threefold,
    /// Art. 9.6.1: a position stands for the fifth time (the game is drawn).
    Fivefold,
    /// Art. 9.3: fifty moves by each side without a pawn move or a capture (claimable).
    FiftyMoves,
    /// Art. 9.6.2: seventy-five moves by each side without either (the game is drawn).
    SeventyFiveMoves,
    /// Art. 5.1.1.
    Checkmate,
    /// Art. 5.2.1.
    Stalemate,
    /// Art. 5.2.2: neither side can checkmate by any series of legal moves.
    DeadPosition,
    /// Moves recorded after the game had already ended.
    MovesAfterEnd,
    /// The result contradicts the board.
    ResultMismatch,
    /// Art. 9.1.1: a draw agreed before the move the event allows it.
    EarlyDraw,
    /// `--repair`: a word of the scoresheet read as another legal move than it says (or a
    /// move left out, or a word left out), with what was written and why.
    RepairedMove,
}

impl Kind {
    pub fn id(self) -> &'static str {
        match self {
            Kind::UnreadableMove => "unreadable_move",
            Kind::IllegalMove => "illegal_move",
            Kind::AmbiguousMove => "ambiguous_move",
            Kind::Notation => "notation",
            Kind::MoveNumber => "move_number",
            Kind::InvalidFen => "invalid_fen",
            Kind::UnsupportedVariant => "unsupported_variant",
            Kind::OversizedGame => "oversized_game",
            Kind::Structure => "structure",
            Kind::DrawOffer => "draw_offer",
            Kind::NullMove => "null_move",
            Kind::Threefold => "threefold",
            Kind::Fivefold => "fivefold",
            Kind::FiftyMoves => "fifty_moves",
            Kind::SeventyFiveMoves => "seventy_five_moves",
            Kind::Checkmate => "checkmate",
            Kind::Stalemate => "stalemate",
            Kind::DeadPosition => "dead_position",
            Kind::MovesAfterEnd => "moves_after_end",
            Kind::ResultMismatch => "result_mismatch",
            Kind::EarlyDraw => "early_draw",
            Kind::RepairedMove => "repaired_move",
        }
    }

    pub fn default_severity(self) -> Severity {
        match self {
            Kind::UnreadableMove
            | Kind::IllegalMove
            | Kind::AmbiguousMove
            | Kind::InvalidFen
            | Kind::UnsupportedVariant
            | Kind::OversizedGame
            | Kind::MovesAfterEnd
            | Kind::ResultMismatch => Severity::Error,
            Kind::Notation
            | Kind::MoveNumber
            | Kind::Structure
            | Kind::NullMove
            | Kind::EarlyDraw
            | Kind::RepairedMove => Severity::Warning,
            Kind::DrawOffer
            | Kind::Threefold
            | Kind::Fivefold
            | Kind::FiftyMoves
            | Kind::SeventyFiveMoves
            | Kind::Checkmate
            | Kind::Stalemate
            | Kind::DeadPosition => Severity::Info,
        }
    }

    /// Whether this kind stops the replay of the line it is found on.
    pub fn is_move_error(self) -> bool {
        matches!(
            self,
            Kind::UnreadableMove | Kind::IllegalMove | Kind::AmbiguousMove
        )
    }
}

impl Kind {
    /// Every finding kind, in the order of the README's table.
    pub const ALL: [Kind; 22] = [
        Kind::UnreadableMove,
        Kind::IllegalMove,
        Kind::AmbiguousMove,
        Kind::Notation,
        Kind::MoveNumber,
        Kind::Structure,
        Kind::NullMove,
        Kind::DrawOffer,
        Kind::InvalidFen,
        Kind::UnsupportedVariant,
        Kind::OversizedGame,
        Kind::Threefold,
        Kind::Fivefold,
        Kind::FiftyMoves,
        Kind::SeventyFiveMoves,
        Kind::Checkmate,
        Kind::Stalemate,
        Kind::DeadPosition,
        Kind::MovesAfterEnd,
        Kind::ResultMismatch,
        Kind::EarlyDraw,
        Kind::RepairedMove,
    ];

    /// A comma-separated list of kind ids (`illegal_move,threefold`), or the first unknown id.
    pub fn parse_list(list: &str) -> Result<Vec<Kind>, String> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|id| id.parse().map_err(|_| id.to_string()))
            .collect()
    }
}

/// Fails to compile when a kind is added to [`Kind`] without being added to [`Kind::ALL`]
/// (add it there too).
#[allow(dead_code)]
fn every_kind_is_listed(k: Kind) {
    match k {
        Kind::UnreadableMove
        | Kind::IllegalMove
        | Kind::AmbiguousMove
        | Kind::Notation
        | Kind::MoveNumber
        | Kind::Structure
        | Kind::NullMove
        | Kind::DrawOffer
        | Kind::InvalidFen
        | Kind::UnsupportedVariant
        | Kind::OversizedGame
        | Kind::Threefold
        | Kind::Fivefold
        | Kind::FiftyMoves
        | Kind::SeventyFiveMoves
        | Kind::Checkmate
        | Kind::Stalemate
        | Kind::DeadPosition
        | Kind::MovesAfterEnd
        | Kind::ResultMismatch
        | Kind::EarlyDraw
        | Kind::RepairedMove => {}
    }
}

/// A kind id that names no [`Kind`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownKind(pub String);

impl std::fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown finding kind `{}`", self.0)
    }
}

impl std::error::Error for UnknownKind {}

impl std::str::FromStr for Kind {
    type Err = UnknownKind;

    /// ```
    /// use scoresheet::finding::Kind;
    /// assert_eq!("threefold".parse::<Kind>(), Ok(Kind::Threefold));
    /// assert_eq!(Kind::Threefold.to_string(), "threefold");
    /// assert!("fourfold".parse::<Kind>().is_err());
    /// ```
    fn from_str(id: &str) -> Result<Kind, UnknownKind> {
        Kind::ALL
            .iter()
            .copied()
            .find(|k| k.id() == id)
            .ok_or_else(|| UnknownKind(id.to_string()))
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// Generates a small word enum: its JSON form and `Display` are the id, and it compares
/// equal to its id (`record.status == "ok"`).
macro_rules! word_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident => $id:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            #[default]
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $id),+
                }
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}

word_enum! {
    /// A game's verdict: `error` when replay found an error (reported or not).
    Status { Ok => "ok", Error => "error" }
}

word_enum! {
    /// The rules a game is replayed under.
    Variant { Standard => "standard", Chess960 => "chess960" }
}

word_enum! {
    /// A side, as findings name it.
    ///
    /// ```
    /// use scoresheet::finding::Side;
    /// assert_eq!(Side::from(shakmaty::Color::Black).to_string(), "black");
    /// ```
    Side { White => "white", Black => "black" }
}

impl Side {
    /// The side's name as a message says it (`White`, `Black`).
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

impl From<shakmaty::Color> for Side {
    fn from(c: shakmaty::Color) -> Side {
        match c {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

/// A legal move the writer probably meant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// In the game's own notation language, canonical form.
    pub san: String,
    pub uci: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    pub kind: Kind,
    pub severity: Severity,
    /// 1-based half-move the finding concerns (0 = the starting position).
    pub ply: u32,
    /// The move as written, with its move number (`12...Cxe5`).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub move_text: Option<String>,
    /// 1-based line and column (in characters) in the input.
    pub line: u64,
    pub column: u64,
    pub message: String,
    /// Machine id of the reason, for `notation` and `illegal_move` findings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestions: Option<Vec<Suggestion>>,
    /// `--illegal stands`: the illegal move was played and the game went on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stood: Option<bool>,
    /// Depth of the variation the move is in; absent on the mainline.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variation: Option<u32>,
    /// The Article of the FIDE Laws (or Guideline) the finding rests on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<&'static str>,
    /// The side concerned: who may claim, who offered, who ended the game (`white`/`black`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// Plies the finding rests on (the occurrences of a repeated position).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<Vec<u32>>,
    /// On the last listed warning of a kind and reason that a game repeats more than
    /// [`MAX_REPEATED`] times: how many more there are, not listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub more: Option<u64>,
    /// `repaired_move`: the text as written (`None` for a move left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<String>,
    /// `repaired_move`: the legal move the text is read as (`None` for a word left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_as: Option<Suggestion>,
    /// `repaired_move`: how sure the reading is, 0–1 (from its margin over the runner-up).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f32>,
    /// `repaired_move`: the runner-up readings, best first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternatives: Option<Vec<Suggestion>>,
    /// `illegal_move`: why no legal move fits, as its rule said it (with the notes the replay
    /// adds after it), kept apart from the message so that a report quoting the reason does
    /// not cut it out of the message. Not part of the record.
    #[serde(skip)]
    pub explanation: Option<String>,
    /// The message as data (its catalogue id and arguments), where its rule gives it so:
    /// each report writes it in its language from that language's catalogue. `message` is
    /// its English (what the records and the English reports print).
    #[serde(skip)]
    pub text: Option<crate::message::Message>,
}

/// The most findings of one kind and reason that one game lists among its warnings, and
/// among the findings on its variations; the rest are counted on the last one listed. (No
/// game of the shared archives comes near it; a damaged or hostile file of stray brackets or
/// broken variations would otherwise list one finding for every few bytes.) Errors and
/// adjudications on the mainline are always listed.
pub const MAX_REPEATED: usize = 10;

/// Whether a finding is one that [`cap_repeated`] may count instead of listing.
fn may_be_counted(f: &Finding) -> bool {
    f.severity == Severity::Warning || f.variation.is_some()
}

/// Keep the first [`MAX_REPEATED`] countable findings of each kind and reason, in order, and
/// add the number of the others to the `more` of the last one kept. Repeatable: a finding
/// that already counts others counts as itself and them.
pub fn cap_repeated(findings: &mut Vec<Finding>) {
    let countable = findings.iter().filter(|f| may_be_counted(f)).count();
    if countable <= MAX_REPEATED {
        return;
    }
    /// Per kind and reason: how many are listed, the index of the last, how many not listed.
    type Tally = ((Kind, Option<&'static str>), usize, usize, u64);
    let mut seen: Vec<Tally> = Vec::new();
    let mut keep = Vec::with_capacity(findings.len());
    for (i, f) in findings.iter().enumerate() {
        if !may_be_counted(f) {
            keep.push(true);
            continue;
        }
        let key = (f.kind, f.reason.map(Reason::id));
        let slot = match seen.iter().position(|(k, ..)| *k == key) {
            Some(p) => p,
            None => {
                seen.push((key, 0, i, 0));
                seen.len() - 1
            }
        };
        let (_, listed, last, more) = &mut seen[slot];
        if *listed < MAX_REPEATED {
            *listed += 1;
            *last = i;
            *more += f.more.unwrap_or(0);
            keep.push(true);
        } else {
            *more += 1 + f.more.unwrap_or(0);
            keep.push(false);
        }
    }
    for (f, _) in findings
        .iter_mut()
        .zip(&keep)
        .filter(|(f, &k)| k && may_be_counted(f))
    {
        f.more = None;
    }
    for &(_, _, last, more) in &seen {
        if more > 0 {
            findings[last].more = Some(more);
        }
    }
    let mut keep = keep.into_iter();
    findings.retain(|_| keep.next().unwrap_or(true));
}

/// The message of each finding that counts others says so.
pub fn say_how_many_more(findings: &mut [Finding]) {
    for f in findings {
        if let Some(more) = f.more {
            f.message.push_str(&format!(
                " ({more} more like this in this game, not listed)"
            ));
        }
    }
}

/// The Article of the Laws (2017 text, Appendix C for notation) a finding rests on, where its
/// rule did not name one: the reason's own Article where it has one, else the kind's
/// ([`Kind::article`]).
///
/// ```
/// use scoresheet::finding::{default_article, Kind};
/// use scoresheet::reason::IllegalReason;
/// assert_eq!(default_article(Kind::IllegalMove, Some(IllegalReason::LeavesKingInCheck.into())), "3.9");
/// assert_eq!(default_article(Kind::Threefold, None), "9.2");
/// ```
pub fn default_article(kind: Kind, reason: Option<Reason>) -> &'static str {
    reason
        .and_then(Reason::article)
        .unwrap_or_else(|| kind.article())
}

impl Kind {
    /// The Article a finding of this kind rests on, unless its reason or its rule names a more
    /// particular one ([`default_article`]; a `result_mismatch` names the Article of the
    /// ending it contradicts, or 6.9 for a win on time by a side that cannot mate).
    pub fn article(self) -> &'static str {
        match self {
            Kind::Notation => "C",
            Kind::AmbiguousMove => "C.10",
            // A move is illegal when it fails a requirement of Articles 3.1 to 3.9.
            Kind::IllegalMove => "3.10.2",
            Kind::NullMove => "1.2",
            Kind::DrawOffer => "9.1.2.2",
            Kind::InvalidFen | Kind::UnsupportedVariant => "2.3",
            Kind::Threefold => "9.2",
            Kind::Fivefold => "9.6.1",
            Kind::FiftyMoves => "9.3",
            Kind::SeventyFiveMoves => "9.6.2",
            Kind::Checkmate => "5.1.1",
            Kind::Stalemate => "5.2.1",
            Kind::DeadPosition => "5.2.2",
            Kind::EarlyDraw => "9.1.1",
            Kind::ResultMismatch => "8.7",
            // the record itself: moves recorded correctly, clearly and legibly
            Kind::UnreadableMove
            | Kind::MoveNumber
            | Kind::Structure
            | Kind::OversizedGame
            | Kind::MovesAfterEnd
            | Kind::RepairedMove => "8.1.1",
        }
    }
}

impl Finding {
    /// A finding whose message is data: its English from the catalogue, the message kept
    /// for the other languages.
    pub fn said(kind: Kind, ply: u32, text: crate::message::Message) -> Finding {
        let mut f = Finding::new(kind, ply, text.render(crate::i18n::ReportLang::En));
        f.text = Some(text);
        f
    }

    /// The finding now says `text` (its English message too).
    pub fn say(&mut self, text: crate::message::Message) {
        self.message = text.render(crate::i18n::ReportLang::En);
        self.text = Some(text);
    }

    /// A clause after the message (`first; rest`), in its catalogue message and its English.
    pub fn then(&mut self, rest: crate::message::Message) {
        match self.text.take() {
            Some(t) => {
                let text = t.then(rest);
                self.message = text.render(crate::i18n::ReportLang::En);
                self.text = Some(text);
            }
            // A finding that carries only its English words.
            None => {
                self.message.push_str("; ");
                self.message
                    .push_str(&rest.render(crate::i18n::ReportLang::En));
            }
        }
    }

    pub fn new(kind: Kind, ply: u32, message: String) -> Finding {
        Finding {
            kind,
            severity: kind.default_severity(),
            ply,
            move_text: None,
            line: 0,
            column: 0,
            message,
            reason: None,
            suggestions: None,
            stood: None,
            variation: None,
            article: None,
            side: None,
            plies: None,
            more: None,
            written: None,
            read_as: None,
            confidence: None,
            alternatives: None,
            explanation: None,
            text: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::StructureReason;

    const A: Reason = Reason::StructureReason(StructureReason::TextAfterResult);
    const B: Reason = Reason::StructureReason(StructureReason::UnmatchedParenthesis);

    #[test]
    fn repeated_findings_are_counted_not_listed() {
        let warning = |i: u32, reason| {
            let mut f = Finding::new(Kind::Structure, i, format!("w{i}"));
            f.reason = Some(reason);
            f
        };
        let mut findings: Vec<Finding> = (0..25)
            .map(|i| warning(i, if i % 5 == 0 { A } else { B }))
            .collect();
        findings.insert(3, Finding::new(Kind::IllegalMove, 3, "e".into()));
        let mut in_variation = Finding::new(Kind::IllegalMove, 4, "v".into());
        in_variation.variation = Some(1);
        findings.extend(std::iter::repeat_n(in_variation, 12));
        cap_repeated(&mut findings);
        // 5 of reason a (all kept), 10 of the 20 of reason b, the mainline error, 10 of the
        // 12 errors in variations.
        assert_eq!(findings.len(), 26);
        let b: Vec<&Finding> = findings.iter().filter(|f| f.reason == Some(B)).collect();
        assert_eq!(b.len(), 10);
        assert_eq!(b[9].more, Some(10));
        assert_eq!(findings.last().unwrap().more, Some(2));
        assert_eq!(findings.iter().filter(|f| f.more.is_some()).count(), 2);
        // Capping again, with more findings after, adds up and moves nothing twice.
        findings.extend((0..7).map(|i| warning(100 + i, B)));
        cap_repeated(&mut findings);
        let b: Vec<&Finding> = findings.iter().filter(|f| f.reason == Some(B)).collect();
        assert_eq!(b.len(), 10);
        assert_eq!(b[9].more, Some(17));
        assert_eq!(findings.iter().filter(|f| f.more.is_some()).count(), 2);
        say_how_many_more(&mut findings);
        assert!(b_message(&findings).ends_with("(17 more like this in this game, not listed)"));
        let mut few = vec![warning(1, A); 10];
        cap_repeated(&mut few);
        assert_eq!(few.len(), 10);
        assert!(few.iter().all(|f| f.more.is_none()));
        // Errors on the mainline are all listed.
        let mut errors = vec![Finding::new(Kind::IllegalMove, 1, "e".into()); 30];
        cap_repeated(&mut errors);
        assert_eq!(errors.len(), 30);
    }

    fn b_message(findings: &[Finding]) -> &str {
        &findings
            .iter()
            .rfind(|f| f.reason == Some(B))
            .expect("a b warning")
            .message
    }
}
