#!/usr/bin/env bash
# Builds the binary for bulk work with profile-guided optimisation (PGO): the dist profile
# (one code unit, link-time optimisation) compiled once with instrumentation, run over the
# games bundled in corpora/ (so a fresh clone can build it, and the bench input is not what
# it learns from), and compiled again with the branch and call counts of that run, which
# lets the compiler lay out the hot paths (the lexer, the resolver, the replay loop) and
# choose what to inline from measurement rather than guesses. What the program does is
# unchanged: the records it writes are the same bytes as the plain dist build's.
#
# Usage: benches/pgo.sh          prints the path of the binary (target/pgo/dist/scoresheet)
#   TRAIN="FILE..."  also trains on these PGN files (validated once each): a database's own
#                    games teach it the most (measured in the README's speed section)
# Needs llvm-profdata of the compiler's own LLVM: the `llvm-tools` component of rustup,
# added here when missing. Exit status 1, with the reason, when it cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/pgo-work
rm -rf "$work/profiles"
mkdir -p "$work/profiles"

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

echo "pgo.sh: building the instrumented binary..." >&2
RUSTFLAGS="-Cprofile-generate=$work/profiles" \
    cargo build --profile dist --quiet --target-dir "$work/target"
trained=$work/target/dist/scoresheet

# The training run: every bundled game, validated in each report format with and without
# the Laws, and converted; failures are the point of many of these files, so their exit
# status is not looked at.
echo "pgo.sh: training on the games bundled in corpora/..." >&2
mapfile -t games < <(find corpora -type f -name '*.pgn' | LC_ALL=C sort)
mapfile -t sheets < <(find corpora -type f -name '*.txt' | LC_ALL=C sort)
for _ in 1 2 3; do
    "$trained" validate --jobs 1 --format jsonl -o /dev/null -q "${games[@]}" || true
done
"$trained" validate --jobs 1 --no-laws --format jsonl -o /dev/null -q "${games[@]}" || true
"$trained" validate --jobs 1 --format csv -o /dev/null -q "${games[@]}" || true
"$trained" validate --jobs 1 -o /dev/null -q "${games[@]}" || true
for f in "${games[@]}" "${sheets[@]}"; do
    "$trained" convert -q "$f" >/dev/null 2>&1 || true
done
for f in ${TRAIN:-}; do
    "$trained" validate --jobs 1 --format jsonl -o /dev/null -q "$f" || true
done

# Cargo does not see a profile change, only its flags: the profile is named by its content,
# so that a new profile rebuilds the binary and the same one does not.
"$profdata" merge -o "$work/merged.profdata" "$work/profiles"
sum=$(sha256sum "$work/merged.profdata" | cut -c1-16)
find "$work" -maxdepth 1 -name 'profile-*.profdata' ! -name "profile-$sum.profdata" -delete
mv "$work/merged.profdata" "$work/profile-$sum.profdata"

echo "pgo.sh: building with the profile..." >&2
RUSTFLAGS="-Cprofile-use=$work/profile-$sum.profdata" \
    cargo build --profile dist --quiet --target-dir "$root/target/pgo"
echo "$root/target/pgo/dist/scoresheet"
