"""Rows inputs: a list of records per player (a tile-laying game's open features, each
with its size and the player's followers on it), read row by row.

A row expression (``rows_sum``'s ``each``, ``rows_count``'s ``where``, ``rows_award``'s
``by``) is built once, like any node, and run for each row with the row set as ``ctx.W``,
which ``{field: size}`` reads: the browser's expr.js does the same. Row expressions never
compare players (schemas.references refuses it), so no step ever runs inside a row.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from scorer import mechanics
from scorer.nodes.base import Rule, ex, register
from scorer.nodes.basic import at_least_words, listed_words
from scorer.parts import Label, Part, items, phrase

if TYPE_CHECKING:
    from scorer.describe import Describer
    from scorer.interpret import Ctx, Fn, Tools


def _per_row(ident: str, fn: Fn, shared: bool = False) -> Fn:
    """The function of row ``i`` giving ``fn``'s value for each row of rows input
    ``ident``: its own, or (``shared``) the table's."""

    def values(c: Ctx, i: int) -> list[Any]:
        saved = c.W
        found = []
        try:
            # A faulty or absent shared list is no row (its problem is reported at its path).
            for row in (c.T.get(ident) or []) if shared else c.P[i][ident]:
                c.W = row
                found.append(fn(c, i))
        finally:
            c.W = saved
        return found

    return values


@register
class FieldRule(Rule["ex.FieldRef"]):
    name = "field"

    def build(self, a: str, t: Tools) -> Fn:
        return lambda c, i: c.W[a]

    def words(self, d: Describer, node: ex.FieldRef) -> Part:
        # Described on its own (not inside its rows node), it names the first rows input
        # that has such a field.
        ident = d.rows_input or next(
            (i for i, s in d.inputs.items() if node.field in _labels(s)), ""
        )
        shared = ident.startswith("table:")  # a row the table shares (rows_majority)
        name = ident.removeprefix("table:")
        place, specs = ("table", d.tables) if shared else ("inputs", d.inputs)
        label = Label(
            f"scoring.{place}.{name}.fields.{node.field}.label",
            _labels(specs.get(name)).get(node.field, node.field),
        )
        return phrase("describe_row_field", field=label)


def _labels(spec: object) -> dict[str, str]:
    """A rows input's field labels by id (none for another input)."""
    return {f.id: f.label for f in getattr(spec, "fields", None) or []}


@contextmanager
def _reading(d: Describer, ident: str) -> Iterator[None]:
    """While a rows node's row expressions are put in words, fields name ``ident``'s."""
    saved, d.rows_input = d.rows_input, ident
    try:
        yield
    finally:
        d.rows_input = saved


@register
class RowsSumRule(Rule["ex.RowsSum"]):
    name = "rows_sum"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        values = _per_row(a["of"]["input"], t.sub(a["each"]))
        # ``sum`` of ints and bools is an int, as expr.js's reduce from 0 gives.
        return lambda c, i: sum(values(c, i))

    def words(self, d: Describer, node: ex.RowsSum) -> Part:
        spec = node.rows_sum
        with _reading(d, spec.of.input):
            each = d.part(spec.each)
        return phrase("describe_rows_sum", each=each, rows=d.input_label(spec.of.input))


@register
class RowsCountRule(Rule["ex.RowsCount"]):
    name = "rows_count"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        ident = a["of"]["input"]
        if a.get("where") is None:
            return lambda c, i: len(c.P[i][ident])
        values = _per_row(ident, t.sub(a["where"]))
        return lambda c, i: sum(1 for found in values(c, i) if found)

    def words(self, d: Describer, node: ex.RowsCount) -> Part:
        spec = node.rows_count
        rows = d.input_label(spec.of.input)
        if spec.where is None:
            return phrase("describe_rows_count", rows=rows)
        with _reading(d, spec.of.input):
            where = d.test(spec.where)
        return phrase("describe_rows_count_where", rows=rows, where=where)


@register
class RowsAwardRule(Rule["ex.RowsAward"]):
    name = "rows_award"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        measures = _per_row(a["of"]["input"], t.sub(a["by"]))
        awards, ties, least = t.each(a["awards"]), str(a["ties"]), t.sub(a.get("at_least", 1))

        def fn(c: Ctx, i: int) -> int:
            points, _ = mechanics.rank_award(
                measures(c, i), [f(c, i) for f in awards], ties, 0, least(c, i), None
            )
            return sum(points)

        return fn

    def words(self, d: Describer, node: ex.RowsAward) -> Part:
        spec = node.rows_award
        with _reading(d, spec.of.input):
            measure = d.plain(spec.by)
        awards, rows = listed_words(d, spec.awards), d.input_label(spec.of.input)
        found = phrase("describe_rows_award", awards=awards, rows=rows, measure=measure)
        ties = phrase(f"describe_rows_ties_{spec.ties}")
        return items([found, *at_least_words(d, spec.at_least), ties], ";")


@register
class RowsMajorityRule(Rule["ex.RowsMajority"]):
    """Each shared row awards its points among the players by their number in it (the
    followers each player has on a road), as ``rank_award`` does among players."""

    name = "rows_majority"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        ident, by = str(a["of"]["table"]), str(a["by"])
        awards, ties, least = t.each(a["awards"]), str(a["ties"]), t.sub(a.get("at_least", 1))

        def award(c: Ctx, i: int) -> list[int]:
            measures, points = list(c.W[by]), [f(c, i) for f in awards]
            return mechanics.rank_award(measures, points, ties, 0, least(c, i), None)[0]

        per_row = _per_row(ident, award, shared=True)
        # A rival (after the players) has no number in a shared row.
        return lambda c, i: sum(points[i] if i < len(points) else 0 for points in per_row(c, i))

    def words(self, d: Describer, node: ex.RowsMajority) -> Part:
        spec = node.rows_majority
        table = d.tables[spec.of.table]
        label = {f.id: f.label for f in table.per_player}.get(spec.by, spec.by)
        measure = Label(f"scoring.table.{spec.of.table}.per_player.{spec.by}.label", label)
        with _reading(d, f"table:{spec.of.table}"):
            awards = listed_words(d, spec.awards)
        found = phrase("describe_rank_award", awards=awards, measure=measure)
        each = items(
            [found, *at_least_words(d, spec.at_least), phrase(f"describe_ties_{spec.ties}")], ";"
        )
        return phrase("describe_rows_sum", each=each, rows=d.table_label(spec.of.table))
