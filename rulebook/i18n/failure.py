"""A failed translation check, in the shared diagnostic shape (schemas.diagnostics)."""

from __future__ import annotations

from schemas.diagnostics import Diagnostic, Severity


class Failure(Diagnostic):
    """One check that failed, as a diagnostic: where (catalog ``file``, ``line``, the
    message's context as ``loc``) and what (the check as ``type``, ``msg``).

    A ``warning`` is reported but fails nothing: a published translation waiting for review
    after a source edit (the page shows the source with its "being updated" mark meanwhile).
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

    @property
    def check(self) -> str:
        """The check that failed (the diagnostic's ``type``)."""
        return self.type

    @property
    def context(self) -> str:
        """The catalog context of the message, empty for the catalog as a whole."""
        return str(self.loc[0]) if self.loc else ""

    @property
    def message(self) -> str:
        """What is wrong (the diagnostic's ``msg``)."""
        return self.msg

    @property
    def warning(self) -> bool:
        """Reported without failing."""
        return self.severity == "warning"
