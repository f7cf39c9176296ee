#!/usr/bin/env python3
"""Writes the synthetic apple-app-site-association files that BENCHMARKS.md measures
`linkcontract validate` on, into DIR:

  literal.json    just under 128 KB: ~5,700 components with distinct literal paths
  wildcard.json   just under 128 KB: ~6,000 components whose paths all start with `*`,
                  so that no literal-prefix index helps
  stars.json      12 KB: two `*`-heavy patterns, the later one almost covered by the first
  oversized.json  201 KB of spaces before `{}`: only the size may be looked at
  literal-changed.json  literal.json with one path renamed and one made an exclude, for diff

Usage: scripts/make-association-files.py DIR
"""
import json
import os
import sys

LIMIT = 128 * 1024
APP = "ABCDE12345.com.example.app"


def fill(items):
    components = []
    document = {"applinks": {"details": [{"appIDs": [APP], "components": components}]}}
    for item in items:
        components.append(item)
        if len(json.dumps(document, separators=(",", ":"))) > LIMIT:
            components.pop()
            break
    return json.dumps(document, separators=(",", ":"))


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    files = {
        "literal.json": fill({"/": "/p/%06d/item" % (100000 + i)} for i in range(10000)),
        "wildcard.json": fill({"/": "*/x%05d" % i} for i in range(10000)),
        "stars.json": json.dumps({"applinks": {"details": [{"appIDs": [APP], "components": [
            {"/": "/" + "*a" * 3000 + "*"}, {"/": "/" + "*a" * 2999 + "*b*"}]}]}}),
        "oversized.json": " " * (201 * 1024) + "{}",
    }
    files["literal-changed.json"] = files["literal.json"].replace(
        "/p/100500/item", "/p/100500/itemX").replace(
        "/p/100001/item", '/p/100001/item","exclude":true,"x":"1')
    for name, text in files.items():
        with open(os.path.join(folder, name), "w") as out:
            out.write(text)


if __name__ == "__main__":
    main()
