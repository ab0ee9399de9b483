//! The items of Guideline I.2 checked on their own: the players (I.2.1), who sealed (I.2.4,
//! against the side to move, I.1.1), the number of the sealed move (I.2.5), the resumption
//! (I.2.7).

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{Chess, Color, Position};

use super::{Audit, Status};
use crate::envelope::{
    moves::label,
    schema::Envelope,
    text::{player, player_by, player_of, side, Msg},
};

/// Whether any of `items` is missing or unreadable.
pub(super) fn has_error(env: &Envelope, items: &[&str]) -> bool {
    env.errors.iter().any(|e| items.contains(&e.item))
}

/// What is wrong with `items`, joined.
pub(super) fn error_text(env: &Envelope, items: &[&str]) -> Msg {
    Msg::join(
        &env.errors
            .iter()
            .filter(|e| items.contains(&e.item))
            .map(|e| e.message.clone())
            .collect::<Vec<_>>(),
        "; ",
    )
}

/// I.2.1: the players.
pub(super) fn players(env: &Envelope, a: &mut Audit) {
    let name = |c: Color| env.name(c);
    if has_error(env, &["white", "black"]) {
        a.check(
            "players",
            "I.2.1",
            Status::Error,
            error_text(env, &["white", "black"]),
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
            Msg::say(
                Message::new("items_white_black")
                    .text("would", w)
                    .text("b", b),
            ),
        );
    }
}

/// I.1.1 / I.2.4: who sealed. The side to move in the position before the sealed move
/// seals; the envelope's I.2.4 only when that position is not established.
pub(super) fn sealer(env: &Envelope, before: &Option<Chess>, a: &mut Audit) {
    let name = |c: Color| env.name(c);
    let recorded_sealer = env.sealer.as_ref().map(|i| i.value.side);
    if let Some(p) = before {
        let to_move = p.turn();
        match recorded_sealer {
            Some(s) if s == to_move => a.check(
                "sealer",
                "I.2.4",
                Status::Ok,
                Msg::say(Message::new("items_sealed_who_has_move").both(
                    "player",
                    player(s, name(s)).en,
                    player_by(s, name(s)).it,
                )),
            ),
            Some(s) => a.check(
                "sealer",
                "I.1.1",
                Status::Error,
                Msg::say(
                    Message::new("items_envelope_says_sealed_but")
                        .said("player", &player(s, name(s)))
                        .said("side", &side(to_move))
                        .both(
                            "player2",
                            player(to_move, name(to_move)).en,
                            player_of(to_move, name(to_move)).it,
                        ),
                ),
            ),
            None => a.check(
                "sealer",
                "I.2.4",
                Status::Error,
                Msg::join(
                    &[
                        error_text(env, &["sealer"]),
                        Msg::say(
                            Message::new("items_has_move_taken_sealer")
                                .word("side_cap", side_key(to_move)),
                        ),
                    ],
                    "; ",
                ),
            ),
        }
        a.sealer = Some(to_move);
    } else if has_error(env, &["sealer"]) {
        a.check(
            "sealer",
            "I.2.4",
            Status::Error,
            error_text(env, &["sealer"]),
        );
    } else if let Some(s) = recorded_sealer {
        a.check(
            "sealer",
            "I.2.4",
            Status::Warning,
            Msg::say(Message::new("items_sealed_not_verified_position").both(
                "player",
                player(s, name(s)).en,
                player_by(s, name(s)).it,
            )),
        );
    }
}

/// I.2.5: the number of the sealed move, against the position.
pub(super) fn move_number(env: &Envelope, before: &Option<Chess>, a: &mut Audit) {
    match (&env.sealed_number, before) {
        (Some(n), Some(p)) => {
            let (num, dots) = n.value;
            let fits = num == p.fullmoves().get() && dots.is_none_or(|c| c == p.turn());
            if fits {
                a.check(
                    "move_number",
                    "I.2.5",
                    Status::Ok,
                    Msg::say(Message::new("items_sealed_move_number").text("num", num)),
                );
            } else {
                a.check(
                    "move_number",
                    "I.2.5",
                    Status::Error,
                    Msg::say(
                        Message::new("items_envelope_gives_sealed_move")
                            .text("num", num)
                            .text(
                                "dots",
                                if dots == Some(Color::Black) {
                                    "..."
                                } else {
                                    ""
                                },
                            )
                            .text("label", label(p, "")),
                    ),
                );
            }
        }
        (Some(n), None) => a.check(
            "move_number",
            "I.2.5",
            Status::Warning,
            Msg::say(Message::new("items_sealed_move_number_not").text("value", n.value.0)),
        ),
        (None, _) => a.check(
            "move_number",
            "I.2.5",
            Status::Error,
            error_text(env, &["sealed_move_number"]),
        ),
    }
}

/// I.2.7: when and where play resumes.
pub(super) fn resumption(env: &Envelope, a: &mut Audit) {
    if has_error(
        env,
        &["resumption_date", "resumption_time", "resumption_place"],
    ) {
        a.check(
            "resumption",
            "I.2.7",
            Status::Error,
            error_text(
                env,
                &["resumption_date", "resumption_time", "resumption_place"],
            ),
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
        let place = place(&p);
        a.check(
            "resumption",
            "I.2.7",
            Status::Ok,
            Msg::say(
                Message::new("items_resumption_at_at")
                    .text("time", t)
                    .both("date", d, d_it)
                    .said("place", &place),
            ),
        );
    }
}

/// The place of resumption after "ripresa il … alle …,": `a Titovo Užice` for a town,
/// `presso Circolo Scacchistico Milanese` for a venue (named by its first word, which is
/// read here as input: the words a venue's name starts with).
fn place(place: &str) -> Msg {
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
    let id = if VENUES.contains(&first.as_str()) {
        "items_at_venue"
    } else {
        "items_in_town"
    };
    Msg::say(Message::new(id).text("place", place))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_as_italians_write_them() {
        assert_eq!(place("Titovo Užice").it, "a Titovo Užice");
        assert_eq!(
            place("Circolo Scacchistico Milanese").it,
            "presso Circolo Scacchistico Milanese"
        );
        assert_eq!(place("").it, "a ");
        assert_eq!(place("Titovo Užice").en, "at Titovo Užice");
    }
}

#[cfg(test)]
mod item_tests {
    use super::*;
    use crate::envelope::audit::testing::{judged, with};

    fn status(a: &Audit, id: &str) -> (Status, &'static str) {
        let c = a.checks.iter().find(|c| c.id == id).expect("the check");
        (c.status, c.article)
    }

    #[test]
    fn the_side_to_move_seals() {
        let fen = "\"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"";
        let a = judged(&with(&[
            ("position", Some(fen)),
            ("sealer", Some("\"Bianchi\"")),
        ]));
        assert_eq!(status(&a, "sealer"), (Status::Error, "I.1.1"));
        assert_eq!(a.sealer, Some(Color::White));
        let a = judged(&with(&[("sealer", Some("\"white\""))]));
        assert_eq!(status(&a, "sealer"), (Status::Ok, "I.2.4"));
    }

    #[test]
    fn the_number_of_the_sealed_move_against_the_position() {
        let a = judged(&with(&[("sealed_move_number", Some("4"))]));
        assert_eq!(status(&a, "move_number"), (Status::Error, "I.2.5"));
        let a = judged(&with(&[("sealed_move_number", Some("\"3.\""))]));
        assert_eq!(status(&a, "move_number"), (Status::Ok, "I.2.5"));
    }

    #[test]
    fn players_and_resumption() {
        let a = judged(&with(&[]));
        assert_eq!(status(&a, "players"), (Status::Ok, "I.2.1"));
        assert_eq!(status(&a, "resumption"), (Status::Ok, "I.2.7"));
        let a = judged(&with(&[("black", None), ("resumption_place", None)]));
        assert_eq!(status(&a, "players"), (Status::Error, "I.2.1"));
        assert_eq!(status(&a, "resumption"), (Status::Error, "I.2.7"));
    }
}
