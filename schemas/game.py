"""A game: its manifest, and everything its content folder holds, checked as a whole."""

from typing import Any

from pydantic import Field, model_validator

from schemas.cases import Cases
from schemas.common import Identifier, Language, LocalizedName, Source, Strict, Text, require_unique
from schemas.components import Components
from schemas.glossary import Glossary
from schemas.rules import Rules
from schemas.scoring import Choice, Scoring, TableInput
from schemas.setup import Setup


class Range(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> "Range":
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self

    def values(self) -> range:
        """Every whole number from min to max."""
        return range(self.min, self.max + 1)


#: The most players a game is declared for: three times the largest today (6). The site
#: makes a setup, a diagram and a calculator column per count, and a setup a name per
#: player: ``max: 1000000000`` ran the build out of memory.
MAX_PLAYERS = 20


class PlayerRange(Range):
    """The player counts a game is for."""

    min: int = Field(ge=1, le=MAX_PLAYERS)
    max: int = Field(ge=1, le=MAX_PLAYERS)


class Game(Strict):
    """The manifest in content/<game>/game.yaml."""

    id: Identifier
    names: LocalizedName
    players: PlayerRange
    minutes: Range
    source_language: Language
    designers: list[Text] = Field(min_length=1)
    publishers: list[Text] = Field(min_length=1)
    year: int = Field(ge=1900, le=2100)
    #: BoardGameGeek id, used to export plays to score-keeping apps.
    bgg_id: int | None = None
    summary: Text
    sources: list[Source] = Field(min_length=1)

    def name(self, language: str) -> str:
        """The game's name in ``language``; a language in progress that gives none reads
        the name in the source language."""
        return self.names.get(language, self.source_language)

    @model_validator(mode="after")
    def _unique_sources(self) -> "Game":
        ids = [s.id for s in self.sources]
        require_unique(ids, "source")
        return self


class GameContent(Strict):
    """Everything known about one game, after each file was validated on its own."""

    game: Game
    components: Components
    setup: Setup
    scoring: Scoring
    rules: Rules | None = None
    glossary: Glossary | None = None
    cases: Cases | None = None

    @property
    def id(self) -> str:
        return self.game.id

    def dump(self, *files: str) -> dict[str, Any]:
        """The named files' data as validated, as JSON data (aliases, no None), by file.

        Dumped by GameContent's own serializer, made with its validator when the game
        was loaded (schemas.loader.validate_files). A part dumped by its own class
        (``content.scoring.model_dump()``) would make that class's validator and
        serializer first, at a first ``rulebook score`` as dear as validating the file.
        """
        found: dict[str, Any] = self.model_dump(
            mode="json", by_alias=True, exclude_none=True, include=set(files)
        )
        return found

    def table_choices(self, spec: TableInput) -> list[Choice]:
        """The choices of a table input: listed, or built from its component's items."""
        if spec.component is None:
            return spec.choices
        items = self.components.by_id()[spec.component].items
        return [
            Choice(
                id=item.id,
                label=item.name,
                data={k: v if isinstance(v, list) else [v] for k, v in item.data.items()},
                when=item.when,
            )
            for item in items
        ]

    def option_defaults(self) -> dict[str, str | bool]:
        """Each option's default, keyed by option id."""
        return {o.id: o.default for o in self.scoring.options}


#: The files of a game folder, in the order they are read, with the model of each.
GAME_FILES: dict[str, type[Strict]] = {
    "game": Game,
    "components": Components,
    "setup": Setup,
    "scoring": Scoring,
    "rules": Rules,
    "glossary": Glossary,
    "cases": Cases,
}

#: Files a game folder must have; the others may come later.
REQUIRED_FILES: tuple[str, ...] = ("game", "components", "setup", "scoring")

__all__ = [
    "GAME_FILES",
    "MAX_PLAYERS",
    "REQUIRED_FILES",
    "Game",
    "GameContent",
    "Identifier",
    "PlayerRange",
    "Range",
]
