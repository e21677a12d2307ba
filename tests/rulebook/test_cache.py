"""rulebook.cache: a game's YAML parsed once per version of its files and the code, kept as
plain JSON and validated again by the models on every load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulebook import cache
from schemas import loader
from schemas.loader import ContentError
from tests.conftest import game_project, unlisted_language


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The names of the files really parsed from YAML (the cache in a folder of its own)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    read: list[str] = []
    real = loader.read_yaml

    def read_yaml(file: Path) -> Any:
        read.append(file.name)
        return real(file)

    monkeypatch.setattr(loader, "read_yaml", read_yaml)
    return read


def test_content_is_read_back_until_a_file_changes(tmp_path: Path, parsed: list[str]) -> None:
    project = game_project(tmp_path / "project", "nile")
    first = cache.load_content(project.content)
    files = len(parsed)
    assert "rules.yaml" in parsed and "scoring.yaml" in parsed
    again = cache.load_content(project.content)
    assert again == first and len(parsed) == files
    assert again["nile"] is not first["nile"]  # validated afresh, not handed back
    rules = project.content / "nile" / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").replace("Nile en bref", "Nile en deux mots"), "utf-8")
    changed = cache.load_content(project.content)
    assert len(parsed) == 2 * files
    assert changed["nile"].rules is not None
    overview = next(s for s in changed["nile"].rules.sections if s.id == "overview")
    assert overview.title == "Nile en deux mots"
    (project.content / "nile" / "notes.txt").write_text("a new file\n", encoding="utf-8")
    cache.load_content(project.content)
    assert len(parsed) == 3 * files  # any file of the tree counts


def _kept(project_content: Path, game: str) -> Path:
    return cache.entry("parsed", project_content / game, "game-all")


def test_what_is_kept_is_the_parse_as_json(tmp_path: Path, parsed: list[str]) -> None:
    project = game_project(tmp_path / "project", "nile")
    cache.load_content(project.content)
    body = _kept(project.content, "nile").read_bytes().partition(b"\n")[2]
    kept = json.loads(body)
    assert sorted(kept) == sorted(parsed)
    scoring = loader.read_yaml(project.content / "nile" / "scoring.yaml").data
    assert kept["scoring.yaml"] == scoring


def test_kept_data_is_validated_again(tmp_path: Path, parsed: list[str]) -> None:
    """A kept parse that the models refuse is never used: the files are read again."""
    project = game_project(tmp_path / "project", "nile")
    first = cache.load_content(project.content)
    files = len(parsed)
    stored = _kept(project.content, "nile")
    header, _, body = stored.read_bytes().partition(b"\n")
    kept = json.loads(body)
    kept["scoring.yaml"]["kind"] = "nonsense"
    stored.write_bytes(header + b"\n" + json.dumps(kept).encode())
    assert cache.load_content(project.content) == first
    assert len(parsed) == 2 * files


def test_content_that_fails_is_never_kept(tmp_path: Path, parsed: list[str]) -> None:
    project = game_project(tmp_path / "project", "nile")
    (project.content / "nile" / "scoring.yaml").write_text("kind: nonsense\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match=r"scoring\.yaml"):
            cache.load_content(project.content)
    assert parsed.count("scoring.yaml") == 2
    assert not _kept(project.content, "nile").exists()


def test_a_damaged_entry_is_made_again(tmp_path: Path, parsed: list[str]) -> None:
    project = game_project(tmp_path / "project", "nile")
    cache.load_content(project.content)
    files = len(parsed)
    stored = _kept(project.content, "nile")
    header = stored.read_bytes().partition(b"\n")[0]
    stored.write_bytes(header + b"\nnot JSON")
    assert set(cache.load_content(project.content)) == {"nile"}
    assert len(parsed) == 2 * files


def test_one_game_is_read_back_until_a_file_changes(tmp_path: Path, parsed: list[str]) -> None:
    """rulebook.cache.load_game (the commands that read one game): kept per set of files
    asked for, made again when a file changes, never kept when it fails."""
    folder = game_project(tmp_path / "project", "nile").content / "nile"
    first = cache.load_game(folder, ())
    required = len(parsed)
    assert "rules.yaml" not in parsed
    assert cache.load_game(folder, ()) == first and len(parsed) == required
    assert cache.load_game(folder, None).cases is not None and "cases.yaml" in parsed
    whole = len(parsed)
    scoring = folder / "scoring.yaml"
    text = scoring.read_text("utf-8")
    scoring.write_text("kind: nonsense\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match=r"scoring\.yaml"):
            cache.load_game(folder, ())
    assert len(parsed) == whole + 2 * required
    scoring.write_text(text, encoding="utf-8")  # the stored text again: read back
    assert cache.load_game(folder, ()) == first and len(parsed) == whole + 2 * required
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text("utf-8").replace("Nile en bref", "Nile en deux mots"), "utf-8")
    cache.load_game(folder, ())
    assert len(parsed) == whole + 3 * required  # any file of the game's folder counts


def test_a_game_is_checked_again_when_the_languages_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list of languages is outside the game's folder but decides what it must hold."""
    from schemas import languages

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project = game_project(tmp_path / "project", "nile")
    monkeypatch.setattr(languages, "_file", project.content / languages.FILE_NAME)
    cache.load_game(project.content / "nile", None)
    listed = project.content / "languages.yaml"
    new = unlisted_language()
    listed.write_text(listed.read_text("utf-8") + f"  - {{code: {new}, name: New}}\n", "utf-8")
    with pytest.raises(ContentError, match=rf"missing: \['{new}'\]"):
        cache.load_game(project.content / "nile", None)


def test_an_entry_is_written_in_one_step(tmp_path: Path) -> None:
    """A stored entry replaces the old one whole and leaves nothing beside it; a cache
    that cannot be written is said, never an error."""
    path = tmp_path / "cache" / "kind" / "entry"
    assert cache.store(path, b"first")
    assert cache.store(path, b"second")
    assert path.read_bytes() == b"second"
    assert [p.name for p in path.parent.iterdir()] == ["entry"]
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert not cache.store(tmp_path / "file" / "entry", b"x")  # its folder is a file
