#!/usr/bin/env bash
# The Python package's tests: a virtual environment under target/, `pip install ./python`
# (maturin builds the module), pytest against the command-line program.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check pytest
"$venv/bin/pip" install --quiet --disable-pip-version-check ./python
cargo build --release --quiet
"$venv/bin/python" -m pytest -q python/tests
