"""A game's scoring program: made once per version of its content, then run without models.

``rulebook score`` spends almost all of its time building pydantic models and validating the
content, to score an end state in about a millisecond. The program keeps what scoring
needs as plain data (``marshal``): the game's export (scorer.export.export_game, the
document the browser calculator reads), the functions scorer.compiler.compile_scoring
generated (rulebook.program.freeze), and the labels of the text table in every language.
:meth:`Program.outcome` runs it without importing the content models or pydantic: the
engine's own validation (scorer.validate.check_end_state, reading the export through
scorer.facts.GameFacts, its field checks driven by the export's JSON Schema), then the
stored functions, put together by the engine's own scorer.assemble from the stored plan. A
state the engine refuses is refused with the same problems; the command then goes the
full way to word them in the reader's language.

Where: ``$XDG_CACHE_HOME/rulebook/programs/`` (rulebook.cache), one file per game and
project folder. What it keys on: rulebook.cache.code_version() (every .py file of schemas/,
scorer/ and rulebook/ by path, size and modification time, pyproject.toml's pins and the
Python version), and the SHA-256 of each file the full path read for it: the game's
game/components/setup/scoring.yaml, and the ui and game catalogs (PO and MO, present or
absent) of every language. Any difference, or a file that cannot be read, and the program
is made again from the engine.

Why marshalled code objects and not sources compiled on load: marshal's format and the
bytecode change between Python versions, but the key holds ``sys.version`` (version and
build), so a program is only ever read back by the interpreter that wrote it; another
Python makes its own. Reading the code objects back takes 0.01-0.06 ms a game, where
compiling the generated source (30-110 lines) took 0.6-3.7 ms on every command.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.cache import code_version, entry, store
from rulebook.cache import file_digest as _file_digest
from rulebook.paths import Project

if TYPE_CHECKING:
    from scorer.engine import GameEngine
    from scorer.problems import Problem
    from scorer.validate import TableFn

#: Bumped when the stored shape changes.
#: 6: the tally replaces category_when; constraints_hold, inputs_off. 7: constraints_hold
#: computes the values it reads, and takes no V (constraint values); the tally copies a
#: breakdown template, a global of its own (a dict). 8: option_when.
FORMAT = 8
#: The game files the score path reads (schemas.game.REQUIRED_FILES, checked in save()).
GAME_FILES = ("game", "components", "setup", "scoring")


def _dependencies(project: Project, game: str, languages: tuple[str, ...]) -> list[Path]:
    files = [project.content / game / f"{name}.yaml" for name in GAME_FILES]
    for language in languages:
        folder = project.locales / language / "LC_MESSAGES"
        files += [folder / f"{domain}.{kind}" for domain in ("ui", game) for kind in ("po", "mo")]
    return files


def _entry(project: Project, game: str) -> Path:
    return entry("programs", project.content, game)


def _thawed(group: str, found: Any) -> Any:
    """A group of stored functions as functions again."""
    from rulebook.program.freeze import thaw

    if found is None:
        return None
    if group in (
        "evaluate",
        "tally",
        "constraint_values",
        "constraints_hold",
        "inputs_off",
        "win_requires",
        "team",
    ):
        return thaw(found)
    if group == "constraints":
        return {
            k: (thaw(rule), None if when is None else thaw(when))
            for k, (rule, when) in found.items()
        }
    return {key: thaw(f) for key, f in found.items()}


@dataclass(frozen=True)
class StoredChecks:
    """The compiled functions validation runs (scorer.validate.Checks), read back."""

    evaluate: Callable[..., Any]
    constraint_values: Callable[..., Any]
    input_when: dict[str, TableFn] = field(default_factory=dict)
    option_when: dict[str, TableFn] = field(default_factory=dict)
    inputs_off: TableFn | None = None
    table_when: dict[str, TableFn] = field(default_factory=dict)
    choice_when: dict[tuple[str, str], TableFn] = field(default_factory=dict)
    constraints: dict[str, tuple[Callable[..., Any], TableFn | None]] = field(default_factory=dict)
    constraints_hold: Callable[..., Any] | None = None
    rival_when: dict[str, TableFn] = field(default_factory=dict)
    rival_fixed: dict[tuple[str, str], TableFn] = field(default_factory=dict)


class Program:
    """A game's stored scoring program, ready to run."""

    def __init__(self, data: dict[str, Any]) -> None:
        from scorer.assemble import Functions, Plan
        from scorer.facts import GameFacts

        self.data = data
        self.languages: tuple[str, ...] = tuple(data["labels"])
        self.functions: dict[str, Any] = {
            group: _thawed(group, found) for group, found in data["functions"].items()
        }
        functions = self.functions
        self.facts = GameFacts(data["export"])
        # What the engine's scorer.assemble reads, rebuilt from plain data: one way of
        # putting a result together for both.
        self.plan = Plan.from_data(data["plan"])
        self.fns = Functions(
            tally=functions["tally"],
            end_checks=functions["end_checks"],
            win_requires=functions["win_requires"],
            team=functions["team"],
        )
        self.checks = StoredChecks(
            evaluate=functions["evaluate"],
            constraint_values=functions["constraint_values"],
            input_when=functions["input_when"],
            option_when=functions["option_when"],
            inputs_off=functions["inputs_off"],
            table_when=functions["table_when"],
            choice_when=functions["choice_when"],
            constraints=functions["constraints"],
            constraints_hold=functions["constraints_hold"],
            rival_when=functions["rival_when"],
            rival_fixed=functions["rival_fixed"],
        )

    def labels(self, language: str | None) -> dict[str, Any]:
        found: dict[str, Any] = self.data["labels"][language or self.data["source_language"]]
        return found

    def outcome(self, raw: Any) -> tuple[dict[str, Any] | None, list[Problem]]:
        """``Result.to_json()`` of the end state (None when it cannot be scored) and its
        problems, exactly as the engine finds them (scorer.outcome.score_outcome)."""
        from scorer.assemble import assemble
        from scorer.validate import EndStateError, check_end_state

        try:
            state = check_end_state(self.facts, self.checks, raw)
            problems: list[Problem] = []
        except EndStateError as error:
            state, problems = error.state, error.problems
        result = None if state is None else assemble(self.plan, self.fns, state).to_json()
        return result, problems


def load(project: Project, game: str) -> Program | None:
    """The stored program of ``game``, if it is there and still fits; else None."""
    try:
        data = marshal.loads(_entry(project, game).read_bytes())
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if data["code"] != code_version():
            return None
        for path, digest in data["files"].items():
            if _file_digest(Path(path)) != digest:
                return None
        return Program(data)
    except (OSError, EOFError, ValueError, TypeError, KeyError, ImportError, AttributeError):
        return None


def make(engine: GameEngine, labels: Callable[[str], dict[str, Any]]) -> dict[str, Any] | None:
    """``engine``'s program as data (``labels(language)`` gives the table's words), or None
    when a function cannot be recorded. It is not tied to files until :func:`save`."""
    from rulebook.program.freeze import Unfreezable, freeze
    from schemas.common import LANGUAGES
    from scorer.export import export_game

    content, compiled = engine.content, engine.compiled
    try:
        functions = {
            "evaluate": freeze(compiled.evaluate),
            "tally": freeze(compiled.tally),
            "constraint_values": freeze(compiled.constraint_values),
            "win_requires": freeze(compiled.win_requires) if compiled.win_requires else None,
            "team": freeze(compiled.team) if compiled.team else None,
            "input_when": {k: freeze(f) for k, f in compiled.input_when.items()},
            "option_when": {k: freeze(f) for k, f in compiled.option_when.items()},
            "inputs_off": freeze(compiled.inputs_off) if compiled.inputs_off else None,
            "table_when": {k: freeze(f) for k, f in compiled.table_when.items()},
            "choice_when": {key: freeze(f) for key, f in compiled.choice_when.items()},
            "constraints_hold": freeze(compiled.constraints_hold)
            if compiled.constraints_hold
            else None,
            "constraints": {
                k: (freeze(rule), freeze(when) if when else None)
                for k, (rule, when) in compiled.constraints.items()
            },
            "end_checks": {k: freeze(f) for k, f in compiled.end_checks.items()},
            "rival_when": {k: freeze(f) for k, f in compiled.rival_when.items()},
            "rival_fixed": {key: freeze(f) for key, f in compiled.rival_fixed.items()},
        }
    except Unfreezable:
        return None
    return {
        "format": FORMAT,
        "code": code_version(),
        "files": {},
        "export": export_game(content),
        "functions": functions,
        "plan": engine.plan.to_data(),
        "source_language": content.game.source_language,
        "labels": {language: labels(language) for language in LANGUAGES},
    }


def fingerprint(project: Project, game: str) -> dict[str, str | None]:
    """The digest of every file a program of ``game`` depends on (None for an absent one).

    Taken before the full path reads them, so a file changed meanwhile is never recorded
    as the version the program was made from.
    """
    from schemas.common import LANGUAGES

    return {str(path): _file_digest(path) for path in _dependencies(project, game, LANGUAGES)}


def save(
    project: Project,
    engine: GameEngine,
    labels: Callable[[str], dict[str, Any]],
    files: dict[str, str | None],
) -> Path | None:
    """Store ``engine``'s program for ``project``, made from ``files`` (:func:`fingerprint`).

    Best effort: returns where it went, or None when this game cannot have one (a function
    the freezer cannot record) or the cache folder cannot be written. Scoring works the same
    either way.
    """
    from schemas.game import REQUIRED_FILES

    if tuple(REQUIRED_FILES) != GAME_FILES:  # the score path reads other files: no program
        return None
    data = make(engine, labels)
    if data is None:
        return None
    game = engine.content.id
    data["files"] = files
    try:
        stored = marshal.dumps(data)
    except ValueError:  # something marshal cannot store
        return None
    target = _entry(project, game)
    return target if store(target, stored) else None
