"""The glossary page: every term and its definition, in the page's language."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.localize import Fragment
from rulebook.site.view import LocalGame


@dataclass(frozen=True)
class TermView:
    id: str
    term: Fragment
    definition: Fragment


@dataclass(frozen=True)
class GlossaryModel:
    terms: tuple[TermView, ...]


def glossary_model(game: LocalGame) -> GlossaryModel:
    """The glossary (its terms are on the quick reference too)."""
    return game.part("glossary", lambda: _glossary(game))


def _glossary(game: LocalGame) -> GlossaryModel:
    content, loc = game.content, game.loc
    terms = content.glossary.terms if content.glossary else []
    return GlossaryModel(
        tuple(
            TermView(
                t.id,
                loc.verbatim(t.term) if t.keep else loc.text(f"glossary.{t.id}.term", t.term),
                loc.text(f"glossary.{t.id}.definition", t.definition),
            )
            for t in terms
        )
    )
