"""What the calculator reads from a link, its storage or a file is ``unknown`` to the type
checker until a check passes (storage.js's type guards), so the checks are load-bearing:
a read that skips one is a type error, not a value used unchecked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.typecheck_support import CALCULATOR, typecheck_edited

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
    run = typecheck_edited(tmp_path, UNCHECKED)
    assert run.returncode != 0, run.stdout
    for module, *_ in UNCHECKED:
        assert re.search(rf"{re.escape(module)}\(\d+,\d+\): error TS\d+", run.stdout), (
            module,
            run.stdout,
        )
