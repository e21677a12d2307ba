"""With every catalog complete, no page of the real site falls back to its source text."""

from __future__ import annotations

import pytest

from rulebook.site.build import language_pages
from rulebook.site.view import GameBuild
from schemas.game import GameContent


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_no_page_shows_untranslated_text(games: dict[str, GameContent], language: str) -> None:
    fallbacks = {
        page.path: page.missing[:3]
        for page in language_pages([GameBuild(c) for c in games.values()], language, None)
        if page.missing
    }
    assert fallbacks == {}
