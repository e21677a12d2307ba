"""``rulebook build``: content -> Markdown -> one MkDocs build per language -> the site.

The pipeline writes everything MkDocs needs (Markdown pages, mkdocs.<lang>.yml, the widget
assets) into a temporary work folder, builds each language into a staging folder next to
the output folder, adds the root language chooser, and only then swaps the staging folder
in. A failed build removes its staging folder and leaves the previous site untouched.

The output depends only on the content, the catalogs and the code: no timestamps (the
sitemap has no lastmod, and the gzip stamp is pinned through SOURCE_DATE_EPOCH).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

from rulebook import paths
from rulebook.site import config as site_config
from rulebook.site.assets import write_assets
from rulebook.site.localize import Localizer
from rulebook.site.offline import write_offline
from rulebook.site.pages import Page, game_pages, game_view, home_page
from rulebook.site.render import Renderer, page_links
from rulebook.site.translation_status import status_page
from schemas.common import LANGUAGES
from schemas.game import GameContent
from schemas.loader import load_all

#: site/ subfolders the build reads.
TEMPLATES = paths.SITE / "templates"
OVERRIDES = paths.SITE / "overrides"
BASE_CONFIG = paths.SITE / "mkdocs" / "base.yml"

#: Where ``rulebook build`` writes by default.
DEFAULT_OUT = paths.SITE / "build"

#: The gzip stamp of sitemap.xml.gz (MkDocs reads it from SOURCE_DATE_EPOCH).
_EPOCH = "0"


class BuildError(RuntimeError):
    """The site could not be built; the previous output was left as it was."""


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
    games: dict[str, GameContent], language: str, locales: Path | None, drafts: bool = False
) -> list[Page]:
    """Every page of one language, home first, then each game in id order.

    ``drafts`` shows fuzzy translations, marked, instead of their source (a preview).
    """
    pages: list[Page] = []
    views = []
    for game_id in sorted(games):
        loc = Localizer(language, games[game_id], locales, drafts)
        views.append(game_view(games[game_id], loc))
        pages.extend(game_pages(games[game_id], loc))
    pages.insert(0, home_page(views, Localizer(language, None, locales, drafts)))
    pages.append(status_page(games, Localizer(language, None, locales, drafts), locales))
    return pages


def write_sources(
    work: Path,
    games: dict[str, GameContent],
    languages: tuple[str, ...],
    locales: Path | None,
    site_dir: Path,
    drafts: bool = False,
) -> dict[str, list[Page]]:
    """Markdown pages, assets and configs of every language under ``work``."""
    shutil.copyfile(BASE_CONFIG, work / "base.yml")
    shutil.copytree(OVERRIDES, work / "overrides")
    built: dict[str, list[Page]] = {}
    names = {
        language: {g: c.game.names.get(language) for g, c in games.items()}
        for language in languages
    }
    for language in languages:
        docs = work / "docs" / language
        renderer = Renderer(TEMPLATES, language, locales, drafts)
        pages = language_pages(games, language, locales, drafts)
        for page in pages:
            target = docs / page.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(renderer.render(page, page_links(page)), encoding="utf-8")
        write_assets(docs / "assets" / "calculator")
        site_name = renderer.loc.ui("site_title").text
        config = site_config.language_config(
            language,
            languages,
            f"docs/{language}",
            site_dir / language,
            site_config.navigation(pages, names[language]),
            site_name,
        )
        site_config.write_config(work / f"mkdocs.{language}.yml", config)
        built[language] = pages
    return built


# ----------------------------------------------------------------------------------------
# MkDocs
# ----------------------------------------------------------------------------------------


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname}: {record.getMessage()}")


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


def run_mkdocs(config_file: Path) -> None:
    """Build one language in-process, strict: any MkDocs warning fails the build."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    logger.addHandler(collect)
    propagate = logger.propagate
    logger.propagate = False
    try:
        config = load_config(str(config_file))
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config)
        finally:
            config.plugins.on_shutdown()
    except (MkDocsException, OSError, ValueError) as error:
        details = "\n".join(collect.messages)
        raise BuildError(f"{config_file.name}: {error}\n{details}".rstrip()) from error
    finally:
        logger.removeHandler(collect)
        logger.propagate = propagate


def compact_search_index(path: Path) -> None:
    """Rewrite the search index with its text as UTF-8 instead of ``\\uXXXX`` escapes.

    Material writes ASCII-only JSON, so every Cyrillic letter takes six bytes; the same
    JSON in UTF-8 takes two. Every page loads this file for its search box, so the
    Ukrainian index shrinks by more than half. The data is the same.
    """
    if not path.is_file():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")


# ----------------------------------------------------------------------------------------
# The whole build
# ----------------------------------------------------------------------------------------


def _swap(staging: Path, out: Path) -> None:
    """Put ``staging`` where ``out`` is, keeping the old site until the new one is in."""
    if not out.exists():
        os.rename(staging, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    old.rmdir()
    os.rename(out, old)
    try:
        os.rename(staging, out)
    except OSError:
        os.rename(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)


def build_site(
    out: Path = DEFAULT_OUT,
    content_dir: Path | None = None,
    locales: Path | None = None,
    languages: tuple[str, ...] = LANGUAGES,
    drafts: bool = False,
) -> BuildReport:
    """Build the site into ``out``; raise BuildError (or ContentError) and keep the old one."""
    started = time.perf_counter()
    games = load_all(content_dir or paths.content_dir())
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    try:
        with tempfile.TemporaryDirectory(prefix="rulebook-site-") as folder, _environment():
            work = Path(folder)
            built = write_sources(work, games, languages, locales, staging, drafts)
            for language in languages:
                run_mkdocs(work / f"mkdocs.{language}.yml")
                compact_search_index(staging / language / "search" / "search_index.json")
                title = Localizer(language, None, locales).ui("site_title").text
                write_offline(staging / language, language, title)  # manifest, service worker
        root = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True)
        (staging / "index.html").write_text(
            site_config.root_page(root.get_template("root.html.j2"), languages),
            encoding="utf-8",
        )
        _swap(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildReport(
        out=out,
        languages=languages,
        pages=sum(len(pages) for pages in built.values()),
        seconds=time.perf_counter() - started,
        untranslated={
            language: sum(1 for page in pages if page.missing) for language, pages in built.items()
        },
    )
