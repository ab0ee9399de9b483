//! Piece letters of every notation language we read, from `grammar/languages.csv`.
//!
//! The table is data: one row per language, one column per piece, alternatives separated by
//! `|` (the first is the one we write). Every letter of every language forms one *alphabet*;
//! the grammar recognises a piece letter by its alphabet index, and only replay decides which
//! piece it stands for, because the same letter means different pieces in different languages
//! (`R`: a king in Italian, a rook in English, a knight in Finnish).
//!
//! ```
//! use scoresheet::notation::languages::{by_code, alphabet};
//! use shakmaty::Role;
//! let it = by_code("it").unwrap();
//! let r = alphabet().index_of("R").unwrap();
//! assert_eq!(it.role_of(r), Some(Role::King));
//! assert_eq!(by_code("en").unwrap().role_of(r), Some(Role::Rook));
//! ```

use std::sync::OnceLock;

use shakmaty::Role;

const TABLE: &str = include_str!("../../grammar/languages.csv");

/// Roles in the column order of `languages.csv`.
pub const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// One notation language: its ISO 639-1 code (or `figurine`) and its piece letters.
#[derive(Debug, Clone)]
pub struct Language {
    pub code: String,
    pub name: String,
    /// Lower is preferred when several languages read a game equally well.
    pub preference: u32,
    /// Letters per role, in [`ROLES`] order; the first of each is canonical.
    pub letters: [Vec<String>; 6],
    /// Alphabet index → role in this language.
    by_letter: Vec<Option<Role>>,
    /// Bit set of the alphabet letters this language uses.
    pub mask: u64,
}

impl Language {
    /// The piece a letter of the alphabet stands for in this language.
    pub fn role_of(&self, letter: u8) -> Option<Role> {
        self.by_letter.get(usize::from(letter)).copied().flatten()
    }

    /// The letter this language writes for a role.
    pub fn letter(&self, role: Role) -> &str {
        let i = ROLES.iter().position(|r| *r == role).unwrap_or(0);
        &self.letters[i][0]
    }

    pub fn is_figurine(&self) -> bool {
        self.code == "figurine"
    }
}

/// Every distinct piece letter of every language, longest first so that `Кр` is tried
/// before `К` and `Kt` before `K`.
#[derive(Debug)]
pub struct Alphabet {
    letters: Vec<String>,
    /// Indexes into `letters`, longest letter first.
    by_length: Vec<u8>,
    /// One-byte letters by their byte.
    ascii: [Option<u8>; 128],
    /// ASCII bytes that start a letter of several characters (`K` of `Kt`).
    ascii_prefixes: [bool; 128],
}

impl Alphabet {
    pub fn index_of(&self, letter: &str) -> Option<u8> {
        self.letters
            .iter()
            .position(|l| l == letter)
            .map(|i| i as u8)
    }

    pub fn letter(&self, index: u8) -> &str {
        &self.letters[usize::from(index)]
    }

    pub fn len(&self) -> usize {
        self.letters.len()
    }

    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }

    /// The longest alphabet letter at the start of `text`, with its length in bytes.
    pub fn match_prefix(&self, text: &str) -> Option<(u8, usize)> {
        let first = *text.as_bytes().first()?;
        if first.is_ascii() && !self.ascii_prefixes[usize::from(first)] {
            // the common case: one ASCII letter
            return self.ascii[usize::from(first)].map(|i| (i, 1));
        }
        self.by_length.iter().find_map(|&i| {
            let l = &self.letters[usize::from(i)];
            text.starts_with(l.as_str()).then_some((i, l.len()))
        })
    }
}

struct Tables {
    alphabet: Alphabet,
    languages: Vec<Language>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| load(TABLE).expect("grammar/languages.csv is well-formed"))
}

fn load(csv_text: &str) -> Result<Tables, String> {
    #[derive(serde::Deserialize)]
    struct Row {
        code: String,
        name: String,
        preference: u32,
        king: String,
        queen: String,
        rook: String,
        bishop: String,
        knight: String,
        pawn: String,
    }
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let mut rows = Vec::new();
    for row in reader.deserialize::<Row>() {
        rows.push(row.map_err(|e| e.to_string())?);
    }
    let mut letters: Vec<String> = Vec::new();
    let mut parsed = Vec::new();
    for row in rows {
        let cols = [
            &row.king,
            &row.queen,
            &row.rook,
            &row.bishop,
            &row.knight,
            &row.pawn,
        ];
        let per_role: [Vec<String>; 6] =
            cols.map(|c| c.split('|').map(|s| s.trim().to_string()).collect());
        for set in &per_role {
            for l in set {
                if l.is_empty() {
                    return Err(format!("empty letter in row {}", row.code));
                }
                if !letters.contains(l) {
                    letters.push(l.clone());
                }
            }
        }
        parsed.push((row.code, row.name, row.preference, per_role));
    }
    if letters.len() > 64 {
        return Err("more than 64 distinct piece letters".into());
    }
    let mut by_length: Vec<u8> = (0..letters.len() as u8).collect();
    by_length.sort_by_key(|&i| std::cmp::Reverse(letters[usize::from(i)].chars().count()));
    let mut languages: Vec<Language> = parsed
        .into_iter()
        .map(|(code, name, preference, per_role)| {
            let mut by_letter = vec![None; letters.len()];
            let mut mask = 0u64;
            for (role, set) in ROLES.iter().zip(&per_role) {
                for l in set {
                    let i = letters.iter().position(|x| x == l).unwrap_or(0);
                    by_letter[i] = Some(*role);
                    mask |= 1 << i;
                }
            }
            Language {
                code,
                name,
                preference,
                letters: per_role,
                by_letter,
                mask,
            }
        })
        .collect();
    languages.sort_by_key(|l| l.preference);
    let mut ascii = [None; 128];
    let mut ascii_prefixes = [false; 128];
    for (i, l) in letters.iter().enumerate() {
        let b = l.as_bytes();
        if b.len() == 1 && b[0].is_ascii() {
            ascii[usize::from(b[0])] = Some(i as u8);
        } else if b.len() > 1 && b[0].is_ascii() {
            ascii_prefixes[usize::from(b[0])] = true;
        }
    }
    Ok(Tables {
        alphabet: Alphabet {
            letters,
            by_length,
            ascii,
            ascii_prefixes,
        },
        languages,
    })
}

/// The alphabet of all piece letters.
pub fn alphabet() -> &'static Alphabet {
    &tables().alphabet
}

/// Every language, in preference order (Italian first).
pub fn languages() -> &'static [Language] {
    &tables().languages
}

/// A language by its code (`it`, `en`, ..., `figurine`).
pub fn by_code(code: &str) -> Option<&'static Language> {
    languages()
        .iter()
        .find(|l| l.code.eq_ignore_ascii_case(code))
}

/// English, the language of standard PGN.
pub fn english() -> &'static Language {
    by_code("en").expect("English is in languages.csv")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_loads_with_expected_languages() {
        let codes: Vec<&str> = languages().iter().map(|l| l.code.as_str()).collect();
        for c in [
            "en", "it", "es", "fr", "pt", "de", "nl", "da", "no", "sv", "fi", "is", "pl", "cs",
            "hu", "ro", "eo", "et", "ru", "figurine",
        ] {
            assert!(codes.contains(&c), "{c} missing");
        }
        assert_eq!(codes[0], "it", "Italian is preferred first");
    }

    #[test]
    fn collisions_resolve_per_language() {
        let a = alphabet();
        let r = a.index_of("R").unwrap();
        assert_eq!(by_code("it").unwrap().role_of(r), Some(Role::King));
        assert_eq!(by_code("en").unwrap().role_of(r), Some(Role::Rook));
        assert_eq!(by_code("fi").unwrap().role_of(r), Some(Role::Knight));
        let p = a.index_of("P").unwrap();
        assert_eq!(by_code("nl").unwrap().role_of(p), Some(Role::Knight));
        let kt = a.index_of("Kt").unwrap();
        assert_eq!(english().role_of(kt), Some(Role::Knight));
    }

    #[test]
    fn longest_letter_matches_first() {
        let a = alphabet();
        let (i, n) = a.match_prefix("Крe1").unwrap();
        assert_eq!(a.letter(i), "Кр");
        assert_eq!(n, "Кр".len());
        let (i, _) = a.match_prefix("Ktf3").unwrap();
        assert_eq!(a.letter(i), "Kt");
        let (i, _) = a.match_prefix("♘f3").unwrap();
        assert_eq!(by_code("figurine").unwrap().role_of(i), Some(Role::Knight));
    }

    #[test]
    fn identical_tables_are_identical() {
        let it = by_code("it").unwrap();
        let es = by_code("es").unwrap();
        assert_eq!(it.mask, es.mask);
        assert_eq!(it.letters, es.letters);
    }
}
