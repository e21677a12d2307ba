"""Count phrases in content: the right form on the site, in the setup command, in the calculator."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from rulebook.site.calculator import island_data
from rulebook.site.localize import Localizer
from rulebook.site.render import Renderer
from schemas.game import GameContent
from schemas.loader import load_game
from tests.conftest import CONTENT, ROOT

REMOVE = "setup.steps.deluxor_remove_crops.text"


@pytest.fixture(scope="module")
def nile() -> GameContent:
    return load_game(CONTENT / "nile")


def _step(content: GameContent, step_id: str) -> str:
    return next(s.text for s in content.setup.steps if s.id == step_id.split(".")[2])


@pytest.mark.parametrize(
    ("language", "removed", "expected"),
    [
        ("uk", 1, "приберіть із гри 1 культуру"),
        ("uk", 2, "приберіть із гри 2 культури"),
        ("uk", 5, "приберіть із гри 5 культур"),
        ("en", 1, "remove 1 crop from the game"),
        ("en", 2, "remove 2 crops from the game"),
        ("fr", 1, "retirez du jeu 1 culture, tirée"),  # the source's own singular (fr one: 0 and 1)
        ("fr", 0, "retirez du jeu 0 culture, tirée"),
        ("fr", 2, "retirez du jeu 2 cultures, tirées"),
    ],
)
def test_the_form_follows_the_number(
    nile: GameContent, language: str, removed: int, expected: str
) -> None:
    found = Localizer(language, nile).text(REMOVE, _step(nile, REMOVE))
    assert expected in found.fill(players=3, removed=removed).text


def test_the_site_renders_the_form_of_a_fixed_number(nile: GameContent) -> None:
    loc = Localizer("uk", nile)
    renderer = Renderer(ROOT / "site" / "templates", "uk")
    fragment = loc.text("setup.steps.deal_hands.text", _step(nile, "setup.steps.deal_hands.text"))
    assert "по 5 карт" in str(renderer.rich(fragment, fill={"cards": "5"}))


@pytest.mark.parametrize(("players", "expected"), [(3, "2 культури"), (5, "1 культуру")])
def test_the_setup_command_says_it_right(players: int, expected: str) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "from rulebook.cli import main; raise SystemExit(main())",
            "setup",
            "nile",
            "--players",
            str(players),
            "--seed",
            "s",
            "--option",
            "deluxor=true",
            "--lang",
            "uk",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert expected in run.stdout


def test_the_calculator_gets_every_form(nile: GameContent) -> None:
    data = island_data(nile, Localizer("uk", nile), "calculator")
    too_long = data["counts"]["problem_too_long"]
    assert too_long["count"] == "count" and too_long["lang"] == "uk"
    assert set(too_long["forms"]) == {"one", "few", "many", "other"}
    assert too_long["forms"]["many"] == "щонайбільше {count}\u00a0значень"
    # A number of players is said in its own phrase, which the problems fill in.
    players = data["counts"]["player_count_phrase"]
    assert players["forms"]["one"] == "{count}\u00a0гравець"
    assert players["forms"]["few"] == "{count}\u00a0гравці"
    assert players["forms"]["many"] == "{count}\u00a0гравців"
    setup = island_data(nile, Localizer("uk", nile), "setup")
    step = next(s for s in setup["export"]["setup"]["steps"] if s["id"] == "deluxor_remove_crops")
    assert step["count"] == "removed" and step["forms_lang"] == "uk"
    assert "{removed} культуру" in step["forms"]["one"]


def test_no_s_in_parentheses_anywhere() -> None:
    """No "(s)" standing in for a plural, in content, catalogs or interface strings."""
    pattern = re.compile(r"\w\((?:s|es|x|e)\)|\(s\)\w")
    files = [
        *CONTENT.rglob("*.yaml"),
        *(ROOT / "locales").rglob("*.po"),
        ROOT / "rulebook" / "i18n" / "ui.json",
        ROOT / "scorer" / "words.json",
    ]
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line) and not line.lstrip().startswith("#|")
    ]
    assert found == []
