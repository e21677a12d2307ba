"""Saved tables in Chromium after a content update: what fits opens, what no longer fits is
shown, downloadable and removable, and the history keeps games it cannot reopen.

The stored records are what store.js writes, made for an earlier version of Tokaido's
content: an input and an option since removed, a traveller since renamed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import checked_page
from tests.browser.forms import FORGET_TABLE
from tests.browser.test_table_tools import TOKAIDO_STATE, calculator
from tests.conftest import real_game

KINDS = {spec.id: spec.kind for spec in real_game("tokaido").scoring.inputs}


def older_snapshot(state: dict[str, Any]) -> dict[str, Any]:
    """A v2 snapshot of ``state`` as an earlier version of the content would have saved it."""
    values = []
    kinds: dict[str, str] = {}
    for player in state["players"]:
        row: dict[str, Any] = {}
        for key, value in player.items():
            if key == "name":
                continue
            row[key] = value if isinstance(value, bool) else str(value)
            kinds[key] = KINDS[key]
        values.append(row)
    values[0]["retired_tokens"] = "3"
    kinds["retired_tokens"] = "count"
    values[1]["traveller"] = "hiroshige_first_edition"
    labels = {"retired_tokens": "Retired tokens", "retired_variant": "Retired variant"}
    return {
        "content": "older",
        "count": len(values),
        "names": [p["name"] for p in state["players"]],
        "values": values,
        "options": {**state["options"], "retired_variant": True},
        "table": {},
        "kinds": kinds,
        "labels": labels,
    }


def store_older_table(
    page: Any, base_url: str, language: str = "en", state: dict[str, Any] = TOKAIDO_STATE
) -> dict[str, Any]:
    """Put an older version's table (and a kept game) in storage, then open the calculator."""
    record = {"v": 2, "table": older_snapshot(state), "undo": []}
    page.goto(base_url + f"{language}/tokaido/scoring/")
    calculator(page)
    players = [{"name": "A", "score": 51, "rank": 1, "winner": True}]
    history = [{"at": 1_700_000_000_000, "table": "t1;oldprint;0;;A,1;B", "players": players}]
    page.evaluate(FORGET_TABLE)
    page.evaluate(
        "([table, history]) => {"
        " localStorage.setItem('rulebook.table.tokaido', table);"
        " localStorage.setItem('rulebook.history.tokaido', history); }",
        [json.dumps(record), json.dumps(history)],
    )
    page.reload()
    calculator(page)
    return record


def test_an_older_table_opens_with_what_no_longer_fits_listed(page: Any, base_url: str) -> None:
    record = store_older_table(page, base_url)
    notice = page.locator("[data-aside]")
    assert notice.locator('[data-notice="calc_unfit"]').is_visible()
    assert notice.locator('[data-notice="calc_bad_storage"]').count() == 0
    lines = notice.locator("[data-misfit]").all_inner_texts()
    assert len(lines) == 3, lines
    assert "Retired variant: yes (no longer asked)" in lines, lines
    assert "A, Retired tokens: 3 (no longer asked)" in lines, lines
    assert any(
        "hiroshige_first_edition" in line and "no longer one of the choices" in line
        for line in lines
    )
    # What fits is in the form: every other value, the options that still exist.
    assert page.locator('[data-input="donations"][data-player="0"]').input_value() == "4"
    assert page.locator('[data-input="traveller"][data-player="0"]').input_value() == "gotozaemon"
    assert page.locator('[data-input="traveller"][data-player="1"]').input_value() == ""
    assert page.locator('[data-option="crossroads"]').is_checked()

    with page.expect_download() as download:
        notice.locator("[data-aside-download]").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["game"] == "tokaido"
    assert [item["record"] for item in saved["saved"]["items"]] == [record]

    notice.locator("[data-aside-remove]").click()
    assert page.locator("[data-aside]").is_hidden()
    page.reload()
    calculator(page)
    assert page.locator("[data-aside] [data-notice]").count() == 0, "removed for good"
    assert page.locator('[data-input="donations"][data-player="0"]').input_value() == "4"


def test_a_kept_game_that_cannot_be_reopened_stays_in_the_history(page: Any, base_url: str) -> None:
    store_older_table(page, base_url)
    history = page.locator("[data-history]")
    history.locator("summary").click()
    entry = history.locator("[data-history-entry]")
    assert entry.count() == 1
    assert entry.locator("[data-history-unfit]").is_visible()
    assert entry.locator("[data-reopen]").count() == 0, "nothing of it can be read to reopen"
    with page.expect_download() as download:
        entry.locator("[data-history-download]").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["saved"]["raw"] == "t1;oldprint;0;;A,1;B"


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_the_notice_fits_a_phone(browser: Any, base_url: str, language: str) -> None:
    for page in checked_page(browser, "en-US"):
        page.set_viewport_size({"width": 360, "height": 740})
        # Two players: the form itself is then narrow enough for a phone.
        two = {**TOKAIDO_STATE, "players": TOKAIDO_STATE["players"][:2]}
        store_older_table(page, base_url, language, two)
        notice = page.locator("[data-aside]")
        assert notice.locator('[data-notice="calc_unfit"]').is_visible()
        assert "{" not in notice.inner_text(), "every placeholder filled"
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, "the page scrolls sideways at 360 px"
        box = notice.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360


def test_a_deeply_nested_record_and_a_full_store_are_told(page: Any, base_url: str) -> None:
    """Issue 34: a set-aside record 5,000 levels deep threw an uncaught RangeError (the page
    listed its value with String()); past 20 records the oldest went without a word."""
    deep = "[" * 5000 + "]" * 5000
    misfit = f'{{"kind":"input","reason":"limit","id":"coins","name":"Ana","value":{deep}}}'
    item = '{{"at":{at},"reason":"content","from":"table","misfits":[{misfit}],"record":{deep}}}'
    items = ",".join(item.format(at=1000 + k, misfit=misfit, deep=deep) for k in range(20))
    page.goto(base_url + "en/tokaido/scoring/")
    calculator(page)
    page.evaluate(FORGET_TABLE)
    page.evaluate(
        "(text) => { localStorage.setItem('rulebook.aside.tokaido', text);"
        " localStorage.setItem('rulebook.table.tokaido', '{oops'); }",
        f'{{"v":2,"items":[{items}]}}',
    )
    page.reload()  # the damaged table is the 21st record set aside
    calculator(page)
    notice = page.locator("[data-aside]")
    assert notice.locator('[data-notice="calc_bad_storage"]').is_visible()
    dropped = notice.locator('[data-notice="calc_aside_dropped"]')
    assert dropped.inner_text() == (
        "1\u00a0older saved record was removed to make room: this device keeps the 20 newest."
    )
    assert "[…]" in notice.locator("[data-misfit]").first.inner_text()
