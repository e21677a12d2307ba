"""The reviewed state of a translation, kept in the PO file beside it.

A reviewer marks a translation reviewed with a translator comment::

    # rulebook: reviewed 3f9a0c1e2b7d
    msgctxt "rules.harvest.body.1"
    msgid "..."
    msgstr "..."

The twelve hex digits are a digest of the message's context, its source and its translation
as they were when the reviewer read them, so the mark stops counting the moment either text
changes, whoever changes it (Poedit, Weblate, a text editor, ``rulebook i18n update``): a
translation edited after its review is unreviewed again, with no tool needing to remember to
drop a flag. ``rulebook i18n review`` writes the marks.

Why a comment and not a flag: Weblate's own "Approved" state is not stored in gettext PO
files (its table of format capabilities lists only "needs editing", the ``fuzzy`` flag, for
PO, and "needs editing, approved" for XLIFF), so no convention Weblate reads exists for
PO. A translator comment is what every PO editor shows and keeps, Weblate included
(translate-toolkit's PO storage writes it back as it was), and it is how the project's
waivers are already written (``# rulebook: ignore-same``). Poedit cannot set a custom flag;
it can write a comment.

A language whose entry in content/languages.yaml says ``require_review: true`` has every
translation of a game it must publish complete checked for this mark by ``rulebook i18n
check --complete``; the translators' preview (``rulebook serve --drafts``) marks the
translations still unreviewed there.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import unescape

from rulebook.i18n.merge import REVIEW_PREFIX
from rulebook.i18n.pofiles import READ_ONLY, catalog_bytes, strings, translated

#: What a review comment starts with, after ``# ``.
PREFIX = REVIEW_PREFIX
#: Hex digits of the digest a review comment carries.
DIGEST_LENGTH = 12

_COMMENT = re.compile(rf"^\s*{re.escape(PREFIX)}\s+([0-9a-f]{{{DIGEST_LENGTH}}})\s*$")
_COMMENT_LINE = re.compile(rf"^#\s+{re.escape(PREFIX)}\b.*$")
_CONTEXT_LINE = re.compile(r'^msgctxt "((?:[^"\\]|\\.)*)"$', re.MULTILINE)


def digest(context: str, msgid: str | tuple[str, ...], forms: list[str]) -> str:
    """The digest a review of this context, source and translation carries."""
    ids = [msgid] if isinstance(msgid, str) else list(msgid)
    text = "\x04".join([context, *ids]) + "\x00" + "\x00".join(forms)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def entry_digest(entry: Message) -> str:
    """The digest of ``entry`` as it is now."""
    msgid = entry.id if isinstance(entry.id, str) else tuple(entry.id)
    return digest(str(entry.context or ""), msgid, strings(entry))


def review_comment(entry: Message) -> str:
    """The translator comment (without ``# ``) that marks ``entry`` reviewed as it is now."""
    return f"{PREFIX} {entry_digest(entry)}"


def marked_digests(entry: Message) -> list[str]:
    """The digests of the review comments ``entry`` carries (none if never reviewed)."""
    return [m[1] for m in map(_COMMENT.match, entry.user_comments) if m]


def is_reviewed(entry: Message) -> bool:
    """Whether ``entry`` carries a review of its current source and translation.

    A fuzzy or empty entry is never reviewed: a review is of a translation in use.
    """
    if entry.fuzzy or not translated(entry):
        return False
    marks = marked_digests(entry)
    # Most entries carry no mark: their digest is not worked out (a status page counts all).
    return bool(marks) and entry_digest(entry) in marks


def review_problem(entry: Message) -> str | None:
    """Why ``entry`` does not count as reviewed (None when it does), with its msgid."""
    if is_reviewed(entry):
        return None
    msgid = entry.id if isinstance(entry.id, str) else entry.id[0]
    shown = msgid if len(msgid) <= 60 else msgid[:59] + "…"
    if marked_digests(entry):
        return f"reviewed for another text, changed since: review it again (msgid {shown!r})"
    return f"not reviewed yet (msgid {shown!r}): `rulebook i18n review`"


@dataclass(frozen=True)
class Marked:
    """What marking a catalog changed: the contexts marked, those not found or not eligible."""

    marked: tuple[str, ...]
    skipped: tuple[str, ...]


def mark_reviewed(path: Path, entries: dict[str, Message], contexts: Collection[str]) -> Marked:
    """Write the review comment of each of ``contexts`` into the catalog at ``path``.

    ``entries`` are the catalog's entries as read. Only a translated, non-fuzzy, writable
    entry can be reviewed; others are skipped. Only the marked entries' blocks change:
    an old review comment is replaced, every other line is kept byte for byte.
    """
    wanted: dict[str, str] = {}
    skipped: list[str] = []
    for context in contexts:
        entry = entries.get(context)
        if entry is None or entry.fuzzy or not translated(entry) or READ_ONLY in entry.flags:
            skipped.append(context)
        else:
            wanted[context] = review_comment(entry)
    text = catalog_bytes(path).decode("utf-8")
    blocks = re.split(r"(\n\n+)", text)
    for index, block in enumerate(blocks):
        match = _CONTEXT_LINE.search(block)
        if match is None or block.lstrip().startswith("#~"):
            continue
        comment = wanted.get(unescape(f'"{match[1]}"'))
        if comment is None:
            continue
        lines = [line for line in block.split("\n") if not _COMMENT_LINE.match(line)]
        # Translator comments come first in a PO entry: the mark goes after any others.
        at = next((i for i, line in enumerate(lines) if not line.startswith("# ")), 0)
        lines.insert(at, f"# {comment}")
        blocks[index] = "\n".join(lines)
    updated = "".join(blocks)
    if updated != text:
        path.write_bytes(updated.encode("utf-8"))
    return Marked(tuple(wanted), tuple(skipped))
