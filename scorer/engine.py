"""The engine: a game's content compiled once, then any number of end states scored."""

from __future__ import annotations

from typing import Any

from schemas.game import GameContent
from scorer.assemble import Functions, Key, Plan, Rival, assemble
from scorer.compiler import CompiledScoring, compile_scoring
from scorer.export import export_game
from scorer.facts import GameFacts
from scorer.result import Result
from scorer.validate import TableState, check_end_state


class GameEngine:
    """Scores end states of one game. Build it once per game; it is cheap to reuse."""

    def __init__(self, content: GameContent):
        self.content = content
        self.compiled: CompiledScoring = compile_scoring(content)
        #: What validation reads of the game: its export, as the browser runtime reads it.
        self.facts = GameFacts(export_game(content))
        #: What assembling a result reads (scorer.assemble), shared with stored programs.
        self.plan = plan_of(content, self.compiled)
        self.functions = functions_of(self.compiled)

    def check(self, raw: Any) -> TableState:
        """Validate an end state (parsed JSON); raise scorer.validate.EndStateError."""
        return check_end_state(self.facts, self.compiled, raw)

    def score(self, raw: Any) -> Result:
        """Validate and score an end state (parsed JSON)."""
        return self.score_state(self.check(raw))

    def score_state(self, state: TableState, explain: bool = True) -> Result:
        """Score an end state that ``check`` already accepted.

        With ``explain`` off, awards carry no details (place, measure, who tied): the same
        totals, breakdowns and places, for callers that only need those.
        """
        return assemble(self.plan, self.functions, state, explain)


def plan_of(content: GameContent, compiled: CompiledScoring) -> Plan:
    """What scoring reads of ``content`` besides its compiled functions, as plain data."""
    scoring = content.scoring
    return Plan(
        game=content.id,
        kind=scoring.kind,
        keys=tuple(Key(k.value, k.better) for k in scoring.ranking.keys),
        end_checks=tuple((c.id, c.message) for c in scoring.end_checks),
        rivals=tuple(Rival(r.id, r.label, r.ranked, r.can_win) for r in scoring.rivals),
    )


def functions_of(compiled: CompiledScoring) -> Functions:
    """The compiled functions a result reads."""
    return Functions(
        tally=compiled.tally,
        end_checks=compiled.end_checks,
        win_requires=compiled.win_requires,
        team=compiled.team,
    )
