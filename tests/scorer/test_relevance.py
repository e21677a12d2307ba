"""Issue 28: which inputs count for a player, derived from the declared scoring.

scorer/relevance.py reads the export's scoring: an input read only under an ``if`` on the
same player's inputs (or a category's ``when``) counts only when that condition can hold.
Here: what it derives for Tokaido (by hand, from the rules), that a guard outside a node
comparing players is not the owner's, and above all that it is sound: an input it hides
never changes a result, in any game, whatever its value.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from schemas.loader import game_folders
from scorer.engine import GameEngine
from scorer.export import CROSS_PLAYER, export_game
from scorer.problems import EndStateError
from scorer.relevance import derive, hidden, settle, tie_only
from tests.conftest import real_game
from tests.track_support import track_state

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = [p.name for p in game_folders(CONTENT)]
Json = dict[str, Any]


def _export(game: str) -> Json:
    return export_game(real_game(game))


def _defaults(export: Json) -> Json:
    engine_facts = GameEngine(real_game(export["game"])).facts
    return {spec["id"]: engine_facts.default_value(spec) for spec in engine_facts.inputs}


TOKAIDO_FULL = {"crossroads": True, "score_track": False, "beginners": False}
TOKAIDO_TRACK = {**TOKAIDO_FULL, "score_track": True}


def test_tokaido_asks_a_calligraphy_s_fields_of_its_holder_only() -> None:
    settled = settle(_export("tokaido")["needs"], TOKAIDO_FULL, 4)
    assert settled["coins"] == {"input": "foresight"}
    assert settled["patience_place"] == {"input": "patience"}
    assert settled["umegae_shared_stops"] == {
        "is": {"of": {"input": "traveller"}, "in": ["umegae"]}
    }
    # Read by a category of their own in a full count: always asked.
    assert settled["meals_1"] is True and settled["cherry_trees"] is True


def test_tokaido_track_mode_asks_the_details_a_calligraphy_reads() -> None:
    needs = _export("tokaido")["needs"]
    with_crossroads = settle(needs, TOKAIDO_TRACK, 4)
    assert with_crossroads["meals_2"] == {"input": "fasting"}
    assert with_crossroads["paddy"] == {"input": "contemplation"}
    assert with_crossroads["cherry_trees"] == {"input": "contemplation"}
    base = settle(needs, {**TOKAIDO_TRACK, "crossroads": False}, 4)
    assert base["meals_2"] is False and base["coins"] is False


def test_the_meal_prices_are_implied_by_the_meals_when_those_are_asked() -> None:
    export = _export("tokaido")
    needs, defaults = export["needs"], _defaults(export)
    asked = [s["id"] for s in export["scoring"]["inputs"]]
    row = {"fasting": True, "meals_1": 1, "meals_2": 0, "meals_3": 2, "meal_prices": 1}
    hide, implied = hidden(needs, row, defaults, asked, TOKAIDO_TRACK, 4)
    assert implied == {"meal_prices": 7}
    assert "meal_prices" in hide and "meals_1" not in hide
    # Without Fasting the meals by price are not asked: the table gives the sum.
    hide, implied = hidden(needs, {**row, "fasting": False}, defaults, asked, TOKAIDO_TRACK, 4)
    assert implied == {} and {"meals_1", "meals_2", "meals_3"} <= set(hide)
    assert "meal_prices" not in hide


def test_tokaido_track_mode_asks_achievements_of_others_only_on_a_tie() -> None:
    """From the score track, the first-panorama achievements count in Mitsukuni's bonus
    and Perfection's points; for everyone else only the ranking's second key reads them."""
    export = _export("tokaido")
    needs, defaults = export["needs"], _defaults(export)
    asked = [s["id"] for s in export["scoring"]["inputs"]]
    firsts = ["first_paddy", "first_mountain", "first_sea"]
    base = {**TOKAIDO_TRACK, "crossroads": False}
    assert tie_only(needs, {"traveller": "kinko"}, defaults, asked, base, 4) == firsts
    assert tie_only(needs, {"traveller": "mitsukuni"}, defaults, asked, base, 4) == []
    perfection = {"traveller": "kinko", "perfection": True}
    assert tie_only(needs, perfection, defaults, asked, TOKAIDO_TRACK, 4) == []
    # A full count scores the achievements for everyone: nothing waits for a tie.
    assert tie_only(needs, {"traveller": "kinko"}, defaults, asked, TOKAIDO_FULL, 4) == []


def test_an_entry_not_valid_yet_counts_as_empty() -> None:
    export = _export("tokaido")
    asked = [s["id"] for s in export["scoring"]["inputs"]]
    hide, _ = hidden(
        export["needs"], {"foresight": "yes", "coins": 3}, _defaults(export), asked, TOKAIDO_FULL, 4
    )
    assert "coins" in hide


def test_a_guard_outside_a_comparison_is_not_the_owner_s() -> None:
    """``if my flag then (the most of x)``: everyone's x counts for the flag's holder; in
    ``the most of (if their flag then y)`` each y counts only for its own holder."""
    scoring: Json = {
        "inputs": [
            {"id": i, "kind": k} for i, k in [("f", "flag"), ("x", "count"), ("y", "count")]
        ],
        "options": [],
        "values": [
            {
                "id": "a",
                "compute": {
                    "if": {
                        "cond": {"input": "f"},
                        "then": {"most": {"of": {"input": "x"}, "points": 3}},
                        "else": 0,
                    }
                },
            },
            {
                "id": "b",
                "compute": {
                    "most": {
                        "of": {"if": {"cond": {"input": "f"}, "then": {"input": "y"}, "else": 0}},
                        "points": 3,
                    }
                },
            },
        ],
        "categories": [{"id": "a", "value": "a"}, {"id": "b", "value": "b"}],
        "ranking": {"keys": [{"value": "total"}]},
    }
    found = {e["input"]: e["when"] for e in derive(scoring, CROSS_PLAYER)["relevant"]}
    assert found == {"y": {"input": "f"}}


def _states(game: str) -> list[Json]:
    content = real_game(game)
    engine = GameEngine(content)
    states = [{"game": game, **c.state} for c in (content.cases.cases if content.cases else [])]
    if content.scoring.score_track is not None:
        states += [track_state(content, engine, s) for s in states]
    return states


@pytest.mark.parametrize("game", GAMES)
def test_a_hidden_input_never_changes_a_result(game: str) -> None:
    """Every conformance case (and its score-track entry): each player's inputs that do not
    count for them, set to their default and then to their most, leave every total,
    breakdown and place as they were (the constraints reading them hold, as in the form)."""
    content = real_game(game)
    engine = GameEngine(content)
    export = export_game(content)
    defaults = _defaults(export)
    limits = export["limits"]
    kinds = {s["id"]: s["kind"] for s in export["scoring"]["inputs"]}
    checked = 0
    for state in _states(game):
        options = {**engine.facts.option_values, **state.get("options", {})}
        count = len(state["players"])
        asked = [s["id"] for s in export["scoring"]["inputs"]]
        expected = engine.score(state)
        for fill in ("default", "most"):
            changed = copy.deepcopy(state)
            hidden_by: list[list[str]] = []
            for player in changed["players"]:
                hide, implied = hidden(export["needs"], player, defaults, asked, options, count)
                hidden_by.append(hide)
                for ident in hide:
                    if ident in implied:  # what the other entries imply is what was given
                        assert player.get(ident) == implied[ident], (state, ident)
                        continue
                    top = (limits.get(ident) or {}).get("max")
                    if fill == "most" and kinds[ident] == "count" and top is not None:
                        player[ident] = top
                    elif ident in player or fill == "default":
                        player.pop(ident, None)
                    checked += 1
            try:
                got = engine.score(changed, hidden_by)
            except EndStateError:
                assert fill == "most", state  # a hidden default is always accepted
                continue  # a value at its most that a check across players refuses
            assert [(p.total, p.breakdown, p.rank) for p in got.players] == [
                (p.total, p.breakdown, p.rank) for p in expected.players
            ], (state, fill)
    if game == "tokaido":
        assert checked > 0
