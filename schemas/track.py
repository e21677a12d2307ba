"""``score_track``: score a game from its score track, with only the facts the rules score
at the end.

Where points are moved on a track during play (Tokaido, Viticulture, River of Gold), a
table that has the track totals needs only them plus what the rules count when the game
ends (Tokaido: the Temple ranking and the achievements). A scoring file declares it once::

    score_track:
      label: Points sur la piste de score      # the new input and category
      help: La position de votre marqueur à la fin de la partie.
      option: Depuis la piste de score          # the entry option's label
      at_end: [temple, gourmet, bather]         # categories the rules score at the end
      at_end_values: {traveller: mitsukuni_end_points}   # only part of it comes at the end
      facts:                                    # a value read from one number in this mode
        - {value: meal_price_total, id: meal_prices, label: Prix imprimés de vos repas}

and the file reads as if it said, besides what it says:

- an option ``score_track`` (``category: entry``, a flag, off by default);
- a count input ``track_points`` and a category of the same id showing it (through the
  value ``track_total``), both only with the option on;
- with the option on: every category outside ``at_end`` and ``at_end_values`` (and the
  track's own) is off; a category of ``at_end_values`` shows that value instead (the part
  of it the rules add at the end: Mitsukuni's bonus, not Nampo's meals); each
  ``facts`` value is read from its own count input instead of its details; an input no
  remaining category, ranking key, win condition or end check reads is not asked, and a
  constraint that reads one is not checked.

So both runtimes, the JSON Schema of end states, the share link and the catalogs see
ordinary scoring: no engine code knows about the mode. The new entries are appended to
their lists, so every location in the file keeps its index in error messages.
"""

from collections.abc import Callable, Collection
from typing import Any

from pydantic import Field

from schemas.common import Identifier, Strict, Text, empty_list

#: The option, input, category and value a score track adds.
OPTION = "score_track"
INPUT = "track_points"
#: The value that reads it (an input and a value may not share an id).
VALUE = "track_total"


class TrackFact(Strict):
    """A value read in track mode from one number the table enters (the sum of the
    printed meal prices) instead of the details that compute it in a full count."""

    value: Identifier
    id: Identifier
    label: Text
    help: Text | None = None
    max: int | None = None


class ScoreTrack(Strict):
    """The "from the score track" entry mode of a game (see the module's docstring)."""

    label: Text
    help: Text | None = None
    option: Text
    option_help: Text | None = None
    max: int | None = None
    at_end: list[Identifier]
    #: Categories of which only a part is scored at the end: category id -> that part's value.
    at_end_values: dict[Identifier, Identifier] = Field(default_factory=dict)
    facts: list[TrackFact] = Field(default_factory=empty_list)


def _on() -> dict[str, Any]:
    return {"option": OPTION}


def _off() -> dict[str, Any]:
    return {"not": {"option": OPTION}}


def _and(when: Any, extra: dict[str, Any]) -> dict[str, Any]:
    return extra if when is None else {"all": [when, extra]}


def _strings(node: Any) -> set[str]:
    """Every string in a raw expression: the inputs and values it names, and more (what
    is kept is what matters: an input named anywhere stays asked)."""
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(*(_strings(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_strings(v) for v in node))
    return set()


def _reached(root: Any, computes: dict[str, Any]) -> set[str]:
    """Every name ``root`` reads, through the values it names."""
    read: set[str] = set()
    pending = _strings(root)
    while pending:
        name = pending.pop()
        if name in read:
            continue
        read.add(name)
        if name in computes:
            pending |= _strings(computes[name]) - read
    return read


def _other_reads(
    roots: list[Any], computes: dict[str, Any], claim: Callable[[str, Any], bool]
) -> set[str]:
    """Walk ``roots`` through the values they name; ``claim(name, arg)`` takes the one-key
    nodes that read an input in the way the caller looks for. Return the inputs read in any
    other way (those the caller must still ask for)."""
    other: set[str] = set()
    seen: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                visit(item)
            return
        if not isinstance(node, dict):
            return
        if len(node) == 1:
            ((name, arg),) = node.items()
            if claim(name, arg):
                return
            if name == "input":
                other.add(str(arg))
                return
            if name == "value" and isinstance(arg, str):
                if arg not in seen:
                    seen.add(arg)
                    visit(computes.get(arg))
                return
        for item in node.values():
            visit(item)

    visit(roots)
    return other


def _tested_only(roots: list[Any], computes: dict[str, Any]) -> set[str]:
    """The inputs ``roots`` read (through the values they name) only as the ``of`` of an
    ``is``: whether a choice is one of some; any other read (``choice_data``, a
    comparison) asks for the choice itself."""
    tested: set[str] = set()

    def claim(name: str, arg: Any) -> bool:
        of = arg.get("of") if name == "is" and isinstance(arg, dict) else None
        if isinstance(of, dict) and list(of) == ["input"]:
            tested.add(str(of["input"]))
            return True
        return False

    other = _other_reads(roots, computes, claim)
    return tested - other


def _thresholds(roots: list[Any], computes: dict[str, Any]) -> dict[str, int]:
    """The inputs ``roots`` read (through the values they name) only as ``ge: [input, K]``
    or ``lt: [input, K]``, one ``K`` each: whether the player has at least ``K`` (a
    panorama of 3 paddy cards completed, for Contemplation)."""
    found: dict[str, set[int]] = {}

    def claim(name: str, arg: Any) -> bool:
        if name in ("ge", "lt") and isinstance(arg, list) and len(arg) == 2:
            read, bound = arg
            number = isinstance(bound, int) and not isinstance(bound, bool)
            if number and isinstance(read, dict) and list(read) == ["input"]:
                found.setdefault(str(read["input"]), set()).add(bound)
                return True
        return False

    other = _other_reads(roots, computes, claim)
    return {k: next(iter(v)) for k, v in found.items() if len(v) == 1 and k not in other}


def expand(data: dict[str, Any]) -> dict[str, Any]:
    """The scoring file's data with its ``score_track`` spelled out (unchanged without one,
    or when the declaration is malformed: validation then reports it where it is)."""
    track = data.get("score_track")
    if not isinstance(track, dict) or not isinstance(track.get("at_end"), list):
        return data
    facts = [f for f in track.get("facts") or [] if isinstance(f, dict)]
    found = track.get("at_end_values")
    parts: dict[str, Any] = found if isinstance(found, dict) else {}
    keep = {str(c) for c in track["at_end"]} | {str(c) for c in parts}
    out = dict(data)
    lists = {k: list(out.get(k) or []) for k in ("options", "inputs", "values", "categories")}
    if not all(isinstance(x, dict) for k in lists for x in lists[k]):
        return data
    substitute = {str(f.get("value")): str(f.get("id")) for f in facts}

    values = []
    for value in lists["values"]:
        if value.get("id") in substitute:
            read = {"input": substitute[value["id"]]}
            value = {
                **value,
                "compute": {"if": {"cond": _on(), "then": read, "else": value.get("compute")}},
            }
        values.append(value)
    values.append({"id": VALUE, "compute": {"input": INPUT}})

    categories = []
    for category in lists["categories"]:
        if category.get("id") not in keep:
            category = {**category, "when": _and(category.get("when"), _off())}
        elif category.get("id") in parts:
            # The category's value in full in a full count, only its end part from the track.
            ident = f"{category.get('value')}_{OPTION}"
            part = {"value": parts[category["id"]]}
            full = {"value": category.get("value")}
            values.append(
                {"id": ident, "compute": {"if": {"cond": _on(), "then": part, "else": full}}}
            )
            category = {**category, "value": ident}
        categories.append(category)
    categories.append({"id": INPUT, "label": track.get("label"), "value": VALUE, "when": _on()})

    # What the mode still reads: the kept categories, the ranking, the win, the end checks.
    computes = {str(v.get("id")): v.get("compute") for v in values}
    for fact in facts:  # in this mode a fact's value reads its own input, not its details
        computes[str(fact.get("value"))] = {"input": fact.get("id")}
    declared = out.get("ranking")
    ranking: dict[str, Any] = declared if isinstance(declared, dict) else {}
    computes.update(
        {f"{c.get('value')}": {"value": parts[c["id"]]} for c in categories if c.get("id") in parts}
    )
    # Each root with the condition it holds under (None: always): an input is asked in this
    # mode when a root that reads it applies (the Crossroads cards only with Crossroads).
    roots: list[tuple[Any, Any]] = [
        (c.get("when") if c.get("id") != INPUT else None, [c.get("value"), c.get("when")])
        for c in categories
        if c.get("id") in keep
    ]
    roots += [(None, k.get("value")) for k in ranking.get("keys") or [] if isinstance(k, dict)]
    roots += [(None, ranking.get("win_requires"))]
    roots += [
        (None, c.get("any_player")) for c in out.get("end_checks") or [] if isinstance(c, dict)
    ]
    conditions: dict[str, list[Any]] = {}
    for when, root in roots:
        for name in _reached(root, computes):
            conditions.setdefault(name, []).append(when)

    # A choice this mode reads only through ``is`` (Mitsukuni or not) may be left empty in
    # it: the players whose choice none of those tests name need not give it.
    mode_roots: list[Any] = [
        [{"value": c.get("value")}, c.get("when")]
        for c in categories
        if c.get("id") in keep or c.get("id") == INPUT
    ]
    mode_roots += [
        {"value": k.get("value")} for k in ranking.get("keys") or [] if isinstance(k, dict)
    ]
    mode_roots += [ranking.get("win_requires")]
    mode_roots += [c.get("any_player") for c in out.get("end_checks") or [] if isinstance(c, dict)]
    tested = _tested_only(mode_roots, computes)
    # A count this mode (and every check) reads only as "at least K" is asked as a yes/no.
    checks = [c.get("check") for c in out.get("constraints") or [] if isinstance(c, dict)]
    reached = _thresholds([mode_roots, checks], computes)
    inputs = []
    hidden: set[str] = set()
    #: Inputs this mode asks only under a condition, with it.
    sometimes: dict[str, Any] = {}
    for spec in lists["inputs"]:
        found = conditions.get(str(spec.get("id")))
        if found is None:
            spec = {**spec, "when": _and(spec.get("when"), _off())}
            hidden.add(str(spec.get("id")))
        elif None not in found:
            sometimes[str(spec.get("id"))] = found[0] if len(found) == 1 else {"any": found}
            spec = {
                **spec,
                "when": _and(spec.get("when"), {"any": [_off(), sometimes[str(spec["id"])]]}),
            }
        if spec.get("kind") == "count" and spec["id"] in reached and "reached" not in spec:
            spec = {**spec, "reached": {"at": reached[spec["id"]], "when": _on()}}
        if spec.get("kind") == "choice" and spec.get("default") is None and spec["id"] in tested:
            found = spec.get("may_be_empty")
            spec = {**spec, "may_be_empty": _on() if found is None else {"any": [found, _on()]}}
        inputs.append(spec)
    inputs.append(_count(INPUT, track, track.get("max")))
    for fact in facts:
        inputs.append(_count(str(fact.get("id")), fact, fact.get("max")))

    # A check on what this mode never asks cannot run in it; one on what it asks only with
    # an option runs when that holds too (an input not asked is empty, like in a full count).
    constraints = []
    for constraint in out.get("constraints") or []:
        names = _strings(constraint.get("check")) if isinstance(constraint, dict) else set()
        if names & hidden:
            constraint = {**constraint, "when": _and(constraint.get("when"), _off())}
        elif names & set(sometimes):
            asked = [sometimes[n] for n in sorted(names & set(sometimes))]
            condition = asked[0] if len(asked) == 1 else {"all": asked}
            constraint = {
                **constraint,
                "when": _and(constraint.get("when"), {"any": [_off(), condition]}),
            }
        constraints.append(constraint)

    option = {"id": OPTION, "category": "entry", "kind": "flag", "default": False}
    option["label"] = track.get("option")
    if track.get("option_help") is not None:
        option["help"] = track["option_help"]
    out.update(
        options=[*lists["options"], option],
        inputs=inputs,
        values=values,
        categories=categories,
        constraints=constraints,
    )
    return out


def _count(ident: str, spec: dict[str, Any], top: Any) -> dict[str, Any]:
    """A count input asked only in track mode."""
    found: dict[str, Any] = {
        "id": ident,
        "kind": "count",
        "label": spec.get("label"),
        "when": _on(),
    }
    if spec.get("help") is not None:
        found["help"] = spec["help"]
    if top is not None:
        found["max"] = top
    return found


def full_count_value(value_id: str, value_ids: Collection[str]) -> str:
    """The value a category shows in a full count: in this mode a category scored partly at
    the end shows ``<value>_score_track`` (the track's part or, off the mode, the value), and
    what the rules say about it (its note, its formula) is the value's own."""
    base = value_id.removesuffix(f"_{OPTION}")
    return base if base != value_id and base in value_ids else value_id


def without_mode(when: Any) -> Any:
    """A category's parsed ``when`` without the "not from the score track" this module
    adds: what the reader of the rules needs to know (None for none)."""
    from schemas.expressions import All, Not, OptionRef

    def is_off(node: Any) -> bool:
        return (
            isinstance(node, Not)
            and isinstance(node.not_, OptionRef)
            and node.not_.option == OPTION
        )

    if is_off(when):
        return None
    if isinstance(when, All) and any(is_off(n) for n in when.all):
        rest = [n for n in when.all if not is_off(n)]
        return rest[0] if len(rest) == 1 else All(all=rest)
    return when
