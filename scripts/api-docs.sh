#!/usr/bin/env bash
# The API reference of the values an adopter writes (module LinkContract), built with the
# toolchain's own DocC: symbol graphs from the compiler, then `docc convert` with warnings as
# errors, so a broken ``Symbol`` link or a missing page fails. Then every public symbol of the
# module an adopter writes or reads must carry a doc comment. Output: .build/api-docs/.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
graphs=.build/api-docs-symbol-graphs
out=.build/api-docs/LinkContract.doccarchive
rm -rf "$out"
mkdir -p "$graphs" .build/api-docs
# A build folder of its own: the symbol-graph flags would otherwise rebuild .build/debug.
"$SWIFT" build --scratch-path .build/api-docs-build --target LinkContract \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
docc convert Sources/LinkContract/LinkContract.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name LinkContract --fallback-bundle-identifier linkcontract.LinkContract \
  --output-path "$out" --warnings-as-errors
python3 scripts/api_docs_coverage.py "$graphs/LinkContract.symbols.json"
echo "api-docs: $out"
