"""Shared fixtures: the real content, loaded once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from schemas.game import GameContent
from schemas.loader import load_all
from scorer.engine import GameEngine

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


@pytest.fixture(scope="session")
def games() -> dict[str, GameContent]:
    return load_all(CONTENT)


@pytest.fixture(scope="session")
def engines(games: dict[str, GameContent]) -> dict[str, GameEngine]:
    return {game_id: GameEngine(content) for game_id, content in games.items()}
