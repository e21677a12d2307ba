"""``rulebook validate``: every content error of the project, with file, line and field path."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.errors import counted, problems_in, report

if TYPE_CHECKING:
    from schemas.diagnostics import Diagnostic
    from schemas.game import GameContent
    from scorer.engine import GameEngine


def run(args: argparse.Namespace) -> int:
    from schemas.loader import ContentError, load_all
    from scorer.engine import GameEngine

    # A folder given the old way (``rulebook validate DIR``) is read as the content folder.
    content_dir = Path(args.content_dir) if args.content_dir else args.project.content
    try:
        games = load_all(content_dir)
    except ContentError as error:
        return report(error.problems, problems_in(len(error.problems), content_dir))
    from schemas.diagnostics import Diagnostic
    from schemas.languages import unknown_domains

    failures = unknown_domains(games)
    for content in games.values():
        try:
            engine = GameEngine(content)
        except (ValueError, SyntaxError) as error:  # a compile failure is a content error too
            file = str(content_dir / content.id / "scoring.yaml")
            failures.append(Diagnostic("scoring_compile", msg=str(error), file=file))
            continue
        failures.extend(case_problems(content_dir / content.id, content, engine))
    if failures:
        return report(failures, problems_in(len(failures), content_dir))
    games_found = counted(len(games), "game", "games")
    print(f"ok: {games_found} in {content_dir}: {', '.join(sorted(games))}")
    return 0


def case_problems(folder: Path, content: GameContent, engine: GameEngine) -> list[Diagnostic]:
    """Each problem of a conformance case the engine refuses to score, and each field of a
    refused state (``invalid``) the game does not have and the case does not expect.

    The site shows cases as the rules pages' worked examples, scoring each while it builds:
    a change elsewhere (a lower card count, a tighter limit) that makes one unscorable
    must be found here, where it names the case, not in the build. A misspelt field in a
    refused state would otherwise be one more problem ``rulebook test`` finds unexpected,
    named only by its code; here it has its line and the closest field.
    """
    if content.cases is None:
        return []
    cases = _CaseReport(folder, content)
    for index, case in enumerate(content.cases.cases):
        for loc, code, text in _refusals(engine, content.id, case.state):
            cases.add(("cases", index, "state"), case.id, loc, code, text)
    for index, refused in enumerate(content.cases.invalid):
        expected = {tuple(p.loc) for p in refused.problems if p.code == "unknown_field"}
        for loc, code, text in _refusals(engine, content.id, refused.state):
            if code == "unknown_field" and loc not in expected:
                cases.add(("invalid", index, "state"), refused.id, loc, code, text)
    return cases.found()


def _refusals(
    engine: GameEngine, game: str, state: dict[str, Any]
) -> list[tuple[tuple[str | int, ...], str, str]]:
    """Each problem that keeps ``state`` from being scored: (loc, code, words)."""
    from scorer.problems import EndStateError

    try:
        engine.score({"game": game, **state})
    except EndStateError as error:
        return [(tuple(p.loc), p.code, str(p)) for p in error.problems]
    except (ArithmeticError, RecursionError) as error:  # content a rule cannot compute
        return [((), "error", f"scoring it fails: {type(error).__name__}: {error}")]
    return []


class _CaseReport:
    """Problems of the cases, each on its line; those that a ``for_each`` input's copies
    share are said once, at the template, naming the copies and the cases."""

    def __init__(self, folder: Path, content: GameContent) -> None:
        from schemas.endstate import end_state_schema
        from schemas.loader import read_yaml

        self.folder = folder
        self.content = content
        self.schema = end_state_schema(content)
        self.cases = read_yaml(folder / "cases.yaml")
        self.inputs = {spec.id: index for index, spec in enumerate(content.scoring.inputs)}
        self.each: list[Diagnostic] = []
        #: (template path in scoring.yaml, code) -> [(copy's parameters, where in the cases)]
        self.shared: dict[tuple[tuple[str | int, ...], str], list[tuple[str, str]]] = {}

    def add(
        self,
        path: tuple[str | int, ...],
        case: str,
        loc: tuple[str | int, ...],
        code: str,
        text: str,
    ) -> None:
        from schemas.diagnostics import format_loc
        from schemas.loader import located

        at = self.cases.position_of((*path, *loc))
        if code == "unknown_field":
            text = f"{format_loc(loc)}: {_unknown_field(self.schema, loc)}"
        template = self._template_of(loc)
        if template is not None and code != "unknown_field":
            source, binding = template
            place = f"{case!r} ({self.cases.file.name}:{at[0]}: {text})"
            self.shared.setdefault((source, code), []).append((binding, place))
            return
        refused = path[0] == "invalid"
        message = (
            f"refused state {case!r} has a field the game does not have: {text}"
            if refused
            else f"case {case!r} cannot be scored: {text}"
        )
        kind = "refused_state_field" if refused else "case_unscorable"
        ctx = {"case": case, "loc": list(loc), "code": code}
        self.each.append(located(kind, self.cases.file, message, path, at, ctx))

    def _template_of(self, loc: tuple[str | int, ...]) -> tuple[tuple[str | int, ...], str] | None:
        """Where the input ``loc`` names is declared, when a ``for_each`` made it."""
        if len(loc) < 3 or loc[0] not in ("players", "rivals") or loc[2] not in self.inputs:
            return None
        source, binding = self.content.scoring.source_path(("inputs", self.inputs[str(loc[2])]))
        return (source, binding) if binding else None

    def found(self) -> list[Diagnostic]:
        from schemas.loader import located, read_yaml

        shared: list[Diagnostic] = []
        if self.shared:
            scoring = read_yaml(self.folder / "scoring.yaml")
            for (source, code), hits in self.shared.items():
                copies = sorted(set(binding for binding, _ in hits))
                cases = list(dict.fromkeys(place.split(" ", 1)[0] for _, place in hits))
                message = (
                    f"{counted(len(hits), 'value', 'values')} in "
                    f"{counted(len(cases), 'conformance case', 'conformance cases')} are refused "
                    f"with {code} by the copies of this template for {'; '.join(copies)}: "
                    "the template or the cases are wrong; first "
                    + "; ".join(place for _, place in hits[:3])
                )
                at = scoring.position_of(source)
                ctx = {"code": code, "copies": copies, "cases": cases}
                shared.append(located("template_refused", scoring.file, message, source, at, ctx))
        return [*shared, *self.each]


def _unknown_field(schema: dict[str, Any], loc: tuple[str | int, ...]) -> str:
    """An end state's unknown field, with the closest fields the state may have there."""
    from schemas.references import did_you_mean

    defs = schema.get("$defs", {})
    node: Any = schema
    for step in loc[:-1]:
        while isinstance(node, dict) and ("$ref" in node or "anyOf" in node):
            if "$ref" in node:
                node = defs.get(str(node["$ref"]).split("/")[-1], {})
            else:
                node = next((b for b in node["anyOf"] if b.get("type") != "null"), {})
        if not isinstance(node, dict):
            break
        if node.get("type") == "array":
            node = node.get("items", {})
        elif "properties" in node and step in node["properties"]:
            node = node["properties"][step]
        else:
            node = node.get("additionalProperties", {})
    while isinstance(node, dict) and "$ref" in node:
        node = defs.get(str(node["$ref"]).split("/")[-1], {})
    names = sorted(node.get("properties", {})) if isinstance(node, dict) else []
    return did_you_mean("field", str(loc[-1]), names)


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "validate",
        help="check every game's content",
        description="Check all of the project's content: every error with its file, line and "
        "field path, every game's scoring compiled, and every conformance case scored.",
    )
    parser.add_argument("content_dir", nargs="?", help=argparse.SUPPRESS)  # the old form
    parser.set_defaults(run=run)
