"""Single-field problems, driven by the end state's JSON Schema: the twin of fields.js.

The schema is the contract (schemas.endstate.end_state_schema, exported from the pydantic
model that documents the format): each keyword stands for one check, with one problem code
and its parameters (a type, a bound, a list's length, a name's length and characters).
site/assets/calculator/fields.js walks the same schema the same way, so both runtimes find
the same problems in the same order (tests/fuzz/test_fields_parity.py runs both on hostile
inputs). Nothing here names a game, and nothing imports pydantic: ``rulebook score``
checks fields with it from a cached export too. Python alone also has :func:`acceptor`, a quick test made once
from the schema that lets a valid state skip the walk (the browser checks one state per
keystroke and has no use for it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
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
    indexes = sorted((k for k in value if _is_index(k)), key=int)
    return indexes + [k for k in value if not _is_index(k)]


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


#: The ASCII characters that are not printable: the C0 controls and DEL.
_ASCII_UNPRINTABLE = frozenset(c for c in map(chr, range(128)) if not c.isprintable())


@cache
def _ascii_holds(pattern: str) -> Callable[[str], bool] | None:
    """A test that is True for ASCII text exactly when ``pattern`` finds it, without the
    regular expression, or None.

    A name's pattern (schemas.names) is one class of refused characters, the whole text
    made of the others (``^[^...]*$``): ASCII text matches when none of its characters is
    refused. When the ASCII characters it refuses, tried one by one, are the unprintable
    ones, ``str.isprintable`` tells the same in one C call, where a search costs more
    than the rest of the name's check.
    """
    if re.fullmatch(r"\^\[\^[^\]]*\]\*\$", pattern) is None:
        return None  # not one class for the whole text: the search tells
    compiled = _pattern(pattern)
    refused = {c for c in map(chr, range(128)) if compiled.search(c) is None}
    return str.isprintable if refused == _ASCII_UNPRINTABLE else None


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
            allowed = schema.get("enum", [schema.get("const")])
            if any(_same(a, value) for a in allowed):
                return
            if at == ("game",):
                self.add(at, "wrong_game", {"expected": schema.get("const")})
            else:
                self.add(at, "choice", {"allowed": allowed})
            return
        kind = schema.get("type")
        if kind == "object":
            self.object(schema, value, at)
        elif kind == "array":
            if not isinstance(value, list):
                self.add(at, "list_type")
            elif schema.get("maxItems") is not None and len(value) > schema["maxItems"]:
                self.add(at, "too_long", {"count": schema["maxItems"]})  # items unchecked
            else:
                for index, item in enumerate(value):
                    self.check(schema["items"], item, (*at, index))
        elif kind == "integer":
            self.integer(schema, value, at)
        elif kind == "boolean":
            if not isinstance(value, bool):
                self.add(at, "bool_type")
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

    def integer(self, schema: Schema, value: Any, at: Loc) -> None:
        if value is TOO_LARGE:
            self.add(at, "number_too_large")
        elif not isinstance(value, int) or isinstance(value, bool):
            self.add(at, "int_type")
        elif schema.get("minimum") is not None and value < schema["minimum"]:
            self.add(at, "below_min", {"min": schema["minimum"]})
        elif schema.get("maximum") is not None and value > schema["maximum"]:
            self.add(at, "above_max", {"max": schema["maximum"]})

    def string(self, schema: Schema, value: Any, at: Loc) -> None:
        found = _string_check(schema)(value)
        if found is not None:
            self.add(at, *found)


#: The problem (code, parameters) of a string value, or None.
StringCheck = Callable[[Any], tuple[str, dict[str, Any]] | None]


def _string_check(schema: Schema) -> StringCheck:
    """What finds the problem (code, parameters) of a string field's value, if it has
    one; the schema is read once, so the acceptor asks it of many values cheaply."""
    rule = schema.get("x-normalize")
    least, most = schema.get("minLength"), schema.get("maxLength")
    pattern = None if schema.get("pattern") is None else _pattern(schema["pattern"])
    if rule is not None:  # read once here, not for every value
        form, edges, ascii_trim = rule["form"], _trim(rule["trim"]), _ascii_trim(rule["trim"])

    def problem(value: Any) -> tuple[str, dict[str, Any]] | None:
        if not isinstance(value, str):
            return "string_type", {}
        if not value.isascii() and _LONE.search(value):  # a surrogate is never ASCII
            return "name_control", {}
        text = value if rule is None else normalized(value, form, edges, ascii_trim)
        if least is not None and len(text) < least:
            return "name_empty", {}
        if most is not None and len(text) > most:
            return "name_too_long", {"count": most}
        if pattern is not None and not pattern.search(text):
            return "name_control", {}
        return None

    return problem


# -- accepting a valid end state quickly -----------------------------------------------------

Accept = Callable[[Any], bool]


def acceptor(root: Schema) -> Accept:
    """A test that is True exactly when :func:`field_problems` would find nothing.

    Almost every end state a table sends is valid, and walking the schema keyword by
    keyword to find nothing costs more than scoring it; this test is made from the schema
    once, as closures that do only the comparisons. Any value it refuses is walked by
    :func:`field_problems`, so every problem is still worded by the walk (the browser has
    no such shortcut: one keystroke checks one state). tests/fuzz/test_fields_parity.py holds the two
    to the same verdict on every hostile input and every conformance case.
    """
    defs: dict[str, Schema] = root.get("$defs", {})
    made: dict[str, Accept] = {}
    building: set[str] = set()

    def ref(name: str) -> Accept:
        found = made.get(name)
        if found is not None:
            return found
        if name in building:  # a schema that refers to itself: found when it is used
            return lambda value: made[name](value)
        building.add(name)
        found = made[name] = build(defs[name])
        return found

    def build(schema: Schema) -> Accept:
        if "$ref" in schema:
            return ref(schema["$ref"].split("/")[-1])
        pairs = _choice_pairs(schema)
        if pairs is not None:
            return lambda v: type(v) in _SCALARS and (type(v), v) in pairs
        if "anyOf" in schema:
            branches = schema["anyOf"]
            nullable = any(b.get("type") == "null" for b in branches)
            branch = build(next(b for b in branches if b.get("type") != "null"))
            return (lambda v: v is None or branch(v)) if nullable else branch
        if "const" in schema or "enum" in schema:
            allowed = schema.get("enum", [schema.get("const")])
            return lambda v: any(_same(a, v) for a in allowed)
        kind = schema.get("type")
        if kind == "object":
            return _object_acceptor(schema, build)
        if kind == "array":
            item = build(schema["items"])
            most = schema.get("maxItems")
            return lambda v: (
                type(v) is list and (most is None or len(v) <= most) and all(map(item, v))
            )
        if kind == "integer":
            return _bounded(schema.get("minimum"), schema.get("maximum"))
        if kind == "boolean":
            return lambda v: type(v) is bool
        if kind == "string":
            return _string_acceptor(schema)
        return lambda v: True

    return build(root)


def _string_acceptor(schema: Schema) -> Accept:
    """A string field's test: :func:`_string_check`'s verdict, ASCII text (most names)
    tested inline, without the call of that check and of its normalizing."""
    problem = _string_check(schema)
    rule = schema.get("x-normalize")
    trim = None if rule is None else _ascii_trim(rule["trim"])
    least = schema.get("minLength")
    low = 0 if least is None else least
    high = math.inf if schema.get("maxLength") is None else schema["maxLength"]
    pattern = None if schema.get("pattern") is None else _pattern(schema["pattern"])
    holds = None if schema.get("pattern") is None else _ascii_holds(schema["pattern"])

    def accept(v: Any) -> bool:
        if type(v) is not str:
            return False
        if not v.isascii():  # a surrogate, a form to normalize: the whole check
            return problem(v) is None
        # ASCII text is in every normal form: trimmed of its ASCII edges, it is the text.
        text = v if trim is None else v.strip(trim)
        if not low <= len(text) <= high:
            return False
        if holds is not None:
            return holds(text)
        return pattern is None or pattern.search(text) is not None

    return accept


#: JSON values that can be looked up in a set (a list or an object cannot).
_SCALARS = frozenset({str, int, bool, type(None)})


def _choice_pairs(schema: Schema) -> frozenset[tuple[type, Any]] | None:
    """The (type, value) pairs a choice among scalars allows, null too when the field may
    be null (its ``anyOf``), as the walk reads them; None for any other field.

    A value is allowed when one of the same type equals it (JavaScript's ===), so one
    look-up of its pair tells, where a list of choices would be compared one by one.
    """
    nullable = False
    if "anyOf" in schema and "$ref" not in schema:
        branches = schema["anyOf"]
        nullable = any(b.get("type") == "null" for b in branches)
        schema = next(b for b in branches if b.get("type") != "null")
    if "$ref" in schema or "anyOf" in schema or not ("const" in schema or "enum" in schema):
        return None
    allowed = [*schema.get("enum", [schema.get("const")]), *([None] if nullable else [])]
    if not all(type(a) in _SCALARS for a in allowed):
        return None
    return frozenset((type(a), a) for a in allowed)


def _bounded(least: int | None, most: int | None) -> Accept:
    """An integer within its bounds (not a bool, nor the marker of a number too large)."""
    low = -math.inf if least is None else least
    high = math.inf if most is None else most
    return lambda v: type(v) is int and low <= v <= high


#: Keywords of a field schema that build() reads no further than its type and bounds.
_PLAIN = frozenset({"type", "minimum", "maximum", "title", "description", "default"})


def _object_acceptor(schema: Schema, build: Callable[[Schema], Accept]) -> Accept:
    declared: dict[str, Schema] = schema.get("properties", {})
    # One look-up per field given, of (kind, a, b): most fields of an end state are
    # bounded counts and flags, tested here without a call per field (the same tests as
    # _bounded and build's boolean), and so are choices among scalars (a traveller, a
    # reading of a rule: one look-up of the pair in ``a``). The others are called (``a``).
    table: dict[str, tuple[Any, Any, Any]] = {}
    for key, sub in declared.items():
        plain = sub.keys() <= _PLAIN
        pairs = _choice_pairs(sub)
        if plain and sub.get("type") == "integer":
            least, most = sub.get("minimum"), sub.get("maximum")
            low = -math.inf if least is None else least
            table[key] = (int, low, math.inf if most is None else most)
        elif plain and sub.get("type") == "boolean":
            table[key] = (bool, None, None)
        elif pairs is not None:
            table[key] = (_CHOICE, pairs, None)
        else:
            table[key] = (None, build(sub), None)
    closed = schema.get("additionalProperties") is False
    #: (a few keys each: tested one by one, where a set comparison with the dict's keys
    #: costs more than the usual one or two tests)
    required = tuple(schema.get("required", []))

    def accept(value: Any) -> bool:
        if type(value) is not dict:
            return False
        for key in required:
            if key not in value:
                return False
        for key, item in value.items():
            try:  # (free in Python 3.11 unless raised: a subscript, not a call of get)
                kind, a, b = table[key]
            except KeyError:
                if closed:
                    return False  # a field the object does not have (told here, not by a set)
                continue
            if kind is int:
                if type(item) is not int or not a <= item <= b:
                    return False
            elif kind is bool:
                if type(item) is not bool:
                    return False
            elif kind is _CHOICE:
                if type(item) not in _SCALARS or (type(item), item) not in a:
                    return False
            elif not a(item):
                return False
        return True

    return accept


#: The kind of a choice among scalars in an object acceptor's table.
_CHOICE = object()
