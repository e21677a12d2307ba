"""The shape of an end-state file for one game, built from its declared inputs.

The model checks types and single-field limits (with limits taken from the components'
printed counts) and documents the format as a JSON Schema. Rules that span fields or
players (a pile that grows by one at most, one holder per card) are checked by the engine.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    StrictBool,
    StrictInt,
    StringConstraints,
    create_model,
)
from pydantic_core import PydanticCustomError

from schemas.common import empty_list
from schemas.game import GameContent
from schemas.names import (
    ECHO_LENGTH,
    NAME_INVISIBLE,
    NAME_MAX,
    NAME_REFUSED,
    NAME_TRIM,
    invisible,
    normalize_name,
)
from schemas.scoring import (
    ChoiceInput,
    CountInput,
    FlagInput,
    PlayerInput,
    PositionInput,
    RowsInput,
    SequenceInput,
    TableInput,
)


def _visible(name: str) -> str:
    """A name that shows something: one of zero-width spaces or Hangul fillers alone
    would print as nothing, like an empty one (scorer.fields: ``x-invisible``)."""
    if invisible(name):
        raise PydanticCustomError("name_empty", "a name needs at least one visible character")
    return name


PLAYER_NAME = Annotated[
    str,
    # The constraints come first so that they check the normalized text as a string.
    StringConstraints(min_length=1, max_length=NAME_MAX, pattern=f"^[^{NAME_REFUSED}]*$"),
    BeforeValidator(normalize_name),
    AfterValidator(_visible),
    Field(
        description="The player's name.",
        # How the name is normalized before the checks, and which characters show
        # nothing, for the field walks of both runtimes (scorer.fields, fields.js).
        json_schema_extra={
            "x-normalize": {"trim": NAME_TRIM, "form": "NFC"},
            "x-invisible": NAME_INVISIBLE,
        },
    ),
]


#: How a text a file or a player gave is echoed in a problem (an unknown key, a player's
#: name), for both runtimes: the schemas carry it as ``x-echo`` (scorer.problems.excerpt
#: reads the same constants).
ECHO: dict[str, JsonValue] = {"refused": NAME_REFUSED, "length": ECHO_LENGTH}


def count_limits(content: GameContent, spec: CountInput) -> tuple[int, int | None, int | None]:
    """(least, most for one player, most for all players together) for a count input."""
    component = content.components.by_id().get(spec.component) if spec.component else None
    most = spec.max
    table_most = spec.table_max
    if component is not None:
        for limit in (component.per_player_max, component.count):
            if limit is not None:
                most = limit if most is None else min(most, limit)
        if component.count is not None:
            table_most = component.count if table_most is None else min(table_most, component.count)
    return spec.min, most, table_most


def _field(content: GameContent, spec: PlayerInput) -> tuple[Any, Any]:
    description = spec.label if spec.help is None else f"{spec.label}. {spec.help}"
    if isinstance(spec, CountInput):
        least, most, _ = count_limits(content, spec)
        default = 0 if least <= 0 and (most is None or most >= 0) else least
        return StrictInt, Field(default, ge=least, le=most, description=description)
    if isinstance(spec, FlagInput):
        return StrictBool, Field(False, description=description)
    if isinstance(spec, ChoiceInput):
        choices = Literal[tuple(c.id for c in spec.choices)]  # type: ignore[valid-type]
        return choices | None, Field(spec.default, description=description)
    if isinstance(spec, PositionInput):
        return StrictInt | None, Field(
            None, ge=1, le=content.game.players.max, description=description
        )
    if isinstance(spec, RowsInput):
        return list[_row_model(content, spec)], Field(  # type: ignore[misc]
            default_factory=empty_list, max_length=spec.max_rows, description=description
        )
    assert isinstance(spec, SequenceInput)
    item = Annotated[StrictInt, Field(ge=spec.item_min, le=spec.item_max)]
    return list[item], Field(
        default_factory=empty_list, max_length=spec.max_length, description=description
    )


def _row_model(content: GameContent, spec: RowsInput) -> type[BaseModel]:
    """One row of a rows input: every number given (but those with a default), each within
    its field's bounds, so a problem names its place (``players[1].roads[3].size``)."""
    fields: dict[str, Any] = {
        row_field.id: (
            StrictInt,
            Field(
                ... if row_field.default is None else row_field.default,
                ge=row_field.min,
                le=row_field.max,
                description=row_field.label
                if row_field.help is None
                else f"{row_field.label}. {row_field.help}",
            ),
        )
        for row_field in spec.fields
    }
    name = _model_name(content, "Row" + spec.id.title().replace("_", ""))
    return create_model(name, __config__=ConfigDict(extra="forbid"), **fields)


def _table_rows_field(content: GameContent, spec: TableInput) -> tuple[Any, Any]:
    """A rows table input: a list of records, each with its own numbers and, for each
    per-player field, a list of one number per player (its length is checked against the
    player count with the other cross-field checks)."""
    fields: dict[str, Any] = {}
    for row_field in spec.fields:
        fields[row_field.id] = (
            StrictInt,
            Field(
                ... if row_field.default is None else row_field.default,
                ge=row_field.min,
                le=row_field.max,
                description=row_field.label,
            ),
        )
    for row_field in spec.per_player:
        number = Annotated[StrictInt, Field(ge=row_field.min, le=row_field.max)]
        fields[row_field.id] = (
            list[number],
            Field(..., max_length=content.game.players.max, description=row_field.label),
        )
    name = _model_name(content, "TableRow" + spec.id.title().replace("_", ""))
    row = create_model(name, __config__=ConfigDict(extra="forbid"), **fields)
    return list[row], Field(
        default_factory=empty_list, max_length=spec.max_rows, description=spec.label
    )


def _model_name(content: GameContent, suffix: str) -> str:
    return "".join(part.capitalize() for part in content.id.split("_")) + suffix


def end_state_model(content: GameContent) -> type[BaseModel]:
    """The pydantic model of an end-state file for ``content``'s game."""
    config = ConfigDict(extra="forbid")
    player_fields: dict[str, Any] = {"name": (PLAYER_NAME, ...)}
    for spec in content.scoring.inputs:
        player_fields[spec.id] = _field(content, spec)
    player = create_model(_model_name(content, "Player"), __config__=config, **player_fields)

    option_fields: dict[str, Any] = {}
    for option in content.scoring.options:
        if option.kind == "flag":
            option_fields[option.id] = (StrictBool, Field(option.default, description=option.label))
        else:
            kind = Literal[tuple(c.id for c in option.choices)]  # type: ignore[valid-type]
            option_fields[option.id] = (kind, Field(option.default, description=option.label))
    options = create_model(_model_name(content, "Options"), __config__=config, **option_fields)

    table_fields: dict[str, Any] = {}
    for table_input in content.scoring.table:
        if table_input.kind == "count":
            number = Annotated[StrictInt, Field(ge=table_input.min, le=table_input.max)]
            table_fields[table_input.id] = (
                number | None,
                Field(None, description=table_input.label),
            )
            continue
        if table_input.kind == "rows":
            table_fields[table_input.id] = _table_rows_field(content, table_input)
            continue
        kind = Literal[tuple(c.id for c in content.table_choices(table_input))]
        table_fields[table_input.id] = (kind | None, Field(None, description=table_input.label))
    table = create_model(_model_name(content, "Table"), __config__=config, **table_fields)
    extra: dict[str, Any] = {}
    if content.scoring.rivals:
        extra["rivals"] = _rivals_model(content, config)

    players = content.game.players
    return create_model(
        _model_name(content, "EndState"),
        __config__=ConfigDict(
            extra="forbid",
            title=f"End state: {content.game.names.en}",
            # How a key the schema does not know is echoed in its problem, for the field
            # walks of both runtimes (scorer.problems.excerpt, fields.js).
            json_schema_extra={"x-echo": ECHO},
        ),
        __doc__=f"What the players of {content.game.names.en} count on the table at the end.",
        game=(Literal[content.id], Field(description="The game's id.")),  # type: ignore[arg-type]
        options=(options, Field(default_factory=options)),
        table=(table, Field(default_factory=table)),
        players=(list[player], Field(min_length=players.min, max_length=players.max)),
        **extra,
    )


def _rivals_model(content: GameContent, config: ConfigDict) -> tuple[Any, Any]:
    """``rivals: {<id>: {<input>: value}}``: what the table counts for each rival."""
    inputs = {spec.id: spec for spec in content.scoring.inputs}
    fields: dict[str, Any] = {}
    for rival in content.scoring.rivals:
        own: dict[str, Any] = {i: _field(content, inputs[i]) for i in rival.inputs if i in inputs}
        name = _model_name(content, "Rival" + rival.id.title().replace("_", ""))
        model = create_model(name, __config__=config, **own)
        fields[rival.id] = (model | None, Field(None, description=rival.label))
    rivals = create_model(_model_name(content, "Rivals"), __config__=config, **fields)
    return rivals, Field(default_factory=rivals, description="What the table counts for rivals.")


def _runtime(schema: Any) -> Any:
    """A JSON Schema without its documentation (titles, descriptions, defaults)."""
    if isinstance(schema, dict):
        return {
            key: _runtime(value)
            for key, value in schema.items()
            if key not in ("title", "description", "default")
        }
    if isinstance(schema, list):
        return [_runtime(item) for item in schema]
    return schema


def end_state_schema(content: GameContent) -> dict[str, Any]:
    """The end state's JSON Schema as the browser runtime checks fields with it."""
    schema: dict[str, Any] = _runtime(end_state_model(content).model_json_schema())
    return schema


@cache
def player_name_schema() -> dict[str, Any]:
    """The JSON Schema of a player's name (the setup generator checks names with it).

    Made once (a pydantic TypeAdapter per setup cost more than the setup): read it, never
    change it."""
    from pydantic import TypeAdapter

    schema: dict[str, Any] = _runtime(TypeAdapter(PLAYER_NAME).json_schema())
    # A name is echoed in the problems that name its player (a setup's, a table's).
    schema["x-echo"] = ECHO
    return schema
