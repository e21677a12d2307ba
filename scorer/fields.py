"""Single-field problems: what the end state's pydantic model finds, as problem codes.

The model (schemas.endstate) checks each field on its own: its type, its limits from the
components, a name's length and characters. Each pydantic error becomes one Problem at the
same location, with the limit it broke. The browser runtime reaches the same problems from
the model's exported JSON Schema (validate.js), so the two never drift apart.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from schemas.endstate import PLAYER_NAME
from schemas.game import GameContent
from schemas.scoring import ChoiceInput
from scorer.problems import Loc, Problem, excerpt
from scorer.reading import TOO_LARGE

#: pydantic's error types, as problem codes.
_CODES: dict[str, str] = {
    "missing": "missing",
    "extra_forbidden": "unknown_field",
    "model_type": "object_type",
    "model_attributes_type": "object_type",
    "dict_type": "object_type",
    "list_type": "list_type",
    "int_type": "int_type",
    "bool_type": "bool_type",
    "string_type": "string_type",
    "literal_error": "choice",
    "greater_than_equal": "below_min",
    "less_than_equal": "above_max",
    "too_long": "too_long",
    "string_too_short": "name_empty",
    "string_too_long": "name_too_long",
    "string_pattern_mismatch": "name_control",
    "string_unicode": "name_control",
}

_NAME: TypeAdapter[str] = TypeAdapter(PLAYER_NAME)


def allowed_choices(content: GameContent, loc: Loc) -> list[str]:
    """The ids a choice field at ``loc`` accepts."""
    if loc == ("game",):
        return [content.id]
    if len(loc) == 2 and loc[0] == "options":
        option = next((o for o in content.scoring.options if o.id == loc[1]), None)
        return [c.id for c in option.choices] if option else []
    if len(loc) == 2 and loc[0] == "table":
        shared = next((t for t in content.scoring.table if t.id == loc[1]), None)
        return [c.id for c in content.table_choices(shared)] if shared else []
    if len(loc) == 3 and loc[0] == "players":
        spec = next((i for i in content.scoring.inputs if i.id == loc[2]), None)
        return [c.id for c in spec.choices] if isinstance(spec, ChoiceInput) else []
    return []


def field_problem(content: GameContent, item: ErrorDetails) -> Problem:
    """One pydantic error of an end state (or a setup request) as a Problem."""
    loc: Loc = tuple(item["loc"])
    kind = item["type"]
    ctx: dict[str, Any] = dict(item.get("ctx") or {})
    code = _CODES.get(kind, "int_type" if kind.startswith("int") else "string_type")
    params: dict[str, Any] = {}
    if kind == "extra_forbidden":
        # The key is the reader's own text, of any length: echo only an excerpt.
        loc = (*loc[:-1], excerpt(str(loc[-1])))
    elif code == "int_type" and item.get("input") is TOO_LARGE:
        code = "number_too_large"
    elif code == "choice" and loc == ("game",):
        code, params = "wrong_game", {"expected": content.id}
    elif code == "choice":
        params = {"allowed": allowed_choices(content, loc)}
    elif code == "below_min":
        params = {"min": ctx["ge"]}
    elif code == "above_max":
        params = {"max": ctx["le"]}
    elif code in ("too_long", "name_too_long"):
        params = {"count": ctx["max_length"]}
    return Problem(loc, code, params)


def field_problems(content: GameContent, error: ValidationError) -> list[Problem]:
    """Every pydantic error of ``error``."""
    return [field_problem(content, item) for item in error.errors(include_url=False)]


def check_name(content: GameContent, value: Any, loc: Loc) -> tuple[str | None, list[Problem]]:
    """A player's name normalized, or None with what is wrong with it (for setup requests)."""
    try:
        return _NAME.validate_python(value), []
    except ValidationError as error:
        return None, [
            field_problem(content, {**item, "loc": (*loc, *item["loc"])})
            for item in error.errors(include_url=False)
        ]
