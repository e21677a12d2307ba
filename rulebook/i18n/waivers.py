"""Waivers: a translator excusing one entry from a check, and a waiver that excuses nothing.

A translator waives a check for one entry with a translator comment, which every PO editor
can write (Poedit cannot set flags)::

    # rulebook: ignore-same, ignore-glossary (here "tour" is a round, not a turn)

or with the flag of the same name (``#, ignore-same``). Only the checks of :data:`WAIVABLE`
can be waived.

A waiver must excuse something: once the source or the translation changes so that the check
it names finds nothing in the entry, it would silently excuse the next real problem there, so
the check reports it (:func:`idle`) and the translator removes it. A flag Weblate's own checks
read too (:data:`WEBLATE_FLAGS`) is left alone: it may excuse something there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from babel.messages.catalog import Message

#: Checks a translator may waive for one entry.
WAIVABLE = frozenset(
    {
        "same",
        "glossary",
        "numbers",
        "whitespace",
        "doubled",
        "brackets",
        "emphasis",
        "typography",
        "language",
    }
)

#: The check a waiver excuses, where it is named otherwise (``ignore-same``: ``unchanged``).
_CHECK_OF = {"same": "unchanged"}

#: Waivers that are flags of Weblate's own checks too: ``#, ignore-same`` also turns off its
#: "Unchanged translation" check, which does not know the glossary's names kept as they are.
WEBLATE_FLAGS = frozenset({"same"})

_WAIVER_COMMENT = re.compile(r"^\s*rulebook:\s*(.+)$")


def _flagged(entry: Message) -> set[str]:
    return {flag[len("ignore-") :] for flag in entry.flags if flag.startswith("ignore-")}


def waivers(entry: Message) -> set[str]:
    """The checks waived for ``entry``: ``ignore-<check>`` flags and translator comments."""
    found = _flagged(entry)
    for comment in entry.user_comments:
        match = _WAIVER_COMMENT.match(comment)
        if match:
            for word in re.split(r"[,\s]+", match[1]):
                if word.startswith("ignore-"):
                    found.add(word[len("ignore-") :])
    return found & WAIVABLE


def check_of(waiver: str) -> str:
    """The name of the check ``waiver`` excuses, as a failure names it."""
    return _CHECK_OF.get(waiver, waiver)


def excused(check: str, waived: Iterable[str]) -> bool:
    """Whether a failure of ``check`` is excused by one of the ``waived`` checks."""
    return any(check_of(waiver) == check for waiver in waived)


def idle(entry: Message, found: Iterable[str]) -> list[str]:
    """The waivers of ``entry`` that excuse none of the failures its checks ``found`` (by
    check name), in order: each would only hide the next real problem of the entry.

    A flag of :data:`WEBLATE_FLAGS` is not counted: Weblate reads it for its own check.
    """
    found = set(found)
    weblate = _flagged(entry) & WEBLATE_FLAGS
    return sorted(w for w in waivers(entry) - weblate if check_of(w) not in found)
