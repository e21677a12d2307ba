"""What is in the box: components with their printed counts and the limits they impose."""

from pydantic import Field, model_validator

from schemas.common import Identifier, Provenance, Strict, Text, empty_list, require_unique
from schemas.expressions import Expr
from schemas.templates import Templated

#: The most copies of one item a deck holds (the most today: 2). A setup deals from a list
#: of every copy: ``copies: 1000000000`` ran it out of memory.
MAX_COPIES = 1000


class Item(Strict):
    """One named card or tile of a deck, for random deals (a traveller, a Mama card)."""

    id: Identifier
    name: Text
    #: Printed facts about it (a traveller's starting coins, a scoring tile's awards).
    data: dict[Identifier, int | list[int]] = Field(default_factory=dict)
    #: How many copies the deck holds.
    copies: int = Field(default=1, ge=1, le=MAX_COPIES)
    #: In the deck only when this holds (items of an expansion).
    when: Expr | None = None


class Component(Strict):
    """A kind of component: a deck, a token, a tile, a board."""

    id: Identifier
    name: Text
    #: How many the box holds, over all players.
    count: int | None = Field(default=None, ge=0)
    #: The most one player may hold (a resource limit such as 25 koku).
    per_player_max: int | None = Field(default=None, ge=0)
    #: Printed values, when the component carries one (leaf cards 0 to 3).
    values: list[int] = Field(default_factory=empty_list)
    items: list[Item] = Field(default_factory=empty_list)
    #: In play only when this holds (an expansion's components).
    when: Expr | None = None
    note: Text | None = None
    provenance: Provenance | None = None

    @model_validator(mode="after")
    def _items_fit_count(self) -> "Component":
        ids = [i.id for i in self.items]
        require_unique(ids, "item")
        copies = sum(i.copies for i in self.items)
        if self.items and self.count is not None and copies != self.count:
            raise ValueError(f"items add up to {copies} copies but count says {self.count}")
        return self


class Components(Templated):
    components: list[Component] = Field(min_length=1)

    def by_id(self) -> dict[str, Component]:
        """Components keyed by id."""
        return {c.id: c for c in self.components}
