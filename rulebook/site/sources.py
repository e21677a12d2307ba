"""One language's site sources, made in memory: each page's Markdown, the navigation and
the interface words MkDocs' own templates show.

:class:`SiteMaker` renders a language's pages (rulebook.site.pages through
rulebook.site.render), taking a game's pages from rulebook.site.stored when nothing they
come from changed. The MkDocs plugin (rulebook.site.plugin) hands them to MkDocs as
generated files; :func:`write_plain` writes the same sources as plain files with a
configuration that needs no plugin but search (what the benchmarks build with bare MkDocs,
and a way to look at what MkDocs is given).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from rulebook import paths
from rulebook.site import config as site_config
from rulebook.site import stored
from rulebook.site.assets import shipped_files
from rulebook.site.localize import Localizer
from rulebook.site.options import BuildOptions
from rulebook.site.pages import Page, game_pages, game_view, site_pages
from rulebook.site.render import Renderer, page_links
from rulebook.site.view import GameBuild, LocalGame

#: site/ subfolders the build reads (the application's, not the project's).
TEMPLATES = paths.SITE / "templates"
#: Where the calculator's shipped files go in each language's site.
ASSETS = "assets/calculator"

#: Interface strings MkDocs' own templates show (site/overrides/404.html, offline.html).
MKDOCS_WORDS = (
    "not_found_title",
    "not_found_text",
    "not_found_home",
    "offline_title",
    "offline_text",
    "search_unavailable",
)
#: The 404 page's own words (every language's are on it).
NOT_FOUND_WORDS = ("not_found_title", "not_found_text", "not_found_home")


@dataclass
class LanguageSources:
    """What one language's MkDocs build is given."""

    language: str
    pages: list[Page]
    #: Each page's Markdown, by its path under the docs folder (``nile/rules.md``).
    texts: dict[str, str]
    #: The calculator's shipped files, by name (under :data:`ASSETS`).
    assets: dict[str, str]
    nav: list[Any]
    site_name: str
    #: The interface words of :data:`MKDOCS_WORDS` (``extra.rb``).
    words: dict[str, str]
    #: The 404 page's words in every language (``extra.rb_not_found``).
    not_found: dict[str, dict[str, str]]
    #: The tooltip of a heading's permanent link (MkDocs' own is English).
    permalink_title: str

    def files(self) -> dict[str, str]:
        """Every generated file of the docs folder, by path: the pages and the assets."""
        return {**self.texts, **{f"{ASSETS}/{name}": t for name, t in self.assets.items()}}


class InMemoryBytecode(BytecodeCache):
    """Compiled templates kept in memory, so that a template is compiled once per process
    whatever the number of environments (a template whose source changed is compiled
    afresh: Jinja checks its checksum). Never written to disk: nothing cached is code."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


class SiteMaker:
    """Makes each language's sources of one project, sharing compiled templates."""

    def __init__(self, options: BuildOptions) -> None:
        self.options = options
        self.locales = options.project.locales
        self._templates = InMemoryBytecode()
        self._assets: dict[str, str] | None = None

    def assets(self) -> dict[str, str]:
        """The calculator's shipped files, bundled once per maker."""
        if self._assets is None:
            self._assets = shipped_files()
        return self._assets

    def forget_assets(self) -> None:
        """Bundle the calculator's files again next time (their sources changed)."""
        self._assets = None

    def make(self, builds: Sequence[GameBuild], language: str) -> LanguageSources:
        """One language's pages and words. A game whose files, catalogs and code did not
        change since an earlier build gets its pages from rulebook.site.stored."""
        drafts = self.options.drafts
        renderer = Renderer(TEMPLATES, language, self.locales, drafts)
        renderer.env.bytecode_cache = self._templates
        ordered = sorted(builds, key=lambda b: b.content.id)
        ui = Localizer(language, None, self.locales, drafts)
        languages = self.options.languages
        pages = site_pages([b.content for b in ordered], ui, languages)
        texts = {page.path: renderer.render(page, page_links(page)) for page in pages}
        for build in ordered:
            found = stored.load(self.options, build, language, game_view(build.content, ui))
            if found is None:
                made = game_pages(
                    LocalGame(build, Localizer(language, build.content, self.locales, drafts))
                )
                rendered = {page.path: renderer.render(page, page_links(page)) for page in made}
                stored.save(self.options, build, language, made, rendered)
                found = made, rendered
            pages.extend(found[0])
            texts.update(found[1])
        closing = site_pages([b.content for b in ordered], ui, languages, after_games=True)
        texts.update((page.path, renderer.render(page, page_links(page))) for page in closing)
        pages.extend(closing)
        names = {b.content.id: b.content.game.name(language) for b in builds}
        return LanguageSources(
            language=language,
            pages=pages,
            texts=texts,
            assets=self.assets(),
            nav=site_config.navigation(pages, names, language),
            site_name=renderer.loc.ui("site_title").text,
            words={key: renderer.loc.ui(key).text for key in MKDOCS_WORDS},
            not_found=self.not_found_words(),
            permalink_title=renderer.loc.ui("permalink_title").text,
        )

    def not_found_words(self) -> dict[str, dict[str, str]]:
        """The 404 page's words in every language: a host shows the root 404 page for any
        wrong address, whatever its language, so the page takes the address's words."""
        found = {}
        for language in self.options.languages:
            loc = Localizer(language, None, self.locales, self.options.drafts)
            found[language] = {key: loc.ui(key).text for key in NOT_FOUND_WORDS}
        return found


def write_plain(work: Path, sources: LanguageSources, options: BuildOptions, site: Path) -> Path:
    """Write one language's sources as plain files under ``work`` with a configuration
    that needs no plugin but search; return the configuration's path.

    Bare MkDocs builds from it the pages the plugin gives, without what the plugin adds
    after MkDocs (the compact search index, the search worker, the offline files).
    """
    docs = work / "docs" / sources.language
    for name, text in sources.files().items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    config = site_config.language_config(
        sources.language,
        options.languages,
        f"docs/{sources.language}",
        site / sources.language,
        options.site_url,
    )
    site_config.add_words(config, sources)
    path = work / f"mkdocs.{sources.language}.yml"
    site_config.write_config(path, config)
    return path
