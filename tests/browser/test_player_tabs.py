"""The player tabs of a phone say whose fields hold a problem, and a duplicate name's
problem names the seat, so the two Annas are told apart (issue 28, item 6)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.forms import widget_ready


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_tabs_mark_the_players_with_problems(browser: Any, base_url: str, language: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(base_url + f"{language}/nile/scoring/")
        calc = widget_ready(page, "[data-calculator]")
        calc.locator("[data-player-count]").select_option("3")
        marked = "tabs => tabs.filter((t) => t.hasAttribute('data-has-problems')).map((t) => t.dataset.switch)"
        tabs = calc.locator("[data-switch]")
        assert tabs.evaluate_all(marked) == []
        calc.locator('[data-player-name="0"]').fill("Anna")
        tabs.nth(1).click()
        calc.locator('[data-player-name="1"]').fill("Anna")
        assert tabs.evaluate_all(marked) == ["0", "1"]
        items = calc.locator('[data-problems] li[data-problem="duplicate_name"]')
        lines = [items.nth(k).inner_text() for k in range(items.count())]
        seats = {"fr": "Joueur", "uk": "Гравець", "en": "Player"}[language]
        assert [line.split(":")[0].strip() for line in lines] == [f"{seats} 1", f"{seats} 2"]
        assert len(set(lines)) == 2, lines
        tabs.nth(2).click()
        calc.locator('[data-input="wheat"][data-player="2"]').fill("99")
        assert tabs.evaluate_all(marked) == ["0", "1", "2"]
        tabs.nth(1).click()
        calc.locator('[data-player-name="1"]').fill("Bo")
        assert tabs.evaluate_all(marked) == ["2"]
        mark = tabs.nth(2).locator(".rb-tab-problem")
        assert mark.is_visible()
        assert tabs.nth(2).evaluate("t => t.scrollWidth <= t.clientWidth + 1"), "the mark fits"
    finally:
        context.close()
