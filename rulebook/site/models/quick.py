"""The printable quick reference: one page, chosen by the content.

A game's content says what its quick reference holds: its ``summary`` section ("at the
table": the turn, the end, how to win) and its ``missed`` section (the commonly missed
rules), with the scoring table between them. Nothing else of the rules is repeated here,
so the page fits one printed sheet and a few phone screens.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.localize import Fragment
from rulebook.site.models.overview import facts
from rulebook.site.models.rules import SectionView, sections
from rulebook.site.models.scoring import ScoringModel, scoring_model
from rulebook.site.view import LocalGame


@dataclass(frozen=True)
class QuickModel:
    facts: tuple[tuple[Fragment, Fragment], ...]
    #: The "at the table" sections (turn, end, how to win), first.
    summaries: tuple[SectionView, ...]
    scoring: ScoringModel
    #: The commonly missed rules, last.
    missed: tuple[SectionView, ...]


def quick_model(game: LocalGame) -> QuickModel:
    shown = sections(game)
    return QuickModel(
        facts=facts(game),
        summaries=tuple(s for s in shown if s.kind == "summary"),
        scoring=scoring_model(game),
        missed=tuple(s for s in shown if s.kind == "missed" and s.option is None),
    )
