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
from rulebook.site.models.scoring import CategoryView, ScoringModel, scoring_model
from rulebook.site.view import LocalGame


@dataclass(frozen=True)
class QuickRow:
    """One line of the quick scoring table: categories scored alike share their line."""

    labels: tuple[Fragment, ...]
    note: Fragment | None


@dataclass(frozen=True)
class QuickModel:
    facts: tuple[tuple[Fragment, Fragment], ...]
    #: The "at the table" sections (turn, end, how to win), first.
    summaries: tuple[SectionView, ...]
    scoring: ScoringModel
    #: The base game's scoring categories, those with the same note on one line.
    rows: tuple[QuickRow, ...]
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
        rows=_rows(tuple(replace(c, note=_short(game, c)) for c in base)),
        missed=tuple(s for s in shown if s.kind == "missed" and s.option is None),
    )


def _short(game: LocalGame, category: CategoryView) -> Fragment:
    """What a category's line says on the one-page reference: the content's own short note
    when it has one (the scoring page gives the full description), else the description."""
    declared = next(c for c in game.content.scoring.categories if c.id == category.id)
    value = next((v for v in game.content.scoring.values if v.id == declared.value), None)
    if value is None or value.note is None:
        return category.note
    return game.loc.text(f"scoring.values.{value.id}.note", value.note)


def _rows(categories: tuple[CategoryView, ...]) -> tuple[QuickRow, ...]:
    """Neighbouring categories with the same note (six regions scored alike) as one row."""
    rows: list[QuickRow] = []
    for c in categories:
        last = rows[-1] if rows else None
        if (
            last is not None
            and c.note is not None
            and last.note is not None
            and last.note.text == c.note.text
        ):
            rows[-1] = QuickRow((*last.labels, c.label), last.note)
        else:
            rows.append(QuickRow((c.label,), c.note))
    return tuple(rows)
