"""Hostile end states for every game, through the command line and through the browser runtime.

Each case is an end-state file: hand-written hostile ones (deep nesting, a 5,001-digit count,
bytes that are not UTF-8, NaN, a name with terminal escapes or a bidirectional override,
look-alike names, huge counts, the wrong types everywhere) and Hypothesis draws (real end
states with any JSON value put in any field, derandomized). Every case runs

* through ``rulebook.cli.main(["score", GAME, FILE, "--json"])`` in-process, in one worker
  subprocess under an address-space limit (RLIMIT_AS), each case under an interval timer;
* through the browser runtime under node (tests/fuzz/endstate_runner.mjs: validate.js's
  readEndState and check), with a heap limit and a timeout.

Both must refuse every hostile case with exit code 1 and problems that name the field (the
command line prints each problem's path), never a traceback, within the bounds; and both
must find the same problems. The bounds are limits on runaway work, not speed measurements.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import resource
import shutil
import signal
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.export import export_game
from scorer.problems import format_loc
from scorer.reading import MAX_BYTES
from tests.conftest import GAME_IDS
from tests.strategies import collecting_settings, end_states

#: One worker runs this module: its module fixtures (the drawn cases, both runtimes' results) are made once.
pytestmark = pytest.mark.xdist_group("endstate_fuzz")

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("endstate_runner.mjs")
GAMES = GAME_IDS
#: Hypothesis draws per game.
DRAWS = 20
#: Bounds: a case is cut off after this many seconds, a runtime after this much memory.
CASE_SECONDS = 10
WORKER_SECONDS = 240
MEMORY_BYTES = 2 * 1024**3
NODE_HEAP_MB = 512
#: A refusal prints at most this much.
MAX_ERROR_TEXT = 20_000

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def hostile(game: str, base: dict[str, Any]) -> list[bytes]:
    """Hand-written hostile files for ``game``, built around one of its real end states."""
    players = base["players"]
    field = next(k for k in players[0] if k != "name") if len(players[0]) > 1 else "name"

    def state(**change: Any) -> bytes:
        found = copy.deepcopy(base)
        found["players"][0].update(change)
        return json.dumps(found).encode()

    good = json.dumps(base).encode()
    return [
        b"[" * 100_000 + b"]" * 100_000,
        b"{" + b'"a":{' * 5000 + b"}" * 5001,
        good.replace(b"{", b"{\n", 1) + b" " * MAX_BYTES,
        b"\xff\xfe" + good,
        good[: len(good) // 2],
        good.replace(b'"players"', b'"players": NaN, "x"', 1),
        b"null",
        b'"players"',
        json.dumps({"game": game, "players": {"name": "A"}}).encode(),
        json.dumps({"game": game, "players": [1, "two", None]}).encode(),
        json.dumps({"game": "chess", "players": players}).encode(),
        state(name="\x1b[2J\x1b[31mred"),
        state(name="Ana\u202e"),
        state(name="A\x00"),
        state(name="x" * 10_000),
        state(name=""),
        state(name=players[1]["name"] + " "),
        state(**{field: 10**30}),
        state(**{field: -(10**30)}),
        state(**{field: "7"}),
        state(**{field: [[[[1]]]]}),
        state(**{"x" * 100_000: 1}),
        state(**{"\x1b]0;title\x07": True}),
        state(options="all"),
        state(table=[1, 2]),
        good.replace(b'"players": [', b'"players": [' + b"7" * 5001 + b", ", 1),
    ]


def drawn(game: str, content: Any) -> list[bytes]:
    """Real end states with one field, anywhere, set to any JSON value."""
    found: list[bytes] = []

    @collecting_settings(DRAWS)
    @given(end_states(content), st.integers(0, 9), st.text(max_size=10), JSON_VALUES)
    def collect(state: dict[str, Any], where: int, key: str, value: Any) -> None:
        state = copy.deepcopy(state)
        players = state["players"]
        player = players[where % len(players)]
        keys = [*player, key]
        target = [player, state, state.setdefault("options", {})][where % 3]
        target[keys[where % len(keys)] if target is player else key or "x"] = value
        found.append(json.dumps(state).encode())

    collect()
    return found


def _worker(cases_file: str, results_file: str) -> None:
    """Run every case through rulebook.cli.main in this process; write what each gave."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    import scorer.engine
    from rulebook import cli, commands

    # Content, catalogs and engine are made once per game (a real run makes them each time);
    # everything else is the command's own path, from reading the file to printing.
    games: dict[str, Any] = {}
    translators: dict[tuple[str, str | None], Any] = {}
    load_game, make_translator = commands.load_one, commands.translator
    build_engine = scorer.engine.GameEngine

    def game(project: Any, name: str) -> Any:
        if name not in games:
            games[name] = load_game(project, name)
        return games[name]

    def translator(project: Any, content: Any, language: str | None) -> Any:
        if (content.id, language) not in translators:
            translators[content.id, language] = make_translator(project, content, language)
        return translators[content.id, language]

    engines: dict[str, Any] = {}

    def engine(content: Any) -> Any:
        if content.id not in engines:
            engines[content.id] = build_engine(content)
        return engines[content.id]

    commands.load_one, commands.translator = game, translator  # type: ignore[assignment]
    scorer.engine.GameEngine = engine  # type: ignore[assignment,misc]

    def expired(_signum: int, _frame: object) -> None:
        raise TimeoutError(f"a case took more than {CASE_SECONDS} s")

    signal.signal(signal.SIGALRM, expired)
    results = []
    for case in json.loads(Path(cases_file).read_text(encoding="utf-8")):
        out, err = io.StringIO(), io.StringIO()
        signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code: Any = cli.main(
                    ["score", case["game"], case["file"], "--json", "--lang", "en"]
                )
        except BaseException:  # a traceback (or SystemExit, or the timer) is what we report
            code = "traceback"
            err.write(traceback.format_exc())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        results.append(
            {"code": code, "out": out.getvalue()[: MAX_ERROR_TEXT * 5], "err": err.getvalue()}
        )
    Path(results_file).write_text(json.dumps(results), encoding="utf-8")


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory, games: dict[str, Any]) -> list[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("endstate_fuzz")
    found = []
    for game in GAMES:
        content = games[game]
        assert content.cases is not None
        base = {"game": game, **content.cases.cases[0].state}
        for kind, data in [("hostile", d) for d in hostile(game, base)] + [
            ("drawn", d) for d in drawn(game, content)
        ]:
            path = folder / f"{game}-{len(found)}.json"
            path.write_bytes(data)
            found.append({"game": game, "file": str(path), "kind": kind})
    return found


def _bounded(command: list[str]) -> str:
    """Run a runtime over every case within the time bound; its standard output."""
    run = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=WORKER_SECONDS, check=False
    )
    assert run.returncode == 0, run.stderr[-5000:]
    return run.stdout


@pytest.fixture(scope="module")
def python_results(
    cases: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> list[Any]:
    folder = tmp_path_factory.mktemp("endstate_fuzz_python")
    (folder / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    worker = [sys.executable, "-m", "tests.fuzz.test_endstate_fuzz", "worker"]
    _bounded([*worker, str(folder / "cases.json"), str(folder / "results.json")])
    results: list[Any] = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    return results


@pytest.fixture(scope="module")
def node_results(
    cases: list[dict[str, Any]], games: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> list[Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: run scripts/bootstrap.sh --browser")
    folder = tmp_path_factory.mktemp("endstate_fuzz_node")
    exports = {game: export_game(games[game]) for game in GAMES}
    (folder / "input.json").write_text(
        json.dumps({"exports": exports, "cases": cases}), encoding="utf-8"
    )
    heap = f"--max-old-space-size={NODE_HEAP_MB}"
    results: list[Any] = json.loads(_bounded([node, heap, str(RUNNER), str(folder / "input.json")]))
    return results


def test_the_command_refuses_hostile_end_states_cleanly(
    cases: list[dict[str, Any]], python_results: list[Any]
) -> None:
    assert len(cases) == len(python_results) >= 5 * (20 + DRAWS)
    for case, result in zip(cases, python_results, strict=True):
        where = f"{case['kind']} case {case['file']}"
        assert result["code"] != "traceback", f"{where}:\n{result['err']}"
        assert "Traceback" not in result["err"], where
        assert result["code"] in (0, 1), where
        if case["kind"] == "hostile":
            assert result["code"] == 1, f"{where} was accepted"
        if result["code"] == 0:
            continue
        assert len(result["err"]) < MAX_ERROR_TEXT, f"{where}: {len(result['err'])} characters"
        problems = json.loads(result["out"])["problems"]
        assert problems, where
        for problem in problems:
            named = format_loc(problem["loc"]) if problem["loc"] else case["file"]
            assert named in result["err"], f"{where}: {named} not named in {result['err'][:500]}"
            assert problem["msg"] and "{" not in problem["msg"], (where, problem)


def test_the_browser_runtime_finds_the_same_problems(
    cases: list[dict[str, Any]], python_results: list[Any], node_results: list[Any]
) -> None:
    def key(problem: dict[str, Any]) -> str:
        """A problem the browser gives ({loc, code, params, severity})."""
        params = {} if problem["code"] == "not_json" else problem["params"]
        return json.dumps([problem["loc"], problem["code"], params, problem["severity"]])

    def said(problem: dict[str, Any]) -> str:
        """A problem ``score --json`` gives, as a diagnostic ({type, loc, msg, ctx, ...})."""
        code, params, severity = problem["type"], problem["ctx"], problem["severity"]
        return key({"loc": problem["loc"], "code": code, "params": params, "severity": severity})

    for case, python, browser in zip(cases, python_results, node_results, strict=True):
        where = f"{case['kind']} case {case['file']}"
        assert "error" not in browser, f"{where}: {browser.get('error')}"
        expected = json.loads(python["out"]).get("problems", []) if python["code"] == 1 else []
        assert sorted(map(key, browser["problems"])) == sorted(map(said, expected)), where
        assert browser["scored"] == (
            python["code"] == 0 or json.loads(python["out"])["result"] is not None
        ), where


if __name__ == "__main__" and sys.argv[1:2] == ["worker"]:
    _worker(sys.argv[2], sys.argv[3])
