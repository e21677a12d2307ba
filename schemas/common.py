"""Building blocks shared by every content model: identifiers, languages, provenance."""

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from schemas.languages import codes
from schemas.languages import published as published_codes

#: The published languages' codes (schemas.languages.codes), read when first imported.
LANGUAGES: tuple[str, ...]


def __getattr__(name: str) -> Any:
    # Like schemas.languages: the project's list, read once the command has named it.
    if name == "LANGUAGES":
        return codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _published(code: str) -> str:
    published = codes()
    if code not in published:
        raise ValueError(
            f"{code!r} is not a published language; content/languages.yaml lists "
            + ", ".join(published)
        )
    return code


#: A published language's code (content/languages.yaml lists them).
Language = Annotated[
    str, StringConstraints(pattern=r"^[a-z]{2,3}(?:_[A-Z]{2})?$"), AfterValidator(_published)
]

#: A stable identifier: lower-case ASCII, digits and underscores, starting with a letter.
#: Identifiers name inputs in end-state files, gettext contexts and page anchors, so they
#: must never change meaning once published.
Identifier = Annotated[
    str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", min_length=1, max_length=64)
]

#: Source-language text: written once, in the language the rules came in, and translated
#: through the gettext catalogs under locales/.
Text = Annotated[str, StringConstraints(min_length=1, max_length=20_000)]


def empty_list() -> list[Any]:
    """A new empty list: the default of every list field of the models.

    ``default_factory=list`` gives the same, but pydantic asks each factory whether it
    takes the validated data (inspect.signature), and Python answers for ``list`` by
    parsing its text signature with tokenize: about 7 ms of CPU over the models' list
    fields when their validators are made, at every first ``rulebook score`` after a
    change. A Python function's signature is read as it is.
    """
    return []


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

    Each model builds its validator when it first validates (``defer_build``), not when its
    module is imported: a command that reads four of a game's files never builds the
    validators of the others (``rulebook score``'s first call after a change).

    The model modules do without ``from __future__ import annotations``: pydantic would
    compile and evaluate each field's annotation from its text when the class is made,
    where the interpreter evaluates written ones as the module runs (the expressions'
    classes are made a sixth faster). Only forward references stay quoted: the
    expressions, and a validator's return of its own class.
    """

    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, strict=True, defer_build=True
    )


class LocalizedName(Strict):
    """A proper name given explicitly in each published language (game titles, editions).

    ``en`` is a field of its own: it is the name score-keeping apps and messages use. The
    other languages are keys named by their codes: every published language must be there,
    a language in progress may be (content/languages.yaml lists them). Adding a language in
    progress thus needs no edit of any game, nor of the games the tests make up.
    """

    model_config = ConfigDict(
        extra="allow", frozen=True, populate_by_name=True, strict=True, defer_build=True
    )

    #: The names in the other languages, each checked as a Text (length, type) at its own
    #: field path (``names.fr``).
    __pydantic_extra__: dict[str, Text] = Field(init=False)

    en: Text

    @model_validator(mode="before")
    @classmethod
    def _every_language(cls, data: Any) -> Any:
        if isinstance(data, dict):
            missing = [code for code in published_codes() if code not in data]
            if missing:
                raise ValueError(
                    f"a name is needed in every published language; missing: {missing}"
                )
            listed = codes()
            unknown = sorted(str(k) for k in data if k not in listed)
            if unknown:
                raise ValueError(
                    f"names in languages that are not listed: {unknown} "
                    "(content/languages.yaml lists the languages)"
                )
            for code, value in data.items():
                if not isinstance(value, str) or not value.strip():
                    raise ValueError(f"the name in {code!r} must be a non-empty text")
        return data

    def get(self, language: str, fallback: str = "en") -> str:
        """Return the name in ``language``; without one (a language in progress), the name
        in ``fallback`` (the game's source language), else the English one."""
        extra = {**(self.model_extra or {}), "en": self.en}
        return str(extra.get(language) or extra.get(fallback) or self.en)


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
