//! Movetext layout in PGN export format: tokens left-justified on lines of fewer than 80
//! characters (PGN standard §8.2.1), one space between tokens, and lines of their own for `%`
//! escape lines and `;` comments.
//!
//! ```ignore
//! use scoresheet::export::layout::{Layout, MAX_LINE};
//! let mut l = Layout::default();
//! for i in 1..=40 {
//!     l.word(&format!("{i}."));
//!     l.word("Nf3");
//! }
//! let text = l.finish();
//! assert!(text.lines().all(|line| line.chars().count() <= MAX_LINE));
//! assert!(text.starts_with("1. Nf3 2. Nf3"));
//! ```

/// The longest movetext line written: "less than 80 printing characters".
pub const MAX_LINE: usize = 79;

/// How a token joins the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Join {
    /// A space, or a line break.
    Break,
    /// Nothing between them, and no line break unless the run of joined tokens is too long
    /// for a line (`(` and the move after it, a move and the `)` after it).
    Glue,
    /// A space, and no line break unless the run is too long for a line (a comment word
    /// that would make its line read as a scoresheet header if it began one).
    Tie,
}

#[derive(Debug, Clone)]
enum Seg {
    Token {
        text: String,
        chars: usize,
        join: Join,
    },
    /// A line of its own (`%` escape line, `;` comment).
    Line(String),
}

/// Collects movetext tokens, then lays them out.
#[derive(Debug, Default, Clone)]
pub struct Layout {
    segs: Vec<Seg>,
    glue_next: bool,
}

impl Layout {
    fn push(&mut self, text: &str, join: Join) {
        let join = if std::mem::take(&mut self.glue_next) {
            Join::Glue
        } else {
            join
        };
        self.segs.push(Seg::Token {
            text: text.to_string(),
            chars: text.chars().count(),
            join,
        });
    }

    /// A token after a space (or a line break).
    pub fn word(&mut self, text: &str) {
        self.push(text, Join::Break);
    }

    /// A token kept on the line of the token before, after a space.
    pub fn tied(&mut self, text: &str) {
        self.push(text, Join::Tie);
    }

    /// A token written right after the one before (`)`).
    pub fn glued(&mut self, text: &str) {
        self.push(text, Join::Glue);
    }

    /// The next token is written right after this one (`(`).
    pub fn glue_next(&mut self) {
        self.glue_next = true;
    }

    /// Append to the last token (a glyph after its move); false when there is none.
    pub fn append_to_last(&mut self, suffix: &str) -> bool {
        match self.segs.last_mut() {
            Some(Seg::Token { text, chars, .. }) => {
                text.push_str(suffix);
                *chars += suffix.chars().count();
                true
            }
            _ => false,
        }
    }

    /// A line of its own, starting in the first column.
    pub fn own_line(&mut self, line: &str) {
        self.glue_next = false;
        self.segs.push(Seg::Line(line.to_string()));
    }

    /// The laid-out movetext, each line ending with `\n`.
    pub fn finish(self) -> String {
        let mut out = String::new();
        let mut line = String::new();
        let mut line_chars = 0usize;
        let flush = |out: &mut String, line: &mut String, line_chars: &mut usize| {
            if !line.is_empty() {
                out.push_str(line);
                out.push('\n');
                line.clear();
                *line_chars = 0;
            }
        };
        let segs = self.segs;
        let mut i = 0;
        while i < segs.len() {
            let (text, chars) = match &segs[i] {
                Seg::Line(l) => {
                    flush(&mut out, &mut line, &mut line_chars);
                    out.push_str(l);
                    out.push('\n');
                    i += 1;
                    continue;
                }
                Seg::Token { text, chars, .. } => (text, *chars),
            };
            // The run of tokens joined to this one.
            let mut end = i + 1;
            let mut run = chars;
            while let Some(Seg::Token {
                chars: c, join: j, ..
            }) = segs.get(end)
            {
                match j {
                    Join::Break => break,
                    Join::Glue => run += c,
                    Join::Tie => run += c + 1,
                }
                end += 1;
            }
            if run <= MAX_LINE {
                if line_chars > 0 && line_chars + 1 + run > MAX_LINE {
                    flush(&mut out, &mut line, &mut line_chars);
                }
                if line_chars > 0 {
                    line.push(' ');
                    line_chars += 1;
                }
                line.push_str(text);
                line_chars += chars;
                for seg in &segs[i + 1..end] {
                    if let Seg::Token { text, chars, join } = seg {
                        if *join == Join::Tie {
                            line.push(' ');
                            line_chars += 1;
                        }
                        line.push_str(text);
                        line_chars += chars;
                    }
                }
            } else {
                // Too long for one line: break inside the run, token by token. A tied token
                // never begins a line while a token before it on the line may begin it
                // instead: the break moves back to the last token that is not tied.
                let mut starts: Vec<(usize, usize, Join)> = Vec::new();
                for (k, seg) in segs[i..end].iter().enumerate() {
                    if let Seg::Token { text, chars, join } = seg {
                        let join = if k == 0 { Join::Break } else { *join };
                        let space = usize::from(join != Join::Glue);
                        if line_chars > 0 && line_chars + space + chars > MAX_LINE {
                            let back = starts
                                .iter()
                                .rposition(|&(at, _, j)| at > 0 && j != Join::Tie)
                                .filter(|_| join == Join::Tie);
                            let carried = back.map(|b| {
                                let (at, at_chars, _) = starts[b];
                                let tail = line[at..].to_string();
                                line.truncate(at);
                                line.truncate(line.trim_end().len());
                                line_chars = at_chars;
                                tail
                            });
                            flush(&mut out, &mut line, &mut line_chars);
                            starts.clear();
                            if let Some(tail) = carried {
                                line_chars = tail.chars().count();
                                line = tail;
                                starts.push((0, 0, Join::Break));
                            }
                        }
                        if line_chars > 0 && space == 1 {
                            line.push(' ');
                            line_chars += 1;
                        }
                        starts.push((line.len(), line_chars, join));
                        line.push_str(text);
                        line_chars += chars;
                    }
                }
            }
            i = end;
        }
        flush(&mut out, &mut line, &mut line_chars);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glued_tokens_stay_together() {
        let mut l = Layout::default();
        for _ in 0..19 {
            l.word("abc");
        }
        l.word("(");
        l.glue_next();
        l.word("1...");
        l.word("c5");
        l.glued(")");
        let text = l.finish();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[1].starts_with("(1..."), "{text}");
        assert!(lines[1].ends_with("c5)"), "{text}");
    }

    #[test]
    fn a_tied_token_does_not_begin_a_line_after_a_long_word() {
        let mut l = Layout::default();
        l.word("{Not");
        l.word("converted");
        l.word(&"x".repeat(60));
        l.tied("Risultato:");
        l.word("1-0}");
        let text = l.finish();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[1].ends_with(" Risultato: 1-0}"), "{text}");
        assert!(
            lines.iter().all(|x| x.chars().count() <= MAX_LINE),
            "{text}"
        );
    }

    #[test]
    fn own_lines_and_limits() {
        let mut l = Layout::default();
        l.word("1.");
        l.word("e4");
        l.own_line("%escape");
        l.word("1...");
        l.word("e5");
        assert_eq!(l.finish(), "1. e4\n%escape\n1... e5\n");
        let mut l = Layout::default();
        for _ in 0..500 {
            l.glued(")");
        }
        let text = l.finish();
        assert!(text.lines().all(|x| x.chars().count() <= MAX_LINE));
        assert_eq!(text.matches(')').count(), 500);
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::export::layout::{Layout, MAX_LINE};
        let mut l = Layout::default();
        for i in 1..=40 {
            l.word(&format!("{i}."));
            l.word("Nf3");
        }
        let text = l.finish();
        assert!(text.lines().all(|line| line.chars().count() <= MAX_LINE));
        assert!(text.starts_with("1. Nf3 2. Nf3"));
    }
}
