"""Conformance cases: end states with the results the rules give, run by every engine."""

from typing import Any

from pydantic import Field, model_validator

from schemas.common import Identifier, Strict, Text, empty_list, require_unique


class ExpectedPlayer(Strict):
    name: str
    #: The total, for games with points.
    total: int | None = None
    #: The ranking key, for games ranked without points (Nile's sorted piles).
    key: list[int] | None = None
    #: Points per category; categories left out are not checked.
    breakdown: dict[Identifier, int] = Field(default_factory=dict)
    rank: int = Field(ge=1)
    winner: bool
    #: The ranking key that decided this player's place against their neighbour (the
    #: player just above, or just below for the first), or "shared" for a full tie.
    decided_by: str | None = None


class ExpectedRival(Strict):
    """A rival beside the players (scorer/rivals.py): what it scored and its place."""

    id: Identifier
    #: Its total, for a ranked rival of a game with points.
    total: int | None = None
    #: Its place among the players, for a ranked rival; None when it takes none.
    rank: int | None = Field(default=None, ge=1)
    winner: bool = False


class Case(Strict):
    """One end state and what the rules say it gives."""

    id: Identifier
    title: Text
    #: Where the expected numbers come from: a rulebook example, a worked computation.
    source: Text
    state: dict[str, Any]
    expected: list[ExpectedPlayer] = Field(min_length=1)
    #: The rivals at the table, every one of them, when the case checks them.
    rivals: list[ExpectedRival] | None = None


class ExpectedProblem(Strict):
    """A problem a refused end state must have (scorer/problems.py)."""

    #: Where: ``[players, 0, wheat]``; ``"*"`` for every player.
    loc: list[str | int]
    code: Identifier
    #: Checked when given: the limit broken, the value found, who is concerned.
    params: dict[str, Any] | None = None


class InvalidCase(Strict):
    """An end state that must be refused, with every problem it has and no other."""

    id: Identifier
    title: Text
    state: dict[str, Any]
    problems: list[ExpectedProblem] = Field(min_length=1)


class Cases(Strict):
    cases: list[Case] = Field(min_length=1)
    invalid: list[InvalidCase] = Field(default_factory=empty_list)

    @model_validator(mode="after")
    def _unique_ids(self) -> "Cases":
        ids = [c.id for c in self.cases] + [c.id for c in self.invalid]
        require_unique(ids, "case")
        return self
