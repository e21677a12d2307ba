"""Accepting an end state with a cached program: yes (and its normal form), or "ask the engine".

This is not a second validator with its own messages. It answers only whether an end state
is one the engine would accept, and it answers "not sure" (None) for anything else, so every
refused state, with every problem worded, comes from the engine itself
(scorer.validate.check_end_state). To be safe it is stricter than the engine where the
engine may normalize: it takes only names that are already clean (NFC, trimmed, printable)
and counts of a sane size. tests/test_program.py holds it to the engine on every
conformance case, every refused state and generated and corrupted states of every game:
accepted means the engine accepts and gives the same result.

The facts it reads are the game's export (scorer.export.export_game, the document the
browser calculator reads): inputs, limits, options, table choices, components, and the
compiled ``when`` and constraint functions.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable
from typing import Any

#: What the engine's end-state model allows a name to be (schemas.endstate.PLAYER_NAME).
NAME_LENGTH = 40
#: Counts beyond this are left to the engine, whatever the content's limits say.
SANE_COUNT = 10_000

Json = dict[str, Any]
#: (names, players without names, options, table, choice data), as scorer.validate.TableState.
Accepted = tuple[list[str], list[Json], Json, Json, dict[str, Json]]


def _is_int(value: Any) -> bool:
    return type(value) is int and -SANE_COUNT <= value <= SANE_COUNT


def _clean_name(name: Any) -> bool:
    return (
        type(name) is str
        and 1 <= len(name) <= NAME_LENGTH
        and name == name.strip()
        and name.isprintable()
        and unicodedata.is_normalized("NFC", name)
    )


class Acceptor:
    """Decides, from a game's export and compiled checks, whether the engine would accept."""

    def __init__(self, export: Json, functions: dict[str, Any]) -> None:
        scoring = export["scoring"]
        self.game: str = export["game"]
        self.least, self.most = export["players"]["min"], export["players"]["max"]
        self.inputs: list[Json] = scoring["inputs"]
        self.options: list[Json] = scoring.get("options", [])
        self.table: list[Json] = scoring.get("table", [])
        self.limits: Json = export["limits"]
        self.components: Json = export["components"]
        self.functions = functions
        self.input_ids = {spec["id"] for spec in self.inputs} | {"name"}
        self.defaults = {spec["id"]: self._default(spec) for spec in self.inputs}

    def _when(self, group: str, key: str) -> Callable[..., Any] | None:
        found: Callable[..., Any] | None = self.functions[group].get(key)
        return found

    def _default(self, spec: Json) -> Any:
        kind = spec["kind"]
        if kind == "count":
            limit = self.limits[spec["id"]]
            least, most = limit["min"], limit["max"]
            return 0 if least <= 0 and (most is None or most >= 0) else least
        return {"flag": False, "choice": spec.get("default"), "position": None, "sequence": []}[
            kind
        ]

    # ------------------------------------------------------------------------------------
    # Field by field (what the engine's end-state model checks)
    # ------------------------------------------------------------------------------------

    def _value_fits(self, spec: Json, value: Any) -> bool:
        kind = spec["kind"]
        if kind == "count":
            limit = self.limits[spec["id"]]
            return (
                _is_int(value)
                and value >= limit["min"]
                and (limit["max"] is None or value <= limit["max"])
            )
        if kind == "flag":
            return type(value) is bool
        if kind == "choice":
            return value is None or (
                type(value) is str and any(c["id"] == value for c in spec["choices"])
            )
        if kind == "position":
            return value is None or (_is_int(value) and 1 <= value <= self.most)
        if kind == "sequence":
            return (
                type(value) is list
                and len(value) <= spec["max_length"]
                and all(
                    _is_int(v) and spec.get("item_min", 0) <= v <= spec["item_max"] for v in value
                )
            )
        return False

    def _fields(self, raw: Any) -> tuple[list[Json], list[set[str]], Json, Json] | None:
        if type(raw) is not dict or not set(raw) <= {"game", "options", "table", "players"}:
            return None
        if raw.get("game") != self.game or type(raw.get("game")) is not str:
            return None
        given_players = raw.get("players")
        if type(given_players) is not list or not self.least <= len(given_players) <= self.most:
            return None
        players: list[Json] = []
        given: list[set[str]] = []
        for player in given_players:
            if type(player) is not dict or not set(player) <= self.input_ids:
                return None
            if not _clean_name(player.get("name")):
                return None
            for spec in self.inputs:
                if spec["id"] in player and not self._value_fits(spec, player[spec["id"]]):
                    return None
            defaults = {k: list(v) if type(v) is list else v for k, v in self.defaults.items()}
            players.append({**defaults, **player})
            given.append(set(player))
        options = self._choices(raw.get("options", {}), self.options, flags=True)
        table = self._choices(raw.get("table", {}), self.table, flags=False)
        if options is None or table is None:
            return None
        return players, given, options, table

    @staticmethod
    def _choices(given: Any, declared: list[Json], flags: bool) -> Json | None:
        """Options (or table inputs) with their defaults, or None if one does not fit."""
        if type(given) is not dict or not set(given) <= {d["id"] for d in declared}:
            return None
        chosen: Json = {}
        for item in declared:
            value = given.get(item["id"], item.get("default") if flags else None)
            if flags and item["kind"] == "flag":
                fits = type(value) is bool
            else:
                fits = (value is None and not flags) or (
                    type(value) is str and any(c["id"] == value for c in item["choices"])
                )
            if not fits:
                return None
            chosen[item["id"]] = value
        return chosen

    # ------------------------------------------------------------------------------------
    # Across fields and players (what scorer.validate.check_end_state checks)
    # ------------------------------------------------------------------------------------

    def accept(self, raw: Any) -> Accepted | None:
        """The end state in the engine's normal form, or None: let the engine decide."""
        found = self._fields(raw)
        if found is None:
            return None
        players, given, options, table = found
        names = [player.pop("name") for player in players]
        count = len(players)
        if len(set(names)) != count:
            return None
        choice_data = self._table_data(options, table, count)
        if choice_data is None:
            return None
        for spec in self.inputs:
            when = self._when("input_when", spec["id"])
            values = [player[spec["id"]] for player in players]
            if when is not None and not when(options, table, choice_data, count):
                if any(
                    spec["id"] in fields and value not in (0, False, None, [])
                    for fields, value in zip(given, values, strict=True)
                ):
                    return None
            elif not self._input_holds(spec, values):
                return None
        if not self._within_the_box(players):
            return None
        for spec in self.inputs:  # a player left out of an optional order holds place 0
            if spec["kind"] == "position" and spec.get("optional"):
                for player in players:
                    if player[spec["id"]] is None:
                        player[spec["id"]] = 0
        if not self._constraints_hold(players, options, table, choice_data, count):
            return None
        return names, players, options, table, choice_data

    def _table_data(self, options: Json, table: Json, count: int) -> dict[str, Json] | None:
        data: dict[str, Json] = {}
        placed: dict[str, set[str]] = {}
        for spec in self.table:
            ident, chosen = spec["id"], table[spec["id"]]
            when = self._when("table_when", ident)
            if when is not None and not when(options, table, {}, count):
                if chosen is not None:
                    return None
                data[ident] = {}
                continue
            offered = {
                c["id"]: c
                for c in spec["choices"]
                if (check := self._when("choice_when", f"{ident}.{c['id']}")) is None
                or check(options, table, {}, count)
            }
            if chosen not in offered:
                return None
            data[ident] = offered[chosen].get("data", {})
            if spec.get("distinct_within_group"):
                group = placed.setdefault(spec.get("group") or "", set())
                if chosen in group:
                    return None
                group.add(chosen)
        return data

    def _input_holds(self, spec: Json, values: list[Any]) -> bool:
        kind = spec["kind"]
        if kind == "count":
            most = self.limits[spec["id"]]["table_max"]
            return most is None or sum(values) <= most
        if kind == "flag":
            return not spec.get("unique") or sum(bool(v) for v in values) <= 1
        if kind == "choice":
            chosen = [v for v in values if v is not None]
            return len(chosen) == len(values) and (
                not spec.get("unique") or len(set(chosen)) == len(chosen)
            )
        if kind == "position":
            return _positions_hold(spec, values)
        if kind == "sequence":
            most = self.limits.get(spec["id"], {}).get("table_max")
            return all(_pile_holds(spec, pile) for pile in values) and (
                most is None or sum(len(p) for p in values) <= most
            )
        return False

    def _within_the_box(self, players: list[Json]) -> bool:
        """Components counted by several inputs: all of them together stay within the box."""
        counted: dict[str, list[str]] = {}
        for spec in self.inputs:
            if spec.get("component") is not None:
                counted.setdefault(spec["component"], []).append(spec["id"])
        for component, inputs in counted.items():
            limit = self.components.get(component, {}).get("count")
            if len(inputs) < 2 or limit is None:
                continue
            total = sum(
                len(p[i]) if type(p[i]) is list else p[i] if type(p[i]) is int else 0
                for p in players
                for i in inputs
            )
            if total > limit:
                return False
        return True

    def _constraints_hold(
        self, players: list[Json], options: Json, table: Json, data: dict[str, Json], count: int
    ) -> bool:
        constraints = self.functions["constraints"]
        if not constraints:
            return True
        values = self.functions["evaluate"](players, options, table, data, False)[0]
        for _ident, (rule, applies) in constraints.items():
            if applies is not None and not applies(options, table, data, count):
                continue
            if not all(rule(players, options, table, data, values)):
                return False
        return True


def _positions_hold(spec: Json, values: list[Any]) -> bool:
    """Places 1..n, each once; an optional order only needs its places to run without gaps."""
    last = min(len(values), spec["max"]) if spec.get("max") is not None else len(values)
    for value in values:
        if (value is None and not spec.get("optional")) or (value is not None and value > last):
            return False
    placed = sorted(v for v in values if v is not None)
    return placed == list(range(1, len(placed) + 1))


def _pile_holds(spec: Json, pile: list[int]) -> bool:
    if spec.get("distinct") and len(set(pile)) != len(pile):
        return False
    if pile and spec.get("first") is not None and pile[0] != spec["first"]:
        return False
    closes, step = spec.get("closes_at"), spec.get("max_step")
    for below, card in itertools.pairwise(pile):
        if closes is not None and below == closes:
            return False
        if spec.get("non_decreasing") and card < below:
            return False
        if step is not None and card - below > step:
            return False
    return True
