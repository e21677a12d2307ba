"""Setup steps read as sentences: the numbers in them, never a letter standing for one.

A step whose numbers change with the player count is said once per run of counts, each
sentence in the form its numbers need (CLDR plural categories: 1 культуру, 2 культури,
5 культур), on the setup and variants pages alike.
"""

from __future__ import annotations

import html
import re

import pytest

from rulebook.cli import main
from rulebook.site.build import TEMPLATES
from rulebook.site.localize import Localizer
from rulebook.site.pages import game_pages
from rulebook.site.render import Renderer, page_links
from rulebook.site.view import GameBuild, LocalGame
from schemas.game import GameContent
from tests.conftest import ROOT

LANGUAGES = ("fr", "uk", "en")
#: A capital letter standing alone, as a stand-in for a number would ("keep A of them").
LONE_CAPITAL = re.compile(r"(?<![\w’'])[A-Z](?![\w’'])")


def _pages(content: GameContent, language: str) -> dict[str, str]:
    """The game's setup and variants pages as the site renders them."""
    renderer = Renderer(TEMPLATES, language, ROOT / "locales")
    game = LocalGame(GameBuild(content), Localizer(language, content, ROOT / "locales"))
    return {
        page.path: renderer.render(page, page_links(page))
        for page in game_pages(game)
        if page.path.endswith(("/setup.md", "/variants.md"))
    }


def _sentences(page: str) -> list[str]:
    """The visible text of every per-count sentence on a page."""
    found = re.findall(r'<ul class="rb-by-count">(.*?)</ul>', page, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", " ", block)) for block in found]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", ["nile", "tokaido", "viticulture", "river_of_gold", "momiji"])
def test_no_step_holds_a_letter_for_a_number(
    games: dict[str, GameContent], game_id: str, language: str
) -> None:
    for path, rendered in _pages(games[game_id], language).items():
        # The widget's data island holds the step texts with their placeholders, for the
        # generator to fill: only what the page shows is read.
        page = re.sub(r"<script\b.*?</script>", "", rendered, flags=re.S)
        assert 'class="rb-var"' not in page, path
        assert not re.search(r"\{[a-z][a-z0-9_]*\}|&#123;", page), path
        for text in _sentences(page):
            # Momiji names its families and landscapes by letter (A to F): card marks, not
            # numbers; they are the only capitals allowed to stand alone.
            letters = set(LONE_CAPITAL.findall(text)) - (
                {"A", "B", "C", "F"} if game_id == "momiji" else set()
            )
            assert not letters, (path, text[:200])


def test_numbers_that_vary_are_said_per_count_in_the_form_they_need(
    games: dict[str, GameContent],
) -> None:
    page = _pages(games["nile"], "uk")["nile/setup.md"]
    text = " ".join(" ".join(s.split()) for s in _sentences(page))
    # Passes through the deck: 2 повні проходи, 5 повних проходів (few, many).
    assert "Гра триває 2 повні проходи" in text
    assert "Гра триває 5 повних проходів" in text
    # DeLuxor removes two crops from 2 to 4 players, one at 5 (one, few).
    assert "приберіть із гри 2 культури" in text
    assert "приберіть із гри 1 культуру" in text
    assert "5 гравців" in text and "2 гравці" in text
    english = " ".join(_sentences(_pages(games["nile"], "en")["nile/setup.md"]))
    assert "remove 1 crop from the game" in " ".join(english.split())


def test_a_count_is_said_with_the_options_the_rules_require_there(
    games: dict[str, GameContent],
) -> None:
    """River of Gold's solo is always against Seishin, who counts as a player for the
    scoring tiles: the solo sentence speaks of tiles for two, not of "1 joueurs"."""
    page = _pages(games["river_of_gold"], "fr")["river_of_gold/setup.md"]
    text = " ".join(" ".join(_sentences(page)).split())
    assert "prévues pour 2 joueurs" in text
    assert "1 joueurs" not in text


def test_the_setup_command_lists_one_card_per_line_and_says_what_is_unsure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Mama and Papa cards hold commas in their names: joined with ", ", two cards read as
    four. A step resting on one source says so, as on the setup page."""
    args = ["setup", "viticulture", "--players", "2", "--seed", "s", "--lang", "en"]
    assert main([*args, "--option", "draft_mama_papa=true"]) == 0
    lines = capsys.readouterr().out.splitlines()
    dealt = [i for i, line in enumerate(lines) if line.strip() in ("P1:", "P2:")]
    assert len(dealt) == 4  # Mamas and Papas, two players each
    for i in dealt:
        assert lines[i + 1].startswith("     - ") and lines[i + 2].startswith("     - ")
    assert (
        main(
            [
                "setup",
                "nile",
                "--players",
                "3",
                "--seed",
                "s",
                "--option",
                "deluxor=true",
                "--lang",
                "en",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "(Single source: " in out
