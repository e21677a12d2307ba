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
from schemas.scoring import Scoring
from scorer import mechanics

#: Per player: value id -> one number (or key) per player; details: value id -> detail per player.
Evaluation = tuple[dict[str, list[Any]], dict[str, list[Any]]]
EvaluateFn = Callable[
    [list[dict[str, Any]], dict[str, Any], dict[str, Any], dict[str, Any]], Evaluation
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

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def vector(self, node: object) -> str:
        """Emit a statement computing ``node`` for every player; return its variable."""
        name = self.fresh("_m")
        self.lines.append(f"    {name} = [{self.expr(node)} for i, p in enumerate(P)]")
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
                f"{self.choice_data(spec.max_gap, True)})"
            )
        elif isinstance(node, ex.Most):
            spec_m = node.most
            measures = self.vector(spec_m.of)
            call = f"H.most({measures}, {int(spec_m.points)!r}, {int(spec_m.at_least)!r})"
        else:
            spec_h = node.held_award
            measures = self.vector(spec_h.of)
            holders = self.vector(spec_h.holder)
            call = (
                f"H.held_award({measures}, {holders}, {int(spec_h.holder_points)!r}, "
                f"{int(spec_h.other_points)!r}, {int(spec_h.at_least)!r})"
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
            return f"H.lookup({table}, {self.expr(spec.index)}, {spec.beyond == 'zero'!r})"
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
    source = "def _player(P, O, T, D, V):\n    n = len(P)\n" + "\n".join(lines) + "\n"
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
    constraints: dict[str, tuple[PlayerFn, TableFn | None]] = field(default_factory=dict)
    end_checks: dict[str, PlayerFn] = field(default_factory=dict)
    win_requires: PlayerFn | None = None


def compile_scoring(content: GameContent) -> CompiledScoring:
    """Compile ``content``'s declared scoring once; see the module docstring."""
    scoring = content.scoring
    declared = {v.id: v for v in scoring.values}
    emitter = _Emitter()
    for ident in value_order(scoring):
        emitter.current_details = ident
        body = emitter.expr(declared[ident].compute)
        emitter.lines.append(f"    v_{ident} = [{body} for i, p in enumerate(P)]")
    results = ", ".join(f"{ident!r}: v_{ident}" for ident in declared)
    details = ", ".join(f"{owner!r}: {var}" for owner, var in emitter.detail_owner.items())
    source = (
        "def _evaluate(P, O, T, D):\n    n = len(P)\n"
        + "\n".join(emitter.lines)
        + f"\n    return {{{results}}}, {{{details}}}\n"
    )
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
