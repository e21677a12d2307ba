"""With every catalog complete, no page of the real site falls back to its source text."""

from __future__ import annotations

import pytest

from rulebook.site.view import GameBuild
from schemas.common import LocalizedName
from schemas.game import GameContent
from schemas.languages import codes, complete_required
from tests.rulebook.site.conftest import MakeSources


@pytest.mark.parametrize("language", [c for c in codes() if complete_required(c, "ui")])
def test_no_page_shows_untranslated_text(
    games: dict[str, GameContent], language: str, make_sources: MakeSources
) -> None:
    """Every language whose interface must be complete, for each game it must have whole
    (content/languages.yaml: a game in progress there may fall back, as its pages say)."""
    due = [GameBuild(c) for g, c in games.items() if complete_required(language, g)]
    fallbacks = {
        page.path: page.missing[:3] for page in make_sources(due, language).pages if page.missing
    }
    assert fallbacks == {}


@pytest.mark.parametrize(
    ("language", "described"),
    [
        ("en", "Tokaido rules, Funforge (English transcription published on vdocuments)"),
        ("uk", "Правила «Токайдо», Funforge (англійська транскрипція, опублікована на vdocuments)"),
    ],
)
def test_the_sources_are_described_in_the_readers_language(
    games: dict[str, GameContent], language: str, described: str, make_sources: MakeSources
) -> None:
    """The overview's sources were listed as the French content describes them."""
    pages = make_sources([GameBuild(games["tokaido"])], language).pages
    overview = next(p for p in pages if p.path == "tokaido/index.md")
    titles = [s.title.text for s in overview.model.sources]
    notes = [s.note.text for s in overview.model.sources if s.note]
    assert described in titles
    assert not [t for t in titles + notes if "Règle" in t or " des " in t or " les " in t]


def test_the_overview_gives_the_games_other_names(
    games: dict[str, GameContent], make_sources: MakeSources
) -> None:
    """A Ukrainian page named the game «Токайдо» only: searching the box's "Tokaido" found
    nothing once the sources (in French, with the Latin name) were translated."""
    pages = make_sources([GameBuild(games["tokaido"])], "uk").pages
    overview = next(p for p in pages if p.path == "tokaido/index.md")
    facts = {label.text: value.text for label, value in overview.model.facts}
    assert facts["Інші назви"] == "Tokaido"
    english = make_sources([GameBuild(games["river_of_gold"])], "en").pages
    overview = next(p for p in english if p.path == "river_of_gold/index.md")
    facts = {label.text: value.text for label, value in overview.model.facts}
    assert facts["Other names"] == "La Rivière de l'Or"  # its French edition's title
    # A game called the same in every language has no row repeating its name.
    rog = games["river_of_gold"]
    one_name = LocalizedName.model_validate({code: "River of Gold" for code in codes()})
    same = rog.model_copy(update={"game": rog.game.model_copy(update={"names": one_name})})
    english = make_sources([GameBuild(same)], "en").pages
    overview = next(p for p in english if p.path == "river_of_gold/index.md")
    assert "Other names" not in {label.text for label, _ in overview.model.facts}
