"""The example end states the README points to are valid and score."""

from __future__ import annotations

import json

from schemas.game import GameContent
from scorer.engine import GameEngine
from tests.conftest import ROOT


def test_one_example_per_game(games: dict[str, GameContent]) -> None:
    examples = {p.stem for p in (ROOT / "examples").glob("*.json")}
    assert examples == set(games)


def test_examples_score(engines: dict[str, GameEngine]) -> None:
    for path in sorted((ROOT / "examples").glob("*.json")):
        state = json.loads(path.read_text(encoding="utf-8"))
        result = engines[path.stem].score(state)
        assert result.winners, path.name
