#!/usr/bin/env bash
# Builds the arbiter's desk into web/dist/: index.html, desk.js, desk.css and the library
# compiled to WebAssembly (scoresheet_web_bg.wasm with its module scoresheet_web.js). Serve the
# folder as static files (any static host; `python3 -m http.server -d web/dist` here); the page
# asks nothing of any other host. Installs what it needs: the wasm32 target and the
# wasm-bindgen command line at the version Cargo.lock pins for the crate.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-unknown-unknown >/dev/null
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
    echo "installing wasm-bindgen-cli $version (a few minutes, once)..." >&2
    cargo install --quiet wasm-bindgen-cli --version "$version"
fi
cargo build --quiet -p scoresheet-web --profile web --target wasm32-unknown-unknown
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist \
    target/wasm32-unknown-unknown/web/scoresheet_web.wasm
cp web/static/index.html web/static/desk.js web/static/desk.css web/dist/
ls -l web/dist >&2
