"""Hostile content through ``rulebook validate``: exit 1, the file named, no traceback, bounded.

Each case damages one copy of Nile's content the way an attacker or a slip would (YAML
bombs, deep nesting, wrong types, links, NUL bytes, huge strings, a missing manifest...)
and runs the command in a bounded child (tests/fuzz/bounds.py).
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CONTENT, ROOT
from tests.fuzz.bounds import assert_clean_failure, python_command, run_command
from tests.fuzz.hostile import (
    alias_bomb,
    deep_expression,
    lowered_card_count,
    replace_once,
    wide_sum,
)

Damage = Callable[[Path], None]

SECRET = "TOP-SECRET-d41d8cd9"


def _count(value: str) -> Damage:
    return lambda game: replace_once(
        game / "components.yaml",
        "name: Cartes papyrus\n    count: 16",
        f"name: Cartes papyrus\n    count: {value}",
    )


def _link(target: Callable[[Path], Path], name: str = "rules.yaml") -> Damage:
    def damage(game: Path) -> None:
        (game / name).unlink()
        (game / name).symlink_to(target(game))

    return damage


def _outside(game: Path) -> Path:
    secret = game.parent.parent / "secret.yaml"
    secret.write_text(f"password: {SECRET}\n", encoding="utf-8")
    return secret


def _linked_folder(game: Path) -> None:
    elsewhere = game.parent.parent / "elsewhere"
    game.rename(elsewhere)
    game.symlink_to(elsewhere, target_is_directory=True)


def _folder(game: Path) -> None:
    (game / "rules.yaml").unlink()
    (game / "rules.yaml").mkdir()


def _fifo(game: Path) -> None:
    (game / "rules.yaml").unlink()
    os.mkfifo(game / "rules.yaml")


def _bytes(name: str, old: bytes, new: bytes) -> Damage:
    def damage(game: Path) -> None:
        file = game / name
        data = file.read_bytes()
        assert old in data
        file.write_bytes(data.replace(old, new, 1))

    return damage


def _text(name: str, old: str, new: str) -> Damage:
    return lambda game: replace_once(game / name, old, new)


def _value_line(name: str, text: str) -> int:
    """The line of the value of a complex key (``? key`` then ``: value``) inserted after
    the line ``text`` of Nile's ``name``, however many lines (a new language's name) come
    before it: the problem is said there."""
    lines = (CONTENT / "nile" / name).read_text(encoding="utf-8").splitlines()
    return lines.index(text) + 3


def _site_folder_name(game: Path) -> None:
    """The game renamed ``assets``, the built site's own folder beside the games."""
    replace_once(game / "game.yaml", "id: nile", "id: assets")
    game.rename(game.parent / "assets")


CASES: dict[str, tuple[Damage, tuple[str, ...]]] = {
    "alias bomb": (alias_bomb, ("glossary.yaml:7:", "aliases")),
    "expression nested 1,000 deep": (
        deep_expression,
        ("scoring.yaml:", "nested deeper than 64 levels"),
    ),
    "complex key": (
        lambda g: (g / "glossary.yaml").write_text("? [a, b]\n: 1\n", encoding="utf-8"),
        ("glossary.yaml:1:3:", "a key must be a name"),
    ),
    "NUL byte": (_text("game.yaml", "year: 2009", "year: 20\x0009"), ("game.yaml:", "U+0000")),
    "not UTF-8": (_bytes("game.yaml", b"year: 2009", b"year: \xff2009"), ("game.yaml:", "UTF-8")),
    "a content file that is a folder": (_folder, ("rules.yaml", "is a folder")),
    "a content file that is a FIFO": (_fifo, ("rules.yaml", "not a regular file")),
    "no manifest": (lambda g: (g / "game.yaml").unlink(), ("game.yaml", "missing")),
    "a link outside the tree": (_link(_outside), ("rules.yaml", "symbolic link")),
    "a dangling link": (_link(lambda g: g / "gone.yaml"), ("rules.yaml", "symbolic link")),
    "a looping link": (_link(lambda g: g / "rules.yaml"), ("rules.yaml", "symbolic link")),
    "a linked game folder": (_linked_folder, ("nile", "symbolic link")),
    "a boolean count": (_count("true"), ("components.yaml:", "components[1].count", "True")),
    "a quoted count": (_count("'14'"), ("components.yaml:", "components[1].count", "'14'")),
    "an octal-looking count": (_count("016"), ("components.yaml:", "'016' starts with 0")),
    "a fractional count": (_count("14.5"), ("components.yaml:", "components[1].count")),
    "a 5,001-digit count": (_count("9" * 5001), ("components.yaml:", "too large")),
    "a sexagesimal count": (_count("1:30"), ("components.yaml:", "'1:30'")),
    "a huge name": (
        _text("game.yaml", "fr: Nile", "fr: " + "N" * 300_000),
        ("game.yaml:4:", "names.fr", "at most 20000 characters"),
    ),
    "a 100,000-character key": (
        _text("game.yaml", "year: 2009", "year: 2009\n? " + "k" * 100_000 + "\n: 1"),
        (f"game.yaml:{_value_line('game.yaml', 'year: 2009')}:3:", "kkkk…: unknown key"),
    ),
    "20,000 terms with the same few ids": (
        lambda g: (g / "glossary.yaml").write_text(
            "terms:\n"
            + "".join(f"  - {{id: t{i % 50}, term: x, definition: y}}\n" for i in range(20_000)),
            encoding="utf-8",
        ),
        ("glossary.yaml:1:1:", "term ids appear twice", "and 40 more"),
    ),
    "a file over the size limit": (
        lambda g: (g / "rules.yaml").write_text("x: " + "a" * 2_000_000 + "\n", encoding="utf-8"),
        ("rules.yaml", "bytes"),
    ),
    "a Python tag": (
        _text("game.yaml", "year: 2009", "year: !!python/object/apply:os.system [ls]"),
        ("game.yaml:", "tag"),
    ),
    "a duplicate key": (
        _text("game.yaml", "year: 2009", "year: 2009\nyear: 2010"),
        ("duplicate key",),
    ),
    "a merge key": (
        _text(
            "game.yaml", "players: {min: 2, max: 6}", "base: &b {min: 2}\nplayers: {<<: *b, max: 6}"
        ),
        ("game.yaml:", "merge keys"),
    ),
    "two documents": (
        _text("game.yaml", "year: 2009", "year: 2009\n---\nyear: 2010"),
        ("second YAML document",),
    ),
    "bad indentation": (
        _text("components.yaml", "    name: Cartes papyrus", "   name: Cartes papyrus"),
        ("components.yaml:", "YAML syntax", "line up"),
    ),
    "an empty file": (
        lambda g: (g / "components.yaml").write_text("", encoding="utf-8"),
        ("components.yaml", "valid dictionary"),
    ),
    # Issue 34: content validate accepted and the build could not use.
    "a player range up to 10**9": (
        _text("game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 1000000000}"),
        ("game.yaml:", "players.max", "less than or equal to 20"),
    ),
    "a sum of 30,000 terms": (
        lambda g: wide_sum(g, 30_000),
        ("scoring.yaml:", "compute.sum", "at most 500"),
    ),
    "a card count under a worked example": (
        lowered_card_count,
        ("cases.yaml:", "cases[0].state", "modelretailer_example", "above_max"),
    ),
    "a deck of 10**9 copies": (
        _text(
            "components.yaml",
            "{id: wheat, name: Blé}",
            "{id: wheat, name: Blé, copies: 1000000000}",
        ),
        ("components.yaml:", "copies", "less than or equal to 1000"),
    ),
    "a game folder named like a site folder": (_site_folder_name, ("assets", "rename the game")),
    "a misnamed file": (
        lambda g: (g / "glossary.yaml").rename(g / "glosary.yml"),
        ("glosary.yml", "did you mean glossary.yaml"),
    ),
}


@pytest.fixture
def content(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT / "nile", folder / "nile")
    return folder


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_content_fails_cleanly(content: Path, case: str) -> None:
    damage, names = CASES[case]
    damage(content / "nile")
    run = run_command(["validate", str(content)])
    assert_clean_failure(run, *names)
    assert SECRET not in run.err


def test_the_real_command_stops_a_bomb_and_a_deep_expression_together(
    content: Path,
) -> None:
    """Outside the test process too: a fresh interpreter with a memory cap, both files named."""
    alias_bomb(content / "nile")
    deep_expression(content / "nile")
    cap = 1024 * 1024 * 1024

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    completed = subprocess.run(
        python_command("validate", str(content)),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
        check=False,
    )
    assert completed.returncode == 1, completed.stderr[-3000:]
    assert "Traceback" not in completed.stderr
    assert "glossary.yaml:7:" in completed.stderr and "scoring.yaml:" in completed.stderr
    assert len(completed.stderr) < 2000
