"""How much a table has to enter, and how long the form is, on a phone (issue 28, item 2).

Shared by benchmarks/bench_entry.py (before and after figures) and
tests/browser/test_entry_size.py (the goals). A game is measured at 4 players (or its
largest table when smaller) at 360x740 in English, with its richest conformance case at that
count in the base game (the one with the most values to enter: a real game's end), entered
in the form; then each player's column is read:

- **values**: the fields the form asks of one player (a chip is one value);
- **rows**: the rows they take (a chip row is one);
- **taps and keys**, for the whole table, as a player enters it on a phone going down the
  form: one tap or Next key to reach each row, then what the value takes: its characters
  (a number, a pile), one tap for a ticked box or chip, one for a choice picked; in a row
  of several number boxes (a number row), one tap or Next key more for each box typed in
  after the first (the empty ones between are tapped past, on the same line); plus two
  taps for each setting changed (the player count, a table input: open the list, pick) and
  one tap on each player's tab after the first. Names are not counted (they come from the
  setup); an empty row still costs its Next key, which is why a shorter form costs less;
- **screens**: the height of the form for one player (the grid, in the one-player view)
  over the height of the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.browser.forms import enter_state, widget_ready
from tests.conftest import real_game

CONTENT = Path(__file__).resolve().parents[2] / "content"
PHONE = {"width": 360, "height": 740}
#: The table size measured: the issue's 4 players, or the game's largest table when smaller.
PLAYERS = 4

#: One player's column, read after the state is entered and their tab is shown.
READ_COLUMN = """(calc, player) => {
  const shown = (e) => e.getClientRects().length > 0;
  const rows = [...calc.querySelectorAll(".rb-calc-grid tbody tr[data-row]")].filter(shown);
  let values = 0, taps = 0, asked = 0;
  for (const row of rows) {
    const controls = [...row.querySelectorAll(`[data-input][data-player="${player}"]`)].filter(shown);
    if (!controls.length) continue;
    asked += 1;
    values += controls.length;
    // Reach the row (a tap, or the keyboard's Next key), then each further box typed in.
    const typed = controls.filter((c) => c.tagName === "INPUT" && c.type !== "checkbox" && c.value !== "").length;
    taps += Math.max(1, typed);
    for (const c of controls) {
      if (c.type === "checkbox") taps += c.checked ? 1 : 0;
      else if (c.tagName === "SELECT") taps += c.value !== "" ? 1 : 0;
      else taps += c.value.length;
    }
  }
  const grid = calc.querySelector(".rb-calc-grid");
  return { rows: asked, values, taps, height: grid.getBoundingClientRect().height, screen: innerHeight };
}"""


@dataclass(frozen=True)
class EntrySize:
    """What entering one game's end state takes."""

    game: str
    players: int
    #: Fields asked of one player, and the rows they take.
    values: int
    rows: int
    #: Taps and keys for the whole table.
    taps: int
    #: The tallest player's form over the screen's height.
    screens: float


def games() -> list[str]:
    """Every game under content/."""
    return sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").exists())


def realistic_state(game: str) -> dict[str, Any]:
    """The richest base-game conformance case at the measured table size."""
    content = real_game(game)
    count = min(PLAYERS, content.game.players.max)
    assert content.cases is not None, f"{game} has no conformance cases"
    found = [
        c.state
        for c in content.cases.cases
        if len(c.state["players"]) == count and not any(c.state.get("options", {}).values())
    ]
    assert found, f"{game}: no {count}-player base-game case"

    def entries(state: dict[str, Any]) -> int:
        return sum(
            1
            for p in state["players"]
            for k, v in p.items()
            if k != "name" and v not in (0, False, [], None)
        )

    return {"game": game, **max(found, key=entries)}


def measure(browser: Any, base_url: str, game: str, language: str = "en") -> EntrySize:
    """Enter ``game``'s realistic end state on a phone, its page in ``language``, and read
    what it took."""
    state = realistic_state(game)
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{base_url}{language}/{game}/scoring/")
        calc = widget_ready(page, "[data-calculator]")
        default_count = calc.locator("[data-player-count]").input_value()
        enter_state(page, state, game)
        count = len(state["players"])
        settings = 2 * len(state.get("table", {})) + (2 if str(count) != default_count else 0)
        columns = []
        for player in range(count):
            tab = calc.locator(f'[data-switch="{player}"]')
            if tab.count() and tab.is_visible():
                tab.click()
            columns.append(calc.evaluate(READ_COLUMN, player))
    finally:
        context.close()
    return EntrySize(
        game=game,
        players=count,
        values=max(c["values"] for c in columns),
        rows=max(c["rows"] for c in columns),
        taps=settings + (count - 1) + sum(c["taps"] for c in columns),
        screens=max(c["height"] / c["screen"] for c in columns),
    )
