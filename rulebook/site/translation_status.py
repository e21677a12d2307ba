"""The translation status page: how far each game is translated, and the shared words.

One page per language build (``translation-status.md``): a row per game and language with
the messages a reader gets in that language, those to review (fuzzy: the source changed),
those missing and the share done, from rulebook.i18n.status; then the cross-game concept
view of ``rulebook i18n concepts``. It is registered by rulebook.site.build after the game
pages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rulebook import paths
from rulebook.i18n.catalogs import Domain, game_domain
from rulebook.i18n.concepts import concept_rows
from rulebook.i18n.numbers import format_number
from rulebook.i18n.runtime import per_content
from rulebook.i18n.status import domain_status
from rulebook.site.localize import Fragment, Localizer
from rulebook.site.pages import Page
from schemas.game import GameContent
from schemas.languages import LANGUAGES, language

#: The page's path in each language's build.
PATH = "translation-status.md"


@dataclass(frozen=True)
class StatusRow:
    game: str
    language: str
    lang: str
    done: str
    fuzzy: str
    missing: str
    percent: str


@dataclass(frozen=True)
class StatusModel:
    intro: Fragment
    rows: tuple[StatusRow, ...]
    languages: tuple[tuple[str, str], ...]
    concepts: tuple[tuple[str, str, tuple[str, ...]], ...]


#: One extraction per game for the whole build (every language's page uses it).
_domain: Callable[[GameContent], Domain] = per_content(game_domain)


def status_model(
    games: dict[str, GameContent], loc: Localizer, locales: Path | None
) -> StatusModel:
    where = locales or paths.LOCALES
    domains = [_domain(games[g]) for g in sorted(games)]
    rows = []
    for domain in domains:
        names = games[domain.name].game.names
        for code in LANGUAGES:
            found = domain_status(domain, code, where)
            rows.append(
                StatusRow(
                    game=names.get(loc.language),
                    language=language(code).name,
                    lang=code,
                    done=format_number(found.done, loc.language),
                    fuzzy=format_number(found.fuzzy, loc.language),
                    missing=format_number(found.missing, loc.language),
                    percent=format_number(found.percent, loc.language) + "\u00a0%",
                )
            )
    concepts = tuple(
        (row[0], games[row[1]].game.names.get(loc.language), tuple(row[2:]))
        for row in concept_rows(domains, list(LANGUAGES), where)
    )
    return StatusModel(
        intro=loc.ui("translation_status_intro"),
        rows=tuple(rows),
        languages=tuple((code, language(code).name) for code in LANGUAGES),
        concepts=concepts,
    )


def status_page(games: dict[str, GameContent], loc: Localizer, locales: Path | None) -> Page:
    """The translation status page of one language's build."""
    missing = loc.track()
    title = loc.ui("translation_status")
    model = status_model(games, loc, locales)
    return Page(PATH, "translation_status.md.j2", title, title.text, None, model, list(missing))
