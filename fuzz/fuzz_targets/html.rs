//! Every printer of `validate` on whatever the reader accepts: text, JSON Lines, CSV and the
//! HTML page (its move table and boards replay the mainline, null moves and illegal moves
//! that stand included), in English and Italian. A printer only formats; it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::{
    i18n::ReportLang,
    notation::split::GameSplitter,
    replay::{validate, IllegalPolicy, Options},
    report::{html, localised::sink_in, Format, Sink, Summary},
};

fuzz_target!(|data: &[u8]| {
    for illegal in [IllegalPolicy::Stop, IllegalPolicy::Stands] {
        let opts = Options {
            illegal,
            ..Options::default()
        };
        let records: Vec<_> = GameSplitter::new(data)
            .map(|g| validate(&g.expect("reading from memory cannot fail"), "fuzz", &opts))
            .collect();
        for lang in [ReportLang::En, ReportLang::It] {
            for format in [Format::Text, Format::Jsonl, Format::Csv, Format::Html] {
                let printer = sink_in(format, false, lang);
                let mut out = Vec::new();
                let mut summary = Summary::default();
                for r in &records {
                    printer.record(&mut out, r).expect("writing to memory");
                    summary.add(r);
                }
                if format == Format::Html {
                    let mut page = Vec::new();
                    html::write_document(&mut page, &out, &summary, lang, html::PageBound::games(3))
                        .expect("writing to memory");
                    assert!(page.ends_with(b"</html>\n"));
                }
            }
        }
    }
});
