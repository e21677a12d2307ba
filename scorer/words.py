"""The interface messages scoring descriptions and verdicts are made of, and the reader of
the files that hold interface messages.

The English source of the scorer's messages is data, in scorer/words.json: the words of
:mod:`scorer.describe` (section ``describe``) and of :mod:`scorer.verdict` (``verdict``).
They join the ``ui`` catalog (rulebook/i18n/ui.py adds them to the interface strings of
rulebook/i18n/ui.json), so each is translated in locales/<lang>/LC_MESSAGES/ui.po under the
context ``ui.<key>``; the English text is the source and the fallback.

A message file is a JSON object of sections, each ``{"about": ..., "messages": {...}}``
with an optional ``note_prefix`` that begins every note of the section; each message is
``{"text": ..., "plural": ..., "note": ..., "count": ...}`` under its key. ``text`` and
``note`` (the translators' note) are required; ``plural`` makes a count phrase, chosen by
the placeholder ``count`` names (``{count}`` unless told). JSON, because the command reads
these files on every call and JSON is the format Python parses fastest. The reader is
strict: a malformed entry, a key given twice, a missing note or a plural whose
placeholders differ from the text's is a :class:`~schemas.file_reader.RefusedFile` naming
the file and line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from schemas.file_reader import RefusedFile

#: Where the scorer's messages are written.
WORDS_FILE = Path(__file__).with_name("words.json")

#: A message key, as the catalog contexts ``ui.<key>`` need it.
_KEY = re.compile(r"[a-z][a-z0-9_]*")
#: A placeholder in a message, as describe's and verdict's fill-ins find it.
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
#: The fields of a section and of a message, and those required.
_SECTION_FIELDS, _SECTION_REQUIRED = {"about", "note_prefix", "messages"}, {"about", "messages"}
_MESSAGE_FIELDS, _MESSAGE_REQUIRED = {"text", "plural", "note", "count"}, {"text", "note"}


class Message(NamedTuple):
    """One interface message: its key (the context ``ui.<key>``), English text,
    translators' note and, for a count phrase, its plural and the placeholder it is counted
    by (``counted``, the file's ``count``).
    A named tuple: the command builds hundreds of them on every call."""

    key: str
    text: str
    note: str
    plural: str | None = None
    counted: str = "count"


class _Problem(Exception):
    """A problem found while reading, at the ``occurrence``-th member named ``name`` (a
    section or a message); :func:`read_messages` turns it into a line of the file."""

    def __init__(self, name: str, message: str, occurrence: int = 1) -> None:
        super().__init__(message)
        self.name = name
        self.message = message
        self.occurrence = occurrence


class _Members(dict[str, Any]):
    """A JSON object's members, with the first name given twice (json keeps the last value
    silently); the reader refuses it where it knows the line."""

    twice: str | None = None


def _members(pairs: list[tuple[str, Any]]) -> _Members:
    found = _Members(pairs)
    if len(found) != len(pairs):
        names = [name for name, _ in pairs]
        found.twice = next(name for name in names if names.count(name) > 1)
    return found


def _once(found: _Members, name: str, what: str) -> None:
    """Fail when the object ``found`` (at member ``name``) has a field given twice."""
    if found.twice is not None:
        raise _Problem(name, f"{what}: the field {found.twice!r} is given twice")


def read_messages(
    path: Path, declared: Mapping[str, str] | None = None
) -> dict[str, tuple[Message, ...]]:
    """The messages of the file at ``path``, section by section, in the file's order.

    ``declared`` maps keys already taken to where (another message file): giving one of
    them again is an error too. Raise :class:`~schemas.file_reader.RefusedFile` on the
    first problem.
    """
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text, object_pairs_hook=_members)
        if not isinstance(data, _Members):  # every object of the file is one
            raise RefusedFile(path, "expected a JSON object of sections", 1)
        if data.twice is not None:
            raise _Problem(data.twice, f"section {data.twice!r} is given twice", 2)
        taken = {key: f" (also in {where})" for key, where in (declared or {}).items()}
        return {name: _section(name, section, taken) for name, section in data.items()}
    except json.JSONDecodeError as error:
        raise RefusedFile(path, f"not JSON: {error.msg}", error.lineno) from None
    except _Problem as problem:
        line = _line_of(text, problem.name, problem.occurrence)
        raise RefusedFile(path, problem.message, line) from None


def _section(name: str, section: Any, taken: dict[str, str]) -> tuple[Message, ...]:
    """The messages of one section; each key goes into ``taken``."""
    what = f"section {name!r}"
    if not isinstance(section, _Members):
        raise _Problem(name, f"{what}: expected a JSON object")
    _once(section, name, what)
    _fields(name, what, section, _SECTION_FIELDS, _SECTION_REQUIRED)
    prefix, found = section.get("note_prefix", ""), section["messages"]
    if not isinstance(found, _Members) or not isinstance(prefix, str):
        raise _Problem(name, f"{what}: messages is an object, note_prefix text")
    if found.twice is not None:
        taken[found.twice] = ""
    messages = []
    for key, entry in found.items():
        if key in taken:
            # Twice in this file: point at the second; else at the one here.
            occurrence = 2 if taken[key] == "" else 1
            raise _Problem(key, f"message {key!r} is given twice{taken[key]}", occurrence)
        taken[key] = ""
        messages.append(_message(key, entry, prefix))
    return tuple(messages)


def _message(key: str, entry: Any, prefix: str) -> Message:
    """The message ``key`` of ``entry``, checked."""
    what = f"message {key!r}"
    if not _KEY.fullmatch(key):
        raise _Problem(key, f"{what}: a key is lower-case letters, digits and _")
    if not isinstance(entry, _Members):
        raise _Problem(key, f"{what}: expected a JSON object")
    _once(entry, key, what)
    _fields(key, what, entry, _MESSAGE_FIELDS, _MESSAGE_REQUIRED)
    if not all(isinstance(value, str) for value in entry.values()):
        raise _Problem(key, f"{what}: every field is text")
    if not entry["text"] or not entry["note"].strip():
        raise _Problem(key, f"{what}: the text and the note may not be empty")
    plural = entry.get("plural")
    if plural is None and "count" in entry:
        raise _Problem(key, f"{what}: count names the counted placeholder of a plural")
    if plural is not None:
        alone = set(_PLACEHOLDER.findall(entry["text"])) ^ set(_PLACEHOLDER.findall(plural))
        if alone:
            named = ", ".join(f"{{{name}}}" for name in sorted(alone))
            raise _Problem(key, f"{what}: the text and the plural differ in placeholders: {named}")
    return Message(key, entry["text"], prefix + entry["note"], plural, entry.get("count", "count"))


def _fields(
    name: str, what: str, found: Mapping[str, Any], allowed: set[str], required: set[str]
) -> None:
    """Fail on a field of ``found`` outside ``allowed`` or a ``required`` one missing."""
    if required <= found.keys() <= allowed:
        return
    unknown = sorted(set(found) - allowed)
    missing = sorted(required - set(found))
    if unknown:
        expected = ", ".join(sorted(allowed))
        raise _Problem(name, f"{what}: unknown field {unknown[0]!r} (expected {expected})")
    if missing:
        raise _Problem(name, f"{what}: the field {missing[0]!r} is missing")


def _line_of(text: str, name: str, occurrence: int) -> int | None:
    """The line of the ``occurrence``-th member named ``name`` holding an object (a section
    or a message, not one of their fields) in the JSON ``text``."""
    found = list(re.finditer(rf'(?<!\\)"{re.escape(name)}"\s*:\s*\{{', text))
    if len(found) < occurrence:
        return None
    return text.count("\n", 0, found[occurrence - 1].start()) + 1


_SECTIONS = read_messages(WORDS_FILE)

#: The words of scoring descriptions (scorer.describe).
MESSAGES: tuple[Message, ...] = _SECTIONS["describe"]
#: The verdict's sentences against a rival (scorer.verdict).
VERDICT_MESSAGES: tuple[Message, ...] = _SECTIONS["verdict"]

#: Count phrases of the ``ui`` catalog the descriptions use (written in rulebook/i18n/ui.json;
#: repeated here only as the fallback when no catalog is at hand).
COUNT_KEYS: dict[str, Message] = {
    "points": Message("points", "{count} point", "", "{count} points"),
    "player_count_phrase": Message("player_count_phrase", "{count} player", "", "{count} players"),
}
