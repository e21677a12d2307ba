"""Entering an end state into the calculator, for the browser tests.

Two ways, one result. ``typed=True`` types every field through Playwright as a player would
(actionability checks, a tab tap per player on a phone): the tests whose subject is entering
a game use it. Otherwise the players' fields get their values from one script call that
fires the same ``input``/``change`` events typing fires, in the same order: about 100 ms
of Playwright round trip per field becomes a few ms, for the tests whose subject is what
comes after (results, history, links, print, storage); the calculator then recomputes
once for the whole call, as it does for any script that sets many fields. The options,
the player count and the table go first, in the same call (each rebuilds the form).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from scorer.engine import GameEngine
from scorer.interpret import table_function
from scorer.needs import needs
from scorer.relevance import settle
from tests.conftest import real_game

CONTENT = Path(__file__).resolve().parents[2] / "content"

#: Sets each [selector, value] in order, as typing would: the element is looked up when its
#: turn comes (an earlier field may have rebuilt the form).
#: Focus moves as typing moves it wherever the page can see where it is: a select or a box
#: whose change rebuilds the form (which keeps the focused field) has it, and so has the
#: last field when the calculator recomputes (Undo groups the changes by the focused field).
#: In between a field gets its value and events without a focus of its own, which nothing
#: can see (no script runs in between, nothing listens for focus): each focus made Chromium
#: lay the page out again after the previous field's value, ~25 ms a field on a laptop.
_SET_FIELDS = """async (fields) => {
  const missing = [];
  let settled = false;
  let unfocused = null;  // the field typing would have left the focus in
  const focus = () => { if (unfocused) unfocused.focus(); unfocused = null; };
  for (const [selector, value, optional] of fields) {
    // The calculator recomputes once per task; a tie adds the tiebreak-only fields then.
    if (optional && !settled) { focus(); await null; settled = true; }
    const field = document.querySelector(selector);
    if (!field) { if (!optional) missing.push(selector); continue; }
    if (field.type === "checkbox") {
      focus();
      if (field.checked !== value) field.click();
      continue;
    }
    if (field.tagName === "SELECT") { unfocused = null; field.focus(); }
    else unfocused = field;
    field.value = value;
    field.dispatchEvent(new Event(field.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    if (field.tagName !== "SELECT") field.dispatchEvent(new Event("change", { bubbles: true }));
  }
  focus();
  await null;
  return missing;
}"""


def widget_ready(page: Any, selector: str) -> Any:
    """The widget at ``selector``, once its script has drawn it."""
    widget = page.locator(selector)
    page.wait_for_function("s => document.querySelector(s)?.dataset.ready === 'true'", arg=selector)
    return widget


def flags_past_its_bound(scope: Any, field: Any, wrong: str, bound: str, right: str) -> None:
    """Type ``wrong`` into ``field``: its own error line (inside ``scope``) shows and names
    ``bound``; typing ``right`` hides it again."""
    field.fill(wrong)
    error = scope.locator(f"#{field.get_attribute('id')}-error")
    error.wait_for(state="visible")
    assert bound in error.inner_text()
    field.fill(right)
    error.wait_for(state="hidden")


def values_through_the_link(context: Any, link: str, selector: str) -> list[str]:
    """Open a shared ``link`` in a new page and read back the fields at ``selector``."""
    again = context.new_page()
    again.goto(link)
    widget_ready(again, "[data-calculator]")
    back = again.locator(selector)
    back.first.wait_for()
    values = [back.nth(k).input_value() for k in range(back.count())]
    again.close()
    return values


@cache
def _engine(game: str) -> GameEngine:
    return GameEngine(real_game(game))


def counted_by_nobody(game: str, options: dict[str, Any], count: int) -> frozenset[str]:
    """The inputs that count for no player at this table (its options and player count):
    the form never draws them (scorer/relevance.py), and their values change no result, so
    a state from the conformance cases may hold them and still be entered as it is."""
    facts = _engine(game).facts
    settled = settle(facts.export["needs"], {**facts.option_values, **options}, count)
    return frozenset(ident for ident, counts in settled.items() if counts is False)


@cache
def tiebreak_only(game: str) -> frozenset[str]:
    """The inputs only a tiebreaker reads: the form asks them once the totals tie."""
    found = needs(real_game(game))
    return frozenset().union(*found.tiebreaks.values()) - found.totals


def reached_now(game: str, options: dict[str, Any], count: int) -> dict[str, int]:
    """The counts the scoring reads only as "at least K" at this table (``reached``), with
    their K: the form asks each as a yes/no box."""
    facts = _engine(game).facts
    chosen = {**facts.option_values, **options}
    return {
        s["id"]: s["reached"]["at"]
        for s in facts.inputs
        if s.get("reached") and table_function(s["reached"]["when"], s["id"])(chosen, {}, {}, count)
    }


@cache
def implied_flags(game: str) -> frozenset[str]:
    """The flags a choice implies (``implies``: Patience's arrival, the calligraphy): the
    form asks the choice in the flag's place and ticks the flag from it."""
    inputs = _engine(game).facts.inputs
    return frozenset(s["implies"] for s in inputs if s["kind"] == "choice" and s.get("implies"))


def fill_field(field: Any, value: Any) -> None:
    """Give one field of the form a value of the end state, as a player would."""
    if isinstance(value, bool):
        field.set_checked(value)
    elif isinstance(value, list):
        field.fill(" ".join(str(v) for v in value))
    elif field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(str(value))
    else:
        field.fill(str(value))


def _shown(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


def enter_state(page: Any, state: dict[str, Any], game: str, *, typed: bool = False) -> None:
    """Enter an end state into the calculator. The inputs only a tiebreaker reads are
    entered last, in their fold (opened first when typing)."""
    calc = widget_ready(page, "[data-calculator]")
    players = state["players"]
    settings = [
        *(
            (f'[data-calculator] [data-option="{o}"]', _shown(v))
            for o, v in state.get("options", {}).items()
        ),
        ("[data-calculator] [data-player-count]", str(len(players))),
        *(
            (f'[data-calculator] [data-table="{t}"]', str(v))
            for t, v in state.get("table", {}).items()
        ),
    ]
    later = tiebreak_only(game)
    unasked = counted_by_nobody(game, state.get("options", {}), len(players)) | implied_flags(game)
    players = [{k: v for k, v in p.items() if k not in unasked} for p in players]
    # A count the scoring reads only as "at least K" here is a box: ticked for K or more.
    reached = reached_now(game, state.get("options", {}), len(players))
    players = [{k: (v >= reached[k] if k in reached else v) for k, v in p.items()} for p in players]
    # What the table enters for each rival (a neutral traveller's coins, an automatic rival).
    rival_fields = [
        (f'[data-calculator] [data-rival="{rival}"][data-input="{key}"]', v)
        for rival, given in state.get("rivals", {}).items()
        for key, v in given.items()
    ]
    if not typed:
        fields: list[tuple[str, Any, bool]] = [
            (selector, value, False) for selector, value in settings
        ]
        for index, player in enumerate(players):
            fields.append(
                (f'[data-calculator] [data-player-name="{index}"]', player["name"], False)
            )
            fields.extend(
                (f'[data-calculator] [data-input="{key}"][data-player="{index}"]', _shown(v), False)
                for key, v in player.items()
                if key != "name" and key not in later
            )
        fields.extend((selector, _shown(v), False) for selector, v in rival_fields)
        for index, player in enumerate(players):
            fields.extend(
                (f'[data-calculator] [data-input="{key}"][data-player="{index}"]', _shown(v), True)
                for key, v in sorted(player.items())
                if key in later
            )
        missing = page.evaluate(_SET_FIELDS, fields)
        assert missing == [], f"the form has no field for {missing}"
        return
    for selector, value in settings:
        field = page.locator(selector)
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.select_option(value)
    for index, player in enumerate(players):
        _show_player(calc, index)
        calc.locator(f'[data-player-name="{index}"]').fill(player["name"])
        for key, value in player.items():
            if key != "name" and key not in later:
                field = calc.locator(f'[data-input="{key}"][data-player="{index}"]')
                if not field.is_visible():  # needed of this player only on a tie: folded
                    open_tie_fold(calc)
                fill_field(field, value)
    for selector, value in rival_fields:
        fill_field(page.locator(selector), value)
    for index, player in enumerate(players):
        for key in sorted(later & set(player)):
            field = calc.locator(f'[data-input="{key}"][data-player="{index}"]')
            if field.count():
                _show_player(calc, index)
                open_tie_fold(calc)
                fill_field(field, player[key])


def open_tie_fold(calc: Any) -> None:
    """Open the fold of the fields needed only on a tie, as a player taps it open."""
    toggle = calc.locator('[data-tie-fold][aria-expanded="false"]')
    if toggle.count() and toggle.is_visible():
        toggle.click()


def _show_player(calc: Any, index: int) -> None:
    """On a narrow screen the form shows one player at a time: tap their tab."""
    tab = calc.locator(f'[data-switch="{index}"]')
    if tab.count() and tab.is_visible():
        tab.click()


#: Let the page write what it holds (as when it is left: the calculator writes its table on
#: pagehide), then clear the storage; or that write would land after the clearing.
FORGET_TABLE = (
    "() => { dispatchEvent(new Event('pagehide')); localStorage.clear(); sessionStorage.clear(); }"
)
