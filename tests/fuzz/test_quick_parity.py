"""The quick way of checking a state (scorer.validate's ``_Round.quick``) and the whole
round give the same verdict and the same state.

A state without field problems is checked the quick way first: the cross-field checks
only as far as telling that they find nothing, with what depends on which inputs are
asked worked out once per set of them. Any state it doubts gets the whole round, which
finds and words every problem. So the quick way must accept exactly the states the round
accepts without a problem, and give the very same state: accepting a faulty one would
lose its problems, and refusing a sound one would only cost time (held to zero too).

The states, for every game and the probe game (rivals, table numbers, piles): the parity
fixture's (every conformance case, its score-track entry, every refused case, drawn
states, other options, corrupted and hostile ones), the field checkers' hostile and drawn
states (tests/fuzz/test_fields_parity.py), and each scored state crowded: every count at
its most for every player, every flag and choice the same for everyone, every input
entered for the first player (table totals, unique cards, inputs not asked).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from schemas.game import GameContent
from scorer.engine import GameEngine
from scorer.facts import GameFacts
from scorer.problems import EndStateError
from scorer.reading import read_end_state
from scorer.validate import TableState, check_end_state, quick_check
from tests.fuzz.test_endstate_fuzz import GAMES, drawn
from tests.fuzz.test_fields_parity import hostile_states
from tests.test_js_parity import probe_game

Json = dict[str, Any]


def crowded(facts: GameFacts, state: Json) -> list[Json]:
    """``state`` with the cross-field checks pushed: every count at its most for every
    player, every flag on and every choice the first player's for everyone, and every
    input given for the first player."""
    players = state["players"]
    most = copy.deepcopy(state)
    same = copy.deepcopy(state)
    filled = copy.deepcopy(state)
    for spec in facts.inputs:
        ident, kind = spec["id"], spec["kind"]
        if kind == "count" and facts.limits[ident]["max"] is not None:
            for player in most["players"]:
                player[ident] = facts.limits[ident]["max"]
            filled["players"][0][ident] = max(1, facts.limits[ident]["min"])
        elif kind == "flag":
            for player in same["players"]:
                player[ident] = True
            filled["players"][0][ident] = True
        elif kind == "choice" and players[0].get(ident) is not None:
            for player in same["players"]:
                player[ident] = players[0][ident]
    return [most, same, filled]


def outcome(facts: GameFacts, engine: GameEngine, raw: Any, quick: bool) -> Any:
    """What checking ``raw`` gives: the state, or the problems and the state they carry."""
    try:
        return check_end_state(facts, engine.interpreted, copy.deepcopy(raw), quick)
    except EndStateError as error:
        return [p.to_json() for p in error.problems], error.state


@pytest.fixture(scope="module")
def contents(games: dict[str, GameContent]) -> dict[str, GameContent]:
    return {**{game: games[game] for game in GAMES}, "probe": probe_game()}


def states(game: str, content: GameContent, fixture: Json, engine: GameEngine) -> list[Any]:
    """Every state this test checks for ``game``."""
    found: list[Any] = [item["state"] for item in fixture["games"][game]["states"]]
    files = hostile_states(content) + (drawn(game, content) if game != "probe" else [])
    for data in files:
        try:
            found.append(read_end_state(data))
        except EndStateError:
            continue  # not JSON: never checked
    for item in fixture["games"][game]["states"]:
        if "result" in item and isinstance(item["state"], dict):
            found += crowded(engine.facts, item["state"])
    return found


def test_the_quick_way_gives_what_the_round_gives(
    contents: dict[str, GameContent], parity_fixture: Path
) -> None:
    fixture = json.loads(parity_fixture.read_text(encoding="utf-8"))
    verdicts = {"quick": 0, "round": 0, "fields": 0}
    wrong = []
    for game, content in contents.items():
        engine = GameEngine(content)
        facts = engine.facts
        for raw in states(game, content, fixture, engine):
            exact = outcome(facts, engine, raw, quick=False)
            if outcome(facts, engine, raw, quick=True) != exact:
                wrong.append(f"{game}: checked apart from the round: {raw!r:.300}")
            fast = quick_check(facts, engine.interpreted, copy.deepcopy(raw))
            sound = isinstance(exact, TableState)
            if fast is not None:
                verdicts["quick"] += 1
                # (vars: the quick way makes its state without the class's __init__; every
                # field must still be there, in the same order.)
                if fast != exact or list(vars(fast)) != list(vars(exact)):
                    wrong.append(f"{game}: accepted quickly, not so by the round: {raw!r:.300}")
            elif sound:
                wrong.append(f"{game}: refused quickly, sound for the round: {raw!r:.300}")
            elif isinstance(raw, dict) and facts.accepts_fields(raw):
                verdicts["round"] += 1  # no field problem: the quick way said no itself
            else:
                verdicts["fields"] += 1
    assert wrong == [], f"{len(wrong)} wrong; the first:\n" + "\n".join(wrong[:5])
    # Each way is taken, often: states accepted quickly, states whose fields are sound but
    # whose cross-field problems the quick way turns down, and states with field problems.
    assert min(verdicts.values()) > 200, verdicts


def test_the_packed_table_totals_are_the_column_sums(contents: dict[str, GameContent]) -> None:
    """scorer.facts' packed test of the table totals (one byte per column, every row in
    one sum) says what adding up each column does, on rows drawn within each input's
    limits, every player count, totals at, below and over each most."""
    rng = random.Random(7)
    packed = 0
    verdicts = {True: 0, False: 0}
    for content in contents.values():
        facts = GameEngine(content).facts
        asked = facts.asked(())
        if asked.within is None or asked.within.__name__ != "packed":
            continue
        packed += 1
        assert asked.totals is not None
        ids = [s["id"] for s in facts.inputs if s["kind"] in ("count", "flag")]
        for _ in range(3000):
            count = rng.choice(facts.counts)
            rows = []
            for _ in range(count):
                row: Json = {}
                for spec in facts.inputs:
                    if spec["id"] not in ids:
                        continue
                    if spec["kind"] == "flag":
                        row[spec["id"]] = rng.random() < 0.3
                    else:
                        limits = facts.limits[spec["id"]]
                        # Mostly small values, so that totals stay near the table's most.
                        high = limits["max"] if rng.random() < 0.2 else limits["min"] + 2
                        row[spec["id"]] = rng.randint(limits["min"], min(high, limits["max"]))
                rows.append(row)
            sums = map(sum, zip(*map(asked.totals, rows), strict=True))
            expected = all(s <= m for s, m in zip(sums, asked.maxima, strict=True))
            assert asked.within(rows) == expected, rows
            verdicts[expected] += 1
    assert packed >= 3  # (tokaido, momiji, nile, river_of_gold pack theirs)
    assert min(verdicts.values()) > 1000, verdicts
