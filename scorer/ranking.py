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
    # Each player's values, key by key. Here and below the sequences zipped have one entry
    # per player or per key by construction, and zip's ``strict`` costs a keyword dict per
    # call on the path of every state scored.
    rows = list(zip(*columns))  # noqa: B905
    names = [key.value for key in keys]
    if count < 2 or not names:
        return [Placement(1, None)] * count  # alone: first, decided by nothing
    if "lower" in [key.better for key in keys]:
        turned_columns = [
            column if key.better == "higher" else [_Reversed(v) for v in column]
            for key, column in zip(keys, columns, strict=True)
        ]
        turned = list(zip(*turned_columns, strict=True))
    else:
        turned = rows  # the usual case: nothing to turn round
    # Sorting is stable, so players equal on every key keep the order they were given in.
    order = sorted(range(count), key=turned.__getitem__, reverse=True)
    if not explain:
        return _places_without_paths(names, rows, order)
    # A sorted key (a tuple) is shown in the path as the list JSON gives; a key's values
    # are all of one kind, so the first row tells.
    sequences = any(isinstance(value, tuple) for value in rows[0])
    placements: list[Placement] = [None] * count  # type: ignore[list-item]
    rank = 1
    for position, player in enumerate(order):
        # The first player is compared with the one just below; everyone else with the one
        # just above, which is the comparison that gave them their place.
        neighbour = order[position - 1] if position else order[1]
        # Every key compared with the neighbour until one differs, and the one that did.
        path: list[dict[str, Any]] = []
        decided = "shared"
        for name, own, other in zip(names, rows[player], rows[neighbour]):  # noqa: B905
            if sequences:
                path.append({"key": name, "mine": _shown(own), "theirs": _shown(other)})
            else:
                path.append({"key": name, "mine": own, "theirs": other})
            if own != other:
                decided = name
                break
        # Equal on every key: the place above is shared (turning keys round keeps equality).
        if position and decided != "shared":
            rank = position + 1
        placements[player] = Placement(rank, decided, path, neighbour)
    return placements


def _shown(value: Any) -> Any:
    """A key's value as JSON gives it: a sorted key (a tuple) as a list."""
    return list(value) if isinstance(value, tuple) else value


def _places_without_paths(
    names: list[str], rows: list[tuple[Any, ...]], order: list[int]
) -> list[Placement]:
    """The places of players in ``order`` (best first), without tiebreak paths.

    The same places and deciding keys as the loop with paths, in fewer steps: scoring a
    state without explanations is mostly this and the compiled tally.
    """
    placements: list[Placement] = [None] * len(order)  # type: ignore[list-item]
    first = names[0]
    rank = 1
    # The first player is compared with the one just below, everyone else with the one
    # just above.
    above, theirs = order[1], rows[order[1]]
    for position, player in enumerate(order):
        mine = rows[player]
        if mine[0] != theirs[0]:  # the usual case: the first key decides
            decided = first
            if position:
                rank = position + 1
        else:  # the first key that differs; equal on every key, the place above is shared
            decided = _differing(names, mine, theirs)
            if position and decided != "shared":
                rank = position + 1
        placements[player] = Placement(rank, decided, [], above)
        above, theirs = player, mine
    return placements


def _differing(names: list[str], mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> str:
    """The first key on which two players differ, or "shared"."""
    for name, own, other in zip(names, mine, theirs):  # noqa: B905
        if own != other:
            return name
    return "shared"
