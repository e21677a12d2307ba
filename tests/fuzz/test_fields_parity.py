"""The two field checkers, fields.js and scorer/fields.py, on the same hostile end states.

Both walk the end state's JSON Schema (the contract, exported from the pydantic model). For
every game and the synthetic probe game (whose rivals add an object of objects), every
field of a real end state (a player's inputs and name, each option, each table input, the
top-level keys) is set in turn to each hostile value below, and Hypothesis adds real end
states with any JSON value put anywhere. Each file is read as each runtime reads it
(scorer.reading.read_end_state; readEndState, which keeps 3.0 apart from 3 and reads a
5,001-digit count as Infinity), and the problems must be the same: locations, codes,
parameters, and their order.
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schemas.endstate import end_state_schema
from schemas.game import GameContent
from schemas.scoring import RowsInput
from scorer.fields import field_problems
from scorer.problems import EndStateError, Problem
from scorer.reading import read_end_state
from tests.fuzz.test_endstate_fuzz import DRAWS, GAMES, JSON_VALUES, drawn
from tests.parity_fixture import probe_game
from tests.strategies import collecting_settings, end_states

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("fields_runner.mjs")
# Both tests read the same samples, made once per worker: keep them on one.
pytestmark = pytest.mark.xdist_group("fields")

#: Written into the file as it stands: JSON numbers Python's json.dumps cannot write.
RAW = {"@float-3.0@": "3.0", "@exp@": "1e400", "@neg-zero@": "-0", "@huge@": "7" * 400}

#: Values every field gets in turn: wrong types, numbers JavaScript and Python read apart,
#: bounds, names to trim and normalize, refused characters, names that show nothing (a
#: zero-width space, Hangul fillers, a tag and a variation selector past U+FFFF), keys
#: JavaScript orders first.
HOSTILE: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    10**30,
    "@float-3.0@",
    "@exp@",
    "@neg-zero@",
    "@huge@",
    1.5,
    "7",
    "",
    " \u00a0\u3000",
    "e\u0301" * 40 + "e",
    "x" * 41,
    "Ana\u202e",
    "A\x00",
    "\ud800",
    "\U0001f600" * 40,
    "\u200b",
    " \u3164\u115f\u2060 ",
    "\U000e0041\ufe0f",
    [],
    [3, "x", None],
    {},
    {"b": 1, "10": 2, "1": 3, "01": 4, "__proto__": 5},
]


def _encode(state: Any) -> bytes:
    text = json.dumps(state)
    for marker, written in RAW.items():
        text = text.replace(json.dumps(marker), written)
    return text.encode("utf-8", "surrogatepass")


def _base(content: GameContent) -> dict[str, Any]:
    if content.cases is not None and content.cases.cases:
        return {"game": content.id, **content.cases.cases[0].state}
    names = [{"name": f"P{i + 1}"} for i in range(max(2, content.game.players.min))]
    return {"game": content.id, "players": names}


def _row(spec: RowsInput) -> dict[str, int]:
    """A row every field of ``spec`` accepts."""
    return {f.id: f.min for f in spec.fields}


def _with_rows(content: GameContent, base: dict[str, Any]) -> list[tuple[str | int, ...]]:
    """Give the first player (and the first rival that takes it) one valid row of each
    rows input in ``base``; the places inside those rows: the row, each of its numbers, and
    a number it does not declare."""
    places: list[tuple[str | int, ...]] = []
    rivals = [r for r in content.scoring.rivals]
    for spec in content.scoring.inputs:
        if not isinstance(spec, RowsInput):
            continue
        owners: list[tuple[str | int, ...]] = [("players", 0)]
        owners += [("rivals", r.id) for r in rivals[:1] if spec.id in r.inputs]
        for owner in owners:
            target: Any = base
            for step in owner:
                target = target.setdefault(step, {}) if isinstance(target, dict) else target[step]
            target[spec.id] = [_row(spec)]
            row = (*owner, spec.id, 0)
            places += [row, *((*row, f.id) for f in spec.fields), (*row, "zz_unknown")]
    return places


def hostile_states(content: GameContent) -> list[bytes]:
    """Every field of a real end state set, in turn, to each hostile value; in a game with
    rows inputs, every number of a row too (a player's and a rival's)."""
    base = _base(content)
    inside = _with_rows(content, base)
    places: list[tuple[str | int, ...]] = [("game",), ("options",), ("table",), ("players",)]
    places += [("players", 0, "name"), ("players", 1)]
    places += [("players", 0, spec.id) for spec in content.scoring.inputs]
    places += [("options", o.id) for o in content.scoring.options]
    places += [("table", t.id) for t in content.scoring.table]
    if content.scoring.rivals:
        places += [("rivals",), *(("rivals", r.id) for r in content.scoring.rivals)]
        first = content.scoring.rivals[0]
        places += [("rivals", first.id, i) for i in first.inputs]
    places += inside
    found = []
    for place in places:
        for value in HOSTILE:
            state = json.loads(json.dumps(base))
            target: Any = state
            for step in place[:-1]:  # into the lists (players, rows), or objects made as needed
                target = target.setdefault(step, {}) if isinstance(target, dict) else target[step]
            target[place[-1]] = value
            found.append(_encode(state))
    return found


def python_problems(data: bytes, schema: dict[str, Any]) -> list[dict[str, Any]]:
    try:
        found: list[Problem] = field_problems(schema, read_end_state(data))
    except EndStateError as error:
        found = error.problems
    return [
        json.loads(json.dumps({"loc": p.loc, "code": p.code, "params": p.params})) for p in found
    ]


@pytest.fixture(scope="module")
def contents(games: dict[str, GameContent]) -> dict[str, GameContent]:
    return {**{game: games[game] for game in GAMES}, "probe": probe_game()}


@pytest.fixture(scope="module")
def samples(contents: dict[str, GameContent]) -> dict[str, list[bytes]]:
    """Per game: the hostile states, then the drawn ones (made once for both tests)."""
    return {
        game: hostile_states(content)
        + (drawn(game, content) if game != "probe" else drawn_in_rows(content))
        for game, content in contents.items()
    }


def drawn_in_rows(content: GameContent) -> list[bytes]:
    """Real end states (their rows drawn as the rules allow) with one number of one row, or
    one row, set to any JSON value (the probe game's rows: no shipped game has one)."""
    rows = [s.id for s in content.scoring.inputs if isinstance(s, RowsInput)]
    found: list[bytes] = []

    @collecting_settings(DRAWS)
    @given(end_states(content), st.integers(0, 99), st.text(max_size=6), JSON_VALUES)
    def collect(state: dict[str, Any], where: int, key: str, value: Any) -> None:
        state = copy.deepcopy(state)
        player = state["players"][where % len(state["players"])]
        listed = player.setdefault(rows[where % len(rows)], [])
        if not listed:
            listed.append({})
        row = listed[where % len(listed)]
        keys = [*row, key or "x"]
        if where % 5 == 0:  # the row itself
            listed[where % len(listed)] = value
        else:
            row[keys[where % len(keys)]] = value
        found.append(json.dumps(state).encode())

    collect()
    return found


def test_both_field_checkers_find_the_same_problems(
    contents: dict[str, GameContent], samples: dict[str, list[bytes]], tmp_path: Path
) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: run scripts/bootstrap.sh --browser")
    schemas = {game: end_state_schema(content) for game, content in contents.items()}
    cases: list[dict[str, str]] = []
    expected: list[list[dict[str, Any]]] = []
    for game in contents:
        for data in samples[game]:
            path = tmp_path / f"{len(cases)}.json"
            path.write_bytes(data)
            cases.append({"game": game, "file": str(path)})
            expected.append(python_problems(data, schemas[game]))
    (tmp_path / "input.json").write_text(json.dumps({"schemas": schemas, "cases": cases}), "utf-8")
    run = subprocess.run(
        [node, str(RUNNER), str(tmp_path / "input.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-5000:]
    browser = json.loads(run.stdout)
    assert len(browser) == len(cases) > 1000
    differ = [
        f"{Path(case['file']).read_bytes()[:300]!r}:\n  python {mine}\n  node   {theirs}"
        for case, mine, theirs in zip(cases, expected, browser, strict=True)
        if mine != theirs
    ]
    assert differ == [], f"{len(differ)} differ; the first:\n" + "\n".join(differ[:5])
    # The values reach every kind of field problem, not only type errors.
    codes = {p["code"] for found in expected for p in found}
    assert {
        "int_type",
        "number_too_large",
        "below_min",
        "above_max",
        "choice",
        "name_control",
        "name_too_long",
        "name_empty",
        "unknown_field",
        "object_type",
        "list_type",
        "bool_type",
        "string_type",
        "wrong_game",
        "missing",  # a row's number left out (the probe's rows)
    } <= codes, codes


def test_the_walk_follows_a_schema_that_refers_to_itself() -> None:
    """A definition that refers to itself is walked at every depth and the walk ends (the
    end states' schemas have no such definition: this one stands for any a model could
    export)."""
    node = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "v": {"type": "integer", "minimum": 0, "maximum": 3},
            "kind": {"anyOf": [{"enum": ["a", "b"]}, {"type": "null"}]},
            "next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]},
        },
    }
    schema = {"$defs": {"Node": node}, "$ref": "#/$defs/Node"}
    values: list[Any] = [
        {"v": 1, "next": {"v": 2, "kind": "a", "next": None}},
        {"v": 1, "next": {"v": 2, "next": {"v": 3, "kind": None}}},
        {"v": 1, "next": {"v": 2, "next": {"v": 4}}},
        {"v": 1, "next": {"kind": "c"}},
        {"v": 1, "next": {"kind": True}},
        {"next": {"next": {"next": {"w": 1}}}},
        {"next": []},
    ]
    found = [[(p.loc, p.code) for p in field_problems(schema, value)] for value in values]
    assert found == [
        [],
        [],
        [(("next", "next", "v"), "above_max")],
        [(("next", "kind"), "choice")],
        [(("next", "kind"), "choice")],
        [(("next", "next", "next", "w"), "unknown_field")],
        [(("next",), "object_type")],
    ]
