"""Running totals while a table types its scores in (issue 28, item 3): a player's total is
on screen from their first entry, as "at least N" while something is still missing (a
traveller not chosen yet), never blank nor "—", and never more than the final total."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.forms import fill_field
from tests.conftest import real_game

SCREENS = {"phone": (360, 740), "laptop": (1280, 800)}


def _open_tokaido(browser: Any, base_url: str, width: int, height: int) -> tuple[Any, Any]:
    """Tokaido's calculator in English at ``width`` x ``height``, ready to type into."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(base_url + "en/tokaido/scoring/")
    page.wait_for_function("document.querySelector('[data-calculator]')?.dataset.ready === 'true'")
    return context, page


def _number(text: str) -> int | None:
    found = re.search(r"-?\d+", text.replace("\u202f", "").replace("\xa0", ""))
    return int(found.group()) if found else None


@pytest.mark.parametrize("screen", SCREENS)
def test_tokaido_shows_a_total_at_every_field(browser: Any, base_url: str, screen: str) -> None:
    """Four players typed in one after the other, each field in the form's order: after
    each field, the typing player's total is on screen (in their tab on a phone, under
    their name on a laptop), and "at least N" never says more than their final total."""
    game = real_game("tokaido")
    cases = game.cases
    assert cases is not None
    case = next(
        c
        for c in cases.cases
        if len(c.state["players"]) == 4 and not any(c.state.get("options", {}).values())
    )
    final = {e.name: e.total for e in case.expected}
    width, height = SCREENS[screen]
    context, page = _open_tokaido(browser, base_url, width, height)
    try:
        calc = page.locator("[data-calculator]")
        calc.locator("[data-player-count]").select_option("4")
        typed = shown = 0
        wrong: list[str] = []
        for index, player in enumerate(case.state["players"]):
            if screen == "phone":
                calc.locator(f'[data-switch="{index}"]').click()
            calc.locator(f'[data-player-name="{index}"]').fill(player["name"])
            keys = calc.locator(f'[data-input][data-player="{index}"]').evaluate_all(
                "fields => fields.map((f) => f.dataset.input)"
            )
            for key in keys:
                value = player.get(key)
                if value in (0, False, [], None):
                    continue
                fill_field(calc.locator(f'[data-input="{key}"][data-player="{index}"]'), value)
                typed += 1
                where = (
                    f'[data-switch="{index}"] [data-running-total]'
                    if screen == "phone"
                    else f'th [data-running-total="{index}"]'
                )
                total = calc.locator(where)
                text = total.inner_text().strip() if total.is_visible() else ""
                number = _number(text)
                if number is None:
                    wrong.append(f"{player['name']} after {key}: {text!r}")
                    continue
                shown += 1
                # A floor must hold; a total as entered counts empty fields as 0, and a
                # majority may still go to a player typed in later.
                floor = total.get_attribute("data-at-least") is not None
                if floor and number > final[player["name"]]:
                    wrong.append(f"{player['name']} after {key}: {text} > {final[player['name']]}")
        print(f"Tokaido, 4 players, {screen}: a total at {shown} of {typed} typed fields")
        assert wrong == [], wrong
        for index, player in enumerate(case.state["players"]):
            head = calc.locator(f'[data-running-total="{index}"]').first
            assert head.get_attribute("data-at-least") is None
            assert _number(head.inner_text()) == final[player["name"]]
    finally:
        context.close()


def test_a_missing_traveller_reads_at_least(browser: Any, base_url: str) -> None:
    """No traveller chosen yet: the player's total reads "at least" what their entries
    count, in words, and the results show the categories counted so far."""
    context, page = _open_tokaido(browser, base_url, 1280, 800)
    try:
        calc = page.locator("[data-calculator]")
        calc.locator('[data-input="sea"][data-player="1"]').fill("3")
        head = calc.locator('th [data-running-total="1"]')
        assert head.get_attribute("data-at-least") is not None
        assert head.inner_text().startswith("at least"), head.inner_text()
        assert _number(head.inner_text()) is not None
        # The results count what they can meanwhile: the panoramas, not the traveller.
        results = calc.locator("[data-results]")
        cell = results.locator('[data-so-far="breakdown.panoramas"][data-player="1"]')
        assert _number(cell.inner_text()) == 1 + 2 + 3, "three sea panorama cards"
        assert results.locator('[data-so-far="breakdown.traveller"]').count() == 0
        total = results.locator('[data-so-far="total"][data-player="1"]').inner_text()
        assert total.startswith("at least") and _number(total) == _number(head.inner_text())
    finally:
        context.close()
