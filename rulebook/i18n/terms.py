"""Where a text says a glossary term: by its declared forms, the language's endings and
compounds, and never inside a longer term.

A term is said where one of its forms stands as whole words. Each language may widen that
(content/languages.yaml, :class:`WordRule`):

- ``term_endings``: a light stem rule. A word of a form loses the longest of these endings
  it ends with (keeping at least :data:`MIN_STEM` letters), and the stem then reads with any
  of them: with English ``[s, es]`` "crop" also reads "crops"; with Ukrainian case endings
  "культура" reads "культури", "культурою". Stem changes ("хід", "ходу") stay declared forms.
- ``compounds``: a language that writes compounds as one word (German) reads a term at the
  end of a longer word too, where it is the compound's head ("Familie" in "Blattfamilien",
  "Zug" in "Spielzug": a kind of Zug), from :data:`MIN_HEAD` letters; and at its start, from
  :data:`MIN_COMPOUND` letters ("Familienkarte"), where a short word would be read inside
  too many others ("Zug" in "Zugang").
- ``idioms``: phrases whose words keep their everyday sense. A term said inside one is not
  said, as inside a longer term: with French ``[tour complet]``, « un tour complet » (a full
  round) does not say the term "tour" (a player's turn).

An occurrence inside a longer occurrence of another term does not count for the shorter
one: in « dernier tour de table », where "dernier tour de table" is a term of its own, the
term "tour" is not said. The glossary check reads a source by its declared forms and its
language's idioms alone (:func:`source_rule`: its author listed the words that mean each
term) and a translation with its language's rule
(rulebook.i18n.glossarychecks.glossary_problems). Texts are compared folded (casefolded,
one apostrophe: :func:`fold`), and only what a reader sees of them (:func:`prose`: no link
target, no placeholder).

A source text **uses** a term it says, or one it links (``[plante](term:plant)``, where the
author chose words the glossary does not list): :func:`used`. The extraction writes the
terms each message uses into its comments (rulebook.i18n.glossary.TermMarks), and the
glossary check asks the translation for each of them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulebook.i18n.messages import PLACEHOLDER
from schemas import languages

#: Letters a word keeps before an ending the language's rule takes off.
MIN_STEM = 3
#: Letters a term's word needs before it is read at the start of a compound.
MIN_COMPOUND = 4
#: Letters a term's word needs before it is read at the end of a compound, as its head.
MIN_HEAD = 3

#: A link's target, left out of the prose (it stops at a "]": see rulebook.i18n.textchecks).
_LINK_TARGET = re.compile(r"\]\([^)\]]*\)")
#: A link to a glossary term, with the shown text and the term's id.
_TERM_LINK = re.compile(r"\[([^\[\]]*)\]\(term:(\w+)\)")


@dataclass(frozen=True)
class WordRule:
    """How a language inflects and compounds the words of a term (content/languages.yaml)."""

    endings: tuple[str, ...] = ()
    compounds: bool = False
    #: Phrases no term is said inside (folded when read).
    idioms: tuple[str, ...] = ()


#: Declared forms only, with no idiom: a source text in a language that declares none.
DECLARED = WordRule()


@dataclass(frozen=True)
class Occurrence:
    """A term said in a folded text: where, and the form that says it."""

    start: int
    end: int
    form: str

    def inside(self, other: Occurrence) -> bool:
        """Whether this occurrence lies within ``other`` and ``other`` is longer."""
        return (
            other.start <= self.start
            and self.end <= other.end
            and other.end - other.start > self.end - self.start
        )


def rule_of(language: str) -> WordRule:
    """The rule of a language of content/languages.yaml (none for a language not listed)."""
    try:
        spec = languages.language(language)
    except KeyError:
        return WordRule()
    return WordRule(spec.term_endings, spec.compounds, spec.idioms)


def source_rule(language: str) -> WordRule:
    """How a source text in ``language`` is read: by the declared forms of each term, and
    not inside the language's idioms (none for a language not listed)."""
    try:
        spec = languages.language(language)
    except KeyError:
        return DECLARED
    return WordRule(idioms=spec.idioms)


def fold(text: str) -> str:
    """A text as the check compares it: casefolded, with one apostrophe (d'art, d’art)."""
    return text.casefold().replace("'", "’").replace("ʼ", "’")


@functools.lru_cache(maxsize=16384)
def prose(text: str) -> str:
    """``text`` without link targets and placeholders, folded: only what a reader sees."""
    return fold(PLACEHOLDER.sub(" ", _LINK_TARGET.sub("] ", text)))


def _stem(word: str, rule: WordRule) -> str:
    """``word`` without the longest ending of ``rule`` it ends with, if a stem remains."""
    for ending in sorted(rule.endings, key=len, reverse=True):
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            return word[: -len(ending)]
    return word


@functools.lru_cache(maxsize=65536)
def _pattern(form: str, rule: WordRule) -> tuple[str, re.Pattern[str]] | None:
    """A cheap substring every match holds, and the pattern of ``form`` under ``rule``."""
    words = fold(form).split()
    if not words:
        return None
    endings = "|".join(re.escape(e) for e in sorted({"", *rule.endings}, key=len, reverse=True))
    stems = []
    parts = []
    for word in words:
        stem = _stem(word, rule) if rule.endings and len(word) >= MIN_STEM else word
        stems.append(stem)
        inflected = len(stem) >= MIN_STEM and rule.endings
        parts.append(re.escape(stem) + (f"(?:{endings})" if inflected else ""))
    before = r"\w*" if rule.compounds and len(stems[0]) >= MIN_HEAD else ""
    after = r"\w*" if rule.compounds and len(stems[-1]) >= MIN_COMPOUND else ""
    body = r"\s+".join(parts)
    return max(stems, key=len), re.compile(rf"(?<!\w){before}{body}{after}(?!\w)")


def said(
    folded: str, forms: Mapping[str, Iterable[str]], rule: WordRule
) -> dict[str, list[Occurrence]]:
    """The terms of ``forms`` (term id -> forms) that ``folded`` says, each with where.

    An occurrence within an idiom of ``rule`` or a longer one of another term is left out,
    and a term left with none is not said.
    """
    return Matcher(forms, rule).said(folded)


class Matcher:
    """The forms of a glossary's terms in one language under one rule, compiled once, for
    the many texts a check reads."""

    def __init__(self, forms: Mapping[str, Iterable[str]], rule: WordRule) -> None:
        self._patterns: dict[str, list[tuple[str, str, re.Pattern[str]]]] = {}
        for term, term_forms in forms.items():
            compiled = [(form, _pattern(form, rule)) for form in sorted(term_forms)]
            self._patterns[term] = [(f, c[0], c[1]) for f, c in compiled if c is not None]
        # An idiom is read as written: the language lists each of its forms.
        idioms = (_pattern(idiom, DECLARED) for idiom in rule.idioms)
        self._idioms = [idiom for idiom in idioms if idiom is not None]
        #: The ids of the terms this matcher looks for.
        self.terms = frozenset(self._patterns)

    def _occurrences(self, folded: str, term: str) -> list[Occurrence]:
        return [
            Occurrence(match.start(), match.end(), form)
            for form, key, pattern in self._patterns.get(term, ())
            if key in folded
            for match in pattern.finditer(folded)
        ]

    def _outside_idioms(
        self, folded: str, found: dict[str, list[Occurrence]]
    ) -> dict[str, list[Occurrence]]:
        """``found`` without the occurrences inside an idiom of the language."""
        idioms = [
            Occurrence(match.start(), match.end(), "")
            for key, pattern in self._idioms
            if key in folded
            for match in pattern.finditer(folded)
        ]
        if not idioms:
            return found
        kept = {
            t: [o for o in spans if not any(o.inside(i) for i in idioms)]
            for t, spans in found.items()
        }
        return {term: spans for term, spans in kept.items() if spans}

    def says(self, folded: str, term: str) -> bool:
        """Whether ``folded`` says ``term`` anywhere (inside a longer term or an idiom, or
        not): how a translation is read, where any rendering of the term will do."""
        return any(
            key in folded and pattern.search(folded) is not None
            for _, key, pattern in self._patterns.get(term, ())
        )

    def said(self, folded: str) -> dict[str, list[Occurrence]]:
        """The terms ``folded`` says, each with where, none inside an idiom or a longer
        one's occurrence (see :func:`said`)."""
        found: dict[str, list[Occurrence]] = {}
        for term in self._patterns:
            spans = self._occurrences(folded, term)
            if spans:
                found[term] = sorted(spans, key=lambda o: (o.start, -o.end))
        if found and self._idioms:
            found = self._outside_idioms(folded, found)
        if len(found) < 2:
            return found
        others = [(term, o) for term, spans in found.items() for o in spans]
        result: dict[str, list[Occurrence]] = {}
        for term, spans in found.items():
            kept = [o for o in spans if not any(t != term and o.inside(p) for t, p in others)]
            if kept:
                result[term] = kept
        return result


def used(texts: Iterable[str], matcher: Matcher) -> dict[str, str]:
    """The terms of ``matcher`` that source ``texts`` use, each with the words that first
    say it: a declared form (not inside a longer term, as :meth:`Matcher.said` reads), or a
    link's shown text (``[plante](term:plant)``: the author marked the term by hand).

    ``matcher`` holds the forms of the texts' own language. A link to an id the glossary
    does not have uses nothing (the links check reports it).
    """
    found: dict[str, str] = {}
    for text in texts:
        for term, spans in matcher.said(prose(text)).items():
            found.setdefault(term, spans[0].form)
        for shown, term in _TERM_LINK.findall(text):
            if term in matcher.terms:
                found.setdefault(term, shown)
    return found
