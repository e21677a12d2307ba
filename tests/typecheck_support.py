"""Type-checking an edited copy of the calculator: the tests that show a check is
load-bearing (a misspelt read of the export, a read of untrusted data without its guard)
write the edit into a copy and require TypeScript to refuse it in that module."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from rulebook.typescript import TARGET

ROOT = Path(__file__).resolve().parents[1]
CALCULATOR = ROOT / "site" / "assets" / "calculator"
TSC = ROOT / "tools" / "typecheck" / "node_modules" / ".bin" / "tsc"

#: One edit: the module, a text it holds exactly once, and what replaces it.
Edit = tuple[str, str, str]


def typecheck_edited(tmp_path: Path, edits: Sequence[Edit]) -> subprocess.CompletedProcess[str]:
    """Copy the calculator and the export's declarations under ``tmp_path``, make each edit,
    and run TypeScript with the project's own options on the edited modules only."""
    if not TSC.is_file():
        pytest.fail("TypeScript is not installed: run scripts/bootstrap.sh --browser")
    copy_ = tmp_path / "site" / "assets" / "calculator"
    copy_.mkdir(parents=True)
    for source in CALCULATOR.glob("*.js"):
        (copy_ / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    checked = tmp_path / "tools" / "typecheck"
    checked.mkdir(parents=True)
    (checked / TARGET.name).write_text(TARGET.read_text(encoding="utf-8"), encoding="utf-8")
    for module, written, replacement in edits:
        text = (copy_ / module).read_text(encoding="utf-8")
        assert text.count(written) == 1, (module, written)
        (copy_ / module).write_text(text.replace(written, replacement), encoding="utf-8")
    files = sorted({f"../../site/assets/calculator/{module}" for module, *_ in edits})
    return typecheck(checked, files)


def typecheck(checked: Path, files: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """Run TypeScript with the project's own options on ``files`` (relative to ``checked``,
    the folder that holds the export's declarations)."""
    if not TSC.is_file():
        pytest.fail("TypeScript is not installed: run scripts/bootstrap.sh --browser")
    config = (ROOT / "tools" / "typecheck" / "tsconfig.json").read_text(encoding="utf-8")
    # The project's own options (its comments, which JSON lacks, left out).
    plain = "\n".join(line for line in config.splitlines() if not line.strip().startswith("//"))
    options = json.loads(plain)["compilerOptions"]
    (checked / "tsconfig.json").write_text(
        json.dumps({"compilerOptions": options, "files": list(files)}), encoding="utf-8"
    )
    return subprocess.run(
        [str(TSC), "--noEmit", "-p", str(checked / "tsconfig.json")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
