"""The checks that read the glossary: a term the source uses is rendered by the glossary's
word for the language (glossary_problems), a translation that copies its source is one only
if something in it is left to translate (unchanged_problem), and a word shared by several
games reads the same in all of them (concept_failures)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Message

from rulebook.i18n import glossary
from rulebook.i18n.catalogchecks import error_line
from rulebook.i18n.catalogs import Domain, po_path, state
from rulebook.i18n.failure import Failure
from rulebook.i18n.messages import SourceMessage
from rulebook.i18n.pofiles import strings
from rulebook.i18n.terms import Matcher, WordRule, rule_of, source_rule
from rulebook.i18n.terms import prose as _prose
from rulebook.i18n.terms import used as used_terms
from schemas.common import LANGUAGES


@dataclass(frozen=True)
class TermRendering:
    """A glossary term and the words that render it in each language."""

    id: str
    keep: bool
    #: The words a translation into each language renders the term by.
    forms: Mapping[str, frozenset[str]]
    #: The words a source text written in each language says the term by (the content's:
    #: rulebook.i18n.glossary.source_words); ``None``: the same as ``forms``.
    source: Mapping[str, frozenset[str]] | None = None


class Renderings(list[TermRendering]):
    """A game's term renderings, with their forms compiled once per language and rule for
    the thousands of messages a check reads (rulebook.i18n.terms.Matcher)."""

    def __init__(self, terms: Iterable[TermRendering] = ()) -> None:
        super().__init__(terms)
        self._matchers: dict[tuple[str, WordRule], Matcher] = {}
        self._sources: dict[str, Matcher] = {}

    def matcher(self, language: str, rule: WordRule) -> Matcher:
        """Every term's forms in ``language`` read under ``rule``."""
        key = (language, rule)
        if key not in self._matchers:
            forms = {t.id: t.forms.get(language, frozenset()) for t in self}
            self._matchers[key] = Matcher(forms, rule)
        return self._matchers[key]

    def source_matcher(self, language: str) -> Matcher:
        """Every term's words in a source text written in ``language``, read the way the
        extraction marks it (rulebook.i18n.terms.source_rule)."""
        if language not in self._sources:
            forms = {
                t.id: (t.forms if t.source is None else t.source).get(language, frozenset())
                for t in self
            }
            self._sources[language] = Matcher(forms, source_rule(language))
        return self._sources[language]


def current_translation(
    messages: Mapping[str, SourceMessage],
    entries_: Mapping[str, Message],
    context: str,
    language: str,
) -> str | None:
    """The current translation of ``context`` (not fuzzy, made for today's source), if any."""
    entry = entries_.get(context)
    message = messages.get(context)
    if message is None or entry is None or state(message, entry, language) != "translated":
        return None
    return strings(entry)[0].strip()


def renderings(domain: Domain, found: Mapping[str, Mapping[str, Message]]) -> Renderings:
    """How each glossary term of ``domain``'s game is written in each language.

    ``domain`` is the game's glossary domain (rulebook.i18n.glossary) and ``found`` its
    catalogs' entries by language. In the glossary's language (the game's) a term is the
    term itself and its forms in ``glossary.yaml``; elsewhere it is the current translation
    of ``glossary.<id>.term`` and the forms of the current ``glossary.<id>.forms``; a kept
    term (``Term.keep``) stays as it is too. A source text is read by the content's words
    in every language (``TermRendering.source``), as the extraction marks it.
    """
    content = domain.content
    result = Renderings()
    if content is None or content.glossary is None:
        return result
    messages = domain.by_context()
    for term in content.glossary.terms:
        forms: dict[str, frozenset[str]] = {}
        source = {
            language: glossary.source_words(term, language, domain.source_language)
            for language in LANGUAGES
        }
        for language in LANGUAGES:
            words: set[str] = set()
            if term.keep:
                words.add(term.term)
            if language == domain.source_language:
                words.update(glossary.source_forms(term))
            else:
                got = found.get(language, {})
                word = current_translation(messages, got, glossary.term_context(term.id), language)
                listed = current_translation(
                    messages, got, glossary.forms_context(term.id), language
                )
                words.update([word] if word else [])
                words.update(glossary.split_forms(listed or ""))
            forms[language] = frozenset(words)
        result.append(TermRendering(term.id, term.keep, forms, source))
    return result


def glossary_problems(
    message: SourceMessage,
    translation: str,
    language: str,
    terms: Iterable[TermRendering],
    rule: WordRule | None = None,
) -> list[str]:
    """Glossary terms the source of ``message`` uses that ``translation`` does not render.

    The source uses a term it says by one of its declared forms, not inside a longer term it
    says (« dernier tour de table » does not say « tour ») nor inside an idiom of its
    language (« tour complet »): its author listed exactly the words that mean the term, so
    nothing more is read into it; or a term it links to. A text written in another
    language than the glossary's is read by the words the content declares for it
    (``Term.forms_in``). These are the terms the extraction marks in the message's comments
    (rulebook.i18n.terms.used, rulebook.i18n.glossary.TermMarks). The translation renders
    the term by one of its language's forms, or an inflection or a compound of one that the
    language's rule allows (rulebook.i18n.terms; ``rule`` stands for the language's own),
    anywhere in it.
    """
    terms = terms if isinstance(terms, Renderings) else Renderings(terms)
    rule = rule_of(language) if rule is None else rule
    used = used_terms(message.texts, terms.source_matcher(message.language))
    if not used:
        return []
    rendered = terms.matcher(language, rule)
    prose = _prose(translation)
    problems = []
    for term in terms:
        expected = term.forms.get(language, frozenset())
        if term.id not in used or message.context == glossary.term_context(term.id):
            continue
        if expected and not rendered.says(prose, term.id):
            choices = ", ".join(repr(f) for f in sorted(expected))
            form = used[term.id]
            problems.append(f"the source says {form!r} ({term.id}): expected {choices}")
    return problems


def normalized(text: str) -> str:
    return " ".join(text.split()).casefold()


def unchanged_problem(
    source: str,
    translation: str,
    language: str,
    terms: Iterable[TermRendering],
    names: Iterable[str] = (),
) -> str | None:
    """Complain when ``translation`` merely copies ``source``.

    A copy is fine when nothing is left to translate once placeholders, numbers,
    punctuation, names (``names``, kept terms and the terms' own renderings in
    ``language``) are taken out.
    """
    if normalized(source) != normalized(translation):
        return None
    rest = _prose(translation)
    kept = set(names)
    for term in terms:
        kept |= term.forms.get(language, frozenset())
    for word in sorted(kept, key=len, reverse=True):
        rest = re.sub(r"(?<!\w)" + re.escape(word) + r"(?!\w)", " ", rest, flags=re.IGNORECASE)
    if not re.search(r"[^\W\d_]", rest):
        return None
    return "same as the source: translate it, or flag it `#, ignore-same` if it is right as it is"


def concept_failures(
    glossaries: Sequence[tuple[Domain, Mapping[str, Mapping[str, Message]]]],
    languages: Sequence[str],
    locales: Path,
) -> list[Failure]:
    """Glossary terms of one concept with the same source word must read the same everywhere.

    "défausse" (concept ``discard``) in Nile and in Momiji is one word in French, so it is
    one word in Ukrainian too. Games may still use their own word for a concept (Viticulture's
    lira, Tokaido's coins): only identical source terms are held together. ``glossaries``
    are the games' glossary domains, each with its catalogs' entries by language.
    """
    # (language, concept, source language, source term) -> rendering -> [(domain, term id)]
    seen: dict[tuple[str, str, str, str], dict[str, list[tuple[str, str]]]] = {}
    found = {domain.name: entries_ for domain, entries_ in glossaries}
    for domain, entries_ in glossaries:
        content = domain.content
        if content is None or content.glossary is None:
            continue
        messages = domain.by_context()
        for term in content.glossary.terms:
            if term.concept is None or term.keep:
                continue
            for language in languages:
                if language == domain.source_language:
                    continue
                context = glossary.term_context(term.id)
                rendering = current_translation(
                    messages, entries_.get(language, {}), context, language
                )
                if rendering is None:
                    continue
                key = (language, term.concept, domain.source_language, term.term.casefold())
                seen.setdefault(key, {}).setdefault(rendering.casefold(), []).append(
                    (domain.name, term.id)
                )
    failures = []
    for (language, concept, _, source), renderings_ in sorted(seen.items()):
        if len(renderings_) < 2:
            continue
        usual = max(renderings_, key=lambda r: len(renderings_[r]))
        for rendering, places in sorted(renderings_.items()):
            if rendering == usual:
                continue
            others = ", ".join(glossary.game_of(name) for name, _ in renderings_[usual])
            for name, term_id in places:
                entry = found[name][language][glossary.term_context(term_id)]
                failures.append(
                    Failure(
                        str(po_path(locales, language, name)),
                        error_line(entry.lineno),
                        f"glossary.{term_id}.term",
                        "concept",
                        f"{source!r} ({concept}) is {usual!r} in {others}, here {rendering!r}: "
                        "a word shared by several games reads the same in all of them",
                    )
                )
    return failures
