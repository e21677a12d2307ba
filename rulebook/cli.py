"""The ``rulebook`` command line: one table of subcommands, each in its own module.

Only the chosen subcommand's module is imported, so ``rulebook score`` does not pay for
MkDocs, Babel or the catalogs. Every subcommand (and ``rulebook`` itself) takes
``--project DIR``; without it the project is the working directory or the nearest folder
above it that holds ``content/`` (rulebook.paths).

Exit codes: 0 success, 1 invalid input or content, 2 wrong usage.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import sys
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

from rulebook.errors import EXIT_USAGE, report
from schemas.diagnostics import Diagnostic

#: Every subcommand: its name, the module whose ``register(commands)`` adds its parser,
#: and its one-line help. This is the one place a subcommand is declared.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("validate", "rulebook.commands.validate", "check every game's content"),
    ("score", "rulebook.commands.score", "score an end state"),
    ("setup", "rulebook.commands.setup", "make a setup checklist"),
    ("test", "rulebook.conformance.cli", "run a game's conformance cases in both runtimes"),
    ("schema", "rulebook.commands.schema", "export JSON Schemas"),
    ("i18n", "rulebook.i18n.cli", "manage translation catalogs"),
    ("build", "rulebook.site.cli", "build the site in every language"),
    ("serve", "rulebook.site.cli", "build the site and serve it on 127.0.0.1"),
)

PROJECT_HELP = (
    "the project folder (the one holding content/); default: the working directory or the "
    "nearest folder above it with a content/ folder"
)


class Parser(argparse.ArgumentParser):
    """An argument parser whose every (sub)command takes ``--project DIR``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # SUPPRESS: a subcommand's own --project, when not given, leaves the top one alone.
        self.add_argument("--project", metavar="DIR", default=argparse.SUPPRESS, help=PROJECT_HELP)

    def error(self, message: str) -> NoReturn:
        """Wrong usage: the usage line, then the diagnostic (``usage``) by the one printer,
        argparse's sentence (which names the argument) as its message."""
        self.print_usage(sys.stderr)
        sys.exit(report([Diagnostic("usage", msg=message)], code=EXIT_USAGE))


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (the first word that is not an option)."""
    words = iter(argv)
    for word in words:
        if word == "--project":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``argv``, only the subcommand it names is fully registered."""
    parser = Parser(
        prog="rulebook",
        description="Board-game rules as structured content: check it, score games, set them up, "
        "translate it, build the site.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = None if argv is None else _chosen(argv)
    wanted = {module for name, module, _ in COMMANDS if chosen is None or name == chosen}
    for name, module, summary in COMMANDS:
        if module in wanted:
            importlib.import_module(module).register(commands)  # may add several commands
            wanted.discard(module)
        elif name not in commands.choices:  # named (for --help and typos), not loaded
            commands.add_parser(name, help=summary, add_help=False)
    return parser


def _given_project(argv: Sequence[str]) -> str | None:
    """The folder given with ``--project`` in ``argv`` (the last one), before any parsing."""
    given = None
    words = iter(argv)
    for word in words:
        if word == "--":
            break
        if word == "--project":
            given = next(words, None)
        elif word.startswith("--project="):
            given = word.partition("=")[2]
    return given


def _use_languages_of(given: str | None) -> None:
    """Read the published languages from the project, before any module binds the list.

    Some subcommands' modules read the list when they are imported (to offer ``--lang``),
    so this runs before the parser is built; a folder that is no project is left for the
    parsed arguments to report.
    """
    from rulebook.paths import ProjectError, find_project
    from schemas.languages import use_project

    with contextlib.suppress(ProjectError):
        use_project(find_project(given).content)


#: The collector's thresholds while a command runs (Python's are 700, 10, 10).
COMMAND_THRESHOLDS = (100_000, 20, 100)


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Python's cyclic garbage collector run less often while a command runs; the caller's
    thresholds are restored after.

    Nearly everything a command makes lives until it ends (the modules, the content's
    models and their validators, the compiled templates, each page's Markdown tree) and it
    makes few cycles: with the default thresholds the collector went over the same live
    objects again and again (some 550 times in a French build, a seventh of its CPU; some
    120 times in a first ``rulebook score``, 15 ms of its 240, freeing nothing). Unreachable
    cycles are still collected, later: a build's peak memory stays within a few megabytes
    of what it was (measured: 110 -> 117 MB in French, 178 -> 174 MB in three languages).
    """
    before = gc.get_threshold()
    gc.set_threshold(*COMMAND_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the subcommand ``argv`` names (default: the process's arguments); its exit code."""
    with fewer_collections():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    from rulebook.paths import ProjectError, find_project
    from schemas.languages import LanguagesError, use_project

    words = list(sys.argv[1:] if argv is None else argv)
    _use_languages_of(_given_project(words))
    try:
        args = build_parser(words).parse_args(words)
    except LanguagesError as error:
        return report(error.problems)
    try:
        args.project = find_project(getattr(args, "project", None))
    except ProjectError as error:
        return report(error.problems)
    use_project(args.project.content)
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        from rulebook.errors import explain

        explained = explain(error)
        if explained is None:
            raise
        problems, summary, exit_code = explained
        return report(problems, summary, code=exit_code)
    return code


if __name__ == "__main__":
    sys.exit(main())
