"""``rulebook serve --watch`` and ``mkdocs serve``: a change rebuilds what it touches, and
open pages reload; a generated configuration builds with plain MkDocs.

The site of two games is built once; then a French sentence of Nile's rules and a
Ukrainian interface string are changed, and each rebuild must show the change where it
belongs and leave every other page as it was (same file, same modification time).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebook.paths import Project
from rulebook.site.build import build_site, write_language_config
from rulebook.site.live import LiveSite
from rulebook.site.options import BuildOptions
from rulebook.site.plugin.plugin import RulebookPlugin, watched_paths
from schemas import languages
from tests.conftest import game_project
from tests.i18n_support import retranslate

#: The module's tests share one built site (and one worker under xdist).
pytestmark = pytest.mark.xdist_group("watch")

OLD = "Dans Nile, vous êtes agriculteur sur les rives du Nil."
NEW = "Dans Nile, vous cultivez les rives du Nil en attendant la crue."


def say(rules: Path, ending: str) -> None:
    """Write Nile's opening sentence as ``Dans Nile, <ending>``, whatever an earlier test of
    the module left there: the tests share one site, but none may depend on another's run
    (xdist does not promise their order)."""
    text = rules.read_text(encoding="utf-8")
    found = re.findall(r"Dans Nile, [^.\n]*\.", text)
    assert len(found) == 1, found
    assert found[0] != f"Dans Nile, {ending}"  # a save that changes the text
    rules.write_text(text.replace(found[0], f"Dans Nile, {ending}"), encoding="utf-8")


def pages(site: Path) -> dict[str, int]:
    """Every HTML page of the site with its modification time."""
    return {str(p.relative_to(site)): p.stat().st_mtime_ns for p in site.rglob("*.html")}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Project, LiveSite]]:
    yield from _built_site(tmp_path_factory.mktemp("watched"))


def _built_site(root: Path) -> Iterator[tuple[Project, LiveSite]]:
    """Nile and Momiji built into ``root``, watched by a live site (closed afterwards)."""
    project = game_project(root, "nile", "momiji")
    options = BuildOptions(project=project, out=project.root / "site" / "build")
    build_site(options)
    site = LiveSite(options)
    yield project, site
    site.close()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[tuple[Project, LiveSite]]:
    """A site of its own, as the content was: what the first edit changes depends on it."""
    yield from _built_site(tmp_path)


def test_a_changed_french_sentence_rebuilds_only_its_pages(
    fresh: tuple[Project, LiveSite],
) -> None:
    project, site = fresh
    rules = project.content / "nile" / "rules.yaml"
    before = pages(site.out)
    index_before = json.loads((site.out / "uk/search/search_index.json").read_text("utf-8"))
    say(rules, NEW[11:])

    lines = site.rebuild()

    built = [line.split(":")[0] for line in lines]
    assert built[0] == "fr"  # the source first, then every other language of the list
    assert sorted(built[1:]) == sorted(c for c in languages.codes() if c != "fr")
    after = pages(site.out)
    changed = sorted(page for page in after if after[page] != before.get(page))
    # The rules page in each language (uk and en show the new French text as a fallback),
    # the translation status (that sentence is now to be translated again) and the 404 and
    # offline pages MkDocs always writes; Momiji and Nile's other pages stay as they were.
    assert changed == sorted(
        f"{language}/{page}"
        for language in languages.codes()
        for page in (
            "nile/rules/index.html",
            "translation-status/index.html",
            "404.html",
            "offline.html",
        )
    ), changed
    for language in languages.codes():
        html = (site.out / language / "nile" / "rules" / "index.html").read_text("utf-8")
        assert "rives du Nil en attendant la crue" in html
    assert "rb-fallback" in (site.out / "uk/nile/rules/index.html").read_text("utf-8")
    # The search index keeps every other page's entries and has the new text.
    index = json.loads((site.out / "uk/search/search_index.json").read_text("utf-8"))
    assert len(index["docs"]) == len(index_before["docs"])
    locations = [doc["location"] for doc in index["docs"]]
    assert locations == [doc["location"] for doc in index_before["docs"]]
    assert any("en attendant la crue" in doc["text"] for doc in index["docs"])
    assert site.rebuild() == []  # nothing changed since


def test_a_changed_catalog_rebuilds_its_language_only(live: tuple[Project, LiveSite]) -> None:
    project, site = live
    catalog = project.locales / "uk" / "LC_MESSAGES" / "ui.po"
    retranslate(catalog, "ui.winners", "Переможниці")
    before = pages(site.out)

    lines = site.rebuild()

    assert [line.split(":")[0] for line in lines] == ["uk"]
    after = pages(site.out)
    changed = {page for page in after if after[page] != before[page]}
    assert changed and all(page.startswith("uk/") for page in changed)
    assert "uk/nile/scoring/index.html" in changed  # the worked example names the winners
    scoring = (site.out / "uk/nile/scoring/index.html").read_text("utf-8")
    assert "Переможниці" in scoring


def test_a_glossary_catalog_touches_its_language(live: tuple[Project, LiveSite]) -> None:
    """A game's glossary catalog (its terms' words) is that language's input."""
    project, site = live
    catalog = project.locales / "uk" / "LC_MESSAGES" / "nile.glossary.po"
    catalog.write_text(catalog.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert site.stale() == ["uk"]
    assert [line.split(":")[0] for line in site.rebuild()] == ["uk"]


def test_open_pages_reload_once_the_site_is_rebuilt(live: tuple[Project, LiveSite]) -> None:
    """MkDocs' live server: the page carries its poll, which is answered after a rebuild."""
    project, site = live
    server = site.server(0)
    server.listen()
    serving = threading.Thread(target=server.serve, daemon=True)
    serving.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with urllib.request.urlopen(f"{base}/fr/nile/") as response:
            page = response.read().decode("utf-8")
        found = re.search(r"livereload\((\d+), (\d+)\)", page)
        assert found is not None  # the reload script, in watch mode only
        rules = project.content / "nile" / "rules.yaml"
        say(rules, "vous cultivez les rives du Nil en attendant les eaux.")
        started = time.perf_counter()
        epoch = int(found[1])
        # Each answer is a rebuild; a busy machine may see one rebuild before the save's
        # (the poll can answer for a build begun before the file was written), so the
        # French page must show the change after a reload, not necessarily the first.
        while True:
            with urllib.request.urlopen(f"{base}/livereload/{epoch}/{found[2]}", timeout=60) as r:
                answered = int(r.read())
            assert answered > epoch  # answered when the site was rebuilt
            assert time.perf_counter() - started < 50  # not MkDocs' "nothing new" after a minute
            epoch = answered
            with urllib.request.urlopen(f"{base}/fr/nile/rules/") as response:
                if "attendant les eaux" in response.read().decode("utf-8"):
                    break
        # The other languages follow, each with its own reload.
        while "attendant les eaux" not in (site.out / "en/nile/rules/index.html").read_text(
            "utf-8"
        ):
            with urllib.request.urlopen(f"{base}/livereload/{epoch}/1", timeout=60) as r:
                answered = int(r.read())
            assert answered > epoch
            epoch = answered
    finally:
        server.shutdown(wait=True)
        serving.join(timeout=60)  # no build left running into the next test


def test_each_reader_reloads_once_when_their_language_is_rebuilt(
    live: tuple[Project, LiveSite],
) -> None:
    """A French sentence changed: a reader of Nile's rules in each language gets one reload,
    when their own language is rebuilt, and it shows the change. (The server's own answer
    reloaded every open page after each language's build: a Ukrainian reader got the French
    build's reload first, showing nothing new.) Each reader polls as MkDocs' page script
    does, its page's address in the ``Referer``."""
    project, site = live
    while site.stale():  # what an earlier test of the module left to build
        site.builder()
    server = site.server(0)
    server.poll_response_timeout = 0.5  # "nothing new for this page" comes back quickly
    server.listen()
    serving = threading.Thread(target=server.serve, daemon=True)
    serving.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    codes = languages.codes()
    #: Per language, for each reload: whether the page it brought shows the change.
    reloads: dict[str, list[bool]] = {language: [] for language in codes}
    failures: list[BaseException] = []
    opened = threading.Barrier(len(codes) + 1, timeout=60)
    done = threading.Event()

    def page(address: str) -> tuple[bool, str, str]:
        """Whether the page shows the change, and its poll's epoch and id."""
        with urllib.request.urlopen(address, timeout=60) as response:
            text = response.read().decode("utf-8")
        found = re.search(r"livereload\((\d+), (\d+)\)", text)
        assert found is not None
        return "quand la crue monte" in text, found[1], found[2]

    def reader(language: str) -> None:
        address = f"{base}/{language}/nile/rules/"
        try:
            _, epoch, ident = page(address)
            opened.wait()
            while not done.is_set():
                poll = f"{base}/livereload/{epoch}/{ident}"
                asked = urllib.request.Request(poll, headers={"Referer": address})
                with urllib.request.urlopen(asked, timeout=60) as response:
                    answered = int(response.read())
                if answered > int(epoch):  # the page's script reloads the page
                    shown, epoch, ident = page(address)
                    reloads[language].append(shown)
        except BaseException as error:  # said by the test, not lost in its thread
            failures.append(error)

    readers = [threading.Thread(target=reader, args=(code,), daemon=True) for code in codes]
    try:
        for thread in readers:
            thread.start()
        opened.wait()
        say(
            project.content / "nile" / "rules.yaml",
            "vous cultivez les rives du Nil quand la crue monte.",
        )
        started = time.perf_counter()
        while not failures and not all(reloads.values()):
            assert time.perf_counter() - started < 120, reloads
            time.sleep(0.1)
        time.sleep(2)  # time for any further reload to come (there must be none)
    finally:
        done.set()
        for thread in readers:
            thread.join(timeout=60)
        server.shutdown(wait=True)
        serving.join(timeout=60)  # no build left running into the next test
    assert not failures, failures
    assert reloads == {language: [True] for language in codes}


def test_the_server_builds_one_language_per_call(live: tuple[Project, LiveSite]) -> None:
    """Under the server, a call builds the first stale language (the changed game's
    source language first), so its pages reload at once, and queues the others."""
    project, site = live
    rules = project.content / "nile" / "rules.yaml"
    say(rules, "vous cultivez les rives du Nil en attendant le fleuve.")
    queued = site.queue / "next"
    built: list[list[str]] = []
    while site.stale():
        before = queued.read_text("utf-8") if queued.exists() else ""
        built.append(site.stale())
        site.builder()
        left = site.stale()
        assert left == built[-1][1:]  # one language built, the others left
        assert (queued.exists() and queued.read_text("utf-8") != before) == bool(left)
    # Nile's source language first, then every other language of the list, in its order.
    order = ["fr", *(c for c in languages.codes() if c != "fr")]
    assert built == [order[n:] for n in range(len(order))]
    for language in order:
        page = (site.out / language / "nile" / "rules" / "index.html").read_text("utf-8")
        assert "attendant le fleuve" in page


def test_a_broken_save_keeps_the_site_and_queues_nothing(
    live: tuple[Project, LiveSite], capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that does not load: the server's call says why, leaves every page as it was
    and queues no other language; the fixed file builds them all again."""
    project, site = live
    rules = project.content / "nile" / "rules.yaml"
    text = rules.read_text("utf-8")
    queued = site.queue / "next"
    before_queue = queued.read_text("utf-8") if queued.exists() else ""
    before = pages(site.out)
    rules.write_text("sections: [\n", "utf-8")
    site.builder()
    assert "build failed" in capsys.readouterr().err
    assert pages(site.out) == before
    assert (queued.read_text("utf-8") if queued.exists() else "") == before_queue
    rules.write_text(text, "utf-8")
    while site.stale():
        site.builder()
    assert "build failed" not in capsys.readouterr().err


def test_a_save_made_while_the_site_is_built_is_seen(tmp_path: Path) -> None:
    """The inputs of a language are taken before its pages are made: a sentence saved
    while `serve --watch` built the site makes the language stale, and it is built again."""
    project = game_project(tmp_path, "nile")
    options = BuildOptions(project=project, out=project.root / "site" / "build")
    build_site(options)
    rules = project.content / "nile" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(OLD, NEW), encoding="utf-8")
    site = LiveSite(options)
    try:
        assert site.stale() == list(languages.codes())
        site.rebuild()
        page = (options.target / "fr" / "nile" / "rules" / "index.html").read_text("utf-8")
        assert "en attendant la crue" in page
        assert site.stale() == []  # built, and nothing left to watch for
    finally:
        site.close()


def test_plain_mkdocs_builds_a_generated_configuration(
    live: tuple[Project, LiveSite], tmp_path: Path
) -> None:
    """`mkdocs build -f mkdocs.fr.yml` gives the French pages `rulebook build` gives."""
    project, _ = live
    options = BuildOptions(project=project, languages=languages.codes())
    built = tmp_path / "built"
    build_site(BuildOptions(project=project, out=built))
    config = write_language_config(tmp_path / "work", options, "fr", tmp_path / "plain")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)],
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "0"},
    )

    def files(root: Path) -> dict[Path, bytes]:
        return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}

    assert files(tmp_path / "plain" / "fr") == files(built / "fr")


def test_mkdocs_serve_watches_what_the_pages_are_made_of(live: tuple[Project, LiveSite]) -> None:
    """Under `mkdocs serve` the plugin watches the content, the catalogs and the site's
    templates and assets, so a change to any of them rebuilds."""
    project, _ = live
    options = BuildOptions(project=project)

    class Server:
        def __init__(self) -> None:
            self.watched: list[str] = []

        def watch(self, path: str) -> None:
            self.watched.append(path)

    plugin = RulebookPlugin()
    plugin.load_config({"project": str(project.root), "language": "fr"})
    server = Server()
    plugin.on_serve(server, config=None, builder=None)  # type: ignore[arg-type]
    assert server.watched == [str(path) for path in watched_paths(options)]
    assert str(project.content) in server.watched and str(project.locales) in server.watched
