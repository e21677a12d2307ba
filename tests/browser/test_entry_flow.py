"""Issue 28: what a table sees while entering, on a phone.

- the button under the last player's fields leads to the results, never to a player the
  table lacks ("Next player: Player 3" at two);
- a seat's default name is a placeholder, not text to erase first;
- the fields needed only on a tie stay folded in the form whatever the totals;
- a number field left empty is listed as not entered, not silently counted as 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.forms import widget_ready
from tests.conftest import GAME_IDS

GAMES = list(GAME_IDS)


def _phone(browser: Any, base_url: str, path: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.goto(base_url + path)
    return context, widget_ready(page, "[data-calculator]")


@pytest.mark.parametrize("game", GAMES)
def test_the_last_player_leads_to_the_results(browser: Any, base_url: str, game: str) -> None:
    context, calc = _phone(browser, base_url, f"en/{game}/scoring/")
    try:
        count = calc.locator("[data-player-count]")
        if count.locator("option[value='2']").count():
            count.select_option("2")
        players = int(count.input_value())
        button = calc.locator("[data-next-player]")
        labels = []
        for player in range(players):
            calc.locator(f'[data-switch="{player}"]').click()
            assert button.is_visible()
            labels.append(button.inner_text())
        expected = [f"Next player: Player {k + 1}" for k in range(1, players)]
        assert labels == [*expected, "See the results"]
        button.click()
        top = calc.locator("[data-results]").evaluate("e => e.getBoundingClientRect().top")
        assert 0 <= top < 740, "the results are on screen"
    finally:
        context.close()


def test_default_names_are_placeholders(browser: Any, base_url: str) -> None:
    context, calc = _phone(browser, base_url, "fr/nile/scoring/")
    try:
        name = calc.locator('[data-player-name="0"]')
        assert name.input_value() == ""
        assert name.get_attribute("placeholder") == "Joueur 1"
        name.press_sequentially("Léa")
        assert name.input_value() == "Léa"
        assert calc.locator("[data-next-player]").inner_text() == "Joueur suivant\u00a0: Joueur 2"
    finally:
        context.close()


def test_tie_fields_stay_put_and_empty_fields_are_named(browser: Any, base_url: str) -> None:
    context, calc = _phone(browser, base_url, "en/viticulture/scoring/")
    try:
        rows = calc.locator('[data-row="lira"]')
        assert rows.count() == 1 and not rows.is_visible(), "folded, but in the form"
        assert calc.locator("[data-nothing-yet]").is_visible()
        vp = calc.locator('[data-input="vp"][data-player="0"]')
        vp.press_sequentially("23", delay=110)
        # The second player's points are still empty: named, not silently 0.
        missing = calc.locator("[data-not-entered] li")
        assert [missing.nth(k).inner_text() for k in range(missing.count())] == [
            "Player 2: Victory points"
        ]
        calc.locator("[data-switch='1']").click()
        calc.locator('[data-input="vp"][data-player="1"]').press_sequentially("23", delay=110)
        # A tie: the lira that break it are listed, and their link opens the fold.
        assert rows.count() == 1
        lira = calc.locator("[data-not-entered-field='lira:0']")
        assert lira.inner_text() == "Lira"
        lira.click()
        field = calc.locator('[data-input="lira"][data-player="0"]')
        assert field.is_visible() and field.evaluate("e => e === document.activeElement")
        assert calc.locator("[data-tie-fold]").get_attribute("aria-expanded") == "true"
        assert vp.input_value() == "23"
        field.press_sequentially("5", delay=110)
        # The table comes back with its tiebreak entry in view.
        page = calc.page
        page.reload()
        calc = widget_ready(page, "[data-calculator]")
        again = calc.locator('[data-input="lira"][data-player="0"]')
        assert again.is_visible() and again.input_value() == "5"
    finally:
        context.close()
