"""How far each domain is translated into each language.

Counts are taken against the current content, not against the PO file alone: a message
whose source changed since the catalog was updated counts as fuzzy, and a message written
in the reader's language counts as done (``source``). Translated messages with a reviewer's
current mark are counted too (``reviewed``, a part of ``translated``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rulebook import tables
from rulebook.i18n.catalogs import Domain, load_entries, po_path, state
from rulebook.i18n.review import is_reviewed


@dataclass(frozen=True)
class Status:
    """The state of one domain in one language."""

    domain: str
    language: str
    catalog: str
    total: int
    source: int
    translated: int
    fuzzy: int
    missing: int
    #: The contexts of the fuzzy messages (their source changed since they were translated).
    outdated: tuple[str, ...] = ()
    #: Translated messages carrying a reviewer's mark of their current text
    #: (rulebook.i18n.review).
    reviewed: int = 0

    @property
    def done(self) -> int:
        """Messages a reader gets in their language: written in it, or translated."""
        return self.source + self.translated

    @property
    def percent(self) -> float:
        """Share of done messages, 100 for an empty domain."""
        return 100.0 if self.total == 0 else round(100.0 * self.done / self.total, 1)

    def to_json(self) -> dict[str, Any]:
        """The counts as plain data, with ``done`` and ``percent``."""
        return {**asdict(self), "done": self.done, "percent": self.percent}


def domain_status(domain: Domain, language: str, locales: Path) -> Status:
    """Count the messages of ``domain`` by state for a reader of ``language``.

    The catalog is read only when some message is written in another language: a message
    in ``language`` counts as ``source`` whatever its entry says.
    """
    found = load_entries(domain.name, language, locales) if domain.to_translate(language) else {}
    counts = {"source": 0, "translated": 0, "fuzzy": 0, "missing": 0}
    outdated: list[str] = []
    reviewed = 0
    for message in domain.messages:
        entry = found.get(message.context)
        got = state(message, entry, language)
        counts[got] += 1
        if got == "fuzzy":
            outdated.append(message.context)
        elif got == "translated" and entry is not None and is_reviewed(entry):
            reviewed += 1
    return Status(
        domain=domain.name,
        language=language,
        catalog=str(po_path(locales, language, domain.name)),
        total=len(domain.messages),
        outdated=tuple(outdated),
        reviewed=reviewed,
        **counts,
    )


def combined(parts: Sequence[Status], domain: str) -> Status:
    """One status for several domains read as one (a game and its glossary), under
    ``domain`` and the first part's catalog."""
    return Status(
        domain=domain,
        language=parts[0].language,
        catalog=parts[0].catalog,
        total=sum(p.total for p in parts),
        source=sum(p.source for p in parts),
        translated=sum(p.translated for p in parts),
        fuzzy=sum(p.fuzzy for p in parts),
        missing=sum(p.missing for p in parts),
        outdated=tuple(c for p in parts for c in p.outdated),
        reviewed=sum(p.reviewed for p in parts),
    )


def status(domains: Iterable[Domain], languages: Sequence[str], locales: Path) -> list[Status]:
    """The status of every domain in every language, domain by domain."""
    return [domain_status(d, language, locales) for d in domains for language in languages]


def render(rows: Sequence[Status]) -> str:
    """A terminal table of statuses."""
    header = [
        "domain",
        "lang",
        "total",
        "source",
        "translated",
        "reviewed",
        "fuzzy",
        "missing",
        "done",
    ]
    body = [
        [
            r.domain,
            r.language,
            str(r.total),
            str(r.source),
            str(r.translated),
            str(r.reviewed),
            str(r.fuzzy),
            str(r.missing),
            f"{r.percent:.1f}%",
        ]
        for r in rows
    ]
    return tables.render(header, body)
