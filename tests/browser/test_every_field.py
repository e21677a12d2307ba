"""Every field the calculator draws can take a legal value (issue 33): for every game, and
the probe with a count table input, at the least and the most players, with the options at
their defaults and then each option's other values one at a time.

A field is walked alone on the first player (a table input for the table): each of its
ends (a number field's min and max, a menu's first and last choice, a box ticked) is
entered, and no problem may then be about that field; a menu must offer a choice. What
other fields still lack (nobody's arrival yet) is not this field's problem. Piles
(``sequence``, typed as text) are left to the entry tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from schemas.loader import game_folders
from tests.browser.forms import widget_ready
from tests.browser.test_table_counts import probe_url  # noqa: F401 (a fixture)
from tests.conftest import CONTENT, real_game

GAMES = sorted(folder.name for folder in game_folders(CONTENT))

#: Walks each field not walked yet (``done``: their keys) at its ends; returns the keys it
#: walked and [[where, value, problems]] for each that failed.
WALK = """async (done) => {
  const calc = document.querySelector("[data-calculator]");
  const settle = () => new Promise((done) => setTimeout(done, 0));
  const find = (key) => calc.querySelector(key);
  const problemsAt = (loc) => [...calc.querySelectorAll("[data-problems] [data-problem]")]
    .filter((li) => li.dataset.loc === JSON.stringify(loc)).map((li) => li.dataset.problem);
  const set = async (field, value) => {
    if (field.type === "checkbox") field.checked = value;
    else field.value = value;
    field.dispatchEvent(new Event(field.tagName === "SELECT" || field.type === "checkbox" ? "change" : "input", { bubbles: true }));
    if (field.tagName !== "SELECT" && field.type !== "checkbox") field.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
  };
  const keys = [...calc.querySelectorAll('[data-table], [data-input][data-player="0"]')].map((f) =>
    f.dataset.table ? `[data-table="${f.dataset.table}"]` : `[data-input="${f.dataset.input}"][data-player="0"]`);
  const failed = [];
  const walked = [];
  for (const key of keys) {
    if (done.includes(key)) continue;
    const field = find(key);
    if (!field || (field.tagName === "INPUT" && field.type === "text")) continue;
    const loc = field.dataset.table ? ["table", field.dataset.table] : ["players", 0, field.dataset.input];
    let ends;
    if (field.tagName === "SELECT") {
      const values = [...field.options].map((o) => o.value).filter(Boolean);
      if (!values.length) { failed.push([loc, null, ["no choice offered"]]); continue; }
      ends = [...new Set([values[0], values[values.length - 1]])];
    } else if (field.type === "checkbox") ends = [true];
    else ends = [...new Set([field.min || "0", field.max].filter((v) => v !== ""))];
    const before = field.type === "checkbox" ? field.checked : field.value;
    for (const value of ends) {
      await set(find(key), value);
      const found = problemsAt(loc);
      if (found.length) failed.push([loc, value, found]);
    }
    await set(find(key), before);
    walked.push(key);
  }
  return { failed, walked };
}"""


def _open(page: Any, url: str, count: int) -> Any:
    """The calculator at ``url``, with ``count`` players."""
    page.goto(url)
    widget_ready(page, "[data-calculator]")
    calc = page.locator("[data-calculator]")
    calc.locator("[data-player-count]").select_option(str(count))
    return calc


def _set_option(calc: Any, ident: str, value: Any) -> bool:
    """Set an option in the form; False when the form does not show it (at this count)."""
    field = calc.locator(f'[data-option="{ident}"]')
    if field.count() == 0:
        return False
    if isinstance(value, bool):
        field.set_checked(value)
    else:
        field.select_option(value)
    return True


def _walk(page: Any, where: list[Any], done: list[str]) -> list[Any]:
    """The failures of one walk of the form, of the fields not in ``done`` (each field is
    walked once per player count: the options only add fields)."""
    outcome: dict[str, Any] = page.evaluate(WALK, done)
    done += outcome["walked"]
    return [[*where, *failure] for failure in outcome["failed"]]


def _options(game: str) -> list[tuple[str, Any]]:
    """Each option's values other than its default, one (option, value) each."""
    found: list[tuple[str, Any]] = []
    for option in real_game(game).scoring.options:
        if option.kind == "flag":
            found.append((option.id, not option.default))
        else:
            found += [(option.id, c.id) for c in option.choices if c.id != option.default]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_field_of_every_game_takes_a_legal_value(page: Any, base_url: str, game: str) -> None:
    players = real_game(game).game.players
    url = f"{base_url}en/{game}/scoring/"
    defaults = {o.id: o.default for o in real_game(game).scoring.options}
    failed = []
    for count in (players.min, players.max):
        calc = _open(page, url, count)
        done: list[str] = []
        failed += _walk(page, [count], done)
        assert done, "no field walked"
        for ident, value in _options(game):
            if _set_option(calc, ident, value):
                failed += _walk(page, [count, ident, value], done)
                _set_option(calc, ident, defaults[ident])
    assert failed == []


def test_every_field_of_the_probe_takes_a_legal_value(
    page: Any,
    probe_url: str,  # noqa: F811 (the fixture imported above)
) -> None:
    url = f"{probe_url}en/nile/scoring/"
    failed = []
    for count in (2, 6):
        _open(page, url, count)
        failed += _walk(page, [count], [])
    assert failed == []
