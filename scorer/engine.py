"""The engine: a game's export interpreted (scorer.interpret), then any number of end
states scored.

:class:`Engine` needs the export alone (scorer.export.export_game, the document the
browser calculator reads), so ``rulebook score`` scores from a cached export without the
content models; :class:`GameEngine` makes it from the content.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorer.assemble import assemble
from scorer.facts import GameFacts
from scorer.interpret import Interpreted, interpret
from scorer.result import Result
from scorer.validate import Hidden, TableState, check_end_state

if TYPE_CHECKING:
    from schemas.game import GameContent


class Engine:
    """Scores end states of one game from its export. Build it once per game."""

    def __init__(self, export: Mapping[str, Any]) -> None:
        """``export``: one made here (typed as its contract, schemas.export.Export) or read
        back as JSON from the command's cache; the engine reads it as plain JSON data, as
        the browser runtime does."""
        self.export: dict[str, Any] = dict(export)
        #: The scoring, read node for node from the export as the browser runtime reads it.
        self.interpreted: Interpreted = interpret(self.export)
        #: What validation reads of the game: its export, as the browser runtime reads it.
        self.facts = GameFacts(self.export)

    def check(self, raw: Any, hidden: Hidden = None) -> TableState:
        """Validate an end state (parsed JSON); raise scorer.validate.EndStateError.
        ``hidden``: per player, the inputs that do not count for them (scorer.relevance)."""
        return check_end_state(self.facts, self.interpreted, raw, hidden)

    def score(self, raw: Any, hidden: Hidden = None) -> Result:
        """Validate and score an end state (parsed JSON)."""
        return self.score_state(self.check(raw, hidden))

    def score_state(self, state: TableState, explain: bool = True) -> Result:
        """Score an end state that ``check`` already accepted.

        With ``explain`` off, awards carry no details (place, measure, who tied): the same
        totals, breakdowns and places, for callers that only need those.
        """
        return assemble(self.interpreted, state, explain)


class GameEngine(Engine):
    """The engine of a game's content (its export made here)."""

    def __init__(self, content: GameContent):
        from scorer.export import export_game

        self.content = content
        super().__init__(export_game(content))
