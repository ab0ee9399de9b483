//! I.2.3: the time used, against the time control; which flags had fallen before the
//! adjournment (Art. 6.9).

use shakmaty::{Chess, Color, Position};

use super::{Audit, Status};
use crate::envelope::{
    clock::TimeControl,
    schema::Envelope,
    text::{clock, side, side_cap, Msg},
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
