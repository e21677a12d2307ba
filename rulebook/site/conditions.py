"""Conditions in words: when a component, step, rule or option applies.

A ``when`` expression becomes the options it needs on or off and the player counts where
it holds. The counts are found by evaluating the expression (compiled once per node) for
each player count under the default options and then each option changed alone; a part
that cannot be put in words is flagged as ``other``.

This module is the seam where the engine's node registry (descriptions in words for every
node) will take over: :func:`condition` is the one entry point the page models call.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rulebook.site.localize import Fragment, Localizer
from schemas.expressions import All, Eq, Ge, Gt, Is, Le, Lt, Ne, Not, OptionRef, PlayerCount
from schemas.game import GameContent
from schemas.scoring import Option
from scorer.interpret import table_function


@dataclass(frozen=True)
class Condition:
    """When a component, step or rule applies: options on or off, player counts."""

    with_: tuple[Fragment, ...] = ()
    without: tuple[Fragment, ...] = ()
    players: tuple[int, ...] = ()
    #: Part of the condition could not be put in words.
    other: bool = False


def option_label(option: Option, loc: Localizer) -> Fragment:
    return loc.text(f"scoring.options.{option.id}.label", option.label)


def choice_label(option: Option, choice_id: str, loc: Localizer) -> Fragment | None:
    for choice in option.choices:
        if choice.id == choice_id:
            return loc.text(f"scoring.options.{option.id}.choices.{choice.id}.label", choice.label)
    return None


def _option_sets(content: GameContent) -> Iterator[dict[str, Any]]:
    """The default options, then each option changed alone to each other value."""
    defaults: dict[str, Any] = dict(content.option_defaults())
    yield defaults
    for option in content.scoring.options:
        others: list[Any] = (
            [not option.default]
            if option.kind == "flag"
            else [c.id for c in option.choices if c.id != option.default]
        )
        for value in others:
            yield {**defaults, option.id: value}
    yield {o.id: (True if o.kind == "flag" else o.default) for o in content.scoring.options}


def active_counts(
    content: GameContent, node: object | None, label: str
) -> tuple[dict[str, Any], list[int]]:
    """Options under which ``node`` holds for some player count, and those counts."""
    counts = list(content.game.players.values())
    if node is None:
        return dict(content.option_defaults()), counts
    function = table_function(node, label)
    for options in _option_sets(content):
        found = [n for n in counts if function(options, {}, {}, n)]
        if found:
            return options, found
    return dict(content.option_defaults()), []


def condition(
    content: GameContent, node: object | None, loc: Localizer, label: str
) -> Condition | None:
    """``node`` (a ``when``) in words, or None when there is no condition."""
    if node is None:
        return None
    options = {o.id: o for o in content.scoring.options}
    with_: list[Fragment] = []
    without: list[Fragment] = []
    other = False

    def visit(item: object, negated: bool) -> None:
        nonlocal other
        if isinstance(item, OptionRef) and item.option in options:
            (without if negated else with_).append(option_label(options[item.option], loc))
        elif isinstance(item, Not):
            visit(item.not_, not negated)
        elif isinstance(item, All) and not negated:
            for part in item.all:
                visit(part, negated)
        elif isinstance(item, Is) and isinstance(item.is_.of, OptionRef) and not negated:
            option = options.get(item.is_.of.option)
            if option is None:
                other = True
                return
            labels = [choice_label(option, c, loc) for c in item.is_.in_]
            with_.extend(label for label in labels if label is not None)
        elif not _is_player_count_test(item):
            other = True

    visit(node, False)
    _, counts = active_counts(content, node, label)
    every = list(content.game.players.values())
    players = tuple(counts) if counts != every else ()
    return Condition(tuple(with_), tuple(without), players, other and not players)


def _is_player_count_test(node: object) -> bool:
    """A comparison with the player count (handled by listing the counts where it holds)."""
    if isinstance(node, Eq | Ne | Lt | Le | Gt | Ge):
        pair = next(iter(type(node).model_fields))
        return any(isinstance(side, PlayerCount) for side in getattr(node, pair))
    return isinstance(node, All) and all(_is_player_count_test(p) for p in node.all)
