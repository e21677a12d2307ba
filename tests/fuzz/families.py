"""The hostile-input families of issue 34, as data: every probe a command line and its damage.

A *probe* is one run of the real ``rulebook`` command on a temporary copy of the project:

* ``argv``: the command line after ``rulebook`` (``--project`` is added by the runner);
  ``{project}`` and ``{outside}`` stand for the copy and for the folder beside it;
* ``make(project, outside)``: the files it writes into the copy (the damage) or beside it
  (a reader's files, a secret a link points to);
* ``stdin``: what standard input holds, if anything;
* ``expect``: ``refuse`` (exit 1 or 2, a message naming one of ``names``) or ``refuse_or_warn``
  (refused as above, or accepted with a warning naming one of ``names``) or ``either`` (a
  success is fine too: a build into a new folder beside a reader's folders, a command that
  never reads the damaged file);
* ``names``: the file names or field paths a clean error names (any one of them will do);
* ``games``: the games copied into the project (only those, so a probe stays cheap).

The folder beside the copy (``outside``) is watched: a probe that changes anything in it
(save ``writes``, the output folder of an ``either`` build) edited a file it must not touch.

Games come from ``content/`` (every folder holding a ``game.yaml``), never from a list here;
what a probe damages is found in the game's own files (its first ``compute: {input: X}``,
its ``players:`` line, its first translated message), so a new game gets every family.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from schemas.game import GameContent
from schemas.scoring import ChoiceInput, CountInput, FlagInput, PositionInput, SequenceInput
from scorer.interpret import table_function
from tests.strategies import collecting_settings, end_states

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
LOCALES = ROOT / "locales"

#: What a file outside the project holds; a message must never print it.
SECRET = "TOP-SECRET-7f3a9c1e"
#: The end state's file name in every score probe (a clean error names it or the field).
STATE = "end-state.json"
#: CPU seconds a probe may take (a healthy one takes well under one); a build takes more.
CPU_SECONDS = 6.0
BUILD_CPU_SECONDS = 40.0
#: Hypothesis draws per game for the ill-typed end-state generator (derandomized).
DRAWS = 8

Make = Callable[[Path, Path], None]


def _nothing(project: Path, outside: Path) -> None:
    """No damage: the probe's hostility is all in its command line or standard input."""


@dataclass(frozen=True)
class Probe:
    """One hostile run of the command and what it must end in."""

    family: str
    game: str
    name: str
    argv: tuple[str, ...]
    make: Make = _nothing
    stdin: bytes | None = None
    expect: str = "refuse"
    names: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
    cpu: float = CPU_SECONDS
    #: A path under ``outside`` the command may write (the output of an ``either`` build).
    writes: str | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def key(self) -> str:
        """A stable name: family, game and probe."""
        return f"{self.family}/{self.game or '-'}/{self.name}"


def game_ids(content: Path = CONTENT) -> list[str]:
    """Every game of the project: the folders of ``content/`` that hold a ``game.yaml``."""
    return sorted(p.name for p in content.iterdir() if (p / "game.yaml").is_file())


# ----------------------------------------------------------------------------------------
# Small tools for damage
# ----------------------------------------------------------------------------------------


def _write(relative: str, data: bytes | str) -> Make:
    def make(project: Path, outside: Path) -> None:
        path = project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)

    return make


def _sub(relative: str, pattern: str, new: Callable[[re.Match[str]], str]) -> Make:
    """Replace the first match of ``pattern`` in the copy's file (which must hold one)."""

    def make(project: Path, outside: Path) -> None:
        path = project / relative
        text = path.read_text(encoding="utf-8")
        found = re.search(pattern, text, re.DOTALL | re.MULTILINE)
        assert found is not None, f"{pattern!r} not in {path}"
        path.write_text(text[: found.start()] + new(found) + text[found.end() :], "utf-8")

    return make


def _special(relative: str, kind: str) -> Make:
    """Replace a file of the copy with a FIFO, a link to /dev/zero, a loop or a way out."""

    def make(project: Path, outside: Path) -> None:
        path = project / relative
        original = path.read_bytes() if path.is_file() else b""
        path.unlink(missing_ok=True)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "dev_zero":
            path.symlink_to("/dev/zero")
        elif kind == "loop":
            path.symlink_to(path.name)
        elif kind == "outside":
            secret = outside / f"linked-{path.name}"
            secret.write_bytes(original + f"\n# {SECRET}\n".encode())
            path.symlink_to(secret)
        else:
            raise ValueError(kind)

    return make


SPECIAL_KINDS = ("fifo", "dev_zero", "loop", "outside")


def _both(*makes: Make) -> Make:
    def make(project: Path, outside: Path) -> None:
        for one in makes:
            one(project, outside)

    return make


# ----------------------------------------------------------------------------------------
# score: hostile end states
# ----------------------------------------------------------------------------------------


def _base_state(content: GameContent) -> dict[str, Any]:
    """A real end state of the game: its example (examples/<game>.json), else its first case."""
    example = ROOT / "examples" / f"{content.id}.json"
    if example.is_file():
        state: dict[str, Any] = json.loads(example.read_text(encoding="utf-8"))
        return state
    assert content.cases is not None and content.cases.cases, f"{content.id} has no cases"
    return {"game": content.id, **copy.deepcopy(content.cases.cases[0].state)}


def _nullable(game: str) -> set[str]:
    """The player inputs whose exported JSON Schema allows null (an optional choice)."""
    schema = json.loads((ROOT / "schemas" / "json" / f"endstate-{game}.schema.json").read_text())
    found: set[str] = set()
    for definition in schema.get("$defs", {}).values():
        for name, spec in definition.get("properties", {}).items():
            if {"type": "null"} in spec.get("anyOf", []):
                found.add(name)
    return found


def _ill_typed(spec: Any, players: int) -> list[tuple[str, Any]]:
    """Values of the wrong type or out of range for one declared input, named."""
    common: list[tuple[str, Any]] = [
        ("an object", {"a": 1}),
        ("a fraction", 1.5),
        ("a list of strings", ["x"]),
        ("null", None),
    ]
    if isinstance(spec, CountInput):
        return [
            ("a string", "7"),
            ("a boolean", True),
            ("a negative number", -1 if spec.min >= 0 else spec.min - 1),
            ("a huge number", 10**30),
            *common,
        ]
    if isinstance(spec, FlagInput):
        return [("a number", 1), ("a string", "true"), ("a list", [True]), *common]
    if isinstance(spec, ChoiceInput):
        return [("a number", 7), ("an unknown choice", "~nope"), ("a boolean", True), *common]
    if isinstance(spec, PositionInput):
        return [("place 0", 0), ("a place past the table", players + 5), ("a string", "1"), *common]
    if isinstance(spec, SequenceInput):
        return [
            ("a number", 7),
            ("a nested list", [[1]]),
            ("a list too long", [spec.item_min] * (spec.max_length + 1)),
            ("a value out of range", [spec.item_max + 10**6]),
            ("a boolean", True),
            *common,
        ]
    return common


def _state_file(data: bytes) -> Make:
    return _write(STATE, data)


def _score(game: str, name: str, data: bytes, names: tuple[str, ...], stdin: bool = False) -> Probe:
    if stdin:
        return Probe(
            "score",
            game,
            name,
            ("score", game, "-"),
            stdin=data,
            names=("standard input", *names),
            games=(game,),
        )
    return Probe(
        "score",
        game,
        name,
        ("score", game, "{project}/" + STATE),
        _state_file(data),
        names=(STATE, *names),
        games=(game,),
    )


def score_probes(content: GameContent) -> Iterator[Probe]:
    """Ill-typed values for every declared input, hand-written hostile files, drawn states."""
    game, base = content.id, _base_state(content)
    players = len(base["players"])
    kinds_seen: set[type] = set()
    nullable = _nullable(game)
    for index, spec in enumerate(content.scoring.inputs):
        values = [
            v for v in _ill_typed(spec, players) if v[1] is not None or spec.id not in nullable
        ]
        # Every input gets one wrong value (a different one from input to input); the first
        # input of each kind gets them all.
        chosen = values if type(spec) not in kinds_seen else [values[index % len(values)]]
        kinds_seen.add(type(spec))
        for label, value in chosen:
            state = copy.deepcopy(base)
            state["players"][0][spec.id] = value
            yield _score(
                game,
                f"{spec.id} = {label}",
                json.dumps(state).encode(),
                (f"players[0].{spec.id}",),
            )
    yield from _hostile_files(game, base)
    yield from _inapplicable_in_state(content, base)
    yield from _drawn(content)


def _inapplicable_in_state(content: GameContent, base: dict[str, Any]) -> Iterator[Probe]:
    """The base state with an option set where its ``when`` does not hold: refused, or kept
    out with a warning naming it (as setup must do; see _inapplicable_options)."""
    options = {**content.option_defaults(), **base.get("options", {})}
    count = len(base["players"])
    for option in content.scoring.options:
        if option.when is None or table_function(option.when, option.id)(options, {}, {}, count):
            continue
        if option.kind == "flag":
            value: bool | str = not option.default
        else:
            value = next(c.id for c in option.choices if c.id != option.default)
        state = copy.deepcopy(base)
        state["options"] = {**base.get("options", {}), option.id: value}
        yield Probe(
            "score",
            content.id,
            f"options.{option.id} = {value} where it does not apply",
            ("score", content.id, "{project}/" + STATE),
            _state_file(json.dumps(state).encode()),
            expect="refuse_or_warn",
            names=(f"options.{option.id}", option.id),
            games=(content.id,),
        )


def _hostile_files(game: str, base: dict[str, Any]) -> Iterator[Probe]:
    good = json.dumps(base).encode()
    first = base["players"][0]
    field_ = next((k for k in first if k != "name"), "name")
    duplicate = good.replace(f'"{field_}": '.encode(), f'"{field_}": 0, "{field_}": '.encode(), 1)
    # Just under the size bound (scorer.reading refuses a bigger file before parsing it).
    quotes = b'{"game": "' + b'\\"' * 499_990
    yield _score(game, "a duplicate key in a player", duplicate, (f"players[0].{field_}",))
    yield _score(
        game,
        "a duplicate top-level key",
        good.replace(b'"players"', b'"game": "' + game.encode() + b'", "players"', 1),
        ("game",),
    )
    yield _score(game, "an unterminated string of escaped quotes just under 1 MB", quotes, ())
    yield _score(game, "the same string on standard input", quotes, (), stdin=True)
    yield _score(
        game,
        "the same string after a valid state",
        good.rstrip()[:-1] + b', "x": "' + b'\\"' * (499_980 - len(good) // 2),
        (),
    )
    yield _score(game, "a string of 100,000 escaped quotes", b'"' + b'\\"' * 100_000, ())
    yield _score(game, "nested 100,000 lists deep", b"[" * 100_000 + b"]" * 100_000, ())
    yield _score(game, "nested 5,000 objects deep", b"{" + b'"a":{' * 5000 + b"}" * 5001, ())
    state = copy.deepcopy(base)
    state["players"][0][field_] = 10**400
    yield _score(game, "a 401-digit number", json.dumps(state).encode(), (f"players[0].{field_}",))
    state["players"][0][field_] = "@digits@"
    digits = json.dumps(state).encode().replace(b'"@digits@"', b"9" * 5001)
    yield _score(game, "a 5,001-digit number", digits, (f"players[0].{field_}",))
    yield _score(game, "1e400", good.replace(b'"players"', b'"x": 1e400, "players"', 1), ("x",))
    yield _score(game, "NaN", good.replace(b'"players"', b'"x": NaN, "players"', 1), ())
    yield _score(game, "not UTF-8", b"\xff\xfe" + good, ())
    yield _score(game, "an empty file", b"", ())
    yield _score(
        game, "players not a list", json.dumps({"game": game, "players": {}}).encode(), ("players",)
    )


#: Values of any JSON type, for the drawn states.
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def _wrong_for(spec: Any) -> st.SearchStrategy[Any]:
    """Values no input of ``spec``'s kind takes (ill-typed or far out of range)."""
    wrong = (
        st.dictionaries(st.text(max_size=4), _JSON, max_size=3)
        | st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x != int(x))
        | st.lists(st.text(max_size=4), min_size=1, max_size=3)
        | st.text(max_size=8).map(lambda t: "~" + t)
    )
    if not isinstance(spec, FlagInput):
        wrong |= st.booleans()
    if isinstance(spec, (CountInput, PositionInput)):
        wrong |= st.integers(10**12, 10**40) | st.integers(-(10**40), -(10**12))
    return wrong


def _drawn(content: GameContent) -> Iterator[Probe]:
    """A Hypothesis generator per game: real end states with one input made ill-typed."""
    found: list[tuple[str, dict[str, Any]]] = []
    inputs = list(content.scoring.inputs)

    @collecting_settings(DRAWS)
    @given(end_states(content), st.sampled_from(inputs), st.integers(0, 9), st.data())
    def collect(state: dict[str, Any], spec: Any, who: int, data: st.DataObject) -> None:
        state = copy.deepcopy(state)
        index = who % len(state["players"])
        state["players"][index][spec.id] = data.draw(_wrong_for(spec))
        found.append((f"players[{index}].{spec.id}", state))

    collect()
    for number, (where, state) in enumerate(found):
        yield _score(
            content.id, f"drawn #{number}: {where} ill-typed", json.dumps(state).encode(), (where,)
        )


# ----------------------------------------------------------------------------------------
# setup: player counts, options, names
# ----------------------------------------------------------------------------------------


def healthy_players(content: GameContent) -> int:
    """The fewest players the game is set up for with its default options (a solo game may
    need its solo option on: Viticulture's Automa, River of Gold's Seishin)."""
    limits = content.game.players
    needs = {n for o in content.scoring.options if o.players for n in o.players.required}
    return next((n for n in range(limits.min, limits.max + 1) if n not in needs), limits.min)


def _setup(
    game: str, name: str, args: tuple[str, ...], names: tuple[str, ...], expect: str = "refuse"
) -> Probe:
    return Probe(
        "setup", game, name, ("setup", game, *args), expect=expect, names=names, games=(game,)
    )


def setup_probes(content: GameContent) -> Iterator[Probe]:
    """Huge, negative and non-numeric player counts; hostile options and names."""
    game, limits = content.id, content.game.players
    least = str(healthy_players(content))
    for label, count in [
        ("10^30", str(10**30)),
        ("10^12", str(10**12)),
        ("10^7", str(10**7)),
        ("one past the most", str(limits.max + 1)),
        ("0", "0"),
        ("-1", "-1"),
        ("-10^30", str(-(10**30))),
        ("5,000 nines", "9" * 5000),
        ("x", "x"),
        ("empty", ""),
        ("1e3", "1e3"),
        ("3.0", "3.0"),
        ("0x10", "0x10"),
    ]:
        yield _setup(game, f"--players {label}", ("--players", count), ("--players",))
    plays = ("--players", least)
    flags = [o for o in content.scoring.options if o.kind == "flag"]
    choices = [o for o in content.scoring.options if o.kind == "choice"]
    hostile_options = [
        ("an unknown option", "no_such_option=true", "no_such_option"),
        ("no equals sign", "no_such_option", "no_such_option"),
        ("an empty key", "=true", "--option"),
        ("a 100,000-character key", "k" * 100_000 + "=true", "--option"),
        ("terminal escapes in the key", "\x1b[2J\x1b]0;x\x07=true", "--option"),
    ]
    for option in flags[:1]:
        hostile_options += [
            ("a flag set to maybe", f"{option.id}=maybe", option.id),
            ("a flag set to nothing", f"{option.id}=", option.id),
            ("a flag set to 100,000 ones", f"{option.id}=" + "1" * 100_000, option.id),
        ]
    for option in choices[:1]:
        hostile_options += [
            ("an unknown choice", f"{option.id}=nope", option.id),
            ("a choice with a bidi override", f"{option.id}=\u202enope", option.id),
        ]
    for label, value, named in hostile_options:
        yield _setup(game, f"--option {label}", (*plays, "--option", value), (named, "--option"))
    yield from _inapplicable_options(content)

    def first(bad: str) -> str:
        """As many names as the fewest players, the first one ``bad``."""
        return ",".join([bad, *(f"P{i}" for i in range(2, int(least) + 1))])

    for label, names in [
        ("a zero-width space", first("\u200b")),
        ("a Hangul filler", first("\u3164")),
        ("only spaces", ",".join([" "] * int(least))),
        ("a bidi override", first("\u202eAna")),
        ("terminal escapes", first("\x1b[2J")),
        ("a 100,000-character name", first("N" * 100_000)),
        ("one name too many", ",".join(f"P{i}" for i in range(int(least) + 1))),
        ("a million commas", "," * 1_000_000),
    ]:
        # A wrong number of names is told about the player count: either field will do.
        yield _setup(game, f"--names {label}", (*plays, "--names", names), ("--names", "--players"))


def _inapplicable_options(content: GameContent) -> Iterator[Probe]:
    """Each option with a ``when``, set (to a value other than its default) at a player count
    where its ``when`` does not hold with the other options at their defaults: refused, or
    dropped with a warning that names it (Tokaido's Shodo reading without Crossroads, River
    of Gold's Seishin level at 4 players, its clan scenarios without Seishin)."""
    game, limits = content.id, content.game.players
    defaults = content.option_defaults()
    needs = {n for o in content.scoring.options if o.players for n in o.players.required}
    for option in content.scoring.options:
        if option.when is None:
            continue
        holds = table_function(option.when, option.id)
        counts = [
            n
            for n in range(limits.min, limits.max + 1)
            if n not in needs and not holds(defaults, {}, {}, n)
        ]
        if not counts:
            continue
        if option.kind == "flag":
            value = "false" if option.default else "true"
        else:
            value = next(c.id for c in option.choices if c.id != option.default)
        yield _setup(
            game,
            f"--option {option.id}={value} where it does not apply ({counts[-1]} players)",
            ("--players", str(counts[-1]), "--option", f"{option.id}={value}"),
            (option.id,),
            expect="refuse_or_warn",
        )
    for option in content.scoring.options:
        if option.players is None or not option.players.only:
            continue
        elsewhere = [n for n in range(limits.min, limits.max + 1) if n not in option.players.only]
        if elsewhere:
            yield _setup(
                game,
                f"--option {option.id}=true where it does not apply ({elsewhere[-1]} players)",
                ("--players", str(elsewhere[-1]), "--option", f"{option.id}=true"),
                (option.id,),
                expect="refuse_or_warn",
            )


# ----------------------------------------------------------------------------------------
# Hostile content trees, for every command
# ----------------------------------------------------------------------------------------

_BOMB = (
    "\n".join(
        ["bomb:", "  - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        + [f"  - &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    )
    + "\n"
)


def _languages_forty_thousand(project: Path, outside: Path) -> None:
    entry = "  - code: en\n    name: English\n"
    (project / "content" / "languages.yaml").write_text(
        "languages:\n" + entry * 40_000, encoding="utf-8"
    )


def _compute_sum(terms: int) -> Callable[[re.Match[str]], str]:
    def new(found: re.Match[str]) -> str:
        one = f"{{input: {found.group(1)}}}"
        return "compute: {sum: [" + ", ".join([one] * terms) + "]}"

    return new


def _assets_folder(game: str) -> Make:
    def make(project: Path, outside: Path) -> None:
        content = project / "content"
        (content / game).rename(content / "assets")
        _sub("content/assets/game.yaml", r"^id: \S+", lambda _: "id: assets")(project, outside)
        for catalog in project.glob(f"locales/**/{game}.po*"):
            catalog.rename(catalog.with_name("assets" + catalog.name[len(game) :]))

    return make


def content_damage(game: str) -> list[tuple[str, Make, str]]:
    """Hostile trees for one game: (label, damage, the file a clean error names)."""
    folder = f"content/{game}"
    languages = "content/languages.yaml"
    return [
        (
            "alias bomb in languages.yaml",
            _sub(languages, r"^languages:", lambda m: _BOMB + m[0]),
            "languages.yaml",
        ),
        ("40,000 languages", _languages_forty_thousand, "languages.yaml"),
        (
            "!!python tag in languages.yaml",
            _sub(languages, r"name: English", lambda _: "name: !!python/object/apply:os.getpid []"),
            "languages.yaml",
        ),
        ("languages.yaml links outside", _special(languages, "outside"), "languages.yaml"),
        ("languages.yaml is a FIFO", _special(languages, "fifo"), "languages.yaml"),
        ("languages.yaml links to /dev/zero", _special(languages, "dev_zero"), "languages.yaml"),
        ("languages.yaml is a symlink loop", _special(languages, "loop"), "languages.yaml"),
        (
            "alias bomb in glossary.yaml",
            _write(f"{folder}/glossary.yaml", _BOMB.replace("bomb:", "terms:")),
            "glossary.yaml",
        ),
        (
            "!!python tag in game.yaml",
            _sub(
                f"{folder}/game.yaml",
                r"\nyear: \d+",
                lambda _: "\nyear: !!python/object/apply:os.getpid []",
            ),
            "game.yaml",
        ),
        ("rules.yaml links outside", _special(f"{folder}/rules.yaml", "outside"), "rules.yaml"),
        ("rules.yaml is a FIFO", _special(f"{folder}/rules.yaml", "fifo"), "rules.yaml"),
        (
            "rules.yaml links to /dev/zero",
            _special(f"{folder}/rules.yaml", "dev_zero"),
            "rules.yaml",
        ),
        ("rules.yaml is a symlink loop", _special(f"{folder}/rules.yaml", "loop"), "rules.yaml"),
        (
            "players.max 10^9",
            _sub(
                f"{folder}/game.yaml",
                r"players: \{min: (\d+), max: \d+\}",
                lambda m: f"players: {{min: {m[1]}, max: 1000000000}}",
            ),
            "game.yaml",
        ),
        (
            "a sum of 30,000 terms",
            _sub(f"{folder}/scoring.yaml", r"compute: \{input: (\w+)\}", _compute_sum(30_000)),
            "scoring.yaml",
        ),
        ("a game folder named assets", _assets_folder(game), "assets"),
    ]


def _command_for(command: str, game: str, content: GameContent) -> tuple[str, ...]:
    """The command line of ``command`` for one game, on a healthy input where it needs one.

    ``game`` is the id the command names; the language is that of ``content``'s catalogs.
    """
    language = _catalog_language(content.id)
    if command == "validate":
        return ("validate",)
    if command == "score":
        return ("score", game, "{project}/" + STATE)
    if command == "setup":
        return ("setup", game, "--players", str(healthy_players(content)))
    if command == "i18n check":
        return ("i18n", "check", "--game", game, "--lang", language)
    if command == "build":
        return ("build", "--lang", language)
    raise ValueError(command)


CONTENT_COMMANDS = ("validate", "score", "setup", "i18n check", "build")
#: A damaged file a command has no need to read: it may refuse it or go on without it (the
#: probe still fails on a traceback, a hang, a file changed outside or a secret printed).
_NOT_READ = {
    (file, command) for file in ("glossary.yaml", "rules.yaml") for command in ("score", "setup")
}


def content_probes(games: dict[str, GameContent]) -> Iterator[Probe]:
    """Every hostile tree through every command; each tree in one game, turning by command.

    The cross product (16 trees x 5 commands x every game) would take most of an hour under
    the CPU bound; each (tree, command) pair is tried on one game, the next pair on the next
    game, so every game meets every tree and every command. ``--full`` runs them all.
    """
    yield from _content(games, full=False)


def _content(games: dict[str, GameContent], full: bool) -> Iterator[Probe]:
    ids = sorted(games)
    labels = [label for label, _, _ in content_damage(ids[0])]
    turn = 0
    for label_index, label in enumerate(labels):
        for command in CONTENT_COMMANDS:
            chosen = ids if full else [ids[turn % len(ids)]]
            turn += 1
            for game in chosen:
                damage = dict((lbl, (mk, nm)) for lbl, mk, nm in content_damage(game))
                make, named = damage[label]
                target = "assets" if label == "a game folder named assets" else game
                state = _state_file(
                    json.dumps({**_base_state(games[game]), "game": target}).encode()
                )
                argv = _command_for(command, target, games[game])
                yield Probe(
                    "content",
                    game,
                    f"{label} | {command}",
                    argv,
                    _both(state, make),
                    expect="either" if (named, command) in _NOT_READ else "refuse",
                    names=(named,),
                    games=(game,),
                    cpu=BUILD_CPU_SECONDS if command == "build" else CPU_SECONDS,
                    extra={"index": label_index},
                )


# ----------------------------------------------------------------------------------------
# Hostile catalogs
# ----------------------------------------------------------------------------------------


#: The first translated single-line message after the header: msgid, then msgstr "text".
_MESSAGE = r'\nmsgid "[^"\n]+"\nmsgstr "([^"\n]+)"\n'


def _catalog_language(game: str) -> str:
    """The language whose catalog of ``game`` the probes damage: uk if it has one with a
    translated message to damage (a game still in progress there may have none)."""
    found = sorted(
        p.parent.parent.name
        for p in LOCALES.glob(f"*/LC_MESSAGES/{game}.po")
        if re.search(_MESSAGE, p.read_text(encoding="utf-8"))
    )
    assert found, f"no translated catalog for {game}"
    return "uk" if "uk" in found else found[0]


def _in_message(new: Callable[[str], str]) -> Callable[[re.Match[str]], str]:
    def replace(found: re.Match[str]) -> str:
        start, end = found.span(1)
        whole = found[0]
        base = found.start()
        return whole[: start - base] + new(found[1]) + whole[end - base :]

    return replace


def _padding_comments(relative: str) -> Make:
    def make(project: Path, outside: Path) -> None:
        line = "# " + "x" * 77 + "\n"
        with (project / relative).open("a", encoding="utf-8") as catalog:
            catalog.write(line * (30 * 1024 * 1024 // len(line)))

    return make


def catalog_damage(game: str) -> list[tuple[str, Make]]:
    po = f"locales/{_catalog_language(game)}/LC_MESSAGES/{game}.po"
    return [
        ("a 1 MB message", _sub(po, _MESSAGE, _in_message(lambda t: t + "я" * 500_000))),
        ("30 MB of comments", _padding_comments(po)),
        ("a bidi override", _sub(po, _MESSAGE, _in_message(lambda t: "\u202e" + t))),
        ("a stray %s", _sub(po, _MESSAGE, _in_message(lambda t: t + " %s"))),
        ("a stray %(x)s", _sub(po, _MESSAGE, _in_message(lambda t: t + " %(x)s"))),
        ("an unterminated string", _sub(po, _MESSAGE, lambda m: m[0][:-2] + "\n")),
        (
            "a Plural-Forms that does not match",
            _sub(
                po, r'"Plural-Forms:.*?\\n"', lambda _: '"Plural-Forms: nplurals=1; plural=0;\\n"'
            ),
        ),
        *[(f"the catalog {kind}", _special(po, kind)) for kind in SPECIAL_KINDS],
    ]


CATALOG_COMMANDS = ("i18n check", "build", "score", "setup")


def catalog_probes(games: dict[str, GameContent]) -> Iterator[Probe]:
    """Every hostile catalog through ``i18n check`` for every game; through ``build`` on one
    game per catalog, turning; special files (a FIFO, /dev/zero, a loop, a link out) through
    ``i18n check``, ``build``, ``score`` and ``setup``, turning through the games too.

    A build that is not refused costs seconds of CPU: the turn keeps the family within
    minutes while every game meets every command.
    """
    ids = sorted(games)
    turn = 0
    for label, _ in catalog_damage(ids[0]):
        special = label.startswith("the catalog")
        for command in CATALOG_COMMANDS if special else CATALOG_COMMANDS[:2]:
            every = command == "i18n check" and not special
            chosen = ids if every else [ids[turn % len(ids)]]
            turn += 0 if every else 1
            for game in chosen:
                make = dict(catalog_damage(game))[label]
                state = _state_file(json.dumps(_base_state(games[game])).encode())
                argv = _command_for(command, game, games[game])
                if command in ("score", "setup"):
                    argv = (*argv, "--lang", _catalog_language(game))
                yield Probe(
                    "catalogs",
                    game,
                    f"{label} | {command}",
                    argv,
                    _both(state, make),
                    names=(f"{game}.po",),
                    games=(game,),
                    cpu=BUILD_CPU_SECONDS if command == "build" else CPU_SECONDS,
                )


# ----------------------------------------------------------------------------------------
# build --out: a reader's folders
# ----------------------------------------------------------------------------------------


def _reader_files(files: dict[str, str]) -> Make:
    def make(project: Path, outside: Path) -> None:
        for relative, text in files.items():
            path = outside / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")

    return make


def _link_to_content(project: Path, outside: Path) -> None:
    (outside / "to-content").symlink_to(project / "content", target_is_directory=True)


def out_probes(games: dict[str, GameContent]) -> Iterator[Probe]:
    """``build --out`` into a reader's folders: refused, every reader's file kept as it was.

    Game-independent: each probe builds a project of one game, the next probe the next game.
    """
    ids = sorted(games)
    mine = "<html><body>my own page</body></html>\n"
    cases: list[tuple[str, Make, str, str, str | None]] = [
        (
            "a folder holding a reader's index.html",
            _reader_files({"reader/index.html": mine}),
            "{outside}/reader",
            "refuse",
            None,
        ),
        (
            "a folder holding en/ and fr/ with a reader's files",
            _reader_files({"reader/en/notes.html": mine, "reader/fr/notes.html": mine}),
            "{outside}/reader",
            "refuse",
            None,
        ),
        (
            "sib/site beside .site.old-backup-2025 and .site.new-ideas",
            _reader_files(
                {
                    "sib/.site.old-backup-2025/index.html": mine,
                    "sib/.site.new-ideas/plan.txt": "ideas\n",
                }
            ),
            "{outside}/sib/site",
            "either",
            "sib/site",
        ),
        ("a 300-character folder name", _nothing, "{outside}/" + "d" * 300, "refuse", None),
        ("the project itself", _nothing, "{project}", "refuse", None),
        ("the project's content/", _nothing, "{project}/content", "refuse", None),
        (
            "a link to the project's content/",
            _link_to_content,
            "{outside}/to-content",
            "refuse",
            None,
        ),
    ]
    for number, (label, make, target, expect, writes) in enumerate(cases):
        game = ids[number % len(ids)]
        yield Probe(
            "build --out",
            game,
            label,
            ("build", "--lang", _catalog_language(game), "--out", target),
            make,
            expect=expect,
            names=("--out", target.rsplit("/", 1)[-1][:40]),
            games=(game,),
            cpu=BUILD_CPU_SECONDS,
            writes=writes,
        )


# ----------------------------------------------------------------------------------------
# i18n ids
# ----------------------------------------------------------------------------------------


def ids_probes(games: dict[str, GameContent]) -> Iterator[Probe]:
    """``i18n ids`` on a tree whose rules link out of the project (the target must stay as it
    was), and on hostile YAML it must read with the bounded reader."""
    for game in sorted(games):
        folder = f"content/{game}"
        for label, make, named in [
            ("rules.yaml links outside", _special(f"{folder}/rules.yaml", "outside"), "rules.yaml"),
            ("alias bomb in rules.yaml", _write(f"{folder}/rules.yaml", _BOMB), "rules.yaml"),
            (
                "!!python tag in rules.yaml",
                _write(f"{folder}/rules.yaml", "sections: !!python/object/apply:os.getpid []\n"),
                "rules.yaml",
            ),
        ]:
            yield Probe(
                "i18n ids",
                game,
                label,
                ("i18n", "ids", "--game", game),
                make,
                names=(named,),
                games=(game,),
            )


# ----------------------------------------------------------------------------------------
# Every family
# ----------------------------------------------------------------------------------------

FAMILIES = ("score", "setup", "content", "catalogs", "build --out", "i18n ids")


def all_probes(games: dict[str, GameContent], full: bool = False) -> list[Probe]:
    """Every probe of every family, in a fixed order."""
    found: list[Probe] = []
    for game in sorted(games):
        found += score_probes(games[game])
    for game in sorted(games):
        found += setup_probes(games[game])
    found += _content(games, full)
    found += catalog_probes(games)
    found += out_probes(games)
    found += ids_probes(games)
    return found
