"""The translation status page: how far each game is translated, and the shared words.

One page per language build (``translation-status.md``): a row per game (and one for the
interface) and language of the site with the messages a reader gets in that language, those
of them a reviewer marked (``# rulebook: reviewed``, rulebook.i18n.review), those to review
(fuzzy: the source changed), those missing and the share done, from rulebook.i18n.status,
a language in progress marked so; then, per game and language, the messages to review by
context, so a translator sees what is outdated; then the cross-game concept view of
``rulebook i18n concepts``. It is declared in rulebook.site.pages.SITE_PAGES.

The languages are the site's, those its language chooser offers: a site built in French
alone (``rulebook build --lang fr``) says how far French is, and reads no other language's
catalogs, as its other pages do not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from rulebook import cache, paths
from rulebook.i18n.catalogs import Domain, ui_domain
from rulebook.i18n.concepts import concept_rows
from rulebook.i18n.glossary import domain_name
from rulebook.i18n.numbers import format_number
from rulebook.i18n.runtime import game_domain_once, glossary_domain_once
from rulebook.i18n.status import Status, combined, domain_status
from rulebook.i18n.ui import UI_DOMAIN
from rulebook.site.localize import Fragment, Localizer
from schemas.game import GameContent
from schemas.languages import language

#: The page's path in each language's build.
PATH = "translation-status.md"


@dataclass(frozen=True)
class StatusRow:
    game: str
    language: str
    lang: str
    done: str
    #: Translations a reviewer marked (rulebook.i18n.review); a dash with none translated.
    reviewed: str
    fuzzy: str
    missing: str
    percent: str
    #: Whether the language is in progress (not published: the root sends no reader to it).
    in_progress: bool = False


@dataclass(frozen=True)
class OutdatedList:
    """The messages of one game (or the interface) in one language whose source changed."""

    game: str
    language: str
    lang: str
    contexts: tuple[str, ...]


@dataclass(frozen=True)
class StatusModel:
    intro: Fragment
    rows: tuple[StatusRow, ...]
    outdated: tuple[OutdatedList, ...]
    languages: tuple[tuple[str, str], ...]
    concepts: tuple[tuple[str, str, tuple[str, ...]], ...]


#: One extraction per game for the whole build (every language's page uses it): the game's
#: messages, and its glossary's (its terms' words and forms, counted in the game's row).
_domain: Callable[[GameContent], Domain] = game_domain_once
_glossary: Callable[[GameContent], Domain] = glossary_domain_once


def _counts(
    built: Sequence[GameContent], languages: Sequence[str], where: Path
) -> tuple[dict[tuple[str, str], Status], list[list[str]]]:
    """Every domain's status in each of ``languages``, by (domain, language), and the
    concept rows.

    Kept (rulebook.cache.load_findings) while the content, the catalogs and the code stay
    the same: the page of every language counts the catalogs of every language of the
    site, and reading them is a good part of a build's own time.
    """
    glossaries = [_glossary(content) for content in built if content.glossary]
    domains = [*(content.id for content in built), *(g.name for g in glossaries), UI_DOMAIN]
    key = cache.catalogs_key(built, domains, languages, where)
    # Each set of languages keeps its own counts: a French build and a full one take turns.
    name = "status-" + "-".join(languages)
    kept = cache.load_findings(where, name, key)
    if kept is not None:
        found = {}
        for data in kept["statuses"]:
            status = Status(**{**data, "outdated": tuple(data["outdated"])})
            found[status.domain, status.language] = status
        return found, kept["concepts"]
    extracted = [_domain(content) for content in built]
    found = {
        (domain.name, code): domain_status(domain, code, where)
        for domain in [*extracted, *glossaries, ui_domain()]
        for code in languages
    }
    concepts = concept_rows(glossaries, list(languages), where)
    statuses = [asdict(status) for status in found.values()]
    cache.save_findings(where, name, key, {"statuses": statuses, "concepts": concepts})
    return found, concepts


def status_model(
    built: Sequence[GameContent], loc: Localizer, languages: Sequence[str]
) -> StatusModel:
    """How far each game of the build is translated into each of ``languages`` (the
    site's, in the order of its language chooser), as a reader of ``loc``'s language sees it."""
    where = loc.locales or paths.LOCALES
    games = {content.id: content for content in built}
    counts, concept_list = _counts([games[g] for g in sorted(games)], languages, where)
    named = [(g, games[g].game.name(loc.language)) for g in sorted(games)]
    named.append((UI_DOMAIN, loc.ui("status_interface").text))
    rows = []
    outdated = []
    for domain, game in named:
        for code in languages:
            # A game's row counts its glossary's messages (its terms' words and forms) too.
            parts = [counts[d, code] for d in (domain, domain_name(domain)) if (d, code) in counts]
            found = combined(parts, domain)
            spec = language(code)
            rows.append(
                StatusRow(
                    game=game,
                    language=spec.name,
                    lang=code,
                    done=format_number(found.done, loc.language),
                    reviewed=format_number(found.reviewed, loc.language)
                    if found.translated
                    else "—",
                    fuzzy=format_number(found.fuzzy, loc.language),
                    missing=format_number(found.missing, loc.language),
                    percent=format_number(found.percent, loc.language) + "\u00a0%",
                    in_progress=not spec.complete_required(domain),
                )
            )
            if found.outdated:
                outdated.append(OutdatedList(game, spec.name, code, found.outdated))
    concepts = tuple(
        (row[0], games[row[1]].game.name(loc.language), tuple(row[2:])) for row in concept_list
    )
    return StatusModel(
        intro=loc.ui("translation_status_intro"),
        rows=tuple(rows),
        outdated=tuple(outdated),
        languages=tuple((code, language(code).name) for code in languages),
        concepts=concepts,
    )
