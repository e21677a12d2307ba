"""Ordering players: ranking keys in turn, then shared places for a full tie.

Places follow standard competition ranking: two players tied for first are both 1st and
the next player is 3rd. For each player the result says which key decided their place
against their neighbour (the player just above, or just below for the first), and the
comparisons that led there (the tiebreak path).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cmp_to_key
from typing import Any

from schemas.scoring import RankingKey


@dataclass
class Placement:
    rank: int
    #: The key that separated this player from their neighbour, or "shared" for a full tie.
    decided_by: str | None
    #: Each key compared with that neighbour, until one differed.
    path: list[dict[str, Any]] = field(default_factory=list)
    against: int | None = None


def _compare(a: Any, b: Any, better: str) -> int:
    """Negative when ``a`` places before ``b`` on this key."""
    if a == b:
        return 0
    ahead = a > b if better == "higher" else a < b
    return -1 if ahead else 1


def rank_players(keys: list[RankingKey], columns: list[list[Any]]) -> list[Placement]:
    """Place players by ``columns[k][player]`` for each key k; see the module docstring."""
    count = len(columns[0]) if columns else 0

    def compare(a: int, b: int) -> int:
        for key, column in zip(keys, columns, strict=True):
            result = _compare(column[a], column[b], key.better)
            if result:
                return result
        return 0

    order = sorted(range(count), key=cmp_to_key(compare))
    placements: list[Placement | None] = [None] * count
    for position, player in enumerate(order):
        if position > 0 and compare(order[position - 1], player) == 0:
            rank = placements[order[position - 1]].rank  # type: ignore[union-attr]
        else:
            rank = position + 1
        # The first player is compared with the one just below; everyone else with the one
        # just above, which is the comparison that gave them their place.
        if position > 0:
            neighbour: int | None = order[position - 1]
        else:
            neighbour = order[1] if count > 1 else None
        placements[player] = _decide(keys, columns, player, neighbour, rank)
    return [p for p in placements if p is not None]


def _decide(
    keys: list[RankingKey], columns: list[list[Any]], player: int, neighbour: int | None, rank: int
) -> Placement:
    if neighbour is None:
        return Placement(rank, None)
    path: list[dict[str, Any]] = []
    for key, column in zip(keys, columns, strict=True):
        mine, theirs = column[player], column[neighbour]
        path.append({"key": key.value, "mine": _plain(mine), "theirs": _plain(theirs)})
        if mine != theirs:
            return Placement(rank, key.value, path, neighbour)
    return Placement(rank, "shared", path, neighbour)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
