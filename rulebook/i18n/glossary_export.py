"""``rulebook i18n glossary``: each game's glossary for CAT tools, as TBX or CSV.

One file per game and target language (``<game>.<source>-<target>.tbx``); the game's own
language gets none, since a source-to-source glossary tells a translator nothing.

TBX follows TBX-Basic in the ISO 30042:2008 core structure: the ``martif`` form, which
translate-toolkit (and so Weblate) reads, where it reads no TBX v3 ``conceptEntry``. One
``termEntry`` per glossary term, a ``langSet`` per language with its definition (``descrip
type="definition"``) before its terms, and each word form in its own ``tig``: the term itself
as the preferred full form, every other form the checks accept as an admitted variant, so a
tool that looks terms up finds "cultures" as it finds "culture". Notes come before the
language sets, as the core structure requires. A term with no current translation has only
its source ``langSet``.

CSV has only the columns translate-toolkit's CSV store reads (``id, source, target,
context, location, developer_comments, translator_comments``), so nothing is dropped on
import: the context is the term's catalog context, the location the glossary catalog that
keeps its translation, the developer comment its definition (and shared concept), the
translator comment the target language's forms, ``|``-separated.

The source side is ``content/<game>/glossary.yaml``; each target side is read from the
game's glossary catalog of that language (rulebook.i18n.glossary).
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Message

from rulebook.i18n import glossary
from rulebook.i18n.catalogs import Domain, glossary_domain, load_entries, state
from rulebook.i18n.messages import SourceMessage
from rulebook.i18n.pofiles import strings

#: Formats the command writes.
FORMATS = ("tbx", "csv")

#: The TBX-Basic dialect's name and the core-structure DTD its files declare.
TBX_DIALECT = "TBX-Basic"
TBX_DOCTYPE = '<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">'
#: The XCS (data-category specification) a TBX-Basic file names in its header.
TBX_XCS = "TBXBasicXCSV02.xcs"
#: TBX-Basic's picklist values for the term notes this export writes.
PREFERRED = "preferredTerm-admn-sts"
ADMITTED = "admittedTerm-admn-sts"
FULL_FORM = "fullForm"
VARIANT = "variant"

#: The columns of the CSV export, all of them names translate-toolkit's CSV store reads.
CSV_COLUMNS = (
    "id",
    "source",
    "target",
    "context",
    "location",
    "developer_comments",
    "translator_comments",
)

_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


@dataclass(frozen=True)
class Side:
    """A glossary term in one language: the term, its other forms, its definition.

    ``term`` is blank when the language has no current translation.
    """

    language: str
    term: str
    forms: tuple[str, ...]
    definition: str


@dataclass(frozen=True)
class Entry:
    """One glossary term, ready for a CAT tool, in the source and one target language."""

    id: str
    concept: str
    source: Side
    target: Side


def _current(
    message: SourceMessage | None, found: dict[str, Message], context: str, language: str
) -> str:
    """The current translation of ``context`` in ``language``, or blank."""
    entry = found.get(context)
    if message is None or entry is None:
        return ""
    if state(message, entry, language) not in ("translated", "source"):
        return ""
    return strings(entry)[0].strip()


def _others(term: str, forms: Iterable[str]) -> tuple[str, ...]:
    """The forms other than ``term`` itself, in order, each once."""
    seen = {term}
    result = []
    for form in forms:
        if form not in seen:
            seen.add(form)
            result.append(form)
    return tuple(result)


def entries(domain: Domain, language: str, locales: Path) -> list[Entry]:
    """The glossary of ``domain`` (a game's) with its terms in ``language``.

    Each term's word and forms come from the game's glossary catalog
    (rulebook.i18n.glossary), its definition from the game's catalog.
    """
    content = domain.game
    if content is None or content.glossary is None:
        return []
    source_language = domain.source_language
    messages = domain.by_context()
    terms = glossary_domain(content).by_context()
    found = load_entries(domain.name, language, locales)
    words = load_entries(glossary.domain_name(content.id), language, locales)
    result = []
    for term in content.glossary.terms:
        term_context = glossary.term_context(term.id)
        forms_context = glossary.forms_context(term.id)
        definition_context = f"glossary.{term.id}.definition"
        if term.keep or language == source_language:
            target = term.term
        else:
            target = _current(terms.get(term_context), words, term_context, language)
        if language == source_language:
            target_forms: list[str] = list(term.forms)
        else:
            listed = _current(terms.get(forms_context), words, forms_context, language)
            target_forms = glossary.split_forms(listed)
        definition = (
            term.definition
            if language == source_language
            else _current(messages.get(definition_context), found, definition_context, language)
        )
        result.append(
            Entry(
                id=term.id,
                concept=term.concept or "",
                source=Side(
                    language=source_language,
                    term=term.term,
                    forms=_others(term.term, term.forms),
                    definition=term.definition,
                ),
                target=Side(
                    language=language,
                    term=target,
                    # Forms go with the translation they inflect: none without one.
                    forms=_others(target, target_forms) if target else (),
                    definition=definition if target else "",
                ),
            )
        )
    return result


def _text(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attributes)
    element.text = text
    return element


def _tig(lang_set: ET.Element, term: str, term_type: str, status: str) -> None:
    tig = ET.SubElement(lang_set, "tig")
    _text(tig, "term", term)
    _text(tig, "termNote", term_type, type="termType")
    _text(tig, "termNote", status, type="administrativeStatus")


def _lang_set(entry: ET.Element, side: Side) -> None:
    """A ``langSet``: its definition first, then the term and each form as a ``tig``."""
    lang_set = ET.SubElement(entry, "langSet", {_XML_LANG: side.language})
    if side.definition:
        group = ET.SubElement(lang_set, "descripGrp")
        _text(group, "descrip", side.definition, type="definition")
    _tig(lang_set, side.term, FULL_FORM, PREFERRED)
    for form in side.forms:
        _tig(lang_set, form, VARIANT, ADMITTED)


def to_tbx(items: Iterable[Entry], source_language: str, title: str) -> bytes:
    """The terms as a TBX-Basic document."""
    root = ET.Element("martif", {"type": TBX_DIALECT, _XML_LANG: source_language})
    header = ET.SubElement(root, "martifHeader")
    file_desc = ET.SubElement(header, "fileDesc")
    _text(ET.SubElement(file_desc, "titleStmt"), "title", title)
    _text(ET.SubElement(file_desc, "sourceDesc"), "p", "rulebook i18n glossary")
    _text(ET.SubElement(header, "encodingDesc"), "p", TBX_XCS, type="XCSURI")
    body = ET.SubElement(ET.SubElement(root, "text"), "body")
    for item in items:
        entry = ET.SubElement(body, "termEntry", id=item.id)
        if item.concept:
            # Before the language sets: the core structure puts an entry's notes first.
            _text(entry, "note", f"Concept: {item.concept}")
        _lang_set(entry, item.source)
        if item.target.term:
            _lang_set(entry, item.target)
    ET.indent(root)
    xml = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{TBX_DOCTYPE}\n{xml}\n'.encode()


def csv_row(item: Entry, game: str) -> dict[str, str]:
    """One term as a CSV row, keyed by the columns of :data:`CSV_COLUMNS`."""
    comments = item.source.definition
    if item.concept:
        comments += f"\nConcept: {item.concept}"
    catalog = f"{glossary.domain_name(game)}.po"
    return {
        "id": item.id,
        "source": item.source.term,
        "target": item.target.term,
        "context": f"glossary.{item.id}.term",
        "location": f"locales/{item.target.language}/LC_MESSAGES/{catalog}",
        "developer_comments": comments,
        "translator_comments": "|".join(
            (item.target.term, *item.target.forms) if item.target.term else ()
        ),
    }


def to_csv(items: Iterable[Entry], game: str) -> bytes:
    """The terms as CSV (UTF-8, a header line)."""
    stream = io.StringIO()
    writer = csv.DictWriter(stream, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for item in items:
        writer.writerow(csv_row(item, game))
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
        if domain.game is None or domain.game.glossary is None:
            continue
        for language in languages:
            if language == domain.source_language:
                continue
            items = entries(domain, language, locales)
            pair = f"{domain.source_language}-{language}"
            data = (
                to_tbx(items, domain.source_language, f"{domain.name} glossary, {pair}")
                if form == "tbx"
                else to_csv(items, domain.name)
            )
            path = out / f"{domain.name}.{pair}.{form}"
            path.write_bytes(data)
            written.append(path)
    return written
