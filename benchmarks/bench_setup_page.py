"""How long each game's setup page is once a setup is generated, on a phone (360x740).

Run: .venv/bin/python benchmarks/bench_setup_page.py [--project DIR] [--site DIR] [--lang en]

The site is built in one language from this project (or from ``--project DIR``, another copy
of the repository such as ``git archive main``, built with that copy's own code), served on
127.0.0.1 and opened in Debian's Chromium at 360x740. For each game at its smallest and
largest player count, the page is opened with a setup link (count, names, a code, and the
options the rules require at that count, as Nile's DeLuxor at 6), so the generator draws
at once; then the page's height is read, in pixels and in phone screens, with the offset of
the first picture below the generated checklist (none: no picture of that table). Goal:
Tokaido at 4 players in at most 8 screens.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from own_build import build  # noqa: E402  (beside this script)

from rulebook.site.serve import serve_in_thread  # noqa: E402
from schemas.loader import load_game  # noqa: E402

CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
WIDTH, HEIGHT = 360, 740
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
#: Where the first picture after the generated checklist starts, if any.
MEASURE = """() => {
  // What is out of view is not laid out (content-visibility: auto) and would count at an
  // estimated height: lay it all out, as a reader scrolling down the page would.
  const style = document.createElement("style");
  style.textContent = ".md-content__inner > *, .md-content__inner * { content-visibility: visible !important; }";
  document.head.append(style);
  const list = document.querySelector("[data-checklist]");
  const shown = [...document.querySelectorAll("svg.rb-diagram-svg")].filter(
    (svg) => svg.getBoundingClientRect().height > 0
      && list && (list.compareDocumentPosition(svg) & Node.DOCUMENT_POSITION_FOLLOWING));
  const first = shown[0];
  return {
    height: document.scrollingElement.scrollHeight,
    listed: !!list,
    picture: first ? Math.round(first.getBoundingClientRect().top + scrollY) : null,
  };
}"""


def tables() -> list[tuple[str, int, dict[str, str]]]:
    """Each game at its smallest and largest count, with the URL parameters of a setup."""
    found = []
    for folder in sorted((ROOT / "content").iterdir()):
        if not (folder / "game.yaml").exists():
            continue
        content = load_game(folder)
        players = content.game.players
        # Tokaido at 4 is the goal: at most 8 screens.
        extra = {4} if content.id == "tokaido" else set()
        for count in sorted({players.min, players.max} | extra):
            required = [
                o.id
                for o in content.scoring.options
                if o.players is not None and count in o.players.required
            ]
            params: list[tuple[str, str]] = [("players", str(count))]
            params += [("name", name) for name in NAMES[:count]]
            params += [(f"opt.{o}", "true") for o in required]
            params.append(("seed", "bench"))
            found.append((content.id, count, dict(params) | {"_query": urlencode(params)}))
    return found


def measure(page: Any, url: str, language: str, game: str, query: str) -> dict[str, Any]:
    page.goto(f"{url}{language}/{game}/setup/?{query}")
    page.wait_for_selector("[data-setup][data-ready='true']")
    page.wait_for_timeout(200)
    found: dict[str, Any] = page.evaluate(MEASURE)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", type=Path, default=ROOT, help="the copy to build")
    parser.add_argument("--site", type=Path, help="a site already built (skips the build)")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build(args.project.resolve(), site, args.lang)
        server, url = serve_in_thread(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(
                    viewport={"width": WIDTH, "height": HEIGHT}, service_workers="block"
                )
                page = context.new_page()
                for game, count, params in tables():
                    found = measure(page, url, args.lang, game, params["_query"])
                    rows.append((game, count, found))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(f"setup page once generated, {args.project} ({args.lang}, {WIDTH}x{HEIGHT})")
    print(f"{'game':<15}{'players':>8}{'height px':>11}{'screens':>9}{'picture at':>12}")
    for game, count, found in rows:
        screens = found["height"] / HEIGHT
        at = "-" if found["picture"] is None else str(found["picture"])
        mark = "" if found["listed"] else "  (no checklist generated)"
        print(f"{game:<15}{count:>8}{found['height']:>11}{screens:>9.1f}{at:>12}{mark}")


if __name__ == "__main__":
    main()
