"""Each widget reads its page's data island as exactly what the build ships: the
declarations type the calculator's island as ``CalculatorIsland`` and the setup
generator's as ``SetupIsland``, their exports as ``CalculatorExport`` and ``SetupExport``
(rulebook/typescript.py, from rulebook/site/calculator.py WIDGET_ISLAND, WIDGET_EXPORT and
UNREAD), so a read of a key the island lacks is a type error where it is written, and
every island the build writes is of its type, key for key.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rulebook.site.calculator import PROVENANCE, WIDGET_ISLAND, island_data, widget_export
from rulebook.site.localize import Localizer
from rulebook.typescript import TARGET
from schemas.export import EXPORT
from schemas.game import GameContent
from schemas.languages import codes
from tests.typecheck_support import CALCULATOR, typecheck, typecheck_edited

#: (module, a read as written, the same read of a key its island lacks).
LACKING = (
    # The calculator's island has no player_name: the end state's schema holds the name's.
    (
        "scoresheet.js",
        "excerpt(n, echoOf(this.game.end_state))",
        "excerpt(n, echoOf(this.game.player_name))",
    ),
    # The setup generator's island has no end state.
    (
        "generator.js",
        "excerpt(n, echoOf(this.game.player_name))",
        "excerpt(n, echoOf(this.game.end_state))",
    ),
    # The setup generator's island names no game on BoardGameGeek: only the calculator's.
    (
        "table.js",
        "const w = new Words(island);",
        "const w = new Words(island), bgg = island.bgg;",
    ),
    # A score-track fact's label is a text of the static page only (UNREAD).
    ("asked.js", "(track.facts ?? []).map((f) => f.id)", "(track.facts ?? []).map((f) => f.label)"),
)


def test_a_read_of_a_key_the_island_lacks_fails_the_type_check(tmp_path: Path) -> None:
    run = typecheck_edited(tmp_path, LACKING)
    assert run.returncode != 0, run.stdout
    for module, written, _ in LACKING:
        line = next(
            n
            for n, text in enumerate((CALCULATOR / module).read_text("utf-8").splitlines(), 1)
            if written in text
        )
        found = rf"{re.escape(module)}\({line},\d+\): error TS2339:"
        assert re.search(found, run.stdout), (module, written, run.stdout)


def test_every_island_the_build_ships_is_of_its_type(
    games: dict[str, GameContent], tmp_path: Path
) -> None:
    """Each game's island of each widget, written as a literal of its type: TypeScript
    refuses a key the type lacks at any depth (an object literal's excess property) and a
    key the type requires that the island does not ship."""
    checked = tmp_path / "tools" / "typecheck"
    checked.mkdir(parents=True)
    (checked / TARGET.name).write_text(TARGET.read_text(encoding="utf-8"), encoding="utf-8")
    types = {widget: f"{widget.title()}Island" for widget in WIDGET_ISLAND}
    lines = [f'import type {{ {", ".join(types.values())} }} from "./{TARGET.stem}";']
    for game_id, content in sorted(games.items()):
        # The language decides some keys too: a count phrase's forms where it has them.
        for language in codes():
            loc = Localizer(language, content)
            for widget, name in types.items():
                text = json.dumps(island_data(content, loc, widget), ensure_ascii=False)
                lines.append(f"export const {game_id}_{language}_{widget}: {name} = {text};")
    (checked / "islands.ts").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = typecheck(checked, ["islands.ts"])
    assert run.returncode == 0, run.stdout


def _provenance_paths(schema: dict[str, Any]) -> set[tuple[str, ...]]:
    """Every path of the export's schema at which a record declares a ``provenance`` key
    ("*": every item of a list, every value of a map)."""
    defs: dict[str, Any] = schema.get("$defs", {})
    found: set[tuple[str, ...]] = set()

    def walk(part: dict[str, Any], path: tuple[str, ...], seen: frozenset[str]) -> None:
        if "$ref" in part:
            name = part["$ref"].rsplit("/", 1)[-1]
            if name not in seen:  # a recursive definition (a node) is walked once
                walk(defs[name], path, seen | {name})
            return
        for key in ("oneOf", "anyOf", "allOf"):
            for member in part.get(key, ()):
                walk(member, path, seen)
        if isinstance(part.get("items"), dict):
            walk(part["items"], (*path, "*"), seen)
        if isinstance(part.get("additionalProperties"), dict):
            walk(part["additionalProperties"], (*path, "*"), seen)
        for key, value in part.get("properties", {}).items():
            if key == "provenance":
                found.add((*path, key))
            else:
                walk(value, (*path, key), seen)

    walk({k: v for k, v in schema.items() if k != "$defs"}, (), frozenset())
    return found


def test_the_islands_leave_out_every_provenance_note_the_export_declares() -> None:
    """PROVENANCE names each place of the export that holds a provenance note: a note
    added to the export's schema and not to the list would reach every page's island."""
    declared = _provenance_paths(EXPORT.json_schema())
    assert declared, "the export's schema declares no provenance note: the walk is wrong"
    assert set(PROVENANCE) == declared


def test_an_input_named_provenance_reaches_the_island() -> None:
    """Only the export's own provenance notes are left out: a key of that name in a map
    keyed by the content's ids (an end state's inputs) is kept."""
    player = {"type": "object", "properties": {"provenance": {"type": "integer"}}}
    doc: dict[str, Any] = {
        "format": 1,
        "scoring": {"provenance": {"sources": ["rules"]}, "values": []},
        "end_state": {"properties": {"players": {"items": player}}},
    }
    shipped = widget_export(doc, "calculator")
    assert "provenance" not in shipped["scoring"]
    assert shipped["end_state"]["properties"]["players"]["items"] == player
