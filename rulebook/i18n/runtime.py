"""Looking translated text up at run time, with the source text as the fallback.

A :class:`Translator` answers, for one game and one reader's language, with the text to
show for a context, and says whether that text is really in the reader's language, so a
page can put a visible "not translated yet" notice next to a fallback::

    translate = translator(content, "uk")
    label = translate("scoring.categories.papyrus.label", "Papyrus")
    if not translate.is_translated("scoring.categories.papyrus.label"):
        ...  # show translate("ui.not_translated", ...) next to it

A message with no translation, a fuzzy one, or one made for an older source text gives the
source text (a fuzzy one gives its draft translation when ``drafts`` is asked for, for a
translator's preview, with the source it was made for and the current one, so the preview
can show what changed). Messages written in the reader's language are shown as they are.
In a preview, a translation still waiting for a reviewer's mark in a language that requires
one (rulebook.i18n.review) says so.

A text of several paragraphs is looked up paragraph by paragraph (rulebook.i18n.messages);
a count phrase gives the form its number needs. A ``for_each`` template's copy is asked for
by its own context (``scoring.inputs.influence_3.label``) and answered from its template's
one message, its placeholders filled with the copy's values.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from babel.messages.catalog import Message
from babel.messages.pofile import PoFileError

from rulebook import paths
from rulebook.errors import EXIT_INVALID, CommandError
from rulebook.i18n import glossary
from rulebook.i18n.catalogs import (
    Domain,
    State,
    game_domain,
    glossary_domain,
    load_entries,
    po_path,
    state,
)
from rulebook.i18n.messages import (
    SourceMessage,
    extract,
    fill,
    has_words,
    join_paragraphs,
    paragraph_contexts,
)
from rulebook.i18n.numbers import (
    Number,
    format_count,
    forms_by_category,
    plural_category,
)
from rulebook.i18n.pofiles import strings
from rulebook.i18n.typography import typeset
from rulebook.i18n.ui import UI_DOMAIN, ui_messages
from schemas.game import GameContent
from schemas.languages import review_required

if TYPE_CHECKING:
    from babel.support import NullTranslations


def catalog(domain: str, language: str, locales: Path | None = None) -> NullTranslations:
    """The compiled catalog of ``domain`` in ``language``, or an empty one.

    For gettext-style consumers (Jinja's i18n extension); it needs
    ``rulebook i18n compile`` first. :func:`translator` reads the PO files directly.
    """
    # Imported here: babel.support (and gettext's machinery) is a site build's only, and
    # every translator's import (a first ``rulebook score``) would pay for it.
    from babel.support import Translations

    return Translations.load(str(locales or paths.LOCALES), [language], domain)


#: The number whose plural form stands for "some number" (a letter in a table, an unknown
#: count): the form most languages use after a variable (fr 5 cultures, uk 5 культур).
GENERIC_NUMBER = 5


@dataclass(frozen=True)
class Part:
    """What a reader gets for one message: the text, its state, and its language."""

    context: str
    text: str
    state: State
    language: str
    #: Forms by CLDR category, and the language whose rules choose, for a count phrase.
    forms: dict[str, str] | None = None
    forms_language: str | None = None
    count: str | None = None
    #: In a translators' preview, beside a draft: the current source text, and the one the
    #: translation was made for (gettext's ``#| msgid``) when the catalog kept it.
    source: str | None = None
    previous: str | None = None
    #: In a translators' preview: a translation not reviewed where its language requires it.
    unreviewed: bool = False


class Translator:
    """Text in one language for one game's messages and the interface strings."""

    def __init__(
        self,
        messages: Mapping[str, SourceMessage],
        entries: Mapping[str, Message],
        language: str,
        drafts: bool = False,
        unreviewed: Collection[str] = (),
        domains: tuple[str, ...] = (),
    ) -> None:
        self.language = language
        self.drafts = drafts
        #: The catalog domains whose entries were read (what a cache of words depends on).
        self.domains = domains
        self._messages = dict(messages)
        self._entries = dict(entries)
        #: Contexts whose translation waits for a reviewer's mark (only marked in previews).
        self._unreviewed = frozenset(unreviewed)
        #: A template copy's context -> the context of its template's one message, and the
        #: values its placeholders take in this copy.
        self._copies = {
            copy: (message.context, dict(values))
            for message in self._messages.values()
            for copy, values in message.copies
        }

    def _shown(self, state_: State) -> bool:
        return state_ == "translated" or (self.drafts and state_ == "fuzzy")

    def state(self, context: str, text: str | None = None) -> State:
        """``source``, ``translated``, ``fuzzy`` or ``missing`` for this reader.

        ``text`` is the source text the caller has; when it is not the current source of
        the context (or the context is unknown), nothing is translated: ``missing``. A text
        of several paragraphs is as far as its least translated paragraph.
        """
        if context in self._copies:
            shared, values = self._copies[context]
            template = self._messages[shared]
            if text is not None and text != fill(template.text, values):
                return "missing"
            return state(template, self._entries.get(shared), self.language)
        message = self._messages.get(context)
        if message is None and text is not None:
            pieces = [(c, t) for c, t in paragraph_contexts(context, text) if has_words(t)]
            if pieces and pieces[0][0] != context:
                states = {self.state(c, t) for c, t in pieces}
                worst = [s for s in ("missing", "fuzzy", "translated") if s in states]
                return worst[0] if worst else "source"
        if message is None or (text is not None and text not in message.texts):
            return "missing"
        return state(message, self._entries.get(context), self.language)

    def is_translated(self, context: str, text: str | None = None) -> bool:
        """Whether the reader gets this message in their own language."""
        return self.state(context, text) in ("source", "translated")

    def parts(self, context: str, text: str) -> list[Part]:
        """What the reader gets for ``context``, paragraph by paragraph."""
        pieces = paragraph_contexts(context, text)
        if len(pieces) == 1 or context in self._messages:
            return [self._part(context, text)]
        return [
            self._part(c, t) if has_words(t) else Part(c, t, "source", self.language)
            for c, t in pieces
        ]

    def _part(self, context: str, text: str) -> Part:
        part = self._found(context, text)
        shown = typeset(part.text, part.language)
        if part.forms is None:
            # A new Part only when typesetting changed the words: a Part is frozen, and
            # most texts come out of typesetting as they went in (a build asks 16,000).
            return part if shown == part.text else replace(part, text=shown)
        forms = {k: typeset(v, part.language) for k, v in part.forms.items()}
        return replace(part, text=shown, forms=forms)

    def _found(self, context: str, text: str) -> Part:
        if context in self._copies:
            return self._copy(context, text)
        message = self._messages.get(context)
        found = self.state(context, text)
        source_language = message.language if message is not None else self.language
        if message is None or found == "source":
            state_: State = "source" if message else found
            if message is not None and message.plural is not None:
                forms = {"one": message.text, "other": message.plural}
                generic = forms[
                    "one" if plural_category(GENERIC_NUMBER, source_language) == "one" else "other"
                ]
                return Part(
                    context, generic, state_, source_language, forms, source_language, message.count
                )
            return Part(context, text, state_, source_language)
        shown = self._shown(found)
        entry = self._entries.get(context)
        if message.plural is None:
            if shown and entry is not None:
                return self._with_source(
                    Part(context, strings(entry)[0], found, self.language), text, entry
                )
            return Part(context, text, found, source_language)
        if shown and entry is not None:
            forms = forms_by_category(strings(entry), self.language)
            language = self.language
        else:
            forms = {"one": message.text, "other": message.plural}
            language = source_language
        generic = forms.get(plural_category(GENERIC_NUMBER, language)) or forms["other"]
        part = Part(context, generic, found, language, forms, language, message.count)
        return self._with_source(part, message.text, entry) if shown and entry else part

    def _copy(self, context: str, text: str) -> Part:
        """A template copy's text: its template's one message, filled with its values."""
        shared, values = self._copies[context]
        message = self._messages[shared]
        if text != fill(message.text, values):  # a text the content no longer has
            return Part(context, text, "missing", message.language)
        part = self._found(shared, message.text)
        forms = part.forms and {k: fill(v, values) for k, v in part.forms.items()}
        return replace(
            part,
            context=context,
            text=fill(part.text, values),
            forms=forms or None,
            source=part.source and fill(part.source, values),
            previous=part.previous and fill(part.previous, values),
        )

    def _with_source(self, part: Part, source: str, entry: Message) -> Part:
        """``part`` with what a preview shows beside a draft or an unreviewed translation."""
        if not self.drafts:
            return part
        if part.state == "fuzzy":
            previous = entry.previous_id
            old = previous if isinstance(previous, str) else next(iter(previous or ()), "")
            return replace(part, source=source, previous=old or None)
        if part.context in self._unreviewed:
            return replace(part, source=source, unreviewed=True)
        return part

    def __call__(self, context: str, text: str, values: Mapping[str, Number] | None = None) -> str:
        """The text to show for ``context``: its translation, else ``text``.

        ``values`` gives a count phrase its number, to choose its form.
        """
        texts = []
        for part in self.parts(context, text):
            if part.forms is not None and part.count is not None and part.forms_language:
                number = (values or {}).get(part.count)
                if number is not None:
                    category = plural_category(number, part.forms_language)
                    texts.append(part.forms.get(category) or part.forms["other"])
                    continue
            texts.append(part.text)
        return join_paragraphs(texts)

    def count_patterns(self, context: str) -> tuple[str, dict[str, str]]:
        """The language and the patterns by CLDR category of a count phrase.

        The forms of the phrase's :class:`Part`, as every text reaches the reader (chosen
        and typeset in one place): the reader's language's when the phrase is shown
        translated, else its source language's ``one`` and ``other``. What the browser
        needs to choose with ``Intl.PluralRules`` as :meth:`count` does.
        """
        message = self._messages[context]
        if message.plural is None:
            raise ValueError(f"{context} is not a count phrase")
        part = self._part(context, message.text)
        assert part.forms is not None and part.forms_language is not None  # a count phrase's
        return part.forms_language, part.forms

    def count(self, context: str, number: Number) -> str:
        """A count phrase (``ui.points``: 21 очко, 22 очки, 25 очок) in this language."""
        language, patterns = self.count_patterns(context)
        return format_count(number, patterns, language)


T = TypeVar("T")


def per_content(build: Callable[[GameContent], T]) -> Callable[[GameContent], T]:
    """``build`` run once per content object: a site build asks for each game many times.

    Content models are immutable; the cache holds the object itself, so an id reused by
    another object is never mistaken for it.
    """
    done: dict[int, tuple[GameContent, T]] = {}

    def cached(content: GameContent) -> T:
        found = done.get(id(content))
        if found is None or found[0] is not content:
            found = done[id(content)] = (content, build(content))
        return found[1]

    return cached


@per_content
def _extracted(content: GameContent) -> tuple[SourceMessage, ...]:
    """A game's messages without translators' comments (nothing at run time reads them,
    and writing them is half of the extraction), once per content object."""
    return tuple(extract(content, described=False))


@per_content
def game_domain_once(content: GameContent) -> Domain:
    """A game's domain (catalogs.game_domain) from :func:`_extracted`: a build's catalog
    checks, its translation status pages and its lookups share one extraction per game."""
    return game_domain(content, messages=_extracted(content))


#: A game's glossary domain (catalogs.glossary_domain), once per content object too.
glossary_domain_once: Callable[[GameContent], Domain] = per_content(glossary_domain)


@per_content
def _messages(content: GameContent) -> dict[str, SourceMessage]:
    """A game's messages and its glossary's, by context (without translators' comments)."""
    found = [*_extracted(content), *glossary_domain_once(content).messages]
    return {m.context: m for m in found}


def _entries(domain: str, language: str, locales: Path) -> Mapping[str, Message]:
    """A catalog's entries; a CommandError naming the file (and line) when it does not read."""
    try:
        return load_entries(domain, language, locales)
    except PoFileError as error:
        # Babel counts lines from 0 and ends its message with that number.
        said = str(error).removesuffix(f" on {error.lineno}")
        raise CommandError(
            f"{said}: run `rulebook i18n check`",
            EXIT_INVALID,
            type="catalog_unreadable",
            file=str(po_path(locales, language, domain)),
            line=error.lineno + 1 if error.lineno else None,
        ) from None


def translator(
    content: GameContent | None,
    language: str,
    locales: Path | None = None,
    drafts: bool = False,
    files: Collection[str] | None = None,
) -> Translator:
    """A :class:`Translator` for ``content`` (or the interface alone) in ``language``.

    It reads the PO files under ``locales`` (by default the checkout's), else compiled MO
    files; without either, every message falls back to its source text. A game's catalogs
    are read only when some of its messages are written in another language than
    ``language`` (or for a preview): :attr:`Translator.domains` names those read.

    ``files`` names the game's files whose messages it knows (a score's table: its
    scoring's labels); then its glossary's terms are left out, and their catalog unread.
    None: every file and the glossary.
    """
    where = locales or paths.LOCALES
    messages = {m.context: m for m in ui_messages()}
    ui_entries = _entries(UI_DOMAIN, language, where)
    found = dict(ui_entries)
    unreviewed = _unreviewed(UI_DOMAIN, ui_entries, language) if drafts else set()
    domains = [UI_DOMAIN]
    if content is not None:
        if files is None:
            game_messages = _messages(content)
            game_domains: tuple[str, ...] = (content.id, glossary.domain_name(content.id))
        else:
            # Not kept per content object like _messages: a command asks this once.
            extracted = extract(content, described=False, files=files)
            game_messages = {m.context: m for m in extracted}
            game_domains = (content.id,)
        messages.update(game_messages)
        # A reader of the language every message of the game is written in gets each as it
        # is (catalogs.state: "source"), whatever its catalogs say: they are not read. A
        # preview reads them still, for what it shows beside a text.
        if drafts or any(m.language != language for m in game_messages.values()):
            # The game's catalog, then its glossary's (the terms' words): contexts never clash.
            for domain in game_domains:
                game_entries = _entries(domain, language, where)
                found.update(game_entries)
                domains.append(domain)
                if drafts:
                    unreviewed |= _unreviewed(domain, game_entries, language)
    return Translator(messages, found, language, drafts, unreviewed, tuple(domains))


def _unreviewed(domain: str, entries: Mapping[str, Message], language: str) -> set[str]:
    """The contexts of ``domain`` waiting for a reviewer's mark, where ``language`` needs one."""
    if not review_required(language, glossary.game_of(domain)):  # a glossary goes with its game
        return set()
    from rulebook.i18n.review import is_reviewed  # a preview's only: reviews and their marks

    return {context for context, entry in entries.items() if not is_reviewed(entry)}
