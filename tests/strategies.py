"""Hypothesis strategies that build end states from a game's declared inputs.

Two sources, mixed: states drawn from scratch inside each field's limits (small numbers,
inputs only where their ``when`` holds), and the game's conformance cases with a few counts
changed. The engine's own validation then decides, so a test may only use states it
accepts; the cases keep that share high for games with many cross-field rules.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from schemas.endstate import count_limits
from schemas.game import GameContent
from schemas.scoring import (
    ChoiceInput,
    CountInput,
    FlagInput,
    PositionInput,
    RowsInput,
    SequenceInput,
)
from scorer.interpret import table_function

#: Examples each property test draws per game. Derandomized, so every run draws the same
#: ones: enough to find the counterexample a card scoring for the neighbours gives when it
#: is not declared (tests/scorer/test_properties.py shows it), affordable on CI's two cores.
PROPERTY_EXAMPLES = 40


def property_settings(examples: int = PROPERTY_EXAMPLES) -> settings:
    """Hypothesis settings of the property tests: deterministic, no deadline, no database."""
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )


def collecting_settings(draws: int) -> settings:
    """Hypothesis settings of the fuzz collectors, which only gather drawn states for another
    runtime to check: deterministic, generate phase only, no health check (a collector
    asserts nothing, so a slow or filtered draw is no failure)."""
    return settings(
        max_examples=draws,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


#: Strategies made once per input spec or game: building a composite strategy reads its
#: function's source, which made each draw cost more than the property it feeds. Keyed by
#: id, holding the object itself, so that an id reused after an object is freed does not
#: match. (Conditions need no cache here: scorer.interpret keeps each built once.)
_MADE: dict[int, tuple[object, Any]] = {}
T = TypeVar("T")


def _made_once(owner: object, make: Callable[[], T]) -> T:
    found = _MADE.get(id(owner))
    if found is None or found[0] is not owner:
        found = _MADE[id(owner)] = (owner, make())
    return found[1]


def _pile(spec: SequenceInput) -> st.SearchStrategy[list[int]]:
    return _made_once(spec, lambda: _make_pile(spec))


def _rows(spec: RowsInput) -> st.SearchStrategy[list[dict[str, int]]]:
    """A list of records within their bounds: none, one, or up to the most allowed."""
    row = st.fixed_dictionaries({f.id: st.integers(f.min, f.max) for f in spec.fields})
    return _made_once(spec, lambda: st.lists(row, max_size=min(spec.max_rows, 6)))


def _make_pile(spec: SequenceInput) -> st.SearchStrategy[list[int]]:
    @st.composite
    def build(draw: st.DrawFn) -> list[int]:
        length = draw(st.integers(0, min(spec.max_length, 5)))
        pile: list[int] = []
        for _ in range(length):
            if not pile:
                value = (
                    spec.first
                    if spec.first is not None
                    else draw(st.integers(spec.item_min, spec.item_max))
                )
            else:
                if spec.closes_at is not None and pile[-1] == spec.closes_at:
                    break
                step = draw(st.integers(0, spec.max_step if spec.max_step is not None else 1))
                value = min(pile[-1] + step, spec.item_max)
            pile.append(value)
        return pile

    return build()


def _count(content: GameContent, spec: CountInput) -> st.SearchStrategy[int]:
    """Mostly the least value (as on a real table, most counts are small)."""
    least, most, _ = count_limits(content, spec)
    low = max(least, 0)
    high = low + 3 if most is None else min(most, low + 3)
    return st.one_of(st.just(low), st.integers(least, max(low, high)))


def _active(spec: Any, options: dict[str, Any], count: int) -> bool:
    """Whether an input (or a choice) is offered with these options and player count."""
    if spec.when is None:
        return True
    return bool(table_function(spec.when, spec.id)(options, {}, {}, count))


def end_states(content: GameContent) -> st.SearchStrategy[dict[str, Any]]:
    """Plausible end states for ``content``'s game: fresh ones and altered cases."""
    return _made_once(content, lambda: _end_states(content))


def _end_states(content: GameContent) -> st.SearchStrategy[dict[str, Any]]:
    fresh = fresh_states(content)
    cases = content.cases.cases if content.cases else []
    if not cases:
        return fresh
    return st.one_of(fresh, altered_cases(content))


def altered_cases(content: GameContent) -> st.SearchStrategy[dict[str, Any]]:
    """A conformance case's state with up to two counts set to other small values."""
    assert content.cases is not None
    counts = [s for s in content.scoring.inputs if isinstance(s, CountInput)]

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        case = draw(st.sampled_from(content.cases.cases))  # type: ignore[union-attr]
        state: dict[str, Any] = {"game": content.id, **copy.deepcopy(case.state)}
        options = {**content.option_defaults(), **state.get("options", {})}
        players = state["players"]
        for _ in range(draw(st.integers(0, 2))):
            spec = draw(st.sampled_from(counts))
            if _active(spec, options, len(players)):
                player = draw(st.sampled_from(players))
                player[spec.id] = draw(_count(content, spec))
        return state

    return build()


def fresh_states(content: GameContent) -> st.SearchStrategy[dict[str, Any]]:
    """End states drawn from scratch, with any legal player count and options."""

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        count = draw(st.integers(content.game.players.min, content.game.players.max))
        options: dict[str, Any] = {}
        for option in content.scoring.options:
            if option.kind == "flag":
                options[option.id] = draw(st.booleans())
            else:
                options[option.id] = draw(st.sampled_from([c.id for c in option.choices]))
        table: dict[str, Any] = {}
        used: dict[str, set[str]] = {}
        for spec in content.scoring.table:
            if not _active(spec, options, count):
                continue  # not on the table with these options: given, it is refused
            if spec.kind == "count":
                most = spec.max if spec.max is not None else spec.min + 5
                table[spec.id] = draw(st.integers(spec.min, most))
                continue
            if spec.kind == "rows":
                table[spec.id] = draw(_shared_rows(spec, count))
                continue
            allowed = [c.id for c in content.table_choices(spec) if _active(c, options, count)]
            taken = (
                used.setdefault(spec.group or "", set()) if spec.distinct_within_group else set()
            )
            free = [c for c in allowed if c not in taken] or allowed
            table[spec.id] = draw(st.sampled_from(free))
            taken.add(table[spec.id])
        players: list[dict[str, Any]] = [{"name": f"P{i + 1}"} for i in range(count)]
        for spec in content.scoring.inputs:
            if not _active(spec, options, count):
                continue
            if isinstance(spec, CountInput):
                for player in players:
                    player[spec.id] = draw(_count(content, spec))
            elif isinstance(spec, FlagInput):
                if spec.unique:
                    holder = draw(st.integers(-1, count - 1))
                    for index, player in enumerate(players):
                        player[spec.id] = index == holder
                else:
                    for player in players:
                        player[spec.id] = draw(st.booleans())
            elif isinstance(spec, ChoiceInput):
                ids = [c.id for c in spec.choices]
                if spec.unique and len(ids) >= count:
                    picked = draw(st.permutations(ids))[:count]
                else:
                    picked = [draw(st.sampled_from(ids)) for _ in range(count)]
                for player, choice in zip(players, picked, strict=True):
                    player[spec.id] = choice
            elif isinstance(spec, PositionInput):
                places: list[int | None] = list(range(1, count + 1))
                if spec.optional:
                    last = min(count, spec.max or count)
                    taken = draw(st.integers(0, last))
                    places = [*range(1, taken + 1), *([None] * (count - taken))]
                for player, place in zip(players, draw(st.permutations(places)), strict=True):
                    if place is not None:
                        player[spec.id] = place
            elif isinstance(spec, SequenceInput):
                for player in players:
                    player[spec.id] = draw(_pile(spec))
            elif isinstance(spec, RowsInput):
                for player in players:
                    player[spec.id] = draw(_rows(spec))
        state = {"game": content.id, "options": options, "table": table, "players": players}
        if content.scoring.rivals:
            state["rivals"] = draw(_rivals(content, options, count))
        return state

    return build()


def _rivals(
    content: GameContent, options: dict[str, Any], count: int
) -> st.SearchStrategy[dict[str, Any]]:
    """What the table counts for each rival present (scorer.rivals), sometimes nothing."""
    inputs = {spec.id: spec for spec in content.scoring.inputs}

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for rival in content.scoring.rivals:
            if not _active(rival, options, count) or draw(st.integers(0, 4)) == 0:
                continue
            row: dict[str, Any] = {}
            for ident in rival.inputs:
                spec = inputs[ident]
                if isinstance(spec, CountInput):
                    row[ident] = draw(_count(content, spec))
                elif isinstance(spec, FlagInput):
                    row[ident] = draw(st.booleans())
                elif isinstance(spec, ChoiceInput):
                    row[ident] = draw(st.sampled_from([c.id for c in spec.choices]))
                elif isinstance(spec, SequenceInput):
                    row[ident] = draw(_pile(spec))
            found[rival.id] = row
        return found

    return build()


#: Values that are wrong in every way a hand-written or tampered file can be wrong.
junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)


def _shared_rows(spec: Any, count: int) -> st.SearchStrategy[list[dict[str, Any]]]:
    """Rows the table shares: each its own numbers (a defaulted one sometimes left out) and
    one number per player for each per-player field, all within bounds; a few rows."""
    row: dict[str, st.SearchStrategy[Any]] = {f.id: st.integers(f.min, f.max) for f in spec.fields}
    row |= {
        f.id: st.lists(st.integers(f.min, f.max), min_size=count, max_size=count)
        for f in spec.per_player
    }
    optional = [f.id for f in spec.fields if f.default is not None]
    drawn = st.fixed_dictionaries(
        {k: v for k, v in row.items() if k not in optional},
        optional={k: row[k] for k in optional},
    )
    return st.lists(drawn, max_size=min(spec.max_rows or 0, 4))
