"""Setups: reproducible from a seed, complete for every legal player count, strict."""

from __future__ import annotations

import itertools

import pytest

from schemas.game import GameContent
from scorer.rng import SeededRandom, fnv1a
from scorer.setup import SetupError, make_setup


def test_fnv1a_known_values() -> None:
    # Published FNV-1a 32-bit test vectors.
    assert fnv1a("") == 0x811C9DC5
    assert fnv1a("a") == 0xE40C292C
    assert fnv1a("foobar") == 0xBF9CF968


def test_generator_sequence_is_fixed() -> None:
    # The browser generator must give these same numbers (see the JavaScript tests).
    rng = SeededRandom("rulebook")
    assert [rng.next_u32() for _ in range(3)] == [rng2 for rng2 in _reference("rulebook")]


def _reference(seed: str) -> list[int]:
    """mulberry32 written out step by step, independently of the class under test."""
    state = fnv1a(seed)
    out = []
    for _ in range(3):
        state = (state + 0x6D2B79F5) % 2**32
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) % 2**32
        t = (t ^ ((t + ((t ^ (t >> 7)) * (t | 61)) % 2**32) % 2**32)) % 2**32
        out.append((t ^ (t >> 14)) % 2**32)
    return out


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(20))
    first = SeededRandom("x").shuffled(items)
    assert sorted(first) == items
    assert SeededRandom("x").shuffled(items) == first
    assert SeededRandom("y").shuffled(items) != first


def _option_sets(content: GameContent) -> list[dict[str, object]]:
    choices = []
    for option in content.scoring.options:
        values = [False, True] if option.kind == "flag" else [c.id for c in option.choices]
        choices.append([(option.id, v) for v in values])
    return [dict(combo) for combo in itertools.product(*choices)] if choices else [{}]


def test_every_game_sets_up_for_every_count_and_option(games: dict[str, GameContent]) -> None:
    for content in games.values():
        for options in _option_sets(content):
            for players in content.game.players.values():
                try:
                    result = make_setup(content, players, seed="s", options=options)
                except SetupError as error:
                    # An option may not allow every player count; it must say so clearly.
                    assert str(players) in str(error) or "option" in str(error), error
                    continue
                assert result.turn_order[0] == result.first_player
                assert sorted(result.turn_order) == sorted(result.players)
                assert result.steps, content.id
                for step in result.steps:
                    assert step.text


def test_same_seed_same_setup(games: dict[str, GameContent]) -> None:
    for content in games.values():
        count = content.game.players.max
        one = make_setup(content, count, seed="table-7", names=[f"N{i}" for i in range(count)])
        two = make_setup(content, count, seed="table-7", names=[f"N{i}" for i in range(count)])
        assert one.to_json() == two.to_json()


def test_seeds_change_the_deal(games: dict[str, GameContent]) -> None:
    content = games["nile"]
    firsts = {make_setup(content, 5, seed=str(seed)).first_player for seed in range(30)}
    assert len(firsts) > 1


@pytest.mark.parametrize("players", [0, 1, 7])
def test_illegal_player_counts_are_refused(games: dict[str, GameContent], players: int) -> None:
    with pytest.raises(SetupError, match=r"is for 2 to 6 players, not"):
        make_setup(games["nile"], players)


def test_unknown_option_and_bad_names(games: dict[str, GameContent]) -> None:
    with pytest.raises(SetupError, match="unknown option"):
        make_setup(games["nile"], 3, options={"expansionx": True})
    with pytest.raises(SetupError, match="true/false"):
        make_setup(games["nile"], 3, options={"deluxor": "yes"})
    with pytest.raises(SetupError, match="different name"):
        make_setup(games["nile"], 2, names=["Ana", "Ana"])
    with pytest.raises(SetupError, match="2 names given for 3"):
        make_setup(games["nile"], 3, names=["Ana", "Bo"])


def test_deluxor_removes_crops_by_player_count(games: dict[str, GameContent]) -> None:
    removed = {
        n: [
            len(s.table)
            for s in make_setup(games["nile"], n, seed="d", options={"deluxor": True}).steps
            if s.id == "deluxor_remove_crops"
        ]
        for n in range(2, 7)
    }
    # At 6 players every crop is in play: the step does not apply, so it is not shown.
    assert removed == {2: [2], 3: [2], 4: [2], 5: [1], 6: []}


def test_deluxor_removes_the_monuments_cards(games: dict[str, GameContent]) -> None:
    for deluxor in (True, False):
        steps = {s.id: s for s in make_setup(games["nile"], 4, options={"deluxor": deluxor}).steps}
        assert ("deluxor_remove_monuments" in steps) is deluxor
        if deluxor:
            assert steps["deluxor_remove_monuments"].values == {"stones": 14, "monuments": 3}
