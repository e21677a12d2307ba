"""Expressions where a number or an index is taken (issue 33, item 3): ``choice_data``'s
``index`` and ``field``, ``best_assignment``'s ``wildcards`` and ``floor_div``'s divisor
take expressions, whose bounds are derived from the inputs' declared bounds
(schemas/bounds.py) and refused by ``rulebook validate`` at their line when they cannot
hold; the probe game's hand-worked cases (the parity run compares the browser on them)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from schemas.bounds import Bounds, Range
from schemas.expressions import Expr
from schemas.loader import ContentError, load_game
from scorer.describe import SourceWords, describe_category, render
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from tests.parity_fixture import BOUND_CASES, BOUND_CATEGORIES, PROBE, bound_states, probe_game
from tests.schemas.test_loader import _line_of


@pytest.fixture(scope="module")
def engine() -> GameEngine:
    return GameEngine(probe_game())


@pytest.mark.parametrize("case", bound_states(), ids=[c[0] for c in BOUND_CASES])
def test_the_hand_worked_cases(engine: GameEngine, case: Any) -> None:
    expected = next(c[3] for c in BOUND_CASES if case["id"].endswith(c[0]))
    found = score_outcome(engine, case["state"])
    assert not found.problems, found.problems
    assert found.result is not None
    breakdown = found.result.to_json()["players"][0]["breakdown"]
    assert {k: breakdown[k] for k in BOUND_CATEGORIES} == expected


def _range(text: str) -> Range:
    from pydantic import TypeAdapter

    node = TypeAdapter(Expr).validate_python(yaml.safe_load(text))
    return Bounds(probe_game()).of(node)


@pytest.mark.parametrize(
    ("expression", "least", "most"),
    [
        ("3", 3, 3),
        ("{input: jokers}", 0, 3),  # max: 3
        ("{input: coins}", 0, 12),  # the component's per_player_max
        ("{input: debt}", -3, 5),
        ("{input: claim}", 0, 2),  # an optional position up to 2
        ("{difference: [{player_count: true}, 1]}", 0, 4),  # 1 to 5 players
        ("{product: [{input: debt}, {input: debt}]}", -15, 25),  # sound, not tight
        ("{floor_div: [{input: gifts}, {value: kept}]}", 0, 1),  # 0..3 // 2..3
        ("{minimum: [{input: temple}, 4]}", 0, 4),  # a bound declared in the expression
        ("{input: temple}", 0, None),  # table_max bounds the table, not a player
        ("{lookup: {index: {input: claim}, table: [0, 4, 2]}}", 0, 4),
        ("{rows_count: {of: {input: roads}}}", 0, 5),
        ("{choice_data: {of: {input: hero}, field: {input: side}}}", 0, 9),
    ],
)
def test_bounds_derived_by_hand(expression: str, least: int | None, most: int | None) -> None:
    assert _range(expression) == Range(least, most)


def _probe_folder(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the probe game's folder, with ``old`` replaced by ``new`` in its scoring."""
    folder = tmp_path / "content" / "probe"
    shutil.copytree(PROBE, folder)
    scoring = folder / "scoring.yaml"
    text = scoring.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    scoring.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _refused(folder: Path) -> list[Any]:
    with pytest.raises(ContentError) as error:
        load_game(folder)
    return error.value.problems


BOARD = "{choice_data: {of: {input: hero}, field: {input: side}, index: {input: claim}}}"
OFFSETS = "offsets: [{if: {cond: {option: big}, then: 2, else: 1}}]"
WILD = "wildcards: {sum: [{input: jokers}, {floor_div: [{input: gifts}, {value: kept}]}]}"


@pytest.mark.parametrize(
    ("old", "new", "where", "words"),
    [
        (
            BOARD,
            BOARD.replace("{input: claim}", "{difference: [{input: claim}, 1]}"),
            "choice_data.index",
            "the index may be -1 to 1 here, and a place in a list is 0 or more",
        ),
        (
            BOARD,
            BOARD.replace("{input: side}", "{input: color}"),
            "choice_data.field",
            "no choice of 'hero' carries 'red', 'blue'",
        ),
        (
            BOARD,
            BOARD.replace(
                "{input: hero}, field: {input: side}", "{table: region_1}, field: {option: big}"
            ),
            "choice_data.field",
            "option 'big' is yes or no",
        ),
        (
            WILD,
            WILD.replace("{value: kept}", "{input: jokers}"),
            "floor_div[1]",
            "the divisor may be 0 to 3 here, and it must be at least 1",
        ),
        (
            OFFSETS,
            "offsets: [{product: [{option: big}, 0]}]",
            "neighbours.offsets",
            "offset 0 is the player themself",
        ),
        (
            OFFSETS,
            "offsets: [{input: jokers}]",
            "neighbours.offsets[0].input",
            "an input reference is not allowed here: award points are per place",
        ),
        (
            WILD,
            "wildcards: {input: temple}",
            "best_assignment.wildcards",
            "the wildcards have no known maximum",
        ),
        (
            WILD,
            "wildcards: {product: [{input: coins}, {input: coins}, 40]}",
            "best_assignment.wildcards",
            "up to 5760 wildcards among 2 inputs is 5761 placements to try",
        ),
    ],
    ids=[
        "negative index",
        "field no choice names",
        "flag names no field",
        "divisor 0",
        "offsets only 0",
        "offsets per player",
        "unbounded wildcards",
        "too many wildcards",
    ],
)
def test_bounds_that_cannot_hold_are_refused_at_their_line(
    tmp_path: Path, old: str, new: str, where: str, words: str
) -> None:
    folder = _probe_folder(tmp_path, old, new)
    [problem] = _refused(folder)
    scoring = folder / "scoring.yaml"
    assert problem.file == str(scoring) and problem.line == _line_of(scoring, new), problem
    assert problem.path.endswith(where), problem.path
    assert words in problem.msg, problem.msg


def test_the_words_list_every_number_a_computed_field_may_read() -> None:
    """Each choice's numbers by the side that names their field, every place listed."""
    content = probe_game()
    text = render(describe_category(content, "board"), SourceWords())
    assert "“A”: (“Day”: 2 / 4 / 6; “Night”: 9)" in text, text
    assert "“B”: (“Day”: 1; “Night”: 3 / 8 / 0), “D”: (“Night”: 7 / 7)" in text, text
    assert "{" not in text


def test_computed_thresholds_and_divisors_read_in_words() -> None:
    """A computed divisor, threshold or counted value is said as its expression, in
    parentheses where it stands inside a formula."""
    content = probe_game()
    wild = render(describe_category(content, "wild_more"), SourceWords())
    assert "“Gifts” ÷ (with “Big box”: 3; otherwise 2), rounded down" in wild, wild
    thresholds = render(describe_category(content, "thresholds"), SourceWords())
    for said in (
        "reach (“Big box” + 2)",
        "the number of items worth “Jokers” in “Pile”",
        "“Jokers” / 2 points to the 1st",
        "(at least “Bounty”)",
        "at least (“Gifts” + 1) to take part",
    ):
        assert said in thresholds, (said, thresholds)
    printed = render(describe_category(content, "printed"), SourceWords())
    for said in (
        "0 / “Bounty” / (“Jokers” + 1) points for 0, 1, 2… of “Claim”, and (“Jokers” + 1) for more",
        "scores 1 / (“Big box” + 2) points",
        "(with “Big box”: 2; otherwise 1) seats away",
    ):
        assert said in printed, (said, printed)
    assert "{" not in wild + thresholds + printed
