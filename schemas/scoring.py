"""A game's end-of-game scoring, declared as data.

The declaration has five parts, read top to bottom like a score sheet:

``inputs``
    what each player counts on the table at the end (cards, coins, tokens, a pile's cards,
    arrival order). Never points the rules compute, and never a rank.
``table`` and ``options``
    what the whole table shares: a tile drawn for a region; an expansion, a variant or the
    reading of a contested rule.
``values``
    named quantities computed from those, by composing mechanics (schemas.expressions).
``categories``
    the lines of the breakdown a player sees, each pointing at a value; their sum is the
    total when the game has points.
``ranking``
    how players are ordered: by total or by a key, then a chain of tiebreakers, and what a
    full tie means.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, model_validator

from schemas.common import Identifier, Provenance, Strict, Text, require_unique
from schemas.expressions import Expr

#: The value every points game has without declaring it: the sum of the shown categories.
#: Ranking keys, end checks and ``win_requires`` may use it.
TOTAL = "total"

# ----------------------------------------------------------------------------------------
# Inputs: what players count on the table
# ----------------------------------------------------------------------------------------


class _InputBase(Strict):
    id: Identifier
    label: Text
    help: Text | None = None
    #: Group heading in the calculator form (for example "Souvenirs").
    group: Identifier | None = None
    #: Asked only when this holds (an option is on, enough players); otherwise must be absent.
    when: Expr | None = None


class CountInput(_InputBase):
    """A whole number counted on the table."""

    kind: Literal["count"]
    min: int = 0
    max: int | None = None
    #: The component this counts: its printed number caps this input for one player and
    #: for all players together.
    component: Identifier | None = None
    #: All players together hold at most this many (when no component says so).
    table_max: int | None = None
    #: This count takes points away (a correction, such as stops counted twice). More of
    #: any other count must never lower a player's rank: the property tests hold to that.
    lowers_score: bool = False

    @model_validator(mode="after")
    def _bounds(self) -> CountInput:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self


class FlagInput(_InputBase):
    """Yes or no: a card a player holds or not (a first-completion achievement)."""

    kind: Literal["flag"]
    #: At most one player may answer yes (there is one such card).
    unique: bool = False


class Choice(Strict):
    id: Identifier
    label: Text
    #: Numbers carried by this choice, read by mechanics (a scoring tile's awards).
    data: dict[Identifier, list[int]] = Field(default_factory=dict)
    #: Offered only when this holds (tiles of another player count are not in the box).
    when: Expr | None = None


class ChoiceInput(_InputBase):
    """One of a fixed list (a traveller)."""

    kind: Literal["choice"]
    choices: list[Choice] = Field(min_length=1)
    #: No two players may make the same choice (each traveller tile exists once).
    unique: bool = False
    #: The choice assumed when the player says nothing; None means it must be given.
    default: Identifier | None = None


class PositionInput(_InputBase):
    """A place in an order, 1 to the number of players, distinct across players.

    ``optional`` orders need not include everyone (who claimed a goal, and in which order):
    the places given run 1, 2, 3... without gaps, and a player left out counts as 0.
    """

    kind: Literal["position"]
    optional: bool = False
    #: The last place there is, when fewer than the players (three claims per goal).
    max: int | None = Field(default=None, ge=1)


class SequenceInput(_InputBase):
    """A pile entered card by card, bottom first, checked against how piles may grow."""

    kind: Literal["sequence"]
    item_min: int = 0
    item_max: int
    max_length: int
    #: The value the first card must have.
    first: int | None = None
    #: Each card must be at least the one below it and at most ``max_step`` higher.
    non_decreasing: bool = False
    max_step: int | None = None
    #: A card of this value closes the pile: nothing may follow it.
    closes_at: int | None = None
    #: Each value at most once (one token per numbered space).
    distinct: bool = False
    component: Identifier | None = None


PlayerInput = Annotated[
    CountInput | FlagInput | ChoiceInput | PositionInput | SequenceInput,
    Discriminator("kind"),
]


class OptionPlayers(Strict):
    """The player counts an option is tied to; setup and scoring refuse the others alike."""

    #: The option can be on only at these counts (the solo Automa: 1).
    only: list[int] = Field(default_factory=list)
    #: The game is played at these counts only with the option on (Nile at 6: DeLuxor).
    required: list[int] = Field(default_factory=list)


class Option(Strict):
    """An expansion, a variant or a reading of a contested rule, chosen for the whole game."""

    id: Identifier
    category: Literal["expansion", "variant", "reading"]
    label: Text
    help: Text | None = None
    kind: Literal["flag", "choice"]
    choices: list[Choice] = Field(default_factory=list)
    default: Identifier | bool
    #: Only meaningful when this holds (a reading of an expansion rule needs the expansion).
    when: Expr | None = None
    #: Player counts this (flag) option is tied to.
    players: OptionPlayers | None = None
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _choices_match_kind(self) -> Option:
        if self.kind == "flag":
            if not isinstance(self.default, bool) or self.choices:
                raise ValueError("a flag option has a true/false default and no choices")
        elif self.players is not None:
            raise ValueError("only a flag option can be tied to player counts")
        else:
            ids = [c.id for c in self.choices]
            if len(ids) < 2:
                raise ValueError("a choice option needs at least two choices")
            if self.default not in ids:
                raise ValueError(f"default {self.default!r} is not one of the choices {ids}")
        return self


class TableInput(Strict):
    """A choice shared by the table (the scoring tile drawn for a region).

    The choices are either listed here or are the items of a ``component`` (each item's
    name is its label, its data its numbers and its ``when`` says when it is in the box).
    """

    id: Identifier
    label: Text
    help: Text | None = None
    group: Identifier | None = None
    choices: list[Choice] = Field(default_factory=list)
    component: Identifier | None = None
    #: No two table inputs of this group may take the same choice (each tile exists once).
    distinct_within_group: bool = False
    when: Expr | None = None

    @model_validator(mode="after")
    def _choices_or_component(self) -> TableInput:
        if bool(self.choices) == (self.component is not None):
            raise ValueError("a table input lists its choices or names a component, not both")
        return self


# ----------------------------------------------------------------------------------------
# Values, categories and ranking
# ----------------------------------------------------------------------------------------


class Value(Strict):
    """A named quantity computed by a mechanic; other values and categories refer to it."""

    id: Identifier
    compute: Expr
    note: Text | None = None
    provenance: Provenance | None = None


class Category(Strict):
    """One line of the breakdown."""

    id: Identifier
    label: Text
    value: Identifier
    #: Shown only when this holds (an expansion's items).
    when: Expr | None = None
    provenance: Provenance | None = None


class RankingKey(Strict):
    """One step of the ranking: a value, and which way is better."""

    value: Identifier
    label: Text
    better: Literal["higher", "lower"] = "higher"


class Ranking(Strict):
    """How players are ordered: each key in turn breaks the ties left by the ones before."""

    keys: list[RankingKey] = Field(min_length=1)
    #: What players equal on every key share: the place (and the victory, if first).
    on_full_tie: Literal["shared"] = "shared"
    #: A player is a winner only if this holds too (solo play against a target).
    win_requires: Expr | None = None
    win_requires_label: Text | None = None
    provenance: Provenance | None = None


class Constraint(Strict):
    """A rule every player's end state must obey, beyond single-field limits.

    With ``scope: table`` the rule is about the whole table (use ``table_sum``) and is
    reported once, at ``players``, rather than once per player.
    """

    id: Identifier
    check: Expr
    message: Text
    when: Expr | None = None
    scope: Literal["player", "table"] = "player"


class EndCheck(Strict):
    """A condition of a finished game; when it fails the result carries a notice."""

    id: Identifier
    #: Holds for the table when any player satisfies it (someone reached 20 VP).
    any_player: Expr
    message: Text


class Scoring(Strict):
    """The whole end-of-game scoring of one game."""

    #: ``points``: players score points and the total ranks them.
    #: ``ranking_key``: no points; the first ranking key alone orders players (Nile).
    kind: Literal["points", "ranking_key"] = "points"
    inputs: list[PlayerInput] = Field(min_length=1)
    table: list[TableInput] = Field(default_factory=list)
    options: list[Option] = Field(default_factory=list)
    values: list[Value] = Field(min_length=1)
    categories: list[Category] = Field(min_length=1)
    ranking: Ranking
    constraints: list[Constraint] = Field(default_factory=list)
    end_checks: list[EndCheck] = Field(default_factory=list)
    groups: dict[Identifier, Text] = Field(default_factory=dict)
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _unique_ids(self) -> Scoring:
        seen: dict[str, str] = {}
        names = (
            [("input", i.id) for i in self.inputs]
            + [("table input", t.id) for t in self.table]
            + [("option", o.id) for o in self.options]
            + [("value", v.id) for v in self.values]
            + [("category", c.id) for c in self.categories]
        )
        for kind, ident in names:
            if ident == "name":
                raise ValueError(f"{kind} id 'name' is reserved for the player's name")
            if ident == TOTAL and kind != "category":
                raise ValueError(f"{kind} id {TOTAL!r} is reserved for the sum of the categories")
            if kind == "category":
                continue  # a category may share its value's id; categories are checked below

            if ident in seen:
                raise ValueError(f"{kind} id {ident!r} is already used by a {seen[ident]}")
            seen[ident] = kind
        categories = [c.id for c in self.categories]
        require_unique(categories, "category")
        return self
