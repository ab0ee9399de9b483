//! The arbiter's report as one self-contained HTML page: no network, fonts or scripts; inline
//! CSS and SVG; A4 print styles (a page per game, and every colour doubled by a sign or a
//! pattern, so that nothing is lost in black and white).
//!
//! The page is built from small parts that other reports can call (`reconcile`, the
//! envelope): [`page_start`], the game sections of [`write_game`] over a [`GameView`] (tags,
//! start position and moves, findings), [`page_end`]. `validate --format html` adds the
//! summary: its printer [`Html`] writes one frame per game ([`write_frame`]) on the thread that
//! replayed it, and [`write_document`] puts the frames, kept till the end of the run, under the
//! summary (the caller keeps them: a printer writes records in order as they come, and the
//! summary is known only at the end).
//!
//! ```
//! use scoresheet::{i18n::ReportLang, replay::{validate_text, Options}};
//! use scoresheet::report::html::{page_end, page_start, write_game, GameView};
//! let r = validate_text("1. e4 e5 2. Cf3 Cf5 *", &Options::default());
//! let mut page = String::new();
//! page_start(&mut page, "Round 1", ReportLang::It);
//! write_game(&mut page, &GameView::of(&r), ReportLang::It);
//! page_end(&mut page);
//! assert_eq!(page.matches("<svg class=\"board\"").count(), 1);
//! assert!(page.contains("mossa illegale"));
//! ```

use crate::result::GameResult;
use std::{
    fmt::Write as _,
    io::{self, Write},
};

use shakmaty::{Chess, Color, Move, Position};

use super::{
    board::{self, Mark},
    severity_id, Sink, Summary,
};
use crate::{
    finding::{Finding, Kind, Severity},
    i18n::{self, ReportLang},
    notation::{
        languages::{by_code, english, Language},
        render,
    },
    replay::{null_move, with_nulls, GameRecord},
};

mod page;
pub use page::{write_document, write_frame, Drawn, Html, PageBound};

/// `&`, `<`, `>`, `"` and `'` as entities: everything from the input goes through here.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters (a damaged file's) are no characters of XML.
            c if c.is_control() && !matches!(c, '\n' | '\t') => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// One game as the report draws it. Messages are taken as they are: translate them first
/// ([`i18n::localise`]).
#[derive(Debug, Clone)]
pub struct GameView<'a> {
    /// The section's `id`, for links (letters, digits, `-`).
    pub anchor: String,
    /// Where the game is: `file:line`.
    pub place: String,
    /// The game's number in its file.
    pub number: u64,
    pub tags: &'a [(String, String)],
    /// The start position; `None` when the game could not be set up (no board then).
    pub start: Option<&'a Chess>,
    /// The mainline moves replayed from `start`, null moves left out.
    pub moves: &'a [Move],
    /// The 1-based plies of the mainline that were null moves (`--`): the turn passes there.
    pub null_plies: &'a [u32],
    /// The notation the moves are written out in.
    pub notation: &'a Language,
    pub findings: &'a [Finding],
    /// The result written after the moves.
    pub result: Option<GameResult>,
    /// The ply from which an illegal move stood (`--illegal stands`).
    pub irregular_from_ply: Option<u32>,
}

impl<'a> GameView<'a> {
    /// The view of a `validate` record.
    pub fn of(r: &'a GameRecord) -> GameView<'a> {
        GameView {
            anchor: anchor(&r.file, r.game),
            place: format!("{}:{}", r.file, r.line),
            number: r.game,
            tags: &r.tags.0,
            start: r.start.as_ref(),
            moves: &r.mainline,
            null_plies: &r.null_plies,
            notation: by_code(&r.lang).unwrap_or_else(english),
            findings: &r.findings,
            result: r.result,
            irregular_from_ply: r.irregular_from_ply,
        }
    }

    fn tag(&self, name: &str) -> Option<&'a str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The mainline ply by ply, `None` for a null move.
    fn plies(&self) -> Vec<Option<Move>> {
        with_nulls(self.moves, self.null_plies)
    }

    /// `file:line · game 3`.
    fn where_(&self, lang: ReportLang) -> String {
        format!(
            "{} · {} {}",
            self.place,
            i18n::ui(lang, "game").to_lowercase(),
            self.number
        )
    }

    /// `White – Black  1-0`.
    fn players(&self) -> String {
        format!(
            "{} – {}  {}",
            self.tag("White").unwrap_or("?"),
            self.tag("Black").unwrap_or("?"),
            self.result
                .map(GameResult::as_str)
                .or(self.tag("Result"))
                .unwrap_or("")
        )
    }
}

/// A stable `id` for a game: its file and number (hashed, so any file name will do).
pub fn anchor(file: &str, game: u64) -> String {
    // FNV-1a: stable across runs and builds, unlike the standard hasher.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in file.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("g{h:016x}-{game}")
}

/// Whether a finding gets a board: it concerns a point of the mainline whose position is
/// known (the position before its move, or, for a finding on the game as a whole, the
/// position at its ply).
/// `plies` counts the mainline's plies, null moves too.
pub fn needs_board(f: &Finding, start_known: bool, plies: usize) -> bool {
    start_known && f.variation.is_none() && (f.ply as usize) <= plies + 1
}

/// What happened at a ply, for the colour (and sign) of its move in the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Happened {
    Repaired,
    Offer,
    Claim,
    End,
    Error,
}

impl Happened {
    fn of(f: &Finding) -> Option<Happened> {
        Some(match f.kind {
            // An error about a move (not about the result, or the moves after the end).
            _ if f.severity == Severity::Error
                && f.move_text.is_some()
                && f.kind != Kind::MovesAfterEnd =>
            {
                Happened::Error
            }
            Kind::DrawOffer => Happened::Offer,
            Kind::Threefold | Kind::FiftyMoves => Happened::Claim,
            Kind::Checkmate
            | Kind::Stalemate
            | Kind::DeadPosition
            | Kind::Fivefold
            | Kind::SeventyFiveMoves => Happened::End,
            Kind::Notation | Kind::MoveNumber | Kind::NullMove => Happened::Repaired,
            _ => return None,
        })
    }

    fn class(self) -> &'static str {
        match self {
            Happened::Repaired => "h-fix",
            Happened::Offer => "h-offer",
            Happened::Claim => "h-claim",
            Happened::End => "h-end",
            Happened::Error => "h-err",
        }
    }

    /// The sign beside the move, so that the table reads without colour.
    fn sign(self) -> &'static str {
        match self {
            Happened::Repaired => "≈",
            Happened::Offer => "(=)",
            Happened::Claim => "½?",
            Happened::End => "■",
            Happened::Error => "✗",
        }
    }
}

const CSS: &str = r#"
:root{--err:#b00020;--fix:#8a5a00;--offer:#1f5fa8;--claim:#2e7d32;--end:#5b2a86}
body{font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;font-size:14px;color:#111;margin:1.5em auto;max-width:60em;padding:0 1em;line-height:1.35}
h1{font-size:1.6em;margin:.2em 0 .6em}
h2{font-size:1.25em;border-bottom:2px solid #444;padding-bottom:.15em;margin-top:1.6em}
h3{font-size:1.05em;margin:.8em 0 .3em}
a{color:#1f4f8f}
table{border-collapse:collapse}
td,th{padding:.15em .5em;text-align:left;vertical-align:top}
table.tags th{font-weight:normal;color:#555}
table.counts td.n,table.counts th.n{text-align:right}
table.counts td,table.counts th{border-bottom:1px solid #ccc}
table.moves{margin:.4em 0 1em}
table.moves td{border:1px solid #ccc;min-width:5.5em;font-family:"DejaVu Sans Mono",Consolas,monospace}
table.moves td.no{min-width:2em;text-align:right;color:#555;border:none}
table.moves td a{color:inherit;text-decoration:none}
.h-err{background:#fbd9de;color:var(--err);font-weight:bold}
.h-fix{background:#fff0c8;color:var(--fix)}
.h-offer{background:#dbe8f8;color:var(--offer)}
.h-claim{background:#dcefdc;color:var(--claim)}
.h-end{background:#e8dcf3;color:var(--end);font-weight:bold}
.sign{font-size:.85em;margin-left:.3em}
.legend span{display:inline-block;padding:0 .4em;margin:0 .4em .2em 0;border:1px solid #ccc}
.game{border-top:3px double #444;margin-top:2em;padding-top:.2em}
.finding{display:flex;flex-wrap:wrap;gap:1em;border-left:5px solid #999;padding:.3em .8em;margin:.8em 0;break-inside:avoid;page-break-inside:avoid}
.finding.sev-error{border-left:5px solid var(--err)}
.finding.sev-warning{border-left:5px dashed var(--fix)}
.finding.sev-info{border-left:5px dotted var(--offer)}
.finding .text{flex:1 1 20em;min-width:16em}
.finding .head{font-weight:bold}
.finding .sev{text-transform:uppercase;font-size:.8em;letter-spacing:.05em;border:1px solid currentColor;padding:0 .3em;margin-right:.4em}
.finding code,.move{font-family:"DejaVu Sans Mono",Consolas,monospace}
figure{margin:0}
figcaption{font-size:.85em;color:#333;max-width:380px}
.clean{font-size:.9em;color:#333}
.note{font-style:italic}
svg.board{display:block}
svg.board .pw{fill:#fff;stroke:#111;stroke-width:1.4;--d:#111}
svg.board .pb{fill:#222;stroke:#000;stroke-width:1.4;--d:#eee}
svg.board .tw{fill:#fff;stroke:#111;stroke-width:1.5}
svg.board .tb{fill:#111;stroke:#111;stroke-width:1.5}
svg.board .ap line{stroke:#1f5fa8;stroke-width:6;opacity:.8}
svg.board .ap path{fill:#1f5fa8;opacity:.8}
svg.board .as line{stroke:#2e7d32;stroke-width:6;opacity:.75}
svg.board .as path{fill:#2e7d32;opacity:.75}
svg.board .ai line{stroke:#b00020;stroke-width:4;stroke-dasharray:6 4;opacity:.9}
svg.board .ai path{fill:none;stroke:#b00020;stroke-width:2;opacity:.9}
svg.board .cross{stroke:#b00020;stroke-width:5;stroke-linecap:round;fill:none;opacity:.9}
symbol .d{stroke:var(--d);stroke-width:1.6;fill:var(--d)}
@page{size:A4;margin:12mm}
@media print{
 body{max-width:none;margin:0;padding:0;font-size:11pt}
 .game{page-break-before:always;break-before:page;border-top:none}
 a{color:inherit;text-decoration:none}
 .h-err,.h-fix,.h-offer,.h-claim,.h-end,svg.board{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
"#;

/// The page up to its body's content: title, styles, the piece drawings.
pub fn page_start(out: &mut String, title: &str, lang: ReportLang) {
    let code = match lang {
        ReportLang::En => "en",
        ReportLang::It => "it",
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>{t}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{}\n<h1>{t}</h1>\n",
        board::defs(),
        t = escape(title)
    );
}

/// The end of the page.
pub fn page_end(out: &mut String) {
    out.push_str("</body>\n</html>\n");
}

/// The legend of the move table's colours and signs.
pub fn legend(out: &mut String, lang: ReportLang) {
    let _ = write!(
        out,
        "<p class=\"legend\">{}: ",
        escape(i18n::ui(lang, "legend"))
    );
    for (h, id) in [
        (Happened::Error, "legend_error"),
        (Happened::Repaired, "legend_repaired"),
        (Happened::Offer, "legend_offer"),
        (Happened::Claim, "legend_claim"),
        (Happened::End, "legend_end"),
    ] {
        let _ = write!(
            out,
            "<span class=\"{}\">{} {}</span>",
            h.class(),
            escape(h.sign()),
            escape(i18n::ui(lang, id))
        );
    }
    let _ = writeln!(out, "<br/>{}</p>", escape(i18n::ui(lang, "arrow_meaning")));
}

fn side_words(c: Color, lang: ReportLang) -> String {
    let side = match c {
        Color::White => i18n::ui(lang, "white"),
        Color::Black => i18n::ui(lang, "black"),
    };
    format!("{side} {}", i18n::ui(lang, "to_move"))
}

/// `pos` after the mainline ply `ply`: the move played, or for a null move the turn passed
/// (`None` when the turn cannot pass there; replay would not have gone on either).
fn after_ply(pos: &mut Chess, ply: Option<Move>) -> Option<()> {
    match ply {
        Some(m) => pos.play_unchecked(m),
        None => *pos = null_move(pos, pos.castles().mode())?,
    }
    Some(())
}

/// The position before ply `ply` (1-based) of the mainline, when it is known.
fn position_before(g: &GameView, plies: &[Option<Move>], ply: u32) -> Option<Chess> {
    position_after(g, plies, ply.checked_sub(1)?)
}

/// The position after ply `ply` (0: the start).
fn position_after(g: &GameView, plies: &[Option<Move>], ply: u32) -> Option<Chess> {
    let mut pos = g.start?.clone();
    for &p in plies.get(..ply as usize)? {
        after_ply(&mut pos, p)?;
    }
    Some(pos)
}

/// The written move without its number (`12...Cf5` → `Cf5`).
fn without_number(text: &str) -> &str {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == text.len() {
        return text;
    }
    rest.trim_start_matches(['.', '…', ' '])
}

/// One game: its tags, its moves as on a scoresheet, and each finding with its board.
pub fn write_game(out: &mut String, g: &GameView, lang: ReportLang) {
    let _ = write!(
        out,
        "<section class=\"game\" id=\"{}\">\n<h2>{}</h2>\n<p class=\"place\">{}</p>\n",
        escape(&g.anchor),
        escape(&g.players()),
        escape(&g.where_(lang))
    );
    if !g.tags.is_empty() {
        out.push_str("<table class=\"tags\">");
        for (k, v) in g.tags {
            // The tag's name in the report's language (`Bianco`, `Evento`), a tag without
            // one under its own.
            let _ = write!(
                out,
                "<tr><th>{}</th><td>{}</td></tr>",
                escape(i18n::word(lang, "tag", k)),
                escape(v)
            );
        }
        out.push_str("</table>\n");
    }
    write_moves(out, g, &g.plies(), lang);
    if let Some(p) = g.irregular_from_ply {
        let _ = writeln!(
            out,
            "<p class=\"note\">{}</p>",
            escape(&i18n::fill(
                lang,
                "irregular_note",
                &[("ply", &p.to_string())]
            ))
        );
    }
    if g.findings.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", escape(i18n::ui(lang, "no_findings")));
    } else {
        let _ = writeln!(out, "<h3>{}</h3>", escape(i18n::ui(lang, "findings")));
    }
    let plies = g.plies();
    for (i, f) in g.findings.iter().enumerate() {
        write_finding(out, g, &plies, i, f, lang);
    }
    out.push_str("</section>\n");
}

/// The mainline as a scoresheet: move number, White, Black; the move a replay stopped at
/// last, as written.
fn write_moves(out: &mut String, g: &GameView, plies: &[Option<Move>], lang: ReportLang) {
    let Some(start) = g.start else {
        return;
    };
    // What happened at each ply, and the first finding there (for the link).
    let mut at: Vec<Option<(Happened, usize)>> = vec![None; plies.len() + 2];
    for (i, f) in g.findings.iter().enumerate() {
        if f.variation.is_some() || f.ply == 0 {
            continue;
        }
        if let (Some(h), Some(slot)) = (Happened::of(f), at.get_mut(f.ply as usize)) {
            match slot {
                Some((old, _)) if *old >= h => {}
                _ => *slot = Some((h, i)),
            }
        }
    }
    let mut cells: Vec<(u32, Color, String)> = Vec::with_capacity(plies.len() + 1);
    let mut pos = start.clone();
    for &p in plies {
        let text = match p {
            Some(m) => render::san_in(&pos, m, g.notation),
            None => "--".to_string(),
        };
        cells.push((pos.fullmoves().get(), pos.turn(), text));
        if after_ply(&mut pos, p).is_none() {
            break;
        }
    }
    // The move the replay stopped at, as written.
    let stop = plies.len() as u32 + 1;
    if let Some(f) = g
        .findings
        .iter()
        .find(|f| f.variation.is_none() && f.ply == stop && f.kind.is_move_error())
    {
        if let Some(text) = &f.move_text {
            cells.push((
                pos.fullmoves().get(),
                pos.turn(),
                without_number(text).to_string(),
            ));
        }
    }
    if cells.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<h3>{}</h3>\n<table class=\"moves\"><tr><th></th><th>{}</th><th>{}</th></tr>",
        escape(i18n::ui(lang, "move_list")),
        escape(i18n::ui(lang, "white")),
        escape(i18n::ui(lang, "black"))
    );
    let mut open = false;
    for (k, (number, side, san)) in cells.iter().enumerate() {
        let ply = k + 1;
        if *side == Color::White || !open {
            if open {
                out.push_str("</tr>");
            }
            let _ = write!(out, "<tr><td class=\"no\">{number}.</td>");
            if *side == Color::Black {
                out.push_str("<td>…</td>");
            }
            open = true;
        }
        match at.get(ply).copied().flatten() {
            Some((h, i)) => {
                let _ = write!(
                    out,
                    "<td class=\"{}\"><a href=\"#{}-f{i}\">{}<span class=\"sign\">{}</span></a></td>",
                    h.class(),
                    escape(&g.anchor),
                    escape(san),
                    escape(h.sign())
                );
            }
            None => {
                let _ = write!(out, "<td>{}</td>", escape(san));
            }
        }
        if *side == Color::Black {
            out.push_str("</tr>");
            open = false;
        }
    }
    if open {
        out.push_str("</tr>");
    }
    out.push_str("</table>\n");
    legend(out, lang);
}

fn write_finding(
    out: &mut String,
    g: &GameView,
    plies: &[Option<Move>],
    i: usize,
    f: &Finding,
    lang: ReportLang,
) {
    let sev = severity_id(f.severity);
    let _ = write!(
        out,
        "<div class=\"finding sev-{sev}\" id=\"{}-f{i}\"><div class=\"text\"><p class=\"head\"><span class=\"sev\">{}</span>{}",
        escape(&g.anchor),
        escape(i18n::word(lang, "severity", sev)),
        escape(i18n::word(lang, "kind", f.kind.id()))
    );
    if let Some(a) = f.article {
        let _ = write!(
            out,
            " · {} {}",
            escape(i18n::ui(lang, "article")),
            escape(a)
        );
    }
    out.push_str("</p>\n<p>");
    if let Some(m) = &f.move_text {
        let _ = write!(
            out,
            "{}: <code class=\"move\">{}</code> · ",
            escape(i18n::ui(lang, "written")),
            escape(m)
        );
    }
    let _ = write!(
        out,
        "{} {} · {} {}:{}",
        escape(i18n::ui(lang, "ply")),
        f.ply,
        escape(i18n::ui(lang, "line")),
        f.line,
        f.column
    );
    if let Some(d) = f.variation {
        let _ = write!(out, " · {} {d}", escape(i18n::ui(lang, "variation")));
    }
    let _ = write!(out, "</p>\n<p class=\"msg\">{}</p>", escape(&f.message));
    if let Some(s) = f.suggestions.as_ref().filter(|s| !s.is_empty()) {
        let list: Vec<String> = s
            .iter()
            .map(|x| format!("<code class=\"move\">{}</code>", escape(&x.san)))
            .collect();
        let _ = write!(
            out,
            "<p>{}: {}</p>",
            escape(i18n::ui(lang, "suggested")),
            list.join(", ")
        );
    }
    out.push_str("</div>");
    if needs_board(f, g.start.is_some(), plies.len()) {
        write_board(out, g, plies, f, lang);
    }
    out.push_str("</div>\n");
}

/// The board of a finding: before its move, with the move drawn; or, for a finding without
/// a move of its own, the position at its ply.
fn write_board(
    out: &mut String,
    g: &GameView,
    plies: &[Option<Move>],
    f: &Finding,
    lang: ReportLang,
) {
    let about_a_move = f.ply >= 1 && f.move_text.is_some();
    let pos = if about_a_move {
        position_before(g, plies, f.ply)
    } else {
        position_after(g, plies, f.ply.min(plies.len() as u32))
    };
    let Some(pos) = pos else {
        return;
    };
    let mut marks = Vec::new();
    if about_a_move {
        match plies.get(f.ply as usize - 1) {
            // A null move: nothing moved.
            Some(None) => {}
            // An illegal move that stood was played: drawn as the impossible move it is.
            Some(&Some(m)) if f.kind.is_move_error() => {
                if let Some(from) = m.from() {
                    marks.push(Mark::Impossible(from, m.to()));
                }
            }
            Some(&Some(m)) => {
                if let Some(from) = m.from() {
                    marks.push(Mark::Played(from, m.to()));
                }
            }
            None => {
                let written = f.move_text.as_deref().map(without_number).unwrap_or("");
                let squares = board::written_squares(written);
                match squares.as_slice() {
                    [.., from, to] => {
                        marks.push(Mark::Impossible(*from, *to));
                        marks.push(Mark::Cross(*to));
                    }
                    [to] => marks.push(Mark::Cross(*to)),
                    [] => {}
                }
                for s in f.suggestions.iter().flatten().take(3) {
                    if let Some((a, b)) = board::uci_squares(&s.uci) {
                        marks.push(Mark::Suggested(a, b));
                    }
                }
            }
        }
    }
    let to_move = side_words(pos.turn(), lang);
    let caption = if about_a_move {
        i18n::ui(lang, "position_before").to_string()
    } else {
        format!("{} {}", i18n::ui(lang, "ply"), f.ply)
    };
    let _ = write!(
        out,
        "<figure>{}<figcaption>{} · {}</figcaption></figure>",
        board::svg(&pos, &marks, &escape(&to_move)),
        escape(&caption),
        escape(&to_move)
    );
}

#[cfg(test)]
mod tests {
    use super::page::*;
    use super::*;

    #[test]
    fn escapes_what_input_brings() {
        assert_eq!(
            escape("<b>\"R&D\"</b> 'x'\u{1}"),
            "&lt;b&gt;&quot;R&amp;D&quot;&lt;/b&gt; &#39;x&#39;\\u{1}"
        );
        assert_eq!(without_number("12...Cf5"), "Cf5");
        assert_eq!(without_number("3.e4"), "e4");
        assert_eq!(without_number("Cf5"), "Cf5");
    }

    #[test]
    fn frames_round_trip() {
        let mut buf = Vec::new();
        buf.push(FRAME_CLEAN);
        put_part(&mut buf, b"a");
        put_part(&mut buf, b" (x)");
        buf.push(FRAME_ERRORS);
        put_part(&mut buf, b"b");
        put_part(&mut buf, b" (y)");
        put_part(&mut buf, b"g1");
        put_part(&mut buf, b"<section/>");
        // A frame cut short is dropped, never read past its end.
        buf.push(FRAME_GAME);
        put_part(&mut buf, b"c");
        let f = read_frames(&buf);
        assert_eq!(f.len(), 2);
        assert_eq!(
            (f[0].players, f[0].tail, f[0].section),
            (&b"a"[..], &b" (x)"[..], None)
        );
        assert!(f[1].errors);
        assert_eq!(f[1].section, Some((&b"g1"[..], &b"<section/>"[..])));
    }
}
