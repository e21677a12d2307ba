"""The catalogs as Weblate sees them (issue 32, item 8): the component layout of
tools/weblate/components.json matches exactly the catalogs present, and every catalog reads
and writes back through translate-toolkit (Weblate's PO storage) byte for byte."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from translate.storage import po as ttk_po

from rulebook.i18n import review
from rulebook.i18n.catalogs import Domain, load_domains, load_entries, pot_path
from tests.conftest import CONTENT, ROOT
from tests.i18n_support import make_workspace

LAYOUT = ROOT / "tools" / "weblate" / "components.json"
LOCALES = ROOT / "locales"
DISCOVERY = "weblate.discovery.discovery"


@dataclass(frozen=True)
class Component:
    """One Weblate component: its catalogs by language, its template, its source language."""

    slug: str
    mask: str
    files: dict[str, Path]
    new_base: Path
    source_language: str


def _layout() -> dict:
    return json.loads(LAYOUT.read_text(encoding="utf-8"))


def _language_of(mask: str, path: Path) -> str | None:
    """The part of ``path`` the ``*`` of a Weblate file mask stands for (the language), or
    None when the mask does not match ``path`` (a ``*`` stays within a folder, as in glob)."""
    pattern = re.escape(mask).replace(r"\*", r"([^/]+)")
    match = re.fullmatch(pattern, path.relative_to(ROOT).as_posix())
    return match[1] if match else None


def _explicit(spec: dict, files: list[Path]) -> Component:
    """A component set up by hand: the files its mask matches that its language filter keeps."""
    keep = re.compile(spec["language_regex"])
    found = {
        code: path
        for path in files
        if (code := _language_of(spec["filemask"], path)) is not None and keep.match(code)
    }
    return Component(
        spec["slug"], spec["filemask"], found, ROOT / spec["new_base"], spec["source_language"]
    )


def _discovered(main: dict, config: dict, files: list[Path]) -> dict[str, dict[str, Path]]:
    """What Weblate's discovery add-on on ``main`` matches, by file mask, as it does it: the
    regular expression over the whole path, the language filter on the language group, the
    language replaced by ``*`` to make the mask; the main component's own mask skipped."""
    match, keep = re.compile(config["match"]), re.compile(config["language_regex"])
    found: dict[str, dict[str, Path]] = {}
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        hit = match.fullmatch(relative)
        if hit is None or not keep.match(hit["language"]):
            continue
        mask = relative[: hit.start("language")] + "*" + relative[hit.end("language") :]
        if mask != main["filemask"]:
            found.setdefault(mask, {})[hit["language"]] = path
    return found


def components(files: list[Path]) -> list[Component]:
    """The components Weblate makes of ``files`` (PO files) with the layout's settings: those
    set up by hand, then those the discovery add-on creates. Discovery takes a component
    linked to its main one with the same file mask for the one it would create (Weblate's
    ComponentDiscovery.perform), and a created component copies the main one's source
    language."""
    layout = _layout()
    specs = {spec["slug"]: spec for spec in layout["components"]}
    found = [_explicit(spec, files) for spec in layout["components"]]
    for main_slug, addons in layout["addons"].items():
        main = specs[main_slug]
        linked = {
            spec["filemask"]
            for spec in layout["components"]
            if spec["repo"] == f"weblate://PROJECT/{main_slug}"
        }
        for addon in addons:
            if addon["name"] != DISCOVERY:
                continue
            config = addon["configuration"]
            for mask, by_language in sorted(_discovered(main, config, files).items()):
                if mask in linked:
                    continue  # taken for an existing component: none is created
                slug = Path(mask).stem
                base = config["new_base_template"].replace("{{ component }}", slug)
                found.append(
                    Component(slug, mask, by_language, ROOT / base, main["source_language"])
                )
    return found


def _catalogs() -> list[Path]:
    return sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))


@functools.cache
def _domains() -> dict[str, Domain]:
    found, problems = load_domains(CONTENT)
    assert problems == []
    return {domain.name: domain for domain in found}


def _work(domain: str, language: str) -> set[str]:
    """The source languages of what the catalog of ``domain`` in ``language`` has to
    translate (none for a catalog of copies written in its own language)."""
    return {m.language for m in _domains()[domain].to_translate(language)}


def test_every_catalog_with_work_is_in_one_component() -> None:
    """Each catalog with something to translate is translated in exactly one component; a
    catalog of read-only copies (a game's French catalog, the English interface) in none."""
    taken: dict[Path, list[str]] = {}
    for component in components(_catalogs()):
        for path in component.files.values():
            taken.setdefault(path, []).append(component.slug)
    for path in _catalogs():
        domain, language = path.stem, path.parent.parent.name
        expected = 1 if _work(domain, language) else 0
        assert len(taken.get(path, [])) == expected, (path, taken.get(path))
    assert {c.new_base for c in components(_catalogs())} == {
        pot_path(LOCALES, d) for d in _domains()
    }, "one component (at least) per game and the interface"


def test_each_component_says_the_language_its_sources_are_in() -> None:
    for component in components(_catalogs()):
        domain = component.new_base.stem
        assert component.new_base == pot_path(LOCALES, domain) and component.new_base.exists()
        for language, path in component.files.items():
            assert path == LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
            assert component.source_language in _work(domain, language), (component.slug, path)


def test_a_new_language_is_taken_without_editing_the_layout() -> None:
    """A language added to content/languages.yaml gets its catalogs in every component of
    its domain's own source language, and a stray file (a misnamed copy) is in none."""
    german = {LOCALES / "de" / "LC_MESSAGES" / f"{d}.po" for d in _domains()}
    stray = [LOCALES / "fr" / "LC_MESSAGES" / "Nile copy.po", LOCALES / "nile.po"]
    found = components([*_catalogs(), *sorted(german), *stray])
    taken = {p for c in found for p in c.files.values()}
    assert german <= taken and not taken & set(stray)
    for component in found:
        if "de" in component.files:
            domain = component.new_base.stem
            assert component.source_language == _domains()[domain].source_language


def test_each_game_glossary_is_a_glossary_component() -> None:
    """Weblate offers a glossary component's terms beside every string it translates: each
    game's glossary catalog (its terms' words and forms) is one, and no other catalog is.
    Discovery does not copy the glossary setting, so each is set up by hand."""
    layout = _layout()
    flagged = {spec["new_base"] for spec in layout["components"] if spec.get("is_glossary")}
    glossaries = {
        pot_path(LOCALES, d.name).relative_to(ROOT).as_posix()
        for d in _domains().values()
        if d.glossary
    }
    assert glossaries and flagged == glossaries
    # The game catalogs' discovery leaves them alone (it would make plain components).
    matches = [re.compile(a["configuration"]["match"]) for a in layout["addons"]["nile"]]
    for base in glossaries:
        catalog = f"locales/uk/LC_MESSAGES/{Path(base).stem}.po"
        assert not any(m.fullmatch(catalog) for m in matches), catalog


@pytest.mark.parametrize(
    "path",
    sorted([*LOCALES.glob("*.pot"), *LOCALES.glob("*/LC_MESSAGES/*.po")]),
    ids=lambda p: p.relative_to(LOCALES).as_posix(),
)
def test_translate_toolkit_writes_each_catalog_back_unchanged(path: Path) -> None:
    """Weblate reads and writes PO files with translate-toolkit: a catalog it saves without
    a change must be the file as it is, so its commits hold only translators' edits."""
    data = path.read_bytes()
    assert bytes(ttk_po.pofile(data)) == data


def test_a_fuzzy_entry_and_a_review_mark_survive_the_round_trip(tmp_path: Path) -> None:
    """The checkout's catalogs hold no fuzzy entry today (waivers and read-only copies they
    hold): one is made, a source edit after a translation, with its ``#|`` previous source,
    beside a review mark, and the catalog still comes back from translate-toolkit byte for
    byte."""
    workspace = make_workspace(tmp_path)
    flood, tie = "setup.steps.flood_card.text", "rules.end.notes.tie"
    workspace.translate(
        "uk",
        {
            flood: "Покладіть карту Повені горілиць у центр столу.",
            tie: "Повну нічию ділять між гравцями.",
        },
    )
    workspace.replace_in_source("setup.yaml", "Posez la carte", "Placez la carte")
    workspace.update()
    path = workspace.po("uk")
    entries = load_entries("nile", "uk", workspace.locales)
    assert review.mark_reviewed(path, entries, [tie]).marked == (tie,)
    data = path.read_bytes()
    assert b'#, fuzzy\n#| msgid ""\n#| "Posez la carte' in data
    assert b"\n# rulebook: reviewed " in data
    assert bytes(ttk_po.pofile(data)) == data
