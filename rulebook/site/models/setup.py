"""The setup page: the checklist with its numbers by player count, and the generator."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict

from rulebook.site.conditions import Condition, active_counts, condition
from rulebook.site.diagrams import Table, applies, draw, every_table, signature, tables
from rulebook.site.localize import Fragment
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame
from schemas.game import GameContent
from scorer.interpret import table_function


@dataclass(frozen=True)
class CountSentence:
    """The step said for some player counts: its numbers filled in, its words agreeing."""

    #: "2 players", "2–4 players": the counts this sentence is for; None when the
    #: sentence says its count itself.
    label: Fragment | None
    text: Fragment
    fill: dict[str, str]


@dataclass(frozen=True)
class StepView:
    id: str
    #: The step's words, in the form its numbers need when they are the same at every count.
    text: Fragment
    #: Placeholder -> number, for values equal at every player count.
    fill: dict[str, str]
    #: When a number varies with the player count: the step once per run of counts that
    #: read the same, so no sentence holds a stand-in letter for a number.
    by_count: tuple[CountSentence, ...]
    deal_from: Fragment | None
    slots: tuple[Fragment, ...]
    per_seat: tuple[int, ...]
    condition: Condition | None
    decision: Decision | None


@dataclass(frozen=True)
class Picture:
    """One drawn diagram and the tables it is drawn for."""

    id: str
    svg: str
    title: Fragment
    #: The player counts it is for ("2–4", "3"), and their list for the widget.
    counts: str
    players: tuple[int, ...]
    #: The option turned from its default to draw it, and whether it was turned on.
    option: Fragment | None
    option_on: bool
    #: The options the picture is drawn with, for the widget to match.
    options: dict[str, Any]
    #: Every text drawn, so the page counts its fallbacks.
    texts: tuple[Fragment, ...]


@dataclass(frozen=True)
class TablePictures:
    """Which drawing of a diagram is the picture of a generated table.

    The generator's page shows, under the checklist it made, the picture of that table:
    the drawing for its player count and options, found by ``key`` in ``pictures`` (the
    element id of a picture for reading ahead, or of one of ``extra``, drawings of tables
    no picture for reading ahead shows, as two options turned at once).
    """

    diagram: str
    #: The options whose value changes the drawing, in the order the key lists them.
    options: tuple[str, ...]
    #: "players|value|value..." -> the id of the element holding the drawing.
    pictures: dict[str, str]
    extra: tuple[tuple[str, str], ...]


class TablePlan(TypedDict):
    """What the setup generator reads of the page (its ``data-table-pictures``) to find the
    picture of the table it made: a diagram, the options its drawing changes with, and the
    element id of each drawing by key ("players|value|value...")."""

    diagram: str
    options: list[str]
    pictures: dict[str, str]


@dataclass(frozen=True)
class SetupModel:
    first_player: Fragment | None
    steps: tuple[StepView, ...]
    decision: Decision | None
    pictures: tuple[Picture, ...] = ()
    table_pictures: tuple[TablePictures, ...] = ()
    #: "4 players" for each count, the caption of a generated table's picture.
    count_labels: tuple[tuple[int, Fragment], ...] = ()

    def count_label_map(self) -> dict[str, str]:
        """The caption of a generated table's picture by player count."""
        return {str(n): label.text for n, label in self.count_labels}

    def table_plan(self) -> list[TablePlan]:
        """What the browser reads to find the picture of a generated table."""
        return [
            {"diagram": t.diagram, "options": list(t.options), "pictures": t.pictures}
            for t in self.table_pictures
        ]


def steps(game: LocalGame) -> tuple[StepView, ...]:
    """The checklist's steps (also on the variants page and the quick reference)."""
    return game.part("setup_steps", lambda: _steps(game))


def _steps(game: LocalGame) -> tuple[StepView, ...]:
    content, loc = game.content, game.loc
    found = []
    components = content.components.by_id()
    for step in content.setup.steps:
        base = f"setup.steps.{step.id}"
        options, counts = active_counts(content, step.when, f"{base}.when")
        by_count = {n: _played_with(content, options, n) for n in counts}
        if step.when is not None:
            when = table_function(step.when, f"{base}.when")
            counts = [n for n in counts if when(by_count[n], {}, {}, n)]
        numbers: dict[str, list[int]] = {}
        for name, node in step.values.items():
            function = table_function(node, f"{base}.values.{name}")
            numbers[name] = [int(function(by_count[n], {}, {}, n)) for n in counts]
        fill = {k: str(v[0]) for k, v in numbers.items() if v and len(set(v)) == 1}
        text = loc.text(f"{base}.text", step.text)
        deal = step.deal
        found.append(
            StepView(
                id=step.id,
                text=text.for_values(fill),
                fill=fill,
                by_count=_by_count(game, text, counts, numbers),
                deal_from=loc.text(
                    f"components.{deal.component}.name", components[deal.component].name
                )
                if deal is not None
                else None,
                slots=tuple(
                    loc.text(f"{base}.deal.slots.{n}", slot)
                    for n, slot in enumerate(deal.slots if deal else [], start=1)
                ),
                per_seat=tuple(step.per_seat or ()),
                condition=condition(content, step.when, loc, f"{base}.when"),
                decision=decision(content, step.provenance, base, loc),
            )
        )
    return tuple(found)


def _played_with(content: GameContent, options: dict[str, Any], players: int) -> dict[str, Any]:
    """``options`` as a table of ``players`` must have them: an option the game requires at
    that count is on (River of Gold's solo is always against Seishin, Nile at 6 with
    DeLuxor), so no sentence speaks of a table the rules do not allow."""
    required = {
        o.id
        for o in content.scoring.options
        if o.players is not None and players in o.players.required
    }
    return {**options, **dict.fromkeys(required, True)}


def _by_count(
    game: LocalGame, text: Fragment, counts: list[int], numbers: dict[str, list[int]]
) -> tuple[CountSentence, ...]:
    """The step's sentence for each run of player counts whose numbers are the same; none
    when no number varies (the step's own text, filled, says it for every count)."""
    if not any(len(set(v)) > 1 for v in numbers.values()):
        return ()
    runs: list[tuple[list[int], dict[str, str]]] = []
    for i, players in enumerate(counts):
        fill = {k: str(v[i]) for k, v in numbers.items()}
        last = runs[-1] if runs else None
        if last is not None and last[1] == fill and last[0][-1] == players - 1:
            last[0].append(players)
        else:
            runs.append(([players], fill))
    # A sentence that names the player count itself ("with 4 players, ...") needs no label.
    says_count = any(v == counts and f"{{{k}}}" in text.text for k, v in numbers.items())
    found = []
    for run, fill in runs:
        label: Fragment | None
        if len(run) == 1:
            label = None if says_count else game.loc.ui("player_count_phrase").fill(count=run[0])
        else:
            label = game.loc.ui("player_range").fill(min=run[0], count=run[-1])
        found.append(CountSentence(label=label, text=text.for_values(fill), fill=fill))
    return tuple(found)


def first_player(game: LocalGame) -> Fragment | None:
    return game.loc.maybe("setup.first_player_text", game.content.setup.first_player_text)


#: The page-unique ids of a drawing, left out when comparing two drawings.
_IDS = re.compile(r'@ID@|data-players="\d+"')


def _span(counts: list[int]) -> str:
    """``2–4`` for a run of counts, ``2, 4`` otherwise, ``3`` alone."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(n) for n in counts)


def pictures(game: LocalGame) -> tuple[Picture, ...]:
    """Each diagram for every player count (identical drawings shown once, with their
    counts) with the default options, then where one option turned changes it."""
    content, loc = game.content, game.loc
    said = functools.cache(loc.text)  # every table's drawing asks the same words again
    defaults = content.option_defaults()
    options_by_id = {o.id: o for o in content.scoring.options}
    found: list[Picture] = []
    for diagram in content.setup.diagrams:
        drawn: dict[tuple[str | None, str], list[int]] = {}
        first: dict[tuple[str | None, str], tuple[str, dict[str, Any], list[Fragment]]] = {}
        plain_drawing: dict[int, str] = {}
        for players, options in tables(content):
            if not applies(diagram, players, options):
                continue
            texts: list[Fragment] = []

            def words(context: str, source: str, texts: list[Fragment] = texts) -> tuple[str, str]:
                fragment = said(context, source)
                texts.append(fragment)
                return fragment.text, fragment.lang

            svg = draw(diagram, Table(content, players, options, words), "@ID@")
            key = _IDS.sub("", svg)
            turned = next((k for k, v in options.items() if v != defaults.get(k)), None)
            if turned is None:
                plain_drawing[players] = key
            elif plain_drawing.get(players) == key:
                continue  # the option changes nothing in this picture
            drawn.setdefault((turned, key), []).append(players)
            first.setdefault((turned, key), (svg, options, texts))
        for n, ((turned, _), counts) in enumerate(drawn.items(), start=1):
            svg, options, texts = first[(turned, _)]
            ident = f"rb-diagram-{diagram.id.replace('_', '-')}-{n}"
            option = options_by_id.get(turned) if turned else None
            found.append(
                Picture(
                    id=ident,
                    svg=svg.replace("@ID@", ident),
                    title=loc.text(f"setup.diagrams.{diagram.id}.title", diagram.title),
                    counts=_span(counts),
                    players=tuple(counts),
                    option=loc.text(f"scoring.options.{option.id}.label", option.label)
                    if option is not None
                    else None,
                    option_on=bool(options.get(turned)) if turned else False,
                    options=dict(options),
                    texts=tuple(texts),
                )
            )
    return tuple(found)


def key_value(value: Any) -> str:
    """An option's value in a picture's key, as the browser writes it (``String(v)``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def table_pictures(game: LocalGame, shown: tuple[Picture, ...]) -> tuple[TablePictures, ...]:
    """For each diagram, the drawing of every legal table, found among the pictures for
    reading ahead where one is the same; the others are kept as extra drawings."""
    content, loc = game.content, game.loc
    said = functools.cache(loc.text)  # every table's drawing asks the same words again

    def words(context: str, source: str) -> tuple[str, str]:
        fragment = said(context, source)
        return fragment.text, fragment.lang

    found = []
    for diagram in content.setup.diagrams:
        same = {_IDS.sub("", p.svg.replace(p.id, "@ID@")): p.id for p in shown}
        drawings: dict[tuple[int, tuple[tuple[str, str], ...]], str] = {}
        # Hundreds of tables, a few drawings: each is drawn once, by what it reads.
        sign = signature(diagram, content)
        # The pictures for reading ahead are drawn already.
        drawn = {
            sign(p.players[0], p.options): p.svg.replace(p.id, "@ID@")
            for p in shown
            if p.id.startswith(f"rb-diagram-{diagram.id.replace('_', '-')}-")
        }
        for players, options in every_table(content):
            if applies(diagram, players, options):
                read = sign(players, options)
                if read not in drawn:
                    drawn[read] = draw(diagram, Table(content, players, options, words), "@ID@")
                table = (players, tuple((k, key_value(v)) for k, v in options.items()))
                drawings[table] = drawn[read]
        matter = _options_that_matter(drawings)
        pictures: dict[str, str] = {}
        extra: dict[str, str] = {}
        plain = {svg: _IDS.sub("", svg) for svg in drawn.values()}
        for (players, values), svg in drawings.items():
            key = "|".join([str(players), *(v for k, v in values if k in matter)])
            stripped = plain[svg]
            if stripped not in same:
                ident = f"rb-table-{diagram.id.replace('_', '-')}-{len(extra) + 1}"
                extra[ident] = svg.replace("@ID@", ident)
                same[stripped] = ident
            pictures[key] = same[stripped]
        ordered = tuple(o.id for o in content.scoring.options if o.id in matter)
        found.append(TablePictures(diagram.id, ordered, pictures, tuple(extra.items())))
    return tuple(found)


def _options_that_matter(
    drawings: dict[tuple[int, tuple[tuple[str, str], ...]], str],
) -> set[str]:
    """The options such that two tables differing only in them are drawn differently."""
    # The same drawing is one string for many tables: strip each once.
    plain = {svg: _IDS.sub("", svg) for svg in set(drawings.values())}
    stripped = {table: plain[svg] for table, svg in drawings.items()}
    matter = set()
    # Every table lists the same options, in the same order: the first one's will do.
    for _, options in list(drawings)[:1]:
        for i, (option, _value) in enumerate(options):
            groups: dict[tuple[int, tuple[tuple[str, str], ...]], set[str]] = {}
            for (p, o), svg in stripped.items():
                groups.setdefault((p, o[:i] + o[i + 1 :]), set()).add(svg)
            if any(len(g) > 1 for g in groups.values()):
                matter.add(option)
    return matter


def setup_model(game: LocalGame) -> SetupModel:
    shown = pictures(game)
    return SetupModel(
        first_player=first_player(game),
        steps=steps(game),
        decision=decision(game.content, game.content.setup.provenance, "setup", game.loc),
        pictures=shown,
        table_pictures=table_pictures(game, shown),
        count_labels=tuple(
            (n, game.loc.ui("player_count_phrase").fill(count=n))
            for n in game.content.game.players.values()
        ),
    )
