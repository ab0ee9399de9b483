//! I.2.3: the time used, against the time control; which flags had fallen before the
//! adjournment (Art. 6.9).

use crate::envelope::text::side_key;
use crate::message::Message;
use shakmaty::{Chess, Color, Position};

use super::{Audit, Status};
use crate::envelope::{
    clock::TimeControl,
    schema::Envelope,
    text::{clock, Msg},
};

/// Flags that had fallen before the adjournment (Art. 6.9), from the time used (I.2.3).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Flags {
    pub(super) sealer: bool,
    pub(super) opponent: bool,
    /// Both fell in the period in which all remaining moves must be made.
    pub(super) last_period: bool,
}

/// Check the time used (one `times` check) and say whose flag had fallen.
pub(super) fn times(
    env: &Envelope,
    before: &Option<Chess>,
    sealer: Option<Color>,
    a: &mut Audit,
) -> Flags {
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
    let mut parts = vec![Msg::say(
        Message::new("times_time_used_white_black")
            .text("clock", clock(used[0]))
            .text("clock2", clock(used[1])),
    )];
    let tc: Option<&TimeControl> = env.time_control.as_ref().and_then(|t| t.value.as_ref());
    let mut status = Status::Ok;
    if let (Some(tc), Some(p), Some(s)) = (tc, before, sealer) {
        let d = tc.describe();
        parts.push(Msg::say(
            Message::new("times_time_control").said("control", &d),
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
            parts.push(Msg::say(
                Message::new("times_used_but_had_move")
                    .word("side_cap", side_key(s))
                    .text("clock", clock(used[idx(s)]))
                    .text("clock2", clock(s_allow))
                    .text("sealed_no", sealed_no),
            ));
        }
        if opp_done >= 1 {
            let o_allow = tc.allowance(opp_done);
            flags.opponent = used[idx(!s)] > o_allow;
            if flags.opponent {
                parts.push(Msg::say(
                    Message::new("times_used_but_had_complete")
                        .word("side_cap", side_key(!s))
                        .text("clock", clock(used[idx(!s)]))
                        .text("clock2", clock(o_allow))
                        .text("opp_done", opp_done),
                ));
            }
        }
        flags.last_period = tc.in_last_period(sealed_no);
        if flags.sealer || flags.opponent {
            status = Status::Error;
        }
    } else if tc.is_some() {
        parts.push(Msg::say(Message::new("times_not_checked_against_time")));
    }
    if !a.checks.iter().any(|c| c.id == "times") {
        a.check("times", "I.2.3", status, Msg::join(&parts, "; "));
    } else if let Some(c) = a.checks.iter_mut().find(|c| c.id == "times") {
        c.message.push(&Msg::say(Message::new("times_separator")));
        c.message.push(&Msg::join(&parts, "; "));
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        envelope::audit::testing::{envelope, judged, with},
        laws::fen_pos,
    };

    fn flags(white: &str, black: &str, fen: &str, sealer: Color) -> (Flags, Audit) {
        let env = envelope(&with(&[
            ("white_time", Some(white)),
            ("black_time", Some(black)),
            ("time_control", Some("\"40/7200:1800\"")),
        ]));
        let mut a = judged("");
        a.checks.clear();
        let f = times(&env, &Some(fen_pos(fen)), Some(sealer), &mut a);
        (f, a)
    }

    #[test]
    fn flags_against_the_time_control() {
        // Move 45 of 40/2h then 30 min: both beyond 2:30 in the last period.
        let fen = "8/1R4p1/6kp/3P4/1p2PK2/2b2N1r/8/8 w - - 0 45";
        let (f, a) = flags("\"2:31:00\"", "\"2:30:40\"", fen, Color::White);
        assert!(f.sealer && f.opponent && f.last_period, "{f:?}");
        assert_eq!(a.checks[0].status, Status::Error);
        // Within the time: no flag.
        let (f, a) = flags("\"2:00:00\"", "\"2:10:00\"", fen, Color::White);
        assert!(!f.sealer && !f.opponent, "{f:?}");
        assert_eq!(a.checks[0].status, Status::Ok);
        // Black sealing move 40 had 2 hours; White completed move 40 within them too.
        let fen = "8/1R4p1/6kp/3P4/1p2PK2/2b2N1r/8/8 b - - 0 40";
        let (f, _) = flags("\"1:59:00\"", "\"2:00:01\"", fen, Color::Black);
        assert!(f.sealer && !f.opponent && !f.last_period, "{f:?}");
    }

    #[test]
    fn without_a_position_the_times_are_only_listed() {
        let env = envelope(&with(&[("time_control", Some("\"40/7200:1800\""))]));
        let mut a = judged("");
        a.checks.clear();
        let f = times(&env, &None, None, &mut a);
        assert!(!f.sealer && !f.opponent);
        assert!(
            a.checks[0]
                .message
                .en
                .contains("not checked against the time control"),
            "{}",
            a.checks[0].message.en
        );
    }
}
