"""``rulebook serve --watch``: the built site on MkDocs' live-reload server.

The site is built as ``rulebook build`` builds it; then MkDocs' own server
(``mkdocs.livereload.LiveReloadServer``, what ``mkdocs serve`` runs) serves the output
folder, watches what the rulebook plugin says the pages come from (the content, the
catalogs, the site's templates and assets) and, on a change, calls :meth:`LiveSite.rebuild`,
then reloads the open pages. A rebuild builds again, in place, each language whose
inputs changed (a game's files: every language; a catalog: its language), as a dirty
MkDocs build: the plugin renders only the pages whose Markdown changed. The source
language of a changed game goes first.

MkDocs' server reloads the open pages once its builder returns, and holds every page
request while the builder runs; so under the server each call builds one language only
and, when others are still stale, saves a file in a folder the server watches: the
server reloads the pages (the reader of the language just built sees it at once) and
calls the builder again for the next language. Only the server's documented hooks
(``watch`` and the builder) are used.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

from mkdocs.livereload import LiveReloadServer

from rulebook.errors import refused
from rulebook.site import output
from rulebook.site.build import BuildError, run_mkdocs, write_language_config
from rulebook.site.options import BuildOptions
from rulebook.site.plugin.plugin import project_state, watched_paths

#: How often the server looks for changed files (MkDocs' default is 0.5 s).
POLL_SECONDS = 0.2
#: How long the server waits for the changes of one save to stop before it builds (MkDocs
#: waits 0.1 s). Its polling observer reports a save's files together, in one pass.
SETTLE_SECONDS = 0.02


class LiveSite:
    """A built site at ``options.target``, rebuilt in place where its inputs changed."""

    def __init__(self, options: BuildOptions) -> None:
        self.options = options
        self.out = options.target
        self._lock = output.locked(self.out)
        self._lock.__enter__()
        self.work = output.work_folder()
        self.configs = {
            language: write_language_config(self.work, options, language, self.out)
            for language in options.languages
        }
        #: Saved to when languages are left to build: the server watches it.
        self.queue = self.work / "queue"
        self.queue.mkdir()
        self._queued = 0

    def close(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)
        self._lock.__exit__(None, None, None)

    def stale(self) -> list[str]:
        """The languages whose inputs changed since they were built, the source language
        of a changed game first."""
        state = project_state(self.options)
        stale = [language for language in self.options.languages if state.stale(language)]
        first = state.changed_sources()
        return sorted(stale, key=lambda language: language not in first)

    def rebuild(self, limit: int | None = None) -> list[str]:
        """Build again each language whose inputs changed (the first ``limit`` of them, if
        given); a line per language."""
        lines = []
        try:
            for language in self.stale()[:limit]:
                started = time.perf_counter()
                run_mkdocs(self.configs[language], dirty=True)
                lines.append(f"{language}: {time.perf_counter() - started:.1f} s")
        finally:
            if lines:  # the next build may replace what this rebuild wrote
                output.mark(self.out)
        return lines

    def builder(self) -> None:
        """What the server calls on a change: one language rebuilt, reported on the
        console; if more are stale, the queue file is saved so the server reloads the
        pages now and calls this again."""
        try:
            for line in self.rebuild(limit=1):
                print(f"  rebuilt {line}", flush=True)
        except BuildError as error:
            # The others wait for the fix: the next save rebuilds them all.
            print(f"  build failed: {error}", file=sys.stderr, flush=True)
            return
        if self.stale():
            self._queued += 1
            (self.queue / "next").write_text(str(self._queued), encoding="utf-8")

    def server(self, port: int) -> _Server:
        """MkDocs' live server for the site on 127.0.0.1:``port``, watching its inputs."""
        server = _Server(self.builder, "127.0.0.1", port, str(self.out), "/", POLL_SECONDS)
        server.build_delay = SETTLE_SECONDS
        for path in [*watched_paths(self.options), self.queue]:
            server.watch(str(path))
        return server


class _Server(LiveReloadServer):
    """MkDocs' live server, listening before it serves (to say where, or why not, first)."""

    _listening = False

    def listen(self) -> None:
        """Bind and listen now; :meth:`serve` then does neither again."""
        super().server_bind()
        super().server_activate()
        self._listening = True

    def server_bind(self) -> None:
        if not self._listening:
            super().server_bind()

    def server_activate(self) -> None:
        if not self._listening:
            super().server_activate()


def serve_live(options: BuildOptions, port: int, out: Path) -> int:
    """Serve the built site at ``out`` until Ctrl+C, rebuilding and reloading on changes."""
    site = LiveSite(options)
    try:
        site.rebuild()  # what was saved while the site was built
        server = site.server(port)
        try:
            server.listen()
        except OSError as error:
            said = f"cannot serve on 127.0.0.1:{port}: {error.strerror}"
            return refused(said, "serve", loc=("--port",), ctx={"port": port})
        bound = server.server_address[1]
        print(f"serving {out} on http://127.0.0.1:{bound}/ (Ctrl+C stops)", flush=True)
        print(f"watching {options.project.content} and {options.project.locales}", flush=True)
        try:
            server.serve()  # type: ignore[no-untyped-call]
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
    finally:
        site.close()
    return 0
