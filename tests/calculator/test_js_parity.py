"""The browser calculator (site/assets/calculator/) gives exactly the Python engine's results.

The fixture (tests/parity_fixture.py: the real games, their states and setups, the probe
game, mechanics calls, expressions, the seeded random generator, with Python's outcome of
each) is made once per version of its inputs (tests/conftest.py). Then ``node --test
tests/js/`` runs the JavaScript against it: whole results deep-equal, the same problem
paths. Games that do not load are left out with a warning, and
test_every_game_loads_for_the_parity_run fails until they load.

Run alone with ``.venv/bin/pytest tests/calculator/test_js_parity.py -s`` to see the counts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from rulebook.site.assets import write_assets
from schemas.loader import game_folders
from tests.parity_fixture import CONTENT, JS_TESTS, ROOT, load_games

#: One worker runs this module: the fixture is built once; a second worker would only wait for it.
pytestmark = pytest.mark.xdist_group("parity")


@pytest.fixture(scope="module")
def fixture_file(parity_fixture: Path) -> Path:
    """Made once per version of the content and code (tests/conftest.py)."""
    return parity_fixture


def test_javascript_matches_python(fixture_file: Path, tmp_path: Path) -> None:
    """The one file pages load (calculator.js as the site writes it: the modules joined,
    each in its own scope, and minified) matches Python.

    The suite runs on it alone: it is what a reader's browser runs, so a slip in the joining
    or the minifier fails here, and every module the tests take is in it. The sources are
    what it is made of (and what TypeScript checks); the modules minified one by one are
    not run: no page loads them."""
    shipped = tmp_path / "calculator"
    write_assets(shipped)
    env = {**os.environ, "RULEBOOK_FIXTURE": str(fixture_file), "RULEBOOK_CALCULATOR": str(shipped)}
    node = shutil.which("node")
    if node is None:
        pytest.fail(
            "Node.js is not installed, so the browser calculator cannot be checked: "
            "run scripts/bootstrap.sh --browser"
        )
    completed = subprocess.run(
        [node, "--test", f"{JS_TESTS.relative_to(ROOT)}/"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, (
        f"node --test tests/js/ failed (exit {completed.returncode}):\n"
        f"{completed.stdout[-20000:]}\n{completed.stderr[-5000:]}"
    )


def test_every_game_loads_for_the_parity_run() -> None:
    """Games that do not load are left out of the parity run above; none may stay so.

    The games are the folders of content/: a new game joins the run with no edit here."""
    loaded, skipped = load_games()
    folders = {folder.name for folder in game_folders(CONTENT)}
    assert folders and not skipped, f"left out of the JavaScript parity run: {skipped}"
    assert set(loaded) == folders
