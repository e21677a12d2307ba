"""Checking an end state against a game's rules and components before scoring it.

Every problem is found in one round: the single-field problems of the end state's JSON
Schema (scorer.fields), then every cross-field check whose fields are valid (a table-wide
total, one holder per card, places without gaps, how a pile grows, the content's constraints),
so a decimal in one field no longer hides a range error in another, nor that one the
"at most 4 meals" rule. Each problem is a scorer.problems.Problem: a location, a code and
its numbers, rendered in the reader's language by whoever shows it.

A problem in an input no total reads (scorer.needs) is a ``tiebreak`` problem: the
totals are still computed, and only the ties that need that input stay undecided.
site/assets/calculator/validate.js follows these steps one for one, and both read the
game the same way: its export (scorer.facts.GameFacts); scorer.fields is the twin of
fields.js. Every state, with problems or without, gets this one round: there is no second,
quicker way to keep in step with it. Nothing here imports pydantic or the content models,
so ``rulebook score`` runs this very code on its cached export (rulebook.cache.load_export).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from schemas.names import normalize_name
from scorer.facts import GameFacts, Json, field_defaults
from scorer.fields import field_problems
from scorer.legality import (
    duplicate_names,
    option_rule_problems,
    player_count_problems,
    unused_option_problems,
)
from scorer.needs import Needs
from scorer.problems import EndStateError, Loc, Problem
from scorer.rivals import rival_rows

__all__ = ["EndStateError", "Problem", "TableState", "check_end_state"]

if TYPE_CHECKING:
    from scorer.interpret import Evaluation, Interpreted, TableFn


@dataclass
class TableState:
    """A validated end state, in the plain form the compiled scoring reads.

    Not frozen: its lists and dicts could be changed anyway, and a frozen class sets each
    field through ``object.__setattr__``.
    """

    names: list[str]
    players: list[dict[str, Any]]
    options: dict[str, Any]
    table: dict[str, Any]
    choice_data: dict[str, dict[str, list[int]]]
    #: Ranking keys (value ids) that read an input with a problem: a tie they would break
    #: stays undecided. Empty for a state without problems.
    undecided: frozenset[str] = frozenset()
    #: The rows of the rivals at the table, by id (scorer.rivals).
    rivals: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The values validation evaluated for these rows (to check the constraints): the
    #: scoring reads them rather than evaluating them again. Not copied by
    #: ``dataclasses.replace``, whose copy the scoring evaluates.
    evaluated: Evaluation | None = field(default=None, init=False, repr=False, compare=False)
    #: Each table-level condition's answer at this table, by its function (see holds).
    asked: dict[TableFn, bool] = field(default_factory=dict, init=False, repr=False, compare=False)

    def holds(self, when: TableFn) -> bool:
        """Whether a table-level condition holds at this table, answered once: validation's
        checks, the constraints and the categories shown share a few
        (scorer.interpret.table_function). Asked once the options and the table are settled."""
        found = self.asked.get(when)
        if found is None:
            found = bool(when(self.options, self.table, self.choice_data, len(self.players)))
            self.asked[when] = found
        return found

    def rows(self) -> tuple[list[dict[str, Any]], dict[str, int]]:
        """The rows the scoring reads (the players, then the rivals at the table) and each
        rival's row by id."""
        count = len(self.players)
        rivals = self.rivals
        return [*self.players, *rivals.values()], {r: count + k for k, r in enumerate(rivals)}


def check_end_state(
    facts: GameFacts, compiled: Interpreted, raw: Any, hidden: Hidden = None
) -> TableState:
    """Validate ``raw`` (parsed JSON) for the game of ``facts``; raise EndStateError with
    every problem. When every problem is a ``tiebreak`` one, the error carries the state to
    score anyway. ``hidden``: per player, the inputs that do not count for them
    (scorer.relevance, as the calculator's form hides them): a constraint reading one holds.
    """
    return _start(facts, compiled, raw, hidden).run()


#: Per player, the inputs that do not count for them (None: every input counts).
Hidden = Sequence[Collection[str]] | None


def _start(facts: GameFacts, compiled: Interpreted, raw: Any, hidden: Hidden = None) -> _Round:
    """The round of ``raw``, its field problems found; raise EndStateError when it is not
    an object or has the wrong number of players (nothing else is worth checking then)."""
    if not isinstance(raw, dict):
        raise EndStateError([Problem((), "not_object")])
    players = raw.get("players")
    if isinstance(players, list) and len(players) not in facts.counts:
        raise EndStateError(player_count_problems(facts.counts, len(players)))
    return _Round(facts, compiled, raw, field_problems(facts.schema, raw), hidden)


#: What a constraint reads when the export lists nothing for it.
_NOTHING: frozenset[str] = frozenset()

#: The values that say nothing was entered: any other for an input not asked is a problem.
_EMPTY: tuple[Any, ...] = (0, False, None, [])


def _object(value: Any) -> dict[str, Any]:
    """An object of the end state, or an empty one when it is missing or not an object."""
    return value if isinstance(value, dict) else {}


class _Round:
    """One round of checks over one end state."""

    def __init__(
        self,
        facts: GameFacts,
        compiled: Interpreted,
        raw: dict[str, Any],
        found: list[Problem],
        hidden: Hidden = None,
    ) -> None:
        self.facts = facts
        self.hidden = hidden
        self.compiled = compiled
        self.raw = raw
        self.problems = found
        #: Where the field problems are; a field is valid when none is at or around it.
        self.bad_locs = [p.loc for p in found if p.code != "unknown_field"]
        self.needs: Needs = facts.needs
        self.inputs = facts.input_ids

    def intact(self, loc: Loc) -> bool:
        """Whether the container at ``loc`` has the right type (what is in it may not)."""
        return not self.bad_locs or not any(loc[: len(bad)] == bad for bad in self.bad_locs)

    def ok(self, loc: Loc) -> bool:
        """Whether the field at ``loc`` (and everything in it) is free of field problems."""
        if not self.bad_locs:
            return True
        return self.intact(loc) and not any(bad[: len(loc)] == loc for bad in self.bad_locs)

    def run(self) -> TableState:
        """Every check, in order; raise EndStateError with every problem found."""
        facts = self.facts
        given = self._given()
        if given is None or not self.ok(("game",)):
            raise EndStateError(self.problems)
        count = len(given)
        names = self._names(given)
        self.problems.extend(duplicate_names(names))
        options = self._options()
        if options is None:
            raise EndStateError(self.problems)
        self.problems.extend(option_rule_problems(facts.option_rules, facts.counts, options, count))
        whens, defaults = self.compiled.option_when, facts.option_values
        self.problems.extend(unused_option_problems(whens, defaults, options, count))
        table = self._table_values()
        table_ok = all(self.ok(("table", t["id"])) for t in facts.table)
        choice_data, table_problems = self._table(table, options, count)
        table_ok = table_ok and not table_problems
        self.problems.extend(table_problems)

        players = self._rows(given)
        state = TableState([n or "" for n in names], players, options, table, choice_data)
        unchecked: set[str] = set()
        every = [True] * count
        input_when, may_be_empty = self.compiled.input_when, self.compiled.may_be_empty
        # Each input's column across the players, read once for the table: every row holds
        # the inputs in the same order, the defaults' (see _rows).
        columns = zip(facts.defaults, zip(*[p.values() for p in players], strict=True), strict=True)
        for spec, (ident, column) in zip(facts.inputs, columns, strict=True):
            valid = every  # without field problems every field is valid: no test of each
            if self.bad_locs:
                valid = [self.ok(("players", i, ident)) for i in range(count)]
                if not all(valid):
                    unchecked.add(ident)
            when = input_when.get(ident)
            if when is not None and not table_ok and ident in facts.reads_table:
                unchecked.add(ident)  # whether it is asked depends on a faulty table input
                continue
            if when is None or state.holds(when):
                if ident in facts.compared_inputs:
                    empty = may_be_empty.get(ident)
                    optional = empty is not None and state.holds(empty)
                    self.problems.extend(_input_problems(facts, spec, column, valid, optional))
                continue
            for index, value in enumerate(column):
                if valid[index] and ident in given[index] and value not in _EMPTY:
                    loc = ("players", index, ident)
                    self.problems.append(Problem(loc, "not_used", {"value": value}))
        self.problems.extend(_shared_problems(facts, players, unchecked))
        rivals: dict[str, dict[str, Any]] = {}
        if facts.rivals and self.ok(("rivals",)):
            given_rivals = _object(self.raw.get("rivals"))
            rivals, found = rival_rows(
                facts, self.compiled, given_rivals, options, table, choice_data, count
            )
            self.problems.extend(found)
        state.rivals = rivals

        faulty = unchecked | self._inputs_with_problems()
        if faulty:
            _substitute(facts, players, faulty)
        _unplaced_as_zero(facts, players)
        blocked = not table_ok
        if table_ok and self.facts.constraints:
            blocked = self._constraints(state, faulty)
        faulty |= self._inputs_with_problems()

        if not self.problems:
            return state
        self._grade()
        if blocked or any(p.severity != "tiebreak" for p in self.problems):
            raise EndStateError(self.problems)
        state.undecided = frozenset(
            key for key, read in self.needs.tiebreaks.items() if read & faulty
        )
        raise EndStateError(self.problems, state)

    # -- the steps both ways share -----------------------------------------------------------

    def _given(self) -> list[dict[str, Any]] | None:
        """The players as given, or None when there is no list of objects to compare."""
        given = self.raw.get("players")
        if not isinstance(given, list) or not self.intact(("players",)):
            return None
        if not all(isinstance(p, dict) for p in given):
            return None  # a player that is not an object: nothing to compare
        return given

    def _names(self, given: list[dict[str, Any]]) -> list[Any]:
        """Each player's name as it is compared, or None where the name field is faulty."""
        return [
            normalize_name(p.get("name")) if self.ok(("players", i, "name")) else None
            for i, p in enumerate(given)
        ]

    def _options(self) -> dict[str, Any] | None:
        """Every option, given or its default; None when one of them is faulty."""
        declared = self.facts.options
        if self.bad_locs and not all(self.ok(("options", o["id"])) for o in declared):
            return None
        given = _object(self.raw.get("options"))
        return {ident: given.get(ident, default) for ident, default in self.facts.option_defaults}

    def _table_values(self) -> dict[str, Any]:
        """Every table input as given (None when missing or faulty)."""
        given = _object(self.raw.get("table"))
        return {
            t["id"]: given.get(t["id"]) if self.ok(("table", t["id"])) else None
            for t in self.facts.table
        }

    def _rows(self, given: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each player's inputs, given or their default (the name and unknown fields
        dropped), as the compiled scoring reads them."""
        defaults = self.facts.defaults
        # The inputs that hold lists (piles, rows), found once for the table: their lists
        # are copied, as substitution writes into the rows. (A list given for any other
        # input is a field problem, and substituted.)
        lists = [ident for ident, default in defaults.items() if isinstance(default, list)]
        players = []
        for player in given:
            values = {**defaults, **player}  # in the defaults' order (run reads it so)
            for ident in values.keys() - defaults.keys():  # the name, unknown fields
                del values[ident]
            for ident in lists:
                if isinstance(values[ident], list):
                    values[ident] = list(values[ident])
            self.facts.fill_rows(values)
            players.append(values)
        return players

    # -- the table's own inputs ------------------------------------------------------------

    def _table(
        self, table: dict[str, Any], options: dict[str, Any], count: int
    ) -> tuple[dict[str, dict[str, list[int]]], list[Problem]]:
        compiled = self.compiled
        problems: list[Problem] = []
        choice_data: dict[str, dict[str, list[int]]] = {}
        for spec in self.facts.table:
            ident = spec["id"]
            choice_data[ident] = {}
            if not self.ok(("table", ident)):
                continue
            loc = ("table", ident)
            when = compiled.table_when.get(ident)
            chosen = table[ident]
            if when is not None and not when(options, table, {}, count):
                if chosen is not None:
                    problems.append(Problem(loc, "not_used", {"value": chosen}))
                if spec["kind"] == "count":
                    table[ident] = spec["min"]
                if spec["kind"] == "rows":
                    table[ident] = []
                continue
            if spec["kind"] == "count":
                # A number the table counts (checked by its field); none given is its least.
                table[ident] = spec["min"] if chosen is None else chosen
                continue
            if spec["kind"] == "rows":
                rows, wrong = self._shared_rows(spec, chosen, count)
                problems += wrong
                # Rows with a number missing or extra for a player are read as none.
                table[ident] = [] if wrong else rows
                continue
            offered = spec["choices"]  # resolved in the export, component items included
            allowed = [
                c["id"]
                for c in offered
                if (check := compiled.choice_when.get((ident, c["id"]))) is None
                or check(options, table, {}, count)
            ]
            if chosen is None:
                problems.append(Problem(loc, "required", {"allowed": allowed}))
            elif chosen not in allowed:
                params = {"value": chosen, "count": count, "allowed": allowed}
                problems.append(Problem(loc, "not_for_count", params))
            choice_data[ident] = next((c.get("data", {}) for c in offered if c["id"] == chosen), {})
        groups: dict[str, dict[str, str]] = {}
        for spec in self.facts.table:
            value = table[spec["id"]]
            if not spec.get("distinct_within_group") or value is None:
                continue
            seen = groups.setdefault(spec.get("group") or "", {})
            if value in seen:
                params = {"value": value, "other": seen[value]}
                problems.append(Problem(("table", spec["id"]), "already_placed", params))
            else:
                seen[value] = spec["id"]
        return choice_data, problems

    def _shared_rows(
        self, spec: dict[str, Any], rows: list[dict[str, Any]] | None, count: int
    ) -> tuple[list[dict[str, Any]], list[Problem]]:
        """The shared rows with their defaulted numbers filled in (copies: the end state is
        left as given), and a problem for each per-player field of a row that does not give
        one number per player at the table (its numbers were checked by its fields)."""
        problems: list[Problem] = []
        defaults = field_defaults(spec)
        filled = [{**defaults, **row} for row in rows or []]
        for index, row in enumerate(filled):
            for per_player in spec["per_player"]:
                given = len(row[per_player["id"]])
                if given != count:
                    loc = ("table", spec["id"], index, per_player["id"])
                    problems.append(
                        Problem(loc, "per_player_count", {"count": given, "players": count})
                    )
        return filled, problems

    # -- the content's constraints ---------------------------------------------------------

    def _constraints(self, state: TableState, faulty: set[str]) -> bool:
        """Check every constraint whose inputs are sound, on the values the scoring reads
        (evaluated here once, kept in ``state``); True when one that a total reads could
        not be checked (the totals must not be shown then)."""
        blocked = False
        wanted = []
        for spec in self.facts.constraints:
            reads = self.needs.constraints.get(spec["id"], _NOTHING)
            if not reads.isdisjoint(faulty):
                blocked = blocked or not reads.isdisjoint(self.needs.totals)
                continue
            applies = self.compiled.constraints.when.get(spec["id"])
            if applies is None or state.holds(applies):
                wanted.append((spec, reads))
        if not wanted:
            return blocked
        evaluated, _ = self.compiled.values.of(state)
        found = self.compiled.constraints.run(evaluated, [spec["id"] for spec, _ in wanted])
        for spec, reads in wanted:
            ident, held = spec["id"], found[spec["id"]]
            if self.hidden:  # a constraint that reads a field not asked of a player holds
                held = [h or bool(reads & set(self.hidden[i])) for i, h in enumerate(held)]
            if all(held):
                continue
            if spec.get("scope") == "table":
                self.problems.append(Problem(("players",), "constraint", {"id": ident}))
                continue
            for index, holds in enumerate(held):
                if not holds:
                    self.problems.append(Problem(("players", index), "constraint", {"id": ident}))
        return blocked

    # -- what each problem concerns ----------------------------------------------------------

    def _concerned(self, problem: Problem) -> frozenset[str] | None:
        """The inputs a problem is about, or None when it is about the table itself."""
        if problem.code == "constraint":
            return self.needs.constraints.get(problem.params["id"], frozenset())
        if problem.code == "shared_total":
            return frozenset(problem.params["inputs"])
        loc = problem.loc
        if len(loc) >= 3 and loc[0] == "players" and loc[2] in self.inputs:
            return frozenset({str(loc[2])})
        return None

    def _inputs_with_problems(self) -> set[str]:
        found: set[str] = set()
        for problem in self.problems:
            found |= self._concerned(problem) or set()
        return found

    def _grade(self) -> None:
        """Mark each problem that no total depends on as a tiebreak problem."""
        for index, problem in enumerate(self.problems):
            concerned = self._concerned(problem)
            if concerned and not concerned & self.needs.totals:
                self.problems[index] = Problem(
                    problem.loc, problem.code, problem.params, "tiebreak"
                )


def _input_problems(
    facts: GameFacts, spec: Json, values: Sequence[Any], valid: list[bool], optional: bool = False
) -> list[Problem]:
    """The problems of one input compared across the players (``valid``: whose field is;
    ``optional``: a choice a player may leave empty here)."""
    ident, kind = spec["id"], spec["kind"]
    everyone = all(valid)
    problems: list[Problem] = []
    every: Loc = ("players", "*", ident)
    if kind == "count":  # (compared only when the table has a most)
        table_most = facts.limits[ident]["table_max"]
        if everyone and (total := sum(values)) > table_most:
            problems.append(Problem(every, "table_total", {"total": total, "max": table_most}))
    elif kind == "flag":
        # (Every field valid, each value is a bool: counting True counts the holders.)
        if everyone and spec.get("unique") and values.count(True) > 1:
            holders = [i for i, v in enumerate(values) if v is True]
            problems.append(Problem(every, "unique_flag", {"who": holders}))
    elif kind == "choice":
        for index, value in enumerate(values):
            if valid[index] and value is None and not optional:
                allowed = [c["id"] for c in spec["choices"]]
                loc = ("players", index, ident)
                problems.append(Problem(loc, "required", {"allowed": allowed}))
        if everyone and spec.get("unique"):
            chosen = [v for v in values if v is not None]
            for value in sorted({v for v in chosen if chosen.count(v) > 1}):
                who = [i for i, v in enumerate(values) if v == value]
                problems.append(Problem(every, "unique_choice", {"value": value, "who": who}))
    elif kind == "position":
        problems.extend(_position_problems(spec, values, valid))
    elif kind == "sequence":
        for index, pile in enumerate(values):
            if valid[index]:
                problems.extend(
                    Problem(("players", index, ident, at), code, params)
                    for at, code, params in _pile_problems(spec, pile)
                )
        if everyone and spec.get("component"):
            most = facts.component_counts[spec["component"]]
            total = sum(len(p) for p in values)
            if most is not None and total > most:
                params = {"count": total, "max": most}
                problems.append(Problem(every, "pile_total", params))
    return problems


def _shared_problems(
    facts: GameFacts, players: list[dict[str, Any]], unchecked: set[str]
) -> list[Problem]:
    """Components counted by several inputs: all of them together stay within the box."""
    problems = []
    for component_id, (inputs, limit) in facts.shared.items():
        if unchecked & set(inputs):
            continue
        total = sum(_amount(player[i]) for player in players for i in inputs)
        if total > limit:
            params = {"total": total, "component": component_id, "inputs": inputs, "max": limit}
            problems.append(Problem(("players", "*"), "shared_total", params))
    return problems


def _substitute(facts: GameFacts, players: list[dict[str, Any]], faulty: set[str]) -> None:
    """Give each input with a problem a value that is valid for every player, so the
    constraints (and, for tiebreak problems, the totals) can be computed without it."""
    for spec in facts.inputs:
        ident = spec["id"]
        if ident not in faulty:
            continue
        for index, player in enumerate(players):
            if spec["kind"] == "position":
                player[ident] = None if spec.get("optional") else index + 1
            elif spec["kind"] == "choice":
                player[ident] = spec.get("default") or spec["choices"][0]["id"]
            else:
                player[ident] = facts.default_value(spec)


def _unplaced_as_zero(facts: GameFacts, players: list[dict[str, Any]]) -> None:
    """A player left out of an optional order holds place 0, so arithmetic can read it."""
    for ident in facts.optional_orders:
        for player in players:
            if player[ident] is None:
                player[ident] = 0


def _position_problems(
    spec: Json, values: Sequence[int | None], valid: Sequence[bool]
) -> list[Problem]:
    """Places 1..n, each once; an optional order only needs its places to run without gaps."""
    problems = []
    most = spec.get("max")
    last = min(len(values), most) if most is not None else len(values)
    for index, value in enumerate(values):
        loc = ("players", index, spec["id"])
        if not valid[index]:
            continue
        if value is None and not spec.get("optional"):
            problems.append(Problem(loc, "place_required", {"last": last}))
        elif value is not None and value > last:
            problems.append(Problem(loc, "past_last_place", {"value": value, "last": last}))
    if not all(valid):
        return problems
    placed = sorted(v for v in values if v is not None)
    every = ("players", "*", spec["id"])
    if len(set(placed)) != len(placed):
        problems.append(Problem(every, "place_repeated", {"placed": placed}))
    elif placed != list(range(1, len(placed) + 1)):
        problems.append(Problem(every, "place_gap", {"placed": placed}))
    return problems


def _amount(value: Any) -> int:
    """How many components an input's value stands for: a count, or a pile's cards."""
    if isinstance(value, list):
        return len(value)
    return int(value) if isinstance(value, int) else 0


def _pile_problems(spec: Json, pile: list[int]) -> list[tuple[int, str, dict[str, Any]]]:
    """(position, code, params) for each card that breaks how the pile may grow."""
    problems: list[tuple[int, str, dict[str, Any]]] = []
    first, closes_at, max_step = spec.get("first"), spec.get("closes_at"), spec.get("max_step")
    if spec.get("distinct"):
        seen: set[int] = set()
        for position, value in enumerate(pile):
            if value in seen:
                problems.append((position, "pile_repeated", {"value": value}))
            seen.add(value)
    if pile and first is not None and pile[0] != first:
        problems.append((0, "pile_first", {"first": first, "value": pile[0]}))
    for position in range(1, len(pile)):
        below, card = pile[position - 1], pile[position]
        if closes_at is not None and below == closes_at:
            params = {"closes_at": closes_at, "value": card}
            problems.append((position, "pile_closed", params))
            break
        if spec.get("non_decreasing") and card < below:
            problems.append((position, "pile_lower", {"value": card, "below": below}))
        elif max_step is not None and card - below > max_step:
            params = {"value": card, "below": below, "max_step": max_step}
            problems.append((position, "pile_step", params))
    return problems
