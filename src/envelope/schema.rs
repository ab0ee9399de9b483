//! The envelope file: a TOML document with one key per item of Guideline I.2, the sealed
//! move as written and the two scoresheets (`grammar/envelope.md` describes every key).
//! Keys may be written in English or Italian (`white`/`bianco`, `sealed_move`/
//! `mossa_sigillata`, ...). An unknown key, a TOML syntax error or a value of the wrong
//! type is a [`Malformed`] envelope; an item that is missing or cannot be read is an
//! [`ItemError`] and the audit goes on without it.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use shakmaty::{Chess, Color};
use toml::{Spanned, Value};

use super::{
    clock::{duration, TimeControl},
    dates::{self, Date},
    text::Msg,
};
use crate::{
    laws::position,
    notation::languages::{by_code, Language},
};

/// Every key, its Italian aliases, the Guideline item it records and what it is.
pub const KEYS: &[(&str, &[&str], &str, &str)] = &[
    ("white", &["bianco"], "I.2.1", "the name of the player with White"),
    ("black", &["nero"], "I.2.1", "the name of the player with Black"),
    ("position", &["posizione"], "I.2.2", "the position immediately before the sealed move: a FEN, or `after N` (after move N of the scoresheets)"),
    ("white_time", &["tempo_bianco"], "I.2.3", "the time used by White"),
    ("black_time", &["tempo_nero"], "I.2.3", "the time used by Black"),
    ("time_control", &["cadenza", "controllo_tempo"], "6.3.1", "the time control (PGN TimeControl syntax)"),
    ("sealer", &["sigillante", "sigillata_da", "sealed_by"], "I.2.4", "the player who sealed the move (name, or White/Black)"),
    ("sealed_move_number", &["numero_mossa_sigillata", "numero_mossa"], "I.2.5", "the number of the sealed move"),
    ("draw_offer", &["offerta_patta", "offerta_di_patta"], "I.2.6", "a draw offer still standing: who made it (name, or White/Black), or `none`"),
    ("resumption_date", &["data_ripresa"], "I.2.7", "the date of resumption (and its time)"),
    ("resumption_time", &["ora_ripresa"], "I.2.7", "the time of resumption"),
    ("resumption_place", &["luogo_ripresa"], "I.2.7", "the place of resumption"),
    ("sealed_move", &["mossa_sigillata"], "I.1.1", "the sealed move exactly as written"),
    ("white_scoresheet", &["formulario_bianco"], "I.1.1", "White's scoresheet, inline"),
    ("black_scoresheet", &["formulario_nero"], "I.1.1", "Black's scoresheet, inline"),
    ("white_scoresheet_file", &["file_formulario_bianco"], "I.1.1", "White's scoresheet, a file (relative to the envelope)"),
    ("black_scoresheet_file", &["file_formulario_nero"], "I.1.1", "Black's scoresheet, a file (relative to the envelope)"),
    ("event", &["evento", "torneo"], "", "the event"),
    ("round", &["turno"], "", "the round"),
    ("board", &["scacchiera"], "", "the board"),
    ("arbiter", &["arbitro"], "", "the arbiter"),
    ("language", &["lingua"], "", "the notation language of the scoresheets and sealed move, when not detected"),
    ("notes", &["note"], "", "free notes"),
];

/// The article an item key records.
pub fn article_of(key: &str) -> &'static str {
    KEYS.iter()
        .find(|(k, aliases, ..)| *k == key || aliases.contains(&key))
        .map_or("", |(_, _, a, _)| a)
}

fn canonical(key: &str) -> Option<&'static str> {
    KEYS.iter()
        .find(|(k, aliases, ..)| *k == key || aliases.contains(&key))
        .map(|(k, ..)| *k)
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawEnvelope {
    #[serde(alias = "bianco")]
    white: Option<Spanned<String>>,
    #[serde(alias = "nero")]
    black: Option<Spanned<String>>,
    #[serde(alias = "posizione")]
    position: Option<Spanned<Value>>,
    #[serde(alias = "tempo_bianco")]
    white_time: Option<Spanned<Value>>,
    #[serde(alias = "tempo_nero")]
    black_time: Option<Spanned<Value>>,
    #[serde(alias = "cadenza", alias = "controllo_tempo")]
    time_control: Option<Spanned<String>>,
    #[serde(alias = "sigillante", alias = "sigillata_da", alias = "sealed_by")]
    sealer: Option<Spanned<String>>,
    #[serde(alias = "numero_mossa_sigillata", alias = "numero_mossa")]
    sealed_move_number: Option<Spanned<Value>>,
    #[serde(alias = "offerta_patta", alias = "offerta_di_patta")]
    draw_offer: Option<Spanned<Value>>,
    #[serde(alias = "data_ripresa")]
    resumption_date: Option<Spanned<Value>>,
    #[serde(alias = "ora_ripresa")]
    resumption_time: Option<Spanned<Value>>,
    #[serde(alias = "luogo_ripresa")]
    resumption_place: Option<Spanned<String>>,
    #[serde(alias = "mossa_sigillata")]
    sealed_move: Option<Spanned<String>>,
    #[serde(alias = "formulario_bianco")]
    white_scoresheet: Option<Spanned<Value>>,
    #[serde(alias = "formulario_nero")]
    black_scoresheet: Option<Spanned<Value>>,
    #[serde(alias = "file_formulario_bianco")]
    white_scoresheet_file: Option<Spanned<String>>,
    #[serde(alias = "file_formulario_nero")]
    black_scoresheet_file: Option<Spanned<String>>,
    #[serde(alias = "evento", alias = "torneo")]
    event: Option<Spanned<Value>>,
    #[serde(alias = "turno")]
    round: Option<Spanned<Value>>,
    #[serde(alias = "scacchiera")]
    board: Option<Spanned<Value>>,
    #[serde(alias = "arbitro")]
    arbiter: Option<Spanned<Value>>,
    #[serde(alias = "lingua")]
    language: Option<Spanned<String>>,
    #[serde(alias = "note")]
    notes: Option<Spanned<Value>>,
}

/// An item's value and the line it is written on.
#[derive(Debug, Clone)]
pub struct Item<T> {
    pub value: T,
    pub line: usize,
}

/// The position before the sealed move as recorded (I.2.2).
#[derive(Debug, Clone)]
pub enum PositionSpec {
    /// A FEN, set up as a legal position; `notes` says what was dropped from it (castling
    /// rights or an en passant square that do not fit).
    Fen {
        text: String,
        pos: Box<Chess>,
        notes: Vec<&'static str>,
    },
    /// After move `number` of the scoresheets; `side`: whose move `number` (none written:
    /// the side that did not seal, i.e. the move just before the sealed one).
    After { number: u32, side: Option<Color> },
}

/// Where a scoresheet is.
#[derive(Debug, Clone)]
pub enum Source {
    Inline(String),
    File(PathBuf),
}

/// A side named on the envelope: by colour, or by a player's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub side: Color,
    /// Whether the text was a player's name (not a colour word).
    pub by_name: bool,
}

/// An item that is missing or cannot be read: the envelope is not well-formed, but the
/// audit goes on without it.
#[derive(Debug, Clone)]
pub struct ItemError {
    /// The item's key (canonical English name).
    pub item: &'static str,
    pub article: &'static str,
    pub line: Option<usize>,
    pub message: Msg,
}

/// An envelope that cannot be read at all: TOML syntax, an unknown key, a value of the
/// wrong type.
#[derive(Debug, Clone)]
pub struct Malformed {
    /// The key concerned, when one is.
    pub item: Option<String>,
    pub line: Option<usize>,
    pub message: String,
    /// The same message in Italian (`--report-lang it`).
    pub message_it: String,
}

/// The envelope's items, each read and checked on its own.
#[derive(Debug, Clone, Default)]
pub struct Envelope {
    pub white: Option<Item<String>>,
    pub black: Option<Item<String>>,
    pub position: Option<Item<PositionSpec>>,
    /// Seconds used.
    pub white_time: Option<Item<u64>>,
    pub black_time: Option<Item<u64>>,
    /// `None` inside: written as `-` or `?` (no control, or unknown).
    pub time_control: Option<Item<Option<TimeControl>>>,
    pub sealer: Option<Item<Named>>,
    /// The number, and the side when written with dots (`41...`).
    pub sealed_number: Option<Item<(u32, Option<Color>)>>,
    /// `None` inside: no offer stands.
    pub draw_offer: Option<Item<Option<Named>>>,
    pub resumption_date: Option<Item<Date>>,
    pub resumption_time: Option<Item<(u32, u32)>>,
    pub resumption_place: Option<Item<String>>,
    pub sealed_move: Option<Item<String>>,
    /// White's, Black's.
    pub scoresheets: [Option<Item<Source>>; 2],
    pub language: Option<&'static Language>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub board: Option<String>,
    pub arbiter: Option<String>,
    pub notes: Option<String>,
    pub errors: Vec<ItemError>,
    /// The keys as written (canonical key, key as written), so that reports name them as
    /// the user did (`data_ripresa`, not `resumption_date`).
    pub keys: Vec<(&'static str, String)>,
    /// Whether most keys are written in Italian: items not written are then named by
    /// their Italian alias.
    pub italian_keys: bool,
}

impl Envelope {
    /// An item's key as the user wrote it; for an item not written, in the language of
    /// the envelope's keys.
    pub fn key_name(&self, item: &str) -> String {
        if let Some((_, k)) = self.keys.iter().find(|(c, _)| *c == item) {
            return k.clone();
        }
        if self.italian_keys {
            if let Some((_, aliases, ..)) = KEYS.iter().find(|(k, ..)| *k == item) {
                if let Some(a) = aliases.first() {
                    return (*a).to_string();
                }
            }
        }
        item.to_string()
    }

    pub fn name(&self, side: Color) -> Option<&str> {
        match side {
            Color::White => self.white.as_ref(),
            Color::Black => self.black.as_ref(),
        }
        .map(|i| i.value.as_str())
    }

    fn error(&mut self, item: &'static str, line: Option<usize>, message: Msg) {
        self.errors.push(ItemError {
            item,
            article: article_of(item),
            line,
            message,
        });
    }
}

/// An inline scoresheet: a string, or an array of strings (lines or moves).
fn movetext(v: Value) -> String {
    match v {
        Value::String(s) => s,
        Value::Array(items) => items
            .iter()
            .map(|i| value_text(i).unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n"),
        other => value_text(&other).unwrap_or_default(),
    }
}

/// 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn value_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Float(f) => Some(f.to_string()),
        Value::Boolean(b) => Some(b.to_string()),
        Value::Datetime(d) => Some(d.to_string()),
        _ => None,
    }
}

/// The key written on a line (`white = ...`, `"white" = ...`).
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    let (k, _) = l.split_once('=')?;
    let k = k.trim().trim_matches('"').trim_matches('\'').trim();
    (!k.is_empty() && !k.contains(char::is_whitespace)).then(|| k.to_string())
}

fn closest_key(unknown: &str) -> Option<&'static str> {
    let u = unknown.to_lowercase();
    let mut best: Option<(usize, &'static str)> = None;
    for (k, aliases, ..) in KEYS {
        for cand in std::iter::once(k).chain(aliases.iter()) {
            let d = edit_distance(&u, cand);
            if d <= 3 && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, cand));
            }
        }
    }
    best.map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

fn malformed(text: &str, e: &toml::de::Error) -> Malformed {
    let line = e.span().map(|s| line_of(text, s.start));
    let msg = e.message().trim().to_string();
    if let Some(rest) = msg.strip_prefix("unknown field `") {
        let name = rest.split('`').next().unwrap_or("").to_string();
        let hint = closest_key(&name);
        let hint_en = hint
            .map(|k| format!(" (did you mean `{k}`?)"))
            .unwrap_or_default();
        let hint_it = hint.map(|k| format!(" (forse `{k}`?)")).unwrap_or_default();
        return Malformed {
            message: format!(
                "unknown item `{name}`{hint_en}: an envelope holds only the items of Guideline I.2, the sealed move and the scoresheets (see grammar/envelope.md)"
            ),
            message_it: format!(
                "voce sconosciuta `{name}`{hint_it}: una busta contiene solo le voci delle Linee guida I.2, la mossa sigillata e i formulari (vedi grammar/envelope.md)"
            ),
            item: Some(name),
            line,
        };
    }
    let item = if let Some(rest) = msg.strip_prefix("duplicate field `") {
        rest.split('`').next().map(str::to_string)
    } else {
        line.and_then(|l| key_on_line(text, l))
    };
    // The TOML reader's own words are English; the Italian says what kind of error it is.
    let what_it = if msg.starts_with("duplicate") {
        "voce scritta due volte"
    } else if msg.starts_with("invalid type") {
        "valore di tipo sbagliato"
    } else {
        "errore di sintassi TOML"
    };
    let (message, message_it) = match &item {
        Some(k) => {
            let art = article_of(k);
            if art.is_empty() {
                (format!("`{k}`: {msg}"), format!("`{k}`: {what_it}"))
            } else {
                (
                    format!("`{k}` ({art}): {msg}"),
                    format!("`{k}` ({art}): {what_it}"),
                )
            }
        }
        None => (msg, what_it.to_string()),
    };
    Malformed {
        item,
        line,
        message,
        message_it,
    }
}

fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A colour word: `white`, `bianco`, `w`, `black`, `nero`, `n`.
pub fn colour_word(s: &str) -> Option<Color> {
    let w = words(s);
    let w: Vec<&str> = w
        .iter()
        .map(String::as_str)
        .filter(|x| {
            !matches!(
                *x,
                "il" | "the" | "player" | "giocatore" | "col" | "con" | "di" | "del"
            )
        })
        .collect();
    match w.as_slice() {
        ["white"] | ["bianco"] | ["w"] => Some(Color::White),
        ["black"] | ["nero"] | ["n"] => Some(Color::Black),
        _ => None,
    }
}

/// A side named by colour or by a player's name (the whole name, or words of one name
/// only: `Rossi` names `Rossi, Mario`).
fn named(s: &str, white: Option<&str>, black: Option<&str>) -> Result<Named, Msg> {
    if let Some(c) = colour_word(s) {
        return Ok(Named {
            side: c,
            by_name: false,
        });
    }
    let given = words(s);
    if given.is_empty() {
        return Err(Msg::new("it is empty", "è vuoto"));
    }
    let fits = |name: Option<&str>| -> bool {
        name.is_some_and(|n| {
            let nw = words(n);
            given.iter().all(|g| nw.contains(g))
        })
    };
    match (fits(white), fits(black)) {
        (true, false) => Ok(Named {
            side: Color::White,
            by_name: true,
        }),
        (false, true) => Ok(Named {
            side: Color::Black,
            by_name: true,
        }),
        (true, true) => Err(Msg::new(
            format!("`{s}` fits both players' names"),
            format!("`{s}` corrisponde ai nomi di entrambi i giocatori"),
        )),
        (false, false) => {
            let names = match (white, black) {
                (Some(w), Some(b)) => format!(" (`{w}`, `{b}`)"),
                _ => String::new(),
            };
            Err(Msg::new(
                format!("`{s}` is neither White nor Black, nor the name of either player{names}"),
                format!(
                    "`{s}` non è né il Bianco né il Nero, né il nome di uno dei giocatori{names}"
                ),
            ))
        }
    }
}

/// `after 40`, `after 40...`, `after move 40 of Black`, `dopo la mossa 40 del Nero`, `40`.
fn after_move(s: &str) -> Option<(u32, Option<Color>)> {
    let lower = s.trim().to_lowercase();
    let rest = ["after", "dopo"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .unwrap_or(&lower);
    let digits: String = rest
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    let number: u32 = digits.parse().ok()?;
    // Only words we know may stand around the number.
    for w in words(rest) {
        let known = w.chars().all(|c| c.is_ascii_digit())
            || matches!(
                w.as_str(),
                "move"
                    | "mossa"
                    | "la"
                    | "of"
                    | "del"
                    | "di"
                    | "white"
                    | "bianco"
                    | "black"
                    | "nero"
                    | "white's"
                    | "black's"
                    | "the"
                    | "th"
                    | "st"
                    | "nd"
                    | "rd"
                    | "esima"
                    | "a"
            );
        if !known && !w.ends_with("th") {
            return None;
        }
    }
    let side = if rest.contains("...") || rest.contains('…') {
        Some(Color::Black)
    } else if rest.contains("white") || rest.contains("bianco") {
        Some(Color::White)
    } else if rest.contains("black") || rest.contains("nero") {
        Some(Color::Black)
    } else if rest.trim_end().ends_with(&format!("{digits}.")) {
        Some(Color::White)
    } else {
        None
    };
    Some((number, side))
}

/// Read an envelope. `base` is the folder scoresheet files are relative to.
pub fn read(text: &str, base: &Path) -> Result<Envelope, Malformed> {
    let raw: RawEnvelope = toml::from_str(text).map_err(|e| malformed(text, &e))?;
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    let mut env = Envelope::default();
    if let Ok(table) = text.parse::<toml::Table>() {
        env.keys = table
            .keys()
            .filter_map(|k| canonical(k).map(|c| (c, k.clone())))
            .collect();
        let italian = env.keys.iter().filter(|(c, k)| c != k).count();
        env.italian_keys = italian * 2 > env.keys.len();
    }

    // I.2.1
    for (key, value, slot) in [
        ("white", raw.white, &mut env.white),
        ("black", raw.black, &mut env.black),
    ] {
        if let Some(v) = value {
            let l = line(v.span());
            let s = v.into_inner().trim().to_string();
            if s.is_empty() {
                env.errors.push(ItemError {
                    item: key,
                    article: "I.2.1",
                    line: Some(l),
                    message: Msg::new(
                        "the player's name is empty",
                        "il nome del giocatore è vuoto",
                    ),
                });
            } else {
                *slot = Some(Item { value: s, line: l });
            }
        }
    }
    let white = env.white.as_ref().map(|i| i.value.clone());
    let black = env.black.as_ref().map(|i| i.value.clone());

    // I.2.2
    if let Some(v) = raw.position {
        let l = line(v.span());
        let val = v.into_inner();
        let s = value_text(&val).unwrap_or_default();
        if s.contains('/') {
            match position::parse(&s) {
                Ok((pos, notes)) => {
                    env.position = Some(Item {
                        value: PositionSpec::Fen {
                            text: s.trim().to_string(),
                            pos: Box::new(pos),
                            notes,
                        },
                        line: l,
                    })
                }
                Err(e) => env.error(
                    "position",
                    Some(l),
                    Msg::new(
                        format!("the FEN `{}` is not a legal position: {e}", s.trim()),
                        if e.starts_with("the FEN cannot be read") {
                            format!("la FEN `{}` non si legge", s.trim())
                        } else {
                            format!(
                                "la FEN `{}` non è una posizione legale (pezzi, Re o tratto impossibili)",
                                s.trim()
                            )
                        },
                    ),
                ),
            }
        } else if let Some((number, side)) = after_move(&s) {
            env.position = Some(Item {
                value: PositionSpec::After { number, side },
                line: l,
            });
        } else {
            env.error(
                "position",
                Some(l),
                Msg::new(
                    format!(
                        "`{}` is neither a FEN nor `after N` (after move N of the scoresheets)",
                        s.trim()
                    ),
                    format!(
                        "`{}` non è né una FEN né `dopo N` (dopo la mossa N dei formulari)",
                        s.trim()
                    ),
                ),
            );
        }
    }

    // I.2.3
    for (key, value, slot) in [
        ("white_time", raw.white_time, &mut env.white_time),
        ("black_time", raw.black_time, &mut env.black_time),
    ] {
        if let Some(v) = value {
            let l = line(v.span());
            let parsed = match v.into_inner() {
                Value::Integer(i) if i < 0 => Err(Msg::new(
                    format!("`{i}` is negative"),
                    format!("`{i}` è negativo"),
                )),
                Value::Integer(i) => duration(&i.to_string()),
                Value::String(s) => duration(&s),
                Value::Datetime(d) => {
                    // `1:52:30` unquoted is a TOML local time
                    duration(&d.to_string())
                }
                other => Err(Msg::new(
                    format!("`{other}` is not a time"),
                    format!("`{other}` non è un tempo"),
                )),
            };
            match parsed {
                Ok(sec) => {
                    *slot = Some(Item {
                        value: sec,
                        line: l,
                    })
                }
                Err(e) => env.errors.push(ItemError {
                    item: key,
                    article: "I.2.3",
                    line: Some(l),
                    message: Msg::new(
                        format!("the time used cannot be read: {}", e.en),
                        format!("il tempo usato non si legge: {}", e.it),
                    ),
                }),
            }
        }
    }
    if let Some(v) = raw.time_control {
        let l = line(v.span());
        let s = v.into_inner();
        let t = s.trim();
        if matches!(t, "-" | "?" | "" | "none" | "nessuno" | "unknown") {
            env.time_control = Some(Item {
                value: None,
                line: l,
            });
        } else {
            match t.parse::<TimeControl>() {
                Ok(tc) => {
                    env.time_control = Some(Item {
                        value: Some(tc),
                        line: l,
                    })
                }
                Err(e) => env.error(
                    "time_control",
                    Some(l),
                    Msg::new(
                        format!("the time control `{t}` cannot be read: {}", e.en),
                        format!("la cadenza `{t}` non si legge: {}", e.it),
                    ),
                ),
            }
        }
    }

    // I.2.4
    if let Some(v) = raw.sealer {
        let l = line(v.span());
        let s = v.into_inner();
        match named(&s, white.as_deref(), black.as_deref()) {
            Ok(n) => env.sealer = Some(Item { value: n, line: l }),
            Err(e) => env.error(
                "sealer",
                Some(l),
                Msg::new(
                    format!(
                        "the player who sealed must be White or Black by name: {}",
                        e.en
                    ),
                    format!(
                        "chi ha sigillato dev'essere il Bianco o il Nero, per nome: {}",
                        e.it
                    ),
                ),
            ),
        }
    }

    // I.2.5
    if let Some(v) = raw.sealed_move_number {
        let l = line(v.span());
        let parsed = match v.into_inner() {
            Value::Integer(i) if i >= 1 && i <= i64::from(u32::MAX) => Ok((i as u32, None)),
            Value::Integer(i) => Err(format!("`{i}`")),
            Value::String(s) => {
                let t = s.trim();
                let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
                let rest = t[digits.len()..].trim();
                match digits.parse::<u32>() {
                    Ok(n) if n >= 1 => match rest {
                        "" => Ok((n, None)),
                        "." => Ok((n, Some(Color::White))),
                        "..." | "…" | ". ..." => Ok((n, Some(Color::Black))),
                        _ => Err(format!("`{t}`")),
                    },
                    _ => Err(format!("`{t}`")),
                }
            }
            other => Err(format!("`{other}`")),
        };
        match parsed {
            Ok(n) => env.sealed_number = Some(Item { value: n, line: l }),
            Err(e) => env.error(
                "sealed_move_number",
                Some(l),
                Msg::new(
                    format!("{e} is not a move number"),
                    format!("{e} non è un numero di mossa"),
                ),
            ),
        }
    }

    // I.2.6
    if let Some(v) = raw.draw_offer {
        let l = line(v.span());
        let val = v.into_inner();
        let none = match &val {
            Value::Boolean(false) => true,
            Value::String(s) => matches!(
                s.trim().to_lowercase().as_str(),
                "" | "none" | "no" | "nessuna" | "-" | "false"
            ),
            _ => false,
        };
        if none {
            env.draw_offer = Some(Item {
                value: None,
                line: l,
            });
        } else {
            match val {
                Value::String(s) => match named(&s, white.as_deref(), black.as_deref()) {
                    Ok(n) => env.draw_offer = Some(Item { value: Some(n), line: l }),
                    Err(e) => env.error(
                        "draw_offer",
                        Some(l),
                        Msg::new(
                            format!("say who offered the draw (White or Black, by name) or `none`: {}", e.en),
                            format!("indicare chi ha offerto la patta (il Bianco o il Nero, per nome) oppure `nessuna`: {}", e.it),
                        ),
                    ),
                },
                other => env.error(
                    "draw_offer",
                    Some(l),
                    Msg::new(
                        format!("`{other}`: say who offered the draw (White or Black, by name) or `none`"),
                        format!("`{other}`: indicare chi ha offerto la patta (il Bianco o il Nero, per nome) oppure `nessuna`"),
                    ),
                ),
            }
        }
    }

    // I.2.7
    if let Some(v) = raw.resumption_date {
        let l = line(v.span());
        let s = value_text(v.get_ref()).unwrap_or_default();
        match dates::date(&s) {
            Ok((d, t)) => {
                env.resumption_date = Some(Item { value: d, line: l });
                if let Some(t) = t {
                    env.resumption_time = Some(Item { value: t, line: l });
                }
            }
            Err(e) => env.error(
                "resumption_date",
                Some(l),
                Msg::new(
                    format!("the date of resumption cannot be read: {}", e.en),
                    format!("la data di ripresa non si legge: {}", e.it),
                ),
            ),
        }
    }
    if let Some(v) = raw.resumption_time {
        let l = line(v.span());
        let s = value_text(v.get_ref()).unwrap_or_default();
        match dates::time(&s) {
            Ok(t) => {
                if env.resumption_time.as_ref().is_some_and(|x| x.value != t) {
                    env.error(
                        "resumption_time",
                        Some(l),
                        Msg::new(
                            "the time of resumption differs from the time written with the date",
                            "l'ora di ripresa differisce da quella scritta con la data",
                        ),
                    );
                }
                env.resumption_time = Some(Item { value: t, line: l });
            }
            Err(e) => env.error(
                "resumption_time",
                Some(l),
                Msg::new(
                    format!("the time of resumption cannot be read: {}", e.en),
                    format!("l'ora di ripresa non si legge: {}", e.it),
                ),
            ),
        }
    }
    if let Some(v) = raw.resumption_place {
        let l = line(v.span());
        let s = v.into_inner().trim().to_string();
        if s.is_empty() {
            env.error(
                "resumption_place",
                Some(l),
                Msg::new(
                    "the place of resumption is empty",
                    "il luogo di ripresa è vuoto",
                ),
            );
        } else {
            env.resumption_place = Some(Item { value: s, line: l });
        }
    }

    // The sealed move and the scoresheets.
    if let Some(v) = raw.sealed_move {
        let l = line(v.span());
        env.sealed_move = Some(Item {
            value: v.into_inner(),
            line: l,
        });
    }
    for (i, (inline, file, key_inline, key_file)) in [
        (
            raw.white_scoresheet,
            raw.white_scoresheet_file,
            "white_scoresheet",
            "white_scoresheet_file",
        ),
        (
            raw.black_scoresheet,
            raw.black_scoresheet_file,
            "black_scoresheet",
            "black_scoresheet_file",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        match (inline, file) {
            (Some(a), Some(b)) => {
                let l = line(b.span());
                let la = line(a.span());
                env.scoresheets[i] = Some(Item {
                    value: Source::Inline(movetext(a.into_inner())),
                    line: la,
                });
                let (ki, kf) = (env.key_name(key_inline), env.key_name(key_file));
                env.error(
                    key_file,
                    Some(l),
                    Msg::new(
                        format!("give the scoresheet inline (`{ki}`) or as a file (`{kf}`), not both; the inline one is read"),
                        format!("il formulario va dato nel testo (`{ki}`) o come file (`{kf}`), non in entrambi i modi; si legge quello nel testo"),
                    ),
                );
            }
            (Some(a), None) => {
                let la = line(a.span());
                env.scoresheets[i] = Some(Item {
                    value: Source::Inline(movetext(a.into_inner())),
                    line: la,
                })
            }
            (None, Some(b)) => {
                let l = line(b.span());
                let p = PathBuf::from(b.into_inner().trim());
                let p = if p.is_absolute() { p } else { base.join(p) };
                env.scoresheets[i] = Some(Item {
                    value: Source::File(p),
                    line: l,
                });
            }
            (None, None) => {}
        }
    }

    if let Some(v) = raw.language {
        let l = line(v.span());
        let s = v.into_inner();
        match by_code(s.trim()) {
            Some(lang) => env.language = Some(lang),
            None => env.error(
                "language",
                Some(l),
                Msg::new(
                    format!(
                        "`{}` is not a notation language (it, en, es, fr, de, ...)",
                        s.trim()
                    ),
                    format!(
                        "`{}` non è una lingua di notazione (it, en, es, fr, de, ...)",
                        s.trim()
                    ),
                ),
            ),
        }
    }
    env.event = raw.event.and_then(|v| value_text(v.get_ref()));
    env.round = raw.round.and_then(|v| value_text(v.get_ref()));
    env.board = raw.board.and_then(|v| value_text(v.get_ref()));
    env.arbiter = raw.arbiter.and_then(|v| value_text(v.get_ref()));
    env.notes = raw.notes.and_then(|v| value_text(v.get_ref()));

    // Missing items.
    let missing: Vec<(&'static str, bool)> = vec![
        ("white", env.white.is_none()),
        ("black", env.black.is_none()),
        ("position", env.position.is_none()),
        ("white_time", env.white_time.is_none()),
        ("black_time", env.black_time.is_none()),
        ("sealer", env.sealer.is_none()),
        ("sealed_move_number", env.sealed_number.is_none()),
        ("resumption_date", env.resumption_date.is_none()),
        ("resumption_time", env.resumption_time.is_none()),
        ("resumption_place", env.resumption_place.is_none()),
        ("white_scoresheet", env.scoresheets[0].is_none()),
        ("black_scoresheet", env.scoresheets[1].is_none()),
    ];
    for (key, absent) in missing {
        // an item written but unreadable already has its error
        if absent && !env.errors.iter().any(|e| e.item == key) {
            let (_, _, art, what) =
                KEYS.iter()
                    .find(|(k, ..)| *k == key)
                    .copied()
                    .unwrap_or((key, &[], "", ""));
            let name = env.key_name(key);
            env.errors.push(ItemError {
                item: key,
                article: art,
                line: None,
                message: Msg::new(
                    format!("missing: `{name}` ({what}) is not on the envelope"),
                    format!("manca: `{name}` (Linee guida {art}) non è sulla busta"),
                ),
            });
        }
    }
    Ok(env)
}

/// The canonical key for a key as written (English or Italian), if it is one.
pub fn canonical_key(key: &str) -> Option<&'static str> {
    canonical(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_forms() {
        assert_eq!(after_move("after 40"), Some((40, None)));
        assert_eq!(after_move("after 40..."), Some((40, Some(Color::Black))));
        assert_eq!(after_move("after 40."), Some((40, Some(Color::White))));
        assert_eq!(
            after_move("dopo la mossa 40 del Nero"),
            Some((40, Some(Color::Black)))
        );
        assert_eq!(
            after_move("after White's 40th move"),
            Some((40, Some(Color::White)))
        );
        assert_eq!(after_move("40"), Some((40, None)));
        assert_eq!(after_move("rnbqkbnr"), None);
        assert_eq!(after_move("after lunch"), None);
    }

    #[test]
    fn names_and_colours() {
        // `Bianchi` is a surname, not the colour
        let n = named("Bianchi", Some("Rossi, Mario"), Some("Bianchi, Luca")).unwrap();
        assert_eq!(n.side, Color::Black);
        let n = named("Rossi", Some("Rossi, Mario"), Some("Bianchi, Luca")).unwrap();
        assert_eq!(n.side, Color::White);
        assert!(n.by_name);
        assert_eq!(named("il Nero", None, None).unwrap().side, Color::Black);
        assert!(named("Verdi", Some("Rossi"), Some("Bianchi")).is_err());
        assert!(named("Mario", Some("Rossi, Mario"), Some("Bianchi, Mario")).is_err());
    }

    #[test]
    fn unknown_key_is_named() {
        let e = read("white = \"a\"\ncolour = \"b\"\n", Path::new(".")).unwrap_err();
        assert_eq!(e.item.as_deref(), Some("colour"));
        assert_eq!(e.line, Some(2));
        let e = read("sealed_mvoe = \"Nf3\"\n", Path::new(".")).unwrap_err();
        assert!(
            e.message.contains("did you mean `sealed_move`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn italian_aliases() {
        let env = read(
            "bianco = \"Rossi\"\nnero = \"Bianchi\"\nsigillante = \"Bianchi\"\nmossa_sigillata = \"Cf6\"\n",
            Path::new("."),
        )
        .unwrap();
        assert_eq!(env.sealer.unwrap().value.side, Color::Black);
        assert_eq!(env.sealed_move.unwrap().value, "Cf6");
    }

    #[test]
    fn keys_are_named_as_written() {
        let env = read(
            "bianco = \"Rossi\"\nnero = \"Bianchi\"\ndata_ripresa = \"31/02/2025\"\n",
            Path::new("."),
        )
        .unwrap();
        assert!(env.italian_keys);
        assert_eq!(env.key_name("resumption_date"), "data_ripresa");
        // not written: named by its Italian alias
        assert_eq!(env.key_name("sealed_move"), "mossa_sigillata");
        let e = env
            .errors
            .iter()
            .find(|e| e.item == "resumption_date")
            .unwrap();
        assert!(
            e.message.it.contains("il 31 febbraio 2025 non esiste"),
            "{}",
            e.message.it
        );
        let missing = env.errors.iter().find(|e| e.item == "sealer").unwrap();
        assert!(
            missing.message.it.contains("`sigillante`"),
            "{}",
            missing.message.it
        );
        let e = read("bianco = \"a\"\ncolore = \"b\"\n", Path::new(".")).unwrap_err();
        assert!(!e.message_it.contains("unknown"), "{}", e.message_it);
    }

    #[test]
    fn bad_values_are_item_errors() {
        let env = read(
            "position = \"8/8/8/8/8/8/8/8 w - - 0 1\"\nwhite_time = \"-0:10\"\nresumption_date = \"31/02/2026\"\n",
            Path::new("."),
        )
        .unwrap();
        let items: Vec<&str> = env.errors.iter().map(|e| e.item).collect();
        assert!(items.contains(&"position"));
        assert!(items.contains(&"white_time"));
        assert!(items.contains(&"resumption_date"));
        let e = env.errors.iter().find(|e| e.item == "position").unwrap();
        assert_eq!(e.line, Some(1));
        let e = read("white = 42\n", Path::new(".")).unwrap_err();
        assert_eq!(e.item.as_deref(), Some("white"));
    }
}
