"""Every conformance case gives exactly its expected result in the Python engine."""

from __future__ import annotations

import pytest

from schemas.cases import Case, InvalidCase
from schemas.game import GameContent
from scorer.engine import GameEngine
from scorer.problems import EndStateError
from tests.cases import all_cases, all_invalid_cases

CASES = all_cases()
INVALID = all_invalid_cases()


@pytest.mark.parametrize(("game_id", "case"), CASES, ids=[f"{g}:{c.id}" for g, c in CASES])
def test_case(engines: dict[str, GameEngine], game_id: str, case: Case) -> None:
    result = engines[game_id].score({"game": game_id, **case.state})
    players = {p.name: p for p in result.players}
    assert sorted(players) == sorted(e.name for e in case.expected), "players differ"
    for expected in case.expected:
        got = players[expected.name]
        assert (got.total, got.rank, got.winner) == (
            expected.total,
            expected.rank,
            expected.winner,
        ), expected.name
        if expected.key is not None:
            assert got.key == expected.key, expected.name
        for category, points in expected.breakdown.items():
            assert got.breakdown.get(category) == points, f"{expected.name}: {category}"
        if expected.decided_by is not None:
            assert got.decided_by == expected.decided_by, expected.name
    if case.rivals is not None:
        rivals = [(r.id, r.total, r.rank, r.winner) for r in result.rivals]
        assert rivals == [(r.id, r.total, r.rank, r.winner) for r in case.rivals], "rivals"


@pytest.mark.parametrize(("game_id", "case"), INVALID, ids=[f"{g}:{c.id}" for g, c in INVALID])
def test_invalid_case(engines: dict[str, GameEngine], game_id: str, case: InvalidCase) -> None:
    """A refused state has exactly the problems its case lists (location and code), each
    with the parameters the case gives."""
    with pytest.raises(EndStateError) as error:
        engines[game_id].score({"game": game_id, **case.state})
    found = {(tuple(p.loc), p.code): p for p in error.value.problems}
    expected = {(tuple(e.loc), e.code): e for e in case.problems}
    assert sorted(found, key=str) == sorted(expected, key=str)
    for key, wanted in expected.items():
        if wanted.params is not None:
            assert found[key].params == wanted.params, key


def test_every_game_has_enough_cases(engines: dict[str, GameEngine]) -> None:
    counts = {game_id: sum(1 for g, _ in CASES if g == game_id) for game_id in engines}
    assert all(count >= 12 for count in counts.values()), counts


def test_results_as_json_are_what_asdict_gives(
    engines: dict[str, GameEngine], games: dict[str, GameContent]
) -> None:
    """scorer.plain replaces dataclasses.asdict in to_json: the same data (types included)
    for every conformance case's result, explained or not, and for every game's setup."""
    from dataclasses import asdict

    from scorer.setup import make_setup

    for game_id, case in CASES:
        engine = engines[game_id]
        state = engine.check({"game": game_id, **case.state})
        for explain in (True, False):
            result = engine.score_state(state, explain)
            assert result.to_json() == {**asdict(result), "winners": result.winners}, case.id
            assert repr(result.to_json()) == repr({**asdict(result), "winners": result.winners}), (
                case.id
            )  # tuples stay tuples, ints stay ints
    for game_id, content in games.items():
        setup = make_setup(content, max(2, content.game.players.min), seed="plain")
        assert repr(setup.to_json()) == repr(asdict(setup)), game_id
