"""Which end-state inputs each part of a game's scoring reads.

A problem in an input that no total reads (Viticulture's wine tokens, read only by a
tiebreaker) must not hide the totals: these sets tell the validation which problems
block the totals, which ties stay undecided, and which cross-field checks can run. The
browser runtime gets them in the export, so both runtimes decide alike.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from schemas.game import GameContent


def _direct(node: object) -> tuple[set[str], set[str]]:
    """The inputs and the values ``node`` names itself."""
    # Imported here: reading Needs back (a cached export) needs no content models.
    from schemas.expressions import InputRef, ValueRef
    from schemas.references import nodes

    inputs: set[str] = set()
    values: set[str] = set()
    for _, found in nodes(node):
        if isinstance(found, InputRef):
            inputs.add(found.input)
        elif isinstance(found, ValueRef):
            values.add(found.value)
    return inputs, values


@dataclass(frozen=True)
class Needs:
    """The inputs read by the totals, by each ranking key and by each constraint."""

    #: Inputs the totals (or the first ranking key), the breakdown, the win condition or
    #: an end check read.
    totals: frozenset[str]
    #: Per ranking key after the first (by its value id): the inputs it reads.
    tiebreaks: dict[str, frozenset[str]]
    #: Per constraint id: the inputs it reads.
    constraints: dict[str, frozenset[str]]
    #: Per scoring category id: the inputs its points (and its ``when``) read. The browser
    #: shows a running total from the categories whose inputs are all in.
    categories: dict[str, frozenset[str]] = field(default_factory=dict)
    #: The categories whose points compare players (a majority, a rival, the whole
    #: table): a player's points there wait for every player's entries.
    compared: frozenset[str] = frozenset()

    def to_json(self) -> dict[str, Any]:
        """For the browser runtime (scorer/export.py)."""
        return {
            "totals": sorted(self.totals),
            "tiebreaks": {k: sorted(v) for k, v in self.tiebreaks.items()},
            "constraints": {k: sorted(v) for k, v in self.constraints.items()},
            "categories": {k: sorted(v) for k, v in self.categories.items()},
            "compared": sorted(self.compared),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Needs:
        """What :meth:`to_json` wrote."""
        return cls(
            totals=frozenset(data["totals"]),
            tiebreaks={k: frozenset(v) for k, v in data["tiebreaks"].items()},
            constraints={k: frozenset(v) for k, v in data["constraints"].items()},
            categories={k: frozenset(v) for k, v in data.get("categories", {}).items()},
            compared=frozenset(data.get("compared", ())),
        )


T = TypeVar("T")


def per_game(compute: Callable[[GameContent], T]) -> Callable[[GameContent], T]:
    """``compute`` done once per game's content (content models are immutable)."""
    # By id of the content, with a weak reference that tells a reused id.
    cache: dict[int, tuple[weakref.ref[GameContent], T]] = {}

    @functools.wraps(compute)
    def cached(content: GameContent) -> T:
        found = cache.get(id(content))
        if found is not None and found[0]() is content:
            return found[1]
        value = compute(content)
        cache[id(content)] = (weakref.ref(content), value)
        return value

    return cached


@per_game
def needs(content: GameContent) -> Needs:
    """What each part of ``content``'s scoring reads (computed once per game)."""
    return _compute(content)


def _compute(content: GameContent) -> Needs:
    from schemas.scoring import TOTAL

    scoring = content.scoring
    declared = {v.id: v.compute for v in scoring.values}
    resolved: dict[str, frozenset[str]] = {}

    def of_value(ident: str, seen: frozenset[str] = frozenset()) -> frozenset[str]:
        if ident in resolved:
            return resolved[ident]
        if ident == TOTAL:
            return frozenset().union(*(of_value(c.value, seen) for c in scoring.categories))
        if ident in seen or ident not in declared:
            return frozenset()  # a cycle or a dangling name is a content error, reported there
        inputs, values = _direct(declared[ident])
        found = frozenset(inputs).union(*(of_value(v, seen | {ident}) for v in values))
        resolved[ident] = found
        return found

    def of_node(node: object) -> frozenset[str]:
        if node is None:
            return frozenset()
        inputs, values = _direct(node)
        return frozenset(inputs).union(*(of_value(v) for v in values))

    compared: dict[str, bool] = {}

    def compares(node: object, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``node`` (or a value it names) reads other players or a rival."""
        from schemas.expressions import RivalRef, ValueRef
        from schemas.references import nodes

        for _, found in nodes(node):
            if getattr(type(found), "cross_player", False) or isinstance(found, RivalRef):
                return True
            if isinstance(found, ValueRef) and found.value not in seen:
                if found.value not in compared:
                    compared[found.value] = compares(
                        declared.get(found.value), seen | {found.value}
                    )
                if compared[found.value]:
                    return True
        return False

    keys = scoring.ranking.keys
    totals = frozenset().union(
        of_value(keys[0].value),
        *(of_value(c.value) | of_node(c.when) for c in scoring.categories),
        of_node(scoring.ranking.win_requires),
        *(of_node(check.any_player) for check in scoring.end_checks),
    )
    return Needs(
        totals=totals,
        tiebreaks={key.value: of_value(key.value) for key in keys[1:]},
        constraints={c.id: of_node(c.check) | of_node(c.when) for c in scoring.constraints},
        categories={c.id: of_value(c.value) | of_node(c.when) for c in scoring.categories},
        compared=frozenset(c.id for c in scoring.categories if compares(declared.get(c.value))),
    )
