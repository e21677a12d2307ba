"""``rulebook serve --watch``: rebuild what a change touches, then reload the page.

:class:`LiveSite` keeps the built site up to date in place. A change to
``content/<game>/`` rebuilds that game's pages in every language (a translation of a
changed source sentence falls back to the new source, so every language shows it); a change
to ``locales/<lang>/LC_MESSAGES/<game>.po`` rebuilds that game in that one language, and
``ui.po`` every game in that language. Only the Markdown files whose text changed are
rewritten, and MkDocs rebuilds only those pages (a "dirty" build; the search index keeps
the other pages' entries); when a page title changes, the navigation of every page does,
and that language is built whole. The game's source language goes first, and each language
reloads its open pages as soon as it is rebuilt.

:class:`Watcher` polls the project's content and catalogs (a few hundred ``stat`` calls a
second: no dependency, and the same on every system) and runs the rebuilds in a thread.
"""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from rulebook.site import output
from rulebook.site.build import (
    BuildError,
    SearchIndex,
    SiteSources,
    build_site,
    finish_language,
    load_builds,
    run_mkdocs,
)
from rulebook.site.options import BuildOptions
from rulebook.site.serve import Reload
from rulebook.site.view import GameBuild

#: How often the watcher looks for changes, and how long a change must rest before a rebuild.
POLL_SECONDS = 0.2
SETTLE_SECONDS = 0.1
#: How many times a site saved into while it was built is built again before watching.
REBUILD_TRIES = 3


class LiveSite:
    """A built site (at ``options.target``) and its sources, rebuilt in place."""

    def __init__(self, options: BuildOptions, reload: Reload) -> None:
        self.options = options
        self.out = options.target
        self.reload = reload
        self._lock = output.locked(self.out)
        self._lock.__enter__()
        self.work = output.work_folder()
        self.builds = {b.content.id: b for b in load_builds(options)}
        self.sources = SiteSources(self.work, options)
        for language in options.languages:
            self.sources.write(list(self.builds.values()), language, self.out)
        output.mark(self.out)
        _age(self.work)  # MkDocs rebuilds a page only when its Markdown is newer than its HTML

    def close(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)
        self._lock.__exit__(None, None, None)

    def touched(self, changed: Iterable[Path]) -> dict[str, set[str] | None]:
        """Per language, the games a change touches (None: every game)."""
        project = self.options.project
        found: dict[str, set[str] | None] = {}

        def add(language: str, game: str | None) -> None:
            if language not in self.options.languages:
                return
            games = found.setdefault(language, set())
            if games is not None:
                found[language] = None if game is None else {*games, game}

        for path in changed:
            if project.content in path.parents:
                game = path.relative_to(project.content).parts[0]
                for language in self.options.languages:
                    add(language, game)
            elif project.locales in path.parents and path.suffix == ".po":
                parts = path.relative_to(project.locales).parts
                if len(parts) == 3 and parts[1] == "LC_MESSAGES":
                    # A game's glossary catalog (<game>.glossary.po) is that game's too.
                    game = path.stem.removesuffix(".glossary")
                    add(parts[0], None if game == "ui" else game)
        return found

    def rebuild(self, changed: set[Path]) -> list[str]:
        """Rebuild what ``changed`` touches; return a line per language rebuilt."""
        from schemas.loader import ContentError, load_game

        touched = self.touched(changed)
        games = {game for games in touched.values() if games for game in games}
        for game in sorted(games):
            if game in self.builds or (self.options.project.content / game).is_dir():
                try:
                    self.builds[game] = GameBuild(load_game(self.options.project.content / game))
                except ContentError as error:
                    return [str(p) for p in error.problems] + [f"{game}: not rebuilt"]
        first = [b.content.game.source_language for g, b in self.builds.items() if g in games]
        order = sorted(touched, key=lambda language: (language not in first, language))
        lines = []
        for language in order:
            started = time.perf_counter()
            pages = self._rebuild_language(language, touched[language])
            self.reload.bump(language)
            lines.append(f"{language}: {pages} in {time.perf_counter() - started:.1f} s")
        return lines

    def _rebuild_language(self, language: str, games: set[str] | None) -> str:
        before = list(self.sources.navigation.get(language, []))
        _, changed = self.sources.write(list(self.builds.values()), language, self.out, games)
        whole = self.sources.navigation[language] != before
        if not changed and not whole:
            return "no page changed"
        index = self.out / language / "search" / "search_index.json"
        keep = None if whole else _read_json(index)
        run_mkdocs(self.sources.config(language), dirty=not whole)
        finish_language(self.out, language, self.options.project.locales, keep)
        output.mark(self.out)  # the next build may replace what this rebuild wrote
        return "whole language" if whole else f"{len(changed)} page(s)"


def _read_json(path: Path) -> SearchIndex | None:
    import json

    try:
        data: SearchIndex = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data


def _age(folder: Path) -> None:
    """Date every file under ``folder`` back to 1970, older than any built page."""
    for root, _, files in os.walk(folder):
        for name in files:
            os.utime(os.path.join(root, name), (1, 1))


def _snapshot(folders: Iterable[Path]) -> dict[Path, tuple[int, int]]:
    found = {}
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in files:
                if name.endswith((".yaml", ".yml", ".po")):
                    path = Path(root, name)
                    try:
                        stat = path.stat()
                    except OSError:
                        continue
                    found[path] = (stat.st_mtime_ns, stat.st_size)
    return found


class Watcher:
    """Polls the project and keeps a :class:`LiveSite` up to date, in a thread."""

    def __init__(self, options: BuildOptions) -> None:
        self.options = options
        self.reload = Reload()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.site: LiveSite | None = None
        self._folders = (options.project.content, options.project.locales)
        # Taken now, before the first build (the command makes the watcher first), so that
        # :meth:`start` can tell a file saved while the site was built.
        self._seen = _snapshot(self._folders)

    def start(self) -> None:
        """Keep the built site up to date from now on, in a thread.

        The live sources are read now, and the pages were built from the files as they
        were when the watcher was made: a file saved in between would be in the sources
        and not in the pages, and never built (its rebuild found nothing new). So the site
        is built again first while the files differ from what was built.
        """
        from schemas.loader import ContentError

        for _ in range(REBUILD_TRIES):
            now = _snapshot(self._folders)
            if now == self._seen:
                break
            self._seen = now
            print("changed while building: building again", flush=True)
            try:
                build_site(self.options)
            except (BuildError, ContentError) as error:
                print(f"  build failed: {error}", file=sys.stderr, flush=True)
                break
        self.site = LiveSite(self.options, self.reload)
        self._thread = threading.Thread(target=self._run, name="rulebook-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self.site is not None:
            self.site.close()

    def changes(self) -> set[Path]:
        """The files added, changed or removed since the last look (or since the watcher
        was made)."""
        now = _snapshot(self._folders)
        if now == self._seen:
            return set()
        time.sleep(SETTLE_SECONDS)  # editors write a file in more than one go
        now = _snapshot(self._folders)
        seen, self._seen = self._seen, now
        return {p for p in now.keys() | seen.keys() if now.get(p) != seen.get(p)}

    def _run(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            changed = self.changes()
            if changed:
                self._rebuild(changed)

    def _rebuild(self, changed: set[Path]) -> None:
        assert self.site is not None
        names = ", ".join(sorted(str(p.relative_to(self.options.project.root)) for p in changed))
        print(f"changed: {names}", flush=True)
        try:
            for line in self.site.rebuild(changed):
                print(f"  {line}", flush=True)
        except BuildError as error:
            print(f"  build failed: {error}", file=sys.stderr, flush=True)
