"""References, arithmetic and logic: per-player nodes, each a little Python per row."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorer import mechanics
from scorer.nodes.base import Rule, ex, register
from scorer.parts import Count, Items, Part, Phrase, items, phrase

if TYPE_CHECKING:
    from scorer.describe import Describer
    from scorer.interpret import Ctx, Fn, Tools

# ----------------------------------------------------------------------------------------
# References
# ----------------------------------------------------------------------------------------


@register
class InputRule(Rule["ex.InputRef"]):
    name = "input"

    def build(self, a: str, t: Tools) -> Fn:
        return lambda c, i: c.P[i][a]

    def words(self, d: Describer, node: ex.InputRef) -> Part:
        return d.input_label(node.input)


@register
class TableRule(Rule["ex.TableRef"]):
    name = "table"

    def build(self, a: str, t: Tools) -> Fn:
        return lambda c, i: c.T[a]

    def words(self, d: Describer, node: ex.TableRef) -> Part:
        return d.table_label(node.table)


@register
class OptionRule(Rule["ex.OptionRef"]):
    name = "option"

    def build(self, a: str, t: Tools) -> Fn:
        return lambda c, i: c.O[a]

    def words(self, d: Describer, node: ex.OptionRef) -> Part:
        label = d.option_label(node.option)
        return phrase("describe_with", what=label) if d.condition else label


@register
class ValueRule(Rule["ex.ValueRef"]):
    name = "value"

    def build(self, a: str, t: Tools) -> Fn:
        return lambda c, i: c.V[a][i]

    def words(self, d: Describer, node: ex.ValueRef) -> Part:
        return d.value(node.value)


@register
class PlayerCountRule(Rule["ex.PlayerCount"]):
    name = "player_count"

    def build(self, a: Any, t: Tools) -> Fn:
        return lambda c, i: c.n

    def words(self, d: Describer, node: ex.PlayerCount) -> Part:
        return phrase("describe_player_count")


@register
class RivalRule(Rule["ex.RivalRef"]):
    name = "rival"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        rival, read, value = a["id"], a.get("input"), str(a.get("value"))

        def fn(c: Ctx, i: int) -> Any:
            row = c.R.get(rival)
            if row is None:
                return 0
            return c.P[row][read] if read is not None else c.V[value][row]

        return fn

    def words(self, d: Describer, node: ex.RivalRef) -> Part:
        spec = node.rival
        what = d.input_label(spec.input) if spec.input is not None else d.value(str(spec.value))
        return phrase("describe_rival", what=what, rival=d.rival_label(spec.id))


@register
class ChoiceDataRule(Rule["ex.ChoiceDataNode"]):
    name = "choice_data"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        index, field, of = a.get("index", 0), a["field"], a["of"]
        # The index and the field, written or computed for the row: read when scoring.
        at, name = t.sub(index), (lambda c, i: field) if isinstance(field, str) else t.sub(field)
        if "table" in of:
            table = of["table"]
            return lambda c, i: _nth(c.D[table].get(name(c, i)), at(c, i))
        data = _data_by_choice(of["input"], t)
        return lambda c, i: _nth(data.get(c.P[i][of["input"]], {}).get(name(c, i)), at(c, i))

    def words(self, d: Describer, node: ex.ChoiceDataNode) -> Part:
        from schemas.bounds import Bounds  # the content models, as words need them

        spec = node.choice_data
        owner = d.part(spec.of)
        choices = (
            d.content.table_choices(d.tables[spec.of.table])
            if isinstance(spec.of, ex.TableRef)
            else getattr(d.inputs[spec.of.input], "choices", [])
        )
        written = (
            spec.index if isinstance(spec.index, int) and isinstance(spec.field, str) else None
        )
        # A field named by a choice (a board's side): each field by the choice naming it.
        by = None if isinstance(spec.field, str) else spec.field
        naming = [] if by is None else Bounds(d.content).choices(by)
        listed: list[Part] = []
        for choice in choices:
            value: Part | None
            if by is not None:
                sides = [
                    phrase(
                        "describe_choice_value",
                        choice=d.choice_label(by, side.id),
                        value=_numbers(choice.data[side.id]),
                    )
                    for side in naming
                    if choice.data.get(side.id)
                ]
                value = Items(tuple(sides), ";", True) if sides else None
            else:
                # A computed index: every number the choice may give, in order.
                numbers = choice.data.get(str(spec.field), [])
                if written is not None:
                    numbers = numbers[written : written + 1]
                value = _numbers(numbers) if numbers else None
            if value is not None:
                name = d.choice_label(spec.of, choice.id)
                listed.append(phrase("describe_choice_value", choice=name, value=value))
        if not listed:
            return 0
        return phrase("describe_choice_data", of=owner, values=items(listed, ","))


def _numbers(numbers: list[int]) -> Part:
    """One number, or several apart by slashes."""
    return numbers[0] if len(numbers) == 1 else Items(tuple(numbers), "/")


def _nth(found: Any, index: Any) -> int:
    """Number ``index`` of a choice's data list; 0 past its end, below 0 or without it."""
    if not found or not isinstance(index, int) or not 0 <= index < len(found):
        return 0
    return int(found[index])


def _data_by_choice(ident: str, t: Tools) -> dict[str, dict[str, list[int]]]:
    """Each choice of the player's choice input ``ident``, by id, with its data."""
    spec: dict[str, Any] = next((s for s in t.scoring.get("inputs", []) if s["id"] == ident), {})
    return {str(c["id"]): c.get("data", {}) for c in spec.get("choices", [])}


# ----------------------------------------------------------------------------------------
# Arithmetic
# ----------------------------------------------------------------------------------------


def fold(fs: list[Fn], op: Callable[[Any, Any], Any]) -> Fn:
    """Operands combined left to right by ``op``; one operand is itself (a flag stays a
    bool, as Python's arithmetic keeps it until it adds)."""
    if len(fs) == 1:
        return fs[0]
    head, rest = fs[0], fs[1:]

    def folded(c: Ctx, i: int) -> Any:
        found = head(c, i)
        for f in rest:
            found = op(found, f(c, i))
        return found

    return folded


def _grouped(part: Part) -> Part:
    """A sum or difference inside a product or a division gets parentheses."""
    if isinstance(part, Items) and part.joiner in ("+", "−"):
        return Items(part.parts, part.joiner, True)
    return part


def grouped_phrase(part: Part) -> Part:
    """A phrase inside a formula (or another rule) gets parentheses."""
    return Items((part,), "+", True) if isinstance(part, Phrase) else part


def mentions_points(part: Part) -> bool:
    """Whether ``part`` says its points (a rule that scores), not just a number."""
    if isinstance(part, Count):
        return part.key == "points"
    if isinstance(part, Phrase):
        return part.key in ("describe_table_points", "describe_awards_of") or any(
            mentions_points(v) for _, v in part.params
        )
    if isinstance(part, Items):
        return any(mentions_points(p) for p in part.parts)
    return False


@register
class SumRule(Rule["ex.Sum"]):
    name = "sum"

    def build(self, a: list[Any], t: Tools) -> Fn:
        return fold(t.each(a), operator.add)

    def words(self, d: Describer, node: ex.Sum) -> Part:
        parts = [d.part(item) for item in node.sum]
        if d.points and any(mentions_points(p) for p in parts):
            # Rules that each say their points: one clause each (a value's clauses join in).
            flat = [c for p in parts for c in (p.parts if _is_clauses(p) else (p,))]  # type: ignore[union-attr]
            return items(_clauses(flat), ";")
        return items(_terms(parts), "+")


def _terms(parts: list[Part]) -> list[Part]:
    """Terms of a sum: inner sums flattened, anything that binds looser in parentheses."""
    found: list[Part] = []
    for part in parts:
        if isinstance(part, Items) and part.joiner == "+" and not part.grouped:
            found.extend(part.parts)
        else:
            found.append(operand(part))
    return found


def operand(part: Part) -> Part:
    """``part`` inside a formula: phrases and looser joins get parentheses."""
    if isinstance(part, Phrase):
        return Items((part,), "+", True)
    if isinstance(part, Items) and not part.grouped and part.joiner not in ("×", "/"):
        return Items(part.parts, part.joiner, True)
    return part


def _is_clauses(part: Part) -> bool:
    return isinstance(part, Items) and part.joiner == ";" and not part.grouped


def _clauses(parts: list[Part]) -> list[Part]:
    """Points from several rules: each rule that says its points a clause; the plain
    numbers among them added up into one clause worth 1 point each."""
    found: list[Part] = [p for p in parts if mentions_points(p)]
    plain = [p for p in parts if not mentions_points(p)]
    if plain:
        what = items(_terms(plain), "+")
        found.append(phrase("describe_per", points=Count("points", 1), what=what))
    return found


@register
class ProductRule(Rule["ex.Product"]):
    name = "product"

    def build(self, a: list[Any], t: Tools) -> Fn:
        return fold(t.each(a), operator.mul)

    def words(self, d: Describer, node: ex.Product) -> Part:
        constants = [f for f in node.product if isinstance(f, int) and not isinstance(f, bool)]
        others = [f for f in node.product if f not in constants]
        if d.points and len(constants) == 1 and others:
            factors = [d.plain(f) for f in others]
            what = factors[0] if len(factors) == 1 else items([_grouped(f) for f in factors], "×")
            return phrase("describe_per", points=Count("points", constants[0]), what=what)
        return items([operand(d.plain(f)) for f in node.product], "×")


@register
class DifferenceRule(Rule["ex.Difference"]):
    name = "difference"

    def build(self, a: list[Any], t: Tools) -> Fn:
        return fold(t.each(a), operator.sub)

    def words(self, d: Describer, node: ex.Difference) -> Part:
        first, second = node.difference
        return Items((d.part(first), _grouped(d.part(second))), "−")


@register
class FloorDivRule(Rule["ex.FloorDiv"]):
    name = "floor_div"

    def build(self, a: list[Any], t: Tools) -> Fn:
        # A computed divisor is at least 1 (schemas.bounds); the floor keeps it so.
        value, divisor = t.sub(a[0]), t.sub(a[1])
        return lambda c, i: value(c, i) // max(divisor(c, i), 1)

    def words(self, d: Describer, node: ex.FloorDiv) -> Part:
        value, by = node.floor_div
        divisor = by if isinstance(by, int) else operand(d.plain(by))
        what = d.plain(value)
        if d.points:
            return phrase("describe_per_group", points=Count("points", 1), size=divisor, what=what)
        return phrase("describe_floor_div", what=_grouped(what), size=divisor)


@register
class MinimumRule(Rule["ex.Minimum"]):
    name = "minimum"

    def build(self, a: list[Any], t: Tools) -> Fn:
        fs = t.each(a)
        return lambda c, i: min([f(c, i) for f in fs])

    def words(self, d: Describer, node: ex.Minimum) -> Part:
        return phrase("describe_minimum", items=items([d.plain(i) for i in node.minimum], ","))


@register
class MaximumRule(Rule["ex.Maximum"]):
    name = "maximum"

    def build(self, a: list[Any], t: Tools) -> Fn:
        fs = t.each(a)
        return lambda c, i: max([f(c, i) for f in fs])

    def words(self, d: Describer, node: ex.Maximum) -> Part:
        return phrase("describe_maximum", items=items([d.plain(i) for i in node.maximum], ","))


@register
class LookupRule(Rule["ex.Lookup"]):
    name = "lookup"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        index, zero = t.sub(a["index"]), a.get("beyond", "last") == "zero"
        entries = t.each(a["table"])  # written, or computed for the row, as whole numbers

        def entry(c: Ctx, i: int) -> int:
            found = mechanics.lookup(entries, index(c, i), zero)  # the entry read, or 0
            return found if isinstance(found, int) else int(found(c, i))

        return entry

    def words(self, d: Describer, node: ex.Lookup) -> Part:
        spec = node.lookup
        key = "describe_table_points" if d.points else "describe_table"
        values = listed_words(d, spec.table, key)
        found = phrase("describe_lookup", values=values, index=d.plain(spec.index))
        if spec.beyond == "zero":
            return phrase("describe_lookup_zero", lookup=found)
        last = spec.table[-1]
        said = d.part(last) if isinstance(last, int) else operand(d.plain(last))
        return phrase("describe_lookup_last", lookup=found, last=said)


@register
class IfRule(Rule["ex.If"]):
    name = "if"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        then, cond, other = t.sub(a["then"]), t.sub(a["cond"]), t.sub(a.get("else", 0))
        return lambda c, i: then(c, i) if cond(c, i) else other(c, i)

    def words(self, d: Describer, node: ex.If) -> Part:
        spec = node.if_
        # A rule inside the branch of another gets parentheses; an "otherwise" chain reads on.
        then, cond = _nested(d.part(spec.then)), d.test(spec.cond)
        if isinstance(spec.else_, int) and spec.else_ == 0:
            return phrase("describe_if", then=then, cond=cond)
        otherwise = d.part(spec.else_)
        if not isinstance(spec.else_, ex.If):
            otherwise = _nested(otherwise)
        return phrase("describe_if_else", then=then, cond=cond, otherwise=otherwise)


def _nested(part: Part) -> Part:
    if isinstance(part, Phrase) and part.key in ("describe_if", "describe_if_else"):
        return grouped_phrase(part)
    if isinstance(part, Items) and part.joiner == ";":
        return Items(part.parts, part.joiner, True)
    return part


# ----------------------------------------------------------------------------------------
# Comparisons and logic
# ----------------------------------------------------------------------------------------

#: Node key -> (its test, its symbol, the comparison it negates into).
_COMPARISONS = {
    "eq": (operator.eq, "=", "ne"),
    "ne": (operator.ne, "≠", "eq"),
    "lt": (operator.lt, "<", "ge"),
    "le": (operator.le, "≤", "gt"),
    "gt": (operator.gt, ">", "le"),
    "ge": (operator.ge, "≥", "lt"),
}


def _reaches(f: Fn, least: Any, t: Tools) -> Fn:
    if isinstance(least, int):
        return lambda c, i: f(c, i) >= least
    threshold = t.sub(least)
    return lambda c, i: f(c, i) >= threshold(c, i)


def least_words(d: Describer, least: object) -> Part:
    """A threshold in words: the number, or its expression in parentheses."""
    return least if isinstance(least, int) else operand(d.plain(least))


def at_least_words(d: Describer, least: object) -> list[Part]:
    """An award's threshold as a clause of its words, when it says something (not 0)."""
    if isinstance(least, int) and least <= 0:
        return []
    return [phrase("describe_at_least", at_least=least_words(d, least))]


def listed_words(d: Describer, values: list[Any], key: str = "describe_table_points") -> Part:
    """Numbers by place or by entry ("10 / 7 / 4 points"), each written or in words."""
    listed = tuple(v if isinstance(v, int) else operand(d.plain(v)) for v in values)
    return phrase(key, values=Items(listed, "/"))


#: Turning ``k OP player_count`` round into ``player_count OP' k``.
_SWAPPED = {"eq": "eq", "ne": "ne", "lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}


def compare_words(d: Describer, key: str, left: object, right: object) -> Part:
    """A comparison in words; with the player count, as "with 3 players or more"."""
    if isinstance(right, ex.PlayerCount) and isinstance(left, int):
        key, left, right = _SWAPPED[key], right, left
    if isinstance(left, ex.PlayerCount) and isinstance(right, int) and d.condition:
        count = {"lt": right - 1, "gt": right + 1}.get(key, right)
        wording = {
            "eq": "describe_players_eq",
            "ne": "describe_players_ne",
            "lt": "describe_players_at_most",
            "le": "describe_players_at_most",
            "gt": "describe_players_at_least",
            "ge": "describe_players_at_least",
        }[key]
        return phrase(wording, players=Count("player_count_phrase", count))
    return Items((d.plain(left), d.plain(right)), _COMPARISONS[key][1])


class _CompareRule(Rule["ex.Node"]):
    """A comparison of two numbers: one rule class per comparison node, made below."""

    def build(self, a: list[Any], t: Tools) -> Fn:
        left, right = t.each(a)
        test = _COMPARISONS[self.name][0]
        return lambda c, i: 1 if test(left(c, i), right(c, i)) else 0

    def words(self, d: Describer, node: ex.Node) -> Part:
        left, right = getattr(node, self.name)
        return compare_words(d, self.name, left, right)


for _key in _COMPARISONS:  # EqRule, NeRule, LtRule...: alike but for their node's name
    register(type(f"{_key.title()}Rule", (_CompareRule,), {"name": _key}))


@register
class AllRule(Rule["ex.All"]):
    name = "all"

    def build(self, a: list[Any], t: Tools) -> Fn:
        fs = t.each(a)

        def every(c: Ctx, i: int) -> int:
            for f in fs:  # a loop: a generator costs more than these few tests
                if not f(c, i):
                    return 0
            return 1

        return every

    def words(self, d: Describer, node: ex.All) -> Part:
        return items([d.test(i) for i in node.all], "and")


@register
class AnyRule(Rule["ex.AnyOf"]):
    name = "any"

    def build(self, a: list[Any], t: Tools) -> Fn:
        fs = t.each(a)

        def some(c: Ctx, i: int) -> int:
            for f in fs:
                if f(c, i):
                    return 1
            return 0

        return some

    def words(self, d: Describer, node: ex.AnyOf) -> Part:
        return items([d.test(i) for i in node.any], "or")


@register
class NotRule(Rule["ex.Not"]):
    name = "not"

    def build(self, a: Any, t: Tools) -> Fn:
        f = t.sub(a)
        return lambda c, i: 0 if f(c, i) else 1

    def words(self, d: Describer, node: ex.Not) -> Part:
        inner = node.not_
        if isinstance(inner, ex.OptionRef):
            return phrase("describe_without", what=d.option_label(inner.option))
        if isinstance(inner, ex.InputRef):
            return phrase("describe_lacks", what=d.part(inner))
        if isinstance(inner, ex.Is):
            return IsRule().words(d, inner, negated=True)
        for key, (_, _, negated) in _COMPARISONS.items():
            if isinstance(inner, ex.Node) and inner.node_name() == key:
                left, right = getattr(inner, key)
                return compare_words(d, negated, left, right)
        return phrase("describe_not", what=d.test(inner))


@register
class IsRule(Rule["ex.Is"]):
    name = "is"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        of, wanted = t.sub(a["of"]), tuple(str(w) for w in a["in"])
        return lambda c, i: 1 if of(c, i) in wanted else 0

    def words(self, d: Describer, node: ex.Is, negated: bool = False) -> Part:
        spec = node.is_
        if isinstance(spec.of, ex.OptionRef):
            what: Part = d.option_label(spec.of.option)
        else:
            what = d.part(spec.of)
        choices = items([d.choice_label(spec.of, c) for c in spec.in_], "or")
        return phrase("describe_is_not" if negated else "describe_is", what=what, choices=choices)


@register
class CountAtLeastRule(Rule["ex.CountAtLeast"]):
    name = "count_at_least"

    def build(self, a: dict[str, Any], t: Tools) -> Fn:
        least = a.get("at_least", 1)
        # One value stays a bool (a comparison); several add up to an int.
        return fold([_reaches(f, least, t) for f in t.each(a["values"])], operator.add)

    def words(self, d: Describer, node: ex.CountAtLeast) -> Part:
        spec = node.count_at_least
        values = items([d.plain(v) for v in spec.values], ",")
        least = least_words(d, spec.at_least)
        counted = phrase("describe_count_at_least", values=values, at_least=least)
        if d.points:
            return phrase("describe_per", points=Count("points", 1), what=counted)
        return counted
