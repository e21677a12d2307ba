"""How much a table enters in the calculator, and how long its form is on a phone.

Run: .venv/bin/python benchmarks/bench_entry.py [--project DIR] [--before REF] [--language L]

For every game at 4 players (or its largest table when smaller), at 360x740 in English (or
the ``--language`` given, ``all`` for each in turn), the
richest base-game conformance case at that count is entered, and each player's column read:
the fields asked of one player (values) and the rows they take, the taps and keys the whole
table spends (tests/browser/entry_size.py says how they are counted), and the phone screens
one player's form takes. ``--before REF`` measures that git revision of this repository too
(``git archive``, built with its own code) and prints both. Goals (issue 28): one player's
entries in at most 2 screens for every game; River of Gold at 4 players in at most 100 taps
and keys. tests/browser/test_entry_size.py holds the form to them.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from own_build import build  # noqa: E402  (beside this script)

from rulebook.site.serve import serve_in_thread  # noqa: E402
from tests.browser.entry_size import EntrySize, games, measure  # noqa: E402

CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def archive(ref: str, into: Path) -> Path:
    """The files of revision ``ref`` of this repository, in ``into``."""
    data = subprocess.run(
        ["git", "archive", "--format=tar", ref], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure_site(site: Path, language: str) -> list[EntrySize]:
    """Every game's figures on the built ``site``, its pages in ``language``."""
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                return [measure(browser, url, game, language) for game in games()]
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def report(title: str, sizes: list[EntrySize]) -> None:
    print(title)
    print(f"{'game':<15}{'players':>8}{'values':>8}{'rows':>6}{'taps+keys':>11}{'screens':>9}")
    for s in sizes:
        print(f"{s.game:<15}{s.players:>8}{s.values:>8}{s.rows:>6}{s.taps:>11}{s.screens:>9.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", type=Path, default=ROOT, help="the copy to measure")
    parser.add_argument("--before", help="a git revision to measure too (main, HEAD~3)")
    parser.add_argument(
        "--language", default="en", choices=["fr", "uk", "en", "all"], help="the pages' language"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        if args.before:
            before = archive(args.before, Path(tmp) / "before")
            runs.append((f"before ({args.before})", before))
        runs.append((f"now ({args.project})", args.project.resolve()))
        languages = ["fr", "uk", "en"] if args.language == "all" else [args.language]
        for k, (title, project) in enumerate(runs):
            for language in languages:  # a build holds one language
                site = Path(tmp) / f"site-{k}-{language}"
                build(project, site, language)
                report(f"{title}, {language}", measure_site(site, language))
            print()
    print("goals: screens <= 2 for every game; river_of_gold taps+keys <= 100")


if __name__ == "__main__":
    main()
