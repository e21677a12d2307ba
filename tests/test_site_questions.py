"""The "rules in question" page gathers what the sources leave open, and only that."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.site.build import TEMPLATES, language_pages
from rulebook.site.models.questions import QuestionsModel
from rulebook.site.pages import Page
from rulebook.site.render import Renderer, page_links
from rulebook.site.view import GameBuild
from schemas.game import GameContent

ROOT = Path(__file__).resolve().parent.parent


def _page(content: GameContent, language: str) -> Page:
    pages = language_pages([GameBuild(content)], language, None)
    return next(p for p in pages if p.path == f"{content.id}/rules-in-question.md")


def test_every_game_has_the_page_in_every_language(games: dict[str, GameContent]) -> None:
    for content in games.values():
        for language in ("fr", "uk", "en"):
            page = _page(content, language)
            assert page.missing == [], (content.id, language)


@pytest.mark.parametrize("game", ["river_of_gold", "tokaido"])
def test_it_lists_the_open_rules_and_options_and_no_confirmed_one(
    games: dict[str, GameContent], game: str
) -> None:
    content = games[game]
    model: QuestionsModel = _page(content, "fr").model
    listed = {q.id for q in model.rules} | {q.id for q in model.options}
    assert listed
    for q in (*model.rules, *model.options):
        assert q.decision.confidence is not None, q.id
    confirmed = {
        o.id
        for o in content.scoring.options
        if o.provenance is not None and o.provenance.confidence == "confirmed"
    }
    assert not listed & confirmed


def test_seishin_is_in_question_for_river_of_gold(games: dict[str, GameContent]) -> None:
    model: QuestionsModel = _page(games["river_of_gold"], "en").model
    assert "variant_seishin" in {q.id for q in model.rules}
    assert "seishin_level" in {q.id for q in model.options}


def test_the_rule_and_the_option_point_to_their_question(games: dict[str, GameContent]) -> None:
    """A rule or option whose reading is open links to its entry on the page."""
    content = games["river_of_gold"]
    renderer = Renderer(TEMPLATES, "en", ROOT / "locales", False)
    pages = {p.path: p for p in language_pages([GameBuild(content)], "en", None)}
    rules = renderer.render(
        pages["river_of_gold/rules.md"], page_links(pages["river_of_gold/rules.md"])
    )
    variants_page = pages["river_of_gold/variants.md"]
    variants = renderer.render(variants_page, page_links(variants_page))
    question = renderer.render(
        pages["river_of_gold/rules-in-question.md"],
        page_links(pages["river_of_gold/rules-in-question.md"]),
    )
    assert 'href="../rules-in-question/#question-variant-seishin"' in rules
    assert "#question-variant-seishin" in question
    assert 'href="../rules-in-question/#question-option-seishin-level"' in variants
    assert "#question-option-seishin-level" in question
