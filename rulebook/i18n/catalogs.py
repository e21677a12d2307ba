"""Catalog files: the domains, where their files are, and their messages looked up.

PO files are read and written by rulebook.i18n.pofiles; templates are extracted,
translations updated and compiled by rulebook.i18n.catalogupdate.

Layout under ``locales/``::

    <domain>.pot                        template: every message of a game (or of ``ui``)
    <lang>/LC_MESSAGES/<domain>.po      translations into <lang>, kept in git
    <lang>/LC_MESSAGES/<domain>.mo      compiled, without fuzzy entries (build artefact)

A domain is a game id, a game's glossary (``<game>.glossary``: its terms and their forms,
rulebook.i18n.glossary), or ``ui`` for the interface strings.

**Every catalog holds every message of its template**, so a PO editor or Weblate counts
the same total in every language. A message already written in the catalog's language (a
French game in ``fr/``, a Ukrainian section in ``uk/``, the interface in ``en/ui.po``) is
a copy of its source flagged ``read-only``: PO editors and Weblate keep translators off it
and count it as done, ``rulebook i18n update`` keeps it equal to the source, and the
status report counts it as ``source``. It is never fuzzy.

Messages come in reading order (the order of the content files), each with comments that
say what and where it is and a reference to its content file (``#: content/nile/rules.yaml``,
no line number: its context is its id). Updates keep diffs small: a source edit that adds
a line would move the line number of every later message, so none is written; an entry
whose meaning did not change keeps its lines exactly as they are in the file, whichever tool
wrapped them last, and a file whose content did not change is not rewritten, so a clean
checkout's ``rulebook i18n update`` changes no byte.
"""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from babel.messages.catalog import Catalog, Message

from rulebook.i18n import glossary
from rulebook.i18n.messages import ExtractError, SourceMessage, extract
from rulebook.i18n.pofiles import (
    MAX_CATALOG_BYTES,
    READ_ONLY,
    WIDTH,
    read_catalog,
    translated,
)
from rulebook.i18n.ui import UI_DOMAIN, UI_LANGUAGE, ui_messages
from schemas.diagnostics import Diagnostic
from schemas.file_reader import read_bytes
from schemas.game import GameContent
from schemas.loader import ContentError, game_folders, load_game

#: What a message of a catalog is, for a reader of one language.
State = Literal["source", "translated", "fuzzy", "missing"]


@dataclass(frozen=True)
class Domain:
    """The messages of one catalog domain: a game, or the interface strings."""

    name: str
    title: str
    source_language: str
    messages: tuple[SourceMessage, ...]
    content: GameContent | None = None
    #: A game's glossary domain (its terms and their forms), not the game's own.
    glossary: bool = False

    @property
    def game(self) -> GameContent | None:
        """The game of a game domain; None for a glossary domain and the interface."""
        return None if self.glossary else self.content

    def by_context(self) -> dict[str, SourceMessage]:
        """The messages keyed by context."""
        return {m.context: m for m in self.messages}

    def to_translate(self, language: str) -> list[SourceMessage]:
        """The messages a reader of ``language`` needs translated."""
        return [m for m in self.messages if m.language != language]


def game_domain(
    content: GameContent,
    folder: Path | None = None,
    messages: Sequence[SourceMessage] | None = None,
) -> Domain:
    """The domain of one game; ``folder`` (its content folder) gives references their lines.

    ``messages`` are the game's messages when already extracted (a site build extracts
    them once, without the translators' comments: neither its pages nor its checks read
    them). Extracted here, each message also lists the glossary terms it uses
    (rulebook.i18n.glossary.TermMarks).
    """
    if content.id == UI_DOMAIN:
        raise ExtractError(f"a game cannot be called {UI_DOMAIN!r}: it is the interface domain")
    return Domain(
        name=content.id,
        title=content.game.names.en,
        source_language=content.game.source_language,
        messages=tuple(
            glossary.TermMarks(content, WIDTH).marked(extract(content, folder))
            if messages is None
            else messages
        ),
        content=content,
    )


def glossary_domain(content: GameContent) -> Domain:
    """The glossary domain of one game: each term's word and forms (rulebook.i18n.glossary)."""
    return Domain(
        name=glossary.domain_name(content.id),
        title=f"{content.game.names.en} glossary",
        source_language=content.game.source_language,
        messages=tuple(glossary.glossary_messages(content)),
        content=content,
        glossary=True,
    )


def ui_domain() -> Domain:
    """The domain of interface strings."""
    return Domain(UI_DOMAIN, "interface", UI_LANGUAGE, tuple(ui_messages()))


def load_domains(
    content_dir: Path, names: Sequence[str] | None = None
) -> tuple[list[Domain], list[Diagnostic]]:
    """The domains of the games in ``content_dir`` (all, or ``names``), each followed by
    its glossary's, plus ``ui``.

    A game named selects its glossary too; ``<game>.glossary`` selects the glossary alone.
    A game whose content does not load is left out and its problems returned, so one
    broken game does not stop the others.
    """
    wanted = {glossary.game_of(n) if n != UI_DOMAIN else n for n in names} if names else None
    domains: list[Domain] = []
    problems: list[Diagnostic] = []
    folders = {folder.name: folder for folder in game_folders(content_dir)}
    for name in sorted(wanted - {UI_DOMAIN} - set(folders)) if wanted else []:
        said = f"unknown game {name!r}; known: {', '.join(sorted(folders))}"
        problems.append(Diagnostic("unknown_game", ("--game",), said, {"value": name}))
    for name, folder in folders.items():
        if wanted is not None and name not in wanted:
            continue
        try:
            content = load_game(folder)
            if names is None or name in names:
                domains.append(game_domain(content, folder))
            if content.glossary is not None and content.glossary.terms:
                domains.append(glossary_domain(content))
        except ContentError as error:
            problems.extend(error.problems)
        except ExtractError as error:
            problems.append(Diagnostic("extract", msg=str(error), file=str(folder)))
    if wanted is None or UI_DOMAIN in wanted:
        domains.append(ui_domain())
    return domains, problems


# ----------------------------------------------------------------------------------------
# Paths
# ----------------------------------------------------------------------------------------


def pot_path(locales: Path, domain: str) -> Path:
    """The template of ``domain``."""
    return locales / f"{domain}.pot"


def po_path(locales: Path, language: str, domain: str) -> Path:
    """The translations of ``domain`` into ``language``."""
    return locales / language / "LC_MESSAGES" / f"{domain}.po"


def mo_path(locales: Path, language: str, domain: str) -> Path:
    """The compiled translations of ``domain`` into ``language``."""
    return po_path(locales, language, domain).with_suffix(".mo")


# ----------------------------------------------------------------------------------------
# Looking messages up
# ----------------------------------------------------------------------------------------


def entries(catalog: Catalog) -> dict[str, Message]:
    """The catalog's current (not obsolete) messages keyed by context."""
    return {str(m.context): m for m in catalog if m.id and m.context}


def load_entries(domain: str, language: str, locales: Path) -> dict[str, Message]:
    """The messages of ``domain`` in ``language``: from the PO file, else the compiled MO.

    The PO file is read first because it is the one kept in git, so a checkout never
    shows translations older than its catalogs. A missing catalog gives no entries.
    """
    po = po_path(locales, language, domain)
    if os.path.lexists(po):  # a broken link is there: the reader refuses it, with why
        try:
            stat = po.stat()
        except OSError:
            return entries(read_catalog(po, language))
        return _po_entries(str(po), language, stat.st_mtime_ns, stat.st_size)
    mo = mo_path(locales, language, domain)
    if os.path.lexists(mo):
        from babel.messages.mofile import read_mo  # a compiled catalog is the rare case

        data = read_bytes(mo, MAX_CATALOG_BYTES, within=locales, what="a compiled catalog")
        return entries(read_mo(io.BytesIO(data)))
    return {}


@functools.lru_cache(maxsize=64)
def _po_entries(path: str, language: str, mtime: int, size: int) -> dict[str, Message]:
    """A PO file's entries, read once per version of the file (a build reads each often)."""
    return entries(_po_catalog(path, language, mtime, size))


@functools.lru_cache(maxsize=64)
def _po_catalog(path: str, language: str, mtime: int, size: int) -> Catalog:
    return read_catalog(Path(path), language)


def read_catalog_once(path: Path, language: str) -> Catalog:
    """:func:`read_catalog`, parsed once per version of the file (its modification time and
    size) and shared: a build's catalog checks and its pages read the same files, and the
    parse is most of their time. Never change what it returns."""
    try:
        stat = path.stat()
    except OSError:
        return read_catalog(path, language)  # the reader says why it cannot be read
    return _po_catalog(str(path), language, stat.st_mtime_ns, stat.st_size)


def state(message: SourceMessage, entry: Message | None, language: str) -> State:
    """What a reader of ``language`` gets for ``message``.

    ``source``: it is written in ``language``. ``translated``: its translation is current.
    ``fuzzy``: a translation exists but was made for another text (marked fuzzy, or the
    catalog was not updated since the source changed). ``missing``: nothing usable.
    """
    if message.language == language:
        return "source"
    if entry is None or not translated(entry) or READ_ONLY in entry.flags:
        return "missing"
    entry_id = entry.id if isinstance(entry.id, str) else tuple(entry.id)
    if entry.fuzzy or entry_id != message.msgid:
        return "fuzzy"
    return "translated"
