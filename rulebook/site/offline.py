"""The site offline and installable: a web app manifest and a service worker per language.

After MkDocs has built a language into ``<out>/<lang>/``, :func:`write_offline` adds:

- ``manifest.webmanifest``: the app's name in that language, its start page and its icons
  (``assets/icons/icon-192.png`` and ``icon-512.png``, drawn here, so the build needs no
  image files or tools);
- ``sw.js``: site/offline/sw.js with ``VERSION`` and ``FILES`` in front. ``FILES`` lists the
  language's pages (by folder: ``nile/scoring/``) and assets; ``VERSION`` is a hash of their
  contents, so a build that changes any of them has a new worker, whose cache replaces the
  old one, and a build that changes nothing leaves the worker byte for byte the same.

``FILES`` holds the search too: the index, the search workers (Material's and the site's,
rulebook/site/search.py) and the lunr language files the index's languages load, so that
search works offline from the first visit, not only once the reader has searched online.
Source maps, the sitemap, the lunr files of other languages and the calculator's modules
one by one (pages load them joined, in calculator.js) are left out: they are not needed to
look a rule up or to score, and the worker keeps any of them that a reader fetches online
anyway. The pages link the manifest and register the worker (site/overrides/main.html; the
calculator script registers it too, site/assets/calculator/offline.js).

:func:`write_root_offline` adds the site root's own worker (site/offline/root-sw.js), which
keeps the language chooser and answers, offline, a page of a language the device has not
kept with the offline page of a language it has.
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

#: The site root's worker's source (the build puts VERSION, FILES and LANGUAGES in front).
ROOT_WORKER_SOURCE = paths.SITE / "offline" / "root-sw.js"

#: What is not kept for offline use: by suffix, by name, and by folder.
_SKIP_SUFFIXES = (".map", ".gz")
_SKIP_NAMES = frozenset({WORKER, "sitemap.xml"})
#: Material's lunr files: only those the language's search loads are kept (search_lunr_files).
_LUNR = "assets/javascripts/lunr/"
SEARCH_INDEX = "search/search_index.json"
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


def search_lunr_files(root: Path) -> frozenset[str]:
    """The lunr files Material's search worker loads for the index's languages.

    The worker loads ``lunr.stemmer.support`` and ``lunr.<lang>`` for each language but
    English, and ``lunr.multi`` when there are several (Material's worker/main/index.ts).
    """
    index = root / SEARCH_INDEX
    if not index.is_file():
        return frozenset()
    languages = json.loads(index.read_text(encoding="utf-8")).get("config", {}).get("lang", [])
    names = [f"lunr.{code}.min.js" for code in languages if code != "en"]
    if len(languages) > 1:
        names.append("lunr.multi.min.js")
    if names:
        names.append("lunr.stemmer.support.min.js")
    return frozenset(f"{_LUNR}min/{name}" for name in names)


def offline_files(root: Path) -> list[tuple[str, Path]]:
    """(URL relative to ``root``, file) of everything the worker keeps, sorted by URL."""
    lunr = search_lunr_files(root)
    found = []
    for path in root.rglob("*"):
        relative = path.relative_to(root).as_posix()
        if (
            not path.is_file()
            or path.name in _SKIP_NAMES
            or relative.endswith(_SKIP_SUFFIXES)
            or (relative.startswith(_LUNR) and relative not in lunr)
            or (relative.startswith(_CALCULATOR) and path.name not in (SCRIPT, STYLESHEET))
        ):
            continue
        found.append((_url(relative), path))
    return sorted(found)


def worker(files: list[tuple[str, Path]], source: Path = WORKER_SOURCE, extra: str = "") -> str:
    """The worker's text: VERSION (the hash of the files' URLs and contents, the source and
    ``extra``), FILES and ``extra`` (more constants) first."""
    digest = hashlib.sha256()
    for url, path in files:
        digest.update(url.encode("utf-8") + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    body: str = rjsmin.jsmin(source.read_text(encoding="utf-8"))
    digest.update(body.encode("utf-8") + extra.encode("utf-8"))
    version = digest.hexdigest()[:16]
    urls = json.dumps([url for url, _ in files], separators=(",", ":"))
    head = f'const VERSION = "{version}";\nconst FILES = {urls};\n{extra}'
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


def write_root_offline(site: Path, languages: tuple[str, ...]) -> None:
    """Add the site root's worker (``<site>/sw.js``, scope the whole site).

    It keeps the language chooser (``index.html``), the only page outside the languages'
    folders; every language's pages register it. Offline, it answers a page no language's
    worker controls (a language this device never opened) with the offline page of the
    reader's language: the address's if it is kept, else the first of the browser's
    languages that is, else any kept language's.
    """
    files = [(_url("index.html"), site / "index.html")] if (site / "index.html").is_file() else []
    extra = f"const LANGUAGES = {json.dumps(list(languages))};\n"
    (site / WORKER).write_text(worker(files, ROOT_WORKER_SOURCE, extra), encoding="utf-8")
