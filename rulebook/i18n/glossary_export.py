"""``rulebook i18n glossary``: each game's glossary for CAT tools, as TBX or CSV.

One file per game and target language (``<game>.<source>-<target>.tbx``): the term in the
game's language, its translation (when it is current; blank otherwise), the inflected forms
the checks accept, the definition as a note, and ``keep`` terms (names) given as they are.
TBX is written by translate-toolkit's TBX store, which Weblate, OmegaT and Trados read; CSV
has the columns ``id, source, target, forms, definition, concept``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from translate.storage import tbx

from rulebook.i18n.catalogs import Domain, load_entries, state, strings

#: Formats the command writes.
FORMATS = ("tbx", "csv")


@dataclass(frozen=True)
class Entry:
    """One glossary term, ready for a CAT tool."""

    id: str
    source: str
    target: str
    forms: tuple[str, ...]
    definition: str
    concept: str


def entries(domain: Domain, language: str, locales: Path) -> list[Entry]:
    """The glossary of ``domain`` with its terms in ``language``."""
    content = domain.content
    if content is None or content.glossary is None:
        return []
    messages = domain.by_context()
    found = load_entries(domain.name, language, locales)
    result = []
    for term in content.glossary.terms:
        context = f"glossary.{term.id}.term"
        entry = found.get(context)
        message = messages.get(context)
        if term.keep or language == domain.source_language:
            target = term.term
        elif (
            message is not None
            and entry is not None
            and state(message, entry, language)
            in (
                "translated",
                "source",
            )
        ):
            target = strings(entry)[0].strip()
        else:
            target = ""
        result.append(
            Entry(
                id=term.id,
                source=term.term,
                target=target,
                forms=tuple(term.forms.get(language, ())),
                definition=term.definition,
                concept=term.concept or "",
            )
        )
    return result


def to_tbx(items: Iterable[Entry], source_language: str, language: str) -> bytes:
    """The terms as a TBX document."""
    store: Any = tbx.tbxfile(sourcelanguage=source_language, targetlanguage=language)
    for item in items:
        unit = store.addsourceunit(item.source)
        unit.setid(item.id)
        if item.target:
            unit.target = item.target
        unit.addnote(item.definition, origin="developer")
        if item.forms:
            unit.addnote("Forms: " + ", ".join(item.forms), origin="translator")
        if item.concept:
            unit.addnote(f"Concept: {item.concept}", origin="developer")
    return bytes(store)


def to_csv(items: Iterable[Entry]) -> bytes:
    """The terms as CSV (UTF-8, a header line)."""
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(["id", "source", "target", "forms", "definition", "concept"])
    for item in items:
        writer.writerow(
            [item.id, item.source, item.target, "|".join(item.forms), item.definition, item.concept]
        )
    return stream.getvalue().encode("utf-8")


def export(
    domains: Iterable[Domain], languages: Iterable[str], locales: Path, out: Path, form: str
) -> list[Path]:
    """Write one file per game and target language into ``out``; return the files."""
    if form not in FORMATS:
        raise ValueError(f"unknown format {form!r}; known: {', '.join(FORMATS)}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for domain in domains:
        if domain.content is None or domain.content.glossary is None:
            continue
        for language in languages:
            items = entries(domain, language, locales)
            data = (
                to_tbx(items, domain.source_language, language) if form == "tbx" else to_csv(items)
            )
            path = out / f"{domain.name}.{domain.source_language}-{language}.{form}"
            path.write_bytes(data)
            written.append(path)
    return written
