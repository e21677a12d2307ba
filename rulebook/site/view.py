"""A game as the site sees it: computed once per build, and once per build and language.

:class:`GameBuild` holds what does not depend on the language: the game's engine, the
export the widgets read, and the result of each worked example (scored once).
:class:`LocalGame` holds one language's parts (the rule sections, the setup steps, the
scoring model...), each made the first time a page asks for it and then shared. Which
texts of a page are untranslated is read from what the page holds
(rulebook.site.pages.shown_fallbacks), so sharing a part hides none of them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from rulebook.site.localize import Fragment, Localizer
from schemas.cases import Case
from schemas.game import GameContent, Range
from scorer.engine import Engine
from scorer.export import export_game
from scorer.result import Result

if TYPE_CHECKING:
    from schemas.export import Export

T = TypeVar("T")


class GameBuild:
    """One game for the whole build, in every language."""

    def __init__(self, content: GameContent) -> None:
        self.content = content
        self._results: dict[str, Result] = {}

    @cached_property
    def engine(self) -> Engine:
        # Made from the export the pages read: GameEngine would make the export again.
        return Engine(self._export)

    @cached_property
    def _export(self) -> Export:
        return export_game(self.content)

    def export(self) -> Export:
        """A fresh copy of the game's export (callers translate it in place)."""
        return copy.deepcopy(self._export)

    def case(self, case_id: str | None) -> Case | None:
        """The conformance case ``case_id``, or the first one for None."""
        cases = self.content.cases.cases if self.content.cases else []
        return next((c for c in cases if case_id is None or c.id == case_id), None)

    def result(self, case: Case) -> Result:
        """The engine's result for ``case``, scored once per build."""
        if case.id not in self._results:
            self._results[case.id] = self._score(case)
        return self._results[case.id]

    def _score(self, case: Case) -> Result:
        """``case`` scored; content that cannot score it is the user's error, not a crash
        (``rulebook validate`` finds it first, with the case's file and line)."""
        from rulebook.errors import CommandError
        from scorer.problems import EndStateError

        try:
            return self.engine.score({"game": self.content.id, **case.state})
        except EndStateError as error:
            found = "; ".join(str(p) for p in error.problems[:5])
            raise CommandError(
                f"{self.content.id}: the worked example {case.id!r} cannot be scored "
                f"({found}): run `rulebook validate`",
                type="worked_example",
                ctx={"game": self.content.id, "case": case.id},
            ) from None


@dataclass(frozen=True)
class PageLink:
    slug: str
    title: Fragment


@dataclass(frozen=True)
class GameView:
    """What every page of a game knows about it."""

    id: str
    name: str
    players: Range
    minutes: Range
    links: tuple[PageLink, ...]

    def has(self, slug: str) -> bool:
        return any(link.slug == slug for link in self.links)


class LocalGame:
    """One game in one language: each part of its pages made once."""

    def __init__(self, build: GameBuild, loc: Localizer) -> None:
        self.build = build
        self.content = build.content
        self.loc = loc
        self._parts: dict[str, Any] = {}

    @property
    def language(self) -> str:
        return self.loc.language

    def part(self, name: str, make: Callable[[], T]) -> T:
        """The part ``name``, made by ``make`` the first time it is asked for."""
        if name not in self._parts:
            self._parts[name] = make()
        found: T = self._parts[name]
        return found
