"""Interface strings shared by the command line and the site: the ``ui`` catalog domain.

They are written in English, the language every contributor reads, in
rulebook/i18n/ui.json (read by :func:`scorer.words.read_messages`, which says the format),
joined by the scorer's own messages of scorer/words.json, and translated into French and
Ukrainian through ``locales/<lang>/LC_MESSAGES/ui.po`` like game content. Each string's
context is ``ui.<key>``; code looks them up with the English text as the fallback, for
example ``translate("ui.total", "Total")``, so the text there must match the calling code.
"""

from __future__ import annotations

from pathlib import Path

from rulebook.i18n.messages import SourceMessage
from scorer.words import MESSAGES as DESCRIPTION_MESSAGES
from scorer.words import VERDICT_MESSAGES, WORDS_FILE, Message, read_messages

#: The catalog domain of interface strings.
UI_DOMAIN = "ui"

#: The language interface strings are written in.
UI_LANGUAGE = "en"

#: Where the interface's own strings are written.
UI_FILE = Path(__file__).with_name("ui.json")

#: The origin each interface string's translator comment gives: the file it is written in,
#: without a line, as the other catalogs name theirs (``#: rulebook/i18n/ui.json``).
_FILE = f"rulebook/i18n/{UI_FILE.name}"
_SCORER_FILE = f"scorer/{WORDS_FILE.name}"

_SCORER = (*VERDICT_MESSAGES, *DESCRIPTION_MESSAGES)
_SCORER_KEYS = frozenset(m.key for m in _SCORER)

#: Every interface string, the interface's then the scorer's. Keys are stable: code and
#: catalogs refer to ``ui.<key>``.
UI_STRINGS: tuple[Message, ...] = (
    *(
        message
        for section in read_messages(UI_FILE, {m.key: _SCORER_FILE for m in _SCORER}).values()
        for message in section
    ),
    *_SCORER,
)


def ui_messages() -> list[SourceMessage]:
    """The interface strings as catalog messages, sorted by context."""
    messages = [
        SourceMessage(
            context=f"ui.{s.key}",
            text=s.text,
            language=UI_LANGUAGE,
            file=_SCORER_FILE if s.key in _SCORER_KEYS else _FILE,
            path="",
            plural=s.plural,
            count=s.counted if s.plural else None,
            notes=(s.note,),
        )
        for s in UI_STRINGS
    ]
    return sorted(messages, key=lambda m: m.context)
