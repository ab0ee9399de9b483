#!/usr/bin/env bash
# Times `scoresheet validate` against the pgn-reader + shakmaty baseline (benches/baseline,
# validating the way pgn-reader's own examples do) on the same input, and checks the speed
# and memory targets of bulk validation:
#
#   1. one thread, every finding on: CPU time at least 1.0x the baseline's (issue 12; the
#      goal beyond it, 1.3x, is reported too);
#   2. two threads: at least 1.7x scoresheet's own one-thread throughput;
#   3. the Laws findings (repetition, 50/75 moves, dead positions) cost at most 15%;
#   4. peak RSS under 64 MB with --jobs 2, on the input and on a generated 2 GB archive.
#
# Usage: benches/compare.sh [FILE...]
#   With no FILE: the concatenation of every *.pgn under ../shared/corpora (sorted by path).
#   RUNS=N      rounds of timed runs, the fastest of each row kept (default 5)
#   BIG_GB=N    size of the generated archive for target 4 (default 2; 0 skips it)
#   CALLGRIND=0 skips counting instructions (valgrind) on a sample of the input: the Laws'
#               cost, and every row against the baseline, which timings on a shared machine
#               cannot settle
#   OLD=BINARY  also times an earlier scoresheet binary in the same rounds (its three rows
#               beside the new ones), and counts its instructions on the sample: a change is
#               judged old against new in one run, never against figures of another
#   OLD_LABEL=S how its rows are named (default "old"; e.g. OLD=target/dist/scoresheet
#               OLD_LABEL="no PGO" times the plain dist build beside the PGO one)
#   PGO=0       times the plain dist build (target/dist/scoresheet) instead of the one
#               benches/pgo.sh builds with profile-guided optimisation (the default, which
#               trains and builds again, some five minutes, whenever the program changed;
#               when pgo.sh cannot build it, the plain one is timed and the output says so)
# Output: a table (games/s, plies/s, MB/s, peak RSS) and one PASS/FAIL line per target.
# Exit status: 0 when every target passes, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
BIG_GB=${BIG_GB:-2}
work=target/compare
mkdir -p "$work"

if [ $# -eq 0 ]; then
    if [ ! -d ../shared/corpora ]; then
        echo "compare.sh: no input given and ../shared/corpora is absent" >&2
        exit 2
    fi
    input=$work/all.pgn
    if [ ! -s "$input" ]; then
        find ../shared/corpora -name '*.pgn' -type f | LC_ALL=C sort | while read -r f; do
            cat "$f"
            printf '\n\n'
        done >"$input"
    fi
    set -- "$input"
fi

echo "building scoresheet (the dist profile) and the baseline (release)..." >&2
cargo build --profile dist --quiet
(cd benches/baseline && cargo build --release --quiet)
scoresheet=target/dist/scoresheet
build="dist profile"
if [ "${PGO:-1}" != 0 ]; then
    if benches/pgo.sh >/dev/null; then
        scoresheet=target/pgo/scoresheet
        build="dist profile with PGO (benches/pgo.sh)"
    else
        build="dist profile; PGO asked for but not built (see above)"
    fi
fi
baseline=benches/baseline/target/release/pgn-reader-baseline

bytes=0
for f in "$@"; do bytes=$((bytes + $(stat -c %s "$f"))); done

# once CMD...: one timed run; sets t (elapsed), cpu (user + system), rss, games, plies.
once() {
    local out
    out=$( { /usr/bin/time -f 'TIME %e %M %U %S' "$@" 2>&1 >/dev/null; } 2>&1 || true)
    t=$(echo "$out" | awk '/^TIME/ {print ($2 > 0 ? $2 : 0.01)}')
    rss=$(echo "$out" | awk '/^TIME/ {print $3}')
    cpu=$(echo "$out" | awk '/^TIME/ {c = $4 + $5; print (c > 0 ? c : 0.01)}')
    # scoresheet: "scoresheet: G games, P plies, ..."; the baseline: "games=G plies=P ..."
    games=$(echo "$out" | sed -n 's/^scoresheet: \([0-9]*\) games, \([0-9]*\) plies.*/\1/p; s/^games=\([0-9]*\) .*/\1/p' | head -1)
    plies=$(echo "$out" | sed -n 's/^scoresheet: \([0-9]*\) games, \([0-9]*\) plies.*/\2/p; s/^games=[0-9]* plies=\([0-9]*\) .*/\1/p' | head -1)
}

# row LABEL SECS RSS_KB GAMES PLIES BYTES [CPU_SECS]
row() {
    printf '%-48s %8.2f s %8s %10.0f %12.0f %8.1f %8.1f\n' "$1" "$2" "${7:+$(printf '%.2f s' "$7")}" \
        "$(echo "$4 / $2" | bc -l)" "$(echo "$5 / $2" | bc -l)" \
        "$(echo "$6 / 1000000 / $2" | bc -l)" "$(echo "$3 / 1024" | bc -l)"
}

echo "input: $* ($((bytes / 1000000)) MB); fastest of $RUNS rounds (each round runs every row once, so that"
echo "a slow spell of the machine hits every row alike); $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "scoresheet: $scoresheet ($build)${OLD:+; ${OLD_LABEL:-old}: $OLD}"
printf '%-48s %10s %10s %10s %12s %8s %8s\n' "" "time" "CPU" "games/s" "plies/s" "MB/s" "RSS MB"
labels=(
    "baseline: pgn-reader + shakmaty, 1 thread"
    "baseline: reader + 2 validating threads"
    "scoresheet --jobs 1 (every finding)"
    "scoresheet --jobs 1 --no-laws"
    "scoresheet --jobs 2 (every finding)"
    "${OLD_LABEL:-old}: scoresheet --jobs 1 (every finding)"
    "${OLD_LABEL:-old}: scoresheet --jobs 1 --no-laws"
    "${OLD_LABEL:-old}: scoresheet --jobs 2 (every finding)"
    "scoresheet --jobs 1 --dead-positions all"
)
rows="0 1 2 3 4 8"
if [ -n "${OLD:-}" ]; then
    rows="0 1 2 3 4 8 5 6 7"
fi
cmd() {
    case $1 in
    0) echo "$baseline" ;;
    1) echo "$baseline --threads 2" ;;
    2) echo "$scoresheet validate --jobs 1 --format jsonl -o /dev/null" ;;
    3) echo "$scoresheet validate --jobs 1 --no-laws --format jsonl -o /dev/null" ;;
    4) echo "$scoresheet validate --jobs 2 --format jsonl -o /dev/null" ;;
    5) echo "$OLD validate --jobs 1 --format jsonl -o /dev/null" ;;
    6) echo "$OLD validate --jobs 1 --no-laws --format jsonl -o /dev/null" ;;
    7) echo "$OLD validate --jobs 2 --format jsonl -o /dev/null" ;;
    8) echo "$scoresheet validate --jobs 1 --dead-positions all --format jsonl -o /dev/null" ;;
    esac
}
declare -a best best_cpu best_rss n_games n_plies
for _ in $(seq "$RUNS"); do
    for i in $rows; do
        # shellcheck disable=SC2046
        once $(cmd $i) "$@"
        if [ -z "${best[$i]:-}" ] || awk -v a="$t" -v b="${best[$i]}" 'BEGIN {exit !(a < b)}'; then
            best[$i]=$t
        fi
        if [ -z "${best_cpu[$i]:-}" ] || awk -v a="$cpu" -v b="${best_cpu[$i]}" 'BEGIN {exit !(a < b)}'; then
            best_cpu[$i]=$cpu
        fi
        [ "$rss" -gt "${best_rss[$i]:-0}" ] && best_rss[$i]=$rss
        n_games[$i]=$games
        n_plies[$i]=$plies
    done
done
for i in $rows; do
    row "${labels[$i]}" "${best[$i]}" "${best_rss[$i]}" "${n_games[$i]}" "${n_plies[$i]}" "$bytes" "${best_cpu[$i]}"
done
base=${best[0]}
one=${best[2]}
nolaws=${best[3]}
two=${best[4]}
two_rss=${best_rss[4]}

status=0
verdict() { # NAME OK DETAIL
    if [ "$2" = 1 ]; then echo "PASS  $1: $3"; else echo "FAIL  $1: $3"; status=1; fi
}
ratio=$(echo "${best_cpu[0]} / ${best_cpu[2]}" | bc -l)
verdict "1 thread vs baseline >= 1.0x (CPU time)" "$(echo "$ratio >= 1.0" | bc)" "$(printf '%.2fx' "$ratio")"
verdict "1 thread vs baseline >= 1.3x (the goal beyond, CPU time)" "$(echo "$ratio >= 1.3" | bc)" "$(printf '%.2fx' "$ratio")"
scale=$(echo "$one / $two" | bc -l)
verdict "2 threads vs 1 >= 1.7x" "$(echo "$scale >= 1.7" | bc)" "$(printf '%.2fx' "$scale")"
cost=$(echo "(${best_cpu[2]} - ${best_cpu[3]}) / ${best_cpu[3]} * 100" | bc -l)
verdict "Laws cost <= 15% (CPU time)" "$(echo "$cost <= 15" | bc)" "$(printf '%+.1f%%' "$cost")"
if [ -n "${OLD:-}" ]; then
    printf 'new against %s, CPU time: --jobs 1 %.2fx, --no-laws %.2fx; elapsed: --jobs 2 %.2fx\n' "${OLD_LABEL:-old}" \
        "$(echo "${best_cpu[5]} / ${best_cpu[2]}" | bc -l)" "$(echo "${best_cpu[6]} / ${best_cpu[3]}" | bc -l)" \
        "$(echo "${best[7]} / ${best[4]}" | bc -l)"
fi
# Timings on a shared machine swing by a third between minutes; instruction counts do not.
# The Laws' cost counted in instructions (callgrind) on a sample of the input: 20 slices of
# about 900 KB spread over it, each cut at a game boundary.
if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null; then
    sample=$work/sample.pgn
    python3 - "$@" >"$sample" <<'PY'
import re, sys
data = b"".join(open(f, "rb").read() for f in sys.argv[1:])
# a game starts at a tag after a blank line, whether lines end in LF or CR LF
start = re.compile(rb"\r?\n\r?\n\[")
out, n = bytearray(), 20
for i in range(n):
    a = start.search(data, i * len(data) // n)
    if a is None:
        continue
    b = start.search(data, a.end() + 900_000)
    out += data[a.end() - 1 : (b.end() - 1 if b else len(data))]
sys.stdout.buffer.write(out)
PY
    count() { # (scoresheet exits 1 when a game has an error: not a failure here)
        { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    }
    count "$scoresheet" validate --jobs 1 --format jsonl -o /dev/null -q "$sample" >"$work/with.n" &
    count "$scoresheet" validate --jobs 1 --no-laws --format jsonl -o /dev/null -q "$sample" >"$work/without.n"
    wait
    count "$scoresheet" validate --jobs 1 --dead-positions all --format jsonl -o /dev/null -q "$sample" >"$work/all.n" &
    count "$baseline" "$sample" >"$work/baseline.n"
    wait
    if [ -n "${OLD:-}" ]; then
        count "$OLD" validate --jobs 1 --format jsonl -o /dev/null -q "$sample" >"$work/old-with.n" &
        count "$OLD" validate --jobs 1 --no-laws --format jsonl -o /dev/null -q "$sample" >"$work/old-without.n"
        wait
        printf 'instructions on the sample, %s -> new: %s -> %s with the Laws, %s -> %s without\n' "${OLD_LABEL:-old}" \
            "$(cat "$work/old-with.n")" "$(cat "$work/with.n")" "$(cat "$work/old-without.n")" "$(cat "$work/without.n")"
    fi
    with=$(cat "$work/with.n")
    without=$(cat "$work/without.n")
    icost=$(echo "($with - $without) / $without * 100" | bc -l)
    printf 'instructions on a %d MB sample: %s with the Laws, %s without, %s with --dead-positions all\n' \
        "$(($(stat -c %s "$sample") / 1000000))" "$with" "$without" "$(cat "$work/all.n")"
    verdict "Laws cost <= 15%, in instructions" "$(echo "$icost <= 15" | bc)" "$(printf '%+.1f%%' "$icost")"
    # The targets against the baseline in instructions too: a clock the neighbours do not move.
    ibase=$(cat "$work/baseline.n")
    printf 'instructions against the baseline (%s): every finding %.2fx, --no-laws %.2fx, --dead-positions all %.2fx\n' \
        "$ibase" "$(echo "$ibase / $with" | bc -l)" "$(echo "$ibase / $without" | bc -l)" \
        "$(echo "$ibase / $(cat "$work/all.n")" | bc -l)"
fi
verdict "peak RSS --jobs 2 < 64 MB" "$(echo "$two_rss < 65536" | bc)" "$(printf '%.1f MB' "$(echo "$two_rss / 1024" | bc -l)")"

if [ "$BIG_GB" != 0 ]; then
    big=$work/big-${BIG_GB}g.pgn
    if [ ! -s "$big" ] || [ "$(stat -c %s "$big")" -lt $((BIG_GB * 1000000000)) ]; then
        echo "generating $big from $*..." >&2
        : >"$big"
        while [ "$(stat -c %s "$big")" -lt $((BIG_GB * 1000000000)) ]; do cat "$@" >>"$big"; done
    fi
    big_bytes=$(stat -c %s "$big")
    once $(cmd 4) "$big"
    row "scoresheet --jobs 2, $((big_bytes / 1000000)) MB generated" "$t" "$rss" "$games" "$plies" "$big_bytes"
    verdict "peak RSS --jobs 2 on $((big_bytes / 1000000)) MB < 64 MB" "$(echo "$rss < 65536" | bc)" "$(printf '%.1f MB' "$(echo "$rss / 1024" | bc -l)")"
fi
exit $status
