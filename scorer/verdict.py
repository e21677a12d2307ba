"""The verdict against a rival: one sentence on a solo or team game's outcome.

A game played against a ranked rival (Viticulture's Automa, River of Gold's Seishin) is
won or lost against it, so its result is said by the margin to that rival: "You beat the
Automa by 4 points", "Seishin beats Bo by 2 points: the team loses". Everything comes from
the result (``Result.to_json()``: the totals, the winners, ``team``, the rivals with their
places); nothing names a game. The browser says the same with ``rivalVerdict()`` in
site/assets/calculator/explain.js, and the parity tests hold the two to each other.

The verdict is data: a ``ui`` message key and what fills it (names and raw numbers), so
each runtime words it in its language (:func:`say` here, ``sayVerdict()`` there).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from scorer.words import VERDICT_MESSAGES, Message

#: A placeholder, as kit.js's ``fillIn`` finds it.
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")

#: The verdict's messages, written in scorer/words.json (section ``verdict``): they join the
#: ``ui`` catalog, so each is translated in locales/<lang>/LC_MESSAGES/ui.po under ``ui.<key>``;
#: the English text there is the source and the fallback.
MESSAGES: tuple[Message, ...] = VERDICT_MESSAGES

#: The English text of each message, by key.
TEXTS: dict[str, str] = {m.key: m.text for m in MESSAGES}


@dataclass(frozen=True)
class Verdict:
    """A verdict against a rival: the message and what fills it."""

    #: The ``ui`` message key (one of :data:`MESSAGES`).
    key: str
    #: The rival's id, and its name as the result gives it (the reader's language in the
    #: browser; the command line puts the label of its own language in its place).
    rival_id: str
    rival: str
    #: The player the sentence names (a team's closest to the rival), or None.
    name: str | None
    #: The margin in points (never negative), or None when the sentence says none.
    gap: int | None
    #: The tied total, for a tie; else None.
    amount: int | None
    #: Whether the players won.
    won: bool

    def to_json(self) -> dict[str, Any]:
        """Plain data, as the browser's ``rivalVerdict()`` gives it."""
        return asdict(self)


def _rival(result: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The ranked rival with the most points (the first declared on a tie), or None."""
    best = None
    for rival in result.get("rivals") or []:
        if rival.get("rank") is None or not isinstance(rival.get("total"), int):
            continue
        if best is None or rival["total"] > best["total"]:
            best = rival
    return best


def rival_verdict(result: Mapping[str, Any]) -> Verdict | None:
    """The verdict of a solo or team game against a ranked rival, or None.

    None for a game without points, without a ranked rival, for several players who do not
    play as a team (their own winner's sentence says it), and while a tie among the
    players is undecided (an input to fix decides who wins).
    """
    players = result.get("players") or []
    rival = _rival(result)
    if rival is None or not players or any(p.get("total") is None for p in players):
        return None
    if any(p.get("decided_by") == "undecided" for p in players):
        return None
    if len(players) == 1:
        return _solo(players[0], rival)
    if result.get("team"):
        return _team(players, rival)
    return None


def _solo(player: Mapping[str, Any], rival: Mapping[str, Any]) -> Verdict:
    """One player against the rival."""
    margin = int(player["total"]) - int(rival["total"])
    won = bool(player.get("winner"))
    ids = (str(rival["id"]), str(rival["name"]))
    if margin == 0:
        key = "calc_rival_solo_tie_won" if won else "calc_rival_solo_tie_lost"
        return Verdict(key, *ids, None, None, int(rival["total"]), won)
    if margin > 0:
        key = "calc_rival_solo_won" if won else "calc_rival_solo_unmet"
    else:
        key = "calc_rival_solo_won_behind" if won else "calc_rival_solo_lost"
    return Verdict(key, *ids, None, abs(margin), None, won)


def _team(players: list[Mapping[str, Any]], rival: Mapping[str, Any]) -> Verdict:
    """A team against the rival: said by the player closest to it (the first seat on a
    tie), who decides a win or loss on points."""
    closest = min(players, key=lambda p: int(p["total"]))
    margin = int(closest["total"]) - int(rival["total"])
    won = all(bool(p.get("winner")) for p in players)
    ids = (str(rival["id"]), str(rival["name"]))
    who = str(closest["name"])
    if won:
        if margin > 0:
            return Verdict("calc_rival_team_won", *ids, who, margin, None, True)
        return Verdict("calc_rival_team_won_plain", *ids, None, None, None, True)
    if margin < 0:
        return Verdict("calc_rival_team_lost", *ids, who, -margin, None, False)
    if margin == 0:
        return Verdict("calc_rival_team_tie", *ids, who, None, int(rival["total"]), False)
    return Verdict("calc_rival_team_unmet", *ids, None, None, None, False)


def say(verdict: Verdict, text: str, points: Callable[[int], str], rival: str | None = None) -> str:
    """The verdict in words: ``text`` (its message in the reader's language) filled in one
    pass, the numbers as count phrases made by ``points`` ("4 points", "4 очки"), the
    rival named ``rival`` (by default as the result names it; a rival's ``sentence_name``
    where it has one). A sentence that opens on the rival's name opens with a capital ("The
    Automa beats you", from "the Automa")."""
    called = verdict.rival if rival is None else rival
    if text.startswith("{rival}"):
        called = called[:1].upper() + called[1:]
    values = {
        "rival": called,
        "name": verdict.name or "",
        "gap": "" if verdict.gap is None else points(verdict.gap),
        "amount": "" if verdict.amount is None else points(verdict.amount),
    }
    return _fill(text, values)


def _fill(text: str, values: Mapping[str, str]) -> str:
    """``{key}`` placeholders replaced in one pass, as the browser's ``fillIn``: a name
    holding "{gap}" stays as it is."""
    return _PLACEHOLDER.sub(lambda m: values.get(m[1], m[0]), text)
