#![doc = include_str!("../../grammar/record.md")]
//!
//! # The printer
//!
//! The object is [`GameRecord`] serialised as is.
//!
//! ```
//! use scoresheet::replay::{validate_text, Options};
//! use scoresheet::report::{jsonl::Jsonl, Sink};
//! let rec = validate_text("1. e4 e5 *", &Options::default());
//! let mut out = Vec::new();
//! Jsonl.record(&mut out, &rec).unwrap();
//! let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
//! assert_eq!(v["plies"], 2);
//! assert_eq!(v["status"], "ok");
//! ```

use std::io::{self, Write};

use super::Sink;
use crate::replay::GameRecord;

/// One JSON object per game, ended by a line feed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Jsonl;

impl Sink for Jsonl {
    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()> {
        serde_json::to_writer(&mut *out, r)?;
        out.write_all(b"\n")
    }
}
