"""The problem model: every problem in one round, tiebreak problems that leave the totals,
bounded reading, normalized names, and messages in the reader's language."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli import main
from rulebook.i18n.runtime import translator
from rulebook.i18n.ui import UI_STRINGS
from rulebook.problems import ProblemWords
from schemas.endstate import count_limits
from schemas.game import GameContent
from schemas.names import normalize_name
from schemas.scoring import CountInput
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from scorer.problems import CODES, EndStateError, Problem
from scorer.reading import MAX_BYTES, MAX_DEPTH, TOO_LARGE, read_end_state
from tests.fuzz.bounds import bounded


def _problems(engine: GameEngine, state: dict[str, Any]) -> list[tuple[Any, ...]]:
    with pytest.raises(EndStateError) as error:
        engine.score(state)
    return [(p.loc, p.code, p.params, p.severity) for p in error.value.problems]


def test_every_code_has_its_message() -> None:
    keys = {s.key for s in UI_STRINGS}
    for code in CODES:
        if code != "constraint":  # the content's own message
            assert f"problem_{code}" in keys, code
    messages = {k.removeprefix("problem_") for k in keys if k.startswith("problem_")}
    assert messages - set(CODES) == {"not_json_at"}


def test_field_and_cross_field_problems_in_one_round(engines: dict[str, GameEngine]) -> None:
    """Issue 11: a decimal hid two range errors, which hid the 'at most 4 meals' rule."""
    state = {
        "game": "tokaido",
        "players": [
            {"name": "A", "traveller": "kinko", "meals_1": 3, "meals_2": 2, "sea": 1.5},
            {"name": "B", "traveller": "chuubei", "paddy": 4, "mountain": 9},
        ],
    }
    found = {(p[0], p[1]) for p in _problems(engines["tokaido"], state)}
    assert found == {
        (("players", 0, "sea"), "int_type"),
        (("players", 1, "paddy"), "above_max"),
        (("players", 1, "mountain"), "above_max"),
        (("players", 0), "constraint"),  # five meals, found in the same round
    }


def test_a_cross_field_check_waits_only_for_the_fields_it_reads(
    engines: dict[str, GameEngine],
) -> None:
    state = {
        "game": "nile",
        "players": [{"name": "A", "papyrus": 9, "wheat": "3"}, {"name": "B", "papyrus": 8}],
    }
    found = {(p[0], p[1]) for p in _problems(engines["nile"], state)}
    assert found == {
        (("players", 0, "wheat"), "int_type"),
        (("players", "*", "papyrus"), "table_total"),
    }


def test_a_tiebreak_problem_never_hides_the_totals(engines: dict[str, GameEngine]) -> None:
    engine = engines["viticulture"]
    tied = {
        "game": "viticulture",
        "players": [{"name": "A", "vp": 21, "lira": 4.5}, {"name": "B", "vp": 21, "lira": 3}],
    }
    outcome = score_outcome(engine, tied)
    assert [(p.loc, p.code, p.severity) for p in outcome.problems] == [
        (("players", 0, "lira"), "int_type", "tiebreak")
    ]
    assert outcome.result is not None
    players = outcome.result.players
    assert [(p.total, p.rank, p.winner, p.decided_by) for p in players] == [
        (21, 1, False, "undecided"),
        (21, 1, False, "undecided"),
    ]
    ahead = {**tied, "players": [{"name": "A", "vp": 24, "lira": 4.5}, tied["players"][1]]}
    result = score_outcome(engine, ahead).result
    assert result is not None and result.winners == ["A"]
    assert result.players[0].decided_by == "total"


def test_a_problem_a_total_reads_leaves_no_result(engines: dict[str, GameEngine]) -> None:
    outcome = score_outcome(
        engines["viticulture"],
        {"game": "viticulture", "players": [{"name": "A", "vp": 1.5}, {"name": "B"}]},
    )
    assert outcome.result is None
    assert [p.severity for p in outcome.problems] == ["error"]


def test_names_are_normalized_and_compared_after(engines: dict[str, GameEngine]) -> None:
    engine = engines["nile"]
    result = engine.score({"game": "nile", "players": [{"name": " Zoe\u0308 "}, {"name": "Bo"}]})
    assert result.players[0].name == "Zo\u00eb"
    for first, second in (("Ana", "Ana "), ("Zo\u00eb", "Zoe\u0308"), ("\u3000Li", "Li")):
        state = {"game": "nile", "players": [{"name": first}, {"name": second}]}
        assert [p[:2] for p in _problems(engine, state)] == [
            (("players", 0, "name"), "duplicate_name"),
            (("players", 1, "name"), "duplicate_name"),
        ]


def test_ascii_names_are_trimmed_as_every_other_name() -> None:
    """normalize_name and the field checks' normalize trim ASCII text without the regular
    expression (ASCII is NFC already): every ASCII character, alone, inside and at either
    end, gives what the general way gives."""
    import unicodedata

    from schemas.endstate import player_name_schema
    from schemas.names import _EDGES, normalize_name
    from scorer.fields import normalize

    rule = player_name_schema()["x-normalize"]
    for code in range(128):
        c = chr(code)
        for text in (c, c * 3, f"{c}Ana", f"Ana{c}", f"{c}A{c}n{c}", f" {c}\t", f"\r{c}a{c}\x0b"):
            general = unicodedata.normalize("NFC", _EDGES.sub("", text))
            assert normalize_name(text) == normalize(rule, text) == general, repr(text)


@pytest.mark.parametrize(
    "name",
    ["A\x00", "\x1b[31mred", "A\u202eB", "A\u2066B", "a\u200fb", "A\ud800", "tab\tinside"],
)
def test_control_and_direction_characters_are_refused(
    engines: dict[str, GameEngine], name: str
) -> None:
    state = {"game": "nile", "players": [{"name": name}, {"name": "Bo"}]}
    assert [p[:2] for p in _problems(engines["nile"], state)] == [
        (("players", 0, "name"), "name_control")
    ]


@pytest.mark.parametrize(
    "name",
    ["\u200b", "\u3164", "\u115f\u1160", " \u200b\u2060 ", "\u2800", "\ufe0f", "\U000e0041"],
)
def test_a_name_that_shows_nothing_is_refused(
    engines: dict[str, GameEngine], games: dict[str, GameContent], name: str
) -> None:
    """Issue 34: a name of zero-width spaces, Hangul fillers, braille blanks, variation
    selectors or tags alone prints as nothing; it is refused as an empty one, at its path,
    by the end state's check, by setup and by the pydantic model."""
    from pydantic import TypeAdapter, ValidationError

    from schemas.endstate import PLAYER_NAME
    from scorer.setup import SetupError, make_setup

    state = {"game": "nile", "players": [{"name": "Bo"}, {"name": name}]}
    assert [p[:2] for p in _problems(engines["nile"], state)] == [
        (("players", 1, "name"), "name_empty")
    ]
    with pytest.raises(SetupError) as error:
        make_setup(games["nile"], 2, seed="s", names=["Bo", name])
    assert [(p.loc, p.code) for p in error.value.problems] == [
        (("players", 1, "name"), "name_empty")
    ]
    with pytest.raises(ValidationError, match="name_empty"):
        TypeAdapter(PLAYER_NAME).validate_python(name)
    # One visible character is enough, whatever surrounds it.
    state["players"][1]["name"] = f"{name}x{name}"
    assert engines["nile"].score(state).players[1].name == normalize_name(f"{name}x{name}")


def test_a_huge_name_gives_a_short_message(
    engines: dict[str, GameEngine], games: dict[str, GameContent]
) -> None:
    state = {
        "game": "nile",
        "players": [{"name": "x" * 50_000_000}, {"name": "Bo", "y" * 10**6: 1}],
    }
    with pytest.raises(EndStateError) as error:
        engines["nile"].score(state)
    words = ProblemWords(games["nile"], translator(games["nile"], "en"))
    lines = [words.line(p) for p in error.value.problems]
    assert [p.code for p in error.value.problems] == ["name_too_long", "unknown_field"]
    assert all(len(line) < 200 for line in lines), lines
    assert len(str(error.value)) < 300


def test_every_count_has_an_upper_bound(games: dict[str, GameContent]) -> None:
    """Issue 15: Tokaido coins and Momiji acorns took 10**30; every count has a max now."""
    for content in games.values():
        for spec in content.scoring.inputs:
            if isinstance(spec, CountInput):
                assert count_limits(content, spec)[1] is not None, (content.id, spec.id)
    for game, field in (("tokaido", "donations"), ("momiji", "acorns")):
        state = {"game": game, "players": [{"name": "A", field: 10**30}, {"name": "B"}]}
        assert (("players", 0, field), "above_max") in [
            p[:2] for p in _problems(GameEngine(games[game]), state)
        ]


def test_option_player_rules_stay_within_the_game(games: dict[str, GameContent]) -> None:
    for content in games.values():
        legal = set(content.game.players.values())
        for option in content.scoring.options:
            if option.players is not None:
                counts = {*option.players.only, *option.players.required}
                assert counts <= legal, (content.id, option.id)


def test_reading_is_bounded() -> None:
    def codes(data: bytes) -> list[str]:
        with pytest.raises(EndStateError) as error:
            read_end_state(data)
        return [p.code for p in error.value.problems]

    assert codes(b"[" * 100_000 + b"]" * 100_000) == ["too_deep"]
    assert codes(b'{"players": [' * (MAX_DEPTH // 2 + 1)) == ["too_deep"]
    assert codes(b" " * (MAX_BYTES + 1)) == ["file_too_large"]
    assert codes(b'{"name": "\xff\xfe"}') == ["not_utf8"]
    assert codes(b'{"a": NaN}') == ["not_json"]
    assert codes(b'{"a": 1,}') == ["not_json"]
    deep_but_fine = b'{"players": [{"name": "A", "pile": [0, 1]}]}'
    assert read_end_state(deep_but_fine)["players"][0]["pile"] == [0, 1]
    assert read_end_state("\ufeff{}".encode()) == {}
    assert read_end_state(b'{"a": "[[[[[[[[[[[[[[[[[[[[[["}') == {"a": "[" * 22}
    huge = read_end_state(b'{"n": ' + b"9" * 5001 + b"}")
    assert huge["n"] is TOO_LARGE
    assert read_end_state(b'{"n": ' + b"9" * 300 + b"}")["n"] == int("9" * 300)


def test_a_5001_digit_count_is_a_clean_field_problem(engines: dict[str, GameEngine]) -> None:
    raw = read_end_state(
        b'{"game": "nile", "players": [{"name": "A", "wheat": '
        + b"7" * 5001
        + b'}, {"name": "B"}]}'
    )
    assert [p[:2] for p in _problems(engines["nile"], raw)] == [
        (("players", 0, "wheat"), "number_too_large")
    ]


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_problems_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10: --lang en printed a French River of Gold message."""
    state = tmp_path / "rog.json"
    tiles = ["t2_8_4", "t2_7_3", "t2_6_3", "t2_5_2", "t2_4_2", "t2_3"]
    state.write_text(
        json.dumps(
            {
                "table": {f"tile_region_{i + 1}": t for i, t in enumerate(tiles)},
                "players": [
                    {"name": "A", "ports": 1, "built_regions": 3},
                    {"name": "B"},
                ],
            }
        ),
        encoding="utf-8",
    )
    code, _, err = _cli(["score", "river_of_gold", str(state), "--lang", "en"], capsys)
    assert code == 1
    assert "players[0] (A): The number of regions built in cannot exceed" in err, err
    code, _, err = _cli(["score", "river_of_gold", str(state), "--lang", "uk"], capsys)
    assert "1\u00a0помилка в кінці партії" in err


def test_cli_json_gives_problem_data_and_the_totals_that_stand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "vit.json"
    state.write_text(
        json.dumps({"players": [{"name": "A", "vp": 22, "red_wines": [3, 3]}, {"name": "B"}]}),
        encoding="utf-8",
    )
    code, out, _ = _cli(["score", "viticulture", str(state), "--json", "--lang", "fr"], capsys)
    assert code == 1
    shown = json.loads(out)
    # The shared diagnostic shape (schemas.diagnostics): pydantic's ErrorDetails keys.
    assert shown["problems"] == [
        {
            "type": "pile_repeated",
            "loc": ["players", 0, "red_wines", 1],
            # Typeset as French is (rulebook i18n typeset): a narrow no-break space, ’.
            "msg": "3 apparaît deux fois\u202f; chaque valeur n’existe qu’une fois",
            "ctx": {"value": 3},
            "severity": "tiebreak",
            "file": str(state),
        }
    ]
    assert shown["result"]["winners"] == ["A"]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"[" * 100_000, "too_deep"),
        (
            b'{"players": [{"name": "B"}, {"name": "A", "wheat": ' + b"1" * 5001 + b"}]}",
            "number_too_large",
        ),
        (b"\xff\xfe\x00{", "not_utf8"),
        (b"{}" + b" " * MAX_BYTES, "file_too_large"),
    ],
)
def test_cli_hostile_files_give_clean_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, code: str
) -> None:
    state = tmp_path / "hostile.json"
    state.write_bytes(data)
    exit_code, out, err = _cli(["score", "nile", str(state), "--json"], capsys)
    assert exit_code == 1 and "Traceback" not in err
    problems = json.loads(out)["problems"]
    assert code in [p["type"] for p in problems]
    assert str(state) in err and len(err) < 1000


def test_a_key_given_twice_is_refused_with_its_path() -> None:
    """Issue 34: the last value silently won."""
    state = (
        b'{"game": "nile", "players": [{"name": "A", "wheat": 1, "wheat": 9},'
        b' {"name": "B", "name": "C"}], "options": {}, "options": {"deluxor": true}}'
    )
    with pytest.raises(EndStateError) as error:
        read_end_state(state)
    assert [(p.loc, p.code) for p in error.value.problems] == [
        (("options",), "duplicate_key"),
        (("players", 0, "wheat"), "duplicate_key"),
        (("players", 1, "name"), "duplicate_key"),
    ]


def test_the_command_names_a_key_given_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "twice.json"
    state.write_text(
        '{"game": "nile", "players": [{"name": "A", "wheat": 1, "wheat": 9}, {"name": "B"}]}',
        encoding="utf-8",
    )
    exit_code, _, err = _cli(["score", "nile", str(state), "--lang", "en"], capsys)
    assert exit_code == 1 and "Traceback" not in err
    assert f"{state}: players[0].wheat (Player 1, Wheat): given twice in the same object" in err


#: A megabyte of escaped quotes, never closed: the depth count used to try a string from
#: each quote inside it again (minutes of CPU).
UNCLOSED = b'"' + b'\\"' * (MAX_BYTES // 2 - 20)


@pytest.mark.parametrize(
    ("where", "data"),
    [
        ("file", b'{"game": ' + UNCLOSED),
        ("stdin", b'{"game": ' + UNCLOSED),
        ("file", b'{"game": "nile", "players": []}' + UNCLOSED[:-40]),
    ],
    ids=["file", "stdin", "after a valid state"],
)
def test_an_unclosed_string_of_escaped_quotes_answers_at_once(
    tmp_path: Path, where: str, data: bytes
) -> None:
    assert len(data) <= MAX_BYTES  # read, not refused for its size
    state = tmp_path / "unclosed.json"
    state.write_bytes(data)

    def work() -> tuple[int, str]:
        if where == "stdin":
            sys.stdin = io.TextIOWrapper(io.BytesIO(data))
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["score", "nile", "-" if where == "stdin" else str(state)])
        return code, err.getvalue()

    # A bound, not a measure: the reading takes a fraction of a second, and the bug minutes.
    code, err = bounded(work, timeout=15)
    assert code == 1 and "Traceback" not in err and "too deep" not in err
    assert "standard input" in err if where == "stdin" else str(state) in err


def test_problem_refuses_an_unknown_code() -> None:
    with pytest.raises(ValueError, match="unknown problem code"):
        Problem((), "no_such_code")


def test_a_duplicate_name_is_placed_by_its_seat(games: dict[str, GameContent]) -> None:
    """Both players named Anna get the problem: each line names the seat, so the two lines
    read apart ("Player 2: another player is named “Anna” too...")."""
    words = ProblemWords(games["nile"], translator(games["nile"], "en"), ["Anna", "Anna"])
    lines = [
        words.where(Problem(("players", i, "name"), "duplicate_name", {"name": "Anna"}))
        for i in (0, 1)
    ]
    assert lines == ["Player 1", "Player 2"]


#: Seishin's end state with a problem in a field it has its own label for, and in one it
#: shares the players' label for.
SEISHIN_OVER = {
    "options": {"seishin_level": "level_2", "seishin_solo": True},
    "table": {
        f"tile_region_{i + 1}": t
        for i, t in enumerate(["t2_8_4", "t2_7_3", "t2_6_3", "t2_5_2", "t2_4_2", "t2_3"])
    },
    "players": [{"name": "Ana", "track_points": 30, "built_regions": 9}],
    "rivals": {"seishin": {"track_points": 20, "built_regions": 9, "influence_1": 40}},
}


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_a_rivals_problem_names_its_field_as_its_form_does(
    games: dict[str, GameContent],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    language: str,
) -> None:
    """Issue 28, item 4: a problem in Seishin's fields says "Regions where Seishin owns...",
    its form's label, never the players' "you"; a field without a label of its own is
    named after Seishin. The players' problems keep their own words."""
    content = games["river_of_gold"]
    translate = translator(content, language)
    seishin = next(r for r in content.scoring.rivals if r.id == "seishin")
    name = translate("scoring.rivals.seishin.label", seishin.label)
    own = next(item for item in seishin.labels if item.input == "built_regions")
    own_label = translate("scoring.rivals.seishin.labels.built_regions.label", own.label)
    spec = {s.id: s for s in content.scoring.inputs}
    players_label = translate("scoring.inputs.built_regions.label", spec["built_regions"].label)
    influence = translate("scoring.inputs.influence_1.label", spec["influence_1"].label)
    state = tmp_path / "seishin.json"
    state.write_text(json.dumps(SEISHIN_OVER), encoding="utf-8")
    code, _, err = _cli(["score", "river_of_gold", str(state), "--lang", language], capsys)
    assert code == 1
    lines = {line.split(" ", 2)[1]: line for line in err.splitlines() if line.count(" ") > 1}
    assert f"({own_label})" in lines["rivals.seishin.built_regions"]
    assert own_label != players_label and name in own_label
    assert f"({name}, {influence})" in lines["rivals.seishin.influence_1"]
    assert f"(Ana, {players_label})" in lines["players[0].built_regions"]


#: Whether a parameter's value is of its declared kind (scorer.problems.ParamKind).
_KINDS: dict[str, Any] = {
    "int": lambda v: type(v) is int,
    "text": lambda v: isinstance(v, str),
    "ints": lambda v: isinstance(v, list) and all(type(x) is int for x in v),
    "texts": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "value": lambda v: True,
}


def _problems_in(data: Any) -> Iterator[dict[str, Any]]:
    """Every problem ({loc, code, params, severity}, with its messages in the game
    states) anywhere in the parity fixture."""
    if isinstance(data, dict):
        if {"loc", "code", "params", "severity"} <= data.keys():
            yield data
            return
        for value in data.values():
            yield from _problems_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from _problems_in(item)


def test_every_problem_carries_the_parameters_its_code_declares(parity_fixture: Path) -> None:
    """The code table is the contract of a problem's parameters in both runtimes (the
    browser's types are generated from it, and the JS parity test holds the browser's
    problems equal to these): each problem the engine gives over the parity states names
    exactly the parameters its code declares (those marked ``?`` may be left out), each of
    its kind."""
    fixture = json.loads(parity_fixture.read_text(encoding="utf-8"))
    seen: set[str] = set()
    wrong = []
    for found in _problems_in(fixture):
        kinds = CODES[found["code"]]
        params = found["params"]
        needed = {k for k, kind in kinds.items() if not kind.endswith("?")}
        fits = needed <= params.keys() <= kinds.keys() and all(
            _KINDS[kinds[k].rstrip("?")](v) for k, v in params.items()
        )
        if not fits:
            wrong.append(found)
        seen.add(found["code"])
    assert wrong == []
    # The states reach most codes; the rest are made by tests of their own.
    assert len(seen) >= len(CODES) * 5 // 6, sorted(set(CODES) - seen)
