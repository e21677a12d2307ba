"""What makes a table legal, the same for ``setup`` and ``score``: one declaration each.

The player range comes from game.yaml (``players``); the counts an option is tied to from
its ``players`` rule in scoring.yaml (Nile at 6 needs DeLuxor; Viticulture's Automa is for
one player, and one player needs it); when an option applies at all from its ``when`` in
scoring.yaml (Tokaido's Shodo reading needs Crossroads, Seishin plays only at one or two,
clan scenarios need Seishin); names from the end state's name field
(schemas.endstate.PLAYER_NAME). scorer/setup.py, scorer/validate.py and the browser's
setup.js and validate.js (site/assets/calculator/legality.js) all ask these questions
here, or of the same data. The checks take plain data (validate.py reads it from the
game's export, setup.py from the content), so `rulebook score` asks them of a cached
export without the content models.

An option whose ``when`` does not hold may be left out or given its default (it says
nothing then, as an input not asked may be left empty); any other value is refused with
``not_used``, the same problem an input given where it is not asked gets. Refused, not
dropped: a table that asks for Seishin at four, or a Shodo reading without Crossroads, has
most likely forgotten something, and a setup or a score made without it would be wrong
without anyone noticing. The calculator's form offers only the options that apply, and
sends the others at their default (:func:`applicable_options`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from schemas.names import normalize_name
from scorer.fields import field_problems
from scorer.problems import Problem

if TYPE_CHECKING:
    from schemas.game import GameContent

#: (option id, the counts it is only for, the counts that need it).
OptionRule = tuple[str, Sequence[int], Sequence[int]]
#: An option's ``when``: a function of (options, table, choice data, player count).
OptionWhen = Callable[[dict[str, Any], dict[str, Any], dict[str, Any], int], Any]


def option_rules(content: GameContent) -> list[OptionRule]:
    """The player-count rule of each option that has one (scorer.facts has the same)."""
    return [
        (o.id, o.players.only, o.players.required) for o in content.scoring.options if o.players
    ]


def player_count_problems(counts: range, count: int) -> list[Problem]:
    """A table of ``count`` players outside the game's range ``counts``."""
    if count in counts:
        return []
    return [Problem(("players",), "player_count", {"count": count, **_range(counts)})]


def _range(counts: Sequence[int]) -> dict[str, int]:
    return {"min": min(counts), "max": max(counts)} if counts else {"min": 0, "max": 0}


def option_rule_problems(
    rules: Sequence[OptionRule], counts: range, options: Mapping[str, Any], count: int
) -> list[Problem]:
    """Options on at a player count they are not for, or off where the count needs them."""
    problems = []
    for ident, only, required in rules:
        on = options.get(ident) is True
        if on and only and count not in only:
            params = {"option": ident, "count": count, **_range(only)}
            problems.append(Problem(("options", ident), "option_not_for_count", params))
        elif not on and count in required:
            params = {"option": ident, "count": count, **_range(_not_needing(rules, counts))}
            problems.append(Problem(("options", ident), "option_required", params))
    return problems


def _not_needing(rules: Sequence[OptionRule], counts: range) -> list[int]:
    """The player counts no option is required at."""
    needed_somewhere = {n for _, _, required in rules for n in required}
    return [n for n in counts if n not in needed_somewhere]


def option_whens(content: GameContent) -> dict[str, OptionWhen]:
    """The ``when`` of each option that has one, as functions (scorer.interpret has the
    same, read from the export)."""
    from scorer.interpret import table_function

    return {
        o.id: table_function(o.when, f"scoring.options.{o.id}.when")
        for o in content.scoring.options
        if o.when is not None
    }


def applicable_options(
    whens: Mapping[str, OptionWhen],
    defaults: Mapping[str, Any],
    options: Mapping[str, Any],
    count: int,
) -> tuple[dict[str, Any], list[str]]:
    """The options with each that does not apply at ``count`` set back to its default, and
    the ids of those set back (in the order the game declares its conditions).

    An option's condition may read other options (clan scenarios need Seishin, which needs
    at most two players), so setting one back can make another one not apply: the rounds
    go on until none changes, at most once per option.
    """
    chosen = dict(options)
    reset: list[str] = []
    changed = True
    while changed:
        changed = False
        for ident, when in whens.items():
            default = defaults.get(ident)
            if chosen.get(ident, default) != default and not when(chosen, {}, {}, count):
                chosen[ident] = default
                reset.append(ident)
                changed = True
    return chosen, reset


def unused_option_problems(
    whens: Mapping[str, OptionWhen],
    defaults: Mapping[str, Any],
    options: Mapping[str, Any],
    count: int,
) -> list[Problem]:
    """Options set to something other than their default where they do not apply."""
    if not any(options.get(i, defaults.get(i)) != defaults.get(i) for i in whens):
        return []  # the usual table: every conditional option at its default
    _, reset = applicable_options(whens, defaults, options, count)
    return [Problem(("options", i), "not_used", {"value": options[i]}) for i in reset]


def option_problems(content: GameContent, given: Mapping[str, Any]) -> list[Problem]:
    """Options a request names that the game does not have, or with a value it cannot take."""
    declared = {o.id: o for o in content.scoring.options}
    problems = []
    for key, value in given.items():
        option = declared.get(key)
        loc = ("options", key)
        if option is None:
            problems.append(Problem(loc, "unknown_field"))
        elif option.kind == "flag" and not isinstance(value, bool):
            problems.append(Problem(loc, "bool_type"))
        elif option.kind == "choice" and value not in [c.id for c in option.choices]:
            problems.append(Problem(loc, "choice", {"allowed": [c.id for c in option.choices]}))
    return problems


def duplicate_names(names: Sequence[str | None]) -> list[Problem]:
    """Each player whose (normalized) name another player has too."""
    # Counted once, not name by name: a request may carry thousands of names.
    seen = Counter(n for n in names if n is not None)
    return [
        Problem(("players", index, "name"), "duplicate_name", {"name": name})
        for index, name in enumerate(names)
        if name is not None and seen[name] > 1
    ]


def name_problems(names: Sequence[Any]) -> tuple[list[str], list[Problem]]:
    """The names normalized, and every problem with them (empty, too long, control
    characters, the same name twice), by the name's JSON Schema as setup.js checks them."""
    from schemas.endstate import player_name_schema

    schema = player_name_schema()
    checked: list[str | None] = []
    problems: list[Problem] = []
    for index, name in enumerate(names):
        found = field_problems(schema, name, ("players", index, "name"))
        checked.append(None if found else normalize_name(name))
        problems.extend(found)
    problems.extend(duplicate_names(checked))
    return [n or "" for n in checked], problems
