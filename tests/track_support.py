"""The score-track entry of a full count: what a table reads off the track at the end.

For a game whose scoring declares ``score_track`` (schemas/track.py), the track holds the
full total minus what the rules score at the end. :func:`track_state` turns a full count
into the state a table enters in track mode: the track total it implies, the facts the
mode asks (read from the full count's values) and the inputs the mode still asks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from schemas.game import GameContent
from schemas.track import INPUT, OPTION
from scorer.engine import GameEngine
from scorer.problems import EndStateError


def track_state(content: GameContent, engine: GameEngine, full: dict[str, Any]) -> dict[str, Any]:
    """The track-mode end state equivalent to the scorable full count ``full``."""
    track = content.scoring.score_track
    assert track is not None
    result = engine.score(full)
    state = engine.check(full)
    # The players' values at a table without its rivals (replace keeps no evaluation).
    values, _, _ = engine.interpreted.tally(replace(state, rivals={}), False)
    count = len(result.players)
    players = []
    for index, raw in enumerate(full["players"]):
        player = {**raw, INPUT: 0}
        for fact in track.facts:
            player[fact.id] = int(values[fact.value][index])
        players.append(player)
    entered = {**full, "options": {**full.get("options", {}), OPTION: True}, "players": players}
    # The details the mode does not ask go: the validation names each of them at once.
    try:
        engine.check(entered)
    except EndStateError as error:
        unused = {
            (p.loc[1], p.loc[2]) for p in error.problems if p.code == "not_used" and len(p.loc) == 3
        }
        for index, field in unused:
            del players[int(index)][str(field)]
    # The track holds the total but for what the end adds: the end-of-game categories as
    # the full count has them, and the end part of the others as this mode computes it.
    at_zero = engine.score(entered)
    for player, scored, zero in zip(players, result.players, at_zero.players, strict=True):
        at_end = sum(scored.breakdown.get(c, 0) for c in track.at_end)
        at_end += sum(zero.breakdown.get(c, 0) for c in track.at_end_values)
        player[INPUT] = scored.total - at_end
    assert len(players) == count
    return entered
