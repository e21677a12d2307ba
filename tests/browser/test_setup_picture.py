"""The picture of the table the generator drew, right under its checklist.

Each game's setup is generated at its smallest and largest player count: the first picture
after the generated checklist is of that count, with the players' names on their pawns
(in the order they leave) and the families the draw left in the box; changing the count
remakes list and picture together, so no picture or list of another table is shown as the
current one. The page fits a phone and a laptop in fr, uk and en, with the static list and
every count's pictures folded under "For reading ahead".

Set RULEBOOK_SHOTS=DIR to take screenshots (PNG) to look at; none are taken without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from rulebook.cache import load_content
from schemas.game import GameContent
from scorer.setup import SetupResult, make_setup
from tests.browser.conftest import shoot, sized_page

ROOT = Path(__file__).resolve().parents[2]
GAMES = load_content(ROOT / "content")
#: Names a table types, one with markup that must stay text, one too long for a pawn, then
#: plain ones for as many seats as the largest table of any game.
TYPED = ["Ana", "<b>Bo</b>", "Cy & Dee", "Eliza-Maria Longname-Smith", "Fay", "Gus"]
SEATS = max(max(content.game.players.values()) for content in GAMES.values())
NAMES = [*TYPED, *(f"Guest {n}" for n in range(len(TYPED) + 1, SEATS + 1))]
SEED = "picture 3"
#: The first picture shown after the generated checklist, and what it holds.
FIRST_PICTURE = """() => {
  const list = document.querySelector("[data-checklist]");
  const svg = [...document.querySelectorAll("svg.rb-diagram-svg")].find((s) =>
    s.getBoundingClientRect().height > 0
    && (list.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING));
  if (!svg) return null;
  const figure = svg.closest("figure");
  const shown = (e) => !e.closest("[display='none']");
  return {
    players: figure.dataset.players,
    current: figure.hasAttribute("data-table-picture"),
    inOutput: !!svg.closest("[data-setup-output]"),
    names: [...svg.querySelectorAll("[data-name-slot]")].map((t) =>
      t.querySelector("title")?.textContent ?? t.textContent),
    bold: svg.querySelectorAll("b").length,
    pawns: svg.querySelectorAll("circle[data-pawn]:not([data-pawn='extra'])").length,
    out: [...svg.querySelectorAll("[data-family-box]")].filter((b) =>
      shown(b.querySelector("[data-state='out']"))).map((b) => b.dataset.familyBox),
    named: [...svg.querySelectorAll("[data-family-name]")].filter(shown).length,
    dealt: [...svg.querySelectorAll("text[data-deal]")].map((t) =>
      [t.dataset.deal, Number(t.dataset.dealIndex), t.dataset.dealt ?? null]),
    desc: svg.querySelector("desc").textContent,
    labelled: svg.getAttribute("aria-labelledby").split(" ").every((id) =>
      document.querySelectorAll("#" + CSS.escape(id)).length === 1),
  };
}"""


def _required(content: GameContent, players: int) -> dict[str, bool]:
    """The options the rules require at ``players`` (Nile's DeLuxor at 6), turned on."""
    return {
        o.id: True
        for o in content.scoring.options
        if o.players is not None and players in o.players.required
    }


def _link(language: str, content: GameContent, players: int) -> str:
    params = [("players", str(players)), *(("name", n) for n in NAMES[:players])]
    params += [(f"opt.{k}", "true") for k in _required(content, players)]
    params.append(("seed", SEED))
    return f"{language}/{content.id}/setup/?{urlencode(params)}"


def _expected(content: GameContent, players: int) -> SetupResult:
    return make_setup(content, players, SEED, NAMES[:players], _required(content, players))


def _ready(page: Any) -> None:
    page.wait_for_function("() => document.querySelector('[data-setup]')?.dataset.ready === 'true'")


def _check_first_picture(page: Any, content: GameContent, players: int) -> None:
    found = page.evaluate(FIRST_PICTURE)
    assert found is not None, (content.id, players, "no picture after the checklist")
    assert found["current"] and found["inOutput"], (content.id, players, found)
    assert found["players"] == str(players), (content.id, found["players"], players)
    assert found["labelled"], (content.id, "the picture's title and desc ids are not unique")
    expected = _expected(content, players)
    if found["pawns"]:
        # Each pawn named, first to leave first; markup in a name stays text.
        assert found["pawns"] == players
        assert found["names"] == expected.turn_order, content.id
        assert found["bold"] == 0
        for name in expected.turn_order:
            assert name in found["desc"], (content.id, name)
    drawn = next((s for s in expected.steps if s.id == "remove_families"), None)
    if found["named"]:
        # The families the draw put back in the box, and only those, shown out.
        assert sorted(found["out"]) == sorted(x.id for x in (drawn.table if drawn else []))
    # A slot a deal fills names the item drawn for it, as the checklist lists it.
    steps = {s.id: s for s in expected.steps}
    for step, index, item in found["dealt"]:
        assert item == steps[step].table[index].id, (content.id, step, index)


def _shown_count(page: Any) -> int:
    return int(page.locator("[data-setup-output]").get_attribute("data-players") or 0)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_first_picture_after_the_checklist_is_the_table_drawn(
    browser: Any, base_url: str, game: str
) -> None:
    content = GAMES[game]
    counts = content.game.players.values()
    smallest, largest = min(counts), max(counts)
    for page in sized_page(browser, 360, 740):
        for players in (smallest, largest):
            page.goto(base_url + _link("en", content, players))
            _ready(page)
            _check_first_picture(page, content, players)
            shoot(
                page.locator("figure[data-table-picture]").first,
                f"table-picture-{game}-{players}.png",
            )
        # Another count chosen in the form: the list and the picture follow it, and no
        # figure of the count before is left in the output.
        select = page.locator("[data-setup-players]")
        for players in (smallest, largest, smallest):
            if players == _shown_count(page):
                continue
            select.select_option(str(players))
            output = page.locator("[data-setup-output]")
            if output.locator("[data-setup-error]").count():
                assert output.locator("figure, [data-checklist]").count() == 0
                continue
            assert _shown_count(page) == players
            figures = output.locator("figure")
            assert figures.count() >= 1
            assert {
                figures.nth(i).get_attribute("data-players") for i in range(figures.count())
            } == {str(players)}
            steps = output.locator("[data-checklist] > li").count()
            assert steps >= 1


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_the_generated_setup_fits_a_phone_and_a_laptop(
    browser: Any, base_url: str, language: str
) -> None:
    for width, height in ((360, 740), (1280, 800)):
        for page in sized_page(browser, width, height):
            for game, content in GAMES.items():
                players = max(content.game.players.values())
                page.goto(base_url + _link(language, content, players))
                _ready(page)
                # Open the folded part too: its pictures must fit as well.
                page.evaluate("() => document.querySelector('details.rb-ahead').open = true")
                wide = page.evaluate(
                    "() => document.scrollingElement.scrollWidth - window.innerWidth"
                )
                assert wide <= 1, (language, width, game, wide)
                shoot(page, f"setup-{game}-{language}-{width}.png", full_page=True)
                # The static list and every count's pictures come after the generated list.
                order = page.evaluate(
                    """() => !!(document.querySelector("[data-checklist]").compareDocumentPosition(
                         document.querySelector("details.rb-ahead")) & Node.DOCUMENT_POSITION_FOLLOWING)"""
                )
                assert order, (language, game)
                summary = page.locator("details.rb-ahead > summary").inner_text().strip()
                assert summary and "setup_reading_ahead" not in summary
