"""How many lines of each catalog a one-sentence source edit changes (issue 32's bound: 24).

Each edit lengthens one sentence of the checkout's content by a line, in a copy of its game
and catalogs, runs ``rulebook i18n update`` there and counts the lines added and removed in
each catalog of that game::

    .venv/bin/python benchmarks/bench_catalog_churn.py

``nile-rules`` edits a paragraph of Nile's rules; ``template-help`` edits the help of River
of Gold's influence fields, a ``for_each`` template with six copies (one message for all of
them since issue 32's item 7; six messages, 44 lines of each translated catalog, before).
"""

from __future__ import annotations

import contextlib
import difflib
import io
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.cli import main  # noqa: E402

#: The bound of issue 32's "done when", in lines of one catalog.
BOUND = 24

#: name -> (game, content file, a sentence, the same sentence a line longer).
EDITS: dict[str, tuple[str, str, str, str]] = {
    "nile-rules": (
        "nile",
        "rules.yaml",
        "Seul ce stock compte à la fin de la\n      partie.",
        "Seul ce stock compte à la fin de la\n      partie, quelle que soit la quantité de "
        "cartes qui restent encore dans vos champs à ce moment-là.",
    ),
    "template-help": (
        "river_of_gold",
        "scoring.yaml",
        "entrez alors 0 pour cette région.",
        "entrez alors 0 pour cette région, même si votre marqueur y était encore au dernier "
        "tour de la partie.",
    ),
}


def _copy(game: str, into: Path) -> None:
    """The game's content and every catalog of its domain and of the interface."""
    shutil.copytree(ROOT / "content" / game, into / "content" / game)
    shutil.copyfile(ROOT / "content" / "languages.yaml", into / "content" / "languages.yaml")
    for catalog in (ROOT / "locales").glob("**/*.po*"):
        if catalog.name.split(".")[0] in {"ui", game}:
            target = into / catalog.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(catalog, target)


def churn(name: str) -> dict[str, int]:
    """Lines added and removed per catalog of the edited game, by path under ``locales/``."""
    game, file, old, new = EDITS[name]
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        _copy(game, root)
        catalogs = sorted((root / "locales").glob(f"**/{game}.po*"))
        before = {path: path.read_text(encoding="utf-8").splitlines() for path in catalogs}
        source = root / "content" / game / file
        text = source.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise SystemExit(f"{name}: the sentence is no longer in {file} once: update EDITS")
        source.write_text(text.replace(old, new), encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()):
            main(["--project", str(root), "i18n", "update", "--game", game])
        found = {}
        for path in catalogs:
            after = path.read_text(encoding="utf-8").splitlines()
            diff = difflib.unified_diff(before[path], after, lineterm="", n=0)
            lines = [d for d in diff if d[:1] in "+-" and d[:3] not in ("+++", "---")]
            found[str(path.relative_to(root / "locales"))] = len(lines)
        return found


def run() -> int:
    """Print each edit's lines per catalog; 1 when one goes over the bound."""
    over = False
    for name in EDITS:
        counts = churn(name)
        worst = max(counts.values())
        over |= worst > BOUND
        print(f"{name}: at most {worst} lines of a catalog (bound {BOUND})")
        for path, lines in sorted(counts.items(), key=lambda item: -item[1]):
            print(f"  {lines:4d}  {path}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(run())
