"""Each game's glossary as translators see it: a catalog of its own, per language.

``content/<game>/glossary.yaml`` holds the source side (the term, its definition, the other
forms the game's own texts give it). How each language says a term lives where translators
work, in a gettext domain of its own that Weblate takes as a glossary component::

    locales/<game>.glossary.pot
    locales/<lang>/LC_MESSAGES/<game>.glossary.po

Two messages per term, both with the term as ``msgid``:

``glossary.<id>.term``   the language's word for the term: the glossary page's headword, and
                         the word the glossary check expects wherever the source uses the term;
``glossary.<id>.forms``  every form of that word the language's texts use (plurals, cases, with
                         an article), separated by commas (``культура, культури, культур``):
                         the check accepts any of them. Commas, not lines: one line keeps every
                         PO tool's newline checks quiet.

A term's definition is a text like the rules' and stays in the game's catalog
(``glossary.<id>.definition``). The domain's name is the game's with ``.glossary``: no game id
has a dot, so it never clashes with a game, and the game catalogs' discovery pattern does not
take it.

**Marks.** Every message of a game's catalog says, in an extracted comment, the glossary terms
its source uses (:class:`TermMarks`)::

    #. Glossary: culture (crop), pioche (draw_pile)

each by its word in the glossary's language and its id, in the glossary's order: what a
translator looks up in the glossary component, and what the glossary check asks the
translation for. The line depends on the message's text and the glossary only, so a term
edited in ``glossary.yaml`` changes the comments of the messages that use it, and no other.
A text in another language than the glossary's (Tokaido's Ukrainian sections) is marked with
the terms it says by the words its author declared for that language in ``glossary.yaml``
(``forms_in``), the terms it links and the names kept as they are: source words, from the
content. Not from that language's glossary catalog, whose words are the translators': the
template would then depend on a catalog a Weblate edit changes, and go stale with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from rulebook.i18n.messages import SourceMessage
from schemas.game import GameContent
from schemas.glossary import Term

if TYPE_CHECKING:
    from rulebook.i18n.terms import Matcher

#: What opens the extracted comment that lists the terms a message uses.
MARK = "Glossary: "

#: What a game's glossary domain adds to the game's id.
SUFFIX = ".glossary"
#: Between two forms of a term in a ``glossary.<id>.forms`` translation.
SEPARATOR = ", "

_FORMS_CONTEXT = re.compile(r"glossary\.(\w+)\.forms")


def domain_name(game: str) -> str:
    """The glossary domain of ``game`` (``nile`` -> ``nile.glossary``)."""
    return f"{game}{SUFFIX}"


def is_glossary(domain: str) -> bool:
    """Whether ``domain`` is a game's glossary domain."""
    return domain.endswith(SUFFIX)


def game_of(domain: str) -> str:
    """The game a domain belongs to: itself, or the game of a glossary domain."""
    return domain.removesuffix(SUFFIX)


def term_context(term_id: str) -> str:
    """The context of a term's word."""
    return f"glossary.{term_id}.term"


def forms_context(term_id: str) -> str:
    """The context of a term's forms."""
    return f"glossary.{term_id}.forms"


def is_forms(context: str) -> bool:
    """Whether ``context`` is a term's forms message."""
    return _FORMS_CONTEXT.fullmatch(context) is not None


def split_forms(text: str) -> list[str]:
    """The forms of a ``glossary.<id>.forms`` translation, in order, each once.

    Commas separate them (line breaks too, for a translator who types one per line); blanks
    around a form do not count.
    """
    found: list[str] = []
    for piece in re.split(r"[,\n]", text):
        form = " ".join(piece.split())
        if form and form not in found:
            found.append(form)
    return found


def join_forms(forms: list[str]) -> str:
    """Forms written the way a translator writes them in the catalog."""
    return SEPARATOR.join(forms)


def source_forms(term: Term) -> frozenset[str]:
    """The words that say ``term`` in the glossary's own language: the term and its forms."""
    return frozenset({term.term, *term.forms})


def source_words(term: Term, language: str, own: str) -> frozenset[str]:
    """The words the game's texts written in ``language`` say ``term`` by, ``own`` being
    the glossary's language: there the term and its forms, elsewhere the forms the content
    declares for ``language`` (``Term.forms_in``); a name kept as it is, in every one."""
    words = set(term.forms_in.get(language, ()))
    if language == own:
        words |= source_forms(term)
    if term.keep:
        words.add(term.term)
    return frozenset(words)


class TermMarks:
    """The terms each message of one game uses, as the extraction writes them."""

    def __init__(self, content: GameContent, width: int = 76) -> None:
        """``width``: the longest comment line a catalog writes without wrapping it."""
        terms = content.glossary.terms if content.glossary else []
        self._width = width
        self._terms = {term.id: term for term in terms}
        self._language = content.game.source_language
        self._matchers: dict[str, Matcher] = {}

    def _matcher(self, language: str) -> Matcher:
        """The terms' words in the game's texts written in ``language``, compiled once."""
        # Imported here: the term matching writes a catalog's comments, and a command that
        # only looks texts up (``rulebook score``) never needs it.
        from rulebook.i18n.terms import Matcher, source_rule

        if language not in self._matchers:
            own = self._language
            words = {i: source_words(t, language, own) for i, t in self._terms.items()}
            self._matchers[language] = Matcher(words, source_rule(language))
        return self._matchers[language]

    def terms(self, message: SourceMessage) -> list[Term]:
        """The terms ``message`` uses (said or linked: rulebook.i18n.terms.used), in the
        glossary's order."""
        from rulebook.i18n.terms import used

        found = used(message.texts, self._matcher(message.language))
        return [term for term in self._terms.values() if term.id in found]

    def notes(self, message: SourceMessage) -> tuple[str, ...]:
        """The comment lines that list the terms ``message`` uses (none if it uses none).

        A line breaks between two terms, never inside one: a catalog's writer wraps a longer
        line wherever a space falls, which would part a word from its id.
        """
        said = [f"{term.term} ({term.id})" for term in self.terms(message)]
        if not said:
            return ()
        lines = [MARK + said[0]]
        for item in said[1:]:
            # Room for the item and for the comma a next line would add.
            if len(lines[-1]) + len(", ") + len(item) + len(",") > self._width:
                lines[-1] += ","
                lines.append(item)
            else:
                lines[-1] += ", " + item
        return tuple(lines)

    def marked(self, messages: Iterable[SourceMessage]) -> list[SourceMessage]:
        """``messages``, each with the lines of the terms it uses after its own comments."""
        found = []
        for message in messages:
            notes = self.notes(message)
            found.append(replace(message, notes=(*message.notes, *notes)) if notes else message)
        return found


def _notes(content: GameContent, term: Term, forms: bool) -> tuple[str, ...]:
    page = f"Page: {content.id}/glossary/#{term.id}"
    if forms:
        source = join_forms(term.forms or [term.term])
        return (
            "Glossary, the forms of your word for this term: every form the game's texts "
            "use (plural, cases, with an article), separated by commas, the word itself "
            "first. The glossary check accepts any of them wherever the source uses the "
            "term (and your language's endings, content/languages.yaml).",
            page,
            f"Forms in the source: {source}",
        )
    notes = [
        "Glossary headword: the game's word for this. Use your translation of it everywhere "
        "in this game.",
        page,
        f"Definition: {term.definition}",
    ]
    if term.concept:
        notes.append(
            f"Concept shared with other games: {term.concept} (the same source word reads "
            "the same in every game)."
        )
    if term.keep:
        notes.append("A name: it stays as it is, unless your script writes it otherwise.")
    return tuple(notes)


def glossary_messages(content: GameContent, described: bool = True) -> list[SourceMessage]:
    """The messages of a game's glossary domain: each term's word, then its forms."""
    if content.glossary is None:
        return []
    language = content.game.source_language
    file = f"content/{content.id}/glossary.yaml"
    found = []
    for term in content.glossary.terms:
        for context, field, forms in (
            (term_context(term.id), "term", False),
            (forms_context(term.id), "forms", True),
        ):
            found.append(
                SourceMessage(
                    context=context,
                    text=term.term,
                    language=language,
                    file=file,
                    path=f"terms[{term.id}].{field}",
                    notes=_notes(content, term, forms) if described else (),
                )
            )
    return found


def forms_problems(translation: str) -> list[str]:
    """What is wrong with a forms translation as a list: empty items, repeated forms."""
    pieces = [" ".join(p.split()) for p in re.split(r"[,\n]", translation)]
    problems = []
    if any(not piece for piece in pieces):
        problems.append(
            "an empty form between commas: separate the forms by one comma each, "
            "as in `культура, культури, культур`"
        )
    folded = [p.casefold() for p in pieces if p]
    repeated = sorted({p for p in folded if folded.count(p) > 1})
    if repeated:
        problems.append(f"forms written twice: {', '.join(repeated)}")
    return problems
