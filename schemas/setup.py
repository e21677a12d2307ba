"""Setting a game up, as data: checklist steps, numbers by player count, random deals."""

import re
from typing import Literal

from pydantic import Field, model_validator

from schemas.common import Identifier, Provenance, Strict, Text, empty_list, require_unique
from schemas.diagrams import Diagram, StepNumber
from schemas.expressions import Expr
from schemas.templates import Templated


class Deal(Strict):
    """A random draw from a component's items, reproducible from the setup's seed."""

    component: Identifier
    #: Cards dealt to each player.
    per_player: Expr | None = None
    #: Cards drawn for the table.
    to_table: Expr | None = None
    #: Labels the table's cards are laid on, in draw order (one tile per region).
    slots: list[Text] = Field(default_factory=empty_list)

    @model_validator(mode="after")
    def _one_target(self) -> "Deal":
        if (self.per_player is None) == (self.to_table is None):
            raise ValueError("a deal goes either per_player or to_table, not both or neither")
        if self.slots and self.to_table is None:
            raise ValueError("slots only make sense for a deal to the table")
        return self


#: CLDR plural categories a source text may give a form for, besides ``other`` (``text``).
PluralCategory = Literal["zero", "one", "two", "few", "many"]

_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


class SetupStep(Strict):
    """One line of the setup checklist.

    ``text`` may name the step's ``values`` in braces (``Draw {meals} meal cards``); each
    value is computed for the table's player count and options, so one step covers every
    player count and the site can show the numbers as a table.

    A text that names a value is a count phrase: its words agree with one number, ``count``
    (by default the first value it names). ``text`` is the form for most numbers (CLDR
    ``other``); ``forms`` gives the source language's other forms (French ``one``, for 0
    and 1: ``retirez {removed} culture``). Translations have one form per plural category
    of their language, and the reader sees the one the number needs.
    """

    id: Identifier
    text: Text
    #: The step's words once the generator has drawn what ``text`` says to draw at random
    #: (the deal is listed under it): "give each player the tiles below", never "at random".
    #: No placeholders: it stands beside the drawn items, not beside a number.
    decided_text: Text | None = None
    count: Identifier | None = None
    forms: dict[PluralCategory, Text] | None = None
    values: dict[Identifier, Expr] = Field(default_factory=dict)
    #: Numbers given to each seat in turn order, the first player first (starting koku).
    per_seat: list[int] | None = None
    deal: Deal | None = None
    when: Expr | None = None
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _count_is_a_value(self) -> "SetupStep":
        if self.count is not None and self.count not in self.values:
            raise ValueError(f"count {self.count!r} is not one of the step's values")
        if self.forms and self.count_value() is None:
            raise ValueError("forms need a count: the text names none of the step's values")
        if self.decided_text is not None and _PLACEHOLDER.search(self.decided_text):
            raise ValueError("decided_text names no value: it stands beside the drawn items")
        return self

    def count_value(self) -> str | None:
        """The value whose number chooses the text's form, if the text names a value."""
        if self.count is not None:
            return self.count
        named = [name for name in _PLACEHOLDER.findall(self.text) if name in self.values]
        return named[0] if named else None


class Setup(Templated):
    """The whole setup of a game, for every legal player count."""

    steps: list[SetupStep] = Field(min_length=1)
    #: How the first player is chosen. ``random`` is drawn from the seed.
    first_player: Literal["random"] = "random"
    #: Whether the table has a first player at all (false: solo); default always.
    first_player_when: Expr | None = None
    #: How the generator shows the order it drew: ``clockwise`` (turn order from the first
    #: player), ``line_up`` (a line of pawns, the first to leave first: no turn order,
    #: whoever is last on the track moves) or ``first_only`` (only the first player: the
    #: order of play is decided in the game, as on a wake-up chart).
    order: Literal["clockwise", "line_up", "first_only"] = "clockwise"
    #: How the first player is chosen, on the setup page (before anything is drawn).
    first_player_text: Text | None = None
    #: What the table does with the first player once the generator has named them.
    decided_first_player_text: Text | None = None
    #: Pictures of the setup, drawn from this content (schemas/diagrams.py).
    diagrams: list[Diagram] = Field(default_factory=empty_list)
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _unique_steps(self) -> "Setup":
        ids = [s.id for s in self.steps]
        require_unique(ids, "setup step")
        require_unique([d.id for d in self.diagrams], "setup diagram")
        by_id = {s.id: s for s in self.steps}
        for diagram in self.diagrams:
            for number in _numbers(diagram):
                for step_id in number.steps:
                    step = by_id.get(step_id)
                    if step is None:
                        raise ValueError(f"diagram {diagram.id!r} reads unknown step {step_id!r}")
                    if number.value is None and step.deal is None:
                        raise ValueError(
                            f"diagram {diagram.id!r}: step {step_id!r} deals nothing to count"
                        )
                    if number.value is not None and number.value not in step.values:
                        raise ValueError(
                            f"diagram {diagram.id!r}: step {step_id!r} has no value "
                            f"{number.value!r}"
                        )
            doubles = getattr(diagram, "doubles_step", None)
            if doubles is not None and doubles not in by_id:
                raise ValueError(f"diagram {diagram.id!r}: doubles_step {doubles!r} is no step")
            drawn = getattr(diagram, "drawn_out", None)
            if drawn is not None and (by_id.get(drawn) is None or by_id[drawn].deal is None):
                raise ValueError(f"diagram {diagram.id!r}: drawn_out {drawn!r} is no dealing step")
            pawns = getattr(diagram, "pawns", None)
            for step_id in pawns.seat_steps if pawns is not None else ():
                if by_id.get(step_id) is None or by_id[step_id].per_seat is None:
                    raise ValueError(
                        f"diagram {diagram.id!r}: step {step_id!r} gives no number per seat"
                    )
        return self


def _numbers(diagram: Diagram) -> list[StepNumber]:
    """The checklist numbers a diagram reads."""
    found: list[object] = []
    pawns = getattr(diagram, "pawns", None)
    if pawns is not None:
        found += [pawns.count, pawns.extra]
    for name in ("total", "in_play", "each", "cards"):
        found.append(getattr(diagram, name, None))
    found += [row.fill for row in getattr(diagram, "rows", [])]
    found += [zone.value for zone in getattr(diagram, "zones", [])]
    return [n for n in found if isinstance(n, StepNumber)]
