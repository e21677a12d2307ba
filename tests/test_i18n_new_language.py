"""A new language is content and configuration only: German, added in a copy of the project."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

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


def test_german_needs_no_code_change(tmp_path: Path) -> None:
    copy = tmp_path / "project"
    for part in _COPIED:
        shutil.copytree(
            ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__", "build")
        )
    (copy / "content").mkdir()
    shutil.copytree(ROOT / "content" / "nile", copy / "content" / "nile")
    shutil.copy(ROOT / "content" / "languages.yaml", copy / "content" / "languages.yaml")
    locales = copy / "locales"
    for path in (ROOT / "locales").rglob("*"):
        if path.is_file() and path.stem in ("nile", "ui"):
            target = locales / path.relative_to(ROOT / "locales")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
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
