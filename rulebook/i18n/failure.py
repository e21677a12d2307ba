"""A failed translation check, in the shared diagnostic shape (schemas.diagnostics)."""

from __future__ import annotations

from schemas.diagnostics import Diagnostic, Severity


class Failure(Diagnostic):
    """One check that failed, as a diagnostic: where (catalog ``file``, ``line``, the
    message's context as ``loc``) and what (the check as ``type``, ``msg``).

    Its arguments are the diagnostic's fields, in the order a catalog finding is found:
    the file and line first. ``loc`` is the message's context, the one step of the
    diagnostic's ``loc`` (empty for the whole catalog). A ``warning`` is reported but
    fails nothing: a published translation waiting for review after a source edit (the
    page shows the source with its "being updated" mark meanwhile).
    """

    def __init__(
        self,
        file: str,
        line: int | None,
        loc: str,
        type: str,
        msg: str,
        severity: Severity = "error",
    ) -> None:
        super().__init__(type, (loc,) if loc else (), msg, file=file, line=line, severity=severity)
