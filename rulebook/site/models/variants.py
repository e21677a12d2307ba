"""The variants page: expansions, variants and readings, with the rules and steps of each."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.conditions import Condition, choice_label, condition, option_label
from rulebook.site.localize import Fragment
from rulebook.site.models.rules import sections
from rulebook.site.models.setup import StepView, steps
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame
from schemas.expressions import OptionRef, walk
from schemas.scoring import Option


@dataclass(frozen=True)
class OptionView:
    id: str
    label: Fragment
    help: Fragment | None
    choices: tuple[Fragment, ...]
    default: Fragment
    condition: Condition | None
    decision: Decision | None
    sections: tuple[tuple[str, Fragment], ...]
    steps: tuple[StepView, ...]


@dataclass(frozen=True)
class VariantsModel:
    groups: tuple[tuple[Fragment, tuple[OptionView, ...]], ...]


def _mentions(node: object | None, option_id: str) -> bool:
    return node is not None and any(
        isinstance(n, OptionRef) and n.option == option_id for n in walk(node)
    )


def _option(game: LocalGame, option: Option) -> OptionView:
    content, loc = game.content, game.loc
    base = f"scoring.options.{option.id}"
    if option.kind == "flag":
        default = loc.ui("on" if option.default else "off")
    else:
        default = choice_label(option, str(option.default), loc) or loc.verbatim(
            str(option.default)
        )
    titles = {s.id: s.title for s in sections(game)}
    rules = list(content.rules.walk()) if content.rules else []
    return OptionView(
        id=option.id,
        label=option_label(option, loc),
        help=loc.maybe(f"{base}.help", option.help),
        choices=tuple(loc.text(f"{base}.choices.{c.id}.label", c.label) for c in option.choices),
        default=default,
        condition=condition(content, option.when, loc, f"{base}.when"),
        decision=decision(content, option.provenance, base, loc),
        sections=tuple(
            (s.id, titles[s.id]) for s in rules if s.option == option.id and s.id in titles
        ),
        steps=tuple(
            view
            for step, view in zip(content.setup.steps, steps(game), strict=True)
            if _mentions(step.when, option.id)
        ),
    )


def variants_model(game: LocalGame) -> VariantsModel:
    groups = []
    for category in ("expansion", "variant", "reading"):
        views = tuple(
            _option(game, option)
            for option in game.content.scoring.options
            if option.category == category
        )
        if views:
            groups.append((game.loc.ui(f"kind_{category}"), views))
    return VariantsModel(tuple(groups))
