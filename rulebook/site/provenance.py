"""Provenance notes: which reading a piece of content follows, and how sure it is."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.localize import Fragment, Localizer
from schemas.common import Provenance
from schemas.game import GameContent


@dataclass(frozen=True)
class Decision:
    """A provenance note: which reading the content follows and how sure it is."""

    decision: Fragment | None
    confidence: Fragment | None
    sources: tuple[Fragment, ...]


def decision(
    content: GameContent,
    provenance: Provenance | None,
    context: str,
    loc: Localizer,
    language: str | None = None,
) -> Decision | None:
    """The note a provenance block gives, or None when there is nothing worth saying.

    ``language`` is the note's source language when it differs from the game's (a section
    written in Ukrainian).
    """
    if provenance is None:
        return None
    if provenance.decision is None and provenance.confidence == "confirmed":
        return None
    # Readers are told which kinds of source a rule was checked against, in their language;
    # the sources' titles are the team's bibliography (often a description of an internal
    # copy), not something a player can look up.
    kinds = {s.id: s.kind for s in content.game.sources}
    found = dict.fromkeys(kinds[s] for s in provenance.sources if s in kinds)
    return Decision(
        decision=loc.maybe(f"{context}.provenance.decision", provenance.decision, language),
        confidence=None
        if provenance.confidence == "confirmed"
        else loc.ui(f"confidence_{provenance.confidence}"),
        sources=tuple(loc.ui(f"source_kind_{kind}") for kind in found),
    )
