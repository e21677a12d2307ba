"""The parity fixture: what the browser calculator must give, computed by the Python engine.

It is built from the real content: each game's export, every conformance case, random end
states (tests.strategies, derandomized), some of them with an option changed or corrupted on
purpose (seeded), every setup for each legal player count and option combination, direct
calls of the mechanics, expression nodes on synthetic players, and the seeded random
generator. A synthetic game ("probe", tests/games/probe/) adds what no real game uses yet. Games that do not
load are left out with a warning (tests/calculator/test_js_parity.py fails until they load).

tests/conftest.py makes the fixture once per version of its inputs; tests/calculator/test_js_parity.py
runs ``node --test tests/js/`` against it. Other tests take the probe game and its end
states from here. ``python -m tests.parity_fixture FIXTURE.json`` writes the fixture for
running node by hand.
"""

from __future__ import annotations

import base64
import copy
import itertools
import json
import random
import sys
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given
from pydantic import TypeAdapter

from rulebook.commands.score import labels, verdict_line
from rulebook.i18n.runtime import Translator, translator
from rulebook.problems import ProblemWords
from rulebook.site.calculator import island_data
from rulebook.site.localize import Localizer
from schemas.common import LANGUAGES
from schemas.expressions import Expr
from schemas.game import GameContent
from schemas.languages import complete_required
from schemas.loader import ContentError, game_folders, load_game
from schemas.names import normalize_name
from schemas.scoring import CountInput, FlagInput, Option
from scorer import mechanics
from scorer.engine import GameEngine
from scorer.export import export_game
from scorer.interpret import player_function, table_function
from scorer.legality import applicable_options, option_whens
from scorer.outcome import score_outcome
from scorer.problems import EndStateError, Problem, excerpt
from scorer.reading import MAX_BYTES, MAX_DEPTH, read_end_state
from scorer.relevance import hidden, settle, tie_only
from scorer.rng import SeededRandom, fnv1a
from scorer.setup import SetupError, make_setup
from scorer.verdict import rival_verdict
from tests.strategies import collecting_settings, end_states
from tests.track_support import track_state

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
JS_TESTS = ROOT / "tests" / "js"
RANDOM_STATES = 40
#: Further draws, kept only when Python scores them, until RANDOM_STATES are scored.
EXTRA_DRAWS = 160
CORRUPTED_STATES = 30
#: Scored states with one option changed (and the inputs it turns off left out).
OPTION_VARIANTS = 20
SETUP_SEEDS = ("rulebook", "42")

Json = dict[str, Any]

#: The command line's translators, by (game, language), for the expected messages.
TRANSLATORS: dict[tuple[str, str], Translator] = {}


def _plain(value: Any) -> Any:
    """What the value becomes as JSON (tuples as lists), as the browser reads it."""
    return json.loads(json.dumps(value))


def load_games() -> tuple[dict[str, GameContent], dict[str, str]]:
    """The games that load, and for the others the first lines of why not."""
    loaded: dict[str, GameContent] = {}
    skipped: dict[str, str] = {}
    for folder in game_folders(CONTENT):
        try:
            loaded[folder.name] = load_game(folder)
        except ContentError as error:
            skipped[folder.name] = "; ".join(str(p) for p in error.problems[:3])
    return loaded, skipped


# ----------------------------------------------------------------------------------------
# End states and their Python outcome
# ----------------------------------------------------------------------------------------


def outcome(engine: GameEngine, state: Any) -> Json:
    """The Python result, the problems (location, code, parameters, severity), or both:
    a state whose problems are all tiebreak ones still has its totals."""
    found = score_outcome(engine, copy.deepcopy(state))
    item: Json = {}
    if found.result is not None:
        item["result"] = _plain(found.result.to_json())
    if found.problems:
        item["problems"] = _plain([p.to_json() for p in found.problems])
    return item


def shown_names(state: Any) -> list[str]:
    """The players' names as a message shows them (normalized, short and printable)."""
    players = state.get("players") if isinstance(state, dict) else None
    if not isinstance(players, list):
        return []
    return [
        excerpt(normalize_name(p["name"]))
        if isinstance(p, dict) and isinstance(p.get("name"), str)
        else ""
        for p in players
    ]


def with_messages(content: GameContent, item: Json) -> None:
    """Each problem's message in every language, as the command line renders it."""
    names = shown_names(item["state"])
    for found in item.get("problems", []):
        problem = Problem(tuple(found["loc"]), found["code"], found["params"], found["severity"])
        found["messages"] = {
            language: ProblemWords(content, TRANSLATORS[content.id, language], names).message(
                problem
            )
            for language in LANGUAGES
        }


def random_states(content: GameContent, count: int) -> list[Json]:
    """``count`` end states drawn by tests.strategies.end_states, the same on every run."""
    found: list[Json] = []

    @collecting_settings(count)
    @given(end_states(content))
    def collect(state: Json) -> None:
        found.append(copy.deepcopy(state))

    collect()
    return found


def _corrupt(content: GameContent, state: Json, rng: random.Random) -> Json:
    """``state`` with one thing wrong, in one of the ways a hand-made file goes wrong."""
    state = copy.deepcopy(state)
    players: list[Json] = state["players"]
    player = rng.choice(players)
    inputs = content.scoring.inputs
    spec = rng.choice(inputs)
    limits = content.game.players
    kind = rng.randrange(16)
    if kind == 0:
        player[spec.id] = rng.choice(["3", 1.5, None, [1], {"a": 1}, True, -1, 10**6])
    elif kind == 1:
        player[rng.choice(["colour", "Name", "total"])] = 1
    elif kind == 2:
        player.pop("name", None)
    elif kind == 3:
        player["name"] = rng.choice(["", "x" * 41, 7, players[0]["name"]])
    elif kind == 4:
        count = rng.choice([limits.min - 1, limits.max + 1])
        state["players"] = [{**players[0], "name": f"Q{i}"} for i in range(max(count, 0))]
    elif kind == 5:
        state[rng.choice(["game", "extra", "options", "table", "players"])] = rng.choice(
            ["other", 3, None, [], {}]
        )
    elif kind == 6:
        state.pop(rng.choice(["game", "options", "table", "players"]), None)
    elif kind == 7:
        state.setdefault("options", {})[rng.choice(["unknown", *state.get("options", {})])] = (
            rng.choice([1, "yes", None, True])
        )
    elif kind == 8:
        state.setdefault("table", {})[rng.choice(["unknown", *state.get("table", {})])] = (
            rng.choice(["zz", None, 2])
        )
    elif kind == 9 and isinstance(player.get(spec.id), list):
        pile = player[spec.id]
        pile.append(rng.choice([-1, 0, 1, 2, 3, 9, 99, pile[-1] if pile else 0]))
        if rng.random() < 0.3:
            player[spec.id] = pile * 5
    elif kind == 10 and isinstance(player.get(spec.id), int):
        player[spec.id] += rng.choice([-3, -1, 1, 5, 20])
    elif kind == 11:
        for other in players:
            if isinstance(other.get(spec.id), bool | str):
                other[spec.id] = player.get(spec.id)
    elif kind == 12:
        state["players"] = [*players, copy.deepcopy(player)]
    elif kind == 13:
        player[spec.id] = rng.choice([0, False, [], None, 2, True])
    elif kind == 14:
        for option in state.get("options", {}):
            state["options"][option] = (
                not state["options"][option]
                if isinstance(state["options"][option], bool)
                else state["options"][option]
            )
    else:
        player[spec.id] = rng.randrange(-2, 8)
    return state


def _other_options(content: GameContent, state: Json, rng: random.Random) -> Json:
    """``state`` with one option changed, and what that option turns off left out."""
    state = copy.deepcopy(state)
    option = rng.choice(content.scoring.options)
    options: Json = {**content.option_defaults(), **state.get("options", {})}
    if option.kind == "flag":
        options[option.id] = not options[option.id]
    else:
        options[option.id] = rng.choice([c.id for c in option.choices])
    state["options"] = options
    count = len(state["players"])
    table: Json = state.get("table", {})
    for spec in content.scoring.table:
        if spec.when is not None and not table_function(spec.when, spec.id)(
            options, table, {}, count
        ):
            table.pop(spec.id, None)
    for player_input in content.scoring.inputs:
        if player_input.when is not None and not table_function(player_input.when, player_input.id)(
            options, table, {}, count
        ):
            for player in state["players"]:
                player.pop(player_input.id, None)
    return state


def conditional_choices(content: GameContent) -> Iterator[tuple[Option, object]]:
    """Each option that has a ``when``, with each of its values other than its default."""
    for option in content.scoring.options:
        if option.when is None:
            continue
        values = [True] if option.kind == "flag" else [c.id for c in option.choices]
        yield from ((option, value) for value in values if value != option.default)


def off_condition_states(content: GameContent, bases: list[Json]) -> list[Json]:
    """Scored states with an option set where its ``when`` does not hold (issue 34): for each
    such option and value, the first state where it does not apply. Both runtimes refuse it."""
    found: list[Json] = []
    whens, defaults = option_whens(content), content.option_defaults()
    for option, value in conditional_choices(content):
        # The state's own options, or the others at their defaults (Crossroads off).
        tried = [
            ({**defaults, **base.get("options", {}), option.id: value}, base) for base in bases
        ] + [({**defaults, option.id: value}, base) for base in bases]
        for options, base in tried:
            _, reset = applicable_options(whens, defaults, options, len(base["players"]))
            if option.id in reset:
                found.append({**copy.deepcopy(base), "options": options})
                break
    return found


def game_states(content: GameContent, engine: GameEngine) -> list[Json]:
    """Conformance cases, random states, states with other options and corrupted ones, each
    with Python's outcome."""
    states: list[Json] = []
    cases = content.cases
    for case in cases.cases if cases else []:
        states.append({"id": f"case {case.id}", "state": {"game": content.id, **case.state}})
    if content.scoring.score_track is not None:  # each case entered from the score track
        for case in cases.cases if cases else []:
            entered = track_state(content, engine, {"game": content.id, **case.state})
            states.append({"id": f"track {case.id}", "state": entered})
    for invalid in cases.invalid if cases else []:
        states.append(
            {"id": f"invalid {invalid.id}", "state": {"game": content.id, **invalid.state}}
        )
    # The first draws as they come (many are refused), then more until as many are scored.
    drawn = random_states(content, EXTRA_DRAWS)
    accepted = 0
    for index, state in enumerate(drawn):
        scored = "result" in outcome(engine, state)
        if index < RANDOM_STATES or (scored and accepted < RANDOM_STATES):
            states.append({"id": f"random {index}", "state": state})
            accepted += scored
    rng = random.Random(f"corrupt {content.id}")
    scored_states = [s["state"] for s in states if "result" in outcome(engine, s["state"])]
    for i in range(OPTION_VARIANTS if content.scoring.options and scored_states else 0):
        variant = _other_options(content, rng.choice(scored_states), rng)
        states.append({"id": f"options changed {i}", "state": variant})
    for i, variant in enumerate(off_condition_states(content, scored_states)):
        states.append({"id": f"option off its condition {i}", "state": variant})
    bases = [
        s["state"]
        for s in states
        if isinstance(s["state"].get("players"), list)
        and s["state"]["players"]
        and all(isinstance(p, dict) for p in s["state"]["players"])
    ]
    for i in range(CORRUPTED_STATES):
        states.append({"id": f"corrupted {i}", "state": _corrupt(content, rng.choice(bases), rng)})
    states.append({"id": "not an object", "state": ["players"]})
    if bases:
        for index, state in enumerate(hostile_states(content, rng.choice(bases))):
            states.append({"id": f"hostile {index}", "state": state})
    words = {language: labels(content, TRANSLATORS[content.id, language]) for language in LANGUAGES}
    for item in states:
        item.update(outcome(engine, item["state"]))
        with_messages(content, item)
        with_verdict(item, words)
    return states


#: The most players' rows per game whose relevance (scorer/relevance.py) JavaScript matches.
RELEVANCE_ROWS = 400


def relevance_cases(engine: GameEngine, states: list[Json]) -> list[Json]:
    """Which inputs count for each player of the parity states (their rows as given,
    corrupted ones included; the options as validation reads them), for relevance.js."""
    facts = engine.facts
    needs = facts.export["needs"]
    defaults = {spec["id"]: facts.default_value(spec) for spec in facts.inputs}
    asked = [spec["id"] for spec in facts.inputs]
    out: list[Json] = []
    for item in states:
        players = item["state"].get("players") if isinstance(item["state"], dict) else None
        if not isinstance(players, list) or len(players) not in facts.counts:
            continue
        try:
            checked: Any = engine.check(copy.deepcopy(item["state"]))
        except EndStateError as error:
            checked = error.state
        options = checked.options if checked is not None else dict(facts.option_values)
        count = len(players)
        case: Json = {"options": options, "count": count, "settled": settle(needs, options, count)}
        case["rows"] = [
            {
                "row": row,
                "found": hidden(needs, row, defaults, asked, options, count),
                "tie_only": tie_only(needs, row, defaults, asked, options, count),
            }
            for row in players
            if isinstance(row, dict)
        ]
        out.append(case)
        if sum(len(c["rows"]) for c in out) >= RELEVANCE_ROWS:
            break
    return out


def with_verdict(item: Json, words: dict[str, Any]) -> None:
    """A scored state with a rival: its verdict (scorer.verdict) and the sentence the
    command line prints for it in every language, for the browser to say the same."""
    result = item.get("result")
    if result is None or item.get("problems") or not result["rivals"]:
        return
    found = rival_verdict(result)
    item["verdict"] = None if found is None else found.to_json()
    item["verdict_said"] = {
        language: verdict_line(words[language], result) for language in LANGUAGES
    }


def hostile_states(content: GameContent, base: Json) -> list[Json]:
    """``base`` with names and values a hand-made or hostile file holds (issue 15): look-alike
    names, control and direction characters, a huge name or key, numbers past any count,
    several problems of every kind at once."""
    found: list[Json] = []

    def changed(**player: Any) -> Json:
        state = copy.deepcopy(base)
        state["players"][0].update(player)
        return state

    second = base["players"][1]["name"] if len(base["players"]) > 1 else "B"
    for name in [
        "Ana\u0301 ",
        "\u00c1na",
        f" {second}\t",
        "\x1b[31mred",
        "A\u202eB",
        "",
        " ",
        "A\x00",
        "x" * 41,
        "\u3000",
        "A\ud800",
    ]:
        found.append(changed(name=name))
    state = copy.deepcopy(base)
    if len(state["players"]) > 1:
        state["players"][0]["name"], state["players"][1]["name"] = "Zo\u00eb", "Zoe\u0308"
        found.append(state)
    found.append(changed(**{"k" * 5000: 1, "\x1b]0;x\x07": 2}))
    counts = [spec.id for spec in content.scoring.inputs if isinstance(spec, CountInput)]
    flags = [spec.id for spec in content.scoring.inputs if isinstance(spec, FlagInput)]
    for value in [10**30, -(10**30), 2**53 + 1, True, "7", None, [3], {"n": 1}]:
        if counts:
            found.append(changed(**{counts[0]: value}))
    if len(counts) >= 3:
        # A decimal, two values out of range and whatever cross-field rules they break.
        found.append(changed(**{counts[0]: 1.5, counts[1]: 10**6, counts[2]: -(10**6)}))
        found.append(changed(**{c: 10**6 for c in counts}))
    if flags:
        found.append(changed(**{flags[0]: 1}))
    return found


def file_cases() -> list[Json]:
    """Bytes of end-state files, each read as the command line reads it (scorer/reading.py)."""
    nile = {"game": "nile", "players": [{"name": "A", "wheat": 3}, {"name": "B"}]}
    good = json.dumps(nile).encode()
    raw: list[bytes] = [
        good,
        b"\xef\xbb\xbf" + good,
        b"[" * 100_000 + b"]" * 100_000,
        b'{"players": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}',
        b'{"players": "[[[[[[[[[[[[[[[[[[[[[[[[[["}',
        good.replace(b'"wheat": 3', b'"wheat": ' + b"7" * 5001),
        good.replace(b'"wheat": 3', b'"wheat": ' + b"7" * 309),
        good.replace(b'"wheat": 3', b'"wheat": 3.0'),
        good.replace(b'"wheat": 3', b'"wheat": 3e0'),
        good.replace(b'"wheat": 3', b'"wheat": 1e400'),
        good.replace(b'"wheat": 3', b'"wheat": -0'),
        good.replace(b'"wheat": 3', b'"wheat": NaN'),
        good.replace(b'"A"', b'"\\ud800"'),
        good.replace(b'"A"', b'"A\xff"'),
        good[:-3],
        b"",
        b"3.5",
        b" " * (MAX_BYTES + 1),
        # Keys named twice, at the top, in a player and both: refused at each path.
        good.replace(b'"game": "nile"', b'"game": "nile", "game": "nile"'),
        good.replace(b'"wheat": 3', b'"wheat": 3, "wheat": 4'),
        good.replace(b'"game": "nile"', b'"players": [], "game": "nile"').replace(
            b'"name": "B"', b'"name": "B", "name": "C", "name": "D"'
        ),
        # An unclosed string of escaped quotes, as large as a file may be: read in a breath.
        b'{"players": "' + b'\\"' * ((MAX_BYTES - 20) // 2),
    ]
    engine = GameEngine(load_game(CONTENT / "nile"))
    cases = []
    for data in raw:
        try:
            state = read_end_state(data)
        except EndStateError as error:
            problems = [p.to_json() for p in error.problems]
            cases.append({"bytes": base64.b64encode(data).decode(), "problems": problems})
            continue
        cases.append({"bytes": base64.b64encode(data).decode(), **outcome(engine, state)})
    return cases


# ----------------------------------------------------------------------------------------
# Setups, mechanics, expressions, random numbers
# ----------------------------------------------------------------------------------------


def option_combinations(content: GameContent) -> list[Json]:
    """Every combination of every option's values."""
    choices = [
        [(o.id, v) for v in ([False, True] if o.kind == "flag" else [c.id for c in o.choices])]
        for o in content.scoring.options
    ]
    return [dict(combo) for combo in itertools.product(*choices)]


def game_setups(content: GameContent) -> list[Json]:
    """Each legal player count, each option combination, two seeds; errors included."""
    setups: list[Json] = []
    runs: list[tuple[int, str, list[str] | None, Json]] = [
        (players, seed, None, options)
        for players in content.game.players.values()
        for options in option_combinations(content)
        for seed in SETUP_SEEDS
    ]
    count = content.game.players.max
    runs.append((count, "named", [f"Joueur {chr(65 + i)}" for i in range(count)], {}))
    runs += [
        (count, "names", ["Ana", "Ana "], {}),
        (2, "names", ["", "x" * 10_000], {}),
        (2, "names", ["A\x1b[2J", "B\u202e"], {}),
        (2, "names", ["Zo\u00eb", "Zoe\u0308"], {}),
        (count + 1, "count", None, {"no_such_option": True}),
        (2, "options", None, {o.id: "x" for o in content.scoring.options}),
    ]
    for players, seed, names, options in runs:
        item: Json = {"players": players, "seed": seed, "names": names, "options": options}
        try:
            item["result"] = _plain(make_setup(content, players, seed, names, options).to_json())
        except SetupError as error:
            item["problems"] = _plain([p.to_json() for p in error.problems])
            for found, problem in zip(item["problems"], error.problems, strict=True):
                found["messages"] = {
                    language: ProblemWords(content, TRANSLATORS[content.id, language]).message(
                        problem
                    )
                    for language in LANGUAGES
                }
        setups.append(item)
    return setups


def mechanics_calls() -> list[Json]:
    """Seeded calls of every mechanic with Python's return value."""
    rng = random.Random("mechanics")
    calls: list[Json] = []

    def call(name: str, *args: Any) -> None:
        result = getattr(mechanics, name)(*args)
        calls.append({"function": name, "args": _plain(args), "result": _plain(result)})

    def measures(low: int = -1, high: int = 6) -> list[int]:
        return [rng.randint(low, high) for _ in range(rng.randint(1, 6))]

    for _ in range(80):
        awards = [rng.randint(0, 12) for _ in range(rng.randint(0, 5))]
        gap = rng.choice([None, 0, 1, 3])
        ties = rng.choice(["dense", "competition", "pool_floor", "pool_nearest"])
        call("rank_award", measures(), awards, ties, rng.randint(0, 2), rng.randint(0, 2), gap)
    for _ in range(20):
        call("most", measures(), rng.randint(1, 6), rng.randint(0, 3))
        values = measures()
        holders = [rng.random() < 0.3 for _ in values]
        call("held_award", values, holders, 10, 3, rng.randint(0, 2))
        call(
            "set_collection", measures(0, 5), [rng.randint(1, 8) for _ in range(rng.randint(1, 5))]
        )
        keep = rng.choice([None, 0, 2, 4, 9])
        call("sorted_key", measures(), rng.random() < 0.5, keep)
        call("lookup", [3, 5, 8], rng.randint(-2, 5), rng.random() < 0.5)
    for _ in range(30):
        values = measures()
        offsets = rng.sample([-3, -2, -1, 1, 2, 3, 5], rng.randint(1, 3))
        seats = rng.sample(range(1, len(values) + 1), len(values)) if rng.random() < 0.5 else None
        aggregate = rng.choice(["sum", "maximum", "minimum"])
        call("neighbours", values, offsets, seats, aggregate)
        call("most", values, [rng.randint(0, 9) for _ in values], rng.randint(0, 2))
    call("neighbours", [True, 2], [-1, 1], None, "sum")
    call("neighbours", [4], [-1, 1], None, "maximum")
    call("most", [True, 1, False], 4, 1)
    call("rank_award", [True, 1, 0, 2], [5, 3, 1], "dense", 0, 1, None)
    call("sorted_key", [1, True, 0, False], False, None)
    return calls


#: Nodes whose Python values are easy to get subtly wrong: bools kept as bools, floor
#: division below zero, tuples compared element by element, ``in``, table-wide sums.
EXPRESSIONS: list[Any] = [
    {"sum": [{"input": "flag"}]},
    {"sum": [{"input": "flag"}, {"input": "flag"}]},
    {"product": [{"input": "flag"}, 3]},
    {"difference": [{"input": "flag"}, {"input": "other_flag"}]},
    {"floor_div": [{"input": "n"}, 3]},
    {"floor_div": [{"input": "flag"}, 2]},
    {"minimum": [{"input": "flag"}, 1]},
    {"maximum": [1, {"input": "flag"}]},
    {"maximum": [{"input": "n"}, {"input": "flag"}, 0]},
    {"lookup": {"index": {"input": "flag"}, "table": [4, 7]}},
    {"lookup": {"index": {"input": "n"}, "table": [4, 7, 9], "beyond": "zero"}},
    {"if": {"cond": {"input": "pile"}, "then": {"input": "flag"}, "else": {"input": "word"}}},
    {"if": {"cond": {"input": "word"}, "then": 1}},
    {"eq": [{"input": "flag"}, 1]},
    {"ne": [{"input": "word"}, 0]},
    {"lt": [{"input": "n"}, {"input": "flag"}]},
    {"ge": [{"value": "key"}, {"value": "other_key"}]},
    {"gt": [{"value": "key"}, {"value": "other_key"}]},
    {"le": [{"input": "pile"}, {"input": "other_pile"}]},
    {"all": [{"input": "flag"}, {"input": "n"}]},
    {"any": [{"input": "word"}, {"input": "pile"}]},
    {"not": {"input": "pile"}},
    {"is": {"of": {"input": "word"}, "in": ["red", "blue"]}},
    {"is": {"of": {"option": "big"}, "in": ["true"]}},
    {"is": {"of": {"table": "tile"}, "in": ["t1"]}},
    {"count_at_least": {"values": [{"input": "n"}]}},
    {"count_at_least": {"values": [{"input": "n"}, {"input": "flag"}], "at_least": 0}},
    {"length": {"input": "pile"}},
    {"last": {"input": "pile"}},
    {"count_equal": {"of": {"input": "pile"}, "value": 1}},
    {"sum_items": {"input": "pile"}},
    {"set_collection": {"families": [{"input": "n"}, {"input": "flag"}], "item_values": [1, 4]}},
    {"sorted_key": {"of": [{"input": "flag"}, {"input": "n"}, 1], "order": "descending"}},
    {"sorted_key": {"of": [{"input": "n"}, 0, 2], "keep": {"input": "flag"}}},
    {"table_sum": {"input": "flag"}},
    {"table_sum": {"input": "n"}},
    {"player_count": True},
    {"option": "mode"},
    {"choice_data": {"of": {"table": "tile"}, "field": "awards", "index": 2}},
    {"choice_data": {"of": {"table": "tile"}, "field": "gap", "index": 1}},
    # An index and a field computed for the row: a flag as an index, a choice naming a field.
    {"choice_data": {"of": {"table": "tile"}, "field": "awards", "index": {"input": "flag"}}},
    {"choice_data": {"of": {"table": "tile"}, "field": {"input": "word"}, "index": {"input": "n"}}},
    {
        "choice_data": {
            "of": {"table": "tile"},
            "field": {"input": "word"},
            "index": {"input": "flag"},
        }
    },
    {"choice_data": {"of": {"table": "tile"}, "field": {"option": "mode"}}},
    {"floor_div": [{"input": "n"}, {"sum": [{"input": "flag"}, 2]}]},
    {"count_at_least": {"values": [{"input": "n"}, 3], "at_least": {"input": "flag"}}},
    {"count_equal": {"of": {"input": "pile"}, "value": {"input": "flag"}}},
    {"neighbours": {"of": {"input": "n"}, "offsets": [-1, 1]}},
    {"neighbours": {"of": {"input": "flag"}, "offsets": [1], "aggregate": "maximum"}},
    {
        "neighbours": {
            "of": {"input": "n"},
            "offsets": [2, -1],
            "seat": {"input": "seat"},
            "aggregate": "minimum",
        }
    },
    {
        "best_assignment": {
            "wildcards": 2,
            "among": [{"input": "n"}, {"input": "flag"}],
            "maximize": {"product": [{"input": "n"}, {"sum": [{"input": "flag"}, 1]}]},
        }
    },
    {
        "best_assignment": {
            "wildcards": {"input": "n"},
            "among": [{"input": "n"}],
            "maximize": {"lt": [{"input": "n"}, 3]},
        }
    },
    {"most": {"of": {"input": "n"}, "points": {"sum": [{"input": "n"}, {"input": "flag"}]}}},
    {
        "rank_award": {
            "of": {"input": "n"},
            "awards": [
                {"player_count": True},
                {"choice_data": {"of": {"table": "tile"}, "field": "awards"}},
            ],
            "ties": "dense",
            "others": 1,
            "max_gap": {"sum": [{"player_count": True}, 1]},
        }
    },
    {
        "rank_award": {
            "of": {"input": "n"},
            "awards": {"table": "tile", "field": "awards"},
            "ties": "dense",
            "max_gap": {"table": "tile", "field": "gap"},
        }
    },
    {
        "rank_award": {
            "of": {"input": "flag"},
            "awards": [3, 1],
            "ties": "pool_floor",
            "at_least": 0,
        }
    },
    {"most": {"of": {"input": "flag"}, "points": 2}},
    {
        "held_award": {
            "of": {"input": "n"},
            "holder": {"input": "word"},
            "holder_points": 5,
            "other_points": 1,
        }
    },
    {
        "sum": [
            {
                "most": {
                    "of": {
                        "rank_award": {
                            "of": {"input": "n"},
                            "awards": [9, 4],
                            "ties": "competition",
                        }
                    },
                    "points": 1,
                }
            },
            {"table_sum": {"input": "n"}},
        ]
    },
]

EXPRESSION_CONTEXT: Json = {
    "players": [
        {"flag": True, "other_flag": False, "n": -4, "word": "red", "pile": [0, 1, 1], "seat": 3},
        {"flag": False, "other_flag": True, "n": 7, "word": "", "pile": [], "seat": 1},
        {
            "flag": True,
            "other_flag": True,
            "n": 2,
            "word": "green",
            "pile": [0, 0, 1, 2],
            "seat": 4,
        },
        {"flag": False, "other_flag": False, "n": 7, "word": "blue", "pile": [3], "seat": 2},
    ],
    "options": {"big": True, "mode": "alt"},
    "table": {"tile": "t1"},
    "choice_data": {"tile": {"awards": [6, 4, 2], "gap": [4], "red": [1, 2, 3], "alt": [5]}},
    "values": {
        "key": [[2, 1], [2, 1, 0], [1, 9], [2, 1]],
        "other_key": [[2, 1], [2, 1], [1, 9, 9], [3]],
    },
}


def expression_cases() -> Json:
    """Each node of EXPRESSIONS evaluated by Python's interpreted player function."""
    adapter: TypeAdapter[Any] = TypeAdapter(Expr)
    context = copy.deepcopy(EXPRESSION_CONTEXT)
    context["players"] = [{**p, "other_pile": p["pile"][::-1]} for p in context["players"]]
    cases = []
    for raw in EXPRESSIONS:
        run = player_function(adapter.validate_python(raw), "parity")
        result = run(
            context["players"],
            context["options"],
            context["table"],
            context["choice_data"],
            {k: [tuple(v) for v in vs] for k, vs in context["values"].items()},
        )
        cases.append({"node": raw, "result": _plain(result)})
    return {"context": context, "cases": cases}


def rng_rows() -> list[Json]:
    """The first outputs of SeededRandom, its draws and a shuffle, for a few seeds."""
    rows = []
    bounds = [1, 2, 3, 6, 7, 10, 100, 2**20, 2**31 - 1]
    for seed in ["", "a", "rulebook", "42", "seed-2026", "été", "Київ", "日本", "🎲"]:
        u32 = SeededRandom(seed)
        below = SeededRandom(seed)
        items = list(range(12))
        rows.append(
            {
                "seed": seed,
                "fnv1a": fnv1a(seed),
                "u32": [u32.next_u32() for _ in range(10)],
                "bounds": bounds,
                "below": [below.below(b) for b in bounds],
                "items": items,
                "shuffled": SeededRandom(seed).shuffled(items),
            }
        )
    return rows


# ----------------------------------------------------------------------------------------
# A synthetic game for what no real game uses yet
# ----------------------------------------------------------------------------------------

#: The synthetic game: a content folder of its own (game, components, setup, scoring), read
#: by the same strict reader as content/, so a slip in it is reported at its file and line.
PROBE = ROOT / "tests" / "games" / "probe"
#: The probe's files (the parts of a game it has).
PROBE_PARTS = ("game", "components", "setup", "scoring")


def probe_game() -> GameContent:
    """The synthetic game, loaded and checked (references included) as content/ is."""
    return load_game(PROBE)


def probe_with_values(items: str) -> GameContent:
    """The probe with ``items`` (YAML list items, at any indentation) put before its own
    scoring values; validated as models only, so the caller checks the references."""
    parts = {name: (PROBE / f"{name}.yaml").read_text(encoding="utf-8") for name in PROBE_PARTS}
    listed = textwrap.indent(textwrap.dedent(items), "  ")
    assert parts["scoring"].count("\nvalues:\n") == 1
    parts["scoring"] = parts["scoring"].replace("\nvalues:\n", "\nvalues:\n" + listed, 1)
    return GameContent.model_validate({name: yaml.safe_load(text) for name, text in parts.items()})


#: A valid probe end state for two players, for tests that set one part of it (a copy).
PROBE_BASE: dict[str, Any] = {
    "game": "probe",
    "table": {"region_1": "t1", "region_2": "t2"},
    "players": [
        {"name": "Ana", "arrival": 1, "seat": 1, "hero": "a"},
        {"name": "Bo", "arrival": 2, "seat": 2, "hero": "b"},
    ],
}


#: Probe end states for rivals and table numbers, valid and not, beyond the random ones.
PROBE_STATES: list[Json] = [
    {"rivals": {"ghost": {"temple": 4, "coins": 2, "gifts": 1}}},
    {"rivals": {"ghost": {"roads": [{"size": 3, "mine": 1, "theirs": 0}]}}},
    {"rivals": {"ghost": {"roads": [{"size": 12, "mine": 1}, 4]}}},
    {"rivals": {"ghost": {"temple": -1}}},
    {"rivals": {"ghost": {"coins": "x", "gifts": 9}}},
    {"rivals": {"ghost": {"star": True}}},
    {"rivals": {"ufo": {}}},
    {"rivals": {"bot": {"temple": 2}}},
    {"rivals": {"ghost": None, "bot": None}},
    {"rivals": []},
    {"table": {"bounty": 7}},
    {"table": {"bounty": "3"}},
    {"table": {"tax": 2}},
]


def _road(size: int, mine: int, theirs: int) -> Json:
    return {"size": size, "mine": mine, "theirs": theirs}


#: Rows cases of the probe: each player's open roads (the first player's, then the
#: others'), and the first player's points worked out by hand on the four road categories
#: (tests/scorer/test_rows.py checks them in Python; the parity run compares the browser's).
ROW_CASES: list[tuple[str, list[Json], list[Json], dict[str, int]]] = [
    (
        "no rows",
        [],
        [],
        {"roads": 0, "road_counts": 0, "road_award": 0, "road_pool": 0},
    ),
    (
        # 4 + 2 held (the 4 nobody holds more of); 3 rows, 2 of size 3 or more, 1 lost;
        # the two 4s tie first (5 each, competition skips 2nd); 4 and 4 (followers x size)
        # pool 6 + 3 = 9, 4 each, the row without followers takes no part.
        "several rows with ties",
        [_road(4, 1, 1), _road(4, 0, 2), _road(2, 2, 0)],
        [_road(9, 3, 0)],
        {"roads": 6, "road_counts": 6, "road_award": 10, "road_pool": 8},
    ),
    (
        # One row: 9 held; 1 row, of size 3 or more; alone in first place (5 and 6).
        "one row",
        [_road(9, 3, 3)],
        [],
        {"roads": 9, "road_counts": 2, "road_award": 5, "road_pool": 6},
    ),
    (
        # Three rows of 5 tie first: 5 each (15); 1 x 5 = 5 three times pools 6 + 3 + 2 =
        # 11, 3 each (9); none held (2 < 3), all lost: 3 + 3 + 3.
        "a three-way tie",
        [_road(5, 1, 2)] * 3,
        [_road(5, 1, 2)],
        {"roads": 0, "road_counts": 9, "road_award": 15, "road_pool": 9},
    ),
    (
        # Followers left out count as their default, none: the 4 is not held, the 6 is
        # (6); 2 rows, both of size 3 or more, the 4 lost (2 + 2 + 1); the 6 first, the 4
        # second (5 + 3); 0 x 4 takes no part, 2 x 6 = 12 alone first (6).
        "followers left out count as none",
        [{"size": 4, "theirs": 1}, {"size": 6, "mine": 2, "theirs": 1}],
        [{"size": 3, "theirs": 0}],
        {"roads": 6, "road_counts": 5, "road_award": 8, "road_pool": 6},
    ),
]

#: Rows a file gets wrong: each is refused at its path, the same in both runtimes.
ROW_FAULTS: list[tuple[str, Any]] = [
    ("a number past its field's bound", [_road(10, 0, 0), _road(1, -1, 4)]),
    ("a field left out and one unknown", [{"size": 2, "mine": 1, "colour": 3}]),
    ("more rows than allowed", [_road(1, 0, 0)] * 6),
    ("not a list", {"size": 2}),
    ("a row that is no record", [3, [1], None]),
    ("a number that is no whole number", [{"size": 2.5, "mine": True, "theirs": "1"}]),
]


#: Cases of the probe's expressions taken where a number or an index was (board: the
#: hero's data field named by the side played, at the place claimed; tile_read: the first
#: tile's field named by the reading, at the player count less one; wild_more: jokers plus
#: gifts // kept wildcards on the gems), with the first player's points worked out by hand
#: thresholds: the sum of six nodes whose threshold, value or awards are computed.
#: (tests/schemas/test_bounds.py checks them in Python; the parity run compares the browser's).
BOUND_BASE: Json = {
    "game": "probe",
    "table": {"region_1": "t1", "region_2": "t2", "bounty": 1},
    "players": [
        {"name": "Ana", "arrival": 1, "seat": 1},
        {"name": "Bo", "arrival": 2, "seat": 2},
    ],
}
BOUND_CATEGORIES = ("board", "tile_read", "wild_more", "thresholds", "printed")
BOUND_CASES: list[tuple[str, Json, list[Json], dict[str, int]]] = [
    (
        # Hero B's night list [3, 8, 0] at claim 1: 8; t1's classic list [1, 2, 3, 4, 5] at
        # 2 - 1: 2; 2 jokers + 3 // 2 gifts = 3 wildcards on gems 1 and 0: 2 and 2, 2.
        # Thresholds: of gems 1 and gifts 3, one reaches 0 + 2; no pile, no road; gems 1
        # below 2 players; no gem b reaches the bounty 1; Ana holds the star and has the
        # most gifts: 3. 1 + 3 = 4. Printed: claim 1 reads the bounty, 1; gems 1 and 0 are
        # one set's first item, 1; Bo, the next seat, has no gift: 2.
        "side and place read from the entries",
        {},
        [
            {
                "hero": "b",
                "side": "night",
                "claim": 1,
                "jokers": 2,
                "gifts": 3,
                "gems_a": 1,
                "star": True,
            },
            {"hero": "a", "claim": 2},
        ],
        {"board": 8, "tile_read": 2, "wild_more": 2, "thresholds": 4, "printed": 2},
    ),
    (
        # Hero A's day list [2, 4, 6] at claim 2: 6; t1's alt list [9, 8] at 1: 8; no joker
        # and 1 // 2 = 0: no wildcard, the least of 3 and 1 gems is 1. Thresholds: gems 3
        # reach 2 (1); two cards of 0 jokers (2); roads 5, 3, 1 from gifts + 1 = 2 on: 5
        # takes 0 jokers, 3 takes 2 (2); gems 3 first of those reaching 2 players (4); gems
        # b 1 the most reaching the bounty (2); nobody holds the star (0). 11. Printed:
        # claim 2 reads no joker + 1, 1; gems 3 and 1: 3 x 1 + 1 x 2, 5; no gift: 6.
        "the other reading",
        {"options": {"mode": "alt"}},
        [
            {
                "hero": "a",
                "side": "day",
                "claim": 2,
                "gifts": 1,
                "gems_a": 3,
                "gems_b": 1,
                "pile": [0, 0, 1],
                "roads": [_road(3, 1, 0), _road(5, 0, 0), _road(1, 0, 0)],
            },
            {"hero": "d", "side": "night", "claim": 1},
        ],
        {"board": 6, "tile_read": 8, "wild_more": 1, "thresholds": 11, "printed": 6},
    ),
    (
        # Hero C carries no data: 0; t2's classic list [7] has no place 1: 0; 3 jokers +
        # 2 // 2 = 4 wildcards on no gems: 2 and 2, 2. Thresholds: gifts 2 reach 2 (1); one
        # card of 3 jokers (1); two roads of 4 from gifts + 1 = 3 on tie first, 3 jokers
        # each (6); no gems; Ana ties Bo on the most gifts, Bo holds the star: 1. 9.
        # Printed: no claim reads 0; no gem; Bo, the next seat, has 2 gifts: 2.
        "nothing at the place read",
        {"table": {"region_1": "t2", "region_2": "t1", "bounty": 1}},
        [
            {
                "hero": "c",
                "side": "night",
                "jokers": 3,
                "gifts": 2,
                "pile": [0, 1, 2, 3],
                "roads": [_road(4, 0, 0), _road(4, 0, 0)],
            },
            {"hero": "b", "side": "night", "claim": 1, "star": True, "gifts": 2},
        ],
        {"board": 0, "tile_read": 0, "wild_more": 2, "thresholds": 9, "printed": 2},
    ),
]


def bound_states() -> list[Json]:
    """BOUND_CASES as end states."""
    found = []
    for name, table, players, _ in BOUND_CASES:
        state = {**copy.deepcopy(BOUND_BASE), **copy.deepcopy(table)}
        for player, entered in zip(state["players"], players, strict=True):
            player.update(entered)
        found.append({"id": f"bounds: {name}", "state": state})
    return found


def row_states(base: Json) -> list[Json]:
    """ROW_CASES and ROW_FAULTS laid over a scored probe state (every debt 0, so each case's
    numbers depend on the roads alone)."""
    found = []
    variants: list[tuple[str, Any, Any]] = [(n, mine, others) for n, mine, others, _ in ROW_CASES]
    variants += [(n, rows, []) for n, rows in ROW_FAULTS]
    for name, first, others in variants:
        state = copy.deepcopy(base)
        for index, player in enumerate(state["players"]):
            player["debt"] = 0
            player["roads"] = copy.deepcopy(first if index == 0 else others)
        found.append({"id": f"rows: {name}", "state": state})
    return found


def probe_states(content: GameContent, engine: GameEngine) -> list[Json]:
    """PROBE_STATES laid over a few scored random states (with and without the expansion,
    which brings the bot), with Python's outcome."""
    scored = [s for s in random_states(content, 60) if "result" in outcome(engine, s)]
    scored = [s for s in scored if s["options"]["big"]][:2] + [
        s for s in scored if not s["options"]["big"]
    ][:2]
    states = []
    for k, change in enumerate(PROBE_STATES):
        for j, base in enumerate(scored):
            state = copy.deepcopy(base)
            for key, value in change.items():
                state[key] = {**state.get(key, {}), **value} if isinstance(value, dict) else value
            item = {"id": f"probe {k}.{j}", "state": state, **outcome(engine, state)}
            with_messages(content, item)
            states.append(item)
    for item in [*row_states(scored[0]), *bound_states()]:
        item.update(outcome(engine, item["state"]))
        with_messages(content, item)
        states.append(item)
    return states


# ----------------------------------------------------------------------------------------
# The fixture and the tests
# ----------------------------------------------------------------------------------------


def build_fixture() -> Json:
    """Everything the JavaScript tests compare with, computed by the Python engine."""
    loaded, skipped = load_games()
    for game_id, reason in skipped.items():
        message = f"js parity: skipped {game_id} (does not load): {reason}"
        print(message, file=sys.stderr)
        warnings.warn(message, stacklevel=2)
    games: Json = {}
    for game_id, content in [*sorted(loaded.items()), ("probe", probe_game())]:
        engine = GameEngine(content)
        for language in LANGUAGES:
            TRANSLATORS[game_id, language] = translator(content, language)
        extra = probe_states(content, engine) if game_id == "probe" else []
        states = game_states(content, engine) + extra
        games[game_id] = {
            "export": _plain(export_game(content)),
            "islands": {
                language: island_data(content, Localizer(language, content))
                for language in LANGUAGES
            },
            "states": states,
            # The languages whose catalogs of the game must be complete (content/
            # languages.yaml): the others may show source text, read apart by the sentences.
            "complete": [code for code in LANGUAGES if complete_required(code, game_id)],
            "setups": game_setups(content),
            "relevance": _plain(relevance_cases(engine, states)),
        }
    return {
        "games": games,
        "files": file_cases(),
        "bounds": {"max_bytes": MAX_BYTES, "max_depth": MAX_DEPTH},
        "skipped": skipped,
        "mechanics": mechanics_calls(),
        "expressions": expression_cases(),
        "rng": rng_rows(),
    }


def summary(fixture: Json) -> str:
    """How many comparisons each game contributes."""
    lines = []
    for game_id, game in fixture["games"].items():
        states = game["states"]
        cases = sum(1 for s in states if s["id"].startswith(("case ", "invalid ")))
        scored = sum(1 for s in states if "result" in s)
        lines.append(
            f"{game_id}: {len(states)} end states ({cases} conformance, {scored} scored, "
            f"{len(states) - scored} refused), {len(game['setups'])} setups"
        )
    lines.append(
        f"mechanics calls: {len(fixture['mechanics'])}, expressions: "
        f"{len(fixture['expressions']['cases'])}, rng seeds: {len(fixture['rng'])}"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "js-parity-fixture.json")
    built = build_fixture()
    target.write_text(json.dumps(built), encoding="utf-8")
    print(summary(built))
