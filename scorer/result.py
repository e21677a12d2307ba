"""What scoring gives: per player a total or ranking key, a breakdown, a place and why."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from scorer.plain import plain

if TYPE_CHECKING:
    from scorer.ranking import KeyLike, Placement

    K = TypeVar("K", bound=KeyLike)

#: ``decided_by`` of a player whose tie only a key that reads a faulty input could break.
UNDECIDED = "undecided"


@dataclass(slots=True)
class PlayerResult:
    name: str
    #: The total, for games with points; None for games ranked by a key alone.
    total: int | None
    #: The ranking key, for games ranked without points (Nile's sorted piles).
    key: list[int] | None
    #: Points (or counts, for key-ranked games) per breakdown category, in declared order.
    breakdown: dict[str, int]
    rank: int
    winner: bool
    #: The ranking key that separated this player from their neighbour, "shared", or
    #: "undecided" when only a key that reads an input with a problem could break the tie
    #: (that player is then no winner until the input is fixed).
    decided_by: str | None
    #: The neighbour the place was decided against.
    against: str | None = None
    #: The keys compared with that neighbour, in order, until one differed.
    tiebreak: list[dict[str, Any]] = field(default_factory=list)
    #: Why each award went where it did, per category (place, measure, who tied).
    details: dict[str, Any] = field(default_factory=dict)
    #: The player's value of every ranking key after the first (Tokaido's achievement
    #: cards), so a tiebreak can be read even where it decided nothing.
    tiebreakers: dict[str, Any] = field(default_factory=dict)


@dataclass
class Result:
    game: str
    options: dict[str, Any]
    players: list[PlayerResult]
    notices: list[str] = field(default_factory=list)
    #: Participants that are not players (scorer.rivals.RivalResult), after the players.
    rivals: list[Any] = field(default_factory=list)
    #: Whether the players won or lost as one team (``ranking.team`` held): the verdict
    #: (scorer.verdict) speaks of the team, not of each player.
    team: bool = False

    @property
    def winners(self) -> list[str]:
        """The players who won, then any rival the rules let win."""
        return [p.name for p in self.players if p.winner] + [
            r.name for r in self.rivals if r.winner
        ]

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``--json`` and the conformance runner."""
        data: dict[str, Any] = plain(self)
        data["winners"] = self.winners
        return data


def decided_keys(keys: Sequence[K], undecided: Collection[str]) -> list[K]:
    """The ranking keys before the first one that cannot be compared."""
    kept = []
    for key in keys:
        if key.value in undecided:
            break
        kept.append(key)
    return kept


def undecided_tie(
    placement: Placement, compared: Sequence[KeyLike], keys: Sequence[KeyLike]
) -> Placement:
    """A tie left after the compared keys is undecided when keys were left out."""
    if placement.decided_by == "shared" and len(compared) < len(keys):
        return replace(placement, decided_by=UNDECIDED)
    return placement


def plain_key(value: Any) -> Any:
    """A ranking key's value as JSON data: a number, or a list of numbers (sorted piles)."""
    if isinstance(value, (list, tuple)):
        return [int(v) for v in value]
    return int(value)


def plain_column(column: list[Any]) -> list[Any]:
    """:func:`plain_key` of every value of ``column``."""
    return list(map(plain_key, column))
