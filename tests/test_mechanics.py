"""The cross-player mechanics on their own: tie policies, thresholds, edges."""

from __future__ import annotations

from scorer import mechanics


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


def test_table_sum_compiles_to_one_total_for_everyone() -> None:
    from pydantic import TypeAdapter

    from schemas.expressions import Expr
    from scorer.compiler import player_function

    node = TypeAdapter(Expr).validate_python({"table_sum": {"input": "tokens"}})
    run = player_function(node, "test")
    assert run([{"tokens": 2}, {"tokens": 5}, {"tokens": 0}], {}, {}, {}, {}) == [7, 7, 7]


def test_flag_values_come_out_as_numbers() -> None:
    from pydantic import TypeAdapter

    from schemas.scoring import Scoring
    from scorer.compiler import bool_values

    scoring = TypeAdapter(Scoring).validate_python(
        {
            "inputs": [{"id": "first", "kind": "flag", "label": "First"}],
            "values": [
                {"id": "plain", "compute": {"input": "first"}},
                {"id": "summed", "compute": {"sum": [{"input": "first"}]}},
                {"id": "chosen", "compute": {"if": {"cond": 1, "then": {"value": "plain"}}}},
                {"id": "counted", "compute": {"product": [{"input": "first"}, 3]}},
            ],
            "categories": [{"id": "c", "label": "C", "value": "plain"}],
            "ranking": {"keys": [{"value": "total", "label": "Total"}]},
        }
    )
    assert bool_values(scoring) == {"plain", "summed", "chosen"}
