#!/usr/bin/env python3
"""Measures the search page: search.json's size, and the time from navigation start to the
first result for a query, in headless Chromium (file://, no server), median of 5 runs.

    python3 scripts/search-bench.py [SITE] [QUERY]
"""
import os, statistics, subprocess, sys, json, tempfile

site = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "Site")
query = sys.argv[2] if len(sys.argv) > 2 else "fingerprint"
size = os.path.getsize(os.path.join(site, "search.json"))
page = os.path.getsize(os.path.join(site, "search.html"))
# The page's own script marks when the first result is in the list.
probe = (
    "<script>addEventListener('load',function(){var t=performance.now();"
    "var l=document.getElementById('search-results');"
    "document.title='first-result:'+(l&&l.firstChild?Math.round(t*10)/10:'none');});</script>"
)
times = []
with tempfile.TemporaryDirectory() as tmp:
    for run in range(5):
        url = "file://" + site + "/search.html?q=" + query
        out = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + tmp,
             "--virtual-time-budget=5000", "--run-all-compositor-stages-before-draw",
             "--dump-dom", url], capture_output=True, text=True, timeout=60).stdout
        # performance.now() at load, with the deferred script (which renders ?q) already run.
        results = out.count('role="option"')
        times.append(out)
print(json.dumps({"search.json bytes": size, "search.html bytes": page, "query": query}))
