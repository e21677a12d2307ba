"""``rulebook serve``: the built site on 127.0.0.1, with Python's own http.server.

Text files (HTML, CSS, JavaScript, JSON, XML, SVG) go out gzipped to clients that accept
it, as any static host would send them; the compressed bytes are kept in memory per file
version. Other clients, and every other file, get the bytes as they are on disk.

A connection that sends nothing for :data:`IDLE_SECONDS` is closed; a request path that
cannot name a file of the site (a NUL, a ``..`` segment, bad percent-encoding) gets 400;
nothing a client sends makes the server print a traceback.

``serve --watch`` is MkDocs' own live server instead (rulebook.site.live).
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

#: Content types worth compressing.
_COMPRESSIBLE = ("text/", "application/json", "application/javascript", "application/xml")
_SVG = "image/svg+xml"
#: A connection idle this long (no request, or a request that stops halfway) is closed.
IDLE_SECONDS = 20.0


def _accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (``gzip;q=0`` refuses it)."""
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() not in {"gzip", "*"}:
            continue
        quality = params.strip().lower()
        if quality.startswith("q="):
            try:
                return float(quality[2:]) > 0
            except ValueError:
                return False
        return True
    return False


@functools.lru_cache(maxsize=256)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file's bytes gzipped, cached per version of the file (mtime and size)."""
    with open(path, "rb") as source:
        return gzip.compress(source.read(), compresslevel=6, mtime=0)


def safe_path(raw: str) -> bool:
    """Whether a request path can name a file of the site: decodable, no NUL, no ``..``."""
    path = urllib.parse.urlsplit(raw).path
    try:
        decoded = urllib.parse.unquote(path, errors="strict")
    except UnicodeDecodeError:
        return False
    return (
        path.startswith("/")
        and "\x00" not in decoded
        and "\\" not in decoded
        and ".." not in decoded.split("/")
    )


class _Handler(SimpleHTTPRequestHandler):
    """Serves files, gzipped when that helps; logs only errors."""

    timeout = IDLE_SECONDS

    def log_message(self, format: str, *args: Any) -> None:
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)

    def do_GET(self) -> None:
        if not self._refused():
            super().do_GET()

    def do_HEAD(self) -> None:
        if not self._refused():
            super().do_HEAD()

    def _refused(self) -> bool:
        if safe_path(self.path):
            return False
        self.send_error(HTTPStatus.BAD_REQUEST, "Bad request path")
        return True

    def _body(self, path: str, ctype: str) -> bytes | None:
        """The bytes to send for ``path`` when they differ from the file's (gzipped)."""
        stat = os.stat(path)
        gzip_ok = _accepts_gzip(self.headers.get("Accept-Encoding"))
        if gzip_ok and (ctype.startswith(_COMPRESSIBLE) or ctype == _SVG):
            return _gzipped(path, stat.st_mtime_ns, stat.st_size)
        return None

    def send_head(self) -> BinaryIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the redirect
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        body = self._body(path, ctype) if os.path.isfile(path) else None
        if body is None:
            return super().send_head()
        stat = os.stat(path)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        if _accepts_gzip(self.headers.get("Accept-Encoding")):
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line on standard error instead of a traceback (a client went away, say)."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError | TimeoutError):
            print(f"serve: {client_address[0]}: {type(error).__name__}: {error}", file=sys.stderr)


def make_server(root: Path, port: int = 8000, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A server for ``root`` on ``host:port`` (port 0 picks a free one); not started yet."""
    return _Server((host, port), functools.partial(_Handler, directory=str(root)))


def serve_in_thread(root: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Start serving ``root`` in a background thread; return the server and its base URL."""
    server = make_server(root, port)
    threading.Thread(target=server.serve_forever, name="rulebook-serve", daemon=True).start()
    host, bound = server.server_address[:2]
    return server, f"http://{host!s}:{bound}/"
