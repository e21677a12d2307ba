"""The "rules in question" page gathers what the sources leave open, and only that."""

from __future__ import annotations

import pytest

from rulebook.site.models.questions import QuestionsModel
from rulebook.site.pages import Page
from rulebook.site.view import GameBuild
from schemas.game import GameContent
from tests.rulebook.site.conftest import MakeSources


def _page(make_sources: MakeSources, content: GameContent, language: str) -> Page:
    pages = make_sources([GameBuild(content)], language).pages
    return next(p for p in pages if p.path == f"{content.id}/rules-in-question.md")


def test_every_game_has_the_page_in_every_language(
    games: dict[str, GameContent], make_sources: MakeSources
) -> None:
    for content in games.values():
        for language in ("fr", "uk", "en"):
            page = _page(make_sources, content, language)
            assert page.missing == [], (content.id, language)


@pytest.mark.parametrize("game", ["river_of_gold", "tokaido"])
def test_it_lists_the_open_rules_and_options_and_no_confirmed_one(
    games: dict[str, GameContent], game: str, make_sources: MakeSources
) -> None:
    content = games[game]
    model: QuestionsModel = _page(make_sources, content, "fr").model
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


def test_seishin_is_in_question_for_river_of_gold(
    games: dict[str, GameContent], make_sources: MakeSources
) -> None:
    model: QuestionsModel = _page(make_sources, games["river_of_gold"], "en").model
    assert "variant_seishin" in {q.id for q in model.rules}
    assert "seishin_level" in {q.id for q in model.options}


def test_the_rule_and_the_option_point_to_their_question(
    games: dict[str, GameContent], make_sources: MakeSources
) -> None:
    """A rule or option whose reading is open links to its entry on the page."""
    texts = make_sources([GameBuild(games["river_of_gold"])], "en").texts
    rules = texts["river_of_gold/rules.md"]
    variants = texts["river_of_gold/variants.md"]
    question = texts["river_of_gold/rules-in-question.md"]
    assert 'href="../rules-in-question/#question-variant-seishin"' in rules
    assert "#question-variant-seishin" in question
    assert 'href="../rules-in-question/#question-option-seishin-level"' in variants
    assert "#question-option-seishin-level" in question


def _texts(make_sources: MakeSources, content: GameContent, language: str) -> dict[str, str]:
    """Each page's Markdown as the build renders it, by its slug."""
    texts = make_sources([GameBuild(content)], language).texts
    prefix = f"{content.id}/"
    return {path[len(prefix) : -3]: text for path, text in texts.items() if path.startswith(prefix)}


def test_the_calculator_points_to_each_open_option(
    games: dict[str, GameContent], make_sources: MakeSources
) -> None:
    """Beside the calculator, every option whose reading is open links to its question."""
    content = games["river_of_gold"]
    texts = _texts(make_sources, content, "en")
    scoring, questions = texts["scoring"], texts["rules-in-question"]
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
        assert f"{{: #{anchor} }}" in questions, option


def test_no_question_link_where_every_option_is_confirmed(
    games: dict[str, GameContent], make_sources: MakeSources
) -> None:
    content = games["viticulture"]
    assert all(
        o.provenance is None or o.provenance.confidence == "confirmed"
        for o in content.scoring.options
    )
    scoring = _texts(make_sources, content, "fr")["scoring"]
    assert "rules-in-question/#question-option" not in scoring
