"""The least and the most an expression can be, derived from what the content declares.

A field that takes an expression where it used to take a written number (``choice_data``'s
``index``, ``best_assignment``'s ``wildcards``, ``floor_div``'s divisor) must stay within
the field's own bounds whatever the players enter: an index is never negative, a divisor
is at least 1, wildcards are few enough to try every placement. ``rulebook validate``
checks it here, from the inputs' ``min``/``max`` (and their components' printed counts),
the table inputs' bounds, the player range and the numbers printed on choices, through
every node (:func:`Bounds.of`). An expression whose bound cannot be derived (a choice's id
used as a number, a ranking key) has ``None`` there; content declares a bound the usual way,
inside the expression: ``{minimum: [{value: sets}, 6]}`` is at most 6.

The derivation is sound, never tight: the true range of the expression lies within it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from schemas import expressions as ex
from schemas.endstate import count_limits
from schemas.game import GameContent
from schemas.scoring import (
    Choice,
    ChoiceInput,
    CountInput,
    FlagInput,
    PositionInput,
    RowsInput,
    SequenceInput,
)

#: A number that is not known on that side.
Limit = int | None


@dataclass(frozen=True)
class Range:
    """``least`` to ``most``, both included; None where the expression gives no bound."""

    least: Limit
    most: Limit

    def __str__(self) -> str:
        low = "any" if self.least is None else str(self.least)
        high = "any" if self.most is None else str(self.most)
        return f"{low} to {high}"


UNKNOWN = Range(None, None)
TRUTH = Range(0, 1)


def exactly(number: int) -> Range:
    """The range of one number."""
    return Range(number, number)


def span(numbers: Iterable[int]) -> Range:
    """The range of the listed numbers (0 alone for none)."""
    found = list(numbers) or [0]
    return Range(min(found), max(found))


def union(*ranges: Range) -> Range:
    """The range that holds every one of ``ranges``."""
    lows, highs = [r.least for r in ranges], [r.most for r in ranges]
    return Range(
        None if None in lows else min(x for x in lows if x is not None),
        None if None in highs else max(x for x in highs if x is not None),
    )


def _add(x: Limit, y: Limit) -> Limit:
    return None if x is None or y is None else x + y


def added(ranges: Iterable[Range]) -> Range:
    """The range of a sum of one number from each of ``ranges``."""
    total = exactly(0)
    for r in ranges:
        total = Range(_add(total.least, r.least), _add(total.most, r.most))
    return total


def times(r: Range, least: int, most: int) -> Range:
    """The range of ``k`` numbers of ``r`` added up, for ``k`` from ``least`` to ``most``
    (both at least 0)."""
    corners = [
        None if limit is None else limit * k for limit in (r.least, r.most) for k in (least, most)
    ]
    lows, highs = corners[:2], corners[2:]
    return Range(
        None if None in lows else min(x for x in lows if x is not None),
        None if None in highs else max(x for x in highs if x is not None),
    )


def _product(a: Range, b: Range) -> Range:
    if a == exactly(0) or b == exactly(0):
        return exactly(0)
    corners = [a.least, a.most, b.least, b.most]
    if None in corners:
        return UNKNOWN
    found = [x * y for x in corners[:2] for y in corners[2:] if x is not None and y is not None]
    return Range(min(found), max(found))


def _floor_div(a: Range, d: Range) -> Range:
    if d.most is None:
        return UNKNOWN
    # The engines divide by at least 1 (a divisor that may be less is refused apart).
    low, high = max(1, d.least or 1), max(1, d.most)
    return Range(
        None if a.least is None else min(a.least // low, a.least // high),
        None if a.most is None else max(a.most // low, a.most // high),
    )


@dataclass
class Bounds:
    """Derives the ranges of a game's expressions (values are derived once each)."""

    content: GameContent
    #: Units added to some count inputs' most (the wildcards a target is tried with).
    widened: dict[str, int] = field(default_factory=dict)
    _values: dict[str, Range] = field(default_factory=dict)

    def __post_init__(self) -> None:
        scoring = self.content.scoring
        self.inputs = {i.id: i for i in scoring.inputs}
        self.tables = {t.id: t for t in scoring.table}
        self.options = {o.id: o for o in scoring.options}
        self.rivals = {r.id: r for r in scoring.rivals}
        self.computed = {v.id: v.compute for v in scoring.values}

    def of(self, node: object) -> Range:
        """The range of ``node`` (a number or a scoring node)."""
        if isinstance(node, bool):
            return TRUTH
        if isinstance(node, int):
            return exactly(node)
        rule = _RULES.get(type(node))
        return UNKNOWN if rule is None else rule(self, node)

    # -- references ------------------------------------------------------------------

    def input(self, ident: str) -> Range:
        """A player's input as a number."""
        spec = self.inputs.get(ident)
        if isinstance(spec, CountInput):
            least, most, _ = count_limits(self.content, spec)
            extra = self.widened.get(ident, 0)
            return Range(least, None if most is None else most + extra)
        if isinstance(spec, FlagInput):
            return TRUTH
        if isinstance(spec, PositionInput):
            most = spec.max if spec.max is not None else self.content.game.players.max
            return Range(0 if spec.optional else 1, most)
        return UNKNOWN  # a choice's id, a pile, a list of rows: not a number

    def value(self, ident: str) -> Range:
        """A named value's range (a value that reads itself is reported elsewhere)."""
        if ident not in self._values:
            self._values[ident] = UNKNOWN  # until derived: a cycle stays unknown
            if ident in self.computed:
                self._values[ident] = self.of(self.computed[ident])
        return self._values[ident]

    def table(self, ident: str) -> Range:
        spec = self.tables.get(ident)
        if spec is not None and spec.kind == "count":
            return Range(spec.min, spec.max)
        return UNKNOWN

    def option(self, ident: str) -> Range:
        spec = self.options.get(ident)
        return TRUTH if spec is not None and spec.kind == "flag" else UNKNOWN

    def choices(self, ref: object) -> list[Choice]:
        """The choices a reference to a choice input, option or table input may give."""
        if isinstance(ref, ex.InputRef):
            spec = self.inputs.get(ref.input)
            return list(spec.choices) if isinstance(spec, ChoiceInput) else []
        if isinstance(ref, ex.OptionRef):
            option = self.options.get(ref.option)
            return list(option.choices) if option is not None else []
        if isinstance(ref, ex.TableRef):
            table = self.tables.get(ref.table)
            return [] if table is None else list(self.content.table_choices(table))
        return []

    def rows_field(self, ident: str) -> Range:
        """A row's number: any rows input's field of that name (one row expression reads
        one rows input; the union is sound for all of them)."""
        found = [
            Range(f.min, f.max)
            for spec in self.inputs.values()
            if isinstance(spec, RowsInput)
            for f in spec.fields
            if f.id == ident
        ]
        return union(*found) if found else UNKNOWN

    def pile(self, ref: ex.InputRef) -> SequenceInput | None:
        spec = self.inputs.get(ref.input)
        return spec if isinstance(spec, SequenceInput) else None

    def rows(self, ref: ex.InputRef) -> int | None:
        spec = self.inputs.get(ref.input)
        return spec.max_rows if isinstance(spec, RowsInput) else None


# ----------------------------------------------------------------------------------------
# One rule per node: its range from its operands'
# ----------------------------------------------------------------------------------------

_Rule = Callable[[Bounds, Any], Range]


def _rival(b: Bounds, node: ex.RivalRef) -> Range:
    spec = node.rival
    if spec.input is not None:
        found = b.input(spec.input)
        rival = b.rivals.get(spec.id)
        fixed = None if rival is None else rival.fixed.get(spec.input)
        if isinstance(fixed, bool | int):
            found = union(found, exactly(int(fixed)))
        elif fixed is not None:
            found = UNKNOWN
    else:
        found = b.value(str(spec.value))
    return union(found, exactly(0))  # 0 when the rival is not at the table


def _choice_data(b: Bounds, node: ex.ChoiceDataNode) -> Range:
    """0 (nothing chosen, no such number) or any number of the fields it may read."""
    spec = node.choice_data
    numbers = [
        n
        for choice in b.choices(spec.of)
        for name, listed in choice.data.items()
        if not isinstance(spec.field, str) or name == spec.field
        for n in listed
    ]
    return span([0, *numbers])


def _lookup(b: Bounds, node: ex.Lookup) -> Range:
    spec = node.lookup
    index = b.of(spec.index)
    table = [b.of(x) for x in spec.table]
    low = 0 if index.least is None else max(0, min(index.least, len(table) - 1))
    high = len(table) - 1 if index.most is None else max(0, min(index.most, len(table) - 1))
    found = union(*table[low : high + 1])
    past = spec.beyond == "zero" and (index.most is None or index.most >= len(table))
    return union(found, exactly(0)) if past else found


def _if(b: Bounds, node: ex.If) -> Range:
    return union(b.of(node.if_.then), b.of(node.if_.else_))


def _minimum(b: Bounds, node: ex.Minimum) -> Range:
    ranges = [b.of(x) for x in node.minimum]
    lows = [r.least for r in ranges]
    highs = [r.most for r in ranges if r.most is not None]
    return Range(
        None if None in lows else min(x for x in lows if x is not None),
        min(highs) if highs else None,
    )


def _maximum(b: Bounds, node: ex.Maximum) -> Range:
    ranges = [b.of(x) for x in node.maximum]
    lows = [r.least for r in ranges if r.least is not None]
    highs = [r.most for r in ranges]
    return Range(
        max(lows) if lows else None,
        None if None in highs else max(x for x in highs if x is not None),
    )


def _pile_numbers(b: Bounds, ref: ex.InputRef, what: str) -> Range:
    pile = b.pile(ref)
    if pile is None:
        return UNKNOWN
    if what == "length":
        return Range(0, pile.max_length)
    if what == "last":
        return union(Range(pile.item_min, pile.item_max), exactly(0))
    return union(times(Range(pile.item_min, pile.item_max), 0, pile.max_length), exactly(0))


def _rows_sum(b: Bounds, node: ex.RowsSum) -> Range:
    most = b.rows(node.rows_sum.of)
    if most is None:
        return UNKNOWN
    return union(times(b.of(node.rows_sum.each), 0, most), exactly(0))


def _rows_count(b: Bounds, node: ex.RowsCount) -> Range:
    most = b.rows(node.rows_count.of)
    return UNKNOWN if most is None else Range(0, most)


def _awarded(awards: Iterable[Range]) -> Range:
    """Points by place: at best every positive award (a pool shares some), at worst the
    negative ones."""
    listed = list(awards)
    lows = [r.least for r in listed]
    highs = [r.most for r in listed]
    return Range(
        None if None in lows else sum(min(0, x) for x in lows if x is not None),
        None if None in highs else sum(max(0, x) for x in highs if x is not None),
    )


def _rows_award(b: Bounds, node: ex.RowsAward) -> Range:
    return _awarded(b.of(x) for x in node.rows_award.awards)


def _set_collection(b: Bounds, node: ex.SetCollection) -> Range:
    spec = node.set_collection
    families = [b.of(f).most for f in spec.families]
    values = [b.of(v) for v in spec.item_values]
    lows = [v.least for v in values if v.least is not None]
    highs = [v.most for v in values if v.most is not None]
    known = [x for x in families if x is not None]
    if len(known) < len(families) or len(lows) < len(values) or len(highs) < len(values):
        return UNKNOWN
    if min(lows) < 0:  # a negative place: a set may score less than nothing
        return UNKNOWN
    return Range(0, max(0, max(known)) * sum(highs))


def _best_assignment(b: Bounds, node: ex.BestAssignment) -> Range:
    spec = node.best_assignment
    most = b.of(spec.wildcards).most
    if most is None:
        return UNKNOWN
    wider = {**b.widened, **{ref.input: b.widened.get(ref.input, 0) + most for ref in spec.among}}
    return Bounds(b.content, wider).of(spec.maximize)


def _rank_award(b: Bounds, node: ex.RankAward) -> Range:
    spec = node.rank_award
    if isinstance(spec.awards, ex.ChoiceData):
        table = b.tables.get(spec.awards.table)
        choices = [] if table is None else b.content.table_choices(table)
        places = max((len(c.data.get(spec.awards.field, [])) for c in choices), default=0)
        numbers = [n for c in choices for n in c.data.get(spec.awards.field, [])]
        awards = [span([0, *numbers])] * places
    else:
        awards = [b.of(x) for x in spec.awards]
    return union(_awarded(awards), b.of(spec.others), exactly(0))


def _table_sum(b: Bounds, node: ex.TableSum) -> Range:
    players = b.content.game.players
    return times(b.of(node.table_sum), players.min, players.max)


def _neighbours(b: Bounds, node: ex.Neighbours) -> Range:
    spec = node.neighbours
    each = b.of(spec.of)
    if spec.aggregate != "sum":
        return union(each, exactly(0))
    return union(times(each, 0, len(spec.offsets)), exactly(0))


_RULES: dict[type, _Rule] = {
    ex.InputRef: lambda b, n: b.input(n.input),
    ex.TableRef: lambda b, n: b.table(n.table),
    ex.OptionRef: lambda b, n: b.option(n.option),
    ex.ValueRef: lambda b, n: b.value(n.value),
    ex.PlayerCount: lambda b, n: Range(b.content.game.players.min, b.content.game.players.max),
    ex.RivalRef: _rival,
    ex.ChoiceDataNode: _choice_data,
    ex.Sum: lambda b, n: added(b.of(x) for x in n.sum),
    ex.Product: lambda b, n: _fold_product([b.of(x) for x in n.product]),
    ex.Difference: lambda b, n: _difference(b.of(n.difference[0]), b.of(n.difference[1])),
    ex.FloorDiv: lambda b, n: _floor_div(b.of(n.floor_div[0]), b.of(n.floor_div[1])),
    ex.Minimum: _minimum,
    ex.Maximum: _maximum,
    ex.Lookup: _lookup,
    ex.If: _if,
    **{m: (lambda b, n: TRUTH) for m in (ex.Eq, ex.Ne, ex.Lt, ex.Le, ex.Gt, ex.Ge)},
    **{m: (lambda b, n: TRUTH) for m in (ex.All, ex.AnyOf, ex.Not, ex.Is)},
    ex.CountAtLeast: lambda b, n: Range(0, len(n.count_at_least.values)),
    ex.Length: lambda b, n: _pile_numbers(b, n.length, "length"),
    ex.Last: lambda b, n: _pile_numbers(b, n.last, "last"),
    ex.SumItems: lambda b, n: _pile_numbers(b, n.sum_items, "sum"),
    ex.CountEqual: lambda b, n: _pile_numbers(b, n.count_equal.of, "length"),
    ex.FieldRef: lambda b, n: b.rows_field(n.field),
    ex.RowsSum: _rows_sum,
    ex.RowsCount: _rows_count,
    ex.RowsAward: _rows_award,
    ex.SetCollection: _set_collection,
    ex.BestAssignment: _best_assignment,
    ex.RankAward: _rank_award,
    ex.Most: lambda b, n: union(b.of(n.most.points), exactly(0)),
    ex.HeldAward: lambda b, n: union(
        b.of(n.held_award.holder_points), b.of(n.held_award.other_points), exactly(0)
    ),
    ex.TableSum: _table_sum,
    ex.Neighbours: _neighbours,
}


def _fold_product(ranges: list[Range]) -> Range:
    found = ranges[0]
    for r in ranges[1:]:
        found = _product(found, r)
    return found


def _difference(a: Range, b: Range) -> Range:
    return Range(
        None if a.least is None or b.most is None else a.least - b.most,
        None if a.most is None or b.least is None else a.most - b.least,
    )
