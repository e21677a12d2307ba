"""Checking an end state against a game's rules and components before scoring it.

Every problem is collected, with the field path (``players[2].sea_panorama``), the value
given and what was expected, so a player can fix them all in one go.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from schemas.endstate import count_limits
from schemas.game import GameContent
from schemas.loader import format_path
from schemas.scoring import ChoiceInput, CountInput, FlagInput, PositionInput, SequenceInput
from scorer.compiler import CompiledScoring
from scorer.rivals import rival_rows


@dataclass(frozen=True)
class Problem:
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class EndStateError(ValueError):
    """An end state that cannot be scored; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class TableState:
    """A validated end state, in the plain form the compiled scoring reads."""

    names: list[str]
    players: list[dict[str, Any]]
    options: dict[str, Any]
    table: dict[str, Any]
    choice_data: dict[str, dict[str, list[int]]]
    #: The rows of the rivals at the table, by id (scorer.rivals).
    rivals: dict[str, dict[str, Any]] = field(default_factory=dict)


def _structural(content: GameContent, model: type[BaseModel], raw: Any) -> BaseModel:
    if not isinstance(raw, dict):
        raise EndStateError(
            [Problem("", f"an end state is a JSON object, got {type(raw).__name__}")]
        )
    players = raw.get("players")
    limits = content.game.players
    if isinstance(players, list) and not limits.min <= len(players) <= limits.max:
        raise EndStateError(
            [
                Problem(
                    "players",
                    f"{len(players)} players given; {content.game.names.en} is for {limits.min} to {limits.max}",
                )
            ]
        )
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        problems = []
        for item in error.errors(include_url=False):
            message = item["msg"]
            if item["type"] == "extra_forbidden":
                message = "unknown field for this game"
            elif item["type"] != "missing":
                message += f" (got {item['input']!r})"
            problems.append(Problem(format_path(item["loc"]), message))
        raise EndStateError(problems) from None


def check_end_state(
    content: GameContent, compiled: CompiledScoring, state_model: type[BaseModel], raw: Any
) -> TableState:
    """Validate ``raw`` (parsed JSON) for ``content``; raise EndStateError with every problem.

    ``state_model`` is ``schemas.endstate.end_state_model(content)``, built once per game.
    """
    model = _structural(content, state_model, raw)
    options = model.options.model_dump()  # type: ignore[attr-defined]
    table = model.table.model_dump()  # type: ignore[attr-defined]
    given = [player for player in model.players]  # type: ignore[attr-defined]
    players = [player.model_dump() for player in given]
    names = [player.pop("name") for player in players]
    count = len(players)
    problems: list[Problem] = []

    if len(set(names)) != len(names):
        repeated = sorted({n for n in names if names.count(n) > 1})
        problems.append(
            Problem(
                "players", f"each player needs a different name; repeated: {', '.join(repeated)}"
            )
        )

    choice_data: dict[str, dict[str, list[int]]] = {}
    for spec in content.scoring.table:
        path = f"table.{spec.id}"
        when = compiled.table_when.get(spec.id)
        active = when is None or bool(when(options, table, {}, count))
        chosen = table[spec.id]
        if spec.kind == "count":
            if not active and chosen is not None:
                problems.append(Problem(path, "not used with these options and player count"))
            table[spec.id] = spec.min if chosen is None else chosen
            choice_data[spec.id] = {}
            continue
        if not active:
            if chosen is not None:
                problems.append(Problem(path, "not used with these options and player count"))
            choice_data[spec.id] = {}
            continue
        offered = content.table_choices(spec)
        allowed = [
            c.id
            for c in offered
            if (check := compiled.choice_when.get((spec.id, c.id))) is None
            or check(options, table, {}, count)
        ]
        if chosen is None:
            problems.append(Problem(path, f"required: one of {', '.join(allowed)}"))
        elif chosen not in allowed:
            problems.append(
                Problem(
                    path,
                    f"{chosen!r} is not used with {count} players; expected one of {', '.join(allowed)}",
                )
            )
        choice_data[spec.id] = next((c.data for c in offered if c.id == chosen), {})
    groups: dict[str, list[str]] = {}
    for spec in content.scoring.table:
        if spec.distinct_within_group and table[spec.id] is not None:
            groups.setdefault(spec.group or "", []).append(spec.id)
    for ids in groups.values():
        seen: dict[str, str] = {}
        for ident in ids:
            if table[ident] in seen:
                problems.append(
                    Problem(
                        f"table.{ident}",
                        f"{table[ident]!r} is already placed at table.{seen[table[ident]]}",
                    )
                )
            seen.setdefault(table[ident], ident)

    for player_input in content.scoring.inputs:
        when = compiled.input_when.get(player_input.id)
        active = when is None or bool(when(options, table, choice_data, count))
        given_values = [player[player_input.id] for player in players]
        if not active:
            for index, player_model in enumerate(given):
                if player_input.id in player_model.model_fields_set and given_values[index] not in (
                    0,
                    False,
                    None,
                    [],
                ):
                    problems.append(
                        Problem(
                            f"players[{index}].{player_input.id}",
                            f"not used with these options and player count (got {given_values[index]!r})",
                        )
                    )
            continue
        problems.extend(_check_input(content, player_input, given_values, names))
    problems.extend(_shared_components(content, players))
    rivals, found = rival_rows(
        content,
        compiled,
        state_model,
        getattr(model, "rivals", None),
        options,
        table,
        choice_data,
        count,
    )
    problems.extend(Problem(path, message) for path, message in found)

    _unplaced_as_zero(content, players)
    if not problems and compiled.constraints:
        # Constraints may use computed values (how many crops are in play); the inputs are
        # well-formed by now, so evaluating them is safe.
        values = compiled.evaluate(players, options, table, choice_data, False)[0]
        for ident, (rule, applies) in compiled.constraints.items():
            if applies is not None and not applies(options, table, choice_data, count):
                continue
            declared = next(c for c in content.scoring.constraints if c.id == ident)
            results = rule(players, options, table, choice_data, values)
            if declared.scope == "table":
                if not all(results):
                    problems.append(Problem("players", declared.message))
                continue
            for index, holds in enumerate(results):
                if not holds:
                    problems.append(Problem(f"players[{index}]", declared.message))
    if problems:
        raise EndStateError(problems)
    return TableState(names, players, options, table, choice_data, rivals)


def _unplaced_as_zero(content: GameContent, players: list[dict[str, Any]]) -> None:
    """A player left out of an optional order holds place 0, so arithmetic can read it."""
    for spec in content.scoring.inputs:
        if isinstance(spec, PositionInput) and spec.optional:
            for player in players:
                if player[spec.id] is None:
                    player[spec.id] = 0


def _check_input(
    content: GameContent, spec: Any, values: list[Any], names: list[str]
) -> list[Problem]:
    problems: list[Problem] = []
    if isinstance(spec, CountInput):
        _, _, table_most = count_limits(content, spec)
        if table_most is not None and sum(values) > table_most:
            problems.append(
                Problem(
                    f"players[*].{spec.id}",
                    f"all players together hold {sum(values)}, but the game has only {table_most}",
                )
            )
    elif isinstance(spec, FlagInput) and spec.unique and sum(bool(v) for v in values) > 1:
        holders = ", ".join(n for n, v in zip(names, values, strict=True) if v)
        problems.append(
            Problem(f"players[*].{spec.id}", f"only one player can have this; given for {holders}")
        )
    elif isinstance(spec, ChoiceInput):
        for index, value in enumerate(values):
            if value is None:
                problems.append(
                    Problem(
                        f"players[{index}].{spec.id}",
                        "required: one of " + ", ".join(c.id for c in spec.choices),
                    )
                )
        if spec.unique:
            chosen = [v for v in values if v is not None]
            for value in sorted({v for v in chosen if chosen.count(v) > 1}):
                problems.append(
                    Problem(
                        f"players[*].{spec.id}",
                        f"{value!r} exists once but is given to several players",
                    )
                )
    elif isinstance(spec, PositionInput):
        problems.extend(_position_problems(spec, values))
    elif isinstance(spec, SequenceInput):
        for index, pile in enumerate(values):
            problems.extend(
                Problem(f"players[{index}].{spec.id}{where}", message)
                for where, message in _pile_problems(spec, pile)
            )
        if spec.component:
            component = content.components.by_id()[spec.component]
            if component.count is not None and sum(len(p) for p in values) > component.count:
                problems.append(
                    Problem(
                        f"players[*].{spec.id}",
                        f"all piles together hold {sum(len(p) for p in values)} cards, but the game has only {component.count}",
                    )
                )
    return problems


def _position_problems(spec: PositionInput, values: list[int | None]) -> list[Problem]:
    """Places 1..n, each once; an optional order only needs its places to run without gaps."""
    problems = []
    last = min(len(values), spec.max) if spec.max is not None else len(values)
    for index, value in enumerate(values):
        where = f"players[{index}].{spec.id}"
        if value is None and not spec.optional:
            problems.append(Problem(where, f"required: a place from 1 to {last}"))
        elif value is not None and value > last:
            problems.append(Problem(where, f"{value} is past the last place ({last})"))
    placed = sorted(v for v in values if v is not None)
    if len(set(placed)) != len(placed):
        problems.append(
            Problem(f"players[*].{spec.id}", f"each place goes to one player; got {placed}")
        )
    elif placed != list(range(1, len(placed) + 1)):
        problems.append(
            Problem(f"players[*].{spec.id}", f"places run 1, 2, 3... without gaps; got {placed}")
        )
    return problems


def _shared_components(content: GameContent, players: list[dict[str, Any]]) -> list[Problem]:
    """Components counted by several inputs: all of them together stay within the box."""
    counted: dict[str, list[str]] = {}
    for spec in content.scoring.inputs:
        component = getattr(spec, "component", None)
        if component is not None:
            counted.setdefault(component, []).append(spec.id)
    problems = []
    components = content.components.by_id()
    for component_id, inputs in counted.items():
        limit = components[component_id].count
        if len(inputs) < 2 or limit is None:
            continue  # a single input's total is checked with the input
        total = sum(_amount(player[i]) for player in players for i in inputs)
        if total > limit:
            problems.append(
                Problem(
                    "players[*]",
                    f"all players together hold {total} {components[component_id].name} "
                    f"({', '.join(inputs)}), but the game has only {limit}",
                )
            )
    return problems


def _amount(value: Any) -> int:
    """How many components an input's value stands for: a count, or a pile's cards."""
    if isinstance(value, list):
        return len(value)
    return int(value) if isinstance(value, int) else 0


def _pile_problems(spec: SequenceInput, pile: list[int]) -> list[tuple[str, str]]:
    problems = []
    if spec.distinct:
        seen: set[int] = set()
        for position, value in enumerate(pile):
            if value in seen:
                problems.append((f"[{position}]", f"{value} appears twice; each value exists once"))
            seen.add(value)
    if pile and spec.first is not None and pile[0] != spec.first:
        problems.append(("[0]", f"a pile starts with {spec.first}, got {pile[0]}"))
    for position in range(1, len(pile)):
        below, card = pile[position - 1], pile[position]
        if spec.closes_at is not None and below == spec.closes_at:
            problems.append(
                (
                    f"[{position}]",
                    f"a {spec.closes_at} closes the pile; nothing may follow it (got {card})",
                )
            )
            break
        if spec.non_decreasing and card < below:
            problems.append((f"[{position}]", f"{card} is lower than the card below it ({below})"))
        elif spec.max_step is not None and card - below > spec.max_step:
            problems.append(
                (
                    f"[{position}]",
                    f"{card} is more than {spec.max_step} above the card below it ({below})",
                )
            )
    return problems
