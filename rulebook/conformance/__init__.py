"""A game's conformance cases in both runtimes: the Python engine and the browser's.

Every case of ``cases.yaml`` (an end state and its expected result) and every refused state
(an end state that must be refused at a given field) runs through the Python engine
(scorer.engine.GameEngine) and through the browser runtime as a page loads it (the joined
calculator.js, under Node.js). One judge compares each runtime's outcome with what the case
expects, so both are held to exactly the same standard.
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.site.assets import write_assets
from schemas.cases import Case, InvalidCase
from schemas.game import GameContent
from scorer.engine import GameEngine
from scorer.export import export_game
from scorer.problems import format_loc
from scorer.validate import EndStateError

RUNNER = Path(__file__).with_name("runner.mjs")
RUNTIMES = ("python", "browser")

#: What a runtime gave for a state: {"result": ...}, {"problems": [...]} or {"error": ...}.
Outcome = dict[str, Any]


class RuntimeMissing(RuntimeError):
    """A runtime cannot run here (no Node.js)."""


@dataclass(frozen=True)
class Verdict:
    passed: bool
    #: Why not, when it did not pass.
    why: str = ""


@dataclass(frozen=True)
class Row:
    """One case (or refused state) and each runtime's verdict."""

    id: str
    refused: bool
    verdicts: dict[str, Verdict]

    @property
    def passed(self) -> bool:
        return all(v.passed for v in self.verdicts.values())


def _state(content: GameContent, case: Case | InvalidCase) -> dict[str, Any]:
    return {"game": content.id, **copy.deepcopy(case.state)}


def python_outcomes(content: GameContent, cases: list[Case | InvalidCase]) -> list[Outcome]:
    """Each state as the Python engine sees it."""
    engine = GameEngine(content)
    found: list[Outcome] = []
    for case in cases:
        try:
            found.append({"result": engine.score(_state(content, case)).to_json()})
        except EndStateError as error:
            found.append({"problems": [p.to_json() for p in error.problems]})
    return found


def browser_outcomes(content: GameContent, cases: list[Case | InvalidCase]) -> list[Outcome]:
    """Each state as the browser runtime sees it (calculator.js under Node.js)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeMissing(
            "Node.js is needed to run the browser runtime: install it "
            "(`bash scripts/bootstrap.sh --browser`, or apt-get install nodejs)"
        )
    document = {
        "export": export_game(content),
        "states": [{"id": case.id, "state": _state(content, case)} for case in cases],
    }
    with tempfile.TemporaryDirectory(prefix="rulebook-test-") as folder:
        where = Path(folder)
        write_assets(where)
        (where / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
        shutil.copyfile(RUNNER, where / RUNNER.name)
        run = subprocess.run(
            [node, str(where / RUNNER.name)],
            input=json.dumps(document),
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    if run.returncode != 0:
        raise RuntimeMissing(f"the browser runtime failed under Node.js:\n{run.stderr[-2000:]}")
    outcomes: list[Outcome] = json.loads(run.stdout)
    return outcomes


def _where(problem: dict[str, Any]) -> str:
    """A problem as ``loc: code``, for a verdict."""
    return f"{format_loc(problem['loc'])}: {problem['code']}"


def _judge_refusal(case: InvalidCase, outcome: Outcome) -> Verdict:
    """A refused state must have exactly the problems its case lists (location and code),
    each with the parameters the case gives."""
    expected = {(tuple(e.loc), e.code): e for e in case.problems}
    wanted = ", ".join(f"{format_loc(e.loc)}: {e.code}" for e in case.problems)
    if "problems" not in outcome:
        return Verdict(False, f"scored; expected {wanted}")
    found = {(tuple(p["loc"]), p["code"]): p for p in outcome["problems"]}
    if set(found) != set(expected):
        return Verdict(
            False, f"problems {', '.join(map(_where, found.values()))}; expected {wanted}"
        )
    for key, problem in expected.items():
        if problem.params is not None and found[key].get("params") != problem.params:
            return Verdict(False, f"{_where(found[key])} with {found[key].get('params')}")
    return Verdict(True)


def judge(case: Case | InvalidCase, outcome: Outcome) -> Verdict:
    """Whether ``outcome`` is what ``case`` expects, and if not, the first difference."""
    if "error" in outcome:
        return Verdict(False, f"crashed: {str(outcome['error']).splitlines()[0]}")
    if isinstance(case, InvalidCase):
        return _judge_refusal(case, outcome)
    if "problems" in outcome:
        return Verdict(False, f"refused: problems at {', '.join(map(_where, outcome['problems']))}")
    players = {p["name"]: p for p in outcome["result"]["players"]}
    if sorted(players) != sorted(e.name for e in case.expected):
        return Verdict(
            False, f"players {sorted(players)}, expected {[e.name for e in case.expected]}"
        )
    for expected in case.expected:
        got = players[expected.name]
        checks: list[tuple[str, Any, Any]] = [
            ("total", got["total"], expected.total),
            ("rank", got["rank"], expected.rank),
            ("winner", got["winner"], expected.winner),
        ]
        if expected.key is not None:
            checks.append(("key", got["key"], expected.key))
        if expected.decided_by is not None:
            checks.append(("decided by", got["decided_by"], expected.decided_by))
        checks += [
            (category, got["breakdown"].get(category), points)
            for category, points in expected.breakdown.items()
        ]
        for what, value, wanted in checks:
            if value != wanted:
                return Verdict(False, f"{expected.name}: {what} {value!r}, expected {wanted!r}")
    if case.rivals is not None:
        got_rivals = [
            (r["id"], r["total"], r["rank"], r["winner"]) for r in outcome["result"]["rivals"]
        ]
        wanted_rivals = [(r.id, r.total, r.rank, r.winner) for r in case.rivals]
        if got_rivals != wanted_rivals:
            return Verdict(False, f"rivals {got_rivals}, expected {wanted_rivals}")
    return Verdict(True)


def run(content: GameContent) -> list[Row]:
    """Every case and refused state of ``content`` in both runtimes, judged."""
    cases: list[Case | InvalidCase] = []
    if content.cases is not None:
        cases = [*content.cases.cases, *content.cases.invalid]
    outcomes = {
        "python": python_outcomes(content, cases),
        "browser": browser_outcomes(content, cases),
    }
    return [
        Row(
            case.id,
            isinstance(case, InvalidCase),
            {runtime: judge(case, outcomes[runtime][index]) for runtime in RUNTIMES},
        )
        for index, case in enumerate(cases)
    ]
