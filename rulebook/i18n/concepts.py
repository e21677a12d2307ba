"""The cross-game view of the glossary: each shared concept's word in every game and language.

Glossary terms may name a ``concept`` ("discard", "tiebreak", "turn"...). This view puts the
games side by side so translators keep shared words consistent; ``rulebook i18n check``
enforces it where two games use the same source word (see glossarychecks.concept_failures).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulebook import tables
from rulebook.i18n import glossary
from rulebook.i18n.catalogs import Domain, load_entries, state
from rulebook.i18n.pofiles import strings


def concept_rows(
    domains: Sequence[Domain], languages: Sequence[str], locales: Path
) -> list[list[str]]:
    """One row per (concept, game): the term in each language, '-' where not translated.

    The words come from the games' glossary domains (rulebook.i18n.glossary).
    """
    rows = []
    for domain in domains:
        content = domain.content
        if not domain.glossary or content is None or content.glossary is None:
            continue
        messages = domain.by_context()
        catalogs = {
            language: load_entries(domain.name, language, locales)
            for language in languages
            if language != domain.source_language
        }
        for term in content.glossary.terms:
            if term.concept is None:
                continue
            context = glossary.term_context(term.id)
            words = []
            for language in languages:
                entry = catalogs.get(language, {}).get(context)
                if language == domain.source_language or term.keep:
                    words.append(term.term)
                elif (
                    entry is not None and state(messages[context], entry, language) == "translated"
                ):
                    words.append(strings(entry)[0].strip())
                else:
                    words.append("-")
            rows.append([term.concept, content.id, *words])
    return sorted(rows)


def render(domains: Sequence[Domain], languages: Sequence[str], locales: Path) -> str:
    """The view as a terminal table."""
    return tables.render(["concept", "game", *languages], concept_rows(domains, languages, locales))
