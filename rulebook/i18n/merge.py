"""Bringing a translation catalog in step with the source: what each translation becomes.

For every current message, in this order, the first rule that applies gives its translation:

1. **the same message**: same context, same source text: kept as it is;
2. **source language**: a message written in the catalog's own language is copied from
   the source and flagged ``read-only`` (PO editors and Weblate keep it out of the
   translator's way, and count it as done);
3. **moved**: an old entry with the very same source text, under a context that is gone
   (a paragraph pushed down by an inserted one, a row given an id, a text moved to another
   section): its translation comes along unchanged, as it was (fuzzy only if it was);
4. **edited**: the same context with another source text: the translation is kept, marked
   fuzzy, with the text it was made for after ``#|`` (a text that became a count phrase
   gets its old translation in every form, to be inflected);
   **from template copies**: a ``for_each`` template's one message (rulebook.i18n.messages)
   whose copies had each their own entry, under contexts now gone: the translation most of
   the copies agree on once each copy's number is put back as its placeholder (fuzzy if
   that copy's was, or if its source changed since); copies whose translations differ
   beyond the number are reported (:attr:`MergeResult.differing`);
5. **edited and moved** (paragraphs only): the most similar gone paragraph of the same text
   (difflib ratio of at least :data:`SIMILAR`): kept, fuzzy, with its old text after ``#|``;
6. otherwise the message comes in untranslated.

A multi-paragraph entry that is gone (a text from before paragraphs were split) lends each
of its paragraphs to rules 3 to 5 when its translation has as many paragraphs.

Babel's own update is not used: its fuzzy matching compares message ids without contexts
and can hand a message another message's translation.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from babel.messages.catalog import Catalog, Message

from rulebook.i18n.messages import PLACEHOLDER, SourceMessage, fill, paragraphs
from rulebook.i18n.numbers import forms_for_catalog
from rulebook.i18n.pofiles import READ_ONLY

#: Flags the tools compute from the source text; a translator's own flags are kept.
FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})

#: How a reviewer's mark starts (rulebook.i18n.review): a mark is of one context's text, so
#: none is carried to another context.
REVIEW_PREFIX = "rulebook: reviewed"

#: How alike an old and a new paragraph must be for the old translation to be offered.
SIMILAR = 0.5


@dataclass
class MergeResult:
    """What a merge did, by context."""

    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    #: Template messages given the translation their copies agreed on, and the copies' gone
    #: contexts that translation came from.
    from_copies: list[str] = field(default_factory=list)
    copies_used: list[str] = field(default_factory=list)
    #: Template message -> each copy whose translation said something else, with it.
    differing: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


@dataclass
class _Old:
    """A translation available from the old catalog."""

    context: str
    id: str | tuple[str, ...]
    string: str | tuple[str, ...]
    fuzzy: bool
    previous: list[str]
    flags: set[str]
    comments: list[str]
    #: The context this one was cut from (a paragraph of an older unsplit text).
    parent: str | None = None

    @property
    def group(self) -> str:
        return self.parent or self.context


def _msgid(message: Message) -> str | tuple[str, ...]:
    return message.id if isinstance(message.id, str) else tuple(message.id)


def _string(message: Message) -> str | tuple[str, ...]:
    string = message.string
    if string is None:
        return ""
    return string if isinstance(string, str) else tuple(s or "" for s in string)


def _has_text(string: str | tuple[str, ...]) -> bool:
    return any(s.strip() for s in ((string,) if isinstance(string, str) else string))


def _old_entries(old: Catalog | None, current: set[str]) -> dict[str, _Old]:
    """Every translated entry of ``old`` (current and obsolete), and paragraphs cut from them."""
    found: dict[str, _Old] = {}
    if old is None:
        return found
    for message in [*old, *old.obsolete.values()]:
        if not message.id or not message.context or not _has_text(_string(message)):
            continue
        context = str(message.context)
        if READ_ONLY in message.flags:
            continue  # a copy of the source, not a translation
        entry = _Old(
            context,
            _msgid(message),
            _string(message),
            message.fuzzy,
            list(message.previous_id or []),
            set(message.flags) - FORMAT_FLAGS - {"fuzzy"},
            list(message.user_comments),
        )
        found.setdefault(context, entry)
        if context in current or not isinstance(entry.id, str) or not isinstance(entry.string, str):
            continue
        sources, targets = paragraphs(entry.id), paragraphs(entry.string)
        if len(sources) > 1 and len(sources) == len(targets):
            for number, (source, target) in enumerate(zip(sources, targets, strict=True), 1):
                part = f"{context}.{number}"
                found.setdefault(
                    part,
                    _Old(part, source, target, entry.fuzzy, [], set(entry.flags), [], context),
                )
    return found


def _section(context: str) -> str:
    return ".".join(context.split(".")[:2])


def _group(context: str) -> str:
    """The text a paragraph belongs to (``rules.x.body.3`` -> ``rules.x.body``)."""
    head, _, tail = context.rpartition(".")
    return head if tail.isdigit() else context


def _preference(message: SourceMessage, old: _Old) -> tuple[int, int, int]:
    """Which of several old entries with the same text suits ``message`` best (lowest)."""
    same_group = _group(message.context) == _group(old.context) or old.parent == _group(
        message.context
    )
    return (
        0 if same_group else 1,
        0 if _section(message.context) == _section(old.context) else 1,
        0 if message.context.rsplit(".", 1)[-1] == old.context.rsplit(".", 1)[-1] else 1,
    )


def _fits(message: SourceMessage, string: str | tuple[str, ...]) -> bool:
    """A singular translation for a singular message, forms for a plural one."""
    return isinstance(string, str) == (message.plural is None)


def _reshaped(old: _Old, message: SourceMessage, forms: int) -> _Old:
    """A singular translation offered for every form of a count phrase, or the reverse."""
    if isinstance(old.string, str):
        string: str | tuple[str, ...] = (old.string,) * forms
    else:
        string = old.string[-1]
    return _Old(old.context, old.id, string, old.fuzzy, old.previous, old.flags, old.comments)


def _apply(
    target: Message,
    old: _Old,
    fuzzy: bool,
    previous: str | tuple[str, ...] | None,
) -> None:
    target.string = old.string
    target.user_comments = list(old.comments)
    target.flags = (target.flags - {"fuzzy"}) | old.flags | ({"fuzzy"} if fuzzy else set())
    if fuzzy:
        if old.fuzzy and old.previous:
            target.previous_id = list(old.previous)
        elif previous is not None:
            target.previous_id = [previous] if isinstance(previous, str) else list(previous)


def unfill(text: str, template: str, values: Mapping[str, object]) -> str | None:
    """``text`` (a copy's translation) with each number ``values`` gave a placeholder of
    ``template`` put back as that placeholder; None when it is not there exactly as often
    as the placeholder is (written as a word, or the same number meaning something else)."""
    names = PLACEHOLDER.findall(template)
    shown = [str(values[name]) for name in dict.fromkeys(names)]
    if len(set(shown)) != len(shown):
        return None  # two placeholders with the same value: which is which?
    for name in dict.fromkeys(names):
        number = re.compile(rf"(?<![\d{{]){re.escape(str(values[name]))}(?![\d}}])")
        if len(number.findall(text)) != names.count(name):
            return None
        text = number.sub(f"{{{name}}}", text)
    return text


def _from_copies(
    message: SourceMessage, pool: dict[str, _Old]
) -> tuple[_Old, list[tuple[str, str]], list[str]] | None:
    """The translation a template's one message takes from its copies' old entries: the
    one most copies give (current ones before fuzzy or outdated ones, then the first copy),
    the copies that gave another (or one the chosen cannot be read as), and every copy
    context used."""
    if message.plural is not None:
        return None
    found: list[tuple[_Old, bool]] = []
    given: dict[str, str] = {}  # each copy's own translation, for the report
    used: list[str] = []
    for copy, pairs in message.copies:
        old = pool.get(copy)
        if old is None or not isinstance(old.string, str) or not isinstance(old.id, str):
            continue
        values = dict(pairs)
        string = unfill(old.string, message.text, values)
        used.append(copy)
        given[copy] = old.string
        if string is None:
            continue
        stale = old.fuzzy or old.id != fill(message.text, values)
        source = unfill(old.id, message.text, values) or message.text
        previous = [p for p in (unfill(p, message.text, values) for p in old.previous) if p]
        comments = [c for c in old.comments if not c.startswith(REVIEW_PREFIX)]
        found.append((_Old(copy, source, string, stale, previous, old.flags, comments), stale))
    if not found:
        return None
    best = [o for o, stale in found if not stale] or [o for o, _ in found]
    votes = Counter(o.string for o in best)
    chosen = max(best, key=lambda o: votes[o.string])  # the first of the most given
    # Every copy whose own translation is not the chosen one with its values filled in,
    # including one whose number could not be put back (written as a word, or twice).
    bound = {copy: dict(pairs) for copy, pairs in message.copies}
    others = [
        (copy, text)
        for copy, text in given.items()
        if fill(str(chosen.string), bound[copy]) != text
    ]
    return chosen, others, used


def merge(
    catalog: Catalog,
    old: Catalog | None,
    messages: Sequence[SourceMessage],
    language: str,
) -> MergeResult:
    """Fill ``catalog`` (which already holds ``messages``, untranslated) from ``old``."""
    result = MergeResult()
    current = {m.context for m in messages}
    before = {str(m.context) for m in old if m.id and m.context} if old is not None else set()
    pool = _old_entries(old, current)
    targets = {str(m.context): m for m in catalog if m.id}
    pending: list[SourceMessage] = []
    for message in messages:
        target = targets[message.context]
        if message.language == language:
            target.string = forms_for_catalog(message.texts, language)
            target.flags |= {READ_ONLY}
            continue
        found = pool.get(message.context)
        if found is not None and found.id == message.msgid and _fits(message, found.string):
            _apply(target, found, found.fuzzy, None)
            del pool[message.context]
            continue
        pending.append(message)

    waiting, pending = pending, []
    for message in waiting:  # one message for a template's copies, each translated before
        carried = None if message.context in pool else _from_copies(message, pool)
        if carried is None:
            pending.append(message)
            continue
        chosen, others, used = carried
        _apply(targets[message.context], chosen, chosen.fuzzy, chosen.id)
        for context in used:
            del pool[context]
        result.from_copies.append(message.context)
        result.copies_used.extend(used)
        if others:
            result.differing[message.context] = others

    left: list[SourceMessage] = []
    for message in pending:  # moved: the same text elsewhere
        same = [o for o in pool.values() if o.id == message.msgid and _fits(message, o.string)]
        if not same:
            left.append(message)
            continue
        best = min(same, key=lambda o: _preference(message, o))
        _apply(targets[message.context], best, best.fuzzy, None)
        del pool[best.context]
        result.moved.append(message.context)

    unmatched: list[SourceMessage] = []
    for message in left:  # edited in place
        found = pool.get(message.context)
        paragraph = _group(message.context) != message.context
        if found is None or paragraph:
            unmatched.append(message)
            continue
        if not _fits(message, found.string):
            found = _reshaped(found, message, catalog.num_plurals)
        _apply(targets[message.context], found, True, found.id)
        del pool[message.context]
        result.changed.append(message.context)

    for message in unmatched:  # edited paragraphs that also moved
        group = _group(message.context)
        candidates = [
            o
            for o in pool.values()
            if (_group(o.context) == group or o.parent == group)
            and isinstance(o.id, str)
            and message.plural is None
            and isinstance(o.string, str)
        ]
        scored = [
            (difflib.SequenceMatcher(None, message.text, str(o.id)).ratio(), o) for o in candidates
        ]
        scored = [(ratio, o) for ratio, o in scored if ratio >= SIMILAR]
        if not scored:
            if message.context not in before:
                result.added.append(message.context)
            continue
        _, best = max(scored, key=lambda pair: pair[0])
        _apply(targets[message.context], best, True, best.id)
        del pool[best.context]
        result.changed.append(message.context)

    result.removed = sorted(before - current)
    if old is not None:
        for context in sorted(c for c, o in pool.items() if o.parent is None and c not in current):
            entry = next(
                (m for m in [*old, *old.obsolete.values()] if m.id and m.context == context), None
            )
            if entry is not None:
                catalog.obsolete[context] = entry
    return result
