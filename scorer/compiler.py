"""Compiling a declared scoring into a Python function, once per game.

The declaration (schemas.scoring) is a tree of named mechanics. Interpreting that tree for
every score would walk it again and again; instead each value becomes one list
comprehension over the players, and each cross-player mechanic one call into
scorer.mechanics. The generated source is kept on the result for inspection
(``rulebook score --show-compiled``).

Only validated data reaches the generator: identifiers match ``[a-z][a-z0-9_]*`` and every
constant is written with ``repr`` of an int or a str, so content cannot inject code.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from schemas import expressions as ex
from schemas.game import GameContent
from schemas.references import nodes
from schemas.scoring import TOTAL, ChoiceInput, FlagInput, Scoring
from scorer import mechanics
from scorer.nodes import rule_for

#: Per row: value id -> one number (or key) per row; details: value id -> detail per row,
#: or None when explanations were not asked for (the argument E). A scoring with rivals
#: takes their rows too (R: rival id -> row, after the players).
Evaluation = tuple[dict[str, list[Any]], dict[str, list[Any] | None]]
EvaluateFn = Callable[..., Evaluation]
#: An evaluation's values (with the total, for points), the details of each category
#: shown (None without explanations), and each row's breakdown.
Tally = tuple[dict[str, list[Any]], dict[str, list[Any] | None], list[dict[str, int]]]
TallyFn = Callable[..., Tally]
TableFn = Callable[[dict[str, Any], dict[str, Any], dict[str, Any], int], Any]
PlayerFn = Callable[..., list[Any]]

_BUILTINS = {
    "len": len,
    "min": min,
    "max": max,
    "int": int,
    "bool": bool,
    "tuple": tuple,
    "sorted": sorted,
    "enumerate": enumerate,
    "sum": sum,
}


class Emitter:
    """Turns expression nodes into Python source through their rules (scorer.nodes),
    hoisting cross-player mechanics before the loop that reads them.

    ``rivals`` says the scoring has rivals: the evaluation's rows are the players, then the
    rivals at the table (``R`` maps a rival's id to its row), and comparisons that leave
    rivals out read only the first ``n`` rows.
    """

    def __init__(
        self,
        rivals: bool = False,
        choice_inputs: Mapping[str, Mapping[str, Mapping[str, list[int]]]] | None = None,
        keepers: tuple[str, ...] = (),
    ) -> None:
        self.lines: list[str] = []
        self.counter = 0
        self.current_details: str | None = None
        self.detail_owner: dict[str, str] = {}
        #: Values computed earlier in the same per-player loop, read as locals.
        self.local_values: set[str] = set()
        self.rivals = rivals
        #: Rivals that keep their award points (``keeps_points``), by id.
        self.keepers = keepers
        #: Choice input id -> choice id -> its data, for ``choice_data`` of a player's choice.
        self.choice_inputs = choice_inputs or {}
        #: Where a mechanic's measures can be written by the loop before the current one,
        #: (index of that loop's ``for`` line, index after its body, its values), or None.
        self.fold: tuple[int, int, set[str]] | None = None
        #: While the body of a loop over the rows is emitted with its reads bound (the
        #: tally's loops, the constraints' loop): the inputs it reads more than once, by
        #: id, each read into its local at the top of the body (:meth:`bind_reads`). None
        #: elsewhere: a hoisted comprehension, a line folded into an earlier loop and a
        #: lambda's own row read the row itself.
        self.row_locals: dict[str, str] | None = None
        #: The reads of each input counted by a trial emission (:meth:`bind_reads`).
        self.read_counts: dict[str, int] | None = None
        #: While a function is emitted with its options bound (the tally): the options it
        #: reads, by id, each read into its local once before the loops. None elsewhere.
        self.option_locals: dict[str, str] | None = None

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def input(self, ident: str) -> str:
        """A read of input ``ident`` of the row ``p``: its local where :meth:`bind_reads`
        bound it (an input the loop's body reads more than once)."""
        if self.row_locals is None:
            return f"p[{ident!r}]"
        if self.read_counts is not None:  # the trial emission counts the reads
            self.read_counts[ident] = self.read_counts.get(ident, 0) + 1
        return self.row_locals.get(ident) or f"p[{ident!r}]"

    def option(self, ident: str) -> str:
        """A read of option ``ident``: its local where the function's options are bound
        (validation gives every option, its default when the state leaves it out)."""
        if self.option_locals is None:
            return f"O[{ident!r}]"
        return self.option_locals.setdefault(ident, f"o_{ident}")

    def bind_reads(self, emit: Callable[[Emitter], list[str]]) -> list[str]:
        """The lines ``emit`` gives (the body of a loop over the rows) after lines that
        read each input it reads more than once into a local, which its reads then use.

        A read of the row's dict looks its key up (hash, probe, compare), where a local
        costs next to nothing; one read alone is left where it is (binding it would cost
        a store and a load more). Which inputs are read twice is known once the body is
        written, so ``emit`` runs twice: on a copy of this emitter, counting the reads
        (the copy and what it hoisted are dropped), then here, reading the locals. Every
        row holds every input (validation fills in the defaults, scorer.validate), so
        reading one at the top of the body cannot fail where a later conditional read
        would not have run.
        """
        trial = copy.deepcopy(self)
        trial.row_locals, trial.read_counts = {}, {}
        emit(trial)
        counted = trial.read_counts
        self.row_locals = {ident: f"q_{ident}" for ident, n in counted.items() if n > 1}
        body = emit(self)
        bound, self.row_locals = self.row_locals, None
        return [f"        {local} = p[{ident!r}]" for ident, local in bound.items()] + body

    def own_row(self, node: object) -> str:
        """``node`` as an expression that reads the row ``p`` itself (no bound locals): a
        hoisted comprehension's row, an earlier loop's, a lambda's."""
        bound, self.row_locals = self.row_locals, None
        try:
            return self.expr(node)
        finally:
            self.row_locals = bound

    def expr(self, node: object) -> str:
        """A Python expression computing ``node`` for player ``i`` (inputs ``p``)."""
        if isinstance(node, bool):
            raise TypeError("booleans are not scoring nodes")
        if isinstance(node, int):
            return repr(int(node))
        if not isinstance(node, ex.Node):
            raise TypeError(f"unknown scoring node {type(node).__name__}")
        return str(rule_for(node).emit(self, node))

    def test(self, node: object) -> str:
        """A Python expression true exactly when ``node`` holds (a condition's truth, not
        necessarily the 0 or 1 ``expr`` gives)."""
        if isinstance(node, ex.Node):
            return str(rule_for(node).test(self, node))
        return self.expr(node)

    def vector(self, node: object) -> str:
        """Emit a statement computing ``node`` for every row; return its variable.

        The statement runs before the current level's loop, so values of this level are
        read from their finished lists, never from the loop's locals.
        """
        if isinstance(node, ex.ValueRef):
            # A finished value's list already holds one entry per row (mechanics only read
            # what they are given).
            return f"v_{node.value}"
        name = self.fresh("_m")
        if self.fold is not None and _row_local(node):
            # The loop before this level's already runs over the rows, with every value the
            # measures read at hand: one more line there costs less than a comprehension.
            start, end, values = self.fold
            local, self.local_values = self.local_values, values
            self.lines.insert(end, f"        {name}[i] = {self.own_row(node)}")
            self.local_values = local
            rows = "len(P)" if self.rivals else "n"
            self.lines.insert(start, f"    {name} = [0] * {rows}")
            self.fold = (start + 1, end + 2, values)
            return name
        local, self.local_values = self.local_values, set()
        self.lines.append(f"    {name} = [{self.own_row(node)} for i, p in enumerate(P)]")
        self.local_values = local
        return name

    def compared(self, node: object, rivals: bool) -> str:
        """``node`` for everyone a comparison sees: the players, and the rivals if asked."""
        vector = self.vector(node)
        if rivals or not self.rivals:
            return vector
        return f"({vector}[:n] if R else {vector})"  # no copy when every row is a player's

    def points(self, node: object, rivals: bool) -> str:
        """Award points: a constant as it is, an expression as one number per row."""
        if isinstance(node, int) and not isinstance(node, bool):
            return repr(int(node))
        return self.compared(node, rivals)

    def choice_list(self, spec: ex.ChoiceData) -> str:
        return f"tuple(D[{spec.table!r}].get({spec.field!r}) or ())"

    def choice_first(self, spec: ex.ChoiceData) -> str:
        return f"_first(D[{spec.table!r}].get({spec.field!r}))"

    def hoist(self, value: str, pad: bool = False) -> str:
        """A statement computing ``value`` once for the table; with ``pad`` the value is a
        list over the players, and rivals get 0."""
        name = self.fresh("_s")
        self.lines.append(f"    {name} = {value}")
        if pad and self.rivals:
            self.lines.append(f"    if R:\n        {name} = {name} + [0] * (len(P) - n)")
        return name

    def award(self, call: str, rivals: bool, plain: str | None = None) -> str:
        """A cross-player mechanic returning (points, details); player i's points.

        A value shows the details of its first award. Rivals never keep points: those
        that took part keep their details (their place), the others get none. ``plain``,
        when given, is an expression of the points alone, computed in place of ``call``
        without explanations (a call costs more than the little work of the usual case).
        """
        result = self.fresh("_x")
        detail = self.fresh("_d")
        if plain is None:
            self.lines.append(f"    {result}, {detail} = {call}")
        else:
            self.lines.append(f"    if E:\n        {result}, {detail} = {call}")
            self.lines.append(f"    else:\n        {result}, {detail} = {plain}, None")
        # With no rival at the table every row is a player's: nothing to cut or pad.
        padding = []
        if self.rivals and self.keepers:
            kept = self.fresh("_k")
            # R lists the rivals' rows in order, after the players'.
            padding.append(f"{kept} = {{R[r] for r in {self.keepers!r} if r in R}}")
            padding.append(
                f"{result} = {result}[:n] + [{result}[r] if r in {kept} and r < len({result})"
                f" else 0 for r in R.values()]"
            )
        elif self.rivals:
            padding.append(f"{result} = {result}[:n] + [0] * (len(P) - n)")
        if self.rivals and not rivals:
            padding.append(
                f"{detail} = None if {detail} is None else {detail} + [None] * (len(P) - n)"
            )
        if padding:
            self.lines.append("    if R:")
            self.lines.extend(f"        {line}" for line in padding)
        if self.current_details is not None and self.current_details not in self.detail_owner:
            self.detail_owner[self.current_details] = detail
        return f"{result}[i]"


def value_order(scoring: Scoring) -> list[str]:
    """Value ids in an order where every value comes after those it uses."""
    declared = {v.id: v for v in scoring.values}
    order: list[str] = []
    done: set[str] = set()

    def visit(ident: str) -> None:
        if ident in done:
            return
        done.add(ident)
        for _, node in nodes(declared[ident].compute):
            read = _value_read(node)
            if read in declared:
                visit(read)
        order.append(ident)

    for value in scoring.values:
        visit(value.id)
    return order


def _value_read(node: object) -> str | None:
    """The value ``node`` reads: a value reference, or a rival's value."""
    if isinstance(node, ex.ValueRef):
        return node.value
    if isinstance(node, ex.RivalRef):
        return node.rival.value
    return None


def _row_local(node: object) -> bool:
    """Whether ``node`` reads only its own row (no other player's, no rival's): it can be
    computed in any loop over the rows that comes after the values it reads."""
    return not any(
        isinstance(n, ex.RivalRef) or (isinstance(n, ex.Node) and n.cross_player)
        for _, n in nodes(node)
    )


def _first(values: list[int] | None) -> int | None:
    return values[0] if values else None


def _at(values: list[int] | None, index: int) -> int:
    return values[index] if values and index < len(values) else 0


def _compile_function(source: str, name: str, label: str) -> Any:
    namespace: dict[str, Any] = {
        "__builtins__": _BUILTINS,
        "H": mechanics,
        "_first": _first,
        "_at": _at,
    }
    exec(compile(source, f"<{label}>", "exec"), namespace)
    return namespace[name]


def _choice_inputs(scoring: Scoring | None) -> dict[str, dict[str, dict[str, list[int]]]]:
    if scoring is None:
        return {}
    return {
        spec.id: {c.id: dict(c.data) for c in spec.choices}
        for spec in scoring.inputs
        if isinstance(spec, ChoiceInput)
    }


def table_function(node: object, label: str) -> TableFn:
    """A table-level expression (options, table inputs, player count) as a function."""
    emitter = Emitter()
    body = emitter.expr(node)
    if emitter.lines:
        raise ValueError(f"{label}: cross-player mechanics are not allowed here")
    source = f"def _table(O, T, D, n):\n    return {body}\n"
    found = _TABLE_FUNCTIONS.get(source)
    if found is None:
        found = _TABLE_FUNCTIONS[source] = _compile_function(source, "_table", label)
    return found  # type: ignore[no-any-return]


#: Compiled table-level functions by source: setups and conditions ask for the same few
#: (an item's ``when``, an option's test) thousands of times, and compiling is the cost.
_TABLE_FUNCTIONS: dict[str, Any] = {}


def _keepers(scoring: Scoring | None) -> tuple[str, ...]:
    """The rivals that keep their award points, by id."""
    return tuple(r.id for r in scoring.rivals if r.keeps_points) if scoring else ()


def player_function(node: object, label: str, scoring: Scoring | None = None) -> PlayerFn:
    """A per-player expression as a function giving one result per row.

    The function takes the computed values (``V``) and, when ``scoring`` has rivals, the
    rivals' rows (``R``: rival id -> row of ``P``, after the players).
    """
    rivals = bool(scoring and scoring.rivals)
    emitter = Emitter(rivals, _choice_inputs(scoring), _keepers(scoring))
    used = sorted({read for _, n in nodes(node) if (read := _value_read(n)) is not None})
    body = emitter.expr(node)
    lines = [
        *(f"    v_{ident} = V[{ident!r}]" for ident in used),
        *emitter.lines,
        f"    return [{body} for i, p in enumerate(P)]",
    ]
    count = "n = len(P) - len(R)" if rivals else "n = len(P)"
    source = (
        f"def _player(P, O, T, D, V, R={{}}):\n    {count}\n    E = False\n"
        + "\n".join(lines)
        + "\n"
    )
    return _compile_function(source, "_player", label)  # type: ignore[no-any-return]


def constraints_hold(scoring: Scoring, label: str) -> PlayerFn:
    """Every constraint in one function: True when each that applies holds for every
    player (validation's quick test; any other answer runs them one by one for the
    problems).

    It computes the values the constraints read itself, as ``constraint_values`` does:
    per player, as locals of the one loop that tests the constraints, when each is a
    per-player value that no constraint compares across the players (every game's so
    far); otherwise as whole lists before that loop. A ``when`` is computed once (one
    shared by several constraints, once for all), and a constraint's cross-player parts
    only when it applies.
    """
    emitter = Emitter(bool(scoring.rivals), _choice_inputs(scoring), _keepers(scoring))
    declared = {v.id: v for v in scoring.values}
    needed = _needed(scoring, constraint_reads(scoring))
    order = [ident for ident in value_order(scoring) if ident in needed]
    levels = value_levels(scoring)
    crossed = {i for c in scoring.constraints for i, across in _value_refs(c.check) if across}
    inline = all(levels[ident] == 0 for ident in order) and not crossed & needed

    def emit(em: Emitter) -> list[str]:
        """The loop's body: the values (in the loop when inline) and the test; what only
        some constraints need is hoisted into ``em.lines``, under their condition."""
        values = []  # the lines computing the values, in the loop (inline)
        for ident in order:
            if inline:
                values.append(f"        x_{ident} = {em.expr(declared[ident].compute)}")
                em.local_values.add(ident)
            else:
                body = em.own_row(declared[ident].compute)
                em.lines.append(f"    v_{ident} = [{body} for i, p in enumerate(P)]")
        if inline and em.lines:  # a per-player value hoists nothing: level 0 says so
            raise AssertionError(f"{label}: a per-player value read across the players")
        conditions: dict[str, str] = {}
        tests = []
        block = ("", -1)  # the condition of the last block of hoisted lines, and its end
        for constraint in scoring.constraints:
            check = constraint.check
            if constraint.when is None:
                tests.append(f"not {em.test(check)}")
                continue
            applies = em.test(constraint.when)
            known = conditions.get(applies)
            if known is None:
                known = conditions[applies] = f"_w{len(conditions)}"
                em.lines.append(f"    {known} = {applies}")
            before = len(em.lines)
            test = em.test(check)
            hoisted = em.lines[before:]
            if hoisted:  # computed only where the constraint applies, as its function is
                del em.lines[before:]
                if block != (known, before):  # (the block above has the same condition)
                    em.lines.append(f"    if {known}:")
                em.lines.extend(f"    {line}" for line in hoisted)
                block = (known, len(em.lines))
            tests.append(f"({known} and not {test})")
        return [*values, f"        if {' or '.join(tests) or 'False'}:"]

    # Inputs read more than once in the loop, bound first (as in the tally): most
    # constraints hold, so each test is read through to its end and every read is made.
    body = emitter.bind_reads(emit)
    count = "n = len(P) - len(R)" if emitter.rivals else "n = len(P)"
    lines = [
        f"def _holds(P, O, T, D, R={{}}):\n    {count}\n    E = False",
        *emitter.lines,
        "    for i, p in enumerate(P):",
        *body,
        "            return False",
        "    return True",
    ]
    return _compile_function("\n".join(lines) + "\n", "_holds", label)  # type: ignore[no-any-return]


def inputs_off(scoring: Scoring, label: str) -> TableFn | None:
    """The inputs whose ``when`` does not hold, in one function (None when every input is
    always asked): validation's view of which inputs the table is asked, each distinct
    condition tested once instead of one function per input."""
    grouped: dict[str, list[str]] = {}
    emitter = Emitter()
    for spec in scoring.inputs:
        if spec.when is not None:
            grouped.setdefault(emitter.test(spec.when), []).append(spec.id)
    if not grouped:
        return None
    if emitter.lines:
        raise ValueError(f"{label}: cross-player mechanics are not allowed here")
    parts = " + ".join(f"(() if {test} else {tuple(ids)!r})" for test, ids in grouped.items())
    source = f"def _off(O, T, D, n):\n    return {parts}\n"
    return _compile_function(source, "_off", label)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class CompiledScoring:
    """A game's scoring, ready to evaluate many end states."""

    game: str
    source: str
    evaluate: EvaluateFn
    #: ``evaluate`` that also writes each row's breakdown and total, and says which
    #: categories are shown (:class:`_Tally`): what scorer.assemble reads.
    tally: TallyFn
    #: ``evaluate`` cut down to the values the constraints read (validation runs it).
    constraint_values: EvaluateFn
    input_when: dict[str, TableFn] = field(default_factory=dict)
    #: Option id -> when it applies (scorer.legality refuses it set elsewhere).
    option_when: dict[str, TableFn] = field(default_factory=dict)
    #: The ids of the inputs whose ``when`` does not hold (:func:`inputs_off`).
    inputs_off: TableFn | None = None
    category_when: dict[str, TableFn] = field(default_factory=dict)
    table_when: dict[str, TableFn] = field(default_factory=dict)
    #: (table input id, choice id) -> when that choice is offered.
    choice_when: dict[tuple[str, str], TableFn] = field(default_factory=dict)
    constraints: dict[str, tuple[PlayerFn, TableFn | None]] = field(default_factory=dict)
    #: Whether every constraint holds (:func:`constraints_hold`), for a valid state.
    constraints_hold: PlayerFn | None = None
    end_checks: dict[str, PlayerFn] = field(default_factory=dict)
    win_requires: PlayerFn | None = None
    #: Values that may be bools and need turning into numbers for a breakdown.
    bool_values: frozenset[str] = frozenset()
    #: Rival id -> when it is at the table (rivals without a ``when`` always are).
    rival_when: dict[str, TableFn] = field(default_factory=dict)
    #: When the players win or lose as one team (``ranking.team``).
    team: TableFn | None = None
    #: (rival id, input id) -> the value the rules set for it, when an expression.
    rival_fixed: dict[tuple[str, str], TableFn] = field(default_factory=dict)


def value_levels(scoring: Scoring) -> dict[str, int]:
    """How many cross-player comparisons stand between each value and the inputs.

    Values of one level are computed together in a single loop over the players; a value
    whose cross-player mechanic compares values of level k belongs to level k + 1.
    """
    declared = {v.id: v for v in scoring.values}
    levels: dict[str, int] = {}
    for ident in value_order(scoring):
        found = _value_refs(declared[ident].compute)
        levels[ident] = max((levels[d] + int(c) for d, c in found if d in levels), default=0)
    return levels


def _value_refs(node: object, crossed: bool = False) -> list[tuple[str, bool]]:
    """The values ``node`` uses, each with whether it is read through a cross-player mechanic
    (or from a rival's row, which other rows cannot read until their loop is done)."""
    if isinstance(node, ex.ValueRef):
        return [(node.value, crossed)]
    if isinstance(node, ex.RivalRef):
        return [] if node.rival.value is None else [(node.rival.value, True)]
    inside = crossed or (isinstance(node, ex.Node) and node.cross_player)
    return [r for child in ex.children(node) for r in _value_refs(child, inside)]


def bool_values(scoring: Scoring) -> set[str]:
    """Values that may come out as Python bools (a flag read as it is), not ints.

    Arithmetic turns a bool into an int and comparisons are written as 1 or 0, so only a
    flag (input or option) passed through unchanged, or chosen by if/minimum/maximum, can
    stay a bool; the engine converts just those to numbers for the breakdown.
    """
    flags = {i.id for i in scoring.inputs if isinstance(i, FlagInput)}
    flag_options = {o.id for o in scoring.options if o.kind == "flag"}
    declared = {v.id: v for v in scoring.values}
    found: set[str] = set()

    def may_be_bool(node: object) -> bool:
        if isinstance(node, ex.InputRef):
            return node.input in flags
        if isinstance(node, ex.OptionRef):
            return node.option in flag_options
        if isinstance(node, ex.ValueRef):
            return node.value in found
        if isinstance(node, ex.If):
            return may_be_bool(node.if_.then) or may_be_bool(node.if_.else_)
        if isinstance(node, ex.Sum) and len(node.sum) == 1:
            return may_be_bool(node.sum[0])  # a one-term sum compiles to the term itself
        if isinstance(node, ex.Minimum | ex.Maximum):
            items = node.minimum if isinstance(node, ex.Minimum) else node.maximum
            return any(may_be_bool(item) for item in items)
        return False

    for ident in value_order(scoring):
        if may_be_bool(declared[ident].compute):
            found.add(ident)
    return found


def kept_values(scoring: Scoring, shown: bool = True) -> set[str]:
    """Values needed as whole lists: shown, ranked, checked, or read across a loop.

    The others are intermediate steps; they live as locals inside one loop only. With
    ``shown`` off a category's value is not kept for being shown: the tally writes it
    straight into the breakdown.
    """
    levels = value_levels(scoring)
    kept = {k.value for k in scoring.ranking.keys}
    if shown:
        kept |= {c.value for c in scoring.categories}
    for root in [
        *(c.check for c in scoring.constraints),
        *(e.any_player for e in scoring.end_checks),
        scoring.ranking.win_requires,
    ]:
        kept.update(ident for ident, _ in _value_refs(root))
    for value in scoring.values:
        for ident, crossed in _value_refs(value.compute):
            if crossed or levels.get(ident) != levels[value.id]:
                kept.add(ident)
    kept.discard(TOTAL)
    return kept


def _needed(scoring: Scoring, wanted: set[str]) -> set[str]:
    """``wanted`` and every value they are computed from."""
    declared = {v.id: v for v in scoring.values}
    found: set[str] = set()
    todo = [w for w in wanted if w in declared]
    while todo:
        ident = todo.pop()
        if ident not in found:
            found.add(ident)
            todo.extend(d for d, _ in _value_refs(declared[ident].compute) if d in declared)
    return found


def constraint_reads(scoring: Scoring) -> set[str]:
    """The values the constraints read."""
    return {ident for c in scoring.constraints for ident, _ in _value_refs(c.check)}


def _evaluate_source(
    scoring: Scoring, emitter: Emitter, only: set[str] | None = None, tally: bool = False
) -> str:
    """One loop over the rows per level, cross-player mechanics between the loops.

    The rows are the players, then (when the scoring has rivals) the rivals at the table:
    ``R`` maps each one's id to its row, and ``n`` stays the number of players. With
    ``only``, just those values and what they are computed from (what the constraints
    read: a few sums, where the whole scoring is dozens of values and its awards). With
    ``tally``, the function also writes each row's breakdown (see :class:`_Tally`).
    """
    declared = {v.id: v for v in scoring.values}
    levels = value_levels(scoring)
    order = value_order(scoring)
    kept = kept_values(scoring, shown=not tally)
    if only is not None:
        needed = _needed(scoring, only)
        declared = {ident: v for ident, v in declared.items() if ident in needed}
        order = [ident for ident in order if ident in needed]
        levels = {ident: level for ident, level in levels.items() if ident in needed}
        kept = (kept & needed) | (only & needed)
    rows = "len(P)" if emitter.rivals else "n"
    # A tally has a loop to write the breakdowns in even when nothing is computed per row.
    steps = sorted(set(levels.values())) or ([0] if tally else [])
    tallied = _Tally(scoring, emitter, levels, steps) if tally else None
    if tallied is not None:
        emitter.lines.append(f"    B = [None] * {rows}")
        if scoring.kind == "points":
            emitter.lines.append(f"    v_{TOTAL} = [0] * {rows}")
    previous: tuple[int, int, set[str]] | None = None
    #: The options a loop of the tally reads, each read into a local once, before the
    #: loops: every row would read the same entry again.
    options: dict[str, str] = {}
    for level in steps:
        idents = [i for i in order if levels[i] == level]
        emitter.local_values = set()
        # Only the tally folds measures into the loop before (validation's quick test is
        # constraints_hold, which computes what it reads in a loop of its own), and binds
        # the inputs and options its loops read.
        emitter.fold = previous if tallied is not None else None

        def emit(em: Emitter, idents: list[str] = idents) -> list[str]:
            body = []
            for ident in idents:
                em.current_details = ident
                body.append(f"        x_{ident} = {em.expr(declared[ident].compute)}")
                if ident in kept:
                    body.append(f"        v_{ident}[i] = x_{ident}")
                em.local_values.add(ident)
            return body

        if tallied is not None:
            emitter.option_locals = options
            body = emitter.bind_reads(emit)
            emitter.option_locals = None
            body.extend(tallied.lines(level))
        else:
            body = emit(emitter)
        emitter.fold = None
        emitter.lines.extend(f"    v_{ident} = [0] * {rows}" for ident in idents if ident in kept)
        emitter.lines.append("    for i, p in enumerate(P):")
        start = len(emitter.lines) - 1
        emitter.lines.extend(body)
        previous = (start, len(emitter.lines), set(idents))
    # Validation gives every option (its default when the state leaves it out).
    emitter.lines[:0] = [f"    {name} = O[{ident!r}]" for ident, name in options.items()]
    results = ", ".join(f"{ident!r}: v_{ident}" for ident in declared if ident in kept)
    details = ", ".join(f"{owner!r}: {var}" for owner, var in emitter.detail_owner.items())
    if tallied is None:
        head = "def _evaluate(P, O, T, D, E=True"
        ending = f"{{{results}}}, {{{details}}}"
    else:
        head = "def _tally(P, O, T, D, E=True"
        if scoring.kind == "points":
            results = ", ".join(filter(None, [results, f"{TOTAL!r}: v_{TOTAL}"]))
        closing, shown = tallied.details(emitter.detail_owner)
        emitter.lines.extend(closing)
        ending = f"{{{results}}}, {shown}, B"
    head += ", R={}):\n    n = len(P) - len(R)\n" if emitter.rivals else "):\n    n = len(P)\n"
    if tallied is not None:  # a global of the function, made once with it
        head = f"{tallied.template} = {tallied.blank()}\n\n\n{head}"
    return head + "\n".join(emitter.lines) + f"\n    return {ending}\n"


class _Tally:
    """The breakdown lines of a tally: what the generic way of putting a result together
    would do with the finished values (pick the categories shown, turn flags into numbers,
    add up the total), written for one game so that it costs a dict per row.

    Each row's breakdown is a copy of one template in the first loop (every category in
    declared order, 0: the global ``_B0`` of the function), with that loop's categories
    written in; the loop of a later value writes its own (the key keeps its place). The
    last loop drops the categories not shown (their ``when`` is a table expression: which
    they are is found once, before the loops) and adds up the total.
    """

    def __init__(
        self, scoring: Scoring, emitter: Emitter, levels: dict[str, int], steps: list[int]
    ) -> None:
        self.scoring = scoring
        self.levels = levels
        self.first, self.last = steps[0], steps[-1]
        self.flags = bool_values(scoring)
        # Categories under the same condition (an expansion's, a mode's) share one test.
        grouped: dict[str, list[str]] = {}
        for c in scoring.categories:
            if c.when is not None:
                grouped.setdefault(emitter.test(c.when), []).append(c.id)
        #: The global holding the breakdown template: every category, in declared order, 0.
        self.template = "_B0"
        #: The variable holding the ids of the categories not shown, if any can be hidden.
        self.hidden = (
            emitter.hoist(
                " + ".join(f"(() if {test} else {tuple(ids)!r})" for test, ids in grouped.items())
            )
            if grouped
            else None
        )

    def _read(self, value: str) -> str:
        return f"int(x_{value})" if value in self.flags else f"x_{value}"

    def blank(self) -> str:
        """The breakdown template: every category in declared order, each 0."""
        return "{" + ", ".join(f"{c.id!r}: 0" for c in self.scoring.categories) + "}"

    def lines(self, level: int) -> list[str]:
        """The lines that end the loop of ``level``."""
        categories = self.scoring.categories
        lines = []
        if level == self.first:
            # A copy of the template (every category, 0) is a block copy; a dict display
            # inserts key by key, and costs as much as the copy and the assignments together.
            lines.append(f"        B[i] = b = {self.template}.copy()")
            lines.extend(
                f"        b[{c.id!r}] = {self._read(c.value)}"
                for c in categories
                if self.levels[c.value] == level
            )
        else:
            lines.append("        b = B[i]")
            lines.extend(
                f"        b[{c.id!r}] = {self._read(c.value)}"
                for c in categories
                if self.levels[c.value] == level
            )
        if level == self.last:
            if self.hidden is not None:
                lines.append(f"        for c in {self.hidden}:\n            del b[c]")
            if self.scoring.kind == "points":
                lines.append(f"        v_{TOTAL}[i] = sum(b.values())")
        return lines

    def details(self, owners: dict[str, str]) -> tuple[list[str], str]:
        """The details of every category shown whose value has some, by category id, in
        declared order (``owners``: value id -> the variable of its details): the lines
        that end the function, and the expression it returns."""
        pairs = ", ".join(
            f"{c.id!r}: {owners[c.value]}" for c in self.scoring.categories if c.value in owners
        )
        if self.hidden is None or not pairs:
            return [], f"{{{pairs}}}"
        # Without explanations every detail is None: nothing to leave out. With them, the
        # few hidden are taken out of the display (a comprehension costs more).
        return [
            f"    if E:\n        _dd = {{{pairs}}}",
            f"        for c in {self.hidden}:\n            _dd.pop(c, None)",
            "    else:\n        _dd = {}",
        ], "_dd"


def compile_scoring(content: GameContent) -> CompiledScoring:
    """Compile ``content``'s declared scoring once; see the module docstring."""
    scoring = content.scoring
    emitter = Emitter(bool(scoring.rivals), _choice_inputs(scoring), _keepers(scoring))
    source = _evaluate_source(scoring, emitter)
    label = f"scoring of {content.id}"
    evaluate = _compile_function(source, "_evaluate", label)
    tally_emitter = Emitter(bool(scoring.rivals), _choice_inputs(scoring), _keepers(scoring))
    tally = _compile_function(
        _evaluate_source(scoring, tally_emitter, tally=True), "_tally", f"{label}: tally"
    )
    reads = constraint_reads(scoring)
    pruned = Emitter(bool(scoring.rivals), _choice_inputs(scoring), _keepers(scoring))
    constraint_values = _compile_function(
        _evaluate_source(scoring, pruned, reads), "_evaluate", f"{label}: constraint values"
    )

    def when_map(items: list[Any]) -> dict[str, TableFn]:
        return {
            i.id: table_function(i.when, f"{label}: {i.id}.when")
            for i in items
            if i.when is not None
        }

    return CompiledScoring(
        game=content.id,
        source=source,
        evaluate=evaluate,
        tally=tally,
        constraint_values=constraint_values,
        input_when=when_map(list(scoring.inputs)),
        option_when=when_map(scoring.options),
        inputs_off=inputs_off(scoring, f"{label}: inputs asked"),
        category_when=when_map(scoring.categories),
        table_when=when_map(scoring.table),
        rival_when=when_map(scoring.rivals),
        team=(
            table_function(scoring.ranking.team, f"{label}: ranking.team")
            if scoring.ranking.team is not None
            else None
        ),
        rival_fixed={
            (rival.id, ident): table_function(fixed, f"{label}: {rival.id}.fixed.{ident}")
            for rival in scoring.rivals
            for ident, fixed in rival.fixed.items()
            if not isinstance(fixed, (bool, int))
        },
        bool_values=frozenset(bool_values(scoring)),
        choice_when={
            (spec.id, choice.id): table_function(
                choice.when, f"{label}: {spec.id}.{choice.id}.when"
            )
            for spec in scoring.table
            for choice in content.table_choices(spec)
            if choice.when is not None
        },
        constraints={
            c.id: (
                player_function(c.check, f"{label}: constraint {c.id}", scoring),
                table_function(c.when, f"{label}: constraint {c.id}.when")
                if c.when is not None
                else None,
            )
            for c in scoring.constraints
        },
        constraints_hold=constraints_hold(scoring, f"{label}: constraints"),
        end_checks={
            e.id: player_function(e.any_player, f"{label}: end check {e.id}", scoring)
            for e in scoring.end_checks
        },
        win_requires=(
            player_function(scoring.ranking.win_requires, f"{label}: win_requires", scoring)
            if scoring.ranking.win_requires is not None
            else None
        ),
    )
