"""The rules page: every rule section in order, with its table, notes and worked example."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.site.conditions import option_label
from rulebook.site.examples import Example, worked_example
from rulebook.site.localize import Fragment
from rulebook.site.provenance import Decision, decision
from rulebook.site.view import LocalGame
from schemas.rules import Section


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


@dataclass(frozen=True)
class RulesModel:
    sections: tuple[SectionView, ...]


def sections(game: LocalGame) -> tuple[SectionView, ...]:
    """Every section, depth first (also on the variants page and the quick reference)."""
    return game.part("sections", lambda: tuple(_sections(game)))


def _section(game: LocalGame, section: Section, depth: int) -> SectionView:
    content, loc = game.content, game.loc
    options = {o.id: o for o in content.scoring.options}
    base = f"rules.{section.id}"
    lang = section.source_language

    def t(suffix: str, text: str) -> Fragment:
        return loc.text(f"{base}.{suffix}", text, lang)

    table = section.table
    option = options.get(section.option) if section.option else None
    return SectionView(
        id=section.id,
        depth=depth,
        kind=section.kind,
        title=t("title", section.title),
        body=t("body", section.body) if section.body else None,
        steps=tuple(t(f"steps.{s.id}", s.text) for s in section.steps),
        table=TableView(
            caption=t("table.caption", table.caption) if table.caption else None,
            header=tuple(t(f"table.header.{n}", h) for n, h in enumerate(table.header, start=1)),
            rows=tuple(
                tuple(
                    t(f"table.rows.{row.id}.{c}", cell) for c, cell in enumerate(row.cells, start=1)
                )
                for row in table.rows
            ),
        )
        if table
        else None,
        notes=tuple((n.id, t(f"notes.{n.id}", n.text)) for n in section.notes),
        option=option_label(option, loc) if option else None,
        example=worked_example(game, section.case) if section.case else None,
        decision=decision(content, section.provenance, base, loc, section.source_language),
    )


def _sections(game: LocalGame) -> list[SectionView]:
    rules = game.content.rules
    if rules is None:
        return []
    found: list[SectionView] = []

    def visit(section: Section, depth: int) -> None:
        found.append(_section(game, section, depth))
        for child in section.children:
            visit(child, depth + 1)

    for section in rules.sections:
        visit(section, 0)
    return found


def rules_model(game: LocalGame) -> RulesModel:
    return RulesModel(sections(game))
