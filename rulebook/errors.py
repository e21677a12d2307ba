"""Errors every subcommand reports the same way: a clear message, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Iterable

#: Exit codes: 0 success, 1 invalid input or content, 2 wrong usage.
EXIT_INVALID = 1
EXIT_USAGE = 2


class CommandError(Exception):
    """Something the user can fix: an unknown game, an unreadable file, a folder refused."""

    def __init__(self, message: str, code: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.code = code


def fail(message: str, code: int = EXIT_INVALID) -> int:
    """Print ``message`` on standard error and give the exit code."""
    print(message, file=sys.stderr)
    return code


def report(problems: Iterable[object], summary: str) -> int:
    """Print every problem, then ``summary``, on standard error; the exit code of failure."""
    for problem in problems:
        print(problem, file=sys.stderr)
    return fail(summary)


def explain(error: BaseException) -> tuple[str, int] | None:
    """The message and exit code for an error a user can fix; None for a bug."""
    if isinstance(error, CommandError):
        return str(error), error.code
    from schemas.file_reader import RefusedFile
    from schemas.languages import LanguagesError

    if isinstance(error, RefusedFile | LanguagesError):  # the message names the file
        return str(error), EXIT_INVALID
    from babel.messages.pofile import PoFileError

    if isinstance(error, PoFileError) and (file := getattr(error, "file", None)):
        # A catalog that does not read, met by a command that needs it (update, typeset...).
        said = str(error).removesuffix(f" on {error.lineno}")
        return f"{file}:{error.lineno + 1}: {said}; see `rulebook i18n check`", EXIT_INVALID
    from schemas.loader import ContentError  # already imported if that is what was raised

    if isinstance(error, ContentError):
        lines = [str(problem) for problem in error.problems]
        lines.append(f"{len(error.problems)} problem(s) in the content: run `rulebook validate`")
        return "\n".join(lines), EXIT_INVALID
    return None
