#!/usr/bin/env bash
# The browser test of the arbiter's desk (web/test.py): installs Debian's chromium and
# chromium-driver when they are missing (as root; otherwise the test is skipped with a
# message), Selenium in a virtual environment under target/, builds the page (web/build.sh)
# and the command-line program it is compared with, then drives the page in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if [ "$(id -u)" != 0 ]; then
        echo "web/test.sh: skipped: chromium and chromium-driver are not installed (apt-get install chromium chromium-driver, as root)" >&2
        exit 0
    fi
    echo "installing chromium and chromium-driver..." >&2
    (apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1) ||
        (apt-get update -qq >/dev/null && apt-get install -y -qq chromium chromium-driver >/dev/null)
fi
venv=target/web-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check selenium
cargo build --release --quiet
web/build.sh
"$venv/bin/python" web/test.py
# The pictures in the README and docs/ are made here, from the current program, so that they
# cannot go stale: web/test.py takes the desk's (docs/desk*.png); the arbiter's report is the
# golden page the Rust tests check (corpora/html/sample.it.html).
tests/gen/screenshot.sh corpora/html/sample.it.html docs/report-it.png
