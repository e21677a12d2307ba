"""``rulebook test GAME``: a game's conformance cases in both runtimes, as a table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from rulebook.errors import counted, refused, report

if TYPE_CHECKING:
    from schemas.diagnostics import Diagnostic


def run(args: argparse.Namespace) -> int:
    from rulebook import tables
    from rulebook.commands import load_one
    from rulebook.conformance import RUNTIMES, RuntimeMissing
    from rulebook.conformance import run as run_cases
    from schemas.diagnostics import Diagnostic

    content = load_one(args.project, args.game, files=None)  # the cases too
    if content.cases is None:
        file = str(args.project.content / args.game / "cases.yaml")
        return refused("missing, so there is nothing to test", "no_cases", file=file)
    try:
        rows = run_cases(content)
    except RuntimeMissing as error:
        return refused(str(error), "runtime_missing")
    header = ["case", *RUNTIMES]
    lines = [
        [f"{'refused: ' if row.refused else ''}{row.id}"]
        + ["pass" if row.verdicts[r].passed else "FAIL" for r in RUNTIMES]
        for row in rows
    ]
    print(tables.render(header, lines))
    failed = [row for row in rows if not row.passed]
    why = [
        Diagnostic("case_failed", (row.id,), row.verdicts[runtime].why, {"runtime": runtime})
        for row in failed
        for runtime in RUNTIMES
        if not row.verdicts[runtime].passed
    ]
    cases = sum(1 for row in rows if not row.refused)
    states = counted(len(rows) - cases, "refused state", "refused states")
    summary = (
        f"{args.game}: {counted(cases, 'case', 'cases')} and {states} in {' and '.join(RUNTIMES)}"
    )
    if failed:
        return report([*why, *_placed(args, content)], f"{summary}: {len(failed)} failed", _head)
    print(f"{summary}: all passed")
    return 0


def _head(problem: Diagnostic) -> str:
    """A failed case and the runtime it failed in: ``third_pile (python)``."""
    runtime = problem.ctx.get("runtime")
    return f"{problem.path} ({runtime})" if problem.type == "case_failed" else problem.path


def _placed(args: argparse.Namespace, content: Any) -> list[Diagnostic]:
    """What `rulebook validate` says of the cases, each at its line with what would be
    right (a verdict names only a problem's code: ``players[0].acorn: unknown_field``)."""
    from rulebook.commands.validate import case_problems
    from scorer.engine import GameEngine

    return case_problems(args.project.content / args.game, content, GameEngine(content))


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "test",
        help="run a game's conformance cases in both runtimes",
        description="Run every conformance case and refused state of a game's cases.yaml "
        "through the Python engine and through the browser calculator (under Node.js), and "
        "print a pass/fail table; the exit code is 1 if anything failed.",
    )
    parser.add_argument("game", help="game id, e.g. nile")
    parser.set_defaults(run=run)
