"""The mechanics on their own (tie policies, thresholds, edges, neighbours, wildcards), and
small scorings declared inline for what they combine into: rivals, table numbers, seats."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from schemas.components import Components
from schemas.game import GameContent
from schemas.references import check_references
from schemas.scoring import Scoring
from schemas.setup import Setup
from scorer import mechanics
from scorer.engine import GameEngine
from scorer.validate import EndStateError
from tests.parity_fixture import probe_game


def test_dense_ties_take_the_next_place() -> None:
    # Tokaido's temple: 4 coins, 3 and 3, 2, 1 -> 10, 7, 7, 4, 2 (no place is skipped).
    points, details = mechanics.rank_award([4, 3, 3, 2, 1], [10, 7, 4], "dense", 2, 1, None)
    assert points == [10, 7, 7, 4, 2]
    assert details[1] is not None and details[1]["tied_with"] == [2]


def test_competition_ties_skip_places() -> None:
    points, _ = mechanics.rank_award([4, 3, 3, 2], [10, 7, 4], "competition", 2, 1, None)
    assert points == [10, 7, 7, 2]


def test_nothing_below_the_threshold() -> None:
    points, details = mechanics.rank_award([3, 0, 0], [10, 7, 4], "dense", 2, 1, None)
    assert points == [10, 0, 0]
    assert details[1] == {"place": None, "measure": 0, "tied_with": []}


def test_pool_floor_shares_the_places_filled() -> None:
    # River of Gold: tile [10, 6, 2], A 12, B 12, C 5 -> (10 + 6) / 2 = 8 each, C 2.
    assert mechanics.rank_award([12, 12, 5], [10, 6, 2], "pool_floor", 0, 1, None)[0] == [8, 8, 2]
    # Three tied on [7, 3]: (7 + 3 + 0) / 3 = 3.33 -> 3 each.
    assert mechanics.rank_award([9, 9, 9], [7, 3], "pool_floor", 0, 1, None)[0] == [3, 3, 3]


def test_max_gap_keeps_far_followers_out() -> None:
    # Two-player tile [5, 2]: second scores only within 5 spaces of the leader.
    assert mechanics.rank_award([14, 8], [5, 2], "pool_floor", 0, 1, 5)[0] == [5, 0]
    assert mechanics.rank_award([14, 9], [5, 2], "pool_floor", 0, 1, 5)[0] == [5, 2]


def test_most_rewards_every_tied_leader_and_nobody_at_zero() -> None:
    assert mechanics.most([3, 3, 1], 3, 1)[0] == [3, 3, 0]
    assert mechanics.most([0, 0, 0], 3, 1)[0] == [0, 0, 0]


def test_held_award_needs_a_holder_and_favours_them() -> None:
    assert mechanics.held_award([5, 5, 2], [0, 0, 0], 10, 3, 1)[0] == [0, 0, 0]
    assert mechanics.held_award([5, 5, 2], [0, 1, 0], 10, 3, 1)[0] == [3, 10, 0]
    assert mechanics.held_award([5, 4, 2], [0, 1, 0], 10, 3, 1)[0] == [3, 0, 0]


def test_set_collection_is_sum_of_squares_for_odd_values() -> None:
    # 1/3/5/7: a set of n different items is worth n squared.
    assert mechanics.set_collection([1, 1, 1, 1], [1, 3, 5, 7]) == 16
    assert mechanics.set_collection([3, 1, 0, 1], [1, 3, 5, 7]) == 9 + 1 + 1
    assert mechanics.set_collection([0, 0, 0, 0], [1, 3, 5, 7]) == 0
    assert mechanics.set_collection([1, 1, 1, 1, 1], [1, 3, 5, 7, 9]) == 25


def test_set_collection_leaves_out_negative_counts() -> None:
    # A negative count is no item: the sets are those of the other families.
    assert mechanics.set_collection([2, -1, 1], [1, 3, 5]) == 4 + 1
    assert mechanics.set_collection([-2, -1], [1, 3]) == 0
    assert mechanics.set_collection([], [1, 3]) == 0


def _rank_award_reference(
    measures: list[int], awards: list[int], ties: str, others: int, at_least: int, gap: int | None
) -> list[int]:
    """rank_award's points the plain way: players grouped by measure, best first."""
    levels = sorted({m for m in measures if m >= at_least}, reverse=True)
    points, place = {}, 0
    for level in levels:
        size = measures.count(level)
        if ties in ("pool_floor", "pool_nearest"):
            pooled = sum(
                awards[k] if k < len(awards) else others for k in range(place, place + size)
            )
            each = pooled // size if ties == "pool_floor" else (2 * pooled + size - 1) // (2 * size)
        else:
            each = awards[place] if place < len(awards) else others
        far = place > 0 and gap is not None and levels[0] - level > gap
        points[level] = 0 if far else each
        place += 1 if ties == "dense" else size
    return [points.get(m, 0) for m in measures]


def _most_reference(
    measures: list[int], points: int | list[int], at_least: int
) -> tuple[list[int], list[dict[str, Any]]]:
    """most's points and details the plain way."""
    best = max(measures, default=0)
    leaders = [i for i, m in enumerate(measures) if m == best] if best >= at_least else []
    won = [
        (points if isinstance(points, int) else points[i]) if i in leaders else 0
        for i in range(len(measures))
    ]
    details = [
        {
            "measure": m,
            "best": best,
            "won": i in leaders,
            "tied_with": [j for j in leaders if j != i],
        }
        for i, m in enumerate(measures)
    ]
    return won, details


def test_the_awards_agree_with_the_plain_ways_over_many_inputs() -> None:
    """rank_award places groups of players and most finds its leaders once; over many
    random tables (every tie policy, gaps, negatives, nobody) they give what the plain
    computation gives."""
    import random

    draw = random.Random(20261203)
    for _ in range(6000):
        count = draw.randint(0, 7)
        measures = [draw.randint(-3, 6) for _ in range(count)]
        awards = [draw.randint(-2, 12) for _ in range(draw.randint(0, 4))]
        others, at_least = draw.randint(-1, 3), draw.randint(-2, 4)
        gap = draw.choice([None, -1, 0, 1, 2, 5])
        for ties in ("dense", "competition", "pool_floor", "pool_nearest"):
            args = (measures, awards, ties, others, at_least, gap)
            want = _rank_award_reference(*args)
            assert mechanics.rank_award(*args)[0] == want, args
        for points in (3, -1, 0, [draw.randint(-2, 5) for _ in range(count)]):
            won, details = _most_reference(measures, points, at_least)
            assert mechanics.most(measures, points, at_least) == (won, details)


def test_sorted_key_keeps_the_largest() -> None:
    assert mechanics.sorted_key([3, 0, 5, 0, 2], False, 3) == (2, 3, 5)
    assert mechanics.sorted_key([3, 0, 5], True, None) == (5, 3, 0)
    assert mechanics.sorted_key([3, 0, 5], False, 0) == ()


def test_lookup_past_the_end() -> None:
    table = [0, 2, 5, 9, 14, 20, 27]
    assert mechanics.lookup(table, 6, False) == 27
    assert mechanics.lookup(table, 9, False) == 27
    assert mechanics.lookup(table, 9, True) == 0
    assert mechanics.lookup(table, -1, False) == 0


def test_table_sum_is_one_total_for_everyone() -> None:
    from pydantic import TypeAdapter

    from schemas.expressions import Expr
    from scorer.interpret import player_function

    node = TypeAdapter(Expr).validate_python({"table_sum": {"input": "tokens"}})
    run = player_function(node, "test")
    assert run([{"tokens": 2}, {"tokens": 5}, {"tokens": 0}], {}, {}, {}, {}) == [7, 7, 7]


# ----------------------------------------------------------------------------------------
# Neighbours, wildcards, expression-valued points
# ----------------------------------------------------------------------------------------


def test_neighbours_wrap_round_the_table() -> None:
    assert mechanics.neighbours([1, 2, 3, 4], [-1, 1], None, "sum") == [6, 4, 6, 4]
    assert mechanics.neighbours([1, 2, 3, 4], [1], None, "sum") == [2, 3, 4, 1]
    assert mechanics.neighbours([1, 2, 3, 4], [2], None, "sum") == [3, 4, 1, 2]
    assert mechanics.neighbours([1, 5, 3], [-1, 1], None, "maximum") == [5, 3, 5]
    assert mechanics.neighbours([1, 5, 3], [-1, 1], None, "minimum") == [3, 1, 1]


def test_neighbours_follow_the_seats_given() -> None:
    # Seats 2, 1, 4, 3: round the table the players are 1, 0, 3, 2.
    assert mechanics.neighbours([1, 2, 3, 4], [1], [2, 1, 4, 3], "sum") == [4, 1, 2, 3]


def test_nobody_is_their_own_neighbour() -> None:
    # At two, the other player is both the previous and the next one; alone, nobody is.
    assert mechanics.neighbours([5, 7], [-1, 1], None, "sum") == [14, 10]
    assert mechanics.neighbours([5], [-1, 1], None, "sum") == [0]
    assert mechanics.neighbours([5, 7, 9], [3], None, "sum") == [0, 0, 0]


def test_best_assignment_tries_every_placement() -> None:
    def sets(player: dict[str, int]) -> int:
        return mechanics.set_collection([player["a"], player["b"], player["c"]], [1, 3, 5])

    player = {"a": 1, "b": 0, "c": 2}
    # Two jokers on b and c (or a and b) make 2, 2, 1: 2 + 3 * 2 + 5 = 13, the best of all.
    assert mechanics.best_assignment(2, sets, player, ("a", "b", "c")) == 13
    assert mechanics.best_assignment(0, sets, player, ("a", "b", "c")) == 5
    assert player == {"a": 1, "b": 0, "c": 2}, "the player's own counts stay as entered"
    assert sorted(mechanics._placements(2, 3)) == sorted(
        [(2, 0, 0), (0, 2, 0), (0, 0, 2), (1, 1, 0), (1, 0, 1), (0, 1, 1)]
    )


def test_award_points_may_differ_by_player() -> None:
    assert mechanics.most([3, 5, 5], [1, 2, 3], 1)[0] == [0, 2, 3]
    assert mechanics.held_award([4, 4], [1, 0], [7, 8], [1, 2], 1)[0] == [7, 2]


# ----------------------------------------------------------------------------------------
# Whole scorings: a small game declared inline, scored by the Python engine
# ----------------------------------------------------------------------------------------


def _engine(scoring: str) -> GameEngine:
    """A game of 1 to 5 players with ``scoring`` (YAML), checked like content."""
    base = probe_game()
    content = GameContent(
        game=base.game,
        components=Components.model_validate({"components": [{"id": "coins", "name": "Coins"}]}),
        setup=Setup.model_validate({"steps": [{"id": "deal", "text": "Deal."}]}),
        scoring=Scoring.model_validate(yaml.safe_load(scoring)),
    )
    assert not check_references(content), check_references(content)
    return GameEngine(content)


def _players(result: Any) -> dict[str, tuple[Any, ...]]:
    return {p.name: (p.total, p.rank, p.winner) for p in result.players}


TEMPLE_WITH_NEUTRAL = """
inputs: [{id: donations, kind: count, label: Coins donated}]
rivals:
  - {id: neutral, label: Neutral traveller, inputs: [donations], when: {eq: [{player_count: true}, 2]}}
values:
  - id: temple
    compute: {rank_award: {of: {input: donations}, awards: [10, 7, 4], others: 2, ties: dense, rivals: true}}
categories: [{id: temple, label: Temple, value: temple}]
ranking: {keys: [{value: total, label: Points}]}
"""


def test_a_neutral_traveller_takes_a_place_in_the_temple_but_no_points() -> None:
    engine = _engine(TEMPLE_WITH_NEUTRAL)
    players = [{"name": "A", "donations": 3}, {"name": "B", "donations": 1}]
    alone = engine.score({"game": "probe", "players": players})
    assert _players(alone) == {"A": (10, 1, True), "B": (7, 2, False)}
    # The neutral traveller's 2 coins take the 2nd place: B drops to the 3rd (4 points).
    result = engine.score(
        {"game": "probe", "players": players, "rivals": {"neutral": {"donations": 2}}}
    )
    assert _players(result) == {"A": (10, 1, True), "B": (4, 2, False)}
    [neutral] = result.rivals
    assert (neutral.id, neutral.rival, neutral.total, neutral.rank, neutral.winner) == (
        "neutral",
        True,
        None,
        None,
        False,
    )
    assert neutral.details["temple"]["place"] == 2
    assert result.to_json()["rivals"][0]["rival"] is True
    # At three players there is no neutral traveller.
    three = [*players, {"name": "C", "donations": 0}]
    with pytest.raises(EndStateError) as refused:
        engine.score({"game": "probe", "players": three, "rivals": {"neutral": {"donations": 2}}})
    # Each value entered for an absent rival is refused where it was typed, as a player's.
    assert [(p.path, p.code) for p in refused.value.problems] == [
        ("rivals.neutral.donations", "not_used")
    ]


SOLO_AGAINST_AUTOMA = """
options: [{id: solo, category: variant, kind: flag, default: false, label: Solo}]
inputs: [{id: vp, kind: count, label: Victory points, min: -5}]
rivals: [{id: automa, label: Automa, fixed: {vp: 20}, ranked: true, when: {option: solo}}]
values: [{id: vp_points, compute: {input: vp}}]
categories: [{id: vp, label: VP, value: vp_points}]
ranking:
  keys: [{value: total, label: Points}]
  win_requires:
    any: [{not: {option: solo}}, {gt: [{value: total}, {rival: {id: automa, value: total}}]}]
"""


def test_a_solo_player_must_beat_the_automa() -> None:
    engine = _engine(SOLO_AGAINST_AUTOMA)

    def solo(vp: int) -> Any:
        return engine.score(
            {"game": "probe", "options": {"solo": True}, "players": [{"name": "Ann", "vp": vp}]}
        )

    won = solo(25)
    assert _players(won) == {"Ann": (25, 1, True)}
    assert [(r.name, r.total, r.rank, r.winner) for r in won.rivals] == [("Automa", 20, 2, False)]
    lost = solo(18)
    assert _players(lost) == {"Ann": (18, 2, False)}
    assert [(r.total, r.rank) for r in lost.rivals] == [(20, 1)]
    assert lost.winners == [], "the Automa beats the player but is no winner"
    tied = solo(20)
    assert _players(tied) == {"Ann": (20, 1, False)}, "a tie with the Automa is not a win"
    assert tied.players[0].against == "Automa"


SEISHIN_GOAL = """
inputs: [{id: buildings, kind: count, label: Buildings, max: 27}]
rivals: [{id: seishin, label: Seishin, inputs: [buildings], ranked: false, can_win: false}]
values:
  - id: goal
    compute: {if: {cond: {gt: [{input: buildings}, {rival: {id: seishin, input: buildings}}]}, then: 5}}
categories: [{id: goal, label: More buildings than Seishin, value: goal}]
ranking:
  keys: [{value: total, label: Points}]
  win_requires: {gt: [{input: buildings}, {rival: {id: seishin, input: buildings}}]}
"""


def test_players_are_compared_with_seishin() -> None:
    engine = _engine(SEISHIN_GOAL)
    players = [{"name": "Kai", "buildings": 9}, {"name": "Rin", "buildings": 6}]
    result = engine.score(
        {"game": "probe", "players": players, "rivals": {"seishin": {"buildings": 7}}}
    )
    assert _players(result) == {"Kai": (5, 1, True), "Rin": (0, 2, False)}
    stronger = engine.score(
        {"game": "probe", "players": players, "rivals": {"seishin": {"buildings": 12}}}
    )
    assert _players(stronger) == {"Kai": (0, 1, False), "Rin": (0, 1, False)}
    assert stronger.winners == []


SEISHIN_TEAM = """
options:
  - id: level
    category: variant
    kind: choice
    default: easy
    label: Level
    choices: [{id: easy, label: Easy}, {id: hard, label: Hard}]
inputs:
  - {id: track, kind: count, label: Track, max: 99}
  - {id: influence, kind: count, label: Influence, max: 18}
  - {id: koku, kind: count, label: Koku, max: 25}
  - {id: merchants, kind: count, label: Merchants, max: 6}
rivals:
  - id: seishin
    label: Seishin
    inputs: [track, influence, merchants]
    fixed: {koku: {if: {cond: {is: {of: {option: level}, in: [hard]}}, then: 10, else: 5}}}
    ranked: true
    keeps_points: true
values:
  - {id: track_points, compute: {input: track}}
  - {id: region, compute: {rank_award: {of: {input: influence}, awards: [8, 4], ties: dense, rivals: true}}}
  - {id: merchant_points, compute: {product: [{input: merchants}, {floor_div: [{input: koku}, 5]}]}}
categories:
  - {id: track, label: Track, value: track_points}
  - {id: region, label: Region, value: region}
  - {id: merchants, label: Merchants, value: merchant_points}
ranking:
  keys: [{value: total, label: Points}]
  team: {ge: [{player_count: true}, 1]}
  win_requires: {gt: [{value: total}, {rival: {id: seishin, value: total}}]}
"""


def test_seishin_keeps_its_points_and_the_team_wins_or_loses_together() -> None:
    """A rival that keeps its award points scores its region like a player; its fixed Koku
    follow the level; players who are a team all win only when each beats it."""
    engine = _engine(SEISHIN_TEAM)
    players = [{"name": "Kai", "track": 20, "influence": 3}, {"name": "Rin", "track": 15}]
    seishin = {"track": 10, "influence": 5, "merchants": 2}
    easy = engine.score({"game": "probe", "players": players, "rivals": {"seishin": seishin}})
    # Seishin first in the region keeps 8; Kai second 4; two Merchants with 5 Koku: 2.
    assert [(r.total, r.breakdown) for r in easy.rivals] == [
        (20, {"track": 10, "region": 8, "merchants": 2})
    ]
    assert _players(easy) == {"Kai": (24, 1, False), "Rin": (15, 3, False)}, "Rin is below"
    winning = [{"name": "Kai", "track": 20, "influence": 3}, {"name": "Rin", "track": 21}]
    won = engine.score({"game": "probe", "players": winning, "rivals": {"seishin": seishin}})
    assert _players(won) == {"Kai": (24, 1, True), "Rin": (21, 2, True)}, "the team wins"
    hard = engine.score(
        {
            "game": "probe",
            "options": {"level": "hard"},
            "players": winning,
            "rivals": {"seishin": seishin},
        }
    )
    assert hard.rivals[0].total == 22, "10 Koku at the hard level: 2 per Merchant"
    assert _players(hard) == {"Kai": (24, 1, False), "Rin": (21, 3, False)}, "Rin is below"


MAJORITIES = """
table:
  - {id: north_value, kind: count, label: North's printed value, max: 9}
  - id: tile
    label: Tile
    choices: [{id: small, label: Small, data: {bonus: [2, 1]}}, {id: big, label: Big, data: {bonus: [6]}}]
inputs:
  - {id: north, kind: count, label: Presence in the north}
  - id: hero
    kind: choice
    label: Hero
    choices: [{id: scout, label: Scout, data: {coins: [3]}}, {id: monk, label: Monk}]
values:
  - {id: north_points, compute: {most: {of: {input: north}, points: {table: north_value}}}}
  - {id: tile_second, compute: {choice_data: {of: {table: tile}, field: bonus, index: 1}}}
  - {id: hero_coins, compute: {choice_data: {of: {input: hero}, field: coins}}}
  - id: ranked
    compute: {rank_award: {of: {input: north}, awards: [{table: north_value}, {choice_data: {of: {table: tile}, field: bonus}}], ties: competition}}
categories:
  - {id: north, label: North, value: north_points}
  - {id: tile, label: Tile, value: tile_second}
  - {id: hero, label: Hero, value: hero_coins}
  - {id: ranked, label: Ranked, value: ranked}
ranking: {keys: [{value: total, label: Points}]}
"""


def test_count_table_inputs_choice_data_and_expression_awards() -> None:
    engine = _engine(MAJORITIES)
    state = {
        "game": "probe",
        "table": {"north_value": 7, "tile": "small"},
        "players": [
            {"name": "A", "north": 3, "hero": "scout"},
            {"name": "B", "north": 3, "hero": "monk"},
            {"name": "C", "north": 1, "hero": "monk"},
        ],
    }
    result = engine.score(state)
    breakdown = {p.name: p.breakdown for p in result.players}
    # A and B share the north's majority worth 7 (the table's number); the small tile's
    # second number is 1; the scout's coins are 3; the ranked award gives 7 to both first
    # (competition) and C, third, nothing.
    assert breakdown["A"] == {"north": 7, "tile": 1, "hero": 3, "ranked": 7}
    assert breakdown["B"] == {"north": 7, "tile": 1, "hero": 0, "ranked": 7}
    assert breakdown["C"] == {"north": 0, "tile": 1, "hero": 0, "ranked": 0}
    state["table"] = {"north_value": 0, "tile": "big"}
    state["players"][1]["north"] = 2
    result = engine.score(state)
    assert [p.breakdown["ranked"] for p in result.players] == [0, 6, 0]
    assert [p.breakdown["tile"] for p in result.players] == [0, 0, 0], "past the end: 0"
    with pytest.raises(EndStateError) as refused:
        engine.score({**state, "table": {"north_value": 10, "tile": "big"}})
    assert [p.path for p in refused.value.problems] == ["table.north_value"]


GIFTS_TO_NEIGHBOURS = """
inputs:
  - {id: gifts, kind: count, label: Gifts, max: 3, affects_others: true}
  - {id: seat, kind: position, label: Seat}
values:
  - id: gift_points
    compute: {neighbours: {of: {product: [{input: gifts}, 2]}, offsets: [-1, 1], seat: {input: seat}}}
  - {id: own, compute: {input: gifts}}
categories:
  - {id: received, label: Received, value: gift_points}
  - {id: own, label: Own, value: own}
ranking: {keys: [{value: total, label: Points}]}
"""


def test_neighbours_read_the_seat_input() -> None:
    engine = _engine(GIFTS_TO_NEIGHBOURS)
    players = [
        {"name": "A", "gifts": 1, "seat": 1},
        {"name": "B", "gifts": 0, "seat": 3},
        {"name": "C", "gifts": 3, "seat": 2},
        {"name": "D", "gifts": 2, "seat": 4},
    ]
    # Round the table: A, C, B, D. A sits between D and C: 2 * (2 + 3) = 10; B between C
    # and D: 2 * (3 + 2) = 10; C between A and B: 2 * (1 + 0) = 2; D between B and A: 2.
    result = engine.score({"game": "probe", "players": players})
    assert [p.breakdown["received"] for p in result.players] == [10, 10, 2, 2]
    # The same table listed in another order scores the same: seats come from the input.
    shuffled = engine.score({"game": "probe", "players": players[::-1]})
    assert [p.breakdown["received"] for p in shuffled.players] == [2, 2, 10, 10]


WILD_GOODS = """
inputs:
  - {id: silk, kind: count, label: Silk}
  - {id: rice, kind: count, label: Rice}
  - {id: jokers, kind: count, label: Jokers, max: 4}
values:
  - id: pairs
    compute:
      best_assignment:
        wildcards: {input: jokers}
        among: [{input: silk}, {input: rice}]
        maximize: {minimum: [{input: silk}, {input: rice}]}
categories: [{id: pairs, label: Pairs, value: pairs}]
ranking: {keys: [{value: total, label: Points}]}
"""


def test_wildcards_are_placed_for_the_best_result() -> None:
    engine = _engine(WILD_GOODS)
    players = [
        {"name": "A", "silk": 3, "rice": 0, "jokers": 4},
        {"name": "B", "silk": 1, "rice": 1, "jokers": 0},
    ]
    result = engine.score({"game": "probe", "players": players})
    # A: 3 silk, no rice, 4 jokers: x on silk and 4 - x on rice gives min(3 + x, 4 - x),
    # at best 3 (x = 0 or 1). B has no joker: 1 pair.
    assert [p.breakdown["pairs"] for p in result.players] == [3, 1]
