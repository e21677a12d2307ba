"""The setup page at the table, in a real browser: a checklist that reads true once the
generator has drawn, ticks and names kept per table (reload, link, calculator), and the
pictures, in fr, uk and en, on a phone (360×740) and a laptop (1280×800).

Set RULEBOOK_SHOTS=DIR to take screenshots (PNG) to look at; none are taken without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorer.setup import make_setup
from tests.browser.conftest import shoot, sized_page
from tests.conftest import real_game

TOKAIDO = real_game("tokaido")
LANGUAGES = ["fr", "uk", "en"]
VIEWPORTS = {"phone": (360, 740), "laptop": (1280, 800)}
#: Each language once and each screen at least once: what the checklist and the pictures
#: say is checked in every language, and their layout on both screens, without running the
#: whole language x screen product (it doubled these tests' time for no other check).
PAIRS = [("uk", "phone"), ("fr", "laptop"), ("en", "phone")]
NAMES = ["Ana", "Bo", "Cy", "Dee"]


def _ready(page: Any) -> Any:
    page.wait_for_function("() => document.querySelector('[data-setup]')?.dataset.ready === 'true'")
    return page.locator("[data-setup]")


def _no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth + 1"), (
        "the page scrolls sideways"
    )


def _pictures_fit(page: Any) -> int:
    """Every picture's text lies inside the picture, as drawn; the number of pictures."""
    outside = page.evaluate(
        """() => [...document.querySelectorAll('svg.rb-diagram-svg')].flatMap((svg) => {
             const box = svg.getBoundingClientRect();
             return [...svg.querySelectorAll('text')].filter((t) => {
               const r = t.getBoundingClientRect();
               return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1
                 || r.top < box.top - 1 || r.bottom > box.bottom + 1);
             }).map((t) => t.textContent);
           })"""
    )
    assert outside == [], f"text outside its picture: {outside}"
    return int(page.locator("svg.rb-diagram-svg").count())


@pytest.mark.parametrize(("language", "viewport"), PAIRS)
def test_tokaido_checklist_reads_true_and_keeps_its_ticks(
    browser: Any, base_url: str, language: str, viewport: str
) -> None:
    width, height = VIEWPORTS[viewport]
    for page in sized_page(browser, width, height):
        page.goto(base_url + f"{language}/tokaido/setup/")
        setup = _ready(page)
        setup.locator("[data-setup-players]").select_option("4")
        for index, name in enumerate(NAMES):
            setup.locator(f'[data-setup-name="{index}"]').fill(name)
        setup.locator("[data-setup-seed]").fill("table 7")
        setup.locator("[data-setup-generate]").click()

        # No turn order (the traveller furthest back moves): the line-up, first to leave first.
        expected = make_setup(TOKAIDO, 4, "table 7", NAMES)
        assert page.locator("[data-turn-order]").count() == 0
        line_up = page.locator("[data-line-up] > li")
        assert [line_up.nth(i).inner_text() for i in range(4)] == expected.turn_order
        assert page.locator("[data-first-player-rule]").count() == 1
        label = page.locator("#rb-line-up-label").inner_text()
        assert label and "line_up" not in label  # the interface string reached the island
        # The steps the generator drew no longer say to draw them: not the page's words.
        for step in ("travellers", "start_line"):
            generated = page.locator(f'[data-step="{step}"] label').inner_text()
            static = page.locator(f"#step-{step.replace('_', '-')}").inner_text()
            assert generated and generated.split()[:4] != static.split()[:4], step

        boxes = page.locator("[data-checklist] [data-tick]")
        for i in range(7):
            boxes.nth(i).check()
        link = page.locator("[data-setup-link]").get_attribute("href") or ""
        _no_sideways_scroll(page)
        assert _pictures_fit(page) >= 1
        shoot(page, f"tokaido-setup-{language}-{viewport}.png", full_page=True)

        page.reload()
        _ready(page)
        assert page.locator("[data-checklist] [data-tick]:checked").count() == 7, "after reload"

    # The link carries the ticks to another device (no storage there).
    for other in sized_page(browser, width, height):
        other.goto(link)
        _ready(other)
        assert other.locator("[data-checklist] [data-tick]:checked").count() == 7, "from the link"
        assert other.locator("[data-line-up] > li").first.inner_text() == expected.turn_order[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_names_go_from_setup_to_scoring_and_back(
    browser: Any, base_url: str, language: str
) -> None:
    for page in sized_page(browser, 1280, 800):
        page.goto(base_url + f"{language}/nile/setup/")
        setup = _ready(page)
        setup.locator("[data-setup-players]").select_option("3")
        for index, name in enumerate(["Hal", "Jenny", "Olena"]):
            setup.locator(f'[data-setup-name="{index}"]').fill(name)
        setup.locator("[data-setup-generate]").click()

        page.goto(base_url + f"{language}/nile/scoring/")
        page.wait_for_function(
            "() => document.querySelector('[data-calculator]')?.dataset.ready === 'true'"
        )
        names = page.locator("[data-player-name]")
        assert [names.nth(i).input_value() for i in range(names.count())] == [
            "Hal",
            "Jenny",
            "Olena",
        ]
        names.nth(1).fill("Jen")
        names.nth(1).press("Tab")

        page.goto(base_url + f"{language}/nile/setup/")
        setup = _ready(page)
        assert setup.locator('[data-setup-name="1"]').input_value() == "Jen"
        # The setup generated for these three players is still there, with the new name.
        assert page.locator("[data-checklist]").count() == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_viticulture_names_a_first_player_but_none_in_solo(
    browser: Any, base_url: str, language: str
) -> None:
    for page in sized_page(browser, 360, 740):
        page.goto(base_url + f"{language}/viticulture/setup/")
        setup = _ready(page)
        setup.locator("[data-setup-players]").select_option("3")
        setup.locator("[data-setup-generate]").click()
        assert page.locator("[data-first-player]").count() == 1
        assert page.locator("[data-first-player-rule]").count() == 1
        assert page.locator("[data-turn-order]").count() == 0  # the wake-up chart decides

        setup.locator("[data-setup-players]").select_option("1")
        setup.locator('[data-option="solo_automa"]').check()
        setup.locator("[data-setup-generate]").click()
        page.locator("[data-checklist]").wait_for()
        assert page.locator("[data-first-player]").count() == 0
        assert page.locator("[data-first-player-rule]").count() == 0
        _no_sideways_scroll(page)


@pytest.mark.parametrize(("language", "viewport"), PAIRS)
def test_every_game_shows_its_pictures(
    browser: Any, base_url: str, language: str, viewport: str
) -> None:
    width, height = VIEWPORTS[viewport]
    for page in sized_page(browser, width, height):
        for game in ["tokaido", "river_of_gold", "momiji", "viticulture", "nile"]:
            page.goto(base_url + f"{language}/{game}/setup/#rb-pictures")
            count = _pictures_fit(page)
            assert count >= 1, game
            first = page.locator("figure.rb-diagram").first
            title = first.locator("svg > title").text_content() or ""
            caption = first.locator("figcaption").inner_text()
            assert title and title in caption
            if language == "uk":
                assert any("а" <= ch <= "я" for ch in title.lower()), title
            _no_sideways_scroll(page)
            if game in ("river_of_gold", "tokaido") or viewport == "phone":
                shoot(first, f"{game}-picture-{language}-{viewport}.png")


def test_pictures_print(browser: Any, base_url: str, tmp_path: Path) -> None:
    """Printed, the pictures stay whole and in black (print CSS)."""
    for page in sized_page(browser, 1280, 800):
        page.goto(base_url + "en/river_of_gold/setup/")
        page.emulate_media(media="print")
        colour = page.evaluate(
            "() => getComputedStyle(document.querySelector('svg.rb-diagram-svg')).color"
        )
        assert colour == "rgb(0, 0, 0)"
        inside = page.evaluate(
            "() => getComputedStyle(document.querySelector('figure.rb-diagram')).breakInside"
        )
        assert inside == "avoid"
        page.pdf(path=str(tmp_path / "setup.pdf"))
        assert (tmp_path / "setup.pdf").stat().st_size > 10_000
