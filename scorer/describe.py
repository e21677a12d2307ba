"""A game's scoring in words, in any language: what each category counts, when it applies.

The public API gives a :data:`Description`, a small tree of message ids and parameters,
never finished text, so the site can render it in fr, uk or en through the catalogs::

    from scorer.describe import describe_category, describe_condition, render, SourceWords

    description = describe_category(content, "temple")
    render(description, SourceWords())   # English interface words, content in its source
    # '10 / 7 / 4 points to the 1st, 2nd, 3rd… by “Pièces données au Temple”, ...'

The parts of a description:

- :class:`Phrase`: an interface message (``ui.<key>``, English source in scorer.words,
  translated in locales/<lang>/LC_MESSAGES/ui.po) with named parameters;
- :class:`Label`: a content text (an input's label, a choice's name) by its catalog context;
- :class:`Count`: a count phrase (``ui.points``: 1 point, 2 points; Ukrainian 1 очко, 2
  очки, 5 очок), chosen by CLDR plural rules;
- :class:`Items`: parts joined by a symbol (``+``, ``×``, ``/``) or by the words "and" / "or";
- a plain ``int`` (formatted for the language) or :class:`Raw` text that reads the same in
  every language (``+1``).

Rendering takes a :class:`Words`: how to look up interface messages, content texts, count
phrases and numbers in the reader's language. :class:`SourceWords` renders without any
catalog (English interface words, content in its source language); the site passes its
localizer's lookups instead, so untranslated texts are tracked the usual way.

Each node's words are declared with its rule (scorer/nodes/), so a new node cannot be
added without them; tests hold every category of every game to a non-empty description
in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from schemas import expressions as ex
from schemas.game import GameContent
from schemas.scoring import TOTAL, ChoiceInput
from scorer.parts import Count, Description, Items, Label, Part, Phrase, Raw, phrase
from scorer.words import COUNT_KEYS, MESSAGES

_TEXTS = {m.key: m for m in MESSAGES}

# ----------------------------------------------------------------------------------------
# Rendering
# ----------------------------------------------------------------------------------------


class Words(Protocol):
    """Lookups in the reader's language (the site passes its localizer's)."""

    def ui(self, key: str, source: str) -> str:
        """The interface message ``ui.<key>`` (English ``source``)."""

    def text(self, context: str, source: str) -> str:
        """A content text of the game's catalog."""

    def count(self, key: str, number: int) -> str:
        """The count phrase ``ui.<key>`` for ``number`` (1 point, 5 points)."""

    def number(self, number: int) -> str:
        """``number`` as the language writes it."""


class SourceWords:
    """Words without any catalog: English interface messages, content in its source."""

    def ui(self, key: str, source: str) -> str:
        return source

    def text(self, context: str, source: str) -> str:
        return source

    def count(self, key: str, number: int) -> str:
        message = _TEXTS.get(key) or COUNT_KEYS[key]
        pattern = message.text if abs(number) == 1 else (message.plural or message.text)
        return pattern.replace("{count}", self.number(number))

    def number(self, number: int) -> str:
        return str(number).replace("-", "\u2212")


@dataclass
class CallbackWords:
    """:class:`Words` from four callables (for example a site localizer's methods)."""

    ui_fn: Callable[[str, str], str]
    text_fn: Callable[[str, str], str]
    count_fn: Callable[[str, int], str]
    number_fn: Callable[[int], str]

    def ui(self, key: str, source: str) -> str:
        return self.ui_fn(key, source)

    def text(self, context: str, source: str) -> str:
        return self.text_fn(context, source)

    def count(self, key: str, number: int) -> str:
        return self.count_fn(key, number)

    def number(self, number: int) -> str:
        return self.number_fn(number)


_SYMBOLS = {"+": " + ", "−": " − ", "×": " × ", "/": " / ", ",": ", "}
#: Joiners that are words, or punctuation that differs by language (French " ; ").
_WORD_JOINERS = {"and": "describe_and", "or": "describe_or", ";": "describe_clauses"}
_COMPARE = {"=": " = ", "≠": " ≠ ", "<": " < ", "≤": " ≤ ", ">": " > ", "≥": " ≥ "}


def render(part: Description, words: Words) -> str:
    """``part`` as text in the language of ``words``."""
    if isinstance(part, bool):
        part = int(part)
    if isinstance(part, int):
        return words.number(part)
    if isinstance(part, Raw):
        return part.text
    if isinstance(part, Label):
        return _quoted(words.text(part.context, part.text), words)
    if isinstance(part, Count):
        return words.count(part.key, part.number)
    if isinstance(part, Items):
        texts = [render(p, words) for p in part.parts]
        if part.joiner in _WORD_JOINERS:
            key = _WORD_JOINERS[part.joiner]
            # "A, B and C": commas between all but the last two (clauses: each joined).
            if part.joiner == ";":
                joined = texts[-1]
                for text in reversed(texts[:-1]):
                    joined = _fill(words.ui(key, _TEXTS[key].text), {"a": text, "b": joined})
            else:
                head = words.ui("describe_list", _TEXTS["describe_list"].text)
                first = texts[0]
                for text in texts[1:-1]:
                    first = _fill(head, {"a": first, "b": text})
                joined = _fill(words.ui(key, _TEXTS[key].text), {"a": first, "b": texts[-1]})
        else:
            joined = ({**_SYMBOLS, **_COMPARE})[part.joiner].join(texts)
        return f"({joined})" if part.grouped else joined
    source = _TEXTS[part.key].text
    values = {name: render(value, words) for name, value in part.params}
    return _fill(words.ui(part.key, source), values)


def _quoted(text: str, words: Words) -> str:
    """``text`` in the language's quotes.

    Quotes the text already holds stay as they are: the site typesets each description
    (rulebook.site.models.scoring.describe_in; any other reader should too), which turns
    quotes inside quotes into the language's inner pair (« Carte “Source” »), which the
    description cannot know.
    """
    outer = words.ui("describe_quoted", _TEXTS["describe_quoted"].text)
    return outer.replace("{label}", text)


def _fill(pattern: str, values: Mapping[str, str]) -> str:
    for name, value in values.items():
        pattern = pattern.replace("{" + name + "}", value)
    return pattern


def messages(part: Description) -> list[tuple[str, dict[str, object]]]:
    """Every interface message of ``part``, depth first, as (message id, parameters)."""
    found: list[tuple[str, dict[str, object]]] = []
    if isinstance(part, Phrase):
        found.append((part.key, dict(part.params)))
        for _, value in part.params:
            found.extend(messages(value))
    elif isinstance(part, Items):
        if part.joiner in _WORD_JOINERS:
            found.append((_WORD_JOINERS[part.joiner], {}))
        for value in part.parts:
            found.extend(messages(value))
    elif isinstance(part, Label):
        found.append(("describe_quoted", {"label": part}))
    return found


# ----------------------------------------------------------------------------------------
# Describing a game's nodes
# ----------------------------------------------------------------------------------------


class Describer:
    """Puts one game's nodes in words; each node's own words come from its rule.

    ``points`` says the node being described gives points (a category of a points game),
    so constants read as "5 points"; ``condition`` says it is a ``when``, so an option
    reads "with Crossroads".
    """

    def __init__(self, content: GameContent):
        self.content = content
        scoring = content.scoring
        self.inputs = {i.id: i for i in scoring.inputs}
        self.tables = {t.id: t for t in scoring.table}
        self.options = {o.id: o for o in scoring.options}
        self.rivals = {r.id: r for r in scoring.rivals}
        self.values = {v.id: v for v in scoring.values}
        self.categories = {c.value: c for c in scoring.categories}
        self.points = False
        self.condition = False
        self._inside: list[str] = []
        #: The rows input whose row expression is being put in words (its fields' labels).
        self.rows_input: str | None = None

    # -- context ----------------------------------------------------------------------

    def part(self, node: object) -> Part:
        """``node`` in words, in the current context."""
        from scorer.nodes import rule_for

        if isinstance(node, bool):
            return int(node)
        if isinstance(node, int):
            return Count("points", node) if self.points else node
        if not isinstance(node, ex.Node):
            raise TypeError(f"not a scoring node: {node!r}")
        return rule_for(node).words(self, node)

    def within(self, node: object, points: bool, condition: bool = False) -> Part:
        saved = self.points, self.condition
        self.points, self.condition = points, condition
        try:
            return self.part(node)
        finally:
            self.points, self.condition = saved

    def plain(self, node: object) -> Part:
        """``node`` as a number, not points (a measure, an index, a count)."""
        return self.within(node, False)

    def test(self, node: object) -> Part:
        """``node`` as a condition."""
        return self.within(node, False, True)

    # -- labels -----------------------------------------------------------------------

    def input_label(self, ident: str) -> Label:
        spec = self.inputs[ident]
        return Label(f"scoring.inputs.{ident}.label", spec.label)

    def table_label(self, ident: str) -> Label:
        return Label(f"scoring.table.{ident}.label", self.tables[ident].label)

    def option_label(self, ident: str) -> Label:
        return Label(f"scoring.options.{ident}.label", self.options[ident].label)

    def rival_label(self, ident: str) -> Label:
        return Label(f"scoring.rivals.{ident}.label", self.rivals[ident].label)

    def choice_label(self, ref: ex.InputRef | ex.TableRef | ex.OptionRef, choice: str) -> Part:
        """The name of one choice of an input, a table input or an option."""
        if isinstance(ref, ex.InputRef):
            spec = self.inputs[ref.input]
            labels = {c.id: c.label for c in spec.choices} if isinstance(spec, ChoiceInput) else {}
            context = f"scoring.inputs.{ref.input}.choices.{choice}.label"
        elif isinstance(ref, ex.OptionRef):
            labels = {c.id: c.label for c in self.options[ref.option].choices}
            context = f"scoring.options.{ref.option}.choices.{choice}.label"
        else:
            table = self.tables[ref.table]
            labels = {c.id: c.label for c in self.content.table_choices(table)}
            context = (
                f"components.{table.component}.items.{choice}.name"
                if table.component is not None
                else f"scoring.table.{ref.table}.choices.{choice}.label"
            )
        return Label(context, labels[choice]) if choice in labels else Raw(choice)

    def value(self, ident: str) -> Part:
        """A value: the label of the category showing it, else its computation in words."""
        if ident == TOTAL:
            return phrase("describe_total")
        category = self.categories.get(ident)
        if category is not None and ident not in self._inside:
            return Label(f"scoring.categories.{category.id}.label", category.label)
        self._inside.append(ident)
        try:
            return self.part(self.values[ident].compute)
        finally:
            self._inside.pop()

    def top(self, node: object, points: bool) -> Part:
        """A category's or a value's whole computation: a bare count reads as counted."""
        if isinstance(node, ex.InputRef) and self.inputs[node.input].kind == "count":
            label = self.input_label(node.input)
            if points:
                return phrase("describe_per", points=Count("points", 1), what=label)
            return phrase("describe_entered", what=label)
        return self.within(node, points)


def describe_value(content: GameContent, value_id: str) -> Description:
    """What value ``value_id`` computes, in words (as points when a category shows it in a
    points game)."""
    describer = Describer(content)
    if value_id == TOTAL:
        return phrase("describe_total")
    points = content.scoring.kind == "points" and value_id in describer.categories
    describer._inside.append(value_id)
    return describer.top(describer.values[value_id].compute, points)


def describe_category(content: GameContent, category_id: str) -> Description:
    """How category ``category_id`` is counted, in words: what a "How scores are counted"
    cell says."""
    category = next(c for c in content.scoring.categories if c.id == category_id)
    return describe_value(content, category.value)


def describe_condition(content: GameContent, node: object | None) -> Description | None:
    """A ``when`` in words ("with Crossroads and with 3 players or more"); None for none."""
    if node is None:
        return None
    return Describer(content).test(node)


def describe_node(content: GameContent, node: object, points: bool = False) -> Description:
    """Any expression of ``content``'s scoring in words."""
    return Describer(content).within(node, points)
