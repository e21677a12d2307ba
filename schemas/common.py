"""Building blocks shared by every content model: identifiers, languages, provenance."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

#: The languages the project publishes. The first is the default for the site's root.
LANGUAGES: tuple[str, ...] = ("fr", "uk", "en")

Language = Literal["fr", "uk", "en"]

#: A stable identifier: lower-case ASCII, digits and underscores, starting with a letter.
#: Identifiers name inputs in end-state files, gettext contexts and page anchors, so they
#: must never change meaning once published.
Identifier = Annotated[
    str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", min_length=1, max_length=64)
]

#: Source-language text: written once, in the language the rules came in, and translated
#: through the gettext catalogs under locales/.
Text = Annotated[str, StringConstraints(min_length=1, max_length=20_000)]


def require_unique(ids: Iterable[str], what: str) -> None:
    """Raise ValueError naming the ids that appear more than once (the first ten of them)."""
    seen: set[str] = set()
    repeated: set[str] = set()
    for ident in ids:
        (repeated if ident in seen else seen).add(ident)
    if repeated:
        shown = sorted(repeated)
        more = f" and {len(shown) - 10} more" if len(shown) > 10 else ""
        raise ValueError(f"{what} ids appear twice: {shown[:10]}{more}")


class Strict(BaseModel):
    """Base for content models: unknown keys are errors, so a typo never passes silently.

    Values are never coerced (``strict``): ``count: '14'`` or ``count: true`` is an error,
    not 14 or 1, because a value of the wrong type is almost always a slip of the writer.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, strict=True)


class LocalizedName(Strict):
    """A proper name given explicitly in each published language (game titles, editions)."""

    fr: Text
    uk: Text
    en: Text

    def get(self, language: str) -> str:
        """Return the name in ``language``, or the English one for an unknown language."""
        return str(getattr(self, language, self.en))


SourceKind = Literal["official", "seed", "bga", "implementation", "review", "faq"]


class Source(Strict):
    """A document the content was checked against."""

    id: Identifier
    kind: SourceKind
    title: Text
    url: str | None = None
    note: Text | None = None


Confidence = Literal["confirmed", "single_source", "inferred", "unconfirmed"]


class Provenance(Strict):
    """Where a piece of content comes from and, for a contested rule, which reading it follows.

    ``sources`` name ids from the game's source list. ``decision`` is shown on the page as a
    short note whenever the sources disagree or are silent.
    """

    sources: list[Identifier] = Field(min_length=1)
    confidence: Confidence = "confirmed"
    decision: Text | None = None
