//! The sealed move as written (Guideline I.8): readable or not (I.8.2), and then exactly one
//! legal move (it stands), several (ambiguous, I.8.1) or none (illegal, I.8.3).
//!
//! The order of the questions is the order in which an arbiter asks them:
//!
//! 1. Can the text be read as a move at all? Text no rule of the notation accepts (a square
//!    off the board, a stray word, two moves) has no establishable meaning: I.8.2.
//! 2. In the sealer's notation (the language of the scoresheets, or the envelope's
//!    `language`), how many legal moves fit? One: the move. Several, or a promotion without
//!    its piece: ambiguous, I.8.1. None: illegal, I.8.3.
//! 3. A piece letter that the sealer's notation does not have (`C` on an English
//!    scoresheet) is read in every other notation that has it: one legal meaning across
//!    them establishes the move (with a note); different legal meanings, or none, leave its
//!    true meaning unestablished: I.8.2.
//!
//! When the scoresheets use no piece letter at all, the sealer's notation is English, the
//! notation of PGN (as `validate` reads a game without piece letters).

//!
//! ```ignore
//! use scoresheet::envelope::sealed::{read, Reading};
//! use scoresheet::notation::languages::by_code;
//! use shakmaty::{CastlingMode, Chess};
//! let it = by_code("it").unwrap();
//! let s = read("1. Cf3 (=)", &Chess::default(), CastlingMode::Standard, it);
//! assert!(matches!(s.reading, Reading::Legal { .. }));
//! assert!(s.draw_offer);
//! let s = read("Ce5", &Chess::default(), CastlingMode::Standard, it);
//! assert_eq!(s.reading.id(), "illegal");
//! ```

use crate::message::Message;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role};

use super::text::Msg;
use crate::{
    i18n::{self, ReportLang},
    notation::{
        languages::{languages, Language},
        moves::{written_move, WrittenKind, WrittenMove},
    },
    reason::IllegalReason,
    replay::{
        render::{san_in, uci},
        resolve::{explain, notation_issues, resolve, Explanation, NotationIssue, Resolution},
    },
};

/// What the written sealed move means in the position before it.
#[derive(Debug, Clone)]
pub enum Reading {
    /// Exactly one legal move fits.
    Legal { mv: Move, lang: &'static Language },
    /// Several legal moves fit (I.8.1).
    Ambiguous {
        candidates: Vec<Move>,
        lang: &'static Language,
    },
    /// Its true meaning cannot be established (I.8.2).
    Unreadable { reason: &'static str, why: Msg },
    /// No legal move fits (I.8.3).
    Illegal {
        reason: IllegalReason,
        why: Msg,
        lang: &'static Language,
    },
}

impl Reading {
    /// The Guideline for a defective sealed move.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            Reading::Legal { .. } => None,
            Reading::Ambiguous { .. } => Some("I.8.1"),
            Reading::Unreadable { .. } => Some("I.8.2"),
            Reading::Illegal { .. } => Some("I.8.3"),
        }
    }

    pub fn id(&self) -> &'static str {
        match self {
            Reading::Legal { .. } => "legal",
            Reading::Ambiguous { .. } => "ambiguous",
            Reading::Unreadable { .. } => "unreadable",
            Reading::Illegal { .. } => "illegal",
        }
    }
}

/// The sealed move: its text, what was stripped from it, and its reading.
#[derive(Debug, Clone)]
pub struct Sealed {
    /// Exactly as written.
    pub written: String,
    /// The move itself, without its number or draw offer.
    pub body: String,
    /// A move number written with it (`41.`, `41...`): the number and whether it announces
    /// Black's move.
    pub number: Option<(u32, bool)>,
    /// `(=)` written after it: the sealer offers a draw with it (Art. 9.1.2.2).
    pub draw_offer: bool,
    pub reading: Reading,
    /// Notes: notation irregularities, other languages' readings.
    pub notes: Vec<Msg>,
}

/// Split off a leading move number (`41.`, `41...`, `41…`, `41 ...`, `41)`).
fn strip_number(s: &str) -> (Option<(u32, bool)>, &str) {
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return (None, s);
    }
    let Ok(n) = s[..digits].parse::<u32>() else {
        return (None, s);
    };
    let rest = &s[digits..];
    let after_dots = rest.trim_start_matches('.');
    let dots = rest.len() - after_dots.len();
    let (rest, black) = if dots > 0 {
        let r = after_dots.trim_start();
        if let Some(r2) = r.strip_prefix("...").or_else(|| r.strip_prefix('…')) {
            (r2, true)
        } else {
            (r, dots >= 2)
        }
    } else if let Some(r) = rest.strip_prefix('…') {
        (r, true)
    } else if let Some(r) = rest.strip_prefix(')') {
        (r, false)
    } else if rest.starts_with(char::is_whitespace) {
        let r = rest.trim_start();
        if let Some(r2) = r.strip_prefix("...").or_else(|| r.strip_prefix('…')) {
            (r2, true)
        } else {
            (r, false)
        }
    } else {
        return (None, s);
    };
    (Some((n, black)), rest.trim_start())
}

/// Read the text as exactly one written move: as written, then with its inner spaces
/// removed (`exd6 e.p.`, `Cg1 - f3`).
fn parse_one(body: &str) -> Option<WrittenMove> {
    let whole = |t: &str| -> Option<WrittenMove> {
        let (rest, w) = written_move(t).ok()?;
        rest.trim().is_empty().then_some(w)
    };
    whole(body).or_else(|| {
        let squeezed: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        whole(&squeezed)
    })
}

/// The languages grouped by what they make of the letters a move uses; each group's first
/// language stands for it.
fn groups(w: &WrittenMove) -> Vec<Vec<&'static Language>> {
    let letters: Vec<u8> = w
        .piece
        .iter()
        .chain(w.promotion.iter())
        .map(|l| l.index)
        .collect();
    let mut out: Vec<(Vec<Option<Role>>, Vec<&'static Language>)> = Vec::new();
    for lang in languages() {
        let k: Vec<Option<Role>> = letters.iter().map(|&i| lang.role_of(i)).collect();
        match out.iter_mut().find(|(kk, _)| *kk == k) {
            Some((_, v)) => v.push(lang),
            None => out.push((k, vec![lang])),
        }
    }
    out.into_iter().map(|(_, v)| v).collect()
}

enum Outcome {
    Unique(Move),
    Several(Vec<Move>),
    Illegal,
    Unknown,
    Null,
}

fn outcome(pos: &Chess, w: &WrittenMove, lang: &Language) -> Outcome {
    match resolve(pos, w, lang) {
        Resolution::Unique(m) => Outcome::Unique(m),
        Resolution::Ambiguous(c) | Resolution::PromotionMissing(c) => Outcome::Several(c),
        Resolution::Illegal => Outcome::Illegal,
        Resolution::UnknownLetter => Outcome::Unknown,
        Resolution::Null => Outcome::Null,
    }
}

fn names(langs: &[&'static Language]) -> String {
    langs
        .iter()
        .map(|l| l.code.as_str())
        .collect::<Vec<_>>()
        .join("/")
}

/// Read the sealed move in `pos`. `pref` is the sealer's notation.
pub fn read(written: &str, pos: &Chess, mode: CastlingMode, pref: &'static Language) -> Sealed {
    let trimmed = written.trim();
    let (number, rest) = strip_number(trimmed);
    let mut body = rest.trim().to_string();
    let mut draw_offer = false;
    for mark in ["(=)", "( = )"] {
        if let Some(b) = body.strip_suffix(mark) {
            body = b.trim_end().to_string();
            draw_offer = true;
        }
    }
    let mut sealed = Sealed {
        written: written.to_string(),
        body: body.clone(),
        number,
        draw_offer,
        reading: Reading::Unreadable {
            reason: "empty",
            why: Msg::say(Message::new("sealed_nothing_written")),
        },
        notes: Vec::new(),
    };
    if body.is_empty() {
        return sealed;
    }
    let Some(w) = parse_one(&body) else {
        sealed.reading = Reading::Unreadable {
            reason: "not_a_move",
            why: Msg::say(Message::new("sealed_cannot_read_move_any").text("body", body)),
        };
        return sealed;
    };
    if w.kind == WrittenKind::Null {
        sealed.reading = Reading::Illegal {
            reason: IllegalReason::NullMove,
            why: Msg::say(Message::new("sealed_null_move_passing_not")),
            lang: pref,
        };
        return sealed;
    }
    let all = groups(&w);
    let in_pref = outcome(pos, &w, pref);
    let others: Vec<(Vec<&'static Language>, Outcome)> = all
        .iter()
        .filter(|g| !g.iter().any(|l| l.code == pref.code))
        .map(|g| (g.clone(), outcome(pos, &w, g[0])))
        .collect();
    let other_uniques = || -> Vec<(Move, Vec<&'static Language>)> {
        let mut v: Vec<(Move, Vec<&'static Language>)> = Vec::new();
        for (g, o) in &others {
            if let Outcome::Unique(m) = o {
                match v.iter_mut().find(|(mm, _)| mm == m) {
                    Some((_, ls)) => ls.extend(g.iter().copied()),
                    None => v.push((*m, g.clone())),
                }
            }
        }
        v
    };
    let fall_through = match in_pref {
        Outcome::Unique(m) => {
            sealed.reading = Reading::Legal { mv: m, lang: pref };
            for (m2, ls) in other_uniques() {
                if m2 != m {
                    let s = san_in(pos, m2, ls[0]);
                    sealed.notes.push(Msg::say(
                        Message::new("sealed_notation_would_read_sealer")
                            .text("names", names(&ls))
                            .text("value", s)
                            .text("uci", uci(m2, mode))
                            .text("code", &pref.code),
                    ));
                }
            }
            false
        }
        Outcome::Several(ref c) => {
            sealed.reading = Reading::Ambiguous {
                candidates: c.clone(),
                lang: pref,
            };
            false
        }
        Outcome::Null => unreachable!("null moves are handled above"),
        Outcome::Illegal => {
            let why = explain(pos, &w, pref);
            sealed.reading = Reading::Illegal {
                reason: why.reason,
                why: illegal_msg(&why),
                lang: pref,
            };
            for (m2, ls) in other_uniques() {
                let s = san_in(pos, m2, ls[0]);
                sealed.notes.push(Msg::say(
                    Message::new("sealed_notation_would_read_legal")
                        .text("names", names(&ls))
                        .text("value", s)
                        .text("code", &pref.code),
                ));
            }
            false
        }
        Outcome::Unknown => true,
    };
    if !fall_through {
        add_notation_notes(&mut sealed, pos, &w);
        return sealed;
    }
    let uniques = other_uniques();
    match uniques.as_slice() {
        [(m, ls)] => {
            let lang = ls[0];
            sealed.reading = Reading::Legal { mv: *m, lang };
            sealed.notes.push(Msg::say(
                Message::new("sealed_reads_legal_move_only")
                    .text("body", body)
                    .text("names", names(ls))
                    .text("code", &pref.code)
                    .text("san_in", san_in(pos, *m, lang))
                    .text("san_in2", san_in(pos, *m, pref)),
            ));
            add_notation_notes(&mut sealed, pos, &w);
        }
        [] => {
            if matches!(in_pref, Outcome::Illegal) {
                let why = explain(pos, &w, pref);
                sealed.reading = Reading::Illegal {
                    reason: why.reason,
                    why: illegal_msg(&why),
                    lang: pref,
                };
            } else {
                let letter = w
                    .piece
                    .or(w.promotion)
                    .map(|l| {
                        crate::notation::languages::alphabet()
                            .letter(l.index)
                            .to_string()
                    })
                    .unwrap_or_default();
                let several: Vec<String> = others
                    .iter()
                    .filter(|(_, o)| matches!(o, Outcome::Several(_)))
                    .map(|(g, _)| names(g))
                    .collect();
                let tail = Msg::say(if several.is_empty() {
                    Message::new("sealed_tail_no_notation")
                } else {
                    Message::new("sealed_tail_several").text("names", several.join(", "))
                });
                sealed.reading = Reading::Unreadable {
                    reason: "unknown_piece_letter",
                    why: Msg::say(
                        Message::new("sealed_no_piece_sealer_s")
                            .text("letter", letter)
                            .text("code", &pref.code)
                            .said("tail", &tail),
                    ),
                };
            }
        }
        many => {
            let readings: Vec<String> = many
                .iter()
                .map(|(m, ls)| format!("{} in {}", san_in(pos, *m, ls[0]), names(ls)))
                .collect();
            sealed.reading = Reading::Unreadable {
                reason: "several_notations",
                why: Msg::say(
                    Message::new("sealed_does_not_fit_sealer")
                        .text("body", body)
                        .text("code", &pref.code)
                        .text("list", readings.join(", ")),
                ),
            };
        }
    }
    sealed
}

/// The explanation of an illegal move in both languages: the engine's message, from each
/// catalogue (a king moving into check as an arbiter says it in Italian); the plain sentence
/// of `[words.sealed_illegal]` where the Italian catalogue lacks the message.
pub(super) fn illegal_msg(why: &Explanation) -> Msg {
    let en = why.message();
    // A king moving into check: the square, as an arbiter says it.
    if let (IllegalReason::KingIntoCheck, Some(square)) = (why.reason, why.square) {
        let square = square.to_string();
        let it = i18n::fill(
            ReportLang::It,
            "sealed_king_into_check",
            &[("square", &square)],
        );
        return Msg::written(en, it);
    }
    // The engine's own sentence, as the Italian report of `validate` gives it: it says what
    // the English says (the piece, the square).
    let it = why.text.render(ReportLang::It);
    if it.is_empty() {
        return Msg::written(en, illegal_plain(why.reason, ReportLang::It));
    }
    Msg::written(en, it)
}

/// The plain sentence for an illegal move's reason in `lang`.
pub(super) fn illegal_plain(reason: IllegalReason, lang: ReportLang) -> String {
    let said = i18n::word(lang, "sealed_illegal", reason.id());
    if said == reason.id() {
        i18n::word(lang, "sealed_illegal", "other").to_string()
    } else {
        said.to_string()
    }
}

fn add_notation_notes(sealed: &mut Sealed, pos: &Chess, w: &WrittenMove) {
    let Reading::Legal { mv, .. } = sealed.reading else {
        return;
    };
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let mate = after.is_checkmate();
    let mut issues: Vec<NotationIssue> = Vec::new();
    notation_issues(pos, mv, w, &after, mate, false, &mut issues);
    for i in issues {
        let id = i.reason.message_id();
        let mut it = i18n::word(ReportLang::It, "sealed_notation", id);
        if it == id {
            it = i18n::word(ReportLang::It, "sealed_notation", "other");
        }
        sealed
            .notes
            .push(Msg::say(Message::new("sealed_notation").both(
                "note",
                i.message(ReportLang::En),
                it,
            )));
    }
}

/// Whether a written move number (with its dots) fits the sealer and the position.
pub fn number_fits(number: (u32, bool), pos: &Chess) -> bool {
    number.0 == pos.fullmoves().get() && (!number.1 || pos.turn() == Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::languages::by_code;

    use crate::laws::fen_pos as pos;

    fn read_in(text: &str, fen: &str, lang: &str, _evidence: bool) -> Sealed {
        read(
            text,
            &pos(fen),
            CastlingMode::Standard,
            by_code(lang).unwrap(),
        )
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn numbers_and_offers() {
        assert_eq!(strip_number("41...Txe5"), (Some((41, true)), "Txe5"));
        assert_eq!(strip_number("41. Txe5"), (Some((41, false)), "Txe5"));
        assert_eq!(strip_number("41 ... Txe5"), (Some((41, true)), "Txe5"));
        assert_eq!(strip_number("0-0"), (None, "0-0"));
        let s = read_in("1. Cf3 (=)", START, "it", true);
        assert!(s.draw_offer);
        assert!(matches!(s.reading, Reading::Legal { .. }));
    }

    #[test]
    fn the_four_readings() {
        assert!(matches!(
            read_in("Nf3", START, "en", true).reading,
            Reading::Legal { .. }
        ));
        assert!(matches!(
            read_in("Nf4", START, "en", true).reading,
            Reading::Illegal { .. }
        ));
        assert!(matches!(
            read_in("Nz9", START, "en", true).reading,
            Reading::Unreadable { .. }
        ));
        assert!(matches!(
            read_in("Nd2", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "en", true).reading,
            Reading::Ambiguous { .. }
        ));
        // promotion without its piece
        assert!(matches!(
            read_in("a8", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "en", true).reading,
            Reading::Ambiguous { .. }
        ));
    }

    #[test]
    fn an_arbiters_italian() {
        // A king moving into check: the square, from the explanation, not from its words.
        let w = parse_one("Kg8").expect("a move");
        let m = illegal_msg(&explain(
            &pos("7k/8/8/8/8/8/8/6RK b - - 0 1"),
            &w,
            by_code("en").unwrap(),
        ));
        assert_eq!(m.en, "the king would be in check on g8");
        assert_eq!(m.it, "porterebbe il Re sotto scacco in g8");
        let s = read_in("Cbd2", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "it", true);
        assert!(s
            .notes
            .iter()
            .any(|n| n.it.starts_with("notazione: è indicata la casa")));
    }

    #[test]
    fn letters_of_other_notations() {
        // an Italian knight on an English scoresheet: one legal meaning
        let s = read_in("Cf3", START, "en", true);
        assert!(matches!(s.reading, Reading::Legal { lang, .. } if lang.code == "it"));
        assert!(!s.notes.is_empty());
        // a letter no notation makes legal
        let s = read_in("Cf5", START, "en", true);
        assert!(matches!(s.reading, Reading::Unreadable { .. }));
        // English rook on an Italian scoresheet where R is the king: Italian governs
        let s = read_in("Re2", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "it", true);
        assert!(matches!(s.reading, Reading::Legal { mv, .. } if mv.role() == Role::King));
        // English governs an English rook even where the Italian king could go
        let s = read_in("Re2", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "en", false);
        assert!(matches!(s.reading, Reading::Illegal { .. }));
        assert!(!s.notes.is_empty(), "the Italian reading is noted");
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::envelope::sealed::{read, Reading};
        use crate::notation::languages::by_code;
        use shakmaty::{CastlingMode, Chess};
        let it = by_code("it").unwrap();
        let s = read("1. Cf3 (=)", &Chess::default(), CastlingMode::Standard, it);
        assert!(matches!(s.reading, Reading::Legal { .. }));
        assert!(s.draw_offer);
        let s = read("Ce5", &Chess::default(), CastlingMode::Standard, it);
        assert_eq!(s.reading.id(), "illegal");
    }
}
