"""Scoring an accepted end state with a stored program, as GameEngine.score_state does.

The numbers come from the compiled functions themselves and the places from
scorer.ranking; this module only puts them together the way the engine does (which
categories are shown, bools as numbers, the total, winners, details, end-check notices).
tests/test_program.py holds the two to the same results.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.program.accept import Accepted
from scorer.ranking import rank_players
from scorer.result import PlayerResult, Result


@dataclass(frozen=True)
class _Key:
    """What rank_players reads of a ranking key."""

    value: str
    better: str


def score(data: dict[str, Any], functions: dict[str, Any], accepted: Accepted) -> dict[str, Any]:
    """The result of an accepted end state, as ``Result.to_json()`` gives it."""
    names, players, options, table, choice_data = accepted
    count = len(players)
    values, details = functions["evaluate"](players, options, table, choice_data, True)
    category_when = functions["category_when"]
    shown = [
        (ident, value)
        for ident, value in data["categories"]
        if ident not in category_when or category_when[ident](options, table, choice_data, count)
    ]
    numeric = set(data["bool_values"])
    columns = [
        list(map(int, values[value])) if value in numeric else values[value] for _, value in shown
    ]
    rows = list(zip(*columns, strict=True)) if columns else [()] * count
    by_points = data["kind"] == "points"
    if by_points:
        values[data["total"]] = list(map(sum, rows))
    keys = [_Key(value, better) for value, better in data["keys"]]
    placements = rank_players(keys, [values[k.value] for k in keys], True)  # type: ignore[arg-type]
    win_requires = functions["win_requires"]
    allowed = (
        win_requires(players, options, table, choice_data, values)
        if win_requires is not None
        else None
    )
    explained = [
        (ident, details[value]) for ident, value in shown if details.get(value) is not None
    ]
    first_key = keys[0].value
    results = []
    for index, name in enumerate(names):
        placement = placements[index]
        results.append(
            PlayerResult(
                name=name,
                total=values[data["total"]][index] if by_points else None,
                key=None if by_points else [int(v) for v in values[first_key][index]],
                breakdown=dict(zip([ident for ident, _ in shown], rows[index], strict=True)),
                rank=placement.rank,
                winner=placement.rank == 1 and (allowed is None or bool(allowed[index])),
                decided_by=placement.decided_by,
                against=names[placement.against] if placement.against is not None else None,
                tiebreak=placement.path,
                details={ident: column[index] for ident, column in explained if column is not None},
            )
        )
    checks = functions["end_checks"]
    notices = [
        message
        for ident, message in data["end_checks"]
        if not any(checks[ident](players, options, table, choice_data, values))
    ]
    return Result(data["export"]["game"], dict(options), results, notices).to_json()
