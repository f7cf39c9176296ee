#!/usr/bin/env bash
# make preview: serve Site/ on 127.0.0.1 and rebuild it whenever Content/ or Templates/ change.
#
#   scripts/preview.sh [watch options]      PORT=8000 by default; Ctrl-C stops both processes
#
# Builds the tool (swift build --product linkcontract), runs `linkcontract watch` and Python's
# standard http.server (scripts/preview_server.py) side by side. Open a page with `?live` to
# have it reload itself after each rebuild (`?live=0` turns it off); without it, pages are
# served byte for byte as generated. The live-reload script and the stamp it polls live outside
# Site/ (scripts/preview-live.js and a temporary folder), so the committed site never has them.
set -euo pipefail

cd "$(dirname "$0")/.."
PORT="${PORT:-8000}"
SWIFT="${SWIFT:-swift}"
PYTHON="${PYTHON:-python3}"
TOOL=.build/debug/linkcontract

case "$PORT" in
  '' | *[!0-9]*) echo "preview: PORT must be a number, got '$PORT'" >&2; exit 2 ;;
esac
command -v "$PYTHON" >/dev/null 2>&1 || { echo "preview: needs $PYTHON (http.server)" >&2; exit 1; }

"$SWIFT" build --product linkcontract

state="$(mktemp -d "${TMPDIR:-/tmp}/linkcontract-preview.XXXXXX")"
watch_pid=""
server_pid=""

stop() {
  trap - INT TERM EXIT
  for pid in $watch_pid $server_pid; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in $watch_pid $server_pid; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$state"
}
trap 'stop; exit 0' INT TERM
trap stop EXIT

"$PYTHON" scripts/preview_server.py --port "$PORT" --site Site --stamp "$state/stamp" \
  --problems "$state/problems" --live-js scripts/preview-live.js &
server_pid=$!
"$TOOL" watch --stamp "$state/stamp" --problems "$state/problems" "$@" &
watch_pid=$!

# Run until Ctrl-C, or until either one stops by itself (say, the port is taken).
status=0
wait -n "$server_pid" "$watch_pid" || status=$?
exit "$status"
