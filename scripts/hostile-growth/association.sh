#!/usr/bin/env bash
# Growth of the association checks on hostile apple-app-site-association files.
#
# Usage: scripts/hostile-growth/association.sh PATH/TO/linkcontract [SIZES_KB...]
#
# Generates hostile AASA files of increasing size (default 4 8 16 32 64 KB): many
# substitution variables, many values each, many uses per component, values and patterns
# with nested `*` and `?`. Times `validate` on each, `diff` of two such files of the same
# size, and `verify-host` against a local HTTPS server on 127.0.0.1 serving the file (when
# python3 and openssl are present). Prints, per command: size, seconds, and the ratio to the
# previous size. Linear growth doubles the time from one row to the next (ratio about 2).
set -euo pipefail

tool=${1:?usage: $0 PATH/TO/linkcontract [SIZES_KB...]}
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(4 8 16 32 64)
tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hostile-association.XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# hostile SIZE_KB SEED OUT: a hostile AASA of about SIZE_KB kilobytes.
hostile() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
size, seed, out = int(sys.argv[1]) * 1024, int(sys.argv[2]), sys.argv[3]
names = [f"v{i}" for i in range(8)]
# Half the bytes are the variables' values, half the components that use them.
per_value = 14
values = max(2, (size // 2) // (len(names) * (per_value + 3)))
variables = {
    name: [f"{'a' * (k % 5)}*{name}?{k}*b{seed if k == 0 else ''}" for k in range(values)]
    for name in names
}
components = []
used = len(json.dumps({"applinks": {"substitutionVariables": variables}}))
k = 0
while used < size - 200:
    a, b, c, d = (names[(k + j) % len(names)] for j in range(4))
    component = {
        "/": f"/$({a})*/$({b})?*$({c})/{k}/*$({d})*",
        "?": {"q": f"*$({b})*$({c})"},
        "#": f"$({d})*$({a})",
    }
    if k % 3 == 0:
        component["exclude"] = True
    components.append(component)
    used += len(json.dumps(component)) + 1
    k += 1
document = {
    "applinks": {
        "substitutionVariables": variables,
        "details": [{"appIDs": ["ABCDE12345.org.hostile.app"], "components": components}],
    }
}
with open(out, "w") as handle:
    json.dump(document, handle)
PY
}

# seconds COMMAND...: wall-clock seconds of one run (its exit status ignored).
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}

# table TITLE: reads "size seconds" lines, prints them with the ratio to the previous row.
table() {
  echo "$1"
  printf '  %8s %9s %7s\n' size seconds ratio
  awk '{ ratio = (NR > 1 && prev > 0) ? sprintf("%.2f", $2 / prev) : "-"; printf "  %6s KB %9s %7s\n", $1, $2, ratio; prev = $2 }'
}

for kb in "${sizes[@]}"; do
  hostile "$kb" 1 "$work/old-$kb.json"
  hostile "$kb" 2 "$work/new-$kb.json"
done

for kb in "${sizes[@]}"; do
  echo "$kb $(seconds "$tool" validate --kind aasa "$work/old-$kb.json")"
done | table "validate (one hostile file)"

for kb in "${sizes[@]}"; do
  echo "$kb $(seconds "$tool" diff "$work/old-$kb.json" "$work/new-$kb.json")"
done | table "diff (two hostile files)"

server=$repo/Tests/ReleaseChecksTests/Fixtures/https_server.py
if command -v openssl >/dev/null && command -v python3 >/dev/null && [ -f "$server" ]; then
  build=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["builds"][0]["name"])' \
    "$repo/Site/contract.json")
  (
    cd "$work"
    curve=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
    openssl req -x509 "${curve[@]}" -keyout ca.key -out ca.pem -days 1 -subj "/CN=hostile growth CA" \
      -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
    openssl req "${curve[@]}" -keyout server.key -out server.csr -subj /CN=127.0.0.1
    printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 1 \
      -extfile server.ext
  ) >/dev/null 2>&1
  for kb in "${sizes[@]}"; do
    mkdir -p "$work/www/s$kb/.well-known"
    cp "$work/old-$kb.json" "$work/www/s$kb/.well-known/apple-app-site-association"
    echo '[]' >"$work/www/s$kb/.well-known/assetlinks.json"
  done
  python3 "$server" "$work/www" "$work/server.pem" "$work/server.key" "$work/port" &
  server_pid=$!
  for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
  port=$(cat "$work/port")
  for kb in "${sizes[@]}"; do
    echo "$kb $(seconds "$tool" verify-host --build "$build" --base-url "https://127.0.0.1:$port/s$kb" \
      --ca-file "$work/ca.pem" --timeout 600)"
  done | table "verify-host --timeout 600 (127.0.0.1)"
  for kb in "${sizes[@]}"; do
    echo "$kb $(seconds "$tool" verify-host --build "$build" --base-url "https://127.0.0.1:$port/s$kb" \
      --ca-file "$work/ca.pem" --timeout 5)"
  done | table "verify-host --timeout 5 (127.0.0.1)"
else
  echo "verify-host: skipped (needs python3 and openssl)"
fi
