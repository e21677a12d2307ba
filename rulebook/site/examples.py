"""Worked examples: a conformance case shown as what lies on the table and what it gives.

The case is scored once per build (rulebook.site.view.GameBuild.result); this module only
puts the end state and the result into rows, in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.site.conditions import choice_label, option_label
from rulebook.site.localize import Fragment, Localizer
from rulebook.site.view import LocalGame
from schemas.cases import Case
from schemas.game import GameContent
from schemas.scoring import ChoiceInput
from scorer.result import Result


@dataclass(frozen=True)
class ExampleRow:
    label: Fragment
    cells: tuple[str, ...]
    strong: bool = False


@dataclass(frozen=True)
class Example:
    id: str
    title: Fragment
    source: Fragment
    names: tuple[str, ...]
    options: tuple[tuple[Fragment, Fragment], ...]
    given: tuple[ExampleRow, ...]
    results: tuple[ExampleRow, ...]
    winners: tuple[str, ...]


def _cell(value: Any, loc: Localizer) -> str:
    if isinstance(value, bool):
        return loc.ui("yes" if value else "no").text
    if isinstance(value, list):
        return " ".join(str(v) for v in value) or "—"
    return "—" if value is None else str(value)


def _given(content: GameContent, players: list[dict[str, Any]], loc: Localizer) -> list[ExampleRow]:
    """A row per input any player gave, choices by their label."""
    rows = []
    for spec in content.scoring.inputs:
        if not any(spec.id in p for p in players):
            continue
        base = f"scoring.inputs.{spec.id}"
        cells = []
        for p in players:
            value = p.get(spec.id)
            if isinstance(spec, ChoiceInput) and value is not None:
                choice = next((c for c in spec.choices if c.id == value), None)
                value = (
                    loc.text(f"{base}.choices.{value}.label", choice.label).text
                    if choice
                    else value
                )
            cells.append(_cell(value if spec.id in p else None, loc))
        rows.append(ExampleRow(loc.text(f"{base}.label", spec.label), tuple(cells)))
    return rows


def _chosen(
    content: GameContent, case: Case, result: Result, loc: Localizer
) -> list[tuple[Fragment, Fragment]]:
    """Options away from their default, and the table's choices."""
    scoring = content.scoring
    chosen = []
    for option in scoring.options:
        value = result.options.get(option.id, option.default)
        if value == option.default:
            continue
        shown = (
            loc.ui("on" if value else "off")
            if option.kind == "flag"
            else (choice_label(option, str(value), loc) or loc.verbatim(str(value)))
        )
        chosen.append((option_label(option, loc), shown))
    for table_input in scoring.table:
        picked = (case.state.get("table") or {}).get(table_input.id)
        tile = next((c for c in table_input.choices if c.id == picked), None)
        if tile is not None:
            base = f"scoring.table.{table_input.id}"
            chosen.append(
                (
                    loc.text(f"{base}.label", table_input.label),
                    loc.text(f"{base}.choices.{tile.id}.label", tile.label),
                )
            )
    return chosen


def _results(content: GameContent, result: Result, loc: Localizer) -> list[ExampleRow]:
    """A row per category, then the total (or ranking key), the places and the winners."""
    scoring = content.scoring
    labels = {c.id: c.label for c in scoring.categories}
    rows = [
        ExampleRow(
            loc.text(f"scoring.categories.{key}.label", labels[key]),
            tuple(str(p.breakdown[key]) for p in result.players),
        )
        for key in result.players[0].breakdown
    ]
    if scoring.kind == "points":
        rows.append(ExampleRow(loc.ui("total"), tuple(str(p.total) for p in result.players), True))
    else:
        key = scoring.ranking.keys[0]
        rows.append(
            ExampleRow(
                loc.text(f"scoring.ranking.{key.value}.label", key.label),
                tuple(_cell(p.key, loc) for p in result.players),
                True,
            )
        )
    rows.append(ExampleRow(loc.ui("rank"), tuple(str(p.rank) for p in result.players)))
    rows.append(
        ExampleRow(loc.ui("winner"), tuple(_cell(p.winner, loc) for p in result.players), True)
    )
    return rows


def example(content: GameContent, case: Case, result: Result, loc: Localizer) -> Example:
    """``case`` (scored as ``result``) as a worked example in ``loc``'s language."""
    players = case.state["players"]
    return Example(
        id=case.id,
        title=loc.text(f"cases.cases.{case.id}.title", case.title),
        source=loc.text(f"cases.cases.{case.id}.source", case.source),
        names=tuple(str(p["name"]) for p in players),
        options=tuple(_chosen(content, case, result, loc)),
        given=tuple(_given(content, players, loc)),
        results=tuple(_results(content, result, loc)),
        winners=tuple(result.winners),
    )


def worked_example(game: LocalGame, case_id: str | None) -> Example | None:
    """Conformance case ``case_id`` (the first one for None) as a worked example."""
    case = game.build.case(case_id)
    if case is None:
        return None
    return game.part(
        f"example:{case.id}",
        lambda: example(game.content, case, game.build.result(case), game.loc),
    )
