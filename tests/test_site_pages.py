"""The page models: every text a page shows in its source language is recorded as such.

The build counts the pages with untranslated text from each page's ``missing`` record, and
tests/test_site_translated.py relies on that record to prove the catalogs complete; a text
shown as a fallback but not recorded would pass unnoticed. With empty catalogs every
message falls back, so every fallback a page model holds must be in its record.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest

from rulebook.i18n.messages import extract
from rulebook.site.localize import Fragment, Localizer
from rulebook.site.pages import game_pages
from rulebook.site.view import GameBuild, LocalGame
from schemas.game import GameContent


def fallbacks(model: Any) -> set[str]:
    """The texts of every fallback fragment anywhere in a page model."""
    found: set[str] = set()
    if isinstance(model, Fragment):
        if model.fallback:
            found.add(model.text)
    elif is_dataclass(model) and not isinstance(model, type):
        for item in fields(model):
            found |= fallbacks(getattr(model, item.name))
    elif isinstance(model, list | tuple):
        for item in model:
            found |= fallbacks(item)
    elif isinstance(model, dict):
        for item in model.values():
            found |= fallbacks(item)
    return found


@pytest.mark.parametrize("game_id", ["tokaido", "nile"])
def test_every_fallback_a_page_shows_is_recorded(
    games: dict[str, GameContent], game_id: str, tmp_path: Path
) -> None:
    content = games[game_id]
    sources = {m.context: m.text for m in extract(content)}
    unrecorded = {}
    no_catalogs = Localizer("en", content, tmp_path)
    for page in game_pages(LocalGame(GameBuild(content), no_catalogs)):
        recorded = {sources.get(context, context) for context in page.missing}
        missed = fallbacks(page.model) - recorded
        if missed:
            unrecorded[page.path] = [*sorted(missed)[:3], f"... {len(missed)} in all"]
    assert unrecorded == {}
