"""Waivers (rulebook.i18n.waivers): one entry excused from a check, and a waiver that excuses
nothing reported, so none outlives the problem it was written for."""

from __future__ import annotations

from babel.messages.catalog import Message

from rulebook.i18n.checks import check_message
from rulebook.i18n.glossarychecks import TermRendering
from rulebook.i18n.messages import SourceMessage

SOURCE = SourceMessage("rules.x.body", "Chaque joueur joue un tour.", "fr", "f", "p")
TURN = TermRendering("turn", False, {"fr": frozenset({"tour"}), "en": frozenset({"turn"})})


def _entry(
    translation: str, comments: tuple[str, ...] = (), flags: tuple[str, ...] = ()
) -> Message:
    return Message(
        SOURCE.text, translation, context=SOURCE.context, user_comments=comments, flags=flags
    )


def _checks(entry: Message) -> list[tuple[str, str]]:
    return check_message(SOURCE, entry, "en", [TURN])


def test_a_glossary_waiver_excuses_a_term_the_translation_does_not_use() -> None:
    [(check, _)] = _checks(_entry("Each player plays once."))
    assert check == "glossary"
    waived = ("rulebook: ignore-glossary (here the turn is said by 'once')",)
    assert _checks(_entry("Each player plays once.", waived)) == []
    assert _checks(_entry("Each player plays once.", flags=("ignore-glossary",))) == []


def test_a_waiver_that_excuses_nothing_is_reported() -> None:
    waived = ("rulebook: ignore-glossary (here the turn is said by 'once')",)
    [(check, problem)] = _checks(_entry("Each player plays a turn.", waived))
    assert check == "waiver" and "`ignore-glossary` excuses nothing" in problem
    [(check, _)] = _checks(_entry("Each player plays a turn.", flags=("ignore-glossary",)))
    assert check == "waiver"
    # Of two waivers, only the one that excuses nothing.
    both = ("rulebook: ignore-glossary, ignore-numbers",)
    [(check, problem)] = _checks(_entry("Each player plays once.", both))
    assert check == "waiver" and "ignore-numbers" in problem


def test_a_same_waiver_is_reported_as_a_comment_not_as_weblate_s_flag() -> None:
    """``#, ignore-same`` turns off Weblate's own "Unchanged translation" check too, which
    may need it where this check does not: only the project's comment is reported."""
    assert _checks(_entry("Each player plays a turn.", flags=("ignore-same",))) == []
    [(check, problem)] = _checks(_entry("Each player plays a turn.", ("rulebook: ignore-same",)))
    assert check == "waiver" and "ignore-same" in problem
    # A copy of the source the waiver excuses is not reported.
    copy = SourceMessage("rules.x.body", "Tour", "fr", "f", "p")
    entry = Message(
        copy.text, "Tour", context=copy.context, user_comments=["rulebook: ignore-same"]
    )
    assert [c for c, _ in check_message(copy, entry, "en", [])] == []
