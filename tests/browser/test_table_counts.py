"""A table input of ``kind: count`` in Chromium: a number field that takes a legal value,
sends it to the scoring as a number, carries it in the link and storage, and redraws the
form when an input is asked only for some values (issue 33: it was a menu of no choices).

No shipped game has one, so the site is built from a probe: a copy of Nile with a count
table input (the flood's height, 1 to 9) and an input asked only when it is 5 or more.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import probe_site
from tests.browser.forms import widget_ready

#: The probe's additions to Nile's scoring.yaml: (text it follows, text added).
PROBE = [
    ("groups:\n", "table:\n  - {id: flood, kind: count, label: Crue du Nil, min: 1, max: 9}\n"),
    (
        "inputs:\n",
        "  - {id: harvest, kind: count, label: Récolte, max: 4, when: {ge: [{table: flood}, 5]}}\n",
    ),
]


@pytest.fixture(scope="module")
def probe_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The probe game's site, in English only (a few seconds to build)."""
    root = tmp_path_factory.mktemp("table-counts")
    with probe_site(root, "nile", PROBE) as url:
        yield url


def _flood(page: Any) -> Any:
    return page.locator('[data-calculator] [data-table="flood"]')


def test_a_count_table_input_is_a_number_field_that_reaches_the_scoring(
    page: Any, probe_url: str
) -> None:
    page.goto(probe_url + "en/nile/scoring/")
    widget_ready(page, "[data-calculator]")
    field = _flood(page)
    # A number field from 1 to 9 with the numeric keypad, not a menu of no choices.
    assert field.evaluate("e => [e.tagName, e.type, e.min, e.max, e.inputMode]") == [
        "INPUT",
        "number",
        "1",
        "9",
        "numeric",
    ]
    assert page.locator("[data-calculator] [data-input=harvest]").count() == 0
    field.fill("6")
    field.press("Tab")  # leaving the field asks what the flood's height makes relevant
    harvest = page.locator("[data-calculator] [data-input=harvest]")
    harvest.first.wait_for()
    assert harvest.count() == page.locator("[data-calculator] [data-input=wheat]").count()
    # The link carries it after the options (DeLuxor off: 0).
    page.wait_for_function("() => /^#t1;[0-9a-z]+;0;6;/.test(location.hash)")
    # A number past the max is flagged at the field: it reached the scoring as a number.
    field.fill("12")
    error = page.locator('[data-calculator] [data-error-for="table.flood"]')
    error.wait_for(state="visible")
    assert "9" in error.inner_text()
    field.fill("7")
    error.wait_for(state="hidden")
    page.wait_for_function("() => /^#t1;[0-9a-z]+;0;7;/.test(location.hash)")
    # Kept on the device: a fresh visit without the link opens with it.
    page.evaluate("dispatchEvent(new Event('pagehide'))")
    page.goto(probe_url + "en/nile/scoring/")
    widget_ready(page, "[data-calculator]")
    assert _flood(page).input_value() == "7"
    assert page.locator("[data-calculator] [data-input=harvest]").count() > 0
