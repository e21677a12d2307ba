"""What the calculator's table tools read from the island beside the widget's own data.

The tools (site/assets/calculator/table.js and the modules it uses: share, store, export,
explain, chart) take their interface strings from the island's ``ui`` like the rest of the
widget: the keys that start with ``calc_`` (rulebook/i18n/ui.json). The calculator's island
carries all of them; the setup generator's only what its links need.

Count phrases need more than one text, so ``counts`` gives each as patterns by CLDR plural
category, with the language whose plural rules choose among them (the source language
while the phrase is not translated). ``bgg`` names the game on BoardGameGeek for BG Stats:
its id (game.yaml ``bgg_id``) and its English name.
"""

from __future__ import annotations

from typing import Any

from rulebook.i18n.ui import UI_STRINGS
from rulebook.site.localize import Localizer
from schemas.game import GameContent

#: The prefix of the interface strings the table tools use.
PREFIX = "calc_"

#: The table tools' interface strings, by widget.
TOOL_KEYS: dict[str, tuple[str, ...]] = {
    "calculator": tuple(s.key for s in UI_STRINGS if s.key.startswith(PREFIX) and not s.plural),
    "setup": ("calc_bad_link",),
}

#: The count phrases the calculator's tools show, and those of problems (both widgets).
COUNT_KEYS: tuple[str, ...] = (
    "points",
    *(s.key for s in UI_STRINGS if s.key.startswith(PREFIX) and s.plural),
)
PROBLEM_COUNT_KEYS: tuple[str, ...] = (
    "player_count_phrase",
    *(s.key for s in UI_STRINGS if s.key.startswith(("problem_", "player_range")) and s.plural),
)
#: The placeholder that chooses each count phrase's form.
_COUNTED_BY = {s.key: s.counted for s in UI_STRINGS if s.plural}


def tool_keys(widget: str) -> tuple[str, ...]:
    """The ``calc_`` interface strings the island of ``widget`` carries."""
    return TOOL_KEYS.get(widget, ())


def tools_island(content: GameContent, loc: Localizer, widget: str) -> dict[str, Any]:
    """The island's keys for the table tools of ``widget``: ``bgg`` and ``counts``."""
    counts: dict[str, dict[str, Any]] = {}
    for key in (*COUNT_KEYS, *PROBLEM_COUNT_KEYS) if widget == "calculator" else PROBLEM_COUNT_KEYS:
        language, patterns = loc.count_patterns(key)
        counts[key] = {"lang": language, "forms": patterns, "count": _COUNTED_BY[key]}
    if widget != "calculator":
        return {"counts": counts}
    return {"bgg": {"id": content.game.bgg_id, "name": content.game.names.en}, "counts": counts}
