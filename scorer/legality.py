"""What makes a table legal, the same for ``setup`` and ``score``: one declaration each.

The player range comes from game.yaml (``players``); the counts an option is tied to from
its ``players`` rule in scoring.yaml (Nile at 6 needs DeLuxor; Viticulture's Automa is for
one player, and one player needs it); names from the end state's name field
(schemas.endstate.PLAYER_NAME). scorer/setup.py, scorer/validate.py and the browser's
setup.js and validate.js all ask these questions here, or of the same data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schemas.game import GameContent
from scorer.fields import allowed_choices, check_name
from scorer.problems import Problem


def player_count_problems(content: GameContent, count: int) -> list[Problem]:
    """A table of ``count`` players outside the game's range."""
    limits = content.game.players
    if limits.min <= count <= limits.max:
        return []
    return [
        Problem(
            ("players",),
            "player_count",
            {"count": count, **_range(range(limits.min, limits.max + 1))},
        )
    ]


def _range(counts: Sequence[int]) -> dict[str, int]:
    return {"min": min(counts), "max": max(counts)} if counts else {"min": 0, "max": 0}


def option_rule_problems(
    content: GameContent, options: Mapping[str, Any], count: int
) -> list[Problem]:
    """Options on at a player count they are not for, or off where the count needs them."""
    declared = content.scoring.options
    needed_somewhere = {n for o in declared if o.players for n in o.players.required}
    without = [n for n in content.game.players.values() if n not in needed_somewhere]
    problems = []
    for option in declared:
        rule = option.players
        if rule is None:
            continue
        on = options.get(option.id) is True
        if on and rule.only and count not in rule.only:
            params = {"option": option.id, "count": count, **_range(rule.only)}
            problems.append(Problem(("options", option.id), "option_not_for_count", params))
        elif not on and count in rule.required:
            params = {"option": option.id, "count": count, **_range(without)}
            problems.append(Problem(("options", option.id), "option_required", params))
    return problems


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
            problems.append(Problem(loc, "choice", {"allowed": allowed_choices(content, loc)}))
    return problems


def duplicate_names(names: Sequence[str | None]) -> list[Problem]:
    """Each player whose (normalized) name another player has too."""
    given = [n for n in names if n is not None]
    return [
        Problem(("players", index, "name"), "duplicate_name", {"name": name})
        for index, name in enumerate(names)
        if name is not None and given.count(name) > 1
    ]


def name_problems(content: GameContent, names: Sequence[Any]) -> tuple[list[str], list[Problem]]:
    """The names normalized, and every problem with them (empty, too long, control
    characters, the same name twice)."""
    checked: list[str | None] = []
    problems: list[Problem] = []
    for index, name in enumerate(names):
        value, found = check_name(content, name, ("players", index, "name"))
        checked.append(value)
        problems.extend(found)
    problems.extend(duplicate_names(checked))
    return [n or "" for n in checked], problems
