"""Setting a game up, as data: checklist steps, numbers by player count, random deals."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from schemas.common import Identifier, Provenance, Strict, Text, require_unique
from schemas.expressions import Expr


class Deal(Strict):
    """A random draw from a component's items, reproducible from the setup's seed."""

    component: Identifier
    #: Cards dealt to each player.
    per_player: Expr | None = None
    #: Cards drawn for the table.
    to_table: Expr | None = None
    #: Labels the table's cards are laid on, in draw order (one tile per region).
    slots: list[Text] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_target(self) -> Deal:
        if (self.per_player is None) == (self.to_table is None):
            raise ValueError("a deal goes either per_player or to_table, not both or neither")
        if self.slots and self.to_table is None:
            raise ValueError("slots only make sense for a deal to the table")
        return self


class SetupStep(Strict):
    """One line of the setup checklist.

    ``text`` may name the step's ``values`` in braces (``Draw {meals} meal cards``); each
    value is computed for the table's player count and options, so one step covers every
    player count and the site can show the numbers as a table.
    """

    id: Identifier
    text: Text
    values: dict[Identifier, Expr] = Field(default_factory=dict)
    #: Numbers given to each seat in turn order, the first player first (starting koku).
    per_seat: list[int] | None = None
    deal: Deal | None = None
    when: Expr | None = None
    provenance: Provenance | None = None


class Setup(Strict):
    """The whole setup of a game, for every legal player count."""

    steps: list[SetupStep] = Field(min_length=1)
    #: How the first player is chosen. ``random`` is drawn from the seed.
    first_player: Literal["random"] = "random"
    first_player_text: Text | None = None
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _unique_steps(self) -> Setup:
        ids = [s.id for s in self.steps]
        require_unique(ids, "setup step")
        return self
