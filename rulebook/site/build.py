"""``rulebook build``: content -> one MkDocs build per language -> the site.

The games are loaded and the catalogs checked once; then each language's configuration
(mkdocs.<lang>.yml, rulebook.site.config) is written into a work folder and built by
MkDocs, in this process, into a staging folder beside the output. The configuration lists
the rulebook plugin (rulebook.site.plugin), which makes the pages from the content while
MkDocs builds, so ``mkdocs build -f`` and ``mkdocs serve -f`` of the same file work too.
The root language chooser is added, and only then is the staging folder swapped in
(rulebook.site.output, which also refuses unsafe output folders). A failed build removes
its staging folder and leaves the previous site untouched.

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

from jinja2 import Environment, FileSystemLoader

from rulebook import cache
from rulebook.cache import load_content
from rulebook.errors import problems_in
from rulebook.site import config as site_config
from rulebook.site import output
from rulebook.site.localize import Localizer
from rulebook.site.offline import write_offline, write_root_offline
from rulebook.site.options import BuildOptions
from rulebook.site.search import SearchError, rank_sections, write_search_worker
from rulebook.site.sources import TEMPLATES
from rulebook.site.view import GameBuild
from schemas.diagnostics import Diagnostic, DiagnosticError
from schemas.game import GameContent

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


def write_language_config(work: Path, options: BuildOptions, language: str, site: Path) -> Path:
    """Write mkdocs.<language>.yml into ``work`` (with its empty docs folder: the plugin
    gives the pages); MkDocs builds the language into ``site/<language>``."""
    docs = work / "docs" / language
    docs.mkdir(parents=True, exist_ok=True)
    plugin = {
        "project": str(options.project.root),
        "language": language,
        "languages": list(options.languages),
        "drafts": options.drafts,
    }
    config = site_config.language_config(
        language, options.languages, f"docs/{language}", site / language, options.site_url, plugin
    )
    path = work / f"mkdocs.{language}.yml"
    site_config.write_config(path, config)
    return path


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
    root: Path, language: str, locales: Path | None, keep: SearchIndex | None = None
) -> None:
    """What follows MkDocs in one language built into ``root``: the compact index, the
    search worker and the offline files.

    ``keep`` is the search index before a dirty rebuild (see compact_search_index).
    """
    compact_search_index(root / "search" / "search_index.json", keep)
    rank_sections(root / "search" / "search_index.json")
    try:
        write_search_worker(root, language)  # before the worker lists the files
    except SearchError as error:
        raise BuildError(str(error)) from None
    title = Localizer(language, None, locales).ui("site_title").text
    write_offline(root, language, title)  # manifest, service worker


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
    missing = site / site_config.fallback_language(languages) / "404.html"
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
    from rulebook.site.plugin.plugin import project_state

    state = project_state(options)
    state.use(builds)
    try:
        with output.stoppable(), output.locked(out):
            staging = output.staging(out)
            work = output.work_folder()
            try:
                for language in options.languages:
                    run_mkdocs(write_language_config(work, options, language, staging))
                write_root(staging, options.languages, options.site_url)
                output.mark(staging)
                output.swap_in(staging, out)
                state.moved(staging, out)
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
    built = {language: state.made[language].pages for language in options.languages}
    return BuildReport(
        out=out,
        languages=options.languages,
        pages=sum(len(pages) for pages in built.values()),
        seconds=time.perf_counter() - started,
        untranslated={
            language: sum(1 for page in pages if page.missing) for language, pages in built.items()
        },
    )
