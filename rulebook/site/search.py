"""The site's search worker: Material's own, with the site's word folding around it.

After MkDocs has built a language, :func:`write_search_worker` writes
``assets/javascripts/workers/rulebook-search.js`` beside Material's worker: the folding
rules (site/assets/search/normalise.js) and the wrapper (site/assets/search/worker.js),
with the name of Material's worker and the build's language in front. The pages start it
instead of Material's (site/overrides/main.html); worker.js says why the folding happens in
the worker rather than in the index file.

:func:`rank_sections` weighs the index's sections by the page they are on, so that a
glossary term and a rules section come before the same word on the setup, variants or
scoring pages, which repeat the rules' words in their options.
"""

from __future__ import annotations

import json
from pathlib import Path

import rjsmin

from rulebook import paths

#: The sources of the worker, in the order they are joined.
SOURCES = (
    paths.SITE / "assets" / "search" / "normalise.js",
    paths.SITE / "assets" / "search" / "worker.js",
)
#: Where Material keeps its search worker, and where ours goes (relative to a language's root).
WORKERS = "assets/javascripts/workers"
WORKER = f"{WORKERS}/rulebook-search.js"
#: Material's worker: search.<hash>.min.js.
_MATERIAL_PATTERN = "search.*.min.js"


#: The weight of a section by its page's slug (rulebook.site.pages); other sections weigh 1.
#: A glossary entry is titled by its term alone, a rules section by what it answers.
SECTION_BOOST: dict[str, float] = {"glossary": 3.0, "rules": 2.0}


class SearchError(RuntimeError):
    """The built site has no single Material search worker to wrap."""


def material_worker(root: Path) -> str:
    """The file name of Material's search worker in one language's built site."""
    found = sorted(path.name for path in (root / WORKERS).glob(_MATERIAL_PATTERN))
    if len(found) != 1:
        raise SearchError(
            f"{root / WORKERS}: expected one Material search worker ({_MATERIAL_PATTERN}), "
            f"found {len(found)}: {', '.join(found) or 'none'}"
        )
    return found[0]


def worker_text(material: str, language: str, sources: tuple[Path, ...] = SOURCES) -> str:
    """The worker's text: the constants, then the sources, minified."""
    head = f"const MATERIAL = {json.dumps(material)};\nconst LANGUAGE = {json.dumps(language)};\n"
    body = "\n".join(source.read_text(encoding="utf-8") for source in sources)
    minified: str = rjsmin.jsmin(body)
    return f"{head}{minified}\n"


def write_search_worker(root: Path, language: str) -> Path:
    """Write the site's search worker into one language's built site; return its path."""
    target = root / WORKER
    target.write_text(worker_text(material_worker(root), language), encoding="utf-8")
    return target


def _page_slug(location: str) -> str | None:
    """The slug of a section's page (``nile/glossary/#harvest`` -> ``glossary``); None for a
    whole page (the part before any heading), which keeps its weight."""
    path, anchor, _ = location.partition("#")
    if not anchor:
        return None
    parts = [part for part in path.split("/") if part]
    return parts[-1] if parts else None


def rank_sections(index: Path) -> None:
    """Give each section of the search index its page's weight (SECTION_BOOST), as
    Material's ``boost`` of an entry; entries of other pages are left as they are."""
    if not index.is_file():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    for doc in data.get("docs", []):
        boost = SECTION_BOOST.get(_page_slug(str(doc.get("location", ""))) or "")
        if boost is not None:
            doc["boost"] = boost
    index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
