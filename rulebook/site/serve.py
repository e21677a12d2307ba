"""``rulebook serve``: the built site on 127.0.0.1, with Python's own http.server.

Text files (HTML, CSS, JavaScript, JSON, XML, SVG) go out gzipped to clients that accept
it, as any static host would send them; the compressed bytes are kept in memory per file
version. Other clients, and every other file, get the bytes as they are on disk.
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import threading
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

#: Content types worth compressing.
_COMPRESSIBLE = ("text/", "application/json", "application/javascript", "application/xml")
_SVG = "image/svg+xml"


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


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves files, gzipped when that helps; logs only errors."""

    def log_message(self, format: str, *args: Any) -> None:
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)

    def send_head(self) -> BinaryIO | None:
        if not _accepts_gzip(self.headers.get("Accept-Encoding")):
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the redirect
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not os.path.isfile(path) or not (ctype.startswith(_COMPRESSIBLE) or ctype == _SVG):
            return super().send_head()
        stat = os.stat(path)
        body = _gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


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
