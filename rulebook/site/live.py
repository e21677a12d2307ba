"""``rulebook serve --watch``: the built site on MkDocs' live-reload server.

The site is built as ``rulebook build`` builds it; then MkDocs' own server
(``mkdocs.livereload.LiveReloadServer``, what ``mkdocs serve`` runs) serves the output
folder, watches what the rulebook plugin says the pages come from (the content, the
catalogs, the site's templates and assets) and, on a change, calls :meth:`LiveSite.rebuild`,
then reloads the open pages. A rebuild builds again, in place, each language whose
inputs changed (a game's files: every language; a catalog: its language), as a dirty
MkDocs build: the plugin renders only the pages whose Markdown changed. The source
language of a changed game goes first.

MkDocs' server holds every page request while its builder runs, and answers the open
pages' reload polls once it returns; so under the server each call builds one language
only and, when others are still stale, saves a file in a folder the server watches: the
server calls the builder again for the next language. An open page reloads once, when
its own language (the first folder of its address, which its poll's ``Referer`` gives) is
rebuilt: MkDocs' own answer reloads every page after every call, which gave a Ukrainian
reader a reload for the French build before the one for theirs. A page outside the
languages (the root page) reloads after every call, as MkDocs does it.
"""

from __future__ import annotations

import re
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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
        return [f"{language}: {seconds:.1f} s" for language, seconds in self._rebuild(limit)]

    def _rebuild(self, limit: int | None) -> list[tuple[str, float]]:
        """Each language built again, with its seconds."""
        built = []
        try:
            for language in self.stale()[:limit]:
                started = time.perf_counter()
                run_mkdocs(self.configs[language], dirty=True)
                built.append((language, time.perf_counter() - started))
        finally:
            if built:  # the next build may replace what this rebuild wrote
                output.mark(self.out)
        return built

    def builder(self) -> list[str]:
        """What the server calls on a change: one language rebuilt, reported on the
        console; if more are stale, the queue file is saved so the server calls this
        again. The languages rebuilt (none when the build failed)."""
        try:
            built = self._rebuild(limit=1)
        except BuildError as error:
            # The others wait for the fix: the next save rebuilds them all.
            print(f"  build failed: {error}", file=sys.stderr, flush=True)
            return []
        for language, seconds in built:
            print(f"  rebuilt {language}: {seconds:.1f} s", flush=True)
        if self.stale():
            self._queued += 1
            (self.queue / "next").write_text(str(self._queued), encoding="utf-8")
        return [language for language, _ in built]

    def server(self, port: int) -> _Server:
        """MkDocs' live server for the site on 127.0.0.1:``port``, watching its inputs."""
        server = _Server(self.builder, self.options.languages, port, self.out)
        server.build_delay = SETTLE_SECONDS
        for path in [*watched_paths(self.options), self.queue]:
            server.watch(str(path))
        return server


#: A reload poll of MkDocs' page script: ``/livereload/<the page's epoch>/<its id>``.
_POLL = re.compile(r"/livereload/([0-9]+)/[0-9]+")


class _Server(LiveReloadServer):
    """MkDocs' live server, listening before it serves (to say where, or why not, first),
    whose open pages reload when their own language is rebuilt."""

    _listening = False

    def __init__(
        self, builder: Callable[[], list[str]], languages: Iterable[str], port: int, root: Path
    ) -> None:
        super().__init__(self._build, "127.0.0.1", port, str(root), "/", POLL_SECONDS)
        self._builder = builder
        self._languages = frozenset(languages)
        #: The epoch (MkDocs' version number of the site) each language was last rebuilt
        #: for; written before the server makes that epoch visible, read under its lock.
        self._rebuilt: dict[str, int] = {}

    def _build(self) -> None:
        for language in self._builder():
            # The epoch MkDocs shows the pages once this call returns.
            self._rebuilt[language] = self._wanted_epoch

    def _serve_request(self, environ: dict[str, Any], start_response: Any) -> Any:
        """A page's reload poll is answered when the page's language is rebuilt, with
        that build's epoch (the page reloads); until then, after MkDocs' wait, with the
        page's own epoch (it polls again). Any other request is MkDocs'."""
        poll = _POLL.fullmatch(environ.get("PATH_INFO", ""))
        language = self._language_of(environ.get("HTTP_REFERER", ""))
        if poll is None or language is None:
            return super()._serve_request(environ, start_response)
        epoch = int(poll[1])

        def rebuilt() -> bool:
            return self._visible_epoch >= self._rebuilt.get(language, 0) > epoch

        start_response("200 OK", [("Content-Type", "text/plain")])
        with self._epoch_cond:
            self._epoch_cond.wait_for(rebuilt, timeout=self.poll_response_timeout)
            return [b"%d" % (self._rebuilt[language] if rebuilt() else epoch)]

    def _language_of(self, page: str) -> str | None:
        """The language of the page at address ``page``: its first folder, when it is one."""
        first = urlsplit(page).path.lstrip("/").split("/", 1)[0]
        return first if first in self._languages else None

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
