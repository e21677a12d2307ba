"""Mechanics over several numbers of one player: sets, sorted keys, wildcards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorer import mechanics
from scorer.interpret import Ctx
from scorer.nodes.base import Rule, ex, register
from scorer.nodes.basic import listed_words, operand
from scorer.parts import Part, items, phrase

if TYPE_CHECKING:
    from scorer.describe import Describer
    from scorer.interpret import Fn, Tools


@register
class SetCollectionRule(Rule["ex.SetCollection"]):
    name = "set_collection"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        families = t.each(a["families"])
        worth = t.each(a["item_values"])  # written, or computed for the row, as whole numbers
        return lambda c, i: mechanics.set_collection(
            [f(c, i) for f in families], [int(v(c, i)) for v in worth]
        )

    def words(self, d: Describer, node: ex.SetCollection) -> Part:
        spec = node.set_collection
        families = items([d.plain(f) for f in spec.families], ",")
        values = listed_words(d, spec.item_values)
        return phrase("describe_sets", families=families, values=values)


@register
class SortedKeyRule(Rule["ex.SortedKey"]):
    name = "sorted_key"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        of, descending = t.each(a["of"]), a.get("order") == "descending"
        keep = None if a.get("keep") is None else t.sub(a["keep"])
        return lambda c, i: mechanics.sorted_key(
            tuple(f(c, i) for f in of), descending, None if keep is None else keep(c, i)
        )

    def words(self, d: Describer, node: ex.SortedKey) -> Part:
        spec = node.sorted_key
        key = "describe_sorted_descending" if spec.order == "descending" else "describe_sorted"
        sorted_part = phrase(key, values=items([d.plain(f) for f in spec.of], ","))
        if spec.keep is None:
            return sorted_part
        return phrase("describe_sorted_keep", sorted=sorted_part, keep=operand(d.plain(spec.keep)))


@register
class BestAssignmentRule(Rule["ex.BestAssignment"]):
    name = "best_assignment"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        wildcards, target = t.sub(a["wildcards"]), t.sub(a["maximize"])
        among = tuple(str(ref["input"]) for ref in a["among"])

        def fn(c: Ctx, i: int) -> int:
            def trial(row: dict[str, Any]) -> Any:
                # The target reads row i of a table where that row holds the wildcards.
                rows = list(c.P)
                rows[i] = row
                placed = Ctx(rows, c.O, c.T, c.D, c.R, c.K, c.E, c.V)
                placed.n, placed.S = c.n, c.S
                return target(placed, i)

            return mechanics.best_assignment(wildcards(c, i), trial, c.P[i], among)

        return fn

    def words(self, d: Describer, node: ex.BestAssignment) -> Part:
        spec = node.best_assignment
        among = items([d.plain(ref) for ref in spec.among], "or")
        return phrase(
            "describe_best_assignment",
            target=d.part(spec.maximize),
            wildcards=d.plain(spec.wildcards),
            among=among,
        )
