"""Setting a game up from its declared setup: a checklist for a player count and a seed.

The same inputs (game, options, player names, seed) always give the same checklist, so a
setup can be shared as a link; the browser generator follows the same steps.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from schemas.components import Item
from schemas.game import GameContent
from scorer.interpret import table_function
from scorer.legality import (
    name_problems,
    option_problems,
    option_rule_problems,
    option_rules,
    option_whens,
    player_count_problems,
    unused_option_problems,
)
from scorer.plain import plain
from scorer.problems import Problem
from scorer.rng import SeededRandom


class SetupError(ValueError):
    """A setup that cannot be made; ``problems`` says every reason, as ``score`` would."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass
class DealtItem:
    id: str
    name: str
    data: dict[str, int | list[int]] = field(default_factory=dict)


@dataclass
class SetupStepResult:
    id: str
    text: str
    values: dict[str, int]
    #: Items dealt to each player, by player name, in turn order.
    per_player: dict[str, list[DealtItem]] = field(default_factory=dict)
    #: Items drawn for the table, with the slot each lies on when slots are named.
    table: list[DealtItem] = field(default_factory=list)
    slots: list[str] = field(default_factory=list)
    #: A number for each player, by name (starting resources by seat).
    per_seat: dict[str, int] = field(default_factory=dict)


@dataclass
class SetupResult:
    game: str
    seed: str
    options: dict[str, Any]
    players: list[str]
    #: Player names in the order drawn, the first player first (for a line-up: the first
    #: to leave first).
    turn_order: list[str]
    #: None when the table has no first player (``Setup.first_player_when``: solo).
    first_player: str | None
    steps: list[SetupStepResult]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = plain(self)
        return data


def default_names(count: int) -> list[str]:
    """Placeholder names when the table gives none."""
    return [f"P{i}" for i in range(1, count + 1)]


def make_setup(
    content: GameContent,
    players: int,
    seed: str | None = None,
    names: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> SetupResult:
    """The setup checklist for ``players`` players; raise SetupError for an illegal table.

    What is legal is what ``score`` accepts (scorer.legality): the player range, the
    counts each option is tied to, options only where their ``when`` holds, names that are not empty, not too long, free of
    control characters and different once normalized.
    """
    count_problems = player_count_problems(content.game.players.values(), players)
    problems = list(count_problems)
    # A placeholder name per player only for a count the game is played at: --players
    # 10**12 must be refused, not built a name for each.
    names = names or ([] if count_problems else default_names(players))
    if len(names) != players and not problems:
        problems.append(
            Problem(("players",), "names_count", {"count": len(names), "players": players})
        )
    # Each name is checked only when there are no more names than the game seats: a
    # million commas must be told "wrong number of names" once, not a million times.
    if len(names) <= max(content.game.players.values()):
        names, found = name_problems(names)
        problems.extend(found)
    given = options or {}
    found = option_problems(content, given)
    problems.extend(found)
    chosen: dict[str, Any] = content.option_defaults()
    if not found:
        chosen.update(given)
        if not count_problems:
            rules = option_rules(content)
            counts = content.game.players.values()
            problems.extend(option_rule_problems(rules, counts, chosen, players))
            defaults = content.option_defaults()
            whens = option_whens(content)
            problems.extend(unused_option_problems(whens, defaults, chosen, players))
    if problems:
        raise SetupError(problems)
    seed = seed or secrets.token_hex(4)
    rng = SeededRandom(seed)

    first = rng.below(players)
    turn_order = names[first:] + names[:first]
    steps = []
    for step in content.setup.steps:
        if step.when is not None and not _table_value(
            step.when, chosen, players, f"{step.id}.when"
        ):
            continue
        values = {
            k: int(_table_value(v, chosen, players, f"{step.id}.{k}"))
            for k, v in step.values.items()
        }
        # The generator has drawn what the step says to draw: its words say so.
        text = step.decided_text if step.decided_text is not None else step.text
        result = SetupStepResult(step.id, text, values)
        if step.per_seat is not None:
            result.per_seat = {
                name: step.per_seat[min(i, len(step.per_seat) - 1)]
                for i, name in enumerate(turn_order)
            }
        if step.deal is not None:
            deck = _deck(content, step.deal.component, chosen, players)
            shuffled = rng.shuffled(deck)
            if step.deal.per_player is not None:
                each = int(_table_value(step.deal.per_player, chosen, players, f"{step.id}.deal"))
                _need(len(shuffled), each * players, step.id)
                for i, name in enumerate(turn_order):
                    result.per_player[name] = [
                        _dealt(item) for item in shuffled[i * each : (i + 1) * each]
                    ]
            else:
                assert step.deal.to_table is not None
                total = int(_table_value(step.deal.to_table, chosen, players, f"{step.id}.deal"))
                _need(len(shuffled), total, step.id)
                result.table = [_dealt(item) for item in shuffled[:total]]
                result.slots = list(step.deal.slots[:total])
        steps.append(result)
    has_first = content.setup.first_player_when is None or bool(
        _table_value(content.setup.first_player_when, chosen, players, "first_player_when")
    )
    first_player = turn_order[0] if has_first else None
    return SetupResult(content.id, seed, chosen, list(names), turn_order, first_player, steps)


def _table_value(node: object, options: dict[str, Any], players: int, label: str) -> Any:
    return table_function(node, label)(options, {}, {}, players)


def _deck(
    content: GameContent, component_id: str, options: dict[str, Any], players: int
) -> list[Item]:
    component = content.components.by_id()[component_id]
    deck: list[Item] = []
    for item in component.items:
        if item.when is None or _table_value(
            item.when, options, players, f"{component_id}.{item.id}"
        ):
            deck.extend([item] * item.copies)
    return deck


def _dealt(item: Item) -> DealtItem:
    return DealtItem(item.id, item.name, dict(item.data))


def _need(available: int, wanted: int, step: str) -> None:
    if wanted > available:
        params = {"step": step, "count": wanted, "available": available}
        raise SetupError([Problem(("players",), "deck_too_small", params)])
