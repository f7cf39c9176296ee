#!/usr/bin/env bash
# Build-speed figures side by side with Hugo, then parser figures beside a URLComponents
# baseline. Prints figures only; nothing here asserts on time.
# Usage: scripts/bench.sh [PAGES...]   (default: 2000 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
# The corpus generator and the Hugo build come from bench/ (see its README).
shared=${BENCH_INPUTS:-bench}
for need in "$shared/make-corpus.py" "$shared/hugo-build.sh"; do
  [ -f "$need" ] || { echo "bench: needs $need (the benchmark inputs; BENCH_INPUTS=DIR points elsewhere)" >&2; exit 2; }
done
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2000 20000)
runs=${RUNS:-5}
tool=.build/release/linkcontract
work=.bench
mkdir -p "$work"
# Build outputs go to a scratch folder in memory (BENCH_OUTPUT, default /dev/shm), new for
# every run, for both tools alike: on the disk, ext4 is slow
# to allocate inodes in a folder where thousands of files were just deleted, and that would
# time the file system's bookkeeping rather than either tool.
scratch=$(mktemp -d "${BENCH_OUTPUT:-/dev/shm}/linkcontract-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fresh() { mktemp -d "$scratch/out.XXXXXX"; }

command -v hugo >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq hugo >/dev/null; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
swift build -c release --product linkcontract >/dev/null
swift build -c release --product ParserBench >/dev/null

# Runs a command with GNU time; prints "seconds peak-KB".
measure() {
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" >"$log.out" 2>"$log" || { cat "$log" "$log.out" >&2; exit 1; }
  local elapsed peak
  elapsed=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}' | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  peak=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')
  cat "$log.out" >"$work/last-output.txt"
  rm -f "$log" "$log.out"
  echo "$elapsed $peak"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
echo "tools: $($tool --version), $(hugo version | cut -d' ' -f1-2)"
echo
for pages in "${sizes[@]}"; do
  corpus="$work/corpus-$pages"
  [ -d "$corpus" ] || python3 "$shared/make-corpus.py" "$corpus" "$pages"
  ours_times=(); hugo_times=(); ours_peak=0; hugo_peak=0
  # Warm-up, then interleaved runs, each into a new, empty output folder.
  measure "$tool" build --content "$corpus" --output "$(fresh)/site" >/dev/null
  measure bash "$shared/hugo-build.sh" "$corpus" "$(fresh)/site" >/dev/null
  for ((run = 1; run <= runs; run++)); do
    ours_out="$(fresh)/site"
    read -r t m < <(measure "$tool" build --content "$corpus" --output "$ours_out")
    ours_times+=("$t"); [ "$m" -gt "$ours_peak" ] && ours_peak=$m
    read -r t m < <(measure bash "$shared/hugo-build.sh" "$corpus" "$(fresh)/site")
    hugo_times+=("$t"); [ "$m" -gt "$hugo_peak" ] && hugo_peak=$m
  done
  ours=$(printf '%s\n' "${ours_times[@]}" | median)
  hugo=$(printf '%s\n' "${hugo_times[@]}" | median)
  # No-op rebuild, then a one-page edit.
  read -r noop _ < <(measure "$tool" build --content "$corpus" --output "$ours_out")
  noop_written=$(grep -o '[0-9]* written' "$work/last-output.txt" | cut -d' ' -f1)
  page="$corpus/page-00001.md"
  cp "$page" "$work/page.bak"
  printf '\nOne more sentence about the route.\n' >>"$page"
  read -r edit _ < <(measure "$tool" build --content "$corpus" --output "$ours_out")
  edit_written=$(grep -o '[0-9]* written' "$work/last-output.txt" | cut -d' ' -f1)
  mv "$work/page.bak" "$page"
  measure "$tool" build --content "$corpus" --output "$ours_out" >/dev/null
  rm -rf "$scratch"/out.*
  echo "corpus: $pages pages, $runs interleaved runs after a warm-up, medians"
  printf '  %-28s %10s %12s\n' "" "linkcontract" "hugo"
  printf '  %-28s %9.2fs %11.2fs   ratio %.2f\n' "full build" "$ours" "$hugo" "$(echo "$ours / $hugo" | bc -l)"
  printf '  %-28s %8.0fMB %10.0fMB   ratio %.2f\n' "peak memory" "$(echo "$ours_peak/1024" | bc -l)" "$(echo "$hugo_peak/1024" | bc -l)" "$(echo "$ours_peak / $hugo_peak" | bc -l)"
  printf '  %-28s %9.2fs   (%s files rewritten, %.0f%% of a full build)\n' "no-op rebuild" "$noop" "$noop_written" "$(echo "100 * $noop / $ours" | bc -l)"
  printf '  %-28s %9.2fs   (%s files rewritten)\n' "one-page edit rebuild" "$edit" "$edit_written"
  echo
done
.build/release/ParserBench
