"""Page models to Markdown, through the Jinja2 templates of site/templates/.

Content and translations are untrusted. Three rules keep them inert:

* every ``{{ value }}`` a template prints is escaped twice over: HTML (``& < > " '``) and
  the characters Markdown or its extensions would read as syntax, written as numeric
  entities (``[`` -> ``&#91;``), so no text can become a link, an attribute list or a tag;
* text that may carry Markdown-lite (rule bodies, notes, definitions) is converted with
  Python-Markdown and then cleaned by nh3 with a short allow-list of tags and only
  http(s)/mailto links; ``[text](term:id)`` and ``[text](rule:id)`` become site links;
* everything a page shows apart from headings sits in raw HTML blocks that MkDocs passes
  through untouched, so the Markdown pass never sees translated text a second time.

A fragment shown in another language than the page's gets a ``lang`` attribute; a fallback
also gets a visible "not translated" mark, and the page a notice at its top. In a
translator's preview (``drafts``), a fuzzy translation is shown with a visible "draft" mark,
its ``lang`` attribute and ``data-draft``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import markdown  # type: ignore[import-untyped]
import nh3
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from rulebook.i18n.typography import typeset
from rulebook.site.localize import Fragment, Localizer, has_words
from rulebook.site.pages import Page
from schemas.rules import LINK

# ----------------------------------------------------------------------------------------
# Escaping
# ----------------------------------------------------------------------------------------

_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
#: Characters Markdown, attr_list or common extensions would read as syntax.
_MARKDOWN_SYNTAX = "\\`*_[](){}#!|~^=:$@+"
#: Runs of whitespace, which a text shows as one space. Not the no-break spaces: they are
#: typography (French « : » and « ; »), and "\s" alone would turn them into breakable ones.
_WHITESPACE = re.compile(r"[^\S\u00a0\u202f\u2007]+|[\u2028\u2029]+")
#: One translation table: entities for the above; control and private-use characters,
#: which carry nothing a reader needs, are dropped. No-break spaces are written as entities:
#: MkDocs' table of contents and Jinja's ``striptags`` collapse every space a text holds,
#: no-break ones included, and would print « Exemple : » with a space a line may break at.
_ESCAPES: dict[int, str | None] = {
    **{code: None for code in range(32)},
    **{code: None for code in range(0xE000, 0xF900)},
    0xA0: "&#160;",
    0x202F: "&#8239;",
    **{ord(char): f"&#{ord(char)};" for char in _MARKDOWN_SYNTAX},
    **{ord(char): entity for char, entity in _ENTITIES.items()},
}


def escape_text(text: str) -> Markup:
    """``text`` as inert HTML that Markdown leaves alone, on one line."""
    return Markup(_WHITESPACE.sub(" ", text).strip(" ").translate(_ESCAPES))


def title_text(text: str, language: str | None = None) -> str:
    """A title for MkDocs' own templates, which print titles without escaping them.

    With ``language``, typeset in it first (a game's name, a page's title in the navigation).
    """
    return str(escape_text(typeset(text, language) if language else text))


# ----------------------------------------------------------------------------------------
# Markdown-lite
# ----------------------------------------------------------------------------------------

#: Tags Markdown-lite may produce; everything else is dropped (and script/style contents).
RICH_TAGS = frozenset({"p", "br", "strong", "em", "code", "ul", "ol", "li", "a"})
_URL_SCHEMES = frozenset({"http", "https", "mailto"})
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_BLANK_LINES = re.compile(r"\n\s*\n+")
_MARKDOWN = markdown.Markdown(extensions=["sane_lists"], output_format="html")

_TAG_OR_TEXT = re.compile(r"(<[^>]*>)|([^<]+)")


def _escape_braces(match: re.Match[str]) -> str:
    """Braces in text become entities: no template or attribute-list syntax survives."""
    if match[1]:
        return match[1]
    return match[2].replace("{", "&#123;").replace("}", "&#125;")


#: Where ``[text](term:id)`` and ``[text](rule:id)`` point from one page: a URL prefix the
#: id is appended to, or None when that page does not exist (the text stays, unlinked).
Links = Mapping[str, str | None]


def _resolve_links(text: str, links: Links) -> str:
    def replace(match: re.Match[str]) -> str:
        prefix = links.get(match["kind"])
        if prefix is None:
            return match["text"]
        return f"[{match['text']}]({prefix}{match['target']})"

    return LINK.sub(replace, text)


def markdown_lite(
    text: str,
    links: Links | None = None,
    fill: Mapping[str, str] | None = None,
) -> Markup:
    """Markdown-lite to clean HTML: paragraphs, lists, emphasis, code and safe links.

    ``fill`` replaces ``{name}`` placeholders by numbers; other placeholders stay, inert.
    """
    values = fill or {}
    source = _PLACEHOLDER.sub(
        lambda match: values.get(match[1], match[0]), _resolve_links(text, links or {})
    )
    return Markup(_html(source))


#: Text without anything Markdown reads as syntax (emphasis, code, links, entities, tags,
#: placeholders, escapes) and without a line break.
_PLAIN = r"[^\\`*_\[\]<>&{}\x00-\x1f\x7f\u2028\u2029]+"
#: One piece of a simple paragraph: plain text, a link to a page of the site (a relative
#: address, as term and rule links are) around plain text, or strong plain text.
_PIECE = re.compile(
    rf"(?P<text>{_PLAIN})"
    rf"|\[(?P<label>{_PLAIN})\]\((?P<href>[A-Za-z0-9_./#-]+)\)"
    rf"|\*\*(?P<strong>(?!\s){_PLAIN}(?<!\s))\*\*"
)
#: What may open a block at a line's start: a heading, a quote, a list item, a rule, an
#: indented code block.
_BLOCK_START = re.compile(r"[#>=+\-\s]|\d+[.)]|\*\s")


def simple_paragraph(source: str) -> str | None:
    """What :func:`convert` gives for ``source`` when it is one simple paragraph (one line
    of plain text, site links and strong text, no block marker at its start, no space at
    either end), made without the Markdown parser and the sanitizer; None for any other.

    Most fragments are such a sentence, and parsing each one was most of the time spent
    rendering a first build's pages. nh3 writes a no-break space as ``&nbsp;`` and gives
    every link ``rel="noopener noreferrer"``; tests/rulebook/site/test_render.py holds the two equal.
    """
    if not source or source[-1].isspace() or _BLOCK_START.match(source) or "![" in source:
        return None  # "![" opens an image, which the sanitizer drops
    html = []
    at = 0
    while at < len(source):  # piece after piece (a text piece takes all the text it can)
        piece = _PIECE.match(source, at)
        if piece is None:
            return None
        at = piece.end()
        if piece["text"] is not None:
            html.append(piece["text"])
        elif piece["label"] is not None:
            html.append(f'<a href="{piece["href"]}" rel="noopener noreferrer">{piece["label"]}</a>')
        else:
            html.append(f"<strong>{piece['strong']}</strong>")
    return "<p>" + "".join(html).replace("\u00a0", "&nbsp;") + "</p>"


def convert(source: str) -> str:
    """Markdown-lite source (links and placeholders resolved) to clean HTML."""
    html = _MARKDOWN.reset().convert(source)
    clean = nh3.clean(
        html,
        tags=set(RICH_TAGS),
        attributes={"a": {"href"}},
        url_schemes=set(_URL_SCHEMES),
        strip_comments=True,
    )
    clean = _TAG_OR_TEXT.sub(_escape_braces, clean)
    return _BLANK_LINES.sub("\n", clean).strip()


@functools.lru_cache(maxsize=8192)
def _html(source: str) -> str:
    """The HTML of a Markdown-lite ``source`` whose links and placeholders are resolved,
    made once per source: pages show many texts again (a rule on the quick reference, a
    label in every table), and texts given other links or values they do not use are the
    same source."""
    simple = simple_paragraph(source)
    return convert(source) if simple is None else simple


# ----------------------------------------------------------------------------------------
# The renderer of one language
# ----------------------------------------------------------------------------------------


class Renderer:
    """Renders the pages of one language's build."""

    def __init__(
        self, templates: Path, language: str, locales: Path | None = None, drafts: bool = False
    ):
        self.language = language
        self.loc = Localizer(language, None, locales, drafts)
        self._page: Page | None = None
        self.env = Environment(
            loader=FileSystemLoader(str(templates)),
            autoescape=True,
            finalize=self._finalize,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            undefined=StrictUndefined,
        )
        self.env.filters.update(
            inline=self.inline,
            rich=self.rich,
            heading=self.heading,
            attr=self.attr,
            cell=self.cell,
            json_island=_json_island,
        )
        self.env.globals.update(
            ui=self.ui,
            counted=self.counted,
            colon=self.colon,
            lang_attr=self.lang_attr,
            hashes=_hashes,
            mark=self.mark,
            quiet=self.quiet,
            all_fallback=all_fallback,
            first_use=self.first_use,
        )
        #: The glossary terms already linked in the current section, while links are kept to
        #: a term's first use (None: every use is linked).
        self._linked: set[str] | None = None
        #: While above 0, fallbacks keep their language and class but not their own mark:
        #: the template shows one mark for a whole table or section instead.
        self._quiet = 0

    # -- values and fragments --

    def typeset(self, text: str | Fragment) -> str:
        """The words of a text the page prints, with their language's typography.

        Every text a template prints passes here, catalogued or composed (a label and its
        value, a name, a count phrase filled in, a sentence a model put together), so the
        page is typeset whatever assembled it: a fragment in its own language, anything else
        in the page's. Ids, numbers and URLs come out as they went in.
        """
        if isinstance(text, Fragment):
            return typeset(text.text, text.lang)
        return typeset(text, self.language)

    def _finalize(self, value: Any) -> Any:
        if isinstance(value, Markup):
            return value
        if value is None:
            return Markup("")
        if isinstance(value, Fragment):
            return self.inline(value)
        return escape_text(self.typeset(str(value)))

    def _note(self, found: Fragment) -> None:
        if found.fallback and self._page is not None:
            self._page.missing.append(found.text)

    def ui(self, key: str, **values: object) -> Fragment:
        """An interface string in the page's language (placeholders filled)."""
        found = self.loc.ui(key)
        self._note(found)
        return found.fill(**values) if values else found

    def counted(self, key: str, number: int) -> str:
        """The count phrase ``ui.<key>`` in the form ``number`` takes ("Winner", "Winners")."""
        return self.loc.count(key, number)

    def colon(self) -> Markup:
        """What goes between a label and its value, spaces kept (French: a no-break space
        before the colon); the same string the widgets use (``ui.colon``)."""
        found = self.loc.ui("colon")
        self._note(found)
        # Escaped as HTML only: the colon and its spaces are what the template wrote before.
        return Markup.escape(found.text)

    def lang_attr(self, fragment: Fragment) -> Markup:
        """`` lang="xx"`` when the fragment is not in the page's language."""
        if fragment.lang == self.language:
            return Markup("")
        return Markup(' lang="{}"').format(fragment.lang)

    def quiet(self, on: bool) -> Markup:
        """Turn per-fragment marks off for what follows (``False`` undoes one ``True``)."""
        self._quiet = self._quiet + 1 if on else max(0, self._quiet - 1)
        return Markup("")

    def first_use(self, on: bool) -> Markup:
        """From here on, link a glossary term only the first time (``True`` starts a section)."""
        self._linked = set() if on else None
        return Markup("")

    def _first_links(self, html: Markup, links: Links | None) -> Markup:
        """``html`` with glossary links to terms already linked in this section unwrapped."""
        prefix = (links or {}).get("term")
        if self._linked is None or not prefix:
            return html
        linked = self._linked

        def keep_first(match: re.Match[str]) -> str:
            if match[1] in linked:
                return match[2]
            linked.add(match[1])
            return match[0]

        pattern = re.compile(f'<a href="{re.escape(prefix)}([a-z0-9_]+)"[^>]*>(.*?)</a>', re.DOTALL)
        return Markup(pattern.sub(keep_first, str(html)))

    def _mark(self) -> Markup:
        return Markup("") if self._quiet else self.mark()

    def mark(self) -> Markup:
        """The visible "not translated" mark, with the full notice as its title."""
        notice = self.ui("not_translated")
        short = self.ui("not_translated_short")
        return Markup(
            '<small class="rb-fallback-mark"{} title="{}" data-search-exclude>{}</small>'
        ).format(
            self.lang_attr(short),
            escape_text(self.typeset(notice)),
            escape_text(self.typeset(short)),
        )

    def draft_mark(self, review: str = "fuzzy") -> Markup:
        """The visible mark of a draft in a translator's preview: "draft" beside a fuzzy
        translation, "not reviewed" beside one waiting for a reviewer's mark."""
        unreviewed = review == "unreviewed"
        short = self.ui("unreviewed_short" if unreviewed else "draft_short")
        notice = self.ui("unreviewed" if unreviewed else "draft")
        return Markup(
            '<small class="rb-draft-mark"{} title="{}" data-search-exclude>{}</small>'
        ).format(
            self.lang_attr(short),
            escape_text(self.typeset(notice)),
            escape_text(self.typeset(short)),
        )

    def _draft(self, fragment: Fragment, html: Markup, block: bool) -> Markup:
        mark = self.draft_mark(fragment.review or "fuzzy")
        if block:
            return Markup(
                '<div class="rb-text rb-draft" lang="{}" data-draft="{}">{}'
                '<p class="rb-draft-note">{}</p>{}</div>'
            ).format(
                fragment.lang, fragment.review or "fuzzy", html, mark, self.draft_source(fragment)
            )
        return Markup('<span class="rb-draft" lang="{}" data-draft="{}">{}</span>{}{}').format(
            fragment.lang,
            fragment.review or "fuzzy",
            html,
            mark,
            self.draft_source(fragment, block=False),
        )

    def draft_source(self, fragment: Fragment, block: bool = True) -> Markup:
        """Beside a draft in a preview: its source text now and, when the catalog kept the
        one the translation was made for (``#| msgid``), the words that changed, struck out
        and inserted. Never indexed for search; empty when the source is not known."""
        if not fragment.source:
            return Markup("")
        changed = bool(fragment.previous) and fragment.previous != fragment.source
        label = self.ui("draft_source_changed" if changed else "draft_source")
        text = word_diff(fragment.previous, fragment.source) if changed else None
        shown = text if text is not None else escape_text(fragment.source)
        tag = "div" if block else "small"
        inner = "p" if block else "span"
        return Markup(
            '<{tag} class="rb-draft-source" data-search-exclude>'
            '<{inner} class="rb-draft-label"{label_lang}>{label}</{inner}> '
            '<{inner} class="rb-draft-text" lang="{lang}">{shown}</{inner}></{tag}>'
        ).format(
            tag=Markup(tag),
            inner=Markup(inner),
            label_lang=self.lang_attr(label),
            label=escape_text(self.typeset(label)),
            lang=fragment.source_lang,
            shown=shown,
        )

    def inline(self, fragment: Fragment | None) -> Markup:
        """A short text (a label, a name, a cell) as inline HTML."""
        if fragment is None:
            return Markup("")
        if fragment.parts:
            return Markup(" ").join(self.inline(part) for part in fragment.parts)
        text = escape_text(self.typeset(fragment))
        if fragment.draft:
            return self._draft(fragment, text, block=False)
        if fragment.lang == self.language:
            return text
        if not fragment.fallback:
            return Markup("<span{}>{}</span>").format(self.lang_attr(fragment), text)
        return Markup('<span class="rb-fallback"{}>{}</span>{}').format(
            self.lang_attr(fragment), text, self._mark()
        )

    def rich(
        self,
        fragment: Fragment | None,
        links: Links | None = None,
        fill: Mapping[str, str] | None = None,
    ) -> Markup:
        """A text that may hold Markdown-lite, as a block of clean HTML."""
        if fragment is None:
            return Markup("")
        fragment = fragment.for_values(fill)
        if fragment.parts:
            return Markup("\n").join(self.rich(p, links, fill) for p in fragment.parts)
        html = self._first_links(markdown_lite(self.typeset(fragment), links, fill), links)
        if fragment.draft:
            return self._draft(fragment, html, block=True)
        if fragment.lang == self.language:
            return Markup('<div class="rb-text">{}</div>').format(html)
        if not fragment.fallback:
            return Markup('<div class="rb-text"{}>{}</div>').format(self.lang_attr(fragment), html)
        return Markup(
            '<div class="rb-text rb-fallback"{}>{}<p class="rb-fallback-note">{}</p></div>'
        ).format(self.lang_attr(fragment), html, self._mark())

    def cell(self, fragment: Fragment | None, links: Links | None = None) -> Markup:
        """Markdown-lite kept inline (a table cell, a list item): no paragraph around it."""
        if fragment is None:
            return Markup("")
        if fragment.parts:
            return self.rich(fragment, links)
        inner = _single_paragraph(markdown_lite(self.typeset(fragment), links))
        if inner is None:
            return self.rich(fragment, links)
        inner = self._first_links(inner, links)
        if fragment.draft:
            return self._draft(fragment, inner, block=False)
        if fragment.lang == self.language:
            return inner
        if not fragment.fallback:
            return Markup("<span{}>{}</span>").format(self.lang_attr(fragment), inner)
        return Markup('<span class="rb-fallback"{}>{}</span>{}').format(
            self.lang_attr(fragment), inner, self._mark()
        )

    def heading(self, fragment: Fragment, ident: str) -> Markup:
        """A heading's text followed by its attribute list (stable id, language)."""
        if not re.fullmatch(r"[a-z][a-z0-9_-]*", ident):
            raise ValueError(f"not a safe anchor: {ident!r}")
        attrs = [f"#{ident}"]
        if fragment.lang != self.language:
            if not re.fullmatch(r"[a-z]{2,3}", fragment.lang):
                raise ValueError(f"not a language code: {fragment.lang!r}")
            attrs.append(f'lang="{fragment.lang}"')
        if fragment.fallback:
            attrs.append(".rb-fallback")
            self._note(fragment)
        if fragment.draft:
            attrs += [".rb-draft", f'lang="{self.language}"', 'data-draft="1"']
        line = Markup("{} {{: {} }}").format(
            escape_text(self.typeset(fragment)), Markup(" ".join(attrs))
        )
        return line + self._heading_draft(fragment) if fragment.draft else line

    def _heading_draft(self, fragment: Fragment) -> Markup:
        """Under a draft heading in a preview, as under a draft paragraph: the mark in the
        page's language and the source with what changed (a heading holds no block, and its
        words are the table of contents' and the anchor's, so these follow it)."""
        return Markup(
            '\n\n<div class="rb-draft-heading" data-search-exclude>'
            '<p class="rb-draft-note">{}</p>{}</div>\n'
        ).format(self.draft_mark(fragment.review or "fuzzy"), self.draft_source(fragment))

    def attr(self, fragment: Fragment | str) -> Markup:
        """Text for an HTML attribute value (a title, a label: words a reader sees or hears)."""
        return escape_text(self.typeset(fragment))

    # -- pages --

    def render(self, page: Page, links: Links) -> str:
        """The page's Markdown: front matter, heading, notice when needed, body."""
        self._page = page
        self._quiet = 0
        self._linked = None
        try:
            body = self.env.get_template(page.template).render(
                page=page, m=page.model, game=page.game, links=links, lang=self.language
            )
            header = self.env.get_template("_page.md.j2").render(
                page=page,
                title=title_text(page.heading, self.language),
                heading=Fragment(page.heading, self.language),
                untranslated=bool(page.missing),
            )
        finally:
            self._page = None
        return _tidy(header + "\n" + _spaced(body))


#: A word diff longer than this many changed runs reads worse than the two texts: the new
#: text is shown alone, with the whole old text struck out before it.
MAX_DIFF_RUNS = 12


def word_diff(old: str, new: str) -> Markup:
    """``new`` as HTML with the words ``old`` had and lost in ``<del>``, the words it gained
    in ``<ins>`` (whitespace kept as one space); every word escaped."""
    from difflib import SequenceMatcher

    before, after = old.split(), new.split()
    runs = SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    if sum(1 for op, *_ in runs if op != "equal") > MAX_DIFF_RUNS:
        runs = [("replace", 0, len(before), 0, len(after))]
    pieces: list[Markup] = []
    for op, i1, i2, j1, j2 in runs:
        if op == "equal":
            pieces.append(escape_text(" ".join(after[j1:j2])))
            continue
        if i2 > i1:
            pieces.append(Markup("<del>{}</del>").format(escape_text(" ".join(before[i1:i2]))))
        if j2 > j1:
            pieces.append(Markup("<ins>{}</ins>").format(escape_text(" ".join(after[j1:j2]))))
    return Markup(" ").join(pieces)


def all_fallback(fragments: Iterable[Fragment | None]) -> bool:
    """Whether the texts hold fallbacks and nothing translated (numbers read the same)."""
    found = [f for f in fragments if f is not None]
    return any(f.fallback for f in found) and not any(
        not f.fallback and has_words(f.text) for f in found
    )


def _hashes(depth: int) -> Markup:
    """The ``#`` marks of a Markdown heading at ``depth`` (1 to 6)."""
    return Markup("#" * max(1, min(6, int(depth))))


_PARAGRAPH = re.compile(r"<p>(.*)</p>", re.DOTALL)


def _single_paragraph(html: Markup) -> Markup | None:
    """The inside of ``html`` when it is one paragraph, else None."""
    match = _PARAGRAPH.fullmatch(str(html))
    if match is None or "<p>" in match[1]:
        return None
    return Markup(match[1])


def _json_island(text: str | None) -> Markup:
    """The page's data island, which rulebook.site.calculator.script_json already made inert."""
    if text is None or any(c in text for c in "<>&"):
        raise ValueError("a data island must come from script_json()")
    return Markup(text)


#: The end of a block or a cell directly followed by the next tag.
_JOINED = re.compile(r"</(td|th|li|dt|dd|p|caption|strong|span)><(?!/)")


def _spaced(text: str) -> str:
    """A space between cells, items and blocks that the HTML writes edge to edge.

    Browsers lay them out apart anyway, but text extracted from the page (the search
    index, its snippets) would run "6 charms" and "Charm" into "6 charmsCharm".
    """
    return _JOINED.sub(lambda m: f"</{m[1]}> <", text)


def _tidy(text: str) -> str:
    """One blank line between blocks, none at the end but the final newline."""
    lines = [line.rstrip() for line in text.splitlines()]
    out: list[str] = []
    for line in lines:
        if line == "" and (not out or out[-1] == ""):
            continue
        out.append(line)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def page_links(page: Page) -> dict[str, str | None]:
    """Where term and rule links point from ``page`` (directory URLs)."""
    game = page.game
    if game is None:
        return {"term": None, "rule": None}
    up = "" if page.path.endswith("/index.md") else "../"
    on_rules = page.path.endswith("/rules.md")
    return {
        "term": f"{up}glossary/#" if game.has("glossary") else None,
        "rule": ("#" if on_rules else f"{up}rules/#") if game.has("rules") else None,
    }
