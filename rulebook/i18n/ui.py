"""Interface strings shared by the command line and the site: the ``ui`` catalog domain.

They are written in English, the language every contributor reads, and translated into
French and Ukrainian through ``locales/<lang>/LC_MESSAGES/ui.po`` like game content. Each
string's context is ``ui.<key>``; code looks them up with the English text as the fallback,
for example ``translate("ui.total", "Total")``, so the text here must match the calling code.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.i18n.messages import SourceMessage

#: The catalog domain of interface strings.
UI_DOMAIN = "ui"

#: The language interface strings are written in.
UI_LANGUAGE = "en"

#: Where interface strings are defined, for translator comments.
_FILE = "rulebook/i18n/ui.py"


@dataclass(frozen=True)
class UiString:
    """One interface string. ``plural`` makes it a count phrase with ``{count}``."""

    key: str
    text: str
    note: str
    plural: str | None = None


#: Every interface string. Keys are stable: code and catalogs refer to ``ui.<key>``.
UI_STRINGS: tuple[UiString, ...] = (
    UiString("total", "Total", "Score sheet row: a player's total points."),
    UiString("rank", "Rank", "Score sheet row: a player's place (1, 2, ...)."),
    UiString("winners", "Winners", "Followed by the winners' names."),
    UiString("shared_place", "shared place", "Two players tied on every tiebreaker."),
    UiString("seed", "seed", "The text a random setup is drawn from; followed by it."),
    UiString("first_player", "First player", "Followed by the first player's name."),
    UiString("players", "Players", "Heading: the players of a game."),
    UiString("player_count", "Number of players", "Form label."),
    UiString("setup", "Setup", "Page title: setting the game up."),
    UiString("scoring", "Scoring", "Page title: the score calculator."),
    UiString("rules", "Rules", "Page title: the rules reference."),
    UiString("glossary", "Glossary", "Page title: the game's terms."),
    UiString("options", "Options", "Heading: expansions, variants and readings of a rule."),
    UiString("calculate", "Calculate", "Button: compute the scores."),
    UiString("reset", "Reset", "Button: clear the form."),
    UiString("sources", "Sources", "Heading: the documents the content was checked against."),
    UiString(
        "source_note", "Note on the sources", "Label of a note saying which reading a rule follows."
    ),
    UiString(
        "not_translated",
        "This text is not translated yet; it is shown in its original language.",
        "Notice shown next to text that falls back to its source language.",
    ),
    UiString(
        "points",
        "{count} point",
        "A number of points; {count} is the formatted number.",
        plural="{count} points",
    ),
    UiString(
        "player_count_phrase",
        "{count} player",
        "A number of players; {count} is the formatted number.",
        plural="{count} players",
    ),
)


def ui_messages() -> list[SourceMessage]:
    """The interface strings as catalog messages, sorted by context."""
    messages = [
        SourceMessage(
            context=f"ui.{s.key}",
            text=s.text,
            language=UI_LANGUAGE,
            file=_FILE,
            path="",
            plural=s.plural,
            notes=(s.note,),
        )
        for s in UI_STRINGS
    ]
    return sorted(messages, key=lambda m: m.context)
