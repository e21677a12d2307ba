"""The scoring language: small named mechanics that compose into a game's scoring.

Every node is a one-key mapping, so content reads like a sentence::

    sum:
      - product: [{input: meals}, 6]
      - set_collection: {families: [...], item_values: [1, 3, 5, 7]}

Per-player nodes compute one number per player from that player's inputs. Cross-player
nodes (``rank_award``, ``most``, ``held_award``) compare every player's value and are what
make awards, majorities and ties. A plain integer is a constant.

The engine (scorer/) compiles these nodes once per game; the browser calculator interprets
the same tree exported as JSON, so every node here must stay plain data.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag
from typing_extensions import TypeAliasType

from schemas.common import Identifier, Strict


def _node_tag(value: Any) -> str:
    """Pick the node model from the single key of a mapping (or ``const`` for a number)."""
    if isinstance(value, bool):
        return "invalid"
    if isinstance(value, int):
        return "const"
    if isinstance(value, dict) and len(value) == 1:
        return str(next(iter(value)))
    if isinstance(value, Strict):
        return str(value.model_config.get("title") or type(value).__name__)
    return "invalid"


# ----------------------------------------------------------------------------------------
# References: where numbers come from
# ----------------------------------------------------------------------------------------


class InputRef(Strict):
    """A player's own end-state input (a count, a flag, a choice or a sequence)."""

    model_config = Strict.model_config | {"title": "input"}
    input: Identifier


class TableRef(Strict):
    """A table-wide input shared by all players (for example which tile lies in a region)."""

    model_config = Strict.model_config | {"title": "table"}
    table: Identifier


class OptionRef(Strict):
    """An option chosen for the game: an expansion, a variant or a reading of a rule."""

    model_config = Strict.model_config | {"title": "option"}
    option: Identifier


class ValueRef(Strict):
    """A named value computed elsewhere in the same scoring declaration."""

    model_config = Strict.model_config | {"title": "value"}
    value: Identifier


class PlayerCount(Strict):
    """The number of players at the table."""

    model_config = Strict.model_config | {"title": "player_count"}
    player_count: Literal[True]


# ----------------------------------------------------------------------------------------
# Arithmetic and logic, evaluated per player
# ----------------------------------------------------------------------------------------


class Sum(Strict):
    model_config = Strict.model_config | {"title": "sum"}
    sum: list[Expr] = Field(min_length=1)


class Product(Strict):
    model_config = Strict.model_config | {"title": "product"}
    product: list[Expr] = Field(min_length=2)


class Difference(Strict):
    """First minus second."""

    model_config = Strict.model_config | {"title": "difference"}
    difference: Annotated[list[Expr], Field(min_length=2, max_length=2)]


class FloorDiv(Strict):
    """Whole number of times the divisor goes into the value (``1 point per 3 goods``)."""

    model_config = Strict.model_config | {"title": "floor_div"}
    #: Strict content still reads the YAML list as the pair (strict mode wants a real tuple).
    floor_div: tuple[Expr, Annotated[int, Field(ge=1)]] = Field(strict=False)


class Minimum(Strict):
    model_config = Strict.model_config | {"title": "minimum"}
    minimum: list[Expr] = Field(min_length=2)


class Maximum(Strict):
    model_config = Strict.model_config | {"title": "maximum"}
    maximum: list[Expr] = Field(min_length=2)


class LookupSpec(Strict):
    index: Expr
    table: list[int] = Field(min_length=1)
    #: What an index past the end gives: the last entry, or nothing.
    beyond: Literal["last", "zero"] = "last"


class Lookup(Strict):
    """A printed table: the value at position ``index`` (0-based) of ``table``."""

    model_config = Strict.model_config | {"title": "lookup"}
    lookup: LookupSpec


class IfSpec(Strict):
    cond: Expr
    then: Expr
    else_: Expr = Field(default=0, alias="else")


class If(Strict):
    """``then`` when ``cond`` is non-zero, otherwise ``else`` (0 when omitted)."""

    model_config = Strict.model_config | {"title": "if"}
    if_: IfSpec = Field(alias="if")


Pair = Annotated[list["Expr"], Field(min_length=2, max_length=2)]


class Eq(Strict):
    model_config = Strict.model_config | {"title": "eq"}
    eq: Pair


class Ne(Strict):
    model_config = Strict.model_config | {"title": "ne"}
    ne: Pair


class Lt(Strict):
    model_config = Strict.model_config | {"title": "lt"}
    lt: Pair


class Le(Strict):
    model_config = Strict.model_config | {"title": "le"}
    le: Pair


class Gt(Strict):
    model_config = Strict.model_config | {"title": "gt"}
    gt: Pair


class Ge(Strict):
    model_config = Strict.model_config | {"title": "ge"}
    ge: Pair


class All(Strict):
    model_config = Strict.model_config | {"title": "all"}
    all: list[Expr] = Field(min_length=1)


class AnyOf(Strict):
    model_config = Strict.model_config | {"title": "any"}
    any: list[Expr] = Field(min_length=1)


class Not(Strict):
    model_config = Strict.model_config | {"title": "not"}
    not_: Expr = Field(alias="not")


class IsSpec(Strict):
    of: InputRef | TableRef | OptionRef
    in_: list[Identifier] = Field(alias="in", min_length=1)


class Is(Strict):
    """1 when a choice (a traveller, a rule reading) is one of the listed ids, else 0."""

    model_config = Strict.model_config | {"title": "is"}
    is_: IsSpec = Field(alias="is")


class CountAtLeastSpec(Strict):
    values: list[Expr] = Field(min_length=1)
    at_least: int = 1


class CountAtLeast(Strict):
    """How many of ``values`` reach ``at_least`` (completed panoramas, regions entered)."""

    model_config = Strict.model_config | {"title": "count_at_least"}
    count_at_least: CountAtLeastSpec


# ----------------------------------------------------------------------------------------
# Sequences (a pile of cards entered card by card)
# ----------------------------------------------------------------------------------------


class Length(Strict):
    """Number of items in a sequence input."""

    model_config = Strict.model_config | {"title": "length"}
    length: InputRef


class Last(Strict):
    """The last (top) item of a sequence input, 0 when it is empty."""

    model_config = Strict.model_config | {"title": "last"}
    last: InputRef


class SumItems(Strict):
    """The sum of the items of a sequence input (the values of a player's wine tokens)."""

    model_config = Strict.model_config | {"title": "sum_items"}
    sum_items: InputRef


class CountEqualSpec(Strict):
    of: InputRef
    value: int


class CountEqual(Strict):
    """How many items of a sequence input equal ``value``."""

    model_config = Strict.model_config | {"title": "count_equal"}
    count_equal: CountEqualSpec


# ----------------------------------------------------------------------------------------
# Mechanics with a name of their own
# ----------------------------------------------------------------------------------------


class SetCollectionSpec(Strict):
    """Sets of different families: a set's n-th different item is worth ``item_values[n-1]``.

    Items are grouped greedily into sets of different families, which is the same as
    scoring, for each k, the number of families holding at least k items.
    """

    families: list[Expr] = Field(min_length=2)
    item_values: list[int] = Field(min_length=1)


class SetCollection(Strict):
    model_config = Strict.model_config | {"title": "set_collection"}
    set_collection: SetCollectionSpec


class SortedKeySpec(Strict):
    of: list[Expr] = Field(min_length=1)
    order: Literal["ascending", "descending"] = "ascending"
    #: Keep only this many of the largest values: piles of crops not in play, which are
    #: empty for everyone, drop out of the comparison.
    keep: Expr | None = None


class SortedKey(Strict):
    """A ranking key: the values sorted, then compared element by element (Nile's piles)."""

    model_config = Strict.model_config | {"title": "sorted_key"}
    sorted_key: SortedKeySpec


TiePolicy = Literal["dense", "competition", "pool_floor", "pool_nearest"]


class ChoiceData(Strict):
    """A list of numbers carried by the choice made for a table input (a scoring tile)."""

    table: Identifier
    field: Identifier


class RankAwardSpec(Strict):
    """Points by place on a measure, with a stated tie policy.

    ``dense``: tied players all take that place's award and the next amount takes the next
    place (Tokaido's temple). ``competition``: tied players take that place's award and the
    places they fill are skipped. ``pool_floor``: the awards of every place the tied players
    fill are added up and shared, rounded down (River of Gold). ``pool_nearest``: the same,
    rounded to the nearest whole number, a half going down.
    """

    of: Expr
    awards: list[int] | ChoiceData
    ties: TiePolicy
    #: Points for every player who qualifies but is placed after the listed awards.
    others: int = 0
    #: The least measure that takes part at all (a player who donated nothing gets nothing).
    at_least: int = 1
    #: Places after the first score only within this distance of the leader's measure.
    max_gap: int | ChoiceData | None = None


class RankAward(Strict):
    model_config = Strict.model_config | {"title": "rank_award"}
    rank_award: RankAwardSpec


class MostSpec(Strict):
    """``points`` to every player with the highest measure, ties included."""

    of: Expr
    points: int
    at_least: int = 1


class Most(Strict):
    model_config = Strict.model_config | {"title": "most"}
    most: MostSpec


class HeldAwardSpec(Strict):
    """An objective someone activated and holds (Momiji).

    Scores only if a player holds it. Among the players with the best measure (ties
    included), the holder scores ``holder_points`` and everyone else ``other_points``.
    """

    of: Expr
    holder: Expr
    holder_points: int
    other_points: int
    at_least: int = 1


class HeldAward(Strict):
    model_config = Strict.model_config | {"title": "held_award"}
    held_award: HeldAwardSpec


class TableSum(Strict):
    """The sum of a per-player value over every player, the same for all of them.

    For rules about the whole table: at most players + 2 objectives activated in all.
    """

    model_config = Strict.model_config | {"title": "table_sum"}
    table_sum: Expr


class Invalid(Strict):
    """Placeholder the discriminator picks for anything that is not a node."""

    model_config = Strict.model_config | {"title": "invalid"}
    invalid: None


Expr = TypeAliasType(
    "Expr",
    Annotated[
        Annotated[int, Tag("const")]
        | Annotated[InputRef, Tag("input")]
        | Annotated[TableRef, Tag("table")]
        | Annotated[OptionRef, Tag("option")]
        | Annotated[ValueRef, Tag("value")]
        | Annotated[PlayerCount, Tag("player_count")]
        | Annotated[Sum, Tag("sum")]
        | Annotated[Product, Tag("product")]
        | Annotated[Difference, Tag("difference")]
        | Annotated[FloorDiv, Tag("floor_div")]
        | Annotated[Minimum, Tag("minimum")]
        | Annotated[Maximum, Tag("maximum")]
        | Annotated[Lookup, Tag("lookup")]
        | Annotated[If, Tag("if")]
        | Annotated[Eq, Tag("eq")]
        | Annotated[Ne, Tag("ne")]
        | Annotated[Lt, Tag("lt")]
        | Annotated[Le, Tag("le")]
        | Annotated[Gt, Tag("gt")]
        | Annotated[Ge, Tag("ge")]
        | Annotated[All, Tag("all")]
        | Annotated[AnyOf, Tag("any")]
        | Annotated[Not, Tag("not")]
        | Annotated[Is, Tag("is")]
        | Annotated[CountAtLeast, Tag("count_at_least")]
        | Annotated[Length, Tag("length")]
        | Annotated[Last, Tag("last")]
        | Annotated[CountEqual, Tag("count_equal")]
        | Annotated[SumItems, Tag("sum_items")]
        | Annotated[SetCollection, Tag("set_collection")]
        | Annotated[SortedKey, Tag("sorted_key")]
        | Annotated[RankAward, Tag("rank_award")]
        | Annotated[Most, Tag("most")]
        | Annotated[HeldAward, Tag("held_award")]
        | Annotated[TableSum, Tag("table_sum")]
        | Annotated[Invalid, Tag("invalid")],
        Discriminator(
            _node_tag,
            custom_error_type="unknown_node",
            custom_error_message="not a scoring node: expected a number or a one-key mapping "
            "such as {sum: [...]}, {input: id} or {rank_award: {...}}",
        ),
    ],
)

#: The node kinds that compare players with each other.
CROSS_PLAYER_NODES = (RankAward, Most, HeldAward, TableSum)


def children(node: object) -> list[object]:
    """The direct sub-nodes and specs of ``node``, in declaration order."""
    if not isinstance(node, Strict):
        return []
    found: list[object] = []
    for name in type(node).model_fields:
        value = getattr(node, name)
        items = value if isinstance(value, list | tuple) else [value]
        found.extend(item for item in items if isinstance(item, Strict | int))
    return found


def walk(node: object) -> list[object]:
    """``node`` and every node below it, depth first."""
    found = [node]
    for child in children(node):
        found.extend(walk(child))
    return found
