"""Single-field problems, driven by the end state's JSON Schema: the twin of fields.js.

The schema is the contract (schemas.endstate.end_state_schema, exported from the pydantic
model that documents the format): each keyword stands for one check, with one problem code
and its parameters (a type, a bound, a list's length, a name's length and characters).
site/assets/calculator/fields.js walks the same schema the same way, so both runtimes find
the same problems in the same order (tests/fuzz/test_fields_parity.py runs both on hostile
inputs). Nothing here names a game, and nothing imports pydantic: ``rulebook score``
checks fields with it from a cached export too. Every end state is walked, valid or not: there is no second,
quicker test to keep in step with the walk.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from schemas.names import ascii_edges, normalized
from scorer.problems import Loc, Problem, excerpt
from scorer.reading import TOO_LARGE

Schema = dict[str, Any]

#: The largest array index JavaScript orders first among an object's keys.
_LAST_INDEX = 2**32 - 2


def _is_index(key: str) -> bool:
    """Whether JavaScript treats ``key`` as an array index (listed first, in order)."""
    return (
        key.isdigit()
        and key.isascii()
        and (key == "0" or key[0] != "0")
        and (int(key) <= _LAST_INDEX)
    )


def js_keys(value: dict[str, Any]) -> list[str]:
    """An object's keys in the order JavaScript's Object.keys gives them."""
    # An index begins with a digit, so it sorts before ":" (a name does not): most objects
    # have no such key, and keep their order.
    indexes = [k for k in value if k < ":" and k[:1].isdigit() and _is_index(k)]
    if not indexes:
        return list(value)
    first = set(indexes)
    return sorted(indexes, key=int) + [k for k in value if k not in first]


def _same(a: Any, b: Any) -> bool:
    """JavaScript's ``===`` for JSON values (True is not 1)."""
    return type(a) is type(b) and a == b


@cache
def _trim(characters: str) -> re.Pattern[str]:
    return re.compile(f"\\A[{characters}]+|[{characters}]+\\Z")


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    # JavaScript's ``$`` (without the m flag) is the very end; Python's would also match
    # before a final line break.
    return re.compile(pattern[:-1] + "\\Z" if pattern.endswith("$") else pattern)


@cache
def _only(characters: str) -> re.Pattern[str]:
    """What matches a text made of ``characters`` alone (a class: the schema's
    ``x-invisible``)."""
    return re.compile(f"[{characters}]*")


@cache
def _ascii_trim(characters: str) -> str:
    return ascii_edges(_trim(characters))


def normalize(rule: dict[str, str], text: str) -> str:
    """A name as the schema's ``x-normalize`` says: trimmed, then in its Unicode form."""
    trim = rule["trim"]
    return normalized(text, rule["form"], _trim(trim), _ascii_trim(trim))


#: A lone surrogate: not text (pydantic's string_unicode).
_LONE = re.compile("[\ud800-\udfff]")


def field_problems(
    schema: Schema, value: Any, loc: Loc = (), root: Schema | None = None
) -> list[Problem]:
    """Every single-field problem of ``value`` against ``schema`` (as pydantic exports
    it), at ``loc``. ``root`` is the schema holding ``$defs`` (``schema`` itself by default)."""
    found: list[Problem] = []
    _Walk(root or schema, found).check(schema, value, loc)
    return found


class _Walk:
    """One walk of a value along a schema, collecting problems."""

    def __init__(self, root: Schema, found: list[Problem]) -> None:
        self.defs: dict[str, Schema] = root.get("$defs", {})
        self.found = found

    def add(self, loc: Loc, code: str, params: dict[str, Any] | None = None) -> None:
        self.found.append(Problem(loc, code, params or {}))

    def check(self, schema: Schema, value: Any, at: Loc) -> None:
        if "$ref" in schema:
            schema = self.defs[schema["$ref"].split("/")[-1]]
        if "anyOf" in schema:
            branches = schema["anyOf"]
            if value is None and any(b.get("type") == "null" for b in branches):
                return
            branch = next(b for b in branches if b.get("type") != "null")
            self.check(branch, value, at)
            return
        if "const" in schema or "enum" in schema:
            allowed = schema["enum"] if "enum" in schema else [schema["const"]]
            for choice in allowed:  # (a loop: no generator made for each field)
                if choice == value and _same(choice, value):
                    return
            if at == ("game",):
                self.add(at, "wrong_game", {"expected": schema.get("const")})
            else:
                self.add(at, "choice", {"allowed": allowed})
            return
        # The checks of a number and a flag are written here, as in fields.js: most of an
        # end state's fields are one or the other.
        kind = schema.get("type")
        if kind == "integer":
            if value is TOO_LARGE:
                self.add(at, "number_too_large")
            elif not isinstance(value, int) or isinstance(value, bool):
                self.add(at, "int_type")
            elif (least := schema.get("minimum")) is not None and value < least:
                self.add(at, "below_min", {"min": least})
            elif (most := schema.get("maximum")) is not None and value > most:
                self.add(at, "above_max", {"max": most})
        elif kind == "boolean":
            if not isinstance(value, bool):
                self.add(at, "bool_type")
        elif kind == "object":
            self.object(schema, value, at)
        elif kind == "array":
            if not isinstance(value, list):
                self.add(at, "list_type")
            elif schema.get("maxItems") is not None and len(value) > schema["maxItems"]:
                self.add(at, "too_long", {"count": schema["maxItems"]})  # items unchecked
            else:
                for index, item in enumerate(value):
                    self.check(schema["items"], item, (*at, index))
        elif kind == "string":
            self.string(schema, value, at)

    def object(self, schema: Schema, value: Any, at: Loc) -> None:
        if not isinstance(value, dict):
            self.add(at, "object_type")
            return
        properties: dict[str, Schema] = schema.get("properties", {})
        for key in js_keys(value):
            if key in properties:
                self.check(properties[key], value[key], (*at, key))
            elif schema.get("additionalProperties") is False:
                self.add((*at, excerpt(key)), "unknown_field")
        for key in schema.get("required", []):
            if key not in value:
                self.add((*at, key), "missing")

    def string(self, schema: Schema, value: Any, at: Loc) -> None:
        if not isinstance(value, str):
            self.add(at, "string_type")
        elif not value.isascii() and _LONE.search(value):  # a surrogate is never ASCII
            self.add(at, "name_control")
        else:
            self.text(schema, value, at)

    def text(self, schema: Schema, value: str, at: Loc) -> None:
        """A string's checks once it is known to be text: its length, its characters."""
        rule = schema.get("x-normalize")
        text = value if rule is None else normalize(rule, value)
        least, most = schema.get("minLength"), schema.get("maxLength")
        hidden = schema.get("x-invisible")
        if least is not None and len(text) < least:
            self.add(at, "name_empty")
        elif hidden is not None and _only(hidden).fullmatch(text):
            self.add(at, "name_empty")  # nothing of it shows: as good as empty
        elif most is not None and len(text) > most:
            self.add(at, "name_too_long", {"count": most})
        elif schema.get("pattern") is not None and not _pattern(schema["pattern"]).search(text):
            self.add(at, "name_control")
