"""``rulebook score`` scores a cached export exactly as the engine scores the content.

The cache holds data, not code (issue 27): a game's export (scorer.export.export_game, the
document the browser calculator reads) as JSON, and the words of its table. Read back, it
is interpreted by the same engine (scorer.engine.Engine) without the content models. For
every game and the probe game, every end state of the parity fixture (conformance cases,
refused states, random, option-changed and corrupted states) gets from the export read
back as JSON the engine's problems and result to the last detail.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulebook import cache
from rulebook.commands.score import labels
from rulebook.i18n.runtime import translator
from rulebook.paths import Project
from schemas.game import GameContent
from scorer.engine import Engine, GameEngine
from scorer.outcome import score_outcome
from tests.conftest import GAME_IDS, game_project
from tests.parity_fixture import probe_game

#: One worker runs this module: the fixture is built once; a second worker would only wait for it.
pytestmark = pytest.mark.xdist_group("parity")

#: What a problem is, without the words each language gives it.
PROBLEM = ("loc", "code", "params", "severity")


@pytest.fixture(scope="module")
def states(parity_fixture: Path) -> dict[str, list[dict[str, Any]]]:
    fixture = json.loads(parity_fixture.read_text(encoding="utf-8"))
    return {game_id: game["states"] for game_id, game in fixture["games"].items()}


@pytest.mark.parametrize("game_id", [*GAME_IDS, "probe"])
def test_the_export_read_back_scores_as_the_engine_does(
    game_id: str, games: dict[str, GameContent], states: dict[str, list[dict[str, Any]]]
) -> None:
    content = probe_game() if game_id == "probe" else games[game_id]
    stored = Engine(json.loads(json.dumps(GameEngine(content).export)))  # as the cache holds it
    wrong = []
    for item in states[game_id]:
        found = score_outcome(stored, item["state"])
        problems = [json.loads(json.dumps(p.to_json())) for p in found.problems]
        expected = [{k: p[k] for k in PROBLEM} for p in item.get("problems", [])]
        if problems != expected:
            wrong.append(f"{item['id']}: problems {problems}, the engine's {item.get('problems')}")
        result = None if found.result is None else json.loads(json.dumps(found.result.to_json()))
        if result != item.get("result"):
            wrong.append(f"{item['id']}: a different result")
    assert wrong == []
    assert len(states[game_id]) > 50  # the fixture reaches every kind of state


def test_a_stored_export_follows_its_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Any change to a file it was made from, or to the code, and the export is not used."""
    from schemas.loader import load_game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    content = load_game(project.content / "nile")
    engine = GameEngine(content)
    words = {"en": labels(content, translator(content, "en"))}

    def store() -> bool:
        files = cache.export_fingerprint(project, "nile")
        return cache.save_export(project, "nile", engine.export, words, files) is not None

    assert store()
    found = cache.load_export(project, "nile")
    assert found is not None and found["export"] == json.loads(json.dumps(engine.export))
    scoring = project.content / "nile" / "scoring.yaml"
    scoring.write_text(scoring.read_text("utf-8") + "\n# a comment\n", "utf-8")
    assert cache.load_export(project, "nile") is None
    assert store()
    catalog = project.locales / "uk" / "LC_MESSAGES" / "nile.po"
    catalog.write_text(catalog.read_text("utf-8") + "\n", "utf-8")
    assert cache.load_export(project, "nile") is None
    assert store()
    languages = project.content / "languages.yaml"  # the languages the words were made for
    languages.write_text(languages.read_text("utf-8") + "\n# a comment\n", "utf-8")
    assert cache.load_export(project, "nile") is None
    assert store()
    assert cache.load_export(project, "nile") is not None
    monkeypatch.setattr(cache, "code_version", lambda: "another version")
    assert cache.load_export(project, "nile") is None


def test_the_cached_entry_is_plain_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the cache holds is data: JSON that loads without running anything."""
    from schemas.loader import load_game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    content = load_game(project.content / "nile")
    files = cache.export_fingerprint(project, "nile")
    path = cache.save_export(project, "nile", GameEngine(content).export, {}, files)
    assert path is not None
    assert set(json.loads(path.read_bytes())) == {"format", "code", "files", "export", "labels"}


def test_the_engine_names_the_total_as_the_content_does() -> None:
    """The export is read without the models: the engine's own name for the total must be
    the content's (schemas.scoring.TOTAL), a value id no game may declare."""
    from schemas.scoring import TOTAL
    from scorer import assemble

    assert assemble.TOTAL == TOTAL
