"""Pictures of a setup, as data: which general kind of diagram, and with what.

A diagram is drawn from the content, never from code that knows the game: its kind is one
of a few general shapes (a track of stops with a line of pawns, a grid of slots, a set of
families with counts, a mat with zones), and every number it shows is a number of the
setup checklist (:class:`StepNumber`), so the picture and the checklist cannot disagree.
Labels are translatable text like any other content.
"""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from schemas.common import Identifier, Provenance, Strict, Text, empty_list
from schemas.expressions import Expr


class StepNumber(Strict):
    """A number of the checklist: a value of a step, or how many items its deal draws.

    ``steps`` lists the steps that can say it at different tables (one per player count,
    say); the first one in play counts, and none in play gives 0. ``skip`` and ``most``
    cut one deal over several rows of slots: the first row takes the first ``most``
    items, the next skips them.
    """

    steps: list[Identifier] = Field(min_length=1)
    #: One of the step's values; none: the number of items its deal draws (per player
    #: for a deal to each player).
    value: Identifier | None = None
    skip: int = Field(default=0, ge=0)
    most: int | None = Field(default=None, ge=0)


#: A number a diagram shows: written in the content, or read from the checklist.
Count = Annotated[int, Field(ge=0, le=1000)] | StepNumber


class _Diagram(Strict):
    id: Identifier
    #: What the picture is of (its <title>).
    title: Text
    #: What the picture shows, in a sentence or two, for readers who do not see it (<desc>).
    desc: Text
    #: Tables the picture is for (default: every table).
    when: Expr | None = None
    provenance: Provenance | None = None


class Stop(Strict):
    """A named stop of a track, in travel order."""

    id: Identifier
    label: Text


class Pawns(Strict):
    """A line of pawns at the first stop, numbered in the order they leave."""

    count: Count
    #: Pawns nobody plays (a neutral traveller), after the others; ``extra_label`` names one.
    extra: Count = 0
    extra_label: Text | None = None
    #: Steps giving each seat a number (per_seat), first to leave first: the first in play
    #: is shown under the pawns, with ``seat_label`` saying what the numbers are.
    seat_steps: list[Identifier] = Field(default_factory=empty_list)
    seat_label: Text | None = None
    #: What the numbers on the pawns mean ("1 leaves first").
    legend: Text

    @model_validator(mode="after")
    def _labels(self) -> "Pawns":
        if self.seat_steps and self.seat_label is None:
            raise ValueError("seat_steps need a seat_label saying what the numbers are")
        return self


class Space(Strict):
    """One space of a leg between two stops: its kind, and whether it has a second place."""

    kind: Identifier
    double: bool = False


class SpaceKind(Strict):
    """A kind of space on the track, and the short mark drawn in each (two or three
    letters in the reader's language; the legend gives the whole name)."""

    id: Identifier
    label: Text
    mark: Text


class TrackDiagram(_Diagram):
    """Stops along a track (a road, a river), and the pawns lined up at its start.

    With ``legs``, the spaces between each stop and the next are drawn too, in travel order,
    each with its kind's mark; a double space shows its second place, in use at the tables
    where the setup step ``doubles_step`` applies (the checklist says which), else struck
    out.
    """

    kind: Literal["track"]
    stops: list[Stop] = Field(min_length=2)
    #: Tables that travel the track the other way (its last stop first).
    reverse_when: Expr | None = None
    pawns: Pawns | None = None
    legs: list[list[Space]] = Field(default_factory=empty_list)
    kinds: list[SpaceKind] = Field(default_factory=empty_list)
    doubles_step: Identifier | None = None
    #: Said before the legend of the kinds, and beside a second place in use or not.
    kinds_label: Text | None = None
    double_used_label: Text | None = None
    double_unused_label: Text | None = None

    @model_validator(mode="after")
    def _legs(self) -> "TrackDiagram":
        if not self.legs:
            return self
        if len(self.legs) != len(self.stops) - 1:
            raise ValueError(
                f"{len(self.legs)} legs for {len(self.stops)} stops: one leg between each "
                "stop and the next"
            )
        known = {k.id for k in self.kinds}
        for number, leg in enumerate(self.legs, start=1):
            for space in leg:
                if space.kind not in known:
                    raise ValueError(f"leg {number}: kind {space.kind!r} is not in kinds")
        if None in (self.kinds_label, self.double_used_label, self.double_unused_label):
            raise ValueError(
                "legs need kinds_label, double_used_label and double_unused_label (the legend)"
            )
        if any(s.double for leg in self.legs for s in leg) and self.doubles_step is None:
            raise ValueError("double spaces need doubles_step: the step that puts them in use")
        return self


class SlotRow(Strict):
    """Slots of one kind, in some of the grid's columns; ``fill`` of them are in use."""

    id: Identifier
    label: Text
    #: The columns (1 = the first) with one such slot, in the order they are filled.
    at: list[Annotated[int, Field(ge=1)]] = Field(min_length=1)
    #: How many are in use, the first ones of ``at``; default all.
    fill: Count | None = None


class SlotsDiagram(_Diagram):
    """A grid of places (regions) with slots of several kinds, some in use, some free."""

    kind: Literal["slots"]
    columns: list[Text] = Field(min_length=1)
    rows: list[SlotRow] = Field(min_length=1)
    #: The words beside a slot in use and a free one (not colour alone).
    used_label: Text
    free_label: Text

    @model_validator(mode="after")
    def _columns(self) -> "SlotsDiagram":
        for row in self.rows:
            if any(n > len(self.columns) for n in row.at):
                raise ValueError(f"row {row.label!r} names a column past {len(self.columns)}")
        return self


class FamiliesDiagram(_Diagram):
    """A set of families (suits, colours) of which some are in play, each with its cards."""

    kind: Literal["families"]
    #: All the families of the box, and those in play at this table.
    total: Count
    in_play: Count
    #: Cards of each family.
    each: Count
    in_play_label: Text
    out_label: Text
    #: Said before the number of cards in play in all.
    cards_label: Text
    cards: Count
    #: The setup step whose deal draws the families left in the box, one item of its
    #: component per family, in the component's order: the picture of a generated table
    #: names each family and shows the ones drawn as out.
    drawn_out: Identifier | None = None


class Zone(Strict):
    """A zone of a mat: its name, and a number or a note when it starts with something."""

    id: Identifier
    label: Text
    value: Count | None = None
    note: Text | None = None


class MatDiagram(_Diagram):
    """A board or a table laid out in zones, row by row."""

    kind: Literal["mat"]
    zones: list[Zone] = Field(default_factory=empty_list)
    #: A rules section whose table gives more zones, one per row: its first cell the
    #: number, its second the label (a chart the rules already lay out: never written twice).
    table_from: Identifier | None = None
    columns: int = Field(default=2, ge=1, le=4)

    @model_validator(mode="after")
    def _zones(self) -> "MatDiagram":
        if not self.zones and self.table_from is None:
            raise ValueError("a mat needs zones, or table_from naming a rules table")
        return self


Diagram = Annotated[
    TrackDiagram | SlotsDiagram | FamiliesDiagram | MatDiagram, Field(discriminator="kind")
]
