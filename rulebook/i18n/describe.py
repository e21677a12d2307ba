"""What a message is, for a translator: the kind of text, the page it is on, its placeholders.

These become the catalogs' extracted comments (``#.``), the lines a PO editor shows beside
the source text: "Rules: table cell, row n2, column 3 (Familles retirées)", "Page:
nile/rules/#setup", "{removed}: a number set by the player count and options, 0 to 2".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

from schemas.expressions import PlayerCount
from schemas.game import GameContent
from schemas.rules import Section
from schemas.setup import SetupStep
from scorer.interpret import table_function

#: (pattern of the context, what the text is, the page it shows on).
_KINDS: tuple[tuple[str, str, str], ...] = (
    (r"game\.summary", "Game summary, at the top of its overview page.", ""),
    (
        r"game\.sources\.(\w+)\.title",
        "A document the content was checked against, as the team describes it (overview "
        "page, Sources). Keep a published title, a site or a code repository as it is.",
        "",
    ),
    (
        r"game\.sources\.(\w+)\.note",
        "Sources, overview page: what this document covers or lacks.",
        "",
    ),
    (r"components\.(\w+)\.name", "Component name (overview page, setup).", ""),
    (
        r"components\.(\w+)\.items\.(\w+)\.name",
        "Name of one item of a component (a card, a tile): overview page and setup generator.",
        "",
    ),
    (r"components\.(\w+)\.note", "Note about a component, on the overview page.", ""),
    (
        r"setup\.steps\.(\w+)\.text",
        "Setup checklist step: the setup page, the setup generator and `rulebook setup`.",
        "setup/#step-{1}",
    ),
    (
        r"setup\.steps\.(\w+)\.deal\.slots\.(\d+)",
        "Setup generator: the place where the {2}th card drawn is laid.",
        "setup/#step-{1}",
    ),
    (r"setup\.first_player_text", "How the first player is chosen, above the checklist.", "setup/"),
    (
        r"scoring\.inputs\.(\w+)\.label",
        "Calculator: label of a field each player fills in; also a row of the worked example.",
        "scoring/",
    ),
    (r"scoring\.inputs\.(\w+)\.help", "Calculator: the hint under a field.", "scoring/"),
    (
        r"scoring\.inputs\.(\w+)\.choices\.(\w+)\.label",
        "Calculator: one choice in a field's list.",
        "scoring/",
    ),
    (r"scoring\.table\.(\w+)\.label", "Calculator: a choice made once for the table.", "scoring/"),
    (
        r"scoring\.table\.(\w+)\.choices\.(\w+)\.label",
        "Calculator: one choice of a table-wide field.",
        "scoring/",
    ),
    (
        r"scoring\.options\.(\w+)\.label",
        "Option (an expansion, a variant or a reading of a rule): a switch in the calculator "
        "and the setup generator, a heading on the variants page.",
        "variants/",
    ),
    (r"scoring\.options\.(\w+)\.help", "Option: what it changes.", "variants/"),
    (r"scoring\.options\.(\w+)\.choices\.(\w+)\.label", "Option: one of its choices.", "variants/"),
    (
        r"scoring\.categories\.(\w+)\.label",
        "Score category: a row of the score sheet and of the calculator's breakdown.",
        "scoring/",
    ),
    (r"scoring\.values\.(\w+)\.note", "Scoring page: how a category is computed.", "scoring/"),
    (
        r"scoring\.ranking\.(\w+)\.label",
        "Ranking key: what decides a place (the tiebreak chain).",
        "scoring/",
    ),
    (
        r"scoring\.ranking\.win_requires_label",
        "Scoring: what a player needs to win.",
        "scoring/",
    ),
    (
        r"scoring\.constraints\.(\w+)\.message",
        "Calculator: message at a field whose entries break a rule of the game.",
        "scoring/",
    ),
    (
        r"scoring\.end_checks\.(\w+)\.message",
        "Calculator: notice shown with the result (a condition of the end of the game).",
        "scoring/",
    ),
    (r"scoring\.groups\.(\w+)", "Calculator: heading of a group of fields.", "scoring/"),
    (
        r"rules\.(\w+)\.title",
        "Rules: heading of a section (also its name in links to it).",
        "rules/#{1}",
    ),
    (r"rules\.(\w+)\.body(?:\.\d+)?", "Rules: text of a section.", "rules/#{1}"),
    (r"rules\.(\w+)\.steps\.(\w+)", "Rules: a numbered step (id {2}).", "rules/#{1}"),
    (r"rules\.(\w+)\.table\.caption", "Rules: caption of a table.", "rules/#{1}"),
    (r"rules\.(\w+)\.table\.header\.(\d+)", "Rules: table column heading {2}.", "rules/#{1}"),
    (
        r"rules\.(\w+)\.table\.rows\.(\w+)\.(\d+)",
        "Rules: table cell, row {2}, column {3}.",
        "rules/#{1}",
    ),
    (r"rules\.(\w+)\.notes\.(\w+)(?:\.\d+)?", "Rules: a note beside a section.", "rules/#{1}"),
    (r"glossary\.(\w+)\.definition(?:\.\d+)?", "Glossary: a term's definition.", "glossary/#{1}"),
    (r"cases\.cases\.(\w+)\.title", "Worked example: its title.", "scoring/#example-{1}"),
    (
        r"cases\.cases\.(\w+)\.source",
        "Worked example: where its numbers come from.",
        "scoring/#example-{1}",
    ),
)

_PROVENANCE = (
    "Source note: which reading of the sources this content follows, and why; shown as a "
    "note beside it."
)


def _kind(context: str) -> tuple[str, str] | None:
    if ".provenance.decision" in context:
        return _PROVENANCE, ""
    for pattern, what, page in _KINDS:
        match = re.fullmatch(pattern, context)
        if match:
            where = page.format("", *match.groups())
            if "#step-" in where or "#example-" in where:
                where = where.replace("_", "-")  # these anchors are written with dashes
            return what.format("", *match.groups()), where
    return None


def _header(content: GameContent, context: str) -> str | None:
    """The column heading of a table cell's context, in the source language."""
    match = re.fullmatch(r"rules\.(\w+)\.table\.rows\.\w+\.(\d+)", context)
    if match is None or content.rules is None:
        return None
    section = next((s for s in content.rules.walk() if s.id == match[1]), None)
    if section is None or section.table is None:
        return None
    index = int(match[2]) - 1
    header = section.table.header
    return header[index] if index < len(header) else None


def _section(content: GameContent, context: str) -> Section | None:
    match = re.match(r"rules\.(\w+)\.", context)
    if match is None or content.rules is None:
        return None
    return next((s for s in content.rules.walk() if s.id == match[1]), None)


def describe(content: GameContent, context: str, language: str, source_language: str) -> list[str]:
    """Extracted comments for the message ``context`` of ``content``."""
    lines: list[str] = []
    found = _kind(context)
    if found is not None:
        what, page = found
        header = _header(content, context)
        if header is not None:
            what = f"{what[:-1]} ({header})."
        lines.append(what)
        section = _section(content, context)
        if section is not None and not context.endswith(".title"):
            lines.append(f"Section: {section.title}")
        lines.append(f"Page: {content.id}/{page}")
    if language != source_language:
        lines.append(f"Source language of this text: {language}")
    step = _setup_step(content, context)
    if step is not None:
        lines.extend(placeholder_notes(content, step))
    return lines


# ----------------------------------------------------------------------------------------
# Placeholders
# ----------------------------------------------------------------------------------------


def _setup_step(content: GameContent, context: str) -> SetupStep | None:
    match = re.fullmatch(r"setup\.steps\.(\w+)\.text", context)
    if match is None:
        return None
    return next((s for s in content.setup.steps if s.id == match[1]), None)


def _option_sets(content: GameContent) -> Iterator[dict[str, Any]]:
    """Every combination of option values (a game has a handful of options)."""
    options = content.scoring.options
    choices = [[False, True] if o.kind == "flag" else [c.id for c in o.choices] for o in options]
    for values in itertools.product(*choices):
        yield {o.id: v for o, v in zip(options, values, strict=True)}


def value_range(content: GameContent, step: SetupStep, name: str) -> tuple[int, int] | None:
    """The smallest and largest value of ``name`` over the player counts and options."""
    node = step.values[name]
    value = table_function(node, f"setup.steps.{step.id}.values.{name}")
    when = table_function(step.when, f"setup.steps.{step.id}.when") if step.when else None
    seen: set[int] = set()
    for options in _option_sets(content):
        for players in content.game.players.values():
            if when is not None and not when(options, {}, {}, players):
                continue
            seen.add(int(value(options, {}, {}, players)))
    return (min(seen), max(seen)) if seen else None


def placeholder_notes(content: GameContent, step: SetupStep) -> list[str]:
    """One line per placeholder of a setup step: what it stands for, and its range."""
    lines = []
    names = re.findall(r"\{([a-z][a-z0-9_]*)\}", step.text)
    for name in dict.fromkeys(names):
        if name not in step.values:
            continue
        found = value_range(content, step, name)
        span = (
            ""
            if found is None
            else (f", {found[0]}" if found[0] == found[1] else f", {found[0]} to {found[1]}")
        )
        if isinstance(step.values[name], PlayerCount):
            lines.append(f"{{{name}}}: the number of players{span}.")
        else:
            lines.append(f"{{{name}}}: a number set by the player count and options{span}.")
    count = step.count_value()
    if count is not None:
        lines.append(f"Plural: the form is chosen by the number {{{count}}}.")
    return lines
