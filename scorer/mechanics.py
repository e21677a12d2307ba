"""The mechanics: what compares players (awards, neighbours) and the per-player ones
larger than an operator (sets, sorted keys, wildcards, lookups), each written once.

Each function takes plain Python values (one entry per player) and returns the points per
player, plus, for awards, a detail per player that says why (place, measure, who tied):
always made, the caller drops them when it does not explain (scorer.interpret).
The browser runtime (site/assets/calculator/mechanics.js) mirrors these functions one for
one; the conformance cases hold the two to the same results.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from operator import mul
from typing import Any, TypeVar

T = TypeVar("T")
Detail = dict[str, Any]
#: Award points: one number for everyone, or one per player (an expression's values).
Points = int | Sequence[int]


def _each(points: Points, player: int) -> int:
    return points if isinstance(points, int) else points[player]


def lookup(table: Sequence[T], index: int, beyond_zero: bool) -> T | int:
    """``table[index]``; past the end, the last entry or 0; below 0, the first entry.
    (The engine's table holds each entry's function: only the entry read is computed.)"""
    if index < 0:
        index = 0
    if index >= len(table):
        return 0 if beyond_zero else table[-1]
    return table[index]


def set_collection(families: Sequence[int], item_values: Sequence[int]) -> int:
    """Points for sets of different families, the n-th different item worth item_values[n-1].

    Sets are formed greedily; layer k holds one item of every family with at least k items.
    Ordering the families from the largest, the j-th family is the j-th different item of
    every set it is in, so it scores ``item_values[j-1]`` once per item it holds (and
    nothing past the end of ``item_values``).
    """
    # Largest first; a family with no item (or a negative count) is no item of any set.
    ordered = sorted(families, reverse=True)
    if ordered and ordered[-1] < 0:
        ordered = [count for count in ordered if count > 0]
    # An empty family scores 0 however much its place is worth: only negatives need leaving out.
    return sum(map(mul, item_values, ordered))


def sorted_key(values: Sequence[int], descending: bool, keep: int | None) -> tuple[int, ...]:
    """``values`` sorted, keeping only the ``keep`` largest (in the same order)."""
    ordered = sorted(values)
    if keep is not None:
        ordered = ordered[len(ordered) - max(0, min(keep, len(ordered))) :]
    return tuple(reversed(ordered)) if descending else tuple(ordered)


def _places(measures: Sequence[int], at_least: int) -> list[list[int]]:
    """Players who qualify, grouped by equal measure, best first."""
    groups: dict[int, list[int]] = {}
    for i, m in enumerate(measures):  # one pass; each group in the players' order
        if m >= at_least:
            groups.setdefault(m, []).append(i)
    return [groups[level] for level in sorted(groups, reverse=True)]


def rank_award(
    measures: Sequence[int],
    awards: Sequence[int],
    ties: str,
    others: int,
    at_least: int,
    max_gap: int | None,
) -> tuple[list[int], list[Detail]]:
    """Points by place on ``measures``, and each player's detail (place, measure, who tied);
    see schemas.expressions.RankAwardSpec for policies."""
    count = len(measures)
    points = [0] * count
    # Each player's detail is written where their group is placed; who is left did not
    # qualify (no lists of places and groups to read back in a second pass).
    details: list[Detail | None] = [None] * count
    groups = _places(measures, at_least)
    leader = measures[groups[0][0]] if groups else 0
    pooling = ties in ("pool_floor", "pool_nearest")
    place = 0  # 0-based index into awards of the group being placed
    placed = 0
    for group in groups:
        size = len(group)
        if pooling:
            each = _pooled(awards, others, place, size, ties)
        else:
            each = _award(awards, others, place)
        far = place > 0 and max_gap is not None and leader - measures[group[0]] > max_gap
        got = 0 if far else each
        for player in group:
            points[player] = got
            # A group holds every player of its measure (all of them qualify), in order.
            if size == 1:
                tied = []
            else:
                tied = group.copy()
                tied.remove(player)
            details[player] = {
                "place": place + 1,
                "measure": measures[player],
                "tied_with": tied,
                "gap_too_large": far,
            }
        placed += size
        place += 1 if ties == "dense" else size
    if placed < count:
        for player, found in enumerate(details):
            if found is None:
                details[player] = {"place": None, "measure": measures[player], "tied_with": []}
    return points, details  # type: ignore[return-value]  # every entry is written


def _pooled(awards: Sequence[int], others: int, place: int, size: int, ties: str) -> int:
    """Each one's share when ``size`` players tied at ``place`` pool the awards of the
    places they take: rounded down, or to the nearest with a half going down."""
    pooled = sum(_award(awards, others, p) for p in range(place, place + size))
    # Nearest with a half going down: floor((2 * pooled + size - 1) / (2 * size)).
    return pooled // size if ties == "pool_floor" else (2 * pooled + size - 1) // (2 * size)


def _award(awards: Sequence[int], others: int, place: int) -> int:
    return awards[place] if place < len(awards) else others


def _leaders(measures: Sequence[int], at_least: int) -> tuple[int, list[int]]:
    """The best measure and the players who reach it (none if it is under at_least)."""
    best = max(measures, default=0)
    return best, ([i for i, m in enumerate(measures) if m == best] if best >= at_least else [])


def most(measures: Sequence[int], points: Points, at_least: int) -> tuple[list[int], list[Detail]]:
    """``points`` to every player tied for the highest measure (if it reaches at_least),
    and each player's detail (measure, the best, whether they won, who else led)."""
    best, leaders = _leaders(measures, at_least)
    won = set(leaders)
    result = [_each(points, i) if i in won else 0 for i in range(len(measures))]
    details: list[Detail] = [
        {"measure": m, "best": best, "won": i in won, "tied_with": _others(leaders, i, won)}
        for i, m in enumerate(measures)
    ]
    return result, details


def _others(leaders: list[int], player: int, won: set[int]) -> list[int]:
    """The leaders but ``player``, as a list of its own."""
    others = leaders.copy()
    if player in won:  # each player leads once at most
        others.remove(player)
    return others


def held_award(
    measures: Sequence[int],
    holders: Sequence[int],
    holder_points: Points,
    other_points: Points,
    at_least: int,
) -> tuple[list[int], list[Detail]]:
    """An activated objective: best measure scores, the holder more than the others; and
    each player's detail."""
    count = len(measures)
    if not any(holders):
        return [0] * count, [{"measure": m, "active": False} for m in measures]
    # The best measure scores, as in ``most``; each player's points are a holder's or not.
    worth = [_each(holder_points if holders[i] else other_points, i) for i in range(count)]
    points, found = most(measures, worth, at_least)
    details: list[Detail] = [
        {
            "measure": d["measure"],
            "best": d["best"],
            "active": True,
            "won": d["won"],
            "holder": bool(holders[i]),
            "tied_with": d["tied_with"],
        }
        for i, d in enumerate(found)
    ]
    return points, details


def neighbours(
    values: Sequence[int], offsets: Sequence[int], seats: Sequence[int] | None, aggregate: str
) -> list[int]:
    """For each player, ``aggregate`` of ``values`` over the players ``offsets`` seats away.

    Seats are the players' order, or ``seats`` (1 to the number of players). Seats wrap
    round; a player is never their own neighbour (an offset landing on them is skipped).
    """
    count = len(values)
    by_seat = list(range(count)) if seats is None else sorted(range(count), key=seats.__getitem__)
    seat_of = [0] * count
    for place, player in enumerate(by_seat):
        seat_of[player] = place
    result = []
    for player in range(count):
        found = [
            int(values[by_seat[(seat_of[player] + offset) % count]])
            for offset in offsets
            if offset % count
        ]
        if not found:
            result.append(0)
        elif aggregate == "sum":
            result.append(sum(found))
        else:
            result.append(max(found) if aggregate == "maximum" else min(found))
    return result


def _placements(units: int, slots: int) -> Iterator[tuple[int, ...]]:
    """Every way to put ``units`` identical units into ``slots`` ordered slots."""
    if slots == 1:
        yield (units,)
        return
    for first in range(units, -1, -1):
        for rest in _placements(units - first, slots - 1):
            yield (first, *rest)


def best_assignment(
    wildcards: int,
    target: Callable[[dict[str, Any]], Any],
    player: dict[str, Any],
    among: Sequence[str],
) -> int:
    """The largest ``target`` over every placement of ``wildcards`` units among ``among``.

    ``target`` reads a player's inputs; it is called with a copy of ``player`` where each
    input of ``among`` holds its own count plus the units placed on it. See
    schemas.expressions.BestAssignment for the bound on the search.
    """
    best: int | None = None
    for placement in _placements(max(int(wildcards), 0), len(among)):
        trial = dict(player)
        for name, extra in zip(among, placement, strict=True):
            trial[name] = trial[name] + extra
        found = int(target(trial))
        if best is None or found > best:
            best = found
    return 0 if best is None else best
