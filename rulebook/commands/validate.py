"""``rulebook validate``: every content error of the project, with file, line and field path."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rulebook.errors import report


def run(args: argparse.Namespace) -> int:
    from schemas.loader import ContentError, load_all
    from scorer.engine import GameEngine

    # A folder given the old way (``rulebook validate DIR``) is read as the content folder.
    content_dir = Path(args.content_dir) if args.content_dir else args.project.content
    try:
        games = load_all(content_dir)
    except ContentError as error:
        return report(error.problems, f"{len(error.problems)} problem(s) in {content_dir}")
    failures = []
    for content in games.values():
        try:
            GameEngine(content)
        except (ValueError, SyntaxError) as error:  # a compile failure is a content error too
            failures.append(f"{content_dir / content.id}/scoring.yaml: {error}")
    if failures:
        return report(failures, f"{len(failures)} problem(s) in {content_dir}")
    print(f"ok: {len(games)} game(s) in {content_dir}: {', '.join(sorted(games))}")
    return 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "validate",
        help="check every game's content",
        description="Check all of the project's content: every error with its file, line and "
        "field path, and every game's scoring compiled.",
    )
    parser.add_argument("content_dir", nargs="?", help=argparse.SUPPRESS)  # the old form
    parser.set_defaults(run=run)
