// The arbiter's desk: the page's buttons call the library compiled to WebAssembly
// (scoresheet_web.js, made by web/build.sh). Nothing is sent anywhere.
import init, { convert, validate_page, audit_envelope, reconcile, position } from "./scoresheet_web.js";

const $ = (id) => document.getElementById(id);

const WORDS = {
  en: {
    title: "The arbiter's desk",
    lead: "Reads games the way players and arbiters write them, replays them under the FIDE Laws and says what is wrong. Everything stays on this computer: no game leaves the page.",
    ui_lang: "Language", loading: "Loading…", ready: "Ready", games_h: "Games, scoresheets, articles",
    text_ph: "Type or paste a game, a scoresheet or an article; or open a file.",
    open_file: "Open a file", from_lang: "Notation", auto: "detected", repair: "repair slips (--repair)", prose: "games in running text (--prose)",
    convert: "Convert to PGN", validate: "Validate", pgn_h: "Standard PGN (English)", download: "Download the PGN",
    envelope_h: "Envelope of an adjourned game",
    envelope_p: "An envelope file (TOML, JSON or text) as scoresheet envelope reads it, with the scoresheets inside the envelope.",
    audit: "Audit the envelope", reconcile_h: "Two scoresheets of one game", white_ph: "White's scoresheet",
    black_ph: "Black's scoresheet", reconcile: "Reconcile", position_h: "A position (FEN)", judge: "Judge",
    footer: "scoresheet, compiled to WebAssembly: the same library as the command-line program.",
    no_file: "Choose an envelope file first.", games: "games", whole: "converted whole",
  },
  it: {
    title: "Il tavolo dell'arbitro",
    lead: "Legge le partite come le scrivono giocatori e arbitri, le rigioca secondo il Regolamento FIDE e dice che cosa non va. Tutto resta su questo computer: nessuna partita lascia la pagina.",
    ui_lang: "Lingua", loading: "Caricamento…", ready: "Pronto", games_h: "Partite, formulari, articoli",
    text_ph: "Scrivete o incollate una partita, un formulario o un articolo; oppure aprite un file.",
    open_file: "Apri un file", from_lang: "Notazione", auto: "riconosciuta", repair: "ripara i lapsus (--repair)", prose: "partite in un testo (--prose)",
    convert: "Converti in PGN", validate: "Verifica", pgn_h: "PGN standard (inglese)", download: "Scarica il PGN",
    envelope_h: "Busta di una partita aggiornata",
    envelope_p: "Un file di busta (TOML, JSON o testo) come lo legge scoresheet envelope, con i formulari dentro la busta.",
    audit: "Esamina la busta", reconcile_h: "Due formulari della stessa partita", white_ph: "Il formulario del Bianco",
    black_ph: "Il formulario del Nero", reconcile: "Concilia", position_h: "Una posizione (FEN)", judge: "Esamina",
    footer: "scoresheet, compilato in WebAssembly: la stessa libreria del programma a riga di comando.",
    no_file: "Scegliete prima un file di busta.", games: "partite", whole: "convertite per intero",
  },
};

const lang = () => $("ui-lang").value;
const word = (k) => WORDS[lang()][k] ?? WORDS.en[k] ?? k;

function translate() {
  document.documentElement.lang = lang();
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = word(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = word(el.dataset.i18nPlaceholder);
}

// A file's text: gzip undone in the browser (DecompressionStream), bytes that are not UTF-8
// read as Latin-1, as the command-line program reads them.
async function fileText(file) {
  let stream = file.stream();
  if (file.name.toLowerCase().endsWith(".gz")) stream = stream.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

function fail(where, e) {
  where.innerHTML = "";
  const p = document.createElement("p");
  p.className = "error-text";
  p.textContent = String(e && e.message ? e.message : e);
  where.appendChild(p);
}

let lastPgn = "";
// The name the reports give the text: the file it came from, else `-` (standard input, as
// the command-line program calls it).
let textName = "-";

async function main() {
  $("ui-lang").value = navigator.language && navigator.language.startsWith("it") ? "it" : (localStorage.getItem("desk-lang") || "it");
  translate();
  $("ui-lang").addEventListener("change", () => { localStorage.setItem("desk-lang", lang()); translate(); });
  await init();
  // The library's functions, for the browser test (and a curious arbiter's console).
  window.desk = { convert, validate_page, audit_envelope, reconcile, position };
  $("ready").textContent = word("ready");
  $("ready").dataset.i18n = "ready";
  document.body.dataset.ready = "1";

  $("file").addEventListener("change", async () => {
    const f = $("file").files[0];
    if (f) {
      $("text").value = await fileText(f);
      textName = f.name;
    }
  });
  $("text").addEventListener("input", () => { textName = "-"; });

  $("convert").addEventListener("click", () => {
    try {
      const c = convert($("text").value, textName, $("from-lang").value, "en", $("repair").checked, $("prose").checked);
      lastPgn = c.pgn;
      $("pgn").value = c.pgn;
      $("notes").textContent = `${c.games} ${word("games")}, ${c.whole} ${word("whole")}\n${c.notes}`;
      $("convert-out").hidden = false;
    } catch (e) {
      $("convert-out").hidden = false;
      $("pgn").value = "";
      $("notes").textContent = String(e.message || e);
    }
  });

  $("download").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([lastPgn], { type: "application/x-chess-pgn" }));
    a.download = "games.pgn";
    a.click();
    URL.revokeObjectURL(a.href);
  });

  $("validate").addEventListener("click", () => {
    try {
      const v = validate_page($("text").value, textName, $("from-lang").value, lang(), $("prose").checked);
      // The page of `validate --format html`, its styles and drawings with it.
      $("report").innerHTML = v.html;
      $("report").dataset.status = String(v.status);
      $("report").scrollIntoView();
    } catch (e) {
      fail($("report"), e);
    }
  });

  $("audit").addEventListener("click", async () => {
    const f = $("envelope-file").files[0];
    if (!f) {
      $("verdict").textContent = word("no_file");
      return;
    }
    const a = audit_envelope(await fileText(f), f.name, lang());
    const v = $("verdict");
    v.textContent = a.verdict_line || a.verdict;
    v.dataset.verdict = a.verdict;
    v.dataset.rule = a.rule;
    v.dataset.result = a.result;
    v.dataset.status = String(a.status);
    $("envelope-report").innerHTML = a.html;
    // How many audits are done: the file is read before the audit, so a click returns first.
    v.dataset.audits = String(Number(v.dataset.audits || 0) + 1);
  });

  $("reconcile").addEventListener("click", () => {
    const r = reconcile($("white-copy").value, $("black-copy").value, lang());
    if (r.error) {
      fail($("reconciled"), r.error);
    } else {
      $("reconciled").innerHTML = r.html;
    }
  });

  $("judge").addEventListener("click", () => {
    const j = position($("fen").value, lang());
    $("judgement").textContent = j.text;
    $("judgement").dataset.json = j.json;
  });
}

main().catch((e) => {
  $("ready").textContent = String(e.message || e);
  $("ready").classList.add("error");
});
