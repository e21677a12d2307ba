"""The calculator's own files, as the site ships them: JavaScript without comments.

The sources in site/assets/calculator/ keep their JSDoc and comments for readers; the
site ships them through rjsmin, which only drops comments and white space. The parity
tests run the JavaScript in both forms, so minifying can never change a result.
"""

from __future__ import annotations

from pathlib import Path

import rjsmin

from rulebook import paths

#: Where the calculator's sources live.
SOURCES = paths.SITE / "assets" / "calculator"


def shipped_text(source: Path) -> str:
    """The text the site serves for ``source``: minified JavaScript, CSS as it is."""
    text = source.read_text(encoding="utf-8")
    return rjsmin.jsmin(text) if source.suffix == ".js" else text


def write_assets(target: Path, sources: Path = SOURCES) -> list[Path]:
    """Write every .js and .css of ``sources`` to ``target`` as shipped; return the files."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sorted(sources.glob("*")):
        if source.suffix in {".js", ".css"}:
            out = target / source.name
            out.write_text(shipped_text(source), encoding="utf-8")
            written.append(out)
    return written
