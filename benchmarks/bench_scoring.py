"""Scoring throughput: the declared (interpreted) engine against a hand-written function.

Run: .venv/bin/python benchmarks/bench_scoring.py [--seconds 2]

The end state is a 5-player Tokaido game with Crossroads (a conformance case). The
hand-written function below computes the same scores from the same validated inputs, and
is checked to agree with the engine on every Tokaido case it covers before anything is
timed. Figures: player-states scored per second, the ratio engine / hand-written, the same
with explanations, with validation included (issue 27's floor for a plain interpreter: at
least 0.1; ``engine.score``, which explains, as the command line does), validation alone
(``engine.check``, the part of the row above that is not scoring), and the command line's
start-to-finish time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schemas.loader import load_game  # noqa: E402
from scorer.engine import GameEngine  # noqa: E402

CASE = "five_players_crossroads_full_table"

# ----------------------------------------------------------------------------------------
# Tokaido with Crossroads, written by hand (current Shodo/Emaki reading)
# ----------------------------------------------------------------------------------------

PANORAMA = {"paddy": (0, 1, 3, 6), "mountain": (0, 1, 3, 6, 10), "sea": (0, 1, 3, 6, 10, 15)}
FULL = {"paddy": 3, "mountain": 4, "sea": 5}
SET_VALUES = (0, 1, 4, 9, 16, 25)  # a set of n different families is worth n squared


def _sets(families: list[int]) -> int:
    total, layer = 0, 1
    while True:
        size = sum(1 for f in families if f >= layer)
        if not size:
            return total
        total += SET_VALUES[size]
        layer += 1


def _most(values: list[int]) -> list[int]:
    best = max(values)
    return [3 if best >= 1 and v == best else 0 for v in values]


def hand_written(players: list[dict[str, Any]]) -> list[tuple[dict[str, int], int, int, bool]]:
    """(breakdown, total, rank, winner) per player for Tokaido with Crossroads."""
    n = len(players)
    donated = [p["donations"] for p in players]
    levels = sorted({d for d in donated if d >= 1}, reverse=True)
    temple_award = {level: (10, 7, 4)[i] if i < 3 else 2 for i, level in enumerate(levels)}
    meal_count = [p["meals_1"] + p["meals_2"] + p["meals_3"] for p in players]
    meal_price = [p["meals_1"] + 2 * p["meals_2"] + 3 * p["meals_3"] for p in players]
    bath = [p["hot_springs_2"] + p["hot_springs_3"] + p["bath_houses"] for p in players]
    callig = [
        p["foresight"]
        + p["contemplation"]
        + p["nostalgia"]
        + p["perfection"]
        + p["fasting"]
        + p["patience"]
        for p in players
    ]
    souvenirs = [p["small_objects"] + p["clothing"] + p["art"] + p["food_drinks"] for p in players]
    legendary = [p["shodo_emaki"] + p["buppatsu_ema"] + p["murasame_masamune"] for p in players]
    gourmet = _most(meal_price)
    bather = _most(bath)
    chatterbox = _most([p["encounters"] + c for p, c in zip(players, callig, strict=True)])
    collector = _most([s + g for s, g in zip(souvenirs, legendary, strict=True)])
    sheets, totals, achievements = [], [], []
    for i, p in enumerate(players):
        firsts = p["first_paddy"] + p["first_mountain"] + p["first_sea"]
        cards = firsts + (gourmet[i] + bather[i] + chatterbox[i] + collector[i]) // 3
        completed = sum(p[kind] >= FULL[kind] for kind in FULL)
        traveller = p["traveller"]
        bonus = 0
        if traveller == "mitsukuni":
            bonus = bath[i] + cards
        elif traveller == "umegae":
            bonus = p["encounters"] + callig[i] - p["umegae_shared_stops"]
        elif traveller == "nampo":
            bonus = meal_price[i]
        # Only the Patience holder says where they arrived: last, second to last, or earlier.
        place = p.get("patience_place")
        sheet = {
            "meals": 6 * meal_count[i],
            "hot_springs": 2 * p["hot_springs_2"] + 3 * p["hot_springs_3"],
            "bath_houses": 4 * p["bath_houses"],
            "samurai": 3 * p["samurai"],
            "souvenirs": _sets(
                [p["small_objects"], p["clothing"], p["art"], p["food_drinks"], p["buppatsu_ema"]]
            ),
            "shodo_emaki": p["shodo_emaki"] * (souvenirs[i] + legendary[i] - 1),
            "swords": 8 * p["murasame_masamune"],
            "panoramas": sum(PANORAMA[kind][p[kind]] for kind in PANORAMA),
            "cherry_trees": 2 * p["cherry_trees"],
            "donations": p["donations"],
            "temple": temple_award.get(p["donations"], 0),
            "panorama_achievements": 3 * firsts,
            "gourmet": gourmet[i],
            "bather": bather[i],
            "chatterbox": chatterbox[i],
            "collector": collector[i],
            "traveller": bonus,
            "foresight": 2 * p["coins"] if p["foresight"] else 0,
            "contemplation": 3 * completed + p["cherry_trees"] if p["contemplation"] else 0,
            "nostalgia": 2 * legendary[i] + souvenirs[i] if p["nostalgia"] else 0,
            "perfection": 2 * cards + callig[i] if p["perfection"] else 0,
            "fasting": 3 * (4 - meal_count[i]) if p["fasting"] else 0,
            "patience": (6 if place == "last" else 4 if place == "second_last" else 2)
            if p["patience"]
            else 0,
        }
        sheets.append(sheet)
        totals.append(sum(sheet.values()))
        achievements.append(cards)
    keys = list(zip(totals, achievements, strict=True))
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    return [(sheets[i], totals[i], ranks[i], ranks[i] == 1) for i in range(n)]


# ----------------------------------------------------------------------------------------
# Measuring
# ----------------------------------------------------------------------------------------


def _batch(function: Callable[[], Any], seconds: float) -> int:
    """How many calls of ``function`` take about ``seconds`` of CPU."""
    runs = 1
    while True:  # find a batch size that takes a measurable time
        start = time.process_time()
        for _ in range(runs):
            function()
        elapsed = time.process_time() - start
        if elapsed > 0.05:
            return max(1, int(runs * seconds / elapsed))
        runs *= 2


def rates(
    functions: dict[str, Callable[[], Any]], seconds: float, players: int, rounds: int = 5
) -> dict[str, float]:
    """Player-states per CPU second of each function: the best of ``rounds`` timed batches
    of about ``seconds / rounds`` each, the functions taking turns batch by batch.

    CPU time of this process, not wall time: the machine is shared, and a run that waited
    for a core says nothing about the code. Taking turns puts each pair in the same moments
    of a shared machine: timed one after the other, a function that happened to run while a
    neighbour was busy read slower than the one timed after it (the ratio of two
    back-to-back readings of the same code moved by half)."""
    batches = {name: _batch(f, seconds / rounds) for name, f in functions.items()}
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(rounds):
        for name, function in functions.items():
            start = time.process_time()
            for _ in range(batches[name]):
                function()
            best[name] = min(best[name], time.process_time() - start)
    return {name: batches[name] * players / best[name] for name in functions}


def cli_seconds(state: dict[str, Any], repeats: int = 5) -> float:
    """Median wall time of `rulebook score tokaido STATE --json`, process start to exit."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "state.json"
        path.write_text(json.dumps(state), encoding="utf-8")
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "rulebook.cli", "score", "tokaido", str(path), "--json"],
                check=True,
                capture_output=True,
                cwd=ROOT,
            )
            times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def check_agreement(engine: GameEngine) -> int:
    """The hand-written function agrees with the engine on every case it covers."""
    checked = 0
    for case in engine.content.cases.cases if engine.content.cases else []:
        options = case.state.get("options", {})
        if not options.get("crossroads") or options.get("shodo_reading", "current") != "current":
            continue
        state = engine.check({"game": "tokaido", **case.state})
        result = engine.score_state(state, explain=False)
        expected = [(p.breakdown, p.total, p.rank, p.winner) for p in result.players]
        if hand_written(state.players) != expected:
            raise SystemExit(f"hand-written scoring disagrees with the engine on {case.id}")
        checked += 1
    return checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="CPU seconds per function, over its five batches"
    )
    args = parser.parse_args()

    engine = GameEngine(load_game(ROOT / "content" / "tokaido"))
    case = next(c for c in engine.content.cases.cases if c.id == CASE)  # type: ignore[union-attr]
    raw = {"game": "tokaido", **case.state}
    state = engine.check(raw)
    players = len(state.players)
    checked = check_agreement(engine)

    # The scoring of a copy: a checked state keeps what validation evaluated (its values,
    # its conditions), which these rows evaluate each time (replace copies none of it).
    found = rates(
        {
            "hand": lambda: hand_written(state.players),
            "interpreted": lambda: engine.score_state(replace(state), explain=False),
            "explained": lambda: engine.score_state(replace(state)),
            "validated": lambda: engine.score(raw),
            "validation": lambda: engine.check(raw),
        },
        args.seconds,
        players,
    )
    hand, interpreted, explained = found["hand"], found["interpreted"], found["explained"]
    validated, validation = found["validated"], found["validation"]
    cli = cli_seconds(raw)

    print(
        f"Tokaido + Crossroads, {players} players (case {CASE}); hand-written checked on {checked} cases"
    )
    print(f"  hand-written function      {hand:>12,.0f} player-states/s")
    print(
        f"  declared engine            {interpreted:>12,.0f} player-states/s"
        f"   ratio {interpreted / hand:.2f}"
    )
    print(
        f"  ... with explanations      {explained:>12,.0f} player-states/s   ratio {explained / hand:.2f}"
    )
    print(
        f"  engine with validation     {validated:>12,.0f} player-states/s   ratio {validated / hand:.2f}"
    )
    print(
        f"  validation alone (check)   {validation:>12,.0f} player-states/s   ratio {validation / hand:.2f}"
    )
    print(f"  CLI start to finish        {cli * 1000:>12,.0f} ms (median of 5)")


if __name__ == "__main__":
    main()
