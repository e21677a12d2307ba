"""PO files read and written: bounded reading (a catalog past MAX_CATALOG_BYTES or with a
message past MAX_MESSAGE_CHARS is refused unread), rendering at the catalogs' WIDTH, and
writing that keeps the lines of every unchanged entry as they are in the file, so a clean
checkout's ``rulebook i18n update`` changes no byte."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, normalize, read_po, unescape, write_po

from schemas.file_reader import read_bytes

#: Line width of written catalogs.
WIDTH = 76

#: The flag of a message copied from the source (Weblate and PO editors honour it).
READ_ONLY = "read-only"


def locales_of(path: Path) -> Path:
    """The locales folder a catalog belongs in (``<locales>/<lang>/LC_MESSAGES/<x>.po`` or
    ``<locales>/<x>.pot``): the one folder its real place must be in."""
    folder = path.parent
    return folder.parent.parent if folder.name == "LC_MESSAGES" else folder


def catalog_bytes(path: Path) -> bytes:
    """A catalog's bytes, from the bounded reader: ``RefusedFile`` unless it is safe to read."""
    return read_bytes(path, MAX_CATALOG_BYTES, within=locales_of(path), what="a catalog")


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


#: A line of a PO text (each of its lines after a "\n") that holds a quote, does not start
#: with "#" and is not an optional keyword then one whole quoted string. (Babel takes a
#: string without its closing quote as if it had one, and translate-toolkit and msgfmt
#: refuse it, so it is refused here first.) One search of the whole text: tried line by
#: line, this was a third of reading a catalog. It starts with the "\n" before the line,
#: not with ``^``: the search then jumps from line break to line break instead of trying
#: every character, which halves its time.
_UNCLOSED_STRING_LINE = re.compile(
    r'\n[^\S\n]*+(?!#)(?=[^\n]*")'
    r'(?!(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)?[^\S\n]*"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"[^\S\n]*$)',
    re.MULTILINE,
)


def _unterminated_line(text: str) -> int | None:
    """The first line (from 0) of a PO text whose string has no closing quote, if any."""
    lines = "\n" + "\n".join(text.splitlines())  # every line break Python knows, as "\n"
    found = _UNCLOSED_STRING_LINE.search(lines)
    # The "\n" a line's match starts with is the one before it: not counted.
    return None if found is None else lines.count("\n", 0, found.start())


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


def render(catalog: Catalog, keep_obsolete: bool = False) -> bytes:
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


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and catalog_bytes(path) == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


_CONTEXT_LINE = re.compile(r'^(?:#~ )?msgctxt "((?:[^"\\]|\\.)*)"$', re.MULTILINE)


def blocks(text: str) -> tuple[str, dict[str, str]]:
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


def keep_unchanged(new_text: str, old_text: str, old_rendered: str) -> str:
    """``new_text`` with every block that means what an old one means written as it was.

    ``old_rendered`` is the old file parsed and written again by this module: where a new
    block equals its old rendering, the old file's own lines are kept, so a catalog saved by
    Poedit, Weblate or msgmerge is not rewrapped by an update that changes nothing in it.
    The file ends with one newline, the way translate-toolkit writes it back (a blank line
    left at the end by an older writer goes).
    """
    new_header, new_blocks = blocks(new_text)
    old_header, old_blocks = blocks(old_text)
    rendered_header, rendered_blocks = blocks(old_rendered)
    out = [old_header if new_header == rendered_header and old_header else new_header]
    for context, block in new_blocks.items():
        same = rendered_blocks.get(context) == block and context in old_blocks
        out.append(_with_references(old_blocks[context], block) if same else block)
    return "\n\n".join(out) + "\n"


def strings(message: Message) -> list[str]:
    """The translation of ``message`` as a list of forms (one unless plural)."""
    string = message.string
    if string is None:
        return [""]
    return [string] if isinstance(string, str) else [s or "" for s in string]


def translated(message: Message) -> bool:
    """Whether every form of ``message`` has text (blank text does not count)."""
    return all(form.strip() for form in strings(message))
