//! Whole files of arbitrary bytes through `convert`: splitting, replay and the PGN writer
//! (comments, variations, unconverted rests). The output of a game must read back as exactly
//! one game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::{
    export::{convert_game, ConvertOptions},
    notation::split::GameSplitter,
};

fuzz_target!(|data: &[u8]| {
    let opts = ConvertOptions::default();
    for game in GameSplitter::new(data) {
        let game = game.expect("reading from memory cannot fail");
        let converted = convert_game(&game, "fuzz", &opts);
        let again: Vec<_> = GameSplitter::new(converted.pgn.as_bytes()).collect();
        assert_eq!(again.len(), 1, "{}", converted.pgn);
    }
});
