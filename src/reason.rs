//! Why a finding was made, as types: one enum per kind of finding that has reasons, each
//! variant with its stable machine id (the `reason` of the JSON records, unchanged) and the
//! Article of the Laws it rests on. The words for a reason live in the catalogues
//! (`grammar/messages/*.toml`); nothing here is English prose.
//!
//! ```
//! use scoresheet::reason::{IllegalReason, NotationReason, Reason};
//! let r = Reason::from(IllegalReason::LeavesKingInCheck);
//! assert_eq!(r.id(), "leaves_king_in_check");
//! assert_eq!(r.article(), Some("3.9"));
//! // Two readings of one reason share its id; the message says which.
//! assert_eq!(NotationReason::SuperfluousRank.id(), "superfluous_disambiguation");
//! assert_eq!(NotationReason::SuperfluousRank.message_id(), "superfluous_disambiguation_rank");
//! ```

use serde::Serialize;

/// Generates a reason enum: unit variants, each with its id, its message id (the id unless
/// given) and its Article (`None`: the finding kind's own).
macro_rules! reasons {
    ($(#[$doc:meta])* $name:ident {
        $($(#[$vdoc:meta])* $variant:ident => $id:literal $(as $msg:literal)?, $article:expr;)+
    }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every reason of this enum.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stable machine id (the JSON `reason`).
            pub fn id(self) -> &'static str {
                match self {
                    $($name::$variant => $id),+
                }
            }

            /// The id of its message in the catalogues.
            pub fn message_id(self) -> &'static str {
                match self {
                    $($name::$variant => reasons!(@msg $id $(, $msg)?)),+
                }
            }

            /// The Article of the Laws this reason rests on, where it names one of its own.
            pub fn article(self) -> Option<&'static str> {
                match self {
                    $($name::$variant => $article),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl std::str::FromStr for $name {
            type Err = ();
            fn from_str(id: &str) -> Result<$name, ()> {
                $name::ALL.iter().copied().find(|r| r.id() == id).ok_or(())
            }
        }

        /// A reason equals its id (`reason == "path_blocked"`).
        impl PartialEq<&str> for $name {
            fn eq(&self, id: &&str) -> bool {
                self.id() == *id
            }
        }

        impl From<$name> for Reason {
            fn from(r: $name) -> Reason {
                Reason::$name(r)
            }
        }
    };
    (@msg $id:literal) => { $id };
    (@msg $id:literal, $msg:literal) => { $msg };
}

reasons! {
    /// Why a well-formed move matches no legal move (`illegal_move`).
    IllegalReason {
        Unreachable => "unreachable", None;
        PathBlocked => "path_blocked", None;
        DestinationOwnPiece => "destination_own_piece", Some("3.1");
        DestinationOccupied => "destination_occupied", Some("3.7.1");
        LeavesKingInCheck => "leaves_king_in_check", Some("3.9");
        /// The king itself moves onto an attacked square.
        KingIntoCheck => "leaves_king_in_check" as "king_into_check", Some("3.9");
        NoSuchPiece => "no_such_piece", None;
        OriginEmpty => "origin_empty", None;
        OriginWrongPiece => "origin_wrong_piece", None;
        OriginWrongSide => "origin_wrong_side", None;
        NothingToCapture => "nothing_to_capture", Some("3.7.3");
        EnPassantNotAvailable => "en_passant_not_available", Some("3.7.4");
        DoubleStepNotFromStart => "double_step_not_from_start", Some("3.7.2");
        CastlingRightsLost => "castling_rights_lost", Some("3.8.2");
        CastlingPathBlocked => "castling_path_blocked", Some("3.8.2");
        CastlingOutOfCheck => "castling_out_of_check", Some("3.8.2");
        CastlingThroughCheck => "castling_through_check", Some("3.8.2");
        PromotionMissing => "promotion_missing", Some("3.7.5");
        PromotionWrongRank => "promotion_wrong_rank", Some("3.7.5");
        BadPromotionPiece => "bad_promotion_piece", Some("3.7.5");
        UnknownPieceLetter => "unknown_piece_letter", None;
        NullMoveInCheck => "null_move_in_check", None;
        TakesKing => "takes_king", Some("A.4.2");
        GameOver => "game_over", Some("5");
        /// A null move written as the sealed move (the envelope).
        NullMove => "null_move", None;
    }
}

reasons! {
    /// Understandable but irregular notation (`notation`, Appendix C).
    NotationReason {
        LowercasePieceLetter => "lowercase_piece_letter", Some("C.2");
        OtherLanguageLetter => "other_language_letter", Some("C.2");
        MissingCaptureMark => "missing_capture_mark", Some("C.9");
        CaptureMarkOnNonCapture => "capture_mark_on_non_capture", Some("C.9");
        MinimalPawnCapture => "minimal_pawn_capture", Some("C.9");
        EnPassantMarkOnOtherMove => "en_passant_mark_on_other_move", Some("C.9.3");
        MissingEnPassantMark => "missing_en_passant_mark", Some("C.9.3");
        SuperfluousDisambiguation => "superfluous_disambiguation", Some("C.10");
        /// The origin's rank written where SAN names the file.
        SuperfluousRank => "superfluous_disambiguation" as "superfluous_disambiguation_rank", Some("C.10");
        PromotionPieceMissing => "promotion_piece_missing", Some("C.11");
        WrongCheckMark => "wrong_check_mark", Some("C.13");
        /// `++` on a move that neither mates nor gives double check.
        WrongDoublePlus => "wrong_check_mark" as "wrong_double_plus", Some("C.13");
        WrongMateMark => "wrong_mate_mark", Some("C.13");
        MateMarkedAsCheck => "mate_marked_as_check", Some("C.13");
        CrossAfterMove => "cross_after_move", Some("C.13");
        /// A cross on a move that neither captures nor gives check.
        CrossAfterNothing => "cross_after_move" as "cross_after_nothing", Some("C.13");
        MissingCheckMark => "missing_check_mark", Some("C.13");
        MissingMateMark => "missing_mate_mark", Some("C.13");
    }
}

reasons! {
    /// A written move number that does not follow (`move_number`, Art. 8.1.1).
    MoveNumberReason {
        MissingMove => "missing_move", None;
        Skipped => "skipped", None;
        Repeated => "repeated", None;
        OutOfOrder => "out_of_order", None;
    }
}

reasons! {
    /// The movetext's or the header's form (`structure`, `invalid_fen`).
    StructureReason {
        TextAfterResult => "text_after_result", None;
        VariationTooDeep => "variation_too_deep", None;
        UnmatchedParenthesis => "unmatched_parenthesis", None;
        UnclosedVariation => "unclosed_variation", None;
        CommentTooLong => "comment_too_long", None;
        UnterminatedComment => "unterminated_comment", None;
        ControlCharacter => "control_character", None;
        FenCleaned => "fen_cleaned", None;
        /// A row of a table (`validate_table` of the Python package) whose movetext is null or
        /// empty: no game to replay.
        NoMovetext => "no_movetext", None;
    }
}

reasons! {
    /// Why `--repair` read a word otherwise than written (`repaired_move`).
    SlipReason {
        LookAlike => "look_alike", None;
        NeighbouringSquare => "neighbouring_square", None;
        LetterCase => "letter_case", None;
        Mark => "mark", None;
        StrayCharacter => "stray_character", None;
        LostCharacter => "lost_character", None;
        OtherCharacter => "other_character", None;
        OtherLanguageLetter => "other_language_letter", None;
        CaptureByPieces => "capture_by_pieces", None;
        OriginLeftOut => "origin_left_out", None;
        LeftOut => "left_out", None;
        WrittenTwice => "written_twice", None;
        MovesWrittenTwice => "moves_written_twice", None;
        StrayWord => "stray_word", None;
        NumberSlip => "number_slip", None;
        ResultSlip => "result_slip", None;
        HeaderSlip => "header_slip", None;
        /// A reading whose text is the word as written (no slip to name).
        Unexplained => "none", None;
    }
}

reasons! {
    /// How reconciling two scoresheets decided a stretch (`repaired_move` of `reconcile`).
    DecisionReason {
        WhiteCopy => "white_copy", None;
        BlackCopy => "black_copy", None;
        Shorthand => "shorthand", None;
        BothRepaired => "both_repaired", None;
        Arbiter => "arbiter", None;
    }
}

impl SlipReason {
    /// The reason named by an id of the slip table (`grammar/slips.tsv`) or of the repair's
    /// own readings; [`SlipReason::OtherCharacter`] for an id neither names (the table and
    /// this enum are checked against each other by a test).
    pub fn of_id(id: &str) -> SlipReason {
        id.parse().unwrap_or(SlipReason::OtherCharacter)
    }
}

/// A finding's reason: which of the enums above, and which of its variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Reason {
    IllegalReason(IllegalReason),
    NotationReason(NotationReason),
    MoveNumberReason(MoveNumberReason),
    StructureReason(StructureReason),
    SlipReason(SlipReason),
    DecisionReason(DecisionReason),
}

impl Reason {
    /// The stable machine id (the JSON `reason`).
    pub fn id(self) -> &'static str {
        match self {
            Reason::IllegalReason(r) => r.id(),
            Reason::NotationReason(r) => r.id(),
            Reason::MoveNumberReason(r) => r.id(),
            Reason::StructureReason(r) => r.id(),
            Reason::SlipReason(r) => r.id(),
            Reason::DecisionReason(r) => r.id(),
        }
    }

    /// The Article of the Laws the reason names, where it names one.
    pub fn article(self) -> Option<&'static str> {
        match self {
            Reason::IllegalReason(r) => r.article(),
            Reason::NotationReason(r) => r.article(),
            Reason::MoveNumberReason(r) => r.article(),
            Reason::StructureReason(r) => r.article(),
            Reason::SlipReason(r) => r.article(),
            Reason::DecisionReason(r) => r.article(),
        }
    }

    /// The reason of an illegal move, if it is one.
    pub fn illegal(self) -> Option<IllegalReason> {
        match self {
            Reason::IllegalReason(r) => Some(r),
            _ => None,
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// A reason equals its id (`reason == "path_blocked"`).
impl PartialEq<&str> for Reason {
    fn eq(&self, id: &&str) -> bool {
        self.id() == *id
    }
}

impl Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// Two reasons are the same reason when their ids are (two readings of one reason, such as
/// [`NotationReason::SuperfluousRank`], count together).
impl Reason {
    pub fn same_id(self, other: Reason) -> bool {
        self.id() == other.id()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every notation reason's message (rendered from the catalogue, with no arguments) has
    /// its template in the English catalogue, as do the readings an id shares.
    #[test]
    fn every_reason_has_its_message() {
        let ids: Vec<&str> = NotationReason::ALL
            .iter()
            .map(|r| r.message_id())
            .chain([IllegalReason::KingIntoCheck.message_id()])
            .collect();
        let en = include_str!("../grammar/messages/en.toml");
        for id in ids {
            assert!(
                en.lines().any(|l| l.starts_with(&format!("{id} = "))),
                "{id} has no template in en.toml"
            );
        }
        // The JSON `reason` is the id, for readings that share one too.
        let shared = Reason::from(NotationReason::SuperfluousRank);
        assert_eq!(
            serde_json::to_string(&shared).ok().as_deref(),
            Some("\"superfluous_disambiguation\"")
        );
        for r in IllegalReason::ALL {
            assert_eq!(r.id().parse::<IllegalReason>().map(|p| p.id()), Ok(r.id()));
        }
    }
}
