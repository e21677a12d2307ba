"""The tally (the scoring with the breakdowns written for the game, scorer.compiler._Tally)
gives what the generic way of putting a result together gives from the plain evaluation.

The generic way is written out here as it was in scorer.assemble before the tally: the
categories whose ``when`` holds, in declared order, each flag turned into a number, the
total their sum, and each shown category's details. For every game and the probe game
(rivals, hidden categories, flags in the breakdown), on every conformance case, its
score-track entry where the game has one, and random and probe states, with and without
explanations, the two agree to the type of every number.
"""

from __future__ import annotations

import contextlib
import copy
from dataclasses import replace
from typing import Any

import pytest

from schemas.expressions import BestAssignment, InputRef, Sum
from schemas.game import GameContent
from schemas.scoring import TOTAL
from scorer.compiler import CompiledScoring, Emitter, kept_values
from scorer.engine import GameEngine
from scorer.problems import EndStateError
from scorer.validate import TableState, check_end_state
from tests.test_js_parity import PROBE_STATES, probe_game, random_states
from tests.track_support import track_state


def _rows(state: TableState) -> tuple[list[dict[str, Any]], tuple[dict[str, int], ...]]:
    count = len(state.players)
    present = {rival: count + k for k, rival in enumerate(state.rivals)}
    return [*state.players, *state.rivals.values()], (present,)


def _generic(
    content: GameContent, compiled: CompiledScoring, state: TableState, explain: bool
) -> tuple[dict[str, list[Any]], dict[str, Any], list[dict[str, int]]]:
    """Values, category details and breakdowns as the generic assembly made them."""
    scoring = content.scoring
    rows, extra = _rows(state) if scoring.rivals else (state.players, ())
    values, details = compiled.evaluate(
        rows, state.options, state.table, state.choice_data, explain, *extra
    )
    count = len(state.players)
    shown = [
        (c.id, c.value)
        for c in scoring.categories
        if c.id not in compiled.category_when
        or compiled.category_when[c.id](state.options, state.table, state.choice_data, count)
    ]
    columns = [
        list(map(int, values[v])) if v in compiled.bool_values else values[v] for _, v in shown
    ]
    lines = list(zip(*columns, strict=True)) if columns else [()] * len(rows)
    breakdowns = [dict(zip([i for i, _ in shown], line, strict=True)) for line in lines]
    if scoring.kind == "points":
        values[TOTAL] = list(map(sum, lines))
    explained = {i: details[v] for i, v in shown if details.get(v) is not None}
    return values, explained, breakdowns


def _states(content: GameContent, engine: GameEngine) -> list[dict[str, Any]]:
    """Conformance cases (and their score-track entry), random and probe states."""
    states = [{"game": content.id, **c.state} for c in content.cases.cases] if content.cases else []
    if content.scoring.score_track is not None:
        states += [track_state(content, engine, copy.deepcopy(s)) for s in states]
    drawn = random_states(content, 40)
    states += drawn
    if content.id == "probe":  # its rivals and table numbers, over a few drawn states
        for change in PROBE_STATES:
            for base in drawn[:6]:
                state = copy.deepcopy(base)
                for key, value in change.items():
                    state[key] = (
                        {**state.get(key, {}), **value} if isinstance(value, dict) else value
                    )
                states.append(state)
    return states


@pytest.mark.parametrize(
    "game_id", ["momiji", "nile", "river_of_gold", "tokaido", "viticulture", "probe"]
)
def test_the_tally_is_the_generic_assembly(game_id: str, games: dict[str, GameContent]) -> None:
    content = probe_game() if game_id == "probe" else games[game_id]
    engine = GameEngine(content)
    compiled = engine.compiled
    kept = kept_values(content.scoring, shown=False) | {TOTAL}
    checked = 0
    for raw in _states(content, engine):
        try:
            state = engine.check(copy.deepcopy(raw))
        except EndStateError as error:
            if error.state is None:
                continue
            state = error.state
        for explain in (True, False):
            rows, extra = _rows(state) if content.scoring.rivals else (state.players, ())
            values, details, breakdowns = compiled.tally(
                rows, state.options, state.table, state.choice_data, explain, *extra
            )
            want_values, want_details, want_breakdowns = _generic(content, compiled, state, explain)
            assert repr(breakdowns) == repr(want_breakdowns), raw
            assert repr(values) == repr({k: v for k, v in want_values.items() if k in kept}), raw
            if explain:
                assert repr(details) == repr(want_details), raw
        checked += 1
    assert checked >= 12


def _validate_all(content: GameContent, engine: GameEngine, checks: Any) -> int:
    """Validate every state of :func:`_states` and every refused case with ``checks``; the
    number of refused cases."""
    refused = (
        [{"game": content.id, **c.state} for c in content.cases.invalid] if content.cases else []
    )
    for raw in [*_states(content, engine), *refused]:
        with contextlib.suppress(EndStateError):
            check_end_state(engine.facts, checks, copy.deepcopy(raw))
    return len(refused)


@pytest.mark.parametrize(
    "game_id", ["momiji", "nile", "river_of_gold", "tokaido", "viticulture", "probe"]
)
def test_the_quick_constraint_test_is_every_constraint(
    game_id: str, games: dict[str, GameContent]
) -> None:
    """Validation's one-function test of the constraints (scorer.compiler.constraints_hold)
    says True exactly when every constraint that applies holds for every player, on the
    rows validation gives it: valid states, refused cases and drawn states."""
    content = probe_game() if game_id == "probe" else games[game_id]
    engine = GameEngine(content)
    compiled = engine.compiled
    quick = compiled.constraints_hold
    assert quick is not None
    seen = {True: 0, False: 0}

    def spy(*args: Any) -> bool:
        players, options, table, choice_data = args
        values = compiled.constraint_values(players, options, table, choice_data, False)[0]
        count = len(players)
        expected = all(
            all(rule(players, options, table, choice_data, values))
            for rule, applies in compiled.constraints.values()
            if applies is None or applies(options, table, choice_data, count)
        )
        found = bool(quick(*args))
        assert found == expected, (found, players)
        seen[found] += 1
        return found

    refused = _validate_all(content, engine, replace(compiled, constraints_hold=spy))
    if content.scoring.constraints:  # (validation asks nothing of a game without any)
        assert seen[True] >= 12
        assert seen[False] >= 1 or not refused  # a refused case breaks a constraint


@pytest.mark.parametrize(
    "game_id", ["momiji", "nile", "river_of_gold", "tokaido", "viticulture", "probe"]
)
def test_the_inputs_off_are_those_whose_condition_fails(
    game_id: str, games: dict[str, GameContent]
) -> None:
    """Validation's one-function view of the inputs not asked (scorer.compiler.inputs_off)
    names exactly the inputs whose own ``when`` does not hold, on valid, refused and drawn
    states."""
    content = probe_game() if game_id == "probe" else games[game_id]
    engine = GameEngine(content)
    compiled = engine.compiled
    quick = compiled.inputs_off
    if quick is None:
        assert not compiled.input_when
        return
    calls = []

    def spy(*args: Any) -> tuple[str, ...]:
        found = quick(*args)
        expected = {ident for ident, when in compiled.input_when.items() if not when(*args)}
        assert set(found) == expected, args
        calls.append(found)
        return found  # type: ignore[no-any-return]

    _validate_all(content, engine, replace(compiled, inputs_off=spy))
    assert len(calls) >= 12 and any(calls)  # some inputs were not asked


def test_a_loop_binds_the_inputs_it_reads_twice_and_no_lambda_row() -> None:
    """scorer.compiler.Emitter.bind_reads: an input the body reads twice is read once into
    a local at the top; one read once stays where it is; a best assignment's lambda reads
    its own row, so its reads are not bound; the trial emission leaves nothing behind."""
    twice, once = InputRef(input="silk"), InputRef(input="rice")
    best = BestAssignment.model_validate(
        {
            "best_assignment": {
                "wildcards": 2,
                "among": [{"input": "silk"}],
                "maximize": {"input": "silk"},
            }
        }
    )
    emitter = Emitter()

    def emit(em: Emitter) -> list[str]:
        return [
            f"        x_a = {em.expr(Sum(sum=[twice, once, twice]))}",
            f"        x_b = {em.expr(best)}",
        ]

    body = emitter.bind_reads(emit)
    assert body[0] == "        q_silk = p['silk']"
    assert body[1] == "        x_a = (q_silk + p['rice'] + q_silk)"
    assert "lambda p: p['silk']" in body[2] and "q_rice" not in "".join(body)
    assert emitter.row_locals is None and emitter.lines == [] and emitter.counter == 0
    assert emitter.expr(twice) == "p['silk']"  # outside a bound loop: the row itself
