"""``rulebook i18n ids`` on hostile files: read like any content, never an edit outside the
project, each file refused with its own message (issue 34)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.fuzz.bounds import assert_clean_failure, run_command
from tests.i18n_support import Workspace, make_workspace

#: What the rules file says when a step lost its id: the command has a catalog to edit.
WITH_ID = "          - id: three_passes\n            text: "
WITHOUT_ID = "          - "

MAPPING_MESSAGE = "needs its own `id:`"


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    found = make_workspace(tmp_path / "project")
    rules = found.nile / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert WITH_ID in text
    rules.write_text(text.replace(WITH_ID, WITHOUT_ID, 1), encoding="utf-8")
    return found


def _elsewhere(workspace: Workspace) -> Path:
    return workspace.content.parent.parent / "elsewhere"


def _rules_linked_out(workspace: Workspace) -> None:
    rules = workspace.nile / "rules.yaml"
    outside = _elsewhere(workspace) / "rules.yaml"
    outside.write_bytes(rules.read_bytes())
    rules.unlink()
    rules.symlink_to(outside)


def _game_linked_out(workspace: Workspace) -> None:
    outside = _elsewhere(workspace) / "nile"
    workspace.nile.rename(outside)
    workspace.nile.symlink_to(outside, target_is_directory=True)


def _catalog_linked_out(workspace: Workspace) -> None:
    po = workspace.po("uk")
    outside = _elsewhere(workspace) / "nile.po"
    outside.write_bytes(po.read_bytes())
    po.unlink()
    po.symlink_to(outside)


def _rules(text: str | bytes) -> Callable[[Workspace], None]:
    def damage(workspace: Workspace) -> None:
        rules = workspace.nile / "rules.yaml"
        rules.write_bytes(text if isinstance(text, bytes) else text.encode())

    return damage


def _fifo(workspace: Workspace) -> None:
    rules = workspace.nile / "rules.yaml"
    rules.unlink()
    os.mkfifo(rules)


BOMB = "sections:\n  - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"  - &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 10)
)

#: A hostile file, and the words (besides the file's name) its message must hold.
CASES: dict[str, tuple[Callable[[Workspace], None], str, str]] = {
    "the alias bomb": (_rules(BOMB), "rules.yaml:", "aliases"),
    "a !!python tag": (
        _rules("sections: !!python/object/apply:os.system [echo hacked]\n"),
        "rules.yaml:1:",
        "tag '!!python/object/apply:os.system' is not allowed",
    ),
    "rules linked out of the project": (_rules_linked_out, "rules.yaml", "symbolic link"),
    "a game folder linked out": (_game_linked_out, "rules.yaml", "leads outside"),
    "a catalog linked out": (_catalog_linked_out, "nile.po", "leads outside"),
    "rules that are a named pipe": (_fifo, "rules.yaml", "named pipe"),
    "rules that are not UTF-8": (_rules(b"sections:\n  - id: \xff\n"), "rules.yaml:2:", "UTF-8"),
    "a YAML syntax error": (
        _rules("sections:\n  - id: a\n   title: [\n"),
        "rules.yaml:3:",
        "YAML syntax",
    ),
    "a step written as a mapping": (
        _rules("sections:\n  - id: a\n    steps:\n      - {text: Prenez}\n"),
        "rules.yaml:4:",
        MAPPING_MESSAGE,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_hostile_file_is_refused_with_its_own_message(workspace: Workspace, case: str) -> None:
    damage, where, words = CASES[case]
    _elsewhere(workspace).mkdir()
    damage(workspace)
    files = [*workspace.content.parent.rglob("*"), *_elsewhere(workspace).rglob("*")]
    before = {p: p.read_bytes() for p in files if p.is_file() and not p.is_symlink()}
    folders = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    run = run_command(["i18n", "ids", *folders, "--game", "nile"], timeout=20)
    assert_clean_failure(run, where, words)
    if words != MAPPING_MESSAGE:
        assert MAPPING_MESSAGE not in run.err
    # Nothing edited: not the file outside, not the rules when a catalog was refused.
    assert {p: p.read_bytes() for p in before} == before
