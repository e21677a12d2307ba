"""Errors every subcommand reports the same way: diagnostics (schemas.diagnostics) printed by
one printer, every one at once and then a summary, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from schemas.diagnostics import Diagnostic, DiagnosticError, plain

if TYPE_CHECKING:
    from schemas.diagnostics import Loc

#: Exit codes: 0 success, 1 invalid input or content, 2 wrong usage.
EXIT_INVALID = 1
EXIT_USAGE = 2


class CommandError(DiagnosticError):
    """Something the user can fix: an unknown game, an unreadable file, a folder refused.

    Its one diagnostic has the ``type`` given, else ``usage`` for wrong usage and
    ``refused`` for the rest; ``loc`` names the argument or option when there is one.
    """

    def __init__(
        self,
        message: str,
        code: int = EXIT_INVALID,
        *,
        type: str | None = None,
        loc: Loc = (),
        ctx: dict[str, Any] | None = None,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        kind = type or ("usage" if code == EXIT_USAGE else "refused")
        found = Diagnostic(kind, loc, message, plain(ctx or {}), file, line, column)
        super().__init__([found])
        self.code = code


def counted(count: int, one: str, other: str) -> str:
    """``count`` with its noun in the right English form: "1 problem", "3 problems"
    (the command line's own messages are English; CLDR gives English these two forms)."""
    return f"{count} {one if count == 1 else other}"


def problems_in(count: int, where: object) -> str:
    """The usual summary: "3 problems in content/"."""
    return f"{counted(count, 'problem', 'problems')} in {where}"


def show(problems: Iterable[Diagnostic], head: Callable[[Diagnostic], str] | None = None) -> None:
    """Print each diagnostic on standard error, one line each (``file:line: msg [type]``);
    ``head`` says where a diagnostic is when its path alone would not say it to a reader."""
    for problem in problems:
        print(problem.shown(head(problem) if head else None), file=sys.stderr)


def report(
    problems: Iterable[Diagnostic],
    summary: str | None = None,
    head: Callable[[Diagnostic], str] | None = None,
    code: int = EXIT_INVALID,
) -> int:
    """Print every diagnostic, then ``summary``, on standard error; give the exit code."""
    show(problems, head)
    if summary:
        print(summary, file=sys.stderr)
    return code


def refused(message: str, type: str = "refused", **where: Any) -> int:
    """Report one diagnostic made of ``message`` (``where``: its loc, file, line, column)."""
    return report([Diagnostic(type, msg=message, **where)])


def explain(error: BaseException) -> tuple[list[Diagnostic], str | None, int] | None:
    """The diagnostics, summary and exit code for an error a user can fix; None for a bug."""
    if isinstance(error, CommandError):
        return error.problems, None, error.code
    from schemas.file_reader import RefusedFile, shown_name
    from schemas.languages import LanguagesError

    if isinstance(error, LanguagesError):  # its diagnostic names the file
        return error.problems, None, EXIT_INVALID
    if isinstance(error, RefusedFile):
        shown = shown_name(str(error.path))
        found = Diagnostic("file_refused", (), error.reason, {}, shown, error.line, error.column)
        return [found], None, EXIT_INVALID
    from babel.messages.pofile import PoFileError

    if isinstance(error, PoFileError) and (file := getattr(error, "file", None)):
        # A catalog that does not read, met by a command that needs it (update, typeset...).
        said = str(error).removesuffix(f" on {error.lineno}")
        found = Diagnostic(
            "catalog_unreadable",
            msg=f"{said}; see `rulebook i18n check`",
            file=str(file),
            line=error.lineno + 1,
        )
        return [found], None, EXIT_INVALID
    from schemas.loader import ContentError  # already imported if that is what was raised

    if isinstance(error, ContentError):
        summary = f"{problems_in(len(error.problems), 'the content')}: run `rulebook validate`"
        return error.problems, summary, EXIT_INVALID
    return None
