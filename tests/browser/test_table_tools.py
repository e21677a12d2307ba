"""The calculator's table tools in Chromium: sharing, keeping, Undo, history, export,
explanation, print, offline use, and hostile names, links and storage.

Results are checked against the Python engine, like the calculator's own tests.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from rulebook.site.serve import serve_in_thread
from scorer.engine import GameEngine
from tests.browser.conftest import checked_page
from tests.browser.forms import enter_state, widget_ready
from tests.conftest import real_game

ROOT = Path(__file__).resolve().parents[2]
TOKAIDO_STATE: dict[str, Any] = json.loads((ROOT / "examples" / "tokaido.json").read_text())
NILE_STATE: dict[str, Any] = json.loads((ROOT / "examples" / "nile.json").read_text())
ENGINES = {game: GameEngine(real_game(game)) for game in ("tokaido", "nile")}

#: Names that would do harm if the page ever read them as markup.
HOSTILE = [
    "<img src=x onerror=window.__pwned=1>",
    "</script><script>__pwned=2</script>",
    '"><svg onload=window.__pwned=3>',
    "{names} $& ;,+%",
]


def python_result(state: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = ENGINES[state["game"]].score(state).to_json()
    return result


def calculator(page: Any) -> Any:
    return widget_ready(page, "[data-calculator]")


def table_text(page: Any) -> str:
    """The table's text once the address has caught up with it. The address follows a
    moment after the last change, in one write (enter_state changes the table in one task)."""
    page.wait_for_function("() => /^#t[0-9]+;/.test(location.hash)")
    text: str = page.evaluate("location.hash.slice(1)")
    return text


def winners(page: Any) -> str:
    text: str = page.locator("[data-winners]").inner_text()
    return text


def totals(page: Any, count: int) -> list[str]:
    return [
        page.locator(f'[data-result="total"][data-player="{i}"]').inner_text() for i in range(count)
    ]


def expected_totals(state: dict[str, Any]) -> list[str]:
    return [str(p["total"]) for p in python_result(state)["players"]]


def not_pwned(page: Any) -> None:
    assert page.evaluate("window.__pwned") is None, "a hostile text ran as script"
    assert page.locator("img[src=x], [onload], [onerror]").count() == 0


@pytest.fixture
def fresh(browser: Any) -> Iterator[Any]:
    """A second browser, with its own storage: someone the link was sent to."""
    yield from checked_page(browser, "fr-FR")


# -- Share ----------------------------------------------------------------------------------


def test_a_link_opens_the_same_table_in_another_language(
    page: Any, fresh: Any, base_url: str
) -> None:
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    text = table_text(page)
    assert len(text) < 400, "the link is compact"
    count = len(TOKAIDO_STATE["players"])
    assert totals(page, count) == expected_totals(TOKAIDO_STATE)

    fresh.goto(base_url + f"fr/tokaido/scoring/#{text}")
    calculator(fresh)
    assert totals(fresh, count) == expected_totals(TOKAIDO_STATE)
    assert winners(fresh) == ", ".join(python_result(TOKAIDO_STATE)["winners"])
    for option, value in TOKAIDO_STATE["options"].items():
        assert fresh.locator(f'[data-option="{option}"]').is_checked() is value
    assert fresh.locator('[data-input="donations"][data-player="0"]').input_value() == "4"
    assert fresh.locator("[data-notice]").count() == 0


def test_a_link_and_a_reload_keep_the_rivals_entries(page: Any, fresh: Any, base_url: str) -> None:
    """Issue 13: the neutral traveller's coins at two players (they take a Temple place) are
    in the link and in the kept table, not only the players' entries."""
    case = next(
        c
        for c in real_game("tokaido").cases.cases  # type: ignore[union-attr]
        if c.id == "two_players_neutral_traveller_at_the_temple"
    )
    state = {"game": "tokaido", **case.state}
    expected = [str(e.total) for e in case.expected]
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, state, "tokaido")
    assert totals(page, 2) == expected
    text = table_text(page)
    assert text.startswith("t2;") and text.endswith(";@neutral,2")

    neutral = '[data-rival="neutral"][data-input="donations"]'
    fresh.goto(base_url + f"uk/tokaido/scoring/#{text}")
    calculator(fresh)
    assert fresh.locator(neutral).input_value() == "2"
    assert totals(fresh, 2) == expected, "the neutral still takes the Temple's second place"
    fresh.reload()
    calculator(fresh)
    assert fresh.locator(neutral).input_value() == "2", "kept after a reload"
    assert totals(fresh, 2) == expected
    # A third player: no neutral traveller, and none in the link; back to two, it returns.
    fresh.select_option("[data-player-count]", "3")
    fresh.wait_for_function("() => /^#t1;/.test(location.hash)")
    assert "@neutral" not in fresh.evaluate("location.hash")
    fresh.select_option("[data-player-count]", "2")
    fresh.wait_for_function("() => location.hash.endsWith(';@neutral,2')")


def test_the_copied_link_and_the_language_switcher_carry_the_table(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(base_url + "en/nile/scoring/")
        enter_state(page, NILE_STATE, "nile")
        text = table_text(page)
        page.locator("[data-copy-link]").click()
        page.wait_for_function("document.querySelector('.rb-tools .rb-copied').textContent !== ''")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.url and copied.endswith(f"#{text}")
        switch = page.locator('a[data-rb-language="uk"]').get_attribute("href") or ""
        assert switch.endswith(f"/uk/nile/scoring/#{text}")
    finally:
        context.close()


def test_a_setup_link_keeps_the_request_in_the_fragment(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/nile/setup/")
    setup = widget_ready(page, "[data-setup]")
    setup.locator("[data-setup-players]").select_option("3")
    for index, name in enumerate(["Ana", "Bo;,+", "Олена"]):
        setup.locator(f'[data-setup-name="{index}"]').fill(name)
    setup.locator("[data-setup-seed]").fill("table 7")
    setup.locator("[data-setup-generate]").click()
    link = page.locator("[data-setup-link]").get_attribute("href") or ""
    assert "#s2;" in link and "?" not in link
    first = page.locator("[data-first-player]").inner_text()
    page.goto(link.replace("/en/", "/uk/"))
    widget_ready(page, "[data-setup]")
    assert page.locator("[data-seed]").inner_text() == "table 7"
    assert page.locator("[data-first-player]").inner_text() == first
    assert page.locator('[data-setup-name="1"]').input_value() == "Bo;,+"


# -- Keep -----------------------------------------------------------------------------------


def test_the_table_survives_a_reload_and_a_new_tab(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    expected = expected_totals(TOKAIDO_STATE)
    page.reload()
    calculator(page)
    assert totals(page, len(expected)) == expected
    other = page.context.new_page()  # a new tab, without the fragment
    other.goto(base_url + "uk/tokaido/scoring/")
    calculator(other)
    assert totals(other, len(expected)) == expected
    assert other.locator('[data-player-name="0"]').input_value() == "A"


def test_undo_takes_back_each_change(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/nile/scoring/")
    calc = calculator(page)
    undo = calc.locator("[data-undo]")
    assert undo.is_disabled()
    papyrus = calc.locator('[data-input="papyrus"][data-player="0"]')
    wheat = calc.locator('[data-input="wheat"][data-player="1"]')
    papyrus.fill("1")
    papyrus.fill("12")  # the same field: one change
    wheat.fill("3")
    name = calc.locator('[data-player-name="0"]')
    name.fill("Olena")
    undo.click()
    # The seat's default name is back: a placeholder, not text to erase (issue 28).
    assert (name.input_value(), name.get_attribute("placeholder")) == ("", "Player 1")
    assert wheat.input_value() == "3"
    undo.click()
    assert wheat.input_value() == ""
    assert papyrus.input_value() == "12"
    undo.click()
    assert papyrus.input_value() == ""
    assert undo.is_disabled()


def test_reset_asks_first_and_undo_brings_the_table_back(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/nile/scoring/")
    enter_state(page, NILE_STATE, "nile")
    calc = calculator(page)
    papyrus = calc.locator('[data-input="papyrus"][data-player="0"]')
    asked: list[str] = []

    def answer(accept: bool) -> None:
        def handle(dialog: Any) -> None:
            asked.append(dialog.message)
            if accept:
                dialog.accept()
            else:
                dialog.dismiss()

        page.once("dialog", handle)

    answer(False)
    calc.locator("[data-reset]").click()
    assert papyrus.input_value() == "6", "cancelled: nothing cleared"
    answer(True)
    calc.locator("[data-reset]").click()
    assert papyrus.input_value() == ""
    assert asked and all("Undo" in message for message in asked)
    calc.locator("[data-undo]").click()
    assert papyrus.input_value() == "6"
    assert winners(page) == ", ".join(python_result(NILE_STATE)["winners"])


def test_finished_games_are_kept_and_reopened(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    calc = calculator(page)
    history = calc.locator("[data-history]")
    assert history.is_hidden()
    calc.locator("[data-keep]").click()
    page.once("dialog", lambda dialog: dialog.accept())
    calc.locator("[data-reset]").click()
    assert calc.locator('[data-input="donations"][data-player="0"]').input_value() == ""

    page.reload()
    calc = calculator(page)
    history = calc.locator("[data-history]")
    history.locator("summary").click()
    assert history.locator("summary").inner_text() == "1\u00a0game kept on this device"
    entry = history.locator("[data-history-entry]")
    assert entry.count() == 1
    assert "★ C 86" in entry.inner_text()
    entry.locator("[data-reopen]").click()
    expected = expected_totals(TOKAIDO_STATE)
    assert totals(page, len(expected)) == expected
    entry.locator("[data-forget]").click()
    assert history.is_hidden()


# -- Export and explain ------------------------------------------------------------------------


def test_the_bg_stats_link_carries_the_play(page: Any, base_url: str) -> None:
    page.goto(base_url + "uk/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    href = page.locator("[data-bgstats]").get_attribute("href") or ""
    parts = urlsplit(href)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == (
        "https://app.bgstatsapp.com/createPlay.html"
    )
    play = json.loads(parse_qs(parts.query)["data"][0])
    assert play["game"] == {
        "name": "Tokaido",
        "bggId": 123540,
        "sourceGameId": "tokaido",
        "highestWins": True,
        "noPoints": False,
    }
    expected = python_result(TOKAIDO_STATE)["players"]
    assert play["players"] == [
        {"name": p["name"], "score": p["total"], "rank": p["rank"], "winner": p["winner"]}
        for p in expected
    ]
    assert len(play["playDate"]) == len("2024-03-09 20:05:07")


def test_the_json_download_is_the_engines_result(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    with page.expect_download() as download:
        page.locator("[data-download]").click()
    path = download.value.path()
    assert download.value.suggested_filename.startswith("tokaido-")
    assert json.loads(Path(path).read_text(encoding="utf-8")) == python_result(TOKAIDO_STATE)


def test_each_award_and_place_is_explained(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    first = page.locator('[data-explain-player="0"] li').all_inner_texts()
    assert any(
        "Donor ranking: 10\u00a0points — place 1, shared with B, with 4" in line for line in first
    )
    assert "Gourmet: 3\u00a0points — the most, with 8, level with C" in first
    assert "Bather: 0\u00a0points — 1, against 4 for B and D" in first
    # Points decide a points game: no line repeats the total against the next player's.
    assert not any("Journey points" in line for line in first), first
    assert page.locator("[data-chart] [data-chart-player]").count() == 5
    assert page.locator("[data-chart] rect").count() > 10

    page.goto(base_url + "uk/nile/scoring/")
    enter_state(page, NILE_STATE, "nile")
    hal = page.locator('[data-explain-player="0"] li').all_inner_texts()
    assert hal[0].endswith("1 · 4 · 5 · 6 · 7")
    assert hal[1].endswith("на позиції 1 — 1 проти 2 у Jenny")


def test_french_counts_use_plural_rules(page: Any, base_url: str) -> None:
    page.goto(base_url + "fr/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    lines = page.locator("[data-explain] li").all_inner_texts()
    # French typography: a no-break space before each colon the calculator puts between a
    # label and its value (it once joined them with a bare ": ").
    assert any("\u00a0: 0\u00a0point —" in line for line in lines), lines
    assert any("\u00a0: 10\u00a0points —" in line for line in lines), lines
    assert page.locator(".rb-winners").inner_text().startswith("Gagnant\u00a0: ")  # C alone


# -- Print --------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_score_sheet_and_quick_reference_print_cleanly(
    page: Any, base_url: str, paper: str
) -> None:
    width = {"A4": 210, "Letter": 215.9}[paper] - 22  # the page margins of print.css, in mm
    page.set_viewport_size({"width": int(width * 96 / 25.4), "height": 1000})
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, TOKAIDO_STATE, "tokaido")
    page.emulate_media(media="print")
    calc = page.locator("[data-calculator]")
    assert calc.is_visible()
    assert calc.locator("[data-tools]").is_hidden()
    assert page.locator(".md-header").is_hidden()
    assert calc.locator('[data-input="donations"][data-player="4"]').is_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the score sheet is wider than {paper}"
    page.evaluate("document.documentElement.classList.add('rb-print-sheet')")
    assert page.locator("#rb-how").is_hidden(), "the sheet prints alone"
    assert len(page.pdf(format=paper)) > 1000

    page.goto(base_url + "uk/tokaido/quick-reference/")
    page.emulate_media(media="print")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the quick reference is wider than {paper}"
    assert len(page.pdf(format=paper)) > 1000


# -- Offline and installable -------------------------------------------------------------------


def test_the_manifest_and_its_icons_are_served(page: Any, base_url: str) -> None:
    page.goto(base_url + "uk/nile/")
    href = page.locator('link[rel="manifest"]').get_attribute("href") or ""
    manifest = page.evaluate("(url) => fetch(url).then((r) => r.json())", href)
    assert manifest["lang"] == "uk" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        status = page.evaluate(
            "(url) => fetch(new URL(url, new URL(document.querySelector('link[rel=manifest]').href)))"
            ".then((r) => r.status)",
            icon["src"],
        )
        assert status == 200


def test_the_calculators_work_offline_after_one_visit(browser: Any, site: Path) -> None:
    server, url = serve_in_thread(site)  # its own server, to stop it: no network at all
    context = browser.new_context(service_workers="allow")  # the worker is the subject
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(url + "en/nile/scoring/")
        calculator(page)
        # The worker is registered once the page is idle; installing keeps every page.
        page.wait_for_function(
            "async () => (await navigator.serviceWorker.getRegistration())?.active?.state"
            " === 'activated'",
            timeout=30_000,
        )
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        server.shutdown()
        server.server_close()
        context.set_offline(True)

        page.goto(url + "en/tokaido/scoring/")  # never visited: kept by the worker
        enter_state(page, TOKAIDO_STATE, "tokaido")
        assert totals(page, 5) == expected_totals(TOKAIDO_STATE)
        page.goto(url + "en/nile/setup/?players=3&seed=abc")
        widget_ready(page, "[data-setup]")
        assert page.locator("[data-checklist] > li").count() > 0
        page.goto(url + "en/nile/scoring/")
        enter_state(page, NILE_STATE, "nile")
        assert winners(page) == ", ".join(python_result(NILE_STATE)["winners"])
    finally:
        server.shutdown()
        context.close()
    assert errors == []


def test_a_new_build_has_a_new_worker(site: Path) -> None:
    worker = (site / "en" / "sw.js").read_text(encoding="utf-8")
    assert worker.startswith('const VERSION = "')
    assert '"assets/calculator/calculator.js"' in worker and '"tokaido/scoring/"' in worker


# -- Hostile input -------------------------------------------------------------------------------


def test_hostile_names_stay_text_everywhere(page: Any, base_url: str) -> None:
    state = json.loads(json.dumps(TOKAIDO_STATE))
    for player, name in zip(state["players"], HOSTILE, strict=False):
        player["name"] = name
    page.goto(base_url + "en/tokaido/scoring/")
    enter_state(page, state, "tokaido")
    calc = calculator(page)
    calc.locator("[data-keep]").click()
    calc.locator("[data-history] summary").click()
    for index, name in enumerate(HOSTILE):
        assert page.locator(f'[data-result-name="{index}"]').inner_text() == name
        assert page.locator(f'[data-explain-player="{index}"] h4').inner_text() == name
    assert HOSTILE[0] in calc.locator("[data-history-entry]").inner_text()
    text = table_text(page)
    page.goto("about:blank")
    page.goto(base_url + f"uk/tokaido/scoring/#{text}")
    calculator(page)
    assert [page.locator(f'[data-player-name="{i}"]').input_value() for i in range(4)] == HOSTILE
    not_pwned(page)


@pytest.mark.parametrize(
    "fragment",
    [
        "t1;<img src=x onerror=window.__pwned=1>",
        "t1;%3Cscript%3Ewindow.__pwned=1%3C/script%3E",
        "t9;future;format",
        "t1;abc;1,0;;A;B",
        "s1;" + "x" * 7000,
        "t1;%E0%A4%A",
        "javascript:window.__pwned=1",
    ],
)
def test_hostile_fragments_are_refused_with_a_notice(
    page: Any, base_url: str, fragment: str
) -> None:
    page.goto(base_url + "en/nile/scoring/")
    enter_state(page, NILE_STATE, "nile")
    page.goto("about:blank")
    page.goto(base_url + f"en/nile/scoring/#{fragment}")
    calc = calculator(page)
    not_pwned(page)
    if fragment.startswith(("t", "s")):
        assert calc.locator('[data-notice="calc_bad_link"]').is_visible()
    assert winners(page) == ", ".join(python_result(NILE_STATE)["winners"]), "the kept table"


def test_a_hostile_setup_fragment_is_refused(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/nile/setup/#s1;x;<svg onload=window.__pwned=1>;1;A;B")
    setup = widget_ready(page, "[data-setup]")
    assert setup.locator('[data-notice="calc_bad_link"]').is_visible()
    not_pwned(page)


@pytest.mark.parametrize(
    "stored",
    [
        "{not json",
        '{"v": 1, "table": "<img src=x onerror=window.__pwned=1>", "undo": []}',
        '{"v": 1, "table": "t1;zz;0;;A;B", "undo": "x"}',
        '{"__proto__": {"polluted": 1}}',
    ],
)
def test_a_damaged_kept_table_is_set_aside_with_a_notice(
    page: Any, base_url: str, stored: str
) -> None:
    page.goto(base_url + "en/nile/scoring/")
    calculator(page)
    page.evaluate("(text) => localStorage.setItem('rulebook.table.nile', text)", stored)
    page.evaluate("localStorage.setItem('rulebook.history.nile', '[{\"at\": \"<b>\"}]')")
    page.reload()
    calc = calculator(page)
    assert calc.locator('[data-notice="calc_bad_storage"]').is_visible()
    assert page.evaluate("localStorage.getItem('rulebook.table.nile')") is not None, (
        "the fresh table is kept instead"
    )
    assert "<img" not in (page.evaluate("localStorage.getItem('rulebook.table.nile')") or "")
    enter_state(page, NILE_STATE, "nile")
    assert winners(page) == ", ".join(python_result(NILE_STATE)["winners"])
    assert page.evaluate("({}).polluted") is None
    not_pwned(page)
