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
from schemas.names import ECHO_LENGTH, NAME_REFUSED

#: What a problem blocks (a diagnostic's ``severity``, never ``warning`` here).
Severity = Literal["error", "tiebreak"]

__all__ = [
    "CODES",
    "EndStateError",
    "Loc",
    "ParamKind",
    "Problem",
    "Severity",
    "excerpt",
    "format_loc",
]

#: What a problem parameter holds, for the type check of both runtimes (the browser's
#: declarations are generated from :data:`CODES` by rulebook/typescript.py): ``int`` a
#: whole number, ``text`` an id or a name, ``ints`` and ``texts`` lists of them, ``value``
#: whatever the end state gave (a number, a choice, a list of rows). ``?`` marks a
#: parameter a problem may leave out.
ParamKind = Literal["int", "int?", "text", "ints", "texts", "value"]

#: Every code, with the parameters it carries and what each holds.
CODES: dict[str, dict[str, ParamKind]] = {
    # the file
    "file_too_large": {"max": "int"},
    "not_utf8": {},
    # a JSON syntax error has its place when the parser gives one
    "not_json": {"line": "int?", "column": "int?"},
    "too_deep": {"max": "int"},
    "not_object": {},
    "duplicate_key": {},
    # fields, as the end state's schema checks them
    "missing": {},
    "unknown_field": {},
    "wrong_game": {"expected": "text"},
    "object_type": {},
    "list_type": {},
    "int_type": {},
    "number_too_large": {},
    "bool_type": {},
    "string_type": {},
    "choice": {"allowed": "texts"},
    "below_min": {"min": "int"},
    "above_max": {"max": "int"},
    "too_long": {"count": "int"},
    "name_empty": {},
    "name_too_long": {"count": "int"},
    "name_control": {},
    # the table as a whole
    "player_count": {"count": "int", "min": "int", "max": "int"},
    "option_required": {"option": "text", "count": "int", "min": "int", "max": "int"},
    "option_not_for_count": {"option": "text", "count": "int", "min": "int", "max": "int"},
    "names_count": {"count": "int", "players": "int"},
    "per_player_count": {"count": "int", "players": "int"},
    "deck_too_small": {"step": "text", "count": "int", "available": "int"},
    "duplicate_name": {"name": "text"},
    "not_used": {"value": "value"},
    "required": {"allowed": "texts"},
    "not_for_count": {"value": "value", "count": "int", "allowed": "texts"},
    "already_placed": {"value": "value", "other": "text"},
    "table_total": {"total": "int", "max": "int"},
    "unique_flag": {"who": "ints"},
    "unique_choice": {"value": "value", "who": "ints"},
    "place_required": {"last": "int"},
    "past_last_place": {"value": "int", "last": "int"},
    "place_repeated": {"placed": "ints"},
    "place_gap": {"placed": "ints"},
    "pile_repeated": {"value": "int"},
    "pile_first": {"first": "int", "value": "int"},
    "pile_closed": {"closes_at": "int", "value": "int"},
    "pile_lower": {"value": "int", "below": "int"},
    "pile_step": {"value": "int", "below": "int", "max_step": "int"},
    "pile_total": {"count": "int", "max": "int"},
    "shared_total": {"total": "int", "component": "text", "inputs": "texts", "max": "int"},
    "constraint": {"id": "text"},
}

_REFUSED = re.compile(f"[{NAME_REFUSED}\\ud800-\\udfff]")
#: At most this many characters of the input are echoed in a problem.
EXCERPT = ECHO_LENGTH


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
