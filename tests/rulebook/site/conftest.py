"""What the site tests share: one language's sources made as a build makes them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from rulebook.site.options import BuildOptions
from rulebook.site.sources import LanguageSources, SiteMaker
from rulebook.site.view import GameBuild

#: Makes one language's sources of the given games (see :func:`make_sources`).
MakeSources = Callable[[Sequence[GameBuild], str], LanguageSources]


@pytest.fixture
def make_sources(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> MakeSources:
    """One language's pages and Markdown of a site of the given games, made by the build's
    own SiteMaker, as ``rulebook build`` makes them.

    Each call gets an empty cache folder: kept pages carry no model (rulebook.site.stored),
    and a test that changes a game in memory (not its files) must not be given the pages
    kept for its folder.
    """

    def make(builds: Sequence[GameBuild], language: str) -> LanguageSources:
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        return SiteMaker(BuildOptions()).make(builds, language)

    return make
