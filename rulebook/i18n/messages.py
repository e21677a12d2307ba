"""Every translatable text of a game, each with a stable gettext context built from ids.

A message's context (``msgctxt``) names where its text lives by ids, never by list
positions, so inserting, moving or deleting an item never changes another's context::

    game.summary
    components.<component>.name / .note / .items.<item>.name / .provenance.decision
    setup.steps.<step>.text / .deal.slots.<n>         setup.first_player_text
    scoring.inputs.<input>.label / .help / .choices.<choice>.label
    scoring.table.<input>.label   scoring.options.<option>.label   scoring.values.<value>.note
    scoring.categories.<category>.label   scoring.ranking.<value>.label
    scoring.constraints.<id>.message   scoring.end_checks.<id>.message   scoring.groups.<group>
    rules.<section>.title / .body / .steps.<step> / .table.caption
    rules.<section>.table.header.<n> / .table.rows.<row>.<n>     rules.<section>.notes.<note>
    glossary.<term>.definition     cases.cases.<case>.title / .source
    <anything>.provenance.decision

Numbers appear only where position is the meaning: a table's columns (cell ``n`` of a row
answers header ``n``) and a deal's slots (the ``n``-th card drawn goes to slot ``n``). Rule
sections are flat (``rules.<section>``) whatever their nesting, since section ids are unique
across the tree and a section may move under another parent.

**Paragraphs.** A text of several paragraphs (blank-line separated) is one message per
paragraph, ``<context>.1``, ``<context>.2``..., so a one-word edit makes one paragraph fuzzy.
Paragraph numbers do shift when one is inserted; ``rulebook i18n update`` then carries each
translation over by its source text (rulebook.i18n.merge), so nothing is lost.

**Template copies.** The copies of a ``for_each`` template (schemas.templates) whose texts
differ only by numbers are one message, ``scoring.inputs.influence_{n}.label`` with the text
``Influence en région {n}``: the template's own text, its word parameters filled in and its
number parameters left as placeholders. Its ``copies`` list each copy's context and values,
which rulebook.i18n.runtime fills in to show a copy.

**Counts.** A setup step that names one of its values is a plural message: ``msgid`` is its
``one`` form (or its text), ``msgid_plural`` its text, and the translation has one form per
plural category of its language.

The glossary's terms are not here: each game's glossary is a domain of its own
(rulebook.i18n.glossary), its definitions are.

**Texts without words** ("70", "—", "14 + 3") read the same in every language: they are
not messages.

The walk is generic: every field typed :data:`schemas.common.Text` is a message, except the
few listed in :data:`SKIPPED` (proper names, per-language data, refused test
states). A new ``Text`` field added to a schema is therefore picked up without changing this
module; :func:`describe` says what it is to a translator.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ForwardRef, Literal, get_args, get_origin

import yaml
from pydantic import BaseModel

from schemas.cases import Cases
from schemas.common import Text
from schemas.game import Game, GameContent
from schemas.glossary import Term
from schemas.loader import YamlDocument
from schemas.rules import Note, Section, Step, TableRow
from schemas.scoring import Ranking, RankingKey, RivalLabel
from schemas.setup import SetupStep
from schemas.templates import Expansion, Templated

#: The constraint object that marks a field as :data:`Text` (translatable source text).
_TEXT_MARK: Any = get_args(Text)[1]

#: ``{name}`` placeholders, as the CLI and the site fill them.
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")

#: A letter (outside placeholders): a text without one reads the same in every language.
_LETTER = re.compile(r"[^\W\d_]")

#: A template copy's parameters kept as placeholders, with their values (schemas.templates).
CopyValues = tuple[tuple[str, str | int], ...]

#: Where one paragraph ends and the next starts.
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")

#: (model, field) pairs holding text that is never translated through the catalogs.
SKIPPED: frozenset[tuple[type[BaseModel], str]] = frozenset(
    {
        # Conformance cases are published as worked examples (title and where the numbers
        # come from); the refused states are test data only.
        (Cases, "invalid"),
        (Game, "names"),  # given explicitly in each language
        (Game, "designers"),  # proper names
        (Game, "publishers"),
        # A term's word and forms are the game's glossary domain (rulebook.i18n.glossary).
        (Term, "term"),
        (Term, "forms"),
        # The words of sections written in another language: source words for the marks.
        (Term, "forms_in"),
        (SetupStep, "forms"),  # the source's plural forms: part of the step's text message
    }
)


class ExtractError(ValueError):
    """Content whose messages cannot get unique contexts (two items share an id)."""


def has_words(text: str) -> bool:
    """Whether ``text`` has a letter outside placeholders ("5", "2-4" read the same anywhere)."""
    return bool(_LETTER.search(PLACEHOLDER.sub("", text)))


def fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` of ``values`` replaced by its value; others stay."""
    return PLACEHOLDER.sub(
        lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text
    )


def is_word(value: object) -> bool:
    """Whether a template parameter's value is a word (``riz``), which a copy's message
    keeps written out, rather than a number (``3``), which stays a placeholder."""
    return isinstance(value, str) and has_words(value)


def paragraphs(text: str) -> list[str]:
    """The paragraphs of ``text`` (one for a text without a blank line)."""
    parts = [p.strip() for p in _PARAGRAPH_BREAK.split(text.strip())]
    return [p for p in parts if p] or [text]


def join_paragraphs(parts: list[str]) -> str:
    """Paragraphs back into one Markdown text."""
    return "\n\n".join(parts)


def paragraph_contexts(context: str, text: str) -> list[tuple[str, str]]:
    """(context, paragraph) pairs of a text: itself alone, or ``<context>.<n>`` per paragraph."""
    parts = paragraphs(text)
    if len(parts) == 1:
        return [(context, text)]
    return [(f"{context}.{n}", part) for n, part in enumerate(parts, start=1)]


@dataclass(frozen=True)
class SourceMessage:
    """One translatable text, in the language it was written in.

    ``plural`` is set for count phrases: ``text`` is then the singular (``one``) form,
    ``plural`` the form for most numbers, and ``count`` names the placeholder whose number
    chooses between the translation's forms.
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
    #: The line of ``file`` the text starts on (0 when unknown).
    line: int = 0
    #: The placeholder that chooses a plural form.
    count: str | None = None
    #: For the one message of a ``for_each`` template's copies: each copy's context and the
    #: values its placeholders take there (a copy shows ``text`` filled with them).
    copies: tuple[tuple[str, CopyValues], ...] = ()

    @property
    def msgid(self) -> str | tuple[str, str]:
        """The gettext message id: the text, or (singular, plural)."""
        return self.text if self.plural is None else (self.text, self.plural)

    @property
    def texts(self) -> tuple[str, ...]:
        """The source forms: the text, and the plural when there is one."""
        return (self.text,) if self.plural is None else (self.text, self.plural)

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
        """Extracted comments (``#.``): what and where the text is, then the YAML path."""
        return [c for c in (*self.notes, self.path) if c]

    @property
    def location(self) -> tuple[str, int]:
        """The source reference (``#:``): file and line (0: none known)."""
        return self.file, self.line


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


def _models_in(annotation: Any) -> Iterator[Any]:
    """The content models a field's annotation names anywhere (in a list, a union, a
    mapping...), and ``Any`` for a part that does not say what it holds."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    elif annotation is Any or isinstance(annotation, str | ForwardRef):
        yield Any
    elif get_origin(annotation) is not Literal:  # a literal's arguments are values, not types
        for argument in get_args(annotation):
            yield from _models_in(argument)


@functools.cache
def _holds_text(model: type[BaseModel]) -> bool:
    """Whether an instance of ``model`` may hold text at any depth: a text field of its own
    or of a model one of its fields may hold (a field that says nothing of what it holds
    may hold anything)."""
    seen, todo = {model}, [model]
    while todo:
        for info in todo.pop().model_fields.values():
            if _is_text(info.annotation) or _is_text(info.metadata):
                return True
            for held in _models_in(info.annotation):
                if held is Any:
                    return True
                if held not in seen:
                    seen.add(held)
                    todo.append(held)
    return False


@functools.cache
def _walked_fields(model: type[BaseModel]) -> tuple[tuple[str, str, bool], ...]:
    """The fields of ``model`` the walk enters, in order, each as (name, key in the file,
    whether it is text): the text fields and those that may hold a model holding text,
    but not the SKIPPED ones. The same for every instance, and asked of each by the walk.

    A field that can hold no text (a number, an id, a scoring expression) is not entered:
    a game is mostly such values, and walking them was most of an extraction.
    """
    walked = []
    for name, info in model.model_fields.items():
        if (model, name) in SKIPPED:
            continue
        is_text = _is_text(info.annotation) or _is_text(info.metadata)
        held = list(_models_in(info.annotation))
        if is_text or any(m is Any or _holds_text(m) for m in held):
            walked.append((name, info.alias or name, is_text))
    return tuple(walked)


def _segment(item: Any, index: int) -> str:
    """The context segment naming one item of a list: its id, else its 1-based position."""
    if isinstance(item, RankingKey):
        return item.value
    if isinstance(item, RivalLabel):  # named by the input it labels
        return item.input
    ident = getattr(item, "id", None)
    return str(ident) if isinstance(ident, str) else str(index)


Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class _Where:
    """Where the walk stands: the context so far, the text's language, the file and path.

    ``loc`` is the same place as YAML keys and list indexes, to find its line. Inside a copy
    of a ``for_each`` template, ``pattern`` and ``pattern_path`` are the context and path
    as the template writes them (``scoring.inputs.influence_{n}``); None elsewhere.
    """

    context: tuple[str, ...]
    language: str
    file: str
    path: str
    loc: Loc = ()
    pattern: tuple[str, ...] | None = None
    pattern_path: str | None = None

    def down(
        self, segment: str, key: str | int | None = None, pattern: str | None = None
    ) -> _Where:
        """One level deeper: ``segment`` in the context; ``key`` (a field or an index) in the
        file; ``pattern``, the segment as a template writes it, when it is a copy's."""
        if isinstance(key, int) or key is None:
            step, written = f"[{segment}]", f"[{pattern or segment}]"
        else:
            step = written = f".{key}" if self.path else key
        loc_key: str | int = segment if key is None else key
        templated = pattern is not None or self.pattern is not None
        return _Where(
            (*self.context, segment),
            self.language,
            self.file,
            self.path + step,
            (*self.loc, loc_key),
            (*(self.pattern or self.context), pattern or segment) if templated else None,
            (self.pattern_path or self.path) + written if templated else None,
        )

    def keep_context(self, key: str) -> _Where:
        """One level deeper in the file only."""
        inner = self.down(key, key)
        return replace(inner, context=self.context, pattern=self.pattern)


def _document(path: Path) -> YamlDocument | None:
    """A content file's node tree, for line numbers only (libyaml's fast parser if present)."""
    try:
        text = path.read_text(encoding="utf-8")
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        return YamlDocument(path, None, yaml.compose(text, Loader=loader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None


@dataclass(frozen=True)
class _Copy:
    """One template copy's text as its template writes it."""

    context: str
    text: str
    values: dict[str, str | int]
    path: str


@dataclass
class _Walk:
    """Collects the messages of one game while walking its models."""

    content: GameContent
    source_language: str
    folder: Path | None
    #: Write the translator's comments (the run-time lookup has no use for them).
    described: bool = True
    #: The game's files walked (GameContent's fields); None: every one.
    files: Collection[str] | None = None
    found: list[SourceMessage] = field(default_factory=list)
    #: A template copy's context -> the template's context, text and the copy's values.
    templated: dict[str, _Copy] = field(default_factory=dict)
    _lines: dict[str, YamlDocument | None] = field(default_factory=dict)
    #: Each file's templates, looked up once: the walk asks for every item of every list,
    #: and reading a model's private attribute goes through pydantic's slow lookup.
    _expansions: dict[str, Expansion | None] = field(default_factory=dict)

    def expansion(self, file: str) -> Expansion | None:
        """The ``for_each`` templates of ``file`` (None for a file that cannot have any)."""
        if file not in self._expansions:
            model = getattr(self.content, file, None)
            self._expansions[file] = model.expansion if isinstance(model, Templated) else None
        return self._expansions[file]

    def pattern_segment(self, item: Any, loc: Loc, file: str) -> str | None:
        """The context segment of a list item as its template writes it
        (``influence_{n}``), when the item is a copy whose id keeps a number placeholder."""
        expansion = self.expansion(file)
        if expansion is None:
            return None
        origin, around = expansion.origins.get(loc), expansion.origins.get(loc[:-1])
        # A copy is where a template binds its parameters: its binding is not its list's.
        if origin is None or around is None or origin[1] == around[1]:
            return None
        written = expansion.written(origin[0])
        # The field _segment names the item by.
        key = (
            "value"
            if isinstance(item, RankingKey)
            else "input"
            if isinstance(item, RivalLabel)
            else "id"
        )
        ident = written.get(key) if isinstance(written, dict) else None
        if not isinstance(ident, str):
            return None  # a copy named by its position: no pattern for it
        segment = fill(ident, {k: v for k, v in origin[1].items() if is_word(v)})
        return segment if PLACEHOLDER.search(segment) else None

    def template(self, text: str, where: _Where) -> tuple[str, dict[str, str | int]] | None:
        """For a template copy's ``text``: the template's text (words filled in, numbers
        left as placeholders) and the values this copy gives the placeholders."""
        expansion = self.expansion(where.file)
        if expansion is None or where.pattern is None:
            return None
        source, binding = expansion.source(where.loc)
        written = expansion.written(source)
        if not isinstance(written, str):
            return None
        kept = {k: v for k, v in binding.items() if not is_word(v)}
        pattern = fill(written, {k: v for k, v in binding.items() if is_word(v)})
        # The model may have changed the text (a default, a spelled-out form): only a text
        # that is exactly its template filled in is shared.
        return (pattern, kept) if fill(pattern, kept) == text else None

    def line(self, file: str, loc: Loc) -> int:
        """The line ``loc`` stands on in the game's ``file``, when the folder is known."""
        if self.folder is None:
            return 0
        if file not in self._lines:
            self._lines[file] = _document(self.folder / f"{file}.yaml")
        document = self._lines[file]
        return (document.line_of(loc) or 0) if document is not None else 0

    def describe(self, context: str, language: str) -> list[str]:
        if not self.described:
            return []
        # Imported only here: builds and lookups extract without comments, and what words
        # them (the engine's interpreter among it) is a fair part of their start.
        from rulebook.i18n.describe import describe

        return describe(self.content, context, language, self.source_language)

    def text(self, text: str, where: _Where, owner: BaseModel | None = None) -> None:
        if not has_words(text):
            return
        game = self.content.id
        file = f"content/{game}/{where.file}.yaml"
        line = self.line(where.file, where.loc)
        base = ".".join(where.context)
        # A step's text is a count phrase; its decided_text names no number.
        if (
            isinstance(owner, SetupStep)
            and owner.count_value() is not None
            and where.context[-1] == "text"
        ):
            forms = owner.forms or {}
            self.found.append(
                SourceMessage(
                    context=base,
                    text=forms.get("one", text),
                    plural=text,
                    count=owner.count_value(),
                    language=where.language,
                    file=file,
                    path=where.path,
                    notes=tuple(self.describe(base, where.language)),
                    line=line,
                )
            )
            return
        parts = paragraph_contexts(base, text)
        self.remember_copy(text, where, [c for c, _ in parts])
        for number, (context, part) in enumerate(parts, start=1):
            if not has_words(part):
                continue
            notes = self.describe(context, where.language)
            if len(parts) > 1 and self.described:
                notes.insert(1, f"Paragraph {number} of {len(parts)}.")
            self.found.append(
                SourceMessage(
                    context=context,
                    text=part,
                    language=where.language,
                    file=file,
                    path=where.path,
                    notes=tuple(notes),
                    line=line,
                )
            )

    def remember_copy(self, text: str, where: _Where, contexts: list[str]) -> None:
        """Note a template copy's text (paragraph by paragraph) under its template's context."""
        found = self.template(text, where)
        if found is None or where.pattern is None:
            return
        pattern, kept = found
        patterns = paragraph_contexts(".".join(where.pattern), pattern)
        if len(patterns) != len(contexts):
            return
        for context, (shared, part) in zip(contexts, patterns, strict=True):
            self.templated[context] = _Copy(shared, part, kept, where.pattern_path or where.path)

    def value(self, value: Any, is_text: bool, where: _Where, owner: BaseModel | None) -> None:
        """Walk a field value: a model, a list, a mapping or a string."""
        if isinstance(value, BaseModel):
            self.model(value, where)
        elif isinstance(value, str):
            if is_text:
                self.text(value, where, owner)
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                segment = _segment(item, index + 1)
                pattern = self.pattern_segment(item, (*where.loc, index), where.file)
                self.value(item, is_text, where.down(segment, index, pattern), owner)
        elif isinstance(value, dict):
            for key, item in value.items():
                self.value(item, is_text, where.down(str(key), str(key)), owner)

    def model(self, model: BaseModel, where: _Where) -> None:
        """Walk every field of ``model`` that may hold text (:func:`_walked_fields`)."""
        if isinstance(model, Section) and model.source_language:
            where = replace(where, language=model.source_language)
        for name, key, is_text in _walked_fields(type(model)):
            value = getattr(model, name)
            if value is None:
                continue
            if isinstance(model, GameContent):
                if self.files is None or name in self.files:
                    self.value(value, is_text, _Where((name,), where.language, name, ""), model)
            elif isinstance(model, Section) and name == "children":
                # Sections are flat: a child's context does not depend on its parent.
                for index, child in enumerate(value):
                    path = f"{where.path}.{key}[{child.id}]"
                    loc = (*where.loc, key, index)
                    self.model(
                        child, _Where(("rules", child.id), where.language, where.file, path, loc)
                    )
            elif _flattened(model, name, where):
                # The item's own id (or the note's) already says all the context needs.
                self.value(value, is_text, where.keep_context(key), model)
            else:
                self.value(value, is_text, where.down(name, key), model)


def _flattened(model: BaseModel, name: str, where: _Where) -> bool:
    """Fields that add nothing to the context: a file's main list, ranking keys, item text."""
    if len(where.context) == 1 and name in {"components", "sections", "terms"}:
        return True
    return (
        (isinstance(model, Ranking) and name == "keys")
        or (isinstance(model, Note | Step) and name == "text")
        or (isinstance(model, TableRow) and name == "cells")
    )


def walk(
    content: GameContent,
    folder: Path | None = None,
    described: bool = True,
    files: Collection[str] | None = None,
) -> Iterator[SourceMessage]:
    """The messages of ``content`` in reading order (files, then their order in each file):
    of every file, or of the named ``files`` only."""
    source_language = content.game.source_language
    collector = _Walk(content, source_language, folder, described, files=files)
    collector.model(content, _Where((), source_language, "game", ""))
    yield from _shared(collector.found, collector.templated, described)


def _shared(
    found: list[SourceMessage], templated: Mapping[str, _Copy], described: bool
) -> Iterator[SourceMessage]:
    """``found`` with the copies of each template replaced by one message, at the first
    copy's place, when they all read the same once their numbers are placeholders.

    Copies whose texts differ beyond the numbers (a word parameter in the text but not in
    the id) stay one message each.
    """
    groups: dict[str, list[SourceMessage]] = {}
    for message in found:
        copy = templated.get(message.context)
        if copy is not None:
            groups.setdefault(copy.context, []).append(message)
    shared: dict[str, SourceMessage] = {}
    for context, copies in groups.items():
        texts = {templated[m.context].text for m in copies}
        if len(copies) > 1 and len(texts) == 1:
            shared[context] = _one_for_copies(context, copies, templated, described)
    done: set[str] = set()
    for message in found:
        copy = templated.get(message.context)
        if copy is None or copy.context not in shared:
            yield message
        elif copy.context not in done:
            done.add(copy.context)
            yield shared[copy.context]


def _one_for_copies(
    context: str, copies: list[SourceMessage], templated: Mapping[str, _Copy], described: bool
) -> SourceMessage:
    """The one message of a template's ``copies``, its comments saying what it makes."""
    first = copies[0]
    template = templated[first.context]
    values = [templated[m.context].values for m in copies]
    notes = list(first.notes)
    if described:
        names = list(dict.fromkeys(PLACEHOLDER.findall(template.text)))
        for name in names:
            shown = ", ".join(str(v[name]) for v in values if name in v)
            notes.append(f"{{{name}}}: a number, one copy of this text for each of {shown}.")
        keep = f", keeping {', '.join(f'{{{n}}}' for n in names)}" if names else ""
        span = f"{copies[0].context} to {copies[-1].context}"
        notes.append(
            f"One message for the {len(copies)} copies of a for_each template ({span}): "
            f"translate it once{keep}."
        )
    return replace(
        first,
        context=context,
        text=template.text,
        path=template.path,
        notes=tuple(notes),
        copies=tuple((m.context, tuple(templated[m.context].values.items())) for m in copies),
    )


def extract(
    content: GameContent,
    folder: Path | None = None,
    described: bool = True,
    files: Collection[str] | None = None,
) -> list[SourceMessage]:
    """Every translatable text of ``content`` (or of its named ``files``), in reading order.

    ``folder`` is the game's content folder, for the line numbers of source references;
    ``described`` writes the comments that tell a translator what each text is.
    Raises :class:`ExtractError` when two texts would share a context (two components, two
    rows or two section notes with one id), since gettext could not tell them apart.
    """
    found = list(walk(content, folder, described, files))
    seen: dict[str, SourceMessage] = {}
    clashes: list[str] = []
    for message in found:
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
    return found
