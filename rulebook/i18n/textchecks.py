"""Checks of one translation against its source that neither msgfmt nor pofilter makes.

``numbers``     every number of the source (digits, or a word from two to twenty) is in the
                translation, as digits or as a word of its language (rulebook.i18n.number_words);
``whitespace``  no leading, trailing or doubled space the source does not have, and a final
                newline exactly when the source has one (msgfmt refuses a mismatch);
``emails``      the same e-mail addresses, in the same order (what translate-toolkit's
                ``emails`` check did, in linear time);
``doubled``     no word written twice in a row ("the the") unless the source does it;
``brackets``    (), [] and quotes balanced when the source's are;
``emphasis``    every ``**bold**`` and ``*italic*`` of the source is still there, and no
                ``**`` or ``*`` is left without its pair;
``typography``  the text is typeset the way its language prints (rulebook.i18n.typography);
``entities``    no HTML character reference (``&lt;b&gt;``) the source does not have;
``language``    no sentence left in the source's language or another of the project's
                (py3langid, offline: its model ships in the package).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from rulebook.errors import counted
from rulebook.i18n.messages import PLACEHOLDER
from rulebook.i18n.number_words import has_word_for, spelled_numbers
from rulebook.i18n.typography import typeset

if TYPE_CHECKING:
    from py3langid.langid import LanguageIdentifier  # type: ignore[import-untyped]

# ----------------------------------------------------------------------------------------
# Numbers
# ----------------------------------------------------------------------------------------

#: A number: digit groups of three joined by a space, no-break space or punctuation
#: (1 000, 1,000) count as one number; anything else is a run of digits.
_NUMBER = re.compile(r"\d{1,3}(?:[ \u00a0\u202f\u2009.,]\d{3})+(?!\d)|\d+")
#: A Markdown link's target. It stops at a "]" as well as at its ")": a text of many "](" and
#: no ")" is then read once, not once per "](" (which took quadratic time).
_LINK_TARGET = re.compile(r"\]\([^)\]]*\)")
#: A web address, which is in no language (a review's address reads as French or English).
_URL = re.compile(r"\bhttps?://\S+")


def numbers(text: str) -> list[str]:
    """The numbers written in digits in ``text`` (outside placeholders and link targets)."""
    prose = _LINK_TARGET.sub("] ", PLACEHOLDER.sub(" ", text))
    return [re.sub(r"\D", "", n) for n in _NUMBER.findall(prose)]


def missing_numbers(
    source: str, translation: str, source_language: str = "", language: str = ""
) -> list[str]:
    """Numbers of ``source`` that ``translation`` writes neither in digits nor in words.

    Repeats count (``5 ou 5`` needs two fives) for digits; a number written as a word
    counts once however often the source has it.
    """
    wanted = Counter(numbers(source))
    if source_language:
        prose = _LINK_TARGET.sub("] ", source)
        wanted.update(str(n) for n in spelled_numbers(prose, source_language))
    lost = wanted - Counter(numbers(translation))
    if language:
        prose = _LINK_TARGET.sub("] ", PLACEHOLDER.sub(" ", translation))
        lost = Counter({n: k for n, k in lost.items() if not has_word_for(int(n), prose, language)})
    return sorted(lost, key=int)


# ----------------------------------------------------------------------------------------
# E-mail addresses
# ----------------------------------------------------------------------------------------

#: An e-mail address, as translate-toolkit's pofilter finds them, but tried only from the
#: start of a run of its characters: pofilter's pattern tries again from every letter of a
#: long word, which took quadratic time (100,000 letters: 26 s).
_EMAIL = re.compile(r"(?<![\w.-])[\w.-]+@[\w.-]+")


def email_problem(source: str, translation: str) -> str | None:
    """The e-mail addresses of ``translation`` when they are not the source's, in order."""
    wanted, got = _EMAIL.findall(source), _EMAIL.findall(translation)
    if wanted == got:
        return None
    shown = ", ".join(wanted) or "none"
    return f"e-mail addresses changed (the source has: {shown}); keep each as it is"


# ----------------------------------------------------------------------------------------
# Spaces, repeated words, brackets, emphasis
# ----------------------------------------------------------------------------------------


def whitespace_problems(source: str, translation: str) -> list[str]:
    found = []
    if translation[:1].isspace() and not source[:1].isspace():
        found.append("starts with a space the source does not have")
    if translation[-1:].isspace() and not source[-1:].isspace():
        found.append("ends with a space or a line break the source does not have")
    if source.endswith("\n") != translation.endswith("\n"):
        found.append("a final line break must be there exactly when the source has one")
    doubled = re.compile(r"(?<=\S)[ \u00a0\u202f]{2,}(?=\S)")
    if doubled.search(translation) and not doubled.search(source):
        found.append("two spaces in a row")
    return found


_WORD_PAIR = re.compile(r"(?<![\w’'])([^\W\d_]{2,})\s+\1(?![\w’'])", re.IGNORECASE)

#: Words a language rightly writes twice in a row (French "vous vous arrêtez", English
#: "had had").
_RIGHTLY_DOUBLED = frozenset({"vous", "nous", "had", "that", "is", "що"})


def doubled_word(source: str, translation: str) -> str | None:
    if _WORD_PAIR.search(source):
        return None  # the source repeats a word itself: a repeat may be meant
    for match in _WORD_PAIR.finditer(_LINK_TARGET.sub("] ", translation)):
        if match[1].casefold() not in _RIGHTLY_DOUBLED:
            return f"the word {match[1]!r} twice in a row"
    return None


_PAIRS = (("(", ")"), ("[", "]"), ("«", "»"), ("“", "”"), ("„", "“"))


def _balanced(text: str, opening: str, closing: str) -> bool:
    if opening == "„":
        return text.count("„") == text.count("“") - text.count("”")  # uk inner pair
    if opening == "“" and "„" in text:
        return True  # “ closes „ in uk text
    depth = 0
    for char in text:
        if char == opening:
            depth += 1
        elif char == closing:
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def bracket_problems(source: str, translation: str) -> list[str]:
    found = []
    for opening, closing in _PAIRS[:2]:
        if _balanced(source, opening, closing) and not _balanced(translation, opening, closing):
            found.append(f"unbalanced {opening}{closing}")
    quotes = sum(translation.count(q) for q in "«»“”„")
    if quotes % 2 and not sum(source.count(q) for q in '«»“”„"') % 2:
        found.append("a quote mark without its pair")
    return found


# A span's inside never crosses a mark that could open the next span (a "**"; a "*" or "_"
# not after a letter): an opening mark left without its closing one is then read to the
# next mark, not to the end of the line, so a line of them takes linear time, not quadratic.
_BOLD = re.compile(r"\*\*(?=\S)((?:(?!\*\*).)+?)(?<=\S)\*\*")
_ITALIC = re.compile(
    r"(?<![*\w])\*(?=[^\s*])((?:[^*\n]|(?<=\w)\*)+?)(?<=[^\s*])\*(?![*\w])"
    r"|(?<!\w)_(?=\S)((?:[^_\n]|(?<=\w)_)+?)(?<=\S)_(?!\w)"
)


def emphasis_problem(source: str, translation: str) -> str | None:
    """A ``**bold**`` or ``*italic*`` of the source that the translation lost."""
    problems = []
    bold_source, bold_translation = len(_BOLD.findall(source)), len(_BOLD.findall(translation))
    if bold_translation < bold_source:
        lost = counted(bold_source - bold_translation, "**bold** span", "**bold** spans")
        problems.append(f"{lost} dropped")
    plain_source, plain_translation = _BOLD.sub(" ", source), _BOLD.sub(" ", translation)
    italic_source = len(_ITALIC.findall(plain_source))
    italic_translation = len(_ITALIC.findall(plain_translation))
    if italic_translation < italic_source:
        lost = counted(italic_source - italic_translation, "*italic* span", "*italic* spans")
        problems.append(f"{lost} dropped")
    stray_source, stray = _stray_marks(source), _stray_marks(translation)
    if stray and not stray_source:
        shown = " and ".join(f"{mark!r}" for mark in stray)
        problems.append(
            f"unbalanced emphasis: {shown} without its pair (the page would show it as it is)"
        )
    return "; ".join(problems) if problems else None


#: An emphasis mark: ``**`` or ``*``/``_`` (a ``*`` or ``_`` inside a word, as in
#: ``2*3`` or ``snake_case``, is none).
_MARK = re.compile(r"\*\*|(?<!\w)[*_]|[*_](?!\w)")


def _stray_marks(text: str) -> list[str]:
    """The emphasis marks of ``text`` left once its bold and italic spans are read, in order
    of first appearance: each opens or closes nothing, so Markdown prints it as it is."""
    prose = _ITALIC.sub(" ", _BOLD.sub(" ", _LINK_TARGET.sub("]", _URL.sub(" ", text))))
    prose = re.sub(r"`[^`\n]*`", " ", prose)  # code spans keep their marks
    # A list item's bullet ("* ") at the start of a line is no emphasis.
    prose = re.sub(r"(?m)^[ \t]*[*_][ \t]", " ", prose)
    return list(dict.fromkeys(_MARK.findall(prose)))


# ----------------------------------------------------------------------------------------
# HTML entities
# ----------------------------------------------------------------------------------------

#: A character reference: named (``&lt;``), decimal (``&#60;``) or hexadecimal (``&#x3c;``).
_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")


def entity_problem(source: str, translation: str) -> str | None:
    """HTML character references (``&lt;b&gt;``, ``&nbsp;``) the source does not have.

    Texts are Markdown written as characters: the site escapes an ``&``, so a reference
    is shown as it is (``&lt;b&gt;``), never as the character it names. It comes from a
    tool that escaped the text (a web form, a copy from a page's source).
    """
    extra = Counter(_ENTITY.findall(translation)) - Counter(_ENTITY.findall(source))
    if not extra:
        return None
    shown = ", ".join(sorted(extra))
    what = "HTML character reference" if len(extra) == 1 else "HTML character references"
    return (
        f"{what} {shown}: write the character itself (the page would show the reference as it is)"
    )


def typography_problem(translation: str, language: str) -> str | None:
    """What the typesetter would change in ``translation``, shown around the first change."""
    expected = typeset(translation, language)
    if expected == translation:
        return None
    pairs = zip(translation, expected, strict=False)
    start = next((i for i, (a, b) in enumerate(pairs) if a != b), len(translation))
    before = translation[max(0, start - 12) : start + 12]
    after = expected[max(0, start - 12) : start + 14]
    return (
        f"not typeset for {language}: {before!r} should read {after!r} "
        "(`rulebook i18n typeset` mends it)"
    )


# ----------------------------------------------------------------------------------------
# A sentence left in the source language
# ----------------------------------------------------------------------------------------

#: A sentence needs this many words to be judged; shorter ones are names and labels.
MIN_WORDS = 5
#: How sure the identifier must be.
CONFIDENCE = 0.99

_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")
_WORD = re.compile(r"[^\W\d_]{2,}")


@cache
def _model() -> tuple[LanguageIdentifier, frozenset[str]]:
    """The identifier, and every language it knows (read before any restriction).

    Imported here: py3langid loads numpy, a good part of a first build's time, and a site
    build's catalog checks never guess a sentence's language."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    model = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    return model, frozenset(model.labels)


_chosen: list[tuple[str, ...]] = []


def _identifier(language: str, others: Iterable[str]) -> LanguageIdentifier | None:
    """The identifier, choosing between ``language`` and ``others`` only (those it knows).

    Choosing among the project's few languages, not the model's 97, is what makes a short
    sentence's guess sure enough: "Posez la carte" is French among fr, uk and en, but could
    be Occitan or Walloon among all. None when it does not know ``language`` or any other.
    """
    model, known = _model()
    candidates = tuple(sorted({language, *others} & known))
    if language not in known or len(candidates) < 2:
        return None
    if _chosen != [candidates]:
        model.set_languages(list(candidates))
        _chosen[:] = [candidates]
    return model


def _prose_only(text: str) -> str:
    text = _LINK_TARGET.sub("] ", PLACEHOLDER.sub(" ", _URL.sub(" ", text)))
    return re.sub(r"[*_`\[\]]", " ", text)


def source_language_sentences(
    source: str, translation: str, source_language: str, language: str, kept: frozenset[str]
) -> list[str]:
    """Sentences of ``translation`` that read as ``source_language`` rather than ``language``.

    ``kept`` are words that stay as they are (names, kept glossary terms): they do not count
    towards a sentence's length.
    """
    if source_language == language:
        return []
    found = other_language_sentences(translation, language, [source_language], kept)
    return [sentence for sentence, _ in found]


def other_language_sentences(
    translation: str, language: str, others: Iterable[str], kept: frozenset[str]
) -> list[tuple[str, str]]:
    """(sentence, language) for each sentence of ``translation`` that reads as one of
    ``others`` (the source's language, the project's other languages) and not ``language``.

    An English sentence left in a German catalog of a French game is as wrong as a French
    one: the identifier chooses among every language given. ``kept`` are words that stay as
    they are (names, kept glossary terms): they do not count towards a sentence's length.
    """
    identifier = _identifier(language, set(others) - {language})
    if identifier is None:
        return []
    found = []
    for sentence in _SENTENCE_END.split(_prose_only(translation)):
        words = [w for w in _WORD.findall(sentence) if w.casefold() not in kept]
        if len(words) < MIN_WORDS:
            continue
        guess, confidence = identifier.classify(sentence)
        if guess != language and confidence >= CONFIDENCE:
            found.append((sentence.strip(), str(guess)))
    return found
