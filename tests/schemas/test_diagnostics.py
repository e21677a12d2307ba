"""One diagnostic shape (schemas/diagnostics.py) for every family of errors: content,
catalogs, end states, the command line and the build each give pydantic's ErrorDetails keys
(type, loc, msg, ctx) with file and line where there is one, printed by one printer as
``file:line: path: msg [type]`` and summed up with a counted noun, never "(s)"."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli import main
from rulebook.errors import counted
from rulebook.i18n import catalogs, checks
from rulebook.i18n.runtime import translator
from rulebook.problems import ProblemWords
from rulebook.site.build import BuildError, build_site
from rulebook.site.options import BuildOptions
from schemas.common import LANGUAGES
from schemas.diagnostics import Diagnostic, format_loc
from schemas.game import GameContent
from schemas.loader import ContentError, load_game
from scorer.engine import GameEngine
from scorer.problems import EndStateError
from tests.conftest import CONTENT, nile_project
from tests.i18n_support import make_workspace
from tests.schemas.test_loader import _line_of, _replace

#: The keys every diagnostic gives as JSON: pydantic's ErrorDetails, and what it blocks.
KEYS = {"type", "loc", "msg", "ctx", "severity"}
#: Given when known.
WHERE = {"file", "line", "column"}


def _shaped(found: object) -> dict[str, Any]:
    """``found`` as the shared shape: a Diagnostic whose details are plain JSON with the
    shared keys, and whose terminal line ends with its type."""
    assert isinstance(found, Diagnostic), found
    details = found.details()
    assert KEYS <= set(details) <= KEYS | WHERE, details
    assert json.loads(json.dumps(details)) == details  # plain JSON data, nothing else
    assert found.type and found.msg, found
    assert str(found).endswith(f"{found.msg} [{found.type}]"), str(found)
    return details


def _nile(tmp_path: Path) -> Path:
    folder = tmp_path / "content" / "nile"
    shutil.copytree(CONTENT / "nile", folder)
    return folder


def test_a_content_error_is_a_diagnostic_with_pydantic_type_and_ctx(tmp_path: Path) -> None:
    nile = _nile(tmp_path)
    game = nile / "game.yaml"
    _replace(game, "players: {min: 2, max: 6}", "players: {min: 2, max: 1000000000}")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    details = _shaped(problem)
    assert details["type"] == "less_than_equal"  # pydantic's own type, and its ctx
    assert details["ctx"] == {"le": 20}
    assert details["loc"] == ["players", "max"]
    assert (details["file"], details["line"]) == (str(game), _line_of(game, "players:"))
    assert str(problem).startswith(f"{game}:{problem.line}:{problem.column}: players.max: ")


def test_a_content_error_of_the_file_itself_has_its_own_type(tmp_path: Path) -> None:
    nile = _nile(tmp_path)
    (nile / "glossary.yaml").write_text("? [a, b]\n: 1\n", encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    details = _shaped(problem)
    assert (details["type"], details["line"], details["column"]) == ("yaml_syntax", 1, 3)
    assert details["loc"] == []


def test_a_catalog_finding_is_a_diagnostic_at_its_line_and_context(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = make_workspace(tmp_path)
    deal = "setup.steps.deal_hands.text"
    workspace.translate(
        "en", {deal: ("Shuffle and deal 5 card each.", "Shuffle and deal 5 cards each.")}
    )
    domains = [workspace.domain(), workspace.glossary_domain(), catalogs.ui_domain()]
    found = checks.check(domains, list(LANGUAGES), workspace.locales)
    [failure] = [f for f in found if f.type == "placeholders"]
    details = _shaped(failure)
    assert details["loc"] == [deal] and details["file"] == str(workspace.po("en"))
    assert details["severity"] == "error" and isinstance(details["line"], int)
    args = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    assert main(["i18n", "check", *args]) == 1
    err = capsys.readouterr().err.splitlines()
    assert str(failure) in err
    failures = [f for f in found if f.severity == "error"]
    assert err[-1] == counted(len(failures), "translation problem", "translation problems")


def test_an_end_state_problem_is_a_diagnostic_worded_in_the_reader_language(
    engines: dict[str, GameEngine], games: dict[str, GameContent]
) -> None:
    state = {"game": "nile", "players": [{"name": "A", "wheat": 99}, {"name": "B"}]}
    with pytest.raises(EndStateError) as error:
        engines["nile"].score(state)
    [problem] = error.value.problems
    # The problem itself: the shared type, without a sentence (each runtime words it).
    assert isinstance(problem, Diagnostic) and problem.msg == ""
    assert (
        (problem.type, problem.ctx) == (problem.code, problem.params) == ("above_max", {"max": 16})
    )
    # Its exchange form between the runtimes is unchanged.
    assert problem.to_json() == {
        "loc": ["players", 0, "wheat"],
        "code": "above_max",
        "params": {"max": 16},
        "severity": "error",
    }
    words = ProblemWords(games["nile"], translator(games["nile"], "en"), ["A", "B"])
    worded = words.diagnostic(problem, "state.json")
    details = _shaped(worded)
    assert details == {
        "type": "above_max",
        "loc": ["players", 0, "wheat"],
        "msg": words.message(problem),
        "ctx": {"max": 16},
        "severity": "error",
        "file": "state.json",
    }
    assert words.line(problem, "state.json") == (
        f"state.json: players[0].wheat (A, {words.input_label('wheat')}): "
        f"{words.message(problem)} [above_max]"
    )


def test_a_refused_setup_gives_its_problems_as_diagnostics_with_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nile at six needs DeLuxor: ``--json`` gives the problem as ``score`` gives its own."""
    assert main(["setup", "nile", "--players", "6", "--json"]) == 1
    out, err = capsys.readouterr()
    [problem] = json.loads(out)["problems"]
    assert set(problem) == KEYS and problem["type"] == "option_required"
    assert err.splitlines()[0] == f"--option deluxor: {problem['msg']} [option_required]"


def test_a_usage_error_is_a_diagnostic_after_the_usage_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["setup", "nile", "--players", "many"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("usage: rulebook setup")
    assert err[-1].startswith("argument --players: ") and err[-1].endswith(" [usage]")


def test_a_command_error_is_a_diagnostic_naming_its_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["setup", "nile", "--players", "3", "--lang", "xx"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert (
        line == f"--lang: unknown language 'xx'; one of: {', '.join(LANGUAGES)} [unknown_language]"
    )


def test_a_refused_build_is_a_diagnostic_and_the_summary_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = nile_project(tmp_path / "project")
    with pytest.raises(BuildError) as error:
        build_site(BuildOptions(project=project, out=project.content))
    [problem] = error.value.problems
    assert _shaped(problem)["type"] == "output"
    out = project.content
    assert main(["--project", str(project.root), "build", "--out", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [str(problem), f"build failed; {out} was left as it was"]


def test_content_errors_are_listed_at_once_then_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = nile_project(tmp_path)
    game = project.content / "nile" / "game.yaml"
    _replace(game, "players: {min: 2, max: 6}", "players: {min: 2, max: 99}")
    assert main(["--project", str(tmp_path), "validate"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"1 problem in {project.content}"
    _replace(game, "year: 2009", "year: 1066")
    assert main(["--project", str(tmp_path), "validate"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith(f"{game}:") for line in err[:2])
    assert err[-1] == f"2 problems in {project.content}"


@pytest.mark.parametrize(
    ("count", "said"), [(0, "0 problems"), (1, "1 problem"), (2, "2 problems"), (21, "21 problems")]
)
def test_a_count_takes_the_english_form_cldr_gives_it(count: int, said: str) -> None:
    assert counted(count, "problem", "problems") == said


def test_a_path_reads_as_the_data_is_written() -> None:
    assert format_loc(("players", 0, "pile", 2)) == "players[0].pile[2]"
    assert format_loc(("players", "*", "star")) == "players[*].star"
    assert format_loc(()) == ""
