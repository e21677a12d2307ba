"""Text for one reader's language, with an honest fallback.

Every text a page shows is a :class:`Fragment`: the words, the language they are really in,
and whether they stand in for a missing translation. A fallback keeps the source text (never
blank) and the renderer marks it visibly, with a ``lang`` attribute, so nothing falls back
silently. Whether a message is translated comes from rulebook.i18n.runtime (PO files, fuzzy
entries and stale translations count as missing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.i18n.runtime import Translator, translator
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
    """Text to show: the words, their language, and whether they are a fallback."""

    text: str
    lang: str
    fallback: bool = False

    def fill(self, **values: object) -> Fragment:
        """Replace ``{name}`` placeholders by values; unknown braces stay as they are."""
        text = _PLACEHOLDER.sub(
            lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), self.text
        )
        return Fragment(text, self.lang, self.fallback)


@dataclass
class Localizer:
    """Looks texts up for one game (or the interface alone) in one language."""

    language: str
    content: GameContent | None = None
    locales: Path | None = None
    #: Contexts that fell back since the last :meth:`track` (for the page notice).
    missing: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._translator: Translator = translator(self.content, self.language, self.locales)

    @property
    def source_language(self) -> str:
        return self.content.game.source_language if self.content else UI_LANGUAGE

    def track(self) -> list[str]:
        """Start a new page: forget the fallbacks seen so far and return the fresh list."""
        self.missing = []
        return self.missing

    def text(self, context: str, source: str, language: str | None = None) -> Fragment:
        """The text of ``context`` whose source (in ``language``, default the game's) is ``source``."""
        written_in = language or self.source_language
        if written_in == self.language or not has_words(source):
            return Fragment(source, self.language)
        if self._translator.state(context, source) == "translated":
            return Fragment(self._translator(context, source), self.language)
        self.missing.append(context)
        return Fragment(source, written_in, fallback=True)

    def maybe(
        self, context: str, source: str | None, language: str | None = None
    ) -> Fragment | None:
        """Like :meth:`text`, for an optional field."""
        return None if source is None else self.text(context, source, language)

    def ui(self, key: str) -> Fragment:
        """An interface string from the ``ui`` catalog, English when it is not translated."""
        return self.text(f"ui.{key}", UI[key], UI_LANGUAGE)

    def verbatim(self, text: str, language: str | None = None) -> Fragment:
        """Text that is never translated (a proper name, a bibliographic title)."""
        return Fragment(text, language or self.source_language)

    def count_patterns(self, key: str) -> tuple[str, dict[str, str]]:
        """The count phrase ``ui.<key>`` by plural category, and the language of its rules."""
        return self._translator.count_patterns(f"ui.{key}")
