"""The one problem model of both runtimes: where it is, what it is, and its numbers.

A problem is ``loc`` (the path into the end state as a tuple, ``("players", 0, "wheat")``;
``"*"`` stands for every player), ``code`` (what is wrong, one of :data:`CODES`) and
``params`` (the limit, the value, who is concerned: plain JSON values). It carries no
sentence: each runtime renders it from the interface catalog in the reader's language
(``ui.problem_<code>``; rulebook/problems.py in Python, site/assets/calculator/problems.js
in the browser), so the command line, the calculator and the parity tests agree on the
data and each reader gets their own words.

``severity`` says what the problem blocks: ``error``, the totals cannot be computed;
``tiebreak``, the problem only concerns inputs no total reads (a Viticulture wine token),
so the totals stand and only a tie that needs those inputs stays undecided.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from schemas.diagnostics import Diagnostic, DiagnosticError, Loc, format_loc
from schemas.names import NAME_REFUSED

#: What a problem blocks (a diagnostic's ``severity``, never ``warning`` here).
Severity = Literal["error", "tiebreak"]

__all__ = ["CODES", "EndStateError", "Loc", "Problem", "Severity", "excerpt", "format_loc"]

#: Every code, with the parameters it carries.
CODES: dict[str, tuple[str, ...]] = {
    # the file
    "file_too_large": ("max",),
    "not_utf8": (),
    "not_json": ("line", "column"),
    "too_deep": ("max",),
    "not_object": (),
    "duplicate_key": (),
    # fields, as the end state's schema checks them
    "missing": (),
    "unknown_field": (),
    "wrong_game": ("expected",),
    "object_type": (),
    "list_type": (),
    "int_type": (),
    "number_too_large": (),
    "bool_type": (),
    "string_type": (),
    "choice": ("allowed",),
    "below_min": ("min",),
    "above_max": ("max",),
    "too_long": ("count",),
    "name_empty": (),
    "name_too_long": ("count",),
    "name_control": (),
    # the table as a whole
    "player_count": ("count", "min", "max"),
    "option_required": ("option", "count", "min", "max"),
    "option_not_for_count": ("option", "count", "min", "max"),
    "names_count": ("count", "players"),
    "per_player_count": ("count", "players"),
    "deck_too_small": ("step", "count", "available"),
    "duplicate_name": ("name",),
    "not_used": ("value",),
    "required": ("allowed",),
    "not_for_count": ("value", "count", "allowed"),
    "already_placed": ("value", "other"),
    "table_total": ("total", "max"),
    "unique_flag": ("who",),
    "unique_choice": ("value", "who"),
    "place_required": ("last",),
    "past_last_place": ("value", "last"),
    "place_repeated": ("placed",),
    "place_gap": ("placed",),
    "pile_repeated": ("value",),
    "pile_first": ("first", "value"),
    "pile_closed": ("closes_at", "value"),
    "pile_lower": ("value", "below"),
    "pile_step": ("value", "below", "max_step"),
    "pile_total": ("count", "max"),
    "shared_total": ("total", "component", "inputs", "max"),
    "constraint": ("id",),
}

_REFUSED = re.compile(f"[{NAME_REFUSED}\\ud800-\\udfff]")
#: At most this many characters of the input are echoed in a problem.
EXCERPT = 32


def printable(text: str) -> str:
    """``text`` with every character a terminal could act on written as ``\\uXXXX``."""
    return _REFUSED.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def excerpt(text: str) -> str:
    """A short, printable piece of ``text``: refused characters escaped, the rest cut."""
    return printable(text if len(text) <= EXCERPT else text[:EXCERPT] + "…")


class Problem(Diagnostic):
    """One thing wrong with an end state or a setup request: a diagnostic whose ``type``
    is its ``code`` (one of :data:`CODES`) and whose ``ctx`` is its ``params``. It carries
    no ``msg``: rulebook.problems (and problems.js) word it in the reader's language."""

    def __init__(
        self,
        loc: Loc,
        code: str,
        params: dict[str, Any] | None = None,
        severity: Severity = "error",
    ) -> None:
        if code not in CODES:
            raise ValueError(f"unknown problem code {code!r}")
        super().__init__(code, loc, ctx={} if params is None else params, severity=severity)

    @property
    def code(self) -> str:
        """What is wrong: one of :data:`CODES` (the diagnostic's ``type``)."""
        return self.type

    @property
    def params(self) -> dict[str, Any]:
        """The limit, the value, who is concerned (the diagnostic's ``ctx``)."""
        return self.ctx

    def to_json(self) -> dict[str, Any]:
        """The problem as both runtimes exchange it (cases.yaml, the parity states):
        ``{loc, code, params, severity}``; :meth:`details` is the shared diagnostic."""
        return {
            "loc": list(self.loc),
            "code": self.code,
            "params": self.params,
            "severity": self.severity,
        }

    def __str__(self) -> str:
        """The code and its numbers, for logs and tests; readers get rulebook.problems."""
        shown = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        where = f"{self.path}: " if self.loc else ""
        return f"{where}{self.code}" + (f" ({shown})" if shown else "")


class EndStateError(DiagnosticError, ValueError):
    """An end state that cannot be scored as it is; ``problems`` lists every reason.

    ``state`` is set when every problem is a ``tiebreak`` one: the end state with those
    inputs left at safe values, which scores the totals and leaves the ties that need
    them undecided.
    """

    problems: list[Problem]  # type: ignore[assignment]  # (the diagnostics are problems)

    def __init__(self, problems: list[Problem], state: Any = None):
        self.state = state
        super().__init__(problems)
