//! The written words of a scoresheet's movetext, as the repair search reads them: whatever
//! is between spaces, with comments, variations, draw offers, glyphs and the result set
//! aside (they stay in the text; only the moves are read again).
//!
//! ```
//! use scoresheet::repair::sheet::Sheet;
//! let s = Sheet::from_movetext("1.e4 e5 {good} 2. Cf3 (2. f4) Cc6 (=) 1-0", 0);
//! let words: Vec<String> = s.words.iter().map(|w| w.chars.iter().collect()).collect();
//! assert_eq!(words, ["1.e4", "e5", "2.", "Cf3", "Cc6"]);
//! ```

/// One word as written, with the byte offset of each of its characters in the game text.
#[derive(Debug, Clone)]
pub struct Word {
    pub chars: Vec<char>,
    /// `bytes[i]` is where `chars[i]` starts; `bytes[chars.len()]` where the word ends.
    pub bytes: Vec<usize>,
    /// A move number, `e.p.` or a lone mark: nothing to read as a move.
    pub ignorable: bool,
}

impl Word {
    pub fn text(&self, from: usize, to: usize) -> String {
        self.chars
            .get(from..to.min(self.chars.len()))
            .map(|c| c.iter().collect())
            .unwrap_or_default()
    }
}

/// A place in the written words: a word and a character in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cursor {
    pub word: u32,
    pub at: u32,
}

/// What a cursor passed over on its way to the next move: move numbers (with the cost of
/// reading one through a slip).
pub const NUMBER_SLIP: f32 = 0.2;

#[derive(Debug, Clone, Default)]
pub struct Sheet {
    pub words: Vec<Word>,
    /// Per word: a run of moves written again from the move that starts it (see
    /// [`Sheet::repeat`]), found once when the sheet is read.
    repeats: Vec<Option<(Cursor, f32)>>,
}

fn is_result(w: &str) -> bool {
    w.parse::<crate::result::GameResult>().is_ok()
}

fn is_ignorable(w: &str) -> bool {
    let lower = w.to_lowercase();
    if matches!(lower.as_str(), "e.p." | "e.p" | "ep" | "ep." | "(ep)" | "x") {
        return true;
    }
    w.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '…' | ')' | '+' | '#' | '!' | '?'))
}

/// Characters an OCR or a hand makes of a digit in a move number.
fn number_like(c: char) -> Option<bool> {
    if c.is_ascii_digit() {
        Some(true)
    } else if matches!(c, 'l' | 'I' | '|' | 'o' | 'O' | 'S' | 'Z' | 'z' | 'g') {
        Some(false)
    } else {
        None
    }
}

impl Sheet {
    /// The words of the movetext that starts at byte `start` of `text`.
    pub fn from_movetext(text: &str, start: usize) -> Sheet {
        let mut words = Vec::new();
        let mut cur: Option<Word> = None;
        let body = text.get(start..).unwrap_or("");
        let mut it = body.char_indices().peekable();
        let mut line_start = true;
        let flush = |cur: &mut Option<Word>, words: &mut Vec<Word>, end: usize| {
            if let Some(mut w) = cur.take() {
                w.bytes.push(end);
                let s: String = w.chars.iter().collect();
                w.ignorable = is_ignorable(&s);
                words.push(w);
            }
        };
        while let Some((i, c)) = it.next() {
            let at = start + i;
            let was_line_start = line_start;
            line_start = c == '\n';
            match c {
                '%' if was_line_start => {
                    for (_, c) in it.by_ref() {
                        if c == '\n' {
                            line_start = true;
                            break;
                        }
                    }
                }
                '{' => {
                    flush(&mut cur, &mut words, at);
                    for (_, c) in it.by_ref() {
                        if c == '}' {
                            break;
                        }
                    }
                }
                ';' => {
                    flush(&mut cur, &mut words, at);
                    for (_, c) in it.by_ref() {
                        if c == '\n' {
                            line_start = true;
                            break;
                        }
                    }
                }
                '(' => {
                    flush(&mut cur, &mut words, at);
                    let mut depth = 1u32;
                    while depth > 0 {
                        match it.next() {
                            Some((_, '(')) => depth += 1,
                            Some((_, ')')) => depth -= 1,
                            Some((_, '{')) => {
                                for (_, c) in it.by_ref() {
                                    if c == '}' {
                                        break;
                                    }
                                }
                            }
                            Some(_) => {}
                            None => break,
                        }
                    }
                }
                '$' => {
                    flush(&mut cur, &mut words, at);
                    while it.peek().is_some_and(|(_, c)| c.is_ascii_digit()) {
                        it.next();
                    }
                }
                c if c.is_whitespace() => flush(&mut cur, &mut words, at),
                c => {
                    let w = cur.get_or_insert_with(|| Word {
                        chars: Vec::new(),
                        bytes: Vec::new(),
                        ignorable: false,
                    });
                    w.chars.push(c);
                    w.bytes.push(at);
                }
            }
        }
        flush(&mut cur, &mut words, text.len());
        while words
            .last()
            .is_some_and(|w| is_result(&w.chars.iter().collect::<String>()))
        {
            words.pop();
        }
        let mut sheet = Sheet {
            words,
            repeats: Vec::new(),
        };
        sheet.repeats = (0..sheet.words.len() as u32)
            .map(|w| {
                let at = sheet.move_start(w)?;
                sheet.find_repeat(Cursor { word: w, at })
            })
            .collect();
        sheet
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn word(&self, c: Cursor) -> Option<&Word> {
        self.words.get(c.word as usize)
    }

    /// The written characters from `c` to the end of its word.
    pub fn rest(&self, c: Cursor) -> &[char] {
        self.word(c)
            .and_then(|w| w.chars.get(c.at as usize..))
            .unwrap_or(&[])
    }

    /// Whether the word at `c` may hold moves: one longer than [`MOST_CHARS`] is text that
    /// could not be read, only ever set aside.
    pub fn readable(&self, c: Cursor) -> bool {
        self.word(c).is_some_and(|w| w.chars.len() <= MOST_CHARS)
    }

    pub fn done(&self, c: Cursor) -> bool {
        c.word as usize >= self.words.len()
    }

    /// A move number at `c` (`12.`, `l.` for `1.`, `9` before a move, `12...`): its length
    /// in characters and the cost of reading it.
    pub fn number_at(&self, c: Cursor) -> Option<(u32, f32)> {
        let rest = self.rest(c);
        let mut digits = 0;
        let mut clean = true;
        while let Some(d) = rest.get(digits).and_then(|&ch| number_like(ch)) {
            clean &= d;
            digits += 1;
        }
        if digits == 0 {
            return None;
        }
        let mut end = digits;
        while rest
            .get(end)
            .is_some_and(|&ch| matches!(ch, '.' | '…' | ')' | ','))
        {
            end += 1;
        }
        if end > digits {
            return Some((end as u32, if clean { 0.0 } else { NUMBER_SLIP }));
        }
        // Digits glued to a move without a dot (`9Cbd2`, `44e5`): only real digits, followed
        // by a letter, and never castling written with zeros.
        let next = rest.get(digits).copied();
        if clean && next.is_some_and(|ch| ch.is_alphabetic()) && rest.first() != Some(&'0') {
            return Some((digits as u32, NUMBER_SLIP));
        }
        None
    }

    /// The move number written just before a settled cursor, in plain digits: its value and
    /// whether it announces Black's move (`12...`).
    pub fn number_before(&self, c: Cursor) -> Option<(u32, bool)> {
        let parse = |chars: &[char]| -> Option<(u32, bool)> {
            let digits: String = chars.iter().take_while(|c| c.is_ascii_digit()).collect();
            let dots = chars.len() - digits.len();
            let black = chars.get(digits.len()..).is_some_and(|rest| {
                rest.iter().filter(|&&c| c == '.').count() >= 2 || rest.contains(&'…')
            });
            let _ = dots;
            Some((digits.parse().ok()?, black))
        };
        let w = self.word(c)?;
        if c.at > 0 {
            let (len, cost) = self.number_at(Cursor {
                word: c.word,
                at: 0,
            })?;
            if len != c.at || cost > 0.0 {
                return None;
            }
            return parse(w.chars.get(..len as usize)?);
        }
        let prev = self.words.get(c.word.checked_sub(1)? as usize)?;
        if !prev.ignorable || !prev.chars.first()?.is_ascii_digit() {
            return None;
        }
        parse(&prev.chars)
    }

    /// Move `c` past move numbers, ignorable words and the end of a word: to where the next
    /// move's text starts. Returns the cursor and the cost of the numbers read through slips.
    pub fn settle(&self, mut c: Cursor) -> (Cursor, f32) {
        let mut cost = 0.0;
        loop {
            let Some(w) = self.word(c) else {
                return (c, cost);
            };
            if c.at as usize >= w.chars.len() || (c.at == 0 && w.ignorable) {
                c = Cursor {
                    word: c.word + 1,
                    at: 0,
                };
                continue;
            }
            if let Some((len, k)) = self.number_at(c) {
                c.at += len;
                cost += k;
                continue;
            }
            return (c, cost);
        }
    }

    /// The text from a settled cursor to the end of its word, set aside as a stray word or a
    /// word written twice: where the next move starts then, the cost, and why.
    pub fn skip(&self, c: Cursor) -> Option<(Cursor, f32, &'static str)> {
        let w = self.word(c)?;
        let text = w.text(c.at as usize, w.chars.len());
        let prev = c
            .word
            .checked_sub(1)
            .and_then(|p| self.words.get(p as usize))
            .map(|p| p.text(0, p.chars.len()));
        let twice = prev.is_some_and(|p| p.ends_with(&text) && text.chars().count() >= 2);
        let (next, k) = self.settle(Cursor {
            word: c.word + 1,
            at: 0,
        });
        // A long stray word is less likely than a short one (a stray mark, a letter).
        let len = text.chars().count() as f32;
        let cost = if twice {
            TWICE
        } else if c.at > 0
            && self
                .number_at(Cursor {
                    word: c.word,
                    at: 0,
                })
                .map(|n| n.0)
                != Some(c.at)
        {
            // The end of a word: stray characters after a move.
            (super::slips::STRAY * len).min(STRAY_WORD)
        } else {
            STRAY_WORD + 0.1 * len.min(6.0)
        };
        Some((
            next,
            cost + k,
            if twice { "written_twice" } else { "stray_word" },
        ))
    }

    /// The words written from `from` up to the last word that holds a move before `to`, as
    /// written (a run of moves set aside, with their numbers).
    pub fn span(&self, from: Cursor, to: Cursor) -> String {
        let last = self.last_move_word(from, to);
        let mut out = String::new();
        for w in from.word..=last {
            let Some(word) = self.words.get(w as usize) else {
                break;
            };
            if !out.is_empty() {
                out.push(' ');
            }
            let at = if w == from.word { from.at as usize } else { 0 };
            out.push_str(&word.text(at, word.chars.len()));
        }
        out
    }

    /// The last word from `from` up to `to` (not included) that holds a move: where a run
    /// set aside ends, the move numbers after it belonging to the move read next.
    pub fn last_move_word(&self, from: Cursor, to: Cursor) -> u32 {
        (from.word..to.word.min(self.words.len() as u32))
            .rev()
            .find(|&w| self.move_start(w).is_some())
            .unwrap_or(from.word)
    }

    /// Where the move written in word `w` starts (after a move number glued to it), unless
    /// the word holds no move.
    fn move_start(&self, w: u32) -> Option<u32> {
        let word = self.words.get(w as usize)?;
        if word.ignorable {
            return None;
        }
        let at = match self.number_at(Cursor { word: w, at: 0 }) {
            Some((len, 0.0)) => len,
            _ => 0,
        };
        ((at as usize) < word.chars.len()).then_some(at)
    }

    /// A run of moves written again (a writer who lost the place copies the last row or two
    /// once more): when the [`REPEAT_MIN`] to [`REPEAT_MAX`] moves written from the settled
    /// cursor `c` are, marks aside, the same words as the moves just before it, where the
    /// next move starts after them and the cost of setting them aside.
    pub fn repeat(&self, c: Cursor) -> Option<(Cursor, f32)> {
        if self.move_start(c.word) != Some(c.at) {
            return None;
        }
        self.repeats.get(c.word as usize).copied().flatten()
    }

    fn find_repeat(&self, c: Cursor) -> Option<(Cursor, f32)> {
        let plain = |w: u32| -> Option<String> {
            let at = self.move_start(w)?;
            let word = self.words.get(w as usize)?;
            Some(
                word.text(at as usize, word.chars.len())
                    .trim_end_matches(['+', '#', '!', '?'])
                    .to_string(),
            )
        };
        let mut before = Vec::with_capacity(REPEAT_MAX);
        let mut w = c.word;
        while before.len() < REPEAT_MAX && w > 0 {
            w -= 1;
            if let Some(t) = plain(w) {
                before.push(t);
            }
        }
        let mut after = Vec::with_capacity(REPEAT_MAX);
        let mut ends = Vec::with_capacity(REPEAT_MAX);
        let mut w = c.word;
        while after.len() < REPEAT_MAX && (w as usize) < self.words.len() {
            if let Some(t) = plain(w) {
                after.push(t);
                ends.push(w);
            }
            w += 1;
        }
        let k = (REPEAT_MIN..=after.len().min(before.len()))
            .rev()
            .find(|&k| (0..k).all(|i| after.get(i) == before.get(k - 1 - i)))?;
        let last = *ends.get(k - 1)?;
        let (next, more) = self.settle(Cursor {
            word: last + 1,
            at: 0,
        });
        Some((next, TWICE + REPEAT_EACH * (k - 1) as f32 + more))
    }
}

/// The longest word read as moves. No move is longer than 20 characters in any notation or
/// language with its number and the slips a reading allows (`123...Pe7xd8=D+!?` is 17, and
/// a reading ends at [`super::search::MAX_READ`], three or four stray characters); 40 leaves
/// room for two moves of the long notation run together with their numbers
/// (`12.Cg1xf3+Cb8xc6+13.Ce4xd6` is 26; the longest of the synthetic sheets 15). A longer
/// word is set aside at once: reading it would cost the search a row of the slip distance a
/// character, at every place in it.
pub const MOST_CHARS: usize = 40;

/// The fewest and the most moves of a run written again that are set aside as one.
pub const REPEAT_MIN: usize = 2;
pub const REPEAT_MAX: usize = 6;
/// What each move of a run written again costs beyond the first.
pub const REPEAT_EACH: f32 = 0.15;

/// A move written twice (the rest of the sheet shifted by a ply).
pub const TWICE: f32 = 0.8;
/// A word that stands for no move.
pub const STRAY_WORD: f32 = 1.4;

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        Sheet::from_movetext(s, 0)
            .words
            .iter()
            .map(|w| w.chars.iter().collect())
            .collect()
    }

    #[test]
    fn words_and_what_is_set_aside() {
        assert_eq!(
            words("1.e4 e5 ; note\n2.Cf3 {a (comment)} $1 Cc6 (2...d6 3.d4 (3.Bc4)) 3.Ab5 *"),
            ["1.e4", "e5", "2.Cf3", "Cc6", "3.Ab5"]
        );
        assert_eq!(words("11.Rb1l (=)"), ["11.Rb1l"]);
    }

    #[test]
    fn numbers_through_slips() {
        let s = Sheet::from_movetext("l.e4e52.Cf3 9 Cbd2 44e5 0-0 6. exd6 e.p.", 0);
        let (c, k) = s.settle(Cursor::default());
        assert_eq!((c, k), (Cursor { word: 0, at: 2 }, NUMBER_SLIP));
        assert_eq!(s.number_at(Cursor { word: 0, at: 4 }), None);
        assert_eq!(s.number_at(Cursor { word: 0, at: 6 }), Some((2, 0.0)));
        // `9` alone is a word to pass over; `44e5` a number glued to its move.
        assert_eq!(
            s.settle(Cursor { word: 1, at: 0 }).0,
            Cursor { word: 2, at: 0 }
        );
        assert_eq!(
            s.number_at(Cursor { word: 3, at: 0 }),
            Some((2, NUMBER_SLIP))
        );
        assert_eq!(s.number_at(Cursor { word: 4, at: 0 }), None);
        assert!(s.words[7].ignorable);
    }

    #[test]
    fn a_word_written_twice_costs_less_than_a_stray_one() {
        let s = Sheet::from_movetext("1.e4 e5 e5 2.Cf3 zz Cc6", 0);
        let twice = s.skip(Cursor { word: 2, at: 0 }).unwrap();
        assert_eq!(twice.2, "written_twice");
        assert_eq!(twice.0, Cursor { word: 3, at: 2 });
        let stray = s.skip(Cursor { word: 4, at: 0 }).unwrap();
        assert_eq!(stray.2, "stray_word");
        assert!(stray.1 > twice.1);
    }

    #[test]
    fn rows_written_again() {
        let s = Sheet::from_movetext(
            "21. g3 Kf6 22. Kg2 Bd6+\n23. g3 Kf6\n24. Kg2 Bd6\n25. Kh3 Bd5",
            0,
        );
        // From `23. g3`: four moves, the marks aside, are the four before them.
        let (next, cost) = s.repeat(Cursor { word: 7, at: 0 }).unwrap();
        assert_eq!(next, Cursor { word: 13, at: 0 });
        assert!((cost - (TWICE + 3.0 * REPEAT_EACH)).abs() < 1e-6);
        assert_eq!(
            s.span(Cursor { word: 7, at: 0 }, next),
            "g3 Kf6 24. Kg2 Bd6"
        );
        // Nowhere else: a single word again is `skip`'s, and moves are not a run.
        for w in [1, 2, 4, 5, 8, 10, 11, 13, 14] {
            assert_eq!(s.repeat(Cursor { word: w, at: 0 }), None, "{w}");
        }
        assert_eq!(s.repeat(Cursor { word: 7, at: 1 }), None);
    }
}
