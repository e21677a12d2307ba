"""``rulebook test GAME``: a game's conformance cases in both runtimes, as a table."""

from __future__ import annotations

import argparse
from typing import Any

from rulebook.errors import fail, report


def run(args: argparse.Namespace) -> int:
    from rulebook import tables
    from rulebook.commands import load_one
    from rulebook.conformance import RUNTIMES, RuntimeMissing
    from rulebook.conformance import run as run_cases

    content = load_one(args.project, args.game, files=None)  # the cases too
    if content.cases is None:
        return fail(f"{args.game}: no cases.yaml, so nothing to test")
    try:
        rows = run_cases(content)
    except RuntimeMissing as error:
        return fail(str(error))
    header = ["case", *RUNTIMES]
    lines = [
        [f"{'refused: ' if row.refused else ''}{row.id}"]
        + ["pass" if row.verdicts[r].passed else "FAIL" for r in RUNTIMES]
        for row in rows
    ]
    print(tables.render(header, lines))
    failed = [row for row in rows if not row.passed]
    why = [
        f"{row.id} ({runtime}): {row.verdicts[runtime].why}"
        for row in failed
        for runtime in RUNTIMES
        if not row.verdicts[runtime].passed
    ]
    cases = sum(1 for row in rows if not row.refused)
    refused = len(rows) - cases
    summary = (
        f"{args.game}: {cases} case(s) and {refused} refused state(s) in {' and '.join(RUNTIMES)}"
    )
    if failed:
        return report([*why, *_placed(args, content)], f"{summary}: {len(failed)} failed")
    print(f"{summary}: all passed")
    return 0


def _placed(args: argparse.Namespace, content: Any) -> list[object]:
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
