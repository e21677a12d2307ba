"""Scoring a validated end state with a stored program, as GameEngine.score_state does.

The state comes from scorer.validate.check_end_state itself (the program runs the real
validator); the numbers come from the compiled functions and the places from
scorer.ranking. This module only puts them together the way the engine does (which
categories are shown, bools as numbers, the total, rivals, undecided ties, winners,
details, end-check notices), reading the game's export instead of the content models.
tests/test_program.py holds the two to the same results.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.ranking import rank_players
from scorer.result import (
    UNDECIDED,
    PlayerResult,
    Result,
    decided_keys,
    plain_key,
    undecided_tie,
)
from scorer.rivals import RivalResult
from scorer.validate import TableState


@dataclass(frozen=True)
class _Key:
    """What rank_players reads of a ranking key."""

    value: str
    better: str


def score(data: dict[str, Any], functions: dict[str, Any], state: TableState) -> dict[str, Any]:
    """The result of a validated end state, as ``Result.to_json()`` gives it."""
    scoring = data["export"]["scoring"]
    rivals: list[dict[str, Any]] = scoring.get("rivals", [])
    options, table, choice_data = state.options, state.table, state.choice_data
    count = len(state.players)
    rows = state.players
    present = {rival: count + k for k, rival in enumerate(state.rivals)}
    extra: tuple[dict[str, int], ...] = ()
    if rivals:
        rows, extra = [*state.players, *state.rivals.values()], (present,)
    values, details = functions["evaluate"](rows, options, table, choice_data, True, *extra)
    category_when = functions["category_when"]
    shown = [
        (ident, value)
        for ident, value in data["categories"]
        if ident not in category_when or category_when[ident](options, table, choice_data, count)
    ]
    ids = [ident for ident, _ in shown]
    numeric = set(data["bool_values"])
    columns = [
        list(map(int, values[value])) if value in numeric else values[value] for _, value in shown
    ]
    lines = list(zip(*columns, strict=True)) if columns else [()] * len(rows)
    by_points = data["kind"] == "points"
    total = data["total"]
    if by_points:
        values[total] = list(map(sum, lines))
    every_key = [_Key(value, better) for value, better in data["keys"]]
    keys = decided_keys(every_key, state.undecided)  # type: ignore[arg-type]
    ranked = list(range(count))
    ranked_names: list[str] = state.names
    if rivals:
        ranked += [present[r["id"]] for r in rivals if r.get("ranked") and r["id"] in present]
        labels = {r["id"]: r["label"] for r in rivals}
        everyone = [*state.names, *(labels[r] for r in state.rivals)]
        ranked_names = [everyone[r] for r in ranked]
    by_row = [[values[k.value][r] for r in ranked] for k in keys]
    placements = rank_players(keys, by_row, True)
    win_requires = functions["win_requires"]
    allowed = (
        win_requires(rows, options, table, choice_data, values, *extra)
        if win_requires is not None
        else None
    )
    team_rule = functions.get("team")
    team = team_rule is not None and bool(team_rule(options, table, choice_data, count))
    # A team wins or loses together: everyone, when every player meets win_requires.
    team_won = team and (allowed is None or all(bool(a) for a in allowed[:count]))
    explained = [
        (ident, details[value]) for ident, value in shown if details.get(value) is not None
    ]
    first_key = every_key[0].value
    players = []
    for index, name in enumerate(state.names):
        placement = undecided_tie(placements[index], keys, every_key)  # type: ignore[arg-type]
        players.append(
            PlayerResult(
                name=name,
                total=values[total][index] if by_points else None,
                key=None if by_points else [int(v) for v in values[first_key][index]],
                breakdown=dict(zip(ids, lines[index], strict=True)),
                rank=placement.rank,
                winner=team_won
                if team
                else placement.rank == 1
                and placement.decided_by != UNDECIDED
                and (allowed is None or bool(allowed[index])),
                decided_by=placement.decided_by,
                against=ranked_names[placement.against] if placement.against is not None else None,
                tiebreak=placement.path,
                details={ident: column[index] for ident, column in explained if column is not None},
                tiebreakers={k.value: plain_key(values[k.value][index]) for k in every_key[1:]},
            )
        )
    checks = functions["end_checks"]
    notices = [
        message
        for ident, message in data["end_checks"]
        if not any(checks[ident](rows, options, table, choice_data, values, *extra)[:count])
    ]
    result = Result(data["export"]["game"], dict(options), players, notices)
    for rival in rivals:
        row = present.get(rival["id"])
        if row is None:
            continue
        place = placements[ranked.index(row)] if row in ranked else None
        is_ranked = bool(rival.get("ranked"))
        found = RivalResult(
            id=rival["id"],
            name=rival["label"],
            total=values[total][row] if by_points and is_ranked else None,
            key=[int(v) for v in values[first_key][row]] if is_ranked and not by_points else None,
            rank=place.rank if place is not None else None,
            winner=place is not None and place.rank == 1 and bool(rival.get("can_win")),
            details={ident: column[row] for ident, column in explained if column is not None},
        )
        if is_ranked:
            found.breakdown = dict(zip(ids, lines[row], strict=True))
        result.rivals.append(found)
    return result.to_json()
