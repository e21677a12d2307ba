"""The catalogs as Weblate sees them (issue 32, item 8): the component layout of
tools/weblate/components.json matches exactly the catalogs present, and every catalog reads
and writes back through translate-toolkit (Weblate's PO storage) byte for byte."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from translate.storage import po as ttk_po

from rulebook.i18n import review
from rulebook.i18n.catalogs import load_entries, pot_path
from rulebook.i18n.ui import UI_DOMAIN, UI_LANGUAGE
from schemas.common import LANGUAGES
from schemas.loader import game_folders, load_game
from tests.conftest import CONTENT, ROOT
from tests.i18n_support import make_workspace

LAYOUT = ROOT / "tools" / "weblate" / "components.json"
LOCALES = ROOT / "locales"
DISCOVERY = "weblate.discovery.discovery"


@dataclass(frozen=True)
class Component:
    """One Weblate component: its catalogs by language, its template, its source language."""

    slug: str
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


def components(files: list[Path]) -> tuple[list[Component], list[Path]]:
    """The components Weblate makes of ``files`` (PO files) with the layout's settings: the
    explicit ones, then those its discovery add-on finds; and the files none of them takes."""
    layout = _layout()
    found: list[Component] = []
    taken: set[Path] = set()
    for spec in layout["components"]:
        filter_ = re.compile(spec["language_regex"])
        by_language = {
            code: p for p in files if (code := _language_of(spec["filemask"], p)) is not None
        }
        mask_files = set(by_language.values())
        kept = {code: p for code, p in by_language.items() if filter_.search(code)}
        found.append(
            Component(spec["slug"], kept, ROOT / spec["new_base"], spec["source_language"])
        )
        taken |= mask_files  # files the language filter leaves out are Weblate's to skip
    main_of = {spec["slug"]: spec for spec in layout["components"]}
    for main, addons in layout["addons"].items():
        for addon in addons:
            if addon["name"] != DISCOVERY:
                continue
            config = addon["configuration"]
            match, filter_ = re.compile(config["match"]), re.compile(config["language_regex"])
            discovered: dict[str, dict[str, Path]] = {}
            for path in files:
                hit = match.fullmatch(path.relative_to(ROOT).as_posix())
                if hit and path not in taken:
                    taken.add(path)
                    if filter_.search(hit["language"]):
                        discovered.setdefault(hit["component"], {})[hit["language"]] = path
            explicit = {c.slug for c in found}
            for slug, kept in sorted(discovered.items()):
                if slug in explicit:
                    continue
                base = config["new_base_template"].replace("{{ component }}", slug)
                # A discovered component takes its settings from the main one.
                found.append(Component(slug, kept, ROOT / base, main_of[main]["source_language"]))
    return found, sorted(set(files) - taken)


def _catalogs() -> list[Path]:
    return sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))


def _source_languages() -> dict[str, str]:
    """Every domain of the project and the language its messages are written in."""
    games = {f.name: load_game(f).game.source_language for f in game_folders(CONTENT)}
    return {**games, UI_DOMAIN: UI_LANGUAGE}


def test_the_layout_takes_every_catalog_once() -> None:
    found, left = components(_catalogs())
    assert left == [], f"catalogs no component takes: {left}"
    slugs = [c.slug for c in found]
    assert sorted(slugs) == sorted(_source_languages()), "one component per game and the ui"
    assert len(set(slugs)) == len(slugs)


def test_each_component_translates_its_domain_into_every_other_language() -> None:
    sources = _source_languages()
    for component in components(_catalogs())[0]:
        source = sources[component.slug]
        assert component.source_language == source, component.slug
        assert component.new_base == pot_path(LOCALES, component.slug)
        assert component.new_base.exists(), component.new_base
        wanted = {code for code in LANGUAGES if code != source}
        assert set(component.files) == wanted, component.slug
        for code, path in component.files.items():
            assert path == LOCALES / code / "LC_MESSAGES" / f"{component.slug}.po"


def test_a_new_language_is_taken_without_editing_the_layout() -> None:
    """A language added to content/languages.yaml gets its catalogs in every component, and
    a stray file (a misnamed copy) is left out, not taken for a game."""
    german = [LOCALES / "de" / "LC_MESSAGES" / f"{d}.po" for d in _source_languages()]
    stray = [LOCALES / "fr" / "LC_MESSAGES" / "Nile copy.po", LOCALES / "nile.po"]
    found, left = components([*_catalogs(), *german, *stray])
    assert all(c.files["de"] in german for c in found)
    assert left == sorted(stray)


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
