"""Rows the players share (a rows table input) in Chromium on a phone (360x740): one list
for the table, each row with its own number and one number per player labelled by the
player's name; rows_majority's points reach the results and the rows travel in the link
(issue 33, trial tile game). The site is a probe: a copy of Momiji (every input has a
default, so a result shows as soon as anything is entered) with shared roads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import probe_site
from tests.browser.forms import flags_past_its_bound, values_through_the_link, widget_ready

#: Shared roads: a size, each player's followers; a road scores its size for whoever has
#: the most followers on it, tied players each taking it.
PROBE = [
    (
        "groups:\n",
        "table:\n  - id: shared\n    kind: rows\n    label: Routes communes\n    max_rows: 4\n"
        "    fields:\n      - {id: size, label: Taille, min: 1, max: 9}\n"
        "    per_player:\n      - {id: followers, label: Partisans, max: 5, default: 0}\n",
    ),
    (
        "values:\n",
        "  - id: shared_points\n    compute:\n      rows_majority: {of: {table: shared},"
        " by: followers, awards: [{field: size}], ties: dense}\n",
    ),
    ("categories:\n", "  - {id: shared, label: Routes communes, value: shared_points}\n"),
]
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def shared_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("table-rows")
    with probe_site(root, "momiji", PROBE) as url:
        yield url


def test_shared_rows_are_entered_once_with_a_number_per_player(
    browser: Any, shared_url: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(shared_url + "en/momiji/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    calc.locator("[data-player-count]").select_option("2")
    rows = calc.locator('[data-table-rows="shared"]')
    rows.locator("[data-rows-add]").click()
    rows.locator("[data-rows-add]").click()
    cells = rows.locator('input[data-row-index="0"]')
    # Its own number, then one per player, each labelled with the player's name.
    assert cells.count() == 1 + 2
    labels = [cells.nth(k).evaluate("e => e.labels[0].textContent") for k in range(3)]
    assert labels[0].startswith("Taille")
    assert "Partisans" in labels[1] and "Partisans" in labels[2]
    assert labels[1] != labels[2]
    # A name typed for the first player follows into its numbers' labels.
    calc.locator('[data-player-name="0"]').fill("Ana")
    assert cells.nth(1).evaluate("e => e.labels[0].textContent").endswith("(Ana)")

    # Road 1: size 5, followers 2 and 1 (the first player takes 5); road 2: size 3,
    # 1 each (both take 3); the second player's followers on road 1 left empty count 0.
    entries = {(0, "size"): "5", (0, "followers@0"): "2", (1, "size"): "3"}
    entries |= {(1, "followers@0"): "1", (1, "followers@1"): "1"}
    for (index, field), value in entries.items():
        target = rows.locator(f'input[data-row-index="{index}"][data-row-field="{field}"]')
        target.click()
        target.press_sequentially(value, delay=60)
    first = calc.locator('[data-result="breakdown.shared"][data-player="0"]')
    first.wait_for()
    page.wait_for_function(
        '() => document.querySelector(\'[data-result="breakdown.shared"][data-player="1"]\')'
        "?.textContent.trim() === '3'"
    )
    assert first.inner_text().strip() == "8"
    # The second player's followers on road 1, left empty, count as none and are listed
    # as not entered in their line; the link takes the reader to that number.
    listed = calc.locator('[data-not-entered-field="shared:1:0:followers"]')
    assert listed.inner_text().startswith("Routes communes, Row 1, Partisans")
    listed.click()
    assert page.evaluate("document.activeElement.dataset.rowField") == "followers@1"

    # A number past its bound is flagged at that player's number of that row.
    late = rows.locator('input[data-row-index="1"][data-row-field="followers@1"]')
    flags_past_its_bound(rows, late, "8", "5", "1")

    # The rows travel in the link and come back with it.
    page.wait_for_function("() => location.hash.includes('5.2._~3.1.1')")
    sizes = '[data-table-rows="shared"] input[data-row-field="size"]'
    assert values_through_the_link(context, page.url, sizes) == ["5", "3"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # The device keeps them: the page opened again without the link shows them.
    page.evaluate("dispatchEvent(new Event('pagehide'))")
    page.goto(shared_url + "en/momiji/scoring/")
    widget_ready(page, "[data-calculator]")
    kept = page.locator('[data-table-rows="shared"] input[data-row-field="followers@0"]')
    kept.first.wait_for()
    assert [kept.nth(k).input_value() for k in range(kept.count())] == ["2", "1"]

    # A finished game kept in the history reopens with its shared rows.
    calc = page.locator("[data-calculator]")
    calc.locator("[data-keep]").click()
    page.once("dialog", lambda dialog: dialog.accept())
    calc.locator("[data-reset]").click()
    assert calc.locator('[data-table-rows="shared"] input[data-row-field="size"]').count() == 0
    history = calc.locator("[data-history]")
    history.locator("summary").click()
    history.locator("[data-history-entry] [data-reopen]").click()
    sizes = calc.locator('[data-table-rows="shared"] input[data-row-field="size"]')
    sizes.first.wait_for()
    assert [sizes.nth(k).input_value() for k in range(sizes.count())] == ["5", "3"]
    first = calc.locator('[data-result="breakdown.shared"][data-player="0"]')
    first.wait_for()
    assert first.inner_text().strip() == "8"
    context.close()
