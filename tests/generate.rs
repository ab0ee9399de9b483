//! `scoresheet generate`: the man page and the shell completions come from the command line's
//! own definition, so every subcommand and flag the program has is in them.

use std::process::{Command, Stdio};

fn generate(what: &str) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["generate", what])
        .output()
        .expect("the program runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_man_page_starts_with_its_title_and_tells_every_subcommand_and_flag() {
    let (page, status) = generate("man");
    assert_eq!(status, 0);
    assert!(page.starts_with(".TH scoresheet 1"), "{}", &page[..80]);
    for sub in [
        "VALIDATE",
        "CONVERT",
        "POSITION",
        "ENVELOPE",
        "RECONCILE",
        "DECODE",
    ] {
        assert!(
            page.contains(&format!(".SH \"SCORESHEET {sub}\"")),
            "no section for {sub}"
        );
    }
    // Flags of several subcommands, as roff writes them (`\-` for a dash).
    for flag in [
        "dead\\-positions",
        "report\\-lang",
        "page\\-games",
        "archives",
        "prose",
    ] {
        assert!(page.contains(flag), "the page lacks --{flag}");
    }
    // One definition of the apostrophe string, not one per rendered part.
    assert_eq!(page.matches(".ds Aq").count(), 2);
}

#[test]
fn every_shell_gets_a_completion_script_naming_the_subcommands() {
    let (bash, status) = generate("complete-bash");
    assert_eq!(status, 0);
    assert!(bash.contains("_scoresheet()"));
    for shell in [
        "complete-bash",
        "complete-zsh",
        "complete-fish",
        "complete-powershell",
    ] {
        let (script, status) = generate(shell);
        assert_eq!(status, 0, "{shell}");
        for sub in ["validate", "convert", "envelope", "reconcile"] {
            assert!(script.contains(sub), "{shell} lacks {sub}");
        }
    }
}

#[test]
fn a_reader_that_closes_early_ends_the_run_quietly() {
    // `scoresheet generate complete-zsh | head -1`: clap_complete would panic on the closed
    // pipe if it wrote there itself.
    let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["generate", "complete-zsh"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("it ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        matches!(out.status.code(), Some(0) | Some(141)),
        "{:?}",
        out.status
    );
}
