"""The verdict against a rival (scorer.verdict) and the sentence ``rulebook score`` prints.

A solo game won, lost and tied against Viticulture's Automa (fixed at 20 points), River of
Gold's co-op cases against Seishin, and the sentences in fr, uk and en with each language's
plural forms. tests/js/verdict.test.mjs holds the browser to the same data and words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli import main
from scorer.engine import GameEngine
from scorer.verdict import MESSAGES, Verdict, rival_verdict, say
from tests.conftest import real_game, score_twice

VITICULTURE = real_game("viticulture")
RIVER_OF_GOLD = real_game("river_of_gold")
#: Where the Automa stands all game (its fixed points), read from the content.
AUTOMA = next(r for r in VITICULTURE.scoring.rivals if r.id == "automa").fixed["vp"]


def _solo(vp: int) -> dict[str, Any]:
    return {
        "game": "viticulture",
        "options": {"solo_automa": True},
        "players": [{"name": "Anna", "vp": vp}],
    }


def _verdict(content: Any, state: dict[str, Any]) -> Verdict | None:
    return rival_verdict(GameEngine(content).score(state).to_json())


def _said(tmp_path: Path, capsys: pytest.CaptureFixture[str], state: Any, lang: str) -> str:
    """The lines ``rulebook score`` prints for ``state`` in ``lang``."""
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    assert main(["score", str(state["game"]), str(path), "--lang", lang]) == 0
    return capsys.readouterr().out


def test_a_solo_win_is_said_by_its_margin() -> None:
    assert isinstance(AUTOMA, int)
    found = _verdict(VITICULTURE, _solo(AUTOMA + 4))
    assert found is not None
    assert (found.key, found.gap, found.amount, found.won) == ("calc_rival_solo_won", 4, None, True)
    assert (found.rival_id, found.rival) == ("automa", "Automa")


def test_a_solo_loss_is_said_by_the_rivals_margin() -> None:
    assert isinstance(AUTOMA, int)
    found = _verdict(VITICULTURE, _solo(AUTOMA - 3))
    assert found is not None
    assert (found.key, found.gap, found.won) == ("calc_rival_solo_lost", 3, False)


def test_a_solo_tie_says_the_total_and_who_takes_it() -> None:
    """Viticulture's rules want more than the Automa: a tie is the Automa's."""
    assert isinstance(AUTOMA, int)
    found = _verdict(VITICULTURE, _solo(AUTOMA))
    assert found is not None
    assert (found.key, found.gap, found.amount, found.won) == (
        "calc_rival_solo_tie_lost",
        None,
        AUTOMA,
        False,
    )


def test_a_tie_the_rules_give_the_player_and_other_wins() -> None:
    """Outcomes no content has yet (a tie won, a win despite fewer points) still read."""
    rival = {"id": "bot", "name": "Bot", "rank": 1, "total": 30}
    tied = {"players": [{"name": "A", "total": 30, "winner": True}], "rivals": [rival]}
    behind = {"players": [{"name": "A", "total": 28, "winner": True}], "rivals": [rival]}
    team = {
        "team": True,
        "players": [
            {"name": "A", "total": 30, "winner": True},
            {"name": "B", "total": 40, "winner": True},
        ],
        "rivals": [rival],
    }
    assert rival_verdict(tied) == Verdict(
        "calc_rival_solo_tie_won", "bot", "Bot", None, None, 30, True
    )
    assert rival_verdict(behind) == Verdict(
        "calc_rival_solo_won_behind", "bot", "Bot", None, 2, None, True
    )
    assert rival_verdict(team) == Verdict(
        "calc_rival_team_won_plain", "bot", "Bot", None, None, None, True
    )


@pytest.mark.parametrize(
    "case",
    [c for c in RIVER_OF_GOLD.cases.cases if c.id.startswith("seishin_coop")],
    ids=lambda c: c.id,
)  # type: ignore[union-attr]
def test_a_team_is_said_by_its_player_closest_to_the_rival(case: Any) -> None:
    """The case's expected totals decide the sentence: the lowest total against Seishin's."""
    rival = next(r for r in case.rivals if r.id == "seishin")
    lowest = min(case.expected, key=lambda e: e.total)
    won = all(e.winner for e in case.expected)
    found = _verdict(RIVER_OF_GOLD, {"game": "river_of_gold", **case.state})
    assert found is not None and found.won == won
    margin = lowest.total - rival.total
    if margin < 0:
        assert (found.key, found.name, found.gap) == ("calc_rival_team_lost", lowest.name, -margin)
    elif margin == 0:
        assert (found.key, found.name, found.amount) == (
            "calc_rival_team_tie",
            lowest.name,
            rival.total,
        )
    elif won:
        assert (found.key, found.name, found.gap) == ("calc_rival_team_won", lowest.name, margin)
    else:
        assert found.key == "calc_rival_team_unmet"


def test_players_who_are_not_a_team_have_no_rival_verdict() -> None:
    state = {
        "game": "viticulture",
        "players": [{"name": "Ben", "vp": 21}, {"name": "Chloe", "vp": 18}],
    }
    assert _verdict(VITICULTURE, state) is None


@pytest.mark.parametrize(
    ("lang", "vp", "line"),
    [
        ("en", 21, "You beat the Automa by 1\u00a0point"),
        ("en", 24, "You beat the Automa by 4\u00a0points"),
        ("uk", 21, "Ви маєте на 1\u00a0очко більше, ніж Automa: ви перемагаєте"),
        ("uk", 22, "Ви маєте на 2\u00a0очки більше, ніж Automa: ви перемагаєте"),
        ("uk", 25, "Ви маєте на 5\u00a0очок більше, ніж Automa: ви перемагаєте"),
        ("uk", 17, "Automa має на 3\u00a0очки більше, ніж ви: ви програєте"),
        ("en", 17, "The Automa beats you by 3\u00a0points"),
        ("en", 20, "You tie with the Automa at 20\u00a0points: the Automa wins"),
        ("fr", 24, "Vous battez l’Automa de 4\u00a0points"),
        ("fr", 20, "Égalité avec l’Automa à 20\u00a0points\u00a0: l’Automa l’emporte"),
    ],
)
def test_the_command_says_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, vp: int, line: str
) -> None:
    assert line in _said(tmp_path, capsys, _solo(vp), lang).splitlines()


def test_the_command_names_the_rival_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = next(c for c in RIVER_OF_GOLD.cases.cases if c.id == "seishin_coop_team_loses")  # type: ignore[union-attr]
    out = _said(tmp_path, capsys, {"game": "river_of_gold", **case.state}, "uk")
    assert any(
        line.startswith("Сейсін має на ") and line.endswith("команда програє")
        for line in out.splitlines()
    ), out


def test_every_message_fills_only_what_a_verdict_gives() -> None:
    """A name holding a placeholder stays as it is (one pass, as the browser's fillIn)."""
    verdict = Verdict("calc_rival_team_lost", "bot", "{gap}", "{name}", 2, None, False)
    text = next(m.text for m in MESSAGES if m.key == verdict.key)
    assert say(verdict, text, lambda n: f"{n} pts") == "{gap} beats {name} by 2 pts: the team loses"


@pytest.mark.parametrize("lang", ["fr", "uk", "en"])
def test_points_past_the_ready_made_ones_are_counted_alike(lang: str) -> None:
    """The labels carry point counts up to POINTS_SAID; a larger margin is made with the
    plural rules, in the same words."""
    from rulebook.commands.score import POINTS_SAID, _points, labels
    from rulebook.i18n.runtime import translator

    translate = translator(VITICULTURE, lang)
    words = labels(VITICULTURE, translate)
    for count in (1, 2, 5, 21, POINTS_SAID, POINTS_SAID + 1, 1001):
        assert _points(words, count) == translate.count("ui.points", count), count


def test_a_verdict_from_the_cache_loads_no_plural_rules(tmp_path: Path) -> None:
    """The quick path (the cached export) says the verdict without loading babel, nor any
    other heavy module."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps(_solo(23)), encoding="utf-8")
    runs = score_twice(tmp_path / "cache", "viticulture", str(state), "--lang", "en")
    assert "You beat the Automa by 3\u00a0points" in runs[1].stdout.splitlines()
    assert runs[1].stdout.endswith("loaded: []\n"), runs[1].stdout
