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
    scorer.assemble.Key (a cached export is ranked without the models)."""

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
    turned_columns = [
        column if key.better == "higher" else [_Reversed(v) for v in column]
        for key, column in zip(keys, columns, strict=True)
    ]
    turned = list(zip(*turned_columns, strict=True))
    # Sorting is stable, so players equal on every key keep the order they were given in.
    order = sorted(range(count), key=turned.__getitem__, reverse=True)
    return _placed(names, rows, order, explain)


def _placed(
    names: list[str], rows: list[tuple[Any, ...]], order: list[int], paths: bool
) -> list[Placement]:
    """The places of players in ``order`` (best first), with tiebreak paths if ``paths``.

    Each player is compared with the one just above (the first with the one just below):
    the first key that differs decides, and equal on every key the place above is shared.
    """
    placements: list[Placement] = [None] * len(order)  # type: ignore[list-item]
    rank = 1
    above, theirs = order[1], rows[order[1]]
    for position, player in enumerate(order):
        mine = rows[player]
        if position and mine != theirs:
            rank = position + 1
        path = _path(names, mine, theirs)  # made always, kept when asked for
        last = path[-1]
        decided = last["key"] if last["mine"] != last["theirs"] else "shared"
        placements[player] = Placement(rank, decided, path if paths else [], above)
        above, theirs = player, mine
    return placements


def _path(names: list[str], mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Every key compared between two players until one differs, that one included; a
    sorted key (a tuple) as the list JSON gives."""
    path = []
    for name, own, other in zip(names, mine, theirs):  # noqa: B905
        path.append(
            {
                "key": name,
                "mine": list(own) if isinstance(own, tuple) else own,
                "theirs": list(other) if isinstance(other, tuple) else other,
            }
        )
        if own != other:
            break
    return path
