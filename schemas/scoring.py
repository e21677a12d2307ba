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

``rivals`` declares participants that are not players (a neutral traveller, an Automa):
they take part in the comparisons that say so and are shown beside the players. Any list
may hold ``for_each`` templates (schemas.templates), expanded when the file is read.
"""

from typing import Annotated, Any, Literal

from pydantic import (
    Discriminator,
    Field,
    model_validator,
)

from schemas import templates, track
from schemas.common import Identifier, Provenance, Strict, Text, empty_list, require_unique
from schemas.expressions import Expr
from schemas.track import ScoreTrack

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
    #: The short text of its chip when its group is shown as a chip row, or over its box when
    #: it is a number row (``presentation``): a number (a region's), a word; the label stays
    #: the field's full name for screen readers and problems.
    chip: Text | int | None = None
    #: Asked only when this holds (an option is on, enough players); otherwise must be absent.
    when: Expr | None = None


class Reached(Strict):
    """Where the scoring reads a count only as "at least ``at``" (a panorama completed):
    from the score track, set by schemas/track.py."""

    at: int
    #: When the scoring reads it so (the options, the table, the player count).
    when: Expr


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
    #: More of this can raise ANOTHER player's score (a card that scores for the
    #: neighbours), so it may lower its owner's rank: the property tests skip it.
    affects_others: bool = False
    #: Left empty, the player holds none, as a box left unticked holds no card: a count of
    #: something few players hold (a legendary object, one pair of each in the box). The
    #: calculator does not list it as not entered; the engine reads an empty count as
    #: ``min`` whatever this says.
    empty_is_none: bool = False
    #: Read only as "at least ``at``" when ``when`` holds: the calculator then asks it as
    #: a yes/no and gives ``at`` for yes, nothing for no (a value below ``at`` and none
    #: read alike there). schemas/track.py sets it; content does not.
    reached: Reached | None = None

    @model_validator(mode="after")
    def _bounds(self) -> "CountInput":
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
    #: When this holds (options, table, player count), a player may leave the choice
    #: empty: it is then none of the choices the scoring tests. From the score track only
    #: Mitsukuni's bonus reads Tokaido's traveller, so schemas/track.py sets it there for a
    #: choice the mode reads only through ``is``.
    may_be_empty: Expr | None = None
    #: A flag input that any choice but the default implies (Patience's arrival implies the
    #: Patience calligraphy): the calculator asks this choice in the flag's place, for
    #: everyone, and ticks the flag from it. The end state still gives both.
    implies: Identifier | None = None


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


#: The most numbers one row holds, and the most rows a list may be declared to hold: a
#: row is a line of the form, and every line is a field to fill on a phone.
MAX_ROW_FIELDS = 8
MAX_ROWS = 50


class RowField(Strict):
    """One number of every row: a feature's size, the player's followers on it."""

    id: Identifier
    label: Text
    help: Text | None = None
    min: int = 0
    #: Every number of a row has an upper bound, as every count has.
    max: int
    #: What the number counts as when a row leaves it empty (no followers on a feature),
    #: as an empty count counts as its least: the calculator lists it as not entered, and
    #: gives a result meanwhile. None: every row must give it.
    default: int | None = None

    @model_validator(mode="after")
    def _bounds(self) -> "RowField":
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        if self.default is not None and not self.min <= self.default <= self.max:
            raise ValueError(
                f"default ({self.default}) is outside min ({self.min}) to max ({self.max})"
            )
        return self


class RowsInput(_InputBase):
    """A list of records, as many as the player has, each with the same numbers (a
    tile-laying game's open features: each with its size and the player's followers on it).

    Every number of a row must be given but those with a ``default``; the list holds at
    most ``max_rows`` rows. Nodes
    read it with ``rows_sum``, ``rows_count`` and ``rows_award``.
    """

    kind: Literal["rows"]
    fields: list[RowField] = Field(min_length=1, max_length=MAX_ROW_FIELDS)
    max_rows: int = Field(ge=1, le=MAX_ROWS)

    @model_validator(mode="after")
    def _unique_fields(self) -> "RowsInput":
        require_unique([f.id for f in self.fields], "row field")
        return self


PlayerInput = Annotated[
    CountInput | FlagInput | ChoiceInput | PositionInput | SequenceInput | RowsInput,
    Discriminator("kind"),
]


class OptionPlayers(Strict):
    """The player counts an option is tied to; setup and scoring refuse the others alike."""

    #: The option can be on only at these counts (the solo Automa: 1).
    only: list[int] = Field(default_factory=empty_list)
    #: The game is played at these counts only with the option on (Nile at 6: DeLuxor).
    required: list[int] = Field(default_factory=empty_list)


class Option(Strict):
    """An expansion, a variant or a reading of a contested rule, chosen for the whole game."""

    id: Identifier
    #: ``entry``: how the table enters the end state (from the score track), not a rule.
    category: Literal["expansion", "variant", "reading", "entry"]
    label: Text
    help: Text | None = None
    kind: Literal["flag", "choice"]
    choices: list[Choice] = Field(default_factory=empty_list)
    default: Identifier | bool
    #: Only meaningful when this holds (a reading of an expansion rule needs the expansion).
    when: Expr | None = None
    #: Player counts this (flag) option is tied to.
    players: OptionPlayers | None = None
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _choices_match_kind(self) -> "Option":
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
    """Something the whole table shares: a choice (the scoring tile drawn for a region) or
    a number (``kind: count``: a value printed on the board, a non-player's measure).

    A choice's options are either listed here or are the items of a ``component`` (each
    item's name is its label, its data its numbers and its ``when`` says when it is in the
    box). A count is a whole number from ``min`` (its default) to ``max``.
    """

    id: Identifier
    kind: Literal["choice", "count", "rows"] = "choice"
    label: Text
    help: Text | None = None
    group: Identifier | None = None
    choices: list[Choice] = Field(default_factory=empty_list)
    component: Identifier | None = None
    #: No two table inputs of this group may take the same choice (each tile exists once).
    distinct_within_group: bool = False
    min: int = 0
    max: int | None = None
    when: Expr | None = None
    #: A rows table input (``kind: rows``): the features the players share, each row
    #: entered once for the table: its own numbers (``fields``: a road's size) and one
    #: number per player for each of ``per_player`` (each player's followers on it).
    fields: list[RowField] = Field(default_factory=empty_list, max_length=MAX_ROW_FIELDS)
    per_player: list[RowField] = Field(default_factory=empty_list, max_length=MAX_ROW_FIELDS)
    max_rows: int | None = Field(default=None, ge=1, le=MAX_ROWS)

    @model_validator(mode="after")
    def _choices_or_component(self) -> "TableInput":
        rows = (self.fields, self.per_player, self.max_rows)
        if self.kind == "rows":
            if self.choices or self.component is not None or self.distinct_within_group:
                raise ValueError(
                    "a rows table input is a list of records: it has no choices, component "
                    "or distinct_within_group"
                )
            if self.max_rows is None or not self.per_player:
                raise ValueError("a rows table input gives max_rows and per_player fields")
            require_unique([f.id for f in (*self.fields, *self.per_player)], "row field")
            return self
        if any(rows[:2]) or self.max_rows is not None:
            raise ValueError("fields, per_player and max_rows belong to a rows table input")
        if self.kind == "count":
            if self.choices or self.component is not None or self.distinct_within_group:
                raise ValueError(
                    "a count table input is a number: it has no choices, component or "
                    "distinct_within_group"
                )
            if self.max is not None and self.max < self.min:
                raise ValueError(f"max ({self.max}) is below min ({self.min})")
        elif bool(self.choices) == (self.component is not None):
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
    #: When this holds (options, player count), the players win or lose as one team: every
    #: player is a winner when ``win_requires`` holds for all of them, none otherwise
    #: (co-operative play against River of Gold's Seishin).
    team: Expr | None = None
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


class RivalLabel(Strict):
    """What one of a rival's inputs is called in its own fieldset, where the player's label
    would say "you" ("Regions where Seishin owns a building", not "where you own")."""

    input: Identifier
    label: Text


class Rival(Strict):
    """A participant that is not a player: Tokaido's neutral traveller at two, Viticulture's
    Automa, River of Gold's Seishin.

    A rival has the ``inputs`` the table enters for it (player input ids; the end state
    gives them under ``rivals: {<id>: {...}}``) and ``fixed`` ones the rules set; every
    other input is empty for it. Its values are computed like a player's, it takes part in
    the cross-player mechanics that say ``rivals: true`` (taking places, never keeping their
    points), and the results show it beside the players. A ``ranked`` rival also takes a
    place in the final ranking, by the same keys; it wins only when ``can_win`` says the
    rules let it. A player's win against a rival is said with ``ranking.win_requires``.
    """

    id: Identifier
    label: Text
    #: Its name inside a sentence, with the article the language sets ("l’Automa"), when
    #: that differs from the label; the verdict against it says it (scorer.verdict).
    sentence_name: Text | None = None
    help: Text | None = None
    #: Present only when this holds (two players; the solo option).
    when: Expr | None = None
    inputs: list[Identifier] = Field(default_factory=empty_list)
    #: Its own labels for some of its ``inputs``, in the third person; the others keep
    #: the player's label.
    labels: list[RivalLabel] = Field(default_factory=empty_list)
    #: Inputs the rules set: a number, true/false, or an expression of the options, table
    #: inputs and player count (Seishin's Koku: 5 per level).
    fixed: dict[Identifier, int | bool | Expr] = Field(default_factory=dict)
    ranked: bool = False
    can_win: bool = False
    #: Keeps the points of the awards it takes part in, like a player (Seishin scores its
    #: regions); otherwise it only takes places (the neutral traveller at the Temple).
    keeps_points: bool = False

    @model_validator(mode="after")
    def _inputs_once(self) -> "Rival":
        both = sorted(set(self.inputs) & set(self.fixed))
        if both:
            raise ValueError(f"inputs both entered and fixed: {', '.join(both)}")
        require_unique(self.inputs, "rival input")
        labelled = [item.input for item in self.labels]
        require_unique(labelled, "rival label")
        stray = [ident for ident in labelled if ident not in self.inputs]
        if stray:
            raise ValueError(f"labels for inputs the rival is not given: {', '.join(stray)}")
        return self


#: How the calculator lays out a group of fields (Scoring.presentation).
GroupPresentation = Literal["rows", "chip_row", "number_row"]

#: The kind of field each compact presentation lays out side by side.
_COMPACT_KIND = {"chip_row": "flag", "number_row": "count"}


class Scoring(templates.Templated):
    """The whole end-of-game scoring of one game."""

    #: ``points``: players score points and the total ranks them.
    #: ``ranking_key``: no points; the first ranking key alone orders players (Nile).
    kind: Literal["points", "ranking_key"] = "points"
    inputs: list[PlayerInput] = Field(min_length=1)
    table: list[TableInput] = Field(default_factory=empty_list)
    options: list[Option] = Field(default_factory=empty_list)
    values: list[Value] = Field(min_length=1)
    categories: list[Category] = Field(min_length=1)
    ranking: Ranking
    constraints: list[Constraint] = Field(default_factory=empty_list)
    end_checks: list[EndCheck] = Field(default_factory=empty_list)
    rivals: list[Rival] = Field(default_factory=empty_list)
    groups: dict[Identifier, Text] = Field(default_factory=dict)
    #: How the calculator shows a group's fields: ``rows`` (one row a field, the default),
    #: ``chip_row`` (yes/no fields as one row of toggle chips under the group's name) or
    #: ``number_row`` (counts as one row of small boxes under the group's name, each under
    #: its chip text: one tap or Next key reaches the group instead of one per field).
    presentation: dict[Identifier, GroupPresentation] = Field(default_factory=dict)
    #: The "from the score track" entry mode (schemas.track): spelled out when read.
    score_track: ScoreTrack | None = None
    provenance: Provenance | None = None

    @classmethod
    def _prepared(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The score track's entry mode spelled out (schemas.track), once templates are."""
        return track.expand(data)

    def seats_by_order(self) -> bool:
        """Whether the order of the players in an end state is their seat order: some
        ``neighbours`` node reads the seats without a seat input."""
        from schemas.expressions import Neighbours, walk

        roots = [v.compute for v in self.values]
        return any(
            isinstance(node, Neighbours) and node.neighbours.seat is None
            for root in roots
            for node in walk(root)
        )

    @model_validator(mode="after")
    def _unique_ids(self) -> "Scoring":
        seen: dict[str, str] = {}
        names = (
            [("input", i.id) for i in self.inputs]
            + [("table input", t.id) for t in self.table]
            + [("option", o.id) for o in self.options]
            + [("value", v.id) for v in self.values]
            + [("category", c.id) for c in self.categories]
            + [("rival", r.id) for r in self.rivals]
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

    def _undeclared_groups(self) -> set[str]:
        """Groups named by inputs that `groups` lacks (refused by the reference check)."""
        return {i.group for i in self.inputs if i.group is not None} - set(self.groups)

    @model_validator(mode="after")
    def _chip_rows(self) -> "Scoring":
        """A chip row shows yes/no fields only, a number row counts only, each field with
        its chip's text."""
        for group, presentation in self.presentation.items():
            if group not in self.groups:
                raise ValueError(f"presentation names group {group!r}, which groups lacks")
            kind = _COMPACT_KIND.get(presentation)
            if kind is None:
                continue
            row = presentation.replace("_", " ")
            members = [i for i in self.inputs if i.group == group]
            if not members and not self._undeclared_groups():
                # With a misspelt group the row's inputs went astray: the misspelling is
                # the error, reported at its line with the closest name.
                raise ValueError(f"{row} {group!r} has no input")
            for spec in members:
                if spec.kind != kind or spec.chip is None:
                    raise ValueError(
                        f"input {spec.id!r} is in {row} {group!r}: it must be a {kind} "
                        "with a chip text"
                    )
        for spec in self.inputs:
            if (
                spec.chip is not None
                and spec.group not in self._undeclared_groups()
                and self.presentation.get(spec.group or "") not in _COMPACT_KIND
            ):
                raise ValueError(
                    f"input {spec.id!r} has a chip but its group is no chip row or number row"
                )
        return self
