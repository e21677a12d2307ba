"""Content errors say which file, which line and which field, and come all at once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from schemas.loader import ContentError, load_all, load_game
from tests.conftest import CONTENT


@pytest.fixture
def nile(tmp_path: Path) -> Path:
    folder = tmp_path / "content" / "nile"
    shutil.copytree(CONTENT / "nile", folder)
    return folder


def _replace(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(file: Path, needle: str) -> int:
    lines = file.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def test_the_real_content_loads() -> None:
    assert "nile" in load_all(CONTENT)


def test_wrong_type_names_file_line_and_path(nile: Path) -> None:
    scoring = nile / "scoring.yaml"
    _replace(
        scoring,
        "kind: count, group: storage, label: Ricin",
        "kind: cont, group: storage, label: Ricin",
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.file == scoring
    assert problem.line == _line_of(scoring, "kind: cont")
    assert problem.path == "inputs[3]"
    assert "'cont'" in problem.message and "'count'" in problem.message


def test_unknown_reference_is_reported_after_each_file_is_valid(nile: Path) -> None:
    scoring = nile / "scoring.yaml"
    _replace(
        scoring,
        "{input: lettuce}, {input: castor}, {input: flax},\n",
        "{input: letuce}, {input: castor}, {input: flax},\n",
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.path == "values[0].compute.sorted_key.of[2].input"
    assert problem.line == _line_of(scoring, "{input: letuce}")
    assert "unknown input 'letuce'" in problem.message and "lettuce" in problem.message


def test_every_problem_of_every_file_at_once(nile: Path) -> None:
    _replace(nile / "game.yaml", "year: 2009", "year: 1066")
    _replace(
        nile / "setup.yaml", "    values:\n      cards: 5", "    values:\n      cards: {sumx: 5}"
    )
    _replace(nile / "scoring.yaml", "id: deluxor", "id: DeLuxor")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    found = {(p.file.name, p.path) for p in error.value.problems}
    assert ("game.yaml", "year") in found
    assert ("setup.yaml", "steps[3].values.cards") in found  # deal_hands
    assert ("scoring.yaml", "options[0].id") in found
    year = next(p for p in error.value.problems if p.path == "year")
    assert "1066" in year.message and "1900" in year.message


def test_duplicate_keys_are_refused(nile: Path) -> None:
    _replace(nile / "game.yaml", "year: 2009", "year: 2009\nyear: 2010")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert "duplicate key 'year'" in str(error.value)
    assert error.value.problems[0].line == _line_of(nile / "game.yaml", "year: 2010")


def test_yaml_syntax_error_has_a_line(nile: Path) -> None:
    _replace(nile / "components.yaml", "  - id: crops", "  - id: [crops")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert error.value.problems[0].line is not None
    assert "YAML syntax" in error.value.problems[0].message


def test_missing_required_file(nile: Path) -> None:
    (nile / "setup.yaml").unlink()
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert "setup.yaml" in str(error.value) and "missing" in str(error.value)


def test_circular_values_are_refused(nile: Path) -> None:
    _replace(
        nile / "scoring.yaml",
        "{id: wheat_count, compute: {input: wheat}}",
        "{id: wheat_count, compute: {value: papyrus_count}}",
    )
    _replace(
        nile / "scoring.yaml",
        "{id: papyrus_count, compute: {input: papyrus}}",
        "{id: papyrus_count, compute: {value: wheat_count}}",
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert "circle" in str(error.value)


def test_folder_must_match_the_id(nile: Path) -> None:
    renamed = nile.with_name("nil")
    nile.rename(renamed)
    with pytest.raises(ContentError) as error:
        load_game(renamed)
    assert "folder is 'nil'" in str(error.value)
