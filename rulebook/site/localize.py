"""Text for one reader's language, with an honest fallback.

Every text a page shows is a :class:`Fragment`: the words, the language they are really in,
and whether they stand in for a missing translation. A fallback keeps the source text (never
blank) and the renderer marks it visibly, with a ``lang`` attribute, so nothing falls back
silently. Whether a message is translated comes from rulebook.i18n.runtime (PO files, fuzzy
entries and stale translations count as missing).

A preview for translators (``drafts``) shows fuzzy translations instead of their source,
marked as drafts, each with its current source text and the one it was made for; a
translation waiting for review, where its language requires one, is marked too. A text of several paragraphs whose paragraphs are not all in the same state
is a fragment made of ``parts``; a count phrase carries its ``forms`` and chooses one when
its number is filled in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from rulebook.i18n.messages import join_paragraphs
from rulebook.i18n.numbers import plural_category
from rulebook.i18n.runtime import Part, Translator, translator
from rulebook.i18n.ui import UI_LANGUAGE, UI_STRINGS
from schemas.game import GameContent

#: Interface strings by key, in English (their source language).
UI = {s.key: s.text for s in UI_STRINGS}

_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_LETTER = re.compile(r"[^\W\d_]")


def has_words(text: str) -> bool:
    """Whether ``text`` has a letter (outside placeholders); "5" or "2-4" reads the same anywhere."""
    return bool(_LETTER.search(_PLACEHOLDER.sub("", text)))


@dataclass(frozen=True)
class Fragment:
    """Text to show: the words, their language, and whether they are a fallback or a draft."""

    text: str
    lang: str
    fallback: bool = False
    #: A fuzzy translation shown in a translator's preview (or an unreviewed one, ``review``).
    draft: bool = False
    #: In a preview: ``fuzzy`` (the source changed since) or ``unreviewed`` (waiting for a
    #: reviewer's mark where the language requires one); the current source text (in
    #: ``source_lang``) and the one the translation was made for, when known.
    review: str = ""
    source: str = ""
    previous: str = ""
    source_lang: str = ""
    #: The paragraphs, when they are not all in one state (some translated, some not).
    parts: tuple[Fragment, ...] = ()
    #: A count phrase's forms by CLDR category, and the placeholder that chooses.
    forms: tuple[tuple[str, str], ...] = ()
    count: str | None = None

    def for_values(self, values: Mapping[str, object] | None) -> Fragment:
        """The fragment with the form its count needs, when ``values`` gives the count."""
        if not self.forms or self.count is None or not values or self.count not in values:
            return self
        try:
            number = float(str(values[self.count]))
        except ValueError:
            return self
        forms = dict(self.forms)
        whole = int(number) if number.is_integer() else number
        text = forms.get(plural_category(whole, self.lang)) or forms.get("other") or self.text
        return replace(self, text=text, forms=(), count=None)

    def fill(self, **values: object) -> Fragment:
        """Replace ``{name}`` placeholders by values; unknown braces stay as they are."""
        chosen = self.for_values(values)
        text = _PLACEHOLDER.sub(
            lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0),
            chosen.text,
        )
        return replace(chosen, text=text)


@dataclass
class Localizer:
    """Looks texts up for one game (or the interface alone) in one language."""

    language: str
    content: GameContent | None = None
    locales: Path | None = None
    #: Show fuzzy translations, marked as drafts (a translator's preview).
    drafts: bool = False
    #: Contexts that fell back since the last :meth:`track` (for the page notice).
    missing: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._translator: Translator = translator(
            self.content, self.language, self.locales, self.drafts
        )

    @property
    def source_language(self) -> str:
        return self.content.game.source_language if self.content else UI_LANGUAGE

    def track(self) -> list[str]:
        """Start a new page: forget the fallbacks seen so far and return the fresh list."""
        self.missing = []
        return self.missing

    def text(
        self, context: str, source: str, language: str | None = None, *, catalogued: bool = False
    ) -> Fragment:
        """The text of ``context`` whose source (in ``language``, default the game's) is ``source``.

        A text without a letter ("5", "2-4") reads the same anywhere and is not looked up,
        unless it is ``catalogued``: an interface pattern such as “{label}” or "{a}; {b}",
        whose quotes and spaces are each language's.
        """
        written_in = language or self.source_language
        if not catalogued and not has_words(source):
            return Fragment(source, self.language)
        if written_in == self.language:
            # The reader's own language: the source, typeset, with its forms if it counts.
            found = self._translator.parts(context, source)
            texts = [p.text for p in found]  # the translator typesets what it gives
            single = found[0] if len(found) == 1 else None
            forms = tuple(sorted((single.forms or {}).items())) if single else ()
            return Fragment(
                join_paragraphs(texts),
                self.language,
                forms=forms,
                count=single.count if single else None,
            )
        parts = [
            self._fragment(part, written_in) for part in self._translator.parts(context, source)
        ]
        if len(parts) == 1:
            return parts[0]
        first = parts[0]
        # Drafts stay paragraph by paragraph: each shows its own source beside it.
        if not first.draft and all(
            (p.lang, p.fallback, p.draft) == (first.lang, first.fallback, first.draft)
            for p in parts
        ):
            return Fragment(
                join_paragraphs([p.text for p in parts]), first.lang, first.fallback, first.draft
            )
        return Fragment(
            join_paragraphs([p.text for p in parts]),
            self.language,
            fallback=any(p.fallback for p in parts),
            draft=any(p.draft for p in parts),
            parts=tuple(parts),
        )

    def _fragment(self, part: Part, written_in: str) -> Fragment:
        forms = tuple(sorted((part.forms or {}).items()))
        if part.state == "translated" and part.unreviewed:
            return self._draft(part, written_in, "unreviewed", forms)
        if part.state in ("source", "translated"):
            lang = self.language if part.state == "translated" else part.language
            return Fragment(part.text, lang, forms=forms, count=part.count)
        if part.state == "fuzzy" and self.drafts:
            return self._draft(part, written_in, "fuzzy", forms)
        self.missing.append(part.context)
        return Fragment(part.text, written_in, fallback=True, forms=forms, count=part.count)

    def _draft(
        self, part: Part, written_in: str, review: str, forms: tuple[tuple[str, str], ...]
    ) -> Fragment:
        """A translation shown in a preview, with the source texts shown beside it."""
        return Fragment(
            part.text,
            self.language,
            draft=True,
            forms=forms,
            count=part.count,
            review=review,
            source=part.source or "",
            previous=part.previous or "",
            source_lang=written_in,
        )

    def maybe(
        self, context: str, source: str | None, language: str | None = None
    ) -> Fragment | None:
        """Like :meth:`text`, for an optional field."""
        return None if source is None else self.text(context, source, language)

    def ui(self, key: str) -> Fragment:
        """An interface string from the ``ui`` catalog, English when it is not translated."""
        return self.text(f"ui.{key}", UI[key], UI_LANGUAGE, catalogued=True)

    def verbatim(self, text: str, language: str | None = None) -> Fragment:
        """Text that is never translated (a proper name, a bibliographic title)."""
        return Fragment(text, language or self.source_language)

    def count(self, key: str, number: int) -> str:
        """The count phrase ``ui.<key>`` for ``number`` in this language (1 point, 5 points)."""
        return self._translator.count(f"ui.{key}", number)

    def count_patterns(self, key: str) -> tuple[str, dict[str, str]]:
        """The count phrase ``ui.<key>`` by plural category, and the language of its rules."""
        return self._translator.count_patterns(f"ui.{key}")
