"""The data the calculator and setup widgets read: a game's export, in the page's language.

The page embeds it as a JSON data island (``<script type="application/json">``). Labels,
messages and setup texts are translated; ids and numbers are left exactly as
scorer.export.export_game() gives them, so the browser runtime computes what the Python
engine computes. ``fallback`` names, by catalog context, every text that is shown in its
source language, so the widget can mark it like the page does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, cast

from typing_extensions import TypedDict

from rulebook.site.localize import UI, Localizer
from rulebook.site.provenance import decision
from rulebook.site.tools import tool_keys, tools_island
from schemas.common import Provenance
from schemas.game import GameContent
from scorer.export import export_game

if TYPE_CHECKING:
    from schemas.export import Doubt, Export, PluralCategory

#: The keys the calculator and setup widgets read from their data island.
WIDGET_KEYS: tuple[str, ...] = tuple(
    key
    for key in UI
    if key.startswith("problem_")
    or key
    in {
        "total",
        "rank",
        "winners",
        "shared_place",
        "seed",
        "colon",
        "first_player",
        "players",
        "player_count",
        "options",
        "reset",
        "not_translated",
        "not_translated_short",
        "player_name",
        "default_player",
        "seed_label",
        "generate",
        "link_to_setup",
        "copy_link",
        "copied",
        "new_draw",
        "generated_checklist",
        "sources",
        "checked_against",
        "turn_order",
        "line_up",
        "runtime_missing",
        "table_inputs",
        "name",
        "not_chosen",
        "sequence_help",
        "not_a_number",
        "results",
        "winner",
        "decided_by",
        "against",
        "tiebreak",
        "problems",
        "still_to_enter",
        "enter_to_see",
        "problems_tiebreak",
        "undecided",
        "fix_to_see",
        "notices",
        "yes",
        "no",
        "on",
        "off",
    }
)


#: Bumped when the island's shape changes in a way ui.js must know about.
ISLAND_FORMAT = 1


class CountPhrase(TypedDict):
    """A count phrase (rulebook.site.tools): its patterns by CLDR plural category, the
    language whose plural rules choose among them, and the placeholder that counts."""

    lang: str
    forms: dict[str, str]
    count: str


class BggGame(TypedDict):
    """The game on BoardGameGeek, for BG Stats: its id and its English name."""

    id: int | None
    name: str


class SetupIsland(TypedDict):
    """The setup generator's island; ``export`` is typed by WIDGET_EXPORT (the calculator's
    declarations: rulebook/typescript.py)."""

    format: int
    language: str
    export: dict[str, Any]
    ui: dict[str, str]
    fallback: dict[str, str]
    counts: dict[str, CountPhrase]


class CalculatorIsland(SetupIsland):
    """The calculator's island: the setup generator's keys and the game on BoardGameGeek."""

    bgg: BggGame


#: The shape of each widget's island, for the calculator's declarations.
WIDGET_ISLAND: dict[str, type[SetupIsland]] = {
    "calculator": CalculatorIsland,
    "setup": SetupIsland,
}


#: A localized export and the contexts of its texts that fell back.
Localized = tuple["Export", dict[str, str]]


def localized_export(content: GameContent, loc: Localizer, doc: Export | None = None) -> Localized:
    """export_game() with its texts in ``loc.language``, and the contexts that fell back.

    ``doc`` is the game's export when the caller has it already (it is translated in place).
    """
    doc = export_game(content) if doc is None else doc
    fallback: dict[str, str] = {}

    def tr(context: str, text: str) -> str:
        found = loc.text(context, text)
        if found.fallback:
            fallback[context] = found.lang
        return found.text

    # Inputs, options, rivals and their rows differ in shape: read by the keys they have.
    def labelled(items: Iterable[Any], base: str) -> None:
        for item in items:
            where = f"{base}.{item['id']}"
            item["label"] = tr(f"{where}.label", item["label"])
            if "help" in item:
                item["help"] = tr(f"{where}.help", item["help"])
            if isinstance(item.get("chip"), str):  # a number stays as it is
                item["chip"] = tr(f"{where}.chip", item["chip"])
            labelled(item.get("fields", []), f"{where}.fields")  # a rows input's numbers
            labelled(item.get("per_player", []), f"{where}.per_player")  # a shared row's
            for choice in item.get("choices", []):
                # Choices drawn from a component (scoring tiles) are that component's items.
                context = (
                    f"components.{item['component']}.items.{choice['id']}.name"
                    if "component" in item
                    else f"{where}.choices.{choice['id']}.label"
                )
                choice["label"] = tr(context, choice["label"])

    scoring = doc["scoring"]
    labelled(scoring["inputs"], "scoring.inputs")
    labelled(scoring.get("table", []), "scoring.table")
    labelled(scoring.get("options", []), "scoring.options")
    labelled(scoring.get("rivals", []), "scoring.rivals")
    for rival in scoring.get("rivals", []):  # its name in a sentence, its inputs' own labels
        if "sentence_name" in rival:
            context = f"scoring.rivals.{rival['id']}.sentence_name"
            rival["sentence_name"] = tr(context, rival["sentence_name"])
        for own in rival.get("labels", []):
            own["label"] = tr(
                f"scoring.rivals.{rival['id']}.labels.{own['input']}.label", own["label"]
            )
    scoring["groups"] = {
        key: tr(f"scoring.groups.{key}", text) for key, text in scoring.get("groups", {}).items()
    }
    for category in scoring["categories"]:
        category["label"] = tr(f"scoring.categories.{category['id']}.label", category["label"])
    ranking = scoring["ranking"]
    for ranked in ranking["keys"]:
        ranked["label"] = tr(f"scoring.ranking.{ranked['value']}.label", ranked["label"])
    if "win_requires_label" in ranking:
        ranking["win_requires_label"] = tr(
            "scoring.ranking.win_requires_label", ranking["win_requires_label"]
        )
    for constraint in scoring.get("constraints", []):
        constraint["message"] = tr(
            f"scoring.constraints.{constraint['id']}.message", constraint["message"]
        )
    for check in scoring.get("end_checks", []):
        check["message"] = tr(f"scoring.end_checks.{check['id']}.message", check["message"])

    setup = doc["setup"]
    if "first_player_text" in setup:
        setup["first_player_text"] = tr("setup.first_player_text", setup["first_player_text"])
    if "decided_first_player_text" in setup:
        setup["decided_first_player_text"] = tr(
            "setup.decided_first_player_text", setup["decided_first_player_text"]
        )
    declared = {s.id: s for s in content.setup.steps}
    for step in setup["steps"]:
        base = f"setup.steps.{step['id']}"
        doubt = _doubt(content, declared[step["id"]].provenance, base, loc, fallback)
        if doubt is not None:
            step["doubt"] = doubt
        found = loc.text(f"{base}.text", step["text"])
        if found.fallback:
            fallback[f"{base}.text"] = found.lang
        step["text"] = found.text
        if "decided_text" in step:
            step["decided_text"] = tr(f"{base}.decided_text", step["decided_text"])
        step.pop("forms", None)
        # A count phrase: the widget picks the form its number needs. Its forms are keyed
        # by CLDR category (rulebook.site.localize).
        if found.forms and found.count is not None:
            step["forms"] = cast("dict[PluralCategory, str]", dict(found.forms))
            step["forms_lang"] = found.lang
            step["count"] = found.count
        deal = step.get("deal")
        if deal and deal.get("slots"):
            deal["slots"] = [
                tr(f"{base}.deal.slots.{n}", slot) for n, slot in enumerate(deal["slots"], start=1)
            ]
    for ident, counted in doc["components"].items():
        counted["name"] = tr(f"components.{ident}.name", counted["name"])
    for component, items in doc["decks"].items():
        for item in items:
            item["name"] = tr(f"components.{component}.items.{item['id']}.name", item["name"])
    return doc, fallback


def _doubt(
    content: GameContent,
    provenance: Provenance | None,
    context: str,
    loc: Localizer,
    fallback: dict[str, str],
) -> Doubt | None:
    """The mark and reason a step built on a single source, an inference or an unconfirmed
    fact carries on the static checklist, for the generated one to carry them too (the
    provenance itself stays out of the island)."""
    note = decision(content, provenance, context, loc)
    if note is None or note.confidence is None:
        return None
    if note.decision is not None and note.decision.fallback:
        fallback[f"{context}.provenance.decision"] = note.decision.lang
    return {
        "mark": note.confidence.text,
        "reason": note.decision.text if note.decision is not None else None,
        "sources": [s.text for s in note.sources],
    }


#: What each widget reads of the export; the rest stays out of its page. The calculator
#: scores (everything under ``scoring``, the limits and component counts) and checks the
#: players' names with the end state's schema, which holds the name's; the setup generator
#: deals (``setup``, ``decks``), checks names with ``player_name`` and tests its options'
#: ``when``. A dotted key keeps one part of a key's object (``scoring.options``). The
#: calculator's TypeScript reads each island as exactly this (rulebook/typescript.py).
WIDGET_EXPORT: dict[str, tuple[str, ...]] = {
    # The source language too: a game with no name in the page's language is named in it.
    "calculator": (
        *("format", "game", "names", "source_language", "players", "scoring", "limits"),
        *("components", "end_state", "needs"),
    ),
    "setup": (
        *("format", "game", "names", "source_language", "players", "scoring.options"),
        *("setup", "decks", "player_name"),
    ),
}
#: The catalog contexts each widget can show, by prefix (for its fallback marks).
WIDGET_CONTEXTS: dict[str, tuple[str, ...]] = {
    "calculator": ("ui.", "scoring."),
    "setup": ("ui.", "scoring.options.", "setup.", "components."),
}


#: Every ``provenance`` note (sources and decisions) of the export, by path: the static
#: pages show them, no widget does. Named one by one, not as "any key called provenance":
#: a map keyed by the content's own ids (an end state's inputs) may hold an input of that
#: name. tests/calculator/test_island_types.py holds the list to the export's schema.
PROVENANCE: tuple[tuple[str, ...], ...] = (
    ("scoring", "provenance"),
    *(("scoring", part, "*", "provenance") for part in ("categories", "options", "values")),
    ("scoring", "ranking", "provenance"),
    ("setup", "provenance"),
    ("setup", "steps", "*", "provenance"),
)

#: Parts of the export no widget reads, as paths ("*": every key or item): texts only the
#: static pages show, in the page's language there, while here they would stay in the
#: source language (each value's note, the score track's wording, the setup diagrams), and
#: the provenance notes.
UNREAD: tuple[tuple[str, ...], ...] = (
    ("scoring", "values", "*", "note"),
    *(("scoring", "score_track", text) for text in ("label", "help", "option", "option_help")),
    *(("scoring", "score_track", "facts", "*", text) for text in ("label", "help")),
    ("setup", "diagrams"),
    *PROVENANCE,
)


def _without(value: Any, paths: tuple[tuple[str, ...], ...] = UNREAD) -> Any:
    """``value`` without what ``paths`` name."""

    def under(key: str) -> tuple[tuple[str, ...], ...]:
        return tuple(p[1:] for p in paths if len(p) > 1 and p[0] in (key, "*"))

    if isinstance(value, dict):
        ends = {p[0] for p in paths if len(p) == 1}
        return {k: _without(v, under(k)) for k, v in value.items() if k not in ends}
    if isinstance(value, list):
        return [_without(v, under("*")) for v in value]
    return value


def widget_export(doc: Mapping[str, Any], widget: str) -> dict[str, Any]:
    """The part of a localized export that ``widget`` reads."""
    kept: dict[str, Any] = {}
    for key in WIDGET_EXPORT[widget]:
        top, _, part = key.partition(".")
        if part:
            kept.setdefault(top, {})[part] = doc[top][part]
        elif top in doc:
            kept[top] = doc[top]
    trimmed: dict[str, Any] = _without(kept)
    return trimmed


def island_data(
    content: GameContent,
    loc: Localizer,
    widget: str = "calculator",
    localized: Localized | None = None,
) -> dict[str, Any]:
    """Everything one page's widget (``calculator`` or ``setup``) reads.

    Every text is localized either way, so the page counts the same fallbacks whichever
    widget it holds; only what the widget reads goes into the island. ``localized`` is
    :func:`localized_export`'s answer when the caller keeps it for several pages.
    """
    full, shared = localized if localized is not None else localized_export(content, loc)
    fallback = dict(shared)
    doc = widget_export(full, widget)
    ui: dict[str, str] = {}
    for key in (*WIDGET_KEYS, *tool_keys(widget)):  # the table tools' strings too
        found = loc.ui(key)
        ui[key] = found.text
        if found.fallback:
            fallback[f"ui.{key}"] = found.lang
    shown = WIDGET_CONTEXTS[widget]
    return {
        "format": ISLAND_FORMAT,
        "language": loc.language,
        "export": doc,
        "ui": ui,
        "fallback": {k: v for k, v in sorted(fallback.items()) if k.startswith(shown)},
        **tools_island(content, loc, widget),
    }


def script_json(data: Any) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def data_island(
    content: GameContent,
    loc: Localizer,
    widget: str = "calculator",
    localized: Localized | None = None,
) -> str:
    """The island's JSON text, safe to put between ``<script>`` tags."""
    return script_json(island_data(content, loc, widget, localized))
