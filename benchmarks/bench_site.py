"""The site's figures: build time, the calculator's weight, and Lighthouse on a phone.

Run: .venv/bin/python benchmarks/bench_site.py [--page en/tokaido/scoring/] [--no-lighthouse]

Prints the full build time (three languages), the calculator's own JavaScript and CSS
gzipped (the sources as written, and what a calculator page loads as the site ships it:
calculator.js, the modules joined and minified, and calculator.css; budget 20 KB, 30 KB
with the table features), and Lighthouse's performance and accessibility scores (goal: 95
each) and page weight for a calculator page in mobile mode, served by ``rulebook serve``
(which gzips text like any static host). Lighthouse comes from the npm registry into
.cache/lighthouse and drives Debian's Chromium (CHROME_PATH=/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
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
    return {
        "performance": data["categories"]["performance"]["score"] * 100,
        "accessibility": data["categories"]["accessibility"]["score"] * 100,
        "weight": data["audits"]["total-byte-weight"]["numericValue"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="en/tokaido/scoring/", help="calculator page to audit")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip the Lighthouse audit")
    args = parser.parse_args()

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
        try:
            scores = lighthouse(base + args.page)
        finally:
            server.shutdown()
    print(f"Lighthouse, mobile, /{args.page}:")
    print(f"  performance   {scores['performance']:.0f}")
    print(f"  accessibility {scores['accessibility']:.0f}")
    print(f"  page weight   {scores['weight'] / 1024:.0f} KB transferred")


if __name__ == "__main__":
    main()
