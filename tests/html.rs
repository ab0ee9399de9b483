//! `validate --format html`: the page is well-formed (parsed here as XML), every error finding
//! has its board, input is escaped, and the sample's page is the golden one
//! (`corpora/html/sample.{en,it}.html`; `SCORESHEET_BLESS=1` writes them anew).

use std::{path::Path, process::Command};

fn html_of(file: &str, extra: &[&str]) -> (String, Option<i32>) {
    let out_dir = std::env::temp_dir().join(format!(
        "scoresheet-html-{}-{}",
        std::process::id(),
        extra.join("").replace('-', "")
    ));
    std::fs::create_dir_all(&out_dir).unwrap();
    let page = out_dir.join(format!(
        "{}.html",
        Path::new(file).file_stem().unwrap().to_string_lossy()
    ));
    let status = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "-q", "--jobs", "1", "--format", "html", "-o"])
        .arg(&page)
        .args(extra)
        .arg(file)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::remove_file(&page).unwrap();
    (text, status.code())
}

/// A small checker of well-formedness: every tag closed in order, attributes quoted, `&` only
/// in entities, no `<` or `>` loose in text. The page is XHTML-clean by design, so the
/// checker can be this strict.
fn check_well_formed(page: &str) -> Result<usize, String> {
    let body = page.strip_prefix("<!DOCTYPE html>\n").ok_or("no doctype")?;
    let b = body.as_bytes();
    let mut stack: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut i = 0;
    let context = |i: usize| {
        body.get(i.saturating_sub(40)..(i + 40).min(body.len()))
            .unwrap_or("")
    };
    while i < b.len() {
        match b[i] {
            b'<' => {
                let end = body[i..].find('>').ok_or("a tag never ends")? + i;
                let tag = &body[i + 1..end];
                if let Some(name) = tag.strip_prefix('/') {
                    match stack.pop() {
                        Some(open) if open == name => {}
                        other => {
                            return Err(format!(
                                "`</{name}>` closes {other:?} near `{}`",
                                context(i)
                            ))
                        }
                    }
                } else {
                    let self_closing = tag.ends_with('/');
                    let tag = tag.trim_end_matches('/');
                    let name_end = tag.find([' ', '\n']).unwrap_or(tag.len());
                    let name = &tag[..name_end];
                    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                        return Err(format!("bad tag name near `{}`", context(i)));
                    }
                    // Attributes: name="value", values without `<` or a loose `&`.
                    let mut rest = tag[name_end..].trim();
                    while !rest.is_empty() {
                        let eq = rest
                            .find('=')
                            .ok_or(format!("attribute without value near `{}`", context(i)))?;
                        let attr = rest[..eq].trim();
                        if attr.is_empty()
                            || !attr
                                .chars()
                                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
                        {
                            return Err(format!("bad attribute `{attr}` near `{}`", context(i)));
                        }
                        let after = &rest[eq + 1..];
                        let value = after
                            .strip_prefix('"')
                            .ok_or(format!("unquoted attribute near `{}`", context(i)))?;
                        let close = value.find('"').ok_or("attribute never closed")?;
                        check_text(&value[..close])
                            .map_err(|e| format!("{e} near `{}`", context(i)))?;
                        rest = value[close + 1..].trim();
                    }
                    elements += 1;
                    if !self_closing {
                        stack.push(name);
                    }
                    // Style sheets are text: read to their end.
                    if name == "style" {
                        let close = body[end..].find("</style>").ok_or("style never closed")? + end;
                        if body[end + 1..close].contains('<') {
                            return Err("`<` in the style sheet".into());
                        }
                        i = close;
                        continue;
                    }
                }
                i = end + 1;
            }
            _ => {
                let next = body[i..].find('<').map_or(b.len(), |n| n + i);
                check_text(&body[i..next]).map_err(|e| format!("{e} near `{}`", context(i)))?;
                i = next;
            }
        }
    }
    if !stack.is_empty() {
        return Err(format!("never closed: {stack:?}"));
    }
    Ok(elements)
}

fn check_text(text: &str) -> Result<(), String> {
    if text.contains('>') {
        return Err("a loose `>`".into());
    }
    let mut rest = text;
    while let Some(a) = rest.find('&') {
        let entity = &rest[a..];
        let ok = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
            .iter()
            .any(|e| entity.starts_with(e));
        if !ok {
            return Err(format!(
                "a loose `&`: `{}`",
                &entity[..entity.len().min(12)]
            ));
        }
        rest = &rest[a + 1..];
    }
    Ok(())
}

/// The findings of a page: (severity class, whether a board is drawn beside it).
fn findings(page: &str) -> Vec<(String, bool)> {
    page.split("<div class=\"finding sev-")
        .skip(1)
        .map(|chunk| {
            let sev = chunk.split('"').next().unwrap_or("").to_string();
            // A finding's block ends where the next one (or the section) begins.
            let own = chunk.split("</section>").next().unwrap_or(chunk);
            (sev, own.contains("<svg class=\"board\""))
        })
        .collect()
}

#[test]
fn the_sample_page_is_the_golden_one() {
    for (lang, golden) in [("en", "sample.en.html"), ("it", "sample.it.html")] {
        let (page, status) = html_of("corpora/html/sample.pgn", &["--report-lang", lang]);
        assert_eq!(status, Some(1), "games with errors: status 1 as for text");
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpora/html")
            .join(golden);
        if std::env::var_os("SCORESHEET_BLESS").is_some() {
            std::fs::write(&path, &page).unwrap();
        }
        let expected = std::fs::read_to_string(&path).unwrap();
        assert!(
            page == expected,
            "{golden} differs (SCORESHEET_BLESS=1 to rewrite)"
        );
        check_well_formed(&page).unwrap();
        let found = findings(&page);
        assert_eq!(found.len(), 8, "{lang}");
        // In the sample every finding is on the mainline: each has its board.
        assert!(found.iter().all(|(_, board)| *board), "{found:?}");
        assert_eq!(page.matches("<svg class=\"board\"").count(), found.len());
        // The clean game is listed, not drawn.
        assert_eq!(page.matches("<section class=\"game\"").count(), 5);
    }
}

#[test]
fn every_error_with_a_position_has_its_board() {
    for file in [
        "corpora/convert/errors.pgn",
        "corpora/laws/endings.pgn",
        "corpora/laws/repetition.pgn",
        "corpora/typos/typos-it.pgn",
    ] {
        let (page, status) = html_of(file, &["--report-lang", "it"]);
        assert!(matches!(status, Some(0 | 1)), "{file}");
        let n = check_well_formed(&page).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(n > 50, "{file}");
        for (sev, board) in findings(&page) {
            // Games that cannot be set up (a bad FEN, another variant) have no position.
            if sev == "error" && !board {
                assert!(
                    page.contains("FEN non valida") || page.contains("variante non trattata"),
                    "{file}: an error without its board"
                );
            }
        }
    }
}

#[test]
fn input_is_escaped() {
    let dir = std::env::temp_dir().join(format!("scoresheet-html-esc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("<x>&.pgn");
    std::fs::write(
        &file,
        "[Event \"<script>alert('x')</script>\"]\n[White \"A & B \\\"C\\\"\"]\n[Black \"]]>\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 <b> a6 *\n",
    )
    .unwrap();
    let (page, _) = html_of(file.to_str().unwrap(), &[]);
    check_well_formed(&page).unwrap();
    assert!(!page.contains("<script"));
    assert!(page.contains("&lt;script&gt;"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_checker_catches_what_it_should() {
    assert!(check_well_formed("<!DOCTYPE html>\n<p><b></p></b>").is_err());
    assert!(check_well_formed("<!DOCTYPE html>\n<p>a & b</p>").is_err());
    assert!(check_well_formed("<!DOCTYPE html>\n<p class=x>a</p>").is_err());
    assert!(check_well_formed("<!DOCTYPE html>\n<p>").is_err());
    assert_eq!(
        check_well_formed("<!DOCTYPE html>\n<p class=\"x\">a &amp; <br/>b</p>"),
        Ok(2)
    );
}

#[test]
fn envelope_pages_are_well_formed_with_their_boards() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/envelopes");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() > 10);
    for lang in ["en", "it"] {
        let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args(["envelope", "--format", "html", "--report-lang", lang])
            .args(&files)
            .output()
            .unwrap();
        assert!(matches!(out.status.code(), Some(0..=2)));
        let page = String::from_utf8(out.stdout).unwrap();
        check_well_formed(&page).unwrap();
        let sections: Vec<&str> = page
            .split("<section class=\"game envelope\"")
            .skip(1)
            .collect();
        assert_eq!(sections.len(), files.len(), "{lang}");
        // Every envelope whose position could be set up shows it, the sealed move drawn.
        let before = if lang == "it" {
            "Posizione prima della mossa sigillata"
        } else {
            "Position before the sealed move"
        };
        for s in &sections {
            if s.contains(before) {
                assert!(s.contains("<svg class=\"board\""));
            }
        }
        assert!(
            sections
                .iter()
                .filter(|s| s.contains("<svg class=\"board\""))
                .count()
                > files.len() / 2
        );
    }
}

/// Issue 34: the page of a large archive bounds itself so that a browser opens it (the whole
/// shared corpus's page was 108 MB and never opened): at most N game sections, games with
/// errors first, the index lists cut to 5×N, and the page and standard error say so. The
/// summary still counts every game; `--page-games 0` draws them all.
#[test]
fn a_large_archive_gives_a_page_a_browser_opens() {
    let dir = std::env::temp_dir().join(format!("scoresheet-page-bound-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("many.pgn");
    let mut text = String::new();
    // 40 games with a warning (threefold repetition claimed by nobody), then 3 with an
    // illegal move, then 80 clean ones.
    for i in 0..40 {
        text.push_str(&format!(
            "[White \"W{i}\"]\n[Black \"B{i}\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n\n"
        ));
    }
    for i in 0..3 {
        text.push_str(&format!(
            "[White \"Err{i}\"]\n[Black \"X\"]\n\n1. e4 e5 2. Ke3 *\n\n"
        ));
    }
    for i in 0..80 {
        text.push_str(&format!(
            "[White \"C{i}\"]\n[Black \"D\"]\n\n1. e4 e5 *\n\n"
        ));
    }
    std::fs::write(&games, text).unwrap();
    let page = dir.join("page.html");
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args([
            "validate",
            "-q",
            "--jobs",
            "2",
            "--format",
            "html",
            "--page-games",
            "5",
            "-o",
        ])
        .arg(&page)
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "the page draws 5 of 43 games with findings and lists 25 of 80 games without"
        ),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&page).unwrap();
    check_well_formed(&text).unwrap();
    assert_eq!(text.matches("<section class=\"game\"").count(), 5);
    // The three games with errors are drawn, whatever their place in the file.
    for i in 0..3 {
        assert!(
            text.contains(&format!("<h2>Err{i} – X  *</h2>")),
            "Err{i} not drawn"
        );
    }
    assert!(text.contains("this page draws 5 of the 43 games with findings"));
    assert!(text.contains("… and 18 more, not listed on this page."));
    assert!(text.contains("… and 55 more, not listed on this page."));
    assert!(text.contains("<tr><th>Games</th><td class=\"n\">123</td></tr>"));
    // Every link of the index has its section.
    for link in text.split("<a href=\"#").skip(1) {
        let id = &link[..link.find('"').unwrap()];
        assert!(
            text.contains(&format!("id=\"{id}\"")),
            "{id} has no section"
        );
    }

    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args([
            "validate",
            "-q",
            "--format",
            "html",
            "--page-games",
            "0",
            "-o",
        ])
        .arg(&page)
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&page).unwrap();
    assert_eq!(text.matches("<section class=\"game\"").count(), 43);
    assert!(!text.contains("not listed on this page"));
    std::fs::remove_dir_all(&dir).unwrap();
}
