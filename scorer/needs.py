"""Which end-state inputs each part of a game's scoring reads.

A problem in an input that no total reads (Viticulture's wine tokens, read only by a
tiebreaker) must not hide the totals: these sets tell the validation which problems
block the totals, which ties stay undecided, and which cross-field checks can run. The
browser runtime gets them in the export, so both runtimes decide alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorer.relevance import Derivation, Json

if TYPE_CHECKING:
    from schemas.game import GameContent


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


def needs(content: GameContent) -> Needs:
    """What each part of ``content``'s scoring reads."""
    from schemas.expressions import CROSS_PLAYER_NODES

    scoring = content.dump("scoring")["scoring"]
    return needs_of(scoring, frozenset(m.node_name() for m in CROSS_PLAYER_NODES))


def needs_of(scoring: Json, cross_player: frozenset[str]) -> Needs:
    """What each part of an exported scoring reads, by the walk that derives which inputs
    count for a player (scorer.relevance), its conditions left aside."""
    from scorer.assemble import TOTAL  # (assemble reads validation, which reads this)

    walk = Derivation(scoring, cross_player)
    # The total reads every category's value (not their ``when``).
    walk.values.setdefault(TOTAL, [{"value": c["value"]} for c in scoring["categories"]])

    def reads(*nodes: Any) -> frozenset[str]:
        found: dict[str, list[tuple[str, ...]]] = {}
        walk.walk(list(nodes), (), found)
        return frozenset(found)

    def compares(node: Any, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``node`` (or a value it names) reads other players or a rival."""
        if isinstance(node, list):
            return any(compares(item, seen) for item in node)
        if not isinstance(node, dict):
            return False
        if len(node) == 1:
            ((name, arg),) = node.items()
            if name in cross_player or name == "rival":
                return True
            if name == "value" and arg not in seen and arg != TOTAL:
                return compares(walk.values.get(arg), seen | {arg})
        return any(compares(item, seen) for item in node.values())

    categories = scoring["categories"]
    keys = [{"value": key["value"]} for key in scoring["ranking"]["keys"]]
    return Needs(
        # What the totals, the breakdown, the first key, the win and the end checks read.
        totals=frozenset(walk.roots(tiebreaks=False)),
        tiebreaks={key["value"]: reads(key) for key in keys[1:]},
        constraints={
            c["id"]: reads(c["check"], c.get("when")) for c in scoring.get("constraints", [])
        },
        categories={c["id"]: reads({"value": c["value"]}, c.get("when")) for c in categories},
        compared=frozenset(c["id"] for c in categories if compares({"value": c["value"]})),
    )
