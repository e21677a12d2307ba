"""The cached scoring program answers exactly as the engine does, or leaves it to the engine.

For every game and the synthetic probe game, every end state of the parity fixture
(conformance cases, refused states, random, option-changed and corrupted states, each with
the Python engine's outcome) goes through a program made from the engine: a state the
engine refuses must never be accepted, and an accepted state must give the engine's result
to the last detail. Most valid states must be accepted, or the quick path would be useless.
"""

from __future__ import annotations

import json
import marshal
from pathlib import Path
from typing import Any

import pytest

from rulebook import program
from rulebook.commands.score import labels
from rulebook.paths import Project
from schemas.game import GameContent
from scorer.engine import GameEngine
from tests.conftest import game_project
from tests.test_js_parity import probe_game

#: Of the states the engine scores, at least this share must be scored by the program.
ACCEPTED_SHARE = 0.9


def _program(content: GameContent) -> program.Program:
    data = program.make(GameEngine(content), lambda language: labels(content, lambda c, t: t))
    assert data is not None, f"{content.id}: its scoring could not be stored"
    return program.Program(marshal.loads(marshal.dumps(data)))  # as read back from the cache


@pytest.fixture(scope="module")
def states(parity_fixture: Path) -> dict[str, list[dict[str, Any]]]:
    fixture = json.loads(parity_fixture.read_text(encoding="utf-8"))
    return {game_id: game["states"] for game_id, game in fixture["games"].items()}


@pytest.mark.parametrize(
    "game_id", ["momiji", "nile", "river_of_gold", "tokaido", "viticulture", "probe"]
)
def test_the_program_agrees_with_the_engine(
    game_id: str, games: dict[str, GameContent], states: dict[str, list[dict[str, Any]]]
) -> None:
    content = probe_game() if game_id == "probe" else games[game_id]
    quick = _program(content)
    wrong, scored, accepted = [], 0, 0
    for item in states[game_id]:
        answer = quick.score(item["state"])
        if "problems" in item:
            if answer is not None:
                wrong.append(f"{item['id']}: accepted, the engine refuses {item['problems']}")
            continue
        scored += 1
        if answer is None:
            continue
        accepted += 1
        if json.loads(json.dumps(answer)) != item["result"]:
            wrong.append(f"{item['id']}: a different result")
    assert wrong == []
    assert accepted >= ACCEPTED_SHARE * scored, f"only {accepted} of {scored} accepted"


def test_a_stored_program_follows_its_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any change to a file it was made from, or to the code, and the program is not used."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    content = games_nile(project)
    engine = GameEngine(content)
    files = program.fingerprint(project, "nile")

    def store() -> bool:
        words = lambda language: labels(content, lambda c, t: t)  # noqa: E731
        return (
            program.save(project, engine, words, program.fingerprint(project, "nile")) is not None
        )

    assert program.save(project, engine, lambda language: labels(content, lambda c, t: t), files)
    assert program.load(project, "nile") is not None
    scoring = project.content / "nile" / "scoring.yaml"
    scoring.write_text(scoring.read_text("utf-8") + "\n# a comment\n", "utf-8")
    assert program.load(project, "nile") is None
    assert store()
    catalog = project.locales / "uk" / "LC_MESSAGES" / "nile.po"
    catalog.write_text(catalog.read_text("utf-8") + "\n", "utf-8")
    assert program.load(project, "nile") is None
    assert store()
    monkeypatch.setattr(program, "code_version", lambda: "another version")
    assert program.load(project, "nile") is None


def games_nile(project: Project) -> GameContent:
    from schemas.loader import load_game

    return load_game(project.content / "nile")
