"""Looking translated text up at run time, with the source text as the fallback.

A :class:`Translator` answers, for one game and one reader's language, with the text to
show for a context, and says whether that text is really in the reader's language, so a
page can put a visible "not translated yet" notice next to a fallback::

    translate = translator(content, "uk")
    label = translate("scoring.categories.papyrus.label", "Papyrus")
    if not translate.is_translated("scoring.categories.papyrus.label"):
        ...  # show translate("ui.not_translated", ...) next to it

A message with no translation, a fuzzy one, or one made for an older source text gives the
source text. Messages written in the reader's language are shown as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from babel.messages.catalog import Message
from babel.support import NullTranslations, Translations

from rulebook import paths
from rulebook.i18n.catalogs import State, load_entries, state, strings
from rulebook.i18n.messages import SourceMessage, extract
from rulebook.i18n.numbers import Number, format_count, forms_by_category
from rulebook.i18n.ui import UI_DOMAIN, ui_messages
from schemas.game import GameContent


def catalog(domain: str, language: str, locales: Path | None = None) -> NullTranslations:
    """The compiled catalog of ``domain`` in ``language``, or an empty one.

    For gettext-style consumers (Jinja's i18n extension); it needs
    ``rulebook i18n compile`` first. :func:`translator` reads the PO files directly.
    """
    return Translations.load(str(locales or paths.LOCALES), [language], domain)


class Translator:
    """Text in one language for one game's messages and the interface strings."""

    def __init__(
        self,
        messages: Mapping[str, SourceMessage],
        entries: Mapping[str, Message],
        language: str,
    ) -> None:
        self.language = language
        self._messages = dict(messages)
        self._entries = dict(entries)

    def state(self, context: str, text: str | None = None) -> State:
        """``source``, ``translated``, ``fuzzy`` or ``missing`` for this reader.

        ``text`` is the source text the caller has; when it is not the current source of
        the context (or the context is unknown), nothing is translated: ``missing``.
        """
        message = self._messages.get(context)
        if message is None or (text is not None and text != message.text):
            return "missing"
        return state(message, self._entries.get(context), self.language)

    def is_translated(self, context: str, text: str | None = None) -> bool:
        """Whether the reader gets this message in their own language."""
        return self.state(context, text) in ("source", "translated")

    def __call__(self, context: str, text: str) -> str:
        """The text to show for ``context``: its translation, else ``text``."""
        if self.state(context, text) != "translated":
            return text
        return strings(self._entries[context])[0]

    def count_patterns(self, context: str) -> tuple[str, dict[str, str]]:
        """The language and the patterns by CLDR category of a count phrase.

        The reader's language when the phrase is translated, else its source language (with
        its ``one`` and ``other`` patterns): what the browser needs to choose with
        ``Intl.PluralRules`` as :meth:`count` does.
        """
        message = self._messages[context]
        if message.plural is None:
            raise ValueError(f"{context} is not a count phrase")
        if self.state(context) == "translated":
            forms = strings(self._entries[context])
            return self.language, forms_by_category(forms, self.language)
        return message.language, {"one": message.text, "other": message.plural}

    def count(self, context: str, number: Number) -> str:
        """A count phrase (``ui.points``: 21 очко, 22 очки, 25 очок) in this language."""
        language, patterns = self.count_patterns(context)
        return format_count(number, patterns, language)


def translator(
    content: GameContent | None, language: str, locales: Path | None = None
) -> Translator:
    """A :class:`Translator` for ``content`` (or the interface alone) in ``language``.

    It reads the PO files under ``locales`` (by default the checkout's), else compiled MO
    files; without either, every message falls back to its source text.
    """
    where = locales or paths.LOCALES
    messages = {m.context: m for m in ui_messages()}
    found = dict(load_entries(UI_DOMAIN, language, where))
    if content is not None:
        messages.update((m.context, m) for m in extract(content))
        found.update(load_entries(content.id, language, where))
    return Translator(messages, found, language)
