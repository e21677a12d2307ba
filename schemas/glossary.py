"""Glossary terms: each game's vocabulary, translated through the catalogs."""

from __future__ import annotations

from pydantic import Field, model_validator

from schemas.common import Identifier, Language, Strict, Text, require_unique


class Term(Strict):
    """A game term in the source language with a one-line definition."""

    id: Identifier
    term: Text
    definition: Text
    #: A concept shared across games ("coin", "round", "tiebreak"), kept consistent.
    concept: Identifier | None = None
    #: Inflected forms a translation may use for this term, per language, for the checks.
    forms: dict[Language, list[Text]] = Field(default_factory=dict)
    #: The term is a proper name that stays as it is in every language.
    keep: bool = False


class Glossary(Strict):
    terms: list[Term] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_ids(self) -> Glossary:
        require_unique((t.id for t in self.terms), "term")
        return self
