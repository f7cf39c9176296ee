#!/usr/bin/env bash
# Growth of `linkcontract build` on hostile Content: for each case, a page of doubling size is
# built into a new temporary folder, and the script prints its count, its bytes, the seconds
# of the build (the best of RUNS) and the ratio to the previous size's seconds. A build that
# grows linearly shows ratios near 2; a quadratic one near 4. Figures only: nothing here
# passes or fails on time (the tests check the results, never the clock). A build that takes
# longer than LIMIT seconds is stopped, reported, and its case ends there. The first line is the
# build of a one-word page, which every figure includes (start, the index page, the templates).
#
# Usage: scripts/hostile-growth/content.sh TOOL     (make bench-hostile runs it with the release tool)
#   STEPS=N   sizes per case, each twice the one before (default 5)
#   RUNS=N    builds per size, the fastest counted (default 3)
#   LIMIT=S   seconds one build may take (default 120)
#   CASES="a b"  only these cases (default all; names below)
#
# The forbidden query key of the "forbidden values" case is read from the site's contract.json
# (Site/ of this repository), so that no value of the contract is written here.
set -euo pipefail

tool=$(realpath "${1:?usage: $0 TOOL}")
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/lib/rows.sh"
steps=${STEPS:-5}
runs=${RUNS:-3}
limit=${LIMIT:-120}
work=$(mktemp -d "${TMPDIR:-/tmp}/hostile-content.XXXXXX")
trap 'rm -rf "$work"' EXIT

# name, first count; the page of each case is made by page() below.
all_cases=(
  "long-line:400000"              # one line of N words
  "links-one-line:40000"          # N links on one line
  "refused-links-one-line:20000"  # N refused links (an error each, at its column) on one line
  "equal-headings:20000"          # N headings with the same text
  "broken-anchors:5000"           # N headings and N links to missing ones
  "forbidden-values:5000"         # N refused links, each with a forbidden key's value
  "nested-quotes:100000"          # N quotes deep (past the nesting limit: one error)
  "nested-lists:100000"           # N lists deep
  "huge-table:10000"              # a table of N rows
  "wide-table:2000"               # a table of N columns, 20 rows
  "star-run:400000"               # N `*`, a word, N `*`
  "underscore-run:400000"         # N `_`, a word, N `_`
  "bracket-run:200000"            # N `[`, a word, N `](x)`
  "open-brackets:400000"          # N `[` and no closing one
)
selected=${CASES:-}

forbidden_key=$(python3 -c '
import json, sys
contract = json.load(open(sys.argv[1]))
print(contract["forbiddenWords"]["kinds"][0]["words"][0])' "$root/Site/contract.json")

# Writes the hostile page of case $1 with count $2 to $3.
page() {
  python3 - "$1" "$2" "$3" "$forbidden_key" <<'PY'
import sys
case, n, path, key = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
r = lambda text, count=n: text * count
body = {
    "long-line": lambda: r("word ") + "\n",
    "links-one-line": lambda: r("[a](https://a.example/) ") + "\n",
    "refused-links-one-line": lambda: r("[é](http://a.example/) ") + "\n",
    "equal-headings": lambda: r("## Same\n\n"),
    "broken-anchors": lambda: "".join("## Head %d\n" % i for i in range(n)) + "\n"
        + "".join("[a](#no-such-heading-%d) " % i for i in range(n)) + "\n",
    "forbidden-values": lambda: "".join("[a](http://a.example/?%s=value%d)\n" % (key, 100000 + i) for i in range(n)),
    "nested-quotes": lambda: r("> ") + "x\n",
    "nested-lists": lambda: r("- ") + "x\n",
    "huge-table": lambda: "| a | b | c |\n| - | - | - |\n" + r("| *x* | [y](https://a.example/) | `z` |\n"),
    "wide-table": lambda: "|" + r(" a |") + "\n|" + r(" - |") + "\n" + ("|" + r(" *x* |") + "\n") * 20,
    "star-run": lambda: r("*") + "x" + r("*") + "\n",
    "underscore-run": lambda: r("_") + "x" + r("_") + "\n",
    "bracket-run": lambda: r("[") + "x" + r("](x)") + "\n",
    "open-brackets": lambda: r("[") + "x\n",
}[case]()
with open(path, "w") as out:
    out.write("---\ntitle: Hostile\nsummary: A hostile page.\nweight: 2\n---\n\n" + body)
PY
}

# Microseconds of one build of the folder $1 (into a new output folder, with this repository's
# Templates), or "over" past the limit. Exit 1 (the page's errors) is a build like any other;
# anything else stops the script with the tool's message.
build_micro() {
  local folder=$1 output=$1/Site-$RANDOM$RANDOM start end status=0
  start=$(date +%s%N)
  (cd "$folder" && timeout "$limit" "$tool" build --templates "$root/Templates" --output "$output" \
    >/dev/null 2>"$folder/stderr") || status=$?
  end=$(date +%s%N)
  rm -rf "$output" "$folder"/.Site-*.linkcontract-cache 2>/dev/null || true
  case $status in
    0 | 1) echo $(((end - start) / 1000)) ;;
    124) echo over ;;
    *)
      echo "content.sh: the build of $folder exited $status: $(tail -c 2000 "$folder/stderr")" >&2
      exit 1
      ;;
  esac
}

heading count bytes
# The same build with a one-word hostile page: what every figure below includes.
folder=$work/baseline
mkdir -p "$folder/Content"
printf -- '---\ntitle: Home\nsummary: The home page.\nweight: 1\n---\n\nText.\n' >"$folder/Content/index.md"
printf -- '---\ntitle: Hostile\nsummary: A hostile page.\nweight: 2\n---\n\nx\n' >"$folder/Content/hostile.md"
best=""
for ((run = 0; run < runs; run++)); do
  micro=$(build_micro "$folder")
  if [ -z "$best" ] || [ "$micro" -lt "$best" ]; then best=$micro; fi
done
row "(baseline)" 1 2 "$best" ""
for entry in "${all_cases[@]}"; do
  name=${entry%%:*}
  count=${entry#*:}
  if [ -n "$selected" ] && [[ " $selected " != *" $name "* ]]; then continue; fi
  previous=""
  for ((step = 0; step < steps; step++)); do
    folder=$work/$name-$count
    mkdir -p "$folder/Content"
    printf -- '---\ntitle: Home\nsummary: The home page.\nweight: 1\n---\n\nText.\n' >"$folder/Content/index.md"
    page "$name" "$count" "$folder/Content/hostile.md"
    bytes=$(stat -c %s "$folder/Content/hostile.md")
    best=""
    for ((run = 0; run < runs; run++)); do
      micro=$(build_micro "$folder")
      if [ "$micro" = over ]; then best=over; break; fi
      if [ -z "$best" ] || [ "$micro" -lt "$best" ]; then best=$micro; fi
    done
    rm -rf "$folder"
    if [ "$best" = over ]; then
      over "$name" "$count" "$bytes" "$limit"
      break
    fi
    row "$name" "$count" "$bytes" "$best" "$previous"
    previous=$best
    count=$((count * 2))
  done
done
