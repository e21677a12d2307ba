"""The rules reference: sections with stable ids, written for look-up at the table.

Rule text is Markdown-lite: paragraphs, lists, **bold** and *italic*, and two kinds of links
that the site resolves: ``[shown text](term:<term_id>)`` to a glossary definition and
``[shown text](rule:<section_id>)`` to another section. A translator rewrites the shown text
freely (inflected as the language needs) and keeps the target. Raw HTML is never allowed.
"""

import re
from typing import Any, Literal

from pydantic import Field, model_validator

from schemas.common import (
    Identifier,
    Language,
    Provenance,
    Strict,
    Text,
    empty_list,
    require_unique,
)
from schemas.templates import Templated

SectionKind = Literal[
    #: "At the table": a few lines read before anything else (first on the rules page, and
    #: the heart of the quick reference).
    "summary",
    "overview",
    "components",
    "setup",
    "turn",
    "action",
    "card",
    "special",
    "end",
    "scoring",
    "example",
    "tiebreak",
    "missed",
    "variant",
    "expansion",
    "reference",
]


#: ``[shown text](term:id)`` and ``[shown text](rule:id)`` links inside rule text.
LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?P<kind>term|rule):(?P<target>[a-z][a-z0-9_]*)\)")

#: Anything that looks like an HTML tag.
HTML_TAG = re.compile(r"<\s*/?\s*[a-zA-Z]")


def _no_html(text: str | None) -> str | None:
    if text is not None and HTML_TAG.search(text):
        raise ValueError("raw HTML is not allowed in rule text; use Markdown-lite")
    return text


#: What a step or a row without an id is told.
_NEEDS_ID = (
    "needs an id so its translations stay with it when rows or steps move: write "
    "`- id: <name>` with `{key}: ...`, or run `rulebook i18n ids`"
)


def _require_item(value: Any, key: str) -> Any:
    if isinstance(value, str | list):
        raise ValueError(_NEEDS_ID.format(key=key))
    return value


class TableRow(Strict):
    """One row of a table. Its id names its cells' translations: never reuse it for another row."""

    id: Identifier
    cells: list[Text] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _has_id(cls, data: Any) -> Any:
        return _require_item(data, "cells")


class Step(Strict):
    """One numbered step. Its id names its translation: never reuse it for another step."""

    id: Identifier
    text: Text

    @model_validator(mode="before")
    @classmethod
    def _has_id(cls, data: Any) -> Any:
        return _require_item(data, "text")


class RuleTable(Strict):
    """A table of numbers that vary (by player count, by card).

    Columns are known by their position (cell n of every row answers header n), rows by
    their ids.
    """

    caption: Text | None = None
    header: list[Text] = Field(min_length=1)
    rows: list[TableRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _rectangular(self) -> "RuleTable":
        width = len(self.header)
        for row in self.rows:
            if len(row.cells) != width:
                raise ValueError(
                    f"row {row.id!r} has {len(row.cells)} cells, the header has {width}"
                )
        require_unique((row.id for row in self.rows), "row")
        return self


class Note(Strict):
    """A short note shown on the page: which source a contested rule follows, and why."""

    id: Identifier
    text: Text


class Section(Strict):
    """A rule section. Its id is its anchor: never change it once published."""

    id: Identifier
    kind: SectionKind
    title: Text
    body: Text | None = None
    #: Numbered steps, for where order matters.
    steps: list[Step] = Field(default_factory=empty_list)
    table: RuleTable | None = None
    notes: list[Note] = Field(default_factory=empty_list)
    #: The expansion or variant option this section belongs to.
    option: Identifier | None = None
    #: A worked example shown from a conformance case (its end state and result).
    case: Identifier | None = None
    #: When this section's text came in another language than the game's.
    source_language: Language | None = None
    provenance: Provenance
    children: "list[Section]" = Field(default_factory=empty_list)

    @model_validator(mode="after")
    def _markdown_lite(self) -> "Section":
        texts = [
            self.title,
            self.body,
            *(s.text for s in self.steps),
            *(n.text for n in self.notes),
        ]
        if self.table is not None:
            texts += [*self.table.header, *(cell for row in self.table.rows for cell in row.cells)]
        for text in texts:
            _no_html(text)
        require_unique((s.id for s in self.steps), "step")
        return self

    def texts(self) -> list[str]:
        """Every text of this section (not its children) that may hold links."""
        found = [self.body or "", *(s.text for s in self.steps), *(n.text for n in self.notes)]
        if self.table is not None:
            found += [cell for row in self.table.rows for cell in row.cells]
        return found


class Rules(Templated):
    sections: list[Section] = Field(min_length=1)

    def walk(self) -> list[Section]:
        """Every section, depth first, in reading order."""
        found: list[Section] = []

        def visit(sections: list[Section]) -> None:
            for section in sections:
                found.append(section)
                visit(section.children)

        visit(self.sections)
        return found

    @model_validator(mode="after")
    def _unique_ids(self) -> "Rules":
        ids = [s.id for s in self.walk()]
        require_unique(ids, "section")
        return self
