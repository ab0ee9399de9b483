#!/usr/bin/env python3
"""The arbiter's desk in a real browser: headless Chromium driven by Selenium against the
built page (web/dist/) served on 127.0.0.1, each answer compared with the command-line
program's for the same input (target/release/scoresheet): an Italian scoresheet converted,
a game with an illegal move validated (a board in the report, the report byte for byte the
CLI's page), every bundled envelope whose scoresheets are inside it audited (the CLI's verdict),
a position judged, and no request made beyond the page's own files.

Run by web/test.sh, which installs Chromium, its driver and Selenium, and builds the page and
the program. Writes docs/desk.png (the page after converting a scoresheet) and docs/desk-report.png (the
report of a game with an illegal move) and prints the module's
size and the time to validate 1,000 games in the page (for the README; never asserted).
"""

import functools
import http.server
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parent.parent
DIST = REPO / "web" / "dist"
CLI = REPO / "target" / "release" / "scoresheet"

ITALIAN_SHEET = """[Event "Circolo, turno 3"]
[White "Rossi, Mario"]
[Black "Bianchi, Luca"]
[Result "1-0"]

1. e4 c5 2. Cf3 d6 3. d4 cxd4 4. Cxd4 Cf6 5. Cc3 a6 6. Ae2 e5 7. Cb3 Ae7
8. O-O O-O 9. Ae3 Ae6 10. Dd2 Cbd7 11. a4 Tc8 12. f3 Dc7 13. Tfc1 1-0
"""

ILLEGAL_GAME = """[Event "Torneo sociale"]
[White "Verdi"]
[Black "Neri"]
[Result "*"]

1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. O-O Ae7 6. Te1 b5 7. Ab3 d6 8. Cf5 *
"""

failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def cli(args, stdin):
    run = subprocess.run([str(CLI), *args], input=stdin.encode(), capture_output=True, cwd=REPO)
    return run.stdout.decode(), run.returncode


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve():
    handler = functools.partial(Quiet, directory=str(DIST))
    handler.extensions_map = {**Quiet.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser():
    o = webdriver.ChromeOptions()
    o.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--window-size=1200,1400",
        f"--user-data-dir={tempfile.mkdtemp(prefix='desk-chromium-')}",
    ]:
        o.add_argument(flag)
    o.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    service = webdriver.ChromeService(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=o, service=service)


def put_text(d, element_id, text):
    # Typing thousands of characters key by key is slow; the page reads the value.
    d.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event('input'));",
        element_id,
        text,
    )


def audit(d, path):
    """The page's verdict on one envelope file: the audit is done when its count moves on."""
    verdict = d.find_element(By.ID, "verdict")
    done = verdict.get_attribute("data-audits") or "0"
    d.find_element(By.ID, "envelope-file").send_keys(str(path))
    d.find_element(By.ID, "audit").click()
    WebDriverWait(d, 60).until(lambda d: (verdict.get_attribute("data-audits") or "0") != done)
    return verdict.get_attribute("data-verdict") or ""


def main():
    server, origin = serve()
    d = browser()
    try:
        d.get(origin + "index.html")
        WebDriverWait(d, 60).until(lambda d: d.execute_script("return document.body.dataset.ready === '1'"))
        check(True, "the page loads its module")
        d.execute_script("document.getElementById('ui-lang').value = 'it';"
                         "document.getElementById('ui-lang').dispatchEvent(new Event('change'));")

        # 1. An Italian scoresheet to English PGN, as `convert` gives it.
        put_text(d, "text", ITALIAN_SHEET)
        d.find_element(By.ID, "convert").click()
        pgn = d.find_element(By.ID, "pgn").get_property("value")
        want, _ = cli(["convert", "-q", "-"], ITALIAN_SHEET)
        check(pgn == want, "#convert gives the PGN of `scoresheet convert`")
        check("3. d4 cxd4 4. Nxd4 Nf6" in pgn and "[White \"Rossi, Mario\"]" in pgn, "the PGN is in English letters")
        (REPO / "docs").mkdir(exist_ok=True)
        d.execute_script("window.scrollTo(0, 0)")
        d.save_screenshot(str(REPO / "docs" / "desk.png"))

        # 1b. A published Italian text, read with --prose and --repair, as the CLI reads it.
        article = (REPO / "corpora" / "prose" / "evergreen-column.txt").read_text(encoding="utf-8")
        put_text(d, "text", article)
        d.execute_script("document.getElementById('prose').checked = true;"
                         "document.getElementById('repair').checked = true;")
        d.find_element(By.ID, "convert").click()
        pgn = d.find_element(By.ID, "pgn").get_property("value")
        want, _ = cli(["convert", "-q", "--prose", "--repair", "-"], article)
        check(pgn == want and "24. Bxe7# 1-0" in pgn, "--prose: a published text's game, as the CLI reads it")
        d.execute_script("document.getElementById('prose').checked = false;"
                         "document.getElementById('repair').checked = false;")

        # 2. A game with an illegal move: the arbiter's page with a board.
        put_text(d, "text", ILLEGAL_GAME)
        d.find_element(By.ID, "validate").click()
        boards = d.find_elements(By.CSS_SELECTOR, "#report svg.board")
        check(len(boards) >= 1, "#validate draws a board in #report")
        report = d.execute_script("return document.getElementById('report').innerHTML")
        check("mossa illegale" in report, "the report is in Italian")
        want, _ = cli(["validate", "-q", "--format", "html", "--report-lang", "it", "-"], ILLEGAL_GAME)
        got = d.execute_script(
            "return window.desk.validate_page(arguments[0], '-', 'auto', 'it', false).html", ILLEGAL_GAME
        )
        check(got == want, "the page's report is the page of `validate --format html`")
        d.execute_script("document.getElementById('report').scrollIntoView()")
        d.save_screenshot(str(REPO / "docs" / "desk-report.png"))

        # 3. Envelopes: every one whose scoresheets are inside it, verdict as the CLI gives it.
        envelopes = sorted(
            p for p in (REPO / "corpora" / "envelopes").iterdir()
            if p.suffix in (".toml", ".json", ".txt") and "_file" not in p.read_text(encoding="utf-8", errors="replace")
        )
        agree = 0
        for p in envelopes:
            out, _ = cli(["envelope", "--format", "json", str(p)], "")
            try:
                want = json.loads(out.splitlines()[0]).get("verdict") or ""
            except (json.JSONDecodeError, IndexError):
                want = ""
            got = audit(d, p)
            d.execute_script("document.getElementById('envelope-file').value = ''")
            if got == want:
                agree += 1
            else:
                print(f"      {p.name}: page {got!r}, CLI {want!r}")
        check(agree == len(envelopes) and agree >= 10,
              f"#audit gives the CLI's verdict for {agree} of {len(envelopes)} envelopes")
        verdict_text = ""
        ambiguous = REPO / "corpora" / "envelopes" / "ambiguous.toml"
        audit(d, ambiguous)
        verdict_text = d.find_element(By.ID, "verdict").text
        check(d.find_element(By.ID, "verdict").get_attribute("data-verdict") == "sealer_loses"
              and "I.8.1" in verdict_text, f"#verdict of ambiguous.toml: {verdict_text!r}")

        # 4. A position.
        put_text(d, "fen", "8/8/4k3/8/8/8/3B4/4K3 b - - 0 1")
        d.find_element(By.ID, "judge").click()
        judged = json.loads(d.find_element(By.ID, "judgement").get_attribute("data-json"))
        want, _ = cli(["position", "--format", "jsonl", "--report-lang", "it", "8/8/4k3/8/8/8/3B4/4K3 b - - 0 1"], "")
        check(judged == json.loads(want), "the position's judgement is the CLI's")

        # 5. Nothing but the page's own files was asked for.
        foreign = []
        for entry in d.get_log("performance"):
            m = json.loads(entry["message"])["message"]
            if m.get("method") == "Network.requestWillBeSent":
                url = m["params"]["request"]["url"]
                # The browser's own pages (its new tab, before the page is opened) are not
                # the page's requests.
                if not url.startswith((origin, "data:", "blob:", "chrome:", "chrome-untrusted:", "about:")):
                    foreign.append(url)
        check(not foreign, f"no request beyond the page's own files ({foreign[:3]})")

        # 6. Figures for the README: the module's size, 1,000 games validated in the page.
        sizes = {p.name: p.stat().st_size for p in DIST.iterdir()}
        games = "\n".join(ILLEGAL_GAME if i % 10 == 0 else ITALIAN_SHEET for i in range(1000))
        put_text(d, "text", games)
        t0 = time.time()
        d.find_element(By.ID, "validate").click()
        WebDriverWait(d, 300).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#report table.counts"))
        seconds = time.time() - t0
        print(f"figures: module {sizes.get('scoresheet_web_bg.wasm', 0) / 1e6:.2f} MB "
              f"(scoresheet_web.js {sizes.get('scoresheet_web.js', 0) / 1e3:.1f} kB); "
              f"1,000 games validated in the page in {seconds:.1f} s")
    finally:
        d.quit()
        server.shutdown()
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("web: every check passed")


if __name__ == "__main__":
    main()
