"""``rulebook serve --watch``: a change rebuilds what it touches, and open pages reload.

The site of two games is built once; then a French sentence of Nile's rules and a
Ukrainian interface string are changed, and each rebuild must show the change where it
belongs and leave every other page as it was (same file, same modification time).
"""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebook.paths import Project
from rulebook.site.build import build_site
from rulebook.site.options import BuildOptions
from rulebook.site.serve import RELOAD_PATH, Reload, make_server, serve_in_thread
from rulebook.site.watch import LiveSite, Watcher
from tests.conftest import game_project

#: The module's tests share one built site (and one worker under xdist).
pytestmark = pytest.mark.xdist_group("watch")

OLD = "Dans Nile, vous êtes agriculteur sur les rives du Nil."
NEW = "Dans Nile, vous cultivez les rives du Nil en attendant la crue."


def pages(site: Path) -> dict[str, int]:
    """Every HTML page of the site with its modification time."""
    return {str(p.relative_to(site)): p.stat().st_mtime_ns for p in site.rglob("*.html")}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Project, LiveSite, Reload]]:
    project = game_project(tmp_path_factory.mktemp("watched"), "nile", "momiji")
    options = BuildOptions(project=project, out=project.root / "site" / "build")
    build_site(options)
    reload = Reload()
    site = LiveSite(options, reload)
    yield project, site, reload
    site.close()


def test_a_changed_french_sentence_rebuilds_only_its_pages(
    live: tuple[Project, LiveSite, Reload],
) -> None:
    project, site, reload = live
    rules = project.content / "nile" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert text.count(OLD.split(", ")[1][:30]) == 1
    before = pages(site.out)
    versions = [reload.version(language) for language in ("fr", "uk", "en")]
    index_before = json.loads((site.out / "uk/search/search_index.json").read_text("utf-8"))
    rules.write_text(text.replace("vous êtes agriculteur sur les rives du Nil.", NEW[11:]), "utf-8")

    lines = site.rebuild({rules})

    assert [line.split(":")[0] for line in lines] == ["fr", "en", "uk"]  # the source first
    after = pages(site.out)
    changed = sorted(page for page in after if after[page] != before.get(page))
    # The rules page in each language (uk and en show the new French text as a fallback),
    # the translation status (that sentence is now to be translated again) and the 404 and
    # offline pages MkDocs always writes; Momiji and Nile's other pages stay as they were.
    assert changed == sorted(
        f"{language}/{page}"
        for language in ("fr", "uk", "en")
        for page in (
            "nile/rules/index.html",
            "translation-status/index.html",
            "404.html",
            "offline.html",
        )
    ), changed
    for language in ("fr", "uk", "en"):
        html = (site.out / language / "nile" / "rules" / "index.html").read_text("utf-8")
        assert "rives du Nil en attendant la crue" in html
    assert "rb-fallback" in (site.out / "uk/nile/rules/index.html").read_text("utf-8")
    # The search index keeps every other page's entries and has the new text.
    index = json.loads((site.out / "uk/search/search_index.json").read_text("utf-8"))
    assert len(index["docs"]) == len(index_before["docs"])
    locations = [doc["location"] for doc in index["docs"]]
    assert locations == [doc["location"] for doc in index_before["docs"]]
    assert any("en attendant la crue" in doc["text"] for doc in index["docs"])
    assert [reload.version(language) for language in ("fr", "uk", "en")] == [
        v + 1 for v in versions
    ]


def test_a_changed_catalog_rebuilds_its_language_only(
    live: tuple[Project, LiveSite, Reload],
) -> None:
    project, site, reload = live
    catalog = project.locales / "uk" / "LC_MESSAGES" / "ui.po"
    text = catalog.read_text(encoding="utf-8")
    start = text.index('msgctxt "ui.winners"')
    entry = text[start : text.index("\n\n", start)]
    translated = entry.rsplit('msgstr "', 1)[1].rstrip('"')
    catalog.write_text(text.replace(entry, entry.replace(translated, "Переможниці")), "utf-8")
    before = pages(site.out)
    uk, fr = reload.version("uk"), reload.version("fr")

    lines = site.rebuild({catalog})

    assert [line.split(":")[0] for line in lines] == ["uk"]
    after = pages(site.out)
    changed = {page for page in after if after[page] != before[page]}
    assert changed and all(page.startswith("uk/") for page in changed)
    assert "uk/nile/scoring/index.html" in changed  # the worked example names the winners
    scoring = (site.out / "uk/nile/scoring/index.html").read_text("utf-8")
    assert "Переможниці" in scoring
    assert (reload.version("uk"), reload.version("fr")) == (uk + 1, fr)


def test_a_glossary_catalog_touches_its_game_in_its_language(
    live: tuple[Project, LiveSite, Reload],
) -> None:
    """A game's glossary catalog (its terms' words) is that game's, in that language."""
    project, site, _ = live
    catalog = project.locales / "uk" / "LC_MESSAGES" / "nile.glossary.po"
    assert site.touched({catalog}) == {"uk": {"nile"}}


def test_pages_wait_for_their_language_to_be_rebuilt(
    live: tuple[Project, LiveSite, Reload],
) -> None:
    _, site, _ = live
    reload = Reload()
    server = make_server(site.out, 0, reload=reload)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with urllib.request.urlopen(f"{base}/fr/nile/") as response:
            page = response.read().decode("utf-8")
        assert RELOAD_PATH in page  # the reload script, in watch mode only
        threading.Timer(0.3, reload.bump, ["fr"]).start()
        waited = f"{base}{RELOAD_PATH}?page=%2Ffr%2Fnile%2F&seen=0"
        with urllib.request.urlopen(waited, timeout=10) as response:
            assert response.read() == b"1"  # answered when fr was rebuilt
    finally:
        server.shutdown()
        server.server_close()
    plain, url = serve_in_thread(site.out)
    try:
        with urllib.request.urlopen(f"{url}fr/nile/") as response:
            assert RELOAD_PATH not in response.read().decode("utf-8")
    finally:
        plain.shutdown()
        plain.server_close()


def test_a_save_made_while_the_site_is_built_is_seen(tmp_path: Path) -> None:
    """The watcher looked at the files only once watching began, after the first build:
    a sentence saved meanwhile was never built (seen once in a benchmark run)."""
    project = game_project(tmp_path, "nile")
    watcher = Watcher(BuildOptions(project=project, out=project.root / "site" / "build"))
    rules = project.content / "nile" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(OLD, NEW), encoding="utf-8")
    assert watcher.changes() == {rules}
    assert watcher.changes() == set()  # seen once


def test_a_site_saved_into_while_it_was_built_is_built_again(tmp_path: Path) -> None:
    """A sentence saved while `serve --watch` built the site was in the live sources but
    not in the pages, and its rebuild found nothing new: the page kept the old text."""
    project = game_project(tmp_path, "nile")
    options = BuildOptions(project=project, out=project.root / "site" / "build")
    watcher = Watcher(options)
    build_site(options)  # from the files as the watcher saw them
    rules = project.content / "nile" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(OLD, NEW), encoding="utf-8")
    watcher.start()
    try:
        page = (options.target / "fr" / "nile" / "rules" / "index.html").read_text("utf-8")
        assert "en attendant la crue" in page
        assert watcher.changes() == set()  # built, and nothing left to watch for
    finally:
        watcher.stop()
