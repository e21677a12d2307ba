"""The generated checklist follows the form, says what is unsure and reads as sentences.

A checklist shown under a form that says another count is a wrong table: changing the count,
an option or a name makes the list again (ticks kept on the steps that did not change), and
"New draw" draws another table. The generated steps carry the static list's "single source",
"inferred" and "not confirmed" notes; numbers are filled in with the words agreeing, and no
letter stands for one.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import checked_page
from tests.conftest import real_game

GAMES = ["nile", "tokaido", "viticulture", "river_of_gold", "momiji"]
#: A capital letter standing alone, as a stand-in for a number would ("keep A of them").
LONE_CAPITAL = re.compile(r"(?<![\w’'])[A-Z](?![\w’'])")
PLACEHOLDER = re.compile(r"\{[a-z][a-z0-9_]*\}")


def _page(browser: Any) -> Iterator[Any]:
    for page in checked_page(browser, "en-US"):
        page.set_viewport_size({"width": 360, "height": 740})
        yield page


def _ready(page: Any) -> Any:
    page.wait_for_function("() => document.querySelector('[data-setup]')?.dataset.ready === 'true'")
    return page.locator("[data-setup]")


def _read_ahead(page: Any) -> None:
    """Open the static list, folded under "For reading ahead" below the generator: a
    closed <details> has no rendered text to read."""
    page.evaluate("() => { document.querySelector('details.rb-ahead').open = true; }")


def _legal(page: Any, setup: Any) -> None:
    """Turn options on, one at a time, until the generator accepts the table (Nile at 6
    needs DeLuxor, Viticulture's solo the Automa), as a player reading the problem would."""
    for option in setup.locator('input[type="checkbox"][data-option]').all():
        if not page.locator("[data-setup-error]").count():
            return
        option.check()
        setup.locator("[data-setup-generate]").click()
        if page.locator("[data-setup-error]").count():
            option.uncheck()


def _shown_count(page: Any) -> int:
    """The player count of the checklist shown (0: none shown)."""
    if not page.locator("[data-checklist]").count():
        return 0
    return int(page.locator("[data-setup-output]").get_attribute("data-players") or 0)


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_the_checklist_follows_the_count_and_holds_no_stand_in_letter(
    browser: Any, base_url: str, language: str
) -> None:
    for page in _page(browser):
        for game in GAMES:
            players = real_game(game).game.players.values()
            smallest, largest = min(players), max(players)
            page.goto(base_url + f"{language}/{game}/setup/")
            setup = _ready(page)
            _read_ahead(page)
            # Letters the page's own checklist uses (Momiji's families A to F) are words.
            static = page.locator("ol.rb-steps").inner_text()
            words = set(LONE_CAPITAL.findall(static))
            setup.locator("[data-setup-players]").select_option(str(smallest))
            setup.locator("[data-setup-seed]").fill("follow")
            setup.locator("[data-setup-generate]").click()
            _legal(page, setup)
            assert _shown_count(page) == smallest
            heading = page.locator("[data-generated-heading]")
            assert heading.evaluate("(h) => h.tagName") == "H3" and heading.inner_text().strip()
            for count in (largest, smallest):
                if count != _shown_count(page):
                    # Nile at 6 needs DeLuxor: the list says so instead of staying at 5.
                    setup.locator("[data-setup-players]").select_option(str(count))
                if page.locator("[data-setup-error]").count():
                    # Refused: the old list is gone, not left under the new count.
                    assert page.locator("[data-checklist]").count() == 0, (game, count)
                    _legal(page, setup)
                assert _shown_count(page) == count, (game, count)
                text = page.locator("[data-checklist]").inner_text()
                assert not PLACEHOLDER.search(text), (game, count)
                # The steps' sentences; the cards dealt under them have letters as names.
                said = " ".join(page.locator("[data-checklist] > li > label").all_inner_texts())
                assert set(LONE_CAPITAL.findall(said)) <= words, (game, count, said[:300])


def test_numbers_agree_in_the_generated_checklist(browser: Any, base_url: str) -> None:
    """Ukrainian: 1 культуру, 2 культури, 5 повних проходів (CLDR one, few, many)."""
    for page in _page(browser):
        page.goto(base_url + "uk/nile/setup/")
        setup = _ready(page)
        setup.locator('[data-option="deluxor"]').check()
        setup.locator("[data-setup-players]").select_option("2")
        setup.locator("[data-setup-generate]").click()
        two = " ".join(page.locator("[data-checklist]").inner_text().split())
        assert "приберіть із гри 2 культури" in two and "2 повні проходи" in two
        setup.locator("[data-setup-players]").select_option("5")
        five = " ".join(page.locator("[data-checklist]").inner_text().split())
        assert "приберіть із гри 1 культуру" in five and "5 повних проходів" in five


def test_ticks_stay_on_unchanged_steps_and_new_draw_draws_again(
    browser: Any, base_url: str
) -> None:
    for page in _page(browser):
        page.goto(base_url + "en/tokaido/setup/")
        setup = _ready(page)
        setup.locator("[data-setup-players]").select_option("3")
        setup.locator("[data-setup-seed]").fill("ticks")
        setup.locator("[data-setup-generate]").click()
        boxes = page.locator("[data-checklist] [data-tick]")
        for i in range(boxes.count()):
            boxes.nth(i).check()
        texts = {
            step: page.locator(f'[data-step="{step}"]').inner_text()
            for step in page.locator("[data-checklist] > li").evaluate_all(
                "(items) => items.map((li) => li.dataset.step)"
            )
        }
        setup.locator("[data-setup-players]").select_option("4")
        assert _shown_count(page) == 4
        for step, before in texts.items():
            item = page.locator(f'[data-step="{step}"]')
            if not item.count():
                continue
            same = item.inner_text() == before
            assert item.locator("[data-tick]").is_checked() == same, step
        ticked = page.locator("[data-tick]:checked").count()
        assert 0 < ticked < len(texts)
        # A name typed follows into the list; no step changes, so no tick is lost.
        setup.locator('[data-setup-name="0"]').fill("Zed")
        assert "Zed" in page.locator("[data-line-up]").inner_text()
        assert page.locator("[data-tick]:checked").count() == ticked
        assert page.locator("[data-setup-output]").get_attribute("aria-live") == "polite"

        seed = page.locator("[data-seed]").inner_text()
        setup.locator("[data-setup-new-draw]").click()
        assert page.locator("[data-seed]").inner_text() != seed
        assert setup.locator("[data-setup-seed]").input_value() != seed
        assert page.locator("[data-tick]:checked").count() == 0
        # "Make the setup" still makes the table of the code in the field.
        again = page.locator("[data-seed]").inner_text()
        setup.locator("[data-setup-generate]").click()
        assert page.locator("[data-seed]").inner_text() == again


@pytest.mark.parametrize("game", GAMES)
def test_generated_steps_carry_the_static_lists_doubts(
    browser: Any, base_url: str, game: str
) -> None:
    for page in _page(browser):
        page.goto(base_url + f"en/{game}/setup/")
        setup = _ready(page)
        _read_ahead(page)
        setup.locator("[data-setup-generate]").click()
        # Expansions and variants on where the table allows them: their steps are doubtful.
        for option in setup.locator('input[type="checkbox"][data-option]').all():
            if option.is_visible() and not option.is_checked():
                option.check()
                if page.locator("[data-setup-error]").count():
                    option.uncheck()
        setup.locator("[data-setup-generate]").click()
        assert page.locator("[data-checklist]").count() == 1
        steps = page.locator("[data-checklist] > li").evaluate_all(
            "(items) => items.map((li) => li.dataset.step)"
        )
        doubted = 0
        for step in steps:
            static = page.locator(f"#step-{step.replace('_', '-')} > details.rb-sources summary")
            said = static.inner_text() if static.count() else ""
            generated = page.locator(f'[data-step="{step}"] [data-doubt] summary')
            if " · " in said:  # "Sources · Single source": the static list's mark
                doubted += 1
                assert generated.count() == 1, step
                assert generated.inner_text().strip() == said.strip(), step
            else:
                assert generated.count() == 0, step
        assert doubted > 0


def test_dealt_cards_are_one_per_line(browser: Any, base_url: str) -> None:
    for page in _page(browser):
        page.goto(base_url + "en/viticulture/setup/")
        setup = _ready(page)
        setup.locator('[data-option="draft_mama_papa"]').check()
        setup.locator("[data-setup-generate]").click()
        mamas = page.locator('[data-step="deal_mamas"] [data-dealt-to]')
        assert mamas.count() == 2
        for i in range(2):
            assert mamas.nth(i).locator("ul.rb-dealt-cards > li").count() == 2


def _contrast(page: Any, selector: str) -> float:
    """The contrast ratio of an element's text on its background, as computed."""
    ratio: float = page.locator(selector).evaluate(
        """(node) => {
          const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
          const style = getComputedStyle(node);
          const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
          return (a + 0.05) / (b + 0.05);
        }"""
    )
    return ratio


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_focused_button_reads_at_4_5_to_1(browser: Any, base_url: str, scheme: str) -> None:
    for page in _page(browser):
        page.emulate_media(color_scheme=scheme)
        page.goto(base_url + "en/nile/setup/")
        setup = _ready(page)
        setup.locator("[data-setup-generate]").focus()
        page.wait_for_timeout(300)  # Material's colour transition
        assert _contrast(page, "[data-setup-generate]") >= 4.5


def test_no_page_skips_a_heading_level(site: Path) -> None:
    skipped = {}
    for path in sorted(site.rglob("*.html")):
        text = path.read_text(encoding="utf-8", errors="replace")
        levels = [int(n) for n in re.findall(r"<h([1-6])\b", text)]
        gaps = [f"h{a}→h{b}" for a, b in itertools.pairwise(levels) if b > a + 1]
        if gaps:
            skipped[str(path.relative_to(site))] = gaps[:3]
    assert skipped == {}
