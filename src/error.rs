//! The library's error: what went wrong, and where — the file, the game, the byte and the
//! line it concerns, as far as they are known.
//!
//! Problems *in* a game (an illegal move, a broken comment) are not errors: they are
//! [`crate::finding::Finding`]s in the game's record. An [`Error`] is what stops the library
//! from reading or writing at all: a file that cannot be opened, a read that fails half-way,
//! an output that cannot be written.
//!
//! ```
//! use scoresheet::error::{Error, ErrorKind};
//! let e = Error::read("games.pgn", std::io::Error::other("disk on fire")).in_game(12, 3_000, 88);
//! assert_eq!(e.kind(), ErrorKind::Read);
//! assert_eq!(e.to_string(), "games.pgn: game 12 (line 88, byte 3000): disk on fire");
//! ```

use std::{fmt, io};

/// What kind of thing failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// An input could not be opened or read.
    Read,
    /// An output could not be written; [`Error::is_broken_pipe`] tells whether its reader
    /// simply closed it (`| head`).
    Write,
    /// The request itself cannot be carried out (options that do not go together).
    Usage,
}

/// An error of the library, with the position it concerns.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
    /// The input or output file (as named by the caller; `-` for standard input).
    pub file: Option<String>,
    /// 1-based number of the game in its file.
    pub game: Option<u64>,
    /// Byte offset of the game's first character.
    pub byte: Option<u64>,
    /// 1-based line of the game's first character.
    pub line: Option<u64>,
    source: io::Error,
}

impl Error {
    /// An input that could not be opened or read.
    pub fn read(file: impl Into<String>, source: io::Error) -> Error {
        Error::new(ErrorKind::Read, Some(file.into()), source)
    }

    /// An output that could not be written (`what` names it, as it is said: `writing the
    /// report`, or a file name).
    pub fn write(what: impl Into<String>, source: io::Error) -> Error {
        let what: String = what.into();
        Error::new(ErrorKind::Write, (!what.is_empty()).then_some(what), source)
    }

    /// Options that do not go together.
    pub fn usage(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Usage, None, io::Error::other(message.into()))
    }

    fn new(kind: ErrorKind, file: Option<String>, source: io::Error) -> Error {
        Error {
            kind,
            file,
            game: None,
            byte: None,
            line: None,
            source,
        }
    }

    /// The same error, placed at a game of its file.
    pub fn in_game(mut self, game: u64, byte: u64, line: u64) -> Error {
        self.game = Some(game);
        self.byte = Some(byte);
        self.line = Some(line);
        self
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The I/O error underneath.
    pub fn io(&self) -> &io::Error {
        &self.source
    }

    /// A write whose reader closed the pipe: the reader has seen enough, nothing is wrong.
    pub fn is_broken_pipe(&self) -> bool {
        self.kind == ErrorKind::Write && self.source.kind() == io::ErrorKind::BrokenPipe
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        if let Some(game) = self.game {
            write!(f, "game {game}")?;
            match (self.line, self.byte) {
                (Some(l), Some(b)) => write!(f, " (line {l}, byte {b})")?,
                (Some(l), None) => write!(f, " (line {l})")?,
                (None, Some(b)) => write!(f, " (byte {b})")?,
                (None, None) => {}
            }
            write!(f, ": ")?;
        }
        write!(f, "{}", self.source)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl From<Error> for io::Error {
    fn from(e: Error) -> io::Error {
        io::Error::new(e.source.kind(), e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_where() {
        let e = Error::write("writing the report", io::ErrorKind::BrokenPipe.into());
        assert!(e.is_broken_pipe());
        assert!(e.to_string().starts_with("writing the report: "));
        let e = Error::read("a.pgn", io::Error::other("gone"));
        assert_eq!(e.to_string(), "a.pgn: gone");
        assert!(!e.is_broken_pipe());
        let e = Error::usage("--summary goes with --format csv");
        assert_eq!(e.kind(), ErrorKind::Usage);
        assert_eq!(e.to_string(), "--summary goes with --format csv");
        let e = Error::read("b.pgn", io::Error::other("bad")).in_game(2, 10, 3);
        assert_eq!(e.to_string(), "b.pgn: game 2 (line 3, byte 10): bad");
        assert!(std::error::Error::source(&e).is_some());
    }
}
