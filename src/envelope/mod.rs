//! Adjourned games: the envelope of FIDE Guidelines I (2017 Laws, "Partite aggiornate";
//! Appendix A of the older texts) audited as an arbiter must at resumption.
//!
//! An envelope file ([`schema`], `grammar/envelope.md`) records the items of Guideline
//! I.2 — the players, the position before the sealed move, the time used, who sealed, the
//! number of the sealed move, a standing draw offer, when and where play resumes — with the
//! sealed move as written and both scoresheets. [`audit()`] checks every item, replays
//! and compares the scoresheets (`scoresheets`), reads the sealed move in the sealer's
//! notation (`sealed`) and decides: the sealer loses (I.8), the game is drawn, the sealer
//! wins, or play resumes (I.9.1) — see [`audit()`](fn@audit) for the order of the rules. [`report`]
//! prints it.
//!
//! ```
//! use scoresheet::envelope::{audit_text, Verdict};
//! let envelope = r#"
//! white = "Rossi"
//! black = "Bianchi"
//! position = "after 2"
//! white_time = "0:10"
//! black_time = "0:12"
//! sealer = "Rossi"
//! sealed_move_number = 3
//! resumption_date = "2026-11-29 15:00"
//! resumption_place = "Milano"
//! sealed_move = "Ab5"
//! white_scoresheet = "1. e4 e5 2. Cf3 Cc6"
//! black_scoresheet = "1. e4 e5 2. Cf3 Cc6"
//! "#;
//! let audit = audit_text(envelope, "example.toml", std::path::Path::new(".")).unwrap();
//! assert_eq!(audit.decision.unwrap().verdict, Verdict::Resume);
//! ```

pub(crate) mod audit;
pub(crate) mod clock;
pub(crate) mod contradictions;
pub(crate) mod dates;
mod moves;
pub mod report;
pub mod schema;
pub(crate) mod scoresheets;
pub(crate) mod sealed;
pub(crate) mod text;

use std::path::Path;

pub use audit::{Audit, Check, Decision, Status, Verdict};
pub use schema::{Envelope, ItemError, Malformed};
pub use text::{Msg, ReportLang};

/// Audit an envelope: every check, the decision, and the paragraph an arbiter reads aloud.
pub fn audit(env: &Envelope, file: &str) -> Audit {
    let mut a = audit::judge(env, file);
    a.paragraph = report::paragraph(&a, env);
    a
}

/// Read and audit an envelope given as text; scoresheet files are looked up from `base`.
pub fn audit_text(text: &str, file: &str, base: &Path) -> Result<Audit, Malformed> {
    let env = schema::read(text, base)?;
    Ok(audit(&env, file))
}

/// Read and audit an envelope file.
pub fn audit_file(path: &Path) -> Result<Audit, Malformed> {
    let name = path.display().to_string();
    // The reports put these after `the envelope cannot be read: `, so they say only why.
    let bytes = std::fs::read(path).map_err(|e| {
        Malformed::new(
            None,
            None,
            text::Msg::written(e.to_string(), io_error_it(&e)),
        )
    })?;
    let text = crate::notation::decode::decode(&bytes).into_owned();
    let text = text.trim_start_matches('\u{feff}');
    let base = path.parent().unwrap_or(Path::new("."));
    audit_text(text, &name, base)
}

/// Why a file cannot be read, in Italian (the system's own words are English): the kind of
/// error, from the catalogue.
pub(crate) fn io_error_it(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let it = crate::envelope::text::ReportLang::It;
    let key = match e.kind() {
        ErrorKind::NotFound => "not_found",
        ErrorKind::PermissionDenied => "permission_denied",
        ErrorKind::IsADirectory => "is_a_directory",
        _ => match e.raw_os_error() {
            Some(code) => {
                return crate::i18n::fill(it, "io_error_code", &[("code", &code.to_string())])
            }
            None => "other",
        },
    };
    crate::i18n::word(it, "io_error", key).to_string()
}
