"""The rulebook command, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.cli import build_parser, main
from tests.conftest import ROOT

HAL_AND_JENNY = {
    "players": [
        {"name": "Hal", "wheat": 1, "flax": 4, "castor": 5, "papyrus": 6, "lettuce": 7},
        {"name": "Jenny", "flax": 2, "wheat": 3, "castor": 4, "papyrus": 5, "lettuce": 6},
    ]
}


def test_validate_passes_on_the_content(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert capsys.readouterr().out.startswith("ok:")


def test_validate_reports_a_broken_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "nile"
    folder.mkdir()
    (folder / "game.yaml").write_text("id: nile\nplayers: {min: 3, max: 2}\n", encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{folder / 'game.yaml'}:2: players: Value error, max (2) is below min (3)" in err
    assert "setup.yaml: missing" in err


def test_score_json_from_standard_input() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "scorer", "score", "nile", "-", "--json"],
        input=json.dumps(HAL_AND_JENNY),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    result = json.loads(run.stdout)
    assert result["winners"] == ["Jenny"]
    jenny = result["players"][1]
    assert (jenny["name"], jenny["key"], jenny["rank"], jenny["winner"]) == (
        "Jenny",
        [2, 3, 4, 5, 6],
        1,
        True,
    )
    assert jenny["breakdown"]["wheat"] == 3


def test_score_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(HAL_AND_JENNY), encoding="utf-8")
    assert main(["score", "nile", str(state)]) == 0
    out = capsys.readouterr().out
    assert "Jenny" in out and "2 3 4 5 6" in out and "Gagnants: Jenny" in out  # Nile is French
    assert main(["score", "nile", str(state), "--lang", "uk"]) == 0
    assert "Переможці: Jenny" in capsys.readouterr().out


def test_score_reports_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "bad.json"
    state.write_text(
        json.dumps({"players": [{"name": "A", "wheat": 20}, {"name": "B", "flax": "x"}]}),
        encoding="utf-8",
    )
    assert main(["score", "nile", str(state), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "players[0].wheat (A, Wheat): must be at most 14" in err
    assert "players[1].flax (B, Flax): expected a whole number" in err
    assert "2 problems in the end state" in err


def test_score_bad_json_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "bad.json"
    state.write_text('{"players": [\n  {"name": "A",}\n]}', encoding="utf-8")
    assert main(["score", "nile", str(state)]) == 1
    assert f"{state}:2:" in capsys.readouterr().err


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "chess", "-"]) == 1
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_setup_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["setup", "nile", "--players", "4", "--seed", "abc", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["setup", "nile", "--players", "4", "--seed", "abc", "--json"]) == 0
    assert capsys.readouterr().out == first
    assert json.loads(first)["seed"] == "abc"


def test_setup_refuses_an_illegal_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["setup", "nile", "--players", "9", "--lang", "en"]) == 1
    assert "Nile is for 2–6 players, not 9" in capsys.readouterr().err


def test_schemas_are_up_to_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--check"]) == 0, capsys.readouterr().err


def test_content_files_reference_their_schema() -> None:
    for file in (ROOT / "content").glob("*/*.yaml"):
        first = file.read_text(encoding="utf-8").splitlines()[0]
        assert (
            first == f"# yaml-language-server: $schema=../../schemas/json/{file.stem}.schema.json"
        ), file


def test_every_subcommand_has_help() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    for name in commands.choices:  # type: ignore[union-attr]
        run = subprocess.run(
            [sys.executable, "-m", "rulebook.cli", *name.split(), "--help"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert run.returncode == 0 and "usage:" in run.stdout, name
