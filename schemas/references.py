"""Checks that span a game's files: every id a file names must exist where it points.

Each problem names the file and the path inside it, so the loader can add the line.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from schemas.common import Strict
from schemas.expressions import (
    CountEqual,
    InputRef,
    Is,
    Last,
    Length,
    OptionRef,
    SumItems,
    TableRef,
    ValueRef,
)
from schemas.game import GameContent
from schemas.rules import LINK, Section
from schemas.scoring import TOTAL, Choice, ChoiceInput, SequenceInput, TableInput

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """A content error: which file, where in it, and what is wrong."""

    file: str
    path: Path
    message: str


def nodes(model: object, path: Path = ()) -> Iterator[tuple[Path, object]]:
    """Every model below ``model`` (itself included) with its path, using YAML key names."""
    yield path, model
    if not isinstance(model, Strict):
        return
    for name, field in type(model).model_fields.items():
        key = field.alias or name
        value = getattr(model, name)
        if isinstance(value, list | tuple):
            for index, item in enumerate(value):
                yield from nodes(item, (*path, key, index))
        elif isinstance(value, dict):
            for item_key, item in value.items():
                yield from nodes(item, (*path, key, str(item_key)))
        elif isinstance(value, Strict):
            yield from nodes(value, (*path, key))


def check_references(content: GameContent) -> list[Problem]:
    """All dangling or ill-typed references in a game's content, in file order."""
    problems: list[Problem] = []
    scoring = content.scoring
    inputs = {i.id: i for i in scoring.inputs}
    tables = {t.id: t for t in scoring.table}
    options = {o.id: o for o in scoring.options}
    values = {v.id for v in scoring.values}
    if scoring.kind == "points":
        values.add(TOTAL)  # the sum of the categories, for ranking keys and end checks
    components = content.components.by_id()
    choices: dict[str, list[str]] = {
        o.id: [c.id for c in o.choices] for o in scoring.options if o.kind == "choice"
    }
    choices |= {
        i.id: [c.id for c in i.choices] for i in scoring.inputs if isinstance(i, ChoiceInput)
    }
    choices |= {t.id: [c.id for c in _table_choices(content, t)] for t in scoring.table}
    scope = _Scope(inputs, tables, options, values, choices)

    def check_expressions(file: str, root: object, allowed: set[str], prefix: Path = ()) -> None:
        """``allowed`` says which reference kinds may appear under ``root``."""
        for path, node in nodes(root, prefix):
            problems.extend(_check_node(file, path, node, allowed, scope))

    everything = {"input", "table", "option", "value"}
    table_level = {"table", "option"}
    check_expressions("scoring", scoring.model_copy(update={"inputs": []}), everything)
    for index, player_input in enumerate(scoring.inputs):
        base: Path = ("inputs", index)
        if player_input.when is not None:
            check_expressions("scoring", player_input.when, table_level, (*base, "when"))
        component = getattr(player_input, "component", None)
        if component is not None and component not in components:
            problems.append(
                Problem(
                    "scoring", (*base, "component"), _unknown("component", component, components)
                )
            )
    for index, table_input in enumerate(scoring.table):
        component_id = table_input.component
        if component_id is None:
            continue
        where_t: Path = ("table", index, "component")
        if component_id not in components:
            problems.append(
                Problem("scoring", where_t, _unknown("component", component_id, components))
            )
        elif not components[component_id].items:
            problems.append(
                Problem(
                    "scoring", where_t, f"component {component_id!r} has no items to choose from"
                )
            )
    for category in scoring.categories:
        if category.value not in values:
            index = scoring.categories.index(category)
            problems.append(
                Problem(
                    "scoring",
                    ("categories", index, "value"),
                    _unknown("value", category.value, values),
                )
            )
    for index, key in enumerate(scoring.ranking.keys):
        if key.value not in values:
            problems.append(
                Problem(
                    "scoring",
                    ("ranking", "keys", index, "value"),
                    _unknown("value", key.value, values),
                )
            )
    problems.extend(_cycles(content))
    for index, value in enumerate(scoring.values):
        for path, node in nodes(value.compute, ("values", index, "compute")):
            if isinstance(node, ValueRef) and node.value == TOTAL:
                problems.append(
                    Problem(
                        "scoring", path, "a value cannot use the total, which adds up the values"
                    )
                )

    check_expressions("setup", content.setup, {"option"})
    for index, step in enumerate(content.setup.steps):
        if step.deal is not None:
            deck = components.get(step.deal.component)
            where: Path = ("steps", index, "deal", "component")
            if deck is None:
                problems.append(
                    Problem("setup", where, _unknown("component", step.deal.component, components))
                )
            elif not deck.items:
                problems.append(
                    Problem("setup", path, f"component {deck.id!r} has no items to deal")
                )
    check_expressions("components", content.components, {"option"})

    if content.rules is not None:
        problems.extend(_links(content))
        cases = {c.id for c in content.cases.cases} if content.cases else set()
        for path, node in nodes(content.rules):
            if isinstance(node, Section) and node.case and node.case not in cases:
                problems.append(
                    Problem(
                        "rules", (*path, "case"), _unknown("conformance case", node.case, cases)
                    )
                )
            if isinstance(node, Section) and node.option and node.option not in options:
                problems.append(
                    Problem("rules", (*path, "option"), _unknown("option", node.option, options))
                )
    return problems


def _table_choices(content: GameContent, spec: TableInput) -> list[Choice]:
    """A table input's choices, or none while its component is unknown (reported apart)."""
    if spec.component is not None and spec.component not in content.components.by_id():
        return []
    return content.table_choices(spec)


def _links(content: GameContent) -> list[Problem]:
    """``term:`` and ``rule:`` links in rule text must point at a term or a section."""
    assert content.rules is not None
    terms = {t.id for t in content.glossary.terms} if content.glossary else set()
    sections = {s.id for s in content.rules.walk()}
    problems = []
    for path, node in nodes(content.rules):
        if not isinstance(node, Section):
            continue
        for text in node.texts():
            for link in LINK.finditer(text):
                known = terms if link["kind"] == "term" else sections
                if link["target"] not in known:
                    kind = "glossary term" if link["kind"] == "term" else "section"
                    problems.append(
                        Problem("rules", (*path, "body"), _unknown(kind, link["target"], known))
                    )
    return problems


def _unknown(kind: str, ident: str, known: object) -> str:
    names = sorted(known) if isinstance(known, dict | set) else []
    hint = f"; known: {', '.join(names)}" if names else ""
    return f"unknown {kind} {ident!r}{hint}"


@dataclass(frozen=True)
class _Scope:
    """What expressions of one game may name."""

    inputs: Mapping[str, object]
    tables: Mapping[str, object]
    options: Mapping[str, object]
    values: set[str]
    #: The choice ids of every choice input, table input and option.
    choices: Mapping[str, list[str]]

    def known(self, kind: str) -> Mapping[str, object] | set[str]:
        return {"input": self.inputs, "table": self.tables, "option": self.options}.get(
            kind, self.values
        )


def _reference(node: object) -> tuple[str, str] | None:
    """(kind, id) when ``node`` names an input, a table input, an option or a value."""
    for kind, model in (
        ("input", InputRef),
        ("table", TableRef),
        ("option", OptionRef),
        ("value", ValueRef),
    ):
        if isinstance(node, model):
            return kind, str(getattr(node, kind))
    return None


def _sequence_ref(node: object) -> str | None:
    """The input a sequence node reads, if ``node`` is one."""
    if isinstance(node, Length):
        return node.length.input
    if isinstance(node, Last):
        return node.last.input
    if isinstance(node, SumItems):
        return node.sum_items.input
    if isinstance(node, CountEqual):
        return node.count_equal.of.input
    return None


def _check_node(
    file: str, path: Path, node: object, allowed: set[str], scope: _Scope
) -> list[Problem]:
    problems = []
    named = _reference(node)
    if named is not None:
        kind, ident = named
        where = (*path, kind)
        if kind not in allowed:
            problems.append(Problem(file, where, f"a {kind} reference is not allowed here"))
        elif ident not in scope.known(kind):
            problems.append(Problem(file, where, _unknown(kind, ident, scope.known(kind))))
    sequence = _sequence_ref(node)
    if (
        sequence is not None
        and sequence in scope.inputs
        and not isinstance(scope.inputs[sequence], SequenceInput)
    ):
        problems.append(Problem(file, path, f"input {sequence!r} is not a sequence"))
    if isinstance(node, Is):
        target = _reference(node.is_.of)
        ident = target[1] if target else ""
        choices = scope.choices.get(ident)
        if choices is None:
            problems.append(Problem(file, (*path, "is", "of"), f"{ident!r} is not a choice"))
        else:
            for wanted in node.is_.in_:
                if wanted not in choices:
                    message = (
                        f"{wanted!r} is not a choice of {ident!r}; choices: {', '.join(choices)}"
                    )
                    problems.append(Problem(file, (*path, "is", "in"), message))
    return problems


def _cycles(content: GameContent) -> list[Problem]:
    """Values that depend on themselves, directly or not."""
    depends: dict[str, set[str]] = {}
    for value in content.scoring.values:
        depends[value.id] = {n.value for _, n in nodes(value.compute) if isinstance(n, ValueRef)}
    problems = []
    state: dict[str, int] = {}

    def visit(ident: str, trail: list[str]) -> None:
        state[ident] = 1
        for dep in sorted(depends.get(ident, ())):
            if state.get(dep) == 1:
                cycle = [*trail[trail.index(dep) :], dep] if dep in trail else [ident, dep]
                index = [v.id for v in content.scoring.values].index(ident)
                problems.append(
                    Problem(
                        "scoring",
                        ("values", index, "compute"),
                        "values depend on each other in a circle: " + " -> ".join(cycle),
                    )
                )
            elif dep in depends and state.get(dep) is None:
                visit(dep, [*trail, dep])
        state[ident] = 2

    for ident in depends:
        if state.get(ident) is None:
            visit(ident, [ident])
    return problems
