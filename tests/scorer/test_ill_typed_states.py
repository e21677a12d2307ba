"""Ill-typed end states of every game get the problem list, never a traceback (issue 34).

For every game under content/ and every player input it declares, the first player's
value is replaced in turn by each value of the families below: a string, a float, a
boolean, null, a list, an object, a negative and a huge number, and for piles a list of
the wrong shape, the same card twice, a card past the highest and below the lowest, one
card too many. The engine must find a problem at that field (``players[0].<input>``,
or inside it), and ``rulebook score`` must exit 1 naming the field, never with a traceback,
both as a table and as JSON. Each is tried on the game's first conformance case and on a
table where every player entered the same values, so the totals tie and the tiebreakers
decide (where an input only a tiebreaker reads leaves the tie undecided).

Viticulture's 29 cases of issue 34 are kept as they were reported: its tiebreakers (lira,
the wines) are read by no total, so each leaves four players tied at 21 points undecided,
which printed ``KeyError: 'undecided'`` instead of the problems.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli import main
from schemas.game import GameContent
from schemas.loader import game_folders
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from scorer.problems import format_loc
from tests.conftest import CONTENT, ROOT

Json = dict[str, Any]
GAMES = [folder.name for folder in game_folders(CONTENT)]
HUGE = 10**30


def families(spec: Json) -> list[Any]:
    """Values no field of ``spec``'s kind accepts (export form of a player input)."""
    kind = spec["kind"]
    if kind == "sequence":
        low, high = spec.get("item_min", 0), spec.get("item_max", 9)
        most = spec.get("max_length")
        found: list[Any] = ["1", 1, 1.5, True, None, {}, {"a": [1]}, [[low]], [str(low)]]
        found += [[float(low) + 0.5], [None], [True], [HUGE], [-HUGE], [high + 1], [low - 1]]
        if spec.get("distinct"):
            found.append([low, low])
        if most is not None:
            found.append([low] * (most + 1))
        return found
    common: list[Any] = ["7", 1.5, [], [1], {}, {"a": 1}]
    if kind == "count":
        return [*common, True, None, -HUGE, HUGE, spec["min"] - 1]
    if kind == "flag":
        return [*common, 1, 0, None]
    if kind == "choice":
        return [*common, 7, True, "no_such_choice"]
    return [*common, True, "1", 0, -1, HUGE]  # a place in an order


def bases(content: GameContent) -> list[Json]:
    """The first conformance case, and the same table with every player's entries equal."""
    assert content.cases is not None and content.cases.cases, f"{content.id} has no case"
    first = {"game": content.id, **copy.deepcopy(content.cases.cases[0].state)}
    tied = copy.deepcopy(first)
    entered = {k: v for k, v in tied["players"][0].items() if k != "name"}
    for player in tied["players"]:
        player.update(copy.deepcopy(entered))
    return [first, tied]


def ill_typed(engine: GameEngine, content: GameContent) -> list[tuple[str, Json]]:
    """(input id, end state) for every input, base and value of its families."""
    found = []
    for base in bases(content):
        for spec in engine.facts.inputs:
            for value in families(spec):
                state = copy.deepcopy(base)
                state["players"][0][spec["id"]] = value
                found.append((spec["id"], state))
    return found


def located(problems: list[Json], ident: str) -> bool:
    """Whether a problem is at the input of the first player, in it, or at its column."""
    return any(p["loc"][:3] in (["players", 0, ident], ["players", "*", ident]) for p in problems)


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_finds_each_ill_typed_value(
    game: str, games: dict[str, GameContent], engines: dict[str, GameEngine]
) -> None:
    engine, missed = engines[game], []
    cases = ill_typed(engine, games[game])
    for ident, state in cases:
        problems = [p.to_json() for p in score_outcome(engine, state).problems]
        if not located(problems, ident):
            missed.append(f"{ident} = {state['players'][0][ident]!r}: {problems}")
    assert len(cases) > 100
    assert missed == [], f"{len(missed)} not refused at their field; the first:\n" + "\n".join(
        missed[:5]
    )


@pytest.fixture
def loaded_once(
    monkeypatch: pytest.MonkeyPatch,
    games: dict[str, GameContent],
    engines: dict[str, GameEngine],
) -> None:
    """The command's content and engine taken from the session's (a real run loads them
    each time; everything else is the command's own path, from reading to printing)."""
    import scorer.engine
    from rulebook import commands

    monkeypatch.setattr(commands, "load_one", lambda project, name, *_: games[name])
    monkeypatch.setattr(scorer.engine, "GameEngine", lambda content: engines[content.id])


def _score(path: Path, game: str, *extra: str) -> tuple[int, str, str]:
    """``rulebook score`` in this process: (exit code, output, errors); a traceback fails."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["score", game, str(path), "--lang", "en", *extra])
    return code, out.getvalue(), err.getvalue()


def _refused_cleanly(path: Path, game: str, ident: str) -> list[str]:
    """What is wrong with how ``rulebook score`` refuses the file (nothing, when clean)."""
    wrong = []
    code, _, err = _score(path, game)
    where = f"players[0].{ident}"
    if code != 1 or where not in err.replace("players[*]", "players[0]"):
        wrong.append(f"table: exit {code}, no {where}: {err[-300:]}")
    code, out, _ = _score(path, game, "--json")
    shown = json.loads(out) if out.strip() else {"problems": []}
    if code != 1 or not located(shown["problems"], ident):
        wrong.append(f"json: exit {code}: {out[-300:]}")
    return wrong


@pytest.mark.usefixtures("loaded_once")
@pytest.mark.parametrize("game", GAMES)
def test_the_command_refuses_each_family_naming_the_field(
    game: str, games: dict[str, GameContent], engines: dict[str, GameEngine], tmp_path: Path
) -> None:
    """Every family of values on the first input of each kind (each input would repeat the
    same path of the command: the engine test above covers them all)."""
    engine, wrong = engines[game], []
    firsts = {spec["kind"]: spec["id"] for spec in reversed(engine.facts.inputs)}
    path = tmp_path / "state.json"
    for ident, state in ill_typed(engine, games[game]):
        if ident not in firsts.values():
            continue
        path.write_text(json.dumps(state), encoding="utf-8")
        wrong += [
            f"{ident} = {state['players'][0][ident]!r}: {w}"
            for w in _refused_cleanly(path, game, ident)
        ]
    assert wrong == [], f"{len(wrong)} wrong; the first:\n" + "\n".join(wrong[:5])


#: Issue 34's Viticulture cases: (input, value), on the example table (four tied at 21).
VITICULTURE = [
    ("lira", value)
    for value in ["2", "", 2.5, 2.0, True, False, None, [], [2], {}, {"lira": 2}, -1, -HUGE, HUGE]
] + [
    ("red_wines", "4"),
    ("red_wines", 4),
    ("red_wines", None),
    ("red_wines", {"4": 4}),
    ("red_wines", [[4]]),
    ("red_wines", ["4"]),
    ("red_wines", [4.5]),
    ("red_wines", [None]),
    ("red_wines", [4, 4]),
    ("white_wines", [6, 6]),
    ("red_wines", [10]),
    ("white_wines", [10]),
    ("blush_wines", [3]),
    ("sparkling_wines", [7, 7]),
    ("red_wines", [*range(1, 10), 1]),
]


@pytest.mark.usefixtures("loaded_once")
@pytest.mark.parametrize(("ident", "value"), VITICULTURE, ids=lambda v: repr(v)[:20])
def test_a_malformed_viticulture_state_lists_its_problems(
    ident: str, value: Any, engines: dict[str, GameEngine], tmp_path: Path
) -> None:
    state = json.loads((ROOT / "examples" / "viticulture.json").read_text(encoding="utf-8"))
    state["players"][0][ident] = value
    found = score_outcome(engines["viticulture"], copy.deepcopy(state))
    assert located([p.to_json() for p in found.problems], ident), found.problems
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    assert _refused_cleanly(path, "viticulture", ident) == []
    code, out, err = _score(path, "viticulture")
    # The totals stand (the problem is in a tiebreaker); the tie it would break is shown
    # as undecided, and the problems follow with their paths.
    assert code == 1 and "undecided" in out
    assert format_loc(("players", 0, ident)) in err and "Traceback" not in err
    assert len(VITICULTURE) == 29
