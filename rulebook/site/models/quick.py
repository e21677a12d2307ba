"""The printable quick reference: the facts, setup, scoring and key rules on one page."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.localize import Fragment
from rulebook.site.models.glossary import TermView, glossary_model
from rulebook.site.models.overview import facts
from rulebook.site.models.rules import SectionView, sections
from rulebook.site.models.scoring import ScoringModel, scoring_model
from rulebook.site.models.setup import StepView, first_player, steps
from rulebook.site.view import LocalGame

#: Rule sections worth a line on the printable quick reference.
QUICK_KINDS = ("turn", "action", "end", "tiebreak", "missed", "reference")


@dataclass(frozen=True)
class QuickModel:
    facts: tuple[tuple[Fragment, Fragment], ...]
    steps: tuple[StepView, ...]
    first_player: Fragment | None
    scoring: ScoringModel
    sections: tuple[SectionView, ...]
    terms: tuple[TermView, ...]


def quick_model(game: LocalGame) -> QuickModel:
    return QuickModel(
        facts=facts(game),
        steps=steps(game),
        first_player=first_player(game),
        scoring=scoring_model(game),
        sections=tuple(s for s in sections(game) if s.kind in QUICK_KINDS),
        terms=glossary_model(game).terms,
    )
