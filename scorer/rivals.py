"""Rivals: participants that are not players (schemas.scoring.Rival).

An end state gives what the table counts for each rival at the table under
``rivals: {<id>: {<input>: value}}``. Each rival present becomes one more row of the
evaluation, after the players: its inputs as given, its ``fixed`` ones as the rules set
them, every other input empty (the players' defaults). The interpreted scoring computes its
values like a player's; comparisons include it only where a node says ``rivals: true``.

Results list rivals apart from the players (``Result.rivals``), each flagged
``rival: true``; a ``ranked`` rival takes a place among the players by the same ranking
keys, and wins only if the rules say it can (``can_win``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorer.problems import Problem

if TYPE_CHECKING:
    from scorer.facts import GameFacts
    from scorer.interpret import Interpreted


@dataclass(slots=True)
class RivalResult:
    """A rival beside the players: what it scored, and its place when it is ranked."""

    id: str
    name: str
    rival: bool = True
    total: int | None = None
    key: list[int] | None = None
    breakdown: dict[str, int] = field(default_factory=dict)
    #: Its place among the players and ranked rivals; None for a rival that is not ranked.
    rank: int | None = None
    winner: bool = False
    details: dict[str, Any] = field(default_factory=dict)


def rival_rows(
    facts: GameFacts,
    compiled: Interpreted,
    given: dict[str, Any],
    options: dict[str, Any],
    table: dict[str, Any],
    choice_data: dict[str, dict[str, list[int]]],
    count: int,
) -> tuple[dict[str, dict[str, Any]], list[Problem]]:
    """The rows of the rivals at the table, by id, and the problems of what was given.

    ``given`` is the end state's ``rivals`` object as entered, its fields already checked.
    """
    rows: dict[str, dict[str, Any]] = {}
    problems: list[Problem] = []
    for rival in facts.rivals:
        when = compiled.rival_when.get(rival["id"])
        present = when is None or bool(when(options, table, choice_data, count))
        values = given.get(rival["id"])
        if not present:
            # Each value entered for a rival that is not at the table, as a player's is.
            for ident, value in (values or {}).items():
                loc = ("rivals", rival["id"], ident)
                problems.append(Problem(loc, "not_used", {"value": value}))
            continue
        # A player's inputs with nothing entered (a pile of its own), then the rival's fixed
        # ones: a constant, or computed from the options, the table and the player count.
        row = {k: list(v) if isinstance(v, list) else v for k, v in facts.defaults.items()}
        for ident, fixed in rival.get("fixed", {}).items():
            computed = compiled.rival_fixed.get((rival["id"], ident))
            row[ident] = (
                fixed if computed is None else int(computed(options, table, choice_data, count))
            )
        row.update(values or {})
        facts.fill_rows(row)
        for spec in facts.inputs:
            if spec["kind"] == "position" and row.get(spec["id"]) is None:
                row[spec["id"]] = 0
        rows[rival["id"]] = row
    return rows, problems
