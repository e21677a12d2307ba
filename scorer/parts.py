"""The parts a description in words is made of (scorer.describe): plain data, without the
content models, so a node's rule (scorer/nodes/) says its words without loading them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.words import MESSAGES

# ----------------------------------------------------------------------------------------
# The parts of a description
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Label:
    """A content text: ``context`` in the game's catalog, ``text`` its source."""

    context: str
    text: str


@dataclass(frozen=True)
class Count:
    """A count phrase of the ``ui`` catalog (``points``, ``players``) for ``number``."""

    key: str
    number: int


@dataclass(frozen=True)
class Raw:
    """Text that reads the same in every language (a signed offset, a symbol)."""

    text: str


@dataclass(frozen=True)
class Items:
    """Parts joined: by a symbol (``+``, ``−``, ``×``, ``/``, ``,``, a comparison) or by
    ``and``, ``or`` or ``;`` (clauses), which each language writes its own way.

    ``grouped`` puts the whole in parentheses (a sum inside a product).
    """

    parts: tuple[Part, ...]
    joiner: str
    grouped: bool = False


@dataclass(frozen=True)
class Phrase:
    """An interface message ``ui.<key>`` with its parameters filled by parts."""

    key: str
    params: tuple[tuple[str, Part], ...] = ()

    def get(self, name: str) -> Part | None:
        return dict(self.params).get(name)


Part = int | Label | Count | Raw | Items | Phrase
#: What the public API returns: a tree of parts whose root is usually a phrase.
Description = Part


def phrase(key: str, **params: Part) -> Phrase:
    """``Phrase(key, params)``; the key must be one of scorer.words."""
    if key not in _KNOWN:
        raise KeyError(f"no interface message {key!r} in scorer.words")
    return Phrase(key, tuple(params.items()))


def items(parts: Sequence[Part], joiner: str, grouped: bool = False) -> Part:
    """Parts joined, or the part itself when there is one."""
    if len(parts) == 1:
        return parts[0]
    return Items(tuple(parts), joiner, grouped)


_KNOWN = {m.key for m in MESSAGES}
