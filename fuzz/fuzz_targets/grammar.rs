//! The grammar on arbitrary text: one written move, its readings, a whole movetext, tags.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::notation::{game::parse_game, moves, movetext, tags};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = moves::written_move(&text);
    let _ = moves::readings(&text);
    let _ = tags::tag_pairs(&text);
    let _ = tags::scoresheet_header(&text);
    let tokens = movetext::lex(&text);
    for t in &tokens {
        assert!(t.start <= t.end && t.end <= text.len());
    }
    let _ = parse_game(&text);
});
