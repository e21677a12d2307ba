"""The cached scoring program answers exactly as the engine does.

For every game and the synthetic probe game (with its rivals), every end state of the parity
fixture (conformance cases, refused states, random, option-changed and corrupted states,
each with the Python engine's outcome) goes through a program made from the engine and read
back as from the cache. The program runs the engine's own validation without the content
models: a state the engine refuses is refused with the same problems (location, code,
parameters, severity), and a state the engine scores gets the engine's result to the last
detail, the totals that stand beside tiebreak problems included.
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

#: One worker runs this module: the fixture is built once; a second worker would only wait for it.
pytestmark = pytest.mark.xdist_group("parity")

#: What a problem is, without the words each language gives it.
PROBLEM = ("loc", "code", "params", "severity")


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
    wrong = []
    for item in states[game_id]:
        result, problems = quick.outcome(item["state"])
        found = [json.loads(json.dumps(p.to_json())) for p in problems]
        expected = [{k: p[k] for k in PROBLEM} for p in item.get("problems", [])]
        if found != expected:
            wrong.append(f"{item['id']}: problems {found}, the engine's {item.get('problems')}")
        if (result and json.loads(json.dumps(result))) != item.get("result"):
            wrong.append(f"{item['id']}: a different result")
    assert wrong == []
    assert len(states[game_id]) > 50  # the fixture reaches every kind of state


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


def test_the_plan_round_trips_and_names_the_total_as_the_content_does(
    games: dict[str, GameContent],
) -> None:
    """The stored program and the engine put results together with one function from one
    plan (scorer.assemble): the plan survives marshal unchanged, and its total is the
    content's."""
    from schemas.scoring import TOTAL
    from scorer import assemble

    assert assemble.TOTAL == TOTAL
    for content in [*games.values(), probe_game()]:
        engine = GameEngine(content)
        data = marshal.loads(marshal.dumps(engine.plan.to_data()))
        assert assemble.Plan.from_data(data) == engine.plan
