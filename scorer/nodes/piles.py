"""Sequence inputs: a pile entered card by card (Momiji's leaves, Viticulture's wines)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from schemas import expressions as ex
from scorer.describe import Count, Part, phrase
from scorer.nodes.base import Rule, register

if TYPE_CHECKING:
    from scorer.compiler import Emitter
    from scorer.describe import Describer


def _counted(d: Describer, part: Part) -> Part:
    """A count of items is worth 1 point each where points are meant."""
    return phrase("describe_per", points=Count("points", 1), what=part) if d.points else part


@register
class LengthRule(Rule[ex.Length]):
    model = ex.Length

    def emit(self, e: Emitter, node: ex.Length) -> str:
        return f"len({e.input(node.length.input)})"

    def words(self, d: Describer, node: ex.Length) -> Part:
        return _counted(d, phrase("describe_length", what=d.part(node.length)))


@register
class LastRule(Rule[ex.Last]):
    model = ex.Last

    def emit(self, e: Emitter, node: ex.Last) -> str:
        ref = e.input(node.last.input)
        return f"({ref}[-1] if {ref} else 0)"

    def words(self, d: Describer, node: ex.Last) -> Part:
        return phrase("describe_last", what=d.part(node.last))


@register
class SumItemsRule(Rule[ex.SumItems]):
    model = ex.SumItems

    def emit(self, e: Emitter, node: ex.SumItems) -> str:
        return f"sum({e.input(node.sum_items.input)})"

    def words(self, d: Describer, node: ex.SumItems) -> Part:
        return phrase("describe_sum_items", what=d.part(node.sum_items))


@register
class CountEqualRule(Rule[ex.CountEqual]):
    model = ex.CountEqual

    def emit(self, e: Emitter, node: ex.CountEqual) -> str:
        spec = node.count_equal
        return f"{e.input(spec.of.input)}.count({int(spec.value)!r})"

    def words(self, d: Describer, node: ex.CountEqual) -> Part:
        spec = node.count_equal
        counted = phrase("describe_count_equal", value=spec.value, what=d.part(spec.of))
        return _counted(d, counted)
