"""The bounds the calculator's storage checks (site/assets/calculator/storage.js and
share.js, whose MAX_NAME the name fields read too) held to the declarations they repeat
in Python.

A stored table is untrusted, so the browser checks it before use with bounds of its own: an
id's form and length, the most players, a name's length. Those that repeat a bound of the
content or of an end state must agree with it, or a table the calculator saved would be
refused as damaged when it is read back (an id the content allows, a game at its most
players), or a name would be cut differently from how the end state's check counts it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pydantic import TypeAdapter, ValidationError

from schemas.common import Identifier
from schemas.game import MAX_PLAYERS
from schemas.names import NAME_MAX

ROOT = Path(__file__).resolve().parents[2]

#: Ids at and around each edge of the declared form: length 1, 63, 64 and 65, a digit or an
#: underscore first, upper case, a dash, a letter outside ASCII, the empty text.
PROBES = [
    "a",
    "a1",
    "a_b",
    "a" * 63,
    "a" * 64,
    "a" * 65,
    "b" + "_" * 63,
    "1a",
    "_a",
    "A",
    "aB",
    "a-b",
    "é",
    "a b",
    "",
]

#: Reads the storage module's bounds and its verdict on each probe (argv[1], JSON).
SCRIPT = """
const { tool } = await import(process.argv[1]);
const storage = await tool("storage");
const share = await tool("share");
const probes = JSON.parse(process.argv[2]);
console.log(JSON.stringify({
  maxPlayers: storage.MAX_PLAYERS,
  maxName: share.MAX_NAME,
  ids: probes.map((p) => storage.ID.test(p)),
}));
"""


@pytest.fixture(scope="module")
def browser() -> dict[str, object]:
    """The bounds as the browser's modules declare them."""
    node = shutil.which("node")
    assert node is not None, "Node.js is missing: run scripts/bootstrap.sh --browser"
    tools = (ROOT / "tests" / "js" / "tools.mjs").as_uri()
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, tools, json.dumps(PROBES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def _python_id(text: str) -> bool:
    try:
        TypeAdapter(Identifier).validate_python(text)
    except ValidationError:
        return False
    return True


def test_a_stored_id_is_an_id_of_the_content(browser: dict[str, object]) -> None:
    """Storage reads a key as an id exactly when the content could have declared it."""
    expected = [_python_id(p) for p in PROBES]
    assert any(expected) and not all(expected)
    assert browser["ids"] == expected


def test_a_stored_table_holds_a_game_at_its_most_players(browser: dict[str, object]) -> None:
    """A table saved for a game at the most players a game may declare reads back."""
    most = browser["maxPlayers"]
    assert isinstance(most, int)
    assert most >= MAX_PLAYERS


def test_a_kept_name_is_cut_where_the_end_state_stops(browser: dict[str, object]) -> None:
    """The calculator cuts a kept name, and its name fields stop taking characters, at the
    end state's longest name: no sooner, no later."""
    assert browser["maxName"] == NAME_MAX
