"""Catalog files: extract templates, update translations, compile them; read them back.

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

import datetime
import functools
import io
import os
import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import PoFileError, normalize, read_po, unescape, write_po

from rulebook.i18n import glossary
from rulebook.i18n.merge import READ_ONLY, MergeResult, merge
from rulebook.i18n.messages import ExtractError, SourceMessage, extract
from rulebook.i18n.numbers import plural_comment
from rulebook.i18n.typography import typeset
from rulebook.i18n.ui import UI_DOMAIN, UI_LANGUAGE, ui_messages
from schemas.diagnostics import Diagnostic
from schemas.file_reader import read_bytes
from schemas.game import GameContent
from schemas.loader import ContentError, game_folders, load_game

#: Line width of written catalogs.
WIDTH = 76

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


def locales_of(path: Path) -> Path:
    """The locales folder a catalog belongs in (``<locales>/<lang>/LC_MESSAGES/<x>.po`` or
    ``<locales>/<x>.pot``): the one folder its real place must be in."""
    folder = path.parent
    return folder.parent.parent if folder.name == "LC_MESSAGES" else folder


def catalog_bytes(path: Path) -> bytes:
    """A catalog's bytes, from the bounded reader: ``RefusedFile`` unless it is safe to read."""
    return read_bytes(path, MAX_CATALOG_BYTES, within=locales_of(path), what="a catalog")


def po_path(locales: Path, language: str, domain: str) -> Path:
    """The translations of ``domain`` into ``language``."""
    return locales / language / "LC_MESSAGES" / f"{domain}.po"


def mo_path(locales: Path, language: str, domain: str) -> Path:
    """The compiled translations of ``domain`` into ``language``."""
    return po_path(locales, language, domain).with_suffix(".mo")


# ----------------------------------------------------------------------------------------
# Reading and writing
# ----------------------------------------------------------------------------------------


#: The most bytes a catalog may hold: eight times the largest one today (518 kB). A
#: catalog is read whole and every message checked, so a bigger one is refused unread.
MAX_CATALOG_BYTES = 4_000_000
#: The most characters one text of a catalog (a msgid, a msgstr or one of its plural forms)
#: may hold: twice the longest text content may hold (schemas.common.Text, 20,000).
MAX_MESSAGE_CHARS = 40_000


class CatalogRefused(PoFileError):
    """A catalog that parses, or need not be parsed, but is refused: too large, a text too long.

    A ``PoFileError``, so every caller that copes with a catalog that does not parse copes
    with this one; its message says what is wrong without "does not parse".
    """

    def __init__(self, message: str, lineno: int = 0) -> None:
        super().__init__(message, Catalog(), "", lineno)
        self.message = message

    def __str__(self) -> str:
        return self.message


#: One line of a PO file that holds a string: an optional keyword, then one whole quoted
#: string. (Babel takes a string without its closing quote as if it had one, and
#: translate-toolkit and msgfmt refuse it, so it is refused here first.)
_STRING_LINE = re.compile(
    r'(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)?\s*"(?:[^"\\]|\\.)*"\s*'
)


def _unterminated_line(text: str) -> int | None:
    """The first line (from 0) of a PO text whose string has no closing quote, if any."""
    for number, line in enumerate(text.splitlines()):
        stripped = line.strip()
        is_string = '"' in stripped and not stripped.startswith("#")
        if is_string and _STRING_LINE.fullmatch(stripped) is None:
            return number
    return None


def _too_long(catalog: Catalog) -> Message | None:
    """The first message with a text longer than MAX_MESSAGE_CHARS, if any."""
    for message in catalog:
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        texts = [*ids, message.context or "", *strings(message)]
        if any(len(text or "") > MAX_MESSAGE_CHARS for text in texts):
            return message
    return None


def _parse_bounded(data: bytes, language: str | None) -> Catalog:
    """A catalog's bytes (read within MAX_CATALOG_BYTES) parsed, refused when a string is
    not closed or a text is too long."""
    catalog = read_po(io.BytesIO(data), locale=language, abort_invalid=True)
    unterminated = _unterminated_line(data.decode(catalog.charset or "utf-8"))
    if unterminated is not None:
        raise PoFileError("a string without its closing quote", catalog, "", unterminated)
    long = _too_long(catalog)
    if long is not None:
        raise CatalogRefused(
            f"{long.context or long.id!s:.60}: a text longer than {MAX_MESSAGE_CHARS:,} "
            "characters, the most a message may hold",
            (long.lineno or 1) - 1,
        )
    return catalog


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    """Parse a PO or POT file; raises babel's ``PoFileError`` when it cannot be read or parsed.

    The bytes come from the project's bounded reader: a catalog that is a named pipe, a
    device, a loop of links, a link leading out of its locales folder or larger than
    :data:`MAX_CATALOG_BYTES` is refused with schemas.file_reader's ``RefusedFile``, whose
    message names the file and says why.

    Babel reads ``#|`` lines (a fuzzy message's previous source) as translator comments;
    they are turned back into ``previous_id`` here. A text longer than MAX_MESSAGE_CHARS
    is refused (CatalogRefused, a ``PoFileError``), and so is a string without its closing
    quote.
    """
    data = catalog_bytes(path)
    try:
        catalog = _parse_bounded(data, language)
    except PoFileError as error:
        error.file = str(path)  # type: ignore[attr-defined]  # for rulebook.errors.explain
        raise
    except (OSError, UnicodeError, LookupError) as error:
        # A folder, bytes that are not the declared charset, an unknown charset: the same
        # kind of failure for every caller as a catalog that does not parse.
        unread = PoFileError(f"cannot be read ({type(error).__name__})", Catalog(), "", 0)
        unread.file = str(path)  # type: ignore[attr-defined]
        raise unread from None
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
    them is rewritten the way msgmerge writes it. The file ends with one newline, as
    translate-toolkit (and so Weblate) and msgmerge end it, not babel's blank line.
    """
    stream = io.BytesIO()
    write_po(
        stream,
        catalog,
        width=WIDTH,
        include_previous=True,
        include_lineno=False,  # a line number would move with every edit above it
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
    return ("\n".join(lines).rstrip("\n") + "\n").encode(catalog.charset)


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and catalog_bytes(path) == data:
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
        locations=[message.location],
        auto_comments=message.comments,
    )
    added.flags = set(message.flags)  # babel guesses formats; ours are known


_CONTEXT_LINE = re.compile(r'^(?:#~ )?msgctxt "((?:[^"\\]|\\.)*)"$', re.MULTILINE)


def _blocks(text: str) -> tuple[str, dict[str, str]]:
    """A PO text as its header block and its entry blocks keyed by context."""
    header = ""
    found: dict[str, str] = {}
    for block in re.split(r"\n\n+", text.strip("\n")):
        match = _CONTEXT_LINE.search(block)
        if match is None:
            if not header:
                header = block
            continue
        found.setdefault(unescape(f'"{match[1]}"'), block)
    return header, found


def _references(block: str) -> list[str]:
    return [line for line in block.split("\n") if line.startswith("#:")]


def _with_references(old: str, new: str) -> str:
    """The ``old`` block with the ``#:`` references of the ``new`` one.

    The references are all this module writes of them (a catalog written with line numbers
    by an older version, or by another tool, loses them on its next update); the rest of the
    old block is kept as it is.
    """
    old_references, new_references = _references(old), _references(new)
    if old_references == new_references:
        return old
    lines = old.split("\n")
    if not old_references:
        return new
    at = lines.index(old_references[0])
    kept = [line for line in lines if not line.startswith("#:")]
    return "\n".join([*kept[:at], *new_references, *kept[at:]])


def _keep_unchanged(new_text: str, old_text: str, old_rendered: str) -> str:
    """``new_text`` with every block that means what an old one means written as it was.

    ``old_rendered`` is the old file parsed and written again by this module: where a new
    block equals its old rendering, the old file's own lines are kept, so a catalog saved by
    Poedit, Weblate or msgmerge is not rewrapped by an update that changes nothing in it.
    The file ends with one newline, the way translate-toolkit writes it back (a blank line
    left at the end by an older writer goes).
    """
    new_header, new_blocks = _blocks(new_text)
    old_header, old_blocks = _blocks(old_text)
    rendered_header, rendered_blocks = _blocks(old_rendered)
    out = [old_header if new_header == rendered_header and old_header else new_header]
    for context, block in new_blocks.items():
        same = rendered_blocks.get(context) == block and context in old_blocks
        out.append(_with_references(old_blocks[context], block) if same else block)
    return "\n\n".join(out) + "\n"


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
    if not os.path.lexists(path):  # (a broken link is refused by the reader, not replaced)
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
    expected = template_bytes(domain, locales)
    # The same messages, at most ending as an older writer ended them: the date stays.
    same = expected is not None and catalog_bytes(path).rstrip(b"\n") == expected.rstrip(b"\n")
    if previous is not None and expected is not None and same:
        return _write_if_changed(path, expected), previous
    date = _now()
    _write_if_changed(path, _render(template(domain, date)))
    return True, date


@dataclass
class UpdateResult:
    """What updating one PO file did, each current message counted at most once.

    ``added``: messages to translate from scratch (a text the catalog did not hold).
    ``changed``: messages whose source text changed in place: made fuzzy (also listed in
    ``fuzzy``), a read-only copy rewritten, or an untranslated entry given its new text.
    ``moved``: translations carried to a new context by their unchanged source text.
    ``removed``: contexts gone from the source whose translation went nowhere (obsolete:
    dropped, or kept as ``#~`` with ``keep_obsolete``).
    """

    path: Path
    written: bool = False
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    #: Messages this update made fuzzy.
    fuzzy: list[str] = field(default_factory=list)
    #: Fuzzy messages in the catalog after the update (made fuzzy now or before).
    fuzzy_total: int = 0
    #: Template messages translated from their copies' entries (rulebook.i18n.merge), and
    #: those whose copies' translations differed beyond the number, with the copies'.
    from_copies: list[str] = field(default_factory=list)
    differing: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for the terminal."""
        state = "updated" if self.written else "unchanged"
        moved = f", {len(self.moved)} moved" if self.moved else ""
        if self.from_copies:
            moved += f", {len(self.from_copies)} from template copies"
        return (
            f"{self.path}: {state} ({len(self.added)} new, {len(self.changed)} changed "
            f"({len(self.fuzzy)} made fuzzy){moved}, {len(self.removed)} obsolete; "
            f"{self.fuzzy_total} fuzzy in all)"
        )


def _count(
    result: UpdateResult, catalog: Catalog, old: Catalog | None, merged: MergeResult
) -> None:
    """Fill ``result``'s counts by comparing the merged catalog with the old one."""
    before = entries(old) if old is not None else {}
    old_texts = {_msgid(m) for m in before.values()}
    moved = set(merged.moved) | set(merged.from_copies)
    result.moved, result.fuzzy = list(merged.moved), list(merged.changed)
    result.from_copies, result.differing = list(merged.from_copies), dict(merged.differing)
    made_fuzzy = set(merged.changed)
    for context, message in entries(catalog).items():
        previous = before.get(context)
        if context in moved or (previous is not None and _msgid(previous) == _msgid(message)):
            continue
        was_blank = previous is not None and (
            not translated(previous) or READ_ONLY in previous.flags
        )
        copy_rewritten = READ_ONLY in message.flags and previous is not None
        if context in made_fuzzy or copy_rewritten or (was_blank and not translated(message)):
            result.changed.append(context)
        elif _msgid(message) not in old_texts or not translated(message):
            result.added.append(context)
    # A context gone whose text lives on under another one (moved) is not lost.
    carried = {_msgid(m) for c, m in entries(catalog).items() if c in moved}
    used = set(merged.copies_used)
    result.removed = [
        c for c in merged.removed if _msgid(before[c]) not in carried and c not in used
    ]
    result.fuzzy_total = sum(1 for m in catalog if m.id and m.fuzzy)


def _msgid(message: Message) -> str | tuple[str, ...]:
    return message.id if isinstance(message.id, str) else tuple(message.id)


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
            + "".join(
                f"\n# {line}"
                for paragraph in plural_comment(language)
                for line in textwrap.wrap(paragraph, WIDTH - 2)
            )
        ),
    )
    catalog.msgid_bugs_address = ""
    catalog.last_translator = ""
    catalog.language_team = str(name)
    return catalog


def _copy_header(catalog: Catalog, old: Catalog) -> None:
    """Keep what PO editors and Weblate wrote in the header (translator, team, dates)."""
    catalog.last_translator = old.last_translator
    catalog.language_team = old.language_team
    catalog.revision_date = old.revision_date
    catalog.creation_date = old.creation_date


def update_catalog(
    domain: Domain,
    language: str,
    locales: Path,
    creation_date: datetime.datetime | None = None,
    keep_obsolete: bool = False,
) -> UpdateResult:
    """Bring ``<language>/LC_MESSAGES/<domain>.po`` in step with the domain's messages.

    Every message of the domain is in the result (rulebook.i18n.merge says what becomes of
    each translation); messages gone from the source are dropped (or kept as ``#~`` with
    ``keep_obsolete``). The file is written only when its meaning changed, and the entries
    that did not change keep their exact lines.
    """
    path = po_path(locales, language, domain.name)
    result = UpdateResult(path)
    date = creation_date or template_date(locales, domain.name) or _now()
    exists = path.exists()
    old = read_catalog(path, language) if exists else None
    catalog = new_catalog(domain, language, date)
    if old is not None:
        _copy_header(catalog, old)
    for message in domain.messages:
        _add(catalog, message)
    merged = merge(catalog, old, domain.messages, language)
    _count(result, catalog, old, merged)
    if not keep_obsolete:
        catalog.obsolete.clear()
    if old is not None and old.creation_date != date:
        # The template moved: say so in the header, unless nothing else changed.
        unchanged = _render_kept(catalog, path, old, keep_obsolete)
        catalog.creation_date = date
        if unchanged == catalog_bytes(path):
            return result
    data = _render_kept(catalog, path, old, keep_obsolete)
    result.written = _write_if_changed(path, data)
    return result


def _render_kept(catalog: Catalog, path: Path, old: Catalog | None, keep_obsolete: bool) -> bytes:
    """The catalog as PO text, unchanged entries written as ``path`` has them."""
    text = _render(catalog, keep_obsolete).decode("utf-8")
    if old is None or not path.exists():
        return _keep_unchanged(text, "", "").encode("utf-8")
    old_text = catalog_bytes(path).decode("utf-8")
    old_rendered = _render(old, keep_obsolete).decode("utf-8")
    return _keep_unchanged(text, old_text, old_rendered).encode("utf-8")


def typeset_catalog(domain: Domain, language: str, locales: Path) -> list[str]:
    """Typeset every translation of one catalog in place; returns the contexts changed.

    Only ``msgstr`` changes (rulebook.i18n.typography); the copies of the source are left
    to ``update``, and unchanged entries keep their exact lines.
    """
    path = po_path(locales, language, domain.name)
    if not path.exists():
        return []
    catalog = read_catalog(path, language)
    changed: list[str] = []
    for message in catalog:
        if not message.id or READ_ONLY in message.flags or not message.string:
            continue
        if isinstance(message.string, str):
            new: str | list[str] = typeset(message.string, language)
        else:
            new = [typeset(form or "", language) for form in message.string]
        before = message.string if isinstance(message.string, str) else list(message.string)
        if new != before:
            message.string = new
            changed.append(str(message.context))
    if changed:
        data = _render_kept(catalog, path, read_catalog(path, language), keep_obsolete=True)
        _write_if_changed(path, data)
    return changed


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
    if os.path.lexists(po):  # a broken link is there: the reader refuses it, with why
        try:
            stat = po.stat()
        except OSError:
            return entries(read_catalog(po, language))
        return _po_entries(str(po), language, stat.st_mtime_ns, stat.st_size)
    mo = mo_path(locales, language, domain)
    if os.path.lexists(mo):
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
