"""How many messages use a glossary term their template does not mark (issue 32, item 3)::

    .venv/bin/python benchmarks/bench_term_marks.py

A message **uses** a term when its source says one of the glossary's words for the term in
the source's own language, not inside a longer term nor an idiom of the language
(``idioms`` in content/languages.yaml), or links it (rulebook.i18n.terms.used):
in the game's language, the term and its ``forms`` from ``glossary.yaml``; in another
language (Tokaido's sections written in Ukrainian), every word of that language's glossary
catalog (``locales/<lang>/LC_MESSAGES/<game>.glossary.po``: the term's word and its forms),
which is what a reader of that language knows the term by. A message **leaves a term
unmarked** when its entry in ``locales/<game>.pot`` has no ``#. Glossary:`` comment naming
it. The reading is the same whatever the extraction does, so the figure before and after a
change of the marks is comparable.

Measured: the extraction's marks took it from 2,480 of 2,885 to 85 (all 85 Tokaido
messages written in Ukrainian, marked only where linked); the Ukrainian words their author
uses declared in Tokaido's glossary (``forms_in``) took it to 0. (French declares « tour
complet » an idiom at the same time: read without idioms, one Momiji message that says it
counts, its "tour" rightly unmarked.)
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.i18n import glossary  # noqa: E402
from rulebook.i18n.catalogs import glossary_domain, load_entries, pot_path  # noqa: E402
from rulebook.i18n.glossarychecks import renderings  # noqa: E402
from rulebook.i18n.messages import extract  # noqa: E402
from rulebook.i18n.pofiles import read_catalog  # noqa: E402
from rulebook.i18n.terms import source_rule, used  # noqa: E402
from schemas.common import LANGUAGES  # noqa: E402
from schemas.loader import game_folders, load_game  # noqa: E402

#: A term's id in a mark line: "culture (crop), stock (storage)".
_MARKED_ID = re.compile(r"\((\w+)\)(?=,|$)")


def _mark_lines(comments: list[str]) -> list[str]:
    """The glossary mark's lines among a message's comments: the first opens with
    :data:`rulebook.i18n.glossary.MARK` and names a term (a definition's own comment opens
    with the same word), and each after a line that ends with a comma goes on."""
    lines: list[str] = []
    for comment in comments:
        opens = comment.startswith(glossary.MARK) and _MARKED_ID.search(comment)
        if opens or (lines and lines[-1].endswith(",")):
            lines.append(comment)
    return lines


def marked(template: Path) -> dict[str, set[str]]:
    """The term ids each message of ``template`` names in its glossary comments."""
    found: dict[str, set[str]] = {}
    for message in read_catalog(template):
        if not message.id:
            continue
        found[str(message.context)] = {
            i for line in _mark_lines(message.auto_comments) for i in _MARKED_ID.findall(line)
        }
    return found


def measure(root: Path = ROOT) -> dict[str, tuple[int, int, Counter[str]]]:
    """Game -> (messages that use a term, those leaving one unmarked, the latter by the
    language their source is written in)."""
    locales = root / "locales"
    result = {}
    for folder in game_folders(root / "content"):
        content = load_game(folder)
        domain = glossary_domain(content)
        found = {language: load_entries(domain.name, language, locales) for language in LANGUAGES}
        terms = renderings(domain, found)
        marks = marked(pot_path(locales, folder.name))
        using = 0
        unmarked: Counter[str] = Counter()
        for message in extract(content, folder, described=False):
            said = used(
                message.texts, terms.matcher(message.language, source_rule(message.language))
            )
            using += bool(said)
            if set(said) - marks.get(message.context, set()):
                unmarked[message.language] += 1
        result[folder.name] = (using, sum(unmarked.values()), unmarked)
    return result


def run() -> int:
    """Print the figures, one game a line, then the total."""
    figures = measure()
    for game, (using, unmarked, languages) in figures.items():
        by_language = ", ".join(f"{n} in {lang}" for lang, n in sorted(languages.items()))
        print(
            f"{game}: {unmarked} of {using} messages that use a term leave one unmarked"
            + (f" ({by_language})" if by_language else "")
        )
    using = sum(f[0] for f in figures.values())
    unmarked = sum(f[1] for f in figures.values())
    print(f"all games: {unmarked:,} of {using:,}")
    return 0


if __name__ == "__main__":
    sys.exit(run())
