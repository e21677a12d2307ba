"""The engine: a game's content compiled once, then any number of end states scored."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from schemas.endstate import end_state_model
from schemas.game import GameContent
from schemas.scoring import TOTAL
from scorer.compiler import CompiledScoring, compile_scoring
from scorer.ranking import rank_players
from scorer.result import PlayerResult, Result
from scorer.validate import TableState, check_end_state


class GameEngine:
    """Scores end states of one game. Build it once per game; it is cheap to reuse."""

    def __init__(self, content: GameContent):
        self.content = content
        self.compiled: CompiledScoring = compile_scoring(content)
        self.state_model: type[BaseModel] = end_state_model(content)

    def check(self, raw: Any) -> TableState:
        """Validate an end state (parsed JSON); raise scorer.validate.EndStateError."""
        return check_end_state(self.content, self.compiled, self.state_model, raw)

    def score(self, raw: Any) -> Result:
        """Validate and score an end state (parsed JSON)."""
        return self.score_state(self.check(raw))

    def score_state(self, state: TableState) -> Result:
        """Score an end state that ``check`` already accepted."""
        scoring = self.content.scoring
        compiled = self.compiled
        values, details = compiled.evaluate(
            state.players, state.options, state.table, state.choice_data
        )
        count = len(state.players)
        shown = [
            c
            for c in scoring.categories
            if c.id not in compiled.category_when
            or compiled.category_when[c.id](state.options, state.table, state.choice_data, count)
        ]
        by_points = scoring.kind == "points"
        if by_points:
            values = {
                **values,
                TOTAL: [sum(int(values[c.value][i]) for c in shown) for i in range(count)],
            }
        columns = [values[key.value] for key in scoring.ranking.keys]
        placements = rank_players(scoring.ranking.keys, columns)
        allowed = (
            compiled.win_requires(
                state.players, state.options, state.table, state.choice_data, values
            )
            if compiled.win_requires is not None
            else [True] * count
        )
        players = []
        for index, name in enumerate(state.names):
            breakdown = {c.id: int(values[c.value][index]) for c in shown}
            placement = placements[index]
            players.append(
                PlayerResult(
                    name=name,
                    total=values[TOTAL][index] if by_points else None,
                    key=None
                    if by_points
                    else [int(v) for v in values[scoring.ranking.keys[0].value][index]],
                    breakdown=breakdown,
                    rank=placement.rank,
                    winner=placement.rank == 1 and bool(allowed[index]),
                    decided_by=placement.decided_by,
                    against=state.names[placement.against]
                    if placement.against is not None
                    else None,
                    tiebreak=placement.path,
                    details={c.id: details[c.value][index] for c in shown if c.value in details},
                )
            )
        notices = [
            check.message
            for check in scoring.end_checks
            if not any(
                compiled.end_checks[check.id](
                    state.players, state.options, state.table, state.choice_data, values
                )
            )
        ]
        return Result(self.content.id, dict(state.options), players, notices)
