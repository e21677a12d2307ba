"""Scoring an end state as far as its problems allow: the result, the problems, or both.

With problems only in inputs no total reads (tiebreak problems), the totals are computed
and come with the problems; any other problem leaves no result. The command line and the
parity tests read this; the browser's ui.js does the same with validate.js and scoring.js.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorer.engine import Engine
from scorer.problems import EndStateError, Problem
from scorer.result import Result


@dataclass
class Outcome:
    result: Result | None
    problems: list[Problem] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The result's JSON with the problems beside it (``result`` null when none)."""
        return {
            "problems": [p.to_json() for p in self.problems],
            "result": None if self.result is None else self.result.to_json(),
        }


def score_outcome(engine: Engine, raw: Any) -> Outcome:
    """Validate and score ``raw`` (parsed JSON), keeping every problem found."""
    try:
        return Outcome(engine.score(raw))
    except EndStateError as error:
        if error.state is None:
            return Outcome(None, error.problems)
        return Outcome(engine.score_state(error.state), error.problems)
