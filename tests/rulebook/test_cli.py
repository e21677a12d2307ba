"""The rulebook command, as a user runs it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rulebook.cli import build_parser, main
from schemas.game import GameContent
from schemas.languages import complete_required, published
from tests.conftest import ROOT, game_project, score_twice
from tests.fuzz.hostile import lowered_card_count

HAL_AND_JENNY = {
    "players": [
        {"name": "Hal", "wheat": 1, "flax": 4, "castor": 5, "papyrus": 6, "lettuce": 7},
        {"name": "Jenny", "flax": 2, "wheat": 3, "castor": 4, "papyrus": 5, "lettuce": 6},
    ]
}


def test_validate_passes_on_the_content(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert capsys.readouterr().out.startswith("ok:")


def test_validate_reports_a_broken_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "nile"
    folder.mkdir()
    (folder / "game.yaml").write_text("id: nile\nplayers: {min: 3, max: 2}\n", encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{folder / 'game.yaml'}:2:10: players: Value error, max (2) is below min (3)" in err
    assert "setup.yaml: missing" in err


def test_validate_scores_every_worked_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34: a card count lowered under a case's numbers passed validate, and the build
    ended in an EndStateError on the rules page showing the case."""
    project = game_project(tmp_path, "nile")
    lowered_card_count(project.content / "nile")
    assert main(["validate", str(project.content)]) == 1
    err = capsys.readouterr().err
    cases = project.content / "nile" / "cases.yaml"
    lines = cases.read_text(encoding="utf-8").splitlines()
    line = next(
        n for n, text in enumerate(lines, start=1) if "{name: Jenny, flax: 2, wheat: 3" in text
    )
    assert err.startswith(f"{cases}:{line}:"), err
    assert (
        "cases[0].state: case 'modelretailer_example' cannot be scored: "
        "players[1].wheat: above_max (max=2)"
    ) in err.splitlines()[0]
    assert "Traceback" not in err


def test_build_names_a_worked_example_it_cannot_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same content through ``build`` (without validate first): a clean error naming the
    case, no EndStateError traceback, and no site written."""
    project = game_project(tmp_path, "nile")
    lowered_card_count(project.content / "nile")
    out = tmp_path / "out"
    args = ["build", "--project", str(tmp_path), "--lang", "en", "--out", str(out)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "nile: the worked example 'third_pile_decides' cannot be scored (players[0].wheat" in err
    assert "run `rulebook validate`" in err and "Traceback" not in err
    assert not out.exists()


def test_score_json_from_standard_input() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "rulebook", "score", "nile", "-", "--json"],
        input=json.dumps(HAL_AND_JENNY),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    result = json.loads(run.stdout)
    assert result["winners"] == ["Jenny"]
    jenny = result["players"][1]
    assert (jenny["name"], jenny["key"], jenny["rank"], jenny["winner"]) == (
        "Jenny",
        [2, 3, 4, 5, 6],
        1,
        True,
    )
    assert jenny["breakdown"]["wheat"] == 3


def test_score_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(HAL_AND_JENNY), encoding="utf-8")
    assert main(["score", "nile", str(state)]) == 0
    out = capsys.readouterr().out
    assert "Jenny" in out and "2 3 4 5 6" in out and "Gagnant\u00a0: Jenny" in out  # Nile is French
    assert main(["score", "nile", str(state), "--lang", "uk"]) == 0
    assert "Переможець: Jenny" in capsys.readouterr().out


def test_score_reports_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "bad.json"
    state.write_text(
        json.dumps({"players": [{"name": "A", "wheat": 20}, {"name": "B", "flax": "x"}]}),
        encoding="utf-8",
    )
    assert main(["score", "nile", str(state), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "players[0].wheat (A, Wheat): must be at most 16" in err
    assert "players[1].flax (B, Flax): expected a whole number" in err
    assert "2\u00a0problems in the end state" in err


def test_score_bad_json_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "bad.json"
    state.write_text('{"players": [\n  {"name": "A",}\n]}', encoding="utf-8")
    assert main(["score", "nile", str(state)]) == 1
    assert f"{state}:2:" in capsys.readouterr().err


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "chess", "-"]) == 1
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_unknown_language_is_wrong_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(HAL_AND_JENNY), encoding="utf-8")
    assert main(["score", "nile", str(state), "--lang", "xx"]) == 2
    assert "unknown language 'xx'; one of: fr, uk, en" in capsys.readouterr().err


def test_setup_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["setup", "nile", "--players", "4", "--seed", "abc", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["setup", "nile", "--players", "4", "--seed", "abc", "--json"]) == 0
    assert capsys.readouterr().out == first
    assert json.loads(first)["seed"] == "abc"


def test_setup_refuses_an_illegal_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["setup", "nile", "--players", "9", "--lang", "en"]) == 1
    assert "Nile is for 2–6\u00a0players, not 9" in capsys.readouterr().err


@pytest.mark.parametrize("players", [str(10**7), str(10**12), str(10**30), "-" + "9" * 64])
def test_setup_refuses_a_huge_count_at_once(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34: 10**7 took 35-55 s, 10**12 ended in MemoryError, 10**30 hung; the game's
    range is named, the number written in full."""
    assert main(["setup", "river_of_gold", f"--players={players}", "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "--players: River of Gold is for 1–4\u00a0players, not " in err
    assert "Traceback" not in err


@pytest.mark.parametrize("players", ["9" * 65, "3.5", "1e9", "٣"])
def test_setup_players_is_a_whole_number(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["setup", "nile", f"--players={players}"])
    assert exit_.value.code == 2
    assert "argument --players: a whole number of players, got" in capsys.readouterr().err


@pytest.mark.parametrize("seed", ["x" * 201, "a\x1b[2Jb", "a\u202eb"])
def test_setup_seed_is_short_and_printable(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The seed is printed back with the checklist: a terminal escape must not reach it."""
    with pytest.raises(SystemExit) as exit_:
        main(["setup", "nile", "--players", "3", "--seed", seed])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed: at most 200 printable characters, got" in err
    assert "\x1b" not in err and "\u202e" not in err


def test_setup_refuses_an_option_that_does_not_apply(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["setup", "river_of_gold", "--players", "4", "--option", "seishin_level=level_2"]
    assert main([*args, "--lang", "en"]) == 1
    assert "--option seishin_level: not used with these options and this number of players" in (
        capsys.readouterr().err
    )


def test_schemas_are_up_to_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--check"]) == 0, capsys.readouterr().err


def test_content_files_reference_their_schema() -> None:
    for file in (ROOT / "content").glob("*/*.yaml"):
        first = file.read_text(encoding="utf-8").splitlines()[0]
        assert (
            first == f"# yaml-language-server: $schema=../../schemas/json/{file.stem}.schema.json"
        ), file


def test_every_subcommand_has_help() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    for name in commands.choices:  # type: ignore[union-attr]
        run = subprocess.run(
            [sys.executable, "-m", "rulebook.cli", *name.split(), "--help"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert run.returncode == 0 and "usage:" in run.stdout, name


# ----------------------------------------------------------------------------------------
# One project, found the same way by every subcommand
# ----------------------------------------------------------------------------------------


def rulebook(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The installed command, run as a user runs it from ``cwd``."""
    command = Path(sys.executable).with_name("rulebook")
    return subprocess.run(
        [str(command), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **env},
        check=False,
    )


def test_the_project_is_found_from_any_folder_in_it(tmp_path: Path) -> None:
    project = game_project(tmp_path / "copy", "nile")
    # The copy's content, not the install location's: its Nile is renamed.
    game = project.content / "nile" / "game.yaml"
    game.write_text(game.read_text("utf-8").replace("en: Nile", "en: Copied Nile"), "utf-8")
    inside = rulebook("validate", cwd=project.content / "nile")
    assert inside.returncode == 0 and str(project.content) in inside.stdout, inside.stderr
    outside = rulebook("setup", "nile", "--players", "3", "--lang", "en", cwd=tmp_path)
    assert outside.returncode == 1 and "no project here" in outside.stderr
    setup = ("setup", "nile", "--players", "3", "--lang", "en", "--seed", "s")
    given = rulebook("--project", str(project.root), *setup, cwd=tmp_path)
    assert given.returncode == 0 and given.stdout.startswith("Copied Nile — 3\u00a0players"), (
        given.stderr
    )
    after = rulebook(*setup, "--project", str(project.root), cwd=tmp_path)  # either place
    assert after.stdout == given.stdout


def test_schema_writes_into_the_project(tmp_path: Path) -> None:
    project = game_project(tmp_path, "nile")
    assert main(["--project", str(project.root), "schema"]) == 0
    assert (project.schemas / "endstate-nile.schema.json").is_file()
    assert main(["--project", str(project.root), "schema", "--check"]) == 0


def test_the_engine_does_not_import_the_application() -> None:
    """Data flows one way: schemas/ and scorer/ never reach up into rulebook/."""
    reaching = []
    for package in ("schemas", "scorer"):
        for file in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom)
                    else []
                )
                reaching += [
                    f"{file.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] == "rulebook"
                ]
    assert reaching == []


#: What would let stored bytes or generated text run as code (issue 27: caches hold data).
CODE_LOADERS = frozenset({"pickle", "marshal", "shelve", "dill", "cloudpickle"})
CODE_RUNNERS = frozenset({"exec", "eval", "compile"})


def test_nothing_runs_generated_or_stored_code() -> None:
    """The engine and the command never execute generated source and never load code from
    a cache: no exec, eval or compile (the builtins), no pickle or marshal anywhere."""
    found = []
    for package in ("schemas", "scorer", "rulebook"):
        for file in (ROOT / package).rglob("*.py"):
            where = file.relative_to(ROOT)
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    found += [
                        f"{where}: import {a.name}" for a in node.names if a.name in CODE_LOADERS
                    ]
                elif isinstance(node, ast.ImportFrom) and node.module in CODE_LOADERS:
                    found.append(f"{where}: from {node.module}")
                elif isinstance(node, ast.Name) and node.id in CODE_RUNNERS:
                    found.append(f"{where}:{node.lineno}: {node.id}")
    assert found == []


# ----------------------------------------------------------------------------------------
# rulebook test GAME
# ----------------------------------------------------------------------------------------


def test_conformance_passes_in_both_runtimes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", "nile"]) == 0
    out = capsys.readouterr().out
    assert "python  browser" in out and "all passed" in out
    assert "refused: seventeen_cards_of_a_crop" in out


def test_conformance_failures_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = game_project(tmp_path, "nile")
    cases = project.content / "nile" / "cases.yaml"
    data = yaml.safe_load(cases.read_text(encoding="utf-8"))
    first = data["cases"][0]
    first["expected"][0]["rank"] += 1  # what no runtime gives
    data["invalid"][0]["problems"] = [{"loc": ["players", 0, "nowhere"], "code": "missing"}]
    cases.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert main(["--project", str(project.root), "test", "nile"]) == 1
    captured = capsys.readouterr()
    assert f"{first['id']:<40}" in captured.out or first["id"] in captured.out
    wrong = [line for line in captured.out.splitlines() if "FAIL" in line]
    assert len(wrong) == 2 and all(line.count("FAIL") == 2 for line in wrong)
    assert f"{first['id']} (browser): " in captured.err and "rank" in captured.err
    assert "2 failed" in captured.err


# ----------------------------------------------------------------------------------------
# The quick score path imports only what it needs
# ----------------------------------------------------------------------------------------


def test_score_from_the_cache_loads_no_models(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps(HAL_AND_JENNY), encoding="utf-8")
    runs = score_twice(tmp_path / "cache", "nile", str(state))
    table = [run.stdout.rsplit("loaded:", 1)[0] for run in runs]
    assert table[0] == table[1] and "Gagnant\u00a0: Jenny" in table[0]
    assert "'pydantic'" in runs[0].stdout  # the first run loads the content and fills the cache
    assert runs[1].stdout.endswith("loaded: []\n"), runs[1].stdout


def test_score_keeps_the_words_of_each_language_asked(tmp_path: Path) -> None:
    """A first call makes the table's words in its reader's language only; another language
    is added to the same entry when first asked, and the first stays quick."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps(HAL_AND_JENNY), encoding="utf-8")
    cache = tmp_path / "cache"
    french = score_twice(cache, "nile", str(state))
    ukrainian = score_twice(cache, "nile", str(state), "--lang", "uk")
    assert "'pydantic'" in ukrainian[0].stdout  # the Ukrainian words were not kept yet
    assert ukrainian[1].stdout.endswith("loaded: []\n"), ukrainian[1].stdout
    table = [run.stdout.rsplit("loaded:", 1)[0] for run in ukrainian]
    assert table[0] == table[1] and "Переможець: Jenny" in table[0]
    again = score_twice(cache, "nile", str(state))
    assert all(run.stdout == french[1].stdout for run in again)  # quick, as before


@pytest.mark.parametrize(
    ("lang", "slot"),
    [("en", "Region\u00a01: "), ("uk", "Регіон\u00a01: "), ("fr", "Région\u00a01\u00a0: ")],
)
def test_setup_slots_are_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], lang: str, slot: str
) -> None:
    """The places a deal lays its cards on are translated like the rest of the checklist."""
    assert main(["setup", "river_of_gold", "--players", "3", "--seed", "s", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert f"   {slot}" in out
    if lang != "fr":
        assert "Région" not in out and "Emplacement" not in out


@pytest.mark.parametrize("language", published())
def test_setup_checklists_are_typeset(
    capsys: pytest.CaptureFixture[str], games: dict[str, GameContent], language: str
) -> None:
    """What the checklist puts together (first player, doubts and their reasons, cards
    dealt to a seat or a slot) has the language's spaces, apostrophes and dashes: each game
    the language must have whole, at 2 and 4 players or the nearest count the game allows."""
    from tests.visible_typography import text_faults

    faults = []
    for game in sorted(g for g in games if complete_required(language, g)):
        allowed = games[game].game.players
        for players in sorted({min(max(n, allowed.min), allowed.max) for n in (2, 4)}):
            args = ["setup", game, "--players", str(players), "--seed", "s", "--lang", language]
            assert main(args) == 0
            for line in capsys.readouterr().out.splitlines():
                faults += [(game, players, f.kind, f.excerpt) for f in text_faults(line, language)]
    assert faults == []


#: "Winner" or "Winners" by the number of winners, as a person writes it in each language.
WINNER_WORDS = {
    "en": ("Winner", "Winners"),
    "fr": ("Gagnant", "Gagnants"),
    "uk": ("Переможець", "Переможці"),
}


@pytest.mark.parametrize("language", sorted(WINNER_WORDS))
def test_score_table_lines_read_as_written_for_every_case(language: str) -> None:
    """Every conformance case of every game, printed as the command prints it: the winners'
    line agrees with their number, French sets its no-break space before each colon, and
    no raw value (`true`, `false`) is printed."""
    from rulebook.cache import load_content
    from rulebook.commands.score import labels, score_table
    from rulebook.i18n.runtime import translator
    from scorer.engine import GameEngine
    from scorer.outcome import score_outcome

    one, many = WINNER_WORDS[language]
    wrong = []
    for game_id, content in sorted(load_content(ROOT / "content").items()):
        engine = GameEngine(content)
        words = labels(content, translator(content, language))
        for case in content.cases.cases if content.cases else []:
            found = score_outcome(engine, {"game": game_id, **case.state})
            assert found.result is not None, (game_id, case.id)
            result = found.result.to_json()
            text = score_table(words, result)
            nobody = translator(content, language)("ui.calc_no_winner", "No winner")
            said = next(x for x in text.splitlines() if x.startswith((one, many, nobody)))
            count = len(result["winners"])
            wanted = nobody if not count else one if count == 1 else many
            colon = "" if not count else "\u00a0:" if language == "fr" else ":"
            if not said.startswith(wanted + colon):
                wrong.append(f"{game_id} {case.id}: {said}")
            lines = text.splitlines()
            for line in lines[lines.index("") :]:  # the lines after the table
                if language == "fr" and any(
                    line[i - 1] not in "\u00a0\u202f"
                    for i, c in enumerate(line)
                    if c in ":;!?" and i > 0  # a notice's "! " mark opens its line
                ):
                    wrong.append(f"{game_id} {case.id}: no no-break space: {line}")
                if any(word in line.split() for word in ("true", "false", "True", "False")):
                    wrong.append(f"{game_id} {case.id}: a raw value: {line}")
    assert wrong == []


@pytest.mark.parametrize(
    ("language", "header"),
    [
        ("en", "Nile — 5\u00a0players (setup code: table)"),
        ("fr", "Nile — 5\u00a0joueurs (code du tirage\u00a0: table)"),
        ("uk", "Ніл — 5\u00a0гравців (код підготовки: table)"),
    ],
)
def test_the_setup_header_is_said_in_the_readers_language(
    language: str, header: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The checklist's first line names the count with its word and the code with its
    label, in the reader's language: it read 'Ніл - 5 (seed table)', the label's old
    English default shown because the catalog's source had changed."""
    assert main(["setup", "nile", "--players", "5", "--seed", "table", "--lang", language]) == 0
    assert capsys.readouterr().out.splitlines()[0] == header


def test_the_collector_thresholds_are_the_callers_again_after_a_command() -> None:
    """Every command runs the cyclic collector less often (rulebook.cli), and gives the
    process its own thresholds back, also when the command fails."""
    import gc

    from rulebook.cli import COMMAND_THRESHOLDS, fewer_collections

    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == COMMAND_THRESHOLDS
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("stopped")
    assert gc.get_threshold() == before
