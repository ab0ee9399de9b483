//! The whole envelope: the TOML document read, each item in its turn, the scoresheets, and
//! the items that are missing.

use crate::message::Message;
use std::path::{Path, PathBuf};

use super::{
    canonical, items,
    raw::{line_of, movetext, parse, value_text},
    Envelope, Item, ItemError, Malformed, Source, KEYS,
};
use crate::{envelope::text::Msg, notation::languages::by_code};

/// Read an envelope. `base` is the folder scoresheet files are relative to.
pub fn read(text: &str, base: &Path) -> Result<Envelope, Malformed> {
    let raw = parse(text)?;
    let line = |span: std::ops::Range<usize>| line_of(text, span.start);
    let mut env = Envelope::default();
    if let Ok(table) = text.parse::<toml::Table>() {
        env.keys = table
            .keys()
            .filter_map(|k| canonical(k).map(|c| (c, k.clone())))
            .collect();
        let italian = env.keys.iter().filter(|(c, k)| c != k).count();
        env.italian_keys = italian * 2 > env.keys.len();
    }

    items::players(&mut env, raw.white, raw.black, text);
    let white = env.white.as_ref().map(|i| i.value.clone());
    let black = env.black.as_ref().map(|i| i.value.clone());
    let names = (white.as_deref(), black.as_deref());
    items::position(&mut env, raw.position, text);
    items::times(&mut env, raw.white_time, raw.black_time, text);
    items::time_control(&mut env, raw.time_control, text);
    items::sealer(&mut env, raw.sealer, names, text);
    items::sealed_number(&mut env, raw.sealed_move_number, text);
    items::draw_offer(&mut env, raw.draw_offer, names, text);
    items::resumption(
        &mut env,
        raw.resumption_date,
        raw.resumption_time,
        raw.resumption_place,
        text,
    );

    // The sealed move and the scoresheets.
    if let Some(v) = raw.sealed_move {
        let l = line(v.span());
        env.sealed_move = Some(Item {
            value: v.into_inner(),
            line: l,
        });
    }
    for (i, (inline, file, key_inline, key_file)) in [
        (
            raw.white_scoresheet,
            raw.white_scoresheet_file,
            "white_scoresheet",
            "white_scoresheet_file",
        ),
        (
            raw.black_scoresheet,
            raw.black_scoresheet_file,
            "black_scoresheet",
            "black_scoresheet_file",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        match (inline, file) {
            (Some(a), Some(b)) => {
                let l = line(b.span());
                let la = line(a.span());
                env.scoresheets[i] = Some(Item {
                    value: Source::Inline(movetext(a.into_inner())),
                    line: la,
                });
                let (ki, kf) = (env.key_name(key_inline), env.key_name(key_file));
                env.error(
                    key_file,
                    Some(l),
                    Msg::say(
                        Message::new("read_give_scoresheet_inline_or")
                            .text("ki", ki)
                            .text("kf", kf),
                    ),
                );
            }
            (Some(a), None) => {
                let la = line(a.span());
                env.scoresheets[i] = Some(Item {
                    value: Source::Inline(movetext(a.into_inner())),
                    line: la,
                })
            }
            (None, Some(b)) => {
                let l = line(b.span());
                let p = PathBuf::from(b.into_inner().trim());
                let p = if p.is_absolute() { p } else { base.join(p) };
                env.scoresheets[i] = Some(Item {
                    value: Source::File(p),
                    line: l,
                });
            }
            (None, None) => {}
        }
    }

    if let Some(v) = raw.language {
        let l = line(v.span());
        let s = v.into_inner();
        match by_code(s.trim()) {
            Some(lang) => env.language = Some(lang),
            None => env.error(
                "language",
                Some(l),
                Msg::say(Message::new("read_not_notation_language_en").text("value", s.trim())),
            ),
        }
    }
    env.event = raw.event.and_then(|v| value_text(v.get_ref()));
    env.round = raw.round.and_then(|v| value_text(v.get_ref()));
    env.board = raw.board.and_then(|v| value_text(v.get_ref()));
    env.arbiter = raw.arbiter.and_then(|v| value_text(v.get_ref()));
    env.notes = raw.notes.and_then(|v| value_text(v.get_ref()));

    // Missing items.
    let missing: Vec<(&'static str, bool)> = vec![
        ("white", env.white.is_none()),
        ("black", env.black.is_none()),
        ("position", env.position.is_none()),
        ("white_time", env.white_time.is_none()),
        ("black_time", env.black_time.is_none()),
        ("sealer", env.sealer.is_none()),
        ("sealed_move_number", env.sealed_number.is_none()),
        ("resumption_date", env.resumption_date.is_none()),
        ("resumption_time", env.resumption_time.is_none()),
        ("resumption_place", env.resumption_place.is_none()),
        ("white_scoresheet", env.scoresheets[0].is_none()),
        ("black_scoresheet", env.scoresheets[1].is_none()),
    ];
    for (key, absent) in missing {
        // an item written but unreadable already has its error
        if absent && !env.errors.iter().any(|e| e.item == key) {
            let (_, _, art, what) =
                KEYS.iter()
                    .find(|(k, ..)| *k == key)
                    .copied()
                    .unwrap_or((key, &[], "", ""));
            let name = env.key_name(key);
            env.errors.push(ItemError {
                item: key,
                article: art,
                line: None,
                message: Msg::say(
                    Message::new("read_missing_not_envelope")
                        .text("name", name)
                        .both("what", what, art),
                ),
            });
        }
    }
    Ok(env)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use shakmaty::Color;

    use super::*;

    #[test]
    fn unknown_key_is_named() {
        let e = read("white = \"a\"\ncolour = \"b\"\n", Path::new(".")).unwrap_err();
        assert_eq!(e.item.as_deref(), Some("colour"));
        assert_eq!(e.line, Some(2));
        let e = read("sealed_mvoe = \"Nf3\"\n", Path::new(".")).unwrap_err();
        assert!(
            e.message.contains("did you mean `sealed_move`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn italian_aliases() {
        let env = read(
            "bianco = \"Rossi\"\nnero = \"Bianchi\"\nsigillante = \"Bianchi\"\nmossa_sigillata = \"Cf6\"\n",
            Path::new("."),
        )
        .unwrap();
        assert_eq!(env.sealer.unwrap().value.side, Color::Black);
        assert_eq!(env.sealed_move.unwrap().value, "Cf6");
    }

    #[test]
    fn keys_are_named_as_written() {
        let env = read(
            "bianco = \"Rossi\"\nnero = \"Bianchi\"\ndata_ripresa = \"31/02/2025\"\n",
            Path::new("."),
        )
        .unwrap();
        assert!(env.italian_keys);
        assert_eq!(env.key_name("resumption_date"), "data_ripresa");
        // not written: named by its Italian alias
        assert_eq!(env.key_name("sealed_move"), "mossa_sigillata");
        let e = env
            .errors
            .iter()
            .find(|e| e.item == "resumption_date")
            .unwrap();
        assert!(
            e.message.it.contains("il 31 febbraio 2025 non esiste"),
            "{}",
            e.message.it
        );
        let missing = env.errors.iter().find(|e| e.item == "sealer").unwrap();
        assert!(
            missing.message.it.contains("`sigillante`"),
            "{}",
            missing.message.it
        );
        let e = read("bianco = \"a\"\ncolore = \"b\"\n", Path::new(".")).unwrap_err();
        assert!(!e.message_it.contains("unknown"), "{}", e.message_it);
    }

    #[test]
    fn bad_values_are_item_errors() {
        let env = read(
            "position = \"8/8/8/8/8/8/8/8 w - - 0 1\"\nwhite_time = \"-0:10\"\nresumption_date = \"31/02/2026\"\n",
            Path::new("."),
        )
        .unwrap();
        let items: Vec<&str> = env.errors.iter().map(|e| e.item).collect();
        assert!(items.contains(&"position"));
        assert!(items.contains(&"white_time"));
        assert!(items.contains(&"resumption_date"));
        let e = env.errors.iter().find(|e| e.item == "position").unwrap();
        assert_eq!(e.line, Some(1));
        let e = read("white = 42\n", Path::new(".")).unwrap_err();
        assert_eq!(e.item.as_deref(), Some("white"));
    }
}
