"""The French source reads as French written for players, not as notes (issue 14).

Checked on the catalog templates, which hold every translatable French text of a game with
its context.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.conftest import GAME_IDS

LOCALES = Path(__file__).resolve().parents[3] / "locales"
GAMES = GAME_IDS

#: What a reader cannot use: a file of the project, English left in, a letter x for ×, a
#: digit after an elided article (« qu'1 », « d'1 »).
_NOTES = {
    "an internal file": re.compile(r"\b[\w-]+\.(?:md|ya?ml|py|json)\b"),
    "English": re.compile(r"\bcomputed by hand\b|\breference\b", re.IGNORECASE),
    "a letter x for ×": re.compile(r"\d\s*x\s*\d|\bx\s\d"),
    "a digit after an elision": re.compile(r"\b(?:qu|d|l|j|n|s)['’]\d"),
}
#: A sentence that opens on a digit (a numbered heading "1. Inondation" does not count).
_DIGIT_OPENING = re.compile(r"(?:^|[.!?]\s+)(?:\*\*)?\d+(?![.)]\s|\d*e\b|re\b|er\b)")


def _french(game: str) -> list[tuple[str, str]]:
    with (LOCALES / f"{game}.pot").open("rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        text = message.id if isinstance(message.id, str) else message.id[0]
        # Tokaido's Crossroads and variant sections are written in Ukrainian.
        if text and not re.search(r"[а-яєіїґ]", text, re.IGNORECASE):
            found.append((message.context or "", text))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_notes_left_in_the_french(game: str) -> None:
    found = [
        f"{context}: {what}: {match[0]!r}"
        for context, text in _french(game)
        for what, pattern in _NOTES.items()
        for match in [pattern.search(text)]
        if match
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_case_sources_are_french_sentences(game: str) -> None:
    sources = [(c, t) for c, t in _french(game) if re.fullmatch(r"cases\.cases\.\w+\.source", c)]
    assert sources
    wrong = [c for c, t in sources if not (t[0].isupper() and t.rstrip().endswith("."))]
    assert not wrong, wrong


@pytest.mark.parametrize("game", GAMES)
def test_no_prose_sentence_opens_on_a_digit(game: str) -> None:
    # Table cells and calculator labels are not sentences; worked-out sums in case sources
    # are figures ("A = 12 + 3"). A case's title is read as a heading sentence.
    prose = [
        (c, t)
        for c, t in _french(game)
        if ".rows." not in c
        and ".header." not in c
        and not c.endswith(".label")
        and (not c.startswith("cases.") or c.endswith(".title"))
    ]
    found = [f"{c}: {t[:60]!r}" for c, t in prose if _DIGIT_OPENING.search(t)]
    assert not found, "\n".join(found)
