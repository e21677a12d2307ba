"""The "rules in question" page: every rule and option whose reading is not confirmed.

Nothing is written twice: the page gathers, from the content, each rule section and each
option whose provenance says the sources do not settle it (one source, an inference, or
none), with the reading the site follows and the kinds of source checked, and links each to
where the rule or option is played. A table arguing over a rule finds it here, or with the
site's search.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.conditions import option_label
from rulebook.site.localize import Fragment
from rulebook.site.models.rules import sections
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame


@dataclass(frozen=True)
class QuestionView:
    """One rule or option in question: what it is, where it lives and the reading followed."""

    id: str
    title: Fragment
    decision: Decision


@dataclass(frozen=True)
class QuestionsModel:
    intro: Fragment
    #: Rule sections in question, in the order of the rules page (linked to it).
    rules: tuple[QuestionView, ...]
    #: Options in question, in the order of the variants page (linked to it).
    options: tuple[QuestionView, ...]


def _open(found: Decision | None) -> bool:
    """A note that says the sources leave the rule open (a confirmed one is no question)."""
    return found is not None and found.confidence is not None


def open_options(game: LocalGame) -> tuple[QuestionView, ...]:
    """The scoring options whose reading is open, in the game's order: each has an entry
    on the page, which the variants page and the calculator link to."""
    content, loc = game.content, game.loc
    options = []
    for option in content.scoring.options:
        found = decision(content, option.provenance, f"scoring.options.{option.id}", loc)
        if found is not None and _open(found):
            options.append(QuestionView(option.id, option_label(option, loc), found))
    return tuple(options)


def questions_model(game: LocalGame) -> QuestionsModel:
    rules = tuple(
        QuestionView(s.id, s.title, s.decision)
        for s in sections(game)
        if s.decision is not None and _open(s.decision)
    )
    return QuestionsModel(game.loc.ui("rules_in_question_intro"), rules, open_options(game))
