"""Content files and catalogs that are no files to read, through the real commands (issue 34).

``validate`` refused a named pipe, a link to ``/dev/zero`` and a loop of links, but the
other commands digested the files for their caches first: setup, score and build hung on
the pipe, ran out of memory on the device and ended in an OSError traceback on the loop; a
catalog linked out of the project ended in a traceback. Each run is bounded in time and
memory (tests/fuzz/bounds.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from rulebook.paths import Project
from tests.conftest import ROOT, game_project
from tests.fuzz.bounds import assert_clean_failure, run_command

SECRET = "TOP-SECRET-CATALOG"


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _device(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


def _loop(path: Path) -> None:
    path.unlink()
    path.symlink_to(path.name)


#: Each damage, and the words its message must hold (a content file refuses every link).
DAMAGES: dict[str, tuple[Callable[[Path], None] | None, str, str]] = {
    "a named pipe": (_fifo, "named pipe", "named pipe"),
    # (a catalog's link is refused first for leading out of the project)
    "a link to /dev/zero": (_device, "symbolic link", "leads outside"),
    "a loop of links": (_loop, "symbolic link", "loop of symbolic links"),
    "a link out of the project": (None, "symbolic link", "leads outside"),
}

#: The damaged file: Nile's scoring (content) or its Ukrainian catalog, and the template.
#: (Nile is written in French: a French reader's commands read no catalog of the game.)
TARGETS = {
    "content": "content/nile/scoring.yaml",
    "catalog": "locales/uk/LC_MESSAGES/nile.po",
    "template": "locales/nile.pot",
}

COMMANDS = {
    "setup": ["setup", "nile", "--players", "2", "--lang", "uk"],
    "score": ["score", "nile", str(ROOT / "examples" / "nile.json"), "--lang", "uk"],
    "i18n check": ["i18n", "check", "--game", "nile", "--lang", "uk"],
}


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return game_project(tmp_path / "project", "nile")


def _damage(project: Project, target: str, damage: str) -> tuple[Path, str]:
    """Damage the target file; the words its message must hold. A link out of the project
    points at a file whose text must never be shown."""
    path = project.root / TARGETS[target]
    make, content_words, catalog_words = DAMAGES[damage]
    if make is None:
        secret = project.root.parent / "secret.txt"
        secret.write_text(f'msgid "{SECRET}"\nsections: [{SECRET}]\n', encoding="utf-8")
        path.unlink()
        path.symlink_to(secret)
    else:
        make(path)
    return path, content_words if target == "content" else catalog_words


#: Which commands read each target.
READ_BY = {
    "content": ("setup", "score"),
    "catalog": ("setup", "score", "i18n check"),
    "template": ("i18n check",),
}

CASES = [
    (target, damage, command)
    for target, commands in READ_BY.items()
    for damage in DAMAGES
    for command in commands
]


@pytest.mark.parametrize(("target", "damage", "command"), CASES)
def test_the_commands_refuse_what_validate_refuses(
    project: Project, target: str, damage: str, command: str
) -> None:
    path, words = _damage(project, target, damage)
    run = run_command(["--project", str(project.root), *COMMANDS[command]], timeout=20)
    assert_clean_failure(run, path.name, words)
    assert SECRET not in run.err + run.out


@pytest.mark.parametrize("target", ["content", "catalog"])
def test_build_refuses_a_named_pipe(project: Project, tmp_path: Path, target: str) -> None:
    path, words = _damage(project, target, "a named pipe")
    out = tmp_path / "site"
    run = run_command(
        ["--project", str(project.root), "build", "--lang", "uk", "--out", str(out)], timeout=120
    )
    assert_clean_failure(run, path.name, words)
    assert not out.exists()
