//! The records of one stream of games, for programs that read games from anywhere.

use std::io::BufRead;

use crate::{
    error::Error,
    notation::split::GameSplitter,
    replay::{validate, GameRecord, Options},
};

/// An iterator over the records of the games of one reader, in order, replayed on the
/// calling thread. A read error ends it, after one `Err` naming where.
///
/// ```
/// use scoresheet::bulk::records;
/// use scoresheet::replay::Options;
/// let text = "[White \"Rossi\"]\n\n1. e4 e5 2. Cf3 Cc6 *\n\n1. d4 d5 *\n";
/// let statuses: Vec<String> = records(text.as_bytes(), "club.pgn", Options::default())
///     .map(|r| r.unwrap().status.to_string())
///     .collect();
/// assert_eq!(statuses, ["ok", "ok"]);
/// ```
pub fn records<R: BufRead>(reader: R, file: &str, options: Options) -> Records<R> {
    Records {
        games: GameSplitter::new(reader),
        file: file.to_string(),
        options,
        failed: false,
    }
}

/// See [`records`].
pub struct Records<R> {
    games: GameSplitter<R>,
    file: String,
    options: Options,
    failed: bool,
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<GameRecord, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.games.next()? {
            Ok(raw) => Some(Ok(validate(&raw, &self.file, &self.options))),
            Err(e) => {
                self.failed = true;
                let line = self.games.lines_read() + 1;
                let offset = self.games.offset();
                let mut e = Error::read(self.file.clone(), e);
                e.line = Some(line);
                e.byte = Some(offset);
                Some(Err(e))
            }
        }
    }
}
