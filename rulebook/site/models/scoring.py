"""The scoring page: the categories, how places are decided, the calculator, an example.

:func:`describe_in` is the one place a category's "how it is counted" comes from: the
engine's node registry says it in words (scorer.describe), in the page's language; the
content's own sentence for it (its value's ``note``) leads its row when there is one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulebook.i18n.numbers import format_number
from rulebook.i18n.typography import typeset
from rulebook.site.conditions import Condition, condition
from rulebook.site.examples import Example, worked_example
from rulebook.site.localize import Fragment, Localizer
from rulebook.site.models.questions import QuestionView, open_options
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame
from schemas.game import GameContent
from schemas.scoring import Category
from schemas.track import full_count_value, without_mode
from scorer.describe import CallbackWords, describe_value, render


@dataclass(frozen=True)
class CategoryView:
    id: str
    label: Fragment
    condition: Condition | None
    decision: Decision | None


@dataclass(frozen=True)
class CategoryRow:
    """One line of "How scores are counted": categories scored alike (six regions, six
    family piles) share it, their rule said once.

    ``lead`` is the content's own sentence for the rule (a value's ``note``), or the
    description in words when the content has none; ``formula`` is that description,
    folded under the sentence, when there is a sentence to lead with. Where several
    categories share the row, the formula shown is the first one's.
    """

    ids: tuple[str, ...]
    labels: tuple[Fragment, ...]
    condition: Condition | None
    lead: Fragment
    formula: Fragment | None


@dataclass(frozen=True)
class KeyView:
    label: Fragment
    better: Fragment


@dataclass(frozen=True)
class ScoringModel:
    points: bool
    categories: tuple[CategoryView, ...]
    rows: tuple[CategoryRow, ...]
    keys: tuple[KeyView, ...]
    win_requires: Fragment | None
    ranking_decision: Decision | None
    checks: tuple[Fragment, ...]
    end_checks: tuple[Fragment, ...]
    decisions: tuple[tuple[Fragment, Decision], ...]
    decision: Decision | None
    example: Example | None
    #: The options whose reading is open: the calculator links each to its question.
    questions: tuple[QuestionView, ...] = ()


def describe_in(content: GameContent, loc: Localizer, category: Category) -> Fragment:
    """How ``category`` is counted, in words: the engine's description of the value it
    shows in a full count (not the score-track mode's part), in ``loc``'s language.

    The fragment is a fallback (marked on the page) when any word of it is.
    """
    fell_back: list[Fragment] = []

    def seen(fragment: Fragment) -> str:
        if fragment.fallback:
            fell_back.append(fragment)
        return fragment.text

    words = CallbackWords(
        lambda key, _source: seen(loc.ui(key)),
        lambda context, source: seen(loc.text(context, source)),
        lambda key, number: loc.count(key, number),
        lambda number: format_number(number, loc.language),
    )
    values = {v.id: v for v in content.scoring.values}
    shown = full_count_value(category.value, values)
    text = render(describe_value(content, shown), words)
    sentence = text[:1].upper() + text[1:]
    # Labels quoted inside quoted labels («Карти «Гаряче джерело»») take the inner pair.
    if fell_back:
        return Fragment(typeset(sentence, fell_back[0].lang), fell_back[0].lang, fallback=True)
    return Fragment(typeset(sentence, loc.language), loc.language)


def authored_note(game: LocalGame, category: Category) -> Fragment | None:
    """The content's own sentence on how ``category`` is counted (its value's note)."""
    values = {v.id: v for v in game.content.scoring.values}
    value = values.get(full_count_value(category.value, values))
    if value is None or value.note is None:
        return None
    return game.loc.text(f"scoring.values.{value.id}.note", value.note)


def category_rows(game: LocalGame, shown: tuple[CategoryView, ...]) -> tuple[CategoryRow, ...]:
    """The rows of "How scores are counted" for ``shown``: the authored sentence first and
    the formula folded; categories with the same sentence and condition join the first
    one's row (Momiji's two "other objective" slots join the objectives above them)."""
    declared = {c.id: c for c in game.content.scoring.categories}
    rows: list[CategoryRow] = []
    for view in shown:
        category = declared[view.id]
        lead = authored_note(game, category)
        formula = describe_in(game.content, game.loc, category)
        alike = next(
            (
                k
                for k, row in enumerate(rows)
                if lead is not None
                and row.formula is not None
                and row.lead.text == lead.text
                and row.condition == view.condition
            ),
            None,
        )
        if alike is not None:
            row = rows[alike]
            # The row's formula now follows its first label ("Influence, region 1: the
            # points…"): no capital after the colon.
            shared = row.formula
            if shared is not None and len(row.ids) == 1:
                shared = replace(shared, text=shared.text[:1].lower() + shared.text[1:])
            rows[alike] = replace(
                row, ids=(*row.ids, view.id), labels=(*row.labels, view.label), formula=shared
            )
            continue
        rows.append(
            CategoryRow(
                ids=(view.id,),
                labels=(view.label,),
                condition=view.condition,
                lead=formula if lead is None else lead,
                formula=None if lead is None else formula,
            )
        )
    return tuple(rows)


def scoring_model(game: LocalGame) -> ScoringModel:
    """The scoring page's model (also on the quick reference)."""
    return game.part("scoring", lambda: _scoring_model(game))


def _scoring_model(game: LocalGame) -> ScoringModel:
    content, loc = game.content, game.loc
    scoring = content.scoring
    values = {v.id: v for v in scoring.values}
    categories = []
    decisions: list[tuple[Fragment, Decision]] = []
    for c in scoring.categories:
        label = loc.text(f"scoring.categories.{c.id}.label", c.label)
        categories.append(
            CategoryView(
                id=c.id,
                label=label,
                condition=condition(
                    content, without_mode(c.when), loc, f"scoring.categories.{c.id}.when"
                ),
                decision=decision(content, c.provenance, f"scoring.categories.{c.id}", loc),
            )
        )
        value = values.get(c.value)
        if value is not None:
            found = decision(content, value.provenance, f"scoring.values.{value.id}", loc)
            if found is not None:
                decisions.append((label, found))
    ranking = scoring.ranking
    return ScoringModel(
        points=scoring.kind == "points",
        categories=tuple(categories),
        rows=category_rows(game, tuple(categories)),
        keys=tuple(
            KeyView(
                loc.text(f"scoring.ranking.{k.value}.label", k.label),
                loc.ui("better_higher" if k.better == "higher" else "better_lower"),
            )
            for k in ranking.keys
        ),
        win_requires=loc.maybe("scoring.ranking.win_requires_label", ranking.win_requires_label),
        ranking_decision=decision(content, ranking.provenance, "scoring.ranking", loc),
        checks=tuple(
            loc.text(f"scoring.constraints.{c.id}.message", c.message) for c in scoring.constraints
        ),
        end_checks=tuple(
            loc.text(f"scoring.end_checks.{c.id}.message", c.message) for c in scoring.end_checks
        ),
        decisions=tuple(decisions),
        decision=decision(content, scoring.provenance, "scoring", loc),
        example=worked_example(game, None),
        questions=open_options(game),
    )
