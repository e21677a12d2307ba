"""The scoring language: small named mechanics that compose into a game's scoring.

Every node is a one-key mapping, so content reads like a sentence::

    sum:
      - product: [{input: meals}, 6]
      - set_collection: {families: [...], item_values: [1, 3, 5, 7]}

Per-player nodes compute one number per player from that player's inputs. Cross-player
nodes (``rank_award``, ``most``, ``held_award``, ``table_sum``, ``neighbours``) read every
player's value and are what make awards, majorities, ties and neighbours. A plain integer
is a constant.

Each node model says here what the checks need to know about it: whether it compares
players (:attr:`Node.cross_player`), whether it depends on where players sit
(:attr:`Node.seat_dependent`), and which references the expressions of some of its fields
may use, with the reason (:attr:`Node.scopes`). How a node is computed and put in words is
declared once per runtime: scorer/nodes/ for Python, the ``NODES`` table of
site/assets/calculator/expr.js for the browser.
"""

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Discriminator, Field, PrivateAttr, Tag, model_validator
from pydantic_core import PydanticCustomError
from typing_extensions import TypeAliasType

from schemas.common import Identifier, Strict

# ----------------------------------------------------------------------------------------
# What a node declares about itself
# ----------------------------------------------------------------------------------------

#: The kinds of reference an expression can make, plus ``cross_player`` for nodes that
#: compare players. ``player_count`` and constants are allowed everywhere.
REFERENCE_KINDS = frozenset({"input", "value", "table", "option", "rival", "cross_player"})


@dataclass(frozen=True)
class Scope:
    """Which references the expressions below a field may use, and why (for the error)."""

    allowed: frozenset[str]
    reason: str
    #: Inside a rows node's row expression: the rows input whose fields ``{field: ...}``
    #: may read (None elsewhere, where a row field means nothing).
    rows: str | None = None


#: Awards and other per-place numbers: the same for every player, known before comparing.
PER_PLACE = Scope(
    frozenset({"table", "option"}),
    "award points are per place, the same for every player: they may read options, "
    "table inputs, choice data and the player count, not a player's inputs or values",
)


#: The most nodes one expression holds (the largest today: 59, River of Gold's win
#: condition). Both runtimes build, check and word an expression node by node, recursing
#: into each, so one bound keeps any rule cheap everywhere. A longer rule is split into
#: named values.
MAX_NODES = 500


class Node(Strict):
    """Base of every scoring node (a one-key mapping)."""

    #: This node and every node below it, counted once each is validated (children first).
    _size: int = PrivateAttr(default=1)

    #: Compares players with each other: evaluated once for the table, between the loops
    #: over players, never inside a condition that decides what is asked.
    cross_player: ClassVar[bool] = False
    #: Reads other players by where they sit: the order of the players matters.
    seat_dependent: ClassVar[bool] = False
    #: Restrictions on the expressions of some fields: field name -> scope.
    scopes: ClassVar[Mapping[str, Scope]] = {}

    @classmethod
    def node_name(cls) -> str:
        """The node's key in content (``floor_div``)."""
        return str(cls.model_config.get("title"))

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        """(input id, input kinds it must be) for inputs this node reads in a special way."""
        return []

    @model_validator(mode="after")
    def _bounded(self) -> "Node":
        size = 1 + sum(_size(child) for child in children(self))
        if size > MAX_NODES:
            raise ValueError(
                f"an expression of {size:,} nodes: one holds at most {MAX_NODES} "
                "(split it into named values)"
            )
        self._size = size
        return self


def _title(name: str) -> Any:
    return Strict.model_config | {"title": name}


# ----------------------------------------------------------------------------------------
# References: where numbers come from
# ----------------------------------------------------------------------------------------


class InputRef(Node):
    """A player's own end-state input (a count, a flag, a choice or a sequence)."""

    model_config = _title("input")
    input: Identifier


class TableRef(Node):
    """A table-wide input shared by all players: a tile's id, or a number (a count)."""

    model_config = _title("table")
    table: Identifier


class OptionRef(Node):
    """An option chosen for the game: an expansion, a variant or a reading of a rule."""

    model_config = _title("option")
    option: Identifier


class ValueRef(Node):
    """A named value computed elsewhere in the same scoring declaration."""

    model_config = _title("value")
    value: Identifier


class PlayerCount(Node):
    """The number of players at the table (rivals are not players)."""

    model_config = _title("player_count")
    player_count: Literal[True]


class RivalSpec(Strict):
    id: Identifier
    input: Identifier | None = None
    value: Identifier | None = None

    @model_validator(mode="after")
    def _one_source(self) -> "RivalSpec":
        if (self.input is None) == (self.value is None):
            raise ValueError("a rival reference reads one input or one value: give exactly one")
        return self


class RivalRef(Node):
    """A rival's input or value (the Automa's victory points); 0 when it is not at the table.

    It is the same number for every player, so players can be compared with it
    (``win_requires: {gt: [{value: total}, {rival: {id: automa, value: total}}]}``).
    """

    model_config = _title("rival")
    rival: RivalSpec


#: A reference whose value is a choice's id: the choice made names the data field read.
ChoiceName = InputRef | OptionRef | TableRef


class ChoiceDataSpec(Strict):
    of: InputRef | TableRef
    #: The data field read: its name, or a choice input, option or table input whose chosen
    #: id names it (a board's side: ``field: {option: side}`` reads the field ``a`` or ``b``
    #: of every board, so each board's numbers are written once per side, not per reading).
    field: Identifier | ChoiceName = Field(union_mode="left_to_right")
    #: Which number of the field's list (0 is the first); past its end, 0. An expression
    #: (an age, a side's offset) whose derived least is below 0 is refused
    #: (schemas.bounds).
    index: "Expr" = 0


class ChoiceDataNode(Node):
    """A number carried by the choice made: the printed coins of a player's hero, the
    value of the tile chosen for a region. 0 when the choice carries no such number."""

    model_config = _title("choice_data")
    choice_data: ChoiceDataSpec

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        spec = self.choice_data
        refs = [spec.of, spec.field]
        return [(ref.input, ("choice",)) for ref in refs if isinstance(ref, InputRef)]


# ----------------------------------------------------------------------------------------
# Arithmetic and logic, evaluated per player
# ----------------------------------------------------------------------------------------


class Sum(Node):
    model_config = _title("sum")
    sum: "list[Expr]" = Field(min_length=1)


class Product(Node):
    model_config = _title("product")
    product: "list[Expr]" = Field(min_length=2)


class Difference(Node):
    """First minus second."""

    model_config = _title("difference")
    difference: "Annotated[list[Expr], Field(min_length=2, max_length=2)]"


class FloorDiv(Node):
    """Whole number of times the divisor goes into the value (``1 point per 3 goods``)."""

    model_config = _title("floor_div")
    #: Strict content still reads the YAML list as the pair (strict mode wants a real tuple).
    #: The divisor may be an expression whose derived least is at least 1 (schemas.bounds).
    floor_div: "tuple[Expr, Expr]" = Field(strict=False)


class Minimum(Node):
    model_config = _title("minimum")
    minimum: "list[Expr]" = Field(min_length=2)


class Maximum(Node):
    model_config = _title("maximum")
    maximum: "list[Expr]" = Field(min_length=2)


class LookupSpec(Strict):
    index: "Expr"
    #: The printed numbers; an entry may be an expression of the player's row (a variant's).
    table: "list[Expr]" = Field(min_length=1)
    #: What an index past the end gives: the last entry, or nothing.
    beyond: Literal["last", "zero"] = "last"


class Lookup(Node):
    """A printed table: the value at position ``index`` (0-based) of ``table``."""

    model_config = _title("lookup")
    lookup: LookupSpec


class IfSpec(Strict):
    cond: "Expr"
    then: "Expr"
    else_: "Expr" = Field(default=0, alias="else")


class If(Node):
    """``then`` when ``cond`` is non-zero, otherwise ``else`` (0 when omitted)."""

    model_config = _title("if")
    if_: IfSpec = Field(alias="if")


Pair = Annotated[list["Expr"], Field(min_length=2, max_length=2)]


class Eq(Node):
    model_config = _title("eq")
    eq: Pair


class Ne(Node):
    model_config = _title("ne")
    ne: Pair


class Lt(Node):
    model_config = _title("lt")
    lt: Pair


class Le(Node):
    model_config = _title("le")
    le: Pair


class Gt(Node):
    model_config = _title("gt")
    gt: Pair


class Ge(Node):
    model_config = _title("ge")
    ge: Pair


class All(Node):
    model_config = _title("all")
    all: "list[Expr]" = Field(min_length=1)


class AnyOf(Node):
    model_config = _title("any")
    any: "list[Expr]" = Field(min_length=1)


class Not(Node):
    model_config = _title("not")
    not_: "Expr" = Field(alias="not")


class IsSpec(Strict):
    of: InputRef | TableRef | OptionRef
    in_: list[Identifier] = Field(alias="in", min_length=1)


class Is(Node):
    """1 when a choice (a traveller, a rule reading) is one of the listed ids, else 0."""

    model_config = _title("is")
    is_: IsSpec = Field(alias="is")

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        ref = self.is_.of
        return [(ref.input, ("choice",))] if isinstance(ref, InputRef) else []


class CountAtLeastSpec(Strict):
    values: "list[Expr]" = Field(min_length=1)
    #: The threshold: a number, or an expression of the player's row (an option's level).
    at_least: "Expr" = 1


class CountAtLeast(Node):
    """How many of ``values`` reach ``at_least`` (completed panoramas, regions entered)."""

    model_config = _title("count_at_least")
    count_at_least: CountAtLeastSpec


# ----------------------------------------------------------------------------------------
# Sequences (a pile of cards entered card by card)
# ----------------------------------------------------------------------------------------


class _PileNode(Node):
    def pile(self) -> InputRef:
        raise NotImplementedError

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        return [(self.pile().input, ("sequence",))]


class Length(_PileNode):
    """Number of items in a sequence input."""

    model_config = _title("length")
    length: InputRef

    def pile(self) -> InputRef:
        return self.length


class Last(_PileNode):
    """The last (top) item of a sequence input, 0 when it is empty."""

    model_config = _title("last")
    last: InputRef

    def pile(self) -> InputRef:
        return self.last


class SumItems(_PileNode):
    """The sum of the items of a sequence input (the values of a player's wine tokens)."""

    model_config = _title("sum_items")
    sum_items: InputRef

    def pile(self) -> InputRef:
        return self.sum_items


class CountEqualSpec(Strict):
    of: InputRef
    #: The card value counted: a number, or an expression of the player's row.
    value: "Expr"


class CountEqual(_PileNode):
    """How many items of a sequence input equal ``value``."""

    model_config = _title("count_equal")
    count_equal: CountEqualSpec

    def pile(self) -> InputRef:
        return self.count_equal.of


TiePolicy = Literal["dense", "competition", "pool_floor", "pool_nearest"]


# ----------------------------------------------------------------------------------------
# Rows (a list of records: a tile-laying game's open features)
# ----------------------------------------------------------------------------------------


class FieldRef(Node):
    """A number of the row being read: only inside the row expressions of ``rows_sum``,
    ``rows_count`` and ``rows_award``, naming a field of the rows input they read."""

    model_config = _title("field")
    field: Identifier


#: What an expression computed once per row may read (schemas.references widens the scope
#: of a rows node's row fields with the row's own numbers).
ROW_REASON = (
    "a row expression is computed once for each row of the player's list: it may read "
    "the row's fields and what the player's other expressions read, but not compare players"
)


class RowsNode(Node):
    """A node over the rows of a player's rows input; its ``row_fields`` are computed per row."""

    #: The fields of the spec computed once per row (they may read ``{field: ...}``).
    row_fields: ClassVar[tuple[str, ...]] = ()

    def spec(self) -> Any:
        return getattr(self, next(iter(type(self).model_fields)))

    def rows(self) -> InputRef:
        """The rows input this node reads."""
        return self.spec().of  # type: ignore[no-any-return]

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        return [(self.rows().input, ("rows",))]


class RowsSumSpec(Strict):
    of: InputRef
    #: Computed for each row; the results are added up.
    each: "Expr"


class RowsSum(RowsNode):
    """``each`` computed for every row of a rows input, added up (0 for no row): the
    points of the open features, ``{product: [{field: size}, 2]}`` each."""

    model_config = _title("rows_sum")
    rows_sum: RowsSumSpec
    row_fields: ClassVar[tuple[str, ...]] = ("each",)


class RowsCountSpec(Strict):
    of: InputRef
    #: A condition on the row; every row counts when it is left out.
    where: "Expr | None" = None


class RowsCount(RowsNode):
    """How many rows of a rows input meet ``where`` (all of them without it)."""

    model_config = _title("rows_count")
    rows_count: RowsCountSpec
    row_fields: ClassVar[tuple[str, ...]] = ("where",)


class RowsAwardSpec(Strict):
    """Points by place among one player's rows, ranked by ``by`` (higher first), with a
    stated tie policy (as ``rank_award``'s among players: ``dense``, ``competition``,
    ``pool_floor``, ``pool_nearest``). Rows whose ``by`` is below ``at_least`` take no
    place; rows placed after the listed awards get nothing."""

    of: InputRef
    by: "Expr"
    #: Points per place: numbers or expressions of the player's row (not of the row's fields).
    awards: "list[Expr]" = Field(min_length=1)
    ties: TiePolicy
    at_least: "Expr" = 1


class RowsAward(RowsNode):
    """The points a player's rows take by place among themselves, added up (the largest
    open feature scores 5, the second 3)."""

    model_config = _title("rows_award")
    rows_award: RowsAwardSpec
    row_fields: ClassVar[tuple[str, ...]] = ("by",)


class RowsMajoritySpec(Strict):
    """Each row of a rows table input awards its points among the players by their
    ``by`` number in that row (higher first), with a stated tie policy (as
    ``rank_award``'s); a player whose number is below ``at_least`` takes no place."""

    of: TableRef
    #: One of the table input's ``per_player`` fields (each player's followers).
    by: Identifier
    #: Points per place, computed for each row: ``{field: ...}`` reads the row's own numbers.
    awards: "list[Expr]" = Field(min_length=1)
    ties: TiePolicy
    at_least: "Expr" = 1


class RowsMajority(RowsNode):
    """The points the player takes from the rows the table shares, added up: each road
    scores its size for whoever has the most followers on it."""

    model_config = _title("rows_majority")
    rows_majority: RowsMajoritySpec
    row_fields: ClassVar[tuple[str, ...]] = ("awards",)

    def rows(self) -> InputRef:
        raise TypeError("rows_majority reads a table input: see rows_table()")

    def rows_table(self) -> str:
        """The rows table input this node reads."""
        return self.rows_majority.of.table

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        return []


# ----------------------------------------------------------------------------------------
# Mechanics with a name of their own
# ----------------------------------------------------------------------------------------


class SetCollectionSpec(Strict):
    """Sets of different families: a set's n-th different item is worth ``item_values[n-1]``.

    Items are grouped greedily into sets of different families, which is the same as
    scoring, for each k, the number of families holding at least k items.
    """

    families: "list[Expr]" = Field(min_length=2)
    #: What each place in a set is worth: numbers, or expressions of the player's row.
    item_values: "list[Expr]" = Field(min_length=1)


class SetCollection(Node):
    model_config = _title("set_collection")
    set_collection: SetCollectionSpec


class SortedKeySpec(Strict):
    of: "list[Expr]" = Field(min_length=1)
    order: Literal["ascending", "descending"] = "ascending"
    #: Keep only this many of the largest values: piles of crops not in play, which are
    #: empty for everyone, drop out of the comparison.
    keep: "Expr | None" = None


class SortedKey(Node):
    """A ranking key: the values sorted, then compared element by element (Nile's piles)."""

    model_config = _title("sorted_key")
    sorted_key: SortedKeySpec


#: The most ways to place wildcards the engine tries for one player (see BestAssignment).
WILDCARD_PLACEMENTS_LIMIT = 5000


class BestAssignmentSpec(Strict):
    #: How many wildcard units the player places: any expression whose derived most is
    #: known (a count input with a limit, a sum of them...); fewer than 0 places none.
    wildcards: "Expr"
    #: The count inputs a wildcard may be added to, one unit at a time.
    among: list[InputRef] = Field(min_length=1)
    #: What the player makes as large as possible; it is computed again for each placement.
    maximize: "Expr"


class BestAssignment(Node):
    """The best placement of wildcard units (jokers, wild goods) among some count inputs.

    Every unit goes to one of the ``among`` inputs; the result is the largest value
    ``maximize`` takes over all placements. The search tries every placement: with w units
    and k inputs that is C(w + k - 1, k - 1) evaluations, and content is refused when the
    largest possible w makes it more than WILDCARD_PLACEMENTS_LIMIT (5,000: 10 units among
    5 inputs is 1,001).
    """

    model_config = _title("best_assignment")
    best_assignment: BestAssignmentSpec
    scopes: ClassVar[Mapping[str, Scope]] = {
        "maximize": Scope(
            frozenset({"input", "table", "option"}),
            "the target is computed again from the inputs for every placement of the "
            "wildcards, while a value is computed once from the inputs as entered, and "
            "cross-player mechanics compare the table: write the target from inputs",
        )
    }

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        spec = self.best_assignment
        return [(ref.input, ("count",)) for ref in spec.among]


class ChoiceData(Strict):
    """A list of numbers carried by the choice made for a table input (a scoring tile)."""

    table: Identifier
    field: Identifier


def _data_or_expr(value: Any) -> str:
    if isinstance(value, ChoiceData) or (
        isinstance(value, dict) and set(value) == {"table", "field"}
    ):
        return "data"
    return "expr"


#: A number given in content, or read from the choice of a table input.
NumberOrData = Annotated[
    Annotated[ChoiceData, Tag("data")] | Annotated["Expr", Tag("expr")],
    Discriminator(_data_or_expr),
]


def _list_or_data(value: Any) -> str:
    return "list" if isinstance(value, list | tuple) else "data"


#: Points per place: listed (numbers or expressions), or a table input's choice data.
Awards = Annotated[
    Annotated[list["Expr"], Tag("list")] | Annotated[ChoiceData, Tag("data")],
    Discriminator(_list_or_data),
]


class RankAwardSpec(Strict):
    """Points by place on a measure, with a stated tie policy.

    ``dense``: tied players all take that place's award and the next amount takes the next
    place (Tokaido's temple). ``competition``: tied players take that place's award and the
    places they fill are skipped. ``pool_floor``: the awards of every place the tied players
    fill are added up and shared, rounded down (River of Gold). ``pool_nearest``: the same,
    rounded to the nearest whole number, a half going down.
    """

    of: "Expr"
    awards: Awards
    ties: TiePolicy
    #: Points for every player who qualifies but is placed after the listed awards.
    others: "Expr" = 0
    #: The least measure that takes part at all (a player who donated nothing gets nothing):
    #: a number or, like the awards, an expression the same for every player.
    at_least: "Expr" = 1
    #: Places after the first score only within this distance of the leader's measure.
    max_gap: NumberOrData | None = None
    #: Rivals at the table take places too (they never keep the points).
    rivals: bool = False


class RankAward(Node):
    model_config = _title("rank_award")
    rank_award: RankAwardSpec
    cross_player: ClassVar[bool] = True
    scopes: ClassVar[Mapping[str, Scope]] = {
        "awards": PER_PLACE,
        "others": PER_PLACE,
        "max_gap": PER_PLACE,
        "at_least": PER_PLACE,
    }


class MostSpec(Strict):
    """``points`` to every player with the highest measure, ties included.

    ``points`` may be an expression: each leader scores its own value of it (a majority
    worth the region's printed number, or the leader's own count).
    """

    of: "Expr"
    points: "Expr"
    #: The least measure that takes part: a number, or an expression the same for everyone.
    at_least: "Expr" = 1
    #: Rivals at the table take part: a rival with the most keeps the others from it.
    rivals: bool = False


class Most(Node):
    model_config = _title("most")
    most: MostSpec
    cross_player: ClassVar[bool] = True
    scopes: ClassVar[Mapping[str, Scope]] = {"at_least": PER_PLACE}


class HeldAwardSpec(Strict):
    """An objective someone activated and holds (Momiji).

    Scores only if a player holds it. Among the players with the best measure (ties
    included), the holder scores ``holder_points`` and everyone else ``other_points``.
    """

    of: "Expr"
    holder: "Expr"
    holder_points: "Expr"
    other_points: "Expr"
    #: The least measure that takes part: a number, or an expression the same for everyone.
    at_least: "Expr" = 1
    rivals: bool = False


class HeldAward(Node):
    model_config = _title("held_award")
    held_award: HeldAwardSpec
    cross_player: ClassVar[bool] = True
    scopes: ClassVar[Mapping[str, Scope]] = {"at_least": PER_PLACE}


class TableSum(Node):
    """The sum of a per-player value over every player, the same for all of them.

    For rules about the whole table: at most players + 2 objectives activated in all.
    """

    model_config = _title("table_sum")
    table_sum: "Expr"
    cross_player: ClassVar[bool] = True


class NeighboursSpec(Strict):
    """``of`` over the players sitting ``offsets`` seats away, combined by ``aggregate``.

    Seats follow the order of the players in the end state, unless ``seat`` names a
    position input that gives each player's seat (1 to the number of players). Offset +1
    is the next player in seat order, -1 the previous one; seats wrap round the table. A
    player is never their own neighbour (alone at the table, nobody is), but at two
    players the other player is both the previous and the next one and counts for each.
    """

    of: "Expr"
    #: Seats away: numbers, or expressions the same for the whole table (a variant that
    #: reaches two seats): an offset that lands on the player is skipped.
    offsets: "list[Expr]" = Field(min_length=1)
    aggregate: Literal["sum", "maximum", "minimum"] = "sum"
    seat: InputRef | None = None


class Neighbours(Node):
    """A number taken from a player's neighbours (cards that score for the players beside)."""

    model_config = _title("neighbours")
    neighbours: NeighboursSpec
    cross_player: ClassVar[bool] = True
    seat_dependent: ClassVar[bool] = True
    scopes: ClassVar[Mapping[str, Scope]] = {"offsets": PER_PLACE}

    def expected_inputs(self) -> list[tuple[str, tuple[str, ...]]]:
        seat = self.neighbours.seat
        return [(seat.input, ("position",))] if seat is not None else []


# ----------------------------------------------------------------------------------------
# The union of every node, and the error for anything else
# ----------------------------------------------------------------------------------------

#: Every node model, in the order CONTRIBUTING lists them.
NODE_MODELS: tuple[type[Node], ...] = (
    InputRef,
    TableRef,
    OptionRef,
    ValueRef,
    PlayerCount,
    RivalRef,
    ChoiceDataNode,
    Sum,
    Product,
    Difference,
    FloorDiv,
    Minimum,
    Maximum,
    Lookup,
    If,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    All,
    AnyOf,
    Not,
    Is,
    CountAtLeast,
    Length,
    Last,
    CountEqual,
    SumItems,
    FieldRef,
    RowsSum,
    RowsCount,
    RowsAward,
    RowsMajority,
    SetCollection,
    SortedKey,
    BestAssignment,
    RankAward,
    Most,
    HeldAward,
    TableSum,
    Neighbours,
)

#: The name of every node, a plain number (``const``) first.
NODE_NAMES: tuple[str, ...] = ("const", *(m.node_name() for m in NODE_MODELS))

#: The node kinds that compare players with each other.
CROSS_PLAYER_NODES: tuple[type[Node], ...] = tuple(m for m in NODE_MODELS if m.cross_player)


def _node_tag(value: Any) -> str:
    """Pick the node model from the single key of a mapping (or ``const`` for a number)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return "const"
    if isinstance(value, dict) and len(value) == 1:
        return str(next(iter(value)))
    if isinstance(value, Node):
        return value.node_name()
    return "?"


def _names() -> str:
    return ", ".join(sorted(n for n in NODE_NAMES if n != "const"))


def _not_a_node(value: Any) -> str | None:
    """Why ``value`` is not a scoring node, in words that say what would be; None if it is."""
    if isinstance(value, Node) or (isinstance(value, int) and not isinstance(value, bool)):
        return None
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in NODE_NAMES:
        return None
    if isinstance(value, bool):
        return "true/false is not a number here: write 1 or 0, or read a flag with {input: id}"
    if isinstance(value, float):
        return "scoring numbers are whole numbers"
    if isinstance(value, dict) and len(value) == 1:
        key = str(next(iter(value)))
        close = difflib.get_close_matches(key, NODE_NAMES, n=3, cutoff=0.6)
        hint = f"did you mean {' or '.join(close)}? " if close else ""
        return f"{key!r} is not a scoring node; {hint}the nodes are: {_names()}"
    if isinstance(value, dict):
        keys = [str(k) for k in value]
        known = [k for k in keys if k in NODE_NAMES]
        message = (
            "a scoring node is a mapping with exactly one key, the node's name"
            f" (got {len(keys)} keys: {', '.join(keys) or 'none'})"
        )
        if known:
            message += f"; the other keys may belong inside {{{known[0]}: ...}}"
        return message
    if isinstance(value, list | tuple):
        return "a list is not a scoring node: to add numbers up write {sum: [...]}"
    if isinstance(value, str):
        return (
            "a text is not a scoring node: read an input with {input: id}, a value with "
            "{value: id}, or write a whole number"
        )
    return f"expected a whole number or a one-key mapping naming a node ({_names()})"


def _check_node(value: Any) -> Any:
    problem = _not_a_node(value)
    if problem is not None:
        raise PydanticCustomError("unknown_node", problem)
    return value


Expr = TypeAliasType(
    "Expr",
    Annotated[
        Annotated[
            Annotated[int, Tag("const")]
            | Annotated[InputRef, Tag("input")]
            | Annotated[TableRef, Tag("table")]
            | Annotated[OptionRef, Tag("option")]
            | Annotated[ValueRef, Tag("value")]
            | Annotated[PlayerCount, Tag("player_count")]
            | Annotated[RivalRef, Tag("rival")]
            | Annotated[ChoiceDataNode, Tag("choice_data")]
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
            | Annotated[FieldRef, Tag("field")]
            | Annotated[RowsSum, Tag("rows_sum")]
            | Annotated[RowsCount, Tag("rows_count")]
            | Annotated[RowsAward, Tag("rows_award")]
            | Annotated[RowsMajority, Tag("rows_majority")]
            | Annotated[SetCollection, Tag("set_collection")]
            | Annotated[SortedKey, Tag("sorted_key")]
            | Annotated[BestAssignment, Tag("best_assignment")]
            | Annotated[RankAward, Tag("rank_award")]
            | Annotated[Most, Tag("most")]
            | Annotated[HeldAward, Tag("held_award")]
            | Annotated[TableSum, Tag("table_sum")]
            | Annotated[Neighbours, Tag("neighbours")],
            Discriminator(
                _node_tag,
                custom_error_type="unknown_node",
                custom_error_message="not a scoring node",
            ),
        ],
        BeforeValidator(_check_node),
    ],
)


def _size(item: object) -> int:
    """How many nodes ``item`` holds: counted already for a node, counted here for a spec."""
    if isinstance(item, Node):
        return item._size
    return 1 + sum(_size(child) for child in children(item))


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
