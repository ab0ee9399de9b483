//! I.2.6 and I.4: a draw offer that stands at the adjournment, recorded on the envelope or
//! written with the sealed move.

use crate::message::Message;
use shakmaty::Color;

use super::{Audit, Status};
use crate::envelope::{
    schema::Envelope,
    text::{player, player_of, Msg},
};

/// Check the draw offer and record who made it.
pub(super) fn draw_offer(env: &Envelope, a: &mut Audit) {
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
            Msg::say(Message::new("draw_offer_sealed_move_written_draw")),
        );
    }
    match offer {
        Some(c) => {
            a.draw_offer = Some(c);
            let n = |x: Color| env.name(x);
            let after = if Some(c) == sealer {
                Msg::say(Message::new("draw_offer_after_sealed_move"))
            } else {
                Msg::default()
            };
            a.check(
                "draw_offer",
                "I.4",
                Status::Info,
                Msg::say(
                    Message::new("draw_offer_draw_offer_stands_i")
                        .said("player", &player(!c, n(!c)))
                        .both("player2", player(c, n(c)).en, player_of(c, n(c)).it)
                        .said("after", &after),
                ),
            );
        }
        None => a.check(
            "draw_offer",
            "I.2.6",
            Status::Ok,
            Msg::say(Message::new("draw_offer_no_draw_offer_stands")),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::envelope::audit::{
        testing::{judged, with},
        Status,
    };
    use shakmaty::Color;

    fn check<'a>(a: &'a crate::envelope::Audit, id: &str) -> &'a crate::envelope::Check {
        a.checks.iter().find(|c| c.id == id).expect("the check")
    }

    #[test]
    fn an_offer_recorded_stands_and_is_answered_by_the_other_player() {
        let a = judged(&with(&[("draw_offer", Some("\"Bianchi\""))]));
        assert_eq!(a.draw_offer, Some(Color::Black));
        assert_eq!(check(&a, "draw_offer").status, Status::Info);
        let a = judged(&with(&[("draw_offer", Some("\"none\""))]));
        assert_eq!(a.draw_offer, None);
        assert_eq!(check(&a, "draw_offer").status, Status::Ok);
    }

    #[test]
    fn an_offer_written_with_the_sealed_move_only_is_a_warning() {
        let a = judged(&with(&[("sealed_move", Some("\"Ab5 (=)\""))]));
        assert_eq!(a.draw_offer, Some(Color::White));
        assert_eq!(check(&a, "draw_offer_recorded").status, Status::Warning);
    }
}
