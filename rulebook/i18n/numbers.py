"""Counts and numbers in each language, from CLDR through Babel.

A count phrase is one whole pattern per CLDR plural category, with ``{count}`` where the
formatted number goes (``{count} очко`` / ``{count} очки`` / ``{count} очок``), chosen by
the language's plural rule. Nothing is built by gluing words and endings together, so
each language can order and inflect the phrase as it needs.

gettext catalogs number their plural forms by the ``Plural-Forms`` formula instead of by
CLDR category; :func:`forms_by_category` converts one into the other.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from decimal import Decimal, localcontext
from functools import cache
from typing import Literal, cast

from babel import Locale
from babel.messages.catalog import Catalog
from babel.numbers import format_decimal

#: CLDR plural categories.
Category = Literal["zero", "one", "two", "few", "many", "other"]

Number = int | float | Decimal

#: Where the formatted number goes in a count pattern.
COUNT = "{count}"


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(language)


def plural_category(number: Number, language: str) -> Category:
    """The CLDR plural category of ``number`` in ``language`` (uk: 1 one, 2 few, 5 many)."""
    return cast(Category, _locale(language).plural_form(number))


def categories(language: str) -> tuple[Category, ...]:
    """The plural categories ``language`` uses, ``other`` last."""
    tags = set(_locale(language).plural_form.tags) | {"other"}
    order: tuple[Category, ...] = ("zero", "one", "two", "few", "many", "other")
    return tuple(c for c in order if c in tags)


def format_number(number: Number, language: str) -> str:
    """``number`` written the way ``language`` writes it (fr 1 234,5 with U+202F)."""
    if isinstance(number, int) and abs(number) >= _EXACT:
        # Babel rounds through the decimal context (28 digits), which fails on a larger
        # whole number: a refused ``--players 10**30`` is still written in full.
        with localcontext() as context:
            context.prec = len(str(abs(number))) + 10  # room for the pattern's decimals
            return format_decimal(number, locale=_locale(language))
    return format_decimal(number, locale=_locale(language))


#: The smallest whole number the default decimal context cannot hold exactly.
_EXACT = 10**27


def format_count(number: Number, patterns: Mapping[str, str], language: str) -> str:
    """A count phrase: the pattern of ``number``'s plural category, with the number in it.

    ``patterns`` maps CLDR categories to patterns containing ``{count}``; a category it
    lacks falls back to ``other``, then to any pattern given.
    """
    if not patterns:
        raise ValueError("no count pattern given")
    category = plural_category(number, language)
    pattern = patterns.get(category) or patterns.get("other") or next(iter(patterns.values()))
    return pattern.replace(COUNT, format_number(number, language))


@cache
def _gettext_rule(language: str) -> tuple[int, str]:
    catalog = Catalog(locale=language)
    return catalog.num_plurals, catalog.plural_expr


def gettext_index(number: int, language: str) -> int:
    """The ``msgstr[n]`` index the language's ``Plural-Forms`` picks for ``number``."""
    count, expression = _gettext_rule(language)
    index = gettext.c2py(expression)(number)
    return min(index, count - 1)


#: Whole numbers that reach every integer plural category of the published languages
#: (French ``many`` starts at a million).
PLURAL_SAMPLES: tuple[int, ...] = (*range(0, 200), 1000, 1_000_000)


@cache
def sample_indexes(language: str) -> tuple[int, ...]:
    """The gettext form of each of PLURAL_SAMPLES in ``language``, in their order.

    The ``Plural-Forms`` rule is made once here: making it is most of a lookup's time, and
    every catalog's header check and plural comment asks for all the samples.
    """
    count, expression = _gettext_rule(language)
    rule = gettext.c2py(expression)
    return tuple(min(rule(number), count - 1) for number in PLURAL_SAMPLES)


@cache
def _index_of_category(language: str) -> dict[str, int]:
    """For each CLDR category a whole number reaches, the gettext form it uses."""
    found: dict[str, int] = {}
    for number, index in zip(PLURAL_SAMPLES, sample_indexes(language), strict=True):
        found.setdefault(plural_category(number, language), index)
    return found


def forms_by_category(forms: Sequence[str], language: str) -> dict[str, str]:
    """gettext plural forms (``msgstr[0]``, ``msgstr[1]``, ...) keyed by CLDR category.

    Categories only fractions reach (Ukrainian ``other``: 1,5) take the last form, the
    closest gettext can say.
    """
    mapping = _index_of_category(language)
    last = len(forms) - 1
    return {
        category: forms[min(mapping.get(category, last), last)] for category in categories(language)
    }


def forms_for_catalog(texts: Sequence[str], language: str) -> str | list[str]:
    """A source text as the ``msgstr`` of a catalog in its own language.

    A singular text is itself; a count phrase (singular, plural) gets one form per gettext
    index of ``language``: the singular where the index serves CLDR ``one``, else the plural.
    """
    if len(texts) == 1:
        return texts[0]
    count, _ = _gettext_rule(language)
    one = _index_of_category(language).get("one")
    return [texts[0] if index == one else texts[1] for index in range(count)]


def plural_comment(language: str) -> list[str]:
    """Lines for a catalog's header comment: which numbers each ``msgstr[n]`` serves.

    CLDR, which Babel and the browsers' ``Intl.PluralRules`` follow, gives some languages
    more forms than gettext tools traditionally know: French has ``many`` for round
    millions and more (« 1 000 000 de points ») beside ``one`` and ``other``, so its
    catalogs have three forms where Poedit or older msgmerge formulas expect two. Saying
    so where the translator looks avoids a form left empty or "fixed" to two.
    """
    count, _ = _gettext_rule(language)
    if count < 2:
        return []
    served: dict[int, list[int]] = {}
    names: dict[int, list[str]] = {}
    for number, index in zip(PLURAL_SAMPLES, sample_indexes(language), strict=True):
        served.setdefault(index, []).append(number)
        category = plural_category(number, language)
        if category not in names.setdefault(index, []):
            names[index].append(category)
    parts = [
        f"msgstr[{i}] {'/'.join(names.get(i, ['other']))} "
        f"({', '.join(str(n) for n in served.get(i, [])[:3]) or 'fractions'})"
        for i in range(count)
    ]
    lines = [f"Plural forms, as CLDR counts them: {'; '.join(parts)}."]
    rare = [i for i in range(count) if served.get(i) and min(served[i]) >= 1000]
    for index in rare:
        lines.append(
            f"msgstr[{index}] ({'/'.join(names[index])}) serves only large round numbers "
            f"such as {served[index][0]}: CLDR has {count} forms for this language where "
            "gettext tools often expect fewer; keep every form (Babel and the browsers' "
            "Intl.PluralRules choose by CLDR)."
        )
    return lines
