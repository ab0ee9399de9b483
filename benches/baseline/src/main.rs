//! Baseline validator: pgn-reader's streaming reader and shakmaty's rules, in the pattern of
//! pgn-reader's `validate` (one thread) and `parallel_validate` (a reader thread handing games
//! to N validating threads) examples. Written for the comparison in `benches/compare.sh`.
//!
//! Usage: pgn-reader-baseline [--threads N] FILE...
//! Prints one line on standard error: `games=G plies=P errors=E bytes=B seconds=S`.

use std::{
    env,
    fs::File,
    io,
    ops::ControlFlow,
    sync::{mpsc, Arc, Mutex},
    time::Instant,
};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Position};

/// A game as the reader hands it over: its FEN tag (if any) and its mainline SANs.
struct Game {
    fen: Option<Vec<u8>>,
    sans: Vec<San>,
}

/// Replays a game: the number of plies played and whether every move was legal.
fn replay(fen: Option<&[u8]>, sans: &[San]) -> (u64, bool) {
    let mut pos: Chess = match fen {
        None => Chess::default(),
        Some(f) => match Fen::from_ascii(f)
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Chess960).ok())
        {
            Some(p) => p,
            None => return (0, false),
        },
    };
    for (i, san) in sans.iter().enumerate() {
        match san.to_move(&pos) {
            Ok(m) => pos.play_unchecked(m),
            Err(_) => return (i as u64, false),
        }
    }
    (sans.len() as u64, true)
}

/// Single thread: validates while reading, like pgn-reader's `validate` example.
struct Inline {
    plies: u64,
}

impl Visitor for Inline {
    type Tags = Option<Chess>;
    type Movetext = (Chess, bool);
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            match Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok())
            {
                Some(p) => *tags = Some(p),
                None => return ControlFlow::Break(false),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<bool, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), true))
    }

    fn san(&mut self, movetext: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> bool {
        movetext.1
    }
}

/// Several threads: the reader only collects SANs, like pgn-reader's `parallel_validate`.
struct Collect;

impl Visitor for Collect {
    type Tags = Option<Vec<u8>>;
    type Movetext = Game;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Game, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        if name == b"FEN" {
            *tags = Some(value.as_bytes().to_vec());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Game, Game> {
        ControlFlow::Continue(Game {
            fen: tags,
            sans: Vec::with_capacity(80),
        })
    }

    fn san(&mut self, movetext: &mut Game, san_plus: SanPlus) -> ControlFlow<Game> {
        movetext.sans.push(san_plus.san);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Game) -> Game {
        movetext
    }
}

#[derive(Default)]
struct Totals {
    games: u64,
    plies: u64,
    errors: u64,
}

fn run_inline(file: File, t: &mut Totals) -> io::Result<()> {
    let mut v = Inline { plies: 0 };
    let mut reader = Reader::new(file);
    while let Some(ok) = reader.read_game(&mut v)? {
        t.games += 1;
        t.errors += u64::from(!ok);
    }
    t.plies += v.plies;
    Ok(())
}

fn run_parallel(file: File, threads: usize, t: &mut Totals) -> io::Result<()> {
    let (send, recv) = mpsc::sync_channel::<Game>(128);
    let recv = Arc::new(Mutex::new(recv));
    let shared = Arc::new(Mutex::new(Totals::default()));
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let recv = Arc::clone(&recv);
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                let mut local = Totals::default();
                loop {
                    let game = match recv.lock().unwrap().recv() {
                        Ok(g) => g,
                        Err(_) => break,
                    };
                    let (plies, ok) = replay(game.fen.as_deref(), &game.sans);
                    local.games += 1;
                    local.plies += plies;
                    local.errors += u64::from(!ok);
                }
                let mut s = shared.lock().unwrap();
                s.games += local.games;
                s.plies += local.plies;
                s.errors += local.errors;
            })
        })
        .collect();
    let mut reader = Reader::new(file);
    let mut result = Ok(());
    loop {
        match reader.read_game(&mut Collect) {
            Ok(Some(g)) => {
                if send.send(g).is_err() {
                    break;
                }
            }
            Ok(None) => break,
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    drop(send);
    for w in workers {
        w.join().expect("worker");
    }
    let s = shared.lock().unwrap();
    t.games += s.games;
    t.plies += s.plies;
    t.errors += s.errors;
    result
}

fn main() {
    let mut threads = 0usize;
    let mut files = Vec::new();
    let mut args = env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--threads" {
            threads = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
        } else {
            files.push(a);
        }
    }
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut bytes = 0u64;
    for f in &files {
        let file = match File::open(f) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{f}: {e}");
                std::process::exit(2);
            }
        };
        bytes += file.metadata().map(|m| m.len()).unwrap_or(0);
        let done = if threads == 0 {
            run_inline(file, &mut totals)
        } else {
            run_parallel(file, threads, &mut totals)
        };
        if let Err(e) = done {
            eprintln!("{f}: {e}");
            std::process::exit(2);
        }
    }
    eprintln!(
        "games={} plies={} errors={} bytes={} seconds={:.3}",
        totals.games,
        totals.plies,
        totals.errors,
        bytes,
        started.elapsed().as_secs_f64()
    );
}
