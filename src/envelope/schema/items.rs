//! Each item of Guideline I.2 read and checked on its own: an item missing or unreadable is
//! an [`ItemError`](super::ItemError) and the audit goes on without it.

use crate::message::Message;
use shakmaty::Color;
use toml::{Spanned, Value};

use super::{
    raw::{line_of, value_text},
    values::{after_move, named},
    Envelope, Item, ItemError, PositionSpec,
};
use crate::{
    envelope::{
        clock::{duration, TimeControl},
        dates,
        text::Msg,
    },
    i18n::ReportLang,
    laws::position,
};

/// I.2.1: the players' names.
pub(super) fn players(
    env: &mut Envelope,
    white: Option<Spanned<String>>,
    black: Option<Spanned<String>>,
    text: &str,
) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    for (key, value, slot) in [
        ("white", white, &mut env.white),
        ("black", black, &mut env.black),
    ] {
        if let Some(v) = value {
            let l = line(v.span());
            let s = v.into_inner().trim().to_string();
            if s.is_empty() {
                env.errors.push(ItemError {
                    item: key,
                    article: "I.2.1",
                    line: Some(l),
                    message: Msg::say(Message::new("items_player_s_name_empty")),
                });
            } else {
                *slot = Some(Item { value: s, line: l });
            }
        }
    }
}

/// I.2.2: the position before the sealed move, a FEN or `after N`.
pub(super) fn position(env: &mut Envelope, value: Option<Spanned<Value>>, text: &str) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    if let Some(v) = value {
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
                    // The reason in full in English; the Italian report says only whether
                    // the FEN is unreadable or describes an impossible position.
                    Msg::say(
                        Message::new("items_fen_not_legal")
                            .text("fen", s.trim())
                            .both(
                                "why",
                                e.render(ReportLang::En),
                                crate::i18n::word(
                                    ReportLang::It,
                                    "fen_reason",
                                    if e.id == "position_unreadable" {
                                        "unreadable"
                                    } else {
                                        "illegal"
                                    },
                                ),
                            ),
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
                Msg::say(Message::new("items_neither_fen_nor_after").text("value", s.trim())),
            );
        }
    }
}

/// I.2.3: the time used by each player.
pub(super) fn times(
    env: &mut Envelope,
    white: Option<Spanned<Value>>,
    black: Option<Spanned<Value>>,
    text: &str,
) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    for (key, value, slot) in [
        ("white_time", white, &mut env.white_time),
        ("black_time", black, &mut env.black_time),
    ] {
        if let Some(v) = value {
            let l = line(v.span());
            let parsed = match v.into_inner() {
                Value::Integer(i) if i < 0 => {
                    Err(Msg::say(Message::new("items_negative").text("i", i)))
                }
                Value::Integer(i) => duration(&i.to_string()),
                Value::String(s) => duration(&s),
                Value::Datetime(d) => {
                    // `1:52:30` unquoted is a TOML local time
                    duration(&d.to_string())
                }
                other => Err(Msg::say(
                    Message::new("items_not_time").text("other", other),
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
                    message: Msg::say(Message::new("items_time_used_cannot_read").said("why", &e)),
                }),
            }
        }
    }
}

/// The time control (Art. 6.3.1).
pub(super) fn time_control(env: &mut Envelope, value: Option<Spanned<String>>, text: &str) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    if let Some(v) = value {
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
                    Msg::say(
                        Message::new("items_time_control_cannot_read")
                            .text("t", t)
                            .said("why", &e),
                    ),
                ),
            }
        }
    }
}

/// I.2.4: who sealed.
pub(super) fn sealer(
    env: &mut Envelope,
    value: Option<Spanned<String>>,
    (white, black): (Option<&str>, Option<&str>),
    text: &str,
) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    if let Some(v) = value {
        let l = line(v.span());
        let s = v.into_inner();
        match named(&s, white, black) {
            Ok(n) => env.sealer = Some(Item { value: n, line: l }),
            Err(e) => env.error(
                "sealer",
                Some(l),
                Msg::say(Message::new("items_player_who_sealed_must").said("value", &e)),
            ),
        }
    }
}

/// I.2.5: the number of the sealed move.
pub(super) fn sealed_number(env: &mut Envelope, value: Option<Spanned<Value>>, text: &str) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    if let Some(v) = value {
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
                Msg::say(Message::new("items_not_move_number").text("value", e)),
            ),
        }
    }
}

/// I.2.6: a draw offer standing.
pub(super) fn draw_offer(
    env: &mut Envelope,
    value: Option<Spanned<Value>>,
    (white, black): (Option<&str>, Option<&str>),
    text: &str,
) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    if let Some(v) = value {
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
                Value::String(s) => match named(&s, white, black) {
                    Ok(n) => {
                        env.draw_offer = Some(Item {
                            value: Some(n),
                            line: l,
                        })
                    }
                    Err(e) => env.error(
                        "draw_offer",
                        Some(l),
                        Msg::say(Message::new("items_say_who_offered_draw").said("value", &e)),
                    ),
                },
                other => env.error(
                    "draw_offer",
                    Some(l),
                    Msg::say(Message::new("items_draw_offer_unknown").text("other", other)),
                ),
            }
        }
    }
}

/// I.2.7: when and where play resumes.
pub(super) fn resumption(
    env: &mut Envelope,
    date: Option<Spanned<Value>>,
    time: Option<Spanned<Value>>,
    place: Option<Spanned<String>>,
    text: &str,
) {
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    if let Some(v) = date {
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
                Msg::say(Message::new("items_date_resumption_cannot_read").said("why", &e)),
            ),
        }
    }
    if let Some(v) = time {
        let l = line(v.span());
        let s = value_text(v.get_ref()).unwrap_or_default();
        match dates::time(&s) {
            Ok(t) => {
                if env.resumption_time.as_ref().is_some_and(|x| x.value != t) {
                    env.error(
                        "resumption_time",
                        Some(l),
                        Msg::say(Message::new("items_time_resumption_differs_from")),
                    );
                }
                env.resumption_time = Some(Item { value: t, line: l });
            }
            Err(e) => env.error(
                "resumption_time",
                Some(l),
                Msg::say(Message::new("items_time_resumption_cannot_read").said("why", &e)),
            ),
        }
    }
    if let Some(v) = place {
        let l = line(v.span());
        let s = v.into_inner().trim().to_string();
        if s.is_empty() {
            env.error(
                "resumption_place",
                Some(l),
                Msg::say(Message::new("items_place_resumption_empty")),
            );
        } else {
            env.resumption_place = Some(Item { value: s, line: l });
        }
    }
}
