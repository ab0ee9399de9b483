//! Guideline I.2.7: the date and time of resumption, as people write them.
//!
//! ```ignore
//! use scoresheet::envelope::dates::{date, time};
//! assert_eq!(date("22/11/2026").unwrap().0.to_string(), "2026-11-22");
//! assert_eq!(date("2026-11-22T15:00:00").unwrap().1, Some((15, 0)));
//! assert_eq!(date("22 novembre 2026").unwrap().0.to_string(), "2026-11-22");
//! assert_eq!(time("15.30"), Ok((15, 30)));
//! assert!(date("31/02/2026").is_err());
//! ```

use crate::message::Message;
use std::fmt;

use super::text::Msg;

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    pub year: u32,
    pub month: u32,
    pub day: u32,
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Date {
    /// As Italians write a date: `14 settembre 1966`.
    pub fn italian(&self) -> String {
        let month = MONTHS
            .get(self.month.saturating_sub(1) as usize)
            .map_or("?", |m| m[1]);
        format!("{} {month} {}", self.day, self.year)
    }
}

fn leap(y: u32) -> bool {
    (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400)
}

fn days_in(year: u32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

fn check(year: u32, month: u32, day: u32) -> Result<Date, Msg> {
    if !(1..=12).contains(&month) {
        return Err(Msg::say(
            Message::new("dates_there_no_month").text("month", month),
        ));
    }
    if day == 0 || day > days_in(year, month) {
        let name = MONTHS[(month - 1) as usize][1];
        // The month as each language writes a date: `2025-02` / `febbraio 2025`.
        return Err(Msg::say(
            Message::new("dates_no_such_day").text("day", day).both(
                "month",
                format!("{year:04}-{month:02}"),
                format!("{name} {year}"),
            ),
        ));
    }
    if !(1000..=9999).contains(&year) {
        return Err(Msg::say(
            Message::new("dates_year_not_four_digit").text("year", year),
        ));
    }
    Ok(Date { year, month, day })
}

const MONTHS: [[&str; 2]; 12] = [
    ["january", "gennaio"],
    ["february", "febbraio"],
    ["march", "marzo"],
    ["april", "aprile"],
    ["may", "maggio"],
    ["june", "giugno"],
    ["july", "luglio"],
    ["august", "agosto"],
    ["september", "settembre"],
    ["october", "ottobre"],
    ["november", "novembre"],
    ["december", "dicembre"],
];

fn month_by_name(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_lowercase();
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|names| names.iter().any(|n| n.starts_with(&w)))
        .map(|i| i as u32 + 1)
}

/// A time of day: `15:00`, `15.00`, `15h00`, `15:00:00`, `3pm` is not accepted.
pub fn time(text: &str) -> Result<(u32, u32), Msg> {
    let t = text.trim().to_lowercase();
    let t = t.strip_prefix("ore").unwrap_or(&t).trim();
    if let Some(h) = t.strip_suffix('h') {
        if let Ok(h) = h.trim().parse::<u32>() {
            if h < 24 && h.to_string().len() <= 2 {
                return Ok((h, 0));
            }
        }
    }
    let parts: Vec<&str> = t.split([':', '.', 'h']).collect();
    let nums: Option<Vec<u32>> = parts
        .iter()
        .map(|p| {
            let p = p.trim();
            (!p.is_empty() && p.len() <= 2 && p.chars().all(|c| c.is_ascii_digit()))
                .then(|| p.parse().ok())
                .flatten()
        })
        .collect();
    match nums.as_deref() {
        Some([h, m]) | Some([h, m, _]) if *h < 24 && *m < 60 => Ok((*h, *m)),
        _ => Err(Msg::say(
            Message::new("dates_not_time_day_write").text("text", text.trim()),
        )),
    }
}

/// A date, with the time of day when it is written with one: `2026-11-22`, `2026.11.22`,
/// `22/11/2026`, `22-11-2026`, `22.11.2026`, `22 November 2026`, `22 novembre 2026`, each
/// optionally followed by a time (`2026-11-22 15:00`, `2026-11-22T15:00:00`).
pub fn date(text: &str) -> Result<(Date, Option<(u32, u32)>), Msg> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Msg::say(Message::new("dates_date_empty")));
    }
    // split off a time: after a `T` between digits, or after the date's first word group
    let (date_part, time_part) = split_time(t);
    let d = parse_date(date_part.trim())?;
    let tm = match time_part {
        Some(tp) if !tp.trim().is_empty() => Some(time(tp)?),
        _ => None,
    };
    Ok((d, tm))
}

fn split_time(t: &str) -> (&str, Option<&str>) {
    let b = t.as_bytes();
    for i in 1..b.len().saturating_sub(1) {
        if (b[i] == b'T' || b[i] == b't') && b[i - 1].is_ascii_digit() && b[i + 1].is_ascii_digit()
        {
            return (&t[..i], Some(&t[i + 1..]));
        }
    }
    // `2026-11-22 15:00`, `22 novembre 2026, ore 15:00`
    let words: Vec<(usize, &str)> = t
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - t.as_ptr() as usize, w))
        .collect();
    for (k, (at, w)) in words.iter().enumerate() {
        let w = w.trim_start_matches(',');
        if k > 0
            && (w.contains(':')
                || w.eq_ignore_ascii_case("ore")
                || w.eq_ignore_ascii_case("at")
                || w.eq_ignore_ascii_case("alle"))
        {
            let time_start = if w.contains(':') {
                *at
            } else {
                words.get(k + 1).map_or(t.len(), |x| x.0)
            };
            return (
                t[..*at].trim_end().trim_end_matches(','),
                Some(&t[time_start..]),
            );
        }
    }
    (t, None)
}

fn parse_date(t: &str) -> Result<Date, Msg> {
    let bad = || Msg::say(Message::new("dates_not_date_write_yyyy").text("t", t));
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() == 3 {
        if let Some(m) = month_by_name(words[1]) {
            let d: u32 = words[0].trim_end_matches('.').parse().map_err(|_| bad())?;
            let y: u32 = words[2].parse().map_err(|_| bad())?;
            return check(y, m, d);
        }
        if let Some(m) = month_by_name(words[0]) {
            let d: u32 = words[1].trim_end_matches(',').parse().map_err(|_| bad())?;
            let y: u32 = words[2].parse().map_err(|_| bad())?;
            return check(y, m, d);
        }
    }
    let parts: Vec<&str> = t.split(['-', '/', '.']).collect();
    if parts.len() != 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_digit()))
    {
        return Err(bad());
    }
    let n: Vec<u32> = parts
        .iter()
        .map(|p| p.parse::<u32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    if parts[0].len() == 4 {
        check(n[0], n[1], n[2])
    } else if parts[2].len() == 4 {
        check(n[2], n[1], n[0])
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_people_write() {
        for (s, want) in [
            ("2026-11-22", "2026-11-22"),
            ("2026.11.22", "2026-11-22"),
            ("22/11/2026", "2026-11-22"),
            ("22-11-2026", "2026-11-22"),
            ("22.11.2026", "2026-11-22"),
            ("22 Nov 2026", "2026-11-22"),
            ("November 22, 2026", "2026-11-22"),
            ("29/02/2028", "2028-02-29"),
        ] {
            assert_eq!(date(s).unwrap().0.to_string(), want, "{s}");
        }
        assert_eq!(date("2026-11-22 15:30").unwrap().1, Some((15, 30)));
        assert_eq!(
            date("22 novembre 2026, ore 15.00").unwrap().1,
            Some((15, 0))
        );
        assert!(date("29/02/2026").is_err());
        assert!(date("2026-13-01").is_err());
        assert!(date("tomorrow").is_err());
        assert!(date("12/11/26").is_err());
        assert!(date("2026-11-22 25:00").is_err());
        let e = date("31/02/2025").unwrap_err();
        assert_eq!(e.en, "there is no day 31 in 2025-02");
        assert_eq!(e.it, "il 31 febbraio 2025 non esiste");
        assert_eq!(date("2026-09-14").unwrap().0.italian(), "14 settembre 2026");
    }

    #[test]
    fn times() {
        assert_eq!(time("15:00"), Ok((15, 0)));
        assert_eq!(time("9h30"), Ok((9, 30)));
        assert_eq!(time("15h"), Ok((15, 0)));
        assert_eq!(time("ore 15:00"), Ok((15, 0)));
        assert!(time("24:00").is_err());
        assert!(time("soon").unwrap_err().it.contains("non è un'ora"));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::envelope::dates::{date, time};
        assert_eq!(date("22/11/2026").unwrap().0.to_string(), "2026-11-22");
        assert_eq!(date("2026-11-22T15:00:00").unwrap().1, Some((15, 0)));
        assert_eq!(
            date("22 novembre 2026").unwrap().0.to_string(),
            "2026-11-22"
        );
        assert_eq!(time("15.30"), Ok((15, 30)));
        assert!(date("31/02/2026").is_err());
    }
}
