"""Checks that span a game's files: every id a file names must exist where it points.

Each problem names the file and the path inside it, so the loader can add the line. A
reference that is not allowed where it stands says why (:class:`schemas.expressions.Scope`);
an unknown id names the closest ids that exist. Problems inside an expanded ``for_each``
template point at the template and say for which parameters.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from math import comb
from typing import Any

from schemas.bounds import Bounds, Range
from schemas.common import Strict
from schemas.expressions import (
    REFERENCE_KINDS,
    ROW_REASON,
    WILDCARD_PLACEMENTS_LIMIT,
    BestAssignment,
    ChoiceData,
    ChoiceDataNode,
    FieldRef,
    FloorDiv,
    InputRef,
    Is,
    Neighbours,
    Node,
    OptionRef,
    RankAward,
    RivalRef,
    RowsMajority,
    RowsNode,
    Scope,
    TableRef,
    TableSum,
    ValueRef,
    walk,
)
from schemas.game import GameContent
from schemas.rules import LINK, Section
from schemas.scoring import (
    TOTAL,
    Choice,
    ChoiceInput,
    CountInput,
    FlagInput,
    RowsInput,
    Scoring,
    TableInput,
)
from schemas.templates import Templated

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """A content error: which file, where in it, and what is wrong: ``type`` is its code
    (snake_case, as pydantic's: ``unknown_component``, ``wrong_input_kind``; CONTRIBUTING
    lists them) and ``ctx`` the values its message is made from."""

    file: str
    path: Path
    message: str
    type: str
    ctx: dict[str, Any] = field(default_factory=dict, compare=False)


def nodes(model: object, path: Path = ()) -> Iterator[tuple[Path, object]]:
    """Every model below ``model`` (itself included) with its path, using YAML key names."""
    yield path, model
    if not isinstance(model, Strict):
        return
    for name, info in type(model).model_fields.items():
        key = info.alias or name
        value = getattr(model, name)
        if isinstance(value, list | tuple):
            for index, item in enumerate(value):
                yield from nodes(item, (*path, key, index))
        elif isinstance(value, dict):
            for item_key, item in value.items():
                yield from nodes(item, (*path, key, str(item_key)))
        elif isinstance(value, Strict):
            yield from nodes(value, (*path, key))


# ----------------------------------------------------------------------------------------
# Where expressions stand, and what they may read there
# ----------------------------------------------------------------------------------------

EVERYTHING = Scope(REFERENCE_KINDS, "")
_TABLE = frozenset({"table", "option"})
INPUT_WHEN = Scope(
    _TABLE,
    "an input's `when` decides whether the input is asked at all, before anyone enters "
    "anything: it may read options, table inputs and the player count",
)
SHOWN_WHEN = Scope(
    _TABLE,
    "a `when` here decides what the table is asked or shown for these options and this "
    "player count, the same for every player: it may read options, table inputs and the "
    "player count",
)
OPTION_WHEN = Scope(
    frozenset({"option"}),
    "options are chosen before the game: an option's `when` may read other options and "
    "the player count",
)
SETUP = Scope(
    frozenset({"option"}),
    "setup happens before anyone plays: it may read options and the player count",
)
COMPONENTS = Scope(
    frozenset({"option"}),
    "what the box holds depends only on the options and the player count",
)

_PILE = "a sequence input (a pile entered card by card)"
_KIND_WORDS = {
    "sequence": _PILE,
    "rows": "a rows input (a list of records)",
    "choice": "a choice input",
    "count": "a count input",
    "position": "a position input (a place from 1 to the number of players)",
}


def _narrow(scope: Scope, rule: Scope | None) -> Scope:
    if rule is None or scope.allowed <= rule.allowed:
        return scope
    return Scope(scope.allowed & rule.allowed, rule.reason, scope.rows)


def _per_row(scope: Scope, rows: str) -> Scope:
    """The scope of a row expression: what stands around it, the fields of ``rows`` too,
    and no comparison of players (it is computed inside one player's row)."""
    return Scope(scope.allowed - {"cross_player"}, ROW_REASON, rows)


def closest(word: str, names: list[str]) -> list[str]:
    """The names closest to ``word`` (a typo's intended id): at most three, as close as the
    best one, or none when nothing is close."""
    scored = [(difflib.SequenceMatcher(None, word, n).ratio(), n) for n in names]
    best = max((score for score, _ in scored), default=0.0)
    return [n for score, n in sorted(scored, reverse=True) if score >= max(0.6, best - 0.05)][:3]


#: The type of an unknown id, by the words its message names the id's kind with.
UNKNOWN_TYPES: dict[str, str] = {
    "input": "unknown_input",
    "flag input": "unknown_flag_input",
    "table": "unknown_table_input",
    "table input": "unknown_table_input",
    "option": "unknown_option",
    "value": "unknown_value",
    "rival": "unknown_rival",
    "component": "unknown_component",
    "group": "unknown_group",
    "field": "unknown_field",
    "per-player field": "unknown_per_player_field",
    "conformance case": "unknown_case",
    "glossary term": "unknown_term",
    "section": "unknown_section",
}


def did_you_mean(kind: str, ident: str, known: object) -> str:
    """``unknown <kind> '<ident>'``, with the closest ids of ``known`` (or the few there are)."""
    return _said(kind, ident, _names(known))


def _names(known: object) -> list[str]:
    return sorted(str(k) for k in known) if isinstance(known, Mapping | set | list) else []


def _said(kind: str, ident: str, names: list[str]) -> str:
    close = closest(ident, names)
    if close:
        return f"unknown {kind} {ident!r}; did you mean {' or '.join(close)}?"
    if not names:
        return f"unknown {kind} {ident!r}: none is declared"
    if len(names) <= 8:
        return f"unknown {kind} {ident!r}; known: {', '.join(names)}"
    return f"unknown {kind} {ident!r}; no {kind} id is close to it (there are {len(names)})"


def _unknown(file: str, path: Path, kind: str, ident: str, known: object, **ctx: Any) -> Problem:
    """An unknown id, with the closest ones that exist (or the few there are); ``ctx``: what
    else the caller's message says (whose field it is)."""
    names = _names(known)
    found = {"id": ident, "closest": closest(ident, names), **ctx}
    return Problem(file, path, _said(kind, ident, names), UNKNOWN_TYPES[kind], found)


@dataclass
class _Checker:
    """Checks expressions of one game, collecting problems."""

    content: GameContent
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        scoring = self.content.scoring
        self.inputs = {i.id: i for i in scoring.inputs}
        self.tables = {t.id: t for t in scoring.table}
        self.options = {o.id: o for o in scoring.options}
        self.rivals = {r.id: r for r in scoring.rivals}
        self.values = {v.id for v in scoring.values}
        if scoring.kind == "points":
            self.values.add(TOTAL)  # the sum of the categories: ranking keys, end checks
        choices: dict[str, list[Choice]] = {
            o.id: o.choices for o in scoring.options if o.kind == "choice"
        }
        choices |= {i.id: i.choices for i in scoring.inputs if isinstance(i, ChoiceInput)}
        choices |= {t.id: _table_choices(self.content, t) for t in scoring.table}
        self.choices = choices
        self.bounds = Bounds(self.content)

    def add(self, file: str, path: Path, type: str, message: str, **ctx: Any) -> None:
        """A problem of ``type`` at ``path``; ``ctx``: the values ``message`` is made from."""
        self.problems.append(Problem(file, path, message, type, ctx))

    def unknown(self, file: str, path: Path, kind: str, ident: str, known: object) -> None:
        """An id of ``kind`` that ``known`` lacks."""
        self.problems.append(_unknown(file, path, kind, ident, known))

    def known(self, kind: str) -> Mapping[str, object] | set[str]:
        found: dict[str, Mapping[str, object]] = {
            "input": self.inputs,
            "table": self.tables,
            "option": self.options,
            "rival": self.rivals,
        }
        return found.get(kind, self.values)

    # -- walking ----------------------------------------------------------------------

    def expression(self, file: str, root: object, scope: Scope, path: Path = ()) -> None:
        """Check every node under ``root``, which stands at ``path`` where ``scope`` holds."""
        self._visit(file, root, path, scope, {})

    def _visit(
        self, file: str, model: object, path: Path, scope: Scope, rules: Mapping[str, Scope]
    ) -> None:
        if not isinstance(model, Strict):
            return
        if isinstance(model, RowsNode):
            self._node(file, model, path, scope)
            self._rows_node(file, model, path, scope, rules)
            return
        if isinstance(model, Node):
            self._node(file, model, path, scope)
            rules = {**type(model).scopes, **rules}
        for name, info in type(model).model_fields.items():
            key = info.alias or name
            value = getattr(model, name)
            inner = _narrow(scope, rules.get(name))
            # A node's scopes name fields of its spec (the node's one field) too.
            passed = type(model).scopes if isinstance(model, Node) else {}
            items = (
                list(enumerate(value))
                if isinstance(value, list | tuple)
                else [(str(k), v) for k, v in value.items()]
                if isinstance(value, dict)
                else [(None, value)]
            )
            for index, item in items:
                where = (*path, key) if index is None else (*path, key, index)
                self._visit(file, item, where, inner, passed)

    def _rows_node(
        self, file: str, node: RowsNode, path: Path, scope: Scope, rules: Mapping[str, Scope]
    ) -> None:
        """A rows node's spec: its row expressions may read the fields of its rows."""
        spec = node.spec()
        base = (*path, node.node_name())
        for name, info in type(spec).model_fields.items():
            value = getattr(spec, name)
            inner = _narrow(scope, rules.get(name))
            if name in type(node).row_fields:
                table = node.rows_table() if isinstance(node, RowsMajority) else None
                inner = _per_row(inner, node.rows().input if table is None else f"table:{table}")
            where = (*base, info.alias or name)
            if isinstance(value, list):  # rows_majority's awards: one expression a place
                for index, item in enumerate(value):
                    self._visit(file, item, (*where, index), inner, {})
            else:
                self._visit(file, value, where, inner, {})

    def _field(self, file: str, path: Path, node: FieldRef, scope: Scope) -> None:
        """A row's number: inside a row expression, one of its rows input's fields."""
        where = (*path, "field")
        if scope.rows is None:
            self.add(
                file,
                where,
                "field_outside_rows",
                "a field reference reads the row being counted: it is allowed only in the "
                "row expressions of rows_sum (each), rows_count (where) and rows_award (by)",
            )
            return
        table = scope.rows.removeprefix("table:") if scope.rows.startswith("table:") else None
        spec = self.inputs.get(scope.rows) if table is None else self.tables.get(table)
        # A shared row's per-player numbers are its node's ``by``, not the row's own.
        if isinstance(spec, RowsInput) or (spec is not None and spec.kind == "rows"):
            fields = [f.id for f in spec.fields]
            if node.field not in fields:
                owner = (
                    f"rows input {scope.rows!r}" if table is None else f"rows table input {table!r}"
                )
                found = _unknown(file, where, "field", node.field, fields, of=spec.id)
                self.problems.append(
                    replace(found, message=f"{found.message} (a field of {owner})")
                )

    # -- one node -----------------------------------------------------------------------

    def _node(self, file: str, node: Node, path: Path, scope: Scope) -> None:
        name = node.node_name()
        if node.cross_player and "cross_player" not in scope.allowed:
            self.add(
                file,
                path,
                "cross_player_not_allowed",
                f"{name} compares players, which is not possible here: {scope.reason}",
                node=name,
                reason=scope.reason,
            )
        reference = _reference(node)
        if reference is not None:
            kind, ident = reference
            where = (*path, kind)
            if kind not in scope.allowed:
                article = "an" if kind[0] in "aeiou" else "a"
                message = f"{article} {kind} reference is not allowed here: {scope.reason}"
                self.add(
                    file, where, "reference_not_allowed", message, kind=kind, reason=scope.reason
                )
            elif ident not in self.known(kind):
                self.unknown(file, where, kind, ident, self.known(kind))
        for ident, kinds in node.expected_inputs():
            spec = self.inputs.get(ident)
            if spec is not None and spec.kind not in kinds:
                wanted = " or ".join(_KIND_WORDS.get(k, k) for k in kinds)
                message = f"{name} reads {wanted}, but input {ident!r} is a {spec.kind}"
                self.add(
                    file,
                    path,
                    "wrong_input_kind",
                    message,
                    node=name,
                    input=ident,
                    kind=spec.kind,
                    expected=list(kinds),
                )
        if isinstance(node, FieldRef):
            self._field(file, path, node, scope)
        if isinstance(node, RowsMajority):
            self._rows_majority(file, path, node)
        shared = self.tables.get(node.table) if isinstance(node, TableRef) else None
        if shared is not None and shared.kind == "rows" and path[-2:] != ("rows_majority", "of"):
            message = f"table input {shared.id!r} is a list of rows: only rows_majority reads it"
            self.add(
                file, (*path, "table"), "wrong_table_kind", message, table=shared.id, kind="rows"
            )
        check: Callable[[_Checker, str, Path, Any], None] | None = _NODE_CHECKS.get(type(node))
        if check is not None:
            check(self, file, path, node)

    def _choice_field(self, file: str, path: Path, owner: str, data_field: str) -> None:
        """``data_field`` must be carried by some choice of ``owner``."""
        if owner in self.tables and self.tables[owner].kind == "count":
            message = f"table input {owner!r} is a number; it carries no choice data"
            self.add(file, path, "wrong_table_kind", message, table=owner, kind="count")
            return
        choices = self.choices.get(owner)
        if choices is None:
            return  # unknown or not a choice: reported with the reference
        fields = sorted({f for c in choices for f in c.data})
        if data_field not in fields:
            self.add(
                file,
                path,
                "unknown_choice_field",
                f"no choice of {owner!r} carries {data_field!r}; "
                + (f"their fields: {', '.join(fields)}" if fields else "they carry no data"),
                of=owner,
                field=data_field,
                fields=fields,
            )

    def _is(self, file: str, path: Path, node: Is) -> None:
        target = _reference(node.is_.of)
        ident = target[1] if target else ""
        if ident in self.tables and self.tables[ident].kind == "count":
            message = f"table input {ident!r} is a number, not a choice"
            self.add(
                file, (*path, "is", "of"), "wrong_table_kind", message, table=ident, kind="count"
            )
            return
        choices = self.choices.get(ident)
        if choices is None:
            if ident in self.inputs or ident in self.options:
                self.add(
                    file,
                    (*path, "is", "of"),
                    "not_a_choice",
                    f"{ident!r} is not a choice",
                    id=ident,
                )
            return
        ids = [c.id for c in choices]
        for wanted in node.is_.in_:
            if wanted not in ids:
                hint = difflib.get_close_matches(wanted, ids, n=1)
                message = f"{wanted!r} is not a choice of {ident!r}" + (
                    f"; did you mean {hint[0]}?" if hint else f"; choices: {', '.join(ids)}"
                )
                self.add(
                    file,
                    (*path, "is", "in"),
                    "unknown_choice",
                    message,
                    id=wanted,
                    of=ident,
                    closest=hint,
                )

    def _choice_data(self, file: str, path: Path, node: ChoiceDataNode) -> None:
        spec = node.choice_data
        owner = spec.of.input if isinstance(spec.of, InputRef) else spec.of.table
        where = (*path, "choice_data", "field")
        if isinstance(spec.field, str):
            self._choice_field(file, where, owner, spec.field)
        else:
            self._named_fields(file, where, owner, spec.field)
        index = self.bounds.of(spec.index)
        if index.least is None or index.least < 0:
            self.add(
                file,
                (*path, "choice_data", "index"),
                "index_may_be_negative",
                f"the index may be {index} here, and a place in a list is 0 or more: "
                "bound it ({maximum: [..., 0]}) or read inputs that cannot be negative",
                least=index.least,
                most=index.most,
            )

    def _named_fields(self, file: str, where: Path, owner: str, name: object) -> None:
        """Every id the choice ``name`` reads may give must be a data field of ``owner``'s
        choices (a side ``b`` of a board whose data says only ``a`` would read nothing)."""
        target = _reference(name)
        if target is None or owner not in self.choices:
            return  # unknown or not a choice: reported with the reference
        option = self.options.get(target[1]) if target[0] == "option" else None
        if option is not None and option.kind != "choice":
            message = f"option {target[1]!r} is yes or no: it names no data field"
            self.add(file, where, "not_a_choice", message, id=target[1])
            return
        choices = self.choices.get(target[1])
        if choices is None:
            return
        fields = sorted({f for c in self.choices[owner] for f in c.data})
        missing = [c.id for c in choices if c.id not in fields]
        if missing:
            self.add(
                file,
                where,
                "unknown_named_field",
                f"the field is named by the choice of {target[1]!r}, but no choice of "
                f"{owner!r} carries {', '.join(repr(m) for m in missing)}; "
                + (f"their fields: {', '.join(fields)}" if fields else "they carry no data"),
                of=owner,
                named_by=target[1],
                missing=missing,
                fields=fields,
            )

    def _floor_div(self, file: str, path: Path, node: FloorDiv) -> None:
        divisor = self.bounds.of(node.floor_div[1])
        if divisor.least is None or divisor.least < 1:
            self.add(
                file,
                (*path, "floor_div", 1),
                "divisor_below_one",
                f"the divisor may be {divisor} here, and it must be at least 1: bound it "
                "({maximum: [..., 1]}) or read inputs whose least is 1 or more",
                least=divisor.least,
                most=divisor.most,
            )

    def _rank_award(self, file: str, path: Path, node: RankAward) -> None:
        spec = node.rank_award
        for key, data in (("awards", spec.awards), ("max_gap", spec.max_gap)):
            if isinstance(data, ChoiceData):
                where = (*path, "rank_award", key)
                if data.table not in self.tables:
                    self.unknown(file, where, "table input", data.table, self.tables)
                else:
                    self._choice_field(file, where, data.table, data.field)

    def _rows_majority(self, file: str, path: Path, node: RowsMajority) -> None:
        """``of`` a rows table input (an unknown one is reported at the reference), ``by``
        one of its per-player fields."""
        spec = node.rows_majority
        table = self.tables.get(spec.of.table)
        base = (*path, "rows_majority")
        if table is None:
            return
        if table.kind != "rows":
            message = f"rows_majority reads a rows table input, but {table.id!r} is a {table.kind}"
            self.add(
                file, (*base, "of"), "wrong_table_kind", message, table=table.id, kind=table.kind
            )
            return
        fields = [f.id for f in table.per_player]
        if spec.by not in fields:
            found = _unknown(file, (*base, "by"), "per-player field", spec.by, fields, of=table.id)
            owner = f"rows table input {table.id!r}"
            self.problems.append(replace(found, message=f"{found.message} (of {owner})"))

    def _best_assignment(self, file: str, path: Path, node: BestAssignment) -> None:
        spec = node.best_assignment
        among = [ref.input for ref in spec.among]
        if len(set(among)) != len(among):
            twice = sorted({ident for ident in among if among.count(ident) > 1})
            where = (*path, "best_assignment", "among")
            self.add(file, where, "duplicate_input", "an input is listed twice", inputs=twice)
        most = self.bounds.of(spec.wildcards).most
        where = (*path, "best_assignment", "wildcards")
        if most is None:
            self.add(
                file,
                where,
                "unbounded_wildcards",
                "the wildcards have no known maximum (give their inputs a max or a "
                "component, or bound the expression with {minimum: [..., N]}), so the "
                "search for the best placement would have no bound",
            )
        elif most > 0 and comb(most + len(among) - 1, len(among) - 1) > WILDCARD_PLACEMENTS_LIMIT:
            ways = comb(most + len(among) - 1, len(among) - 1)
            self.add(
                file,
                where,
                "too_many_placements",
                f"up to {most} wildcards among {len(among)} inputs is {ways} placements to "
                f"try; the engine tries at most {WILDCARD_PLACEMENTS_LIMIT}",
                wildcards=most,
                inputs=len(among),
                placements=ways,
                limit=WILDCARD_PLACEMENTS_LIMIT,
            )

    def _neighbours(self, file: str, path: Path, node: Neighbours) -> None:
        if any(self.bounds.of(o) == Range(0, 0) for o in node.neighbours.offsets):
            self.add(
                file,
                (*path, "neighbours", "offsets"),
                "neighbour_offset_zero",
                "offset 0 is the player themself, who is never their own neighbour",
            )

    def _rival_ref(self, file: str, path: Path, node: RivalRef) -> None:
        spec = node.rival
        if spec.input is not None and spec.input not in self.inputs:
            self.unknown(file, (*path, "rival", "input"), "input", spec.input, self.inputs)
        if spec.value is not None and spec.value not in self.values:
            self.unknown(file, (*path, "rival", "value"), "value", spec.value, self.values)


def _spec(node: Node) -> object:
    return getattr(node, next(iter(type(node).model_fields)))


_NODE_CHECKS: dict[type[Node], Callable[[_Checker, str, Path, Any], None]] = {
    Is: _Checker._is,
    ChoiceDataNode: _Checker._choice_data,
    RankAward: _Checker._rank_award,
    BestAssignment: _Checker._best_assignment,
    FloorDiv: _Checker._floor_div,
    Neighbours: _Checker._neighbours,
    RivalRef: _Checker._rival_ref,
}


def _reference(node: object) -> tuple[str, str] | None:
    """(kind, id) when ``node`` names an input, a table input, an option, a value or a rival."""
    for kind, model in (
        ("input", InputRef),
        ("table", TableRef),
        ("option", OptionRef),
        ("value", ValueRef),
    ):
        if isinstance(node, model):
            return kind, str(getattr(node, kind))
    if isinstance(node, RivalRef):
        return "rival", node.rival.id
    return None


# ----------------------------------------------------------------------------------------
# The whole game
# ----------------------------------------------------------------------------------------


def check_references(content: GameContent) -> list[Problem]:
    """All dangling or ill-typed references in a game's content, in file order."""
    checker = _Checker(content)
    _scoring(checker)
    _setup_and_components(checker)
    if content.rules is not None:
        _rules(checker)
    return _at_templates(content, checker.problems)


def _at_templates(content: GameContent, problems: list[Problem]) -> list[Problem]:
    """Problems placed in their file: inside a ``for_each`` template, one problem per
    place, naming the parameters of the first copy and the others alike."""
    placed: dict[tuple[str, Path], tuple[Problem, list[str]]] = {}
    for problem in problems:
        model = getattr(content, problem.file, None)
        path, binding = (
            model.source_path(problem.path) if isinstance(model, Templated) else (problem.path, "")
        )
        key = (problem.file, path)
        if key not in placed:
            placed[key] = (replace(problem, path=path), [binding])
        elif binding and binding not in placed[key][1]:
            placed[key][1].append(binding)
        elif not binding and problem.message not in placed[key][0].message:
            # Two findings at one place read as one sentence; the first one's type stands.
            first, bindings = placed[key]
            placed[key] = (replace(first, message=f"{first.message}; {problem.message}"), bindings)
    found = []
    for problem, bindings in placed.values():
        message = problem.message
        if bindings[0]:
            message += f" (for {bindings[0]}"
            message += f"; likewise for {', '.join(bindings[1:])})" if len(bindings) > 1 else ")"
            problem = replace(problem, ctx={**problem.ctx, "for_each": bindings})
        found.append(replace(problem, message=message))
    return found


def _scoring(checker: _Checker) -> None:
    content = checker.content
    scoring = content.scoring
    components = content.components.by_id()
    check = checker.expression
    for index, spec in enumerate(scoring.inputs):
        base: Path = ("inputs", index)
        if spec.when is not None:
            check("scoring", spec.when, INPUT_WHEN, (*base, "when"))
        if isinstance(spec, ChoiceInput):
            for k, choice in enumerate(spec.choices):
                if choice.when is not None:
                    check("scoring", choice.when, INPUT_WHEN, (*base, "choices", k, "when"))
            if spec.may_be_empty is not None:
                check("scoring", spec.may_be_empty, INPUT_WHEN, (*base, "may_be_empty"))
            flags = {i.id for i in scoring.inputs if i.kind == "flag"}
            if spec.implies is not None and (spec.implies not in flags or spec.default is None):
                where: Path = (*base, "implies")
                if spec.implies not in flags:
                    checker.unknown("scoring", where, "flag input", spec.implies, flags)
                else:
                    message = (
                        "'implies' needs a default choice: the one that does not imply the flag"
                    )
                    checker.add("scoring", where, "implies_without_default", message)
        component = getattr(spec, "component", None)
        if component is not None and component not in components:
            checker.unknown("scoring", (*base, "component"), "component", component, components)
        _group(checker, base, spec.group)
    for index, table_input in enumerate(scoring.table):
        base = ("table", index)
        _group(checker, base, table_input.group)
        if table_input.when is not None:
            check("scoring", table_input.when, SHOWN_WHEN, (*base, "when"))
        for k, choice in enumerate(table_input.choices):
            if choice.when is not None:
                check("scoring", choice.when, SHOWN_WHEN, (*base, "choices", k, "when"))
        component_id = table_input.component
        if component_id is None:
            continue
        if component_id not in components:
            checker.unknown("scoring", (*base, "component"), "component", component_id, components)
        elif not components[component_id].items:
            checker.add(
                "scoring",
                (*base, "component"),
                "no_items",
                f"component {component_id!r} has no items to choose from",
                component=component_id,
            )
    for index, option in enumerate(scoring.options):
        if option.when is not None:
            check("scoring", option.when, OPTION_WHEN, ("options", index, "when"))
    for index, value in enumerate(scoring.values):
        check("scoring", value.compute, EVERYTHING, ("values", index, "compute"))
        for path, node in nodes(value.compute, ("values", index, "compute")):
            if isinstance(node, ValueRef) and node.value == TOTAL:
                message = "a value cannot use the total, which adds up the values"
                checker.add("scoring", path, "value_reads_total", message)
    for index, category in enumerate(scoring.categories):
        if category.value not in checker.values:
            where = ("categories", index, "value")
            checker.unknown("scoring", where, "value", category.value, checker.values)
        if category.when is not None:
            check("scoring", category.when, SHOWN_WHEN, ("categories", index, "when"))
    for index, key in enumerate(scoring.ranking.keys):
        if key.value not in checker.values:
            where = ("ranking", "keys", index, "value")
            checker.unknown("scoring", where, "value", key.value, checker.values)
    if scoring.ranking.win_requires is not None:
        check("scoring", scoring.ranking.win_requires, EVERYTHING, ("ranking", "win_requires"))
    for index, constraint in enumerate(scoring.constraints):
        check("scoring", constraint.check, EVERYTHING, ("constraints", index, "check"))
        if constraint.when is not None:
            check("scoring", constraint.when, SHOWN_WHEN, ("constraints", index, "when"))
    for index, end_check in enumerate(scoring.end_checks):
        check("scoring", end_check.any_player, EVERYTHING, ("end_checks", index, "any_player"))
    for index in range(len(scoring.rivals)):
        _rival(checker, index)
    for path, found in nodes(scoring):
        takes_rivals = isinstance(found, Node) and getattr(_spec(found), "rivals", False)
        if takes_rivals and not scoring.rivals:
            message = "rivals: true, but the scoring declares no rivals"
            checker.add("scoring", path, "no_rivals", message)
    checker.problems.extend(_cycles(content))
    _affects_others(checker)


def carried_to_others(scoring: Scoring) -> dict[str, str]:
    """The inputs one player holds that another player's values read, each with the value
    that carries it (a ``neighbours`` or ``table_sum`` node over them, directly or through
    other values): one more of such an input may raise another player's score."""
    direct: dict[str, tuple[set[str], set[str]]] = {}
    carriers: list[tuple[str, object]] = []
    for value in scoring.values:
        found = walk(value.compute)
        direct[value.id] = (
            {n.input for n in found if isinstance(n, InputRef)},
            {v for n in found if (v := _value_read(n)) is not None},
        )
        carriers += [(value.id, n.neighbours.of) for n in found if isinstance(n, Neighbours)]
        carriers += [(value.id, n.table_sum) for n in found if isinstance(n, TableSum)]

    def inputs_of(root: object) -> set[str]:
        found = walk(root)
        inputs = {n.input for n in found if isinstance(n, InputRef)}
        pending = [v for n in found if (v := _value_read(n)) is not None]
        seen: set[str] = set()
        while pending:
            ident = pending.pop()
            if ident in seen or ident not in direct:
                continue
            seen.add(ident)
            inputs |= direct[ident][0]
            pending.extend(direct[ident][1])
        return inputs

    carried: dict[str, str] = {}
    for value_id, root in carriers:
        for ident in sorted(inputs_of(root)):
            carried.setdefault(ident, value_id)
    return carried


def _affects_others(checker: _Checker) -> None:
    """``affects_others`` must say what the scoring does: the property tests skip the
    inputs that say it (one more of them may lower their owner's rank), so one set where
    nothing carries the input to another player takes it out of the tests for nothing,
    and one missing makes them fail on a rule that is right."""
    carried = carried_to_others(checker.content.scoring)
    for index, spec in enumerate(checker.content.scoring.inputs):
        if not isinstance(spec, CountInput):
            continue
        through = carried.get(spec.id)
        if spec.affects_others and through is None:
            checker.add(
                "scoring",
                ("inputs", index, "affects_others"),
                "affects_others_unused",
                f"affects_others: true, but no other player's score reads {spec.id!r}: only a "
                "value with a `neighbours` or `table_sum` node over it carries one player's "
                "count into another's score (remove it: the property tests skip such inputs)",
                input=spec.id,
            )
        elif through is not None and not spec.affects_others:
            checker.add(
                "scoring",
                ("inputs", index),
                "affects_others_missing",
                f"value {through!r} carries {spec.id!r} into other players' scores (a "
                "`neighbours` or `table_sum` node reads it), so one more of it may lower its "
                "owner's rank: say `affects_others: true`",
                input=spec.id,
                value=through,
            )


def _group(checker: _Checker, base: Path, group: str | None) -> None:
    """A row's ``group`` must be one the scoring declares under ``groups:``: the calculator
    heads the row's section with that group's label, and a misspelt one would make a
    section of its own without a heading."""
    declared = checker.content.scoring.groups
    if group is not None and group not in declared:
        checker.unknown("scoring", (*base, "group"), "group", group, declared)


def _rival(checker: _Checker, index: int) -> None:
    rival = checker.content.scoring.rivals[index]
    base: Path = ("rivals", index)
    if rival.when is not None:
        checker.expression("scoring", rival.when, SHOWN_WHEN, (*base, "when"))
    for k, ident in enumerate(rival.inputs):
        if ident not in checker.inputs:
            checker.unknown("scoring", (*base, "inputs", k), "input", ident, checker.inputs)
    for ident, fixed in rival.fixed.items():
        spec = checker.inputs.get(ident)
        where = (*base, "fixed", ident)
        if spec is None:
            checker.unknown("scoring", where, "input", ident, checker.inputs)
        elif not isinstance(fixed, (bool, int)):
            checker.expression("scoring", fixed, SHOWN_WHEN, where)
            if spec.kind != "count":
                checker.add(
                    "scoring",
                    where,
                    "fixed_not_count",
                    f"input {ident!r} is a {spec.kind}; only a count may be fixed by an expression",
                    input=ident,
                    kind=spec.kind,
                )
        elif isinstance(spec, FlagInput) != isinstance(fixed, bool) or spec.kind not in (
            "count",
            "flag",
        ):
            checker.add(
                "scoring",
                where,
                "fixed_wrong_type",
                f"input {ident!r} is a {spec.kind}; a fixed value is a number for a count "
                "and true/false for a flag",
                input=ident,
                kind=spec.kind,
            )


def _setup_and_components(checker: _Checker) -> None:
    content = checker.content
    components = content.components.by_id()
    checker.expression("setup", content.setup, SETUP)
    for index, step in enumerate(content.setup.steps):
        if step.deal is not None:
            deck = components.get(step.deal.component)
            where: Path = ("steps", index, "deal", "component")
            if deck is None:
                checker.unknown("setup", where, "component", step.deal.component, components)
            elif not deck.items:
                message = f"component {deck.id!r} has no items to deal"
                checker.add("setup", where, "no_items", message, component=deck.id)
    checker.expression("components", content.components, COMPONENTS)


def _rules(checker: _Checker) -> None:
    content = checker.content
    assert content.rules is not None
    checker.problems.extend(_links(content))
    cases = {c.id for c in content.cases.cases} if content.cases else set()
    for path, node in nodes(content.rules):
        if isinstance(node, Section) and node.case and node.case not in cases:
            checker.unknown("rules", (*path, "case"), "conformance case", node.case, cases)
        if isinstance(node, Section) and node.option and node.option not in checker.options:
            checker.unknown("rules", (*path, "option"), "option", node.option, checker.options)


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
                    where = (*path, "body")
                    problems.append(_unknown("rules", where, kind, link["target"], known))
    return problems


def _cycles(content: GameContent) -> list[Problem]:
    """Values that depend on themselves, directly or not."""
    depends: dict[str, set[str]] = {}
    for value in content.scoring.values:
        depends[value.id] = {
            ref for _, n in nodes(value.compute) if (ref := _value_read(n)) is not None
        }
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
                        "value_cycle",
                        {"values": cycle},
                    )
                )
            elif dep in depends and state.get(dep) is None:
                visit(dep, [*trail, dep])
        state[ident] = 2

    for ident in depends:
        if state.get(ident) is None:
            visit(ident, [ident])
    return problems


def _value_read(node: object) -> str | None:
    """The value ``node`` reads, for a value reference or a rival's value."""
    if isinstance(node, ValueRef):
        return node.value
    if isinstance(node, RivalRef):
        return node.rival.value
    return None
