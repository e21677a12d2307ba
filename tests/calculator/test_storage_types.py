"""What the calculator reads from a link, its storage or a file is ``unknown`` to the type
checker until a check passes (storage.js's type guards), so the checks are load-bearing:
a read that skips one is a type error, not a value used unchecked.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.typecheck_support import typecheck_edited

#: (module, a check as written, the same read without it): each read of untrusted data whose
#: check, left out, must fail the type check.
UNCHECKED = (
    ("history.js", "!isObject(item) || !isTime(item.at) ||", "!isObject(item) ||"),
    ("snapshot.js", " || !x.names.every(isShort)) return null;", ") return null;"),
    ("currenttable.js", "\n    && names.every(isKeptName) ? names", " ? names"),
    ("aside.js", "if (isInteger(m.player) && m.player >= 0", "if (m.player >= 0"),
    (
        "table.js",
        'return isArray(list) ? list.filter((x) => typeof x == "string") : [];',
        "return list;",
    ),
    ("store.js", "const version = isInteger(data.v) ? data.v : 0;", "const version = data.v ?? 0;"),
    (
        "share.js",
        'return spec.choices.find((c) => c.id === value)?.id ?? "";',
        "return value;",
    ),
)


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
