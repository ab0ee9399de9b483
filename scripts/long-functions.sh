#!/usr/bin/env bash
# Lists the functions longer than a limit (default 150 lines) in the given folders of src/
# (default: replay, laws, repair): `scripts/long-functions.sh [LIMIT] [DIR...]`.
# A function runs from its `fn` line to the line where its body's closing brace comes back
# to the indentation of that line (rustfmt's layout); nested functions are counted in their
# own right and inside the function that holds them.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-150}
shift || true
dirs=("$@")
[ ${#dirs[@]} -eq 0 ] && dirs=(src/replay src/laws src/repair)
find "${dirs[@]}" -name '*.rs' | sort | while read -r file; do
  awk -v limit="$limit" -v file="$file" '
    function indent(s) { match(s, /^ */); return RLENGTH }
    {
      line[NR] = $0
    }
    END {
      for (i = 1; i <= NR; i++) {
        if (line[i] ~ /^ *(pub(\([a-z]+\))? )?(const )?(async )?(unsafe )?fn [A-Za-z_0-9]+/) {
          ind = indent(line[i]); name = line[i]
          sub(/^ *(pub(\([a-z]+\))? )?(const )?(async )?(unsafe )?fn /, "", name); sub(/[<(].*/, "", name)
          # a declaration without a body (trait item) ends on its own line with `;`
          for (j = i; j <= NR; j++) {
            if (j > i && indent(line[j]) == ind && line[j] ~ /^ *}/) break
            if (line[j] ~ /;$/ && j == i) { j = NR + 1; break }
          }
          if (j <= NR && j - i + 1 > limit) printf "%5d %s:%d %s\n", j - i + 1, file, i, name
        }
      }
    }' "$file"
done | sort -rn
