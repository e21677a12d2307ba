"""The cross-player mechanics and the few per-player ones too large to inline.

Each function takes plain Python values (one entry per player) and returns the points per
player, plus, for awards, a detail per player that says why (place, measure, who tied).
The browser runtime (site/assets/calculator/mechanics.js) mirrors these functions one for
one; the conformance cases hold the two to the same results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Detail = dict[str, Any]


def lookup(table: Sequence[int], index: int, beyond_zero: bool) -> int:
    """``table[index]``; past the end, the last entry or 0; below 0, the first entry."""
    if index < 0:
        index = 0
    if index >= len(table):
        return 0 if beyond_zero else table[-1]
    return table[index]


def set_collection(families: Sequence[int], item_values: Sequence[int]) -> int:
    """Points for sets of different families, the n-th different item worth item_values[n-1].

    Sets are formed greedily; layer k holds one item of every family with at least k items,
    so the score is the sum over layers of the first ``size`` item values.
    """
    prefix = [0]
    for value in item_values:
        prefix.append(prefix[-1] + value)
    total = 0
    layer = 1
    while True:
        size = sum(1 for count in families if count >= layer)
        if size == 0:
            return total
        total += prefix[min(size, len(item_values))]
        layer += 1


def sorted_key(values: Sequence[int], descending: bool, keep: int | None) -> tuple[int, ...]:
    """``values`` sorted, keeping only the ``keep`` largest (in the same order)."""
    ordered = sorted(values)
    if keep is not None:
        ordered = ordered[len(ordered) - max(0, min(keep, len(ordered))) :]
    return tuple(reversed(ordered)) if descending else tuple(ordered)


def _places(measures: Sequence[int], at_least: int) -> list[list[int]]:
    """Players who qualify, grouped by equal measure, best first."""
    levels = sorted({m for m in measures if m >= at_least}, reverse=True)
    return [[i for i, m in enumerate(measures) if m == level] for level in levels]


def rank_award(
    measures: Sequence[int],
    awards: Sequence[int],
    ties: str,
    others: int,
    at_least: int,
    max_gap: int | None,
) -> tuple[list[int], list[Detail | None]]:
    """Points by place on ``measures``; see schemas.expressions.RankAwardSpec for policies."""
    points = [0] * len(measures)
    details: list[Detail | None] = [None] * len(measures)
    groups = _places(measures, at_least)
    leader = measures[groups[0][0]] if groups else 0
    place = 0  # 0-based index into awards of the group being placed
    for group in groups:
        if ties == "pool_floor":
            pooled = sum(_award(awards, others, p) for p in range(place, place + len(group)))
            each = pooled // len(group)
        else:
            each = _award(awards, others, place)
        gap = leader - measures[group[0]]
        if place > 0 and max_gap is not None and gap > max_gap:
            each = 0
        for player in group:
            points[player] = each
            details[player] = {
                "place": place + 1,
                "measure": measures[player],
                "tied_with": [p for p in group if p != player],
                "gap_too_large": place > 0 and max_gap is not None and gap > max_gap,
            }
        place += 1 if ties == "dense" else len(group)
    for player, measure in enumerate(measures):
        if details[player] is None:
            details[player] = {"place": None, "measure": measure, "tied_with": []}
    return points, details


def _award(awards: Sequence[int], others: int, place: int) -> int:
    return awards[place] if place < len(awards) else others


def most(
    measures: Sequence[int], points: int, at_least: int
) -> tuple[list[int], list[Detail | None]]:
    """``points`` to every player tied for the highest measure (if it reaches at_least)."""
    best = max(measures, default=0)
    leaders = [i for i, m in enumerate(measures) if m == best] if best >= at_least else []
    result = [points if i in leaders else 0 for i in range(len(measures))]
    details: list[Detail | None] = [
        {
            "measure": m,
            "best": best,
            "won": i in leaders,
            "tied_with": [p for p in leaders if p != i],
        }
        for i, m in enumerate(measures)
    ]
    return result, details


def held_award(
    measures: Sequence[int],
    holders: Sequence[int],
    holder_points: int,
    other_points: int,
    at_least: int,
) -> tuple[list[int], list[Detail | None]]:
    """An activated objective: best measure scores, the holder more than the others."""
    count = len(measures)
    if not any(holders):
        return [0] * count, [{"measure": m, "active": False} for m in measures]
    best = max(measures, default=0)
    leaders = [i for i, m in enumerate(measures) if m == best] if best >= at_least else []
    points = [
        (holder_points if holders[i] else other_points) if i in leaders else 0 for i in range(count)
    ]
    details: list[Detail | None] = [
        {
            "measure": m,
            "best": best,
            "active": True,
            "won": i in leaders,
            "holder": bool(holders[i]),
            "tied_with": [p for p in leaders if p != i],
        }
        for i, m in enumerate(measures)
    ]
    return points, details
