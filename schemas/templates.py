"""``for_each``: one entry of a list written once for several parameters.

In any list of a scoring, components, setup, rules or glossary file, a mapping with a ``for_each`` key stands for one copy of
itself (without that key) per binding of its parameters, with ``{name}`` replaced in every
text below it::

    values:
      - for_each: {n: [1, 2, 3, 4, 5, 6]}
        id: region_{n}
        compute: {rank_award: {of: {input: influence_{n}}, ...}}

``for_each`` maps each parameter to a list of values (several parameters give every
combination, the first varying slowest) or is a list of mappings, one binding each
(``[{n: 1, colour: red}, {n: 2, colour: blue}]``). A template whose only other key is
``items`` makes every item listed there in each copy, side by side (``city_1_tiles``,
``city_1_arms``, ``city_2_tiles``...). A text that is exactly ``{name}``
becomes the value itself, so numbers can be parameters too. Templates nest; an inner one
sees the outer parameters already filled in.

Expansion happens when the file is read, before validation (:class:`Templated`, the base
of those files' models): the engine, the site and the exported scoring the browser reads
see the expanded entries. The translation catalogs see the
template: the copies of a label ``Influence en région {n}`` are one message with ``{n}``
kept (rulebook.i18n.messages reads ``Expansion.raw``). Every expanded location remembers
where it came from, so errors point at the template's line, with the parameters that
produced them.
"""

import difflib
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Self

from pydantic import ModelWrapValidatorHandler, PrivateAttr, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from schemas.common import Strict

KEY = "for_each"
#: A template's key listing several items made side by side in every copy.
GROUP = "items"

Path = tuple[str | int, ...]
Binding = dict[str, Any]

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


class TemplateError(ValueError):
    """A ``for_each`` that cannot be expanded, with where it stands in the file."""

    def __init__(self, path: Path, message: str):
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass
class Expansion:
    """The expanded data, and for every expanded location where it came from."""

    data: Any
    #: Expanded path -> (path in the file, parameters bound there).
    origins: dict[Path, tuple[Path, Binding]] = field(default_factory=dict)
    #: Path of a template in the file -> how many copies it made.
    copies: dict[Path, int] = field(default_factory=dict)
    #: The data as the file has it, templates unexpanded: a copy's text is the template's
    #: text at its source path (the catalogs make one message of a template's copies).
    raw: Any = None

    def written(self, path: Path) -> Any:
        """The value at ``path`` of the file (a source path), or None when there is none."""
        node = self.raw
        for step in path:
            if isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
                node = node[step]
            elif isinstance(node, dict):
                node = node.get(step)
            else:
                return None
        return node

    def source(self, path: Path) -> tuple[Path, Binding]:
        """Where the expanded ``path`` comes from: the longest known prefix, then the rest."""
        for cut in range(len(path), -1, -1):
            found = self.origins.get(path[:cut])
            if found is not None:
                return (*found[0], *path[cut:]), found[1]
        return path, {}


def describe_binding(binding: Binding) -> str:
    """``n = 3, tie = pool_floor``."""
    return ", ".join(f"{name} = {value}" for name, value in binding.items())


def expand(data: Any) -> Expansion:
    """Expand every ``for_each`` in ``data``; raise TemplateError for a malformed one."""
    expansion = Expansion(None, raw=data)
    expansion.data = _walk(data, (), (), {}, expansion)
    return expansion


def _walk(node: Any, src: Path, out: Path, binding: Binding, expansion: Expansion) -> Any:
    expansion.origins[out] = (src, binding)
    if binding and isinstance(node, str):
        _check_bound(node, src, binding)
    if isinstance(node, dict):
        if KEY in node:
            raise TemplateError(src, f"{KEY!r} makes copies of an item of a list; it is not in one")
        return {k: _walk(v, (*src, k), (*out, k), binding, expansion) for k, v in node.items()}
    if not isinstance(node, list):
        return node
    result: list[Any] = []
    for index, item in enumerate(node):
        where: Path = (*src, index)
        if not (isinstance(item, dict) and KEY in item):
            result.append(_walk(item, where, (*out, len(result)), binding, expansion))
            continue
        body = {k: v for k, v in item.items() if k != KEY}
        bindings = list(_bindings(item[KEY], (*where, KEY)))
        members = _members(body, where)
        for place, member in members:
            _check_distinct_id(member, place, bindings)
        expansion.copies[where] = len(bindings)
        for own in bindings:
            for place, member in members:
                copy = _substitute(member, own)
                made = _walk(copy, place, (*out, len(result)), {**binding, **own}, expansion)
                result.append(made)
    return result


def _members(body: dict[str, Any], where: Path) -> list[tuple[Path, Any]]:
    """What one copy of a template makes, each with its place in the file: the item
    itself, or with ``items`` the items it lists, side by side in every copy."""
    if GROUP not in body:
        return [(where, body)]
    listed = body[GROUP]
    if len(body) > 1:
        others = ", ".join(sorted(str(k) for k in body if k != GROUP))
        raise TemplateError(
            (*where, GROUP),
            f"a template with {GROUP!r} makes the items it lists and nothing else: move "
            f"{others} into each of them",
        )
    if not isinstance(listed, list) or not listed:
        raise TemplateError((*where, GROUP), f"{GROUP!r} lists the items each copy makes")
    for index, member in enumerate(listed):
        if isinstance(member, dict) and KEY in member:
            raise TemplateError(
                (*where, GROUP, index, KEY),
                f"an item of {GROUP!r} is made once per copy already: give its parameters "
                "to the template's own for_each",
            )
    return [((*where, GROUP, index), member) for index, member in enumerate(listed)]


def _bindings(spec: Any, where: Path) -> Iterator[Binding]:
    """Each binding a ``for_each`` gives, checked."""
    if isinstance(spec, dict) and spec:
        for name, values in spec.items():
            _check_name(name, (*where, name))
            if not isinstance(values, list) or not values:
                raise TemplateError((*where, name), f"{name!r} needs a non-empty list of values")
            for value in values:
                _check_value(value, (*where, name))
        names = list(spec)
        for combination in itertools.product(*(spec[n] for n in names)):
            yield dict(zip(names, combination, strict=True))
    elif isinstance(spec, list) and spec:
        for index, row in enumerate(spec):
            if not isinstance(row, dict) or not row:
                raise TemplateError((*where, index), "each binding is a mapping {name: value}")
            for name, value in row.items():
                _check_name(name, (*where, index, name))
                _check_value(value, (*where, index, name))
            yield dict(row)
    else:
        raise TemplateError(
            where,
            "for_each maps each parameter to its values ({n: [1, 2, 3]}) or lists the "
            "bindings ([{n: 1}, {n: 2}])",
        )


def _check_bound(text: str, where: Path, binding: Binding) -> None:
    """A ``{name}`` left in a copy's text names no parameter: all of its templates' are
    replaced before its texts are walked, and a slip would otherwise stay in a label."""
    left = _PLACEHOLDER.search(text)
    if left is None:
        return
    name, names = left.group(1), list(binding)
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.0)
    hint = f"; did you mean {{{close[0]}}}?" if close else ""
    raise TemplateError(
        where,
        f"{{{name}}} is not a parameter of its for_each (they are "
        f"{', '.join(f'{{{n}}}' for n in names)}){hint}",
    )


def _check_distinct_id(body: dict[str, Any], where: Path, bindings: list[Binding]) -> None:
    """Copies of an item with an ``id`` must each get their own: an id without a
    parameter would be refused as used twice at the top of the file, naming no line."""
    ident = body.get("id")
    if len(bindings) < 2 or not isinstance(ident, str) or _PLACEHOLDER.search(ident):
        return
    names = ", ".join(f"{{{n}}}" for n in bindings[0])
    raise TemplateError(
        (*where, "id"),
        f"each of the {len(bindings)} copies of this item would have the id {ident!r} "
        f"({'; '.join(describe_binding(b) for b in bindings)}): put {names} in it",
    )


def _check_name(name: Any, where: Path) -> None:
    if not isinstance(name, str) or not _NAME.match(name):
        raise TemplateError(
            where, f"a parameter name is lower-case letters, digits and _: {name!r}"
        )


def _check_value(value: Any, where: Path) -> None:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TemplateError(where, f"a parameter's value is a whole number or a text: {value!r}")


def _substitute(node: Any, binding: Binding) -> Any:
    """``node`` with ``{name}`` replaced by the bound values, in every text."""
    if isinstance(node, dict):
        return {k: _substitute(v, binding) for k, v in node.items()}
    if isinstance(node, list):
        return [_substitute(v, binding) for v in node]
    if not isinstance(node, str):
        return node
    whole = _PLACEHOLDER.fullmatch(node)
    if whole and whole.group(1) in binding:
        return binding[whole.group(1)]
    return _PLACEHOLDER.sub(
        lambda m: str(binding[m.group(1)]) if m.group(1) in binding else m.group(0), node
    )


#: The JSON Schema of a template item: checked once expanded, so only its key is known.
TEMPLATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": [KEY],
    "properties": {
        KEY: {
            "description": "Copies of this item, one per binding of the parameters; "
            "{name} in its texts becomes the parameter's value.",
            "anyOf": [
                {
                    "type": "object",
                    "additionalProperties": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"type": ["integer", "string"]},
                    },
                },
                {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "additionalProperties": {"type": ["integer", "string"]},
                    },
                },
            ],
        },
        GROUP: {
            "description": "The items every copy makes, side by side (City {n}: tiles, "
            "City {n}: coats of arms); without it the template is the one item.",
            "type": "array",
            "minItems": 1,
        },
    },
}


def allow_templates(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` where every list also accepts ``for_each`` template items."""

    def visit(node: Any) -> Any:
        if isinstance(node, dict):
            found = {k: visit(v) for k, v in node.items()}
            if found.get("type") == "array" and "items" in found:
                found["items"] = {"anyOf": [found["items"], {"$ref": "#/$defs/Template"}]}
            return found
        if isinstance(node, list):
            return [visit(v) for v in node]
        return node

    result: dict[str, Any] = visit(schema)
    result.setdefault("$defs", {})["Template"] = TEMPLATE_SCHEMA
    return result


def clean_path(data: Any, loc: tuple[str | int, ...], missing: bool = False) -> Path:
    """A pydantic error location as a path in ``data``: steps that are not in the data
    (union tags) are dropped; for a ``missing`` error the missing key ends the path."""
    path: list[str | int] = []
    current = data
    for step in loc:
        in_mapping = isinstance(current, dict) and step in current
        in_list = isinstance(current, list) and isinstance(step, int) and step < len(current)
        if not (in_mapping or in_list):
            continue
        current = current[step]
        path.append(step)
    if missing and loc and loc[-1] not in path[-1:]:
        path.append(loc[-1])
    return tuple(path)


def relocate(error: ValidationError, expansion: Expansion) -> ValidationError:
    """``error`` (raised on the expanded data) with every location in the file's terms.

    Copies of one template that fail the same way are reported once, saying for which
    parameters when that is not all of them.
    """
    grouped: dict[tuple[Path, str, str], list[tuple[Path, Binding, Any]]] = {}
    for item in error.errors(include_url=False):
        path = clean_path(expansion.data, tuple(item["loc"]), item["type"] == "missing")
        source, binding = expansion.source(path)
        key = (source, item["type"], item["msg"])
        grouped.setdefault(key, []).append((path, binding, item.get("input")))
    details: list[InitErrorDetails] = []
    for (source, kind, message), found in grouped.items():
        bindings = [b for _, b, _ in found if b]
        template = next((p for p in expansion.copies if source[: len(p)] == p), None)
        every = template is not None and len(bindings) >= expansion.copies[template]
        if bindings and not every:
            message += f" (for {'; '.join(describe_binding(b) for b in bindings)})"
        # Without a context pydantic leaves braces as they are: no escaping.
        details.append(
            InitErrorDetails(type=PydanticCustomError(kind, message), loc=source, input=found[0][2])
        )
    return ValidationError.from_exception_data(error.title, details)


def _at(data: Any, path: Path) -> Any:
    """The part of ``data`` at ``path`` (what an error there shows it got, not the file)."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


class Templated(Strict):
    """A content file whose lists may hold ``for_each`` templates, expanded when it is read.

    Errors inside a template are placed at its line in the file (:func:`relocate`), and the
    model keeps the :class:`Expansion`, from which the catalogs make one message of a
    template's copies and the reference checks place their problems.
    """

    #: Where each expanded location comes from in the file (None without templates).
    _expansion: Expansion | None = PrivateAttr(default=None)

    @classmethod
    def _prepared(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The expanded data as the model reads it (a file may spell more out first)."""
        return data

    @model_validator(mode="wrap")
    @classmethod
    def _expand_templates(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        """Expand ``for_each`` templates, keeping every error at the template in the file."""
        if not isinstance(data, dict):
            return handler(data)
        try:
            expansion = expand(data)
        except TemplateError as error:
            raise ValidationError.from_exception_data(
                cls.__name__,
                [
                    InitErrorDetails(
                        type=PydanticCustomError("template", error.message),
                        loc=error.path,
                        input=_at(data, error.path),
                    )
                ],
            ) from None
        if not expansion.copies:
            return handler(cls._prepared(data))
        try:
            model = handler(cls._prepared(expansion.data))
        except ValidationError as error:
            raise relocate(error, expansion) from None
        model._expansion = expansion
        return model

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The schema editors check the file with: any list item may be a template."""
        return allow_templates(super().model_json_schema(*args, **kwargs))

    @property
    def expansion(self) -> Expansion | None:
        """The file's ``for_each`` templates and where each copy comes from (None without
        templates): the catalogs make one message of a template's copies."""
        return self._expansion

    def source_path(self, path: Path) -> tuple[Path, str]:
        """Where ``path`` (in the expanded data) is in the file, and for which parameters
        of a template (``n = 3``, or "" outside templates)."""
        if self._expansion is None:
            return path, ""
        source, binding = self._expansion.source(path)
        return source, describe_binding(binding)
