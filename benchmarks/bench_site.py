"""The site's figures: build time, the calculator's weight, and Lighthouse on a phone.

Run: .venv/bin/python benchmarks/bench_site.py [--page en/tokaido/scoring/ ...] [--runs 3] [--no-lighthouse]
     .venv/bin/python benchmarks/bench_site.py --site NEW_BUILD [--compare OLD_BUILD]

Prints the full build time (three languages), the calculator's own JavaScript and CSS
gzipped (the sources as written, and what a calculator page loads as the site ships it:
calculator.js, the modules joined and minified, and calculator.css; budget 20 KB, 30 KB
with the table features), and Lighthouse's performance and accessibility scores (goal: 95
and 100) in mobile mode for a rules page, a quick reference and a calculator page, served by
``rulebook serve`` (which gzips text like any static host). Lighthouse's simulated phone
multiplies what this machine's CPU did, so a busy machine scores lower: each page is audited
``--runs`` times and the median printed, with the range, the total blocking time (most of
what the score loses here) and the page's element count. With ``--site``, what a first visit to a rules
page, a quick reference and a calculator page transfers, gzipped, in a real browser (and,
with ``--compare``, before and after). Lighthouse comes from the npm registry into
.cache/lighthouse and drives Debian's Chromium (CHROME_PATH=/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.site.assets import SOURCES, page_files  # noqa: E402
from rulebook.site.build import build_site  # noqa: E402
from rulebook.site.options import BuildOptions  # noqa: E402
from rulebook.site.serve import serve_in_thread  # noqa: E402

LIGHTHOUSE = "lighthouse@12.8.2"  # the newest release that runs on Debian's Node 18 and 20
CACHE = ROOT / ".cache" / "lighthouse"
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"


def gzipped(texts: list[str]) -> int:
    """Bytes of the texts gzipped one by one, as a server sends them."""
    return sum(len(gzip.compress(t.encode("utf-8"), compresslevel=9)) for t in texts)


def calculator_sizes() -> tuple[int, int]:
    """(sources, shipped) gzipped bytes: every .js and .css as written; what a page loads."""
    files = [p for p in sorted(SOURCES.glob("*")) if p.suffix in {".js", ".css"}]
    return gzipped([p.read_text(encoding="utf-8") for p in files]), gzipped(
        list(page_files().values())
    )


def lighthouse(url: str) -> dict[str, float]:
    """Performance and accessibility scores (0-100) and page weight (bytes), mobile mode."""
    binary = CACHE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("npm is missing: run scripts/bootstrap.sh --browser")
        subprocess.run(
            [
                npm,
                "install",
                "--silent",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(CACHE),
                LIGHTHOUSE,
            ],
            check=True,
        )
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run(
            [
                str(binary),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={report}",
                "--only-categories=performance,accessibility",
                "--form-factor=mobile",
                f"--chrome-flags={CHROME_FLAGS}",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
        )
        data = json.loads(report.read_text(encoding="utf-8"))
    audits = data["audits"]
    return {
        "performance": data["categories"]["performance"]["score"] * 100,
        "accessibility": data["categories"]["accessibility"]["score"] * 100,
        "weight": audits["total-byte-weight"]["numericValue"],
        "blocking": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "elements": audits["dom-size"]["numericValue"],
    }


#: Pages Lighthouse audits: a rules page, a quick reference, a calculator page.
AUDITED = ("en/tokaido/rules/", "en/tokaido/quick-reference/", "en/tokaido/scoring/")


def audit(base: str, page: str, runs: int) -> None:
    """Print the median Lighthouse figures of ``runs`` audits of ``page``, with their range."""
    found = [lighthouse(base + page) for _ in range(runs)]

    def figure(key: str) -> tuple[float, float, float]:
        values = sorted(run[key] for run in found)
        return statistics.median(values), values[0], values[-1]

    perf, low, high = figure("performance")
    a11y, a11y_low, _ = figure("accessibility")
    blocking, _, _ = figure("blocking")
    lcp, _, _ = figure("lcp")
    print(
        f"  /{page}: performance {perf:.0f} ({low:.0f}-{high:.0f}), accessibility {a11y:.0f}"
        f" (lowest {a11y_low:.0f}), blocking {blocking:.0f} ms, LCP {lcp / 1000:.1f} s,"
        f" {figure('weight')[0] / 1024:.0f} KB, {found[0]['elements']:.0f} elements"
    )


#: Pages whose transfer a reader feels: a rules page, a quick reference, a calculator page.
PAGES = (
    "en/tokaido/rules/",
    "uk/tokaido/rules/",
    "en/tokaido/quick-reference/",
    "en/tokaido/scoring/",
)


def transfer(base: str, page: str) -> tuple[int, int]:
    """(requests, bytes gzipped) a first visit to ``page`` loads, at 360x740, before any tap."""
    from playwright.sync_api import sync_playwright

    sizes: list[int] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROME_PATH", "/usr/bin/chromium"),
            args=["--no-sandbox"],
        )
        opened = browser.new_page(viewport={"width": 360, "height": 740})

        def seen(response: object) -> None:
            # A redirect or an aborted request has no body.
            with contextlib.suppress(Exception):
                sizes.append(len(gzip.compress(response.body(), compresslevel=6)))  # type: ignore[attr-defined]

        opened.on("response", seen)
        opened.goto(base + page)
        opened.wait_for_load_state("networkidle")
        browser.close()
    return len(sizes), sum(sizes)


def transfers(site: Path, compare: Path | None) -> None:
    """Print what each page of PAGES transfers, for ``site`` and (before) ``compare``."""
    rows: dict[str, list[tuple[int, int]]] = {page: [] for page in PAGES}
    for folder in [f for f in (compare, site) if f is not None]:
        server, base = serve_in_thread(folder)
        try:
            for page in PAGES:
                rows[page].append(transfer(base, page))
        finally:
            server.shutdown()
    print("first visit at 360x740, gzipped (budget 120 KB for a rules page):")
    for page, found in rows.items():
        figures = " -> ".join(f"{size / 1024:.0f} KB in {count} requests" for count, size in found)
        ratio = f" (x{found[-1][1] / found[0][1]:.2f})" if len(found) == 2 and found[0][1] else ""
        print(f"  /{page}: {figures}{ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--page", action="append", help="a page to audit (repeatable; default: AUDITED)"
    )
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse audits per page")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip the Lighthouse audit")
    parser.add_argument(
        "--site", type=Path, help="measure this built site (no build, no Lighthouse)"
    )
    parser.add_argument("--compare", type=Path, help="with --site: an older build to compare with")
    args = parser.parse_args()
    if args.site is not None:
        transfers(args.site, args.compare)
        return

    sources, shipped = calculator_sizes()
    print(
        f"calculator JS + CSS, gzipped: {sources / 1024:.1f} KB as written, {shipped / 1024:.1f} KB as a page loads it"
    )
    with tempfile.TemporaryDirectory() as folder:
        report = build_site(BuildOptions(out=Path(folder) / "site"))
        print(
            f"full build: {report.seconds:.1f} s for {report.pages} pages in {len(report.languages)} languages"
        )
        if args.no_lighthouse:
            return
        server, base = serve_in_thread(report.out)
        print(
            f"Lighthouse, mobile, median of {args.runs} (goal: performance 95, accessibility 100):"
        )
        try:
            for page in args.page or AUDITED:
                audit(base, page, args.runs)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
