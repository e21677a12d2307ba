"""Page models: what each page of the site shows, in one language, built from content.

A model holds :class:`~rulebook.site.localize.Fragment` objects (text plus its language and
whether it is a fallback) and plain numbers; it holds no markup. The templates in
site/templates/ turn models into Markdown through rulebook.site.render, which escapes and
sanitizes every fragment.

Pages per game: overview (``index``), ``setup``, ``rules`` (when the game has rules),
``scoring``, ``variants``, ``glossary`` (when it has one) and ``quick-reference``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rulebook.site.calculator import data_island
from rulebook.site.localize import Fragment, Localizer
from schemas.common import Provenance
from schemas.expressions import All, Eq, Ge, Gt, Is, Le, Lt, Ne, Not, OptionRef, PlayerCount, walk
from schemas.game import GameContent, Range
from schemas.rules import Section
from schemas.scoring import ChoiceInput, Option
from scorer.compiler import table_function
from scorer.engine import GameEngine

# ----------------------------------------------------------------------------------------
# Shared pieces
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PageLink:
    slug: str
    title: Fragment


@dataclass(frozen=True)
class GameView:
    """What every page of a game knows about it."""

    id: str
    name: str
    players: Range
    minutes: Range
    links: tuple[PageLink, ...]

    def has(self, slug: str) -> bool:
        return any(link.slug == slug for link in self.links)


@dataclass(frozen=True)
class Condition:
    """When a component, step or rule applies: options on or off, player counts."""

    with_: tuple[Fragment, ...] = ()
    without: tuple[Fragment, ...] = ()
    players: tuple[int, ...] = ()
    #: Part of the condition could not be put in words.
    other: bool = False


@dataclass(frozen=True)
class Decision:
    """A provenance note: which reading the content follows and how sure it is."""

    decision: Fragment | None
    confidence: Fragment | None
    sources: tuple[Fragment, ...]


@dataclass
class Page:
    """One Markdown page of one language's build."""

    path: str
    template: str
    #: The page's name in the navigation ("Setup").
    title: Fragment
    #: The first heading and the browser title ("Nile — Setup").
    heading: str
    game: GameView | None
    model: Any
    #: Contexts that fell back to their source text on this page.
    missing: list[str] = field(default_factory=list)
    #: The calculator and setup data (already JSON), for pages with a widget.
    island: str | None = None


# ----------------------------------------------------------------------------------------
# Conditions and provenance
# ----------------------------------------------------------------------------------------


def _option_label(option: Option, loc: Localizer) -> Fragment:
    return loc.text(f"scoring.options.{option.id}.label", option.label)


def _choice_label(option: Option, choice_id: str, loc: Localizer) -> Fragment | None:
    for choice in option.choices:
        if choice.id == choice_id:
            return loc.text(f"scoring.options.{option.id}.choices.{choice.id}.label", choice.label)
    return None


def _option_sets(content: GameContent) -> Iterator[dict[str, Any]]:
    """The default options, then each option changed alone to each other value."""
    defaults: dict[str, Any] = dict(content.option_defaults())
    yield defaults
    for option in content.scoring.options:
        others: list[Any] = (
            [not option.default]
            if option.kind == "flag"
            else [c.id for c in option.choices if c.id != option.default]
        )
        for value in others:
            yield {**defaults, option.id: value}
    yield {o.id: (True if o.kind == "flag" else o.default) for o in content.scoring.options}


def active_counts(
    content: GameContent, node: object | None, label: str
) -> tuple[dict[str, Any], list[int]]:
    """Options under which ``node`` holds for some player count, and those counts."""
    counts = list(content.game.players.values())
    if node is None:
        return dict(content.option_defaults()), counts
    function = table_function(node, label)
    for options in _option_sets(content):
        found = [n for n in counts if function(options, {}, {}, n)]
        if found:
            return options, found
    return dict(content.option_defaults()), []


def condition(
    content: GameContent, node: object | None, loc: Localizer, label: str
) -> Condition | None:
    """``node`` (a ``when``) in words, or None when there is no condition."""
    if node is None:
        return None
    options = {o.id: o for o in content.scoring.options}
    with_: list[Fragment] = []
    without: list[Fragment] = []
    other = False

    def visit(item: object, negated: bool) -> None:
        nonlocal other
        if isinstance(item, OptionRef) and item.option in options:
            (without if negated else with_).append(_option_label(options[item.option], loc))
        elif isinstance(item, Not):
            visit(item.not_, not negated)
        elif isinstance(item, All) and not negated:
            for part in item.all:
                visit(part, negated)
        elif isinstance(item, Is) and isinstance(item.is_.of, OptionRef) and not negated:
            option = options.get(item.is_.of.option)
            if option is None:
                other = True
                return
            labels = [_choice_label(option, c, loc) for c in item.is_.in_]
            with_.extend(label for label in labels if label is not None)
        elif not _is_player_count_test(item):
            other = True

    visit(node, False)
    _, counts = active_counts(content, node, label)
    every = list(content.game.players.values())
    players = tuple(counts) if counts != every else ()
    return Condition(tuple(with_), tuple(without), players, other and not players)


def _is_player_count_test(node: object) -> bool:
    """A comparison with the player count (handled by listing the counts where it holds)."""
    if isinstance(node, Eq | Ne | Lt | Le | Gt | Ge):
        pair = next(iter(type(node).model_fields))
        return any(isinstance(side, PlayerCount) for side in getattr(node, pair))
    return isinstance(node, All) and all(_is_player_count_test(p) for p in node.all)


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
    titles = {s.id: s.title for s in content.game.sources}
    return Decision(
        decision=loc.maybe(f"{context}.provenance.decision", provenance.decision, language),
        confidence=None
        if provenance.confidence == "confirmed"
        else loc.ui(f"confidence_{provenance.confidence}"),
        sources=tuple(loc.verbatim(titles[s]) for s in provenance.sources if s in titles),
    )


# ----------------------------------------------------------------------------------------
# Overview
# ----------------------------------------------------------------------------------------


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


def overview(content: GameContent, loc: Localizer) -> Overview:
    game = content.game

    def span(r: Range) -> tuple[int, int] | int:
        return r.min if r.min == r.max else (r.min, r.max)

    players = span(game.players)
    minutes = span(game.minutes)
    facts = (
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
        (loc.ui("designers"), loc.verbatim(", ".join(game.designers))),
        (loc.ui("publishers"), loc.verbatim(", ".join(game.publishers))),
        (loc.ui("year"), loc.verbatim(str(game.year), loc.language)),
    )
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
    sources = tuple(
        SourceView(
            title=loc.verbatim(s.title),
            kind=loc.ui(f"source_kind_{s.kind}"),
            url=_safe_url(s.url),
            note=loc.verbatim(s.note) if s.note else None,
        )
        for s in game.sources
    )
    return Overview(loc.text("game.summary", game.summary), facts, tuple(components), sources)


# ----------------------------------------------------------------------------------------
# Setup
# ----------------------------------------------------------------------------------------

_MARKERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class ValueRow:
    marker: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class StepView:
    id: str
    text: Fragment
    #: Placeholder -> number, for values equal at every player count.
    fill: dict[str, str]
    #: Placeholder -> marker letter, for values that vary (shown in ``rows``).
    markers: dict[str, str]
    counts: tuple[int, ...]
    rows: tuple[ValueRow, ...]
    deal_from: Fragment | None
    slots: tuple[Fragment, ...]
    per_seat: tuple[int, ...]
    condition: Condition | None
    decision: Decision | None


@dataclass(frozen=True)
class SetupModel:
    first_player: Fragment | None
    steps: tuple[StepView, ...]
    decision: Decision | None


def setup_steps(content: GameContent, loc: Localizer) -> tuple[StepView, ...]:
    steps = []
    components = content.components.by_id()
    for step in content.setup.steps:
        base = f"setup.steps.{step.id}"
        options, counts = active_counts(content, step.when, f"{base}.when")
        numbers: dict[str, list[int]] = {}
        for name, node in step.values.items():
            function = table_function(node, f"{base}.values.{name}")
            numbers[name] = [int(function(options, {}, {}, n)) for n in counts]
        fill = {k: str(v[0]) for k, v in numbers.items() if v and len(set(v)) == 1}
        varying = [k for k, v in numbers.items() if len(set(v)) > 1]
        markers = {k: _MARKERS[i % len(_MARKERS)] for i, k in enumerate(varying)}
        deal = step.deal
        steps.append(
            StepView(
                id=step.id,
                text=loc.text(f"{base}.text", step.text),
                fill=fill,
                markers=markers,
                counts=tuple(counts) if varying else (),
                rows=tuple(ValueRow(markers[k], tuple(numbers[k])) for k in varying),
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
    return tuple(steps)


def setup_model(content: GameContent, loc: Localizer) -> SetupModel:
    return SetupModel(
        first_player=loc.maybe("setup.first_player_text", content.setup.first_player_text),
        steps=setup_steps(content, loc),
        decision=decision(content, content.setup.provenance, "setup", loc),
    )


# ----------------------------------------------------------------------------------------
# Worked examples (conformance cases)
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExampleRow:
    label: Fragment
    cells: tuple[str, ...]
    strong: bool = False


@dataclass(frozen=True)
class Example:
    id: str
    title: Fragment
    source: Fragment
    names: tuple[str, ...]
    options: tuple[tuple[Fragment, Fragment], ...]
    given: tuple[ExampleRow, ...]
    results: tuple[ExampleRow, ...]
    winners: tuple[str, ...]


_ENGINES: dict[int, tuple[GameContent, GameEngine]] = {}


def _engine(content: GameContent) -> GameEngine:
    """One compiled engine per game for the whole build."""
    found = _ENGINES.get(id(content))
    if found is None or found[0] is not content:
        found = _ENGINES[id(content)] = (content, GameEngine(content))
    return found[1]


def _cell(value: Any, loc: Localizer) -> str:
    if isinstance(value, bool):
        return loc.ui("yes" if value else "no").text
    if isinstance(value, list):
        return " ".join(str(v) for v in value) or "—"
    return "—" if value is None else str(value)


def example(content: GameContent, case_id: str | None, loc: Localizer) -> Example | None:
    """A conformance case as a worked example: what lies on the table and what it gives."""
    cases = content.cases.cases if content.cases else []
    case = next((c for c in cases if case_id is None or c.id == case_id), None)
    if case is None:
        return None
    state = {"game": content.id, **case.state}
    result = _engine(content).score(state)
    scoring = content.scoring
    players = state["players"]
    names = tuple(str(p["name"]) for p in players)
    given = []
    for spec in scoring.inputs:
        if not any(spec.id in p for p in players):
            continue
        base = f"scoring.inputs.{spec.id}"
        cells = []
        for p in players:
            value = p.get(spec.id)
            if isinstance(spec, ChoiceInput) and value is not None:
                choice = next((c for c in spec.choices if c.id == value), None)
                value = (
                    loc.text(f"{base}.choices.{value}.label", choice.label).text
                    if choice
                    else value
                )
            cells.append(_cell(value if spec.id in p else None, loc))
        given.append(ExampleRow(loc.text(f"{base}.label", spec.label), tuple(cells)))
    chosen = []
    for option in scoring.options:
        value = result.options.get(option.id, option.default)
        if value == option.default:
            continue
        shown = (
            loc.ui("on" if value else "off")
            if option.kind == "flag"
            else (_choice_label(option, str(value), loc) or loc.verbatim(str(value)))
        )
        chosen.append((_option_label(option, loc), shown))
    for table_input in scoring.table:
        picked = (case.state.get("table") or {}).get(table_input.id)
        tile = next((c for c in table_input.choices if c.id == picked), None)
        if tile is not None:
            base = f"scoring.table.{table_input.id}"
            chosen.append(
                (
                    loc.text(f"{base}.label", table_input.label),
                    loc.text(f"{base}.choices.{tile.id}.label", tile.label),
                )
            )
    labels = {c.id: c.label for c in scoring.categories}
    results = [
        ExampleRow(
            loc.text(f"scoring.categories.{key}.label", labels[key]),
            tuple(str(p.breakdown[key]) for p in result.players),
        )
        for key in result.players[0].breakdown
    ]
    if scoring.kind == "points":
        results.append(
            ExampleRow(loc.ui("total"), tuple(str(p.total) for p in result.players), True)
        )
    else:
        key = scoring.ranking.keys[0]
        results.append(
            ExampleRow(
                loc.text(f"scoring.ranking.{key.value}.label", key.label),
                tuple(_cell(p.key, loc) for p in result.players),
                True,
            )
        )
    results.append(ExampleRow(loc.ui("rank"), tuple(str(p.rank) for p in result.players)))
    results.append(
        ExampleRow(loc.ui("winner"), tuple(_cell(p.winner, loc) for p in result.players), True)
    )
    return Example(
        id=case.id,
        title=loc.text(f"cases.cases.{case.id}.title", case.title),
        source=loc.text(f"cases.cases.{case.id}.source", case.source),
        names=names,
        options=tuple(chosen),
        given=tuple(given),
        results=tuple(results),
        winners=tuple(result.winners),
    )


# ----------------------------------------------------------------------------------------
# Rules
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableView:
    caption: Fragment | None
    header: tuple[Fragment, ...]
    rows: tuple[tuple[Fragment, ...], ...]

    def texts(self) -> list[Fragment | None]:
        return [self.caption, *self.header, *(cell for row in self.rows for cell in row)]


@dataclass(frozen=True)
class SectionView:
    id: str
    depth: int
    kind: str
    title: Fragment
    body: Fragment | None
    steps: tuple[Fragment, ...]
    table: TableView | None
    notes: tuple[tuple[str, Fragment], ...]
    option: Fragment | None
    example: Example | None
    decision: Decision | None

    def texts(self) -> list[Fragment | None]:
        """The section's own texts (for "is all of it a fallback?")."""
        found: list[Fragment | None] = [self.title, self.body, *self.steps]
        found += [text for _, text in self.notes]
        if self.table is not None:
            found += self.table.texts()
        return found


def _sections(content: GameContent, loc: Localizer) -> list[SectionView]:
    if content.rules is None:
        return []
    options = {o.id: o for o in content.scoring.options}
    found: list[SectionView] = []

    def visit(section: Section, depth: int) -> None:
        base = f"rules.{section.id}"
        lang = section.source_language

        def t(suffix: str, text: str) -> Fragment:
            return loc.text(f"{base}.{suffix}", text, lang)

        table = section.table
        option = options.get(section.option) if section.option else None
        found.append(
            SectionView(
                id=section.id,
                depth=depth,
                kind=section.kind,
                title=t("title", section.title),
                body=t("body", section.body) if section.body else None,
                steps=tuple(t(f"steps.{s.id}", s.text) for s in section.steps),
                table=TableView(
                    caption=t("table.caption", table.caption) if table.caption else None,
                    header=tuple(
                        t(f"table.header.{n}", h) for n, h in enumerate(table.header, start=1)
                    ),
                    rows=tuple(
                        tuple(
                            t(f"table.rows.{row.id}.{c}", cell)
                            for c, cell in enumerate(row.cells, start=1)
                        )
                        for row in table.rows
                    ),
                )
                if table
                else None,
                notes=tuple((n.id, t(f"notes.{n.id}", n.text)) for n in section.notes),
                option=_option_label(option, loc) if option else None,
                example=example(content, section.case, loc) if section.case else None,
                decision=decision(content, section.provenance, base, loc, section.source_language),
            )
        )
        for child in section.children:
            visit(child, depth + 1)

    for section in content.rules.sections:
        visit(section, 0)
    return found


@dataclass(frozen=True)
class RulesModel:
    sections: tuple[SectionView, ...]


# ----------------------------------------------------------------------------------------
# Scoring
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CategoryView:
    id: str
    label: Fragment
    note: Fragment | None
    condition: Condition | None
    decision: Decision | None


@dataclass(frozen=True)
class KeyView:
    label: Fragment
    better: Fragment


@dataclass(frozen=True)
class ScoringModel:
    points: bool
    categories: tuple[CategoryView, ...]
    keys: tuple[KeyView, ...]
    win_requires: Fragment | None
    ranking_decision: Decision | None
    checks: tuple[Fragment, ...]
    end_checks: tuple[Fragment, ...]
    decisions: tuple[tuple[Fragment, Decision], ...]
    decision: Decision | None
    example: Example | None


def scoring_model(content: GameContent, loc: Localizer) -> ScoringModel:
    scoring = content.scoring
    values = {v.id: v for v in scoring.values}
    categories = []
    decisions: list[tuple[Fragment, Decision]] = []
    for c in scoring.categories:
        value = values.get(c.value)
        label = loc.text(f"scoring.categories.{c.id}.label", c.label)
        categories.append(
            CategoryView(
                id=c.id,
                label=label,
                note=loc.maybe(f"scoring.values.{c.value}.note", value.note if value else None),
                condition=condition(content, c.when, loc, f"scoring.categories.{c.id}.when"),
                decision=decision(content, c.provenance, f"scoring.categories.{c.id}", loc),
            )
        )
        if value is not None:
            found = decision(content, value.provenance, f"scoring.values.{value.id}", loc)
            if found is not None:
                decisions.append((label, found))
    ranking = scoring.ranking
    return ScoringModel(
        points=scoring.kind == "points",
        categories=tuple(categories),
        keys=tuple(
            KeyView(
                loc.text(f"scoring.ranking.{k.value}.label", k.label),
                loc.ui("better_higher" if k.better == "higher" else "better_lower"),
            )
            for k in ranking.keys
        ),
        win_requires=loc.maybe("scoring.ranking.win_requires_label", ranking.win_requires_label),
        ranking_decision=decision(content, ranking.provenance, "scoring.ranking", loc),
        checks=tuple(
            loc.text(f"scoring.constraints.{c.id}.message", c.message) for c in scoring.constraints
        ),
        end_checks=tuple(
            loc.text(f"scoring.end_checks.{c.id}.message", c.message) for c in scoring.end_checks
        ),
        decisions=tuple(decisions),
        decision=decision(content, scoring.provenance, "scoring", loc),
        example=example(content, None, loc),
    )


# ----------------------------------------------------------------------------------------
# Variants, glossary, quick reference
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionView:
    id: str
    label: Fragment
    help: Fragment | None
    choices: tuple[Fragment, ...]
    default: Fragment
    condition: Condition | None
    decision: Decision | None
    sections: tuple[tuple[str, Fragment], ...]
    steps: tuple[StepView, ...]


@dataclass(frozen=True)
class VariantsModel:
    groups: tuple[tuple[Fragment, tuple[OptionView, ...]], ...]


def _mentions(node: object | None, option_id: str) -> bool:
    return node is not None and any(
        isinstance(n, OptionRef) and n.option == option_id for n in walk(node)
    )


def variants_model(
    content: GameContent, loc: Localizer, sections: list[SectionView]
) -> VariantsModel:
    rules_sections = {s.id: s for s in content.rules.walk()} if content.rules else {}
    titles = {s.id: s.title for s in sections}
    steps = setup_steps(content, loc)
    groups = []
    for category in ("expansion", "variant", "reading"):
        views = []
        for option in (o for o in content.scoring.options if o.category == category):
            base = f"scoring.options.{option.id}"
            if option.kind == "flag":
                default = loc.ui("on" if option.default else "off")
            else:
                default = _choice_label(option, str(option.default), loc) or loc.verbatim(
                    str(option.default)
                )
            views.append(
                OptionView(
                    id=option.id,
                    label=_option_label(option, loc),
                    help=loc.maybe(f"{base}.help", option.help),
                    choices=tuple(
                        loc.text(f"{base}.choices.{c.id}.label", c.label) for c in option.choices
                    ),
                    default=default,
                    condition=condition(content, option.when, loc, f"{base}.when"),
                    decision=decision(content, option.provenance, base, loc),
                    sections=tuple(
                        (sid, titles[sid])
                        for sid, s in rules_sections.items()
                        if s.option == option.id and sid in titles
                    ),
                    steps=tuple(
                        view
                        for step, view in zip(content.setup.steps, steps, strict=True)
                        if _mentions(step.when, option.id)
                    ),
                )
            )
        if views:
            groups.append((loc.ui(f"kind_{category}"), tuple(views)))
    return VariantsModel(tuple(groups))


@dataclass(frozen=True)
class TermView:
    id: str
    term: Fragment
    definition: Fragment


@dataclass(frozen=True)
class GlossaryModel:
    terms: tuple[TermView, ...]


def glossary_model(content: GameContent, loc: Localizer) -> GlossaryModel:
    terms = content.glossary.terms if content.glossary else []
    return GlossaryModel(
        tuple(
            TermView(
                t.id,
                loc.verbatim(t.term) if t.keep else loc.text(f"glossary.{t.id}.term", t.term),
                loc.text(f"glossary.{t.id}.definition", t.definition),
            )
            for t in terms
        )
    )


#: Rule sections worth a line on the printable quick reference.
QUICK_KINDS = ("turn", "action", "end", "tiebreak", "missed", "reference")


@dataclass(frozen=True)
class QuickModel:
    facts: tuple[tuple[Fragment, Fragment], ...]
    steps: tuple[StepView, ...]
    first_player: Fragment | None
    scoring: ScoringModel
    sections: tuple[SectionView, ...]
    terms: tuple[TermView, ...]


# ----------------------------------------------------------------------------------------
# The pages of a game and of the site
# ----------------------------------------------------------------------------------------

#: Page slugs in navigation order, with the interface string naming each.
GAME_PAGES: tuple[tuple[str, str], ...] = (
    ("index", "overview"),
    ("setup", "setup"),
    ("rules", "rules"),
    ("scoring", "scoring"),
    ("variants", "variants"),
    ("glossary", "glossary"),
    ("quick-reference", "quick_reference"),
)


def game_view(content: GameContent, loc: Localizer) -> GameView:
    present = {
        "rules": content.rules is not None,
        "glossary": content.glossary is not None and bool(content.glossary.terms),
    }
    links = tuple(
        PageLink(slug, loc.ui(key)) for slug, key in GAME_PAGES if present.get(slug, True)
    )
    return GameView(
        id=content.id,
        name=content.game.names.get(loc.language),
        players=content.game.players,
        minutes=content.game.minutes,
        links=links,
    )


def game_pages(content: GameContent, loc: Localizer) -> list[Page]:
    """Every page of one game, in navigation order."""
    loc.track()
    view = game_view(content, loc)
    shared_missing = list(loc.missing)
    pages: list[Page] = []

    def page(slug: str, build: Callable[[], Any], island: str | None = None) -> None:
        missing = loc.track()
        model = build()
        # The island's labels count too: the widgets mark their fallbacks the same way.
        data = data_island(content, loc, island) if island else None
        link = next(link for link in view.links if link.slug == slug)
        pages.append(
            Page(
                path=f"{content.id}/{slug}.md",
                template=f"{slug.replace('-', '_')}.md.j2",
                title=link.title,
                heading=f"{view.name} — {link.title.text}",
                game=view,
                model=model,
                missing=[*shared_missing, *missing],
                island=data,
            )
        )

    sections = _sections(content, loc)
    page("index", lambda: overview(content, loc))
    page("setup", lambda: setup_model(content, loc), island="setup")
    if view.has("rules"):
        page("rules", lambda: RulesModel(tuple(_sections(content, loc))))
    page("scoring", lambda: scoring_model(content, loc), island="calculator")
    page("variants", lambda: variants_model(content, loc, sections))
    if view.has("glossary"):
        page("glossary", lambda: glossary_model(content, loc))
    page(
        "quick-reference",
        lambda: QuickModel(
            facts=overview(content, loc).facts,
            steps=setup_steps(content, loc),
            first_player=loc.maybe("setup.first_player_text", content.setup.first_player_text),
            scoring=scoring_model(content, loc),
            sections=tuple(s for s in _sections(content, loc) if s.kind in QUICK_KINDS),
            terms=glossary_model(content, loc).terms,
        ),
    )
    return pages


@dataclass(frozen=True)
class HomeModel:
    intro: Fragment
    games: tuple[GameView, ...]


def home_page(games: list[GameView], loc: Localizer) -> Page:
    missing = loc.track()
    title = loc.ui("site_title")
    model = HomeModel(loc.ui("home_intro"), tuple(games))
    return Page("index.md", "home.md.j2", title, title.text, None, model, list(missing))
