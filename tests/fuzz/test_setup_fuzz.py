"""Hostile setup requests through ``rulebook setup``, every game: exit 1 naming the
argument, no traceback, within the bounds of tests/fuzz/bounds.py (issue 34).

Huge player counts hung or ran out of memory (a placeholder name was built for each
player); options that do not apply at the count or with the other options were accepted.
"""

from __future__ import annotations

import pytest

from schemas.game import GameContent
from scorer.legality import applicable_options, option_whens
from tests.conftest import CONTENT
from tests.fuzz.bounds import assert_clean_failure, run_command
from tests.parity_fixture import conditional_choices

GAMES = sorted(folder.name for folder in CONTENT.iterdir() if (folder / "game.yaml").is_file())

#: Counts no game is played at, from the edge of a range to past any machine's memory.
COUNTS = ["0", "-1", "21", str(10**7), str(10**12), str(10**30), "-" + "9" * 64]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("count", COUNTS)
def test_a_count_past_the_range_fails_cleanly(game: str, count: str) -> None:
    run = run_command(["setup", game, f"--players={count}", "--lang", "en"])
    assert_clean_failure(run, "--players:", " is for ", "not ")


def _off_condition(content: GameContent) -> list[tuple[int, dict[str, object]]]:
    """(count, options) with one option set where its ``when`` does not hold, per option
    and value: the others at their defaults, at the first count where it does not apply."""
    found = []
    whens, defaults = option_whens(content), content.option_defaults()
    for option, value in conditional_choices(content):
        for count in content.game.players.values():
            options = {**defaults, option.id: value}
            if option.id in applicable_options(whens, defaults, options, count)[1]:
                found.append((count, {option.id: value}))
                break
    return found


def test_every_option_off_its_condition_is_refused(games: dict[str, GameContent]) -> None:
    tried = 0
    for game, content in sorted(games.items()):
        for count, options in _off_condition(content):
            flags = [f"--option={k}={str(v).lower()}" for k, v in options.items()]
            run = run_command(["setup", game, f"--players={count}", *flags, "--lang", "en"])
            [ident] = options
            assert_clean_failure(run, f"--option {ident}: not used with these options")
            tried += 1
    assert tried >= 7  # Tokaido's reading; River of Gold's five Seishin levels and scenarios


@pytest.mark.parametrize("game", GAMES)
def test_a_million_commas_in_names_is_one_problem(game: str) -> None:
    """``--names`` of a million commas was checked name by name (a million "empty name"
    problems, past the time bound): the wrong number of names is said once, at once."""
    run = run_command(["setup", game, "--players=3", "--names", "," * 1_000_000, "--lang", "en"])
    assert_clean_failure(run, "1,000,001")
    assert len(run.err.splitlines()) == 2, run.err[:2000]
