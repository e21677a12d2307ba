"""From a validated end state to its result: the interpreted scoring gives the numbers,
scorer.ranking the places; this module puts them together.

The engine (scorer.engine) hands over the interpreted scoring (scorer.interpret): its
functions and the export's declarations; nothing here needs the content models.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorer.ranking import Placement, rank_players
from scorer.result import (
    UNDECIDED,
    PlayerResult,
    Result,
    decided_keys,
    plain_column,
    undecided_tie,
)
from scorer.rivals import RivalResult
from scorer.validate import TableState

if TYPE_CHECKING:
    from scorer.interpret import Interpreted

#: The value id of the total, in games scored by points (schemas.scoring.TOTAL).
TOTAL = "total"


@dataclass(frozen=True)
class Key:
    """A ranking key, as ranking reads it."""

    value: str
    better: str


def assemble(fns: Interpreted, state: TableState, explain: bool = True) -> Result:
    """The result of an end state that validation accepted.

    With ``explain`` off, awards carry no details (place, measure, who tied): the same
    totals, breakdowns and places, for callers that only need those.
    """
    count = len(state.players)
    rivals = fns.scoring.get("rivals", [])
    # Rivals at the table: their rows follow the players' (scorer.rivals).
    rows, present = state.rows()
    # The breakdowns (categories shown, flags as numbers) and totals come written for the
    # game, as the scoring does (scorer.interpret.Interpreted.tally), from the values
    # validation evaluated when it did.
    values, details, breakdowns = fns.tally(state, explain)
    # Keys that read an input with a (tiebreak) problem are not compared: a tie they
    # would break stays undecided (scorer.result.decided_keys).
    keys = decided_keys(fns.keys, state.undecided)
    # Ranked: the players, then the rivals that take a place among them.
    ranked = [present[r["id"]] for r in rivals if r.get("ranked") and r["id"] in present]
    ranked_names = state.names
    if ranked:
        ranked[:0] = range(count)
        labels = {r["id"]: r["label"] for r in rivals}
        everyone = [*state.names, *(labels[r] for r in state.rivals)]
        ranked_names = [everyone[r] for r in ranked]
        placements = rank_players(
            keys, [[values[k.value][r] for r in ranked] for k in keys], explain
        )
    else:  # no rival takes a place: the players' rows come first
        placements = rank_players(keys, [values[k.value][:count] for k in keys], explain)
    if len(keys) < len(fns.keys):  # a tie left after the compared keys is undecided
        placements = [undecided_tie(p, keys, fns.keys) for p in placements]
    allowed, team_won = _allowed(fns, state, rows, values, present)
    # Without explanations every detail is None.
    explained = (
        [(ident, column) for ident, column in details.items() if column is not None]
        if explain
        else []
    )
    players = _players(
        fns, state, values, breakdowns, placements, ranked_names, explained, allowed, team_won
    )
    notices = [
        check["message"]
        for check in fns.scoring.get("end_checks", [])
        if not any(
            fns.end_checks[check["id"]](
                rows, state.options, state.table, state.choice_data, values, present
            )[:count]
        )
    ]
    result = Result(fns.game, dict(state.options), players, notices, team=team_won is not None)
    if present:
        result.rivals = _rivals(fns, values, breakdowns, present, ranked, placements, explained)
    return result


def _allowed(
    fns: Interpreted,
    state: TableState,
    rows: list[dict[str, Any]],
    values: dict[str, list[Any]],
    present: dict[str, int],
) -> tuple[list[Any] | None, bool | None]:
    """Each row's ``win_requires`` (None when the game has none), and, when the players
    win or lose as a team, whether the team won (else None)."""
    count = len(state.players)
    allowed = (
        fns.win_requires(rows, state.options, state.table, state.choice_data, values, present)
        if fns.win_requires is not None
        else None
    )
    if fns.team is not None and fns.team(state.options, state.table, state.choice_data, count):
        # A team wins or loses together: everyone, when every player meets win_requires.
        return allowed, allowed is None or all(bool(a) for a in allowed[:count])
    return allowed, None


def _players(
    fns: Interpreted,
    state: TableState,
    values: dict[str, list[Any]],
    breakdowns: list[dict[str, int]],
    placements: list[Placement],
    ranked_names: list[str],
    explained: list[tuple[str, list[Any]]],
    allowed: list[Any] | None,
    team_won: bool | None,
) -> list[PlayerResult]:
    """The players' results, in one loop (one pass costs less than a list per field).

    A player wins by a first place that is decided, meeting ``win_requires``
    (``allowed``); a team (``team_won`` not None) wins or loses together.
    """
    count = len(state.names)
    # Each later key's values as JSON data, a column at a time.
    later = [(k.value, plain_column(values[k.value][:count])) for k in fns.keys[1:]]
    totals = values[TOTAL] if fns.scoring["kind"] == "points" else None
    keys = None if totals is not None else values[fns.keys[0].value]
    players = []
    for index, name in enumerate(state.names):
        placement = placements[index]
        against = placement.against
        # Loops, not comprehensions: a comprehension is a call of its own in Python 3.11.
        tiebreakers = {}
        for ident, column in later:
            tiebreakers[ident] = column[index]
        explanations = {}
        for ident, column in explained:
            explanations[ident] = column[index]
        players.append(
            PlayerResult(
                name,
                None if totals is None else totals[index],
                None if keys is None else [int(v) for v in keys[index]],
                breakdowns[index],
                placement.rank,
                (
                    placement.rank == 1
                    and placement.decided_by != UNDECIDED
                    and (allowed is None or bool(allowed[index]))
                )
                if team_won is None
                else team_won,
                placement.decided_by,
                None if against is None else ranked_names[against],
                placement.path,
                explanations,
                tiebreakers,
            )
        )
    return players


def _rivals(
    fns: Interpreted,
    values: dict[str, list[Any]],
    breakdowns: list[dict[str, int]],
    present: dict[str, int],
    ranked: list[int],
    placements: list[Placement],
    explained: list[tuple[str, list[Any]]],
) -> list[Any]:
    """The results of the rivals at the table, in declared order."""
    by_points = fns.scoring["kind"] == "points"
    first_key = fns.keys[0].value
    found = []
    for rival in fns.scoring["rivals"]:
        row = present.get(rival["id"])
        if row is None:
            continue
        place = placements[ranked.index(row)] if row in ranked else None
        ranks = rival.get("ranked", False)
        result = RivalResult(
            id=rival["id"],
            name=rival["label"],
            total=values[TOTAL][row] if by_points and ranks else None,
            key=[int(v) for v in values[first_key][row]] if ranks and not by_points else None,
            rank=place.rank if place is not None else None,
            winner=place is not None and place.rank == 1 and rival.get("can_win", False),
            details={ident: column[row] for ident, column in explained},
        )
        if ranks:
            result.breakdown = breakdowns[row]
        found.append(result)
    return found
