"""``rulebook build``: content -> Markdown -> one MkDocs build per language -> the site.

:class:`SiteSources` writes everything MkDocs needs (Markdown pages, mkdocs.<lang>.yml,
the widget assets) into a work folder, computing each game's view once per language
(rulebook.site.view). Each language is built by MkDocs into a staging folder beside the
output, the root language chooser and the offline files are added, and only then is the
staging folder swapped in (rulebook.site.output, which also refuses unsafe output
folders). A failed build removes its staging folder and leaves the previous site untouched.

The output depends only on the content, the catalogs and the code: no timestamps (the
sitemap has no lastmod, and the gzip stamp is pinned through SOURCE_DATE_EPOCH).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemLoader
from jinja2.bccache import Bucket

from rulebook import cache, paths
from rulebook.cache import load_content
from rulebook.errors import problems_in
from rulebook.site import config as site_config
from rulebook.site import output, stored
from rulebook.site.assets import shipped_files, write_assets
from rulebook.site.localize import Localizer
from rulebook.site.offline import write_offline, write_root_offline
from rulebook.site.options import BuildOptions
from rulebook.site.pages import Page, game_pages, game_view, site_pages
from rulebook.site.render import Renderer, page_links
from rulebook.site.search import SearchError, rank_sections, write_search_worker
from rulebook.site.view import GameBuild, LocalGame
from schemas.diagnostics import Diagnostic, DiagnosticError
from schemas.game import GameContent

#: site/ subfolders the build reads (the application's, not the project's).
TEMPLATES = paths.SITE / "templates"
OVERRIDES = paths.SITE / "overrides"
BASE_CONFIG = paths.SITE / "mkdocs" / "base.yml"

#: The gzip stamp of sitemap.xml.gz (MkDocs reads it from SOURCE_DATE_EPOCH).
_EPOCH = "0"


class BuildError(DiagnosticError, RuntimeError):
    """The site could not be built; the previous output was left as it was.

    Made of one sentence (a diagnostic of ``type``: ``build``, or ``output`` for an output
    folder refused) or of the diagnostics that stopped it; ``summary`` counts them.
    """

    def __init__(
        self,
        problems: str | Sequence[Diagnostic],
        summary: str | None = None,
        type: str = "build",
    ):
        found = [Diagnostic(type, msg=problems)] if isinstance(problems, str) else problems
        super().__init__(found)
        self.summary = summary


@dataclass
class BuildReport:
    out: Path
    languages: tuple[str, ...]
    pages: int
    seconds: float
    #: Pages with text shown in its source language, per language.
    untranslated: dict[str, int] = field(default_factory=dict)


# ----------------------------------------------------------------------------------------
# Markdown sources
# ----------------------------------------------------------------------------------------


def language_pages(
    builds: Sequence[GameBuild], language: str, locales: Path | None, drafts: bool = False
) -> list[Page]:
    """Every page of one language: the site's own pages, then each game's in id order.

    ``drafts`` shows fuzzy translations, marked, instead of their source (a preview).
    """
    ordered = sorted(builds, key=lambda b: b.content.id)
    pages = site_pages([b.content for b in ordered], Localizer(language, None, locales, drafts))
    for build in ordered:
        loc = Localizer(language, build.content, locales, drafts)
        pages.extend(game_pages(LocalGame(build, loc)))
    contents = [b.content for b in ordered]
    pages.extend(site_pages(contents, Localizer(language, None, locales, drafts), after_games=True))
    return pages


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` unless the file holds it already (so MkDocs sees what changed)."""
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


class _Bytecode(BytecodeCache):
    """Compiled templates kept in memory, so each language's renderer compiles none again."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


class SiteSources:
    """The MkDocs sources of every language, in a work folder, rewritten where they change."""

    def __init__(self, work: Path, options: BuildOptions) -> None:
        self.work = work
        self.options = options
        self.locales = options.project.locales
        #: Per language, each page's Markdown path and title (the navigation).
        self.navigation: dict[str, list[tuple[str, str]]] = {}
        #: Per language, the pages last written.
        self.pages: dict[str, list[Page]] = {}
        shutil.copyfile(BASE_CONFIG, work / "base.yml")
        shutil.copytree(OVERRIDES, work / "overrides", dirs_exist_ok=True)
        self._assets = shipped_files()
        self._templates = _Bytecode()

    def write(
        self,
        builds: Sequence[GameBuild],
        language: str,
        site_dir: Path,
        games: set[str] | None = None,
    ) -> tuple[list[Page], list[str]]:
        """Write one language; return its pages and the Markdown paths that changed.

        With ``games``, the other games' pages from the last write are kept as they are (for
        ``serve --watch``). A game whose files, catalogs and code did not change since an
        earlier build gets its pages from rulebook.site.stored.
        """
        docs = self.work / "docs" / language
        drafts = self.options.drafts
        renderer = Renderer(TEMPLATES, language, self.locales, drafts)
        renderer.env.bytecode_cache = self._templates
        previous = self.pages.get(language, [])
        ordered = sorted(builds, key=lambda b: b.content.id)
        ui = Localizer(language, None, self.locales, drafts)
        pages = site_pages([b.content for b in ordered], ui)
        texts = {page.path: renderer.render(page, page_links(page)) for page in pages}
        for build in ordered:
            game_id = build.content.id
            kept = [p for p in previous if p.game is not None and p.game.id == game_id]
            if previous and kept and games is not None and game_id not in games:
                pages.extend(kept)  # untouched since the last write: nothing to render
                continue
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
        closing = site_pages([b.content for b in ordered], ui, after_games=True)
        texts.update((page.path, renderer.render(page, page_links(page))) for page in closing)
        pages.extend(closing)
        changed = [path for path, text in texts.items() if write_if_changed(docs / path, text)]
        self.pages[language] = pages
        write_assets(docs / "assets" / "calculator", files=self._assets)
        names = {b.content.id: b.content.game.names.get(language) for b in builds}
        config = site_config.language_config(
            language,
            self.options.languages,
            f"docs/{language}",
            site_dir / language,
            site_config.navigation(pages, names, language),
            renderer.loc.ui("site_title").text,
            self.options.site_url,
            {key: renderer.loc.ui(key).text for key in MKDOCS_WORDS},
            self.not_found_words(),
            renderer.loc.ui("permalink_title").text,
        )
        site_config.write_config(self.config(language), config)
        self.navigation[language] = [(page.path, page.title.text) for page in pages]
        return pages, changed

    def not_found_words(self) -> dict[str, dict[str, str]]:
        """The 404 page's words in every language: a host shows the root 404 page for any
        wrong address, whatever its language, so the page takes the address's words."""
        found = {}
        for language in self.options.languages:
            loc = Localizer(language, None, self.locales, self.options.drafts)
            found[language] = {key: loc.ui(key).text for key in NOT_FOUND_WORDS}
        return found

    def config(self, language: str) -> Path:
        return self.work / f"mkdocs.{language}.yml"


# ----------------------------------------------------------------------------------------
# MkDocs
# ----------------------------------------------------------------------------------------


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname}: {record.getMessage()}")


class _NotDirty(logging.Filter):
    """MkDocs warns on every dirty rebuild (one page at a time, for ``serve --watch``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


@contextmanager
def _environment() -> Iterator[None]:
    """Quiet, reproducible MkDocs runs; the caller's environment is restored after."""
    wanted = {"NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": _EPOCH}
    saved = {key: os.environ.get(key) for key in wanted}
    os.environ.update(wanted)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _forget_previous_index(config: Any) -> None:
    """Start Material's search index afresh for this build.

    MkDocs keeps one instance of a plugin with ``on_startup`` for the whole process, and
    Material's search plugin merges a dirty build into the index it made last time — which,
    with one build per language in one process, is another language's. compact_search_index
    does the merge per language instead.
    """
    search = config.plugins.get("material/search")
    if search is not None and hasattr(search, "search_index_prev"):
        search.search_index_prev = None


def run_mkdocs(config_file: Path, dirty: bool = False) -> None:
    """Build one language in-process, strict: any MkDocs warning fails the build.

    ``dirty`` rebuilds only the pages whose Markdown is newer than their HTML.
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    not_dirty = _NotDirty()
    logger.addHandler(collect)
    build_logger = logging.getLogger("mkdocs.commands.build")
    build_logger.addFilter(not_dirty)
    propagate = logger.propagate
    logger.propagate = False
    try:
        with _environment():
            config = load_config(str(config_file))
            _forget_previous_index(config)
            config.plugins.on_startup(command="build", dirty=dirty)
            try:
                build(config, dirty=dirty)
            finally:
                config.plugins.on_shutdown()
    except (MkDocsException, OSError, ValueError) as error:
        details = "\n".join(collect.messages)
        raise BuildError(f"{config_file.name}: {error}\n{details}".rstrip()) from error
    finally:
        logger.removeHandler(collect)
        build_logger.removeFilter(not_dirty)
        logger.propagate = propagate


#: A search index as MkDocs writes it: ``config`` and ``docs`` (each with its ``location``).
SearchIndex = dict[str, Any]


def _page_of(doc: dict[str, Any]) -> str:
    return str(doc["location"]).partition("#")[0]


def compact_search_index(path: Path, keep: SearchIndex | None = None) -> None:
    """Rewrite the search index with its text as UTF-8 instead of ``\\uXXXX`` escapes.

    Material writes ASCII-only JSON, so every Cyrillic letter takes six bytes; the same
    JSON in UTF-8 takes two. Every page loads this file for its search box, so the
    Ukrainian index shrinks by more than half. The data is the same. ``keep`` is the index
    before a dirty rebuild (which indexes only the pages it rebuilt): its entries for the
    other pages are kept, in their order.
    """
    if not path.is_file():
        return
    data: SearchIndex = json.loads(path.read_text(encoding="utf-8"))
    if keep is not None:
        rebuilt = {_page_of(doc) for doc in data["docs"]}
        order: dict[str, int] = {}
        for doc in keep["docs"]:
            order.setdefault(_page_of(doc), len(order))
        kept = [doc for doc in keep["docs"] if _page_of(doc) not in rebuilt]
        data["docs"] = sorted(
            [*kept, *data["docs"]], key=lambda doc: order.get(_page_of(doc), len(order))
        )
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")


def finish_language(
    site: Path, language: str, locales: Path | None, keep: SearchIndex | None = None
) -> None:
    """What follows MkDocs in one language: the compact index, the search worker and the
    offline files.

    ``keep`` is the search index before a dirty rebuild (see compact_search_index).
    """
    compact_search_index(site / language / "search" / "search_index.json", keep)
    rank_sections(site / language / "search" / "search_index.json")
    try:
        write_search_worker(site / language, language)  # before the worker lists the files
    except SearchError as error:
        raise BuildError(str(error)) from None
    title = Localizer(language, None, locales).ui("site_title").text
    write_offline(site / language, language, title)  # manifest, service worker


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


def write_root(site: Path, languages: tuple[str, ...], site_url: str | None = None) -> None:
    """The language chooser at the site's root, its 404 page, its service worker and the
    sitemap index.

    The root 404 page (what a host such as GitHub Pages shows for any missing address) is
    the fallback language's own, which finds the site's root from its address.
    """
    root = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True)
    (site / "index.html").write_text(
        site_config.root_page(root.get_template("root.html.j2"), languages), encoding="utf-8"
    )
    fallback = (
        site_config.FALLBACK_LANGUAGE
        if site_config.FALLBACK_LANGUAGE in languages
        else languages[0]
    )
    missing = site / fallback / "404.html"
    if missing.is_file():
        shutil.copyfile(missing, site / "404.html")
    write_root_offline(site, languages)  # the chooser offline; other languages' pages too
    if site_url:
        (site / "sitemap.xml").write_text(
            site_config.sitemap_index(site_url, languages), encoding="utf-8"
        )


# ----------------------------------------------------------------------------------------
# The whole build
# ----------------------------------------------------------------------------------------


def load_builds(options: BuildOptions) -> list[GameBuild]:
    """Every game of the project, loaded and checked (ContentError lists every problem);
    read back from rulebook.cache while no content file and no code changed."""
    games: dict[str, GameContent] = load_content(options.project.content)
    return [GameBuild(games[game_id]) for game_id in sorted(games)]


#: The most catalog failures a refused build lists (the rest are counted).
SHOWN_FAILURES = 40


def refuse_unsafe_catalogs(builds: Sequence[GameBuild], options: BuildOptions) -> None:
    """Raise BuildError when a catalog is one ``rulebook i18n check`` refuses for safety."""
    from rulebook.i18n.ui import UI_DOMAIN

    contents = [build.content for build in builds]
    locales = options.project.locales
    # Each game's catalog, its glossary's (rulebook.i18n.glossary) and the interface's.
    glossaries = [f"{content.id}.glossary" for content in contents if content.glossary]
    domains = [*(content.id for content in contents), *glossaries, UI_DOMAIN]
    # Catalogs found safe are kept as such while they, the content and the code stay the
    # same: checking them is most of a build's own time. A failure is never kept, so every
    # one is found and worded afresh.
    key = cache.catalogs_key(contents, domains, options.languages, locales)
    name = "checked-" + "-".join(options.languages)
    if cache.load_findings(locales, name, key) == []:
        return
    # Imported only now: the checks' modules are a fair part of a build that needs none.
    from rulebook.i18n.checks import site_failures
    from rulebook.i18n.runtime import game_domain_once

    failures = site_failures(contents, options.languages, locales, game_domain_once)
    if not failures:
        cache.save_findings(locales, name, key, [])
        return
    hidden = len(failures) - SHOWN_FAILURES
    summary = problems_in(len(failures), "the catalogs")
    if hidden > 0:
        summary += f" ({hidden} not listed)"
    raise BuildError(failures[:SHOWN_FAILURES], f"{summary}: run `rulebook i18n check`")


def build_site(options: BuildOptions) -> BuildReport:
    """Build the site into ``options.target``; raise BuildError (or ContentError), keep the old.

    The output folder is refused (OutputError, a BuildError) when it holds or is inside the
    project's sources, or is not empty and was not written by a build.
    """
    started = time.perf_counter()
    try:
        out = output.check_output(options.target, options.project)
    except output.OutputError as error:
        raise BuildError(str(error), type="output") from None
    builds = load_builds(options)
    refuse_unsafe_catalogs(builds, options)
    try:
        with output.stoppable(), output.locked(out):
            staging = output.staging(out)
            work = output.work_folder()
            try:
                sources = SiteSources(work, options)
                built = {}
                for language in options.languages:
                    built[language], _ = sources.write(builds, language, staging)
                    run_mkdocs(sources.config(language))
                    finish_language(staging, language, options.project.locales)
                write_root(staging, options.languages, options.site_url)
                output.mark(staging)
                output.swap_in(staging, out)
            except BaseException:
                shutil.rmtree(staging, ignore_errors=True)
                raise
            finally:
                shutil.rmtree(work, ignore_errors=True)
    except output.OutputError as error:
        raise BuildError(str(error), type="output") from None
    except OSError as error:
        raise BuildError(f"cannot write {out}: {error.strerror or error}") from None
    except output.Stopped as stop:
        raise BuildError(f"stopped by {stop}") from None
    return BuildReport(
        out=out,
        languages=options.languages,
        pages=sum(len(pages) for pages in built.values()),
        seconds=time.perf_counter() - started,
        untranslated={
            language: sum(1 for page in pages if page.missing) for language, pages in built.items()
        },
    )
