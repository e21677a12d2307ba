"""Properties every game's scoring must have, checked on generated end states.

The example count and the seed policy come from tests.strategies (PROPERTY_EXAMPLES):
derandomized, so a run is the same on every machine.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from hypothesis import assume, find, given
from hypothesis import strategies as st

from rulebook.cache import load_content
from schemas.components import Components
from schemas.game import GameContent
from schemas.scoring import CountInput, Scoring
from schemas.setup import Setup
from scorer.engine import GameEngine
from scorer.validate import EndStateError
from tests.conftest import CONTENT
from tests.parity_fixture import probe_game
from tests.strategies import end_states, junk, property_settings

GAMES = load_content(CONTENT)
ENGINES = {game_id: GameEngine(content) for game_id, content in GAMES.items()}
SETTINGS = property_settings()


def _score(engine: GameEngine, state: dict[str, Any]) -> Any:
    try:
        return engine.score(state)
    except EndStateError:
        assume(False)


def _reordered(content: GameContent, data: st.DataObject, players: list[Any]) -> list[Any]:
    """The same table listed in another order: any order, or a rotation when the list order
    is the seat order (a player's neighbours stay the same round the table)."""
    if content.scoring.seats_by_order():
        turn = data.draw(st.integers(0, len(players) - 1))
        return players[turn:] + players[:turn]
    return list(data.draw(st.permutations(players)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_player_order_does_not_matter(game_id: str, data: st.DataObject) -> None:
    engine = ENGINES[game_id]
    state = data.draw(end_states(GAMES[game_id]))
    result = _score(engine, state)
    shuffled = copy.deepcopy(state)
    shuffled["players"] = _reordered(GAMES[game_id], data, state["players"])
    again = engine.score(shuffled)
    by_name = {p.name: (p.total, p.key, p.rank, p.winner, p.breakdown) for p in result.players}
    assert {
        p.name: (p.total, p.key, p.rank, p.winner, p.breakdown) for p in again.players
    } == by_name


def counted_inputs(content: GameContent) -> list[str]:
    """Counts of which one more must never lower the owner's rank: all but those declared
    to take points away (``lowers_score``) or to score for others (``affects_others``)."""
    return [
        spec.id
        for spec in content.scoring.inputs
        if isinstance(spec, CountInput) and not spec.lowers_score and not spec.affects_others
    ]


def one_more(content: GameContent) -> st.SearchStrategy[tuple[dict[str, Any], str, int]]:
    """An end state, one of its counted inputs and a player to give one more of it."""
    counts = counted_inputs(content)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[dict[str, Any], str, int]:
        state = draw(end_states(content))
        field = draw(st.sampled_from(counts))
        player = draw(st.integers(0, len(state["players"]) - 1))
        return state, field, player

    return build()


def rank_drops(engine: GameEngine, state: dict[str, Any], field: str, player: int) -> bool:
    """Whether one more ``field`` for ``player`` lowers their rank (False when either state
    is refused: one more may not exist on the table, a limit)."""
    try:
        before = engine.score(state)
        more = copy.deepcopy(state)
        more["players"][player][field] = more["players"][player].get(field, 0) + 1
        after = engine.score(more)
    except EndStateError:
        return False
    return after.players[player].rank > before.players[player].rank


@pytest.mark.parametrize("game_id", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_one_more_never_lowers_the_rank(game_id: str, data: st.DataObject) -> None:
    content = GAMES[game_id]
    assume(counted_inputs(content))
    state, field, player = data.draw(one_more(content))
    assert not rank_drops(ENGINES[game_id], state, field, player), (field, player)


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
    # The drawn junk, and the same junk inside a list: a container where a scalar belongs is
    # the commonest slip of a hand-edited state, so every example tries it, whatever the
    # derandomized draw happens to give (it shifts whenever the project's source does).
    for junk_value in (value, [value]):
        mutated = copy.deepcopy(state)
        if target == "player":
            player = data.draw(st.sampled_from(mutated["players"]))
            field = data.draw(st.sampled_from([*player, "unknown"]))
            player[field] = junk_value
        elif target in ("option", "table"):
            key = "options" if target == "option" else "table"
            section = mutated.setdefault(key, {})
            section[data.draw(st.sampled_from([*section, "unknown"]))] = junk_value
        elif target == "players":
            mutated["players"] = junk_value
        else:
            mutated = junk_value
        _gives_a_result_or_problems(engine, mutated)


def _gives_a_result_or_problems(engine: GameEngine, state: Any) -> None:
    try:
        result = engine.score(state)
    except EndStateError as error:
        assert error.problems, "a validation error names at least one problem"
        return
    assert all(isinstance(p.rank, int) for p in result.players)


# ----------------------------------------------------------------------------------------
# A card that scores for the neighbours: the property holds only when it is declared
# ----------------------------------------------------------------------------------------

GIFTS = """
inputs:
  - {id: gifts, kind: count, label: Gift cards, max: 3, affects_others: true}
  - {id: coins, kind: count, label: Coins, max: 5}
values:
  - {id: own, compute: {input: gifts}}
  - id: received
    compute: {neighbours: {of: {product: [{input: gifts}, 2]}, offsets: [-1, 1]}}
  - {id: coin_points, compute: {input: coins}}
categories:
  - {id: own, label: Own gifts, value: own}
  - {id: received, label: Gifts from the neighbours, value: received}
  - {id: coins, label: Coins, value: coin_points}
ranking: {keys: [{value: total, label: Points}]}
"""


def gift_game(declared: bool) -> GameContent:
    """A game where each gift card scores 1 for its owner and 2 for each neighbour."""
    scoring = yaml.safe_load(GIFTS)
    scoring["inputs"][0]["affects_others"] = declared
    return GameContent(
        game=probe_game().game,
        components=Components.model_validate({"components": [{"id": "cards", "name": "C"}]}),
        setup=Setup.model_validate({"steps": [{"id": "deal", "text": "Deal."}]}),
        scoring=Scoring.model_validate(scoring),
    )


def test_an_undeclared_card_for_the_neighbours_breaks_the_property() -> None:
    """Hypothesis finds, with the suite's settings, the counterexample a gift card gives:
    one more gift raises both neighbours by 2 and its owner by 1, so a neighbour overtakes."""
    content = gift_game(declared=False)
    engine = GameEngine(content)
    state, field, player = find(
        one_more(content),
        lambda example: rank_drops(engine, *example),
        settings=property_settings(),
    )
    assert field == "gifts"
    assert rank_drops(engine, state, field, player)


def test_a_declared_card_for_the_neighbours_is_left_out() -> None:
    content = gift_game(declared=True)
    assert counted_inputs(content) == ["coins"]
    engine = GameEngine(content)

    @property_settings()
    @given(example=one_more(content))
    def holds(example: tuple[dict[str, Any], str, int]) -> None:
        assert not rank_drops(engine, *example)

    holds()


def test_seat_ordered_games_are_only_rotated() -> None:
    """Where the list order is the seat order, a rotation is the same table; a swap is not.

    The probe game reads its neighbours from the list order; any game of content/ may too
    (``Scoring.seats_by_order``), and the properties above then rotate its tables."""
    content = gift_game(declared=True)
    assert content.scoring.seats_by_order()
    engine = GameEngine(content)
    players = [{"name": n, "gifts": g} for n, g in zip("ABCD", [3, 0, 0, 0], strict=True)]

    def received(order: list[dict[str, Any]]) -> dict[str, int]:
        result = engine.score({"game": "probe", "players": order})
        return {p.name: p.breakdown["received"] for p in result.players}

    assert received(players) == {"A": 0, "B": 6, "C": 0, "D": 6}
    assert received(players[1:] + players[:1]) == received(players)
    assert received([players[0], players[2], players[1], players[3]])["C"] == 6
