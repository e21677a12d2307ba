"""On a phone, a focused field is never under the sticky bars (the site's header, the row
of player tabs), going forward through a player's fields or back (issue 28, item 5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shoot

#: Focuses each of a player's fields in turn, forward then back, as Tab and Shift+Tab
#: move (the browser scrolls each into view), and lists those whose box is then under a
#: sticky bar or below the screen.
FOCUS_EACH = """(calc, player) => {
  const bars = [...document.querySelectorAll(".md-header, [data-switcher]")];
  const fields = [...calc.querySelectorAll(`[data-player="${player}"]:is(input, select)`)]
    .filter((f) => f.checkVisibility());
  const covered = [];
  for (const [way, order] of [["forward", fields], ["back", [...fields].reverse()]]) {
    for (const f of order) {
      f.focus();
      const r = f.getBoundingClientRect();
      const under = Math.max(...bars.map((b) => {
        const s = b.getBoundingClientRect();
        return s.bottom > 0 && s.top <= 1 ? s.bottom : 0;
      }));
      if (r.top < under - 0.5 || r.bottom > innerHeight + 0.5) covered.push(`${way}: ${f.dataset.input}`);
    }
  }
  return { fields: fields.length, covered };
}"""

TABLES = [("tokaido", 4), ("river_of_gold", 4), ("viticulture", 3), ("momiji", 3)]


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
@pytest.mark.parametrize(("game", "count"), TABLES, ids=[g for g, _ in TABLES])
def test_no_focused_field_under_the_bars(
    browser: Any, base_url: str, game: str, count: int, language: str
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(base_url + f"{language}/{game}/scoring/")
        page.wait_for_function(
            "document.querySelector('[data-calculator]')?.dataset.ready === 'true'"
        )
        calc = page.locator("[data-calculator]")
        calc.locator("[data-player-count]").select_option(str(count))
        wrong = []
        total = 0
        for player in (0, count - 1):
            calc.locator(f'[data-switch="{player}"]').click()
            found = calc.evaluate(FOCUS_EACH, player)
            total += 2 * found["fields"]
            wrong += [f"player {player + 1} {c}" for c in found["covered"]]
        print(f"{game} {language}: {len(wrong)} of {total} focus moves under a bar")
        if language == "en":
            shoot(page, f"calc-focus-{game}-phone.png")
        assert wrong == [], wrong
        assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    finally:
        context.close()
