//! The page: the report as a `Sink` (each game a frame of its parts), the bound on what one
//! page draws, and the document written from the frames: summary, index, sections.

use super::*;
/// The printer of `validate --format html` in a language. Its records are frames, not yet a
/// page: give the bytes of the whole run to [`write_document`] with the run's summary.
#[derive(Debug, Clone, Copy)]
pub struct Html(pub ReportLang);

impl Sink for Html {
    fn record(&self, out: &mut Vec<u8>, r: &GameRecord) -> io::Result<()> {
        if self.0 == ReportLang::En {
            return write_frame(out, r, self.0);
        }
        let mut local = r.clone();
        i18n::localise(&mut local, self.0);
        write_frame(out, &local, self.0)
    }
}

/// Frame tags: a game with errors, a game with findings but no error (each: its index entry
/// and its section), or a clean game (its index entry only).
pub(super) const FRAME_ERRORS: u8 = b'E';
pub(super) const FRAME_GAME: u8 = b'G';
pub(super) const FRAME_CLEAN: u8 = b'C';

pub(super) fn put_part(out: &mut Vec<u8>, part: &[u8]) {
    out.extend_from_slice(&(part.len() as u64).to_le_bytes());
    out.extend_from_slice(part);
}

/// One game of `validate --format html`, as a frame for [`write_document`]: written where the
/// game was replayed, put on the page in order after the summary. `r`'s messages are already
/// in `lang`.
pub fn write_frame<W: Write>(out: &mut W, r: &GameRecord, lang: ReportLang) -> io::Result<()> {
    let view = GameView::of(r);
    let mut frame = Vec::new();
    let players = escape(&view.players());
    let mut tail = format!(
        " <span class=\"place\">({})</span>",
        escape(&view.where_(lang))
    );
    if r.findings.is_empty() {
        frame.push(FRAME_CLEAN);
        put_part(&mut frame, players.as_bytes());
        put_part(&mut frame, tail.as_bytes());
    } else {
        let mut counts: Vec<(Kind, usize)> = Vec::new();
        for f in &r.findings {
            match counts.iter_mut().find(|(k, _)| *k == f.kind) {
                Some((_, n)) => *n += 1,
                None => counts.push((f.kind, 1)),
            }
        }
        let counts: Vec<String> = counts
            .iter()
            .map(|(k, n)| format!("{} {n}", i18n::word(lang, "kind", k.id())))
            .collect();
        let _ = write!(tail, ": {}", escape(&counts.join(", ")));
        let mut section = String::new();
        write_game(&mut section, &view, lang);
        frame.push(if r.has_errors() {
            FRAME_ERRORS
        } else {
            FRAME_GAME
        });
        put_part(&mut frame, players.as_bytes());
        put_part(&mut frame, tail.as_bytes());
        put_part(&mut frame, escape(&view.anchor).as_bytes());
        put_part(&mut frame, section.as_bytes());
    }
    out.write_all(&frame)
}

/// One game of the page, back from its frame.
pub(super) struct Framed<'a> {
    pub(super) errors: bool,
    /// `White – Black  1-0`, escaped.
    pub(super) players: &'a [u8],
    /// Where it is and what was found, escaped.
    pub(super) tail: &'a [u8],
    /// The section's anchor and the section; `None` for a clean game.
    pub(super) section: Option<(&'a [u8], &'a [u8])>,
}

/// Split the frames back into games.
pub(super) fn read_frames(mut frames: &[u8]) -> Vec<Framed<'_>> {
    fn part<'a>(rest: &mut &'a [u8]) -> Option<&'a [u8]> {
        let len = u64::from_le_bytes(rest.get(..8)?.try_into().ok()?) as usize;
        let p = rest.get(8..8usize.checked_add(len)?)?;
        *rest = &rest[8 + len..];
        Some(p)
    }
    let mut out = Vec::new();
    while let Some((&tag, rest)) = frames.split_first() {
        frames = rest;
        let (Some(players), Some(tail)) = (part(&mut frames), part(&mut frames)) else {
            break;
        };
        let section = match tag {
            FRAME_ERRORS | FRAME_GAME => match (part(&mut frames), part(&mut frames)) {
                (Some(anchor), Some(section)) => Some((anchor, section)),
                _ => break,
            },
            _ => None,
        };
        out.push(Framed {
            errors: tag == FRAME_ERRORS,
            players,
            tail,
            section,
        });
    }
    out
}

/// How much one page holds, so that a browser opens it: a page of every game of a large
/// archive (the shared corpus's is 108 MB, 11,452 game sections and 5 million elements) does
/// not open in a browser in a quarter of an hour. Every game is still counted in the summary
/// and is in the JSON Lines and CSV reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageBound {
    /// Game sections drawn (moves, findings, boards) at most; games with errors come first.
    pub sections: usize,
    /// Bytes of game sections at most (a long game with many findings weighs more).
    pub section_bytes: usize,
    /// Entries in each index list at most (the drawn games are always listed).
    pub entries: usize,
}

impl PageBound {
    /// No bound: every game drawn and listed.
    pub const NONE: PageBound = PageBound {
        sections: usize::MAX,
        section_bytes: usize::MAX,
        entries: usize::MAX,
    };

    /// The bound for `sections` game sections: 16 KB a section on average (the shared corpus
    /// averages 6.6 KB), five index entries a section in each list. 0: no bound.
    pub fn games(sections: usize) -> PageBound {
        if sections == 0 {
            return PageBound::NONE;
        }
        PageBound {
            sections,
            section_bytes: sections.saturating_mul(16 * 1024),
            entries: sections.saturating_mul(5),
        }
    }
}

/// What a page shows of the run, for the caller to say when something was left off.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drawn {
    /// Games with findings, and how many of them are drawn.
    pub with_findings: usize,
    pub drawn: usize,
    /// Games without findings, and how many of them are listed.
    pub clean: usize,
    pub clean_listed: usize,
    /// Games with findings listed in the index (the drawn ones with a link).
    pub listed: usize,
}

impl Drawn {
    /// Whether the page leaves something out.
    pub fn bounded(&self) -> bool {
        self.drawn < self.with_findings
            || self.listed < self.with_findings
            || self.clean_listed < self.clean
    }
}

/// Which games with findings are drawn: those with errors first, in order, then the others,
/// while the bound allows.
pub(super) fn choose(games: &[Framed], bound: PageBound) -> Vec<bool> {
    let mut drawn = vec![false; games.len()];
    let (mut n, mut bytes) = (0usize, 0usize);
    for errors_pass in [true, false] {
        for (i, g) in games.iter().enumerate() {
            let Some((_, section)) = g.section else {
                continue;
            };
            if g.errors != errors_pass {
                continue;
            }
            // The first section is drawn whatever it weighs: a page never shows nothing.
            if n >= bound.sections
                || (n > 0 && bytes.saturating_add(section.len()) > bound.section_bytes)
            {
                return drawn;
            }
            drawn[i] = true;
            n += 1;
            bytes = bytes.saturating_add(section.len());
        }
    }
    drawn
}

/// The whole page of `validate --format html`: the summary (games, plies, findings by kind,
/// links to each game with findings, the clean games in one list), then the games, as far as
/// `bound` allows (the page then says what it left off and where to find it).
pub fn write_document<W: Write + ?Sized>(
    out: &mut W,
    frames: &[u8],
    summary: &Summary,
    lang: ReportLang,
    bound: PageBound,
) -> io::Result<Drawn> {
    let games = read_frames(frames);
    let drawn = choose(&games, bound);
    let mut page = String::new();
    page_start(&mut page, i18n::ui(lang, "html_title"), lang);
    let _ = write!(
        page,
        "<section class=\"summary\"><h2>{}</h2>\n<table class=\"counts\"><tr><th>{}</th><td class=\"n\">{}</td></tr><tr><th>{}</th><td class=\"n\">{}</td></tr><tr><th>{}</th><td class=\"n\">{}</td></tr></table>\n",
        escape(i18n::ui(lang, "summary")),
        escape(i18n::ui(lang, "games")),
        summary.games,
        escape(i18n::ui(lang, "plies")),
        summary.plies,
        escape(i18n::ui(lang, "games_with_errors")),
        summary.games_with_errors
    );
    if !summary.by_kind.is_empty() {
        let _ = write!(
            page,
            "<h3>{}</h3>\n<table class=\"counts\"><tr><th>{}</th><th class=\"n\">{}</th></tr>",
            escape(i18n::ui(lang, "findings_by_kind")),
            escape(i18n::ui(lang, "finding")),
            escape(i18n::ui(lang, "games"))
        );
        for (k, n) in &summary.by_kind {
            let _ = write!(
                page,
                "<tr><td>{}</td><td class=\"n\">{n}</td></tr>",
                escape(i18n::word(lang, "kind", k))
            );
        }
        page.push_str("</table>\n");
    }
    let mut shown = Drawn {
        with_findings: games.iter().filter(|g| g.section.is_some()).count(),
        clean: games.iter().filter(|g| g.section.is_none()).count(),
        drawn: drawn.iter().filter(|d| **d).count(),
        ..Drawn::default()
    };
    // The index lists: every drawn game with its link, then others while there is room.
    let mut with = String::new();
    let mut clean = String::new();
    let mut undrawn_listed = 0usize;
    for (g, &is_drawn) in games.iter().zip(&drawn) {
        let players = String::from_utf8_lossy(g.players);
        let tail = String::from_utf8_lossy(g.tail);
        let class = if g.errors { "h-err" } else { "" };
        match g.section {
            Some((anchor, _)) if is_drawn => {
                let _ = write!(
                    with,
                    "<li class=\"{class}\"><a href=\"#{}\">{players}</a>{tail}</li>",
                    String::from_utf8_lossy(anchor)
                );
                shown.listed += 1;
            }
            Some(_) if undrawn_listed < bound.entries.saturating_sub(shown.drawn) => {
                let _ = write!(with, "<li class=\"{class}\">{players}{tail}</li>");
                undrawn_listed += 1;
                shown.listed += 1;
            }
            Some(_) => {}
            None if shown.clean_listed < bound.entries => {
                let _ = write!(clean, "<li>{players}{tail}</li>");
                shown.clean_listed += 1;
            }
            None => {}
        }
    }
    if shown.bounded() {
        let _ = writeln!(
            page,
            "<p class=\"note\">{}</p>",
            escape(&i18n::fill(
                lang,
                "page_bounded",
                &[
                    ("drawn", &shown.drawn.to_string()),
                    ("with", &shown.with_findings.to_string()),
                    ("listed", &shown.clean_listed.to_string()),
                    ("clean", &shown.clean.to_string()),
                ]
            ))
        );
    }
    for (heading, entries, listed, total, class) in [
        (
            "games_with_findings",
            &with,
            shown.listed,
            shown.with_findings,
            "index",
        ),
        (
            "clean_games",
            &clean,
            shown.clean_listed,
            shown.clean,
            "clean",
        ),
    ] {
        if total == 0 {
            continue;
        }
        let _ = write!(
            page,
            "<h3>{} ({total})</h3>\n<ol class=\"{class}\">{entries}</ol>\n",
            escape(i18n::ui(lang, heading)),
        );
        if listed < total {
            let _ = writeln!(
                page,
                "<p class=\"note\">{}</p>",
                escape(&i18n::fill(
                    lang,
                    "page_more",
                    &[("more", &(total - listed).to_string())]
                ))
            );
        }
    }
    page.push_str("</section>\n");
    out.write_all(page.as_bytes())?;
    for (g, &is_drawn) in games.iter().zip(&drawn) {
        if let (Some((_, section)), true) = (g.section, is_drawn) {
            out.write_all(section)?;
        }
    }
    let mut end = String::new();
    page_end(&mut end);
    out.write_all(end.as_bytes())?;
    Ok(shown)
}
