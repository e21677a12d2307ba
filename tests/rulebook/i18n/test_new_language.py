"""A new language is content and configuration only: German, added in a copy of the project."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from tests.conftest import ROOT, copy_languages

#: What the copy needs to build Nile's site: the code, the site's sources, one game.
_COPIED = (
    "rulebook",
    "schemas",
    "scorer",
    "site/templates",
    "site/overrides",
    "site/mkdocs",
    "site/assets",
    "site/offline",
)


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run(
        [sys.executable, "-c", "from rulebook.cli import main; raise SystemExit(main())", *args],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def _copy(tmp_path: Path) -> Path:
    """A copy of the project with Nile only (its content, its catalogs and the interface's),
    and without German, which the tests add: whether or not the checkout lists it already."""
    copy = tmp_path / "project"
    for part in _COPIED:
        shutil.copytree(
            ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__", "build")
        )
    (copy / "content").mkdir()
    shutil.copytree(ROOT / "content" / "nile", copy / "content" / "nile")
    copy_languages(copy / "content" / "languages.yaml", ("nile",), leave_out=("de",))
    game = copy / "content" / "nile" / "game.yaml"
    named = game.read_text(encoding="utf-8").splitlines(keepends=True)
    game.write_text("".join(n for n in named if not n.startswith("  de: ")), encoding="utf-8")
    locales = copy / "locales"
    for path in (ROOT / "locales").rglob("*"):
        if "de" in path.relative_to(ROOT / "locales").parts[:1]:
            continue
        if path.is_file() and path.stem in ("nile", "nile.glossary", "ui"):
            target = locales / path.relative_to(ROOT / "locales")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    return copy


def test_german_needs_no_code_change(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    locales = copy / "locales"
    # CONTRIBUTING, "Add a language": the list of languages, the game's name, the catalogs.
    languages = copy / "content" / "languages.yaml"
    languages.write_text(
        languages.read_text(encoding="utf-8")
        + '  - code: de\n    name: Deutsch\n    quotes: ["„", "“", "‚", "‘"]\n    apostrophe: "’"\n',
        encoding="utf-8",
    )
    game = copy / "content" / "nile" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("\n  en: ", "\n  de: Nil\n  en: ", 1), encoding="utf-8")
    assert "de: Nil" in game.read_text(encoding="utf-8")
    update = _run(copy, "i18n", "update", "--lang", "de")
    assert update.returncode == 0, update.stderr
    german = locales / "de" / "LC_MESSAGES" / "nile.po"
    assert german.exists() and "Plural-Forms: nplurals=2" in german.read_text(encoding="utf-8")
    status = _run(copy, "i18n", "status", "--lang", "de", "--game", "nile")
    assert status.returncode == 0 and "nile" in status.stdout
    build = _run(copy, "build", "--out", str(tmp_path / "site"))
    assert build.returncode == 0, build.stderr + build.stdout
    page = (tmp_path / "site" / "de" / "nile" / "setup" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in page
    # Untranslated text falls back to French, marked, with its language.
    assert 'class="rb-fallback" lang="fr"' in page or 'lang="fr"' in page
    switcher = (tmp_path / "site" / "fr" / "index.html").read_text(encoding="utf-8")
    assert "Deutsch" in switcher


#: Two German translations of Nile's messages, as a translator would write them.
GERMAN = {
    "game.summary": (
        "Jeder Spieler bewirtschaftet die Ufer des Nils: Die Fluten ernten seine Felder und "
        "füllen seinen Vorrat. Am Ende entscheidet die schwächste Kultur im Vorrat über den Sieg."
    ),
    "setup.first_player_text": (
        "Der Startspieler wird ausgelost; danach wird im Uhrzeigersinn gespielt."
    ),
}


def _translate(po: Path, translations: dict[str, str], fuzzy: str = "") -> None:
    catalog = read_po(io.BytesIO(po.read_bytes()), locale="de")
    for message in catalog:
        if message.context in translations:
            message.string = translations[message.context]
        if message.context == fuzzy:
            message.flags.add("fuzzy")
    stream = io.BytesIO()
    write_po(stream, catalog, width=76, include_previous=True)
    po.write_bytes(stream.getvalue())


def test_work_in_progress_lands(tmp_path: Path) -> None:
    """A language in progress with a few messages translated, and a new game not yet
    translated (in progress in the published languages), pass the test command and build;
    the root never sends readers to the language in progress."""
    copy = _copy(tmp_path)
    content, locales = copy / "content", copy / "locales"
    languages = content / "languages.yaml"
    text = languages.read_text(encoding="utf-8")
    for code in ("uk", "en"):  # the new game is under way in both
        text = text.replace(
            f"  - code: {code}\n", f"  - code: {code}\n    in_progress: [nile_delta]\n"
        )
    languages.write_text(
        text + "  - code: de\n    name: Deutsch\n    state: in_progress\n"
        '    quotes: ["„", "“", "‚", "‘"]\n    apostrophe: "’"\n',
        encoding="utf-8",
    )
    nile = content / "nile" / "game.yaml"
    nile.write_text(
        nile.read_text(encoding="utf-8").replace("\n  en: ", "\n  de: Nil\n  en: ", 1),
        encoding="utf-8",
    )
    # A new game, not translated at all yet: Nile again under another id.
    shutil.copytree(content / "nile", content / "nile_delta")
    delta = content / "nile_delta" / "game.yaml"
    delta.write_text(
        delta.read_text(encoding="utf-8").replace("id: nile\n", "id: nile_delta\n", 1),
        encoding="utf-8",
    )
    update = _run(copy, "i18n", "update")
    assert update.returncode == 0, update.stderr
    _translate(locales / "de" / "LC_MESSAGES" / "nile.po", GERMAN)
    check = _run(copy, "i18n", "check", "--complete")
    assert check.returncode == 0, check.stderr[-3000:]
    # Correctness is still checked everywhere: a number dropped in German fails.
    broken = {"setup.first_player_text": "Der Startspieler beginnt; dann geht es reihum."}
    _translate(locales / "de" / "LC_MESSAGES" / "nile.po", {**GERMAN, **broken})
    draft = locales / "de" / "LC_MESSAGES" / "nile.po"
    draft.write_text(
        draft.read_text(encoding="utf-8").replace("reihum.", "reihum **weiter."), encoding="utf-8"
    )
    refused = _run(copy, "i18n", "check", "--complete")
    assert refused.returncode == 1
    assert "[emphasis]" in refused.stderr and "de/LC_MESSAGES/nile.po:" in refused.stderr
    assert "[incomplete]" not in refused.stderr
    # A draft to review (fuzzy): reported on the status page, no failure in progress.
    _translate(locales / "de" / "LC_MESSAGES" / "nile.po", GERMAN, fuzzy="game.summary")
    build = _run(copy, "build", "--out", str(tmp_path / "site"))
    assert build.returncode == 0, build.stderr + build.stdout
    site = tmp_path / "site"
    page = (site / "de" / "nile" / "setup" / "index.html").read_text(encoding="utf-8")
    assert "Der Startspieler wird ausgelost" in page
    status = (site / "en" / "translation-status" / "index.html").read_text(encoding="utf-8")
    # The interface has its row; German is marked in progress; the draft is listed by game.
    assert '<tr data-game="Interface" data-lang="uk">' in status
    assert '<tr data-game="Nile" data-lang="de" data-state="in_progress">' in status
    assert "(in progress)" in status
    outdated = status[status.index('<div class="rb-outdated">') :]
    assert '<summary>Nile, <span lang="de">Deutsch</span>: 1</summary>' in outdated
    assert "<li><code>game.summary</code></li>" in outdated
    assert (site / "uk" / "nile_delta" / "index.html").is_file()
    root = (site / "index.html").read_text(encoding="utf-8")
    assert 'var known = ["fr", "uk", "en"];' in root
    assert 'href="de/"' not in root
