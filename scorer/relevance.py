"""Which inputs count for a player: derived from the declared scoring, never listed by hand.

An input read only under an ``if`` (or a category's ``when``) whose condition reads the
options, the player count and the same player's inputs counts only while that condition
can hold: Tokaido's coins only for the holder of the Foresight calligraphy, the Patience
arrival only for the holder of Patience, the Umegae amulet count only for Umegae. The
derivation walks every root the totals and the ranking read (categories, ranking keys, the
win condition, the end checks), carrying the conditions it went under; a read inside a
node that compares players (a majority, a neighbour's card) drops the conditions outside
it, which are the reader's and not the owner's. Constraints are no roots: what they read
is checked, not counted.

A score track's facts (schemas/track.py) add the other half: where the details a fact
sums up are asked anyway (Tokaido's meals by price, for the Fasting calligraphy), the
fact is implied by them and never asked.

:func:`derive` runs when the export is made (scorer/export.py, under ``needs``); the
rest evaluates that plain data, as ``site/assets/calculator/relevance.js`` does, node for
node: :func:`settle` with the options and the player count (the same for every player),
:func:`hidden` with one player's row.
"""

from __future__ import annotations

import json
from typing import Any

Json = dict[str, Any]

#: The nodes a condition may hold to be evaluated per player (after values are inlined).
_LOGIC = {"not", "all", "any", "is", "eq", "ne", "lt", "le", "gt", "ge"}
_ARITHMETIC = {"sum", "product", "difference", "minimum", "maximum"}
_COMPARE = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}


def _key(node: Any) -> str:
    return json.dumps(node, sort_keys=True, separators=(",", ":"))


class Derivation:
    """The walk over one game's exported scoring (plain JSON)."""

    def __init__(self, scoring: Json, cross_player: frozenset[str]) -> None:
        self.scoring = scoring
        self.cross = cross_player
        self.values: dict[str, Any] = {v["id"]: v["compute"] for v in scoring["values"]}
        self.kinds: dict[str, str] = {i["id"]: i["kind"] for i in scoring["inputs"]}
        self.options = {o["id"] for o in scoring.get("options", [])}
        self.of_values: dict[str, dict[str, list[tuple[str, ...]]]] = {}
        self.guards: dict[str, Any] = {}  # a guard by its key

    # -- conditions the form can evaluate ------------------------------------------------

    def usable(self, node: Any, seen: frozenset[str] = frozenset()) -> Any:
        """``node`` with its values inlined when it reads only options, the player count
        and the same player's counts, flags and choices; None when it reads anything else."""
        if isinstance(node, (bool, int)):
            return node
        if not isinstance(node, dict) or len(node) != 1:
            return None
        ((name, arg),) = node.items()
        if name == "input":
            return node if self.kinds.get(arg) in ("count", "flag", "choice") else None
        if name == "option":
            return node if arg in self.options else None
        if name == "player_count":
            return node
        if name == "value":
            if arg in seen or arg not in self.values:
                return None
            return self.usable(self.values[arg], seen | {arg})
        if name == "is":
            of = self.usable(arg["of"], seen)
            return None if of is None else {"is": {"of": of, "in": list(arg["in"])}}
        if name == "not":
            inner = self.usable(arg, seen)
            return None if inner is None else {"not": inner}
        if name == "if":
            parts = [self.usable(arg.get(k, 0), seen) for k in ("cond", "then", "else")]
            if any(p is None for p in parts):
                return None
            return {"if": dict(zip(("cond", "then", "else"), parts, strict=True))}
        if name in _LOGIC or name in _ARITHMETIC:
            items = [self.usable(x, seen) for x in arg]
            return None if any(x is None for x in items) else {name: items}
        return None

    def guard(self, node: Any) -> tuple[str, ...]:
        """The keys of a guard's parts (an ``all`` is as many guards as it holds)."""
        if isinstance(node, dict) and "all" in node:
            return tuple(k for part in node["all"] for k in self.guard(part))
        key = _key(node)
        self.guards[key] = node
        return (key,)

    # -- the walk ------------------------------------------------------------------------

    def walk(
        self, node: Any, under: tuple[str, ...], out: dict[str, list[tuple[str, ...]]]
    ) -> None:
        """Record in ``out`` every input ``node`` reads, with the guards it is read under."""
        if isinstance(node, list):
            for item in node:
                self.walk(item, under, out)
            return
        if not isinstance(node, dict):
            return
        if len(node) != 1:  # a node's argument ({cond, then, else}, {of, in}...)
            for item in node.values():
                self.walk(item, under, out)
            return
        ((name, arg),) = node.items()
        if name == "input" and isinstance(arg, str):
            out.setdefault(arg, []).append(tuple(sorted(set(under))))
        elif name == "value" and isinstance(arg, str):
            for ident, conjunctions in self.of_value(arg).items():
                out.setdefault(ident, []).extend(tuple(sorted({*under, *c})) for c in conjunctions)
        elif name in ("option", "player_count", "table", "rival"):
            return
        elif name == "if":
            cond = arg.get("cond")
            self.walk(cond, under, out)
            found = self.usable(cond)
            if found is None:
                self.walk([arg.get("then"), arg.get("else", 0)], under, out)
            else:
                self.walk(arg.get("then"), (*under, *self.guard(found)), out)
                self.walk(arg.get("else", 0), (*under, *self.guard({"not": found})), out)
        elif name in self.cross:
            self.walk(arg, (), out)  # the guards outside are the reader's, not the owner's
        else:
            self.walk(arg, under, out)

    def of_value(self, ident: str) -> dict[str, list[tuple[str, ...]]]:
        """What value ``ident`` reads, each input with the guards inside the value."""
        if ident in self.of_values:
            return self.of_values[ident]
        self.of_values[ident] = {}  # a cycle is a content error, reported elsewhere
        found: dict[str, list[tuple[str, ...]]] = {}
        if ident in self.values:
            self.walk(self.values[ident], (), found)
        self.of_values[ident] = found
        return found

    def roots(self, tiebreaks: bool = True) -> dict[str, list[tuple[str, ...]]]:
        """Every input the totals, the breakdown and the ranking read, with its guards
        (without ``tiebreaks``, what the ranking keys after the first read is left out)."""
        out: dict[str, list[tuple[str, ...]]] = {}
        for category in self.scoring["categories"]:
            when = category.get("when")
            self.walk(when, (), out)
            found = None if when is None else self.usable(when)
            under = () if found is None else self.guard(found)
            self.walk({"value": category["value"]}, under, out)
        ranking = self.scoring["ranking"]
        for key in ranking["keys"] if tiebreaks else ranking["keys"][:1]:
            if key["value"] in self.values:
                self.walk({"value": key["value"]}, (), out)
        self.walk(ranking.get("win_requires"), (), out)
        for check in self.scoring.get("end_checks", []):
            self.walk(check.get("any_player"), (), out)
        return out

    def condition(self, conjunctions: list[tuple[str, ...]]) -> Any:
        """The guards as one condition: any of the conjunctions (None: always)."""
        unique = sorted(set(conjunctions), key=lambda c: (len(c), c))
        kept: list[tuple[str, ...]] = []
        for c in unique:
            if not any(set(k) <= set(c) for k in kept):
                kept.append(c)
        if any(not c for c in kept):
            return None
        alls = [
            self.guards[c[0]] if len(c) == 1 else {"all": [self.guards[g] for g in c]} for c in kept
        ]
        return alls[0] if len(alls) == 1 else {"any": alls}


def named(node: Any, key: str) -> list[str]:
    """The ids ``node`` names under ``key`` (``input``, ``value``, ``table``: its references,
    a rival's value included), in the order it names them, each once."""
    found: list[str] = []

    def walk(part: Any) -> None:
        if isinstance(part, list):
            for item in part:
                walk(item)
        elif isinstance(part, dict):
            for name, arg in part.items():
                if name == key and isinstance(arg, str):
                    if arg not in found:
                        found.append(arg)
                else:
                    walk(arg)

    walk(node)
    return found


def derive(scoring: Json, cross_player: frozenset[str]) -> Json:
    """``{"relevant": [{input, when}], "implied": [{input, from, reads}]}`` for an exported
    scoring: ``when`` says when an input counts (an input a guard reads comes before the
    inputs it guards), ``from`` computes a fact from the details that imply it."""
    walk = Derivation(scoring, cross_player)
    conditions = {
        ident: cond
        for ident, conjunctions in walk.roots().items()
        if ident in walk.kinds and (cond := walk.condition(conjunctions)) is not None
    }
    # Guards first: an input is settled before the inputs its presence decides.
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(ident: str) -> None:
        if state.get(ident) == "done":
            return
        if state.get(ident) == "open":  # guards that read each other: ask both always
            conditions.pop(ident, None)
            return
        state[ident] = "open"
        for read in named(conditions.get(ident), "input"):
            if read in conditions and read != ident:
                visit(read)
        state[ident] = "done"
        if ident in conditions:
            order.append(ident)

    for spec in scoring["inputs"]:
        visit(spec["id"])
    relevant = [{"input": i, "when": conditions[i]} for i in order if i in conditions]
    return {
        "relevant": relevant,
        "implied": _implied(scoring, walk),
        "tie_unless": _tie_unless(scoring, walk),
    }


def _tie_unless(scoring: Json, walk: Derivation) -> list[Json]:
    """The inputs a tiebreaker reads for every player but the totals only under a
    condition (Tokaido's first-panorama achievements from the score track: Mitsukuni's
    bonus and the Perfection calligraphy count them, the ranking's second key counts them
    for everyone): ``when`` says when they count for the totals (False: never); for any
    other player they are needed only on a tie, and the form folds them there."""
    keys = scoring["ranking"]["keys"][1:]
    tiebreak: dict[str, list[tuple[str, ...]]] = {}
    for key in keys:
        if key["value"] in walk.values:
            walk.walk({"value": key["value"]}, (), tiebreak)
    totals = walk.roots(tiebreaks=False)
    out = []
    for spec in scoring["inputs"]:
        ident = spec["id"]
        if ident not in tiebreak or walk.condition(tiebreak[ident]) is not None:
            continue  # not read by a tiebreaker for everyone
        if ident not in totals:
            out.append({"input": ident, "when": False})
        elif (cond := walk.condition(totals[ident])) is not None:
            out.append({"input": ident, "when": cond})
    return out


def _implied(scoring: Json, walk: Derivation) -> list[Json]:
    """The score track's facts that the details they sum up imply."""
    from schemas.track import OPTION

    track = scoring.get("score_track") or {}
    out = []
    for fact in track.get("facts", []):
        compute = walk.values.get(fact["value"])
        branch = compute.get("if") if isinstance(compute, dict) else None
        if not branch or branch.get("cond") != {"option": OPTION}:
            continue
        if branch.get("then") != {"input": fact["id"]}:
            continue
        found = walk.usable(branch.get("else", 0))
        if found is not None and named(found, "input"):
            out.append({"input": fact["id"], "from": found, "reads": named(found, "input")})
    return out


# -- evaluation (relevance.js does the same, node for node) -----------------------------


class _Open:
    """A part of a condition that depends on a player's inputs."""

    __slots__ = ("node",)

    def __init__(self, node: Any) -> None:
        self.node = node


def _truthy(value: Any) -> bool:
    return bool(value)


def _number(value: Any) -> int:
    return int(value) if isinstance(value, bool) else value if isinstance(value, int) else 0


def evaluate(node: Any, row: Json, options: Json, count: int) -> Any:
    """A condition's value for one player (``row``: every input, defaults filled in)."""
    found = _partial(node, options, count, row)
    assert not isinstance(found, _Open)
    return found


def _partial(node: Any, options: Json, count: int, row: Json | None) -> Any:
    """``node``'s value, or an :class:`_Open` of what is left when ``row`` is None."""
    if isinstance(node, (bool, int)):
        return node
    ((name, arg),) = node.items()
    if name == "input":
        return _Open(node) if row is None else row.get(arg)
    if name == "option":
        return options.get(arg)
    if name == "player_count":
        return count
    if name == "not":
        inner = _partial(arg, options, count, row)
        return _Open({"not": inner.node}) if isinstance(inner, _Open) else not _truthy(inner)
    if name in ("all", "any"):
        left = []
        for item in arg:
            value = _partial(item, options, count, row)
            if isinstance(value, _Open):
                left.append(value.node)
            elif _truthy(value) != (name == "all"):
                return name == "any"
        if not left:
            return name == "all"
        return _Open(left[0] if len(left) == 1 else {name: left})
    if name == "if":
        cond = _partial(arg["cond"], options, count, row)
        if isinstance(cond, _Open):
            return _Open({"if": {**arg, "cond": cond.node}})
        return _partial(arg["then"] if _truthy(cond) else arg["else"], options, count, row)
    if name == "is":
        of = _partial(arg["of"], options, count, row)
        if isinstance(of, _Open):
            return _Open({"is": {"of": of.node, "in": arg["in"]}})
        return of in arg["in"]
    items = [_partial(x, options, count, row) for x in arg]
    if any(isinstance(x, _Open) for x in items):
        return _Open(node)
    if name in _COMPARE:
        return _COMPARE[name](_number(items[0]), _number(items[1]))
    numbers = [_number(x) for x in items]
    if name == "sum":
        return sum(numbers)
    if name == "product":
        product = 1
        for x in numbers:
            product *= x
        return product
    if name == "difference":
        return numbers[0] - numbers[1]
    return min(numbers) if name == "minimum" else max(numbers)


def settle(relevance: Json, options: Json, count: int) -> dict[str, Any]:
    """Per input of ``relevance["relevant"]``, with the options and the player count known:
    ``True`` (it counts for everyone), ``False`` (for nobody) or the condition left to
    evaluate per player."""
    out: dict[str, Any] = {}
    for entry in relevance["relevant"]:
        value = _partial(entry["when"], options, count, None)
        out[entry["input"]] = value.node if isinstance(value, _Open) else _truthy(value)
    return out


def _clean(value: Any, default: Any) -> Any:
    """``value`` when it has its input's type (that of its default: a flag's bool, a
    count's whole number, else a choice's text), else the default: an entry not valid yet
    counts as empty."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, str)
    return value if ok else default


def hidden(
    relevance: Json,
    row: Json,
    defaults: Json,
    asked: list[str],
    options: Json,
    count: int,
) -> tuple[list[str], Json]:
    """The inputs among ``asked`` that do not count for the player whose inputs are
    ``row`` (their defaults stand in for the rest), and the implied facts with their
    values. An input that does not count is read at its default by the conditions after it."""
    seen = {k: _clean(row.get(k), v) for k, v in defaults.items()}
    out: list[str] = []
    for entry in relevance["relevant"]:
        ident = entry["input"]
        if ident in asked and not _truthy(evaluate(entry["when"], seen, options, count)):
            out.append(ident)
            seen[ident] = defaults.get(ident)
    implied: Json = {}
    for entry in relevance["implied"]:
        ident = entry["input"]
        shown = all(r in asked and r not in out for r in entry["reads"])
        if ident in asked and ident not in out and shown:
            implied[ident] = evaluate(entry["from"], seen, options, count)
            out.append(ident)
    return out, implied


def tie_only(
    relevance: Json,
    row: Json,
    defaults: Json,
    asked: list[str],
    options: Json,
    count: int,
) -> list[str]:
    """The inputs among ``asked`` that count only on a tie for the player whose inputs are
    ``row`` (``relevance["tie_unless"]``): the form asks them in its tie fold. An input
    that does not count at all (:func:`hidden`) is read at its default, and is not one."""
    hide, _ = hidden(relevance, row, defaults, asked, options, count)
    seen = {k: _clean(row.get(k), v) for k, v in defaults.items()}
    seen.update({k: defaults.get(k) for k in hide})
    return [
        entry["input"]
        for entry in relevance.get("tie_unless", [])
        if entry["input"] in asked
        and entry["input"] not in hide
        and not _truthy(evaluate(entry["when"], seen, options, count))
    ]
