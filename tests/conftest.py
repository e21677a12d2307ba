"""Shared fixtures: the real content, loaded once per test session; small projects."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Collection, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from rulebook.cache import load_content
from rulebook.cache import load_game as cached_game
from rulebook.paths import Project
from schemas import languages
from schemas.game import GameContent
from scorer.engine import GameEngine

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
#: The games under test: every folder of content/ with a game.yaml (a new game joins every
#: test that runs over the games with no edit to the tests).
GAME_IDS = tuple(sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file()))

# ----------------------------------------------------------------------------------------
# Hypothesis profiles: HYPOTHESIS_PROFILE=ci (the default) | dev | thorough
# ----------------------------------------------------------------------------------------
#
# ci: deterministic (the same examples on every run, no example database), so a red run
# can be reproduced and a green one means the same thing each time. The examples each
# property test draws are its own (@settings(max_examples=...)); tests/scorer/test_mutants.py
# shows that, with this profile, every property still catches the mutant it was written
# for. dev: random draws and the example database, for exploring. thorough: ten times the
# examples, for a long run before a release.
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None)
settings.register_profile(
    "thorough", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _languages_of_the_checkout() -> Iterator[None]:
    """The command run in-process with ``--project`` points the list of languages at that
    copy for the rest of the process; after each test the checkout's list is back, so no
    test depends on which ran before it in the same worker (a test that builds a copy in
    process names its project itself)."""
    yield
    languages.use_project(CONTENT)


def real_game(game: str) -> GameContent:
    """One game of content/, loaded as the commands load it (rulebook.cache): its YAML
    parsed once for every worker and run while nothing changed, the models validated anew
    on each call, so each caller has objects of its own. A test module that reads a game
    at import takes it from here: parsing the strict YAML again in each module cost every
    xdist worker seconds of its collection."""
    return cached_game(CONTENT / game, None)


@pytest.fixture(scope="session")
def games() -> dict[str, GameContent]:
    return load_content(CONTENT)  # load_all(CONTENT), kept while nothing changed


@pytest.fixture(scope="session")
def engines(games: dict[str, GameContent]) -> dict[str, GameEngine]:
    return {game_id: GameEngine(content) for game_id, content in games.items()}


def copy_languages(target: Path, games: Collection[str], leave_out: Collection[str] = ()) -> None:
    """Write to ``target`` the checkout's content/languages.yaml, as a copy that holds only
    ``games`` needs it: each ``in_progress`` list keeps the copied games (and ``ui``), and
    the languages of ``leave_out`` are left out (a test that adds one itself).

    validate refuses an ``in_progress`` entry naming no game of the project (a misspelt id
    would go unnoticed), so the copy carries the list its own games make true.
    """
    kept = {*games, "ui"}
    lines: list[str] = []
    skipping = False
    for line in (CONTENT / "languages.yaml").read_text(encoding="utf-8").splitlines():
        entry = re.match(r"  - (?:\{)?code: ([\w-]+)", line)
        if entry or not line.startswith("  "):
            skipping = bool(entry) and entry.group(1) in leave_out
        listed = re.fullmatch(r"(\s+in_progress: )\[(.*)\]", line)
        if listed:
            ids = [i.strip() for i in listed.group(2).split(",") if i.strip() in kept]
            line = f"{listed.group(1)}[{', '.join(ids)}]" if ids else ""
        if not skipping and line:
            lines.append(line)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


def made_up_names(known: dict[str, str]) -> dict[str, str]:
    """The names of a game a test makes up, in every language content/languages.yaml lists:
    ``known`` where it gives one, else the English. A language added to the list then needs
    no edit of the tests' own games."""
    return {code: known.get(code, known["en"]) for code in languages.codes()}


def unlisted_language() -> str:
    """A language code the checkout's content/languages.yaml does not list, for a test that
    adds a language: German unless the project has it already."""
    listed = languages.codes()
    return next(code for code in ("de", "it", "pl", "nl", "es", "pt", "cs") if code not in listed)


def game_project(root: Path, *games: str) -> Project:
    """A project of some games alone: a copy of their content and of their catalogs.

    Tests that build a site from it neither wait for nor depend on the other games.
    """
    for game in games:
        shutil.copytree(CONTENT / game, root / "content" / game)
    # The project's own list of languages: the command reads it from the project.
    copy_languages(root / "content" / "languages.yaml", games)
    for catalog in (ROOT / "locales").glob("**/*.po*"):
        if catalog.name.split(".")[0] in {"ui", *games}:
            target = root / catalog.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(catalog, target)
    return Project.at(root)


def nile_project(root: Path) -> Project:
    return game_project(root, "nile")


# ----------------------------------------------------------------------------------------
# The parity fixture: made once per version of the content and code, on disk
# ----------------------------------------------------------------------------------------

#: What the parity fixture is made from; any change makes it again. Its expected messages
#: come from rulebook (problem words, labels, the islands) and the catalogs too: a change to
#: how a problem is worded left a fixture made before it.
PARITY_INPUTS = (
    "content",
    "schemas",
    "scorer",
    "rulebook",
    "locales",
    "tests/strategies.py",
    "tests/parity_fixture.py",
    "tests/games",
)


def parity_key() -> str:
    """A digest of every file the parity fixture is made from, and of Hypothesis's version."""
    import hashlib

    import hypothesis

    digest = hashlib.sha256(hypothesis.__version__.encode())
    for name in PARITY_INPUTS:
        where = ROOT / name
        files = [where] if where.is_file() else sorted(where.rglob("*"))
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts:
                digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:20]


@pytest.fixture(scope="session")
def parity_fixture(request: pytest.FixtureRequest) -> Path:
    """tests/calculator/test_js_parity.py's fixture file, made once and kept in pytest's cache folder.

    Every xdist worker and every later run with the same content and code reads the same
    file; a lock makes the first worker build it while the others wait.
    """
    import fcntl
    import json

    from tests.parity_fixture import build_fixture, summary

    folder = Path(request.config.cache.mkdir("rulebook-parity"))
    path = folder / f"fixture-{parity_key()}.json"
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            fixture = build_fixture()
            print("\n" + summary(fixture))
            partial = path.with_suffix(".partial")
            # ASCII: the hostile names hold lone surrogates, which UTF-8 cannot write.
            partial.write_text(json.dumps(fixture), encoding="utf-8")
            partial.replace(path)
            for old in folder.glob("fixture-*.json"):
                if old != path:
                    old.unlink(missing_ok=True)
    return path


#: Runs the command and prints, last, which heavy modules it loaded: the quick score path
#: (the cached export) must load none of them.
_HEAVY_PROBE = (
    "import sys; from rulebook.cli import main; code = main(sys.argv[1:]); "
    "heavy = sorted(m for m in ('pydantic', 'schemas.game', 'yaml', 'babel', 'mkdocs', "
    "'jinja2') if m in sys.modules); print('loaded:', heavy); sys.exit(code)"
)


def score_twice(cache: Path, *args: str) -> list[subprocess.CompletedProcess[str]]:
    """``rulebook score *args`` run twice with an empty cache folder ``cache`` (the first
    run fills it, the second takes the quick path), each output ending on the line
    ``loaded: [...]`` that names the heavy modules the run imported."""
    return [score_once(cache, *args, check=True) for _ in range(2)]


def score_once(cache: Path, *args: str, check: bool = False) -> subprocess.CompletedProcess[str]:
    """``rulebook score *args`` run once with the cache folder ``cache``, its output ending
    on the line ``loaded: [...]`` that names the heavy modules the run imported (none when
    it took the quick path)."""
    return subprocess.run(
        [sys.executable, "-c", _HEAVY_PROBE, "score", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "XDG_CACHE_HOME": str(cache)},
        check=check,
    )
