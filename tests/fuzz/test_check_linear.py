"""Every check of one translation takes time linear in its length, whatever the text.

Each hostile shape below once made a check read the text again from every one of its
characters (a regular expression retried at each position, Python's HTML parser reading
each unclosed "<" to the end): 100,000 characters took seconds to minutes and a megabyte
did not end. A megabyte of each now goes through every check of a message (and the
typesetter) within a bound that only runaway work comes near.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from babel.messages.catalog import Message

from rulebook.i18n.checks import check_message
from rulebook.i18n.messages import SourceMessage
from rulebook.i18n.safetychecks import link_targets
from rulebook.i18n.typography import typeset
from tests.fuzz.bounds import bounded

#: The length of each hostile translation.
LENGTH = 1_000_000
#: Seconds a megabyte may take through every check (a few, even on a loaded machine).
BOUND = 60.0

SOURCE = SourceMessage(
    context="rules.overview.body",
    text="Chaque joueur pioche **2 cartes** et les pose [ici](rule:setup), *face cachée*.",
    language="fr",
    file="content/nile/rules.yaml",
    path="overview.body",
)


def _repeat(unit: str) -> str:
    return (unit * (LENGTH // len(unit) + 1))[:LENGTH]


#: Hostile translations: (what makes them hard, the text).
SHAPES: dict[str, str] = {
    "one Cyrillic word (pofilter's e-mail pattern)": "Ж" * LENGTH,
    "a word and an at sign": "Ж" * LENGTH + "@",
    "spaces before a guillemet's place": "Ж" + " " * LENGTH + "Ж",
    "unclosed bold marks": _repeat("**a "),
    "unclosed italic marks": _repeat("*a "),
    "unclosed underscores": _repeat("_a "),
    "unclosed links": _repeat("[a]("),
    "unclosed link targets": _repeat("]("),
    "opening brackets": "[" * LENGTH,
    "unclosed tags": _repeat("<a"),
    "unclosed attribute quotes": _repeat("<a b='"),
    "unclosed comments": _repeat("<!--"),
    "less-than signs": "<" * LENGTH,
    "marker characters": _repeat("\ue100" + "9" * 5000 + "\ue101"),
}


def _checked(text: str) -> Callable[[], list[tuple[str, str]]]:
    def work() -> list[tuple[str, str]]:
        entry = Message(SOURCE.text, text, context=SOURCE.context)
        problems = check_message(SOURCE, entry, "uk")  # typesets for uk among its checks
        for language in ("fr", "en"):
            typeset_text = typeset(text, language)
            assert typeset(typeset_text, language) == typeset_text  # still idempotent
        return problems

    return work


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_megabyte_through_every_check_ends(shape: str) -> None:
    problems = bounded(_checked(SHAPES[shape]), timeout=BOUND)
    # A megabyte of noise is no translation of the source: something must be said.
    assert problems, shape


def test_a_marker_character_in_a_text_reads_back_as_it_was() -> None:
    # The typesetter marks protected pieces with private-use characters: a text that holds
    # them already must neither lose them nor pick up another piece in their place.
    text = "[voir](rule:x) \ue1000\ue101 et \ue100" + "9" * 5000 + "\ue101"
    assert typeset(text, "fr") == text


def test_link_targets_are_those_of_a_markdown_link() -> None:
    text = "[a](rule:x) [b]( <term:y> ) [c [d](rule:z) [e](f g) [h](i(j)"
    assert link_targets(text) == ["rule:x", "term:y", "rule:z", "i(j"]
