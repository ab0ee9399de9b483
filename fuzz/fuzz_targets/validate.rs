//! Whole files of arbitrary bytes: game splitting, decoding, replay, suggestions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::{
    notation::split::GameSplitter,
    replay::{validate, IllegalPolicy, LangChoice, Options},
};

fuzz_target!(|data: &[u8]| {
    let mut total = 0;
    for game in GameSplitter::new(data) {
        let game = game.expect("reading from memory cannot fail");
        total += game.bytes.len();
        for illegal in [IllegalPolicy::Stop, IllegalPolicy::Stands] {
            let opts = Options {
                lang: LangChoice::Auto,
                illegal,
                ..Options::default()
            };
            let record = validate(&game, "fuzz", &opts);
            assert!(record.plies as usize <= data.len());
        }
    }
    assert!(
        total == data.len() || total == 0,
        "every byte belongs to a game"
    );
});
