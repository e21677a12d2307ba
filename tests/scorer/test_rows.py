"""Rows inputs (issue 33): a list of records per player, read by rows_sum, rows_count and
rows_award, each number checked at its path; the content checks, the words, and the
probe game's hand-worked cases (the parity run compares the browser on the same states)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from rulebook.i18n.runtime import translator
from rulebook.problems import ProblemWords
from schemas.endstate import end_state_schema
from schemas.game import GameContent
from schemas.references import check_references
from schemas.scoring import RowsInput
from scorer import mechanics
from scorer.describe import SourceWords, describe_category, render
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from tests.parity_fixture import PROBE_BASE, ROW_CASES, probe_game, probe_with_values

ROAD_CATEGORIES = ("roads", "road_counts", "road_award", "road_pool")


@pytest.fixture(scope="module")
def engine() -> GameEngine:
    return GameEngine(probe_game())


def _state(first: list[Any], others: Any = ()) -> dict[str, Any]:
    state = copy.deepcopy(PROBE_BASE)
    state["players"][0]["roads"] = copy.deepcopy(first)
    state["players"][1]["roads"] = copy.deepcopy(list(others))
    return state


def _problems(engine: GameEngine, state: dict[str, Any]) -> list[tuple[Any, ...]]:
    found = score_outcome(engine, state).problems
    return [(p.path, p.code, p.params) for p in found]


@pytest.mark.parametrize("case", ROW_CASES, ids=[c[0] for c in ROW_CASES])
def test_the_hand_worked_cases(engine: GameEngine, case: Any) -> None:
    _, first, others, expected = case
    found = score_outcome(engine, _state(first, others))
    assert not found.problems, found.problems
    assert found.result is not None
    breakdown = found.result.to_json()["players"][0]["breakdown"]
    assert {k: breakdown[k] for k in ROAD_CATEGORIES} == expected


def test_rows_award_is_rank_award_among_the_rows_for_every_tie_policy(engine: GameEngine) -> None:
    """rows_award's points are the mechanic's, summed: sizes 6, 6, 4, 4, 2 by each policy."""
    sizes = [6, 6, 4, 4, 2]
    # dense: 5, 5, 3, 3, 1; competition: the 4s take 3rd (1 each), the 2 5th (nothing);
    # pool_floor: the 6s share 5 + 3 (4 each), the 4s share 1 (0 each, rounded down).
    by_hand = {"dense": 5 + 5 + 3 + 3 + 1, "competition": 5 + 5 + 1 + 1, "pool_floor": 4 + 4}
    for ties, total in by_hand.items():
        points, _ = mechanics.rank_award(sizes, [5, 3, 1], ties, 0, 1, None)
        assert sum(points) == total, ties
    # The probe's competition award, 5 then 3: the two 6s take 5 each, nothing for 3rd.
    roads = [{"size": s, "mine": 0, "theirs": 0} for s in sizes]
    found = score_outcome(engine, _state(roads)).result
    assert found is not None
    assert found.to_json()["players"][0]["breakdown"]["road_award"] == 10


def test_each_number_is_checked_at_its_path_with_the_same_codes(engine: GameEngine) -> None:
    rows = [{"size": 1, "mine": 0, "theirs": 0}] * 3 + [{"size": 10, "mine": 0}]
    assert _problems(engine, _state([], rows)) == [
        ("players[1].roads[3].size", "above_max", {"max": 9}),
        ("players[1].roads[3].theirs", "missing", {}),
    ]
    too_many = [{"size": 1, "mine": 0, "theirs": 0}] * 6
    assert _problems(engine, _state(too_many)) == [("players[0].roads", "too_long", {"count": 5})]
    odd = [{"size": 1, "mine": 0, "theirs": 0, "owner": "x"}]
    assert _problems(engine, _state(odd)) == [("players[0].roads[0].owner", "unknown_field", {})]


def test_the_command_line_names_the_row_and_its_field(engine: GameEngine) -> None:
    content = probe_game()
    found = score_outcome(engine, _state([{"size": 0, "mine": 0, "theirs": 0}])).problems
    line = ProblemWords(content, translator(content, "en"), ["Ana", "Bo"]).line(found[0])
    assert line == (
        "players[0].roads[0].size (Ana, Open roads, Row 1, Size): must be at least 1 [below_min]"
    )


def test_the_end_state_schema_bounds_every_number_and_the_rows() -> None:
    schema = end_state_schema(probe_game())
    player = schema["$defs"]["ProbePlayer"]["properties"]["roads"]
    assert player["maxItems"] == 5
    row = schema["$defs"][player["items"]["$ref"].split("/")[-1]]
    assert row["additionalProperties"] is False
    # Followers have a default (none): a row may leave them out.
    assert row["required"] == ["size", "theirs"]
    assert row["properties"]["mine"] == {"type": "integer", "minimum": 0, "maximum": 3}
    assert row["properties"]["size"] == {"type": "integer", "minimum": 1, "maximum": 9}


def _probe_with(value: str) -> GameContent:
    """The probe with one more value (``value``: its YAML, indented as a list item)."""
    return probe_with_values(value)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "    - {id: stray, compute: {field: size}}\n",
            "allowed only in the row expressions",
        ),
        (
            "    - {id: typo, compute: {rows_sum: {of: {input: roads}, each: {field: sise}}}}\n",
            "unknown field 'sise'; did you mean size? (a field of rows input 'roads')",
        ),
        (
            "    - {id: wrong, compute: {rows_count: {of: {input: coins}}}}\n",
            "rows_count reads a rows input (a list of records), but input 'coins' is a count",
        ),
        (
            "    - id: compared\n"
            "      compute: {rows_sum: {of: {input: roads}, each: {table_sum: {input: coins}}}}\n",
            "table_sum compares players, which is not possible here: a row expression",
        ),
    ],
)
def test_a_misplaced_row_reference_is_refused_with_why(value: str, message: str) -> None:
    problems = check_references(_probe_with(value))
    assert any(message in p.message for p in problems), [p.message for p in problems]


def test_a_row_expression_may_read_the_players_inputs_and_options() -> None:
    value = (
        "    - id: fine\n      compute:\n        rows_sum:\n          of: {input: roads}\n"
        "          each: {product: [{field: size}, {input: coins}, {option: big}]}\n"
    )
    assert not check_references(_probe_with(value))


def test_a_rows_input_is_declared_with_distinct_bounded_fields() -> None:
    spec = {"id": "r", "kind": "rows", "label": "R", "max_rows": 3}
    RowsInput.model_validate({**spec, "fields": [{"id": "a", "label": "A", "max": 2}]})
    for fields, max_rows in [
        ([{"id": "a", "label": "A", "max": 2}] * 2, 3),
        ([{"id": "a", "label": "A", "min": 3, "max": 2}], 3),
        ([{"id": "a", "label": "A", "min": 1, "max": 2, "default": 0}], 3),
        ([{"id": "a", "label": "A", "max": 2, "default": 3}], 3),
        ([{"id": "a", "label": "A"}], 3),
        ([{"id": "a", "label": "A", "max": 2}], 0),
        ([], 3),
    ]:
        with pytest.raises(ValidationError):
            RowsInput.model_validate({**spec, "fields": fields, "max_rows": max_rows})


def test_the_rows_nodes_read_as_sentences() -> None:
    content = probe_game()
    said = {c: render(describe_category(content, c), SourceWords()) for c in ROAD_CATEGORIES}
    assert "for each row of “Open roads”, added up" in said["roads"]
    assert "the row’s “Size”" in said["roads"]
    assert "the number of rows of “Open roads” where" in said["road_counts"]
    assert "row of “Open roads”, ranked by the row’s “Size”" in said["road_award"]
    assert (
        "tied rows take the same place, and the places they fill are skipped"
        in (said["road_award"])
    )
    assert "tied rows add up the points" in said["road_pool"]


def test_a_rows_fields_labels_are_messages_under_the_contexts_the_calculator_reads() -> None:
    """The catalogs hold each field's label where the calculator and the words look for it
    (rulebook/site/calculator.py, scorer/nodes/rows.py): translated like any label."""
    from rulebook.i18n.messages import extract

    contexts = {m.context: m.texts for m in extract(probe_game(), described=False)}
    for field, label in [("size", "Size"), ("mine", "Your followers")]:
        assert contexts[f"scoring.inputs.roads.fields.{field}.label"] == (label,)
