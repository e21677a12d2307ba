"""``rulebook validate``: every content error of the project, with file, line and field path."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.errors import report

if TYPE_CHECKING:
    from schemas.game import GameContent
    from scorer.engine import GameEngine


def run(args: argparse.Namespace) -> int:
    from schemas.loader import ContentError, load_all
    from scorer.engine import GameEngine

    # A folder given the old way (``rulebook validate DIR``) is read as the content folder.
    content_dir = Path(args.content_dir) if args.content_dir else args.project.content
    try:
        games = load_all(content_dir)
    except ContentError as error:
        return report(error.problems, f"{len(error.problems)} problem(s) in {content_dir}")
    failures: list[object] = []
    for content in games.values():
        try:
            engine = GameEngine(content)
        except (ValueError, SyntaxError) as error:  # a compile failure is a content error too
            failures.append(f"{content_dir / content.id}/scoring.yaml: {error}")
            continue
        failures.extend(case_problems(content_dir / content.id, content, engine))
    if failures:
        return report(failures, f"{len(failures)} problem(s) in {content_dir}")
    print(f"ok: {len(games)} game(s) in {content_dir}: {', '.join(sorted(games))}")
    return 0


def case_problems(folder: Path, content: GameContent, engine: GameEngine) -> list[object]:
    """Each problem of a conformance case the engine refuses to score.

    The site shows cases as the rules pages' worked examples, scoring each while it builds:
    a change elsewhere (a lower card count, a tighter limit) that makes one unscorable
    must be found here, where it names the case, not in the build.
    """
    from schemas.loader import Located, format_path, read_yaml
    from scorer.problems import EndStateError

    if content.cases is None:
        return []
    found: list[object] = []
    document = None
    for index, case in enumerate(content.cases.cases):
        path: tuple[str | int, ...] = ("cases", index, "state")
        try:
            engine.score({"game": content.id, **case.state})
            continue
        except EndStateError as error:
            problems = [(p.loc, str(p)) for p in error.problems]
        except (ArithmeticError, RecursionError) as error:  # content a rule cannot compute
            problems = [((), f"scoring it fails: {type(error).__name__}: {error}")]
        document = document or read_yaml(folder / "cases.yaml")
        for loc, problem in problems:
            # On the line of the field at fault when the case gives it.
            line, column = document.position_of((*path, *loc))
            message = f"case {case.id!r} cannot be scored: {problem}"
            found.append(Located(document.file, line, format_path(path), message, column))
    return found


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "validate",
        help="check every game's content",
        description="Check all of the project's content: every error with its file, line and "
        "field path, every game's scoring compiled, and every conformance case scored.",
    )
    parser.add_argument("content_dir", nargs="?", help=argparse.SUPPRESS)  # the old form
    parser.set_defaults(run=run)
