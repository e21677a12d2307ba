"""Numbers written as words, the way each language writes them in prose.

The number check accepts a number of the source written in the translation as digits or as
a word of the translation's language: "2 cultures" may become "two crops", "дві культури",
"обидві культури" or "2 crops"; a changed number ("three crops") is still caught.

Words come from num2words (maintained, and it covers many languages): cardinals and
ordinals. What it lacks, a language declares in content/languages.yaml as ``number_words``
(number -> words or phrases): French ``une``, ``première``; English ``once``, ``both``;
German ``zu zweit``, ``beide``, ``Nullen``. A translator adds a language's words there, with
no code. Ukrainian's come from its grammar and are made here, as they are read in its
source texts too (Tokaido's sections written in it):

* neuter and plural of one (одне, одні and their cases), collective numerals (двоє, троє,
  четверо... and their cases, with у- or в-: удвох, вдвох), ``обидва``/``обидві``/``обоє``
  for two, ``двічі``/``тричі`` (twice, thrice), ordinals in every gender and case, the
  noun ``одиниця`` ("one more" of a value is «на одиницю більше»), the adjectives a number
  is written into (``шестигранний кубик``, a six-sided die), the cases of ``нуль`` and the
  second instrumental of 7 and 8 (``сімома``, ``вісьмома``).

A language num2words does not know gets digits and its declared words only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from schemas import languages

#: Numbers the check knows words for: the small ones prose spells out.
LIMIT = languages.MAX_NUMBER

_CASES = ("nominative", "genitive", "dative", "accusative", "instrumental", "locative")

#: Ukrainian adjective endings (hard and soft stems), every gender, number and case.
_UK_HARD = ("ий", "а", "е", "і", "ого", "ої", "их", "ому", "ій", "им", "у", "ими", "ім", "ою")
_UK_SOFT = ("ій", "я", "є", "і", "ього", "ьої", "іх", "ьому", "ій", "ім", "ю", "іми", "ьою")

#: Stems of the Ukrainian ordinals 1 to 10 (третій is the soft one).
_UK_ORDINAL_STEMS = {
    1: "перш",
    2: "друг",
    3: "трет",
    4: "четверт",
    5: "п’ят",
    6: "шост",
    7: "сьом",
    8: "восьм",
    9: "дев’ят",
    10: "десят",
}

#: Collective numerals and their cases (двоє гравців, для трьох, удвох).
_UK_COLLECTIVE = {
    2: (
        "двоє",
        "двох",
        "двом",
        "двома",
        "удвох",
        "вдвох",
        "обидва",
        "обидві",
        "обох",
        "обом",
        "обома",
        "обоє",
    ),
    3: ("троє", "трьох", "трьом", "трьома", "утрьох", "втрьох"),
    4: ("четверо", "чотирьох", "чотирьом", "чотирма", "вчотирьох"),
    5: ("п’ятеро", "п’ятьох", "п’ятьом", "п’ятьма", "вп’ятьох"),
    6: ("шестеро", "шістьох", "шістьом", "шістьма", "вшістьох"),
    7: ("семеро", "сімох", "сімом", "сьома", "всімох"),
    8: ("восьмеро", "вісьмох", "вісьмом"),
    9: ("дев’ятеро", "дев’ятьох"),
    10: ("десятеро", "десятьох"),
}

_UK_EXTRA = {
    # num2words writes нуль in the nominative only: «від нуля до трьох», «на нулі».
    0: ("нуля", "нулю", "нулем", "нулі"),
    1: (
        "одне",
        "одного",
        "одному",
        "одним",
        "одні",
        "одних",
        "одними",
        "одну",
        "однієї",
        "одній",
        "однією",
    ),
    2: ("дві", "двічі"),
    3: ("тричі",),
    4: ("чотиричі",),
    # The other instrumental of 7 and 8 beside num2words' сьома, вісьма: «з сімома культурами».
    7: ("сімома",),
    8: ("вісьмома",),
}

#: The noun of one in its cases: a value higher «на одиницю», not «на 1».
_UK_ONE_NOUN = ("одиниця", "одиниці", "одиницю", "одиницею", "одиниць")

#: Adjectives a number is written into, by stem (hard endings): «шестигранний кубик».
_UK_COMPOUND_STEMS: dict[int, tuple[str, ...]] = {6: ("шестигранн",)}


def _apostrophe(word: str) -> str:
    """One apostrophe for matching: num2words writes ', catalogs ’ or ʼ."""
    return word.replace("'", "’").replace("ʼ", "’")


def _num2words(number: int, language: str, **kwargs: str) -> set[str]:
    from num2words import num2words  # type: ignore[import-untyped]

    try:
        return {_apostrophe(str(num2words(number, lang=language, **kwargs)).lower())}
    except (NotImplementedError, TypeError, ValueError, OverflowError):
        return set()


def _uk_words(number: int) -> set[str]:
    words: set[str] = set()
    for case in _CASES:
        for gender in ("masculine", "feminine"):
            words |= _num2words(number, "uk", case=case, gender=gender)
    collective = set(_UK_COLLECTIVE.get(number, ()))
    # "втрьох" and "утрьох" are one word: Ukrainian alternates у/в by the sound before it.
    together = {w[1:] for w in collective if w[:1] in {"у", "в"} and w.endswith(("ох", "ьох"))}
    words |= collective | {"у" + w for w in together} | {"в" + w for w in together}
    words |= set(_UK_EXTRA.get(number, ()))
    if number == 1:
        words |= set(_UK_ONE_NOUN)
    for compound in _UK_COMPOUND_STEMS.get(number, ()):
        words |= {compound + ending for ending in _UK_HARD}
    stem = _UK_ORDINAL_STEMS.get(number)
    if stem is not None:
        endings = _UK_SOFT if number == 3 else _UK_HARD
        words |= {stem + ending for ending in endings}
    return words


def words_for(number: int, language: str) -> frozenset[str]:
    """Every word form of ``number`` in ``language`` the check accepts (lower case): those
    num2words and the grammar here make, and those the language declares."""
    return _words(number, language, _declared(number, language))


def _declared(number: int, language: str) -> tuple[str, ...]:
    """The words content/languages.yaml gives ``number`` in ``language`` (read each time:
    the file may change under a running ``serve --watch``)."""
    try:
        return languages.language(language).number_words.get(number, ())
    except KeyError:
        return ()


@cache
def _words(number: int, language: str, declared: tuple[str, ...]) -> frozenset[str]:
    # Imported on first use: num2words loads every language's converter, a good part of a
    # first build's imports, and a build's catalog checks spell no number.
    from num2words import CONVERTER_CLASSES

    if number < 0 or number > LIMIT:
        return frozenset()
    words = {_apostrophe(w.lower()) for w in declared}
    if language == "uk":
        words |= _uk_words(number)
    elif language in CONVERTER_CLASSES:
        words |= _num2words(number, language) | _num2words(number, language, to="ordinal")
    # "vingt et un" and "twenty-one" are also written "vingt-et-un" and "twenty one".
    words |= {w.replace("-", " ") for w in words} | {w.replace(" ", "-") for w in words}
    return frozenset(w for w in words if w)


def _normal(text: str) -> str:
    return _apostrophe(text.lower())


def has_word_for(number: int, text: str, language: str) -> bool:
    """Whether ``text`` writes ``number`` as a word of ``language``."""
    prose = _normal(text)
    for word in words_for(number, language):
        # A phrase's words may be parted by any space ("zu zweit" with a no-break space).
        pattern = r"\s+".join(re.escape(part) for part in word.split(" "))
        if re.search(r"(?<![\w’])" + pattern + r"(?![\w’])", prose):
            return True
    return False


#: Number words of a source that are read as numbers: from 2 (un/une/one are articles and
#: pronouns far more often than counts), without words that also mean something else
#: (French neuf is also "new").
_SOURCE_HOMOGRAPHS = frozenset(
    {"neuf", "second", "seconde", "double", "pair", "raz", "раз", "одні"}
)


@cache
def _source_words(language: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for number in range(2, 21):
        for word in _num2words(number, language) if language != "uk" else _uk_words(number):
            if word not in _SOURCE_HOMOGRAPHS and " " not in word and "-" not in word:
                found.setdefault(word, number)
    return found


def spelled_numbers(text: str, language: str) -> list[int]:
    """Numbers from 2 to 20 that ``text`` writes as cardinal words of ``language``."""
    words = _source_words(language)
    return [words[w] for w in re.findall(r"[\w’']+", _normal(text)) if w in words]


def covered(numbers: Iterable[int], text: str, language: str) -> bool:
    """Whether every number of ``numbers`` has its word in ``text``."""
    return all(has_word_for(n, text, language) for n in numbers)
