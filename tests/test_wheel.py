"""The built wheel holds the data the packages need beside their code: the interface
strings' sources and the exported JSON Schemas (schemas/json/), as pyproject's package data
says. The wheel is built as an installer builds it (pip, from a copy of the sources: the
build leaves nothing in the checkout)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.conftest import ROOT

#: What a wheel is built from: the project's metadata and its three packages.
SOURCES = ("pyproject.toml", "README.md", "schemas", "scorer", "rulebook")


def test_the_wheel_holds_the_json_schemas_and_the_interface_strings(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            ignored = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(ROOT / name, source / name, ignore=ignored)
        else:
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    [wheel] = out.glob("rulebook-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        held = {name: archive.read(name) for name in archive.namelist() if name.endswith(".json")}
    schemas = sorted((ROOT / "schemas" / "json").glob("*.json"))
    assert len(schemas) > 10  # the content files', every game's end state and the export's
    wanted = [*schemas, ROOT / "rulebook" / "i18n" / "ui.json", ROOT / "scorer" / "words.json"]
    assert {path.relative_to(ROOT).as_posix(): path.read_bytes() for path in wanted} == held
