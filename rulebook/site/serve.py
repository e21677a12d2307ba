"""``rulebook serve``: the built site on 127.0.0.1, with Python's own http.server."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves files; logs only errors, so a page load does not flood the terminal."""

    def log_message(self, format: str, *args: Any) -> None:
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)


def make_server(root: Path, port: int = 8000, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A server for ``root`` on ``host:port`` (port 0 picks a free one); not started yet."""
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(root: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Start serving ``root`` in a background thread; return the server and its base URL."""
    server = make_server(root, port)
    threading.Thread(target=server.serve_forever, name="rulebook-serve", daemon=True).start()
    host, bound = server.server_address[:2]
    return server, f"http://{host!s}:{bound}/"
