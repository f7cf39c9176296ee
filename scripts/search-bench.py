#!/usr/bin/env python3
"""Measures the search page: the size of search.json, its parts and search.html, and the time from
navigation start to the first results for a query given as ?q= (the page's script records it
in data-first-result-ms), in headless Chromium from file://, median of 5 runs.

    python3 scripts/search-bench.py [SITE] [QUERY]
"""
import json, os, re, statistics, subprocess, sys, tempfile

site = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "Site")
query = sys.argv[2] if len(sys.argv) > 2 else "fingerprint"
times, counts = [], []
for _ in range(5):
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
             "--virtual-time-budget=3000", "--dump-dom", "file://%s/search.html?q=%s" % (site, query)],
            capture_output=True, text=True, timeout=120).stdout
    found = re.search(r'data-first-result-ms="(\d+)"', dom)
    if not found:
        sys.exit("search-bench: no result time in the page (is JavaScript running?)")
    times.append(int(found.group(1)))
    counts.append(dom.count('role="option"'))
print(json.dumps({
    "query": query,
    "search.json bytes": os.path.getsize(os.path.join(site, "search.json")),
    "parts (search/part-N.json)": len(json.load(open(os.path.join(site, "search.json")))["parts"]),
    "parts bytes": sum(os.path.getsize(os.path.join(site, part))
                       for part in json.load(open(os.path.join(site, "search.json")))["parts"]),
    "search.html bytes": os.path.getsize(os.path.join(site, "search.html")),
    "first result ms (median of 5)": statistics.median(times),
    "runs ms": times,
    "results": counts[0],
}))
