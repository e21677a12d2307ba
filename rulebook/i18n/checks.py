"""Translation checks: what ``rulebook i18n check`` refuses.

Each translated (non-fuzzy) message is checked against its source text:

``numbers``       every number of the source appears in the translation, in digits or as a
                  word of its language ("deux", "дві", "both");
``placeholders``  the same ``{placeholders}``, none broken or added, and no ``%s`` or
                  ``%(name)s`` the source does not have;
``links``         the same Markdown link targets (``[text](term:<id>)``, ``(rule:<id>)``);
``markup``        only the tags and attributes the source uses (nh3 with an allow-list
                  built from the source, like Weblate's safe-html check), none dropped, and
                  no script, event handler or ``javascript:`` URL in any case;
``glossary``      a glossary term the source uses (says, or links to: the terms the
                  extraction marks in its comments) is rendered by the glossary's word for the
                  language (its ``glossary.<id>.term`` translation in the game's glossary
                  catalog, or one of its ``glossary.<id>.forms``; rulebook.i18n.glossary), an
                  inflection or a compound of it (rulebook.i18n.terms); a term inside a
                  longer term the source says is not asked for. The translator may flag the
                  entry ``#, ignore-glossary`` when the source uses the word in another
                  sense (French "été", summer and "been");
``forms``         a term's forms are a list: no empty item between commas, no form twice;
``empty``         a translation that is only blanks, or a plural with some forms left out;
``unchanged``     a copy of the source, unless it is made only of names kept as they are
                  (``Term.keep``, the glossary's own rendering, the game's name) or the
                  translator flagged it ``#, ignore-same``;
``bidi``          no bidirectional embedding, override or isolate (U+202A-U+202E,
                  U+2066-U+2069) the source does not have: they reorder what a reader sees;
``emails``        the same e-mail addresses (in linear time: translate-toolkit's took quadratic);
``whitespace``, ``doubled``, ``brackets``, ``emphasis``, ``entities``, ``typography``,
``language``      see rulebook.i18n.textchecks: stray spaces and line breaks, a word twice,
                  unbalanced brackets, a dropped **bold** or a ``**`` without its pair, an
                  HTML reference such as ``&lt;b&gt;``, text not typeset for its language, a
                  sentence left in the source language or another of the project's;

A translator waives a check for one entry with a translator comment, which every PO editor
can write (Poedit cannot set flags)::

    # rulebook: ignore-same, ignore-glossary

or with the flag of the same name (``#, ignore-same``); a waiver that excuses nothing is a
failure (``waiver``: rulebook.i18n.waivers). Markup, placeholder, link, bidi, e-mail and
empty-text checks cannot be waived: they guard the site. A fuzzy message, which a
translators' preview (``build --drafts``) shows, is checked for what is unsafe whatever its
source (draft_problems). ``rulebook build`` runs the checks that guard the site
(build_failures), so it never builds a catalog refused for them.

Every check takes time linear in the length of the text (a regular expression that retried
from every character of a long run once took minutes over a megabyte), and a catalog is
bounded (rulebook.i18n.catalogs.MAX_CATALOG_BYTES, MAX_MESSAGE_CHARS).

and each catalog as a whole: it parses (within its bounds, every string closed), its
``Language`` and ``Plural-Forms`` headers are right (the formula chooses the language's
forms), babel's ``Catalog.check`` passes, and it and the template are up to date with the
content, and the copies of messages written in the catalog's own language (``read-only``)
equal their source. Untranslated and fuzzy messages are not errors unless ``complete`` is
asked for.
"""

from __future__ import annotations

import gettext
import html
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import nh3
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError

from rulebook.i18n import glossary
from rulebook.i18n.catalogs import (
    CatalogRefused,
    Domain,
    catalog_bytes,
    entries,
    game_domain,
    glossary_domain,
    load_entries,
    po_path,
    pot_path,
    read_catalog,
    read_catalog_once,
    state,
    strings,
    template_bytes,
    translated,
    ui_domain,
)
from rulebook.i18n.merge import READ_ONLY
from rulebook.i18n.messages import PLACEHOLDER, SourceMessage
from rulebook.i18n.numbers import PLURAL_SAMPLES, forms_for_catalog, sample_indexes
from rulebook.i18n.review import review_problem
from rulebook.i18n.terms import DECLARED, Matcher, WordRule, rule_of
from rulebook.i18n.terms import prose as _prose
from rulebook.i18n.terms import used as used_terms
from rulebook.i18n.textchecks import (
    bracket_problems,
    doubled_word,
    email_problem,
    emphasis_problem,
    entity_problem,
    missing_numbers,
    numbers,
    other_language_sentences,
    typography_problem,
    whitespace_problems,
)
from rulebook.i18n.toolchecks import msgfmt_problems, pofilter_problems
from rulebook.i18n.waivers import excused, idle, waivers
from schemas.common import LANGUAGES
from schemas.diagnostics import Diagnostic, Severity
from schemas.game import GameContent
from schemas.languages import complete_required, review_required

__all__ = ["Failure", "check", "check_catalog", "check_message", "missing_numbers", "numbers"]

# ----------------------------------------------------------------------------------------
# Failures
# ----------------------------------------------------------------------------------------


class Failure(Diagnostic):
    """One check that failed, as a diagnostic: where (catalog ``file``, ``line``, the
    message's context as ``loc``) and what (the check as ``type``, ``msg``).

    A ``warning`` is reported but fails nothing: a published translation waiting for review
    after a source edit (the page shows the source with its "being updated" mark meanwhile).
    """

    def __init__(
        self,
        file: str,
        line: int | None,
        context: str,
        check: str,
        message: str,
        warning: bool = False,
    ) -> None:
        loc = (context,) if context else ()
        severity: Severity = "warning" if warning else "error"
        super().__init__(check, loc, message, file=file, line=line, severity=severity)

    @property
    def check(self) -> str:
        """The check that failed (the diagnostic's ``type``)."""
        return self.type

    @property
    def context(self) -> str:
        """The catalog context of the message, empty for the catalog as a whole."""
        return str(self.loc[0]) if self.loc else ""

    @property
    def message(self) -> str:
        """What is wrong (the diagnostic's ``msg``)."""
        return self.msg

    @property
    def warning(self) -> bool:
        """Reported without failing."""
        return self.severity == "warning"


# ----------------------------------------------------------------------------------------
# Numbers and placeholders
# ----------------------------------------------------------------------------------------


#: A printf-style placeholder (``%s``, ``%d``, ``%(name)s``, ``%5.2f``). Not "% d": a space
#: flag would take French "50 % des cartes" for one.
_PRINTF = re.compile(r"%(?:\([^()\s]*\))?[#0+\-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


def placeholder_problem(source: str, translation: str) -> str | None:
    """What is wrong with the ``{placeholders}`` of ``translation``, if anything."""
    wanted = Counter(PLACEHOLDER.findall(source))
    got = Counter(PLACEHOLDER.findall(translation))
    problems = []
    missing = sorted(set(wanted) - set(got))
    extra = sorted(set(got) - set(wanted))
    if missing:
        problems.append("missing " + ", ".join(f"{{{n}}}" for n in missing))
    if extra:
        problems.append("unknown " + ", ".join(f"{{{n}}}" for n in extra))
    printf = Counter(_PRINTF.findall(translation)) - Counter(_PRINTF.findall(source))
    if printf:
        problems.append(
            "%-format placeholder(s) the source does not have: "
            + ", ".join(sorted(printf))
            + " (texts here take {braces} only)"
        )
    stray_source = PLACEHOLDER.sub("", source)
    stray = PLACEHOLDER.sub("", translation)
    for brace in "{}":
        if stray.count(brace) != stray_source.count(brace):
            problems.append(f"a stray {brace!r} (a broken placeholder?)")
    if not problems:
        return None
    expected = ", ".join(f"{{{n}}}" for n in sorted(wanted)) or "none"
    return "; ".join(problems) + f" (expected placeholders: {expected})"


# ----------------------------------------------------------------------------------------
# Markup
# ----------------------------------------------------------------------------------------

#: Tags never allowed, even if a source used them.
_NEVER_TAGS = frozenset(
    {
        "script",
        "style",
        "iframe",
        "object",
        "embed",
        "frame",
        "frameset",
        "base",
        "form",
        "input",
        "button",
        "textarea",
        "select",
        "meta",
        "link",
        "svg",
        "math",
        "template",
    }
)
#: Attributes that take a URL.
_URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "xlink:href", "poster"})
#: URL schemes a link may use.
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
#: How many more "<" than its source a translation may have before it is refused unread.
MAX_ADDED_OPENERS = 16
#: Script URLs, including in Markdown links and once entities are decoded.
_SCRIPT_URL = re.compile(r"(?i)(?:java|vb)script\s*:|data\s*:\s*[a-z]+/[a-z]")

Event = tuple[str, ...]


class _Markup(HTMLParser):
    """An HTML fragment as a list of events, with text merged and entities decoded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[Event] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pairs = sorted(f"{name}={value or ''}" for name, value in attrs)
        self.events.append(("start", tag, *pairs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        self.events.append(("end", tag))

    def handle_data(self, data: str) -> None:
        if self.events and self.events[-1][0] == "data":
            self.events[-1] = ("data", self.events[-1][1] + data)
        else:
            self.events.append(("data", data))

    def handle_comment(self, data: str) -> None:
        self.events.append(("comment", data))

    def handle_decl(self, decl: str) -> None:
        self.events.append(("declaration", decl))

    def handle_pi(self, data: str) -> None:
        self.events.append(("declaration", data))

    def unknown_decl(self, data: str) -> None:
        self.events.append(("declaration", data))


def _events(text: str) -> list[Event]:
    parser = _Markup()
    parser.feed(text)
    parser.close()
    return parser.events


def _attributes(event: Event) -> list[tuple[str, str]]:
    return [(pair.partition("=")[0], pair.partition("=")[2]) for pair in event[2:]]


def _safe_attribute(name: str) -> bool:
    return not name.startswith("on") and name not in {"style", "srcdoc", "formaction"}


def _safe_url(value: str) -> bool:
    scheme = re.match(r"^\s*([a-zA-Z][a-zA-Z0-9+.-]*)\s*:", html.unescape(value))
    return scheme is None or scheme.group(1).lower() in SAFE_SCHEMES


def allow_list(source: str) -> tuple[set[str], dict[str, set[str]]]:
    """The tags, and attributes per tag, a translation of ``source`` may use."""
    tags: set[str] = set()
    attributes: dict[str, set[str]] = {}
    for event in _events(source):
        if event[0] == "start" and event[1] not in _NEVER_TAGS:
            tags.add(event[1])
            names = {n for n, _ in _attributes(event) if _safe_attribute(n)}
            attributes.setdefault(event[1], set()).update(names)
    return tags, attributes


def markup_problem(source: str, translation: str) -> str | None:
    """What is wrong with the markup of ``translation``, if anything.

    The translation is sanitized by nh3 allowing exactly the source's tags and attributes
    (never scripts or event handlers, links only to http, https and mailto); it must come
    out unchanged, and it must keep every tag the source has.
    """
    added_openers = translation.count("<") - source.count("<")
    if added_openers > MAX_ADDED_OPENERS:
        # Not parsed: Python's HTML parser reads each unclosed "<" to the end of the text,
        # so thousands of them took quadratic time; no translation needs so many.
        return (
            f"{added_openers} more '<' than the source: a translation keeps the source's "
            "tags (write a less-than sign in words)"
        )
    tags, attributes = allow_list(source)
    events = _events(translation)
    added: list[str] = []
    for event in events:
        if event[0] in {"comment", "declaration"}:
            added.append("<!...> comment or declaration")
        if event[0] != "start":
            continue
        if event[1] not in tags:
            added.append(f"<{event[1]}>")
            continue
        for name, value in _attributes(event):
            if name not in attributes.get(event[1], set()):
                added.append(f"{name}= on <{event[1]}>")
            elif name in _URL_ATTRIBUTES and not _safe_url(value):
                added.append(f"a {value.split(':')[0].strip()}: URL in {name}=")
    problems = []
    if added:
        allowed = ", ".join(f"<{t}>" for t in sorted(tags)) or "no markup"
        problems.append(f"not allowed: {', '.join(added)} (the source allows {allowed})")
    if _SCRIPT_URL.search(html.unescape(translation)) and not _SCRIPT_URL.search(
        html.unescape(source)
    ):
        problems.append("a script URL (javascript:, vbscript:, data:)")
    cleaned = nh3.clean(
        translation,
        tags=tags,
        attributes=attributes,
        url_schemes=set(SAFE_SCHEMES),
        link_rel=None,
        strip_comments=True,
    )
    if not problems and _events(cleaned) != events:
        problems.append("malformed markup (unclosed or misnested tags)")
    wanted = Counter(e[1] for e in _events(source) if e[0] == "start" and e[1] in tags)
    got = Counter(e[1] for e in events if e[0] == "start")
    dropped = wanted - got
    if dropped:
        problems.append("drops " + ", ".join(f"<{t}>" for t in sorted(dropped)))
    return "; ".join(problems) if problems else None


#: Bidirectional embeddings, overrides and isolates: they make a text show in another order
#: than it is written (the "Trojan Source" trick), so a reader sees what no reviewer read.
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def bidi_problem(source: str, translation: str, language: str) -> str | None:
    """The bidirectional control characters of ``translation`` that ``source`` lacks."""
    added = Counter(_BIDI_CONTROLS.findall(translation)) - Counter(_BIDI_CONTROLS.findall(source))
    if not added:
        return None
    named = ", ".join(f"U+{ord(c):04X} ({unicodedata.name(c)})" for c in sorted(added))
    return (
        f"bidirectional control character(s) the source does not have: {named}; they make "
        f"the {language} text show in another order than it is written: delete them"
    )


#: How many "<" a draft may hold before it is refused unread (see markup_problem).
MAX_DRAFT_OPENERS = 256


def dangerous_markup(text: str) -> str | None:
    """What in ``text`` is never allowed, whatever its source: scripts, event handlers, script
    URLs. A draft (a fuzzy translation, shown in a translators' preview) is checked for these
    alone, since it was made for another source."""
    if text.count("<") > MAX_DRAFT_OPENERS:
        return f"more than {MAX_DRAFT_OPENERS} '<': a translation keeps the source's tags"
    found: list[str] = []
    for event in _events(text):
        if event[0] != "start":
            continue
        if event[1] in _NEVER_TAGS:
            found.append(f"<{event[1]}>")
        for name, value in _attributes(event):
            if not _safe_attribute(name):
                found.append(f"{name}= on <{event[1]}>")
            elif name in _URL_ATTRIBUTES and not _safe_url(value):
                found.append(f"a {value.split(':')[0].strip()}: URL in {name}=")
    if _SCRIPT_URL.search(html.unescape(text)):
        found.append("a script URL (javascript:, vbscript:, data:)")
    return f"never allowed: {', '.join(found)}" if found else None


#: The start of a Markdown link or image, up to its target: ``[text](`` and an optional ``<``.
#: The shown text stops at a "[" too: a link inside "[a [b](x)" is found from its own "[".
_LINK_OPENING = re.compile(r"\[[^\[\]]*\]\(\s*<?")
#: What ends a link's target: a space, a ">" or the ")".
_TARGET_END = re.compile(r"[\s>)]")
#: What must follow a target for it to be a link: an optional ">", spaces and the ")".
_LINK_CLOSING = re.compile(r">?\s*\)")


def link_targets(text: str) -> list[str]:
    """The targets of the Markdown links and images of ``text``, in order.

    What ``[text](target)`` as one regular expression finds, in linear time: a single
    expression read a text of many unclosed "[a](" to its end once per "[" (quadratic).
    Here the end of a target is looked for once per run of target characters, and whether
    a link closes there once per end.
    """
    found: list[str] = []
    end = -1  # where the target run met last ends
    closes: dict[int, int | None] = {}  # a target's end -> where its link ends, if it does
    position = 0
    while (opening := _LINK_OPENING.search(text, position)) is not None:
        start = opening.end()
        if end < start:
            stop = _TARGET_END.search(text, start)
            end = len(text) if stop is None else stop.start()
        if end not in closes:
            closing = _LINK_CLOSING.match(text, end)
            closes[end] = None if closing is None else closing.end()
        after = closes[end]
        if after is None:
            position = opening.start() + 1
        else:
            found.append(text[start:end])
            position = after
    return found


def link_problem(source: str, translation: str) -> str | None:
    """What is wrong with the Markdown links of ``translation``, if anything.

    Rule text links with ``[shown text](term:<id>)`` and ``[shown text](rule:<id>)``: the
    shown text is translated freely, the targets must stay the same.
    """
    wanted = Counter(link_targets(source))
    got = Counter(link_targets(translation))
    if wanted == got:
        return None
    problems = []
    if wanted - got:
        problems.append("missing " + ", ".join(f"({t})" for t in sorted(wanted - got)))
    if got - wanted:
        problems.append("unknown " + ", ".join(f"({t})" for t in sorted(got - wanted)))
    return "link targets changed: " + "; ".join(problems) + " (keep each (target) as it is)"


# ----------------------------------------------------------------------------------------
# Glossary
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TermRendering:
    """A glossary term and the words that render it in each language."""

    id: str
    keep: bool
    forms: Mapping[str, frozenset[str]]


class Renderings(list[TermRendering]):
    """A game's term renderings, with their forms compiled once per language and rule for
    the thousands of messages a check reads (rulebook.i18n.terms.Matcher)."""

    def __init__(self, terms: Iterable[TermRendering] = ()) -> None:
        super().__init__(terms)
        self._matchers: dict[tuple[str, WordRule], Matcher] = {}

    def matcher(self, language: str, rule: WordRule) -> Matcher:
        """Every term's forms in ``language`` read under ``rule``."""
        key = (language, rule)
        if key not in self._matchers:
            forms = {t.id: t.forms.get(language, frozenset()) for t in self}
            self._matchers[key] = Matcher(forms, rule)
        return self._matchers[key]


def _current(
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
    term (``Term.keep``) stays as it is too.
    """
    content = domain.content
    result = Renderings()
    if content is None or content.glossary is None:
        return result
    messages = domain.by_context()
    for term in content.glossary.terms:
        forms: dict[str, frozenset[str]] = {}
        for language in LANGUAGES:
            words: set[str] = set()
            if term.keep:
                words.add(term.term)
            if language == domain.source_language:
                words.update(glossary.source_forms(term))
            else:
                got = found.get(language, {})
                word = _current(messages, got, glossary.term_context(term.id), language)
                listed = _current(messages, got, glossary.forms_context(term.id), language)
                words.update([word] if word else [])
                words.update(glossary.split_forms(listed or ""))
            forms[language] = frozenset(words)
        result.append(TermRendering(term.id, term.keep, forms))
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
    says (« dernier tour de table » does not say « tour »): its author listed exactly the
    words that mean the term, so nothing more is read into it; or a term it links to. These
    are the terms the extraction marks in the message's comments (rulebook.i18n.terms.used,
    rulebook.i18n.glossary.TermMarks). The translation renders the term
    by one of its language's forms, or an inflection or a compound of one that the
    language's rule allows (rulebook.i18n.terms; ``rule`` stands for the language's own),
    anywhere in it.
    """
    terms = terms if isinstance(terms, Renderings) else Renderings(terms)
    rule = rule_of(language) if rule is None else rule
    used = used_terms(message.texts, terms.matcher(message.language, DECLARED))
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


# ----------------------------------------------------------------------------------------
# Copies of the source
# ----------------------------------------------------------------------------------------


def _normal(text: str) -> str:
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
    if _normal(source) != _normal(translation):
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


# ----------------------------------------------------------------------------------------
# Catalogs
# ----------------------------------------------------------------------------------------


def check_message(
    message: SourceMessage,
    entry: Message,
    language: str,
    terms: Sequence[TermRendering] = (),
    names: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """(check, problem) pairs for one translated message."""
    forms = strings(entry)
    if not translated(entry):
        blank = [str(i) for i, f in enumerate(forms) if not f.strip()]
        which = "" if len(forms) == 1 else f" (form {', '.join(blank)})"
        return [
            (
                "empty",
                f"an empty translation{which}: write it, or clear it to leave it untranslated",
            )
        ]
    waived = waivers(entry)
    kept = _kept_words(terms, language, names)
    found: list[tuple[str, str]] = []
    for index, form in enumerate(forms):
        source = message.text if index == 0 or message.plural is None else message.plural
        found.extend(_form_problems(message, source, form, language))
        if index == 0:
            found.extend(("glossary", p) for p in glossary_problems(message, form, language, terms))
            problem = unchanged_problem(source, form, language, terms, names)
            if problem:
                found.append(("unchanged", problem))
            if _normal(source) != _normal(form):
                others = [message.language, *LANGUAGES]
                for sentence, other in other_language_sentences(form, language, others, kept):
                    found.append(("language", f"a sentence left in {other}: {sentence!r}"))
    # Every check runs, waived or not: a waiver that excuses nothing is reported, so none
    # outlives the problem it was written for (rulebook.i18n.waivers).
    stale = [("waiver", _idle_text(w)) for w in idle(entry, (name for name, _ in found))]
    found = [(name, text) for name, text in found if not excused(name, waived)] + stale
    return list(dict.fromkeys(found))


def _idle_text(waiver: str) -> str:
    return f"`ignore-{waiver}` excuses nothing here any more: remove it"


def _form_problems(
    message: SourceMessage, source: str, form: str, language: str
) -> list[tuple[str, str]]:
    """The checks of one form of a translation against the source form it renders."""
    found: list[tuple[str, str]] = []
    lost = missing_numbers(source, form, message.language, language)
    if lost:
        found.append(
            (
                "numbers",
                f"numbers of the source missing: {', '.join(lost)} (in digits or in words)",
            )
        )
    found.extend(safety_problems(source, form, language))
    for name, problem in (
        ("emails", email_problem(source, form)),
        ("doubled", doubled_word(source, form)),
        ("emphasis", emphasis_problem(source, form)),
        ("entities", entity_problem(source, form)),
        ("typography", typography_problem(form, language)),
    ):
        if problem:
            found.append((name, problem))
    found.extend(("whitespace", p) for p in whitespace_problems(source, form))
    found.extend(("brackets", p) for p in bracket_problems(source, form))
    return found


#: The checks that guard the site: ``rulebook build`` refuses a catalog that fails one.
SAFETY_CHECKS = ("placeholders", "markup", "links", "bidi")


def safety_problems(source: str, form: str, language: str) -> list[tuple[str, str]]:
    """The checks of one current translation's form that a build runs too (SAFETY_CHECKS)."""
    found = (
        ("placeholders", placeholder_problem(source, form)),
        ("markup", markup_problem(source, form)),
        ("links", link_problem(source, form)),
        ("bidi", bidi_problem(source, form, language)),
    )
    return [(name, problem) for name, problem in found if problem]


def draft_problems(source: str, form: str, language: str) -> list[tuple[str, str]]:
    """The checks of a draft's form (fuzzy, or made for an older source): what is unsafe
    whatever the source (a draft may rightly differ from the new one)."""
    found = (("markup", dangerous_markup(form)), ("bidi", bidi_problem(source, form, language)))
    return [(name, problem) for name, problem in found if problem]


def _kept_words(
    terms: Sequence[TermRendering], language: str, names: Iterable[str]
) -> frozenset[str]:
    """Words that stay as they are in a translation: names and kept terms."""
    words: set[str] = set()
    for phrase in [*names, *(f for t in terms if t.keep for f in t.forms.get(language, ()))]:
        words.update(w.casefold() for w in re.findall(r"[^\W\d_]+", phrase or ""))
    return frozenset(words)


def _template_problem(domain: Domain, locales: Path) -> Failure | None:
    path = pot_path(locales, domain.name)
    if not os.path.lexists(path):  # a broken link is there: the reader says what it is
        return Failure(str(path), None, "", "outdated", "missing: run `rulebook i18n extract`")
    expected = template_bytes(domain, locales)
    if expected is None or catalog_bytes(path) != expected:
        return Failure(
            str(path),
            None,
            "",
            "outdated",
            "the template differs from the content: run `rulebook i18n extract`",
        )
    return None


def check_catalog(
    domain: Domain,
    language: str,
    locales: Path,
    terms: Sequence[TermRendering] = (),
    complete: bool = False,
    review: bool = False,
) -> list[Failure]:
    """Every failure of the catalog of ``domain`` in ``language``.

    ``review`` also fails each translation without a reviewer's mark of its current text
    (rulebook.i18n.review).
    """
    path = po_path(locales, language, domain.name)
    file = str(path)
    wanted = {m.context: m for m in domain.messages}
    if not os.path.lexists(path):  # a broken link is there: the reader says what it is
        return [
            Failure(
                file,
                None,
                "",
                "catalog",
                f"missing ({len(wanted)} message(s) of {domain.name} belong in it): "
                "run `rulebook i18n update`",
            )
        ]
    try:
        catalog = read_catalog(path, language)
    except PoFileError as error:
        return [_unread(file, error)]
    failures = _header_failures(catalog, language, file)
    for item in catalog:
        item.flags.discard("python-format")  # our texts have no %-formats, only {braces}
    for item, errors in catalog.check():
        for problem in errors:
            failures.append(
                Failure(file, item.lineno, str(item.context or ""), "catalog", str(problem))
            )
    found = entries(catalog)
    outdated = sorted(set(wanted) ^ set(found)) + sorted(
        c for c in set(wanted) & set(found) if _msgid(found[c]) != wanted[c].msgid
    )
    outdated += sorted(
        c
        for c, m in wanted.items()
        if m.language == language and c in found and not _is_copy(found[c], m, language)
    )
    if outdated:
        failures.append(
            Failure(
                file,
                None,
                "",
                "outdated",
                f"{len(outdated)} message(s) differ from the content (first: "
                f"{outdated[0]}): run `rulebook i18n update`",
            )
        )
    names = _names(domain, language)
    for context, entry in found.items():
        message = wanted.get(context)
        if message is None or _msgid(entry) != message.msgid or message.language == language:
            continue
        untouched = all(not form for form in strings(entry))
        if entry.fuzzy or untouched:
            if complete and entry.fuzzy:
                # A source edit must not stop the site: the old translation waits for review
                # while the page shows the source, and the status page lists it.
                what = "fuzzy: review it against the new source"
                failures.append(Failure(file, entry.lineno, context, "outdated", what, True))
            elif complete:
                failures.append(Failure(file, entry.lineno, context, "incomplete", "missing"))
            # A draft is shown in a translators' preview (build --drafts): nothing unsafe.
            for name, text in _entry_problems(message, entry, language, draft=True):
                failures.append(Failure(file, entry.lineno, context, name, text))
            continue
        if domain.glossary and glossary.is_forms(context):
            problems = forms_entry_problems(message, entry, language)
        else:
            problems = check_message(message, entry, language, terms, names)
        for name, text in problems:
            failures.append(Failure(file, entry.lineno, context, name, text))
        unreviewed = review_problem(entry) if review else None
        if unreviewed:
            # A failure, not a warning like a fuzzy entry: a fuzzy entry's page shows the
            # source, but an unreviewed translation would be published as it is.
            failures.append(Failure(file, entry.lineno, context, "unreviewed", unreviewed))
    return failures


def forms_entry_problems(
    message: SourceMessage, entry: Message, language: str
) -> list[tuple[str, str]]:
    """The checks of a term's forms (``glossary.<id>.forms``): a list of words, not a
    sentence, so only the checks that guard the site and the list's own (``forms``)."""
    form = strings(entry)[0]
    found = safety_problems(message.text, form, language)
    found.extend(("forms", problem) for problem in glossary.forms_problems(form))
    return found


def _entry_problems(
    message: SourceMessage, entry: Message, language: str, draft: bool
) -> list[tuple[str, str]]:
    """The safety checks of every form of ``entry`` (only a draft's, when ``draft``)."""
    check = draft_problems if draft else safety_problems
    found: list[tuple[str, str]] = []
    for index, form in enumerate(strings(entry)):
        source = message.text if index == 0 or message.plural is None else message.plural
        found.extend(check(source, form, language))
    return list(dict.fromkeys(found))


def build_failures(domain: Domain, language: str, locales: Path) -> list[Failure]:
    """What ``rulebook build`` refuses in the catalog of ``domain`` in ``language``.

    The catalog must read (within its bounds) and have the right ``Language`` and
    ``Plural-Forms``; every translation a page may show must pass the SAFETY_CHECKS (a draft,
    shown with ``--drafts``, the checks of draft_problems). These are failures of
    ``rulebook i18n check`` too, so a catalog it refuses for them is never built; missing and
    fuzzy translations are not failures (the page shows the source instead).
    """
    path = po_path(locales, language, domain.name)
    file = str(path)
    if not path.exists():
        return []
    try:
        catalog = read_catalog_once(path, language)  # the pages read it again
    except PoFileError as error:
        return [_unread(file, error)]
    failures = _header_failures(catalog, language, file)
    wanted = domain.by_context()
    for context, entry in entries(catalog).items():
        message = wanted.get(context)
        if message is None or message.language == language or not translated(entry):
            continue
        draft = state(message, entry, language) != "translated"
        for name, text in _entry_problems(message, entry, language, draft):
            failures.append(Failure(file, entry.lineno, context, name, text))
    return failures


def site_failures(
    contents: Iterable[GameContent],
    languages: Sequence[str],
    locales: Path,
    domain_of: Callable[[GameContent], Domain] = game_domain,
) -> list[Failure]:
    """build_failures of every catalog a site of ``contents`` in ``languages`` reads (each
    game's, its glossary's, whose words the pages show, and the interface's); ``domain_of``
    extracts a game's messages (a build passes the one its pages use)."""
    contents = list(contents)
    glossaries = [glossary_domain(c) for c in contents if c.glossary and c.glossary.terms]
    domains = [*(domain_of(content) for content in contents), *glossaries, ui_domain()]
    return [
        failure
        for domain in domains
        for language in languages
        for failure in build_failures(domain, language, locales)
    ]


def _is_copy(entry: Message, message: SourceMessage, language: str) -> bool:
    """Whether ``entry`` is the read-only copy of a message written in ``language``."""
    expected = forms_for_catalog(message.texts, language)
    got = entry.string if isinstance(entry.string, str) else list(entry.string or [])
    return READ_ONLY in entry.flags and not entry.fuzzy and got == expected


def tool_failures(path: Path, language: str) -> list[Failure]:
    """What msgfmt and translate-toolkit's enforced checks say about one catalog."""
    if not path.exists():
        return []
    try:
        read_catalog(path, language)
    except PoFileError:
        return []  # the catalog check already says it does not parse
    problems = [*msgfmt_problems([path]), *pofilter_problems(path, language)]
    return [
        Failure(file, line, context, check, text) for file, line, context, check, text in problems
    ]


def _unread(file: str, error: PoFileError) -> Failure:
    """The failure of a catalog that does not parse or is refused unread."""
    if isinstance(error, CatalogRefused):
        return Failure(
            file, _line(error.lineno) if error.lineno else None, "", "catalog", str(error)
        )
    # Babel ends its message with the line counted from 0; the failure has it from 1.
    said = str(error).removesuffix(f" on {error.lineno}")
    if "num_plurals" in said:
        said += " (it has more forms than the Plural-Forms header's nplurals)"
    return Failure(file, _line(error.lineno), "", "catalog", f"does not parse: {said}")


def _line(lineno: int | None) -> int | None:
    """A parse error's line: babel counts those from 0 (but message lines from 1)."""
    return None if lineno is None else lineno + 1


def _msgid(entry: Message) -> str | tuple[str, ...]:
    return entry.id if isinstance(entry.id, str) else tuple(entry.id)


def _names(domain: Domain, language: str) -> set[str]:
    if domain.content is None:
        return set()
    names = domain.content.game.names
    return {names.get(language), names.get(domain.source_language)}


def _header_failures(catalog: Catalog, language: str, file: str) -> list[Failure]:
    failures = []
    if str(catalog.locale_identifier) != language:
        failures.append(
            Failure(
                file,
                1,
                "",
                "catalog",
                f"Language header says {catalog.locale_identifier!r}, expected {language!r}",
            )
        )
    expected = Catalog(locale=language)
    if catalog.num_plurals != expected.num_plurals:
        failures.append(
            Failure(
                file,
                1,
                "",
                "catalog",
                f"Plural-Forms has nplurals={catalog.num_plurals}, expected "
                f"{expected.num_plurals} ({expected.plural_forms})",
            )
        )
    else:
        problem = _plural_rule_problem(str(catalog.plural_expr), language)
        if problem:
            failures.append(Failure(file, 1, "", "catalog", f"Plural-Forms: {problem}"))
    return failures


def _plural_rule_problem(expression: str, language: str) -> str | None:
    """How the ``plural=`` formula of a header differs from the language's, if it does.

    Formulas are compared by what they choose for the numbers that reach every category
    (an editor may write the language's formula another way).
    """
    wanted = Catalog(locale=language).plural_expr
    try:
        rule = gettext.c2py(expression)
        for number, expected in zip(PLURAL_SAMPLES, sample_indexes(language), strict=True):
            got = rule(number)
            if got != expected:
                return (
                    f"plural={expression} chooses form {got} for {number}, "
                    f"{language} needs form {expected} (plural={wanted})"
                )
    except (ValueError, ArithmeticError, RecursionError):
        return f"plural={expression:.200} is not a formula gettext reads (plural={wanted})"
    return None


def _entries_or_none(domain: Domain, language: str, locales: Path) -> dict[str, Message]:
    """The entries of a catalog; none when it does not parse (reported by its own check)."""
    try:
        return load_entries(domain.name, language, locales)
    except PoFileError:
        return {}


def check(
    domains: Iterable[Domain],
    languages: Sequence[str],
    locales: Path,
    complete: bool = False,
) -> list[Failure]:
    """Every failure of every catalog of ``domains`` in ``languages``, and of templates.

    ``complete`` also fails untranslated messages and reports fuzzy ones as warnings, in the
    published languages only, and there not in a game in progress
    (schemas.languages.complete_required); in a language that says ``require_review:
    true``, it fails each translation without a reviewer's mark too.
    """
    domains = list(domains)
    failures: list[Failure] = []
    glossaries: dict[str, tuple[Domain, dict[str, dict[str, Message]]]] = {}
    for domain in domains:
        problem = _template_problem(domain, locales)
        if problem:
            failures.append(problem)
        terms = _terms(domain, glossaries, locales)
        for language in languages:
            # Completeness only where readers are sent: a language or a game in progress
            # (content/languages.yaml) lands partial, but every translation it has is checked.
            # A glossary goes with its game.
            owner = glossary.game_of(domain.name)
            required = complete and complete_required(language, owner)
            review = complete and review_required(language, owner)
            failures.extend(check_catalog(domain, language, locales, terms, required, review))
            failures.extend(tool_failures(po_path(locales, language, domain.name), language))
    failures.extend(concept_failures(list(glossaries.values()), languages, locales))
    return failures


def _terms(
    domain: Domain,
    glossaries: dict[str, tuple[Domain, dict[str, dict[str, Message]]]],
    locales: Path,
) -> Sequence[TermRendering]:
    """The glossary renderings a game domain or its glossary domain is checked with, read
    from the glossary's catalogs once per game (kept in ``glossaries``)."""
    content = domain.content
    if content is None or content.glossary is None:
        return []
    if content.id not in glossaries:
        own = domain if domain.glossary else glossary_domain(content)
        found = {language: _entries_or_none(own, language, locales) for language in LANGUAGES}
        glossaries[content.id] = (own, found)
    return renderings(*glossaries[content.id])


# ----------------------------------------------------------------------------------------
# Words shared across games
# ----------------------------------------------------------------------------------------


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
                rendering = _current(messages, entries_.get(language, {}), context, language)
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
                        _line(entry.lineno),
                        f"glossary.{term_id}.term",
                        "concept",
                        f"{source!r} ({concept}) is {usual!r} in {others}, here {rendering!r}: "
                        "a word shared by several games reads the same in all of them",
                    )
                )
    return failures
