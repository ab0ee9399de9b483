//! The audit: every check an arbiter makes on an envelope at resumption, and the decision
//! on the sealed move.
//!
//! The decision follows the Laws in this order — each step applies only if the earlier
//! ones left the game alive:
//!
//! 1. **The game had already ended** before the adjournment (Art. 5, 9.6): checkmate,
//!    stalemate, a dead position, a fifth occurrence or seventy-five moves in the position
//!    before the sealed move (or earlier on the scoresheets). The sealed move is void.
//! 2. **A flag had fallen** (Art. 6.9): the time used recorded on the envelope (I.2.3) is
//!    beyond what the time control allows for the moves made. The sealer's flag fell while
//!    he sealed; the opponent's when he completed his last move. The player whose flag fell
//!    loses, unless his opponent cannot checkmate him by any series of legal moves (drawn).
//!    Both flags: Guideline III.3.1 (drawn in the last period; otherwise play goes on).
//! 3. **The sealed move is defective** (I.8): ambiguous (I.8.1), of unestablishable meaning
//!    (I.8.2) or illegal (I.8.3): the sealer loses — unless the opponent cannot checkmate
//!    the sealer by any series of legal moves (Art. 6.9, which I.8 names as an exception):
//!    the game is drawn.
//! 4. **The sealed move ends the game** (I.10 keeps that result even if the sealer is late):
//!    checkmate (the sealer wins, 5.1.1), stalemate (5.2.1), a dead position (5.2.2),
//!    seventy-five moves (9.6.2, unless it mates) or a fifth occurrence (9.6.1): drawn.
//! 5. Otherwise **play resumes** (I.9.1) from the position after the sealed move.
//!
//! The position before the sealed move is the one recorded on the envelope (I.2.2), which
//! the arbiter verified at the adjournment (I.3), when a scoresheet reaches it: the
//! scoresheets are the record of how it was reached (repetitions, the move counters). When
//! both scoresheets agree and are legal up to the adjournment but reach another position,
//! theirs is the game actually played (I.5, Art. 7.6) and governs; the recorded one is
//! judged too, and a loss or a win it does not share is withheld (see
//! [`super::contradictions`]). With no usable recorded position, the scoresheets must
//! establish it by agreeing; where they differ before it, the position cannot be
//! re-established (I.12.2) and no verdict is given.

use serde::Serialize;
use shakmaty::{fen::Fen, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use super::{
    clock::TimeControl,
    contradictions::{weigh, Contradiction},
    schema::{Envelope, ItemError, PositionSpec},
    scoresheets::{compare, load, Sheet},
    sealed::{self, Reading, Sealed},
    text::{clock, player, player_by, player_of, side, side_cap, Msg},
};
use crate::{
    laws::{
        dead::{can_mate, CanMate, Depth},
        repetition::key,
    },
    notation::languages::{by_code, english, Language},
    replay::render::{san_in, uci},
};

/// A check's outcome.
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

/// The decision on the envelope.
#[derive(Debug, Clone)]
pub struct Decision {
    pub verdict: Verdict,
    /// The Guideline or Article that decides.
    pub rule: &'static str,
    /// The exception of I.8 that turned a loss into a draw (`6.9`), or the Article that
    /// ended the game before the sealed move.
    pub exception: Option<&'static str>,
    /// One sentence: why.
    pub reason: Msg,
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
    pub fn result(&self) -> Option<&'static str> {
        let d = self.decision.as_ref()?;
        let s = self.sealer?;
        match d.verdict {
            Verdict::Draw => Some("1/2-1/2"),
            Verdict::Resume => None,
            Verdict::SealerWins => Some(if s == Color::White { "1-0" } else { "0-1" }),
            Verdict::SealerLoses => Some(if s == Color::White { "0-1" } else { "1-0" }),
        }
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

    fn check(&mut self, id: &'static str, article: &'static str, status: Status, message: Msg) {
        self.checks.push(Check {
            id,
            article,
            status,
            message,
        });
    }
}

pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// `41.Cxe5` / `41...Cxe5`.
fn label(pos: &Chess, san: &str) -> String {
    match pos.turn() {
        Color::White => format!("{}.{san}", pos.fullmoves()),
        Color::Black => format!("{}...{san}", pos.fullmoves()),
    }
}

/// A move with its number in each report's notation: English in the English report
/// (`41.Kxf6`), Italian in the Italian one (`41.Rxf6`), whatever notation it was written in.
pub(super) fn move_label(pos: &Chess, mv: Move) -> Msg {
    let it = by_code("it").unwrap_or(english());
    Msg::new(
        label(pos, &san_in(pos, mv, english())),
        label(pos, &san_in(pos, mv, it)),
    )
}

/// Several moves, without numbers, in each report's notation.
pub(super) fn moves_list(pos: &Chess, moves: &[Move], sep_en: &str, sep_it: &str) -> Msg {
    let it = by_code("it").unwrap_or(english());
    Msg::new(
        moves
            .iter()
            .map(|&m| san_in(pos, m, english()))
            .collect::<Vec<_>>()
            .join(sep_en),
        moves
            .iter()
            .map(|&m| san_in(pos, m, it))
            .collect::<Vec<_>>()
            .join(sep_it),
    )
}

/// Whether `color` can checkmate, the fast check first, then the full search.
fn can(pos: &Chess, color: Color) -> CanMate {
    match can_mate(pos, color, Depth::Fast) {
        CanMate::Unknown => can_mate(pos, color, Depth::Full),
        c => c,
    }
}

/// How a game ends by itself in a position (with the history before it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    Checkmate,
    Stalemate,
    Dead,
    SeventyFive,
    Fivefold,
}

impl Ending {
    fn article(self) -> &'static str {
        match self {
            Ending::Checkmate => "5.1.1",
            Ending::Stalemate => "5.2.1",
            Ending::Dead => "5.2.2",
            Ending::SeventyFive => "9.6.2",
            Ending::Fivefold => "9.6.1",
        }
    }

    fn words(self) -> Msg {
        match self {
            Ending::Checkmate => Msg::new("checkmate", "scaccomatto"),
            Ending::Stalemate => Msg::new("stalemate", "stallo"),
            Ending::Dead => Msg::new(
                "a dead position (neither player can checkmate by any series of legal moves)",
                "una posizione morta (nessuno dei due può dare scaccomatto con alcuna serie di mosse legali)",
            ),
            Ending::SeventyFive => Msg::new(
                "seventy-five moves by each player without a pawn move or a capture",
                "settantacinque mosse per parte senza spinte di pedone né catture",
            ),
            Ending::Fivefold => Msg::new(
                "the fifth occurrence of the same position",
                "la stessa posizione apparsa per la quinta volta",
            ),
        }
    }
}

/// Occurrences of the last position since the last irreversible move (Art. 9.2.2).
fn occurrences(history: &[Chess]) -> usize {
    let Some(last) = history.last() else {
        return 0;
    };
    let k = key(last);
    let mut count = 0;
    for p in history.iter().rev() {
        if key(p) == k {
            count += 1;
        }
        if p.halfmoves() == 0 {
            break;
        }
    }
    count
}

/// How the game stands at the last position of `history` (the position itself last):
/// precedence as in `laws::ending` — checkmate, stalemate, dead, seventy-five, fivefold.
fn ending_at(history: &[Chess], known_history: bool) -> Option<Ending> {
    let pos = history.last()?;
    if pos.is_checkmate() {
        return Some(Ending::Checkmate);
    }
    if pos.is_stalemate() {
        return Some(Ending::Stalemate);
    }
    if can(pos, Color::White) == CanMate::No && can(pos, Color::Black) == CanMate::No {
        return Some(Ending::Dead);
    }
    if pos.halfmoves() >= 150 {
        return Some(Ending::SeventyFive);
    }
    if known_history && occurrences(history) >= 5 {
        return Some(Ending::Fivefold);
    }
    None
}

/// The position before the sealed move and where it comes from.
struct Established {
    pos: Chess,
    /// The positions from the game's start up to it (itself last), when a scoresheet
    /// records them.
    history: Option<Vec<Chess>>,
    /// Index of the position in each scoresheet that reaches it.
    at: [Option<usize>; 2],
    /// The recorded position, when it contradicts two agreeing scoresheets (whose position
    /// `pos` is), with the differences named square by square.
    contradicted: Option<(Chess, Vec<Msg>)>,
}

/// Audit an envelope.
pub fn audit(env: &Envelope, file: &str) -> Audit {
    let mut a = Audit {
        file: file.to_string(),
        white: env.white.as_ref().map(|i| i.value.clone()),
        black: env.black.as_ref().map(|i| i.value.clone()),
        event: env.event.clone(),
        sealer: env.sealer.as_ref().map(|i| i.value.side),
        sealed: None,
        sealed_source: None,
        before: None,
        after: None,
        mode: CastlingMode::Standard,
        checks: Vec::new(),
        decision: None,
        draw_offer: None,
        errors: env.errors.clone(),
        notes: Vec::new(),
        paragraph: Msg::default(),
        contradictions: Vec::new(),
        exception_rejected: None,
        exception_rejected_aloud: None,
        item_names: Vec::new(),
    };
    let name = |c: Color| env.name(c);
    let has_error = |items: &[&str]| env.errors.iter().any(|e| items.contains(&e.item));
    let error_text = |items: &[&str]| {
        Msg::join(
            &env.errors
                .iter()
                .filter(|e| items.contains(&e.item))
                .map(|e| e.message.clone())
                .collect::<Vec<_>>(),
            "; ",
        )
    };

    // I.2.1
    if has_error(&["white", "black"]) {
        a.check(
            "players",
            "I.2.1",
            Status::Error,
            error_text(&["white", "black"]),
        );
    } else {
        let (w, b) = (
            name(Color::White).unwrap_or(""),
            name(Color::Black).unwrap_or(""),
        );
        a.check(
            "players",
            "I.2.1",
            Status::Ok,
            Msg::new(
                format!("White: {w}; Black: {b}"),
                format!("Bianco: {w} – Nero: {b}"),
            ),
        );
    }

    // The scoresheets.
    let mut sheets: [Option<Sheet>; 2] = [None, None];
    for (i, owner) in [Color::White, Color::Black].into_iter().enumerate() {
        if let Some(src) = &env.scoresheets[i] {
            match load(owner, &src.value, env.language) {
                Ok(s) => sheets[i] = Some(s),
                Err(e) => a.errors.push(ItemError {
                    item: if owner == Color::White {
                        "white_scoresheet_file"
                    } else {
                        "black_scoresheet_file"
                    },
                    article: "I.1.1",
                    line: Some(src.line),
                    message: e,
                }),
            }
        }
    }

    // I.2.2: the position before the sealed move.
    let est = establish(env, &sheets, &mut a);
    if let Some(e) = &est {
        a.before = Some(e.pos.clone());
        a.mode = match &env.position {
            Some(item) => match &item.value {
                PositionSpec::Fen { pos, .. } => {
                    if pos.castles().mode() == CastlingMode::Chess960 {
                        CastlingMode::Chess960
                    } else {
                        CastlingMode::Standard
                    }
                }
                _ => CastlingMode::Standard,
            },
            None => CastlingMode::Standard,
        };
        if sheets
            .iter()
            .flatten()
            .any(|s| s.record.variant == "chess960")
        {
            a.mode = CastlingMode::Chess960;
        }
    }
    let before = est.as_ref().map(|e| e.pos.clone());

    // I.1.1 / I.2.4: who sealed.
    let recorded_sealer = env.sealer.as_ref().map(|i| i.value.side);
    if let Some(p) = &before {
        let to_move = p.turn();
        match recorded_sealer {
            Some(s) if s == to_move => a.check(
                "sealer",
                "I.2.4",
                Status::Ok,
                Msg::new(
                    format!("sealed by {}, who has the move (I.1.1)", player(s, name(s)).en),
                    format!("sigillata {}, che ha il tratto (I.1.1)", player_by(s, name(s)).it),
                ),
            ),
            Some(s) => a.check(
                "sealer",
                "I.1.1",
                Status::Error,
                Msg::new(
                    format!(
                        "the envelope says {} sealed, but in the position before the sealed move {} has the move; the player who has the move seals (I.1.1), so the sealed move is judged as {}",
                        player(s, name(s)).en,
                        side(to_move).en,
                        player(to_move, name(to_move)).en
                    ),
                    format!(
                        "la busta indica che ha sigillato {}, ma nella posizione prima della mossa sigillata ha il tratto {}; sigilla chi ha il tratto (I.1.1), quindi la mossa sigillata è giudicata come mossa {}",
                        player(s, name(s)).it,
                        side(to_move).it,
                        player_of(to_move, name(to_move)).it
                    ),
                ),
            ),
            None => a.check(
                "sealer",
                "I.2.4",
                Status::Error,
                Msg::join(
                    &[
                        error_text(&["sealer"]),
                        Msg::new(
                            format!("{} has the move and is taken as the sealer", side_cap(to_move).en),
                            format!("{} ha il tratto ed è considerato chi ha sigillato", side(to_move).it),
                        ),
                    ],
                    "; ",
                ),
            ),
        }
        a.sealer = Some(to_move);
    } else if has_error(&["sealer"]) {
        a.check("sealer", "I.2.4", Status::Error, error_text(&["sealer"]));
    } else if let Some(s) = recorded_sealer {
        a.check(
            "sealer",
            "I.2.4",
            Status::Warning,
            Msg::new(
                format!(
                    "sealed by {} (not verified: the position is not established)",
                    player(s, name(s)).en
                ),
                format!(
                    "sigillata {} (non verificato: la posizione non è stabilita)",
                    player_by(s, name(s)).it
                ),
            ),
        );
    }
    let sealer = a.sealer;

    // I.2.5: the number of the sealed move.
    match (&env.sealed_number, &before) {
        (Some(n), Some(p)) => {
            let (num, dots) = n.value;
            let fits = num == p.fullmoves().get() && dots.is_none_or(|c| c == p.turn());
            if fits {
                a.check(
                    "move_number",
                    "I.2.5",
                    Status::Ok,
                    Msg::new(format!("sealed move number {num}"), format!("numero della mossa sigillata {num}")),
                );
            } else {
                a.check(
                    "move_number",
                    "I.2.5",
                    Status::Error,
                    Msg::new(
                        format!(
                            "the envelope gives the sealed move number {num}{}, but the position before the sealed move is at {} (the position governs)",
                            if dots == Some(Color::Black) { "..." } else { "" },
                            label(p, "")
                        ),
                        format!(
                            "la busta indica il numero di mossa {num}{}, ma la posizione prima della mossa sigillata è alla {} (vale la posizione)",
                            if dots == Some(Color::Black) { "..." } else { "" },
                            label(p, "")
                        ),
                    ),
                );
            }
        }
        (Some(n), None) => a.check(
            "move_number",
            "I.2.5",
            Status::Warning,
            Msg::new(
                format!("sealed move number {} (not verified: the position is not established)", n.value.0),
                format!("numero della mossa sigillata {} (non verificato: la posizione non è stabilita)", n.value.0),
            ),
        ),
        (None, _) => a.check("move_number", "I.2.5", Status::Error, error_text(&["sealed_move_number"])),
    }

    // I.2.3: the time used, against the time control.
    let flags = times(env, &before, sealer, &mut a);

    // I.2.6 is checked with the sealed move (which may carry `(=)`); I.2.7:
    if has_error(&["resumption_date", "resumption_time", "resumption_place"]) {
        a.check(
            "resumption",
            "I.2.7",
            Status::Error,
            error_text(&["resumption_date", "resumption_time", "resumption_place"]),
        );
    } else {
        let (d, d_it) = env
            .resumption_date
            .as_ref()
            .map(|d| (d.value.to_string(), d.value.italian()))
            .unwrap_or_default();
        let t = env
            .resumption_time
            .as_ref()
            .map(|t| format!("{:02}:{:02}", t.value.0, t.value.1))
            .unwrap_or_default();
        let p = env
            .resumption_place
            .as_ref()
            .map(|p| p.value.clone())
            .unwrap_or_default();
        a.check(
            "resumption",
            "I.2.7",
            Status::Ok,
            Msg::new(
                format!("resumption on {d} at {t}, at {p}"),
                format!("ripresa il {d_it} alle {t}, {}", place_it(&p)),
            ),
        );
    }

    // The sealed move: on the envelope, else as the last move of the sealer's scoresheet.
    let from_sheet = sealer.zip(est.as_ref()).and_then(|(s, e)| {
        let i = usize::from(s == Color::Black);
        let sheet = sheets[i].as_ref()?;
        let at = e.at[i]?;
        sealed_on_sheet(sheet, at)
    });
    let written: Option<(String, &'static str)> = match (&env.sealed_move, &from_sheet) {
        (Some(m), _) => Some((m.value.clone(), "envelope")),
        (None, Some(t)) => Some((t.clone(), "scoresheet")),
        (None, None) => None,
    };
    let pref = notation(env, &sheets, sealer);
    if let (Some((text, source)), Some(p)) = (&written, &before) {
        let s = sealed::read(text, p, a.mode, pref);
        a.sealed_source = Some(source);
        sealed_checks(&s, p, env, &mut a);
        // The same move on the envelope and on the sealer's scoresheet?
        if let (Some(sheet_text), "envelope") = (&from_sheet, *source) {
            let t = sealed::read(sheet_text, p, a.mode, pref);
            let same = match (&s.reading, &t.reading) {
                (Reading::Legal { mv: x, .. }, Reading::Legal { mv: y, .. }) => x == y,
                _ => s.body == t.body,
            };
            if !same {
                a.check(
                    "sealed_move_copy",
                    "I.1.1",
                    Status::Warning,
                    Msg::new(
                        format!("the sealer's scoresheet ends with `{sheet_text}`, not the sealed move `{text}` given on the envelope; the envelope's is judged"),
                        format!("il formulario di chi ha sigillato termina con `{sheet_text}`, non con la mossa sigillata `{text}` indicata sulla busta; si giudica quella della busta"),
                    ),
                );
            }
        }
        a.sealed = Some(s);
    } else if written.is_none() {
        a.check(
            "sealed_move",
            "I.1.1",
            Status::Error,
            Msg::new(
                format!("no sealed move: `{}` is not on the envelope and the sealer's scoresheet does not end with it", env.key_name("sealed_move")),
                format!("nessuna mossa sigillata: `{}` non è sulla busta e il formulario di chi ha sigillato non la riporta", env.key_name("sealed_move")),
            ),
        );
        if !a.errors.iter().any(|e| e.item == "sealed_move") {
            a.errors.push(ItemError {
                item: "sealed_move",
                article: "I.1.1",
                line: None,
                message: Msg::new(
                    format!(
                        "missing: `{}` (the sealed move exactly as written) is not on the envelope",
                        env.key_name("sealed_move")
                    ),
                    format!(
                        "manca: `{}` (la mossa sigillata come è scritta) non è sulla busta",
                        env.key_name("sealed_move")
                    ),
                ),
            });
        }
    } else {
        a.check(
            "sealed_move",
            "I.8",
            Status::Skipped,
            Msg::new(
                "the sealed move cannot be judged: the position before it is not established",
                "la mossa sigillata non si può giudicare: la posizione che la precede non è stabilita",
            ),
        );
    }

    // I.2.6 / I.4: a draw offer.
    draw_offer(env, &mut a);

    // The decision.
    if let (Some(e), Some(s)) = (&est, sealer) {
        a.decision = decide(e, s, flags, env, &mut a);
        let text = SealedText {
            written: &written,
            pref,
        };
        reconcile(e, s, flags, env, &sheets, &text, &mut a);
    }
    if a.decision.is_none() && est.is_none() {
        a.notes.push(Msg::new(
            "no verdict: the position before the sealed move is not established",
            "nessun verdetto: la posizione prima della mossa sigillata non è stabilita",
        ));
    }
    a.item_names = a
        .errors
        .iter()
        .map(|e| (e.item, env.key_name(e.item)))
        .collect();
    a.paragraph = super::report::paragraph(&a, env);
    a.checks.sort_by_key(|c| {
        ORDER
            .iter()
            .position(|id| *id == c.id)
            .unwrap_or(ORDER.len())
    });
    a
}

/// Weigh the decision against the readings a contradicted record allows (see
/// [`super::contradictions`]): the recorded position against two agreeing scoresheets, the
/// move number of I.2.5 against the position's (where the flags depend on it), the sealer
/// of I.2.4 against a side to move no scoresheet confirms.
fn reconcile(
    e: &Established,
    s: Color,
    flags: Flags,
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    text: &SealedText,
    a: &mut Audit,
) {
    let mut pending: Vec<(Contradiction, Option<Decision>, Color)> = Vec::new();
    if let Some((rec, diffs)) = &e.contradicted {
        let (other, os) = decide_elsewhere(rec, None, env, text, a);
        pending.push((
            contradiction(
                "position",
                diffs.clone(),
                Msg::new(
                    "on the scoresheets' position",
                    "sulla posizione dei formulari",
                ),
                Msg::new(
                    "on the position recorded on the envelope",
                    "sulla posizione registrata sulla busta",
                ),
            ),
            other,
            os,
        ));
    }
    // The move number matters to the flags only; it is in doubt when no scoresheet
    // confirms the position and the FEN's own number and I.2.5 differ.
    let fen_number = match env.position.as_ref().map(|i| &i.value) {
        Some(PositionSpec::Fen { pos, .. }) => Some(pos.fullmoves().get()),
        _ => None,
    };
    let numbers = [env.sealed_number.as_ref().map(|n| n.value.0), fen_number];
    let here = e.pos.fullmoves().get();
    if e.history.is_none() {
        if let Some(num) = numbers.into_iter().flatten().find(|&n| n != here) {
            let mut scratch = a.clone();
            let other_flags = times(env, &Some(renumber(&e.pos, num)), Some(s), &mut scratch);
            if (other_flags.sealer, other_flags.opponent) != (flags.sealer, flags.opponent) {
                scratch.decision = None;
                let other = decide(e, s, other_flags, env, &mut scratch);
                pending.push((
                    contradiction(
                        "move_number",
                        vec![Msg::new(
                            format!(
                                "I.2.5 numbers the sealed move {}, the FEN {}; no scoresheet reaches the position to settle it, and whether a flag had fallen depends on which",
                                numbers[0].unwrap_or(here),
                                numbers[1].unwrap_or(here)
                            ),
                            format!(
                                "secondo I.2.5 la mossa sigillata è la {}, secondo la FEN la {}; nessun formulario raggiunge la posizione per stabilirlo, e dal numero dipende se una bandierina era caduta",
                                numbers[0].unwrap_or(here),
                                numbers[1].unwrap_or(here)
                            ),
                        )],
                        Msg::new(
                            format!("as move {here}"),
                            format!("come mossa {here}"),
                        ),
                        Msg::new(format!("as move {num}"), format!("come mossa {num}")),
                    ),
                    other,
                    s,
                ));
            }
        }
    }
    // I.2.5 points further (or back) along two agreeing scoresheets than the position
    // established: the sealed move may belong there.
    if let (Some(n), Some(w), Some(b), Some(k)) = (
        &env.sealed_number,
        &sheets[0],
        &sheets[1],
        e.at[0].or(e.at[1]),
    ) {
        let (num, dots) = n.value;
        let named = env.sealer.as_ref().map(|i| i.value.side);
        let side_of = dots.or(named).unwrap_or(s);
        let clean = |x: &Sheet, j: usize| {
            j <= x.plies() && x.first_error.as_ref().is_none_or(|f| f.ply as usize > j)
        };
        let agreed = compare(w, b).common;
        if let Some(j) = w.index_of(num, side_of).filter(|&j| {
            j != k
                && j <= agreed
                && clean(w, j)
                && clean(b, j)
                && key(&w.positions[j]) != key(&e.pos)
        }) {
            let there = &w.positions[j];
            let (other, os) =
                decide_elsewhere(there, Some(w.positions[..=j].to_vec()), env, text, a);
            pending.push((
                contradiction(
                    "move_number",
                    vec![Msg::new(
                        format!(
                            "I.2.5 gives the sealed move number {num}, and both scoresheets go on to that move (ply {j}), but the position before the sealed move is at move {} (ply {k})",
                            e.pos.fullmoves()
                        ),
                        format!(
                            "secondo I.2.5 la mossa sigillata è la {num}, ed entrambi i formulari arrivano a quella mossa (semimossa {j}), ma la posizione prima della mossa sigillata è alla mossa {} (semimossa {k})",
                            e.pos.fullmoves()
                        ),
                    )],
                    Msg::new(
                        format!("at move {} (ply {k})", e.pos.fullmoves()),
                        format!("alla mossa {} (semimossa {k})", e.pos.fullmoves()),
                    ),
                    Msg::new(
                        format!("at move {num} of the scoresheets (ply {j}), as I.2.5 says"),
                        format!("alla mossa {num} dei formulari (semimossa {j}), come indica I.2.5"),
                    ),
                ),
                other,
                os,
            ));
        }
    }
    let named = env.sealer.as_ref().map(|i| i.value.side);
    if e.history.is_none() && named.is_some_and(|c| c != s) {
        if let Some(turned) = other_side_to_move(&e.pos) {
            let (other, os) = decide_elsewhere(&turned, None, env, text, a);
            pending.push((
                contradiction(
                    "sealer",
                    vec![Msg::new(
                        format!(
                            "the envelope says {} sealed (I.2.4), the recorded position has {} to move, and no scoresheet confirms which",
                            side(!s).en,
                            side(s).en
                        ),
                        format!(
                            "la busta indica che ha sigillato {} (I.2.4), nella posizione registrata ha il tratto {}, e nessun formulario conferma quale dei due",
                            side(!s).it,
                            side(s).it
                        ),
                    )],
                    Msg::new(
                        format!("with {} to move, as recorded", side(s).en),
                        format!("con il tratto {}, come registrato", side_al(s)),
                    ),
                    Msg::new(
                        format!("with {} to move, as I.2.4 says", side(!s).en),
                        format!("con il tratto {}, come indica I.2.4", side_al(!s)),
                    ),
                ),
                other,
                os,
            ));
        }
    }
    for (c, other, os) in pending {
        let (c, kept) = weigh(c, a.decision.take(), s, other, os);
        a.decision = kept;
        match (&c.other_decision, &c.withheld) {
            (Some((d, os)), withheld) => {
                let o = would(d, *os);
                a.notes.push(Msg::new(
                    format!("{}, {}: {}", c.other.en, d.reason.en, o.en),
                    format!("{}, {}: {}", c.other.it, d.reason.it, o.it),
                ));
                if let Some(w) = withheld {
                    let g = would(w, s);
                    a.notes.push(Msg::new(
                        format!("{}, {}: {}; a loss or a win cannot rest on a record the envelope contradicts, so no result is given automatically: the arbiter decides", c.governs.en, w.reason.en, g.en),
                        format!("{}, {}: {}; una sconfitta o una vittoria non può fondarsi su un dato che la busta contraddice, quindi nessun risultato viene dato automaticamente: decide l'arbitro", c.governs.it, w.reason.it, g.it),
                    ));
                    a.after = None;
                }
            }
            (None, _) => a.notes.push(Msg::new(
                format!("{} the verdict would be the same", c.other.en),
                format!("{} il verdetto sarebbe lo stesso", c.other.it),
            )),
        }
        a.contradictions.push(c);
    }
}

/// A verdict on a reading that does not govern, or is withheld: `the sealer would lose,
/// 0-1 (I.8.3)` / `perderebbe chi ha sigillato, 0-1 (I.8.3)`.
pub(super) fn would(d: &Decision, sealer: Color) -> Msg {
    let r = super::contradictions::result_of(d.verdict, sealer)
        .map(|r| format!(", {}", if r == "1/2-1/2" { "½-½" } else { r }))
        .unwrap_or_default();
    let ex = d
        .exception
        .map(|e| Msg::new(format!(", exception {e}"), format!(", eccezione {e}")))
        .unwrap_or_default();
    let (en, it) = match d.verdict {
        Verdict::SealerLoses => ("the sealer would lose", "perderebbe chi ha sigillato"),
        Verdict::SealerWins => ("the sealer would win", "vincerebbe chi ha sigillato"),
        Verdict::Draw => ("the game would be drawn", "la partita sarebbe patta"),
        Verdict::Resume => ("play would resume", "il gioco riprenderebbe"),
    };
    Msg::new(
        format!("{en}{r} ({}{})", d.rule, ex.en),
        format!("{it}{r} ({}{})", d.rule, ex.it),
    )
}

/// `the sealer loses (I.8.3), 0-1` / `perde chi ha sigillato (I.8.3), 0-1`.
pub(super) fn decision_words(d: &Decision, sealer: Color) -> Msg {
    let v = super::report::verdict_words(d.verdict);
    let ex = d
        .exception
        .map(|e| Msg::new(format!(", exception {e}"), format!(", eccezione {e}")))
        .unwrap_or_default();
    let r = super::contradictions::result_of(d.verdict, sealer)
        .map(|r| format!(", {}", if r == "1/2-1/2" { "½-½" } else { r }))
        .unwrap_or_default();
    Msg::new(
        format!("{} ({}{}){r}", v.en, d.rule, ex.en),
        format!("{} ({}{}){r}", v.it, d.rule, ex.it),
    )
}

fn contradiction(
    id: &'static str,
    differences: Vec<Msg>,
    governs: Msg,
    other: Msg,
) -> Contradiction {
    Contradiction {
        id,
        differences,
        governs,
        other,
        other_decision: None,
        withheld: None,
    }
}

/// `al Bianco`, `al Nero`.
fn side_al(c: Color) -> &'static str {
    if c == Color::White {
        "al Bianco"
    } else {
        "al Nero"
    }
}

/// The sealed move as written and the sealer's notation, to read it in another position.
struct SealedText<'a> {
    written: &'a Option<(String, &'static str)>,
    pref: &'static Language,
}

/// The decision on another reading of the position before the sealed move, with the
/// history the scoresheets give it, if any: the sealed move read there, the times checked
/// at its move number. The audit itself is not changed.
fn decide_elsewhere(
    pos: &Chess,
    history: Option<Vec<Chess>>,
    env: &Envelope,
    text: &SealedText,
    a: &Audit,
) -> (Option<Decision>, Color) {
    let mut scratch = a.clone();
    scratch.decision = None;
    scratch.after = None;
    scratch.before = Some(pos.clone());
    let s = pos.turn();
    scratch.sealer = Some(s);
    scratch.sealed = text
        .written
        .as_ref()
        .map(|(t, _)| sealed::read(t, pos, a.mode, text.pref));
    let flags = times(env, &Some(pos.clone()), Some(s), &mut scratch);
    let e = Established {
        pos: pos.clone(),
        history,
        at: [None, None],
        contradicted: None,
    };
    (decide(&e, s, flags, env, &mut scratch), s)
}

/// The same position with the other side to move, when that is a legal position.
fn other_side_to_move(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    Chess::from_setup(setup, pos.castles().mode()).ok()
}

/// The place of resumption after "ripresa il … alle …,": `a Titovo Užice` for a town,
/// `presso Circolo Scacchistico Milanese` for a venue (named by its first word).
fn place_it(place: &str) -> String {
    const VENUES: &[&str] = &[
        "circolo",
        "sala",
        "sede",
        "hotel",
        "albergo",
        "palazzo",
        "palazzetto",
        "centro",
        "teatro",
        "biblioteca",
        "scuola",
        "club",
        "casa",
        "villa",
        "auditorium",
        "aula",
    ];
    let first = place.split_whitespace().next().unwrap_or("").to_lowercase();
    if VENUES.contains(&first.as_str()) {
        format!("presso {place}")
    } else {
        format!("a {place}")
    }
}

/// The order checks are reported in: the items of I.2, then the records, then the move.
const ORDER: &[&str] = &[
    "players",
    "position",
    "position_matches",
    "times",
    "sealer",
    "move_number",
    "draw_offer",
    "draw_offer_recorded",
    "resumption",
    "white_scoresheet",
    "black_scoresheet",
    "agreement",
    "game_over",
    "sealed_move",
    "sealed_move_number",
    "sealed_move_copy",
];

/// The text of the sealed move on the sealer's scoresheet: the move after the position
/// before the sealed move (index `at`), if the scoresheet goes exactly one move further.
fn sealed_on_sheet(sheet: &Sheet, at: usize) -> Option<String> {
    if sheet.plies() == at + 1 {
        let lang = by_code(&sheet.record.lang).unwrap_or(english());
        let m = sheet.record.mainline[at];
        return Some(san_in(&sheet.positions[at], m, lang));
    }
    if sheet.plies() == at {
        if let Some(f) = &sheet.first_error {
            if f.ply as usize == at + 1 {
                let t = f.move_text.as_deref()?;
                // strip the label's number (`41.`, `41...`)
                let body = t.trim_start_matches(|c: char| c.is_ascii_digit());
                let body = body.trim_start_matches('.').trim_start_matches('…');
                return Some(body.to_string());
            }
        }
    }
    None
}

/// The sealer's notation: the envelope's `language`, else the language of the scoresheet
/// of the sealer, else of his opponent, when they use piece letters; else English, the
/// notation of PGN.
fn notation(
    env: &Envelope,
    sheets: &[Option<Sheet>; 2],
    sealer: Option<Color>,
) -> &'static Language {
    if let Some(l) = env.language {
        return l;
    }
    let order: Vec<usize> = match sealer {
        Some(Color::Black) => vec![1, 0],
        _ => vec![0, 1],
    };
    for i in order {
        if let Some(s) = &sheets[i] {
            if s.letters {
                if let Some(l) = by_code(&s.record.lang) {
                    return l;
                }
            }
        }
    }
    english()
}

/// Establish the position before the sealed move (I.2.2) and check it against the
/// scoresheets (I.1.1, I.3; Art. 7.5.1 for records that differ).
fn establish(env: &Envelope, sheets: &[Option<Sheet>; 2], a: &mut Audit) -> Option<Established> {
    let sealer = env.sealer.as_ref().map(|i| i.value.side);
    let name = |c: Color| env.name(c);
    let recorded: Option<(Chess, String, Vec<&'static str>)> =
        env.position.as_ref().and_then(|i| match &i.value {
            PositionSpec::Fen { text, pos, notes } => {
                Some(((**pos).clone(), text.clone(), notes.clone()))
            }
            PositionSpec::After { .. } => None,
        });
    // Where, in each scoresheet, the position before the sealed move stands.
    let target_index = |s: &Sheet| -> Option<usize> {
        match env.position.as_ref().map(|i| &i.value) {
            Some(PositionSpec::Fen { pos, .. }) => {
                let prefer = s.index_of(pos.fullmoves().get(), pos.turn());
                s.find(pos, prefer)
            }
            Some(PositionSpec::After { number, side }) => {
                let whose = side.or(sealer.map(|c| !c)).unwrap_or(Color::Black);
                if *number == 0 {
                    return Some(0);
                }
                s.index_of(*number, whose).map(|i| i + 1)
            }
            None => match (&env.sealed_number, sealer) {
                (Some(n), Some(c)) => s.index_of(n.value.0, n.value.1.unwrap_or(c)),
                _ => None,
            },
        }
    };
    let mut at: [Option<usize>; 2] = [None, None];
    let mut wanted: [Option<usize>; 2] = [None, None];
    for i in 0..2 {
        if let Some(s) = &sheets[i] {
            wanted[i] = target_index(s);
            at[i] = wanted[i].filter(|&k| k <= s.plies());
            if let (Some(k), Some((p, ..))) = (at[i], &recorded) {
                if key(&s.positions[k]) != key(p) {
                    at[i] = None;
                }
            }
        }
    }
    // A recorded position neither scoresheet reaches, where both agree: theirs governs.
    let agreeing = match &recorded {
        Some((rec, ..)) if at == [None, None] => {
            super::contradictions::agreeing_sheets(rec, env, sheets)
        }
        _ => None,
    };
    if let Some(k) = agreeing {
        wanted = [Some(k), Some(k)];
    }
    // With no recorded position and no number: the scoresheets as they stand.
    if env.position.is_none() && wanted == [None, None] {
        if let (Some(w), Some(b)) = (&sheets[0], &sheets[1]) {
            let agreement = compare(w, b);
            let k = agreement.common;
            at = [Some(k), Some(k)];
        } else {
            for i in 0..2 {
                if let Some(s) = &sheets[i] {
                    at[i] = Some(s.plies());
                }
            }
        }
    }

    // Each scoresheet on its own (I.1.1; notation per Appendix C).
    for i in 0..2 {
        let owner = if i == 0 { Color::White } else { Color::Black };
        let id = if i == 0 {
            "white_scoresheet"
        } else {
            "black_scoresheet"
        };
        let Some(s) = &sheets[i] else {
            let msg = a
                .errors
                .iter()
                .filter(|e| e.item == id || e.item == format!("{id}_file"))
                .map(|e| e.message.clone())
                .collect::<Vec<_>>();
            a.check(id, "I.1.1", Status::Error, Msg::join(&msg, "; "));
            continue;
        };
        let whose = Msg::new(
            format!("{}'s scoresheet", side_cap(owner).en),
            format!(
                "formulario del {}",
                if owner == Color::White {
                    "Bianco"
                } else {
                    "Nero"
                }
            ),
        );
        let lang = &s.record.lang;
        let target = at[i].or(wanted[i]);
        if s.record.start.is_none() {
            let why = s
                .record
                .findings
                .iter()
                .find(|f| f.severity == crate::finding::Severity::Error)
                .map_or(String::new(), |f| f.message.clone());
            a.check(
                id,
                "I.1.1",
                Status::Error,
                Msg::new(
                    format!("{} cannot be replayed: {why}", whose.en),
                    format!("le mosse del {} non si possono rigiocare: la posizione di partenza non si legge", whose.it),
                ),
            );
            continue;
        }
        // A move error before the adjournment, or anywhere when the scoresheet's place of
        // the adjournment is unknown (it stops before it): the move and why, as `validate`.
        let stops = s.first_error.as_ref().filter(|f| match target {
            Some(k) => (f.ply as usize) <= k,
            None => true,
        });
        match (stops, target) {
            (Some(f), _) => {
                let why = move_error(f);
                a.check(
                    id,
                    "8.1.1",
                    Status::Error,
                    Msg::new(
                        format!("{} cannot be replayed beyond ply {}: {}", whose.en, f.ply - 1, why.en),
                        format!("le mosse del {} non si possono rigiocare oltre la semimossa {}: {}", whose.it, f.ply - 1, why.it),
                    ),
                );
            }
            (_, Some(k)) if k > s.plies() => a.check(
                id,
                "I.1.1",
                Status::Error,
                Msg::new(
                    format!("{} records {} plies and stops before the position of the sealed move (ply {k})", whose.en, s.plies()),
                    format!("il {} registra {} semimosse e si ferma prima della posizione della mossa sigillata (semimossa {k})", whose.it, s.plies()),
                ),
            ),
            (_, Some(k)) => {
                let extra = s.plies().saturating_sub(k);
                let sealer_extra = sealer == Some(owner) && extra == 1;
                let status = if extra > 1 || (extra == 1 && !sealer_extra) {
                    Status::Warning
                } else {
                    Status::Ok
                };
                let tail = if sealer_extra {
                    Msg::new(", then the sealed move", ", poi la mossa sigillata")
                } else if extra > 0 {
                    Msg::new(
                        format!(", and {extra} more ply(s) after the position of the sealed move"),
                        format!(", e altre {extra} semimosse dopo la posizione della mossa sigillata"),
                    )
                } else {
                    Msg::default()
                };
                a.check(
                    id,
                    "I.1.1",
                    status,
                    Msg::new(
                        format!("{} replays to the position before the sealed move ({k} plies, notation `{lang}`){}", whose.en, tail.en),
                        format!("le mosse del {} portano alla posizione prima della mossa sigillata ({k} semimosse, notazione `{lang}`){}", whose.it, tail.it),
                    ),
                );
            }
            (_, None) => a.check(
                id,
                "I.1.1",
                Status::Info,
                Msg::new(
                    format!("{} replays {} plies (notation `{lang}`)", whose.en, s.plies()),
                    format!("le mosse del {} si rigiocano per {} semimosse (notazione `{lang}`)", whose.it, s.plies()),
                ),
            ),
        }
        if s.extra_games {
            a.notes.push(Msg::new(
                format!(
                    "{} file holds more than one game; only the first is read",
                    whose.en
                ),
                format!(
                    "il file del {} contiene più di una partita; si legge solo la prima",
                    whose.it
                ),
            ));
        }
    }

    // The two records against each other (Art. 7.5.1, 7.6: back to where they agree).
    let mut differ_before: Option<usize> = None;
    if let (Some(w), Some(b)) = (&sheets[0], &sheets[1]) {
        let agreement = compare(w, b);
        let horizon = at[0]
            .or(at[1])
            .or(wanted[0])
            .or(wanted[1])
            .unwrap_or(usize::MAX);
        match agreement.first_difference {
            Some(0) => {
                differ_before = Some(0);
                a.check(
                    "agreement",
                    "7.5.1",
                    Status::Error,
                    Msg::new(
                        "the two scoresheets start from different positions",
                        "i due formulari partono da posizioni diverse",
                    ),
                )
            }
            Some(d) if d <= horizon => {
                differ_before = Some(d);
                let p = &w.positions[d - 1];
                let wm = move_label(p, w.record.mainline[d - 1]);
                let bm = move_label(p, b.record.mainline[d - 1]);
                let good: Vec<Color> = [Color::White, Color::Black]
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| at[*i].is_some() && recorded.is_some())
                    .map(|(_, c)| c)
                    .collect();
                let which = match good.as_slice() {
                    [c] => Msg::new(
                        format!("; only {}'s reaches the recorded position, so {}'s is wrong from there", side(*c).en, side(!*c).en),
                        format!("; solo quello del {} raggiunge la posizione registrata, quindi quello del {} è errato da lì", if *c == Color::White { "Bianco" } else { "Nero" }, if *c == Color::White { "Nero" } else { "Bianco" }),
                    ),
                    _ => Msg::default(),
                };
                a.check(
                    "agreement",
                    "7.5.1",
                    Status::Error,
                    Msg::new(
                        format!(
                            "the scoresheets disagree from ply {d}: White's has {}, Black's {}; they agree up to ply {} (the last position both establish: {}){}",
                            wm.en,
                            bm.en,
                            d - 1,
                            fen(p),
                            which.en
                        ),
                        format!(
                            "i formulari divergono dalla semimossa {d}: quello del Bianco ha {}, quello del Nero {}; concordano fino alla semimossa {} (l'ultima posizione accertabile da entrambi: {}){}",
                            wm.it,
                            bm.it,
                            d - 1,
                            fen(p),
                            which.it
                        ),
                    ),
                );
            }
            _ => {
                let n = agreement.common.min(horizon);
                // A scoresheet that stops at a move error agrees only as far as it goes.
                let stopped: Vec<Color> = [w, b]
                    .iter()
                    .filter(|s| {
                        s.plies() < horizon
                            && s.first_error
                                .as_ref()
                                .is_some_and(|f| f.ply as usize <= horizon)
                    })
                    .map(|s| s.owner)
                    .collect();
                if stopped.is_empty() {
                    a.check(
                        "agreement",
                        "7.5.1",
                        Status::Ok,
                        Msg::new(
                            format!("the two scoresheets agree move by move ({n} plies)"),
                            format!("i due formulari concordano mossa per mossa ({n} semimosse)"),
                        ),
                    );
                } else {
                    let who = Msg::join(
                        &stopped
                            .iter()
                            .map(|&c| {
                                Msg::new(
                                    format!("{}'s", side(c).en),
                                    format!(
                                        "quello {}",
                                        if c == Color::White {
                                            "del Bianco"
                                        } else {
                                            "del Nero"
                                        }
                                    ),
                                )
                            })
                            .collect::<Vec<_>>(),
                        " / ",
                    );
                    a.check(
                        "agreement",
                        "7.5.1",
                        Status::Warning,
                        Msg::new(
                            format!("the two scoresheets agree move by move only as far as both can be replayed ({n} plies): {} stops there at a move that cannot be played (above)", who.en),
                            format!("i due formulari concordano mossa per mossa solo fin dove entrambi si possono rigiocare ({n} semimosse): {} si ferma lì a una mossa che non si può giocare (sopra)", who.it),
                        ),
                    );
                }
            }
        }
    } else {
        a.check(
            "agreement",
            "7.5.1",
            Status::Skipped,
            Msg::new(
                "only one scoresheet, or none: nothing to compare",
                "un solo formulario, o nessuno: nulla da confrontare",
            ),
        );
    }

    // The position itself.
    if let Some((rec, text, notes)) = recorded {
        let mut first = vec![Msg::new(
            format!("recorded as a legal position: {text}"),
            format!("registrata come posizione legale: {text}"),
        )];
        if !notes.is_empty() {
            let it: Vec<&str> = notes
                .iter()
                .map(|n| match *n {
                    "castling rights that do not fit the position were dropped" => {
                        "i diritti d'arrocco che non corrispondono alla posizione sono stati tolti"
                    }
                    "an en passant square that does not fit the position was dropped" => {
                        "la casa en passant che non corrisponde alla posizione è stata tolta"
                    }
                    "more material than a game can reach" => {
                        "più materiale di quanto una partita possa averne"
                    }
                    "a check no legal move can have given" => {
                        "uno scacco che nessuna mossa legale può aver dato"
                    }
                    _ => "una irregolarità della FEN",
                })
                .collect();
            first.push(Msg::new(
                format!("irregular FEN: {}", notes.join("; ")),
                format!("FEN irregolare: {}", it.join("; ")),
            ));
        }
        a.check(
            "position",
            "I.2.2",
            if notes.is_empty() {
                Status::Ok
            } else {
                Status::Warning
            },
            Msg::join(&first, "; "),
        );
        let mut msgs = Vec::new();
        let mut status = Status::Ok;
        let mut from_sheet: Option<(usize, usize)> = None;
        for i in 0..2 {
            let Some(s) = &sheets[i] else { continue };
            let owner = if i == 0 { Color::White } else { Color::Black };
            let sheet_it = if owner == Color::White {
                "del Bianco"
            } else {
                "del Nero"
            };
            match at[i] {
                Some(k) => {
                    let numbered = s.index_of(rec.fullmoves().get(), rec.turn());
                    if numbered != Some(k) {
                        status = status.max(Status::Warning);
                        msgs.push(Msg::new(
                            format!(
                                "{}'s scoresheet reaches it after ply {k} (move {}), not at the FEN's move number {}",
                                side_cap(owner).en,
                                s.positions[k].fullmoves(),
                                rec.fullmoves()
                            ),
                            format!(
                                "il formulario {sheet_it} la raggiunge dopo la semimossa {k} (mossa {}), non al numero di mossa della FEN ({})",
                                s.positions[k].fullmoves(),
                                rec.fullmoves()
                            ),
                        ));
                    } else {
                        msgs.push(Msg::new(
                            format!(
                                "{}'s scoresheet reaches it after ply {k}",
                                side_cap(owner).en
                            ),
                            format!("il formulario {sheet_it} la raggiunge dopo la semimossa {k}"),
                        ));
                    }
                    if from_sheet.is_none() {
                        from_sheet = Some((i, k));
                    }
                }
                None => {
                    status = Status::Error;
                    msgs.push(Msg::new(
                        format!("{}'s scoresheet does not reach it", side_cap(owner).en),
                        format!("il formulario {sheet_it} non la raggiunge"),
                    ));
                }
            }
        }
        if let (Some(k), Some(w)) = (agreeing, &sheets[0]) {
            let sp = w.positions[k].clone();
            let diffs = super::contradictions::differences(&rec, &sp);
            let listed = Msg::join(&diffs, "; ");
            a.check(
                "position_matches",
                "I.3",
                Status::Error,
                Msg::new(
                    format!(
                        "the recorded position is not the one both scoresheets reach after ply {k}: {}; the scoresheets agree move by move and are legal up to there, so theirs is the position of the game actually played and the audit decides on it (Guidelines I.3, I.5; Art. 7.6): {}",
                        listed.en,
                        fen(&sp)
                    ),
                    format!(
                        "la posizione registrata non è quella a cui portano entrambi i formulari dopo la semimossa {k}: {}; i formulari concordano mossa per mossa e sono legali fin lì, quindi la loro è la posizione della partita effettivamente giocata e su di essa si decide (Linee guida I.3, I.5; Art. 7.6): {}",
                        listed.it,
                        fen(&sp)
                    ),
                ),
            );
            return Some(Established {
                pos: sp,
                history: Some(w.positions[..=k].to_vec()),
                at: [Some(k), Some(k)],
                contradicted: Some((rec, diffs)),
            });
        }
        if let Some((i, k)) = from_sheet {
            let sp = &sheets[i].as_ref().expect("present").positions[k];
            if sp.halfmoves() != rec.halfmoves() {
                status = status.max(Status::Warning);
                msgs.push(Msg::new(
                    format!(
                        "the FEN's half-move clock ({}) differs from the scoresheets' ({}); the scoresheets' is used",
                        rec.halfmoves(),
                        sp.halfmoves()
                    ),
                    format!(
                        "il contatore di semimosse della FEN ({}) differisce da quello dei formulari ({}); si usa quello dei formulari",
                        rec.halfmoves(),
                        sp.halfmoves()
                    ),
                ));
            }
        }
        if msgs.is_empty() {
            status = Status::Skipped;
            msgs.push(Msg::new(
                "no scoresheet to compare it with",
                "nessun formulario con cui confrontarla",
            ));
        }
        a.check("position_matches", "I.3", status, Msg::join(&msgs, "; "));
        return Some(match from_sheet {
            Some((i, k)) => {
                let s = sheets[i].as_ref().expect("present");
                Established {
                    pos: s.positions[k].clone(),
                    history: Some(s.positions[..=k].to_vec()),
                    at,
                    contradicted: None,
                }
            }
            None => {
                a.notes.push(Msg::new(
                    "no scoresheet reaches the recorded position: repetitions before it cannot be counted",
                    "nessun formulario raggiunge la posizione registrata: le ripetizioni precedenti non si possono contare",
                ));
                // The FEN's move number is then unconfirmed (a board editor writes `0 1`):
                // the envelope's I.2.5 numbers the move, as the clocks count it.
                let mut pos = rec;
                if let Some(n) = &env.sealed_number {
                    if n.value.0 != pos.fullmoves().get() {
                        a.notes.push(Msg::new(
                            format!(
                                "the FEN's move number ({}) is not confirmed by a scoresheet; the move is numbered {} as on the envelope (I.2.5)",
                                pos.fullmoves(),
                                n.value.0
                            ),
                            format!(
                                "il numero di mossa della FEN ({}) non è confermato da un formulario; la mossa è numerata {} come sulla busta (I.2.5)",
                                pos.fullmoves(),
                                n.value.0
                            ),
                        ));
                        pos = renumber(&pos, n.value.0);
                    }
                }
                Established {
                    pos,
                    history: None,
                    at,
                    contradicted: None,
                }
            }
        });
    }

    // No usable recorded position: the scoresheets must establish it.
    let why_none = if a
        .errors
        .iter()
        .any(|e| e.item == "position" && e.line.is_some())
    {
        Msg::new(
            "the recorded position cannot be used",
            "la posizione registrata non si può usare",
        )
    } else if env.position.is_none() {
        Msg::new(
            "no position is recorded on the envelope",
            "sulla busta non è registrata la posizione",
        )
    } else {
        match env.position.as_ref().map(|i| &i.value) {
            Some(PositionSpec::After { number: 0, .. }) => Msg::new(
                "the position recorded is the scoresheets' start",
                "la posizione registrata è quella iniziale dei formulari",
            ),
            Some(PositionSpec::After {
                number,
                side: whose,
            }) => match whose.or(sealer.map(|c| !c)) {
                Some(c) => Msg::new(
                    format!(
                        "the position recorded is the one after {}'s move {number}",
                        side(c).en
                    ),
                    format!(
                        "la posizione registrata è quella dopo la mossa {number} {}",
                        if c == Color::White {
                            "del Bianco"
                        } else {
                            "del Nero"
                        }
                    ),
                ),
                None => Msg::new(
                    format!("the position recorded is the one after move {number}"),
                    format!("la posizione registrata è quella dopo la mossa {number}"),
                ),
            },
            _ => Msg::new("the position recorded", "la posizione registrata"),
        }
    };
    let reach: Vec<(usize, usize)> = (0..2)
        .filter_map(|i| {
            let s = sheets[i].as_ref()?;
            let k = at[i]?;
            let clean_to_k = s.first_error.as_ref().is_none_or(|f| f.ply as usize > k);
            (clean_to_k && k <= s.plies()).then_some((i, k))
        })
        .collect();
    let chosen = match reach.as_slice() {
        [] => None,
        [(i, k)] => {
            let other = 1 - *i;
            if sheets[other].is_some() && differ_before.is_some() {
                None
            } else {
                if sheets[other].is_some() {
                    a.notes.push(Msg::new(
                        format!(
                            "only {}'s scoresheet establishes the position",
                            side(if *i == 0 { Color::White } else { Color::Black }).en
                        ),
                        format!(
                            "solo il formulario del {} stabilisce la posizione",
                            if *i == 0 { "Bianco" } else { "Nero" }
                        ),
                    ));
                }
                Some((*i, *k))
            }
        }
        [(i, k), (j, l)] => {
            let p = &sheets[*i].as_ref().expect("present").positions[*k];
            let q = &sheets[*j].as_ref().expect("present").positions[*l];
            if key(p) == key(q) && differ_before.is_none() {
                Some((*i, *k))
            } else {
                None
            }
        }
        _ => None,
    };
    match chosen {
        Some((i, k)) => {
            let s = sheets[i].as_ref().expect("present");
            let p = s.positions[k].clone();
            let status = if env
                .position
                .as_ref()
                .is_some_and(|i| matches!(i.value, PositionSpec::After { .. }))
            {
                Status::Ok
            } else {
                Status::Error
            };
            a.check(
                "position",
                "I.2.2",
                status,
                Msg::new(
                    format!(
                        "{}; the scoresheets establish it after ply {k}: {}",
                        why_none.en,
                        fen(&p)
                    ),
                    format!(
                        "{}; i formulari la stabiliscono dopo la semimossa {k}: {}",
                        why_none.it,
                        fen(&p)
                    ),
                ),
            );
            Some(Established {
                history: Some(s.positions[..=k].to_vec()),
                pos: p,
                at,
                contradicted: None,
            })
        }
        None => {
            a.check(
                "position",
                "I.12.2",
                Status::Error,
                Msg::new(
                    format!("{}, and the scoresheets do not establish it: the position before the sealed move cannot be re-established (I.12.2: the game is annulled and a new game played, unless the arbiter establishes it)", why_none.en),
                    format!("{}, e i formulari non la stabiliscono: la posizione prima della mossa sigillata non si può ristabilire (I.12.2: la partita è annullata e se ne gioca una nuova, a meno che l'arbitro non la stabilisca)", why_none.it),
                ),
            );
            let _ = name;
            None
        }
    }
}

/// A scoresheet's move error as `validate` reports it: the move as written and why.
fn move_error(f: &crate::finding::Finding) -> Msg {
    use crate::finding::Kind;
    let written = f.move_text.as_deref().unwrap_or("?");
    match f.kind {
        Kind::IllegalMove => {
            let why = f
                .message
                .split_once(": ")
                .map_or(f.message.as_str(), |(_, w)| w);
            Msg::new(
                format!("`{written}` is illegal: {why}"),
                format!(
                    "`{written}` è illegale: {}",
                    sealed::illegal_msg(f.reason.unwrap_or(""), String::new()).it
                ),
            )
        }
        Kind::AmbiguousMove => Msg::new(
            format!("`{written}` is ambiguous: {}", f.message),
            format!("`{written}` è ambigua: corrisponde a più mosse legali"),
        ),
        _ => Msg::new(
            format!("`{written}` cannot be read as a move: {}", f.message),
            format!("`{written}` non si legge come una mossa"),
        ),
    }
}

/// The legal move that leads from one position to the next, if one does.
fn move_between(from: &Chess, to: &Chess) -> Option<Move> {
    let k = key(to);
    from.legal_moves().into_iter().find(|&m| {
        let mut p = from.clone();
        p.play_unchecked(m);
        key(&p) == k
    })
}

/// The same position with another move number.
fn renumber(pos: &Chess, fullmoves: u32) -> Chess {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    let Some(n) = std::num::NonZeroU32::new(fullmoves) else {
        return pos.clone();
    };
    setup.fullmoves = n;
    let mode = pos.castles().mode();
    shakmaty::Chess::from_setup(setup, mode)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .unwrap_or_else(|_| pos.clone())
}

/// Flags that had fallen before the adjournment (Art. 6.9), from the time used (I.2.3).
#[derive(Debug, Clone, Copy, Default)]
struct Flags {
    sealer: bool,
    opponent: bool,
    /// Both fell in the period in which all remaining moves must be made.
    last_period: bool,
}

fn times(env: &Envelope, before: &Option<Chess>, sealer: Option<Color>, a: &mut Audit) -> Flags {
    let mut flags = Flags::default();
    if env
        .errors
        .iter()
        .any(|e| matches!(e.item, "white_time" | "black_time" | "time_control"))
    {
        let msg = Msg::join(
            &env.errors
                .iter()
                .filter(|e| matches!(e.item, "white_time" | "black_time" | "time_control"))
                .map(|e| e.message.clone())
                .collect::<Vec<_>>(),
            "; ",
        );
        a.check("times", "I.2.3", Status::Error, msg);
    }
    let (Some(wt), Some(bt)) = (&env.white_time, &env.black_time) else {
        return flags;
    };
    let used = [wt.value, bt.value];
    let mut parts = vec![Msg::new(
        format!(
            "time used: White {}, Black {}",
            clock(used[0]),
            clock(used[1])
        ),
        format!(
            "tempo usato: Bianco {}, Nero {}",
            clock(used[0]),
            clock(used[1])
        ),
    )];
    let tc: Option<&TimeControl> = env.time_control.as_ref().and_then(|t| t.value.as_ref());
    let mut status = Status::Ok;
    if let (Some(tc), Some(p), Some(s)) = (tc, before, sealer) {
        let d = tc.describe();
        parts.push(Msg::new(
            format!("time control {}", d.en),
            format!("cadenza {}", d.it),
        ));
        let sealed_no = p.fullmoves().get();
        let opp_done = if s == Color::White {
            sealed_no - 1
        } else {
            sealed_no
        };
        let idx = |c: Color| usize::from(c == Color::Black);
        let s_allow = tc.allowance(sealed_no);
        flags.sealer = used[idx(s)] > s_allow;
        if flags.sealer {
            parts.push(Msg::new(
                format!(
                    "{} used {} but had {} for move {sealed_no}: the flag fell before the sealed move was completed",
                    side_cap(s).en,
                    clock(used[idx(s)]),
                    clock(s_allow)
                ),
                format!(
                    "{} ha usato {} ma disponeva di {} per completare {sealed_no} mosse: la bandierina è caduta prima che la mossa sigillata fosse completata",
                    side(s).it,
                    clock(used[idx(s)]),
                    clock(s_allow)
                ),
            ));
        }
        if opp_done >= 1 {
            let o_allow = tc.allowance(opp_done);
            flags.opponent = used[idx(!s)] > o_allow;
            if flags.opponent {
                parts.push(Msg::new(
                    format!(
                        "{} used {} but had {} to complete move {opp_done}: the flag fell before the adjournment",
                        side_cap(!s).en,
                        clock(used[idx(!s)]),
                        clock(o_allow)
                    ),
                    format!(
                        "{} ha usato {} ma disponeva di {} per completare {opp_done} mosse: la bandierina è caduta prima dell'aggiornamento",
                        side(!s).it,
                        clock(used[idx(!s)]),
                        clock(o_allow)
                    ),
                ));
            }
        }
        flags.last_period = tc.in_last_period(sealed_no);
        if flags.sealer || flags.opponent {
            status = Status::Error;
        }
    } else if tc.is_some() {
        parts.push(Msg::new(
            "not checked against the time control: the position is not established",
            "non confrontato con la cadenza: la posizione non è stabilita",
        ));
    }
    if !a.checks.iter().any(|c| c.id == "times") {
        a.check("times", "I.2.3", status, Msg::join(&parts, "; "));
    } else if let Some(c) = a.checks.iter_mut().find(|c| c.id == "times") {
        c.message.push(&Msg::new("; ", "; "));
        c.message.push(&Msg::join(&parts, "; "));
    }
    flags
}

fn sealed_checks(s: &Sealed, p: &Chess, env: &Envelope, a: &mut Audit) {
    let mode = a.mode;
    match &s.reading {
        Reading::Legal { mv, .. } => {
            let san = move_label(p, *mv);
            a.check(
                "sealed_move",
                "I.8",
                Status::Ok,
                Msg::new(
                    format!(
                        "`{}` reads as exactly one legal move: {} ({})",
                        s.written.trim(),
                        san.en,
                        uci(*mv, mode)
                    ),
                    format!(
                        "`{}` corrisponde a una sola mossa legale: {} ({})",
                        s.written.trim(),
                        san.it,
                        uci(*mv, mode)
                    ),
                ),
            );
        }
        Reading::Ambiguous { candidates, .. } => {
            let c = moves_list(p, candidates, ", ", ", ");
            a.check(
                "sealed_move",
                "I.8.1",
                Status::Error,
                Msg::new(
                    format!(
                        "`{}` is ambiguous: it fits {} legal moves ({})",
                        s.written.trim(),
                        candidates.len(),
                        c.en
                    ),
                    format!(
                        "`{}` è ambigua: corrisponde a {} mosse legali ({})",
                        s.written.trim(),
                        candidates.len(),
                        c.it
                    ),
                ),
            );
        }
        Reading::Unreadable { why, .. } => a.check(
            "sealed_move",
            "I.8.2",
            Status::Error,
            Msg::new(
                format!(
                    "the true meaning of `{}` cannot be established: {}",
                    s.written.trim(),
                    why.en
                ),
                format!(
                    "il vero significato di `{}` non si può stabilire: {}",
                    s.written.trim(),
                    why.it
                ),
            ),
        ),
        Reading::Illegal { why, .. } => a.check(
            "sealed_move",
            "I.8.3",
            Status::Error,
            Msg::new(
                format!("`{}` is illegal: {}", s.written.trim(), why.en),
                format!("`{}` è illegale: {}", s.written.trim(), why.it),
            ),
        ),
    }
    for n in &s.notes {
        a.notes.push(n.clone());
    }
    if let Some((num, black)) = s.number {
        if !sealed::number_fits((num, black), p) {
            a.check(
                "sealed_move_number",
                "I.2.5",
                Status::Warning,
                Msg::new(
                    format!(
                        "the sealed move is written with the number {num}{}, but it is {}'s move {} (the position identifies the move; the number does not change its meaning)",
                        if black { "..." } else { "." },
                        side(p.turn()).en,
                        p.fullmoves()
                    ),
                    format!(
                        "la mossa sigillata è scritta con il numero {num}{}, ma è la mossa {} del {} (la posizione identifica la mossa; il numero non ne cambia il significato)",
                        if black { "..." } else { "." },
                        p.fullmoves(),
                        if p.turn() == Color::White { "Bianco" } else { "Nero" }
                    ),
                ),
            );
        }
    }
    let _ = env;
}

fn draw_offer(env: &Envelope, a: &mut Audit) {
    let recorded = env
        .draw_offer
        .as_ref()
        .map(|i| i.value.as_ref().map(|n| n.side));
    let with_move = a.sealed.as_ref().is_some_and(|s| s.draw_offer);
    let sealer = a.sealer;
    if env.errors.iter().any(|e| e.item == "draw_offer") {
        let msg = Msg::join(
            &env.errors
                .iter()
                .filter(|e| e.item == "draw_offer")
                .map(|e| e.message.clone())
                .collect::<Vec<_>>(),
            "; ",
        );
        a.check("draw_offer", "I.2.6", Status::Error, msg);
        return;
    }
    let offer: Option<Color> = match (recorded, with_move) {
        (Some(Some(c)), _) => Some(c),
        (_, true) => sealer,
        _ => None,
    };
    if with_move && recorded != Some(sealer) {
        a.check(
            "draw_offer_recorded",
            "I.2.6",
            Status::Warning,
            Msg::new(
                "the sealed move is written with a draw offer (=) that the envelope does not record as standing",
                "la mossa sigillata è scritta con un'offerta di patta (=) che la busta non registra come in vigore",
            ),
        );
    }
    match offer {
        Some(c) => {
            a.draw_offer = Some(c);
            let n = |x: Color| env.name(x);
            a.check(
                "draw_offer",
                "I.4",
                Status::Info,
                Msg::new(
                    format!(
                        "a draw offer by {} stands (I.2.6); {} must answer it (I.4, Art. 9.1.2.1){}",
                        player(c, n(c)).en,
                        player(!c, n(!c)).en,
                        if Some(c) == sealer {
                            ", after the sealed move is made on the board"
                        } else {
                            ""
                        }
                    ),
                    format!(
                        "è in vigore un'offerta di patta {} (I.2.6); deve rispondere {} (I.4, Art. 9.1.2.1){}",
                        player_of(c, n(c)).it,
                        player(!c, n(!c)).it,
                        if Some(c) == sealer {
                            ", dopo che la mossa sigillata è eseguita sulla scacchiera"
                        } else {
                            ""
                        }
                    ),
                ),
            );
        }
        None => a.check(
            "draw_offer",
            "I.2.6",
            Status::Ok,
            Msg::new("no draw offer stands", "nessuna offerta di patta in vigore"),
        ),
    }
}

fn decide(
    e: &Established,
    s: Color,
    flags: Flags,
    env: &Envelope,
    a: &mut Audit,
) -> Option<Decision> {
    let p = &e.pos;
    let n = |c: Color| env.name(c);
    // 1. The game had already ended.
    let history: Vec<Chess> = e.history.clone().unwrap_or_else(|| vec![p.clone()]);
    let mut ended: Option<(Ending, usize)> = None;
    // the first ending along the recorded game (cheap checks first; the dead search only
    // on the last position, since deadness never ends)
    for i in 0..history.len() {
        let h = &history[..=i];
        let q = &history[i];
        let end = if q.is_checkmate() {
            Some(Ending::Checkmate)
        } else if q.is_stalemate() {
            Some(Ending::Stalemate)
        } else if q.halfmoves() >= 150 {
            Some(Ending::SeventyFive)
        } else if e.history.is_some() && occurrences(h) >= 5 {
            Some(Ending::Fivefold)
        } else {
            None
        };
        if let Some(x) = end {
            ended = Some((x, i));
            break;
        }
    }
    // A dead position before the adjournment is one the solver proves dead statically (its
    // fast check, as `validate` judges a game's record): insufficient material, a locked
    // structure. A position dead only because every line is forced into a draw (a check
    // whose only answer stalemates) is left to the sealed move, which plays that line.
    let dead_fast = |q: &Chess| {
        can_mate(q, Color::White, Depth::Fast) == CanMate::No
            && can_mate(q, Color::Black, Depth::Fast) == CanMate::No
    };
    if dead_fast(p) && !p.is_stalemate() && !p.is_checkmate() {
        // the first dead position, by bisection (deadness never ends)
        let (mut lo, mut hi) = (0usize, history.len() - 1);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let q = &history[mid];
            if q.is_stalemate() || dead_fast(q) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if ended.is_none_or(|(_, i)| hi < i) {
            ended = Some((Ending::Dead, hi));
        }
    }
    // A position that has just become dead without insufficient material (a check whose
    // only answer stalemates) ends on the board with the sealed move that plays the line:
    // an arbiter names the stalemate, the draw is the same.
    if let Some((Ending::Dead, i)) = ended {
        let stalemating = match a.sealed.as_ref().map(|x| &x.reading) {
            Some(Reading::Legal { mv, .. }) => {
                let mut q = p.clone();
                q.play_unchecked(*mv);
                q.is_stalemate()
            }
            _ => false,
        };
        if i + 1 == history.len() && !p.is_insufficient_material() && stalemating {
            ended = None;
        }
    }
    if let Some((end, i)) = ended {
        let last = history.len() - 1;
        let q = &history[i];
        let (verdict, mated) = match end {
            Ending::Checkmate => {
                let loser = q.turn();
                (
                    if loser == s {
                        Verdict::SealerLoses
                    } else {
                        Verdict::SealerWins
                    },
                    Some(loser),
                )
            }
            _ => (Verdict::Draw, None),
        };
        let when = if i == last {
            Msg::new(
                "in the position before the sealed move",
                "nella posizione prima della mossa sigillata",
            )
        } else {
            let by = (i > 0)
                .then(|| move_between(&history[i - 1], &history[i]))
                .flatten()
                .map(|m| move_label(&history[i - 1], m))
                .unwrap_or_default();
            Msg::new(
                format!("after {} (ply {i} of the scoresheets)", by.en),
                format!("dopo {} (semimossa {i} dei formulari)", by.it),
            )
        };
        let words = end.words();
        let mate_en = mated
            .map(|c| format!(": {} is checkmated", side(c).en))
            .unwrap_or_default();
        let mate_it = mated
            .map(|c| format!(": {} ha subito scaccomatto", side(c).it))
            .unwrap_or_default();
        a.check(
            "game_over",
            end.article(),
            Status::Error,
            Msg::new(
                format!(
                    "the game had already ended by {} {}{mate_en}; the sealed move is void",
                    words.en, when.en
                ),
                format!(
                    "la partita era già terminata per {} {}{mate_it}; la mossa sigillata è nulla",
                    words.it, when.it
                ),
            ),
        );
        return Some(Decision {
            verdict,
            rule: end.article(),
            exception: None,
            reason: Msg::new(
                format!("the game had already ended by {} {}", words.en, when.en),
                format!("la partita era già terminata per {} {}", words.it, when.it),
            ),
        });
    }

    if can(p, Color::White) == CanMate::No && can(p, Color::Black) == CanMate::No {
        a.notes.push(Msg::new(
            "the position before the sealed move was already dead by force: every series of legal moves from it ends without checkmate (Art. 5.2.2)",
            "la posizione prima della mossa sigillata era già morta per forza: ogni serie di mosse legali che ne parte finisce senza scaccomatto (Art. 5.2.2)",
        ));
    }

    // 2. A flag had fallen (Art. 6.9).
    if flags.sealer && flags.opponent {
        if flags.last_period {
            return Some(Decision {
                verdict: Verdict::Draw,
                rule: "III.3.1.2",
                exception: None,
                reason: Msg::new(
                    "both flags had fallen in the last period and which fell first cannot be established",
                    "entrambe le bandierine erano cadute nell'ultimo periodo e non si può stabilire quale sia caduta per prima",
                ),
            });
        }
        a.notes.push(Msg::new(
            "both flags had fallen before the end of a period and which fell first cannot be established: play goes on (III.3.1.1)",
            "entrambe le bandierine erano cadute prima della fine di un periodo e non si può stabilire quale per prima: il gioco continua (III.3.1.1)",
        ));
    } else if flags.sealer || flags.opponent {
        let (loser, winner) = if flags.sealer { (s, !s) } else { (!s, s) };
        let mate = can(p, winner);
        if mate != CanMate::No {
            reject_exception(a, p, winner, &mate);
        }
        return Some(if mate == CanMate::No {
            Decision {
                verdict: Verdict::Draw,
                rule: "6.9",
                exception: None,
                reason: Msg::new(
                    format!(
                        "{}'s flag had fallen, but {} cannot checkmate {} by any series of legal moves",
                        side_cap(loser).en,
                        side(winner).en,
                        side(loser).en
                    ),
                    format!(
                        "la bandierina del {} era caduta, ma {} non può dare scaccomatto al {} con alcuna serie di mosse legali",
                        if loser == Color::White { "Bianco" } else { "Nero" },
                        side(winner).it,
                        if loser == Color::White { "Bianco" } else { "Nero" }
                    ),
                ),
            }
        } else {
            Decision {
                verdict: if loser == s {
                    Verdict::SealerLoses
                } else {
                    Verdict::SealerWins
                },
                rule: "6.9",
                exception: None,
                reason: if loser == s {
                    Msg::new(
                        format!(
                            "the flag of {} had fallen before the sealed move was completed",
                            player(loser, n(loser)).en
                        ),
                        format!(
                            "la bandierina {} era caduta prima che la mossa sigillata fosse completata",
                            player_of(loser, n(loser)).it
                        ),
                    )
                } else {
                    Msg::new(
                        format!(
                            "the flag of {} had fallen before the adjournment, when completing the last move",
                            player(loser, n(loser)).en
                        ),
                        format!(
                            "la bandierina {} era caduta prima dell'aggiornamento, completando l'ultima mossa",
                            player_of(loser, n(loser)).it
                        ),
                    )
                },
            }
        });
    }

    // 3. and 4. The sealed move.
    let sealed = a.sealed.as_ref()?;
    match &sealed.reading {
        Reading::Legal { mv, .. } => {
            let mv: Move = *mv;
            let mut q = p.clone();
            q.play_unchecked(mv);
            a.after = Some(q.clone());
            let mut h = history.clone();
            h.push(q.clone());
            let known = e.history.is_some();
            let end = ending_at(&h, known);
            let san = move_label(p, mv);
            Some(match end {
                Some(Ending::Checkmate) => Decision {
                    verdict: Verdict::SealerWins,
                    rule: "5.1.1",
                    exception: None,
                    reason: Msg::new(
                        format!("the sealed move {} is checkmate", san.en),
                        format!("la mossa sigillata {} dà scaccomatto", san.it),
                    ),
                },
                Some(x) => {
                    let w = x.words();
                    let it = match x {
                        Ending::Stalemate => format!("la mossa sigillata {} dà stallo", san.it),
                        Ending::Fivefold => format!(
                            "con la mossa sigillata {} la stessa posizione è apparsa per la quinta volta",
                            san.it
                        ),
                        Ending::SeventyFive => format!(
                            "con la mossa sigillata {} si completano settantacinque mosse per parte senza spinte di pedone né catture",
                            san.it
                        ),
                        _ => format!("la mossa sigillata {} porta a {}", san.it, w.it),
                    };
                    Decision {
                        verdict: Verdict::Draw,
                        rule: x.article(),
                        exception: None,
                        reason: Msg::new(
                            format!("the sealed move {} leads to {}", san.en, w.en),
                            it,
                        ),
                    }
                }
                None => {
                    if known && occurrences(&h) >= 3 {
                        a.notes.push(Msg::new(
                            format!("after the sealed move the same position stands for the {} time: {} may claim a draw (9.2.1.2)", ordinal_en(occurrences(&h)), side(!s).en),
                            format!("dopo la mossa sigillata la stessa posizione si presenta per la {} volta: {} può richiedere la patta (9.2.1.2)", ordinal_it(occurrences(&h)), side(!s).it),
                        ));
                    }
                    if q.halfmoves() >= 100 {
                        a.notes.push(Msg::new(
                            format!("after the sealed move the last fifty moves of each player had no pawn move and no capture: {} may claim a draw (9.3.2)", side(!s).en),
                            format!("dopo la mossa sigillata le ultime cinquanta mosse di ciascun giocatore sono senza spinte di pedone né catture: {} può richiedere la patta (9.3.2)", side(!s).it),
                        ));
                    }
                    Decision {
                        verdict: Verdict::Resume,
                        rule: "I.9.1",
                        exception: None,
                        reason: Msg::new(
                            format!("the sealed move {} is legal and the game goes on", san.en),
                            format!(
                                "la mossa sigillata {} è legale e la partita continua",
                                san.it
                            ),
                        ),
                    }
                }
            })
        }
        defective => {
            let rule = defective.rule().unwrap_or("I.8");
            let what = match defective {
                Reading::Ambiguous { .. } => Msg::new("ambiguous", "ambigua"),
                Reading::Unreadable { .. } => Msg::new(
                    "written so that its true meaning cannot be established",
                    "scritta in modo che non se ne può stabilire il vero significato",
                ),
                _ => Msg::new("illegal", "illegale"),
            };
            let mate = can(p, !s);
            if mate == CanMate::No {
                Some(Decision {
                    verdict: Verdict::Draw,
                    rule,
                    exception: Some("6.9"),
                    reason: Msg::new(
                        format!(
                            "the sealed move is {}, but {} cannot checkmate {} by any series of legal moves",
                            what.en,
                            side(!s).en,
                            side(s).en
                        ),
                        format!(
                            "la mossa sigillata è {}, ma {} non può dare scaccomatto al {} con alcuna serie di mosse legali",
                            what.it,
                            side(!s).it,
                            if s == Color::White { "Bianco" } else { "Nero" }
                        ),
                    ),
                })
            } else {
                reject_exception(a, p, !s, &mate);
                Some(Decision {
                    verdict: Verdict::SealerLoses,
                    rule,
                    exception: None,
                    reason: Msg::new(
                        format!("the sealed move is {}", what.en),
                        format!("la mossa sigillata è {}", what.it),
                    ),
                })
            }
        }
    }
}

/// Record why the exception of Art. 6.9 does not apply (a note, and a shorter sentence for
/// the paragraph read aloud when the helpmate line is long).
fn reject_exception(a: &mut Audit, p: &Chess, color: Color, mate: &CanMate) {
    let full = can_still_mate(p, color, mate, usize::MAX);
    let aloud = can_still_mate(p, color, mate, ALOUD_PLIES);
    a.notes.push(full.clone());
    a.exception_rejected = Some(full);
    a.exception_rejected_aloud = Some(aloud);
}

/// The longest helpmate line read aloud, in plies.
const ALOUD_PLIES: usize = 12;

/// Why the exception of Art. 6.9 (the opponent cannot checkmate) does not apply: `color`
/// can still checkmate by a series of legal moves — the solver's helpmate line, in each
/// report's notation — or the search could not show that it cannot.
fn can_still_mate(p: &Chess, color: Color, mate: &CanMate, max_plies: usize) -> Msg {
    let line = match mate {
        CanMate::Yes(uci) => helpmate_line(p, uci),
        _ => None,
    };
    let other = !color;
    let long = matches!(mate, CanMate::Yes(uci) if uci.len() > max_plies);
    if long {
        return Msg::new(
            format!(
                "the exception of Article 6.9 does not apply: {} can still checkmate {} by a series of legal moves (a line is given in the notes)",
                side(color).en,
                side(other).en
            ),
            format!(
                "l'eccezione dell'Articolo 6.9 non si applica: {} può ancora dare scaccomatto {} con una serie di mosse legali (una sequenza è indicata nelle note)",
                side(color).it,
                side_al(other)
            ),
        );
    }
    match line {
        Some(l) => Msg::new(
            format!(
                "the exception of Article 6.9 does not apply: {} can still checkmate {} by a series of legal moves, for instance {}",
                side(color).en,
                side(other).en,
                l.en
            ),
            format!(
                "l'eccezione dell'Articolo 6.9 non si applica: {} può ancora dare scaccomatto {} con una serie di mosse legali, per esempio {}",
                side(color).it,
                side_al(other),
                l.it
            ),
        ),
        None => Msg::new(
            format!(
                "the exception of Article 6.9 is not applied: the search did not show that {} cannot checkmate {} by any series of legal moves",
                side(color).en,
                side(other).en
            ),
            format!(
                "l'eccezione dell'Articolo 6.9 non si applica: la ricerca non ha mostrato che {} non può dare scaccomatto {} con alcuna serie di mosse legali",
                side(color).it,
                side_al(other)
            ),
        ),
    }
}

/// A line of UCI moves from `p`, numbered, in each report's notation (`45.Kc2 Re2+ 46.Kd1`).
fn helpmate_line(p: &Chess, uci: &[String]) -> Option<Msg> {
    if uci.is_empty() {
        return None;
    }
    let it = by_code("it").unwrap_or(english());
    let mut pos = p.clone();
    let (mut en_line, mut it_line) = (Vec::new(), Vec::new());
    for (i, u) in uci.iter().enumerate() {
        let m = u
            .parse::<shakmaty::uci::UciMove>()
            .ok()?
            .to_move(&pos)
            .ok()?;
        let (e, t) = (san_in(&pos, m, english()), san_in(&pos, m, it));
        let number = match pos.turn() {
            Color::White => format!("{}.", pos.fullmoves()),
            Color::Black if i == 0 => format!("{}...", pos.fullmoves()),
            Color::Black => String::new(),
        };
        en_line.push(format!("{number}{e}"));
        it_line.push(format!("{number}{t}"));
        pos.play_unchecked(m);
    }
    Some(Msg::new(en_line.join(" "), it_line.join(" ")))
}

fn ordinal_en(n: usize) -> String {
    match n {
        3 => "third".into(),
        4 => "fourth".into(),
        _ => format!("{n}th"),
    }
}

fn ordinal_it(n: usize) -> String {
    match n {
        3 => "terza".into(),
        4 => "quarta".into(),
        _ => format!("{n}ª"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::fen_pos as pos;

    #[test]
    fn moves_in_each_reports_notation() {
        let p = pos("4k3/8/5q2/6K1/8/8/8/8 w - - 0 60");
        let m = p
            .legal_moves()
            .into_iter()
            .find(|m| m.is_capture())
            .unwrap();
        let l = move_label(&p, m);
        assert_eq!(l.en, "60.Kxf6");
        assert_eq!(l.it, "60.Rxf6");
    }

    #[test]
    fn helpmate_lines_are_numbered_san() {
        let p = pos("7k/8/6K1/8/8/8/8/R7 b - - 0 50");
        let l = helpmate_line(&p, &["h8g8".into(), "a1a8".into()]).unwrap();
        assert_eq!(l.en, "50...Kg8 51.Ra8#");
        assert_eq!(l.it, "50...Rg8 51.Ta8#");
        assert!(helpmate_line(&p, &["zz".into()]).is_none());
    }

    #[test]
    fn places_as_italians_write_them() {
        assert_eq!(place_it("Titovo Užice"), "a Titovo Užice");
        assert_eq!(
            place_it("Circolo Scacchistico Milanese"),
            "presso Circolo Scacchistico Milanese"
        );
    }
}
