"""Ordering players: ranking keys in turn, then shared places for a full tie.

Places follow standard competition ranking: two players tied for first are both 1st and
the next player is 3rd. For each player the result says which key decided their place
against their neighbour (the player just above, or just below for the first), and the
comparisons that led there (the tiebreak path).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import total_ordering
from typing import Any, Protocol


class KeyLike(Protocol):
    """What ranking reads of a ranking key: schemas.scoring.RankingKey has it, and so has
    scorer.assemble.Key (the stored program ranks without the models)."""

    @property
    def value(self) -> str: ...

    @property
    def better(self) -> str: ...


@dataclass(slots=True)
class Placement:
    rank: int
    #: The key that separated this player from their neighbour, or "shared" for a full tie.
    decided_by: str | None
    #: Each key compared with that neighbour, until one differed.
    path: list[dict[str, Any]] = field(default_factory=list)
    against: int | None = None


@total_ordering
class _Reversed:
    """Orders like its value, backwards: a ``better: lower`` key sorts as a higher one.

    Negating would do for numbers but not for sequence keys of different lengths, where a
    shorter prefix compares lower either way.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Reversed) and bool(self.value == other.value)

    def __lt__(self, other: _Reversed) -> bool:
        return bool(other.value < self.value)

    def __hash__(self) -> int:
        return hash(repr(self.value))


def rank_players(
    keys: Sequence[KeyLike], columns: list[list[Any]], explain: bool = True
) -> list[Placement]:
    """Place players by ``columns[k][player]`` for each key k; see the module docstring.

    Without ``explain`` the tiebreak paths stay empty; places and deciding keys are the same.
    """
    count = len(columns[0]) if columns else 0
    rows = list(zip(*columns, strict=True))  # each player's values, key by key
    if all(key.better == "higher" for key in keys):
        turned = rows  # the usual case: nothing to turn round
    else:
        turned_columns = [
            column if key.better == "higher" else [_Reversed(v) for v in column]
            for key, column in zip(keys, columns, strict=True)
        ]
        turned = list(zip(*turned_columns, strict=True))
    # Sorting is stable, so players equal on every key keep the order they were given in.
    order = sorted(range(count), key=turned.__getitem__, reverse=True)
    names = [key.value for key in keys]
    placements: list[Placement] = [Placement(1, None)] * count
    rank = 1
    for position, player in enumerate(order):
        # The first player is compared with the one just below; everyone else with the one
        # just above, which is the comparison that gave them their place.
        if position > 0:
            neighbour = order[position - 1]
            if turned[neighbour] != turned[player]:
                rank = position + 1
        elif count > 1:
            neighbour = order[1]
        else:
            continue  # alone: first, decided by nothing
        placements[player] = _decide(names, rows[player], rows[neighbour], neighbour, rank, explain)
    return placements


def _decide(
    names: list[str],
    mine: tuple[Any, ...],
    theirs: tuple[Any, ...],
    neighbour: int,
    rank: int,
    explain: bool,
) -> Placement:
    """The place against ``neighbour``: the first key on which their values differ."""
    path: list[dict[str, Any]] = []
    for name, own, other in zip(names, mine, theirs, strict=True):
        if explain:  # a sorted key (a tuple) as the list JSON gives
            path.append(
                {
                    "key": name,
                    "mine": list(own) if isinstance(own, tuple) else own,
                    "theirs": list(other) if isinstance(other, tuple) else other,
                }
            )
        if own != other:
            return Placement(rank, name, path, neighbour)
    return Placement(rank, "shared", path, neighbour)
