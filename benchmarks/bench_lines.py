"""The size figures of issue 27: non-blank lines of each package, the Python engine against
the browser's, and the largest source files.

Run: .venv/bin/python benchmarks/bench_lines.py [--root DIR]

The browser's engine is the calculator's modules that score, validate, word and deal a table
from the export without touching the page (ENGINE_JS): the counterparts of scorer/. The goal
is scorer/ within 2x their lines.
"""

from __future__ import annotations

import argparse
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CALCULATOR = Path("site/assets/calculator")

#: The browser's engine modules (no DOM): nodes, mechanics and values; scoring and ranking;
#: validation, fields, problems and legality; relevance, rows input, results, explanations
#: (the words of a breakdown); the seeded generator and setup.
ENGINE_JS = (
    "expr.js",
    "mechanics.js",
    "values.js",
    "scoring.js",
    "validate.js",
    "fields.js",
    "problems.js",
    "legality.js",
    "relevance.js",
    "rows.js",
    "result.js",
    "explain.js",
    "rng.js",
    "setup.js",
)
#: The folders whose source files are ranked by size.
SOURCES = ("schemas", "scorer", "rulebook", "site/assets", "site/offline", "tests", "benchmarks")


def lines(path: Path) -> int:
    """Non-blank lines of a text file."""
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def package(root: Path, name: str) -> int:
    return sum(lines(p) for p in (root / name).rglob("*.py"))


def report(root: Path) -> None:
    print("lines (non-blank)")
    for name in ("scorer", "schemas", "rulebook"):
        print(f"  {name + '/':<58} {package(root, name):8,d}")
    calculator = root / CALCULATOR
    every = sum(lines(p) for p in calculator.glob("*.js"))
    present = [name for name in ENGINE_JS if (calculator / name).is_file()]
    engine = sum(lines(calculator / name) for name in present)
    print(f"  {'calculator JavaScript, every module':<58} {every:8,d}")
    print(
        f"  {'calculator engine modules (' + str(len(present)) + ', ENGINE_JS)':<58} {engine:8,d}"
    )
    ratio = package(root, "scorer") / engine
    verdict = "pass" if ratio <= 2 else "FAIL"
    print(f"  {'scorer/ vs the engine modules':<58} ratio {ratio:5.2f}  goal <= 2: {verdict}")
    files = [
        p for folder in SOURCES for p in (root / folder).rglob("*") if p.suffix in {".py", ".js"}
    ]
    files = [p for p in files if "node_modules" not in p.parts and p.is_file()]
    print("  the ten largest source files")
    for path in sorted(files, key=lines, reverse=True)[:10]:
        print(f"    {path.relative_to(root)!s:<56} {lines(path):8,d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE, help="checkout to count")
    report(parser.parse_args().root.resolve())


if __name__ == "__main__":
    main()
