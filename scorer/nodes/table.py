"""Nodes that compare players: awards, majorities, table sums, neighbours.

Each is a step computed once for the whole table, before the rows that read it
(scorer.interpret), by a function of scorer.mechanics that sees every player's value.
Rivals take part only where a node says ``rivals: true``; elsewhere they get 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorer import mechanics
from scorer.nodes.base import Rule, ex, register
from scorer.nodes.basic import at_least_words, least_words, operand
from scorer.parts import Items, Part, Raw, items, phrase

if TYPE_CHECKING:
    from scorer.describe import Describer
    from scorer.interpret import Ctx, Fn, Tools


def _with_rivals(d: Describer, described: Part, rivals: bool) -> Part:
    if not rivals or not d.rivals:
        return described
    names = items([d.rival_label(r) for r in d.rivals], "and")
    return phrase("describe_rivals_take_part", award=described, rivals=names)


def _qualified(d: Describer, found: Part, spec: ex.MostSpec | ex.HeldAwardSpec) -> Part:
    """An award's words with its threshold (when it is not 1) and the rivals taking part."""
    if not isinstance(spec.at_least, int) or spec.at_least != 1:
        least = least_words(d, spec.at_least)
        found = phrase("describe_with_least", award=found, at_least=least)
    return _with_rivals(d, found, spec.rivals)


def _points(d: Describer, node: object) -> Part:
    """Award points: "3 points", or "(“Coins” + 1) points" for an expression."""
    if isinstance(node, int):
        return d.within(node, True)
    return phrase("describe_points_value", value=operand(d.plain(node)))


def _per_place(x: Any, t: Tools, first: bool) -> Callable[[Ctx], Any]:
    """A number or a per-place list for the table (an award's places, its gap, its
    threshold): a constant, a chosen tile's data (its first number with ``first``) or
    table-level expressions."""
    if x is None:
        return lambda c: None
    if isinstance(x, dict) and "table" in x and "field" in x:
        table, field = x["table"], x["field"]
        if first:
            return lambda c: found[0] if (found := c.D[table].get(field)) else None
        return lambda c: tuple(c.D[table].get(field) or ())
    if isinstance(x, list):
        fs = t.each(x)
        return lambda c: tuple(f(c, 0) for f in fs)
    f = t.sub(x)
    return lambda c: f(c, 0)


def _award_points(x: Any, t: Tools, rivals: bool) -> Callable[[Ctx], Any]:
    """Award points: one number for everyone, or an expression's, one per row."""
    if isinstance(x, int):
        return lambda c: x
    return t.column(t.sub(x), rivals)


@register
class RankAwardRule(Rule["ex.RankAward"]):
    name = "rank_award"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        rivals = bool(a.get("rivals", False))
        measures = t.column(t.sub(a["of"]), rivals)
        awards, gap = _per_place(a["awards"], t, False), _per_place(a.get("max_gap"), t, True)
        others, ties = t.sub(a.get("others", 0)), a["ties"]
        least = _per_place(a.get("at_least", 1), t, False)
        return t.award(
            lambda c: mechanics.rank_award(
                measures(c), awards(c), ties, others(c, 0), least(c), gap(c)
            ),
            rivals,
        )

    def words(self, d: Describer, node: ex.RankAward) -> Part:
        spec = node.rank_award
        if isinstance(spec.awards, ex.ChoiceData):
            awards: Part = phrase("describe_awards_of", table=d.table_label(spec.awards.table))
        elif all(isinstance(a, int) for a in spec.awards):
            awards = phrase("describe_table_points", values=Items(tuple(spec.awards), "/"))  # type: ignore[arg-type]
        else:
            listed = [operand(d.plain(a)) for a in spec.awards]
            awards = phrase("describe_table_points", values=items(listed, "/"))
        parts: list[Part] = [
            phrase("describe_rank_award", awards=awards, measure=d.plain(spec.of)),
        ]
        if not (isinstance(spec.others, int) and spec.others == 0):
            parts.append(phrase("describe_others", points=_points(d, spec.others)))
        parts += at_least_words(d, spec.at_least)
        if isinstance(spec.max_gap, ex.ChoiceData):
            gap: Part | None = phrase("describe_gap_of", table=d.table_label(spec.max_gap.table))
        else:
            gap = None if spec.max_gap is None else d.plain(spec.max_gap)
        if gap is not None:
            parts.append(phrase("describe_max_gap", gap=gap))
        parts.append(phrase(f"describe_ties_{spec.ties}"))
        return _with_rivals(d, items(parts, ";"), spec.rivals)


@register
class MostRule(Rule["ex.Most"]):
    name = "most"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        rivals = bool(a.get("rivals", False))
        measures, points = t.column(t.sub(a["of"]), rivals), _award_points(a["points"], t, rivals)
        least = _per_place(a.get("at_least", 1), t, False)
        return t.award(lambda c: mechanics.most(measures(c), points(c), least(c)), rivals)

    def words(self, d: Describer, node: ex.Most) -> Part:
        spec = node.most
        found = phrase("describe_most", points=_points(d, spec.points), measure=d.plain(spec.of))
        return _qualified(d, found, spec)


@register
class HeldAwardRule(Rule["ex.HeldAward"]):
    name = "held_award"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        rivals = bool(a.get("rivals", False))
        measures, holders = t.column(t.sub(a["of"]), rivals), t.column(t.sub(a["holder"]), rivals)
        mine, theirs = (
            _award_points(a["holder_points"], t, rivals),
            _award_points(a["other_points"], t, rivals),
        )
        least = _per_place(a.get("at_least", 1), t, False)
        return t.award(
            lambda c: mechanics.held_award(measures(c), holders(c), mine(c), theirs(c), least(c)),
            rivals,
        )

    def words(self, d: Describer, node: ex.HeldAward) -> Part:
        spec = node.held_award
        found = phrase(
            "describe_held_award",
            holder=d.test(spec.holder),
            holder_points=_points(d, spec.holder_points),
            other_points=_points(d, spec.other_points),
            measure=d.plain(spec.of),
        )
        return _qualified(d, found, spec)


@register
class TableSumRule(Rule["ex.TableSum"]):
    name = "table_sum"

    def build(self, a: Any, t: Tools) -> Fn:
        column = t.column(t.sub(a), False)
        return t.table_step(lambda c: sum(column(c)))

    def words(self, d: Describer, node: ex.TableSum) -> Part:
        return phrase("describe_table_sum", what=d.part(node.table_sum))


def _offset(d: Describer, offset: object) -> Part:
    if not isinstance(offset, int):  # computed: the same for the whole table
        return operand(d.plain(offset))
    return Raw(f"+{offset}" if offset > 0 else f"\u2212{-offset}")


def _offsets(listed: list[Any], t: Tools) -> Callable[[Ctx], Any]:
    """The seats away, written or computed once for the table (as whole numbers)."""
    fs = t.each(listed)
    return lambda c: tuple(int(f(c, 0)) for f in fs)


@register
class NeighboursRule(Rule["ex.Neighbours"]):
    name = "neighbours"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        values = t.column(t.sub(a["of"]), False)
        seats = None if a.get("seat") is None else t.column(t.sub(a["seat"]), False)
        offsets, aggregate = _offsets(a["offsets"], t), a.get("aggregate", "sum")
        return t.rows_step(
            lambda c: mechanics.neighbours(
                values(c), offsets(c), None if seats is None else seats(c), aggregate
            )
        )

    def words(self, d: Describer, node: ex.Neighbours) -> Part:
        spec = node.neighbours
        offsets = items([_offset(d, o) for o in spec.offsets], "and")
        found = phrase(
            f"describe_neighbours_{spec.aggregate}", what=d.part(spec.of), offsets=offsets
        )
        if spec.seat is None:
            return found
        return phrase(
            "describe_neighbours_seat", neighbours=found, seat=d.input_label(spec.seat.input)
        )
