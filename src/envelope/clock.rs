//! Guideline I.2.3 (the time used by each player) against the time control (Art. 6.3.1):
//! durations as people write them, the PGN `TimeControl` syntax, and whether a flag had
//! already fallen when the game was adjourned (Art. 6.9).
//!
//! ```ignore
//! use scoresheet::envelope::clock::{duration, TimeControl};
//! assert_eq!(duration("1:52:30"), Ok(6750));
//! assert_eq!(duration("1:52"), Ok(6720));
//! let tc: TimeControl = "40/7200:3600".parse().unwrap();
//! assert_eq!(tc.allowance(40), 7200);
//! assert_eq!(tc.allowance(41), 10800);
//! assert!(tc.in_last_period(41));
//! ```

use crate::message::Message;
use std::str::FromStr;

use super::text::Msg;

/// A duration as written: `1:52:30` (h:mm:ss), `1:52` (h:mm), `2h05m`, `2h`, `125m`,
/// `125 min`, `125'`, `7500s`, or a bare number: minutes up to 600, seconds above. Returns
/// seconds, or a message.
pub fn duration(text: &str) -> Result<u64, Msg> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Msg::say(Message::new("clock_empty")));
    }
    if t.starts_with('-') || t.starts_with('−') {
        return Err(Msg::say(Message::new("clock_negative").text("t", t)));
    }
    let t = t.strip_prefix('+').unwrap_or(t).trim();
    if t.contains(':') {
        let parts: Vec<&str> = t.split(':').map(str::trim).collect();
        let nums: Option<Vec<u64>> = parts
            .iter()
            .map(|p| {
                (!p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
                    .then(|| p.parse::<u64>().ok())
                    .flatten()
            })
            .collect();
        let Some(nums) = nums else {
            return Err(not_a_time(t));
        };
        return match nums.as_slice() {
            [h, m] if *m < 60 => Ok(h * 3600 + m * 60),
            [h, m, s] if *m < 60 && *s < 60 => Ok(h * 3600 + m * 60 + s),
            [_, _] | [_, _, _] => Err(Msg::say(
                Message::new("clock_minutes_seconds_go_from").text("t", t),
            )),
            _ => Err(not_a_time(t)),
        };
    }
    units(t, Bare::Guess)
}

/// What a number written without a unit counts.
#[derive(Clone, Copy)]
enum Bare {
    Seconds,
    /// Minutes up to [`BARE_MINUTES_UP_TO`], seconds above: no adjourned game has used
    /// less than ten minutes, and no player ten hours.
    Guess,
}

/// A bare number up to this is minutes, above it seconds.
pub const BARE_MINUTES_UP_TO: u64 = 600;

/// A duration with units (`2h05m`, `90m`, `30s`, `125'`, `125 min`); a bare number counts
/// `bare` seconds per unit.
fn units(t: &str, bare: Bare) -> Result<u64, Msg> {
    let lower = t.to_lowercase();
    let mut total: u64 = 0;
    let mut chars = lower.chars().peekable();
    let mut any = false;
    while chars.peek().is_some() {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut digits = String::new();
        while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
            digits.push(c);
            chars.next();
        }
        if digits.is_empty() {
            if chars.peek().is_none() && any {
                break;
            }
            return Err(not_a_duration(t));
        }
        let n: u64 = digits.parse().map_err(|_| too_large(t))?;
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut unit = String::new();
        while let Some(c) = chars
            .peek()
            .copied()
            .filter(|c| c.is_alphabetic() || *c == '\'' || *c == '"' || *c == '′' || *c == '″')
        {
            unit.push(c);
            chars.next();
        }
        let per = match unit.as_str() {
            "" => match bare {
                Bare::Seconds => 1,
                Bare::Guess if n <= BARE_MINUTES_UP_TO => 60,
                Bare::Guess => 1,
            },
            "h" | "hr" | "hrs" | "hour" | "hours" | "ora" | "ore" => 3600,
            "m" | "min" | "mins" | "minute" | "minutes" | "minuto" | "minuti" | "'" | "′" => 60,
            "s" | "sec" | "secs" | "second" | "seconds" | "secondo" | "secondi" | "\"" | "″"
            | "''" => 1,
            _ => {
                return Err(Msg::say(
                    Message::new("clock_unknown_unit")
                        .text("t", t)
                        .text("unit", unit),
                ))
            }
        };
        total = n
            .checked_mul(per)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(|| too_large(t))?;
        any = true;
    }
    if !any {
        return Err(not_a_duration(t));
    }
    Ok(total)
}

fn not_a_time(t: &str) -> Msg {
    Msg::say(Message::new("clock_not_time_write_h").text("t", t))
}

fn not_a_duration(t: &str) -> Msg {
    Msg::say(Message::new("clock_not_duration").text("t", t))
}

fn too_large(t: &str) -> Msg {
    Msg::say(Message::new("clock_too_large").text("t", t))
}

/// One period of a time control: `moves` moves (none: the rest of the game) in `base`
/// seconds, with `increment` seconds added after each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub moves: Option<u32>,
    pub base: u64,
    pub increment: u64,
}

/// A time control in the PGN `TimeControl` syntax: periods separated by `:` (or `,`), each
/// `moves/time`, `time` or `time+increment`; units may be written (`40/2h:1h`, `90m+30s`).
/// A bare base time is seconds as in PGN (`40/7200:3600`) when above 600, minutes up to
/// 600 (`40/90+30:30+30`, FIDE's "90 minutes + 30 seconds"); a bare increment is seconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControl {
    pub periods: Vec<Period>,
}

impl FromStr for TimeControl {
    type Err = Msg;

    fn from_str(s: &str) -> Result<TimeControl, Msg> {
        let text = s.trim();
        if text.is_empty() {
            return Err(Msg::say(Message::new("clock_time_control_empty")));
        }
        let mut periods = Vec::new();
        let fields: Vec<&str> = text
            .split([':', ',', ';'])
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .collect();
        for (i, field) in fields.iter().enumerate() {
            let (moves, rest) = match field.split_once('/') {
                Some((m, r)) => {
                    let m = m.trim();
                    let n: u32 = m.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                        Msg::say(Message::new("clock_not_number_moves").text("m", m))
                    })?;
                    (Some(n), r.trim())
                }
                None => (None, *field),
            };
            let (base, inc) = match rest.split_once('+') {
                Some((b, inc)) => (b.trim(), Some(inc.trim())),
                None => (rest, None),
            };
            let within = |e: Msg| {
                Msg::say(
                    Message::new("clock_in_field")
                        .text("field", field)
                        .said("why", &e),
                )
            };
            let base = units(base, Bare::Guess).map_err(within)?;
            let increment = match inc {
                Some(i) => units(i, Bare::Seconds).map_err(within)?,
                None => 0,
            };
            if moves.is_none() && i + 1 < fields.len() {
                return Err(Msg::say(
                    Message::new("clock_has_no_number_moves").text("field", field),
                ));
            }
            periods.push(Period {
                moves,
                base,
                increment,
            });
        }
        if periods.is_empty() {
            return Err(Msg::say(Message::new("clock_time_control_has_no")));
        }
        Ok(TimeControl { periods })
    }
}

impl TimeControl {
    /// The period (index) in which a player's `n`-th move (1-based) falls. After the last
    /// period with a number of moves, that period repeats (PGN `40/7200` is 40 moves every
    /// two hours).
    fn period_of(&self, n: u32) -> usize {
        let mut start = 1u32;
        for (i, p) in self.periods.iter().enumerate() {
            match p.moves {
                None => return i,
                Some(m) => {
                    if n < start.saturating_add(m) || i + 1 == self.periods.len() {
                        return i;
                    }
                    start = start.saturating_add(m);
                }
            }
        }
        self.periods.len() - 1
    }

    /// The time (seconds) a player may have used while making his `n`-th move (1-based):
    /// the base time of every period begun by then, and the increments of the moves
    /// already completed.
    pub fn allowance(&self, n: u32) -> u64 {
        let n = n.max(1);
        let mut total: u64 = 0;
        let mut start = 1u32;
        let last = self.periods.len() - 1;
        let mut i = 0usize;
        // base times of the periods begun by move n
        loop {
            let p = self.periods[i.min(last)];
            if start > n {
                break;
            }
            total = total.saturating_add(p.base);
            match p.moves {
                None => break,
                Some(m) => start = start.saturating_add(m),
            }
            i += 1;
            if i > last && self.periods[last].moves.is_none() {
                break;
            }
        }
        // increments of moves 1..n-1
        for k in 1..n {
            total = total.saturating_add(self.periods[self.period_of(k)].increment);
        }
        total
    }

    /// Whether the `n`-th move falls in the period in which all remaining moves must be
    /// completed (Guideline III.3.1.2).
    pub fn in_last_period(&self, n: u32) -> bool {
        self.periods[self.period_of(n)].moves.is_none()
    }

    /// Human form: `40 moves in 2:00:00, then 1:00:00 for the rest`.
    pub fn describe(&self) -> super::text::Msg {
        use crate::message::Message;
        let mut parts = Vec::new();
        for p in &self.periods {
            let inc = if p.increment > 0 {
                format!(" + {}s", p.increment)
            } else {
                String::new()
            };
            let base = super::text::clock(p.base);
            parts.push(super::text::Msg::say(match p.moves {
                Some(m) => Message::new("clock_period_moves")
                    .text("moves", m)
                    .text("base", base)
                    .text("inc", inc),
                None => Message::new("clock_period_rest")
                    .text("base", base)
                    .text("inc", inc),
            }));
        }
        super::text::Msg::join_said(&parts, "clock_then")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(duration("2:00:00"), Ok(7200));
        assert_eq!(duration("0:05"), Ok(300));
        assert_eq!(duration("2h05m"), Ok(7500));
        assert_eq!(duration("2h 5m 10s"), Ok(7510));
        assert_eq!(duration("125 min"), Ok(7500));
        assert_eq!(duration("125'"), Ok(7500));
        assert_eq!(duration("90"), Ok(5400));
        assert_eq!(duration("6750"), Ok(6750));
        assert!(duration("-0:05").unwrap_err().en.contains("negative"));
        assert!(duration("1:75").is_err());
        assert!(duration("abc").is_err());
        assert!(duration("1:2:3:4").is_err());
        assert!(duration("5 fortnights").is_err());
    }

    #[test]
    fn time_controls() {
        let tc: TimeControl = "40/7200:20/3600:1800".parse().unwrap();
        assert_eq!(tc.allowance(1), 7200);
        assert_eq!(tc.allowance(40), 7200);
        assert_eq!(tc.allowance(41), 10800);
        assert_eq!(tc.allowance(60), 10800);
        assert_eq!(tc.allowance(61), 12600);
        assert!(!tc.in_last_period(60));
        assert!(tc.in_last_period(61));
        let tc: TimeControl = "5400+30".parse().unwrap();
        assert_eq!(tc.allowance(1), 5400);
        assert_eq!(tc.allowance(11), 5700);
        let tc: TimeControl = "40/90+30:30+30".parse().unwrap();
        assert_eq!(tc.allowance(1), 5400);
        assert_eq!(tc.allowance(41), 5400 + 1800 + 40 * 30);
        let tc: TimeControl = "40/2h:30m+30s".parse().unwrap();
        assert_eq!(tc.allowance(40), 7200);
        assert_eq!(tc.allowance(42), 7200 + 1800 + 30);
        // a repeating control: 40 moves every two hours
        let tc: TimeControl = "40/7200".parse().unwrap();
        assert_eq!(tc.allowance(41), 14400);
        assert!(!tc.in_last_period(41));
        assert!("40/:3600".parse::<TimeControl>().is_err());
        assert!("3600:40/7200".parse::<TimeControl>().is_err());
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::envelope::clock::{duration, TimeControl};
        assert_eq!(duration("1:52:30"), Ok(6750));
        assert_eq!(duration("1:52"), Ok(6720));
        let tc: TimeControl = "40/7200:3600".parse().unwrap();
        assert_eq!(tc.allowance(40), 7200);
        assert_eq!(tc.allowance(41), 10800);
        assert!(tc.in_last_period(41));
    }
}
