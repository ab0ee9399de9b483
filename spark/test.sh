#!/usr/bin/env bash
# The Spark job against one `scoresheet validate` run: records equal, byte for byte and in
# order, with local[2] and 2 MB splits; also when tasks fail on their first attempt, when
# ranges are streamed to standard input, and in CSV. Installs pyspark into a virtual
# environment (SPARK_VENV, default under TMPDIR) and Java from Debian's packages if missing.
# Then the Parquet job (spark/validate_parquet.py) against `scoresheet.validate_table` on the same
# files; `spark/test.sh parquet` runs that part alone. It is skipped, with a message, where the
# Python package, pyarrow or pandas cannot be installed.
# Exit status: 0 when every comparison holds.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tmp=${TMPDIR:-/tmp}
venv=${SPARK_VENV:-$tmp/scoresheet-spark-venv}

if ! command -v java >/dev/null; then
    apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -c 'import pyspark' 2>/dev/null || "$venv/bin/pip" install -q pyspark
cargo build --release -q
bin=$repo/target/release/scoresheet

work=$(mktemp -d "$tmp/scoresheet-spark-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The Parquet job: the lichess layout made of bundled games (with rows of no movetext), two
# files of small row groups, validated by Spark on local[2]; its rows must be validate_table's
# rows of the same files (matched by Site: Spark orders the files its own way).
parquet_test() {
    # (pyspark's mapInArrow asks for pandas, though no row goes through it)
    if ! { "$venv/bin/python" -c 'import pyarrow, pandas' 2>/dev/null || "$venv/bin/pip" install -q pyarrow pandas; } ||
        ! "$venv/bin/pip" install -q --disable-pip-version-check ./python; then
        echo "skipped: the Parquet job (pyarrow, pandas or the scoresheet package cannot be installed)"
        return 0
    fi
    mkdir -p "$work/parquet/in"
    "$venv/bin/python" spark/parquet_check.py make "$work/parquet" ||
        { echo "FAILED: making the Parquet input"; return 1; }
    "$venv/bin/python" spark/validate_parquet.py --master 'local[2]' --keep Site,Event \
        --out "$work/parquet/out" "$work/parquet/in" 2> "$work/parquet.log" >/dev/null ||
        { echo "FAILED: validate_parquet"; tail -20 "$work/parquet.log"; return 1; }
    "$venv/bin/python" spark/parquet_check.py check "$work/parquet"
}
if [ "${1:-}" = parquet ]; then
    parquet_test
    exit $?
fi

# Inputs: the bundled corpora (small files: one range each), a file of several splits made
# of them (games whose comments and variations hold blank lines and tags, tag-less
# scoresheets, broken games), a compressed file (one task, whole), and the largest shared
# archives when they are beside the checkout (or where SCORESHEET_SHARED says).
big=$work/big.pgn
while [ "$(stat -c %s "$big" 2>/dev/null || echo 0)" -lt 5000000 ]; do
    for f in corpora/golden/errors.pgn corpora/convert/*.pgn corpora/convert/*.txt corpora/laws/*.pgn corpora/localized/*.pgn; do
        cat "$f"; printf '\n'
    done >> "$big"
done
gzip -c corpora/golden/errors.pgn > "$work/errors.pgn.gz"
# A game whose comment, across the first 2 MB cut, holds thousands of games' text: the task
# after the cut finds them all before the true next game and must be run again.
comment=$work/comment.pgn
head -c 1500000 "$big" > "$comment"
printf '\n\n[Event "long comment"]\n\n1. e4 {' >> "$comment"
for _ in $(seq 40000); do printf '\n\n[Event "in a comment"]\n\n1. d4 *'; done >> "$comment"
printf ' } e5 1-0\n\n' >> "$comment"
cat corpora/golden/errors.pgn >> "$comment"
inputs=(corpora "$big" "$work/errors.pgn.gz" "$comment")
shared=${SCORESHEET_SHARED:-../shared}
for f in "$shared"/corpora/opening-books/8moves_v3.pgn "$shared"/corpora/chesslablab/Carlsen.pgn "$shared"/corpora/tcec/TCEC_Season_6_-_FRC.pgn; do
    [ -f "$f" ] && inputs+=("$f")
done

"$bin" validate --format jsonl -q "${inputs[@]}" > "$work/one.jsonl" || [ $? -eq 1 ]
"$bin" validate --format csv -q "${inputs[@]}" > "$work/one.csv" || [ $? -eq 1 ]
echo "one run: $(wc -l < "$work/one.jsonl") games"

status=0
check() { # name, output dir, reference
    cat "$2"/records/part-* > "$2.all"
    if cmp -s "$2.all" "$3"; then
        echo "ok: $1 ($(wc -l < "$2.all") lines, summary $(cat "$2"/summary/part-*))"
    else
        echo "FAILED: $1: the records differ from one run's"; diff <(sort "$2.all") <(sort "$3") | head -5
        status=1
    fi
}
run() { # name, reference, args...
    local name=$1 ref=$2; shift 2
    "$venv/bin/python" spark/validate.py --split-size 2MB --out "$work/$name" "$@" "${inputs[@]}" \
        2> "$work/$name.log" >/dev/null || { echo "FAILED: $name"; tail -20 "$work/$name.log"; status=1; return; }
    check "$name" "$work/$name" "$ref"
}
run local2 "$work/one.jsonl" --master 'local[2]'
if ! grep -q '"reruns": [1-9]' "$work"/local2/summary/part-*; then
    echo "FAILED: no task was run again after a failed chain check"; status=1
fi
SCORESHEET_SPARK_FAIL_ONCE=run:3,write:1 run retried "$work/one.jsonl" --master 'local[2,4]'
run streamed "$work/one.jsonl" --master 'local[2]' --stream
run csv "$work/one.csv" --master 'local[2]' --format csv
parquet_test || status=1
exit $status
