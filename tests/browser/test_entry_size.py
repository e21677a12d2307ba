"""Issue 28, item 2: the calculator's form is short enough for a phone.

- one player's entries fit in 2 phone screens (360x740) in every game and every language,
  at 4 players or the game's largest table (tests/browser/entry_size.py measures it, as
  benchmarks/bench_entry.py does);
- River of Gold at 4 players takes at most RIVER_OF_GOLD_TAPS taps and keys, and one
  player's form at most RIVER_OF_GOLD_SCREENS in each language;
- the yes/no fields a group declares a chip row are toggle chips: 44 px at least, usable with
  the keyboard, each the field's own checkbox (the same state, link and storage);
- the counts a group declares a number row are boxes on one line under their short texts:
  44 px at least, in the keyboard's order, each the field's own input (link, storage), and
  a box a player does not need is hidden in their row alone;
- help is one tap away behind an ⓘ button, given once for rows that share it;
- no label runs past two lines on a phone, and no page scrolls sideways, in every language.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import calculator_at, shoot
from tests.browser.entry_size import games, measure
from tests.browser.forms import widget_ready

#: The issue's goal for one player's form, in phone screens.
SCREENS_GOAL = 2.0
#: The issue asks for 100. Reached: 76 (165, then 121 before). Each row of the form costs its
#: Next key in the count, and a number row's boxes one tap each when typed in: one player's
#: 22 rows are 9 since the six influence tracks, the four kinds of building and the six
#: resources are one number row each (and the 12 Elder and Noble boxes two chip rows).
RIVER_OF_GOLD_TAPS = 76
#: One player's form in phone screens, the realistic game entered (before the number rows:
#: 1.88 in French, 2.03 in Ukrainian, 1.84 in English; reached 1.22, 1.28 and 1.17).
RIVER_OF_GOLD_SCREENS = {"fr": 1.25, "uk": 1.3, "en": 1.2}
SCREENS = {"phone": (360, 740), "laptop": (1280, 800)}
LANGUAGES = ["fr", "uk", "en"]


def _calculator(browser: Any, base_url: str, path: str, size: tuple[int, int]) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(base_url + path)
    return context, widget_ready(page, "[data-calculator]")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", games())
def test_one_players_entries_fit_two_phone_screens(
    browser: Any, base_url: str, game: str, language: str
) -> None:
    size = measure(browser, base_url, game, language)
    print(
        f"{game} ({language}): {size.values} values in {size.rows} rows a player,"
        f" {size.taps} taps and keys, {size.screens:.2f} screens"
    )
    assert size.screens <= SCREENS_GOAL, f"{game}: one player's form is {size.screens:.2f} screens"
    if game == "river_of_gold":
        assert size.taps <= RIVER_OF_GOLD_TAPS, f"{size.taps} taps and keys"
        assert size.screens <= RIVER_OF_GOLD_SCREENS[language], f"{size.screens:.2f} screens"


#: Every label's lines, the chips' and help buttons' sizes, the page's overflow.
LAYOUT = """calc => {
  const lines = [...calc.querySelectorAll(".rb-calc-grid .rb-label")]
    .filter((e) => e.getClientRects().length)
    .map((e) => {
      const height = parseFloat(getComputedStyle(e).lineHeight) || 18;
      return [e.textContent, Math.round(e.getBoundingClientRect().height / height)];
    });
  const small = [...calc.querySelectorAll(".rb-chip, .rb-info, .rb-number input")]
    .filter((e) => e.getClientRects().length)
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width < 43.5 || r.height < 43.5).length;
  return { lines, small, overflow: document.documentElement.scrollWidth - innerWidth };
}"""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", games())
def test_no_sideways_scroll_and_short_labels(
    browser: Any,
    kept_pages: dict[tuple[int, int], Any],
    base_url: str,
    game: str,
    screen: str,
    language: str,
) -> None:
    url = f"{base_url}{language}/{game}/scoring/"
    with calculator_at(browser, kept_pages, url, SCREENS[screen]) as (page, _):
        calc = page.locator("[data-calculator]")
        count = calc.locator("[data-player-count] option").last.get_attribute("value")
        calc.locator("[data-player-count]").select_option(min("4", str(count), key=int))
        found = calc.evaluate(LAYOUT)
        shoot(page, f"entry-{game}-{language}-{screen}.png", full_page=True)
    assert found["overflow"] <= 0, f"the page scrolls sideways by {found['overflow']} px"
    if screen == "phone":
        long = [(label, n) for label, n in found["lines"] if n > 2]
        assert not long, f"labels over two lines: {long}"
        assert found["small"] == 0, "a chip, box or help button under 44 px"


def test_chips_are_the_flags_checkboxes_for_keyboard_link_and_storage(
    browser: Any, base_url: str
) -> None:
    """River of Gold's Elders: one row of six chips; Tab reaches a chip, Space ticks it, the
    link carries it, and a page opened from the link shows it ticked."""
    context, calc = _calculator(browser, base_url, "en/river_of_gold/scoring/", SCREENS["phone"])
    try:
        page = calc.page
        row = calc.locator('[data-chip-row][data-row="elders"]')
        assert row.count() == 1
        chips = row.locator('[data-col="0"] input[type="checkbox"][data-input^="elder_"]')
        assert chips.count() == 6
        assert calc.locator('tr[data-row^="elder_"]').count() == 0, "no row per Elder"
        assert chips.nth(2).get_attribute("aria-label") == "Region 3\u00a0Elder delivered"
        chips.nth(1).focus()
        page.keyboard.press("Tab")
        assert chips.nth(2).evaluate("e => e === document.activeElement")
        page.keyboard.press("Space")
        assert chips.nth(2).is_checked()
        page.wait_for_function("() => /^#t[0-9]+;/.test(location.hash)")
        link = page.url
    finally:
        context.close()
    context, calc = _calculator(browser, base_url, link.split("/", 3)[3], SCREENS["phone"])
    try:
        box = calc.locator('[data-input="elder_3"][data-player="0"]')
        assert box.is_checked(), "the link brings the Elder back"
        assert not calc.locator('[data-input="elder_2"][data-player="0"]').is_checked()
    finally:
        context.close()


def test_help_is_one_tap_away_and_said_once_for_a_templates_rows(
    browser: Any, base_url: str
) -> None:
    context, calc = _calculator(browser, base_url, "en/river_of_gold/scoring/", SCREENS["phone"])
    try:
        influence = calc.locator('tr[data-row="influence"]')
        assert influence.locator("[data-help-toggle]").count() == 1, "six regions, one help"
        button = influence.locator("[data-help-toggle]")
        help_id = button.get_attribute("aria-controls")
        text = calc.locator(f"#{help_id}")
        assert button.get_attribute("aria-expanded") == "false" and text.is_hidden()
        button.click()
        assert button.get_attribute("aria-expanded") == "true" and text.is_visible()
        assert "Scorpion" in text.inner_text()
        # Every region's field is described by it, shown or not.
        for n in range(1, 7):
            field = calc.locator(f'[data-input="influence_{n}"][data-player="0"]')
            assert help_id in (field.get_attribute("aria-describedby") or "").split()
        button.click()
        assert button.get_attribute("aria-expanded") == "false" and text.is_hidden()
    finally:
        context.close()


#: Per player's cell of a number row: its boxes' texts, ids and places, and the row's count.
NUMBER_ROW = """(calc, group) => {
  const row = calc.querySelector(`tr[data-number-row][data-row="${group}"]`);
  const cell = row.querySelector('[data-col="0"]');
  const boxes = [...cell.querySelectorAll(".rb-number")].filter((b) => b.getClientRects().length);
  return {
    rows: calc.querySelectorAll(`tr[data-number-row][data-row="${group}"]`).length,
    texts: boxes.map((b) => b.querySelector(".rb-number-text").textContent),
    inputs: boxes.map((b) => b.querySelector("input").dataset.input),
    names: boxes.map((b) => b.querySelector("input").getAttribute("aria-label")),
    tops: boxes.map((b) => Math.round(b.querySelector("input").getBoundingClientRect().top)),
    sizes: boxes.map((b) => { const r = b.querySelector("input").getBoundingClientRect(); return [r.width, r.height]; }),
  };
}"""


def test_a_number_row_is_the_counts_own_inputs_on_one_line(browser: Any, base_url: str) -> None:
    """River of Gold's six influence tracks: one row, six boxes on one line of a phone under
    the region's number, each the field's own input named by its full label; Tab goes from
    box to box in the regions' order; the link carries a typed value and brings it back."""
    context, calc = _calculator(browser, base_url, "en/river_of_gold/scoring/", SCREENS["phone"])
    try:
        page = calc.page
        row = calc.evaluate(NUMBER_ROW, "influence")
        assert row["rows"] == 1 and calc.locator('tr[data-row^="influence_"]').count() == 0
        assert row["texts"] == [str(n) for n in range(1, 7)]
        assert row["inputs"] == [f"influence_{n}" for n in range(1, 7)]
        assert row["names"][2] == "Influence in region\u00a03"  # the number keeps to its word
        assert len(set(row["tops"])) == 1, "six boxes on one line of a 360 px phone"
        assert all(w >= 43.5 and h >= 43.5 for w, h in row["sizes"]), row["sizes"]
        box = calc.locator('[data-input="influence_2"][data-player="0"]')
        box.focus()
        page.keyboard.press("Tab")
        third = calc.locator('[data-input="influence_3"][data-player="0"]')
        assert third.evaluate("e => e === document.activeElement")
        page.keyboard.type("12")
        assert third.input_value() == "12"
        # A problem in a box: the box is marked, and the line under the row names it.
        fifth = calc.locator('[data-input="influence_5"][data-player="0"]')
        fifth.fill("40")
        assert fifth.get_attribute("aria-invalid") == "true"
        error = calc.locator(f"#{fifth.get_attribute('id')}-error")
        assert error.inner_text().startswith("5: "), error.inner_text()
        fifth.fill("")
        page.wait_for_function("() => /^#t[0-9]+;/.test(location.hash)")
        link = page.url
    finally:
        context.close()
    context, calc = _calculator(browser, base_url, link.split("/", 3)[3], SCREENS["phone"])
    try:
        assert calc.locator('[data-input="influence_3"][data-player="0"]').input_value() == "12"
        assert calc.locator('[data-input="influence_2"][data-player="0"]').input_value() == ""
    finally:
        context.close()


def test_a_number_rows_box_a_player_does_not_need_is_hidden_in_their_row(
    browser: Any, base_url: str
) -> None:
    """The regions a player built in count only for the Noble who scores them: their box
    is in the buildings' row beside the four kinds only once that Noble is ticked."""
    context, calc = _calculator(browser, base_url, "en/river_of_gold/scoring/", SCREENS["phone"])
    try:
        kinds = ["ports", "markets", "manors", "shrines"]
        assert calc.evaluate(NUMBER_ROW, "buildings")["inputs"] == kinds
        calc.locator('[data-input="noble_6"][data-player="0"]').check()
        row = calc.evaluate(NUMBER_ROW, "buildings")
        assert row["inputs"] == [*kinds, "built_regions"]
        assert row["names"][-1] == "Regions where you own at least one building"
        second = calc.locator('[data-input="built_regions"][data-player="1"]')
        assert second.evaluate("e => e.closest('[hidden]') !== null"), "not for player 2"
    finally:
        context.close()
