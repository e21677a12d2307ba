"""``rulebook build``: the MkDocs builds, determinism, atomic output, hostile translations.

These build a site from Nile alone (copied to a temporary content folder), so they neither
wait for nor depend on the other games' content.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from jinja2 import Environment, FileSystemLoader

from rulebook import cache, cli
from rulebook.paths import Project
from rulebook.site import build as site_build
from rulebook.site.build import TEMPLATES, BuildError, build_site
from rulebook.site.config import root_page
from rulebook.site.options import BuildOptions
from rulebook.site.serve import serve_in_thread
from schemas import languages
from schemas.loader import ContentError, load_game
from tests.conftest import CONTENT, nile_project
from tests.i18n_support import retranslate
from tests.rulebook.site.test_render import HOSTILE, write_catalog

#: One worker runs this module: its copy of Nile and the site built from it (module
#: fixtures) are made once, not once on each worker its tests are handed to.
pytestmark = pytest.mark.xdist_group("site_build")


def tree_hashes(root: Path) -> dict[str, str]:
    """Every file under ``root`` with the SHA-256 of its bytes."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return nile_project(tmp_path_factory.mktemp("project"))


def build(project: Project, out: Path, **options: object) -> site_build.BuildReport:
    return build_site(BuildOptions(project=project, out=out, **options))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def site(project: Project, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "out"
    build(project, out)
    return out


# ----------------------------------------------------------------------------------------
# What the build gives
# ----------------------------------------------------------------------------------------


def test_one_build_per_language_with_a_root_chooser(site: Path) -> None:
    root = (site / "index.html").read_text(encoding="utf-8")
    for language in ("fr", "uk", "en"):
        assert f'href="{language}/"' in root
        page = (site / language / "nile" / "rules" / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{language}"' in page
    pages = {
        language: {str(p.relative_to(site / language)) for p in (site / language).rglob("*.html")}
        for language in ("fr", "uk", "en")
    }
    assert pages["fr"] == pages["uk"] == pages["en"]
    for slug in ("", "setup/", "rules/", "scoring/", "variants/", "glossary/", "quick-reference/"):
        assert f"nile/{slug}index.html" in pages["fr"]


def _root_default(languages_built: tuple[str, ...]) -> str:
    """Where the root page sends a browser asking for none of the site's languages."""
    template = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True)
    page = root_page(template.get_template("root.html.j2"), languages_built)
    [default] = re.findall(r'location\.replace\("([^"]*)/"\);\n\}\)\(\);', page)
    return default


def test_the_root_sends_other_readers_to_the_first_published_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """content/languages.yaml says the first published language is the fallback: a German
    browser was sent to /en/ while the list began with French."""
    listed = yaml.safe_load((CONTENT / "languages.yaml").read_text(encoding="utf-8"))
    first = next(e["code"] for e in listed["languages"] if e.get("state") != "in_progress")
    assert _root_default(languages.codes()) == first
    # Another project's list, English first after a language in progress: English.
    content = tmp_path / "content"
    content.mkdir()
    (content / "languages.yaml").write_text(
        "languages:\n  - {code: de, name: Deutsch, state: in_progress}\n"
        "  - {code: en, name: English}\n  - {code: fr, name: Français}\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(languages, "_file", content / languages.FILE_NAME)
    assert _root_default(("de", "en", "fr")) == "en"
    assert _root_default(("de", "fr")) == "fr"  # English not built


def test_the_permalink_tooltip_is_in_the_page_language(site: Path) -> None:
    """MkDocs titles a heading's ¶ link "Permanent link" in every language unless told."""
    for language, title in (("fr", "Lien permanent"), ("uk", "Постійне посилання")):
        html = (site / language / "nile" / "rules" / "index.html").read_text(encoding="utf-8")
        assert 'class="headerlink" href="#' in html
        assert f'title="{title}"' in html
        assert 'title="Permanent link"' not in html
    english = (site / "en" / "nile" / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'title="Permanent link"' in english


def test_search_language_per_build(site: Path) -> None:
    def search_lang(language: str) -> list[str]:
        index = json.loads((site / language / "search" / "search_index.json").read_text("utf-8"))
        return list(index["config"]["lang"])

    assert search_lang("fr") == ["fr"]
    # lunr's plain pipeline, not MkDocs' Russian one: the site's search worker folds and
    # stems Ukrainian itself (site/assets/search/normalise.js, content/languages.yaml).
    assert search_lang("uk") == ["en"]
    assert search_lang("en") == ["en"]
    index = json.loads((site / "uk" / "search" / "search_index.json").read_text("utf-8"))
    uk = " ".join(f"{d['title']} {d['text']}" for d in index["docs"])
    assert "Ніл" in uk
    assert "не перекладено" not in uk  # fallback marks are kept out of the index


def test_rule_sections_are_anchors_and_terms_are_links(site: Path) -> None:
    nile = load_game(CONTENT / "nile")
    assert nile.rules is not None
    html = (site / "fr" / "nile" / "rules" / "index.html").read_text(encoding="utf-8")
    for section in nile.rules.walk():
        assert f'id="{section.id}"' in html
    if nile.glossary and nile.glossary.terms:
        assert 'href="../glossary/#' in html
        glossary = (site / "fr" / "nile" / "glossary" / "index.html").read_text("utf-8")
        for term in nile.glossary.terms:
            assert f'id="{term.id}"' in glossary


def test_switcher_links_to_the_same_page(site: Path) -> None:
    html = (site / "fr" / "nile" / "setup" / "index.html").read_text(encoding="utf-8")
    links = dict(re.findall(r'href="([^"]+)" hreflang="(fr|uk|en)"[^>]*target="_self"', html))
    assert {v: k for k, v in links.items()} == {
        "fr": "../../../fr/nile/setup/",
        "uk": "../../../uk/nile/setup/",
        "en": "../../../en/nile/setup/",
    }


def _status_languages(site: Path, language: str) -> list[str]:
    """The languages the translation status page of ``language`` has rows and columns for."""
    page = (site / language / "translation-status" / "index.html").read_text(encoding="utf-8")
    # Every game's rows (Nile's and the interface's), language by language: their order.
    rows = list(dict.fromkeys(re.findall(r'<tr data-game="[^"]+" data-lang="([^"]+)"', page)))
    concepts = page[page.index('<div class="rb-scroll rb-table rb-concepts">') :]
    columns = re.findall(r'<th scope="col" lang="([^"]+)"', concepts)
    assert rows == columns, (rows, columns)
    return rows


def test_the_translation_status_covers_the_languages_of_the_site(
    project: Project, site: Path, tmp_path: Path
) -> None:
    """A site in every language tells how far each is translated, on every language's page;
    a site built in French alone offers only French (its language chooser has no other),
    so its status page tells how far French is (rows and shared words alike)."""
    for language in ("fr", "uk", "en"):
        assert _status_languages(site, language) == ["fr", "uk", "en"]
    french = tmp_path / "french"
    build(project, french, languages=("fr",))
    assert _status_languages(french, "fr") == ["fr"]
    both = tmp_path / "both"
    build(project, both, languages=("en", "fr"))  # the chooser's order, the rows' order
    assert _status_languages(both, "fr") == _status_languages(both, "en") == ["en", "fr"]


def test_fallback_is_visible_and_source_language_is_not(site: Path) -> None:
    fr = (site / "fr" / "nile" / "index.html").read_text(encoding="utf-8")
    uk = (site / "uk" / "nile" / "index.html").read_text(encoding="utf-8")
    assert "rb-fallback" not in fr.replace("rb-fallback-mark", "")
    if 'class="rb-fallback"' in uk:  # uk catalogs may already translate everything
        assert 'lang="fr"' in uk and "не перекладено" in uk and "rb-page-fallback" in uk


def test_widgets_have_their_data_island(site: Path) -> None:
    islands = {}
    for slug in ("setup", "scoring"):
        html = (site / "uk" / "nile" / slug / "index.html").read_text(encoding="utf-8")
        island = re.search(
            r'<script type="application/json" id="rb-data-nile">([^<]*)</script>', html
        )
        assert island is not None
        data = json.loads(island[1])
        assert data["language"] == "uk" and data["export"]["game"] == "nile"
        assert "provenance" not in island[1]  # source notes are for the page, not the widget
        islands[slug] = data
    # Each page carries what its widget reads, not the whole export.
    calculator, setup = islands["scoring"]["export"], islands["setup"]["export"]
    assert {"scoring", "limits", "components"} <= set(calculator)
    assert "setup" not in calculator and "decks" not in calculator
    assert {"setup", "decks"} <= set(setup) and set(setup["scoring"]) == {"options"}
    assert not any(k.startswith("setup.") for k in islands["scoring"]["fallback"])
    assert (site / "uk" / "assets" / "calculator" / "calculator.js").exists()
    assert 'data-calculator="nile"' in (site / "uk/nile/scoring/index.html").read_text("utf-8")
    assert 'data-setup="nile"' in (site / "uk/nile/setup/index.html").read_text("utf-8")


def test_scripts_do_not_hold_the_page_up(site: Path) -> None:
    """Material's script is deferred; a widget page draws its widget before its first paint;
    a page without a widget loads no calculator code at all."""
    for slug in ("scoring", "setup", "rules"):
        html = (site / "en" / "nile" / slug / "index.html").read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        assert re.search(r'<script defer src="[^"]*/javascripts/bundle\.[^"]*\.js">', html)
        early = re.search(
            r'<script type="module" src="[^"]*calculator\.js" blocking="render">', head
        )
        assert (early is not None) == (slug != "rules"), slug
        assert ("calculator.js" in html) == (slug != "rules"), slug


def test_search_index_is_utf8(site: Path) -> None:
    raw = (site / "uk" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Ніл" in raw and "\\u041d" not in raw  # letters as they are, not \uXXXX escapes
    assert json.loads(raw)["docs"]


def test_worked_example_is_the_first_case(site: Path) -> None:
    nile = load_game(CONTENT / "nile")
    assert nile.cases is not None
    first = nile.cases.cases[0]
    html = (site / "fr" / "nile" / "scoring" / "index.html").read_text(encoding="utf-8")
    assert f'id="example-{first.id.replace("_", "-")}"' in html
    winners = [p.name for p in first.expected if p.winner]
    # French typography: a no-break space before the colon (the same string as the widgets').
    said = "Gagnant" if len(winners) == 1 else "Gagnants"
    assert f'rb-example-winners">{said}\u00a0: <strong>{", ".join(winners)}</strong>' in html


# ----------------------------------------------------------------------------------------
# Deterministic, atomic
# ----------------------------------------------------------------------------------------


def test_same_content_gives_the_same_bytes(site: Path, project: Project, tmp_path: Path) -> None:
    again = tmp_path / "again"
    build(project, again)
    assert tree_hashes(again) == tree_hashes(site)


def _broken(project: Project, where: Path, file: str, text: str) -> Project:
    """A copy of ``project`` with one content file replaced by ``text``."""
    shutil.copytree(project.root, where)
    (where / "content" / "nile" / file).write_text(text, encoding="utf-8")
    return Project.at(where)


def test_failed_build_keeps_the_previous_site(
    site: Path, project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    shutil.copytree(site, out)
    before = tree_hashes(out)

    broken = _broken(project, tmp_path / "broken", "game.yaml", "id: nile\nnames: [\n")
    with pytest.raises(ContentError):
        build(broken, out)
    assert tree_hashes(out) == before

    def fail(config_file: Path, dirty: bool = False) -> None:
        raise BuildError(f"{config_file.name}: simulated MkDocs failure")

    monkeypatch.setattr(site_build, "run_mkdocs", fail)
    with pytest.raises(BuildError, match="simulated"):
        build(project, out)
    assert tree_hashes(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken", "out"]  # nothing left


def test_cli_build_success_and_failure(
    project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert cli.main(["--project", str(project.root), "build", "--out", str(out)]) == 0
    assert "built" in capsys.readouterr().out
    before = tree_hashes(out)

    broken = _broken(project, tmp_path / "broken", "scoring.yaml", "kind: nonsense\n")
    assert cli.main(["build", "--project", str(broken.root), "--out", str(out)]) == 1
    error = capsys.readouterr().err
    assert "scoring.yaml" in error and "left as it was" in error
    assert tree_hashes(out) == before


@pytest.mark.parametrize("command", ["build", "serve"])
def test_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main([command, "--help"])
    assert stop.value.code == 0
    assert "--out" in capsys.readouterr().out


def test_serve_gives_the_site(site: Path) -> None:
    server, base = serve_in_thread(site)
    try:
        assert base.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(base + "uk/nile/scoring/") as response:
            assert response.headers.get("Content-Encoding") is None
            assert 'data-calculator="nile"' in response.read().decode("utf-8")
        # Text goes out gzipped to clients that accept it, images as they are.
        on_disk = (site / "uk" / "nile" / "scoring" / "index.html").read_bytes()
        for accept, gzipped in (("gzip, deflate", True), ("gzip;q=0", False), ("br", False)):
            request = urllib.request.Request(
                base + "uk/nile/scoring/", headers={"Accept-Encoding": accept}
            )
            with urllib.request.urlopen(request) as response:
                body = response.read()
                assert (response.headers.get("Content-Encoding") == "gzip") == gzipped, accept
                assert (gzip.decompress(body) if gzipped else body) == on_disk
                assert int(response.headers["Content-Length"]) == len(body)
        request = urllib.request.Request(
            base + "uk/assets/images/favicon.png", headers={"Accept-Encoding": "gzip"}
        )
        with urllib.request.urlopen(request) as response:
            assert response.headers.get("Content-Encoding") is None
    finally:
        server.shutdown()
        server.server_close()


# ----------------------------------------------------------------------------------------
# Untrusted content and translations
# ----------------------------------------------------------------------------------------


class _Scan(HTMLParser):
    """Collects everything in a page that could run script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            bare = re.sub(r"[\s\x00-\x1f]", "", value or "").lower()
            if name in {"href", "src", "action", "formaction", "xlink:href"} and bare.startswith(
                ("javascript:", "data:text")
            ):
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag == "img" and dict(attrs).get("src") == "x":
            self.problems.append("<img src=x>")
        if tag == "script":
            self._script = dict(attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is None:
            return
        if self._script.get("type") == "application/json":
            json.loads(data)  # data, never code
        elif "alert(" in data:
            self.problems.append(f"script runs: {data[:80]!r}")


def test_hostile_content_and_translations_stay_inert(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hostile = tmp_path / "content"
    shutil.copytree(project.content, hostile)
    game = (hostile / "nile" / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("uk: Ніл", "uk: '<script>alert(1)</script>Ніл'")
    game = game.replace("Daniel Callister", "'Daniel <img src=x onerror=alert(2)>'")
    (hostile / "nile" / "game.yaml").write_text(game, encoding="utf-8")
    nile = load_game(hostile / "nile")

    from rulebook.i18n.glossary import glossary_messages
    from rulebook.i18n.messages import extract

    locales = tmp_path / "locales"
    entries = {m.context: (m.text, HOSTILE, False) for m in extract(nile) if m.language == "fr"}
    write_catalog(locales, "uk", "nile", entries)
    # The glossary page's headwords come from the glossary's own catalog.
    words = {m.context: (m.text, HOSTILE, False) for m in glossary_messages(nile)}
    write_catalog(locales, "uk", "nile.glossary", words)
    write_catalog(
        locales,
        "uk",
        "ui",
        {"ui.total": ("Total", HOSTILE, False), "ui.rules": ("Rules", HOSTILE, False)},
    )
    out = tmp_path / "out"
    # The build refuses such catalogs (the checks of `rulebook i18n check`)...
    with pytest.raises(BuildError, match=r"\[markup\]"):
        build(Project.at(tmp_path), out, languages=("uk",))
    assert not out.exists()
    # ...and should one pass them, the pages still hold it as text.
    monkeypatch.setattr(site_build, "refuse_unsafe_catalogs", lambda builds, options: None)
    build(Project.at(tmp_path), out, languages=("uk",))
    checked = 0
    for page in sorted((out / "uk").rglob("*.html")):
        scan = _Scan()
        scan.feed(page.read_text(encoding="utf-8"))
        assert scan.problems == [], page
        checked += 1
    assert checked >= 8
    rules = (out / "uk" / "nile" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in rules or "&#60;script&#62;" in rules  # shown as text
    scoring = (out / "uk" / "nile" / "scoring" / "index.html").read_text(encoding="utf-8")
    assert "\\u003cscript\\u003e" in scoring  # the island holds it as inert JSON


# ----------------------------------------------------------------------------------------
# The shipped calculator: one joined module, minified styles
# ----------------------------------------------------------------------------------------


def test_bundle_joins_modules_and_refuses_what_it_cannot_join(tmp_path: Path) -> None:
    from rulebook.site.assets import BundleError, bundle

    (tmp_path / "a.js").write_text(
        'import { b as bee } from "./b.js";\nimport * as c from "./c.js";\n'
        "const inner = 1;\nexport const a = () => bee() + c.c + inner;\n",
        encoding="utf-8",
    )
    (tmp_path / "b.js").write_text(
        "const inner = 2;\nfunction b() { return inner; }\nexport { b };\n", encoding="utf-8"
    )
    (tmp_path / "c.js").write_text("export const c = 3;\n", encoding="utf-8")
    joined = bundle(tmp_path, "a.js")
    # Each module keeps its scope: the two `inner` do not clash, and b comes before a.
    assert joined.count("const inner") == 2 and joined.index("__rb_b") < joined.index("__rb_a")
    module = tmp_path / "joined.mjs"
    module.write_text(joined, encoding="utf-8")
    node = shutil.which("node")
    assert node is not None, "Node.js is missing: run scripts/bootstrap.sh --browser"
    run = subprocess.run(
        [
            node,
            "--input-type=module",
            "-e",
            f"import {{ a }} from '{module.as_uri()}'; console.log(a.a());",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "6"
    (tmp_path / "c.js").write_text("export default 3;\n", encoding="utf-8")
    with pytest.raises(BundleError, match=r"c\.js:1"):
        bundle(tmp_path, "a.js")
    (tmp_path / "c.js").write_text('import "./a.js";\nexport const c = 3;\n', encoding="utf-8")
    with pytest.raises(BundleError, match="cycle"):
        bundle(tmp_path, "a.js")


def test_minified_styles_keep_strings() -> None:
    from rulebook.site.assets import minify_css

    css = '/* note */\na::after {\n  content: "a ,  b; {x}";\n  margin: 0 1px ;\n}\n'
    assert minify_css(css) == 'a::after{content: "a ,  b; {x}";margin: 0 1px}\n'


# ----------------------------------------------------------------------------------------
# The output folder: refused when unsafe, swapped in one step, kept tidy
# ----------------------------------------------------------------------------------------


def test_out_never_replaces_the_sources(project: Project, tmp_path: Path) -> None:
    root = tmp_path / "checkout"
    shutil.copytree(project.root, root)
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    mine = root / "notes"
    mine.mkdir()
    (mine / "todo.txt").write_text("keep me\n", encoding="utf-8")
    (root / "file.txt").write_text("a file\n", encoding="utf-8")
    before = tree_hashes(root)
    checkout = Project.at(root)
    refused = {
        ".": "it holds the project's sources",
        "content": "it is inside",
        "content/nile/site": "it is inside",
        "locales": "it is inside",
        ".git": "it is inside",
        "notes": "not empty and was not written by `rulebook build`",
        "file.txt": "it is a file",
    }
    for where, why in refused.items():
        with pytest.raises(BuildError, match=re.escape(why)):
            build(checkout, root / where)
    assert tree_hashes(root) == before
    assert cli.main(["--project", str(root), "build", "--out", str(root)]) == 1
    assert tree_hashes(root) == before


def test_out_may_be_new_empty_or_built_before(project: Project, site: Path, tmp_path: Path) -> None:
    assert (site / ".rulebook-build").is_file()
    empty = tmp_path / "empty"
    empty.mkdir()
    for out in (empty, tmp_path / "new" / "site"):
        build(project, out, languages=("fr",))
        assert (out / "fr" / "nile" / "index.html").is_file()
    again = tmp_path / "again"
    shutil.copytree(site, again)
    build(project, again, languages=("fr",))  # what a build wrote, it may take away
    assert (again / "fr" / "nile" / "index.html").is_file() and not (again / "uk").exists()
    build(project, again, languages=("fr",))  # and its marker lists what it wrote in turn
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again", "empty", "new"]


@pytest.mark.parametrize(
    "files",
    [
        {"index.html": "<p>my own home page</p>"},
        {"en/notes.html": "my English notes", "fr/notes.html": "mes notes", "index.html": "x"},
        {"fr/": ""},  # an empty folder of one's own is kept too
    ],
    ids=["index-only", "language-folders", "empty-language-folder"],
)
def test_a_folder_of_the_readers_files_is_refused(
    project: Project, tmp_path: Path, files: dict[str, str]
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    for name, text in files.items():
        if name.endswith("/"):
            (folder / name).mkdir()
            continue
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    before = tree_hashes(tmp_path)
    with pytest.raises(BuildError, match="was not written by `rulebook build`"):
        build(project, folder, languages=("fr",))
    assert tree_hashes(tmp_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]
    assert all((folder / name).exists() for name in files)


def test_a_built_folder_with_the_readers_files_added_or_edited_is_refused(
    project: Project, site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    shutil.copytree(site, out)
    (out / "fr" / "my-notes.html").write_text("keep me", encoding="utf-8")
    page = out / "en" / "nile" / "index.html"
    page.write_text(page.read_text(encoding="utf-8") + "<!-- my edit -->", encoding="utf-8")
    before = tree_hashes(tmp_path)
    with pytest.raises(BuildError, match=r"did not write, or that were changed since") as error:
        build(project, out, languages=("fr",))
    assert "en/nile/index.html" in str(error.value) and "fr/my-notes.html" in str(error.value)
    assert cli.main(["--project", str(project.root), "build", "--out", str(out)]) == 1
    assert "Traceback" not in capsys.readouterr().err
    assert tree_hashes(tmp_path) == before


def test_siblings_of_the_output_are_never_touched(project: Project, tmp_path: Path) -> None:
    sib = tmp_path / "sib"
    for name in (".site.old-backup-2025", ".site.new-ideas", ".rulebook-new-ideas", "other"):
        (sib / name).mkdir(parents=True)
        (sib / name / "keep.txt").write_text(name, encoding="utf-8")
    # A staging folder of another output, left by a killed build: its own build clears it.
    (sib / ".rulebook-new-x1").mkdir()
    (sib / ".rulebook-new-x1" / ".rulebook-staging").write_text("elsewhere", encoding="utf-8")
    before = tree_hashes(sib)
    build(project, sib / "site", languages=("fr",))
    build(project, sib / "site", languages=("fr",))
    assert {k: v for k, v in tree_hashes(sib).items() if not k.startswith("site/")} == before


def test_the_next_build_clears_only_what_killed_builds_of_its_output_left(
    project: Project, site: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    shutil.copytree(site, out)
    left = tmp_path / ".rulebook-new-k1"
    (left / "fr").mkdir(parents=True)
    (left / ".rulebook-staging").write_text("out", encoding="utf-8")
    build(project, out, languages=("fr",))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def _start_build(project: Project, out: Path) -> subprocess.Popen[bytes]:
    import signal
    import sys

    command = [sys.executable, "-m", "rulebook", "--project", str(project.root), "build"]
    return subprocess.Popen(
        [*command, "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # Ctrl-C as at a terminal: a suite started in the background from a script runs
        # with SIGINT ignored, which the build would otherwise inherit and never see.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _when_staging_appears(folder: Path, process: subprocess.Popen[bytes]) -> None:
    import time

    for _ in range(6000):
        staging = list(folder.glob(".rulebook-new-*"))
        if staging and any((s / "fr").exists() for s in staging):
            return
        assert process.poll() is None, process.communicate()
        time.sleep(0.01)
    raise AssertionError("the build never began writing its staging folder")


@pytest.mark.parametrize("signum", ["SIGTERM", "SIGINT", "SIGKILL"])
def test_a_killed_build_leaves_the_old_site_and_nothing_beside_it(
    project: Project, site: Path, tmp_path: Path, signum: str
) -> None:
    import signal

    folder = tmp_path / "folder"
    out = folder / "out"
    folder.mkdir()
    shutil.copytree(site, out)
    before = tree_hashes(out)
    process = _start_build(project, out)
    _when_staging_appears(folder, process)
    process.send_signal(getattr(signal, signum))
    _, err = process.communicate(timeout=120)
    assert process.returncode != 0 and b"Traceback" not in err
    assert tree_hashes(out) == before
    if signum != "SIGKILL":  # a stopped build undoes what it began
        assert sorted(p.name for p in folder.iterdir()) == ["out"]
    else:  # a killed one cannot: it leaves its stamped staging folder, which the next clears
        assert {p.name[:14] for p in folder.iterdir()} == {"out", ".rulebook-new-"}
        build(project, out, languages=("fr",))
        assert sorted(p.name for p in folder.iterdir()) == ["out"]


def test_an_impossible_output_name_is_a_clear_error(
    project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / ("x" * 300)
    with pytest.raises(BuildError, match=r"cannot write .*File name too long"):
        build(project, out)
    assert cli.main(["--project", str(project.root), "build", "--out", str(out)]) == 1
    assert "Traceback" not in capsys.readouterr().err
    near = tmp_path / ("y" * 255)  # the longest name: staging beside it still fits
    build(project, near, languages=("fr",))
    assert sorted(p.name for p in tmp_path.iterdir()) == [near.name]


def test_two_builds_cannot_write_one_folder(project: Project, tmp_path: Path) -> None:
    from rulebook.site import output

    out = tmp_path / "out"
    with output.locked(out), pytest.raises(BuildError, match="another build is writing"):
        build(project, out)


def test_the_swap_is_one_step(tmp_path: Path) -> None:
    """A reader polling the output never finds it missing while sites are swapped in."""
    import threading

    from rulebook.site import output

    out = tmp_path / "out"
    out.mkdir()
    (out / "page").write_text("0", encoding="utf-8")
    missing = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            if not (out / "page").exists():
                missing.append(1)

    reader = threading.Thread(target=watch)
    reader.start()
    try:
        for n in range(1, 200):
            staging = tmp_path / f".rulebook-new-{n}"
            staging.mkdir()
            (staging / "page").write_text(str(n), encoding="utf-8")
            output.swap_in(staging, out)
            assert not staging.exists()
    finally:
        done.set()
        reader.join()
    assert (out / "page").read_text(encoding="utf-8") == "199"
    assert missing == []


def test_swap_falls_back_to_two_renames(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.site import output

    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    out, staging = tmp_path / "out", tmp_path / ".rulebook-new-1"
    for folder, text in ((out, "old"), (staging, "new")):
        folder.mkdir()
        (folder / "page").write_text(text, encoding="utf-8")
    output.swap_in(staging, out)
    assert (out / "page").read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


# ----------------------------------------------------------------------------------------
# serve: bad ports, bad paths, idle connections
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["70000", "-1", "http"])
def test_a_bad_port_is_refused_before_building(
    bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["serve", "--port", bad, "--out", str(tmp_path / "site")])
    assert stop.value.code == 2
    assert "--port" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def _raw(base: str, request: bytes) -> bytes:
    import socket

    host, port = base.removeprefix("http://").rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def test_serve_answers_a_bad_path_with_400(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server, base = serve_in_thread(site)
    try:
        for path in ("/%00", "/fr/%00.html", "/../../etc/passwd", "/fr/%2e%2e/%2e%2e/x", "/%ff"):
            answer = _raw(base, f"GET {path} HTTP/1.0\r\n\r\n".encode())
            assert answer.startswith(b"HTTP/1.0 400"), (path, answer[:80])
        assert _raw(base, b"GET /fr/ HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 200")
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capsys.readouterr().err


def test_serve_closes_idle_connections(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket
    import time

    from rulebook.site import serve

    monkeypatch.setattr(serve._Handler, "timeout", 0.5)
    server, base = serve_in_thread(site)
    host, port = base.removeprefix("http://").rstrip("/").split(":")
    try:
        for first in (b"", b"GET /fr/ HTTP/1.1\r\n"):  # nothing, or half a request
            with socket.create_connection((host, int(port)), timeout=10) as connection:
                connection.sendall(first)
                started = time.monotonic()
                # recv() returns b"" when the server closes; our own timeout (10 s) would
                # raise TimeoutError instead.
                assert connection.recv(1024) == b""
                assert 0.4 < time.monotonic() - started < 5
    finally:
        server.shutdown()
        server.server_close()


def test_catalogs_found_safe_are_kept_and_a_failure_never(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build keeps that its catalogs passed the checks, and the counts of its languages'
    catalogs, while they, the content and the code stay the same; an edit counts and checks
    again, and an unsafe catalog is refused on every build, never kept as checked."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    copy = Project.at(tmp_path / "project")
    shutil.copytree(project.root, copy.root)
    build(copy, tmp_path / "first", languages=("uk",))
    checked_at = cache.entry("catalogs", copy.locales, "checked-uk")
    checked = json.loads(checked_at.read_bytes())
    assert checked["data"] == [] and len(checked["key"]) == 64, checked
    # A site in Ukrainian alone counts the Ukrainian catalogs alone (its status page's).
    status_at = cache.entry("catalogs", copy.locales, "status-uk")
    status = json.loads(status_at.read_bytes())
    counted = {(s["domain"], s["language"]) for s in status["data"]["statuses"]}
    domains = ("nile", "nile.glossary", "ui")
    assert counted == {(d, "uk") for d in domains}, counted
    catalog = copy.locales / "uk" / "LC_MESSAGES" / "ui.po"
    text, entry, translated = retranslate(catalog, "ui.winners", "Переможниці")
    build(copy, tmp_path / "second", languages=("uk",))
    assert json.loads(status_at.read_bytes())["key"] != status["key"]
    safe = json.loads(checked_at.read_bytes())["key"]
    assert safe != checked["key"]
    unsafe = entry.replace(translated, "<script>alert(1)</script>Переможці")
    catalog.write_text(text.replace(entry, unsafe), "utf-8")
    for attempt in ("third", "fourth"):
        with pytest.raises(BuildError, match=r"\[markup\]"):
            build(copy, tmp_path / attempt, languages=("uk",))
        assert json.loads(checked_at.read_bytes())["key"] == safe
    # The glossary's catalog (the glossary page's words) is checked and kept the same way.
    catalog.write_text(text, "utf-8")
    words = copy.locales / "uk" / "LC_MESSAGES" / "nile.glossary.po"
    hostile = 'msgstr "<script>alert(1)</script>культура"'
    words.write_text(words.read_text("utf-8").replace('msgstr "культура"', hostile, 1), "utf-8")
    with pytest.raises(BuildError, match=r"nile\.glossary\.po.*\[markup\]"):
        build(copy, tmp_path / "fifth", languages=("uk",))


def test_kept_pages_follow_the_catalogs(project: Project, tmp_path: Path) -> None:
    """A later build reuses a game's kept pages only while its catalogs did not change."""
    copy = Project.at(tmp_path / "project")
    shutil.copytree(project.root, copy.root)
    first = tmp_path / "first"
    build(copy, first, languages=("uk",))
    # What is kept is plain data (JSON: key, then each page), never code or a pickle.
    kept = cache.entry("pages", copy.content, "nile-uk")
    key, pages = json.loads(kept.read_bytes())
    assert len(key) == 64 and {page[0] for page in pages} >= {"nile/index.md"}, pages[:1]
    catalog = copy.locales / "uk" / "LC_MESSAGES" / "ui.po"
    retranslate(catalog, "ui.winners", "Переможниці")
    second = tmp_path / "second"
    build(copy, second, languages=("uk",))
    assert "Переможниці" in (second / "uk" / "nile" / "scoring" / "index.html").read_text("utf-8")
    assert "Переможниці" not in (first / "uk" / "nile" / "scoring" / "index.html").read_text(
        "utf-8"
    )
