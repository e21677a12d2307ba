"""Every translatable text of a game, each with a stable gettext context built from ids.

A message's context (``msgctxt``) names where its text lives by ids only, never by list
positions, so reordering content never changes it::

    game.summary
    components.<component>.name / .note / .items.<item>.name / .provenance.decision
    setup.steps.<step>.text / .deal.slots.<n>         setup.first_player_text
    scoring.inputs.<input>.label / .help / .choices.<choice>.label
    scoring.table.<input>.label   scoring.options.<option>.label   scoring.values.<value>.note
    scoring.categories.<category>.label   scoring.ranking.<value>.label
    scoring.constraints.<id>.message   scoring.end_checks.<id>.message   scoring.groups.<group>
    rules.<section>.title / .body / .steps.<n> / .table.header.<n> / .table.rows.<r>.<c>
    rules.<section>.notes.<note>       glossary.<term>.term / .definition
    <anything>.provenance.decision

Numbers appear only where the content itself is an ordered list of plain texts (a
section's numbered steps, a table's cells, a deal's slots); they count from 1. Rule
sections are flat (``rules.<section>``) whatever their nesting, since section ids are
unique across the tree and a section may move under another parent.

The walk is generic: every field typed :data:`schemas.common.Text` is a message, except the
few listed in :data:`SKIPPED` (proper names, bibliography, per-language data, refused test
states).
A new ``Text`` field added to a schema is therefore picked up without changing this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, get_args

from pydantic import BaseModel

from schemas.cases import Cases
from schemas.common import Text
from schemas.game import Game, GameContent
from schemas.glossary import Term
from schemas.rules import Note, Section
from schemas.scoring import Ranking, RankingKey

#: The constraint object that marks a field as :data:`Text` (translatable source text).
_TEXT_MARK: Any = get_args(Text)[1]

#: ``{name}`` placeholders, as the CLI and the site fill them.
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")

#: (model, field) pairs holding text that is never translated through the catalogs.
SKIPPED: frozenset[tuple[type[BaseModel], str]] = frozenset(
    {
        # Conformance cases are published as worked examples (title and where the numbers
        # come from); the refused states are test data only.
        (Cases, "invalid"),
        (Game, "names"),  # given explicitly in each language
        (Game, "designers"),  # proper names
        (Game, "publishers"),
        (Game, "sources"),  # bibliographic titles stay as published
        (Term, "forms"),  # already per language
    }
)


class ExtractError(ValueError):
    """Content whose messages cannot get unique contexts (two items share an id)."""


@dataclass(frozen=True)
class SourceMessage:
    """One translatable text, in the language it was written in.

    ``plural`` is set only for interface strings that depend on a count
    (``{count} point`` / ``{count} points``); content texts are never plural.
    """

    context: str
    text: str
    language: str
    #: Where the text lives, relative to the checkout (``content/nile/scoring.yaml``).
    file: str
    #: The YAML path inside ``file``, with ids in brackets (``inputs[papyrus].label``).
    path: str
    plural: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def msgid(self) -> str | tuple[str, str]:
        """The gettext message id: the text, or (singular, plural)."""
        return self.text if self.plural is None else (self.text, self.plural)

    @property
    def placeholders(self) -> frozenset[str]:
        """Names of the ``{placeholders}`` of the text (and of its plural)."""
        found = PLACEHOLDER.findall(self.text)
        if self.plural is not None:
            found += PLACEHOLDER.findall(self.plural)
        return frozenset(found)

    @property
    def flags(self) -> frozenset[str]:
        """gettext flags: ``python-brace-format`` when the text has placeholders."""
        return frozenset({"python-brace-format"}) if self.placeholders else frozenset()

    @property
    def comments(self) -> list[str]:
        """Translator comments (``#.``): the YAML path, then any notes."""
        return [c for c in (self.path, *self.notes) if c]


def natural_key(context: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key for contexts that orders ``steps.2`` before ``steps.10``."""
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in context.split("."))


def _is_text(info: Any) -> bool:
    """Whether a field annotation (or its metadata) contains :data:`Text` anywhere."""
    if info is _TEXT_MARK or info == _TEXT_MARK:
        return True
    if isinstance(info, list | tuple):
        return any(_is_text(item) for item in info)
    return any(_is_text(arg) for arg in get_args(info))


def _segment(item: Any, index: int) -> str:
    """The context segment naming one item of a list: its id, else its 1-based position."""
    if isinstance(item, RankingKey):
        return item.value
    ident = getattr(item, "id", None)
    return str(ident) if isinstance(ident, str) else str(index)


@dataclass(frozen=True)
class _Where:
    """Where the walk stands: the context so far, the text's language, the file and path."""

    context: tuple[str, ...]
    language: str
    file: str
    path: str

    def down(self, segment: str, key: str | None = None) -> _Where:
        """One level deeper: ``segment`` in the context, ``key`` (or ``[segment]``) in the path."""
        step = f"[{segment}]" if key is None else (f".{key}" if self.path else key)
        return _Where((*self.context, segment), self.language, self.file, self.path + step)


@dataclass
class _Walk:
    """Collects the messages of one game while walking its models."""

    game: str
    source_language: str
    found: list[SourceMessage] = field(default_factory=list)

    def text(self, text: str, where: _Where) -> None:
        notes: tuple[str, ...] = ()
        if where.language != self.source_language:
            notes = (f"Source language of this text: {where.language}",)
        self.found.append(
            SourceMessage(
                context=".".join(where.context),
                text=text,
                language=where.language,
                file=f"content/{self.game}/{where.file}.yaml",
                path=where.path,
                notes=notes,
            )
        )

    def value(self, value: Any, is_text: bool, where: _Where) -> None:
        """Walk a field value: a model, a list, a mapping or a string."""
        if isinstance(value, BaseModel):
            self.model(value, where)
        elif isinstance(value, str):
            if is_text:
                self.text(value, where)
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value, start=1):
                self.value(item, is_text, where.down(_segment(item, index)))
        elif isinstance(value, dict):
            for key, item in value.items():
                self.value(item, is_text, where.down(str(key), str(key)))

    def model(self, model: BaseModel, where: _Where) -> None:
        """Walk every field of ``model``."""
        if isinstance(model, Section) and model.source_language:
            where = _Where(where.context, model.source_language, where.file, where.path)
        for name, info in type(model).model_fields.items():
            value = getattr(model, name)
            if (type(model), name) in SKIPPED or value is None:
                continue
            is_text = _is_text(info.annotation) or _is_text(info.metadata)
            key = info.alias or name
            if isinstance(model, GameContent):
                self.value(value, is_text, _Where((name,), where.language, name, ""))
            elif isinstance(model, Section) and name == "children":
                # Sections are flat: a child's context does not depend on its parent.
                for child in value:
                    path = f"{where.path}.{key}[{child.id}]"
                    self.model(child, _Where(("rules", child.id), where.language, where.file, path))
            elif _flattened(model, name, where):
                # The item's own id (or the note's) already says all the context needs.
                inner = where.down(name, key)
                self.value(
                    value, is_text, _Where(where.context, where.language, where.file, inner.path)
                )
            else:
                self.value(value, is_text, where.down(name, key))


def _flattened(model: BaseModel, name: str, where: _Where) -> bool:
    """Fields that add nothing to the context: a file's main list, ranking keys, note text."""
    if len(where.context) == 1 and name in {"components", "sections", "terms"}:
        return True
    return (isinstance(model, Ranking) and name == "keys") or (
        isinstance(model, Note) and name == "text"
    )


def extract(content: GameContent) -> list[SourceMessage]:
    """Every translatable text of ``content``, sorted by context.

    Raises :class:`ExtractError` when two texts would share a context (two components, two
    ranking keys or two section notes with one id), since gettext could not tell them apart.
    """
    source_language = content.game.source_language
    walk = _Walk(content.id, source_language)
    walk.model(content, _Where((), source_language, "game", ""))
    seen: dict[str, SourceMessage] = {}
    clashes: list[str] = []
    for message in walk.found:
        if message.context in seen:
            first = seen[message.context]
            clashes.append(
                f"{message.context}: {first.file} {first.path} and {message.file} {message.path}"
            )
        seen[message.context] = message
    if clashes:
        raise ExtractError(
            f"{content.id}: texts sharing a translation context (give them distinct ids): "
            + "; ".join(clashes)
        )
    return sorted(walk.found, key=lambda m: natural_key(m.context))
