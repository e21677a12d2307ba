"""A game's declared scoring, interpreted node for node from its export.

The export (scorer.export.export_game) is the one document both runtimes read: each node
of a scoring is a one-key object, ``{"sum": [...]}``, and its rule (scorer/nodes/) turns
it into a function of a row, ``fn(ctx, i)``, once per game, as the browser's expr.js does.
What compares players (an award, a table sum, neighbours) is a *step*: run once per table
before the rows that read it. Nothing here imports the content models, so a cached export
is scored without them (rulebook score).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from scorer.assemble import TOTAL, Key

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from scorer.validate import TableState

Json = dict[str, Any]
#: A table-level function: options, table inputs, chosen tiles' data, player count.
TableFn = Callable[[dict[str, Any], dict[str, Any], dict[str, Any], int], Any]
PlayerFn = Callable[..., list[Any]]


class Ctx:
    """What a node's function reads: the rows ``P`` (the players, then the rivals at the
    table, ``R`` mapping a rival's id to its row), the options ``O``, the table inputs
    ``T``, the chosen tiles' data ``D``, the player count ``n``, the values computed so far
    ``V``, the steps' results ``S``, the rows of rivals that keep award points ``K``,
    whether awards explain themselves ``E``, and the record of a rows input being read
    ``W`` (scorer.nodes.rows sets it for each row its row expression runs on)."""

    __slots__ = ("D", "E", "K", "O", "P", "R", "S", "T", "V", "W", "n")

    def __init__(
        self,
        P: list[dict[str, Any]],
        O: dict[str, Any],  # noqa: E741 (the one-letter names of expr.js's Ctx)
        T: dict[str, Any],
        D: dict[str, Any],
        R: Mapping[str, int] | None = None,
        K: frozenset[int] = frozenset(),
        E: bool = False,
        V: dict[str, Any] | None = None,
    ) -> None:
        self.P, self.O, self.T, self.D = P, O, T, D
        self.R: Mapping[str, int] = R or {}
        self.n = len(P) - len(self.R)
        self.K, self.E = K, E
        self.V: dict[str, Any] = {} if V is None else V
        self.S: list[Any] = []
        self.W: dict[str, Any] = {}


Fn = Callable[[Ctx, int], Any]


@dataclass
class Step:
    """Something computed once per table: an award (points and details per row), a
    column (one number per row) or a table number; ``run`` gives it."""

    run: Callable[[Ctx], Any]
    award: bool = False


class Tools:
    """What a node's rule builds its function with (expr.js's Tools)."""

    def __init__(self, scoring: Json | None, steps: list[Step]) -> None:
        self.scoring = scoring or {}
        self.steps = steps

    def sub(self, node: Any) -> Fn:
        """The function of ``node`` (a one-key object, or a number)."""
        return build(node, self)

    def each(self, nodes: Iterable[Any]) -> list[Fn]:
        return [build(n, self) for n in nodes]

    def step(self, run: Callable[[Ctx], Any], award: bool = False) -> int:
        """Add a step run once per table, before the rows; its index in ``ctx.S``."""
        self.steps.append(Step(run, award))
        return len(self.steps) - 1

    def column(self, fn: Fn, rivals: bool) -> Callable[[Ctx], list[Any]]:
        """``fn`` for everyone a comparison sees: the players, and the rivals if asked."""
        if rivals:
            return lambda c: [fn(c, i) for i in range(len(c.P))]
        return lambda c: [fn(c, i) for i in range(c.n)]

    def award(self, run: Callable[[Ctx], tuple[list[int], Any]], rivals: bool) -> Fn:
        """A cross-player mechanic giving (points, details); a row's points.

        Rivals keep no points but those that say ``keeps_points``; those that took part
        keep their details (their place), the others get none.
        """

        def padded(c: Ctx) -> tuple[list[int], Any]:
            points, details = run(c)
            if not c.E:  # the mechanic always explains; the caller did not ask
                details = None
            if not c.R:  # every row is a player's
                return points, details
            n = c.n
            if c.K:
                points = points[:n] + [
                    points[r] if r in c.K and r < len(points) else 0 for r in c.R.values()
                ]
            else:
                points = points[:n] + [0] * (len(c.P) - n)
            if not rivals and details is not None:
                details = details + [None] * (len(c.P) - n)
            return points, details

        k = self.step(padded, award=True)
        return lambda c, i: c.S[k][0][i]

    def table_step(self, run: Callable[[Ctx], Any]) -> Fn:
        """A number computed once for the table, the same for every row."""
        k = self.step(run)
        return lambda c, i: c.S[k]

    def rows_step(self, run: Callable[[Ctx], list[Any]]) -> Fn:
        """A column computed once for the table over the players; rivals get 0."""

        def padded(c: Ctx) -> list[Any]:
            found = run(c)
            return found + [0] * (len(c.P) - c.n) if c.R else found

        k = self.step(padded)
        return lambda c, i: c.S[k][i]


def build(node: Any, t: Tools) -> Fn:
    """The function computing ``node`` for row ``i``, through its rule (scorer.nodes)."""
    from scorer.nodes import RULES

    if isinstance(node, bool):
        raise TypeError("booleans are not scoring nodes")
    if isinstance(node, int):
        constant = int(node)
        return lambda c, i: constant
    if not isinstance(node, dict) or len(node) != 1:
        raise TypeError(f"unknown scoring node {node!r:.80}")
    ((name, argument),) = node.items()
    rule = RULES.get(name)
    if rule is None:
        raise TypeError(f"unknown scoring node {name}")
    return rule.build(argument, t)


@cache
def _grammar() -> TypeAdapter[Any]:
    """What dumps a content model of a node: the scoring grammar (schemas.expressions.Expr).

    A node model's own ``model_dump`` is made on its first use, and each is made from the
    whole grammar (a node holds nodes of any kind): a site build that dumped nodes of
    fifteen kinds made the grammar's schema sixteen times (GameContent's, then one per
    kind), a tenth of a second of its CPU. The grammar's serializer writes the same JSON
    and is made once. Imported only here: a cached export is scored without the models.
    """
    from pydantic import TypeAdapter

    from schemas.expressions import Expr

    return TypeAdapter(Expr)


def _is_model(node: Any) -> bool:
    return getattr(node, "model_dump", None) is not None


def as_data(node: Any) -> Any:
    """A node as the export writes it: a content model is dumped, JSON stays as it is."""
    if not _is_model(node):
        return node
    return _grammar().dump_python(node, mode="json", by_alias=True, exclude_none=True)


def _node_key(node: Any) -> str:
    """A node's JSON, to find its function by: a content model's as pydantic writes it (in
    its fields' order), plain JSON with sorted keys. A site build asks for a few nodes
    hundreds of times; dumping the model to data and that data to text each time was most
    of what asking cost. (The same node given both ways gets two entries, alike.)"""
    if not _is_model(node):
        return json.dumps(node, sort_keys=True)
    return _grammar().dump_json(node, by_alias=True, exclude_none=True).decode()


def table_function(node: Any, label: str = "") -> TableFn:
    """A table-level expression (options, table inputs, player count) as a function."""
    key = _node_key(node)
    found = _TABLE_FUNCTIONS.get(key)
    if found is None:
        steps: list[Step] = []
        fn = build(as_data(node), Tools(None, steps))
        if steps:
            raise ValueError(f"{label}: cross-player mechanics are not allowed here")

        def found(O: dict[str, Any], T: dict[str, Any], D: dict[str, Any], n: int) -> Any:  # noqa: E741
            # A table-level node reads the options, the table, the tiles and the count only.
            c = Ctx.__new__(Ctx)
            c.O, c.T, c.D, c.n = O, T, D, n
            return fn(c, 0)

        _TABLE_FUNCTIONS[key] = found
    return found


#: Table-level functions by node: setups and conditions ask for the same few (an item's
#: ``when``, an option's test) thousands of times.
_TABLE_FUNCTIONS: dict[str, TableFn] = {}


def keepers(scoring: Json | None, R: Mapping[str, int]) -> frozenset[int]:
    """The rows of the rivals at the table that keep their award points."""
    if not R or not scoring:
        return frozenset()
    return frozenset(
        R[r["id"]] for r in scoring.get("rivals", []) if r.get("keeps_points") and r["id"] in R
    )


def _run(steps: list[Step], c: Ctx) -> None:
    for step in steps:
        c.S.append(step.run(c))


def player_function(node: Any, label: str = "", scoring: Json | None = None) -> PlayerFn:
    """A per-player expression as a function giving one result per row, from the
    computed values ``V`` (and the rivals' rows ``R`` when the scoring has rivals)."""
    steps: list[Step] = []
    fn = build(as_data(node), Tools(scoring, steps))

    def run(
        P: list[dict[str, Any]],
        O: dict[str, Any],  # noqa: E741
        T: dict[str, Any],
        D: dict[str, Any],
        V: dict[str, Any],
        R: Mapping[str, int] | None = None,
    ) -> list[Any]:
        c = Ctx(P, O, T, D, R, keepers(scoring, R or {}), False, V)
        _run(steps, c)
        return [fn(c, i) for i in range(len(P))]

    return run


# ----------------------------------------------------------------------------------------
# A game's scoring
# ----------------------------------------------------------------------------------------


#: A table's evaluated values: the context holding them (``V``, one column per value) and
#: each value's award details; ``Values.of`` gives it.
Evaluation = tuple[Ctx, dict[str, list[Any] | None]]


class Values:
    """The declared values, computed in the export's ``value_order``: each value's
    steps, then its column over the rows."""

    def __init__(self, scoring: Json) -> None:
        declared = {v["id"]: v["compute"] for v in scoring["values"]}
        self.scoring = scoring
        steps: list[Step] = []
        #: Each value in order: the steps it added (run before its column), its id and
        #: the function of its column.
        self.columns: list[tuple[list[Step], str, Fn]] = []
        #: Value id -> the step of its first award, whose details the value shows.
        self.owners: dict[str, int] = {}
        t = Tools(scoring, steps)
        for ident in scoring["value_order"]:
            start = len(steps)
            fn = t.sub(declared[ident])
            owner = next((k for k in range(start, len(steps)) if steps[k].award), None)
            if owner is not None:
                self.owners[ident] = owner
            self.columns.append((steps[start:], ident, fn))

    def of(self, state: TableState) -> Evaluation:
        """The values of ``state``'s rows (the players, then the rivals at the table) with
        their details, evaluated once and kept in the state: the constraints and the
        scoring read the same ones."""
        if state.evaluated is None:
            rows, present = state.rows()
            O, T, D = state.options, state.table, state.choice_data  # noqa: E741
            c = Ctx(rows, O, T, D, present, keepers(self.scoring, present), True)
            for steps, ident, fn in self.columns:
                if steps:  # (most values compare no one)
                    _run(steps, c)
                c.V[ident] = [fn(c, i) for i in range(len(rows))]
            state.evaluated = c, {ident: c.S[k][1] for ident, k in self.owners.items()}
        return state.evaluated


def _whens(items: Iterable[Json], label: str, key: str = "when") -> dict[str, TableFn]:
    """Each item's condition ``key``, by the item's id (items without one left out)."""
    return {
        i["id"]: table_function(i[key], f"{label}: {i['id']}.{key}")
        for i in items
        if i.get(key) is not None
    }


class Constraints:
    """The content's constraints, every check read in one context over the table's
    evaluated values (the ones the scoring reads: validation runs it)."""

    def __init__(self, scoring: Json, label: str) -> None:
        listed = scoring.get("constraints", [])
        self.steps: list[Step] = []  # the checks' own steps (a table sum they compare)
        t = Tools(scoring, self.steps)
        self.checks = {c["id"]: t.sub(c["check"]) for c in listed}
        #: Constraint id -> when it applies (constraints without a ``when`` always do).
        self.when = _whens(listed, f"{label}: constraint")

    def run(self, evaluated: Ctx, wanted: Iterable[str]) -> dict[str, list[Any]]:
        """Each ``wanted`` constraint's check, one entry per player."""
        e = evaluated
        c = Ctx(e.P, e.O, e.T, e.D, e.R, e.K, False, e.V)
        _run(self.steps, c)
        found = {}
        for ident in wanted:
            check = self.checks[ident]  # found once per constraint, not once per player
            found[ident] = [check(c, i) for i in range(c.n)]
        return found


@dataclass
class Interpreted:
    """A game's scoring, ready to evaluate many end states (what validation and
    scorer.assemble run), made from its export."""

    game: str
    scoring: Json
    #: The ranking keys, in order (scorer.ranking reads them).
    keys: tuple[Key, ...]
    values: Values
    constraints: Constraints
    input_when: dict[str, TableFn] = field(default_factory=dict)
    #: Choice input id -> when a player may leave it empty (``may_be_empty``).
    may_be_empty: dict[str, TableFn] = field(default_factory=dict)
    #: Option id -> when it applies (scorer.legality refuses it set elsewhere).
    option_when: dict[str, TableFn] = field(default_factory=dict)
    category_when: dict[str, TableFn] = field(default_factory=dict)
    table_when: dict[str, TableFn] = field(default_factory=dict)
    #: (table input id, choice id) -> when that choice is offered.
    choice_when: dict[tuple[str, str], TableFn] = field(default_factory=dict)
    end_checks: dict[str, PlayerFn] = field(default_factory=dict)
    win_requires: PlayerFn | None = None
    #: Rival id -> when it is at the table (rivals without a ``when`` always are).
    rival_when: dict[str, TableFn] = field(default_factory=dict)
    #: When the players win or lose as one team (``ranking.team``).
    team: TableFn | None = None
    #: (rival id, input id) -> the value the rules set for it, when an expression.
    rival_fixed: dict[tuple[str, str], TableFn] = field(default_factory=dict)

    def tally(
        self, state: TableState, E: bool = True
    ) -> tuple[dict[str, list[Any]], dict[str, Any], list[dict[str, Any]]]:
        """Every value, the details of each category shown, each row's breakdown (the
        categories shown, flags as numbers) and, for points, the total: from the values
        and the conditions ``state`` keeps (each evaluated once, by whoever read it first)."""
        c, details = self.values.of(state)
        values = c.V
        shown = [
            (cat["id"], cat["value"])
            for cat in self.scoring["categories"]
            if (when := self.category_when.get(cat["id"])) is None or state.holds(when)
        ]
        # Each category written into the rows' breakdowns, column by column (no copy of
        # the column first); a flag read as it is (a bool) counts 1 or 0 in a breakdown.
        breakdowns: list[dict[str, Any]] = [{} for _ in c.P]
        for ident, value in shown:
            for i, x in enumerate(values[value]):
                breakdowns[i][ident] = int(x) if x is True or x is False else x
        if self.scoring["kind"] == "points":
            values[TOTAL] = [sum(b.values()) for b in breakdowns]
        explained = (
            {ident: details[value] for ident, value in shown if value in details} if E else {}
        )
        return values, explained, breakdowns


def interpret(export: Json) -> Interpreted:
    """A game's scoring from its export (scorer.export.export_game)."""
    scoring = export["scoring"]
    label = f"scoring of {export['game']}"
    ranking = scoring["ranking"]
    return Interpreted(
        game=export["game"],
        scoring=scoring,
        keys=tuple(Key(k["value"], k["better"]) for k in ranking["keys"]),
        values=Values(scoring),
        input_when=_whens(scoring["inputs"], label),
        may_be_empty=_whens(scoring["inputs"], label, "may_be_empty"),
        option_when=_whens(scoring.get("options", []), label),
        category_when=_whens(scoring["categories"], label),
        table_when=_whens(scoring.get("table", []), label),
        rival_when=_whens(scoring.get("rivals", []), label),
        choice_when={
            (spec["id"], choice["id"]): table_function(
                choice["when"], f"{label}: {spec['id']}.{choice['id']}.when"
            )
            for spec in scoring.get("table", [])
            for choice in spec["choices"]
            if choice.get("when") is not None
        },
        constraints=Constraints(scoring, label),
        end_checks={
            e["id"]: player_function(e["any_player"], f"{label}: end check {e['id']}", scoring)
            for e in scoring.get("end_checks", [])
        },
        win_requires=(
            player_function(ranking["win_requires"], f"{label}: win_requires", scoring)
            if ranking.get("win_requires") is not None
            else None
        ),
        team=(
            table_function(ranking["team"], f"{label}: ranking.team")
            if ranking.get("team") is not None
            else None
        ),
        rival_fixed={
            (rival["id"], ident): table_function(fixed, f"{label}: {rival['id']}.fixed.{ident}")
            for rival in scoring.get("rivals", [])
            for ident, fixed in rival.get("fixed", {}).items()
            if not isinstance(fixed, (bool, int))
        },
    )
