"""content/languages.yaml: the project's own list, read like any content file (issue 34 and
issue 27, item 5)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from rulebook.paths import Project
from schemas import languages
from tests.conftest import ROOT, game_project, unlisted_language
from tests.fuzz.bounds import assert_clean_failure, run_command

SECRET = "TOP-SECRET-LANGUAGE"

#: The 649-byte "billion laughs" of issue 34: ten anchors of ten aliases, 10^10 values.
ALIAS_BOMB = "languages:\n  - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"  - &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 10)
)


def _write(text: str) -> Callable[[Path], None]:
    return lambda file: file.write_text(text, encoding="utf-8")


def _link_out(file: Path) -> None:
    secret = file.parent.parent.parent / "secret.yaml"
    secret.write_text(f"languages:\n  - code: {SECRET}\n", encoding="utf-8")
    file.unlink()
    file.symlink_to(secret)


def _fifo(file: Path) -> None:
    file.unlink()
    os.mkfifo(file)


#: A hostile languages file, and what its message must say.
CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "the alias bomb": (_write(ALIAS_BOMB), "aliases"),
    "40,000 copies of one language": (
        _write("languages:\n" + "  - {code: fr, name: Français}\n" * 40_000),
        "a languages file has at most 64,000",
    ),
    "51 languages": (
        _write("languages:\n" + "".join(f"  - {{code: x{i:02}, name: X}}\n" for i in range(51))),
        "51 languages listed: at most 50",
    ),
    "a !!python tag": (
        _write("languages: !!python/object/apply:os.system [echo hacked]\n"),
        "tag '!!python/object/apply:os.system' is not allowed",
    ),
    "a link out of the project": (_link_out, "leads outside"),
    "a named pipe": (_fifo, "named pipe"),
    "a language listed twice": (
        _write("languages:\n  - {code: fr, name: Français}\n  - {code: fr, name: F}\n"),
        "languages[1].code: 'fr' is listed twice",
    ),
    "a state that is not one": (
        _write("languages:\n  - {code: fr, name: Français, state: draft}\n"),
        "languages[0].state: 'draft': a language is `published` or `in_progress`",
    ),
    "a game in progress that is no id": (
        _write("languages:\n  - {code: fr, name: Français, in_progress: [Nile Two]}\n"),
        "languages[0].in_progress[0]: 'Nile Two' is not a game id",
    ),
    "a review requirement that is no boolean": (
        _write("languages:\n  - {code: fr, name: Français, require_review: sometimes}\n"),
        "languages[0].require_review: `true` or `false` is expected (got 'sometimes')",
    ),
    "a term ending that is no ending": (
        _write("languages:\n  - {code: fr, name: Français, term_endings: [s, '-x']}\n"),
        "languages[0].term_endings[1]: '-x' is not an ending of 1 to 8 letters",
    ),
    "a code that is not one": (
        _write("languages:\n  - {code: French, name: Français}\n"),
        "languages[0].code: 'French' is not a language code",
    ),
}


@pytest.fixture
def copy(tmp_path: Path) -> Project:
    return game_project(tmp_path / "copy", "nile")


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize(
    "command",
    [["validate"], ["setup", "nile", "--players", "2"], ["score", "nile", "EXAMPLE"]],
    ids=["validate", "setup", "score"],
)
def test_a_hostile_languages_file_is_refused_quickly(
    copy: Project, case: str, command: list[str]
) -> None:
    damage, expected = CASES[case]
    damage(copy.content / "languages.yaml")
    argv = [str(ROOT / "examples" / "nile.json") if a == "EXAMPLE" else a for a in command]
    run = run_command(["--project", str(copy.root), *argv], timeout=20)
    assert_clean_failure(run, "languages.yaml", expected)
    assert SECRET not in run.err + run.out


def test_the_file_is_read_from_the_project_the_library_names() -> None:
    """Library callers name no project: the checkout's list, through the same reader."""
    assert languages.languages_file() == ROOT / "content" / "languages.yaml"
    # Read apart, as a plain YAML document: the list the file holds, however long it grows.
    listed = yaml.safe_load((ROOT / "content" / "languages.yaml").read_text(encoding="utf-8"))
    assert languages.LANGUAGES == languages.codes() == tuple(e["code"] for e in listed["languages"])
    assert languages.language("fr").quotes == ("«", "»", "“", "”")


def _installed(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The installed command, run the way a user runs it, with nothing in its environment
    saying where the project is but ``--project``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULEBOOK")}
    return subprocess.run(
        [str(Path(sys.executable).with_name("rulebook")), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
        timeout=300,
    )


def test_project_decides_the_languages(copy: Project, tmp_path: Path) -> None:
    """Issue 27 item 5: a copy declaring one more language is seen with ``--project``."""
    new = unlisted_language()  # German, unless the checkout has it already
    listed = copy.content / "languages.yaml"
    entry = f"  - code: {new}\n    name: Neusprache\n    state: in_progress\n"
    listed.write_text(listed.read_text(encoding="utf-8") + entry, encoding="utf-8")
    project = ("--project", str(copy.root))
    # `build --help` names the copy's languages, the new one in progress, not a fixed list.
    described = _installed(*project, "build", "--help", cwd=tmp_path)
    shown = ", ".join(
        f"{s.name} (/{s.code}/{'' if s.published else ', in progress'})" for s in languages.specs()
    )
    assert f"{shown}, Neusprache (/{new}/, in" in " ".join(described.stdout.split()), (
        described.stdout
    )
    # In progress, the language needs no name of Nile: it reads the source language's.
    valid = _installed(*project, "validate", cwd=tmp_path)
    assert valid.returncode == 0, valid.stderr
    setup = _installed(*project, "setup", "nile", "--players", "2", "--lang", new, cwd=tmp_path)
    source = _source_name(copy)
    assert setup.returncode == 0 and _title(setup.stdout) == source, setup.stderr
    # Published, it needs one: the copy's list says so (only the new entry changes: a
    # language the checkout has in progress stays so).
    published = entry.replace("state: in_progress\n", "state: published\n")
    listed.write_text(
        listed.read_text(encoding="utf-8").replace(entry, published), encoding="utf-8"
    )
    missing = _installed(*project, "validate", cwd=tmp_path)
    assert missing.returncode == 1, missing.stdout + missing.stderr
    assert "game.yaml" in missing.stderr and f"missing: ['{new}']" in missing.stderr, missing.stderr
    game = copy.content / "nile" / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("\n  en: ", f"\n  {new}: Nil\n  en: ", 1),
        encoding="utf-8",
    )
    valid = _installed(*project, "validate", cwd=tmp_path)
    assert valid.returncode == 0, valid.stderr
    setup = _installed(*project, "setup", "nile", "--players", "2", "--lang", new, cwd=tmp_path)
    assert setup.returncode == 0 and _title(setup.stdout) == "Nil", setup.stderr
    # The checkout's own list is unchanged, and the command there does not know the language.
    here = _installed("setup", "nile", "--players", "2", "--lang", new, cwd=ROOT)
    assert here.returncode == 2 and f"unknown language '{new}'" in here.stderr


def _title(checklist: str) -> str:
    """The game's name a setup checklist opens with (before "— 2 players")."""
    return checklist.split("—", 1)[0].strip()


def _source_name(copy: Project) -> str:
    """Nile's name in its source language, as the copy's game.yaml gives it."""
    game = yaml.safe_load((copy.content / "nile" / "game.yaml").read_text(encoding="utf-8"))
    return str(game["names"][game["source_language"]])


def test_a_misspelt_game_in_progress_is_named_at_its_line(copy: Project) -> None:
    """A game id under ``in_progress`` that the project lacks would leave the game it meant
    required complete with no word said: ``rulebook validate`` names it, its line and the
    id it was closest to."""
    listed = copy.content / "languages.yaml"
    text = listed.read_text(encoding="utf-8")
    text = text.replace("  - code: uk\n", "  - code: uk\n    in_progress: [ui, nlie]\n", 1)
    listed.write_text(text, encoding="utf-8")
    line = text.splitlines().index("    in_progress: [ui, nlie]") + 1
    run = run_command(["--project", str(copy.root), "validate"], timeout=60)
    assert run.code == 1, run.out + run.err
    assert (
        f"languages.yaml:{line}:23: languages[1].in_progress[1]: 'nlie' is neither a game of "
        "this project nor `ui` (did you mean nile?)" in run.err
    ), run.err
    listed.write_text(text.replace("[ui, nlie]", "[ui, nile]"), encoding="utf-8")
    fixed = run_command(["--project", str(copy.root), "validate"], timeout=60)
    assert fixed.code == 0, fixed.err
