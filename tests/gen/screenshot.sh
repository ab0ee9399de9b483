#!/bin/sh
# Renders the golden HTML report (corpora/html/sample.it.html) with headless Chromium to
# docs/report-it.png, the picture in the README. web/test.sh runs it (so the picture follows the
# golden file); by hand from the crate root: `apt-get install chromium` on Debian.
set -eu
cd "$(dirname "$0")/../.."
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "screenshot.sh: no chromium found (apt-get install chromium)" >&2
    exit 2
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
page=${1:-corpora/html/sample.it.html}
png=${2:-docs/report-it.png}
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size=1000,2300 \
    --screenshot="$PWD/$png" "file://$PWD/$page" 2>/dev/null
echo "screenshot.sh: $png"
