"""What scoring gives: per player a total or ranking key, a breakdown, a place and why."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


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
    #: The ranking key that separated this player from their neighbour, or "shared".
    decided_by: str | None
    #: The neighbour the place was decided against.
    against: str | None = None
    #: The keys compared with that neighbour, in order, until one differed.
    tiebreak: list[dict[str, Any]] = field(default_factory=list)
    #: Why each award went where it did, per category (place, measure, who tied).
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class Result:
    game: str
    options: dict[str, Any]
    players: list[PlayerResult]
    notices: list[str] = field(default_factory=list)
    #: Participants that are not players (scorer.rivals.RivalResult), after the players.
    rivals: list[Any] = field(default_factory=list)

    @property
    def winners(self) -> list[str]:
        """The players who won, then any rival the rules let win."""
        return [p.name for p in self.players if p.winner] + [
            r.name for r in self.rivals if r.winner
        ]

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``--json`` and the conformance runner."""
        data = asdict(self)
        data["winners"] = self.winners
        return data
