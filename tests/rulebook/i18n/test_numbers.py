"""Counts and numbers through CLDR: Ukrainian plural forms, French and Ukrainian digits."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.i18n.numbers import (
    categories,
    format_count,
    format_number,
    forms_by_category,
    gettext_index,
    plural_category,
)
from rulebook.i18n.runtime import translator
from tests.i18n_support import make_workspace

POINTS_UK = {
    "one": "{count} очко",
    "few": "{count} очки",
    "many": "{count} очок",
    "other": "{count} очка",
}

UK_COUNTS = [
    (0, "many", "0 очок"),
    (1, "one", "1 очко"),
    (2, "few", "2 очки"),
    (5, "many", "5 очок"),
    (11, "many", "11 очок"),
    (21, "one", "21 очко"),
    (22, "few", "22 очки"),
    (25, "many", "25 очок"),
]


@pytest.mark.parametrize(("number", "category", "phrase"), UK_COUNTS)
def test_ukrainian_plural_forms(number: int, category: str, phrase: str) -> None:
    assert plural_category(number, "uk") == category
    assert format_count(number, POINTS_UK, "uk") == phrase


def test_fractions_take_the_other_form() -> None:
    assert format_count(1.5, POINTS_UK, "uk") == "1,5 очка"


def test_gettext_forms_map_to_cldr_categories() -> None:
    assert categories("uk") == ("one", "few", "many", "other")
    assert [gettext_index(n, "uk") for n, _, _ in UK_COUNTS] == [2, 0, 1, 2, 2, 0, 1, 2]
    forms = forms_by_category(["{count} очко", "{count} очки", "{count} очок"], "uk")
    assert forms == {
        "one": "{count} очко",
        "few": "{count} очки",
        "many": "{count} очок",
        "other": "{count} очок",
    }
    assert [format_count(n, forms, "uk") for n, _, _ in UK_COUNTS] == [p for *_, p in UK_COUNTS]


def test_french_and_english_counts() -> None:
    french = {"one": "{count} point", "many": "{count} de points", "other": "{count} points"}
    assert [format_count(n, french, "fr") for n in (0, 1, 2, 1_000_000)] == [
        "0 point",
        "1 point",
        "2 points",
        "1\u202f000\u202f000 de points",
    ]
    english = {"one": "{count} point", "other": "{count} points"}
    assert [format_count(n, english, "en") for n in (0, 1, 2)] == [
        "0 points",
        "1 point",
        "2 points",
    ]


def test_number_formatting_code_points() -> None:
    # French groups with U+202F NARROW NO-BREAK SPACE, Ukrainian with U+00A0 NO-BREAK SPACE;
    # both use a comma as the decimal sign.
    assert format_number(1234567.891, "fr") == "1\u202f234\u202f567,891"
    assert format_number(1234567.891, "uk") == "1\u00a0234\u00a0567,891"
    assert format_number(1234567.891, "en") == "1,234,567.891"
    assert format_number(1234, "uk") == "1\u00a0234"
    assert format_number(-3, "fr") == "-3"


def test_count_phrases_from_the_catalog(tmp_path: Path) -> None:
    workspace = make_workspace(tmp_path)
    workspace.translate(
        "uk", {"ui.points": ("{count} очко", "{count} очки", "{count} очок")}, domain="ui"
    )
    translate = translator(workspace.game(), "uk", workspace.locales)
    # What the translator gives is typeset: the number keeps its word (a no-break space).
    said = [translate.count("ui.points", n) for n, _, _ in UK_COUNTS]
    assert said == [p.replace(" ", "\u00a0") for *_, p in UK_COUNTS]
    assert translate.count("ui.points", 1234) == "1\u00a0234\u00a0очки"
    # Untranslated: the English source, counted the English way.
    english = translator(workspace.game(), "fr", workspace.locales)
    assert english.count("ui.points", 1) == "1\u00a0point"
    assert english.count("ui.points", 1000) == "1,000\u00a0points"
    with pytest.raises(ValueError, match="not a count phrase"):
        translate.count("ui.total", 2)
