#!/usr/bin/env bash
# fuzz: libFuzzer runs, bounded in time, of the link parser (LinkParserFuzz) and of the Content
# pipeline (ContentFuzz), each checking properties as well as crashes.
#
#   scripts/fuzz.sh [SECONDS]     SECONDS per target, default 60
#   FUZZ_SEED=N scripts/fuzz.sh   libFuzzer's seed; with a fresh .fuzz/ a run replays the
#                                 same inputs in the same order, so a short CI run is the
#                                 start of a longer run that passed here
#
# Inputs that once failed are kept in Tests/Fuzz/regressions/<target>/ and run first, every
# time, as seeds.
#
# Builds both targets with -sanitize=fuzzer,address into .build-fuzz/, seeds .fuzz/ from the
# conformance table (Site/conformance.json), Content/*.md and a few page variants, runs each
# target with libFuzzer's final stats, and exits non-zero on a crash or a property failure.
# Corpora grow in .fuzz/corpus/<target>/ from run to run; reproducers land in
# .fuzz/artifacts/<target>/. Replay one with: .build-fuzz/debug/<target> FILE
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
swift="${SWIFT:-swift}"
fuzz_dir=.fuzz
targets=(LinkParserFuzz ContentFuzz)

for target in "${targets[@]}"; do
  echo "== building $target"
  "$swift" build -c debug --scratch-path .build-fuzz --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library \
    2>&1 | grep -vE "Cannot export local symbol|^\[[0-9]+/[0-9]+\]" || true
  test -x ".build-fuzz/debug/$target" || {
    echo "fuzz: building $target failed" >&2
    exit 1
  }
done

echo "== seeding $fuzz_dir from Site/conformance.json and Content/"
python3 - "$fuzz_dir" <<'PY'
import base64, hashlib, json, pathlib, sys

out = pathlib.Path(sys.argv[1])

def write(folder, data):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)

parser_seeds = out / "seeds" / "LinkParserFuzz"
table = json.loads(pathlib.Path("Site/conformance.json").read_text())
for case in table["links"]:
    # An input that is not UTF-8 has its bytes as inputBase64.
    write(parser_seeds, case["input"].encode() if case["input"] is not None else base64.b64decode(case["inputBase64"]))

content_seeds = out / "seeds" / "ContentFuzz"
for page in sorted(pathlib.Path("Content").glob("*.md")):
    write(content_seeds, page.read_bytes())

matter = "---\ntitle: Variant\nsummary: A `page` variant for fuzzing.\nweight: 1\n---\n\n"
# The contract's own values come from Site/contract.json: this script names none of them.
contract = json.loads(pathlib.Path("Site/contract.json").read_text())
routes = [route["id"] for route in contract["routeClasses"]]
builds = [build["name"] for build in contract["builds"]]
directives = ["layers", "route-classes", "route " + routes[0], "route " + routes[-1], "rejection-reasons",
              "forbidden-fields", "handling-stages", "gates", "troubleshooting", "verification",
              "revalidation", "builds", "association " + builds[0], "conformance", "lifecycle",
              "route", "nonsense", "association nowhere"]
variants = [matter + "```contract " + name + "\n```\n" for name in directives]

def example(case):
    expected = case["expected"]
    if expected["outcome"] == "recognized":
        return case["input"] + " -> " + expected["route"]
    return case["input"] + " -> unsupported " + expected["reason"] + (" " + expected["field"] if expected.get("field") else "")

for build in builds[:2]:
    cases = [case for case in table["links"] if case["build"] == build and case["input"] is not None
             and "\n" not in case["input"]][:8]
    variants.append(matter + "```link-example build=" + build + "\n" + "\n".join(map(example, cases))
                    + "\nno arrow here\n```\n")
variants += [
    matter + "```link-example build=nowhere extra\n```\n",
    matter + "```contract " + "x" * 300 + "\n```\n\n```contract route bad\u009b31m\n```\n",
    matter + "[a](route:" + "y" * 300 + ") [b](#\u009b" + "z" * 200 + ") [c](" + "q" * 200 + ":x)\n",
    # Inline HTML, kept and refused, in paragraphs, headings and table cells; an http link;
    # placeholders, mistyped and as a link target.
    matter + "## Step<a id=\"s\"></a>\n\nPress <kbd>Ctrl</kbd>, x<sup>2</sup> <abbr title=\"t\">A</abbr>"
    + " <span id=\"p\">*e*</span><br><!-- c --> <b>b</b> <kbd><sup>m</kbd></sup> [h](http://a.example/)"
    + " [s](#s)\n\n| a | b |\n|---|---|\n| <br> | <a id=\"c\"></a>x<br>y |\n| --- | --- |\n\n"
    + "{hots:" + builds[0] + "} [p]({host:" + builds[0] + "})\n",
]

# Dictionaries: the words each input format is made of, the contract's taken from its data.
words = set()
for build in contract["builds"]:
    words |= {build["webHost"], build["customScheme"] + "://", "build=" + build["name"], "association " + build["name"]}
for route in contract["routeClasses"]:
    words |= {route["id"], "route " + route["id"]}
    for segment in route["httpsPath"] or []:
        words.add("/" + segment.get("literal", "") + "/" if "literal" in segment else "/")
    if route["customSchemeName"]:
        words.add(route["customSchemeName"])
    for field in route["fields"]:
        words |= {field["name"] + "=", "?" + field["name"] + "=", "&" + field["name"] + "="}
        if field["format"]["kind"] == "reference":
            words.add(field["format"]["prefix"] + contract["reservedBodyPrefix"])
for kind in contract["forbiddenWords"]["kinds"]:
    words |= {word + "=" for word in kind["words"]}
(out / "dict").mkdir(parents=True, exist_ok=True)
(out / "dict" / "contract.dict").write_text("".join(json.dumps(word) + "\n" for word in sorted(words)))
for text in variants:
    write(content_seeds, text.encode())
PY

# Dictionaries: the words each input format is made of.
mkdir -p "$fuzz_dir/dict"
cat >"$fuzz_dir/dict/LinkParserFuzz.dict" <<'DICT'
"https://"
"HTTPS://"
"http://"
"access_denied"
"server_error"
"%2F"
"@"
":443"
"#"
"&&"
"/./"
"/../"
"[::1]"
DICT
cat >"$fuzz_dir/dict/ContentFuzz.dict" <<'DICT'
"---\x0a"
"title: "
"summary: "
"weight: "
"\x0a```contract "
"\x0a```\x0a"
"~~~"
"route-classes"
"rejection-reasons"
"handling-stages"
"troubleshooting"
"verification"
"lifecycle"
"conformance"
"\x0a```link-example\x0a"
"<br>"
"<kbd>"
"</kbd>"
"<a id=\"x\">"
"</a>"
"<span id="
"<!-- "
" -->"
"http://"
" -> "
"unsupported "
"forbidden-field"
"](route:"
"](#"
"](page.md#"
"](conformance.json)"
"\x0a# "
"\x0a## "
"<script>"
"<div>"
"![x]("
"\x0a> "
"\x0a- "
"\x0a1. "
"`"
"**"
"&lt;"
DICT
for target in LinkParserFuzz ContentFuzz; do cat "$fuzz_dir/dict/contract.dict" >>"$fuzz_dir/dict/$target.dict"; done

status=0
for target in "${targets[@]}"; do
  corpus="$fuzz_dir/corpus/$target"
  artifacts="$fuzz_dir/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  echo "== fuzzing $target for ${seconds}s"
  log="$fuzz_dir/$target.log"
  max_len=4096
  [ "$target" = LinkParserFuzz ] && max_len=1200
  seed_args=()
  hashing=0
  if [ -n "${FUZZ_SEED:-}" ]; then
    seed_args=(-seed="$FUZZ_SEED")
    hashing=1
  fi
  regressions="Tests/Fuzz/regressions/$target"
  mkdir -p "$regressions"
  set +e
  SWIFT_DETERMINISTIC_HASHING=$hashing SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" \
    ".build-fuzz/debug/$target" "$corpus" "$fuzz_dir/seeds/$target" "$regressions" \
    "${seed_args[@]}" -max_total_time="$seconds" -print_final_stats=1 -max_len="$max_len" -timeout=10 \
    -dict="$fuzz_dir/dict/$target.dict" -artifact_prefix="$artifacts/" >"$log" 2>&1
  code=$?
  set -e
  grep -vE "^(#[0-9]+|\"|INFO:|###|MS:|artifact_prefix|Test unit written|Base64)|NEW_FUNC" "$log" \
    | grep -vE "^ *$" | tail -n 40 || true
  grep -E "^#[0-9]+ +DONE" "$log" || grep -E "^#[0-9]+" "$log" | tail -n 1 || true
  if [ "$code" -ne 0 ]; then
    echo "fuzz: $target failed (exit $code); reproducer in $artifacts/, log in $log" >&2
    ls -1 "$artifacts" >&2 || true
    status=1
  fi
done
exit "$status"
