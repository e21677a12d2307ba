"""A rows table input (issue 33, trial tile game): features the players share, each row
entered once for the table with its own numbers and one number per player, and
``rows_majority`` awarding each row by majority among the players (rank_award's tie
policies), in both runtimes. The form, links and storage are still to come."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from rulebook.i18n.runtime import translator
from rulebook.problems import ProblemWords
from schemas.game import GameContent
from schemas.references import check_references
from schemas.scoring import TableInput
from scorer.describe import SourceWords, describe_category, render
from scorer.engine import GameEngine
from scorer.export import export_game
from scorer.outcome import score_outcome
from tests.parity_fixture import PROBE_BASE, _plain, outcome, probe_with_values

#: The probe (tests/games/probe/) has shared roads: a size, a bonus left empty as 0,
#: each player's followers; ``shared`` gives a road's size (plus its bonus) to whoever has
#: the most followers on it, tied players each taking it; ``shared_pool`` shares 6 then 2
#: among them (pool_floor).


def _game(values: str = "") -> GameContent:
    """The probe, with ``values`` (YAML list items) put before its own."""
    return probe_with_values(values)


@pytest.fixture(scope="module")
def engine() -> GameEngine:
    content = _game()
    assert not check_references(content), check_references(content)
    return GameEngine(content)


def _state(rows: Any) -> dict[str, Any]:
    state = copy.deepcopy(PROBE_BASE)
    state["table"]["shared_roads"] = copy.deepcopy(rows)
    return state


def _outcome(engine: GameEngine, rows: Any) -> Any:
    return score_outcome(engine, _state(rows))


#: Shared roads and each player's points (Ana, Bo), worked out by hand.
CASES: list[tuple[str, list[dict[str, Any]], dict[str, tuple[int, int]]]] = [
    ("no road", [], {"shared": (0, 0), "shared_pool": (0, 0)}),
    (
        # 4 (+1): Ana 2 > Bo 1, Ana takes 5; pool: Ana 6, Bo 2nd takes 2.
        # 6: 1 each, both first: 6 each (dense); pool 6 + 2 shared = 4 each.
        # 3: nobody has followers (below at_least 1): nobody scores.
        "a majority, a tie, an empty road",
        [
            {"size": 4, "bonus": 1, "followers": [2, 1]},
            {"size": 6, "followers": [1, 1]},
            {"size": 3, "followers": [0, 0]},
        ],
        {"shared": (5 + 6, 6), "shared_pool": (6 + 4, 2 + 4)},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_hand_worked_cases(engine: GameEngine, case: Any) -> None:
    _, rows, expected = case
    found = _outcome(engine, rows)
    assert not found.problems, found.problems
    players = found.result.to_json()["players"]
    for category, points in expected.items():
        assert tuple(p["breakdown"][category] for p in players) == points, category


def test_a_row_gives_one_number_per_player(engine: GameEngine) -> None:
    found = _outcome(engine, [{"size": 4, "followers": [1]}, {"size": 2, "followers": [1, 0]}])
    problems = [(p.path, p.code, p.params) for p in found.problems]
    assert problems == [
        ("table.shared_roads[0].followers", "per_player_count", {"count": 1, "players": 2})
    ]
    bad = _outcome(engine, [{"size": 0, "followers": [8, 0]}])
    codes = sorted((p.path, p.code) for p in bad.problems)
    assert codes == [
        ("table.shared_roads[0].followers[0]", "above_max"),
        ("table.shared_roads[0].size", "below_min"),
    ]


def test_a_rows_table_input_is_declared_with_per_player_fields() -> None:
    spec = {"id": "r", "kind": "rows", "label": "R", "max_rows": 3}
    field = {"id": "a", "label": "A", "max": 2}
    TableInput.model_validate({**spec, "per_player": [field]})
    for wrong in [
        spec,  # no per-player field
        {**spec, "per_player": [field], "fields": [field]},  # one id twice
        {**spec, "per_player": [field], "choices": [{"id": "x", "label": "X"}]},
        {"id": "c", "kind": "count", "label": "C", "per_player": [field]},
    ]:
        with pytest.raises(ValidationError):
            TableInput.model_validate(wrong)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "{rows_majority: {of: {table: shared_roads}, by: folowers, awards: [1], ties: dense}}",
            "did you mean followers?",
        ),
        (
            "{rows_majority: {of: {table: region_1}, by: followers, awards: [1], ties: dense}}",
            "rows_majority reads a rows table input, but 'region_1' is a choice",
        ),
        (
            "{rows_majority: {of: {table: shared_roads}, by: followers,"
            " awards: [{field: sise}], ties: dense}}",
            "did you mean size? (a field of rows table input 'shared_roads')",
        ),
        (
            "{sum: [{table: shared_roads}, 1]}",
            "table input 'shared_roads' is a list of rows: only rows_majority reads it",
        ),
    ],
)
def test_a_wrong_reference_is_refused_with_why(value: str, message: str) -> None:
    found = check_references(_game(f"    - {{id: odd, compute: {value}}}\n"))
    assert any(message in str(p) for p in found), found


def test_the_browser_runtime_gives_pythons_outcomes(engine: GameEngine, tmp_path: Any) -> None:
    """Every case above and the refused rows, scored under Node by the calculator's modules:
    the same results and problems (location, code, parameters, severity) as Python's."""
    states = [_state(rows) for _, rows, _ in CASES]
    states += [
        _state([{"size": 4, "followers": [1]}]),
        _state([{"size": 0, "followers": [8, 0]}]),
        _state([{"size": 3, "followers": [2, 2]}, {"size": 5, "bonus": 2, "followers": [0, 3]}]),
    ]
    expected = [outcome(engine, s) for s in states]
    game = {"export": _plain(export_game(_game())), "states": states}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    node = shutil.which("node")
    assert node is not None, "run scripts/bootstrap.sh --browser"
    done = subprocess.run(
        [node, "tests/js/outcomes.mjs", str(path)],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found = json.loads(done.stdout)
    for got, want in zip(found, expected, strict=True):
        got_keys = sorted(json.dumps(p, sort_keys=True) for p in got.get("problems", []))
        want_keys = sorted(json.dumps(p, sort_keys=True) for p in want.get("problems", []))
        assert got_keys == want_keys
        assert got.get("result") == want.get("result")


def test_rows_majority_reads_as_a_sentence_and_a_count_slip_is_worded() -> None:
    content = _game()
    said = render(describe_category(content, "shared"), SourceWords())
    assert "for each row of “Shared roads”, added up" in said
    assert "the row’s “Size”" in said
    assert "Followers" in said
    engine = GameEngine(content)
    found = _outcome(engine, [{"size": 4, "followers": [1]}]).problems
    words = ProblemWords(content, translator(content, "en"), ["Ana", "Bo"])
    line = words.line(found[0])
    assert line == (
        "table.shared_roads[0].followers (Shared roads, Row 1, Followers):"
        " 1\u00a0number given for 2\u00a0players [per_player_count]"
    )
    bad = _outcome(engine, [{"size": 4, "followers": [1, 8]}]).problems
    assert words.line(bad[0]) == (
        "table.shared_roads[0].followers[1] (Shared roads, Row 1, Followers, Bo): must be at most 7"
        " [above_max]"
    )
