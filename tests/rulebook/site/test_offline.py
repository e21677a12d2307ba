"""The offline files of the site (manifest, icons, service worker) and the table tools' island."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

import pytest

from rulebook.cache import load_content
from rulebook.site.calculator import island_data
from rulebook.site.localize import Localizer
from rulebook.site.offline import (
    ICON_SIZES,
    offline_files,
    search_lunr_files,
    write_offline,
    write_root_offline,
)
from rulebook.site.tools import PROBLEM_COUNT_KEYS, TOOL_KEYS
from schemas.diagrams import SlotsDiagram
from schemas.game import GameContent
from schemas.languages import codes, complete_required
from tests.conftest import real_game

ROOT = Path(__file__).resolve().parents[3]
TOKAIDO: GameContent = real_game("tokaido")


def built_language(root: Path) -> Path:
    """A stand-in for one language's MkDocs output."""
    files = {
        "index.html": "<h1>home</h1>",
        "404.html": "missing",
        "nile/index.html": "nile",
        "nile/scoring/index.html": "calculator",
        "assets/calculator/calculator.js": "export {};",
        "assets/calculator/calculator.css": "body{}",
        "assets/calculator/share.js": "export const x = 1;",
        "assets/javascripts/bundle.min.js": "x",
        "assets/javascripts/bundle.min.js.map": "{}",
        "assets/javascripts/lunr/min/lunr.fr.min.js": "x",
        "assets/javascripts/lunr/min/lunr.ru.min.js": "x",
        "assets/javascripts/lunr/min/lunr.stemmer.support.min.js": "x",
        "assets/javascripts/lunr/tinyseg.js": "x",
        "assets/javascripts/workers/search.abc.min.js": "x",
        "assets/javascripts/workers/search.abc.min.js.map": "{}",
        "assets/javascripts/workers/rulebook-search.js": "x",
        "search/search_index.json": '{"config": {"lang": ["fr"]}, "docs": []}',
        "sitemap.xml": "<urlset/>",
        "sitemap.xml.gz": "",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def worker_parts(root: Path) -> tuple[str, list[str], str]:
    text = (root / "sw.js").read_text(encoding="utf-8")
    version_line, files_line, body = text.split("\n", 2)
    version = version_line.removeprefix('const VERSION = "').removesuffix('";')
    files = json.loads(files_line.removeprefix("const FILES = ").removesuffix(";"))
    return version, files, body


def test_the_worker_keeps_pages_by_folder_and_the_assets_pages_load(tmp_path: Path) -> None:
    root = built_language(tmp_path / "en")
    write_offline(root, "en", "Board-game rules companion")
    version, files, body = worker_parts(root)
    assert len(version) == 16
    assert files == [
        "./",
        "404.html",
        "assets/calculator/calculator.css",
        "assets/calculator/calculator.js",
        "assets/icons/icon-192.png",
        "assets/icons/icon-512.png",
        "assets/javascripts/bundle.min.js",
        "assets/javascripts/lunr/min/lunr.fr.min.js",
        "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
        "assets/javascripts/workers/rulebook-search.js",
        "assets/javascripts/workers/search.abc.min.js",
        "manifest.webmanifest",
        "nile/",
        "nile/scoring/",
        "search/search_index.json",
    ]
    assert "caches.open(CACHE)" in body and "skipWaiting" in body and "// " not in body


def test_a_new_build_changes_the_worker_only_when_a_file_changed(tmp_path: Path) -> None:
    root = built_language(tmp_path / "en")
    write_offline(root, "en", "Rules")
    first = (root / "sw.js").read_bytes()
    write_offline(root, "en", "Rules")
    assert (root / "sw.js").read_bytes() == first, "the same build, the same worker"
    (root / "nile" / "scoring" / "index.html").write_text("calculator, fixed", encoding="utf-8")
    write_offline(root, "en", "Rules")
    assert worker_parts(root)[0] != first.decode().split('"')[1]
    write_offline(root, "en", "Règles")
    assert json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))["name"] == (
        "Règles"
    )


def test_the_manifest_and_its_icons(tmp_path: Path) -> None:
    root = built_language(tmp_path / "uk")
    write_offline(root, "uk", "Довідник правил")
    manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Довідник правил"
    assert manifest["lang"] == "uk"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    for icon, size in zip(manifest["icons"], ICON_SIZES, strict=True):
        data = (root / icon["src"]).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", data[16:24])
        assert (width, height) == (size, size) and icon["sizes"] == f"{size}x{size}"
        length = struct.unpack(">I", data[33:37])[0]
        pixels = zlib.decompress(data[41 : 41 + length])
        assert len(pixels) == size * (3 * size + 1)


def test_offline_files_skip_what_pages_do_not_need(tmp_path: Path) -> None:
    root = built_language(tmp_path / "fr")
    urls = [url for url, _ in offline_files(root)]
    for skipped in ("lunr.ru", "tinyseg", ".map", "sitemap", "share.js"):
        assert not any(skipped in url for url in urls), skipped


def test_search_is_kept_with_the_lunr_files_its_languages_load(tmp_path: Path) -> None:
    """Search works offline from the first visit: the index, both workers and the lunr
    files the index's languages load are kept; English alone loads no lunr file."""
    root = built_language(tmp_path / "fr")
    assert search_lunr_files(root) == {
        "assets/javascripts/lunr/min/lunr.fr.min.js",
        "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
    }
    (root / "search" / "search_index.json").write_text(
        '{"config": {"lang": ["en"]}, "docs": []}', encoding="utf-8"
    )
    assert search_lunr_files(root) == frozenset()
    (root / "search" / "search_index.json").write_text(
        '{"config": {"lang": ["fr", "ru"]}, "docs": []}', encoding="utf-8"
    )
    assert search_lunr_files(root) == {
        f"assets/javascripts/lunr/min/lunr.{name}.min.js"
        for name in ("fr", "ru", "multi", "stemmer.support")
    }


def test_the_root_worker_keeps_the_chooser_and_knows_the_languages(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>rulebook</h1>", encoding="utf-8")
    write_root_offline(site, ("fr", "uk", "en"))
    text = (site / "sw.js").read_text(encoding="utf-8")
    version, files, languages, body = text.split("\n", 3)
    assert files == 'const FILES = ["./"];'
    assert languages == 'const LANGUAGES = ["fr", "uk", "en"];'
    assert "offline.html" in body and "<base href=" in body and "// " not in body
    first = text
    (site / "index.html").write_text("<h1>rulebook, again</h1>", encoding="utf-8")
    write_root_offline(site, ("fr", "uk", "en"))
    assert (site / "sw.js").read_text(encoding="utf-8").split("\n")[0] != version
    write_root_offline(site, ("fr", "en"))
    assert (site / "sw.js").read_text(encoding="utf-8") != first


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_the_calculator_island_carries_the_tools(language: str) -> None:
    data = island_data(TOKAIDO, Localizer(language, TOKAIDO), "calculator")
    assert data["bgg"] == {"id": 123540, "name": "Tokaido"}
    assert set(TOOL_KEYS["calculator"]) <= set(data["ui"])
    assert not any(k.startswith("ui.calc_") for k in data["fallback"]), "every string translated"
    points = data["counts"]["points"]
    kept = data["counts"]["calc_games_kept"]
    assert points["lang"] == kept["lang"] == language
    if language == "uk":
        assert set(kept["forms"]) == {"one", "few", "many", "other"}
        assert kept["forms"]["few"] == "{count}\u00a0партії збережені на цьому пристрої"
    if language == "en":
        assert kept["forms"] == {
            "one": "{count}\u00a0game kept on this device",
            "other": "{count}\u00a0games kept on this device",
        }


def test_the_setup_island_carries_only_what_its_links_need() -> None:
    data = island_data(TOKAIDO, Localizer("fr", TOKAIDO), "setup")
    assert "bgg" not in data
    # Only the count phrases of its problems ("Tokaido se joue à 2–5 joueurs, pas à 6").
    assert set(data["counts"]) == set(PROBLEM_COUNT_KEYS)
    assert [k for k in data["ui"] if k.startswith("calc_")] == ["calc_bad_link"]


@pytest.mark.parametrize("language", ["uk", "en"])
def test_a_translated_setup_island_holds_no_text_of_the_source_diagrams(language: str) -> None:
    """The diagrams' texts (drawn at build time) stayed in French in every setup island."""
    game = real_game("river_of_gold")
    data = island_data(game, Localizer(language, game), "setup")
    island = json.dumps(data, ensure_ascii=False)
    slots = [d for d in game.setup.diagrams if isinstance(d, SlotsDiagram)]
    french = [d.title for d in game.setup.diagrams] + [c for d in slots for c in d.columns]
    assert french, "River of Gold declares a diagram with columns"
    assert not [text for text in french if text in island]


@pytest.mark.parametrize(
    "language", [c for c in codes() if c != "fr" and complete_required(c, "ui")]
)
@pytest.mark.parametrize("widget", ["calculator", "setup"])
def test_a_translated_island_holds_no_text_left_in_french(language: str, widget: str) -> None:
    """No sentence of a translated page's data is the French one at the same place: the
    values' notes and the score track's wording stayed French in every calculator. A game
    still in progress in the language (content/languages.yaml) may show its French."""
    for game in (g for g in GAMES if complete_required(language, g.id)):
        french = dict(_texts(island_data(game, Localizer("fr", game), widget)))
        translated = _texts(island_data(game, Localizer(language, game), widget))
        left = [
            (path, text)
            for path, text in translated
            if french.get(path) == text
            and PROSE.search(text)
            and not path.startswith(NAMES)
            and text not in PROPER_NAMES
        ]
        assert not left, (game.id, left[:3])


#: Two words in a row: a sentence or a label, not an id, a pattern or a name.
PROSE = re.compile(r"[^\W\d_]{2,} [^\W\d_]{2,}")
#: The game's own name, the same in every language.
NAMES = ("/bgg/name", "/export/names/")
#: Names written alike in every language (a generated step's doubt names its sources' kind).
PROPER_NAMES = {"Board Game Arena"}
GAMES = list(load_content(ROOT / "content").values())


def _texts(value: object, path: str = "") -> list[tuple[str, str]]:
    """Every string of ``value`` with its path."""
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in _texts(v, f"{path}/{k}")]
    if isinstance(value, list):
        return [t for i, v in enumerate(value) for t in _texts(v, f"{path}[{i}]")]
    return [(path, value)] if isinstance(value, str) else []
