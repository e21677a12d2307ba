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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from schemas import expressions as ex
from schemas.common import Strict
from schemas.game import GameContent
from schemas.references import nodes
from schemas.scoring import TOTAL, FlagInput, Scoring
from scorer import mechanics

#: Per player: value id -> one number (or key) per player; details: value id -> detail per
#: player, or None when explanations were not asked for (the last argument, E).
Evaluation = tuple[dict[str, list[Any]], dict[str, list[Any] | None]]
EvaluateFn = Callable[
    [list[dict[str, Any]], dict[str, Any], dict[str, Any], dict[str, Any], bool], Evaluation
]
TableFn = Callable[[dict[str, Any], dict[str, Any], dict[str, Any], int], Any]
PlayerFn = Callable[
    [list[dict[str, Any]], dict[str, Any], dict[str, Any], dict[str, Any], dict[str, list[Any]]],
    list[Any],
]

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


#: Comparison nodes: the model, its single key, the Python operator.
_COMPARISONS: tuple[tuple[type[Strict], str, str], ...] = (
    (ex.Eq, "eq", "=="),
    (ex.Ne, "ne", "!="),
    (ex.Lt, "lt", "<"),
    (ex.Le, "le", "<="),
    (ex.Gt, "gt", ">"),
    (ex.Ge, "ge", ">="),
)


class _Emitter:
    """Turns expression nodes into Python source, hoisting cross-player mechanics."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.counter = 0
        self.current_details: str | None = None
        self.detail_owner: dict[str, str] = {}
        #: Values computed earlier in the same per-player loop, read as locals.
        self.local_values: set[str] = set()

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def vector(self, node: object) -> str:
        """Emit a statement computing ``node`` for every player; return its variable.

        The statement runs before the current level's loop, so values of this level are
        read from their finished lists, never from the loop's locals.
        """
        name = self.fresh("_m")
        local, self.local_values = self.local_values, set()
        self.lines.append(f"    {name} = [{self.expr(node)} for i, p in enumerate(P)]")
        self.local_values = local
        return name

    def choice_data(self, spec: ex.ChoiceData | list[int] | int | None, single: bool) -> str:
        if spec is None:
            return "None"
        if isinstance(spec, ex.ChoiceData):
            fetched = f"D[{spec.table!r}].get({spec.field!r})"
            return f"_first({fetched})" if single else f"tuple({fetched} or ())"
        if isinstance(spec, int):
            return repr(int(spec))
        return repr(tuple(int(v) for v in spec))

    def cross(self, node: ex.RankAward | ex.Most | ex.HeldAward) -> str:
        result = self.fresh("_x")
        detail = self.fresh("_d")
        if isinstance(node, ex.RankAward):
            spec = node.rank_award
            measures = self.vector(spec.of)
            call = (
                f"H.rank_award({measures}, {self.choice_data(spec.awards, False)}, "
                f"{spec.ties!r}, {int(spec.others)!r}, {int(spec.at_least)!r}, "
                f"{self.choice_data(spec.max_gap, True)}, E)"
            )
        elif isinstance(node, ex.Most):
            spec_m = node.most
            measures = self.vector(spec_m.of)
            call = f"H.most({measures}, {int(spec_m.points)!r}, {int(spec_m.at_least)!r}, E)"
        else:
            spec_h = node.held_award
            measures = self.vector(spec_h.of)
            holders = self.vector(spec_h.holder)
            call = (
                f"H.held_award({measures}, {holders}, {int(spec_h.holder_points)!r}, "
                f"{int(spec_h.other_points)!r}, {int(spec_h.at_least)!r}, E)"
            )
        self.lines.append(f"    {result}, {detail} = {call}")
        if self.current_details is not None and self.current_details not in self.detail_owner:
            self.detail_owner[self.current_details] = detail
        return f"{result}[i]"

    def join(self, items: list[Any], operator: str) -> str:
        return "(" + f" {operator} ".join(self.expr(item) for item in items) + ")"

    def expr(self, node: object) -> str:
        if isinstance(node, bool):
            raise TypeError("booleans are not scoring nodes")
        if isinstance(node, int):
            return repr(int(node))
        if isinstance(node, ex.InputRef):
            return f"p[{node.input!r}]"
        if isinstance(node, ex.TableRef):
            return f"T[{node.table!r}]"
        if isinstance(node, ex.OptionRef):
            return f"O[{node.option!r}]"
        if isinstance(node, ex.ValueRef):
            if node.value in self.local_values:
                return f"x_{node.value}"
            return f"v_{node.value}[i]"
        if isinstance(node, ex.PlayerCount):
            return "n"
        if isinstance(node, ex.Sum):
            return self.join(node.sum, "+")
        if isinstance(node, ex.Product):
            return self.join(node.product, "*")
        if isinstance(node, ex.Difference):
            return self.join(node.difference, "-")
        if isinstance(node, ex.FloorDiv):
            value, divisor = node.floor_div
            return f"({self.expr(value)} // {int(divisor)!r})"
        if isinstance(node, ex.Minimum):
            return "min(" + ", ".join(self.expr(i) for i in node.minimum) + ")"
        if isinstance(node, ex.Maximum):
            return "max(" + ", ".join(self.expr(i) for i in node.maximum) + ")"
        if isinstance(node, ex.Lookup):
            spec = node.lookup
            table = repr(tuple(int(v) for v in spec.table))
            last = len(spec.table) - 1
            index = self.fresh("_i")
            # Inlined H.lookup: clamp below to the first entry; past the end, last or 0.
            clamped = f"({index} := max({self.expr(spec.index)}, 0))"
            if spec.beyond == "zero":
                return f"({table}[{index}] if {clamped} <= {last} else 0)"
            return f"{table}[min({clamped}, {last})]"
        if isinstance(node, ex.If):
            spec_if = node.if_
            return f"({self.expr(spec_if.then)} if {self.expr(spec_if.cond)} else {self.expr(spec_if.else_)})"
        for kind, field_name, operator in _COMPARISONS:
            if isinstance(node, kind):
                left, right = getattr(node, field_name)
                return f"int({self.expr(left)} {operator} {self.expr(right)})"
        if isinstance(node, ex.All):
            return "int(" + " and ".join(f"bool({self.expr(i)})" for i in node.all) + ")"
        if isinstance(node, ex.AnyOf):
            return "int(" + " or ".join(f"bool({self.expr(i)})" for i in node.any) + ")"
        if isinstance(node, ex.Not):
            return f"int(not {self.expr(node.not_)})"
        if isinstance(node, ex.Is):
            wanted = repr(tuple(str(w) for w in node.is_.in_))
            return f"int({self.expr(node.is_.of)} in {wanted})"
        if isinstance(node, ex.CountAtLeast):
            spec_c = node.count_at_least
            return (
                "("
                + " + ".join(f"({self.expr(v)} >= {int(spec_c.at_least)!r})" for v in spec_c.values)
                + ")"
            )
        if isinstance(node, ex.Length):
            return f"len(p[{node.length.input!r}])"
        if isinstance(node, ex.Last):
            ref = f"p[{node.last.input!r}]"
            return f"({ref}[-1] if {ref} else 0)"
        if isinstance(node, ex.SumItems):
            return f"sum(p[{node.sum_items.input!r}])"
        if isinstance(node, ex.CountEqual):
            return f"p[{node.count_equal.of.input!r}].count({int(node.count_equal.value)!r})"
        if isinstance(node, ex.SetCollection):
            spec_s = node.set_collection
            families = "(" + ", ".join(self.expr(f) for f in spec_s.families) + ",)"
            values = repr(tuple(int(v) for v in spec_s.item_values))
            return f"H.set_collection({families}, {values})"
        if isinstance(node, ex.SortedKey):
            spec_k = node.sorted_key
            items = "(" + ", ".join(self.expr(f) for f in spec_k.of) + ",)"
            keep = "None" if spec_k.keep is None else self.expr(spec_k.keep)
            return f"H.sorted_key({items}, {spec_k.order == 'descending'!r}, {keep})"
        if isinstance(node, ex.TableSum):
            total = self.fresh("_s")
            self.lines.append(f"    {total} = sum({self.vector(node.table_sum)})")
            return total
        if isinstance(node, ex.RankAward | ex.Most | ex.HeldAward):
            return self.cross(node)
        raise TypeError(f"unknown scoring node {type(node).__name__}")


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
            if isinstance(node, ex.ValueRef) and node.value in declared:
                visit(node.value)
        order.append(ident)

    for value in scoring.values:
        visit(value.id)
    return order


def _first(values: list[int] | None) -> int | None:
    return values[0] if values else None


def _compile_function(source: str, name: str, label: str) -> Any:
    namespace: dict[str, Any] = {"__builtins__": _BUILTINS, "H": mechanics, "_first": _first}
    exec(compile(source, f"<{label}>", "exec"), namespace)
    return namespace[name]


def table_function(node: object, label: str) -> TableFn:
    """A table-level expression (options, table inputs, player count) as a function."""
    emitter = _Emitter()
    body = emitter.expr(node)
    if emitter.lines:
        raise ValueError(f"{label}: cross-player mechanics are not allowed here")
    source = f"def _table(O, T, D, n):\n    return {body}\n"
    return _compile_function(source, "_table", label)  # type: ignore[no-any-return]


def player_function(node: object, label: str) -> PlayerFn:
    """A per-player expression as a function giving one result per player.

    The function takes the computed values as a last argument, for expressions that use them.
    """
    emitter = _Emitter()
    used = sorted({n.value for _, n in nodes(node) if isinstance(n, ex.ValueRef)})
    body = emitter.expr(node)
    lines = [
        *(f"    v_{ident} = V[{ident!r}]" for ident in used),
        *emitter.lines,
        f"    return [{body} for i, p in enumerate(P)]",
    ]
    source = (
        "def _player(P, O, T, D, V):\n    n = len(P)\n    E = False\n" + "\n".join(lines) + "\n"
    )
    return _compile_function(source, "_player", label)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class CompiledScoring:
    """A game's scoring, ready to evaluate many end states."""

    game: str
    source: str
    evaluate: EvaluateFn
    input_when: dict[str, TableFn] = field(default_factory=dict)
    category_when: dict[str, TableFn] = field(default_factory=dict)
    table_when: dict[str, TableFn] = field(default_factory=dict)
    #: (table input id, choice id) -> when that choice is offered.
    choice_when: dict[tuple[str, str], TableFn] = field(default_factory=dict)
    constraints: dict[str, tuple[PlayerFn, TableFn | None]] = field(default_factory=dict)
    end_checks: dict[str, PlayerFn] = field(default_factory=dict)
    win_requires: PlayerFn | None = None
    #: Values that may be bools and need turning into numbers for a breakdown.
    bool_values: frozenset[str] = frozenset()


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
    """The values ``node`` uses, each with whether it is read through a cross-player mechanic."""
    if isinstance(node, ex.ValueRef):
        return [(node.value, crossed)]
    inside = crossed or isinstance(node, ex.RankAward | ex.Most | ex.HeldAward | ex.TableSum)
    return [r for child in ex.children(node) for r in _value_refs(child, inside)]


def bool_values(scoring: Scoring) -> set[str]:
    """Values that may come out as Python bools (a flag read as it is), not ints.

    Arithmetic turns a bool into an int and comparisons are wrapped in int(), so only a
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


def kept_values(scoring: Scoring) -> set[str]:
    """Values needed as whole lists: shown, ranked, checked, or read across a loop.

    The others are intermediate steps; they live as locals inside one loop only.
    """
    levels = value_levels(scoring)
    kept = {c.value for c in scoring.categories} | {k.value for k in scoring.ranking.keys}
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


def _evaluate_source(scoring: Scoring, emitter: _Emitter) -> str:
    """One loop over the players per level, cross-player mechanics between the loops."""
    declared = {v.id: v for v in scoring.values}
    levels = value_levels(scoring)
    order = value_order(scoring)
    kept = kept_values(scoring)
    for level in sorted(set(levels.values())):
        idents = [i for i in order if levels[i] == level]
        emitter.local_values = set()
        body = []
        for ident in idents:
            emitter.current_details = ident
            body.append(f"        x_{ident} = {emitter.expr(declared[ident].compute)}")
            if ident in kept:
                body.append(f"        v_{ident}[i] = x_{ident}")
            emitter.local_values.add(ident)
        emitter.lines.extend(f"    v_{ident} = [0] * n" for ident in idents if ident in kept)
        emitter.lines.append("    for i, p in enumerate(P):")
        emitter.lines.extend(body)
    results = ", ".join(f"{ident!r}: v_{ident}" for ident in declared if ident in kept)
    details = ", ".join(f"{owner!r}: {var}" for owner, var in emitter.detail_owner.items())
    return (
        "def _evaluate(P, O, T, D, E=True):\n    n = len(P)\n"
        + "\n".join(emitter.lines)
        + f"\n    return {{{results}}}, {{{details}}}\n"
    )


def compile_scoring(content: GameContent) -> CompiledScoring:
    """Compile ``content``'s declared scoring once; see the module docstring."""
    scoring = content.scoring
    emitter = _Emitter()
    source = _evaluate_source(scoring, emitter)
    label = f"scoring of {content.id}"
    evaluate = _compile_function(source, "_evaluate", label)

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
        input_when=when_map(list(scoring.inputs)),
        category_when=when_map(scoring.categories),
        table_when=when_map(scoring.table),
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
                player_function(c.check, f"{label}: constraint {c.id}"),
                table_function(c.when, f"{label}: constraint {c.id}.when")
                if c.when is not None
                else None,
            )
            for c in scoring.constraints
        },
        end_checks={
            e.id: player_function(e.any_player, f"{label}: end check {e.id}")
            for e in scoring.end_checks
        },
        win_requires=(
            player_function(scoring.ranking.win_requires, f"{label}: win_requires")
            if scoring.ranking.win_requires is not None
            else None
        ),
    )
