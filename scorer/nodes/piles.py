"""Sequence inputs: a pile entered card by card (Momiji's leaves, Viticulture's wines)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorer.nodes.base import Rule, ex, register
from scorer.nodes.basic import least_words
from scorer.parts import Count, Part, phrase

if TYPE_CHECKING:
    from scorer.describe import Describer
    from scorer.interpret import Ctx, Fn, Tools


def _counted(d: Describer, part: Part) -> Part:
    """A count of items is worth 1 point each where points are meant."""
    return phrase("describe_per", points=Count("points", 1), what=part) if d.points else part


@register
class LengthRule(Rule["ex.Length"]):
    name = "length"

    def build(self, a: dict[str, str], t: Tools) -> Fn:
        ident = a["input"]
        return lambda c, i: len(c.P[i][ident])

    def words(self, d: Describer, node: ex.Length) -> Part:
        return _counted(d, phrase("describe_length", what=d.part(node.length)))


@register
class LastRule(Rule["ex.Last"]):
    name = "last"

    def build(self, a: dict[str, str], t: Tools) -> Fn:
        ident = a["input"]

        def fn(c: Ctx, i: int) -> Any:
            pile = c.P[i][ident]
            return pile[-1] if pile else 0

        return fn

    def words(self, d: Describer, node: ex.Last) -> Part:
        return phrase("describe_last", what=d.part(node.last))


@register
class SumItemsRule(Rule["ex.SumItems"]):
    name = "sum_items"

    def build(self, a: dict[str, str], t: Tools) -> Fn:
        ident = a["input"]
        return lambda c, i: sum(c.P[i][ident])

    def words(self, d: Describer, node: ex.SumItems) -> Part:
        return phrase("describe_sum_items", what=d.part(node.sum_items))


@register
class CountEqualRule(Rule["ex.CountEqual"]):
    name = "count_equal"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        ident, computed = a["of"]["input"], t.sub(a["value"])
        return lambda c, i: c.P[i][ident].count(computed(c, i))

    def words(self, d: Describer, node: ex.CountEqual) -> Part:
        spec = node.count_equal
        value = least_words(d, spec.value)
        counted = phrase("describe_count_equal", value=value, what=d.part(spec.of))
        return _counted(d, counted)
