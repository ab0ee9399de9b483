//! Letters of other scripts that look like the Latin letters of chess notation
//! (`grammar/look_alikes.tsv`): a move that cannot be read and holds one is told which letter
//! it is, since on screen `Cе4xc3` (a Cyrillic `е`) and `Ce4xc3` are the same.
//!
//! ```ignore
//! use scoresheet::notation::look_alike::first_in;
//! let l = first_in("Cе4xc3").unwrap();
//! assert_eq!(l.code_point, "U+0435");
//! assert_eq!(l.name, "CYRILLIC SMALL LETTER IE");
//! assert_eq!(l.latin, 'e');
//! assert!(first_in("Ce4xc3").is_none());
//! ```

use std::sync::OnceLock;

const TABLE: &str = include_str!("../../grammar/look_alikes.tsv");

/// One letter of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookAlike {
    pub letter: char,
    /// `U+0435`.
    pub code_point: &'static str,
    /// The Unicode name, `CYRILLIC SMALL LETTER IE`.
    pub name: &'static str,
    /// The Latin letter it looks like.
    pub latin: char,
}

/// The table's rows (a test checks that every row reads).
pub fn table() -> &'static [LookAlike] {
    static ROWS: OnceLock<Vec<LookAlike>> = OnceLock::new();
    ROWS.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut cols = l.split('\t');
                let letter = single(cols.next()?)?;
                let code_point = cols.next()?;
                let name = cols.next()?;
                let latin = single(cols.next()?)?;
                Some(LookAlike {
                    letter,
                    code_point,
                    name,
                    latin,
                })
            })
            .collect()
    })
}

fn single(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// The first letter of `text` that only looks Latin.
pub fn first_in(text: &str) -> Option<LookAlike> {
    text.chars()
        .find_map(|c| table().iter().find(|l| l.letter == c).copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::languages::languages;

    #[test]
    fn every_row_reads_and_names_its_code_point() {
        let rows = TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(table().len(), rows);
        for l in table() {
            assert_eq!(l.code_point, format!("U+{:04X}", u32::from(l.letter)));
            assert!(l.latin.is_ascii_alphabetic(), "{l:?}");
            assert!(!l.letter.is_ascii(), "{l:?}");
        }
    }

    /// A letter some language writes its pieces with is read as written, never called a
    /// look-alike.
    #[test]
    fn no_piece_letter_of_any_language_is_in_the_table() {
        for lang in languages() {
            for letters in &lang.letters {
                for word in letters {
                    for c in word.chars() {
                        assert!(
                            table().iter().all(|l| l.letter != c),
                            "`{c}` is a piece letter in {}",
                            lang.name
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::notation::look_alike::first_in;
        let l = first_in("Cе4xc3").unwrap();
        assert_eq!(l.code_point, "U+0435");
        assert_eq!(l.name, "CYRILLIC SMALL LETTER IE");
        assert_eq!(l.latin, 'e');
        assert!(first_in("Ce4xc3").is_none());
    }
}
