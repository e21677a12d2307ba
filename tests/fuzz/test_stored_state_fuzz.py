"""The browser calculator's stored state, fuzzed in Node (tests/fuzz/stored_state.fuzz.mjs).

The fixture is real: each game's export as the site ships it, and the same export altered
the way a content update alters it, to save tables with and reopen with the current one.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from schemas.loader import load_game
from scorer.export import export_game
from tests.conftest import CONTENT, ROOT

SCRIPT = ROOT / "tests" / "fuzz" / "stored_state.fuzz.mjs"
#: Random tables per game (and three times as many corrupted storages).
ROUNDS = 120


def older_version(current: dict[str, Any]) -> dict[str, Any]:
    """The export as an earlier version of the content had it, before an update that removed
    an input and an option, renamed a choice, lowered limits, changed an input's kind and
    took a seat away (each where the game has such a thing)."""
    older = copy.deepcopy(current)
    scoring = older["scoring"]
    scoring["inputs"].append(
        {"id": "retired_tokens", "kind": "count", "label": "Retired", "min": 0}
    )
    scoring["options"].append(
        {
            "id": "retired_variant",
            "kind": "flag",
            "category": "variant",
            "label": "Old",
            "default": False,
        }
    )
    chosen = [i["choices"] for i in scoring["inputs"] if i["kind"] == "choice"]
    chosen += [t["choices"] for t in scoring["table"]]
    if chosen:
        chosen[0][0]["id"] += "_first_edition"
    for spec in scoring["inputs"]:
        if older["limits"].get(spec["id"], {}).get("max"):
            older["limits"][spec["id"]]["max"] += 5
            break
    for spec in scoring["inputs"]:
        if spec["kind"] == "sequence":
            spec["item_max"] += 1
    flag = next((i for i in scoring["inputs"] if i["kind"] == "flag"), None)
    if flag is not None:
        flag["kind"] = "count"
    older["players"]["max"] += 1
    return older


def test_stored_state_survives_updates_and_corruption(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: run scripts/bootstrap.sh --browser")
    games = []
    for game in ("tokaido", "momiji"):
        current = export_game(load_game(CONTENT / game))
        games.append({"current": current, "older": older_version(current)})
    fixture = tmp_path / "stored.json"
    fixture.write_text(json.dumps({"games": games, "rounds": ROUNDS}), encoding="utf-8")
    completed = subprocess.run(
        # The heap cap bounds memory: V8 reserves far more address space than it uses, so
        # RLIMIT_AS would stop it before it starts.
        [node, "--max-old-space-size=256", "--test", str(SCRIPT.relative_to(ROOT))],
        cwd=ROOT,
        env={**os.environ, "RULEBOOK_STORED_FIXTURE": str(fixture)},
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout[-15000:] + completed.stderr[-3000:]
    assert "# fail 0" in completed.stdout and "# pass 6" in completed.stdout, completed.stdout[
        -3000:
    ]
