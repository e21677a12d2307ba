"""Glossary terms: each game's vocabulary in its own language.

The source side only: the term, its definition and the other forms the game's texts give
it, in its own language and in any other its sections are written in (``forms_in``). Each
language's rendering of a term and its forms are translations, kept where translators
work: ``locales/<lang>/LC_MESSAGES/<game>.glossary.po`` (rulebook.i18n.glossary).
"""

from typing import Any

from pydantic import Field, field_validator, model_validator

from schemas.common import Identifier, Language, Strict, Text, empty_list, require_unique
from schemas.templates import Templated


class Term(Strict):
    """A game term in the source language with a one-line definition."""

    id: Identifier
    term: Text
    definition: Text
    #: A concept shared across games ("coin", "round", "tiebreak"), kept consistent.
    concept: Identifier | None = None
    #: Other forms the game's texts give the term in its own language (plural, with an
    #: article...), for the glossary check. Other languages list theirs in their catalogs.
    forms: list[Text] = Field(default_factory=empty_list)
    #: The words the game's sections written in another language (``source_language:
    #: uk``) say the term by, per language: source text, so the content says it, and the
    #: extraction marks those sections from it. The words translators choose for the term
    #: stay in their catalogs.
    forms_in: dict[Language, list[Text]] = Field(default_factory=dict)
    #: The term is a proper name that stays as it is in every language.
    keep: bool = False

    @field_validator("forms", mode="before")
    @classmethod
    def _forms_of_one_language(cls, value: Any) -> Any:
        """Forms per language moved to the catalogs: say where, not just "not a list"."""
        if isinstance(value, dict):
            raise ValueError(
                "list the forms of the game's own language only, as a list; each other "
                "language's forms are translations, in the `glossary.<id>.forms` message "
                "of locales/<lang>/LC_MESSAGES/<game>.glossary.po (the words of sections "
                "written in another language go in `forms_in`)"
            )
        return value


class Glossary(Templated):
    terms: list[Term] = Field(default_factory=empty_list)

    @model_validator(mode="after")
    def _unique_ids(self) -> "Glossary":
        require_unique((t.id for t in self.terms), "term")
        return self
