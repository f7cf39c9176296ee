#!/usr/bin/env bash
# Growth of `linkcontract parse --format json -` on hostile links: for each case, standard input
# of doubling size, and the script prints the size, the seconds of the run (the best of RUNS)
# and the ratio to the previous size's seconds. Linear reading shows ratios near 2; a
# quadratic one near 4. Figures only: nothing here passes or fails on time. A run longer than
# LIMIT seconds is stopped, reported, and its case ends there.
#
# Cases:
#   one-huge-line     one line of N bytes (a link padded with a long query), then a short link:
#                     the reader must search the line for its end once and drop it as it reads
#   LINES-of-KIND     LINES lines, each one link of N bytes built to hurt the parser (many
#                     query items, percent escapes, slashes, dot segments, empty items, host
#                     labels, invalid UTF-8); past the contract's longest link they are cut
#
# Usage: scripts/hostile-growth/parse.sh TOOL       (make bench-hostile runs it with the release tool)
#   STEPS=N   sizes per case, each twice the one before (default 5)
#   RUNS=N    runs per size, the fastest counted (default 3)
#   LIMIT=S   seconds one run may take (default 120)
#
# The link and its build are the first recognized link of the site's conformance.json
# (Site/ of this repository), so that no value of the contract is written here.
set -euo pipefail

tool=$(realpath "${1:?usage: $0 TOOL}")
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/lib/rows.sh"
steps=${STEPS:-5}
runs=${RUNS:-3}
limit=${LIMIT:-120}
work=$(mktemp -d "${TMPDIR:-/tmp}/hostile-parse.XXXXXX")
trap 'rm -rf "$work"' EXIT

read -r build link < <(python3 -c '
import json, sys
cases = json.load(open(sys.argv[1]))["links"]
case = next(c for c in cases if c["expected"]["outcome"] == "recognized")
print(case["build"], case["input"])' "$root/Site/conformance.json")

lines=20000
# name, first size in bytes
all_cases=(
  "one-huge-line:16777216"
  "$lines-of-query-items:256"
  "$lines-of-percent-escapes:256"
  "$lines-of-slashes:256"
  "$lines-of-dot-segments:256"
  "$lines-of-empty-items:256"
  "$lines-of-host-labels:256"
  "$lines-of-invalid-utf8:256"
)

# Writes the input of case $1 with size $2 to $3.
input() {
  python3 - "$1" "$2" "$3" "$link" "$lines" <<'PY'
import sys
case, n, path, link, lines = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4].encode(), int(sys.argv[5])
scheme, rest = link.split(b"://", 1)
def fill(head, unit, tail=b""):
    count = max(0, (n - len(head) - len(tail)) // len(unit))
    return head + unit * count + tail
kind = case.split("-of-", 1)[-1]
if case == "one-huge-line":
    data = fill(link + b"?x=", b"a") + b"\n" + link + b"\n"
else:
    one = {
        "query-items": lambda: fill(link + b"?", b"a=1&"),
        "percent-escapes": lambda: fill(link + b"/", b"%41"),
        "slashes": lambda: fill(link, b"/"),
        "dot-segments": lambda: fill(link, b"/.."),
        "empty-items": lambda: fill(link + b"?", b"&"),
        "host-labels": lambda: fill(scheme + b"://", b"a.", rest),
        "invalid-utf8": lambda: fill(link + b"?x=", b"\xff"),
    }[kind]()
    data = (one + b"\n") * lines
with open(path, "wb") as out:
    out.write(data)
PY
}

# Microseconds of one run on the input $1, or "over" past the limit.
run_micro() {
  local start end status=0
  start=$(date +%s%N)
  timeout "$limit" "$tool" parse --build "$build" --format json - <"$1" >/dev/null 2>&1 || status=$?
  end=$(date +%s%N)
  if [ "$status" = 124 ]; then echo over; elif [ "$status" != 0 ]; then echo "failed($status)"; else echo $(((end - start) / 1000)); fi
}

heading "link bytes" "input bytes"
for entry in "${all_cases[@]}"; do
  name=${entry%%:*}
  size=${entry#*:}
  previous=""
  for ((step = 0; step < steps; step++)); do
    file=$work/input
    input "$name" "$size" "$file"
    bytes=$(stat -c %s "$file")
    best=""
    for ((run = 0; run < runs; run++)); do
      micro=$(run_micro "$file")
      if ! [[ $micro =~ ^[0-9]+$ ]]; then best=$micro; break; fi
      if [ -z "$best" ] || [ "$micro" -lt "$best" ]; then best=$micro; fi
    done
    if ! [[ $best =~ ^[0-9]+$ ]]; then
      over "$name" "$size" "$bytes" "${best/over/$limit}"
      break
    fi
    row "$name" "$size" "$bytes" "$best" "$previous"
    previous=$best
    size=$((size * 2))
  done
done
