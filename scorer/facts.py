"""What checking an end state reads of a game, as plain data: its export.

scorer/validate.py reads a game through this view, made from the document the browser
calculator reads (scorer.export.export_game): the inputs with their limits, the options and
table inputs with their resolved choices, the rivals, the constraints, what the box holds,
the end state's JSON Schema and what each part of the scoring reads. It is plain JSON
underneath, so a cached export (rulebook.cache.load_export) gives it again without the content
models or pydantic, and validate.js reads the very same document.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from operator import gt, itemgetter
from typing import Any

from scorer.fields import Accept, acceptor
from scorer.needs import Needs

Json = dict[str, Any]
#: Takes some of a row's values, as a tuple.
Take = Callable[[Json], tuple[Any, ...]]

#: The most distinct sets of inputs not asked whose checks are kept (a game has a few
#: dozen; the bound only stops a table of many conditions from filling the memory).
ASKED_KEPT = 4096


@dataclass(frozen=True)
class Asked:
    """What the checks across the players come to for a state without field problems,
    once it is known which inputs are not asked (scorer.validate's quick path).

    Which inputs are asked, compared, bounded for the whole table or must be left empty
    depends on nothing else, so it is worked out once per set of inputs not asked
    (:meth:`GameFacts.asked`) instead of input by input for every state.
    """

    #: The asked inputs with a most for the whole table, and those maxima: counts the
    #: table shares, and flags only one player may hold (at most one ``true``).
    totals: Take | None
    maxima: tuple[int, ...]
    #: Whether the rows' totals are within those maxima (:func:`_within`), or None when
    #: there is no such input.
    within: Callable[[list[Json]], bool] | None
    #: The asked choices (each player must make one), and whether no two may agree.
    choices: Take | None
    unique: tuple[bool, ...]
    #: The other asked inputs compared across the players (places, piles), checked by
    #: scorer.validate's own per-input check.
    others: tuple[Json, ...]
    #: The inputs not asked: a value other than an empty one is a problem.
    unused: frozenset[str]


def _take(idents: list[str]) -> Take | None:
    """What takes ``idents`` of a row, always as a tuple (None for no input)."""
    if not idents:
        return None
    if len(idents) == 1:
        only = idents[0]
        return lambda row: (row[only],)
    taken: Take = itemgetter(*idents)
    return taken


def _within(
    take: Take, maxima: tuple[int, ...], least: list[int], most: list[int], players: int
) -> Callable[[list[Json]], bool]:
    """What tells whether the columns ``take`` takes of the rows add up to at most
    ``maxima``, for rows whose every value is within ``least`` and ``most`` (fields the
    end state's schema accepted, or their defaults: both bounds are the limits), at most
    ``players`` rows.

    Column by column (a tuple of each, a sum of each) costs more than the rest of the
    check across the players. When every value is a small number (a count of cards, a
    flag) each row is read as one integer of one byte per column, all rows added in
    one sum; with at most 127 in any column, no byte carries into the next, and adding
    127 - max to each sets a byte's top bit exactly where its total is over the max.
    """
    if all(low >= 0 for low in least) and all(
        high >= 0 and high * players <= 127 and 0 <= limit <= 127
        for high, limit in zip(most, maxima, strict=True)
    ):
        over = int.from_bytes(bytes(127 - limit for limit in maxima))
        top = int.from_bytes(bytes([128] * len(maxima)))
        read = int.from_bytes

        def packed(rows: list[Json]) -> bool:
            return not (sum(map(read, map(bytes, map(take, rows)))) + over) & top

        return packed

    def columns(rows: list[Json]) -> bool:
        totals = map(sum, zip(*map(take, rows), strict=True))
        return not any(map(gt, totals, maxima))

    return columns


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
        self._asked: dict[tuple[str, ...], Asked] = {}

    @cached_property
    def accepts_fields(self) -> Accept:
        """True for an end state with no single-field problem (scorer.fields.acceptor)."""
        return acceptor(self.schema)

    @cached_property
    def table_maxima(self) -> dict[str, int]:
        """The most the whole table may hold of each count input that has such a limit."""
        return {
            spec["id"]: most
            for spec in self.inputs
            if spec["kind"] == "count"
            and (most := self.limits[spec["id"]]["table_max"]) is not None
        }

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
    def sequence_inputs(self) -> list[str]:
        """The inputs that hold a pile (a list)."""
        return [spec["id"] for spec in self.inputs if spec["kind"] == "sequence"]

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

    def asked(self, off: tuple[str, ...]) -> Asked:
        """What the checks across the players come to when the inputs ``off`` are not
        asked (:class:`Asked`), worked out once per distinct ``off``."""
        found = self._asked.get(off)
        if found is None:
            found = self._make_asked(frozenset(off))
            if len(self._asked) < ASKED_KEPT:
                self._asked[off] = found
        return found

    def _make_asked(self, off: frozenset[str]) -> Asked:
        totals: list[str] = []
        maxima: list[int] = []
        least: list[int] = []  # what each of them may hold for one player
        most: list[int] = []
        choices: list[str] = []
        unique: list[bool] = []
        others: list[Json] = []
        for spec in self.inputs:
            ident, kind = spec["id"], spec["kind"]
            if ident in off or ident not in self.compared_inputs:
                continue
            if kind in ("count", "flag"):
                totals.append(ident)
                maxima.append(self.table_maxima[ident] if kind == "count" else 1)
                limits = self.limits[ident] if kind == "count" else {"min": 0, "max": 1}
                least.append(limits["min"])
                most.append(-1 if limits["max"] is None else limits["max"])
            elif kind == "choice":
                choices.append(ident)
                unique.append(bool(spec.get("unique")))
            else:
                others.append(spec)
        take = _take(totals)
        return Asked(
            totals=take,
            maxima=tuple(maxima),
            within=None
            if take is None
            else _within(take, tuple(maxima), least, most, self.counts.stop - 1),
            choices=_take(choices),
            unique=tuple(unique),
            others=tuple(others),
            unused=off & self.input_ids,
        )

    def default_value(self, spec: Json) -> Any:
        """What ``spec`` holds when the end state leaves it out."""
        kind = spec["kind"]
        if kind == "count":
            least, most = self.limits[spec["id"]]["min"], self.limits[spec["id"]]["max"]
            return 0 if least <= 0 and (most is None or most >= 0) else least
        return {"flag": False, "choice": spec.get("default"), "sequence": []}.get(kind)

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
        return frozenset(
            spec["id"]
            for spec in self.inputs
            if '"table":"' in json.dumps(spec.get("when"), separators=(",", ":"))
        )

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
