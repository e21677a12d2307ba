"""How many messages each game's catalogs hold, and how many differ from another only by
numbers (issue 32, item 7: a ``for_each`` template's copies are translated once)::

    .venv/bin/python benchmarks/bench_template_messages.py

For each game: the messages its extraction gives (what ``rulebook i18n update`` writes in
every catalog of the game) and the entries of its template (``locales/<game>.pot``) as
they are now; then, per content file, the **look-alikes**: messages whose text, every run
of digits replaced by one mark, is another message's of the same file while the two texts
are not the same ("Artisan de la région 1" and "... 2"). A template's copies that are one
message count once, so turning written-out copies into a template lowers the count; the
look-alikes that stay are texts that are not copies of one item (a table's cells, a deal's
slots, cards that differ by a word as well).

Measured when templates came to the components, setup, rules and glossary files (messages;
look-alikes): Momiji 385 -> 338 (47 -> 13), River of Gold 894 -> 841 (120 -> 55), Tokaido
897 -> 896 (29 -> 27), Nile 350 (2) and Viticulture 905 (84) unchanged: what stays is
table cells, deal slots, and items whose words, ``when`` or dealing order differ
(CONTRIBUTING, "Write it once").
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.i18n.catalogs import pot_path  # noqa: E402
from rulebook.i18n.messages import SourceMessage, extract  # noqa: E402
from rulebook.i18n.pofiles import read_catalog  # noqa: E402
from schemas.loader import game_folders, load_game  # noqa: E402

#: A run of digits: what a look-alike may differ by.
_NUMBER = re.compile(r"\d+")


def look_alikes(messages: list[SourceMessage]) -> Counter[str]:
    """Per content file, the messages that differ from another of the file only by numbers."""
    groups: dict[tuple[str, str, str | None], set[str]] = defaultdict(set)
    members: Counter[tuple[str, str, str | None]] = Counter()
    for message in messages:
        plural = _NUMBER.sub("#", message.plural) if message.plural is not None else None
        key = (message.file, _NUMBER.sub("#", message.text), plural)
        groups[key].add(message.text)
        members[key] += 1
    found: Counter[str] = Counter()
    for key, texts in groups.items():
        if len(texts) > 1:
            found[Path(key[0]).name] += members[key]
    return found


def measure(root: Path = ROOT) -> dict[str, tuple[int, int, Counter[str]]]:
    """Game -> (messages extracted, entries of its catalog template, look-alikes per file)."""
    result = {}
    for folder in game_folders(root / "content"):
        messages = extract(load_game(folder), folder, described=False)
        template = pot_path(root / "locales", folder.name)
        entries = sum(1 for m in read_catalog(template) if m.id) if template.exists() else 0
        result[folder.name] = (len(messages), entries, look_alikes(messages))
    return result


def run() -> int:
    """Print the figures, one game a line."""
    for game, (extracted, entries, alike) in measure().items():
        outside = sum(n for file, n in alike.items() if file != "scoring.yaml")
        files = ", ".join(f"{file} {n}" for file, n in sorted(alike.items())) or "none"
        print(
            f"{game}: {extracted} messages ({entries} in locales/{game}.pot); "
            f"{sum(alike.values())} differ from another only by numbers, {outside} outside "
            f"scoring.yaml ({files})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(run())
