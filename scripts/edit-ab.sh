#!/usr/bin/env bash
# Compares one-page body edits of two or more linkcontract binaries, interleaved, the way
# scripts/bench.sh times them: for each round and binary, a full build into a new folder, one
# sentence appended to a page, then the timed rebuild. Prints each binary's median, min and max.
# Wall time only; for instructions use valgrind --tool=callgrind (see BENCHMARKS.md).
#
# Usage: scripts/edit-ab.sh ROUNDS BINARY...     e.g. scripts/edit-ab.sh 21 /tmp/old .build/release/linkcontract
#   PAGES=N   corpus size (default 2000; made with bench/make-corpus.py into .bench/corpus-N)
#
# Each binary edits its own copy of the corpus. The copies are made first, and the script waits
# three seconds so that their files are settled (see the build record's two-second rule), then
# deletes its folders only at the end: on ext4, creating files where thousands were just deleted
# is slow for a while (BENCHMARKS.md, Known limits).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:?usage: scripts/edit-ab.sh ROUNDS BINARY...}
shift
[ $# -ge 1 ] || { echo "edit-ab: give at least one binary" >&2; exit 2; }
pages=${PAGES:-2000}
corpus=.bench/corpus-$pages
if [ ! -d "$corpus" ]; then
  python3 bench/make-corpus.py "$corpus.partial" "$pages"
  mv "$corpus.partial" "$corpus"
fi
work=$(mktemp -d .bench/edit-ab.XXXXXX)
trap 'rm -rf "$work"' EXIT
binaries=("$@")
for k in "${!binaries[@]}"; do
  [ -x "${binaries[$k]}" ] || { echo "edit-ab: not an executable: ${binaries[$k]}" >&2; exit 2; }
  cp -r "$corpus" "$work/content-$k"
done
sleep 3
declare -a times
for ((round = 1; round <= rounds; round++)); do
  for k in "${!binaries[@]}"; do
    out=$(mktemp -d "$work/run.XXXXXX")/site
    "${binaries[$k]}" build --content "$work/content-$k" --output "$out" >/dev/null
    printf '\nOne more sentence, number %s.\n' "$round" >>"$work/content-$k/page-00001.md"
    start=$EPOCHREALTIME
    "${binaries[$k]}" build --content "$work/content-$k" --output "$out" >/dev/null
    end=$EPOCHREALTIME
    times[k]+="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", (b - a) * 1000 }') "
  done
done
for k in "${!binaries[@]}"; do
  printf '%s: ' "${binaries[$k]}"
  tr ' ' '\n' <<<"${times[k]}" | grep . | sort -n |
    awk '{ a[NR] = $1 } END { printf "median %s ms (min %s, max %s) of %d\n", a[int((NR + 1) / 2)], a[1], a[NR], NR }'
done
