"""TypeScript declarations of the export document, generated from its JSON Schema, of the
pages' data islands, generated from what rulebook/site/calculator.py ships of it to each
widget, and of the problem codes' parameters, generated from scorer.problems.CODES.

The browser calculator is JavaScript typed by JSDoc and checked by TypeScript (tools/
typecheck); its engine modules import these declarations (``@typedef {import(...)}``), so
a key they read that the contract (schemas/export.py) lacks fails the type check; each
widget reads its page's island as the type of what that page ships, so a key its island
lacks fails too (tests/calculator/test_island_types.py). The file is generated, never
edited: tests/schemas/test_export_contract.py fails when it is stale.

Run: .venv/bin/python -m rulebook.typescript  (writes tools/typecheck/export.d.ts)

Only what the contract's schema uses is translated: objects (closed, or maps of one kind of
value), arrays and tuples, unions, constants and enumerations, references, and ``{}`` (any
JSON).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from rulebook.site.calculator import UNREAD, WIDGET_EXPORT, WIDGET_ISLAND
from rulebook.site.models.setup import TablePlan
from schemas.export import export_json_schema
from scorer.problems import CODES, ParamKind

#: Where the declarations go, for the type check to find them.
TARGET = Path(__file__).resolve().parent.parent / "tools" / "typecheck" / "export.d.ts"

#: Every value of a JSON document, for what the contract leaves as plain JSON (a node).
JSON_TYPE = (
    "export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };"
)

#: For the contract's scoring nodes (``Expr``: a number, or an object of one key naming
#: its node), the names of the nodes and what each holds, for the interpreters' tables.
NODE_TYPES = """
/** A scoring node written as an object: its one key names it. */
export type NodeObject = Exclude<Expr, number>;

/** The name of every scoring node. */
export type NodeName = NodeObject extends infer N ? (N extends unknown ? keyof N : never) : never;

/** What the node named ``K`` holds under its name. */
export type NodeArg<K extends NodeName> = Extract<NodeObject, { [k in K]: unknown }>[K];
"""

_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_SCALARS = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean"}
_SCALARS["null"] = "null"


def _ref(schema: dict[str, Any]) -> str:
    return str(schema["$ref"]).rsplit("/", 1)[1]


def _union(members: list[str]) -> str:
    unique = list(dict.fromkeys(members))
    return " | ".join(unique)


def _array_of(inner: str) -> str:
    return f"({inner})[]" if " " in inner else f"{inner}[]"


def _comment(text: str | None, indent: str) -> list[str]:
    if not text:
        return []
    lines = text.strip().splitlines()
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in lines), f"{indent} */"]


def type_of(schema: dict[str, Any], indent: str = "") -> str:
    """The TypeScript type of a value ``schema`` describes."""
    if "$ref" in schema:
        return _ref(schema)
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return _union([json.dumps(v, ensure_ascii=False) for v in schema["enum"]])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return _union([type_of(s, indent) for s in schema[key]])
    kind = schema.get("type")
    if kind in _SCALARS:
        return _SCALARS[kind]
    if kind == "array" and "prefixItems" in schema and "items" not in schema:
        return f"[{', '.join(type_of(s, indent) for s in schema['prefixItems'])}]"  # a tuple
    if kind == "array":
        return _array_of(type_of(schema.get("items", {}), indent))
    if kind == "object" and "properties" in schema:
        return _object(schema, indent)
    if kind == "object":
        extra = schema.get("additionalProperties", {})
        value = "Json" if extra is True else type_of(extra, indent)
        if "propertyNames" in schema:
            return f"Partial<Record<{type_of(schema['propertyNames'], indent)}, {value}>>"
        return f"{{ [key: string]: {value} }}"
    if not schema or schema.keys() <= {"title", "description"}:
        return "Json"
    raise ValueError(f"no TypeScript for the schema {schema!r}")


def _object(schema: dict[str, Any], indent: str) -> str:
    """An object type with named keys, each optional unless the schema requires it."""
    required = set(schema.get("required", ()))
    inner = indent + "  "
    lines = ["{"]
    for key, value in schema["properties"].items():
        name = key if _NAME.match(key) else json.dumps(key)
        mark = "" if key in required else "?"
        lines += _comment(value.get("description"), inner)
        lines.append(f"{inner}{name}{mark}: {type_of(value, inner)};")
    lines.append(f"{indent}}}")
    return "\n".join(lines)


def _aliases(named: dict[str, dict[str, Any]]) -> list[str]:
    """A declaration of each named schema, its description as its comment."""
    out: list[str] = []
    for name, definition in named.items():
        out.append("")
        out += _comment(definition.get("description"), "")
        # Type aliases, not interfaces: an object type is then a Json value too (an
        # interface has no index signature), so a node can stand where JSON is read.
        out.append(f"export type {name} = {type_of(definition)};")
    return out


def declarations(schema: dict[str, Any]) -> str:
    """The declarations of every definition of ``schema`` and of the document itself."""
    out = [
        "// Generated by rulebook/typescript.py from schemas/json/export.schema.json (the",
        "// contract of schemas/export.py), the islands of rulebook/site/calculator.py and",
        "// scorer/problems.py CODES: do not edit. Regenerate with",
        "// `.venv/bin/python -m rulebook.typescript`.",
        "",
        "/** Any JSON value: what the contract leaves as plain JSON (a scoring node). */",
        JSON_TYPE,
    ]
    named = dict(sorted(schema.get("$defs", {}).items()))
    named[schema.get("title", "Export")] = {k: v for k, v in schema.items() if k != "$defs"}
    out += _aliases(named)
    if "Expr" in named:
        out.append(NODE_TYPES.rstrip("\n"))
    return "\n".join(out) + "\n"


#: What a path of UNREAD names at a value: the rest of each path under its key ("*": any).
Paths = tuple[tuple[str, ...], ...]


def _under(paths: Paths, key: str) -> Paths:
    return tuple(p[1:] for p in paths if len(p) > 1 and p[0] in (key, "*"))


class _Shipped:
    """The types of what rulebook.site.calculator._without leaves of the export: each value
    without what the paths name, as ``Omit`` of its declared type and the keys whose own
    types change."""

    def __init__(self, defs: dict[str, Any]) -> None:
        self.defs = defs
        # A definition reached again while its type is made (a recursive one, a node) is
        # taken as unchanged; one that then changes could not be written inline.
        self.making: set[str] = set()
        self.assumed: set[str] = set()

    def type_of(self, schema: dict[str, Any], paths: Paths, name: str | None = None) -> str | None:
        """The type of the value ``schema`` describes as shipped, or None when it is all kept."""
        if "$ref" in schema:
            ref = _ref(schema)
            if ref in self.making:
                self.assumed.add(ref)
                return None
            self.making.add(ref)
            found = self.type_of(self.defs[ref], paths, ref)
            self.making.discard(ref)
            if found is not None and ref in self.assumed:
                raise ValueError(f"{ref} is recursive and loses keys in an island")
            return found
        for key in ("oneOf", "anyOf"):
            if key in schema:
                members = [(self.type_of(s, paths), s) for s in schema[key]]
                if all(found is None for found, _ in members):
                    return None
                return _union([found or type_of(s) for found, s in members])
        kind = schema.get("type")
        if kind == "array" and "items" in schema:
            inner = self.type_of(schema["items"], _under(paths, "*"))
            return None if inner is None else _array_of(inner)
        if kind == "object" and "properties" in schema:
            return self._object(schema, paths, name)
        extra = schema.get("additionalProperties")
        if kind == "object" and isinstance(extra, dict):
            inner = self.type_of(extra, _under(paths, "*"))
            if inner is None:
                return None
            if "propertyNames" in schema:
                return f"Partial<Record<{type_of(schema['propertyNames'])}, {inner}>>"
            return f"{{ [key: string]: {inner} }}"
        return None

    def _object(self, schema: dict[str, Any], paths: Paths, name: str | None) -> str | None:
        ends = {p[0] for p in paths if len(p) == 1}
        properties: dict[str, Any] = schema["properties"]
        dropped = [key for key in properties if key in ends]
        changed = {
            key: found
            for key, value in properties.items()
            if key not in ends and (found := self.type_of(value, _under(paths, key))) is not None
        }
        if not dropped and not changed:
            return None
        if name is None:
            raise ValueError(f"an unnamed object loses keys in an island: {schema!r}")
        omitted = _union([json.dumps(key) for key in (*dropped, *changed)])
        if not changed:
            return f"Omit<{name}, {omitted}>"
        required = set(schema.get("required", ()))
        own = "; ".join(
            f"{key}{'' if key in required else '?'}: {found}" for key, found in changed.items()
        )
        return f"Omit<{name}, {omitted}> & {{ {own} }}"


def island_declarations(schema: dict[str, Any]) -> str:
    """The export as the pages' islands ship it (rulebook/site/calculator.py): what
    ``_without`` leaves of it, and of that the keys each widget's island holds
    (``WIDGET_EXPORT``), so a widget's read of a key its island lacks is a type error."""
    whole = {k: v for k, v in schema.items() if k != "$defs"}
    shipped = _Shipped(schema.get("$defs", {})).type_of(whole, UNREAD, "Export") or "Export"
    out = [
        "",
        "/** The export as an island ships it: without the texts no widget shows nor any",
        " * provenance (rulebook/site/calculator.py UNREAD). */",
        f"export type IslandExport = {shipped};",
    ]
    for widget, keys in WIDGET_EXPORT.items():
        whole_keys = [key for key in keys if "." not in key]
        parts: dict[str, list[str]] = {}
        for key in keys:
            if "." in key:
                top, part = key.split(".", 1)
                parts.setdefault(top, []).append(part)
        picked = f"Pick<IslandExport, {_union([json.dumps(k) for k in whole_keys])}>"
        own = "; ".join(
            f'{top}: Pick<IslandExport["{top}"], {_union([json.dumps(p) for p in kept])}>'
            for top, kept in parts.items()
        )
        out += [
            "",
            f"/** What the {widget}'s island holds of the export (WIDGET_EXPORT). */",
            f"export type {widget.title()}Export = {picked}{f' & {{ {own} }}' if own else ''};",
        ]
    # Each island whole: its words, its tools' keys, and the export as its widget reads it.
    islands: dict[str, dict[str, Any]] = {}
    for widget, shape in WIDGET_ISLAND.items():
        island = TypeAdapter(shape).json_schema()
        islands.update(sorted(island.pop("$defs", {}).items()))
        island["properties"]["export"] = {"$ref": f"#/$defs/{widget.title()}Export"}
        islands[f"{widget.title()}Island"] = island
    # What the setup page gives its generator beside the island, in an attribute.
    islands["TablePlan"] = TypeAdapter(TablePlan).json_schema()
    out += _aliases(islands)
    return "\n".join(out) + "\n"


#: The TypeScript of each kind of problem parameter (scorer.problems.ParamKind).
_PARAM_TYPES: dict[str, str] = {
    "int": "number",
    "text": "string",
    "ints": "number[]",
    "texts": "string[]",
    "value": "unknown",
}


#: The parameters of a problem maker (problems.js ``problem``): left out only for a code
#: that carries none that must be given.
PARAMS_OF = """
/** What follows a problem's code where it is made: its parameters, when it has any to give. */
export type ParamsOf<C extends ProblemCode> = {} extends ProblemParams[C]
  ? [params?: ProblemParams[C]]
  : [params: ProblemParams[C]];"""


def _param(name: str, kind: ParamKind) -> str:
    optional = kind.endswith("?")
    return f"{name}{'?' if optional else ''}: {_PARAM_TYPES[kind.rstrip('?')]}"


def problem_declarations() -> str:
    """The parameters of every problem code (scorer.problems.CODES), so the calculator
    makes and words each problem with the parameters its code carries."""
    out = [
        "",
        "/** What each problem code carries (scorer/problems.py CODES). */",
        "export type ProblemParams = {",
    ]
    for code, params in CODES.items():
        inner = "; ".join(_param(name, kind) for name, kind in params.items())
        out.append(f"  {code}: {{ {inner} }};" if inner else f"  {code}: Record<string, never>;")
    out += [
        "};",
        "",
        "/** Every problem code. */",
        "export type ProblemCode = keyof ProblemParams;",
    ]
    out += PARAMS_OF.splitlines()
    return "\n".join(out) + "\n"


def generated() -> str:
    """The declarations of the export contract and of the problem codes, as they should
    be on disk."""
    schema = export_json_schema()
    return declarations(schema) + island_declarations(schema) + problem_declarations()


def main() -> None:
    TARGET.write_text(generated(), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
