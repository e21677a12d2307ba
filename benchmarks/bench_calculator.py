"""The calculator's per-keystroke update time in a real browser, at full speed and on a
budget phone (Chromium's CPU throttled 4x through CDP ``Emulation.setCPUThrottlingRate``).

Run: .venv/bin/python benchmarks/bench_calculator.py [--project DIR] [--site DIR] [--runs 25]

The site is built in English from this project (or from ``--project DIR``, another copy of
the repository such as ``git archive main``, built with that copy's own code), served on
127.0.0.1 and opened in Debian's Chromium at 360x740, a phone. For each game and player
count, every choice gets a distinct value and every number field its minimum (a finished game
the calculator scores), then one field is typed into again and again: each
keystroke is one ``input`` event, timed from the event to the end of the layout it causes
(the handler, or the microtask it queues, recomputes problems, scores, results, explanation and
chart; the timing awaits that microtask, then forces the layout).
Prints the median and 90th percentile in milliseconds. Goal: at most 16 ms at full speed and
50 ms throttled.

Tokaido has at most 5 players and River of Gold 4, so "6 players" is Viticulture's 6.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from own_build import build  # noqa: E402  (beside this script)

from rulebook.site.serve import serve_in_thread  # noqa: E402

CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
#: (game, player count): the issue's games at 4 players and at their largest table.
TABLES = [("tokaido", 4), ("tokaido", 5), ("river_of_gold", 4), ("viticulture", 6)]

#: Fills every number field of every shown player with a small whole number, then times
#: ``runs`` keystrokes in the first player's first number field.
TIMING = """
async ([runs]) => {
  const root = document.querySelector("[data-calculator]");
  const fire = (f, kind) => f.dispatchEvent(new Event(kind, { bubbles: true }));
  // A finished game: distinct choices (travellers, scoring tiles), numbers at their minimum.
  [...root.querySelectorAll("select[data-table]")].forEach((s, k) => {
    s.selectedIndex = Math.min(k + 1, s.options.length - 1); fire(s, "change");
  });
  for (const s of root.querySelectorAll("select[data-input]")) {
    s.selectedIndex = Math.min(Number(s.dataset.player) + 1, s.options.length - 1); fire(s, "change");
  }
  const fields = [...root.querySelectorAll('input[type="number"][data-input]')];
  for (const f of fields) { f.value = f.min && Number(f.min) > 0 ? f.min : "0"; fire(f, "input"); }
  const field = fields[0];
  const times = [];
  for (let k = 0; k < runs + 3; k++) {
    field.value = String(k % 3);
    const start = performance.now();
    field.dispatchEvent(new Event("input", { bubbles: true }));
    // The calculator recomputes in a microtask (scoresheet.js schedule()): a real
    // keystroke's runs as soon as its handler returns; here, once this script yields. Then
    // the layout.
    await null;
    document.body.getBoundingClientRect();
    void document.body.offsetHeight;
    const took = performance.now() - start;
    if (k >= 3) times.push(took);  // the first ones warm the code up
    await new Promise((done) => setTimeout(done, 5));
  }
  return { times, fields: fields.length, results: !!root.querySelector("[data-result]") };
}
"""


def measure(page: Any, url: str, game: str, players: int, runs: int) -> dict[str, Any]:
    page.goto(f"{url}en/{game}/scoring/")
    page.wait_for_selector("[data-calculator][data-ready='true']")
    page.evaluate("() => { dispatchEvent(new Event('pagehide')); localStorage.clear(); }")
    page.reload()
    page.wait_for_selector("[data-calculator][data-ready='true']")
    page.select_option("[data-player-count]", str(players))
    found: dict[str, Any] = page.evaluate(TIMING, [runs])
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", type=Path, default=ROOT, help="the copy to build")
    parser.add_argument("--site", type=Path, help="a site already built (skips the build)")
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build(args.project.resolve(), site)
        server, url = serve_in_thread(site)
        rows = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for rate in (1, 4):
                    context = browser.new_context(viewport={"width": 360, "height": 740})
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    for game, players in TABLES:
                        found = measure(page, url, game, players, args.runs)
                        times = found["times"]
                        rows.append(
                            (game, players, rate, statistics.median(times),
                             percentile(times, 0.9), found["fields"], found["results"])
                        )  # fmt: skip
                    context.close()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(f"calculator keystroke, {args.project}  (ms per input event, {args.runs} events)")
    print(f"{'game':<15}{'players':>8}{'CPU':>6}{'median':>9}{'p90':>8}{'fields':>8}  shown")
    for game, players, rate, median, p90, fields, results in rows:
        goal = 16 if rate == 1 else 50
        mark = "ok" if median <= goal else f"over {goal}"
        shown = "results" if results else "problems"
        print(
            f"{game:<15}{players:>8}{str(rate) + 'x':>6}{median:>9.1f}{p90:>8.1f}"
            f"{fields:>8}  {shown}, {mark}"
        )


if __name__ == "__main__":
    main()
