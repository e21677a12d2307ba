"""The printable quick reference: one page, chosen by the content.

A game's content says what its quick reference holds: its ``summary`` section ("at the
table": the turn, the end, how to win) and its ``missed`` section (the commonly missed
rules), with the scoring table between them. Nothing else of the rules is repeated here,
so the page fits one printed sheet and a few phone screens.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulebook.site.localize import Fragment
from rulebook.site.models.overview import facts
from rulebook.site.models.rules import SectionView, sections
from rulebook.site.models.scoring import CategoryRow, ScoringModel, scoring_model
from rulebook.site.view import LocalGame


@dataclass(frozen=True)
class QuickModel:
    facts: tuple[tuple[Fragment, Fragment], ...]
    #: The "at the table" sections (turn, end, how to win), first.
    summaries: tuple[SectionView, ...]
    scoring: ScoringModel
    #: The scoring page's rows of the base game's categories (those with the same rule on
    #: one line), each shown with its sentence (its formula stays on the scoring page).
    rows: tuple[CategoryRow, ...]
    #: The commonly missed rules, last.
    missed: tuple[SectionView, ...]


def quick_model(game: LocalGame) -> QuickModel:
    shown = sections(game)
    scoring = scoring_model(game)
    # The game as it comes in the box: categories of an expansion or a variant are on the
    # scoring page, with the option that brings them.
    base = tuple(c for c in scoring.categories if c.condition is None)
    return QuickModel(
        # Players and playing time; who made it is on the overview page.
        facts=facts(game)[:2],
        summaries=tuple(s for s in shown if s.kind == "summary"),
        scoring=replace(scoring, categories=base),
        # A row joins only categories of the same condition: the base game's rows are the
        # scoring page's rows without a condition, each described once for both pages.
        rows=tuple(row for row in scoring.rows if row.condition is None),
        missed=tuple(s for s in shown if s.kind == "missed" and s.option is None),
    )
