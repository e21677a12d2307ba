"""A rows input (a list of records per player) in Chromium on a phone (360x740): rows are
added and removed with buttons a thumb and a keyboard reach, each number is a labelled
field, the rows reach the scoring and the link, and nothing overflows sideways (issue 33).

No shipped game has one, so the site is built from a probe: a copy of Momiji (every input
has a default, so a result shows as soon as anything is entered) with open roads, each a
size and the player's followers, scored by their size where the player has followers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import probe_site
from tests.browser.forms import flags_past_its_bound, values_through_the_link, widget_ready

#: One worker runs this module: each probe site (a module fixture, a build of its own) is
#: made once, not once on each worker its tests are handed to.
pytestmark = pytest.mark.xdist_group("rows_input")

#: The probe's additions to Momiji's scoring.yaml: (text it follows, text added).
PROBE = [
    (
        "inputs:\n",
        "  - id: roads\n    kind: rows\n    label: Routes ouvertes\n    max_rows: 4\n"
        "    fields:\n      - {id: size, label: Taille, min: 1, max: 9}\n"
        "      - {id: mine, label: Vos partisans, max: 3}\n"
        # Cities: followers left empty count as none (their default).
        "  - id: cities\n    kind: rows\n    label: Villes ouvertes\n    max_rows: 4\n"
        "    fields:\n      - {id: size, label: Taille, min: 1, max: 9}\n"
        "      - {id: mine, label: Vos partisans, max: 3, default: 0}\n",
    ),
    (
        "values:\n",
        "  - id: road_points\n    compute:\n      rows_sum:\n        of: {input: roads}\n"
        "        each: {if: {cond: {gt: [{field: mine}, 0]}, then: {field: size}}}\n"
        "  - id: city_points\n    compute:\n      rows_sum:\n        of: {input: cities}\n"
        "        each: {sum: [{field: size}, {field: mine}]}\n",
    ),
    (
        "categories:\n",
        "  - {id: roads, label: Routes, value: road_points}\n"
        "  - {id: cities, label: Villes, value: city_points}\n",
    ),
]

PHONE = {"width": 360, "height": 740}
#: A finger's target, in CSS pixels.
TOUCH = 44


@pytest.fixture(scope="module")
def rows_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The probe game's site, in English only."""
    root = tmp_path_factory.mktemp("rows-input")
    with probe_site(root, "momiji", PROBE) as url:
        yield url


def _size(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["width"], box["height"]


def test_rows_are_added_removed_and_filled_on_a_phone(browser: Any, rows_url: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(rows_url + "en/momiji/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    rows = calc.locator('[data-rows="roads"][data-player-rows="0"]')
    add = rows.locator("[data-rows-add]")
    assert rows.locator("[data-row-index]").count() == 0
    assert min(_size(add)) >= TOUCH
    # Every list's button reads "Add a row": its description names which list it adds to.
    texts = "ids => (ids || '').split(' ').map(i => document.getElementById(i)?.textContent)"
    described = f"e => ({texts})(e.getAttribute('aria-describedby')).join(' ').trim()"
    labelled = f"e => ({texts})(e.getAttribute('aria-labelledby')).join(' ').trim()"
    assert add.evaluate(described)
    assert add.evaluate(described) == rows.evaluate(labelled)

    # Three rows: two taps, and the keyboard for the third (the focus stays in reach).
    add.click()
    add = rows.locator("[data-rows-add]")
    add.click()
    add.focus()
    page.keyboard.press("Enter")
    assert rows.locator("li[data-row-index]").count() == 3
    # Empty rows are no entry: no result and no 0-0 tie, their numbers listed as still to
    # enter (not as errors: nobody has touched them yet).
    assert calc.locator("[data-standings]").count() == 0
    assert calc.locator("[data-todo] li").count() == 3 * 2
    assert calc.locator("[data-problems]").count() == 0
    # The new row's first number has the focus, ready to type.
    assert page.evaluate("document.activeElement.dataset.rowIndex") == "2"
    assert page.evaluate("document.activeElement.dataset.rowField") == "size"

    # Remove the second row: the focus moves to the row that took its place.
    remove = rows.locator('[data-rows-remove="1"]')
    assert remove.get_attribute("aria-label") == "Remove row 2"
    assert remove.evaluate(described) == rows.evaluate(labelled)
    assert min(_size(remove)) >= TOUCH
    remove.click()
    assert rows.locator("li[data-row-index]").count() == 2
    assert page.evaluate("document.activeElement.dataset.rowIndex") == "1"

    # Each number is a labelled field a thumb can hit (the label in the game's language,
    # marked: the probe's texts have no English catalog).
    size = rows.locator('input[data-row-index="0"][data-row-field="size"]')
    assert size.evaluate("e => e.labels[0].textContent").startswith("Taille")
    assert min(_size(size)) >= TOUCH

    # Fill them at a human pace: 7 held (2 followers) and 5 not held (0).
    for index, values in enumerate([("7", "2"), ("5", "0")]):
        for field, value in zip(("size", "mine"), values, strict=True):
            target = rows.locator(f'input[data-row-index="{index}"][data-row-field="{field}"]')
            target.click()
            target.press_sequentially(value, delay=90)
    result = calc.locator('[data-result="breakdown.roads"][data-player="0"]')
    result.wait_for()
    assert result.inner_text().strip() == "7"

    # A number past its bound is flagged at that field, with the bound.
    late = rows.locator('input[data-row-index="1"][data-row-field="size"]')
    flags_past_its_bound(rows, late, "12", "9", "5")

    # The rows travel in the link and come back with it.
    page.wait_for_function("() => location.hash.includes('7.2~5.0')")
    link = page.url
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "null" not in rows.inner_text()
    sizes = '[data-rows="roads"][data-player-rows="0"] input[data-row-field="size"]'
    assert values_through_the_link(context, link, sizes) == ["7", "5"]

    # The device keeps them: the page opened again without the link shows them.
    page.evaluate("dispatchEvent(new Event('pagehide'))")
    page.goto(rows_url + "en/momiji/scoring/")
    widget_ready(page, "[data-calculator]")
    kept = page.locator('[data-rows="roads"][data-player-rows="0"] input[data-row-field="mine"]')
    kept.first.wait_for()
    assert [kept.nth(k).input_value() for k in range(kept.count())] == ["2", "0"]
    context.close()


def test_a_row_number_left_empty_counts_as_its_default(browser: Any, rows_url: str) -> None:
    """A city's followers left empty count as none: the result shows, and the empty number
    is listed as not entered, by its row, as an empty count is (not as still to enter)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(rows_url + "en/momiji/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    rows = calc.locator('[data-rows="cities"][data-player-rows="0"]')
    rows.locator("[data-rows-add]").click()
    mine = rows.locator('input[data-row-index="0"][data-row-field="mine"]')
    assert mine.get_attribute("placeholder") == "0"
    size = rows.locator('input[data-row-index="0"][data-row-field="size"]')
    size.click()
    size.press_sequentially("5", delay=90)
    result = calc.locator('[data-result="breakdown.cities"][data-player="0"]')
    result.wait_for()
    assert result.inner_text().strip() == "5"
    assert calc.locator("[data-problems]").count() == 0
    listed = calc.locator('[data-not-entered-field="cities:0:0:mine"]')
    assert listed.inner_text().startswith("Villes ouvertes, Row 1, Vos partisans")
    # Its link takes the reader to that very number.
    listed.click()
    assert page.evaluate("document.activeElement.dataset.rowField") == "mine"

    # Entered, it counts as given and is no longer listed.
    mine.press_sequentially("2", delay=90)
    page.wait_for_function(
        '() => document.querySelector(\'[data-result="breakdown.cities"][data-player="0"]\')'
        "?.textContent.trim() === '7'"
    )
    assert listed.count() == 0
    context.close()


#: A rival with a rows input: River of Gold's Seishin gets open roads too, scored like a
#: player's (what the table enters for a rival reaches the scoring as a player's does).
RIVAL_PROBE = [
    (
        "inputs:\n",
        "  - id: roads\n    kind: rows\n    label: Routes ouvertes\n    max_rows: 3\n"
        "    fields:\n      - {id: size, label: Taille, min: 1, max: 9}\n",
    ),
    ("    inputs: [", "roads, "),
    (
        "values:\n",
        "  - id: road_points\n    compute: {rows_sum: {of: {input: roads}, each: {field: size}}}\n",
    ),
    ("categories:\n", "  - {id: roads, label: Routes, value: road_points}\n"),
]


@pytest.fixture(scope="module")
def rival_rows_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("rival-rows")
    with probe_site(root, "river_of_gold", RIVAL_PROBE) as url:
        yield url


def test_a_rivals_rows_are_entered_in_its_fieldset(browser: Any, rival_rows_url: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(rival_rows_url + "en/river_of_gold/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    calc.locator("[data-player-count]").select_option("1")
    calc.locator('[data-option="seishin_level"]').select_option("level_1")
    rows = calc.locator(
        '[data-rival-fields="seishin"] [data-rows="roads"][data-rival-rows="seishin"]'
    )
    assert rows.get_attribute("aria-labelledby")
    label = page.locator(f"#{rows.get_attribute('aria-labelledby')}")
    assert label.inner_text().startswith("Routes ouvertes")
    add = rows.locator("[data-rows-add]")
    assert min(_size(add)) >= TOUCH
    add.click()
    size = rows.locator('input[data-row-index="0"][data-row-field="size"]')
    assert size.get_attribute("data-rival") == "seishin"
    assert page.evaluate("document.activeElement.dataset.rowField") == "size"

    # A number past its bound is flagged at that row's field, as a player's is.
    flags_past_its_bound(rows, size, "12", "9", "7")

    # The rows travel in the link, in Seishin's segment, and come back with it.
    page.wait_for_function("() => /@seishin,[^;]*7/.test(decodeURIComponent(location.hash))")
    sizes = '[data-rival-rows="seishin"] input[data-row-field="size"]'
    assert values_through_the_link(context, page.url, sizes) == ["7"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
