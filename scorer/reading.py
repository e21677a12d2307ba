"""Reading an end-state file within bounds, before any of it is trusted.

A file is refused, with a problem and never a traceback, when it is larger than
:data:`MAX_BYTES`, not UTF-8, nested deeper than :data:`MAX_DEPTH` (checked on the text,
before the parser's recursion can be exhausted), not JSON, or when an object names the
same key twice (JSON parsers keep one of the values without a word: which one the writer
meant is not known). An integer too large for the browser's numbers (a 5,001-digit count)
is kept as :data:`TOO_LARGE`, which the field check reports at its field.
site/assets/calculator/fields.js reads files the same way.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from scorer.problems import EndStateError, Problem

#: The largest end-state file, in bytes: a six-player table is a few kilobytes.
MAX_BYTES = 1_000_000
#: The deepest nesting of arrays and objects: an end state needs four (the state, its
#: players, a player, a pile).
MAX_DEPTH = 16

#: Strings (skipped) and brackets, for the depth count. A string without its closing quote
#: runs to the end of the text: the match never fails, so a failed match is never tried
#: again from each quote inside it (a megabyte of \" would then take minutes). The text is
#: not JSON anyway; the parser says where.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


class _TooLarge:
    """An integer no double can hold (JavaScript reads it as Infinity). One instance."""

    def __repr__(self) -> str:
        return "a number too large"

    def __copy__(self) -> _TooLarge:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _TooLarge:
        return self


#: Stands for an integer too large to be any count.
TOO_LARGE: Any = _TooLarge()


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (0 for a bare value)."""
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def _integer(text: str) -> Any:
    # Python would refuse more than 4,300 digits with a ValueError; the browser reads
    # anything beyond a double as Infinity. Both become TOO_LARGE.
    if len(text) > 300 and math.isinf(float(text)):
        return TOO_LARGE
    return int(text)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # NaN and Infinity: Python's extension


class _Repeated(dict[str, Any]):
    """A JSON object that named keys more than once, with those keys (for the problem)."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        seen: set[str] = set()
        self.repeated: list[str] = []
        for key, _ in pairs:
            if key in seen and key not in self.repeated:
                self.repeated.append(key)
            seen.add(key)


def repeated_keys(data: Any, loc: tuple[str | int, ...] = ()) -> list[Problem]:
    """A ``duplicate_key`` problem at each key an object of ``data`` names twice."""
    found: list[Problem] = []
    if isinstance(data, _Repeated):
        found.extend(Problem((*loc, key), "duplicate_key") for key in data.repeated)
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(repeated_keys(value, (*loc, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(repeated_keys(value, (*loc, index)))
    return found


def read_end_state(data: bytes) -> Any:
    """The parsed JSON of an end-state file; raise EndStateError when it cannot be read."""
    if len(data) > MAX_BYTES:
        raise EndStateError([Problem((), "file_too_large", {"max": MAX_BYTES})])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise EndStateError([Problem((), "not_utf8")]) from None
    if nesting_depth(text) > MAX_DEPTH:
        raise EndStateError([Problem((), "too_deep", {"max": MAX_DEPTH})])
    repeats: list[_Repeated] = []

    def make_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        made = dict(pairs)
        if len(made) == len(pairs):
            return made
        repeats.append(_Repeated(pairs))
        return repeats[-1]

    try:
        parsed = json.loads(
            text, parse_int=_integer, parse_constant=_constant, object_pairs_hook=make_object
        )
    except json.JSONDecodeError as error:
        raise EndStateError(
            [Problem((), "not_json", {"line": error.lineno, "column": error.colno})]
        ) from None
    except ValueError:
        raise EndStateError([Problem((), "not_json", {})]) from None
    if repeats:  # the walk, only then; its depth is at most MAX_DEPTH
        raise EndStateError(repeated_keys(parsed))
    return parsed
