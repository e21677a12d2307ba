"""rulebook.cache: validated content read back while nothing changed, loaded again otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebook import cache
from schemas import loader
from schemas.loader import ContentError
from tests.conftest import game_project


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[Path]:
    """The folders load_all really loaded (the cache in a folder of its own)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    loaded: list[Path] = []
    real = loader.load_all

    def load_all(folder: Path) -> Any:
        loaded.append(folder)
        return real(folder)

    monkeypatch.setattr(loader, "load_all", load_all)
    return loaded


def test_content_is_read_back_until_a_file_changes(tmp_path: Path, counted: list[Path]) -> None:
    project = game_project(tmp_path / "project", "nile")
    first = cache.load_content(project.content)
    again = cache.load_content(project.content)
    assert again == first and len(counted) == 1
    rules = project.content / "nile" / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").replace("Nile en bref", "Nile en deux mots"), "utf-8")
    changed = cache.load_content(project.content)
    assert len(counted) == 2
    assert changed["nile"].rules is not None
    overview = next(s for s in changed["nile"].rules.sections if s.id == "overview")
    assert overview.title == "Nile en deux mots"
    (project.content / "nile" / "notes.txt").write_text("a new file\n", encoding="utf-8")
    cache.load_content(project.content)
    assert len(counted) == 3  # any file of the tree counts


def test_content_that_fails_is_never_kept(tmp_path: Path, counted: list[Path]) -> None:
    project = game_project(tmp_path / "project", "nile")
    (project.content / "nile" / "scoring.yaml").write_text("kind: nonsense\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match=r"scoring\.yaml"):
            cache.load_content(project.content)
    assert len(counted) == 2


def test_a_damaged_entry_is_made_again(tmp_path: Path, counted: list[Path]) -> None:
    project = game_project(tmp_path / "project", "nile")
    cache.load_content(project.content)
    stored = cache.entry("content", project.content, "content")
    header = stored.read_bytes().partition(b"\n")[0]
    stored.write_bytes(header + b"\nnot a pickle")
    assert set(cache.load_content(project.content)) == {"nile"}
    assert len(counted) == 2


def test_one_game_is_read_back_until_a_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rulebook.cache.load_game (the commands that read one game): kept per set of files
    asked for, made again when a file changes, never kept when it fails."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    loaded: list[Any] = []
    real = loader.load_game

    def load_game(folder: Path, files: Any = None) -> Any:
        loaded.append(files)
        return real(folder, files=files)

    monkeypatch.setattr(loader, "load_game", load_game)
    folder = game_project(tmp_path / "project", "nile").content / "nile"
    first = cache.load_game(folder, ())
    assert cache.load_game(folder, ()) == first and loaded == [()]
    assert cache.load_game(folder, None).cases is not None and loaded == [(), None]
    scoring = folder / "scoring.yaml"
    text = scoring.read_text("utf-8")
    scoring.write_text("kind: nonsense\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match=r"scoring\.yaml"):
            cache.load_game(folder, ())
    assert len(loaded) == 4
    scoring.write_text(text, encoding="utf-8")  # the stored text again: read back
    assert cache.load_game(folder, ()) == first and len(loaded) == 4
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").replace("Nile en bref", "Nile en deux mots"), "utf-8")
    cache.load_game(folder, ())
    assert len(loaded) == 5  # any file of the game's folder counts, as for load_content


def test_a_game_is_checked_again_when_the_languages_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list of languages is outside the game's folder but decides what it must hold."""
    from schemas import languages

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project = game_project(tmp_path / "project", "nile")
    monkeypatch.setattr(languages, "_content", project.content)
    cache.load_game(project.content / "nile", None)
    listed = project.content / "languages.yaml"
    listed.write_text(listed.read_text("utf-8") + "  - {code: de, name: Deutsch}\n", "utf-8")
    with pytest.raises(ContentError, match=r"missing: \['de'\]"):
        cache.load_game(project.content / "nile", None)
