"""The tally (scorer.interpret.Interpreted.tally: every value, the categories shown, each
row's breakdown and total).

For every game and the probe game (rivals, hidden categories, flags in the breakdown), on
every conformance case, its score-track entry where the game has one, and random and probe
states: a breakdown holds numbers (a flag counts 1 or 0) for the categories shown, the
total is their sum.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from schemas.game import GameContent
from schemas.scoring import TOTAL
from scorer.engine import GameEngine
from scorer.problems import EndStateError
from tests.conftest import GAME_IDS
from tests.parity_fixture import PROBE_STATES, probe_game, random_states
from tests.track_support import track_state


def _states(content: GameContent, engine: GameEngine) -> list[dict[str, Any]]:
    """Conformance cases (and their score-track entry), random and probe states."""
    states = [{"game": content.id, **c.state} for c in content.cases.cases] if content.cases else []
    if content.scoring.score_track is not None:
        states += [track_state(content, engine, copy.deepcopy(s)) for s in states]
    drawn = random_states(content, 40)
    states += drawn
    if content.id == "probe":  # its rivals and table numbers, over a few drawn states
        for change in PROBE_STATES:
            for base in drawn[:6]:
                state = copy.deepcopy(base)
                for key, value in change.items():
                    state[key] = (
                        {**state.get(key, {}), **value} if isinstance(value, dict) else value
                    )
                states.append(state)
    return states


@pytest.mark.parametrize("game_id", [*GAME_IDS, "probe"])
def test_a_breakdown_holds_numbers_that_add_up_to_the_total(
    game_id: str, games: dict[str, GameContent]
) -> None:
    content = probe_game() if game_id == "probe" else games[game_id]
    engine = GameEngine(content)
    interpreted = engine.interpreted
    flags = 0
    checked = 0
    for raw in _states(content, engine):
        try:
            state = engine.check(copy.deepcopy(raw))
        except EndStateError as error:
            if error.state is None:
                continue
            state = error.state
        count = len(state.players)
        values, details, breakdowns = interpreted.tally(state, True)
        shown = [
            c
            for c in content.scoring.categories
            if c.id not in interpreted.category_when
            or interpreted.category_when[c.id](state.options, state.table, state.choice_data, count)
        ]
        for row, breakdown in enumerate(breakdowns):
            assert list(breakdown) == [c.id for c in shown], raw
            assert all(type(v) is int for v in breakdown.values()), raw
            flags += sum(type(values[c.value][row]) is bool for c in shown)
            if content.scoring.kind == "points":
                assert values[TOTAL][row] == sum(breakdown.values()), raw
        assert set(details) <= {c.id for c in shown}, raw
        checked += 1
    assert checked >= 12
    if game_id == "probe":
        assert flags  # a flag passed through reaches a breakdown as a number
