"""The site in Chromium: calculator, language switch, search in each language, setup links."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from schemas.cases import Case
from schemas.game import GameContent
from scorer.setup import make_setup
from tests.browser.forms import FORGET_TABLE, enter_state, widget_ready
from tests.conftest import real_game

CONTENT = Path(__file__).resolve().parents[2] / "content"
NILE: GameContent = real_game("nile")
NILE_CASES: list[Case] = list(NILE.cases.cases) if NILE.cases else []


def _cases_of_every_game(per_game: int = 3) -> list[tuple[str, Case]]:
    """A few conformance cases of each game: the first ones and the largest table."""
    chosen = []
    for folder in sorted(p for p in CONTENT.iterdir() if (p / "cases.yaml").exists()):
        if folder.name == "nile":
            continue  # every Nile case runs below
        cases = list(real_game(folder.name).cases.cases)  # type: ignore[union-attr]
        largest = max(cases, key=lambda c: len(c.state["players"]))
        picked = (
            [*cases[: per_game - 1], largest]
            if largest not in cases[: per_game - 1]
            else cases[:per_game]
        )
        chosen.extend((folder.name, case) for case in picked)
    return chosen


OTHER_CASES = _cases_of_every_game()


def check_result(page: Any, case: Case) -> None:
    """The winners, ranks and totals (or keys) the page shows are the case's."""
    calc = page.locator("[data-calculator]")
    order = [p["name"] for p in case.state["players"]]
    winners = sorted((p.name for p in case.expected if p.winner), key=order.index)
    assert calc.locator("[data-winners]").inner_text() == ", ".join(winners)
    for expected in case.expected:
        index = order.index(expected.name)
        cell = calc.locator(f'[data-result="rank"][data-player="{index}"]')
        assert cell.inner_text() == str(expected.rank), expected.name
        if expected.total is not None:
            total = calc.locator(f'[data-result="total"][data-player="{index}"]').inner_text()
            assert total == str(expected.total), expected.name


def _case_result(page: Any, case: Case) -> None:
    """``check_result``, plus the ranking key of a game ranked without points."""
    check_result(page, case)
    calc = page.locator("[data-calculator]")
    for index, expected in enumerate(case.expected):
        if expected.key is not None:
            key = calc.locator(f'[data-result="key"][data-player="{index}"]').inner_text()
            assert key == " ".join(str(v) for v in expected.key), expected.name


def _every_case(page: Any, base_url: str, game: str, cases: list[Case]) -> None:
    """Each case entered into a fresh form, one after the other on one page (storage
    cleared in between, or the calculator would reopen the previous table), and every
    case whose result differs reported at once."""
    wrong = []
    for case in cases:
        if page.url.startswith(base_url):
            page.evaluate(FORGET_TABLE)
        page.goto(base_url + f"en/{game}/scoring/")
        enter_state(page, case.state, game)
        if not any(set(p) - {"name"} for p in case.state["players"]):
            # A table with nothing on it types a 0 somewhere: a form where nothing is
            # entered announces no result (issue 28).
            page.locator("[data-calculator] input[type=number][data-player]").first.fill("0")
        try:
            _case_result(page, case)
        except AssertionError as error:
            wrong.append(f"{case.id}: {error}")
    assert not wrong, "\n".join(wrong)


GAMES_WITH_CASES = sorted({game for game, _ in OTHER_CASES})


@pytest.mark.parametrize("game", GAMES_WITH_CASES)
def test_every_game_calculator_gives_the_conformance_result(
    page: Any, base_url: str, game: str
) -> None:
    """A few cases of each game (the first ones and the largest table)."""
    _every_case(page, base_url, game, [case for g, case in OTHER_CASES if g == game])


def test_calculator_gives_the_conformance_result(page: Any, base_url: str) -> None:
    """Every Nile case: its ranking key (sorted piles) is the whole result."""
    _every_case(page, base_url, "nile", NILE_CASES)


def test_calculator_flags_a_problem_at_its_field(page: Any, base_url: str) -> None:
    page.goto(base_url + "uk/nile/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    field = calc.locator('[data-input="wheat"][data-player="0"]')
    field.fill("17")  # a crop has 16 cards
    assert field.get_attribute("aria-invalid") == "true"
    assert calc.locator("[data-problems] li").count() >= 1
    assert calc.locator("[data-winners]").count() == 0
    error = page.locator(f"#{field.get_attribute('aria-describedby')}")
    assert error.is_visible() and error.inner_text() != ""
    field.fill("16")
    assert field.get_attribute("aria-invalid") is None
    assert calc.locator("[data-winners]").count() == 1


def test_calculator_is_usable_at_360_px(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(base_url + "fr/nile/scoring/")
        calc = widget_ready(page, "[data-calculator]")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, "the page scrolls sideways at 360 px"
        name = calc.locator('[data-player-name="0"]')
        name.focus()
        page.keyboard.press("Tab")
        # One player at a time on a phone: from the name, the keyboard goes to their fields.
        focused = page.evaluate(
            "[document.activeElement.dataset.input, document.activeElement.dataset.player]"
        )
        assert focused == ["papyrus", "0"]
        calc.locator('[data-switch="1"]').click()
        assert calc.locator('[data-player-name="1"]').is_visible()
        first = calc.locator('[data-input="papyrus"][data-player="0"]')
        assert first.get_attribute("aria-labelledby")  # each field is named by its row and player
    finally:
        context.close()


def test_switching_language_stays_on_the_page(page: Any, base_url: str) -> None:
    page.goto(base_url + "fr/nile/rules/")
    for language in ("uk", "en", "fr"):
        page.locator(".md-header__option .md-select").hover()
        page.locator(f'a.md-select__link[hreflang="{language}"]').click()
        page.wait_for_url(f"**/{language}/nile/rules/")
        assert page.locator("html").get_attribute("lang") == language


@pytest.mark.parametrize(
    ("language", "word", "where"),
    [
        ("fr", "inondation", "/fr/nile/"),
        ("uk", "Калькулятор", "/uk/nile/scoring/"),
        ("en", "calculator", "/en/nile/scoring/"),
    ],
)
def test_search_finds_a_word_in_each_language(
    page: Any, base_url: str, language: str, word: str, where: str
) -> None:
    page.goto(base_url + f"{language}/")
    search = page.locator("input.md-search__input")
    search.click()
    page.keyboard.type(word)
    page.keyboard.press("End")  # typing Cyrillic fires no keyup, which Material listens for
    page.locator(".md-search-result__link").first.wait_for()
    # Material redraws the list while results come in: read it in one call, once the page
    # looked for is among them (or the wait is over), never link by link from a count that
    # a redraw can make stale.
    read = "els => els.map(e => e.getAttribute('href') || '')"
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"w => ({read})([...document.querySelectorAll('.md-search-result__link')])"
            ".some(h => h.includes(w))",
            arg=where,
            timeout=10_000,
        )
    hrefs = page.eval_on_selector_all(".md-search-result__link", read)
    assert any(where in href for href in hrefs), hrefs


def test_a_setup_link_reproduces_the_setup(page: Any, base_url: str) -> None:
    names = ["Ana", "Bo", "Cy"]
    query = "players=3&name=Ana&name=Bo&name=Cy&opt.deluxor=true&seed=abc"
    page.goto(base_url + f"uk/nile/setup/?{query}")
    widget_ready(page, "[data-setup]")
    expected = make_setup(NILE, 3, "abc", names, {"deluxor": True})
    assert page.locator("[data-first-player]").inner_text() == expected.first_player
    assert page.locator("[data-turn-order]").inner_text() == " → ".join(expected.turn_order)
    steps = page.locator("[data-checklist] > li")
    assert steps.count() == len(expected.steps)
    removed = page.locator('[data-step="deluxor_remove_crops"] [data-dealt-to="table"]')
    crops = next(s for s in expected.steps if s.id == "deluxor_remove_crops")
    assert removed.count() == len(crops.table) == 2

    # Make another setup with the form, then open its link: the same checklist comes back.
    setup = page.locator("[data-setup]")
    setup.locator("[data-setup-players]").select_option("4")
    for index, name in enumerate(["Dee", "Eli", "Fay", "Gus"]):
        setup.locator(f'[data-setup-name="{index}"]').fill(name)
    setup.locator("[data-setup-seed]").fill("")
    setup.locator("[data-setup-generate]").click()
    seed = page.locator("[data-seed]").inner_text()
    assert seed  # a random seed was drawn and shown
    checklist = page.locator("[data-checklist]").inner_text()
    first = page.locator("[data-first-player]").inner_text()
    link = page.locator("[data-setup-link]").get_attribute("href")
    assert link and "#s2;" in link and f";{seed};" in link  # the request, in the fragment

    page.goto(link.replace("/uk/", "/en/"))  # the link works in another language too
    widget_ready(page, "[data-setup]")
    assert page.locator("[data-first-player]").inner_text() == first
    assert page.locator("[data-seed]").inner_text() == seed
    python = make_setup(NILE, 4, seed, ["Dee", "Eli", "Fay", "Gus"], {"deluxor": True})
    assert first == python.first_player
    assert len(checklist) > 0


@pytest.mark.parametrize(
    "slug", ["", "setup/", "rules/", "scoring/", "variants/", "glossary/", "quick-reference/"]
)
def test_nile_pages_load_cleanly(page: Any, base_url: str, slug: str) -> None:
    page.goto(base_url + f"uk/nile/{slug}")
    assert page.locator("h1").count() == 1
    for widget in ("[data-calculator]", "[data-setup]"):
        if page.locator(widget).count():
            widget_ready(page, widget)


def test_root_sends_readers_to_a_language(page: Any, base_url: str) -> None:
    page.goto(base_url)
    page.wait_for_url("**/en/")
    assert page.locator("html").get_attribute("lang") == "en"
