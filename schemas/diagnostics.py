"""The one shape of everything the project reports as wrong, shaped like pydantic's ErrorDetails.

A diagnostic is ``type`` (what is wrong, a short code such as ``above_max``, ``missing`` or
``markup``), ``loc`` (where in the data: a path of keys and indexes, as pydantic gives it),
``msg`` (the sentence a reader gets), ``ctx`` (the numbers and names the sentence is made
from: plain JSON values), plus ``file``, ``line`` and ``column`` where there is a file, and
``severity``. Content errors (schemas.loader), catalog findings (rulebook.i18n.checks),
end-state problems (scorer.problems), command-line usage errors and build failures
(rulebook.errors) are all made of it, so the command line prints them one way and
``--json`` gives them one way.

This module sits at the bottom of the layers (schemas, scorer and rulebook import it; it
imports none of them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Loc = tuple[str | int, ...]
#: ``error`` fails the command; ``warning`` is reported and fails nothing; ``tiebreak`` (an
#: end state's) leaves the totals standing and only the ties that need the field undecided.
Severity = Literal["error", "warning", "tiebreak"]

#: The JSON values a ``ctx`` keeps as they are; anything else is written as text.
_PLAIN = (str, int, float, bool, type(None))


@dataclass(frozen=True)
class Diagnostic:
    """One thing wrong: what (``type``, ``msg``, ``ctx``) and where (``loc``, file, line)."""

    type: str
    loc: Loc = ()
    msg: str = ""
    ctx: dict[str, Any] = field(default_factory=dict)
    file: str | None = None
    line: int | None = None
    #: 1-based, when known: where on the line the value (or the syntax problem) starts.
    column: int | None = None
    severity: Severity = "error"

    @property
    def path(self) -> str:
        """``loc`` as a path into the data: ``players[0].wheat``, ``values[3].compute``."""
        return format_loc(self.loc)

    @property
    def where(self) -> str:
        """``file:line:column`` as far as each is known; empty without a file."""
        if self.file is None:
            return ""
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}" + (f":{self.column}" if self.column else "")

    def details(self) -> dict[str, Any]:
        """The diagnostic as JSON data: pydantic's ErrorDetails keys, then where it is."""
        found: dict[str, Any] = {
            "type": self.type,
            "loc": list(self.loc),
            "msg": self.msg,
            "ctx": plain(self.ctx),
            "severity": self.severity,
        }
        for key in ("file", "line", "column"):
            if getattr(self, key) is not None:
                found[key] = getattr(self, key)
        return found

    def __str__(self) -> str:
        """One line for a terminal: ``file:line:column: path: msg [type]``."""
        return self.shown()

    def shown(self, head: str | None = None) -> str:
        """The terminal line, with ``head`` said for where it is in place of the path
        when the caller has better words for it (a field's label, an option's flag)."""
        said = f"{self.msg} [{self.type}]" if self.msg else f"[{self.type}]"
        parts = [part for part in (self.where, self.path if head is None else head) if part]
        level = "warning: " if self.severity == "warning" else ""
        return level + ": ".join([*parts, said])


class DiagnosticError(Exception):
    """An error that is a list of diagnostics, every one found at once; ``str()`` gives
    one line each."""

    def __init__(self, problems: Sequence[Diagnostic]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def format_loc(loc: Iterable[str | int]) -> str:
    """``("players", 0, "pile", 2)`` as ``players[0].pile[2]``; ``"*"`` (every player) as
    an index: ``players[*].star``."""
    text = ""
    for step in loc:
        if isinstance(step, int) or step == "*":
            text += f"[{step}]"
        else:
            text += f".{step}" if text else step
    return text


def plain(value: Any) -> Any:
    """``value`` as JSON data: dicts, lists and plain values kept, anything else (an
    exception pydantic puts in a ``ctx``, a path) as its text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):  # in a stable order: the same JSON every run
        return sorted((plain(v) for v in value), key=str)
    return value if isinstance(value, _PLAIN) else str(value)
