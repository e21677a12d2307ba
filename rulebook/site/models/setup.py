"""The setup page: the checklist with its numbers by player count, and the generator."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rulebook.site.conditions import Condition, active_counts, condition
from rulebook.site.diagrams import Table, applies, draw, tables
from rulebook.site.localize import Fragment
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame
from scorer.interpret import table_function

_MARKERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class ValueRow:
    marker: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class StepView:
    id: str
    text: Fragment
    #: Placeholder -> number, for values equal at every player count.
    fill: dict[str, str]
    #: Placeholder -> marker letter, for values that vary (shown in ``rows``).
    markers: dict[str, str]
    counts: tuple[int, ...]
    rows: tuple[ValueRow, ...]
    deal_from: Fragment | None
    slots: tuple[Fragment, ...]
    per_seat: tuple[int, ...]
    condition: Condition | None
    decision: Decision | None


@dataclass(frozen=True)
class Picture:
    """One drawn diagram and the tables it is drawn for."""

    id: str
    svg: str
    title: Fragment
    #: The player counts it is for ("2–4", "3"), and their list for the widget.
    counts: str
    players: tuple[int, ...]
    #: The option turned from its default to draw it, and whether it was turned on.
    option: Fragment | None
    option_on: bool
    #: The options the picture is drawn with, for the widget to match.
    options: dict[str, Any]
    #: Every text drawn, so the page counts its fallbacks.
    texts: tuple[Fragment, ...]


@dataclass(frozen=True)
class SetupModel:
    first_player: Fragment | None
    steps: tuple[StepView, ...]
    decision: Decision | None
    pictures: tuple[Picture, ...] = ()


def steps(game: LocalGame) -> tuple[StepView, ...]:
    """The checklist's steps (also on the variants page and the quick reference)."""
    return game.part("setup_steps", lambda: _steps(game))


def _steps(game: LocalGame) -> tuple[StepView, ...]:
    content, loc = game.content, game.loc
    found = []
    components = content.components.by_id()
    for step in content.setup.steps:
        base = f"setup.steps.{step.id}"
        options, counts = active_counts(content, step.when, f"{base}.when")
        numbers: dict[str, list[int]] = {}
        for name, node in step.values.items():
            function = table_function(node, f"{base}.values.{name}")
            numbers[name] = [int(function(options, {}, {}, n)) for n in counts]
        fill = {k: str(v[0]) for k, v in numbers.items() if v and len(set(v)) == 1}
        varying = [k for k, v in numbers.items() if len(set(v)) > 1]
        markers = {k: _MARKERS[i % len(_MARKERS)] for i, k in enumerate(varying)}
        deal = step.deal
        found.append(
            StepView(
                id=step.id,
                text=loc.text(f"{base}.text", step.text),
                fill=fill,
                markers=markers,
                counts=tuple(counts) if varying else (),
                rows=tuple(ValueRow(markers[k], tuple(numbers[k])) for k in varying),
                deal_from=loc.text(
                    f"components.{deal.component}.name", components[deal.component].name
                )
                if deal is not None
                else None,
                slots=tuple(
                    loc.text(f"{base}.deal.slots.{n}", slot)
                    for n, slot in enumerate(deal.slots if deal else [], start=1)
                ),
                per_seat=tuple(step.per_seat or ()),
                condition=condition(content, step.when, loc, f"{base}.when"),
                decision=decision(content, step.provenance, base, loc),
            )
        )
    return tuple(found)


def first_player(game: LocalGame) -> Fragment | None:
    return game.loc.maybe("setup.first_player_text", game.content.setup.first_player_text)


#: The page-unique ids of a drawing, left out when comparing two drawings.
_IDS = re.compile(r'@ID@|data-players="\d+"')


def _span(counts: list[int]) -> str:
    """``2–4`` for a run of counts, ``2, 4`` otherwise, ``3`` alone."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(n) for n in counts)


def pictures(game: LocalGame) -> tuple[Picture, ...]:
    """Each diagram for every player count (identical drawings shown once, with their
    counts) with the default options, then where one option turned changes it."""
    content, loc = game.content, game.loc
    defaults = content.option_defaults()
    options_by_id = {o.id: o for o in content.scoring.options}
    found: list[Picture] = []
    for diagram in content.setup.diagrams:
        drawn: dict[tuple[str | None, str], list[int]] = {}
        first: dict[tuple[str | None, str], tuple[str, dict[str, Any], list[Fragment]]] = {}
        plain_drawing: dict[int, str] = {}
        for players, options in tables(content):
            if not applies(diagram, players, options):
                continue
            texts: list[Fragment] = []

            def words(context: str, source: str, texts: list[Fragment] = texts) -> tuple[str, str]:
                fragment = loc.text(context, source)
                texts.append(fragment)
                return fragment.text, fragment.lang

            svg = draw(diagram, Table(content, players, options, words), "@ID@")
            key = _IDS.sub("", svg)
            turned = next((k for k, v in options.items() if v != defaults.get(k)), None)
            if turned is None:
                plain_drawing[players] = key
            elif plain_drawing.get(players) == key:
                continue  # the option changes nothing in this picture
            drawn.setdefault((turned, key), []).append(players)
            first.setdefault((turned, key), (svg, options, texts))
        for n, ((turned, _), counts) in enumerate(drawn.items(), start=1):
            svg, options, texts = first[(turned, _)]
            ident = f"rb-diagram-{diagram.id.replace('_', '-')}-{n}"
            option = options_by_id.get(turned) if turned else None
            found.append(
                Picture(
                    id=ident,
                    svg=svg.replace("@ID@", ident),
                    title=loc.text(f"setup.diagrams.{diagram.id}.title", diagram.title),
                    counts=_span(counts),
                    players=tuple(counts),
                    option=loc.text(f"scoring.options.{option.id}.label", option.label)
                    if option is not None
                    else None,
                    option_on=bool(options.get(turned)) if turned else False,
                    options=dict(options),
                    texts=tuple(texts),
                )
            )
    return tuple(found)


def setup_model(game: LocalGame) -> SetupModel:
    return SetupModel(
        first_player=first_player(game),
        steps=steps(game),
        decision=decision(game.content, game.content.setup.provenance, "setup", game.loc),
        pictures=pictures(game),
    )
