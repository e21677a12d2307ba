"""Properties every game's scoring must have, checked on generated end states."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from schemas.loader import load_all
from schemas.scoring import CountInput
from scorer.engine import GameEngine
from scorer.validate import EndStateError
from tests.conftest import CONTENT
from tests.strategies import end_states, junk

GAMES = load_all(CONTENT)
ENGINES = {game_id: GameEngine(content) for game_id, content in GAMES.items()}
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)


def _score(engine: GameEngine, state: dict[str, Any]) -> Any:
    try:
        return engine.score(state)
    except EndStateError:
        assume(False)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_player_order_does_not_matter(game_id: str, data: st.DataObject) -> None:
    engine = ENGINES[game_id]
    state = data.draw(end_states(GAMES[game_id]))
    result = _score(engine, state)
    shuffled = copy.deepcopy(state)
    shuffled["players"] = data.draw(st.permutations(state["players"]))
    again = engine.score(shuffled)
    by_name = {p.name: (p.total, p.key, p.rank, p.winner, p.breakdown) for p in result.players}
    assert {
        p.name: (p.total, p.key, p.rank, p.winner, p.breakdown) for p in again.players
    } == by_name


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_one_more_never_lowers_the_rank(game_id: str, data: st.DataObject) -> None:
    engine = ENGINES[game_id]
    content = GAMES[game_id]
    state = data.draw(end_states(content))
    before = _score(engine, state)
    counts = [
        spec.id
        for spec in content.scoring.inputs
        if isinstance(spec, CountInput) and not spec.lowers_score
    ]
    assume(counts)
    field = data.draw(st.sampled_from(counts))
    player = data.draw(st.integers(0, len(state["players"]) - 1))
    more = copy.deepcopy(state)
    more["players"][player][field] = more["players"][player].get(field, 0) + 1
    try:
        after = engine.score(more)
    except EndStateError:
        return  # one more does not exist on the table (a limit): nothing to compare
    assert after.players[player].rank <= before.players[player].rank, (field, player)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_mutated_states_give_a_result_or_a_validation_error(
    game_id: str, data: st.DataObject
) -> None:
    engine = ENGINES[game_id]
    state = data.draw(end_states(GAMES[game_id]))
    target = data.draw(st.sampled_from(["player", "option", "table", "root", "players"]))
    value = data.draw(junk)
    if target == "player":
        player = data.draw(st.sampled_from(state["players"]))
        field = data.draw(st.sampled_from([*player, "unknown"]))
        player[field] = value
    elif target in ("option", "table"):
        key = "options" if target == "option" else "table"
        section = state.setdefault(key, {})
        section[data.draw(st.sampled_from([*section, "unknown"]))] = value
    elif target == "players":
        state["players"] = value
    else:
        state = value
    try:
        result = engine.score(state)
    except EndStateError as error:
        assert error.problems, "a validation error names at least one problem"
        return
    assert all(isinstance(p.rank, int) for p in result.players)
