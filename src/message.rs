//! A message as data: the id of its template in the catalogues (`grammar/messages/*.toml`)
//! and its arguments. A finding that carries one is written in each language by that
//! language's catalogue when it is printed (English too); nothing reads a message's words
//! back.
//!
//! ```
//! use scoresheet::message::Message;
//! use scoresheet::i18n::ReportLang;
//! let m = Message::new("checkmate").word("side", "Black").word("winner", "White");
//! assert_eq!(m.render(ReportLang::En), "Black is checkmated: White wins");
//! assert_eq!(m.render(ReportLang::It), "il Nero ha subito scaccomatto: vince il Bianco");
//! ```

/// One argument of a message.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Arg {
    /// Written as it is in every language: a move, a square, a number.
    Text(String),
    /// A word of the table the template names for this argument, by its key (`White`,
    /// `knight`, `checkmate`), written as each catalogue's table says it.
    Word(&'static str),
    /// A message of its own, written in the same language.
    Msg(Box<Message>),
    /// Already written in each language, English first (an envelope's sentence, a move in
    /// each notation): the language being written picks its own.
    Written(Box<[String; 2]>),
}

/// A catalogue message: its id and its arguments by name.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// With an argument written as it is.
    pub fn text(mut self, name: &'static str, value: impl ToString) -> Message {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// With an argument that is a word of a table.
    pub fn word(mut self, name: &'static str, key: &'static str) -> Message {
        self.args.push((name, Arg::Word(key)));
        self
    }

    /// With an argument as it is given.
    pub fn arg(mut self, name: &'static str, value: Arg) -> Message {
        self.args.push((name, value));
        self
    }

    /// With an argument that is a message of its own.
    pub fn msg(mut self, name: &'static str, inner: Message) -> Message {
        self.args.push((name, Arg::Msg(Box::new(inner))));
        self
    }

    /// With an argument already written in each language, English and Italian.
    pub fn both(mut self, name: &'static str, en: impl ToString, it: impl ToString) -> Message {
        self.args.push((
            name,
            Arg::Written(Box::new([en.to_string(), it.to_string()])),
        ));
        self
    }

    /// With an argument that is a finding's message, as each language's report says it
    /// (nothing when there is no finding).
    pub fn msg_of(self, name: &'static str, f: Option<&crate::finding::Finding>) -> Message {
        use crate::i18n::{finding_message, ReportLang};
        let said = |lang| f.map(|f| finding_message(f, lang)).unwrap_or_default();
        self.both(name, said(ReportLang::En), said(ReportLang::It))
    }

    /// Two clauses, `first; rest` (the catalogue's `clauses`).
    pub fn then(self, rest: Message) -> Message {
        Message::new("clauses").msg("first", self).msg("rest", rest)
    }

    /// The message in `lang`, by its catalogue.
    pub fn render(&self, lang: crate::i18n::ReportLang) -> String {
        crate::i18n::render_message(self, lang)
    }
}
