"""What a player's name may be, and how it is normalized: plain data, no models.

schemas.endstate builds the name field of the end-state model from these; the problem
model (scorer.problems) and the field checker (scorer.fields) read them without
importing pydantic, so a cached scoring program can use them too.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

#: The longest name, in characters (code points), once normalized.
NAME_MAX = 40
#: White space trimmed from both ends of a name before it is checked (the same set in
#: the browser: JavaScript's trim() and Python's strip() do not agree on it).
NAME_TRIM = (
    "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
)
#: Characters a name may not hold: control characters (C0, DEL, C1), the Arabic letter
#: mark, the left-to-right and right-to-left marks, line and paragraph separators, and
#: the bidirectional embeddings, overrides and isolates, which reorder the text around
#: them. (Lone surrogates are refused too: they are not text.)
NAME_REFUSED = "\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069"
#: At most this many characters of what a file gave are echoed in a problem (an unknown
#: key), each refused character written as \uXXXX.
ECHO_LENGTH = 32
#: Characters that show nothing: white space, zero-width and joining characters, the
#: soft hyphen, Hangul and braille fillers, variation selectors and tags. A name needs at
#: least one character outside this set (a name of a zero-width space alone would print
#: as nothing). Characters past U+FFFF are written as themselves, not escaped: the two
#: runtimes' escapes for them differ, and both read the literal character.
NAME_INVISIBLE = (
    NAME_TRIM
    + "\\u00ad\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200d"
    + "\\u2060-\\u2064\\u206a-\\u206f\\u2800\\u3164\\ufe00-\\ufe0f\\uffa0"
    + "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef"
)
_EDGES = re.compile(f"\\A[{NAME_TRIM}]+|[{NAME_TRIM}]+\\Z")
_INVISIBLE = re.compile(f"[{NAME_INVISIBLE}]*")


def invisible(text: str) -> bool:
    """Whether ``text`` shows nothing: no character of it is outside
    :data:`NAME_INVISIBLE` (empty text shows nothing too)."""
    return _INVISIBLE.fullmatch(text) is not None


def ascii_edges(edges: re.Pattern[str]) -> str:
    """The ASCII characters ``edges`` (a trimming expression) trims, as one string."""
    return "".join(c for c in map(chr, range(128)) if edges.fullmatch(c))


_ASCII_TRIM = ascii_edges(_EDGES)


def normalized(text: str, form: Any, edges: re.Pattern[str], ascii_trim: str) -> str:
    """``text`` trimmed (``edges`` removes what is trimmed at either end), then in the
    Unicode normal ``form``.

    ASCII text, most names, is trimmed of ``ascii_trim`` (the ASCII characters ``edges``
    trims, :func:`ascii_edges`) alone, without the expression: it is in every normal
    form already.
    """
    if text.isascii():
        return text.strip(ascii_trim)
    return unicodedata.normalize(form, edges.sub("", text))


def normalize_name(value: Any) -> Any:
    """A name as it is compared and shown: trimmed, then in Unicode NFC.

    "Ana " and "Ana", or an "é" typed as one character and as "e" plus an accent, are the
    same name. Anything that is not text is left for the type check to refuse.
    """
    if type(value) is str and value.isascii():  # most names: no call of normalized()
        return value.strip(_ASCII_TRIM)
    if not isinstance(value, str):
        return value
    return normalized(value, "NFC", _EDGES, _ASCII_TRIM)
