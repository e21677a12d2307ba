"""From a validated end state to its result: the interpreted scoring gives the numbers,
scorer.ranking the places; this module puts them together.

The engine (scorer.engine) hands over a plain :class:`Plan` read from the game's export
and the interpreted scoring (scorer.interpret); nothing here needs the content models.
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


@dataclass(frozen=True)
class Rival:
    """A declared rival (a participant who is not a player), as a result reads it."""

    id: str
    label: str
    ranked: bool = False
    can_win: bool = False


@dataclass(frozen=True)
class Plan:
    """What scoring reads of a game besides its functions, as plain data read from its
    export (scorer.engine.plan_of)."""

    game: str
    #: "points" (a total) or the name of a kind ranked by its first key alone.
    kind: str
    keys: tuple[Key, ...]
    #: (end check id, the notice when no player meets it).
    end_checks: tuple[tuple[str, str], ...] = ()
    rivals: tuple[Rival, ...] = ()


def assemble(plan: Plan, fns: Interpreted, state: TableState, explain: bool = True) -> Result:
    """The result of an end state that validation accepted.

    With ``explain`` off, awards carry no details (place, measure, who tied): the same
    totals, breakdowns and places, for callers that only need those.
    """
    count = len(state.players)
    rows = state.players
    present: dict[str, int] = {}
    extra: tuple[dict[str, int], ...] = ()
    if plan.rivals:  # rivals at the table: their rows follow the players' (scorer.rivals)
        if state.rivals:
            present = {rival: count + k for k, rival in enumerate(state.rivals)}
            rows = [*state.players, *state.rivals.values()]
        extra = (present,)
    # The breakdowns (categories shown, flags as numbers) and totals come written for the
    # game, as the scoring does (scorer.interpret.Interpreted.tally).
    values, details, breakdowns = fns.tally(
        rows, state.options, state.table, state.choice_data, explain, *extra
    )
    # Keys that read an input with a (tiebreak) problem are not compared: a tie they
    # would break stays undecided (scorer.result.decided_keys).
    keys = decided_keys(plan.keys, state.undecided) if state.undecided else plan.keys
    # Ranked: the players, then the rivals that take a place among them.
    ranked = [present[r.id] for r in plan.rivals if r.ranked and r.id in present] if present else []
    ranked_names = state.names
    if ranked:
        ranked[:0] = range(count)
        labels = {r.id: r.label for r in plan.rivals}
        everyone = [*state.names, *(labels[r] for r in state.rivals)]
        ranked_names = [everyone[r] for r in ranked]
        placements = rank_players(
            keys, [[values[k.value][r] for r in ranked] for k in keys], explain
        )
    else:  # no rival takes a place: the players' rows come first
        placements = rank_players(keys, [values[k.value][:count] for k in keys], explain)
    if len(keys) < len(plan.keys):  # a tie left after the compared keys is undecided
        placements = [undecided_tie(p, keys, plan.keys) for p in placements]
    allowed, team_won = (
        _allowed(fns, state, rows, values, extra)
        if fns.win_requires is not None or fns.team is not None
        else (None, None)
    )
    # Without explanations every detail is None.
    explained = (
        [(ident, column) for ident, column in details.items() if column is not None]
        if explain
        else []
    )
    players = _players(
        plan, state, values, breakdowns, placements, ranked_names, explained, allowed, team_won
    )
    notices = (
        [
            message
            for ident, message in plan.end_checks
            if not any(
                fns.end_checks[ident](
                    rows, state.options, state.table, state.choice_data, values, *extra
                )[:count]
            )
        ]
        if plan.end_checks
        else []
    )
    result = Result(plan.game, dict(state.options), players, notices, team=team_won is not None)
    if present:
        result.rivals = _rivals(plan, values, breakdowns, present, ranked, placements, explained)
    return result


def _allowed(
    fns: Interpreted,
    state: TableState,
    rows: list[dict[str, Any]],
    values: dict[str, list[Any]],
    extra: tuple[dict[str, int], ...],
) -> tuple[list[Any] | None, bool | None]:
    """Each row's ``win_requires`` (None when the game has none), and, when the players
    win or lose as a team, whether the team won (else None)."""
    count = len(state.players)
    allowed = (
        fns.win_requires(rows, state.options, state.table, state.choice_data, values, *extra)
        if fns.win_requires is not None
        else None
    )
    if fns.team is not None and fns.team(state.options, state.table, state.choice_data, count):
        # A team wins or loses together: everyone, when every player meets win_requires.
        return allowed, allowed is None or all(bool(a) for a in allowed[:count])
    return allowed, None


def _players(
    plan: Plan,
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
    later = [(k.value, plain_column(values[k.value][:count])) for k in plan.keys[1:]]
    totals = values[TOTAL] if plan.kind == "points" else None
    keys = None if totals is not None else values[plan.keys[0].value]
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
    plan: Plan,
    values: dict[str, list[Any]],
    breakdowns: list[dict[str, int]],
    present: dict[str, int],
    ranked: list[int],
    placements: list[Placement],
    explained: list[tuple[str, list[Any]]],
) -> list[Any]:
    """The results of the rivals at the table, in declared order."""
    by_points = plan.kind == "points"
    first_key = plan.keys[0].value
    found = []
    for rival in plan.rivals:
        row = present.get(rival.id)
        if row is None:
            continue
        place = placements[ranked.index(row)] if row in ranked else None
        result = RivalResult(
            id=rival.id,
            name=rival.label,
            total=values[TOTAL][row] if by_points and rival.ranked else None,
            key=[int(v) for v in values[first_key][row]]
            if rival.ranked and not by_points
            else None,
            rank=place.rank if place is not None else None,
            winner=place is not None and place.rank == 1 and rival.can_win,
            details={ident: column[row] for ident, column in explained},
        )
        if rival.ranked:
            result.breakdown = breakdowns[row]
        found.append(result)
    return found
