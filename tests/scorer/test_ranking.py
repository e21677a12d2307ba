"""Ranking: keys in turn, shared places, and the tiebreak path."""

from __future__ import annotations

from schemas.scoring import RankingKey
from scorer.ranking import rank_players

KEYS = [RankingKey(value="total", label="Total"), RankingKey(value="achievements", label="Ach.")]


def test_tiebreak_decides_and_reports_the_path() -> None:
    # BGA table 161961875: 78 and 78, 3 achievements against 2.
    places = rank_players(KEYS, [[78, 78, 75], [2, 3, 1]])
    assert [p.rank for p in places] == [2, 1, 3]
    winner = places[1]
    assert winner.decided_by == "achievements" and winner.against == 0
    assert winner.path == [
        {"key": "total", "mine": 78, "theirs": 78},
        {"key": "achievements", "mine": 3, "theirs": 2},
    ]
    assert places[2].decided_by == "total"


def test_full_tie_shares_the_place_and_skips_the_next() -> None:
    places = rank_players(KEYS, [[10, 10, 9], [1, 1, 5]])
    assert [p.rank for p in places] == [1, 1, 3]
    assert places[0].decided_by == "shared" and places[1].decided_by == "shared"


def test_lower_is_better() -> None:
    keys = [RankingKey(value="time", label="Time", better="lower")]
    assert [p.rank for p in rank_players(keys, [[30, 20, 25]])] == [3, 1, 2]


def test_tuple_keys_compare_element_by_element() -> None:
    keys = [RankingKey(value="storage", label="Storage")]
    places = rank_players(keys, [[(1, 4, 5), (2, 3, 4), (2, 3, 5)]])
    assert [p.rank for p in places] == [3, 2, 1]


def test_single_player() -> None:
    places = rank_players(KEYS, [[12], [0]])
    assert places[0].rank == 1 and places[0].decided_by is None


def test_lower_is_better_for_sequence_keys_of_any_length() -> None:
    # A shorter prefix is lower, so with lower-is-better it places first.
    keys = [RankingKey(value="piles", label="Piles", better="lower")]
    places = rank_players(keys, [[(1, 2, 3), (1, 2), (0, 9)]])
    assert [p.rank for p in places] == [3, 2, 1]
