"""Catalog files: extract templates, update translations, compile them; read them back.

Layout under ``locales/``::

    <domain>.pot                        template: every message of a game (or of ``ui``)
    <lang>/LC_MESSAGES/<domain>.po      translations into <lang>, kept in git
    <lang>/LC_MESSAGES/<domain>.mo      compiled, without fuzzy entries (build artefact)

A domain is a game id, or ``ui`` for the interface strings.

**The source language needs no catalog.** A language's PO file holds only the messages
written in another language: for a game written in French, ``fr/.../<game>.po`` does not
exist, unless some of its sections came in Ukrainian, in which case it holds just those.
The status report counts messages already in the reader's language as done, and the
run-time lookup returns them as they are.

Updates keep diffs small: messages are sorted by context (with numbers in natural order),
lines wrap at 76 columns, file locations carry no line numbers, and a file whose content did
not change is not rewritten, so its header dates do not move.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import PoFileError, normalize, read_po, unescape, write_po

from rulebook.i18n.messages import ExtractError, SourceMessage, extract
from rulebook.i18n.ui import UI_DOMAIN, UI_LANGUAGE, ui_messages
from schemas.game import GameContent
from schemas.loader import ContentError, game_folders, load_game

#: Line width of written catalogs.
WIDTH = 76

#: Flags the tools compute from the source text; a translator's own flags are kept.
_FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})

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

    def by_context(self) -> dict[str, SourceMessage]:
        """The messages keyed by context."""
        return {m.context: m for m in self.messages}

    def to_translate(self, language: str) -> list[SourceMessage]:
        """The messages a reader of ``language`` needs translated."""
        return [m for m in self.messages if m.language != language]


def game_domain(content: GameContent) -> Domain:
    """The domain of one game."""
    if content.id == UI_DOMAIN:
        raise ExtractError(f"a game cannot be called {UI_DOMAIN!r}: it is the interface domain")
    return Domain(
        name=content.id,
        title=content.game.names.en,
        source_language=content.game.source_language,
        messages=tuple(extract(content)),
        content=content,
    )


def ui_domain() -> Domain:
    """The domain of interface strings."""
    return Domain(UI_DOMAIN, "interface", UI_LANGUAGE, tuple(ui_messages()))


def load_domains(
    content_dir: Path, names: Sequence[str] | None = None
) -> tuple[list[Domain], list[str]]:
    """The domains of the games in ``content_dir`` (all, or ``names``) plus ``ui``.

    A game whose content does not load is left out and its problems returned, so one
    broken game does not stop the others.
    """
    wanted = set(names) if names else None
    domains: list[Domain] = []
    problems: list[str] = []
    folders = {folder.name: folder for folder in game_folders(content_dir)}
    for name in sorted(wanted - {UI_DOMAIN} - set(folders)) if wanted else []:
        problems.append(f"unknown game {name!r}; known: {', '.join(sorted(folders))}")
    for name, folder in folders.items():
        if wanted is not None and name not in wanted:
            continue
        try:
            domains.append(game_domain(load_game(folder)))
        except ContentError as error:
            problems.extend(str(p) for p in error.problems)
        except ExtractError as error:
            problems.append(str(error))
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
# Reading and writing
# ----------------------------------------------------------------------------------------


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    """Parse a PO or POT file; raises babel's ``PoFileError`` on a syntax error.

    Babel reads ``#|`` lines (a fuzzy message's previous source) as translator comments;
    they are turned back into ``previous_id`` here.
    """
    with path.open("rb") as stream:
        catalog = read_po(stream, locale=language, abort_invalid=True)
    for message in catalog:
        previous = [c for c in message.user_comments if c.startswith("|")]
        if previous:
            message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
            message.previous_id = _parse_previous([c[1:].strip() for c in previous])
    return catalog


def _parse_previous(lines: list[str]) -> list[str]:
    """``msgid "..."`` / ``"..."`` / ``msgid_plural "..."`` lines as a list of texts."""
    texts: list[str] = []
    for line in lines:
        keyword, _, rest = line.partition(" ")
        if keyword in {"msgid", "msgid_plural"}:
            texts.append(unescape(rest.strip()) if rest.strip() else "")
        elif line.startswith('"') and texts:
            texts[-1] += unescape(line)
    return texts


def _previous_lines(previous: Sequence[str]) -> list[str]:
    """The ``#|`` lines for a previous source, wrapped like a msgid."""
    lines: list[str] = []
    for keyword, text in zip(("msgid", "msgid_plural"), previous, strict=False):
        first, *more = normalize(text, width=WIDTH).split("\n")
        lines.append(f"#| {keyword} {first}")
        lines.extend(f"#| {part}" for part in more)
    return lines


def _render(catalog: Catalog, keep_obsolete: bool = False) -> bytes:
    """The catalog as PO text.

    babel wraps ``#|`` lines as prose, which breaks a long previous msgid; each block of
    them is rewritten the way msgmerge writes it.
    """
    stream = io.BytesIO()
    write_po(
        stream,
        catalog,
        width=WIDTH,
        include_previous=True,
        include_lineno=False,
        ignore_obsolete=not keep_obsolete,
    )
    previous = [m.previous_id for m in catalog if m.id and m.previous_id]
    lines: list[str] = []
    block = 0
    for line in stream.getvalue().decode(catalog.charset).split("\n"):
        if not line.startswith("#|"):
            lines.append(line)
        elif not lines or not lines[-1].startswith("#|"):
            lines.extend(_previous_lines(previous[block]))
            block += 1
    return "\n".join(lines).encode(catalog.charset)


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(second=0, microsecond=0)


def _add(catalog: Catalog, message: SourceMessage) -> None:
    added = catalog.add(
        message.msgid,
        context=message.context,
        locations=[(message.file, 0)],
        auto_comments=message.comments,
    )
    added.flags = set(message.flags)  # babel guesses formats; ours are known


def template(
    domain: Domain,
    creation_date: datetime.datetime | None = None,
    messages: Iterable[SourceMessage] | None = None,
) -> Catalog:
    """The template catalog of ``domain`` (or of a subset of its ``messages``)."""
    catalog = Catalog(
        domain=domain.name,
        project="rulebook",
        version=domain.name,
        creation_date=creation_date or _now(),
        fuzzy=False,
        header_comment=(
            f"# Messages of {domain.title} ({domain.name}), written in "
            f"{Locale.parse(domain.source_language).english_name}.\n"
            "# Generated by `rulebook i18n extract`: do not edit."
        ),
    )
    catalog.msgid_bugs_address = ""
    catalog.last_translator = ""
    catalog.language_team = ""
    for message in domain.messages if messages is None else messages:
        _add(catalog, message)
    return catalog


def template_date(locales: Path, domain: str) -> datetime.datetime | None:
    """The creation date of the domain's template file, if it exists and reads."""
    path = pot_path(locales, domain)
    if not path.exists():
        return None
    try:
        date = read_catalog(path).creation_date
    except (OSError, ValueError, PoFileError):  # an unreadable template is simply replaced
        return None
    return date if isinstance(date, datetime.datetime) else None


def template_bytes(domain: Domain, locales: Path) -> bytes | None:
    """What ``<domain>.pot`` should hold, dated like the file there; None without one."""
    previous = template_date(locales, domain.name)
    return None if previous is None else _render(template(domain, previous))


def write_template(domain: Domain, locales: Path) -> tuple[bool, datetime.datetime]:
    """Write ``<domain>.pot``; return whether it changed, and its creation date.

    The creation date moves only when the messages do, so an extraction that finds the
    same messages leaves the file untouched.
    """
    path = pot_path(locales, domain.name)
    previous = template_date(locales, domain.name)
    if previous is not None and path.read_bytes() == template_bytes(domain, locales):
        return False, previous
    date = _now()
    _write_if_changed(path, _render(template(domain, date)))
    return True, date


@dataclass
class UpdateResult:
    """What updating one PO file did."""

    path: Path
    written: bool = False
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line for the terminal."""
        state = "updated" if self.written else "unchanged"
        return (
            f"{self.path}: {state} (+{len(self.added)} new, {len(self.changed)} fuzzy, "
            f"-{len(self.removed)} removed)"
        )


def new_catalog(domain: Domain, language: str, creation_date: datetime.datetime) -> Catalog:
    """An empty translation catalog of ``domain`` into ``language``."""
    name = Locale.parse(language).english_name
    catalog = Catalog(
        locale=language,
        domain=domain.name,
        project="rulebook",
        version=domain.name,
        creation_date=creation_date,
        fuzzy=False,
        header_comment=(
            f"# {name} translation of {domain.title} ({domain.name}).\n"
            "# Translate msgstr only; `rulebook i18n update` does the rest.\n"
            "# A fuzzy message's source changed: its old source follows #|."
        ),
    )
    catalog.msgid_bugs_address = ""
    catalog.last_translator = ""
    catalog.language_team = str(name)
    return catalog


def _carry_over_by_context(catalog: Catalog) -> list[str]:
    """Give a changed message its old translation, marked fuzzy, matched by context.

    Babel's own fuzzy matching compares message ids only and ignores contexts, so it can
    hand a message another message's translation. Contexts are stable here, so a message
    whose context is known under an older text is the same message, changed.
    """
    old_by_context = {
        message.context: key
        for key, message in catalog.obsolete.items()
        if message.context and message.string
    }
    changed: list[str] = []
    for message in catalog:
        if not message.id or message.string or message.context not in old_by_context:
            continue
        old = catalog.obsolete[old_by_context[message.context]]
        if isinstance(old.string, str) != isinstance(message.id, str):
            continue  # singular became plural or back: start again
        del catalog.obsolete[old_by_context[message.context]]
        message.string = old.string
        message.user_comments = list(old.user_comments)
        message.flags |= (old.flags - _FORMAT_FLAGS) | {"fuzzy"}
        # A message already fuzzy keeps the text its translation was made for.
        previous = old.previous_id if old.fuzzy and old.previous_id else old.id
        message.previous_id = [previous] if isinstance(previous, str) else list(previous)
        changed.append(str(message.context))
    return changed


def update_catalog(
    domain: Domain,
    language: str,
    locales: Path,
    creation_date: datetime.datetime | None = None,
    keep_obsolete: bool = False,
) -> UpdateResult:
    """Bring ``<language>/LC_MESSAGES/<domain>.po`` in step with the domain's messages.

    New messages come in untranslated; a message whose text changed keeps its translation,
    marked fuzzy with the former text as ``#| msgid``; messages gone from the source are
    dropped (or kept as ``#~`` with ``keep_obsolete``). Nothing is written when no message
    needs translating into ``language`` and no file exists yet.
    """
    path = po_path(locales, language, domain.name)
    result = UpdateResult(path)
    wanted = domain.to_translate(language)
    if not wanted and not path.exists():
        return result
    date = creation_date or template_date(locales, domain.name) or _now()
    pot = template(domain, date, wanted)
    exists = path.exists()
    catalog = read_catalog(path, language) if exists else new_catalog(domain, language, date)
    old_date = catalog.creation_date
    before = {str(m.context): m for m in catalog if m.id}
    catalog.update(pot, no_fuzzy_matching=True, update_creation_date=True)
    result.changed = _carry_over_by_context(catalog)
    for message in catalog:
        kept = before.get(str(message.context))
        if message.fuzzy and not message.previous_id and kept is not None and kept.id == message.id:
            message.previous_id = list(kept.previous_id)  # babel's update forgets it
    flags = {m.context: m.flags for m in pot}
    for message in catalog:
        if message.id:
            message.flags = (message.flags - _FORMAT_FLAGS) | flags[message.context]
    after = {str(m.context) for m in catalog if m.id}
    result.added = sorted(after - set(before))
    result.removed = sorted(set(before) - after)
    if exists:
        # When only other languages' messages changed the template, keep this file's date.
        catalog.creation_date = old_date
        if path.read_bytes() == _render(catalog, keep_obsolete):
            return result
        catalog.creation_date = date
    result.written = _write_if_changed(path, _render(catalog, keep_obsolete))
    return result


def strings(message: Message) -> list[str]:
    """The translation of ``message`` as a list of forms (one unless plural)."""
    string = message.string
    if string is None:
        return [""]
    return [string] if isinstance(string, str) else [s or "" for s in string]


def translated(message: Message) -> bool:
    """Whether every form of ``message`` has text (blank text does not count)."""
    return all(form.strip() for form in strings(message))


def compile_catalog(domain: Domain, language: str, locales: Path) -> Path | None:
    """Compile a PO file to MO, leaving fuzzy and blank entries out; None if no PO."""
    path = po_path(locales, language, domain.name)
    if not path.exists():
        return None
    catalog = read_catalog(path, language)
    for message in list(catalog):
        if message.id and (message.fuzzy or not translated(message)):
            catalog.delete(message.id, context=message.context)
    stream = io.BytesIO()
    write_mo(stream, catalog, use_fuzzy=False)
    target = mo_path(locales, language, domain.name)
    _write_if_changed(target, stream.getvalue())
    return target


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
    if po.exists():
        return entries(read_catalog(po, language))
    mo = mo_path(locales, language, domain)
    if mo.exists():
        with mo.open("rb") as stream:
            return entries(read_mo(stream))
    return {}


def state(message: SourceMessage, entry: Message | None, language: str) -> State:
    """What a reader of ``language`` gets for ``message``.

    ``source``: it is written in ``language``. ``translated``: its translation is current.
    ``fuzzy``: a translation exists but was made for another text (marked fuzzy, or the
    catalog was not updated since the source changed). ``missing``: nothing usable.
    """
    if message.language == language:
        return "source"
    if entry is None or not translated(entry):
        return "missing"
    entry_id = entry.id if isinstance(entry.id, str) else tuple(entry.id)
    if entry.fuzzy or entry_id != message.msgid:
        return "fuzzy"
    return "translated"
