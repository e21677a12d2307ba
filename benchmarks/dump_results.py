"""Every result and every problem the Python engine gives, written to one JSON file.

Run: .venv/bin/python benchmarks/dump_results.py OUT.json

A change to how the engine computes (issue 27: the compiler replaced by an interpreter)
must leave every answer as it was, byte for byte. This writes, for every game of content/
and the parity probe game, the outcome of:

- everything the JavaScript parity fixture holds (tests/test_js_parity.py: conformance
  cases, score-track entries, refused cases, drawn, corrupted and hostile states, the
  probe game's states, setups, the node-by-node expression cases, mechanics calls);
- each scored state of those "crowded" (tests/fuzz/test_quick_parity.py): every count at
  its most, every flag and choice the same for everyone, every input for the first player;
- the field checkers' hostile states and the fuzzer's drawn ones (tests/fuzz/).

Each state's line holds its result with explanations (totals, breakdowns, details,
places, tiebreakers), its result without them, its problems, and the state validation
made. Compare two dumps with ``cmp`` or ``diff``: one line per state. The script runs
itself with ``PYTHONHASHSEED=0`` (the drawn states and set orders depend on it) and
writes sets sorted, so two runs of the same code give the same bytes.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.engine import GameEngine  # noqa: E402
from scorer.problems import EndStateError  # noqa: E402
from scorer.reading import read_end_state  # noqa: E402
from tests.fuzz.test_endstate_fuzz import drawn  # noqa: E402
from tests.fuzz.test_fields_parity import hostile_states  # noqa: E402
from tests.fuzz.test_quick_parity import crowded  # noqa: E402
from tests.test_js_parity import build_fixture, load_games, probe_game  # noqa: E402

Json = dict[str, Any]


def _default(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    return repr(value)


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=_default))


def answer(engine: GameEngine, raw: Any) -> Json:
    """What the engine says of ``raw``: the checked state, the problems, the result with
    and without explanations."""
    found: Json = {}
    try:
        state = engine.check(copy.deepcopy(raw))
    except EndStateError as error:
        found["problems"] = [p.to_json() for p in error.problems]
        state = error.state
    if state is not None:
        found["state"] = vars(state)
        found["result"] = engine.score_state(copy.deepcopy(state)).to_json()
        found["plain"] = engine.score_state(copy.deepcopy(state), explain=False).to_json()
    return _plain(found)


def game_lines(game: str, engine: GameEngine, fixture: Json) -> list[str]:
    """One line per state of ``game``: the fixture's, crowded, hostile and drawn."""
    states: list[Any] = [item["state"] for item in fixture["games"][game]["states"]]
    for item in fixture["games"][game]["states"]:
        if "result" in item and isinstance(item["state"], dict):
            states += crowded(engine.facts, item["state"])
    content = engine.content
    files = hostile_states(content) + (drawn(game, content) if game != "probe" else [])
    for data in files:
        try:
            states.append(read_end_state(data))
        except EndStateError:
            continue
    lines = []
    for index, raw in enumerate(states):
        line = {"game": game, "index": index, "raw": _plain(raw), **answer(engine, raw)}
        lines.append(json.dumps(line))
    return lines


def main(out: Path) -> None:
    fixture = build_fixture()
    loaded, _ = load_games()
    lines = []
    for game, data in fixture["games"].items():
        for key, value in data.items():
            rows = value if key == "states" else [value]
            lines += [json.dumps({"game": game, key: _plain(row)}) for row in rows]
    for key, value in fixture.items():
        if key != "games":
            lines.append(json.dumps({key: _plain(value)}))
    for game, content in [*sorted(loaded.items()), ("probe", probe_game())]:
        lines += game_lines(game, GameEngine(content), fixture)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{out}: {len(lines)} lines")


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    main(Path(sys.argv[1]))
