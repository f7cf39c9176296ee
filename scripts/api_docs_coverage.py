"""Every public symbol of a module's symbol graph carries a doc comment, but for the members a
protocol conformance supplies (hashValue, rawValue initializers, literal initializers,
operators) and the diagnostic ids, whose meanings docs/diagnostics.md tables. Prints each
symbol without one and exits 1."""

import json
import sys

CONFORMANCE_MEMBERS = {
    "hashValue", "hash(into:)", "rawValue", "init(rawValue:)", "description",
    "init(unicodeScalarLiteral:)", "init(extendedGraphemeClusterLiteral:)", "init(stringLiteral:)",
    "init(dictionaryLiteral:)", "init(arrayLiteral:)",
}


def undocumented(graph):
    for symbol in graph["symbols"]:
        if symbol["accessLevel"] != "public" or "docComment" in symbol:
            continue
        path = symbol["pathComponents"]
        kind = symbol["kind"]["identifier"]
        if kind == "swift.func.op" or path[-1] in CONFORMANCE_MEMBERS:
            continue
        # An id type's `init(_:)` is its `init(rawValue:)` without the label.
        if path[-1] == "init(_:)" and path[0].endswith("ID"):
            continue
        if path[0] == "DiagnosticID" and kind == "swift.enum.case":
            continue
        yield kind.removeprefix("swift."), ".".join(path)


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        graph = json.load(handle)
    missing = sorted(set(undocumented(graph)))
    for kind, path in missing:
        print(f"{path}: {kind} without a doc comment")
    if missing:
        print(f"api-docs: {len(missing)} public symbols without a doc comment", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
