"""The deterministic Hypothesis profile still catches what each property was written for.

Each mutant is a small, plausible bug put into the engine (by replacing one function of
scorer.engine or scorer.assemble for the duration of the test). The property written against that kind of
bug runs, with the settings the suite runs it with (tests/conftest.py's ``ci`` profile:
derandomized, and the property's own example count), on the game where the bug shows, and
must fail. If the profile ever drew too few or too tame examples to find these, this test
would say so. Run the same check by hand with another profile:
``HYPOTHESIS_PROFILE=dev .venv/bin/pytest tests/scorer/test_mutants.py -n 0``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from scorer import assemble as assemble_module
from scorer import engine as engine_module
from scorer.ranking import Placement, rank_players
from tests.scorer import test_properties


def ties_broken_by_seat(keys: Any, columns: Any, explain: bool = True) -> list[Placement]:
    """Players equal on every key no longer share a place: the first listed wins."""
    placements = rank_players(keys, columns, explain)
    order = sorted(range(len(placements)), key=lambda i: (placements[i].rank, i))
    for place, index in enumerate(order, start=1):
        placements[index].rank = place
    return placements


def higher_is_worse(keys: Any, columns: Any, explain: bool = True) -> list[Placement]:
    """The first key ranked the wrong way round: more points, a worse place."""
    turned = [replace(k, better="lower") if i == 0 else k for i, k in enumerate(keys)]
    return rank_players(turned, columns, explain)


def chokes_on_junk(facts: Any, compiled: Any, raw: Any, hidden: Any = None) -> Any:
    """Validation that trips over a value of the wrong type instead of reporting it.
    (Its parameters are check_end_state's: with any others the call itself would raise
    the TypeError, and the test would pass without the property finding anything.)"""
    for player in raw.get("players", []) if isinstance(raw, dict) else []:
        if isinstance(player, dict) and any(isinstance(v, list | dict) for v in player.values()):
            raise TypeError("unexpected value")
    return engine_module_check(facts, compiled, raw, hidden)


engine_module_check = engine_module.check_end_state

#: (what the mutant breaks, the function it replaces, the mutant, the property that must
#: catch it, the game it shows on, the failure expected).
MUTANTS: list[
    tuple[str, tuple[Any, str], Callable[..., Any], Callable[..., None], str, type[BaseException]]
] = [
    (
        "ties",
        (assemble_module, "rank_players"),
        ties_broken_by_seat,
        test_properties.test_player_order_does_not_matter,
        "tokaido",
        AssertionError,
    ),
    (
        "direction",
        (assemble_module, "rank_players"),
        higher_is_worse,
        test_properties.test_one_more_never_lowers_the_rank,
        "viticulture",
        AssertionError,
    ),
    (
        "robustness",
        (engine_module, "check_end_state"),
        chokes_on_junk,
        test_properties.test_mutated_states_give_a_result_or_a_validation_error,
        "nile",
        TypeError,
    ),
]


@pytest.mark.parametrize(
    ("name", "target", "mutant", "prop", "game", "failure"), MUTANTS, ids=[m[0] for m in MUTANTS]
)
def test_the_property_catches_its_mutant(
    name: str,
    target: tuple[Any, str],
    mutant: Callable[..., Any],
    prop: Callable[..., None],
    game: str,
    failure: type[BaseException],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The property's own body, strategies and settings (so the suite's profile), without
    # the shrinking phase: finding the bug is the profile's job, shrinking only makes the
    # report short.
    search = settings(test_properties.SETTINGS, phases=[Phase.explicit, Phase.generate])
    run = search(given(data=st.data())(prop.hypothesis.inner_test))  # type: ignore[attr-defined]
    # On the real engine it holds: test_properties.py runs these very (derandomized) examples.
    monkeypatch.setattr(*target, mutant)
    with pytest.raises(Exception) as caught:
        run(game_id=game)
    found = caught.value
    failures = list(found.exceptions) if isinstance(found, BaseExceptionGroup) else [found]
    assert any(isinstance(f, failure) for f in failures), f"{name}: {failures!r}"
    # A mutant whose parameters no longer match what it replaces fails at the call, not
    # at the bug: that proves nothing about the property.
    assert not any("positional argument" in str(f) for f in failures), f"{name}: {failures!r}"
