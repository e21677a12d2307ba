"""What checking an end state reads of a game, as plain data: its export.

scorer/validate.py reads a game through this view, made from the document the browser
calculator reads (scorer.export.export_game): the inputs with their limits, the options and
table inputs with their resolved choices, the rivals, the constraints, what the box holds,
the end state's JSON Schema and what each part of the scoring reads. It is plain JSON
underneath, so a cached export (rulebook.cache.load_export) gives it again without the content
models or pydantic, and validate.js reads the very same document.
"""

from __future__ import annotations

import sys
from functools import cached_property
from typing import Any

from scorer.needs import Needs
from scorer.relevance import named

Json = dict[str, Any]


class GameFacts:
    """One game's export, with what validation derives from it computed once."""

    def __init__(self, export: Json) -> None:
        scoring = export["scoring"]
        self.export = export
        self.id: str = export["game"]
        #: The player counts the game is for.
        self.counts = range(export["players"]["min"], export["players"]["max"] + 1)
        self.inputs: list[Json] = scoring["inputs"]
        self.options: list[Json] = scoring.get("options", [])
        self.table: list[Json] = scoring.get("table", [])
        self.rivals: list[Json] = scoring.get("rivals", [])
        self.constraints: list[Json] = scoring.get("constraints", [])
        #: (least, most for one player, most for the table) by count input; a pile's most
        #: for the table by sequence input.
        self.limits: dict[str, Json] = export["limits"]
        #: The count of each component an input counts.
        self.component_counts: dict[str, int | None] = {
            ident: found["count"] for ident, found in export["components"].items()
        }
        self.schema: Json = export["end_state"]
        self.needs = Needs.from_json(export["needs"])

    @cached_property
    def input_ids(self) -> frozenset[str]:
        """Every input's id."""
        return frozenset(spec["id"] for spec in self.inputs)

    @cached_property
    def defaults(self) -> Json:
        """What each input holds when the end state leaves it out, by id.

        The ids are interned: each row is built from this dict, so its keys are the very
        strings of the compiled code's constants, and a read finds its key without
        comparing the characters.
        """
        return {sys.intern(spec["id"]): self.default_value(spec) for spec in self.inputs}

    @cached_property
    def row_defaults(self) -> dict[str, dict[str, int]]:
        """The defaulted numbers of each rows input that has some, by input and field id."""
        found = {spec["id"]: field_defaults(spec) for spec in self.inputs if spec["kind"] == "rows"}
        return {ident: fields for ident, fields in found.items() if fields}

    def fill_rows(self, values: Json) -> None:
        """Give each row of ``values`` (one player's or rival's inputs) the defaulted numbers
        it leaves out, as the end state's model does (fields.js's twin in validate.js)."""
        for ident, fields in self.row_defaults.items():
            rows = values.get(ident)
            if isinstance(rows, list):
                values[ident] = [{**fields, **r} if isinstance(r, dict) else r for r in rows]

    @cached_property
    def optional_orders(self) -> list[str]:
        """The places only some players hold (a player left out holds none)."""
        return [
            spec["id"]
            for spec in self.inputs
            if spec["kind"] == "position" and spec.get("optional")
        ]

    @cached_property
    def compared_inputs(self) -> frozenset[str]:
        """The inputs checked across the players (scorer.validate's ``_input``): a count the
        table shares, a flag or a choice only one may hold, a required choice, places and
        piles. The others have nothing to compare."""
        return frozenset(
            spec["id"]
            for spec in self.inputs
            if spec["kind"] in ("choice", "position", "sequence")
            or (spec["kind"] == "count" and self.limits[spec["id"]]["table_max"] is not None)
            or (spec["kind"] == "flag" and spec.get("unique"))
        )

    def default_value(self, spec: Json) -> Any:
        """What ``spec`` holds when the end state leaves it out."""
        kind = spec["kind"]
        if kind == "count":
            least, most = self.limits[spec["id"]]["min"], self.limits[spec["id"]]["max"]
            return 0 if least <= 0 and (most is None or most >= 0) else least
        return {"flag": False, "choice": spec.get("default"), "sequence": [], "rows": []}.get(kind)

    @cached_property
    def shared(self) -> dict[str, tuple[list[str], int]]:
        """Components several inputs count, with those inputs and the box's count.

        (A component a single input counts is checked with that input.)
        """
        counted: dict[str, list[str]] = {}
        for spec in self.inputs:
            if spec.get("component") is not None:
                counted.setdefault(spec["component"], []).append(spec["id"])
        return {
            ident: (inputs, limit)
            for ident, inputs in counted.items()
            if len(inputs) >= 2 and (limit := self.component_counts[ident]) is not None
        }

    @cached_property
    def reads_table(self) -> frozenset[str]:
        """The inputs whose ``when`` reads a table input (its choice, or the choice's data)."""
        return frozenset(spec["id"] for spec in self.inputs if named(spec.get("when"), "table"))

    @cached_property
    def option_defaults(self) -> list[tuple[str, Any]]:
        """(id, value when the end state leaves it out) of each option."""
        return [(sys.intern(o["id"]), o.get("default")) for o in self.options]

    @cached_property
    def option_values(self) -> Json:
        """:attr:`option_defaults` as a dict, in the options' order."""
        return dict(self.option_defaults)

    @cached_property
    def option_rules(self) -> list[tuple[str, list[int], list[int]]]:
        """(option, the counts it is only for, the counts that need it) of each option
        with a player-count rule."""
        return [
            (o["id"], o["players"].get("only", []), o["players"].get("required", []))
            for o in self.options
            if o.get("players")
        ]


def field_defaults(spec: Json) -> dict[str, int]:
    """The defaulted numbers of a rows input's (or a shared rows table input's) fields."""
    return {f["id"]: f["default"] for f in spec["fields"] if f.get("default") is not None}
