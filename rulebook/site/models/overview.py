"""The overview page: players, time, designers, what is in the box, the sources."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.conditions import Condition, condition
from rulebook.site.localize import Fragment
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame
from schemas.game import Range
from schemas.languages import LANGUAGES


@dataclass(frozen=True)
class ItemView:
    name: Fragment
    copies: int
    condition: Condition | None


@dataclass(frozen=True)
class ComponentView:
    id: str
    name: Fragment
    count: int | None
    per_player_max: int | None
    values: tuple[int, ...]
    items: tuple[ItemView, ...]
    note: Fragment | None
    condition: Condition | None
    decision: Decision | None


@dataclass(frozen=True)
class SourceView:
    title: Fragment
    kind: Fragment
    url: str | None
    note: Fragment | None


@dataclass(frozen=True)
class Overview:
    summary: Fragment
    facts: tuple[tuple[Fragment, Fragment], ...]
    components: tuple[ComponentView, ...]
    sources: tuple[SourceView, ...]


def _safe_url(url: str | None) -> str | None:
    """Only plain web links leave the site."""
    if (
        url
        and url.lower().startswith(("https://", "http://"))
        and not any(c in url for c in " \"'<>`")
    ):
        return url
    return None


def facts(game: LocalGame) -> tuple[tuple[Fragment, Fragment], ...]:
    """Players, playing time, designers, publishers, year (also on the quick reference)."""
    return game.part("facts", lambda: _facts(game))


def _facts(game: LocalGame) -> tuple[tuple[Fragment, Fragment], ...]:
    loc, info = game.loc, game.content.game

    def span(r: Range) -> tuple[int, int] | int:
        return r.min if r.min == r.max else (r.min, r.max)

    players = span(info.players)
    minutes = span(info.minutes)
    return (
        (
            loc.ui("players"),
            loc.verbatim(
                str(players) if isinstance(players, int) else f"{players[0]}–{players[1]}",
                loc.language,
            ),
        ),
        (
            loc.ui("playing_time"),
            loc.ui("minutes_one").fill(min=minutes)
            if isinstance(minutes, int)
            else loc.ui("minutes").fill(min=minutes[0], max=minutes[1]),
        ),
        (loc.ui("designers"), loc.verbatim(", ".join(info.designers))),
        (loc.ui("publishers"), loc.verbatim(", ".join(info.publishers))),
        (loc.ui("year"), loc.verbatim(str(info.year), loc.language)),
    )


def _components(game: LocalGame) -> tuple[ComponentView, ...]:
    content, loc = game.content, game.loc
    components = []
    for c in content.components.components:
        base = f"components.{c.id}"
        components.append(
            ComponentView(
                id=c.id,
                name=loc.text(f"{base}.name", c.name),
                count=c.count,
                per_player_max=c.per_player_max,
                values=tuple(c.values),
                items=tuple(
                    ItemView(
                        loc.text(f"{base}.items.{i.id}.name", i.name),
                        i.copies,
                        condition(content, i.when, loc, f"{base}.items.{i.id}.when"),
                    )
                    for i in c.items
                ),
                note=loc.maybe(f"{base}.note", c.note),
                condition=condition(content, c.when, loc, f"{base}.when"),
                decision=decision(content, c.provenance, base, loc),
            )
        )
    return tuple(components)


def overview(game: LocalGame) -> Overview:
    loc, info = game.loc, game.content.game
    sources = tuple(
        SourceView(
            # Ours, not the document's own: "Règle de Tokaido, Funforge (transcription…)".
            title=loc.text(f"game.sources.{s.id}.title", s.title),
            kind=loc.ui(f"source_kind_{s.kind}"),
            url=_safe_url(s.url),
            note=loc.maybe(f"game.sources.{s.id}.note", s.note),
        )
        for s in info.sources
    )
    return Overview(
        loc.text("game.summary", info.summary),
        facts(game) + _other_names(game),
        _components(game),
        sources,
    )


def _other_names(game: LocalGame) -> tuple[tuple[Fragment, Fragment], ...]:
    """The game's names in the other languages, when they differ from this page's: a
    Ukrainian reader holding a box that says "Tokaido" finds «Токайдо» by it (search too).
    The quick reference leaves them out, to keep to one page."""
    loc, manifest = game.loc, game.content.game
    own = manifest.name(loc.language)
    others = dict.fromkeys(n for code in LANGUAGES if (n := manifest.name(code)) != own)
    if not others:
        return ()
    return ((loc.ui("other_names"), loc.verbatim(", ".join(others))),)
