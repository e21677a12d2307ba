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

ROOT = Path(__file__).resolve().parents[3]


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


def _scoring_page(content: GameContent, language: str) -> str:
    renderer = Renderer(TEMPLATES, language, ROOT / "locales", False)
    pages = {p.path: p for p in language_pages([GameBuild(content)], language, None)}
    page = pages[f"{content.id}/scoring.md"]
    return renderer.render(page, page_links(page))


def test_the_calculator_points_to_each_open_option(games: dict[str, GameContent]) -> None:
    """Beside the calculator, every option whose reading is open links to its question."""
    content = games["river_of_gold"]
    scoring = _scoring_page(content, "en")
    calculator_at = scoring.index('class="rb-widget rb-calculator"')
    open_options = [
        o.id
        for o in content.scoring.options
        if o.provenance is not None and o.provenance.confidence != "confirmed"
    ]
    assert open_options
    for option in open_options:
        anchor = "question-option-" + option.replace("_", "-")
        link = scoring.find(f'href="../rules-in-question/#{anchor}"')
        assert link > calculator_at, option
        assert f"{{: #{anchor} }}" in _rendered_questions(content, "en"), option


def test_no_question_link_where_every_option_is_confirmed(games: dict[str, GameContent]) -> None:
    content = games["viticulture"]
    assert all(
        o.provenance is None or o.provenance.confidence == "confirmed"
        for o in content.scoring.options
    )
    assert "rules-in-question/#question-option" not in _scoring_page(content, "fr")


def _rendered_questions(content: GameContent, language: str) -> str:
    renderer = Renderer(TEMPLATES, language, ROOT / "locales", False)
    pages = {p.path: p for p in language_pages([GameBuild(content)], language, None)}
    page = pages[f"{content.id}/rules-in-question.md"]
    return renderer.render(page, page_links(page))
