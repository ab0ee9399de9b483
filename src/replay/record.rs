//! The record of one game: what `validate` writes for it.

use super::*;

/// Tags in the order written, serialised as a JSON object.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tags(pub Vec<(String, String)>);

/// For `skip_serializing_if`.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Tags {
    /// The value of the tag `name` (exactly as written), the first if it is repeated.
    ///
    /// ```
    /// use scoresheet::replay::Tags;
    /// let tags = Tags(vec![("White".into(), "Rossi".into())]);
    /// assert_eq!(tags.get("White"), Some("Rossi"));
    /// assert_eq!(tags.get("Black"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// One game's verdict: the record `scoresheet validate` writes. The JSONL printer writes it
/// field by field ([`crate::report::jsonl`]), byte for byte as this derive would: a field
/// added here is added there too (its tests compare the two).
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Byte offset of the game's first character.
    pub offset: u64,
    /// 1-based line of the game's first non-blank character.
    pub line: u64,
    pub tags: Tags,
    /// The notation language: ISO 639-1 code, or `figurine`.
    pub lang: String,
    /// Other languages that read the game equally well.
    pub lang_candidates: Vec<String>,
    /// `standard` or `chess960`.
    pub variant: Variant,
    /// Mainline plies replayed.
    pub plies: u32,
    /// FEN after the last replayed ply.
    pub final_fen: String,
    /// `ok`, or `error` when any finding has error severity.
    pub status: Status,
    /// The result written at the end of the movetext, if any.
    pub result: Option<GameResult>,
    /// With `--illegal stands`: the ply of the first illegal move left on the board; the
    /// rest of the replay rests on an irregular position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub irregular_from_ply: Option<u32>,
    /// The first point where the game ended by itself (checkmate, stalemate, dead position,
    /// fivefold, seventy-five moves); `null` while the game is alive at its last move.
    pub termination: Option<Termination>,
    /// The Chess960 starting position number (0–959), when the game starts from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sp: Option<u32>,
    pub findings: Vec<Finding>,
    /// Findings left out by `validate --only`/`--skip` (absent when none were).
    #[serde(skip_serializing_if = "is_zero")]
    pub filtered_out: u32,
    /// With `--repair`: how many plies were read otherwise than written (absent without it,
    /// and for a game that replays as written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repaired: Option<u32>,
    /// The mainline moves replayed (not serialised). Null moves (`--`) are not among them:
    /// see [`Self::null_plies`].
    #[serde(skip)]
    pub mainline: Vec<Move>,
    /// The 1-based plies of the mainline that were null moves (not serialised): a printer
    /// that replays [`Self::mainline`] passes the turn there, or plays the later moves on
    /// the wrong side's position. Kept apart from the findings, which `--skip` may drop.
    #[serde(skip)]
    pub null_plies: Vec<u32>,
    /// The start position, when the game could be set up (not serialised).
    #[serde(skip)]
    pub start: Option<Chess>,
}

impl GameRecord {
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The replayed mainline ply by ply: `None` for a null move.
    ///
    /// ```
    /// use scoresheet::replay::{validate_text, Options};
    /// let r = validate_text("1. e4 e5 2. Ke2 -- 3. Ke1 *", &Options::default());
    /// let nulls: Vec<bool> = r.mainline_plies().iter().map(Option::is_none).collect();
    /// assert_eq!(nulls, [false, false, false, true, false]);
    /// ```
    pub fn mainline_plies(&self) -> Vec<Option<Move>> {
        with_nulls(&self.mainline, &self.null_plies)
    }

    /// The replayed mainline in canonical SAN of `lang` (with `+`/`#`; `--` for a null
    /// move).
    pub fn mainline_san(&self, lang: &Language) -> Vec<String> {
        let Some(mut pos) = self.start.clone() else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(self.mainline.len() + self.null_plies.len());
        for ply in self.mainline_plies() {
            match ply {
                Some(m) => {
                    out.push(render::san_in(&pos, m, lang));
                    pos.play_unchecked(m);
                }
                None => {
                    out.push("--".to_string());
                    match null_move(&pos, pos.castles().mode()) {
                        Some(next) => pos = next,
                        None => break,
                    }
                }
            }
        }
        out
    }
}

/// `moves` with a `None` put at each of the 1-based plies `nulls` (ascending), as the
/// mainline was played.
pub fn with_nulls(moves: &[Move], nulls: &[u32]) -> Vec<Option<Move>> {
    let mut out = Vec::with_capacity(moves.len() + nulls.len());
    let mut moves = moves.iter().copied();
    let mut nulls = nulls.iter().copied().peekable();
    loop {
        let ply = out.len() as u32 + 1;
        if nulls.next_if_eq(&ply).is_some() {
            out.push(None);
        } else if let Some(m) = moves.next() {
            out.push(Some(m));
        } else {
            break;
        }
    }
    out
}
