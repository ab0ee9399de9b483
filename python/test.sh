#!/usr/bin/env bash
# The Python package's tests: a virtual environment under target/, `pip install ./python`
# (maturin builds the module), pytest against the command-line program; pyarrow (14 or later:
# the Arrow PyCapsule interface) for validate_table.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-venv
# A venv copied from another checkout still runs (and installs into) that checkout's: make one.
if [ ! -x "$venv/bin/python" ] ||
    [ "$("$venv/bin/python" -c 'import sys; print(sys.prefix)')" != "$PWD/$venv" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check pytest 'pyarrow>=14'
"$venv/bin/pip" install --quiet --disable-pip-version-check ./python
cargo build --release --quiet
"$venv/bin/python" -m pytest -q python/tests
