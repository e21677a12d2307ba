"""Issue 28: the calculator never loses a keystroke.

A table types at a human pace: 110 ms between keys, so the page recomputes after each one.
In Viticulture a fresh form is a 0-0 tie; the first digit of a victory-point count broke
it, the form was rebuilt without the tiebreak rows and the caret came back before the
digit, so ``23`` became ``32``. Here every number field of every game gets a two-digit
value typed key by key (one digit where the field's maximum is below 10), both players the
same values so that the totals go into a tie and out of it as the digits land, then the
first player's first field again, which breaks the tie; every field must hold what was
typed, and nothing may be announced before anything is entered.

Not every field is typed at that pace. The page recomputes in a microtask that each key's
input event queues (scoresheet.js, schedule()), so it has recomputed before the next key
arrives at any pace: Playwright sends each key as its own input event and waits for the
page to take it. A fixed sample is typed at the human pace all the same, in case that ever
changes: each player's first field and every fourth after it, every field the last player
types when it is the only one left (the one whose keys bring the totals into the tie, then
the last of those the tie adds), and the retype that breaks the tie; the other fields take
their keys with no pause between them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").exists())
#: Milliseconds between two keys: a quick human, slower than the page's update.
KEY_PAUSE = 110
#: Each player's first field and every SAMPLE-th after it are typed at the human pace.
SAMPLE = 4
#: The number fields of the players, in the order the form shows them.
NUMBER_FIELDS = "[data-calculator] input[type=number][data-input][data-player]"


def _unfold(page: Any) -> None:
    """Open the fold of the fields needed only on a tie, where the page has one."""
    for toggle in page.locator("[data-calculator] [data-tie-fold][aria-expanded=false]").all():
        if toggle.is_visible():
            toggle.click()


def _show(page: Any, player: int) -> None:
    """Tap the player's tab, where the page has tabs and it is not the one shown."""
    tab = page.locator(f'[data-calculator] [data-switch="{player}"]')
    if tab.count() and tab.is_visible() and tab.get_attribute("aria-pressed") != "true":
        tab.click()


def _type(field: Any, value: str, pause: int) -> None:
    """Type ``value`` into ``field`` key by key, ``pause`` milliseconds between keys and after."""
    # The keys go to the field the click focused, as a typist's do (a locator's own press
    # would find and focus the field again before each).
    field.click()
    keyboard = field.page.keyboard
    keyboard.press("Control+a")
    keyboard.press("Delete")
    keyboard.type(value, delay=pause)
    if pause:
        field.page.wait_for_timeout(pause)


#: The min, max and key of each of the fields a locator finds, in one trip to the page.
FIELD_FACTS = "fields => fields.map((f) => [f.dataset.input, f.min, f.max])"


def _value(low: str, top: str, k: int) -> str:
    """A value typed into a field of minimum ``low`` and maximum ``top`` (both may be
    empty): two digits where the field allows it, else one."""
    high = int(top) if top else 99
    if high >= 10:
        return str(10 + (k * 7) % (min(high, 99) - 9))
    return str(max(int(low or 0), min(high, 1 + k % max(high, 1))))


def _type_player(page: Any, player: int, last: bool, typed: dict[str, str]) -> None:
    """Type into each of the player's number fields, looking for new ones after each (a
    field may show up with a tie: it is typed too). ``last``: the last player, whose last
    keys bring the totals into the tie."""
    done: set[str] = set()
    k = 0
    while True:
        _show(page, player)
        _unfold(page)
        visible = page.locator(f'{NUMBER_FIELDS}[data-player="{player}"]').filter(visible=True)
        fields = [f for f in visible.evaluate_all(FIELD_FACTS) if f[0] not in done]
        if not fields:
            return
        key, low, top = fields[0]
        value = _value(low, top, k)
        selector = f'{NUMBER_FIELDS}[data-input="{key}"][data-player="{player}"]'
        human = k % SAMPLE == 0 or (last and len(fields) == 1)
        _type(page.locator(selector), value, KEY_PAUSE if human else 0)
        done.add(key)
        typed[selector] = value
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
            _type_player(page, player, player == players - 1, typed)
        assert typed, "the form has no number field"
        # Out of the tie the players' equal entries made: the first field again.
        first = next(iter(typed))
        _show(page, 0)
        again = "9" if typed[first] != "9" else "8"
        _type(page.locator(first), again, KEY_PAUSE)
        typed[first] = again
        misses = _misses(page, typed)
        assert (fresh, misses) == ([], []), f"a fresh form announced {fresh}; lost keys: {misses}"
        assert errors == []
    finally:
        context.close()
