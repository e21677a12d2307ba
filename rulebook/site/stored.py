"""A game's pages in one language, kept between builds while nothing they come from changed.

Making and rendering a game's pages takes most of the build's own time; a build in which a
game, its catalogs in that language and the code did not change writes the same Markdown.
The key is rulebook.cache.code_version(), a digest of site/templates/, the build options
(but the output folder), the language, every file of the game's folder, the list of
languages (content/languages.yaml: each language's typography, whether it requires review),
and the ui and game catalogs (PO and MO) of that language. The entry holds each page's Markdown and what the
navigation and the report read (path, title, untranslated texts); nothing in it is code.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from typing import Any

from rulebook import cache
from rulebook.paths import SITE
from rulebook.site.localize import Fragment
from rulebook.site.options import BuildOptions
from rulebook.site.pages import Page
from rulebook.site.view import GameBuild, GameView
from schemas.languages import languages_file

#: 2: JSON (1 was marshal: plain data either way, but JSON is what every cache here holds).
FORMAT = 2
#: What a stored page holds: path, template, title (text, language, fallback), heading,
#: untranslated texts, Markdown.
Stored = tuple[str, str, tuple[str, str, bool], str, list[str], str]


def key(options: BuildOptions, build: GameBuild, language: str) -> str:
    game = build.content.id
    chosen = {
        f.name: getattr(options, f.name)
        for f in fields(options)
        if f.name not in ("project", "out")
    }
    catalogs = options.project.locales / language / "LC_MESSAGES"
    parts = [
        str(FORMAT),
        cache.code_version(),
        cache.tree_digest(SITE / "templates"),
        repr(sorted(chosen.items())),
        language,
        cache.tree_digest(options.project.content / game),
        str(cache.file_digest(languages_file())),
        *(
            str(cache.file_digest(catalogs / f"{d}.{k}"))
            for d in ("ui", game, f"{game}.glossary")
            for k in ("po", "mo")
        ),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _entry(options: BuildOptions, build: GameBuild, language: str) -> Any:
    return cache.entry("pages", options.project.content, f"{build.content.id}-{language}")


def load(
    options: BuildOptions, build: GameBuild, language: str, view: GameView
) -> tuple[list[Page], dict[str, str]] | None:
    """The game's pages (without their models) and Markdown, if kept and still current."""
    try:
        stored_key, entries = json.loads(_entry(options, build, language).read_bytes())
        if stored_key != key(options, build, language):
            return None
        pages, texts = [], {}
        for path, template, (title, lang, fallback), heading, missing, markdown in entries:
            fragment = Fragment(title, lang, fallback)
            pages.append(Page(path, template, fragment, heading, view, None, missing))
            texts[path] = markdown
    except (OSError, ValueError, TypeError):  # none kept, or not in this shape: make them
        return None
    return pages, texts


def save(
    options: BuildOptions, build: GameBuild, language: str, pages: list[Page], texts: dict[str, str]
) -> None:
    """Keep the game's pages for the next build (best effort)."""
    entries: list[Stored] = [
        (
            page.path,
            page.template,
            (page.title.text, page.title.lang, page.title.fallback),
            page.heading,
            list(page.missing),
            texts[page.path],
        )
        for page in pages
    ]
    document = json.dumps([key(options, build, language), entries], ensure_ascii=False)
    cache.store(_entry(options, build, language), document.encode())
