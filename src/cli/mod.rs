//! The command line as a library function, [`main`], behind the default `cli` feature: one file
//! per subcommand, the flags they share declared once (`common`), and nothing but wiring —
//! every decision is the library's.

/// `eprintln!` that never panics: standard error may be a pipe its reader has closed
/// (`2>&1 | head`), and a message that cannot be written is no reason to stop a run, let
/// alone to panic; the run ends by its own rules (a closed standard output: status 141).
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// The finding kinds `--only`, `--skip` and `--fail-on` take, in the README's order (a test
/// checks them against `finding::Kind::ALL`).
macro_rules! finding_kinds {
    () => {
        "unreadable_move, illegal_move, ambiguous_move, notation, move_number, structure, null_move, draw_offer, invalid_fen, unsupported_variant, oversized_game, threefold, fivefold, fifty_moves, seventy_five_moves, checkmate, stalemate, dead_position, moves_after_end, result_mismatch, early_draw, repaired_move"
    };
}

/// The language codes the language flags take (a test checks them against
/// `grammar/languages.csv`).
macro_rules! language_codes {
    () => {
        "`it`, `en`, `es`, `fr`, `pt`, `de`, `nl`, `da`, `no`, `sv`, `fi`, `is`, `pl`, `cs`, `hu`, `ro`, `eo`, `et`, `ru`, `figurine`"
    };
}

mod archives;
mod common;
mod convert;
mod envelope;
mod generate;
mod position;
mod reconcile;
mod validate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "scoresheet",
    version,
    about = "Reads chess games as players and arbiters write them, replays them under the FIDE Laws, and says what is wrong with them"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay every game and report, per game, what is wrong with it.
    ///
    /// Exit status: 0 when no game is bad, 1 when some game is bad (by default: has a
    /// reported finding of error severity; with --fail-on: has a reported finding of one of
    /// its kinds), 2 for usage or I/O errors (an unreadable file: the other files are still
    /// validated) and when no game was read at all, 130 when interrupted, 141 when the reader
    /// of the output closed it (`| head`; quietly, as a Unix tool ended by SIGPIPE; so for
    /// every command). Output files (-o, the split and duplicates files) are replaced only
    /// when the status is 0 or 1.
    Validate(validate::ValidateArgs),
    /// Write every game as PGN in export format: standard English PGN from any language
    /// and notation (default), or another language's letters, long algebraic or UCI.
    ///
    /// Exit status: 0 when every game was converted whole, 1 when some game was not (written
    /// up to its last good move with the rest in a comment, or left out with --strict), 2
    /// for usage or I/O errors and when no game was read at all, 141 when the reader of the
    /// output closed it. The -o file is replaced only when the status is 0 or 1.
    Convert(convert::ConvertArgs),
    /// Judge positions under the Laws: legal or not, whose move, checkmate, stalemate, dead
    /// (Art. 5.2.2, with the CHA solver's full search) and which side cannot mate (Art. 6.9),
    /// with a short helpmate line in SAN for each side that can.
    ///
    /// With no FEN and no --sp, reads one FEN per line from standard input. Exit status: 0,
    /// or 2 when a FEN is not a legal position or on usage errors.
    Position(position::PositionArgs),
    /// Audit adjourned-game envelopes (FIDE Guidelines I): every item of I.2, both
    /// scoresheets, the recorded position, the sealed move (I.8), and the verdict:
    /// sealer_loses, draw, sealer_wins or resume.
    ///
    /// Exit status: 0 when every envelope is complete and every check passes, 1 when a check
    /// fails (a defective sealed move, scoresheets that disagree, a flag that had fallen, ...),
    /// 2 when an envelope is malformed (missing item, bad FEN, unknown key) or unreadable.
    Envelope(envelope::EnvelopeArgs),
    /// Read both players' scoresheets of one game together and write the game they agree
    /// on: every ply decided from both texts and legality (one copy unreadable or illegal,
    /// a move left out or written twice, or both legal but different: reported for the
    /// arbiter). Two archive copies (PGN games with tags, or --copies archive) are compared
    /// move by move instead: every stretch where they differ is reported with both readings;
    /// --archives A B pairs the games of two whole archives and does so for every pair.
    ///
    /// Exit status: 0 when both copies agree everywhere, 1 when anything was decided or
    /// remains open, 2 on usage errors.
    Reconcile(reconcile::ReconcileArgs),
    /// Decode an OCR engine's per-ply candidate readings (JSON Lines, one or two copies; see
    /// grammar/decode.md) into the most likely legal game, with a confidence per ply and the
    /// plies a person should look at (one JSON object).
    ///
    /// Exit status: 0 when every ply is sure (confidence 0.9 or more), 1 when some ply should
    /// be looked at, 2 on usage or I/O errors.
    Decode(reconcile::DecodeArgs),
    /// Write the man page (`man`) or the completions of a shell (`complete-bash`,
    /// `complete-zsh`, `complete-fish`, `complete-powershell`) to standard output, made from
    /// this program's own flags.
    ///
    /// Exit status: 0, 2 when standard output cannot be written.
    Generate(generate::GenerateArgs),
}

/// Parses the process's command line, runs the subcommand and returns its exit status (see
/// each subcommand's `--help`): what `src/main.rs` calls.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Position(args) => position::run(args),
        Command::Envelope(args) => envelope::run(args),
        Command::Reconcile(args) => reconcile::reconcile_cmd(args),
        Command::Decode(args) => reconcile::decode_cmd(args),
        Command::Generate(args) => generate::run(args),
    }
}
