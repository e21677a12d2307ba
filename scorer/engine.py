"""The engine: a game's content compiled once, then any number of end states scored."""

from __future__ import annotations

from typing import Any

from schemas.game import GameContent
from schemas.scoring import TOTAL, Category
from scorer.compiler import CompiledScoring, compile_scoring
from scorer.export import export_game
from scorer.facts import GameFacts
from scorer.ranking import Placement, rank_players
from scorer.result import (
    UNDECIDED,
    PlayerResult,
    Result,
    decided_keys,
    plain_key,
    undecided_tie,
)
from scorer.rivals import RivalResult
from scorer.validate import TableState, check_end_state


class GameEngine:
    """Scores end states of one game. Build it once per game; it is cheap to reuse."""

    def __init__(self, content: GameContent):
        self.content = content
        self.compiled: CompiledScoring = compile_scoring(content)
        #: What validation reads of the game: its export, as the browser runtime reads it.
        self.facts = GameFacts(export_game(content))
        self._shown: dict[tuple[Any, ...], list[Category]] = {}

    def check(self, raw: Any) -> TableState:
        """Validate an end state (parsed JSON); raise scorer.validate.EndStateError."""
        return check_end_state(self.facts, self.compiled, raw)

    def score(self, raw: Any) -> Result:
        """Validate and score an end state (parsed JSON)."""
        return self.score_state(self.check(raw))

    def score_state(self, state: TableState, explain: bool = True) -> Result:
        """Score an end state that ``check`` already accepted.

        With ``explain`` off, awards carry no details (place, measure, who tied): the same
        totals, breakdowns and places, for callers that only need those.
        """
        scoring = self.content.scoring
        compiled = self.compiled
        count = len(state.players)
        rows = state.players
        # Rivals at the table: their rows follow the players' (scorer.rivals).
        present = {rival: count + k for k, rival in enumerate(state.rivals)}
        extra: tuple[dict[str, int], ...] = ()
        if scoring.rivals:
            rows, extra = [*state.players, *state.rivals.values()], (present,)
        values, details = compiled.evaluate(
            rows, state.options, state.table, state.choice_data, explain, *extra
        )
        shown = self._shown_categories(state, count)
        ids = [c.id for c in shown]
        # Flags and comparisons are bools in Python; a breakdown is numbers.
        numeric = compiled.bool_values
        columns = [
            list(map(int, values[c.value])) if c.value in numeric else values[c.value]
            for c in shown
        ]
        lines = list(zip(*columns, strict=True)) if columns else [()] * len(rows)
        by_points = scoring.kind == "points"
        if by_points:
            values[TOTAL] = list(map(sum, lines))
        # Keys that read an input with a (tiebreak) problem are not compared: a tie they
        # would break stays undecided (scorer.result.decided_keys).
        keys = decided_keys(scoring.ranking.keys, state.undecided)
        ranked_names = state.names
        ranked: list[int] = list(range(count))
        if scoring.rivals:
            # Ranked: the players, then the rivals that take a place among them.
            ranked += [present[r.id] for r in scoring.rivals if r.ranked and r.id in present]
            labels = {r.id: r.label for r in scoring.rivals}
            ranked_names = [[*state.names, *(labels[r] for r in state.rivals)][r] for r in ranked]
            by_row = [[values[k.value][r] for r in ranked] for k in keys]
            placements = rank_players(keys, by_row, explain)
        else:
            placements = rank_players(keys, [values[k.value] for k in keys], explain)
        allowed = (
            compiled.win_requires(
                rows, state.options, state.table, state.choice_data, values, *extra
            )
            if compiled.win_requires is not None
            else None
        )
        team = compiled.team is not None and bool(
            compiled.team(state.options, state.table, state.choice_data, count)
        )
        # A team wins or loses together: everyone, when every player meets win_requires.
        team_won = team and (allowed is None or all(bool(a) for a in allowed[:count]))
        explained = [(c.id, details[c.value]) for c in shown if details.get(c.value) is not None]
        key_value = scoring.ranking.keys[0].value
        players = []
        for index, name in enumerate(state.names):
            placement = undecided_tie(placements[index], keys, scoring.ranking.keys)
            players.append(
                PlayerResult(
                    name=name,
                    total=values[TOTAL][index] if by_points else None,
                    key=None if by_points else [int(v) for v in values[key_value][index]],
                    breakdown=dict(zip(ids, lines[index], strict=True)),
                    rank=placement.rank,
                    winner=team_won
                    if team
                    else placement.rank == 1
                    and placement.decided_by != UNDECIDED
                    and (allowed is None or bool(allowed[index])),
                    decided_by=placement.decided_by,
                    against=ranked_names[placement.against]
                    if placement.against is not None
                    else None,
                    tiebreak=placement.path,
                    details={cid: column[index] for cid, column in explained if column is not None},
                    tiebreakers={
                        k.value: plain_key(values[k.value][index]) for k in scoring.ranking.keys[1:]
                    },
                )
            )
        notices = [
            check.message
            for check in scoring.end_checks
            if not any(
                compiled.end_checks[check.id](
                    rows, state.options, state.table, state.choice_data, values, *extra
                )[:count]
            )
        ]
        result = Result(self.content.id, dict(state.options), players, notices)
        if scoring.rivals:
            result.rivals = self._rivals(state, present, ranked, placements, values, lines)
            ranked_rivals = {r.id for r in scoring.rivals if r.ranked}
            for rival in result.rivals:
                row = present[rival.id]
                rival.details = {
                    cid: column[row] for cid, column in explained if column is not None
                }
                if rival.id in ranked_rivals:
                    rival.breakdown = dict(zip(ids, lines[row], strict=True))
        return result

    def _rivals(
        self,
        state: TableState,
        present: dict[str, int],
        ranked: list[int],
        placements: list[Placement],
        values: dict[str, list[Any]],
        lines: list[tuple[Any, ...]],
    ) -> list[RivalResult]:
        """The rivals at the table, in declared order, placed when they are ranked."""
        scoring = self.content.scoring
        found = []
        for rival in scoring.rivals:
            row = present.get(rival.id)
            if row is None:
                continue
            place = placements[ranked.index(row)] if row in ranked else None
            points = scoring.kind == "points" and rival.ranked
            key = scoring.ranking.keys[0].value
            found.append(
                RivalResult(
                    id=rival.id,
                    name=rival.label,
                    total=values[TOTAL][row] if points else None,
                    key=[int(v) for v in values[key][row]] if rival.ranked and not points else None,
                    rank=place.rank if place is not None else None,
                    winner=place is not None and place.rank == 1 and rival.can_win,
                )
            )
        return found

    def _shown_categories(self, state: TableState, count: int) -> list[Category]:
        """The categories shown for these options and this player count (cached)."""
        key = (tuple(sorted(state.options.items())), tuple(sorted(state.table.items())), count)
        shown = self._shown.get(key)
        if shown is None:
            when = self.compiled.category_when
            shown = [
                c
                for c in self.content.scoring.categories
                if c.id not in when
                or when[c.id](state.options, state.table, state.choice_data, count)
            ]
            self._shown[key] = shown
        return shown
