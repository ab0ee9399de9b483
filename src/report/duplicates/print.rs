//! The printers of the duplicate groups: text, JSON Lines, CSV.

use std::io::{self, Write};

use super::Group;

/// Columns of the duplicates CSV: one row per copy.
pub const CSV_HEADER: [&str; 10] = [
    "group",
    "moves_hash",
    "plies",
    "copies",
    "copy",
    "file",
    "game",
    "offset",
    "line",
    "conflicts",
];

fn name(names: &[String], id: u32) -> &str {
    names.get(id as usize).map_or("?", String::as_str)
}

impl Group {
    /// The group as text: a heading line, then one line per copy.
    pub fn write_text<W: Write>(
        &self,
        number: u64,
        names: &[String],
        out: &mut W,
    ) -> io::Result<()> {
        let conflicts = if self.conflicts.is_empty() {
            String::new()
        } else {
            format!("; the copies disagree on {}", self.conflicts.join(", "))
        };
        writeln!(
            out,
            "duplicate group {number}: {} copies of the same {} plies (moves {}){conflicts}",
            self.copies.len(),
            self.plies,
            self.hash_hex()
        )?;
        for c in &self.copies {
            writeln!(
                out,
                "  {}:{}: game {} (byte {})",
                name(names, c.file_id),
                c.line,
                c.game,
                c.offset
            )?;
        }
        Ok(())
    }

    /// The group as one JSON line: `{"duplicates": {...}}`, apart from game records.
    pub fn write_json<W: Write>(
        &self,
        number: u64,
        names: &[String],
        out: &mut W,
    ) -> io::Result<()> {
        let copies: Vec<serde_json::Value> = self
            .copies
            .iter()
            .map(|c| {
                serde_json::json!({
                    "file": name(names, c.file_id),
                    "game": c.game,
                    "offset": c.offset,
                    "line": c.line,
                })
            })
            .collect();
        let v = serde_json::json!({
            "duplicates": {
                "group": number,
                "moves_hash": self.hash_hex(),
                "plies": self.plies,
                "conflicts": self.conflicts,
                "copies": copies,
            }
        });
        serde_json::to_writer(&mut *out, &v)?;
        out.write_all(b"\n")
    }

    /// The group as CSV rows under [`CSV_HEADER`], one per copy.
    pub fn write_csv<W: Write>(
        &self,
        number: u64,
        names: &[String],
        out: &mut W,
    ) -> io::Result<()> {
        let (number, hash, plies, n) = (
            number.to_string(),
            self.hash_hex(),
            self.plies.to_string(),
            self.copies.len().to_string(),
        );
        let conflicts = self.conflicts.join(" ");
        for (i, c) in self.copies.iter().enumerate() {
            crate::report::games::write_row(
                out,
                &[
                    number.as_str(),
                    &hash,
                    &plies,
                    &n,
                    &(i + 1).to_string(),
                    name(names, c.file_id),
                    &c.game.to_string(),
                    &c.offset.to_string(),
                    &c.line.to_string(),
                    &conflicts,
                ],
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::duplicates::Copy;

    fn group() -> Group {
        let copy = |file_id, game| Copy {
            file_id,
            game,
            offset: game * 100,
            line: game * 10,
            plies: 4,
        };
        Group {
            plies: 4,
            moves_hash: 0xab,
            copies: vec![copy(0, 1), copy(1, 2)],
            conflicts: vec!["White", "Result"],
        }
    }

    #[test]
    fn each_printer_names_every_copy() {
        let names = ["a.pgn".to_string(), "b, c.pgn".to_string()];
        let g = group();
        let mut text = Vec::new();
        g.write_text(3, &names, &mut text).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            format!(
                "duplicate group 3: 2 copies of the same 4 plies (moves {:032x}); the copies disagree on White, Result\n  a.pgn:10: game 1 (byte 100)\n  b, c.pgn:20: game 2 (byte 200)\n",
                0xab
            )
        );
        let mut json = Vec::new();
        g.write_json(3, &names, &mut json).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(v["duplicates"]["copies"][1]["file"], "b, c.pgn");
        assert_eq!(v["duplicates"]["conflicts"][0], "White");
        let mut csv = Vec::new();
        g.write_csv(3, &names, &mut csv).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        assert_eq!(csv.lines().count(), 2);
        assert!(csv.contains("\"b, c.pgn\""), "{csv}");
        // A file id with no name is printed, not a panic.
        let mut out = Vec::new();
        g.write_text(1, &[], &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("  ?:10: game 1"));
    }
}
