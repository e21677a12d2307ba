"""A problem's parameters are typed by its code in the browser as in Python: the
calculator's declarations carry scorer/problems.py CODES (rulebook/typescript.py), so a
problem made without a parameter its code carries, with one it does not, or read for a
parameter it lacks is a type error; and no module of the calculator types anything ``any``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.typecheck_support import CALCULATOR, typecheck_edited

#: A JSDoc type naming ``any`` (``@param {any}``, ``{Record<string, any>}``, ``@type {any}``).
ANY_TYPE = re.compile(r"@(?:type|param|returns|typedef|template)\s*\{[^\n]*\bany\b")

#: (module, a problem made or read as written, the same gone wrong, what TypeScript says).
WRONG = (
    # a parameter the code carries left out
    (
        "validate.js",
        '"table_total", { total: sum(values), max }',
        '"table_total", { total: sum(values) }',
        "TS2345",
    ),
    # a parameter misspelt where the field walk makes it
    (
        "fields.js",
        'add("too_long", { count: s.maxItems })',
        'add("too_long", { cout: s.maxItems })',
        "TS2561",
    ),
    # a parameter of the wrong kind
    (
        "legality.js",
        '"player_count", { count, min, max }',
        '"player_count", { count: String(count), min, max }',
        "TS2322",
    ),
    # a parameter read that the code does not carry
    (
        "problems.js",
        '"placed" in params) words.placed = params.placed.map(',
        '"placed" in params) words.placed = params.place.map(',
        "TS2551",
    ),
    # an unknown code
    ("legality.js", '"duplicate_name", { name }', '"duplicate_nam", { name }', "TS2345"),
)


@pytest.mark.parametrize("module", sorted(p.name for p in CALCULATOR.glob("*.js")))
def test_no_module_of_the_calculator_types_anything_any(module: str) -> None:
    """Every value the calculator handles has a type: the export's declarations, the
    problems', ``unknown`` until a guard checks what storage or a link gives."""
    text = (CALCULATOR / module).read_text(encoding="utf-8")
    found = [line.strip() for line in text.splitlines() if ANY_TYPE.search(line)]
    assert found == [], (module, found)


def test_a_problem_unlike_its_code_fails_the_type_check(tmp_path: Path) -> None:
    run = typecheck_edited(tmp_path, [(m, written, wrong) for m, written, wrong, _ in WRONG])
    assert run.returncode != 0, run.stdout
    for module, written, _, code in WRONG:
        line = next(
            n
            for n, text in enumerate((CALCULATOR / module).read_text("utf-8").splitlines(), 1)
            if written in text
        )
        found = rf"{re.escape(module)}\({line},\d+\): error {code}:"
        assert re.search(found, run.stdout), (module, written, run.stdout)
