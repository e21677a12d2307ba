"""Issue 28: the calculator never loses a keystroke.

A table types at a human pace: 110 ms between keys, so the page recomputes after each one.
In Viticulture a fresh form is a 0-0 tie; the first digit of a victory-point count broke
it, the form was rebuilt without the tiebreak rows and the caret came back before the
digit, so ``23`` became ``32``. Here every number field of every game gets a two-digit
value typed key by key (one digit where the field's maximum is below 10), both players the
same values so that the totals go into a tie and out of it as the digits land, then the
first player's first field again, which breaks the tie; every field must hold what was
typed, and nothing may be announced before anything is entered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").exists())
#: Milliseconds between two keys: a quick human, slower than the page's update.
KEY_PAUSE = 110
#: The number fields of the players, in the order the form shows them.
NUMBER_FIELDS = "[data-calculator] input[type=number][data-input][data-player]"


def _value(field: Any, k: int) -> str:
    """A value typed into ``field``: two digits where the field allows it, else one."""
    top = field.get_attribute("max")
    low = int(field.get_attribute("min") or 0)
    high = int(top) if top else 99
    if high >= 10:
        return str(10 + (k * 7) % (min(high, 99) - 9))
    return str(max(low, min(high, 1 + k % max(high, 1))))


def _unfold(page: Any) -> None:
    """Open the fold of the fields needed only on a tie, where the page has one."""
    for toggle in page.locator("[data-calculator] [data-tie-fold][aria-expanded=false]").all():
        if toggle.is_visible():
            toggle.click()


def _show(page: Any, player: int) -> None:
    tab = page.locator(f'[data-calculator] [data-switch="{player}"]')
    if tab.count() and tab.is_visible():
        tab.click()


def _type(field: Any, value: str) -> None:
    field.click()
    field.press("Control+a")
    field.press("Delete")
    field.press_sequentially(value, delay=KEY_PAUSE)
    field.page.wait_for_timeout(KEY_PAUSE)


def _type_player(page: Any, player: int, typed: dict[str, str]) -> None:
    """Type into each of the player's number fields, looking for new ones after each (a
    field may show up with a tie: it is typed too)."""
    done: set[str] = set()
    k = 0
    while True:
        _show(page, player)
        _unfold(page)
        fields = [
            f
            for f in page.locator(f'{NUMBER_FIELDS}[data-player="{player}"]').all()
            if f.is_visible() and f.get_attribute("data-input") not in done
        ]
        if not fields:
            return
        field = fields[0]
        key = str(field.get_attribute("data-input"))
        value = _value(field, k)
        _type(field, value)
        done.add(key)
        typed[f'{NUMBER_FIELDS}[data-input="{key}"][data-player="{player}"]'] = value
        k += 1


def _misses(page: Any, typed: dict[str, str]) -> list[str]:
    found = []
    for selector, value in typed.items():
        shown = page.locator(selector).input_value()
        if shown != value:
            found.append(f"{selector}: typed {value!r}, holds {shown!r}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_keystroke_lands_where_it_was_typed(browser: Any, base_url: str, game: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(base_url + f"en/{game}/scoring/")
        page.wait_for_function(
            "document.querySelector('[data-calculator]')?.dataset.ready === 'true'"
        )
        count = page.locator("[data-calculator] [data-player-count]")
        if count.input_value() != "2" and count.locator("option[value='2']").count():
            count.select_option("2")
        # Nothing entered: no winner, no verdict.
        announced = page.locator(
            "[data-calculator] [data-winners], [data-calculator] [data-verdict]"
        )
        fresh = [announced.nth(k).inner_text() for k in range(announced.count())]
        players = int(count.input_value())
        typed: dict[str, str] = {}
        for player in range(players):
            _type_player(page, player, typed)
        assert typed, "the form has no number field"
        # Out of the tie the players' equal entries made: the first field again.
        first = next(iter(typed))
        _show(page, 0)
        again = "9" if typed[first] != "9" else "8"
        _type(page.locator(first), again)
        typed[first] = again
        misses = _misses(page, typed)
        assert (fresh, misses) == ([], []), f"a fresh form announced {fresh}; lost keys: {misses}"
        assert errors == []
    finally:
        context.close()
