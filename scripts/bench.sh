#!/usr/bin/env bash
# make bench: build-speed figures for linkcontract beside Hugo, measured the same way for
# both tools in one interleaved run, then the parser figures beside a URLComponents baseline.
# Prints figures only; nothing here asserts on time. It does fail loudly when an incremental
# rebuild's output differs by one byte from a full build of the same inputs.
#
# Usage: scripts/bench.sh [PAGES...]        (default: 2000 20000)
#        make bench [BENCH_PAGES="2000 20000"] [RUNS=5]
#   RUNS=N          measured runs per figure, after one warm-up (default 5)
#   BENCH_BUILD=0   use the binaries in .build/release as they are (default: make release's build,
#                   swift build -c release with the Swift runtime linked in, see the Makefile)
#   BENCH_INPUTS=D  folder with make-corpus.py and hugo-build.sh (default bench/, see its README)
#   BENCH_MEMORY=D  in-memory file system for the "memory" builds (default /dev/shm)
#   BENCH_SETTLE=S  wait up to S seconds for file creation on disk to be fast (default 120;
#                   see settle_disk: right after mass deletions ext4 creates files slowly)
#   BENCH_INSTRUCTIONS=1  also count the instructions of one full build to memory with
#                   valgrind's callgrind (installed when missing): a figure that does not move
#                   with the machine's clock, for comparing two versions of the tool run by run
#                   (minutes per corpus; the tool is copied without its debug information,
#                   which valgrind 3.19 cannot read)
#
#   BENCH_CORPORA   which corpora, in order (default "synthetic real"): synthetic is
#                   bench/make-corpus.py (ASCII prose, no tables); real is
#                   bench/make-real-corpus.py (shaped like real docs and this site's Content:
#                   curly quotes, dashes and accented names in half the paragraphs, tables,
#                   code, listing `contract` blocks, link examples); docs is real documentation,
#                   the Markdown of the folders in BENCH_DOCS made buildable by both tools with
#                   bench/make-docs-corpus.py (its header says what it changes), built once at
#                   its own size: for example the proposals of swiftlang/swift-evolution and the
#                   content/en of gohugoio/hugoDocs
#
# For each corpus and size (kept in .bench/corpus-KIND-N):
#
# 1. Full builds, interleaved: after a warm-up of each, RUNS rounds of
#    linkcontract to disk, Hugo to disk, linkcontract to memory, Hugo to memory.
#    "disk" is a scratch folder under .bench/ (the repository's own file system); "memory" is
#    BENCH_MEMORY. Every build writes into a new, empty folder. Times are wall clock
#    (process start to exit, Hugo through bench/hugo-build.sh), medians of the RUNS rounds;
#    ratio is linkcontract / Hugo. Peak memory is the highest maximum resident set size that
#    GNU time reports over those builds (for Hugo: its largest process).
#    Output folders are never deleted while measuring, only when the script exits: on ext4,
#    creating files where thousands were just deleted can be slow for minutes, which would
#    time the file system's bookkeeping rather than either tool (for the same reason, let a
#    few minutes pass between two runs of this script).
#    linkcontract runs from a copy of .build/release/linkcontract taken at the start, so that a
#    rebuild of the tool during the run does not change what is measured.
# 2. The cmark floor: a small C program, compiled here against the system libcmark, reads
#    every page of the corpus into memory, drops its front matter, then times (clock_gettime,
#    inside the program, so without process start or file reading) cmark_parse_document and
#    cmark_node_free over all pages, on one core, with the options linkcontract uses.
#    One run in each round of 1., after the builds, so that the floor meets the machine as the
#    builds do (the two-core builds slow more than one core when the host is busy); median of
#    RUNS after a warm-up. That is the least time any cmark-based build could take;
#    "x floor" is linkcontract's full build to memory divided by it. The same program's
#    parse + cmark_render_html time is shown beside it for scale.
# 3. Incremental rebuilds with linkcontract, to disk, each from a full build in a new folder
#    with its build record (.<output>.linkcontract-cache beside the output folder):
#    - no-op rebuild: nothing changed (the full builds of 1. are the starting points);
#    - one-page body edit: a sentence appended to one page, no title or heading changed;
#    - heading rename: the first "## " heading of one page renamed.
#    Median of RUNS, each from its own full build; "written" is the tool's own count of files
#    it wrote; the percentage is of the median full build to disk. Every result is compared
#    with diff -r against a full build of the same inputs in another new folder, and so is
#    the rebuild after the page is put back; any difference stops the script, and keeps both
#    folders in .bench/mismatch/.
#    The edits are made in a copy of the corpus in the scratch folder, and undone after every
#    run from a backup of the page. The copy is made before the full builds of 1., so that its
#    files are minutes old when edited, as a writer's are: a file changed less than two seconds
#    before a build is read again by the next one (the build record's "settled"), which is
#    not what a rebuild after an edit reads.
# 4. ParserBench: the link parser against a URLComponents baseline.
#
# Compare figures as ratios within one run, never against a figure from another day or machine.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."

shared=${BENCH_INPUTS:-bench}
for need in "$shared/make-corpus.py" "$shared/make-real-corpus.py" "$shared/make-docs-corpus.py" "$shared/hugo-build.sh"; do
  [ -f "$need" ] || { echo "bench: needs $need (the benchmark inputs; BENCH_INPUTS=DIR points elsewhere)" >&2; exit 2; }
done
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2000 20000)
runs=${RUNS:-5}
[ "$runs" -ge 1 ] 2>/dev/null || { echo "bench: RUNS must be a positive number, got '$runs'" >&2; exit 2; }
tool=.build/release/linkcontract
parser_bench=.build/release/ParserBench

command -v hugo >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq hugo >/dev/null; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
pkg-config --exists libcmark 2>/dev/null || { apt-get update -qq && apt-get install -y -qq libcmark-dev >/dev/null; }
if [ "${BENCH_BUILD:-1}" != 0 ]; then
  # The same flags as `make release`, so that neither build undoes the other's.
  read -r -a release_flags <<<"$(make -s --no-print-directory release-flags)"
  swift build "${release_flags[@]}" --product linkcontract >/dev/null
  swift build "${release_flags[@]}" --product ParserBench >/dev/null
fi
for binary in "$tool" "$parser_bench"; do
  [ -x "$binary" ] || { echo "bench: no $binary (run without BENCH_BUILD=0 to build it)" >&2; exit 2; }
done

# Scratch space: one folder on the repository's file system, one in memory; both go on exit.
work=.bench
mkdir -p "$work"
disk=$(mktemp -d "$work/out.XXXXXX")
memory=$(mktemp -d "${BENCH_MEMORY:-/dev/shm}/linkcontract-bench.XXXXXX")
trap 'rm -rf "$disk" "$memory"' EXIT
trap 'exit 130' INT TERM
# Measure a copy, so that a rebuild of .build/release during the run cannot change the tool
# half-way (a new binary also invalidates the build records that the rebuilds rely on).
cp "$tool" "$disk/linkcontract"
tool="$disk/linkcontract"
if [ "${BENCH_INSTRUCTIONS:-0}" = 1 ]; then
  command -v valgrind >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
  strip -g -o "$disk/linkcontract-counted" "$tool"
fi

# A new, empty folder under $1; the build goes to its site/ (the build record beside it).
fresh() { mktemp -d "$1/run.XXXXXX"; }

# timed LOG COMMAND...: runs COMMAND under GNU time, its output in LOG; sets `seconds` (wall
# clock) and `peak_kb` (maximum resident set size). Stops the script if COMMAND fails.
seconds=0; peak_kb=0
timed() {
  local log=$1 start end
  shift
  start=$EPOCHREALTIME
  if ! /usr/bin/time -f '%M' -o "$log.rss" "$@" >"$log" 2>&1; then
    echo "bench: failed: $*" >&2
    cat "$log" >&2
    exit 1
  fi
  end=$EPOCHREALTIME
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')
  peak_kb=$(tail -n 1 "$log.rss")
}

# ours OUT [CONTENT]: a linkcontract build of CONTENT (default: the corpus) into OUT, timed;
# sets `written` from its summary line.
written=0
ours() {
  timed "$disk/ours.log" "$tool" build --content "${2:-$corpus}" --output "$1"
  written=$(sed -n 's/^built .*: [0-9]* files, \([0-9]*\) written, [0-9]* removed$/\1/p' "$disk/ours.log")
  [ -n "$written" ] || { echo "bench: no summary line from linkcontract:" >&2; cat "$disk/ours.log" >&2; exit 1; }
}
hugo_build() { timed "$disk/hugo.log" bash "$shared/hugo-build.sh" "$corpus" "$1"; }

# same RESULT REFERENCE WHAT: stops the script unless the two output folders are byte for byte
# the same; when they differ, both are kept in .bench/mismatch/ for inspection.
same() {
  if ! diff -r "$1" "$2" >"$disk/diff.txt" 2>&1; then
    echo "bench: $3: the incremental rebuild differs from a full build of the same inputs" >&2
    head -n 20 "$disk/diff.txt" | cut -c1-200 >&2
    rm -rf "$work/mismatch"
    mkdir -p "$work/mismatch"
    cp -r "$1" "$work/mismatch/rebuilt"
    cp -r "$2" "$work/mismatch/full-build"
    cp "$disk/diff.txt" "$work/mismatch/diff.txt"
    echo "bench: both kept in $work/mismatch/ (rebuilt, full-build, diff.txt)" >&2
    exit 1
  fi
}

# settle_disk: on ext4 without a journal, creating a file right after thousands were deleted
# (the last run's folders, removed at its exit) skips each recently freed inode of the folder's
# block group, for every file: 2,000 files then take over a second instead of 70 ms. Both
# tools pay it, and it is a larger share of the faster build. Disk figures are taken once
# creating files is fast again: 500 empty files in a probe folder (kept until exit) in at most
# 40 ms, where a settled disk takes about 18 ms, tried every 20 s for up to BENCH_SETTLE
# seconds (default 120). The probe's folder may sit in another block group than the builds' folders, so it is
# a hint, not a guarantee: the line it prints goes with the figures. Sets `settled`.
settled=""
settle_disk() {
  local waited=0 limit=${BENCH_SETTLE:-120} ms
  while :; do
    ms=$(python3 - "$(mktemp -d "$disk/probe.XXXXXX")" <<'PROBE'
import os, sys, time
start = time.monotonic()
for index in range(500):
    os.close(os.open(os.path.join(sys.argv[1], f"f{index}"), os.O_CREAT | os.O_WRONLY, 0o644))
print(round((time.monotonic() - start) * 1000))
PROBE
)
    if [ "$ms" -le 40 ]; then
      settled="500 files created in ${ms} ms"
      if [ "$waited" -gt 0 ]; then settled+=" after waiting ${waited} s"; fi
      return
    fi
    if [ "$waited" -ge "$limit" ]; then
      settled="NOT SETTLED: 500 files still took ${ms} ms after ${waited} s; the disk figures are not comparable"
      echo "bench: $settled" >&2
      return
    fi
    echo "bench: creating 500 files took ${ms} ms (inodes deleted in the last minutes); waiting 20 s" >&2
    sleep 20
    waited=$((waited + 20))
  done
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# The values of the arguments: "3" when all are 3, "3-5" when they differ.
span() { printf '%s\n' "$@" | sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print (lo == hi) ? lo : lo "-" hi }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f%%", 100 * a / b }'; }

# edit_case NAME EDIT-COMMAND...: RUNS times: a full build into a new folder, the edit, the
# timed rebuild, the check against a full build of the edited pages, the page put back and a
# rebuild checked against a full build of the unedited pages. Uses the size's $edits (the copy
# of the corpus), $page (in it, with its backup in $disk/page.bak) and $unedited.
# Sets case_time (median) and case_written (span).
edit_case() {
  local name=$1 times=() counts=() edited_reference="" out
  shift
  for ((run = 1; run <= runs; run++)); do
    out="$(fresh "$disk")/site"
    ours "$out" "$edits"
    "$@"
    ours "$out" "$edits"
    times+=("$seconds"); counts+=("$written")
    if [ -z "$edited_reference" ]; then
      edited_reference="$(fresh "$disk")/site"
      ours "$edited_reference" "$edits"
    fi
    same "$out" "$edited_reference" "$name"
    cp "$disk/page.bak" "$page"
    ours "$out" "$edits"
    same "$out" "$unedited" "$name, then the page put back"
  done
  case_time=$(printf '%s\n' "${times[@]}" | median)
  case_written=$(span "${counts[@]}")
}
append_sentence() { printf '\nOne more sentence about the route.\n' >>"$page"; }
rename_heading() {
  sed -i '0,/^## /s/^## .*/## Renamed section about the route/' "$page"
  cmp -s "$page" "$disk/page.bak" && { echo "bench: $page has no '## ' heading to rename" >&2; exit 1; }
  return 0
}

# The cmark floor program (see the header).
cat >"$disk/cmark-floor.c" <<'EOF'
#define _POSIX_C_SOURCE 200809L
#include <cmark.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: cmark-floor CORPUS_DIR\n"); return 2; }
  DIR *dir = opendir(argv[1]);
  if (!dir) { perror(argv[1]); return 1; }
  size_t count = 0, capacity = 1024;
  char **bodies = malloc(capacity * sizeof *bodies);
  size_t *lengths = malloc(capacity * sizeof *lengths);
  struct dirent *entry;
  char path[4096];
  while ((entry = readdir(dir))) {
    size_t n = strlen(entry->d_name);
    if (n < 3 || strcmp(entry->d_name + n - 3, ".md") != 0) continue;
    snprintf(path, sizeof path, "%s/%s", argv[1], entry->d_name);
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc(size + 1);
    if (fread(text, 1, size, file) != (size_t)size) { perror(path); return 1; }
    fclose(file);
    text[size] = 0;
    /* The body only: without the front matter block between the first two "---" lines. */
    char *body = text;
    if (strncmp(text, "---\n", 4) == 0) {
      char *end = strstr(text + 3, "\n---\n");
      if (end) body = end + 5;
    }
    if (count == capacity) {
      capacity *= 2;
      bodies = realloc(bodies, capacity * sizeof *bodies);
      lengths = realloc(lengths, capacity * sizeof *lengths);
    }
    bodies[count] = body;
    lengths[count++] = strlen(body);
  }
  closedir(dir);
  int options = CMARK_OPT_SOURCEPOS | CMARK_OPT_VALIDATE_UTF8;
  double start = now();
  for (size_t i = 0; i < count; i++) cmark_node_free(cmark_parse_document(bodies[i], lengths[i], options));
  double parse = now() - start;
  start = now();
  for (size_t i = 0; i < count; i++) {
    cmark_node *document = cmark_parse_document(bodies[i], lengths[i], options);
    free(cmark_render_html(document, options));
    cmark_node_free(document);
  }
  double render = now() - start;
  printf("%zu %.4f %.4f\n", count, parse, render);
  return 0;
}
EOF
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -o "$disk/cmark-floor" "$disk/cmark-floor.c" $(pkg-config --cflags --libs libcmark)

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
echo "tools: $($tool --version), $(hugo version | cut -d' ' -f1-2), cmark $(pkg-config --modversion libcmark)"
echo "disk: $(df --output=fstype "$disk" | tail -n 1) under $work/; memory: $(df --output=fstype "$memory" | tail -n 1) ${BENCH_MEMORY:-/dev/shm}"
echo
read -r -a corpora <<<"${BENCH_CORPORA:-synthetic real}"
for kind in "${corpora[@]}"; do
for pages in "${sizes[@]}"; do
  case "$kind" in
    synthetic) generator="$shared/make-corpus.py" ;;
    real) generator="$shared/make-real-corpus.py" ;;
    docs)
      # Real documentation: as many pages as BENCH_DOCS's folders hold, once, whatever the sizes.
      [ -n "${BENCH_DOCS:-}" ] || { echo "bench: the docs corpus needs BENCH_DOCS=\"FOLDER...\"" >&2; exit 2; }
      [ "$pages" = "${sizes[0]}" ] || continue
      corpus="$work/corpus-docs"
      rm -rf "$corpus.partial" "$corpus"
      # shellcheck disable=SC2086 # BENCH_DOCS is a list of folders
      python3 "$shared/make-docs-corpus.py" "$corpus.partial" $BENCH_DOCS
      mv "$corpus.partial" "$corpus"
      pages=$(find "$corpus" -name '*.md' | wc -l)
      ;;
    *) echo "bench: BENCH_CORPORA takes synthetic, real and docs, not $kind" >&2; exit 2 ;;
  esac
  if [ "$kind" != docs ]; then
    corpus="$work/corpus-$kind-$pages"
    if [ ! -d "$corpus" ] || [ "$generator" -nt "$corpus" ] || [ "$(find "$corpus" -name '*.md' | wc -l)" -ne "$pages" ]; then
      rm -rf "$corpus.partial" "$corpus"
      python3 "$generator" "$corpus.partial" "$pages"
      mv "$corpus.partial" "$corpus"
    fi
  fi

  # The edits of 3. go to one page of a copy of the corpus, so the corpus itself stays as
  # generated. The copy is made now, minutes before them, as a writer's Content is older than
  # the edit: a build records a file as settled only when it last changed two seconds or more
  # before (SiteSources), and a copy made just before would have each rebuild read every page.
  edits="$disk/corpus-$kind-$pages"
  cp -r "$corpus" "$edits"

  # 1. Full builds: a warm-up of each, then interleaved rounds.
  settle_disk
  ours "$(fresh "$disk")/site"
  hugo_build "$(fresh "$disk")/site"
  ours "$(fresh "$memory")/site"
  hugo_build "$(fresh "$memory")/site"
  "$disk/cmark-floor" "$corpus" >/dev/null
  ours_disk=(); hugo_disk=(); ours_memory=(); hugo_memory=(); ours_peak=0; hugo_peak=0
  parse_times=(); render_times=()
  full_builds=() # linkcontract's disk outputs: the starting points of the no-op rebuilds
  for ((run = 1; run <= runs; run++)); do
    out="$(fresh "$disk")/site"
    ours "$out"
    ours_disk+=("$seconds"); full_builds+=("$out"); ((peak_kb > ours_peak)) && ours_peak=$peak_kb
    hugo_build "$(fresh "$disk")/site"
    hugo_disk+=("$seconds"); ((peak_kb > hugo_peak)) && hugo_peak=$peak_kb
    out="$(fresh "$memory")/site"
    ours "$out"
    ours_memory+=("$seconds"); ((peak_kb > ours_peak)) && ours_peak=$peak_kb
    [ "$run" -eq 1 ] && reference="$out" # a full build of the corpus as generated
    hugo_build "$(fresh "$memory")/site"
    hugo_memory+=("$seconds"); ((peak_kb > hugo_peak)) && hugo_peak=$peak_kb
    # 2. The cmark floor, in the same round.
    read -r parsed parse render < <("$disk/cmark-floor" "$corpus")
    parse_times+=("$parse"); render_times+=("$render")
  done
  full_disk=$(printf '%s\n' "${ours_disk[@]}" | median)
  full_memory=$(printf '%s\n' "${ours_memory[@]}" | median)
  peer_disk=$(printf '%s\n' "${hugo_disk[@]}" | median)
  peer_memory=$(printf '%s\n' "${hugo_memory[@]}" | median)

  [ "$parsed" -eq "$pages" ] || { echo "bench: the cmark floor read $parsed pages of $pages" >&2; exit 1; }
  floor=$(printf '%s\n' "${parse_times[@]}" | median)
  floor_render=$(printf '%s\n' "${render_times[@]}" | median)

  # 2b. With BENCH_INSTRUCTIONS=1, the instructions of one full build to memory.
  instructions=""
  if [ "${BENCH_INSTRUCTIONS:-0}" = 1 ]; then
    valgrind --tool=callgrind --callgrind-out-file="$disk/callgrind.out" "$disk/linkcontract-counted" build \
      --content "$corpus" --output "$(fresh "$memory")/site" >"$disk/callgrind.log" 2>&1 ||
      { echo "bench: the counted build failed:" >&2; cat "$disk/callgrind.log" >&2; exit 1; }
    instructions=$(awk '/^summary:/ { printf "%.2f", $2 / 1e9 }' "$disk/callgrind.out")
  fi

  # 3. Incremental rebuilds.
  noop_times=(); noop_written=()
  for out in "${full_builds[@]}"; do
    ours "$out"
    noop_times+=("$seconds"); noop_written+=("$written")
    same "$out" "$reference" "no-op rebuild"
  done
  page="$edits/page-00001.md"
  cp "$page" "$disk/page.bak"
  # A full build of the copy as it is: pages name their source path, so the copy's builds are
  # compared with builds of the copy.
  unedited="$(fresh "$disk")/site"
  ours "$unedited" "$edits"
  edit_case "one-page body edit" append_sentence
  body_time=$case_time; body_written=$case_written
  edit_case "heading rename" rename_heading
  heading_time=$case_time; heading_written=$case_written

  echo "corpus: $kind, $pages pages, $runs interleaved run$( [ "$runs" -eq 1 ] || echo s) after a warm-up, medians"
  echo "disk before the builds: $settled"
  printf '  %-28s %12s %10s\n' "" "linkcontract" "hugo"
  printf '  %-28s %11.3fs %9.3fs   ratio %s\n' "full build, disk" "$full_disk" "$peer_disk" "$(ratio "$full_disk" "$peer_disk")"
  printf '  %-28s %11.3fs %9.3fs   ratio %s\n' "full build, memory" "$full_memory" "$peer_memory" "$(ratio "$full_memory" "$peer_memory")"
  printf '  %-28s %10.0fMB %8.0fMB   ratio %s\n' "peak memory" "$((ours_peak / 1024))" "$((hugo_peak / 1024))" "$(ratio "$ours_peak" "$hugo_peak")"
  printf '  %-28s %11.3fs %10s   full build (memory) = %.1fx floor\n' "cmark floor (one core)" "$floor" "" "$(awk -v a="$full_memory" -v b="$floor" 'BEGIN { print a / b }')"
  printf '  %-28s %11.3fs\n' "cmark parse + render HTML" "$floor_render"
  [ -z "$instructions" ] || printf '  %-28s %10s G   (callgrind, one full build to memory)\n' "instructions" "$instructions"
  printf '  %-28s %11.3fs   (%s files written, %s of a full build, identical to a full build)\n' \
    "no-op rebuild" "$(printf '%s\n' "${noop_times[@]}" | median)" "$(span "${noop_written[@]}")" \
    "$(percent "$(printf '%s\n' "${noop_times[@]}" | median)" "$full_disk")"
  printf '  %-28s %11.3fs   (%s files written, %s of a full build, identical to a full build)\n' \
    "one-page body edit" "$body_time" "$body_written" "$(percent "$body_time" "$full_disk")"
  printf '  %-28s %11.3fs   (%s files written, %s of a full build, identical to a full build)\n' \
    "heading rename" "$heading_time" "$heading_written" "$(percent "$heading_time" "$full_disk")"
  echo
done
done
"$parser_bench"
