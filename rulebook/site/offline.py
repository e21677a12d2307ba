"""The site offline and installable: a web app manifest and a service worker per language.

After MkDocs has built a language into ``<out>/<lang>/``, :func:`write_offline` adds:

- ``manifest.webmanifest``: the app's name in that language, its start page and its icons
  (``assets/icons/icon-192.png`` and ``icon-512.png``, drawn here, so the build needs no
  image files or tools);
- ``sw.js``: site/offline/sw.js with ``VERSION`` and ``FILES`` in front. ``FILES`` lists the
  language's pages (by folder: ``nile/scoring/``) and assets; ``VERSION`` is a hash of their
  contents, so a build that changes any of them has a new worker, whose cache replaces the
  old one, and a build that changes nothing leaves the worker byte for byte the same.

Source maps, the sitemap, the search index and its workers, and the calculator's modules
one by one (pages load them joined, in calculator.js) are left out of ``FILES``:
they are not needed to look a rule up or to score, and the worker keeps any of them that a
reader fetches online anyway. The pages link the manifest (site/overrides/main.html); the
calculator script registers the worker (site/assets/calculator/offline.js).
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
import zlib
from functools import cache
from pathlib import Path

import rjsmin

from rulebook import paths
from rulebook.site.assets import SCRIPT, STYLESHEET

#: The worker's source; the build puts VERSION and FILES in front of it.
WORKER_SOURCE = paths.SITE / "offline" / "sw.js"
WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICONS = "assets/icons"
ICON_SIZES = (192, 512)

#: The site's teal (calculator.css darkens Material's for contrast) and the page background.
THEME_COLOR = "#00796b"
BACKGROUND_COLOR = "#ffffff"

#: What is not kept for offline use: by suffix, by name, and by folder.
_SKIP_SUFFIXES = (".map", ".gz")
_SKIP_NAMES = frozenset({WORKER, "sitemap.xml"})
_SKIP_FOLDERS = ("search/", "assets/javascripts/lunr/", "assets/javascripts/workers/")
#: Of the calculator's files, pages load the joined script and the stylesheet only.
_CALCULATOR = "assets/calculator/"


@cache
def _png(size: int) -> bytes:
    """A square icon: a white die face showing five on the theme colour, as a PNG file."""
    teal = bytes.fromhex(THEME_COLOR[1:])
    white = b"\xff\xff\xff"
    face = (0.2 * size, 0.8 * size)
    radius = 0.06 * size
    pips = [(0.35, 0.35), (0.65, 0.35), (0.5, 0.5), (0.35, 0.65), (0.65, 0.65)]

    def pixels(low: float, high: float) -> range:
        """The pixels whose centre lies in [low, high]."""
        return range(max(0, math.ceil(low - 0.5)), min(size, math.floor(high - 0.5) + 1))

    rows = []
    for y in range(size):
        row = bytearray(teal * size)
        cy = y + 0.5
        if face[0] <= cy <= face[1]:
            span = pixels(*face)
            row[span.start * 3 : span.stop * 3] = white * len(span)
            for px, py in pips:
                dy = cy - py * size
                if abs(dy) <= radius:
                    half = math.sqrt(radius**2 - dy**2)
                    dot = pixels(px * size - half, px * size + half)
                    row[dot.start * 3 : dot.stop * 3] = teal * len(dot)
        rows.append(b"\x00" + bytes(row))  # filter byte: none

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def manifest(language: str, name: str) -> dict[str, object]:
    """The web app manifest of one language's site."""
    return {
        "name": name,
        "short_name": "rulebook",
        "lang": language,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": f"{ICONS}/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
            for size in ICON_SIZES
        ],
    }


def _url(relative: str) -> str:
    """The URL a page is visited at: its folder for an index.html."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def offline_files(root: Path) -> list[tuple[str, Path]]:
    """(URL relative to ``root``, file) of everything the worker keeps, sorted by URL."""
    found = []
    for path in root.rglob("*"):
        relative = path.relative_to(root).as_posix()
        if (
            not path.is_file()
            or path.name in _SKIP_NAMES
            or relative.endswith(_SKIP_SUFFIXES)
            or relative.startswith(_SKIP_FOLDERS)
            or (relative.startswith(_CALCULATOR) and path.name not in (SCRIPT, STYLESHEET))
        ):
            continue
        found.append((_url(relative), path))
    return sorted(found)


def worker(files: list[tuple[str, Path]], source: Path = WORKER_SOURCE) -> str:
    """The worker's text: VERSION (the hash of the files' URLs and contents) and FILES first."""
    digest = hashlib.sha256()
    for url, path in files:
        digest.update(url.encode("utf-8") + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    version = digest.hexdigest()[:16]
    urls = json.dumps([url for url, _ in files], separators=(",", ":"))
    head = f'const VERSION = "{version}";\nconst FILES = {urls};\n'
    body: str = rjsmin.jsmin(source.read_text(encoding="utf-8"))
    return f"{head}{body}\n"


def write_offline(root: Path, language: str, name: str) -> None:
    """Add the manifest, its icons and the service worker to one language's built site."""
    icons = root / ICONS
    icons.mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        (icons / f"icon-{size}.png").write_bytes(_png(size))
    (root / MANIFEST).write_text(
        json.dumps(manifest(language, name), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    (root / WORKER).write_text(worker(offline_files(root)), encoding="utf-8")
