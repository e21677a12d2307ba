"""The conformance cases of every game, as pytest parameters (also used by the JS runner)."""

from __future__ import annotations

from pathlib import Path

from rulebook.cache import load_content
from schemas.cases import Case, Cases, InvalidCase

CONTENT = Path(__file__).resolve().parent.parent / "content"


def all_cases() -> list[tuple[str, Case]]:
    """(game id, case) for every valid-state case in the content."""
    found = []
    for game_id, content in sorted(load_content(CONTENT).items()):
        cases: Cases | None = content.cases
        for case in cases.cases if cases else []:
            found.append((game_id, case))
    return found


def all_invalid_cases() -> list[tuple[str, InvalidCase]]:
    """(game id, case) for every end state that must be refused."""
    found = []
    for game_id, content in sorted(load_content(CONTENT).items()):
        for case in content.cases.invalid if content.cases else []:
            found.append((game_id, case))
    return found
