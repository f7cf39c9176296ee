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
directives = ["layers", "route-classes", "route start", "route product", "rejection-reasons",
              "forbidden-fields", "handling-stages", "gates", "troubleshooting", "verification",
              "revalidation", "builds", "association production", "conformance", "lifecycle",
              "route", "nonsense", "association nowhere"]
variants = [matter + "```contract " + name + "\n```\n" for name in directives]
variants += [
    matter + "# Heading\n\n## Heading\n\nSee [start](route:start), [below](#heading-2), "
    "[page](page.md#heading), [json](conformance.json), [web](https://example.com \"t\").\n\n"
    "```contract route start\n```\n",
    matter + "```link-example\nhttps://links.example.com/start -> start\n"
    "https://links.example.com/business/bz_0000Business01 -> business\n"
    "https://links.example.com/business/bz_1234Business01 -> business\n"
    "https://links.example.com/start?password=hunter2secret -> unsupported forbidden-field\n"
    "https://links.example.com/start?utm=1 -> unsupported extra-field utm\n```\n",
    matter + "```link-example build=staging\ncom.example.customer.staging://oauth-complete"
    "?error=access_denied -> oauth-complete\nno arrow here\n```\n",
    matter + "```link-example build=nowhere extra\n```\n",
    matter + "<div>raw</div>\n\nText <b>inline</b> ![image](x.png) and `code <script>`.\n\n"
    "> quote\n\n1. one\n2. two\n\n- a\n\n  b\n\n***\n\n```swift\nlet x = \"<script>\"\n```\n",
    "---\ntitle: x\ncolor: red\nweight: heavy\nsummary:\n---\nbody\n",
    "---\r\ntitle: CRLF\r\nsummary: s\r\nweight: 2\r\n---\r\n# Title\r\n",
    "no front matter\n",
    "---\ntitle: unclosed\n",
    # Plain pages, which take the direct writer's path (ContentWriter) and are held to the
    # document's writing of the same page.
    matter + "# Top\n\n## Part *one* `x`\n\nSome *em*, **strong**, `a <b> & c` and a [page](page.md#part-one-x)\n"
    "with a [titled](https://example.com/?a=1&b=2 \"a \\\"title\\\"\") link.  \nHard break.\n\n"
    "> - quoted *item*\n>\n> 3. three\n\n1. tight\n2. list\n\n- loose\n\n- list\n\n"
    "After the list.\n\n    indented <code>\n\n```js extra\nx && y\n```\n\n---\n\n&copy; &#0; &amp;\n",
    matter + "0. zero\n1. one\n\n* a\n  * nested `b`\n\n[self](page.md) [here](#top)\n\n## Top\n",
    # Hostile shapes (issue 32), small: the fuzzer grows them. Nesting past the limit of 200
    # levels, at it, in a table cell; many links, errors and equal headings on a page; long
    # and control-laden words that messages quote.
    matter + "> " * 250 + "x\n",
    matter + "> " * 198 + "x\n",
    matter + "- " * 120 + "x\n\n" + "1. " * 120 + "x\n",
    matter + "*" * 250 + "x" + "*" * 250 + "\n\n" + "_a " * 210 + "x" + " b_" * 210 + "\n",
    matter + "| a |\n| - |\n| " + "*" * 300 + "x" + "*" * 300 + " |\n",
    matter + "[a](https://a.example/) " * 40 + "<https://a.example/> www.a.example ~~x~~\n",
    matter + "[a](http://a.example/?password=hunter2secret) " * 20 + "\n",
    matter + "## Same\n\n" * 30 + "[a](#same-31) [b](#no-such-heading)\n",
    matter + "```contract " + "x" * 300 + "\n```\n\n```contract route bad\u009b31m\n```\n",
    matter + "[a](route:" + "y" * 300 + ") [b](#\u009b" + "z" * 200 + ") [c](" + "q" * 200 + ":x)\n",
]
for text in variants:
    write(content_seeds, text.encode())
PY

# Dictionaries: the words each input format is made of.
mkdir -p "$fuzz_dir/dict"
cat >"$fuzz_dir/dict/LinkParserFuzz.dict" <<'DICT'
"https://"
"HTTPS://"
"http://"
"links.example.com"
"links.staging.example.com"
"com.example.customer://"
"com.example.customer.staging://"
"/start"
"start"
"oauth-complete"
"/business/"
"/category/"
"/product/"
"/checkout/"
"/orders/"
"bz_0000"
"ct_0000"
"pr_0000"
"ca_0000"
"or_0000"
"?code="
"?error="
"&error="
"access_denied"
"server_error"
"password="
"access_token="
"session="
"email="
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
"route start"
"route-classes"
"rejection-reasons"
"handling-stages"
"troubleshooting"
"verification"
"association production"
"lifecycle"
"conformance"
"\x0a```link-example\x0a"
"build=staging"
" -> "
"unsupported "
"forbidden-field"
"https://links.example.com/start"
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
