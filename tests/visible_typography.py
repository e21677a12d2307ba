"""The typography of what a reader sees on the built pages, checked per language.

The catalogs are typeset (``rulebook i18n check``), but a page also shows what the site
composes from parts: template words, navigation titles, badges, diagram labels, generated
sentences. This reads the visible text of a built HTML page (text nodes, navigation
included, and the attributes a reader sees or hears: ``title``, ``aria-label``, ``alt``,
``placeholder``) and lists what its language's typography forbids:

``space``       French: an ordinary space, or none, before ``; ! ?`` (narrow no-break
                space, U+202F) or ``:`` (no-break space, U+00A0), and inside « » (U+00A0,
                as content/languages.yaml says)
``apostrophe``  a straight apostrophe where the language prints ’ (French, Ukrainian)
``range``       a number range written with a hyphen (``3-4``) instead of an en dash

Code, scripts, styles and data islands are not text a reader reads and are skipped.

Run as ``python -m tests.visible_typography SITE_DIR`` to count the faults of a built site.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from schemas.languages import SPACES, language

#: Elements whose content is not prose a reader reads.
_SKIPPED = frozenset({"script", "style", "code", "pre", "kbd", "samp", "textarea"})
#: Elements that end a run of text: what stands on either side does not touch.
_BLOCKS = frozenset(
    (
        *("address", "article", "aside", "blockquote", "br", "button", "caption", "dd"),
        *("desc", "details", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer"),
        *("form", "g", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "img", "input"),
        *("label", "legend", "li", "main", "nav", "ol", "optgroup", "option", "p", "section"),
        *("select", "summary", "svg", "table", "tbody", "td", "text", "tfoot", "th", "thead"),
        *("title", "tr", "tspan", "ul"),
    )
)

#: Attributes a reader sees (a tooltip, a placeholder) or hears (a screen reader).
_READ_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[str] = [""]
        self._skipping: list[str] = []

    def _break(self) -> None:
        if self.runs[-1]:
            self.runs.append("")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._skipping:
            if tag == self._skipping[-1]:
                self._skipping.append(tag)
            return
        if tag in _SKIPPED:
            self._skipping.append(tag)
            return
        for name, value in attrs:
            if name in _READ_ATTRIBUTES and value:
                self.runs.extend([value, ""])
        if tag in _BLOCKS:
            self._break()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self._skipping and tag == self._skipping[-1]:
            self._skipping.pop()

    def handle_endtag(self, tag: str) -> None:
        if self._skipping:
            if tag == self._skipping[-1]:
                self._skipping.pop()
            return
        if tag in _BLOCKS:
            self._break()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.runs[-1] += data


def visible_runs(html: str) -> list[str]:
    """The runs of text a reader sees on a page, each within one block."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return [re.sub(r"[\t\n\r ]+", " ", run) for run in parser.runs if run.strip()]


@dataclass(frozen=True)
class Fault:
    kind: str
    excerpt: str


def _excerpt(text: str, start: int, end: int) -> str:
    return text[max(0, start - 25) : end + 25]


#: Straight apostrophes; a prime after a digit (5') is not one.
_STRAIGHT_APOSTROPHE = re.compile(r"(?<!\d)'")
#: Two numbers joined by a hyphen, the first the smaller (3-4): not inside a longer run of
#: digits and hyphens (an id, a date, River of Gold's 10-6-2 tile) nor after a letter or a
#: minus sign (a code, "x-1"). A larger first number is a pair (a 9-5 tile, a 3-2 score).
_HYPHEN_RANGE = re.compile(r"(?<![\w.\-–/])(\d+)-(\d+)(?![\w–/]|\.\d|-\d)")


def _space_kind(found: str) -> str:
    """``space`` for an ordinary space, ``no space`` for none, ``space width`` for another."""
    if found == " ":
        return "space"
    return "space width" if found.isspace() else "no space"


def _space_faults(text: str, code: str) -> list[Fault]:
    spec = language(code)
    faults = []
    for char, kind in spec.space_before.items():
        wanted = SPACES[kind]
        # One space before a run such as "?!", none between its marks.
        for match in re.finditer(f"([^!?])({re.escape(char)})(.?)", text):
            before, after = match[1], match[3]
            if char == ":" and before.isdigit() and after.isdigit():
                continue  # a time or a ratio (2:30, 3:2)
            if before != wanted:
                faults.append(
                    Fault(_space_kind(before), _excerpt(text, match.start(), match.end()))
                )
    for char, kind in spec.space_after.items():
        wanted = SPACES[kind]
        for match in re.finditer(f"({re.escape(char)})(.)", text):
            if match[2] != wanted:
                faults.append(
                    Fault(_space_kind(match[2]), _excerpt(text, match.start(), match.end()))
                )
    return faults


#: An address shown as text: its punctuation is the address's.
_URL = re.compile(r"(?:https?|mailto|ftp):[^\s<>«»]+")


def text_faults(text: str, code: str) -> list[Fault]:
    """What the typography of ``code`` forbids in one run of visible text."""
    spec = language(code)
    text = _URL.sub("URL", text)
    faults = _space_faults(text, code)
    if spec.apostrophe and spec.apostrophe != "'":
        faults += [
            Fault("apostrophe", _excerpt(text, m.start(), m.end()))
            for m in _STRAIGHT_APOSTROPHE.finditer(text)
        ]
    faults += [
        Fault("range", _excerpt(text, m.start(), m.end()))
        for m in _HYPHEN_RANGE.finditer(text)
        if int(m[1]) < int(m[2])
    ]
    return faults


def page_faults(html: str, code: str) -> list[Fault]:
    """Every typography fault in the visible text of one page of language ``code``."""
    return [fault for run in visible_runs(html) for fault in text_faults(run, code)]


def site_faults(site: Path, code: str) -> dict[str, list[Fault]]:
    """Every page of one language's build with its faults (pages without any left out)."""
    found = {}
    for page in sorted((site / code).rglob("*.html")):
        faults = page_faults(page.read_text(encoding="utf-8"), code)
        if faults:
            found[str(page.relative_to(site))] = faults
    return found


def main(argv: list[str]) -> None:
    site = Path(argv[0])
    show = int(argv[1]) if len(argv) > 1 else 0
    for code in ("fr", "uk", "en"):
        faults = [f for found in site_faults(site, code).values() for f in found]
        counts = Counter(f.kind for f in faults)
        print(code, dict(sorted(counts.items())), sum(counts.values()))
        for fault, n in Counter(faults).most_common(show):
            print(f"   {n:4} {fault.kind:10} {fault.excerpt!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
