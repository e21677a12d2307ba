"""What the calculator reads from a link, its storage or a file is ``unknown`` to the type
checker until a check passes (storage.js's type guards), so the checks are load-bearing:
a read that skips one is a type error, not a value used unchecked.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from rulebook.typescript import TARGET

ROOT = Path(__file__).resolve().parents[2]
CALCULATOR = ROOT / "site" / "assets" / "calculator"
TSC = ROOT / "tools" / "typecheck" / "node_modules" / ".bin" / "tsc"

#: The modules that read back links, stored tables, history and set-aside records.
UNTRUSTED = (
    "share.js",
    "snapshot.js",
    "aside.js",
    "storage.js",
    "currenttable.js",
    "history.js",
    "store.js",
)

#: A JSDoc type naming ``any`` (``@param {any}``, ``{Record<string, any>}``, ``@type {any}``).
ANY_TYPE = re.compile(r"@(?:type|param|returns|typedef|template)\s*\{[^\n]*\bany\b")

#: (module, a check as written, the same read without it): each read of untrusted data whose
#: check, left out, must fail the type check.
UNCHECKED = (
    ("history.js", "!isObject(item) || !isTime(item.at) ||", "!isObject(item) ||"),
    ("snapshot.js", " || !x.names.every(isShort)) return null;", ") return null;"),
    ("currenttable.js", "\n    && names.every(isKeptName) ? names", " ? names"),
    ("aside.js", "if (isInteger(m.player) && m.player >= 0", "if (m.player >= 0"),
    ("store.js", "const version = isInteger(data.v) ? data.v : 0;", "const version = data.v ?? 0;"),
    (
        "share.js",
        'return spec.choices.find((c) => c.id === value)?.id ?? "";',
        "return value;",
    ),
)


@pytest.mark.parametrize("module", UNTRUSTED)
def test_a_module_reading_untrusted_data_types_it(module: str) -> None:
    """No ``any`` in the modules that read links and storage: what they read is ``unknown``
    until checked, and typed after."""
    text = (CALCULATOR / module).read_text(encoding="utf-8")
    found = [line.strip() for line in text.splitlines() if ANY_TYPE.search(line)]
    assert found == [], (module, found)


def test_a_read_without_its_check_fails_the_type_check(tmp_path: Path) -> None:
    """Each check of untrusted data left out, the value read is ``unknown`` where a typed one
    is needed: TypeScript reports it in that module."""
    if not TSC.is_file():
        pytest.fail("TypeScript is not installed: run scripts/bootstrap.sh --browser")
    copy_ = tmp_path / "site" / "assets" / "calculator"
    copy_.mkdir(parents=True)
    for source in CALCULATOR.glob("*.js"):
        (copy_ / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    checked = tmp_path / "tools" / "typecheck"
    checked.mkdir(parents=True)
    (checked / TARGET.name).write_text(TARGET.read_text(encoding="utf-8"), encoding="utf-8")
    for module, written, unchecked in UNCHECKED:
        text = (copy_ / module).read_text(encoding="utf-8")
        assert text.count(written) == 1, (module, written)
        (copy_ / module).write_text(text.replace(written, unchecked), encoding="utf-8")
    config = (ROOT / "tools" / "typecheck" / "tsconfig.json").read_text(encoding="utf-8")
    # The project's own options (its comments, which JSON lacks, left out).
    plain = "\n".join(line for line in config.splitlines() if not line.strip().startswith("//"))
    options = json.loads(plain)["compilerOptions"]
    files = [f"../../site/assets/calculator/{module}" for module, *_ in UNCHECKED]
    (checked / "tsconfig.json").write_text(
        json.dumps({"compilerOptions": options, "files": files}), encoding="utf-8"
    )
    run = subprocess.run(
        [str(TSC), "--noEmit", "-p", str(checked / "tsconfig.json")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode != 0, run.stdout
    for module, *_ in UNCHECKED:
        assert re.search(rf"{re.escape(module)}\(\d+,\d+\): error TS\d+", run.stdout), (
            module,
            run.stdout,
        )
