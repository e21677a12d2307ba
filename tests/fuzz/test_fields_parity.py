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

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from schemas.endstate import end_state_schema
from schemas.game import GameContent
from scorer.fields import acceptor, field_problems
from scorer.problems import EndStateError, Problem
from scorer.reading import read_end_state
from tests.fuzz.test_endstate_fuzz import GAMES, drawn
from tests.test_js_parity import probe_game

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("fields_runner.mjs")
# Both tests read the same samples, made once per worker: keep them on one.
pytestmark = pytest.mark.xdist_group("fields")

#: Written into the file as it stands: JSON numbers Python's json.dumps cannot write.
RAW = {"@float-3.0@": "3.0", "@exp@": "1e400", "@neg-zero@": "-0", "@huge@": "7" * 400}

#: Values every field gets in turn: wrong types, numbers JavaScript and Python read apart,
#: bounds, names to trim and normalize, refused characters, keys JavaScript orders first.
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


def hostile_states(content: GameContent) -> list[bytes]:
    """Every field of a real end state set, in turn, to each hostile value."""
    base = _base(content)
    places: list[tuple[str | int, ...]] = [("game",), ("options",), ("table",), ("players",)]
    places += [("players", 0, "name"), ("players", 1)]
    places += [("players", 0, spec.id) for spec in content.scoring.inputs]
    places += [("options", o.id) for o in content.scoring.options]
    places += [("table", t.id) for t in content.scoring.table]
    if content.scoring.rivals:
        places += [("rivals",), *(("rivals", r.id) for r in content.scoring.rivals)]
        first = content.scoring.rivals[0]
        places += [("rivals", first.id, i) for i in first.inputs]
    found = []
    for place in places:
        for value in HOSTILE:
            state = json.loads(json.dumps(base))
            target: Any = state
            for step in place[:-1]:  # into the players' list, or objects made as needed
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
        game: hostile_states(content) + (drawn(game, content) if game != "probe" else [])
        for game, content in contents.items()
    }


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
    } <= codes, codes


def test_the_quick_acceptance_agrees_with_the_walk(
    contents: dict[str, GameContent], samples: dict[str, list[bytes]]
) -> None:
    """scorer.fields.acceptor lets a state skip the walk only when the walk finds nothing:
    on every hostile state above, the drawn ones and every conformance case, it accepts
    exactly the states without a field problem (accepting a faulty one would lose its
    problems; refusing a sound one would only cost time, and is held to zero too)."""
    verdicts: dict[bool, int] = {True: 0, False: 0}
    wrong = []
    for game, content in contents.items():
        schema = end_state_schema(content)
        accepts = acceptor(schema)
        files = list(samples[game])
        cases = content.cases.cases if content.cases else []
        files += [json.dumps({"game": game, **case.state}).encode() for case in cases]
        for data in files:
            try:
                state = read_end_state(data)
            except EndStateError:
                continue  # not JSON the field checks ever see
            sound = not field_problems(schema, state)
            verdicts[sound] += 1
            if accepts(state) != sound:
                wrong.append(f"{game}: {data[:200]!r} (walk finds problems: {not sound})")
    assert wrong == [], f"{len(wrong)} wrong verdicts; the first:\n" + "\n".join(wrong[:5])
    # Both verdicts are exercised, and often.
    assert verdicts[True] > 100 and verdicts[False] > 1000, verdicts


def test_the_quick_acceptance_of_a_schema_that_refers_to_itself() -> None:
    """A definition that refers to itself is made once and still ends, and the quick test
    agrees with the walk at every depth (the end states' schemas have no such definition:
    this one stands for any a model could export)."""
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
    accepts = acceptor(schema)
    values: list[Any] = [
        {"v": 1, "next": {"v": 2, "kind": "a", "next": None}},
        {"v": 1, "next": {"v": 2, "next": {"v": 3, "kind": None}}},
        {"v": 1, "next": {"v": 2, "next": {"v": 4}}},
        {"v": 1, "next": {"kind": "c"}},
        {"v": 1, "next": {"kind": True}},
        {"next": {"next": {"next": {"w": 1}}}},
        {"next": []},
    ]
    verdicts = [accepts(value) for value in values]
    assert verdicts == [not field_problems(schema, value) for value in values]
    assert verdicts == [True, True, False, False, False, False, False]


def test_the_quick_acceptance_of_every_ascii_character_in_a_name(
    contents: dict[str, GameContent],
) -> None:
    """An ASCII name is accepted without the pattern's search when the pattern refuses
    exactly the unprintable ASCII characters (scorer.fields._ascii_holds): every ASCII
    character, inside a name and alone, gets the walk's verdict, and a pattern of
    another form keeps its search (both verdicts are reached)."""
    for game, content in contents.items():
        schema = end_state_schema(content)
        accepts = acceptor(schema)
        count = max(2, content.game.players.min)
        verdicts = set()
        for code in range(128):
            for name in (f"A{chr(code)}B", chr(code)):
                players = [{"name": name}] + [{"name": f"P{i}"} for i in range(1, count)]
                state = {"game": game, "players": players}
                sound = not field_problems(schema, state)
                verdicts.add(sound)
                assert accepts(state) == sound, (game, name)
        assert verdicts == {True, False}
    other = {"type": "string", "pattern": "^[^a]*$"}  # refuses a printable letter
    accepts = acceptor(other)
    assert [accepts(v) for v in ("bcd", "bad", "\x01")] == [True, False, True]
    assert [not field_problems(other, v) for v in ("bcd", "bad", "\x01")] == [True, False, True]
