"""Dump every result and problem the engine gives on a fixed set of end states, as JSON.

Run before and after a change to validation or scoring, then compare the two files::

    .venv/bin/python -m tests.dump_states /tmp/before.json
    # ... change the code ...
    .venv/bin/python -m tests.dump_states /tmp/after.json
    cmp /tmp/before.json /tmp/after.json  # or: diff <(jq . /tmp/before.json) <(jq . ...)

A refactoring (one validation round instead of two, one field walk instead of a walk
and an acceptor, an interpreter instead of generated code) must leave the file
byte-identical. The states, for every game under content/ and the parity probe game:
every conformance case and invalid case, the parity fixture's states (random, other
options, corrupted, hostile: tests/parity_fixture.py), the field checkers' hostile
states and the fuzz suite's hand-written and drawn files (tests/fuzz), and each scored
state crowded (every count at its most, every flag and choice the same for everyone,
every input given by the first player). Each entry holds the problems (location, code,
parameters, severity), the result when there is one, and the checked state the scoring
read (the end state with defaults filled, faulty inputs replaced, the ties left undecided).

Hypothesis draws the fuzz suite's files with constants it reads from the project's own
source, so an edit to any source file (a test's literal too) can change a few drawn files,
each named by its digest. ``--compare BEFORE AFTER`` compares the entries the two dumps
share, game by game, and lists the files only one of them drew::

    .venv/bin/python -m tests.dump_states --compare /tmp/before.json /tmp/after.json
"""

from __future__ import annotations

import copy
import hashlib
import json
import sys
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

from rulebook.i18n.runtime import translator
from schemas.common import LANGUAGES
from schemas.game import GameContent
from schemas.loader import game_folders, load_game
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from scorer.problems import EndStateError
from scorer.reading import read_end_state
from tests import parity_fixture
from tests.fuzz.test_endstate_fuzz import drawn, hostile
from tests.fuzz.test_fields_parity import hostile_states

ROOT = Path(__file__).resolve().parent.parent
Json = dict[str, Any]


def crowded(engine: GameEngine, state: Json) -> list[Json]:
    """``state`` with the cross-field checks pushed: every count at its most for every
    player, every flag on and every choice the first player's for everyone, and every
    input given for the first player."""
    facts = engine.facts
    players = state["players"]
    most, same, filled = (copy.deepcopy(state) for _ in range(3))
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


def _plain(value: Any) -> Any:
    """JSON data for the dump: sets sorted, tuples as lists, objects by their fields (not
    what they keep out of their repr: the values a checked state holds for the scoring)."""
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value) if f.repr}
    return value


def entry(engine: GameEngine, raw: Any) -> Json:
    """What the engine gives for ``raw`` (parsed JSON): problems, result, checked state."""
    found = score_outcome(engine, copy.deepcopy(raw))
    try:
        state: Any = engine.check(copy.deepcopy(raw))
    except EndStateError as error:
        state = error.state
    return {
        "problems": [p.to_json() for p in found.problems],
        "result": None if found.result is None else found.result.to_json(),
        "state": None if state is None else _plain(state),
    }


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def states_of(content: GameContent, engine: GameEngine) -> list[tuple[str, Any]]:
    """(label, parsed end state or the bytes of a file) for every state dumped."""
    found: list[tuple[str, Any]] = []
    cases = content.cases
    for case in cases.cases if cases else []:
        found.append((f"case {case.id}", {"game": content.id, **case.state}))
    for invalid in cases.invalid if cases else []:
        found.append((f"invalid {invalid.id}", {"game": content.id, **invalid.state}))
    parity = parity_fixture.game_states(content, engine)
    if content.id == "probe":
        parity += parity_fixture.probe_states(content, engine)
    found += [(f"parity {item['id']}", item["state"]) for item in parity]
    files = hostile_states(content)
    if content.id != "probe":
        files += drawn(content.id, content)
        bases = [s for _, s in found[: len(cases.cases) if cases else 0]]
        if bases:
            files += hostile(content.id, {"game": content.id, **bases[0]})
    found += [(f"file {_digest(data)}", data) for data in files]
    for label, raw in list(found):
        if isinstance(raw, dict) and "result" in outcome_keys(engine, raw):
            found += [(f"crowded {label} {i}", s) for i, s in enumerate(crowded(engine, raw))]
    return found


def outcome_keys(engine: GameEngine, raw: Any) -> Json:
    """Whether ``raw`` scores without problems (a base worth crowding)."""
    found = score_outcome(engine, copy.deepcopy(raw))
    return {"result": True} if found.result is not None and not found.problems else {}


def dump() -> Json:
    """Every game's entries, in a fixed order."""
    # The parity fixture's states come with their messages in every language; the dump
    # compares the data, which the messages are made from.
    parity_fixture.with_messages = lambda content, item: None
    contents = [load_game(folder) for folder in game_folders(ROOT / "content")]
    contents.append(parity_fixture.probe_game())
    games: Json = {}
    for content in contents:
        engine = GameEngine(content)
        # The parity states carry their verdict, which needs the game's words.
        for language in LANGUAGES:
            parity_fixture.TRANSLATORS[content.id, language] = translator(content, language)
        entries = []
        for label, raw in states_of(content, engine):
            if isinstance(raw, bytes):
                try:
                    raw = read_end_state(raw)
                except EndStateError as error:
                    problems = [p.to_json() for p in error.problems]
                    entries.append({"id": label, "problems": problems})
                    continue
            entries.append({"id": label, **entry(engine, raw)})
        games[content.id] = entries
    return games


def _keyed(entries: list[Json]) -> dict[str, str]:
    """Each entry by its id, a repeated id (the same file drawn twice) numbered."""
    found: dict[str, str] = {}
    for entry in entries:
        key, k = entry["id"], 1
        while key in found:
            key, k = f"{entry['id']} #{k + 1}", k + 1
        found[key] = json.dumps(entry)
    return found


def compare(before: Json, after: Json) -> list[str]:
    """Per game: how many shared entries are identical, which differ, which ids only one
    dump holds (drawn files whose inputs changed)."""
    lines = []
    for game in sorted(set(before) | set(after)):
        old, new = _keyed(before.get(game, [])), _keyed(after.get(game, []))
        shared = sorted(set(old) & set(new))
        changed = [k for k in shared if old[k] != new[k]]
        lines.append(
            f"{game}: {len(shared) - len(changed)} of {len(shared)} shared entries identical"
            + (f"; differ: {', '.join(changed[:5])}" if changed else "")
            + f"; only before: {len(set(old) - set(new))}, only after: {len(set(new) - set(old))}"
        )
    return lines


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "--compare":
        before, after = (json.loads(Path(a).read_text(encoding="utf-8")) for a in argv[1:])
        print("\n".join(compare(before, after)))
        return 0
    if len(argv) != 1:
        print(
            "usage: python -m tests.dump_states OUT.json | --compare BEFORE AFTER",
            file=sys.stderr,
        )
        return 2
    games = dump()
    Path(argv[0]).write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    counts = ", ".join(f"{game} {len(entries)}" for game, entries in games.items())
    print(f"{sum(len(e) for e in games.values())} states dumped ({counts})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
