"""``rulebook i18n ids``: give every table row and list step of the rules an id.

A row's or a step's translations are filed under its id (``rules.<section>.steps.<id>``,
``rules.<section>.table.rows.<id>.<column>``), so inserting, moving or deleting one never
touches the others. Content written without ids (a new row, a branch written before ids
existed) is mended by this command:

* the YAML files are edited as text, so comments, quoting and line folding stay as they
  are: ``- >-`` becomes ``- id: <id>`` then ``text: >-`` with its lines indented two more
  columns, and ``- [a, b]`` becomes ``- id: <id>`` then ``cells: [a, b]``;
* an id is made from the first words of the text (``Cartes culture`` -> ``cartes_culture``),
  made unique in its list, so running the command on two branches gives the same ids;
* every catalog that still files the item under its position (the contexts before ids,
  ``rules.<section>.steps.3``) has those contexts renamed to the id, so no translation is
  lost and none becomes fuzzy.

The command is idempotent: items that have an id are left alone, and a second run changes
nothing. The edited file is parsed again and must give the same data plus the ids, else
nothing is written.

Files are read like every content file (schemas.file_reader, schemas.yaml_reader): a rules
file or catalog that is a named pipe, a device, too large, not UTF-8, or whose real place
is outside the project is refused with its own message, and YAML with tags or aliases
expanding past the bounds is refused before anything is built. Every file of a game is
read and every edit made in memory before the first one is written: a refused catalog
leaves the rules file as it was.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulebook.i18n.pofiles import MAX_CATALOG_BYTES, locales_of
from schemas import file_reader, yaml_reader
from schemas.loader import MAX_FILE_BYTES, SYMLINK_REFUSED, game_folders

#: Ukrainian letters in Latin (the national transliteration, simplified to ASCII).
_CYRILLIC = dict(
    zip(
        "абвгґдеєжзиіїйклмнопрстуфхцчшщьюяёъыэ",
        "a b v h g d e ie zh z y i i i k l m n o p r s t u f kh ts ch sh shch _ iu ia e _ y e".split(),  # noqa: SIM905 (one letter per word reads best)
        strict=True,
    )
)
_CYRILLIC["ь"] = ""
_CYRILLIC["ъ"] = ""

#: Words too common to name anything, in the content's languages.
_STOPWORDS = frozenset(
    """
    le la les l d de du des un une et a au aux en pour par sur dans avec son sa ses leur leurs
    ce cet cette ces qui que qu se s ne pas y est sont ou on il elle ils elles vous nous tout
    tous toute toutes chaque plus
    the an of to and in on for with by or is are each every
    i y v u na z iz do ta za vid po pro pry ne ye yak shcho tse tsia tsei tsi abo yakshcho
    """.split()  # noqa: SIM905 (a word list reads best as words)
)

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_PLACEHOLDER = re.compile(r"\{[a-z][a-z0-9_]*\}")

#: The longest id this command makes.
MAX_LENGTH = 40


def slug(text: str, fallback: str) -> str:
    """A short identifier made from the first significant words of ``text``."""
    text = _PLACEHOLDER.sub(" ", _LINK.sub(r"\1", text)).lower()
    text = "".join(_CYRILLIC.get(char, char) for char in text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = [w for w in re.split(r"[^a-z0-9]+", text) if w and w not in _STOPWORDS]
    name = "_".join(words[:3])[:MAX_LENGTH].strip("_") or fallback
    return f"n{name}" if name[0].isdigit() else name


def unique(name: str, taken: set[str]) -> str:
    """``name``, or ``name_2``, ``name_3``... whichever is not taken yet; marks it taken."""
    candidate, number = name, 2
    while candidate in taken:
        candidate = f"{name[: MAX_LENGTH - 4]}_{number}"
        number += 1
    taken.add(candidate)
    return candidate


# ----------------------------------------------------------------------------------------
# Finding the items that need an id
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One step or row without an id, where it stands in the file."""

    section: str
    #: ``steps`` or ``rows``.
    kind: str
    #: 1-based position in its list: what its catalog contexts were built from.
    position: int
    node: yaml.Node
    #: The column of the item's ``-``.
    dash: int
    text: str
    #: The table's number of columns (0 for steps).
    width: int = 0

    @property
    def key(self) -> str:
        return "text" if self.kind == "steps" else "cells"


@dataclass
class Assignment:
    """An id given to one item."""

    item: Item
    id: str

    def renames(self) -> list[tuple[str, str]]:
        """(old context, new context) pairs for the item's catalog entries."""
        base = f"rules.{self.item.section}"
        if self.item.kind == "steps":
            return [(f"{base}.steps.{self.item.position}", f"{base}.steps.{self.id}")]
        return [
            (
                f"{base}.table.rows.{self.item.position}.{column}",
                f"{base}.table.rows.{self.id}.{column}",
            )
            for column in range(1, self.item.width + 1)
        ]


def _get(node: yaml.Node, key: str) -> yaml.Node | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((v for k, v in node.value if getattr(k, "value", None) == key), None)


def _sections(node: yaml.Node | None) -> Iterator[yaml.MappingNode]:
    if not isinstance(node, yaml.SequenceNode):
        return
    for section in node.value:
        if isinstance(section, yaml.MappingNode):
            yield section
            yield from _sections(_get(section, "children"))


def _text_of(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return str(node.value)
    if isinstance(node, yaml.SequenceNode) and node.value:
        return _text_of(node.value[0])
    return ""


def _dash_column(lines: list[str], node: yaml.Node) -> int:
    """The column of the ``-`` that opens the sequence entry holding ``node``."""
    line = lines[node.start_mark.line]
    column = node.start_mark.column
    before = line[:column].rstrip()
    if not before.endswith("-"):
        raise ValueError(f"{node.start_mark.line + 1}: expected '- ' before the item")
    return len(before) - 1


def _items(root: yaml.Node, lines: list[str]) -> Iterator[tuple[list[Item], set[str]]]:
    """Per list of steps or rows: the items without an id, and the ids already taken."""
    for section in _sections(_get(root, "sections")):
        ident = _get(section, "id")
        if not isinstance(ident, yaml.ScalarNode):
            continue
        table = _get(section, "table")
        header = _get(table, "header") if table is not None else None
        width = len(header.value) if isinstance(header, yaml.SequenceNode) else 0
        for kind, node in (
            ("steps", _get(section, "steps")),
            ("rows", _get(table, "rows") if table else None),
        ):
            if not isinstance(node, yaml.SequenceNode):
                continue
            missing: list[Item] = []
            taken: set[str] = set()
            for position, entry in enumerate(node.value, start=1):
                given = _get(entry, "id")
                if isinstance(given, yaml.ScalarNode):
                    taken.add(str(given.value))
                    continue
                if isinstance(entry, yaml.MappingNode):
                    raise ValueError(
                        f"{entry.start_mark.line + 1}: a {kind[:-1]} written as a mapping "
                        "needs its own `id:`"
                    )
                missing.append(
                    Item(
                        str(ident.value),
                        kind,
                        position,
                        entry,
                        _dash_column(lines, entry),
                        _text_of(entry),
                        width if kind == "rows" else 0,
                    )
                )
            if missing:
                yield missing, taken


# ----------------------------------------------------------------------------------------
# Editing the text
# ----------------------------------------------------------------------------------------


def _last_line(node: yaml.Node, lines: list[str]) -> int:
    """The 0-based last line holding ``node``'s text (end marks may sit on the next line)."""
    end = node.end_mark
    ends_inside = end.line < len(lines) and lines[end.line][: end.column].strip()
    last = end.line if ends_inside else end.line - 1
    while last > node.start_mark.line and not lines[last].strip():
        last -= 1
    return last


def _edit(lines: list[str], assignment: Assignment) -> None:
    """Rewrite ``- <value>`` as ``- id: <id>`` / ``<key>: <value>``, in place."""
    item = assignment.item
    node = item.node
    first, last = node.start_mark.line, _last_line(node, lines)
    column = node.start_mark.column
    inner = " " * (item.dash + 2)
    head = lines[first][:column]
    value = lines[first][column:]
    block = isinstance(node, yaml.SequenceNode | yaml.MappingNode) and not node.flow_style
    replacement = [f"{head}id: {assignment.id}"]
    if block:
        replacement += [f"{inner}{item.key}:", f"{inner}  {value}"]
    else:
        replacement.append(f"{inner}{item.key}: {value}")
    for line in lines[first + 1 : last + 1]:
        replacement.append(f"  {line}" if line.strip() else line)
    lines[first : last + 1] = replacement


def _expected(data: Any, done: list[Assignment]) -> Any:
    """The data the edited file must give: the old data with the items turned to mappings."""
    by_place = {(a.item.section, a.item.kind, a.item.position): a for a in done}

    def visit(sections: list[Any]) -> None:
        for section in sections:
            if not isinstance(section, dict):
                continue  # (the content's check says what is wrong with it)
            table = section.get("table")
            for kind, items in (
                ("steps", section.get("steps")),
                ("rows", table.get("rows") if isinstance(table, dict) else None),
            ):
                if not isinstance(items, list):
                    continue
                for index, value in enumerate(items, start=1):
                    found = by_place.get((str(section.get("id")), kind, index))
                    if found is not None:
                        items[index - 1] = {"id": found.id, found.item.key: value}
            children = section.get("children")
            visit(children if isinstance(children, list) else [])

    sections = data.get("sections") if isinstance(data, dict) else None
    visit(sections if isinstance(sections, list) else [])
    return data


@dataclass
class FileResult:
    """What the command did to one rules file."""

    path: Path
    assigned: list[Assignment] = field(default_factory=list)
    renamed: dict[Path, int] = field(default_factory=dict)


class IdsError(ValueError):
    """A rules file or catalog the command cannot mend; ``str()`` names the file."""


def _read(path: Path, within: Path | None, what: str) -> str:
    try:
        return file_reader.read_text(
            path,
            MAX_FILE_BYTES if what == "a content file" else MAX_CATALOG_BYTES,
            within=within,
            follow_links=what != "a content file",
            link_refused=SYMLINK_REFUSED,
            what=what,
        )
    except file_reader.RefusedFile as refused:
        raise IdsError(str(refused)) from None


def _parse(path: Path, text: str) -> tuple[Any, yaml.Node | None]:
    try:
        return yaml_reader.parse(text)
    except yaml_reader.YamlProblem as problem:
        raise IdsError(
            f"{_shown(path)}:{problem.line}:{problem.column}: {problem.message}"
        ) from None


def _shown(path: Path) -> str:
    return file_reader.shown_name(str(path))


def plan_ids(path: Path, within: Path | None = None) -> tuple[FileResult, str | None]:
    """The ids the rules file ``path`` needs, and its edited text (None: nothing to edit).

    ``within``: the folder the file must really be in (the project's content).
    """
    text = _read(path, within, "a content file")
    data, root = _parse(path, text)
    result = FileResult(path)
    if root is None:
        return result, None
    lines = text.split("\n")
    try:
        for items, taken in _items(root, lines):
            for item in items:
                fallback = "step" if item.kind == "steps" else "row"
                result.assigned.append(Assignment(item, unique(slug(item.text, fallback), taken)))
    except ValueError as error:
        raise IdsError(f"{_shown(path)}:{error}") from None
    if not result.assigned:
        return result, None
    for assignment in sorted(result.assigned, key=lambda a: -a.item.node.start_mark.line):
        _edit(lines, assignment)
    edited = "\n".join(lines)
    try:
        same = yaml_reader.parse(edited)[0] == _expected(data, result.assigned)
    except yaml_reader.YamlProblem:
        same = False
    if not same:
        raise IdsError(
            f"{_shown(path)}: editing the ids in would change the content; nothing written"
        )
    return result, edited


def assign_ids(path: Path, within: Path | None = None) -> FileResult:
    """Give every step and row of the rules file ``path`` an id; write it if any was missing."""
    result, edited = plan_ids(path, within)
    if edited is not None:
        path.write_text(edited, encoding="utf-8")
    return result


# ----------------------------------------------------------------------------------------
# Catalogs
# ----------------------------------------------------------------------------------------

_MSGCTXT = re.compile(r'^msgctxt "([^"\\]*)"$', re.MULTILINE)


def renamed_contexts(text: str, renames: dict[str, str]) -> tuple[str, int]:
    """A PO file's text with its ``msgctxt`` lines renamed, and how many were.

    A context is left alone when the file already holds the new one (a catalog updated
    after the ids were given).
    """
    present = set(_MSGCTXT.findall(text))
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        old = match[1]
        new = renames.get(old)
        if new is None or new in present:
            return match[0]
        count += 1
        return f'msgctxt "{new}"'

    return _MSGCTXT.sub(replace, text), count


def rename_contexts(catalog: Path, renames: dict[str, str]) -> int:
    """Rename ``msgctxt`` lines of one PO file in place; returns how many were renamed."""
    changed, count = renamed_contexts(_read(catalog, locales_of(catalog), "a catalog"), renames)
    if count:
        catalog.write_text(changed, encoding="utf-8")
    return count


def catalogs_of(locales: Path, game: str) -> list[Path]:
    """Every PO file and the template of ``game``."""
    found = sorted(locales.glob(f"*/LC_MESSAGES/{game}.po"))
    template = locales / f"{game}.pot"
    return [*found, template] if os.path.lexists(template) else found


def assign_all(
    content: Path, locales: Path, games: Iterable[str] | None = None
) -> list[FileResult]:
    """Run the command over every game's rules (or ``games``); returns what it did.

    A game's rules file and catalogs are all read, and their edits made, before any of
    them is written; a file refused stops the command before it writes anything of that game.
    """
    wanted = set(games) if games else None
    results = []
    for folder in game_folders(content):
        if wanted is not None and folder.name not in wanted:
            continue
        path = folder / "rules.yaml"
        if not os.path.lexists(path):
            continue
        result, edited = plan_ids(path, content)
        writes: list[tuple[Path, str]] = [] if edited is None else [(path, edited)]
        if result.assigned:
            renames = dict(pair for a in result.assigned for pair in a.renames())
            for catalog in catalogs_of(locales, folder.name):
                text = _read(catalog, locales_of(catalog), "a catalog")
                changed, count = renamed_contexts(text, renames)
                if count:
                    result.renamed[catalog] = count
                    writes.append((catalog, changed))
        for target, text in writes:
            target.write_text(text, encoding="utf-8")
        results.append(result)
    return results
