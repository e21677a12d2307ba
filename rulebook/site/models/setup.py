"""The setup page: the checklist with its numbers by player count, and the generator."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.conditions import Condition, active_counts, condition
from rulebook.site.localize import Fragment
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame
from scorer.compiler import table_function

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
class SetupModel:
    first_player: Fragment | None
    steps: tuple[StepView, ...]
    decision: Decision | None


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


def setup_model(game: LocalGame) -> SetupModel:
    return SetupModel(
        first_player=first_player(game),
        steps=steps(game),
        decision=decision(game.content, game.content.setup.provenance, "setup", game.loc),
    )
