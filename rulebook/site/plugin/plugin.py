"""The rulebook plugin: a language's pages made from the project's content at build time.

Each language's configuration (rulebook.site.config) lists this plugin with the project
and the language. The plugin then

- loads the project's games (``on_config``), reloading only the games whose files changed
  since the last build of the process, and checks the catalogs once per process;
- makes the language's pages, navigation and words (rulebook.site.sources) and sets them
  on the configuration (``on_config``), then hands the pages and the calculator's files
  to MkDocs as generated files (``on_files``), as Material's blog plugin adds its views;
- after MkDocs, compacts the search index, writes the site's search worker and the
  offline files (``on_post_build``);
- under ``mkdocs serve``, watches the content, the catalogs and the site's templates and
  assets (``on_serve``), so a saved sentence rebuilds and reloads the page.

In a dirty build (``mkdocs serve --dirty``, ``rulebook serve --watch``) only the pages
whose Markdown changed since this process last built the language are rendered again (all
of them when the navigation or the words changed); the search index keeps the other
pages' entries. MkDocs keeps one instance of a plugin that has ``on_startup`` for the
whole process, shared by every language built in it: what the plugin keeps is therefore
kept per project and per language.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.theme import Theme

from rulebook import paths
from rulebook.paths import Project
from rulebook.site import config as site_config
from rulebook.site.options import BuildOptions
from rulebook.site.plugin.config import RulebookConfig
from rulebook.site.sources import InMemoryBytecode, LanguageSources, SiteMaker
from rulebook.site.view import GameBuild

if TYPE_CHECKING:
    from mkdocs.livereload import LiveReloadServer

#: The application's site folders a page depends on: watched under ``serve``, and a change
#: to any rebuilds every language.
SITE_FOLDERS = tuple(
    paths.SITE / name for name in ("templates", "overrides", "assets", "offline", "mkdocs")
)

#: A folder's files with their modification time and size: what says a file changed.
Snapshot = dict[str, tuple[int, int]]


def snapshot(folders: Iterable[Path]) -> Snapshot:
    """Every file under ``folders`` (a missing folder has none), by path."""
    found: Snapshot = {}
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                path = os.path.join(root, name)
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                found[path] = (stat.st_mtime_ns, stat.st_size)
    return found


class _Generated(File):
    """A generated file that knows whether it differs from the one last built."""

    changed = True

    def is_modified(self) -> bool:
        return self.changed or not os.path.isfile(self.abs_dest_path)


def _walk_order(path: str) -> tuple[Any, ...]:
    """The place MkDocs gives a file found in the docs folder: a folder's files first
    (``index`` before the others, then by name), then its subfolders by name."""
    *folders, name = path.split("/")
    stem = name.rpartition(".")[0]
    return (*((1, folder) for folder in folders), (0, stem not in ("index", "README"), name))


class ProjectState:
    """What the plugin keeps of one project between the builds of one process."""

    def __init__(self, options: BuildOptions) -> None:
        self.options = options
        self.maker = SiteMaker(options)
        self.builds: dict[str, GameBuild] = {}
        #: Each game folder's files when its build was loaded.
        self.seen: dict[str, Snapshot] = {}
        #: The catalogs were checked (once per process: rulebook serve rebuilds do not).
        self.checked = False
        self._site_seen = snapshot(SITE_FOLDERS)
        #: Per language: the site folder, the files and the words of its last build.
        self.built: dict[str, tuple[str, dict[str, str], Any]] = {}
        #: Per language: the project's and the site's files when it was last built.
        self.inputs: dict[str, Snapshot] = {}
        #: Per language: the sources last made.
        self.made: dict[str, LanguageSources] = {}

    def use(self, builds: Sequence[GameBuild]) -> None:
        """Take games already loaded (and their catalogs checked) by ``rulebook build``."""
        content = self.options.project.content
        self.builds = {build.content.id: build for build in builds}
        self.seen = {game: snapshot([content / game]) for game in self.builds}
        self.checked = True

    def refresh(self) -> list[str]:
        """Load the games whose files changed (or that are new) since they were loaded;
        return their ids. ContentError lists every problem."""
        from rulebook.cache import load_game
        from schemas.loader import ContentError, game_folders

        content = self.options.project.content
        folders = {folder.name: folder for folder in game_folders(content)}
        for gone in set(self.builds) - set(folders):
            del self.builds[gone], self.seen[gone]
        changed, problems = [], []
        for game, folder in folders.items():
            now = snapshot([folder])
            if game in self.builds and self.seen.get(game) == now:
                continue
            try:
                self.builds[game] = GameBuild(load_game(folder, None))
            except ContentError as error:
                problems.extend(error.problems)
                continue
            self.seen[game] = now
            changed.append(game)
        if problems:
            raise ContentError(problems)
        return changed

    def changed_sources(self) -> set[str]:
        """The source languages of the games whose files changed since they were loaded."""
        content = self.options.project.content
        return {
            build.content.game.source_language
            for game, build in self.builds.items()
            if snapshot([content / game]) != self.seen.get(game)
        }

    def moved(self, old: Path, new: Path) -> None:
        """The languages built into ``old`` are now at ``new`` (the output swapped in)."""
        for language, (site, files, words) in list(self.built.items()):
            if Path(site).parent == old:
                self.built[language] = (str(new / language), files, words)

    def check_catalogs(self) -> None:
        if not self.checked:
            from rulebook.site.build import refuse_unsafe_catalogs

            refuse_unsafe_catalogs(list(self.builds.values()), self.options)
            self.checked = True

    def site_changed(self) -> bool:
        """Whether the site's templates or assets changed since the last look."""
        now = snapshot(SITE_FOLDERS)
        changed, self._site_seen = now != self._site_seen, now
        if changed:
            self.maker.forget_assets()
        return changed

    def watched(self, language: str) -> list[Path]:
        """What one language's pages are made from: the content, its catalogs, the site."""
        project = self.options.project
        return [project.content, project.locales / language, *SITE_FOLDERS]

    def stale(self, language: str) -> bool:
        """Whether anything one language's pages are made from changed since its last build."""
        return snapshot(self.watched(language)) != self.inputs.get(language)

    def sources(self, language: str) -> LanguageSources:
        """The language's sources, from the games as they are now."""
        self.inputs[language] = snapshot(self.watched(language))
        self.refresh()
        self.check_catalogs()
        self.site_changed()
        self.made[language] = self.maker.make(list(self.builds.values()), language)
        return self.made[language]


#: The theme's compiled templates, in memory, for every build of the process.
_THEME_BYTECODE = InMemoryBytecode()


def _share_compiled_templates(theme: Theme) -> None:
    """Give every Jinja environment the theme makes the process's compiled templates.

    Each language's build makes its environments afresh (MkDocs one to render the pages,
    Material's search one to read the language's words), and compiling Material's
    templates again and again was most of a rebuild's time and a good part of a build's.
    A template whose file changed is compiled afresh: Jinja compares its source's checksum.
    """
    make = type(theme).get_env

    def get_env() -> Environment:
        env = make(theme)
        env.bytecode_cache = _THEME_BYTECODE
        return env

    theme.get_env = get_env  # type: ignore[method-assign]


#: One state per project and options, shared by every language built in the process.
_STATES: dict[tuple[Path, tuple[str, ...], bool], ProjectState] = {}


def project_state(options: BuildOptions) -> ProjectState:
    """The state kept for a project built with ``options`` (made on first use)."""
    key = (options.project.root, options.languages, options.drafts)
    if key not in _STATES:
        _STATES[key] = ProjectState(options)
    return _STATES[key]


def forget_states() -> None:
    """Drop every project's state (a build that must not trust what an earlier one kept)."""
    _STATES.clear()


# ----------------------------------------------------------------------------------------
# The plugin
# ----------------------------------------------------------------------------------------


class RulebookPlugin(BasePlugin[RulebookConfig]):  # type: ignore[no-untyped-call]
    """Makes one language's pages of a rulebook project (see the module's docstring)."""

    def __init__(self) -> None:
        self.dirty = False
        self.state: ProjectState | None = None
        self.made: LanguageSources | None = None
        #: The search index before a dirty build (its other pages' entries are kept).
        self._index_before: dict[str, Any] | None = None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Having on_startup keeps this instance (and what it keeps) for the whole process.
        self.dirty = dirty

    def options(self) -> BuildOptions:
        """The build options this language's configuration gives."""
        from schemas.common import LANGUAGES

        return BuildOptions(
            project=Project.at(Path(self.config.project)),
            languages=tuple(self.config.languages) or LANGUAGES,
            drafts=self.config.drafts,
        )

    @event_priority(100)  # before Material's search plugin, which reads the theme's words
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        from rulebook.site.build import BuildError
        from schemas.loader import ContentError

        _share_compiled_templates(config.theme)

        self.state = project_state(self.options())
        try:
            self.made = self.state.sources(self.config.language)
        except ContentError as error:
            raise PluginError("\n".join(str(p) for p in error.problems)) from error
        except BuildError as error:
            raise PluginError(str(error)) from error
        site_config.apply_words(config, self.made)
        # Material's search plugin is shared by every language of the process too, and
        # merges a dirty build into the index it made last, another language's: the index
        # is merged here instead (on_post_build).
        search = config.plugins.get("material/search")
        if search is not None and hasattr(search, "search_index_prev"):
            search.search_index_prev = None
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        self._index_before = None
        if self.dirty:
            index = Path(config.site_dir) / "search" / "search_index.json"
            try:
                self._index_before = json.loads(index.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self._index_before = None

    @event_priority(50)
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """The pages and the calculator's files first, in the order MkDocs would have
        found them in a docs folder, then what MkDocs found (the theme's files)."""
        assert self.state is not None and self.made is not None
        language = self.config.language
        generated = self.made.files()
        words = (self.made.nav, self.made.site_name, self.made.words, self.made.not_found)
        last = self.state.built.get(language)
        same_site = last is not None and last[0] == config.site_dir and last[2] == words
        kept = last[1] if same_site and last is not None else {}
        made = []
        for path in sorted(generated, key=_walk_order):
            file = _Generated.generated(config, path, content=generated[path])
            assert isinstance(file, _Generated)
            file.changed = kept.get(path) != generated[path]
            made.append(file)
        self.state.built[language] = (config.site_dir, generated, words)
        return Files([*made, *files])

    @event_priority(-100)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """What follows MkDocs: the compact search index, the search worker, offline files."""
        from rulebook.site.build import BuildError, finish_language

        locales = self.options().project.locales
        try:
            finish_language(
                Path(config.site_dir), self.config.language, locales, self._index_before
            )
        except BuildError as error:
            raise PluginError(str(error)) from error

    def on_build_error(self, *, error: Exception) -> None:
        # A failed build may have left a language half written: the next one is whole.
        if self.state is not None:
            self.state.built.pop(self.config.language, None)

    def on_serve(
        self, server: LiveReloadServer, *, config: MkDocsConfig, builder: Any
    ) -> LiveReloadServer:
        """Watch what the pages are made from, so a change rebuilds and reloads them."""
        for path in watched_paths(self.options()):
            server.watch(str(path))
        return server


def watched_paths(options: BuildOptions) -> list[Path]:
    """What a live site watches: the content (with the list of languages), the catalogs
    and the application's templates and assets."""
    project = options.project
    return [project.content, project.locales, *SITE_FOLDERS]
