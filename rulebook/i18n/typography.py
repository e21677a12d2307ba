"""Typography per language: quotes, apostrophes and the spaces around punctuation.

Each published language says in content/languages.yaml which quotes it uses (and which
inside them), its apostrophe, and which characters take a no-break space before or after
them (French: a narrow one, U+202F, before ; ! ?; a full one, U+00A0, before : and inside
« »). Every language writes a range of numbers with an en dash (3–4), and keeps a short
number beside its word (a no-break space: « région 5 », « 3 pièces »). :func:`typeset`
applies those rules to a text; it is idempotent.

Only prose is touched. Left exactly as they are: link targets (``[shown](term:crop)``, the
part in parentheses), code spans, URLs, ``{placeholders}``, times and ratios (``2:30``,
``3:2``), and HTML-looking tags.

No library did this: typogrify and smartypants know English only, and none of them knows
Markdown link targets or gettext placeholders. The build typesets every text it shows (the
site is right whatever a catalog holds), and ``rulebook i18n check`` reports catalog entries
that are not typeset, which ``rulebook i18n typeset`` mends.
"""

from __future__ import annotations

import re
from functools import cache

from rulebook.i18n.numbers import COUNT
from schemas.languages import SPACES, LanguageSpec, Space, language

#: What is never touched: link targets, code, URLs, placeholders, tags.
#: A target stops at a "]" and a tag at a "<" too, so a text of many unclosed "](" or "<" is
#: read once (each was read to the end of the text, which took quadratic time). The private
#: use characters that mark protected pieces are protected themselves, so that a text
#: holding them reads back as it was.
_PROTECTED = re.compile(
    r"\]\([^)\]]*\)"  # a Markdown link's target
    r"|`[^`]*`"  # a code span
    r"|(?:https?|mailto|ftp):[^\s)\]>]+"  # a URL
    r"|\{[a-z][a-z0-9_]*\}"  # a placeholder
    r"|<[^<>\n]*>"  # a tag
    r"|[\ue100\ue101]"  # a marker's own character
)

#: Any space that may stand before or after punctuation.
_ANY_SPACE = "[ \u00a0\u202f\u2009]"

#: Quote marks read as opening or closing by what stands around them.
_QUOTES = '"“”„«»'

_QUOTE_MARK = re.compile(f"[{_QUOTES}]")

#: Characters after which a quote mark opens.
_OPENS_AFTER = " \u00a0\u202f\t\n([{/—–-"


#: Spaces a quote may have taken inside it, dropped inside inner quotes.
_INNER_SPACES = frozenset(" \u00a0\u202f")


def _spec(code: str) -> LanguageSpec | None:
    try:
        return language(code)
    except KeyError:
        return None


def _quotes(text: str, spec: LanguageSpec) -> str:
    """Every double quote mark as the language's, nested ones as its inner pair.

    A mark opens when it follows a space, the start, a bracket, a dash or another opening
    mark, and closes otherwise (« always opens, » always closes), whatever its shape: a
    translator may have typed "…", “…” or „…“.
    """
    if spec.quotes is None or _QUOTE_MARK.search(text) is None:
        return text  # the walk below, character by character, was most of typesetting
    outer_open, outer_close, inner_open, inner_close = spec.quotes
    out: list[str] = []
    depth = 0
    opened_last = False
    after_inner_open = False
    for index, char in enumerate(text):
        if char not in _QUOTES:
            # Inner quotes hug their text (« un “mot” »), whatever spaces the outer took.
            if not (after_inner_open and char in _INNER_SPACES):
                out.append(char)
                after_inner_open = False
            opened_last = False
            continue
        after_inner_open = False
        before = text[index - 1] if index else " "
        opening = char == "«" or (
            char != "»" and (before in _OPENS_AFTER or (opened_last and before in _QUOTES))
        )
        if opening:
            inner = depth % 2 == 1
            out.append(inner_open if inner else outer_open)
            after_inner_open = inner
            depth += 1
        else:
            depth = max(0, depth - 1)
            if depth % 2 == 1:
                while out and out[-1] in _INNER_SPACES:
                    out.pop()
            out.append(outer_close if depth % 2 == 0 else inner_close)
        opened_last = opening
    return "".join(out)


def _apostrophes(text: str, spec: LanguageSpec) -> str:
    """Straight and modifier apostrophes inside or at the end of a word as the language's.

    An elision before a link or a tag counts too: ``l'[eau](term:water)`` and
    ``l'<a>eau</a>`` print l’eau (the link's text is the word the apostrophe touches).
    """
    if spec.apostrophe is None:
        return text
    return _APOSTROPHE.sub(spec.apostrophe, text)


_APOSTROPHE = re.compile(r"(?<=[^\W\d_])['ʼ’](?=[^\W\d_]|\s|$|[.,;:!?)»”“\[\ue100])")


#: Two numbers joined by a hyphen (3-4), not inside a longer run of digits and hyphens (a
#: date, a tile's 10-6-2 points) nor after a letter, a point or a hyphen (a code, x-1).
_HYPHEN_PAIR = re.compile(r"(?<![\w.\-–/])(\d+)-(\d+)(?![\w–/]|\.\d|-\d)")


def _ranges(text: str) -> str:
    """A range of numbers with an en dash (3–4 joueurs, 1–6 players).

    Only a rising pair is a range: a falling one names a thing (a 9-5 tile gives 9 points
    to the first and 5 to the second) or a score, and keeps its hyphen.
    """
    return _HYPHEN_PAIR.sub(lambda m: f"{m[1]}–{m[2]}" if int(m[1]) < int(m[2]) else m[0], text)


#: One spacing rule: the punctuation it is about, what it finds, what it writes there.
_Rule = tuple[str, re.Pattern[str], str]


def _spaces(text: str, spec: LanguageSpec) -> str:
    """The language's spaces before and after punctuation; none where it wants none."""
    for char, pattern, space in _space_rules(
        tuple(spec.space_before.items()), tuple(spec.space_after.items())
    ):
        if char in text:  # every rule is about its character: no character, nothing to do
            text = pattern.sub(space, text)
    return text


@cache
def _space_rules(
    before: tuple[tuple[str, Space], ...], after: tuple[tuple[str, Space], ...]
) -> list[_Rule]:
    """The rules of :func:`_spaces` for a language's spaces ``before`` and ``after``
    punctuation, in the order they apply, compiled once."""
    wants_before = dict(before)
    rules: list[_Rule] = []
    for char in ";:!?":
        if char in wants_before:
            continue
        # No space before it (English, Ukrainian), except between numbers (2 : 1 stays).
        rules.append((char, re.compile(f"(?<=[^\\s\\d]){_ANY_SPACE}+(?={re.escape(char)})"), ""))
    if "«" not in dict(after):
        rules.append(("«", re.compile(f"(?<=«){_ANY_SPACE}+"), ""))
    if "»" not in wants_before:
        # From the first space of a run only: tried from each, a long run took quadratic time.
        rules.append(("»", re.compile(f"(?<!{_ANY_SPACE}){_ANY_SPACE}+(?=»)"), ""))
    for char, kind in before:
        escaped = re.escape(char)
        if char == ":":
            # Not in times and ratios (2:30, 3:2), nor after a space-less start of line; a
            # number before a colon that no number follows is a label (« Case 1 : »).
            pattern = (
                f"(?<=[^\\s\\d]){_ANY_SPACE}*(?={escaped})"
                f"|(?<=\\d){_ANY_SPACE}+(?={escaped})"
                f"|(?<=\\d)(?={escaped}(?!\\d))"
            )
        elif char in "!?":
            # One space before a run like "?!", none between its marks.
            pattern = f"(?<=[^\\s!?]){_ANY_SPACE}*(?={escaped})"
        else:
            pattern = f"(?<=\\S){_ANY_SPACE}*(?={escaped})"
        rules.append((char, re.compile(pattern), SPACES[kind]))
    for char, kind in after:
        pattern = f"(?<={re.escape(char)}){_ANY_SPACE}*(?=\\S)"
        rules.append((char, re.compile(pattern), SPACES[kind]))
    return rules


#: A short number that ends a line, after a word and before nothing but closing punctuation
#: (« Tuile de la région 5 », "Round 3.").
_LAST_NUMBER = re.compile(r"(?<=[^\W\d_]) (\d{1,3})(?=(?:[\u00a0\u202f]?[.,;:!?)\]»”…])*$)", re.M)

#: The word a count stands before, perhaps opening a link or emphasis (``[pièces](term:coin)``).
_WORD_AHEAD = r"(?=[\[*_]*[^\W\d_])"

#: A short number before the word it counts (« 3 pièces », "1 coin"); not the end of a
#: longer number or code (1000, x2, 4.5).
_COUNTED = re.compile(r"(?<![\w.,])(\d{1,3}) " + _WORD_AHEAD)


def _numbers(text: str) -> str:
    """A short number stays beside its word: a no-break space between them, so a narrow
    label never leaves its number alone on a line of its own (« Плитка підрахунку регіону
    5 » on a phone), nor a count apart from what it counts (« ціною 1 / монета »). Every
    language."""
    return _COUNTED.sub("\\1\u00a0", _LAST_NUMBER.sub("\u00a0\\1", text))


def _prose(text: str, spec: LanguageSpec) -> str:
    return _numbers(_spaces(_apostrophes(_quotes(_ranges(text), spec), spec), spec))


#: A count phrase's number (``{count} очок``), before the word it counts: kept beside it
#: like a number written out (the calculator fills the number in, after typesetting).
_COUNT_PLACEHOLDER = re.compile(re.escape(COUNT) + " " + _WORD_AHEAD)

_MARKER = re.compile("\ue100(\\d+)\ue101")


def _typeset(text: str, code: str) -> str:
    spec = _spec(code)
    if spec is None:
        return text
    # Protected pieces become private-use markers, so rules never see or split them.
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match[0])
        return f"\ue100{len(kept) - 1}\ue101"

    masked = _PROTECTED.sub(keep, _COUNT_PLACEHOLDER.sub(f"{COUNT}\u00a0", text))
    done = _prose(masked, spec)
    if not kept:
        return done
    return _MARKER.sub(lambda m: kept[int(m[1])], done)


#: Each text typeset, by (text, language code), and its result. A result is kept as its
#: own too: typesetting is idempotent, and a build typesets most texts twice (the
#: translator what it gives, then the page what it shows), the second time its result.
_TYPESET: dict[tuple[str, str], str] = {}


def typeset(text: str, code: str) -> str:
    """``text`` with the typography of the language ``code`` (unchanged for an unknown one)."""
    done = _TYPESET.get((text, code))
    if done is None:
        done = _typeset(text, code)
        _TYPESET[text, code] = _TYPESET[done, code] = done
    return done
