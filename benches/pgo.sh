#!/usr/bin/env bash
# Builds the binary for bulk work with profile-guided optimisation (PGO): the dist profile
# (one code unit, link-time optimisation) compiled once with instrumentation, run over the
# games bundled in corpora/ (so a fresh clone can build it, and the bench input is not what
# it learns from), and compiled again with the branch and call counts of that run, so that
# the compiler lays out the hot paths and chooses what to inline from measurement rather
# than guesses. What the program does is unchanged: the records it writes are the same bytes
# as the plain dist build's.
#
# Usage: benches/pgo.sh          prints the absolute path of the binary (target/pgo/scoresheet)
#   TRAIN="FILE..."  also trains on these PGN files (validated once each; paths without
#                    spaces, relative to the current directory): a database's own games
#                    teach it a little more (0.7% fewer instructions in the README's test)
# Training and the second build (about four minutes) run again only when the program or
# TRAIN changed since the last build; otherwise the path is printed at once.
# Needs llvm-profdata of the compiler's own LLVM: rustup's `llvm-tools` component, added
# here when missing (rustup downloads it). Both builds set RUSTFLAGS, which replaces any
# of your own. Exit status 1, with the reason, when the binary cannot be built.
set -euo pipefail

# TRAIN's files, made absolute before leaving the caller's directory.
train=()
for f in ${TRAIN:-}; do
    if [ ! -r "$f" ]; then
        echo "pgo.sh: TRAIN names $f, which cannot be read" >&2
        exit 1
    fi
    train+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
done

cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/pgo-work
out=$root/target/pgo
mkdir -p "$work" "$out"

sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata=$sysroot/lib/rustlib/$host/bin/llvm-profdata
if [ ! -x "$profdata" ]; then
    echo "pgo.sh: adding the llvm-tools component (llvm-profdata)..." >&2
    rustup component add llvm-tools >&2 || true
fi
if [ ! -x "$profdata" ]; then
    echo "pgo.sh: no llvm-profdata for this compiler ($profdata); build with" \
        "'cargo build --profile dist' instead" >&2
    exit 1
fi

# `--target` keeps the flags off build scripts and procedural macros (they run at build
# time, so the instrumented ones would only add noise to the profile).
echo "pgo.sh: building the instrumented binary..." >&2
RUSTFLAGS="-Cprofile-generate=$work/profiles" \
    cargo build --profile dist --quiet --target "$host" --target-dir "$work/generate"
trained=$work/generate/$host/dist/scoresheet

mapfile -t games < <(find corpora -type f -name '*.pgn' | LC_ALL=C sort)
mapfile -t sheets < <(find corpora -type f -name '*.txt' | LC_ALL=C sort)
if [ ${#games[@]} -eq 0 ]; then
    echo "pgo.sh: no *.pgn under corpora/ to train on" >&2
    exit 1
fi

# The same instrumented binary, training set and TRAIN make the same binary: skip the rest.
stamp=$( {
    sha256sum "$trained"
    for f in "${games[@]}" ${sheets[@]+"${sheets[@]}"} ${train[@]+"${train[@]}"}; do
        sha256sum "$f"
    done
} | sha256sum | cut -c1-64)
if [ -x "$out/scoresheet" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$out/scoresheet"
    exit 0
fi

# The training run: every bundled game, validated in each report format with and without
# the Laws, and converted; failures are the point of many of these files, so their exit
# status is not looked at (standard input is closed: no command waits on it).
echo "pgo.sh: training on the games bundled in corpora/..." >&2
rm -rf "$work/profiles"
for _ in 1 2 3; do
    "$trained" validate --jobs 1 --format jsonl -o /dev/null -q "${games[@]}" </dev/null || true
done
"$trained" validate --jobs 1 --no-laws --format jsonl -o /dev/null -q "${games[@]}" </dev/null || true
"$trained" validate --jobs 1 --format csv -o /dev/null -q "${games[@]}" </dev/null || true
"$trained" validate --jobs 1 -o /dev/null -q "${games[@]}" </dev/null || true
for f in "${games[@]}" ${sheets[@]+"${sheets[@]}"}; do
    "$trained" convert -q "$f" </dev/null >/dev/null 2>&1 || true
done
for f in ${train[@]+"${train[@]}"}; do
    "$trained" validate --jobs 1 --format jsonl -o /dev/null -q "$f" </dev/null || true
done
"$profdata" merge -o "$work/profile.profdata" "$work/profiles"

# A build from nothing: a new profile changes every crate's code, and the artifacts of the
# last one would only pile up beside the new ones.
echo "pgo.sh: building with the profile..." >&2
rm -rf "$work/use" "$out/stamp"
RUSTFLAGS="-Cprofile-use=$work/profile.profdata" \
    cargo build --profile dist --quiet --target "$host" --target-dir "$work/use"
cp "$work/use/$host/dist/scoresheet" "$out/scoresheet"
echo "$stamp" >"$out/stamp"
echo "$out/scoresheet"
