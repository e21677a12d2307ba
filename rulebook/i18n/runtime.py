"""Looking translated text up at run time, with the source text as the fallback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from babel.support import NullTranslations, Translations
from schemas.game import GameContent

from rulebook import paths


def catalog(domain: str, language: str, locales: Path | None = None) -> NullTranslations:
    """The compiled catalog of ``domain`` in ``language``, or an empty one."""
    return Translations.load(str(locales or paths.LOCALES), [language], domain)


def translator(content: GameContent, language: str) -> Callable[[str, str], str]:
    """A function (context, source text) -> text in ``language``.

    A message with no translation, or a fuzzy one, gives the source text: catalogs are
    compiled without fuzzy entries.
    """
    if language == content.game.source_language:
        return lambda context, text: text
    translations = catalog(content.id, language)
    ui = catalog("ui", language)

    def translate(context: str, text: str) -> str:
        source = ui if context.startswith("ui.") else translations
        found = source.pgettext(context, text)
        return found if found else text

    return translate
