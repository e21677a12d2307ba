"""The "from the score track" entry mode gives the full count's result (schemas/track.py).

For every conformance case of a game that declares a score track, the track total its full
count implies, with only the facts the mode asks, gives the same totals, end-of-game
categories, ranks, winners and tiebreaks. The same states run in the browser runtime in the
parity suite (tests/calculator/test_js_parity.py, "track" states).
"""

from __future__ import annotations

import pytest

from schemas.track import INPUT, OPTION
from scorer.engine import GameEngine
from scorer.problems import EndStateError
from tests.cases import all_cases
from tests.track_support import track_state

TRACKED = [(g, c) for g, c in all_cases() if g == "tokaido"]


def test_the_games_with_a_score_track_declare_it() -> None:
    assert TRACKED, "Tokaido declares its score track"


@pytest.mark.parametrize(("game_id", "case"), TRACKED, ids=[f"{g}:{c.id}" for g, c in TRACKED])
def test_track_total_gives_the_full_result(
    engines: dict[str, GameEngine], game_id: str, case
) -> None:  # type: ignore[no-untyped-def]
    engine = engines[game_id]
    full = {"game": game_id, **case.state}
    expected = engine.score(full)
    entered = track_state(engine.content, engine, full)
    got = engine.score(entered)
    track = engine.content.scoring.score_track
    assert track is not None
    for want, have in zip(expected.players, got.players, strict=True):
        assert (have.total, have.rank, have.winner, have.decided_by) == (
            want.total,
            want.rank,
            want.winner,
            want.decided_by,
        ), want.name
        for category in track.at_end:
            assert have.breakdown.get(category) == want.breakdown.get(category), category
        assert have.breakdown[INPUT] >= 0 or want.total < 0, "a track total below zero"
    asked = {k for p in entered["players"] for k in p} - {"name"}
    full_fields = {k for p in full["players"] for k in p} - {"name"}
    assert entered["options"][OPTION] is True
    assert len(asked) <= len(full_fields) + 1 + len(track.facts)


def test_track_mode_asks_only_the_end_facts(engines: dict[str, GameEngine]) -> None:
    """A base-game Tokaido table in track mode is asked the track, the Temple coins, the
    facts of the four achievements, the traveller and the panorama firsts, nothing more."""
    engine = engines["tokaido"]
    scoring = engine.content.scoring
    options = {o.id: o.default for o in scoring.options} | {OPTION: True}
    asked = [
        i.id
        for i in scoring.inputs
        if i.id not in engine.interpreted.input_when
        or engine.interpreted.input_when[i.id](options, {}, {}, 4)
    ]
    assert sorted(asked) == sorted(
        [
            "traveller", "encounters", "first_paddy", "first_mountain", "first_sea", "donations",
            INPUT, "meal_prices", "bath_card_count", "souvenir_card_count",
        ]
    )  # fmt: skip


def test_track_mode_needs_a_traveller_only_where_it_counts(
    engines: dict[str, GameEngine],
) -> None:
    """From the score track only Mitsukuni's bonus reads the traveller: a player may leave
    it empty (another traveller), and Mitsukuni's holder still gets the bonus; a full count
    still needs every player's traveller."""
    engine = engines["tokaido"]
    facts = {"meal_prices": 5, "bath_card_count": 2, "souvenir_card_count": 3}
    common = {"encounters": 2, "donations": 3, INPUT: 50, **facts}
    players = [
        {"name": "A", "traveller": "mitsukuni", "first_sea": True, **common},
        {"name": "B", **common},
    ]
    state = {"game": "tokaido", "options": {OPTION: True}, "players": players}
    result = engine.score(state)
    # 2 hot-spring cards, the sea achievement and the four shared achievements (12 / 3).
    assert [p.breakdown["traveller"] for p in result.players] == [7, 0]
    full = {"game": "tokaido", "players": [{"name": "A"}, {"name": "B", "traveller": "kinko"}]}
    with pytest.raises(EndStateError) as refused:
        engine.score(full)
    assert [(p.loc, p.code) for p in refused.value.problems] == [
        (("players", 0, "traveller"), "required")
    ]


def test_track_mode_reads_the_panoramas_only_as_completed(
    engines: dict[str, GameEngine],
) -> None:
    """From the score track only Contemplation reads the panoramas, and only whether each
    is complete (as the achievement checks do): each is asked as a yes/no at its size."""
    inputs = {i.id: i for i in engines["tokaido"].content.scoring.inputs}
    reached = {
        ident: spec.reached.at
        for ident, spec in inputs.items()
        if getattr(spec, "reached", None) is not None
    }
    assert reached == {"paddy": 3, "mountain": 4, "sea": 5}
    assert all(inputs[i].reached.when.model_dump() == {"option": OPTION} for i in reached)  # type: ignore[union-attr]
