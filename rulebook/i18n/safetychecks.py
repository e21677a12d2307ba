"""The checks that guard the site (SAFETY_CHECKS): a translation keeps its source's
``{placeholders}``, Markdown link targets and markup, and adds no bidirectional control
character; a draft is checked for what is unsafe whatever its source (draft_problems).
``rulebook build`` runs these too (rulebook.i18n.checks.build_failures), and none of them
can be waived."""

from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter
from html.parser import HTMLParser

import nh3

from rulebook.errors import counted
from rulebook.i18n.messages import PLACEHOLDER

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
            counted(len(printf), "%-format placeholder", "%-format placeholders")
            + " the source does not have: "
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
        f"{counted(len(added), 'bidirectional control character', 'bidirectional control characters')}"
        f" the source does not have: {named}; they make "
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
