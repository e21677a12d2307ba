"""A failed translation check, in the shared diagnostic shape (schemas.diagnostics)."""

from __future__ import annotations

from schemas.diagnostics import Diagnostic, Severity


class Failure(Diagnostic):
    """One check that failed, as a diagnostic: where (catalog ``file``, ``line``, the
    message's context as ``loc``) and what (the check as ``type``, ``msg``).

    Built from the catalog's terms (the message's ``context``, the ``check`` that failed,
    its ``message``); read through the shared names (``type``, ``loc``, ``msg``,
    ``severity``). A ``warning`` is reported but fails nothing: a published translation
    waiting for review after a source edit (the page shows the source with its "being
    updated" mark meanwhile).
    """

    def __init__(
        self,
        file: str,
        line: int | None,
        context: str,
        check: str,
        message: str,
        warning: bool = False,
    ) -> None:
        loc = (context,) if context else ()
        severity: Severity = "warning" if warning else "error"
        super().__init__(check, loc, message, file=file, line=line, severity=severity)
